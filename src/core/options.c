/* options.c: setup options checked against a rule system's list (options.h). */
#include "options.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const carta_option_def *option_def(const carta_game *g, const char *key)
{
    for (int i = 0; i < g->n_options; i++)
        if (!strcmp(g->options[i].key, key))
            return &g->options[i];
    return NULL;
}

static carta_status option_unknown(const carta_game *g, const char *key, carta_error *err)
{
    if (!g->n_options)
        return carta_error_set(err, CARTA_ERR_INPUT, "option '%s': %s takes no options", key,
                               g->id);
    char list[512] = "";
    size_t n = 0;
    for (int i = 0; i < g->n_options && n < sizeof list; i++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s (%d..%d, standard %d)",
                              i ? ", " : "", g->options[i].key, g->options[i].min,
                              g->options[i].max, g->options[i].standard);
    return carta_error_set(err, CARTA_ERR_INPUT, "option '%s': %s has no such option; its "
                           "options are %s", key, g->id, list);
}

static carta_status option_check(const carta_game *g, const carta_option *o, carta_error *err)
{
    const carta_option_def *d = option_def(g, o->key);
    if (!d)
        return option_unknown(g, o->key, err);
    if (o->value < d->min || o->value > d->max)
        return carta_error_set(err, CARTA_ERR_INPUT, "option %s=%d: must be %d..%d (%s)",
                               o->key, o->value, d->min, d->max, d->what);
    return CARTA_OK;
}

carta_status carta_options_check(const carta_game *g, const carta_config *c, carta_error *err)
{
    if (c->n_options < 0 || c->n_options > CARTA_OPTIONS_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT, "%d options: at most %d", c->n_options,
                               CARTA_OPTIONS_MAX);
    for (int i = 0; i < c->n_options; i++) {
        if (!memchr(c->options[i].key, '\0', sizeof c->options[i].key))
            return carta_error_set(err, CARTA_ERR_INPUT, "option %d: its key is too long", i + 1);
        if (option_check(g, &c->options[i], err))
            return CARTA_ERR_INPUT;
        for (int k = 0; k < i; k++)
            if (!strcmp(c->options[k].key, c->options[i].key))
                return carta_error_set(err, CARTA_ERR_INPUT, "option '%s' is set twice",
                                       c->options[i].key);
    }
    return CARTA_OK;
}

/* Parses one "key=value" item into o. */
static carta_status option_parse_item(const char *item, size_t len, carta_option *o,
                                      carta_error *err)
{
    const char *eq = memchr(item, '=', len);
    if (!eq || eq == item || (size_t)(eq - item) >= sizeof o->key)
        return carta_error_set(err, CARTA_ERR_INPUT, "option '%.*s': write it as key=value",
                               (int)len, item);
    memset(o, 0, sizeof *o);
    memcpy(o->key, item, (size_t)(eq - item));
    char value[32];
    size_t vlen = len - (size_t)(eq + 1 - item);
    if (!vlen || vlen >= sizeof value)
        return carta_error_set(err, CARTA_ERR_INPUT, "option '%.*s': the value must be a whole "
                               "number", (int)len, item);
    memcpy(value, eq + 1, vlen);
    value[vlen] = '\0';
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (errno || *end || v < -1000000 || v > 1000000)
        return carta_error_set(err, CARTA_ERR_INPUT, "option '%.*s': the value must be a whole "
                               "number", (int)len, item);
    o->value = (int)v;
    return CARTA_OK;
}

carta_status carta_options_parse(const carta_game *g, carta_config *c, const char *list,
                                 carta_error *err)
{
    carta_config next = *c;
    for (const char *p = list; *p;) {
        size_t len = strcspn(p, ",");
        carta_option o;
        if (option_parse_item(p, len, &o, err))
            return CARTA_ERR_INPUT;
        int at = 0;
        while (at < next.n_options && strcmp(next.options[at].key, o.key))
            at++;
        if (at == CARTA_OPTIONS_MAX)
            return carta_error_set(err, CARTA_ERR_INPUT, "more than %d options",
                                   CARTA_OPTIONS_MAX);
        next.options[at] = o;
        next.n_options += at == next.n_options;
        p += len + (p[len] == ',');
    }
    if (carta_options_check(g, &next, err))
        return CARTA_ERR_INPUT;
    *c = next;
    return CARTA_OK;
}

int carta_option_value(const carta_game *g, const carta_config *c, const char *key)
{
    for (int i = 0; i < c->n_options; i++)
        if (!strcmp(c->options[i].key, key))
            return c->options[i].value;
    const carta_option_def *d = option_def(g, key);
    return d ? d->standard : 0;
}

void carta_options_text(const carta_config *c, char *buf, size_t cap)
{
    size_t n = 0;
    if (cap)
        buf[0] = '\0';
    for (int i = 0; i < c->n_options && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s=%d", i ? "," : "", c->options[i].key,
                              c->options[i].value);
}
