/* yaml_budget.c: bounds on what a YAML text costs to build, checked on libfyaml's events. */
#include "yaml_budget.h"

#include <libfyaml.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yaml_anchors.h"
#include "yaml_diag.h"

/* ---- the pass over the events ---- */

enum { BUDGET_DEPTH = 128 }; /* libfyaml itself stops at 64 levels */

typedef struct budget_frame {
    int is_map;
    int merge_next;  /* the last key was "<<": its value's nodes count as keys */
    size_t children; /* child nodes completed (a map's keys and values alternate) */
    size_t nodes;    /* the node's size so far, itself included, aliases expanded */
    size_t keys;     /* a map's key count, weighted as CARTA_YAML_MAX_KEYS says */
    size_t anchor;   /* offset of the anchor name in the arena, or SIZE_MAX */
    size_t anchor_len;
} budget_frame;

typedef struct budget {
    const char *text; /* the text parsed, len bytes */
    size_t len;
    const char *name;
    carta_error *err;
    carta_anchors anchors;
    budget_frame stack[BUDGET_DEPTH];
    int depth;
    size_t alias_nodes; /* nodes added by aliases so far */
} budget;

static carta_status budget_fail(budget *b, struct fy_event *ev, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static carta_status budget_fail(budget *b, struct fy_event *ev, const char *fmt, ...)
{
    char text[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    const struct fy_mark *m = fy_event_start_mark(ev);
    if (m)
        return carta_error_set(b->err, CARTA_ERR_INPUT, "%s:%d:%d: error: %s", b->name,
                               m->line + 1, m->column + 1, text);
    return carta_error_set(b->err, CARTA_ERR_INPUT, "%s: error: %s", b->name, text);
}

static carta_status budget_nomem(budget *b)
{
    return carta_error_set(b->err, CARTA_ERR_NOMEM, "%s: error: out of memory", b->name);
}

/* The source bytes of a token (an anchor's or an alias's name, a plain scalar), read from the
 * text by the token's marks: fy_token_get_text may format a copy, and libfyaml 0.7.12 leaks that
 * copy for some event tokens (a single-quoted scalar with escapes, found by fuzzing). */
static const char *token_raw(const budget *b, struct fy_token *tok, size_t *len)
{
    const struct fy_mark *start = tok ? fy_token_start_mark(tok) : NULL;
    const struct fy_mark *end = tok ? fy_token_end_mark(tok) : NULL;
    if (!start || !end || end->input_pos < start->input_pos || end->input_pos > b->len)
        return NULL;
    *len = end->input_pos - start->input_pos;
    return b->text + start->input_pos;
}

/* A plain scalar "<<": a merge key when it is a mapping's key. */
static int is_merge_key(const budget *b, struct fy_event *ev)
{
    size_t len = 0;
    if (fy_token_scalar_style(ev->scalar.value) != FYSS_PLAIN)
        return 0;
    const char *s = token_raw(b, ev->scalar.value, &len);
    return s && len == 2 && memcmp(s, "<<", 2) == 0;
}

/* A node of nodes (expanded) nodes is complete: it counts in its parent. */
static carta_status budget_node(budget *b, struct fy_event *ev, size_t nodes, int merge)
{
    if (b->depth == 0)
        return CARTA_OK;
    budget_frame *p = &b->stack[b->depth - 1];
    p->nodes += nodes;
    if (p->is_map) {
        int is_key = p->children % 2 == 0;
        if (is_key || p->merge_next)
            p->keys += nodes;
        p->merge_next = is_key && merge;
        if (p->keys > CARTA_YAML_MAX_KEYS)
            return budget_fail(b, ev, "a mapping with more than %d keys", CARTA_YAML_MAX_KEYS);
    }
    p->children++;
    return CARTA_OK;
}

static carta_status budget_open(budget *b, struct fy_event *ev, int is_map, struct fy_token *anchor)
{
    if (b->depth == BUDGET_DEPTH)
        return budget_fail(b, ev, "nested deeper than %d levels", BUDGET_DEPTH);
    budget_frame *f = &b->stack[b->depth++];
    *f = (budget_frame){.is_map = is_map, .nodes = 1, .anchor = SIZE_MAX};
    size_t len = 0;
    const char *name = token_raw(b, anchor, &len);
    if (name) {
        f->anchor = carta_anchors_intern(&b->anchors, name, len);
        f->anchor_len = len;
        if (f->anchor == SIZE_MAX)
            return budget_nomem(b);
    }
    return CARTA_OK;
}

static carta_status budget_close(budget *b, struct fy_event *ev)
{
    if (b->depth == 0)
        return CARTA_OK;
    budget_frame f = b->stack[--b->depth];
    if (f.anchor != SIZE_MAX && !carta_anchors_set(&b->anchors, f.anchor, f.anchor_len, f.nodes))
        return budget_nomem(b);
    return budget_node(b, ev, f.nodes, 0);
}

static carta_status budget_scalar(budget *b, struct fy_event *ev)
{
    size_t len = 0;
    const char *name = token_raw(b, ev->scalar.anchor, &len);
    if (name) {
        size_t off = carta_anchors_intern(&b->anchors, name, len);
        if (off == SIZE_MAX || !carta_anchors_set(&b->anchors, off, len, 1))
            return budget_nomem(b);
    }
    return budget_node(b, ev, 1, is_merge_key(b, ev));
}

/* An alias counts as a copy of its anchor's node. One whose anchor is unknown (libfyaml refuses
 * it) or still open (an alias into its own node: libfyaml refuses the cycle) counts 1. */
static carta_status budget_alias(budget *b, struct fy_event *ev)
{
    size_t len = 0;
    const char *name = token_raw(b, ev->alias.anchor, &len);
    size_t nodes = name ? carta_anchors_nodes(&b->anchors, name, len) : 1;
    if (nodes > CARTA_YAML_MAX_ALIAS_NODES - b->alias_nodes)
        return budget_fail(b, ev, "aliases expand to more than %d nodes",
                           CARTA_YAML_MAX_ALIAS_NODES);
    b->alias_nodes += nodes;
    return budget_node(b, ev, nodes, 0);
}

static carta_status budget_event(budget *b, struct fy_event *ev)
{
    switch (ev->type) {
    case FYET_DOCUMENT_START:
        carta_anchors_clear(&b->anchors);
        b->depth = 0;
        return CARTA_OK;
    case FYET_SCALAR: return budget_scalar(b, ev);
    case FYET_ALIAS: return budget_alias(b, ev);
    case FYET_SEQUENCE_START: return budget_open(b, ev, 0, ev->sequence_start.anchor);
    case FYET_MAPPING_START: return budget_open(b, ev, 1, ev->mapping_start.anchor);
    case FYET_SEQUENCE_END:
    case FYET_MAPPING_END: return budget_close(b, ev);
    default: return CARTA_OK;
    }
}

/* A parser over text whose errors are collected and dropped (the real parse reports them). */
static struct fy_parser *budget_parser(const char *text, size_t len, struct fy_diag *diag)
{
    struct fy_parse_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.flags = FYPCF_QUIET | FYPCF_JSON_NONE;
    cfg.diag = diag;
    struct fy_parser *fyp = diag ? fy_parser_create(&cfg) : NULL;
    if (fyp && fy_parser_set_string(fyp, text, len) != 0) {
        fy_parser_destroy(fyp);
        fyp = NULL;
    }
    return fyp;
}

carta_status carta_yaml_check_budget(const char *text, size_t len, const char *name,
                                     carta_error *err)
{
    carta_yaml_diag diag;
    int opened = carta_yaml_diag_open(&diag);
    struct fy_parser *fyp = budget_parser(text, len, opened ? diag.diag : NULL);
    budget *b = fyp ? calloc(1, sizeof *b) : NULL;
    carta_status st = CARTA_ERR_NOMEM;
    if (b) {
        *b = (budget){.text = text, .len = len, .name = name, .err = err};
        st = CARTA_OK;
        struct fy_event *ev;
        while (st == CARTA_OK && (ev = fy_parser_parse(fyp))) {
            st = budget_event(b, ev);
            fy_parser_event_free(fyp, ev);
        }
        carta_anchors_free(&b->anchors);
        free(b);
    } else {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: cannot start the YAML parser", name);
    }
    if (fyp)
        fy_parser_destroy(fyp);
    carta_yaml_diag_close(&diag);
    return st;
}
