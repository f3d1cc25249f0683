/* spec.c: parsing AI spec strings, "kind:key=value,key=value". */
#include "ai.h"

#include <ctype.h>
#include <string.h>

static int is_word_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '-' || c == '.';
}

/* Copies the n bytes at s into buf (cap bytes) as a string; 0 if it does not fit. */
static int copy_span(char *buf, size_t cap, const char *s, size_t n)
{
    if (n >= cap)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return 1;
}

static carta_status parse_kind(const char *spec, size_t n, carta_ai_spec *out, carta_error *err)
{
    if (n == 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "AI spec '%s': missing the AI kind", spec);
    for (size_t i = 0; i < n; i++)
        if (!is_word_char(spec[i]))
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "AI spec '%s': bad character '%c' in the AI kind", spec,
                                   spec[i]);
    if (!copy_span(out->kind, sizeof out->kind, spec, n))
        return carta_error_set(err, CARTA_ERR_INPUT, "AI spec '%s': AI kind too long", spec);
    for (char *p = out->kind; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return CARTA_OK;
}

/* Parses one "key=value" of n bytes at opt. */
static carta_status parse_option(const char *spec, const char *opt, size_t n, carta_ai_spec *out,
                                 carta_error *err)
{
    const char *eq = memchr(opt, '=', n);
    if (!eq || eq == opt || eq + 1 == opt + n)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "AI spec '%s': option '%.*s' is not key=value", spec, (int)n, opt);
    if (out->n_opts == CARTA_AI_MAX_OPTS)
        return carta_error_set(err, CARTA_ERR_INPUT, "AI spec '%s': more than %d options", spec,
                               CARTA_AI_MAX_OPTS);
    size_t klen = (size_t)(eq - opt);
    for (size_t i = 0; i < klen; i++)
        if (!is_word_char(opt[i]))
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "AI spec '%s': bad character '%c' in option name", spec,
                                   opt[i]);
    int k = out->n_opts;
    if (!copy_span(out->key[k], CARTA_AI_KEY_MAX, opt, klen) ||
        !copy_span(out->value[k], CARTA_AI_VALUE_MAX, eq + 1, n - klen - 1))
        return carta_error_set(err, CARTA_ERR_INPUT, "AI spec '%s': option '%.*s' too long",
                               spec, (int)n, opt);
    if (carta_ai_spec_get(out, out->key[k]))
        return carta_error_set(err, CARTA_ERR_INPUT, "AI spec '%s': option '%s' given twice",
                               spec, out->key[k]);
    out->n_opts++;
    return CARTA_OK;
}

carta_status carta_ai_spec_parse(const char *spec, carta_ai_spec *out, carta_error *err)
{
    memset(out, 0, sizeof *out);
    if (!spec)
        return carta_error_set(err, CARTA_ERR_INPUT, "missing AI spec");
    const char *colon = strchr(spec, ':');
    size_t kind_len = colon ? (size_t)(colon - spec) : strlen(spec);
    carta_status st = parse_kind(spec, kind_len, out, err);
    if (st != CARTA_OK || !colon)
        return st;
    const char *p = colon + 1;
    if (!*p)
        return carta_error_set(err, CARTA_ERR_INPUT, "AI spec '%s': no options after ':'", spec);
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        st = parse_option(spec, p, n, out, err);
        if (st != CARTA_OK) {
            memset(out, 0, sizeof *out);
            return st;
        }
        p += n;
        if (*p == ',' && !*++p)
            return carta_error_set(err, CARTA_ERR_INPUT, "AI spec '%s': trailing ','", spec);
    }
    return CARTA_OK;
}

const char *carta_ai_spec_get(const carta_ai_spec *spec, const char *key)
{
    for (int i = 0; i < spec->n_opts; i++)
        if (strcmp(spec->key[i], key) == 0)
            return spec->value[i];
    return NULL;
}
