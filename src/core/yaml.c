/* yaml.c: typed reads over libfyaml whose errors name file, line and reason. */
#include "yaml.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- parse diagnostics: libfyaml reports through a callback; we keep the first error ---- */

typedef struct yaml_diag_capture {
    int got;        /* an error message was captured */
    int line, col;  /* 1-based */
    char msg[256];
} yaml_diag_capture;

/* libfyaml writes "source:line:col: error: message\n" then the source line and a caret, in
 * separate chunks. Keep the first chunk that carries ": error: ". */
static void yaml_diag_output(struct fy_diag *diag, void *user, const char *buf, size_t len)
{
    (void)diag;
    yaml_diag_capture *cap = user;
    if (cap->got || len == 0)
        return;
    char tmp[512];
    size_t n = len < sizeof tmp - 1 ? len : sizeof tmp - 1;
    memcpy(tmp, buf, n);
    tmp[n] = '\0';
    char *e = strstr(tmp, ": error: ");
    if (!e)
        return;
    char *msg = e + strlen(": error: ");
    msg[strcspn(msg, "\r\n")] = '\0';
    snprintf(cap->msg, sizeof cap->msg, "%s", msg);
    /* Walk back over ":line:col" just before ": error: ". */
    *e = '\0';
    char *c2 = strrchr(tmp, ':');
    if (c2) {
        *c2 = '\0';
        char *c1 = strrchr(tmp, ':');
        if (c1) {
            cap->line = atoi(c1 + 1);
            cap->col = atoi(c2 + 1);
        }
    }
    cap->got = 1;
}

static struct fy_diag *yaml_diag_new(yaml_diag_capture *cap)
{
    struct fy_diag_cfg dc;
    fy_diag_cfg_default(&dc);
    dc.fp = NULL;
    dc.output_fn = yaml_diag_output;
    dc.user = cap;
    dc.colorize = false;
    dc.level = FYET_ERROR;
    return fy_diag_create(&dc);
}

static void yaml_parse_cfg(struct fy_parse_cfg *cfg, struct fy_diag *diag)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->flags = FYPCF_QUIET | FYPCF_RESOLVE_DOCUMENT | FYPCF_JSON_NONE;
    cfg->diag = diag;
}

static carta_status yaml_parse_error(carta_error *err, const char *name,
                                     const yaml_diag_capture *cap)
{
    if (cap->got)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s:%d:%d: error: %s", name, cap->line,
                               cap->col, cap->msg);
    return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: not a valid YAML document", name);
}

/* Reads a whole file into a NUL-terminated malloc'd buffer. */
static char *yaml_read_file(const char *path, size_t *len, carta_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        carta_error_set(err, CARTA_ERR_IO, "%s: error: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n < cap - 1)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf) {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory reading the file", path);
        return NULL;
    }
    if (bad) {
        free(buf);
        carta_error_set(err, CARTA_ERR_IO, "%s: error: read failed", path);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

struct fy_document *carta_yaml_load_string(const char *text, size_t len, const char *name,
                                           carta_error *err)
{
    yaml_diag_capture cap = {0};
    struct fy_diag *diag = yaml_diag_new(&cap);
    if (!diag) {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", name);
        return NULL;
    }
    struct fy_parse_cfg cfg;
    yaml_parse_cfg(&cfg, diag);
    struct fy_document *doc = fy_document_build_from_string(&cfg, text, len);
    if (doc && (cap.got || fy_document_root(doc) == NULL)) {
        fy_document_destroy(doc);
        doc = NULL;
        if (!cap.got) {
            fy_diag_unref(diag);
            carta_error_set(err, CARTA_ERR_INPUT, "%s:1: error: the file is empty", name);
            return NULL;
        }
    }
    if (!doc) {
        if (len == 0 || strspn(text, " \t\r\n") == len)
            carta_error_set(err, CARTA_ERR_INPUT, "%s:1: error: the file is empty", name);
        else
            yaml_parse_error(err, name, &cap);
    }
    fy_diag_unref(diag);
    return doc;
}

struct fy_document *carta_yaml_load(const char *path, carta_error *err)
{
    size_t len = 0;
    char *text = yaml_read_file(path, &len, err);
    if (!text)
        return NULL;
    /* The document takes ownership of text (it must outlive the document's scalars). */
    yaml_diag_capture cap = {0};
    struct fy_diag *diag = yaml_diag_new(&cap);
    if (!diag) {
        free(text);
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
        return NULL;
    }
    int blank = strspn(text, " \t\r\n") == len;
    struct fy_parse_cfg cfg;
    yaml_parse_cfg(&cfg, diag);
    struct fy_document *doc = fy_document_build_from_malloc_string(&cfg, text, len);
    /* On failure the library has already freed text with its parser input. */
    if (doc && (cap.got || fy_document_root(doc) == NULL)) {
        fy_document_destroy(doc);
        doc = NULL;
    }
    if (!doc) {
        if (blank)
            carta_error_set(err, CARTA_ERR_INPUT, "%s:1: error: the file is empty", path);
        else
            yaml_parse_error(err, path, &cap);
    }
    fy_diag_unref(diag);
    return doc;
}

/* ---- streams ---- */

struct carta_yaml_stream {
    char path[1024];
    char *text;
    struct fy_parser *parser;
    struct fy_diag *diag;
    yaml_diag_capture cap;
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
    s->text = yaml_read_file(path, &len, err);
    if (!s->text) {
        free(s);
        return NULL;
    }
    s->diag = yaml_diag_new(&s->cap);
    struct fy_parse_cfg cfg;
    yaml_parse_cfg(&cfg, s->diag);
    s->parser = s->diag ? fy_parser_create(&cfg) : NULL;
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
    if (s->cap.got) {
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

void carta_yaml_stream_close(carta_yaml_stream *s)
{
    if (!s)
        return;
    if (s->parser)
        fy_parser_destroy(s->parser);
    if (s->diag)
        fy_diag_unref(s->diag);
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
