/* yaml.c: typed reads over libfyaml whose errors name file, line and reason. */
#include "yaml.h"

#include "yaml_budget.h"
#include "yaml_diag.h"
#include "yaml_input.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- parsing: every text checked first, errors collected by yaml_diag.c ---- */

static void yaml_parse_cfg(struct fy_parse_cfg *cfg, struct fy_diag *diag)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->flags = FYPCF_QUIET | FYPCF_RESOLVE_DOCUMENT | FYPCF_JSON_NONE;
    cfg->diag = diag;
}

static carta_status yaml_parse_error(carta_error *err, const char *name,
                                     const carta_yaml_diag *cap)
{
    if (cap->got)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s:%d:%d: error: %s", name, cap->line,
                               cap->col, cap->msg);
    return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: not a valid YAML document", name);
}

/* The checks every text passes before libfyaml parses it (docs/inputs.md). */
static carta_status yaml_guard(const char *text, size_t len, const char *name, carta_error *err)
{
    if (carta_yaml_check_text(text, len, name, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    return carta_yaml_check_budget(text, len, name, err);
}

/* Whether the len bytes of text are all blanks (reads nothing past len). */
static bool yaml_blank(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (text[i] != ' ' && text[i] != '\t' && text[i] != '\r' && text[i] != '\n')
            return false;
    return true;
}

/* libfyaml reads text as len bytes (a memory input: no NUL needed, nothing past len read) and
 * does not copy it: the caller keeps text alive until the document is destroyed. */
struct fy_document *carta_yaml_load_string(const char *text, size_t len, const char *name,
                                           carta_error *err)
{
    if (yaml_guard(text, len, name, err) != CARTA_OK)
        return NULL;
    carta_yaml_diag cap;
    if (!carta_yaml_diag_open(&cap)) {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", name);
        return NULL;
    }
    struct fy_parse_cfg cfg;
    yaml_parse_cfg(&cfg, cap.diag);
    struct fy_document *doc = fy_document_build_from_string(&cfg, text, len);
    if (doc && (carta_yaml_diag_poll(&cap) || fy_document_root(doc) == NULL)) {
        fy_document_destroy(doc);
        doc = NULL;
        if (!cap.got) {
            carta_yaml_diag_close(&cap);
            carta_error_set(err, CARTA_ERR_INPUT, "%s:1: error: the file is empty", name);
            return NULL;
        }
    }
    if (!doc) {
        carta_yaml_diag_poll(&cap);
        if (yaml_blank(text, len))
            carta_error_set(err, CARTA_ERR_INPUT, "%s:1: error: the file is empty", name);
        else
            yaml_parse_error(err, name, &cap);
    }
    carta_yaml_diag_close(&cap);
    return doc;
}

struct fy_document *carta_yaml_load(const char *path, carta_error *err)
{
    size_t len = 0;
    char *text = carta_yaml_read_file(path, &len, err);
    if (!text)
        return NULL;
    if (yaml_guard(text, len, path, err) != CARTA_OK) {
        free(text);
        return NULL;
    }
    /* The document takes ownership of text (it must outlive the document's scalars). */
    carta_yaml_diag cap;
    if (!carta_yaml_diag_open(&cap)) {
        free(text);
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
        return NULL;
    }
    bool blank = yaml_blank(text, len);
    struct fy_parse_cfg cfg;
    yaml_parse_cfg(&cfg, cap.diag);
    struct fy_document *doc = fy_document_build_from_malloc_string(&cfg, text, len);
    /* On failure the library has already freed text with its parser input. */
    if (doc && (carta_yaml_diag_poll(&cap) || fy_document_root(doc) == NULL)) {
        fy_document_destroy(doc);
        doc = NULL;
    }
    if (!doc) {
        carta_yaml_diag_poll(&cap);
        if (blank)
            carta_error_set(err, CARTA_ERR_INPUT, "%s:1: error: the file is empty", path);
        else
            yaml_parse_error(err, path, &cap);
    }
    carta_yaml_diag_close(&cap);
    return doc;
}

/* ---- streams ---- */

struct carta_yaml_stream {
    char path[1024];
    char *text;
    size_t len;
    struct fy_parser *parser;
    carta_yaml_diag cap;
    int done;
};

carta_yaml_stream *carta_yaml_stream_open(const char *path, carta_error *err)
{
    carta_yaml_stream *s = calloc(1, sizeof *s);
    if (!s) {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
        return NULL;
    }
    snprintf(s->path, sizeof s->path, "%s", path);
    size_t len = 0;
    s->text = carta_yaml_read_file(path, &len, err);
    s->len = len;
    if (!s->text || yaml_guard(s->text, len, path, err) != CARTA_OK) {
        free(s->text);
        free(s);
        return NULL;
    }
    struct fy_parse_cfg cfg;
    yaml_parse_cfg(&cfg, carta_yaml_diag_open(&s->cap) ? s->cap.diag : NULL);
    s->parser = cfg.diag ? fy_parser_create(&cfg) : NULL;
    if (!s->parser || fy_parser_set_string(s->parser, s->text, len) != 0) {
        carta_yaml_stream_close(s);
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: cannot start the YAML parser", path);
        return NULL;
    }
    return s;
}

struct fy_document *carta_yaml_stream_next(carta_yaml_stream *s, carta_error *err)
{
    if (!s || s->done)
        return NULL;
    struct fy_document *doc = fy_parse_load_document(s->parser);
    if (carta_yaml_diag_poll(&s->cap)) {
        if (doc)
            fy_parse_document_destroy(s->parser, doc);
        s->done = 1;
        yaml_parse_error(err, s->path, &s->cap);
        return NULL;
    }
    if (!doc)
        s->done = 1;
    return doc;
}

const char *carta_yaml_stream_text(const carta_yaml_stream *s, size_t *len)
{
    *len = s && s->text ? s->len : 0;
    return s ? s->text : NULL;
}

void carta_yaml_stream_close(carta_yaml_stream *s)
{
    if (!s)
        return;
    if (s->parser)
        fy_parser_destroy(s->parser);
    carta_yaml_diag_close(&s->cap);
    free(s->text);
    free(s);
}

/* ---- nodes ---- */

/* The line of the key whose value is node, in node's parent mapping; 0 if none. */
/* Line finding recurses up and down the tree (a collection has no mark of its own; a null
 * scalar has no token); depth bounds it, so a shape that leads back to itself (an empty sequence
 * item, a null key) ends with 0 instead of exhausting the stack. */
enum { YAML_LINE_DEPTH = 64 };

static int yaml_line_at(struct fy_node *node, int depth);

/* The line of the key that node is the value of, else of node's parent collection. */
static int yaml_key_line(struct fy_node *node, int depth)
{
    struct fy_node *parent = fy_node_get_parent(node);
    if (!parent || depth > YAML_LINE_DEPTH)
        return 0;
    if (fy_node_is_mapping(parent)) {
        void *it = NULL;
        struct fy_node_pair *pair;
        while ((pair = fy_node_mapping_iterate(parent, &it)))
            if (fy_node_pair_value(pair) == node)
                return yaml_line_at(fy_node_pair_key(pair), depth + 1);
    }
    return yaml_key_line(parent, depth + 1);
}

static int yaml_line_at(struct fy_node *node, int depth)
{
    if (!node || depth > YAML_LINE_DEPTH)
        return 0;
    if (fy_node_is_scalar(node)) {
        struct fy_token *tok = fy_node_get_scalar_token(node);
        const struct fy_mark *mark = tok ? fy_token_start_mark(tok) : NULL;
        if (mark)
            return mark->line + 1;
        return yaml_key_line(node, depth + 1);
    }
    /* A collection has no public start mark: use its first key or item, else its key. */
    void *it = NULL;
    if (fy_node_is_mapping(node)) {
        struct fy_node_pair *pair = fy_node_mapping_iterate(node, &it);
        if (pair)
            return yaml_line_at(fy_node_pair_key(pair), depth + 1);
    } else if (fy_node_is_sequence(node)) {
        struct fy_node *item = fy_node_sequence_iterate(node, &it);
        if (item)
            return yaml_line_at(item, depth + 1);
    }
    return yaml_key_line(node, depth + 1);
}

int carta_yaml_line(struct fy_node *node) { return yaml_line_at(node, 0); }

struct fy_node *carta_yaml_get(struct fy_node *map, const char *key)
{
    if (!map || !fy_node_is_mapping(map))
        return NULL;
    return fy_node_mapping_lookup_by_string(map, key, FY_NT);
}

bool carta_yaml_scalar(struct fy_node *node, char *buf, size_t cap)
{
    if (!node || !fy_node_is_scalar(node) || cap == 0)
        return false;
    size_t len = 0;
    const char *s = fy_node_get_scalar(node, &len);
    if (!s)
        return false;
    if (len >= cap)
        len = cap - 1;
    memcpy(buf, s, len);
    buf[len] = '\0';
    return true;
}

carta_status carta_yaml_error(carta_error *err, const char *file, struct fy_node *node,
                              const char *fmt, ...)
{
    char text[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    int line = carta_yaml_line(node);
    if (line > 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s:%d: error: %s", file, line, text);
    return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: %s", file, text);
}

/* An absent key or an explicit null value ("power:" or "power: ~") counts as absent. */
static struct fy_node *yaml_value(struct fy_node *map, const char *key)
{
    struct fy_node *v = carta_yaml_get(map, key);
    if (!v || fy_node_is_null(v))
        return NULL;
    if (fy_node_is_scalar(v) && fy_node_get_style(v) == FYNS_PLAIN) {
        size_t len = 0;
        const char *s = fy_node_get_scalar(v, &len);
        if (s && len == 1 && s[0] == '~')
            return NULL;
    }
    return v;
}

static carta_status yaml_need_map(struct fy_node *map, const char *key, const char *file,
                                  carta_error *err)
{
    if (map && fy_node_is_mapping(map))
        return CARTA_OK;
    return carta_yaml_error(err, file, map, "expected a map holding '%s'", key);
}

carta_status carta_yaml_str(struct fy_node *map, const char *key, const char *def, char *buf,
                            size_t cap, const char *file, carta_error *err)
{
    if (yaml_need_map(map, key, file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *v = yaml_value(map, key);
    if (!v) {
        if (!def)
            return carta_yaml_error(err, file, map, "missing required key '%s'", key);
        snprintf(buf, cap, "%s", def);
        return CARTA_OK;
    }
    if (!fy_node_is_scalar(v))
        return carta_yaml_error(err, file, v, "'%s' must be a text, not a %s", key,
                                fy_node_is_mapping(v) ? "map" : "list");
    size_t len = 0;
    fy_node_get_scalar(v, &len);
    if (len >= cap)
        return carta_yaml_error(err, file, v, "'%s' is too long (at most %zu bytes)", key,
                                cap - 1);
    carta_yaml_scalar(v, buf, cap);
    return CARTA_OK;
}

/* Parses a whole scalar as a decimal integer. */
static bool yaml_parse_long(const char *s, long *out)
{
    if (!*s || isspace((unsigned char)*s))
        return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

carta_status carta_yaml_int(struct fy_node *map, const char *key, int def, bool required, int lo,
                            int hi, int *out, const char *file, carta_error *err)
{
    if (yaml_need_map(map, key, file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *v = yaml_value(map, key);
    if (!v) {
        if (required)
            return carta_yaml_error(err, file, map, "missing required key '%s'", key);
        *out = def;
        return CARTA_OK;
    }
    char text[64];
    long n = 0;
    if (!carta_yaml_scalar(v, text, sizeof text) || !yaml_parse_long(text, &n))
        return carta_yaml_error(err, file, v, "'%s' must be a whole number %d..%d", key, lo, hi);
    if (n < lo || n > hi)
        return carta_yaml_error(err, file, v, "'%s' must be %d..%d, not %ld", key, lo, hi, n);
    *out = (int)n;
    return CARTA_OK;
}

carta_status carta_yaml_bool(struct fy_node *map, const char *key, bool def, bool *out,
                             const char *file, carta_error *err)
{
    if (yaml_need_map(map, key, file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *v = yaml_value(map, key);
    if (!v) {
        *out = def;
        return CARTA_OK;
    }
    static const char *const yes[] = {"true", "yes", "on", NULL};
    static const char *const no[] = {"false", "no", "off", NULL};
    char text[16];
    if (carta_yaml_scalar(v, text, sizeof text)) {
        for (int i = 0; yes[i]; i++)
            if (strcasecmp(text, yes[i]) == 0) {
                *out = true;
                return CARTA_OK;
            }
        for (int i = 0; no[i]; i++)
            if (strcasecmp(text, no[i]) == 0) {
                *out = false;
                return CARTA_OK;
            }
    }
    return carta_yaml_error(err, file, v, "'%s' must be true or false", key);
}

carta_status carta_yaml_check_keys(struct fy_node *map, const char *const *allowed,
                                   const char *what, const char *file, carta_error *err)
{
    if (!map || !fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "%s must be a map", what);
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(map, &it))) {
        struct fy_node *k = fy_node_pair_key(pair);
        char key[128];
        if (!carta_yaml_scalar(k, key, sizeof key))
            return carta_yaml_error(err, file, k, "%s keys must be plain words", what);
        int ok = 0;
        for (int i = 0; allowed[i] && !ok; i++)
            ok = strcmp(key, allowed[i]) == 0;
        if (ok)
            continue;
        char list[256] = "";
        size_t n = 0;
        for (int i = 0; allowed[i] && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", allowed[i]);
        return carta_yaml_error(err, file, k, "unknown key '%s' in %s (expected one of: %s)",
                                key, what, list);
    }
    return CARTA_OK;
}
