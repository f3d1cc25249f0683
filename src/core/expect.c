/* expect.c: scenario expectations checked against a game's view, once for every game (expect.h). */
#include "expect.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "yaml.h"

enum { EXP_PATH = 256, EXP_WHY = 700, EXP_SHOW = 320, EXP_CANDS = 256, EXP_EVENTS_SHOWN = 8 };

/* One expectation map being checked. */
typedef struct exp_run {
    const carta_expect_ctx *ctx;
    json_t *root;
    const carta_expect_table *t;
    struct fy_node *map;
    carta_error *err;
    int seat;
    bool seat_given;
    char card[EXP_PATH]; /* the path of the card the find key found, "" before */
} exp_run;

/* A card in play found while looking for the find key's card: its path and its view. */
typedef struct exp_cand {
    char path[EXP_PATH];
    json_t *item;
} exp_cand;

typedef struct exp_cands {
    int n;
    exp_cand c[EXP_CANDS];
} exp_cands;

/* ---- showing values ---- */

/* The name of a card reference or of a card in play ({"card": {...}, "uid"}); "?" when hidden;
 * NULL when value is no card. */
static const char *exp_card_name(json_t *value)
{
    json_t *card = json_is_object(value) ? json_object_get(value, "card") : NULL;
    if (json_is_string(card))
        return json_string_value(card);
    if (json_is_null(card))
        return "?";
    return json_is_object(card) ? exp_card_name(card) : NULL;
}

/* The cards of a zone ({"count", "cards"}), or value itself if it is a list; NULL otherwise. */
static json_t *exp_list_of(json_t *value)
{
    json_t *cards = json_is_object(value) ? json_object_get(value, "cards") : NULL;
    return json_is_array(cards) ? cards : json_is_array(value) ? value : NULL;
}

static void exp_cat(char *buf, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void exp_cat(char *buf, size_t cap, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, cap - len, fmt, ap);
    va_end(ap);
}

/* Appends what was found, as a scenario file would write it. */
static void exp_show_json(json_t *value, char *buf, size_t cap)
{
    const char *name = exp_card_name(value);
    json_t *list = exp_list_of(value);
    if (!value) {
        exp_cat(buf, cap, "nothing");
    } else if (name) {
        exp_cat(buf, cap, "%s", name);
    } else if (list) {
        size_t i;
        json_t *item;
        exp_cat(buf, cap, "[");
        json_array_foreach(list, i, item)
        {
            exp_cat(buf, cap, i ? ", " : "");
            exp_show_json(item, buf, cap);
        }
        exp_cat(buf, cap, "]");
    } else if (json_is_object(value)) {
        const char *key;
        json_t *item;
        int first = 1;
        exp_cat(buf, cap, "{");
        json_object_foreach(value, key, item)
        {
            exp_cat(buf, cap, "%s%s: ", first ? "" : ", ", key);
            exp_show_json(item, buf, cap);
            first = 0;
        }
        exp_cat(buf, cap, "}");
    } else if (json_is_string(value)) {
        exp_cat(buf, cap, "%s", json_string_value(value));
    } else if (json_is_integer(value)) {
        exp_cat(buf, cap, "%lld", (long long)json_integer_value(value));
    } else if (json_is_boolean(value)) {
        exp_cat(buf, cap, "%s", json_is_true(value) ? "true" : "false");
    } else {
        exp_cat(buf, cap, "none");
    }
}

/* Appends what was expected, as the scenario file wrote it. */
static void exp_show_yaml(struct fy_node *node, char *buf, size_t cap)
{
    char text[CARTA_NAME_MAX * 2];
    if (fy_node_is_sequence(node)) {
        exp_cat(buf, cap, "[");
        for (int i = 0; i < fy_node_sequence_item_count(node); i++) {
            exp_cat(buf, cap, i ? ", " : "");
            exp_show_yaml(fy_node_sequence_get_by_index(node, i), buf, cap);
        }
        exp_cat(buf, cap, "]");
    } else if (fy_node_is_mapping(node)) {
        void *it = NULL;
        struct fy_node_pair *pair;
        int first = 1;
        exp_cat(buf, cap, "{");
        while ((pair = fy_node_mapping_iterate(node, &it))) {
            exp_cat(buf, cap, first ? "" : ", ");
            exp_show_yaml(fy_node_pair_key(pair), buf, cap);
            exp_cat(buf, cap, ": ");
            exp_show_yaml(fy_node_pair_value(pair), buf, cap);
            first = 0;
        }
        exp_cat(buf, cap, "}");
    } else {
        exp_cat(buf, cap, "%s", node && carta_yaml_scalar(node, text, sizeof text) ? text : "none");
    }
}

/* "label: expected W, found F" into why. */
static int exp_mismatch(char *why, const char *label, struct fy_node *want, const char *want_text,
                        json_t *found)
{
    snprintf(why, EXP_WHY, "%s: expected ", label);
    if (want_text)
        exp_cat(why, EXP_WHY, "%s", want_text);
    else
        exp_show_yaml(want, why, EXP_WHY);
    exp_cat(why, EXP_WHY, ", found ");
    char found_text[EXP_SHOW] = "";
    exp_show_json(found, found_text, sizeof found_text);
    exp_cat(why, EXP_WHY, "%s", found_text);
    return 0;
}

/* ---- paths ---- */

/* The value at path below at ('*' every item, giving a new list; a negative index counts from
 * the end), as a new reference, or NULL. *absent says how it is missing: 1 only the last part
 * (from a map or list that is there), 2 deeper. */
static json_t *exp_get(json_t *at, const char *path, int *absent)
{
    if (!*path)
        return json_incref(at);
    char part[128];
    size_t n = strcspn(path, ".");
    const char *rest = path + n + (path[n] == '.');
    if (n >= sizeof part) {
        *absent = 2;
        return NULL;
    }
    memcpy(part, path, n);
    part[n] = '\0';
    if (!strcmp(part, "*") && json_is_array(at)) {
        json_t *all = json_array();
        size_t i;
        json_t *item;
        json_array_foreach(at, i, item)
        {
            int a = 0;
            json_t *v = exp_get(item, rest, &a);
            json_array_append_new(all, v ? v : json_null());
        }
        return all;
    }
    json_t *next = NULL;
    if (json_is_object(at)) {
        next = json_object_get(at, part);
    } else if (json_is_array(at)) {
        char *end;
        long i = strtol(part, &end, 10);
        long size = (long)json_array_size(at);
        if (*part && !*end && i < 0)
            i += size;
        next = *part && !*end && i >= 0 && i < size ? json_array_get(at, (size_t)i) : NULL;
    }
    if (!next) {
        *absent = json_is_object(at) || json_is_array(at) ? (*rest ? 2 : 1) : 2;
        return NULL;
    }
    return exp_get(next, rest, absent);
}

/* Adds every item of the lists at path below at (the path so far in prefix) to out. */
static void exp_collect(json_t *at, const char *path, const char *prefix, exp_cands *out)
{
    if (!*path) {
        size_t i;
        json_t *item;
        json_array_foreach(at, i, item) if (out->n < EXP_CANDS)
        {
            snprintf(out->c[out->n].path, EXP_PATH, "%s%s%zu", prefix, *prefix ? "." : "", i);
            out->c[out->n++].item = item;
        }
        return;
    }
    char part[128], next_prefix[EXP_PATH];
    size_t n = strcspn(path, ".");
    const char *rest = path + n + (path[n] == '.');
    if (n >= sizeof part)
        return;
    memcpy(part, path, n);
    part[n] = '\0';
    if (!strcmp(part, "*") && json_is_array(at)) {
        size_t i;
        json_t *item;
        json_array_foreach(at, i, item)
        {
            snprintf(next_prefix, sizeof next_prefix, "%s%s%zu", prefix, *prefix ? "." : "", i);
            exp_collect(item, rest, next_prefix, out);
        }
        return;
    }
    int absent = 0;
    json_t *next = exp_get(at, part, &absent);
    snprintf(next_prefix, sizeof next_prefix, "%s%s%s", prefix, *prefix ? "." : "", part);
    if (next)
        exp_collect(next, rest, next_prefix, out);
    json_decref(next);
}

/* ---- comparing ---- */

static bool exp_none_text(const char *s)
{
    return !*s || !strcmp(s, "none") || !strcmp(s, "null") || !strcmp(s, "~") || !strcmp(s, "-");
}

static int exp_test(exp_run *r, json_t *found, int absent, struct fy_node *want, unsigned flags,
                    const char *label, char *why);

/* A number of a value: an integer, a zone's count, a list's length. */
static bool exp_int_of(json_t *value, long long *out)
{
    json_t *count = json_is_object(value) ? json_object_get(value, "count") : NULL;
    if (json_is_integer(count) || json_is_integer(value)) {
        *out = json_integer_value(json_is_integer(value) ? value : count);
        return true;
    }
    if (json_is_array(value)) {
        *out = (long long)json_array_size(value);
        return true;
    }
    return false;
}

static int exp_malformed(exp_run *r, struct fy_node *node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int exp_malformed(exp_run *r, struct fy_node *node, const char *fmt, ...)
{
    char msg[EXP_WHY];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    carta_yaml_error(r->err, r->ctx->file, node, "%s", msg);
    return -1;
}

/* A whole number of a scalar node; false if it is none. */
static bool exp_want_int(struct fy_node *node, long long *out)
{
    char text[32], *end;
    if (!fy_node_is_scalar(node) || !carta_yaml_scalar(node, text, sizeof text) || !text[0])
        return false;
    *out = strtoll(text, &end, 10);
    return !*end;
}

/* A scalar want (as text) against found. */
static int exp_test_text(exp_run *r, json_t *found, int absent, struct fy_node *want,
                         const char *text, const char *label, char *why)
{
    const char *name = exp_card_name(found);
    if (exp_none_text(text)) {
        if ((!found && absent == 1) || json_is_null(found))
            return 1;
        return exp_mismatch(why, label, NULL, "none", found);
    }
    if (name) {
        if (!strcmp(name, text))
            return 1;
        if (r->ctx->game && r->ctx->game->card_id(r->ctx->rules, text) < 0)
            return exp_malformed(r, want, "unknown card '%s' in %s", text, label);
    } else if (json_is_string(found)) {
        if (!strcmp(json_string_value(found), text))
            return 1;
    } else if (json_is_integer(found)) {
        char *end;
        long long v = strtoll(text, &end, 10);
        if (!*end && v == json_integer_value(found))
            return 1;
    } else if (json_is_boolean(found)) {
        bool yes = !strcasecmp(text, "true") || !strcasecmp(text, "yes");
        bool no = !strcasecmp(text, "false") || !strcasecmp(text, "no");
        if ((yes && json_is_true(found)) || (no && json_is_false(found)))
            return 1;
    }
    return exp_mismatch(why, label, NULL, text, found);
}

/* The forms {at_least, at_most, count, any_order}: true if every key of want is one. */
static bool exp_is_form(struct fy_node *want)
{
    static const char *const forms[] = {"at_least", "at_most", "count", "any_order", NULL};
    void *it = NULL;
    struct fy_node_pair *pair;
    bool any = false;
    while ((pair = fy_node_mapping_iterate(want, &it))) {
        char key[16];
        int i = 0;
        if (!carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key))
            return false;
        while (forms[i] && strcmp(forms[i], key))
            i++;
        if (!forms[i])
            return false;
        any = true;
    }
    return any;
}

static int exp_test_form(exp_run *r, json_t *found, struct fy_node *want, unsigned flags,
                         const char *label, char *why)
{
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(want, &it))) {
        char key[16];
        struct fy_node *v = fy_node_pair_value(pair);
        carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key);
        if (!strcmp(key, "any_order")) {
            int ok = exp_test(r, found, 0, v, flags | CARTA_EXPECT_ANY_ORDER, label, why);
            if (ok <= 0)
                return ok;
            continue;
        }
        long long want_n, have;
        if (!exp_want_int(v, &want_n))
            return exp_malformed(r, v, "'%s' needs a whole number", key);
        if (!exp_int_of(found, &have)) {
            char text[40];
            snprintf(text, sizeof text, "%s %lld", key, want_n);
            return exp_mismatch(why, label, NULL, text, found);
        }
        bool ok = !strcmp(key, "at_least") ? have >= want_n
                  : !strcmp(key, "at_most") ? have <= want_n
                                             : have == want_n;
        if (!ok) {
            snprintf(why, EXP_WHY, "%s: expected %s %lld, found %lld", label,
                     !strcmp(key, "count") ? "a count of" : !strcmp(key, "at_least") ? "at least"
                                                                                     : "at most",
                     want_n, have);
            return 0;
        }
    }
    return 1;
}

/* A list want against a list (or a zone's cards): item by item, or as multisets. */
static int exp_test_list(exp_run *r, json_t *found, struct fy_node *want, unsigned flags,
                         const char *label, char *why)
{
    json_t *list = exp_list_of(found);
    if (!list)
        return exp_mismatch(why, label, want, NULL, found);
    size_t n = json_array_size(list);
    int nw = fy_node_sequence_item_count(want);
    if (n > EXP_CANDS || nw > EXP_CANDS)
        return exp_malformed(r, want, "%s: more than %d items to compare", label, EXP_CANDS);
    json_t *items[EXP_CANDS];
    for (size_t i = 0; i < n; i++) /* the view lists a deck bottom first */
        items[i] = json_array_get(list, flags & CARTA_EXPECT_TOP_FIRST ? n - 1 - i : i);
    bool used[EXP_CANDS] = {false};
    char item_why[EXP_WHY];
    for (int i = 0; i < nw; i++) {
        struct fy_node *w = fy_node_sequence_get_by_index(want, i);
        int ok = 0;
        if (!(flags & CARTA_EXPECT_ANY_ORDER)) {
            ok = (size_t)i < n ? exp_test(r, items[i], 0, w, 0, label, item_why) : 0;
        } else {
            for (size_t j = 0; j < n && ok == 0; j++)
                if (!used[j] && (ok = exp_test(r, items[j], 0, w, 0, label, item_why)) == 1)
                    used[j] = true;
        }
        if (ok < 0)
            return ok;
        if (!ok)
            break;
        if (i == nw - 1 && (size_t)nw == n)
            return 1;
    }
    if (nw == 0 && n == 0)
        return 1;
    json_t *shown = json_array(); /* the found list in the order compared */
    for (size_t i = 0; i < n; i++)
        json_array_append(shown, items[i]);
    exp_mismatch(why, label, want, NULL, shown);
    json_decref(shown);
    if (flags & CARTA_EXPECT_ANY_ORDER)
        exp_cat(why, EXP_WHY, " (in any order)");
    return 0;
}

/* Compares found (NULL: nothing there, absent as exp_get says) with want. 1 pass, 0 mismatch
 * (why says it, naming label), -1 malformed (r->err set). */
static int exp_test(exp_run *r, json_t *found, int absent, struct fy_node *want, unsigned flags,
                    const char *label, char *why)
{
    if (!want || fy_node_is_scalar(want)) {
        char text[CARTA_NAME_MAX * 2];
        if (want && !carta_yaml_scalar(want, text, sizeof text))
            return exp_malformed(r, want, "%s: the value is too long", label);
        return exp_test_text(r, found, absent, want, want ? text : "", label, why);
    }
    if (fy_node_is_sequence(want))
        return exp_test_list(r, found, want, flags, label, why);
    if (exp_is_form(want))
        return exp_test_form(r, found, want, flags, label, why);
    if (!json_is_object(found))
        return exp_mismatch(why, label, want, NULL, found);
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(want, &it))) {
        char key[EXP_PATH / 2], sub[EXP_PATH];
        if (!carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key))
            return exp_malformed(r, want, "%s: a key is not a path", label);
        int a = 0;
        json_t *value = exp_get(found, key, &a);
        snprintf(sub, sizeof sub, "%s.%s", label, key);
        int ok = exp_test(r, value, a, fy_node_pair_value(pair), 0, sub, why);
        json_decref(value);
        if (ok <= 0)
            return ok;
    }
    return 1;
}

/* Checks want (or, if text is set, that text in its place) at path of the view; label names it
 * in messages, where gives their line. */
static carta_status exp_check_path(exp_run *r, const char *path, struct fy_node *want,
                                   const char *text, unsigned flags, const char *label,
                                   struct fy_node *where)
{
    int absent = 0;
    const char *dot = strrchr(path, '.');
    json_t *found = flags & CARTA_EXPECT_INDEX ? json_integer(dot ? atoll(dot + 1) : 0)
                                               : exp_get(r->root, path, &absent);
    if (!found && (flags & CARTA_EXPECT_NONE_IF_ABSENT))
        absent = 1;
    if (found && (flags & CARTA_EXPECT_COUNT)) {
        long long n = 0;
        json_t *list = exp_list_of(found);
        if (list)
            n = (long long)json_array_size(list);
        json_decref(found);
        found = list ? json_integer(n) : NULL;
    }
    char why[EXP_WHY];
    int ok = text ? exp_test_text(r, found, absent, want, text, label, why)
                  : exp_test(r, found, absent, want, flags, label, why);
    json_decref(found);
    if (ok < 0)
        return CARTA_ERR_INPUT;
    if (ok)
        return CARTA_OK;
    return carta_error_set(r->err, CARTA_ERR_INPUT, "%s:%d: %s", r->ctx->file,
                           carta_yaml_line(where), why);
}

/* ---- a game's keys ---- */

/* Copies s into out replacing "{player}" by seat; the rest verbatim. */
static void exp_seat_path(const char *s, int seat, char *out, size_t cap)
{
    const char *at = strstr(s, "{player}");
    if (!at) {
        snprintf(out, cap, "%s", s);
        return;
    }
    snprintf(out, cap, "%.*s%d%s", (int)(at - s), s, seat, at + 8);
}

/* Finds the card the find key names (the copy key's Nth copy) and keeps its path in r->card. */
static carta_status exp_find_card(exp_run *r)
{
    const carta_expect_table *t = r->t;
    struct fy_node *node = carta_yaml_get(r->map, t->find_key);
    char name[CARTA_NAME_MAX], path[EXP_PATH];
    int copy = 1;
    if (!carta_yaml_scalar(node, name, sizeof name) || !name[0])
        return carta_yaml_error(r->err, r->ctx->file, node, "'%s' needs a card name",
                                t->find_key);
    if (t->copy_key && carta_yaml_int(r->map, t->copy_key, 1, false, 1, 99, &copy, r->ctx->file,
                                      r->err))
        return CARTA_ERR_INPUT;
    if (r->ctx->game && r->ctx->game->card_id(r->ctx->rules, name) < 0)
        return carta_yaml_error(r->err, r->ctx->file, node, "unknown card '%s' in %s", name,
                                t->find_key);
    exp_cands *cands = calloc(1, sizeof *cands);
    if (!cands)
        return carta_error_set(r->err, CARTA_ERR_NOMEM, "out of memory");
    int n_seats = (int)json_array_size(json_object_get(r->root, "seats"));
    for (int s = r->seat_given ? r->seat : 0; s < (r->seat_given ? r->seat + 1 : n_seats); s++) {
        int start = cands->n;
        for (int p = 0; t->find_in && t->find_in[p]; p++) {
            int from = cands->n;
            exp_seat_path(t->find_in[p], s, path, sizeof path);
            exp_collect(r->root, path, "", cands);
            if (strstr(t->find_in[p], "{player}") || !t->find_owner)
                continue;
            int keep = from; /* a list shared by the seats: only this seat's cards */
            for (int i = from; i < cands->n; i++) {
                json_t *owner = json_object_get(cands->c[i].item, t->find_owner);
                if (json_is_integer(owner) && json_integer_value(owner) == s)
                    cands->c[keep++] = cands->c[i];
            }
            cands->n = keep;
        }
        for (int i = start + 1; t->find_order && i < cands->n; i++) /* insertion sort */
            for (int j = i; j > start; j--) {
                json_t *a = json_object_get(cands->c[j - 1].item, t->find_order);
                json_t *b = json_object_get(cands->c[j].item, t->find_order);
                if (json_integer_value(a) <= json_integer_value(b))
                    break;
                exp_cand tmp = cands->c[j];
                cands->c[j] = cands->c[j - 1];
                cands->c[j - 1] = tmp;
            }
    }
    for (int p = 0; t->find_shared && t->find_shared[p]; p++)
        exp_collect(r->root, t->find_shared[p], "", cands);
    int left = copy;
    for (int i = 0; i < cands->n && left > 0; i++) {
        const char *have = exp_card_name(cands->c[i].item);
        if (have && !strcmp(have, name) && --left == 0)
            snprintf(r->card, sizeof r->card, "%s", cands->c[i].path);
    }
    free(cands);
    if (r->card[0])
        return CARTA_OK;
    char where[EXP_PATH] = "";
    if (r->seat_given)
        snprintf(where, sizeof where, " for %s %d", t->seat_key, r->seat);
    return carta_error_set(r->err, CARTA_ERR_INPUT,
                           "%s:%d: %s: expected '%s'%s in play%s, found %s", r->ctx->file,
                           carta_yaml_line(node), t->find_key, name,
                           copy > 1 ? " (that copy)" : "", where,
                           copy > 1 ? "fewer copies" : "it is not");
}

/* Expands the template of key into out: {player}, {card}, {each}, {k}. */
static carta_status exp_expand(exp_run *r, const char *key, const char *tmpl, const char *each,
                               char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    for (const char *p = tmpl; *p && len + 1 < cap;) {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        if (!close) {
            out[len++] = *p++;
            out[len] = '\0';
            continue;
        }
        char var[32], value[EXP_PATH];
        snprintf(var, sizeof var, "%.*s", (int)(close - p - 1), p + 1);
        p = close + 1;
        if (!strcmp(var, "player")) {
            snprintf(value, sizeof value, "%d", r->seat);
        } else if (!strcmp(var, "each")) {
            snprintf(value, sizeof value, "%s", each ? each : "");
        } else if (r->t->find_key && !strcmp(var, "card")) {
            if (!carta_yaml_get(r->map, r->t->find_key))
                return carta_yaml_error(r->err, r->ctx->file, carta_yaml_get(r->map, key),
                                        "'%s' checks a card: name it with '%s'", key,
                                        r->t->find_key);
            if (!r->card[0] && exp_find_card(r) != CARTA_OK)
                return CARTA_ERR_INPUT;
            snprintf(value, sizeof value, "%s", r->card);
        } else if (!carta_yaml_scalar(carta_yaml_get(r->map, var), value, sizeof value)) {
            return carta_yaml_error(r->err, r->ctx->file, carta_yaml_get(r->map, key),
                                    "'%s' needs '%s' in the same expectation", key, var);
        }
        len += (size_t)snprintf(out + len, cap - len, "%s", value);
    }
    return len + 1 < cap ? CARTA_OK : carta_error_set(r->err, CARTA_ERR_INPUT, "path too long");
}

/* One of the game's keys: its path (or each of its '|' alternatives) must hold want. */
static carta_status exp_check_key(exp_run *r, const carta_expect_key *k, struct fy_node *want)
{
    if (k->flags & CARTA_EXPECT_PARAM)
        return CARTA_OK;
    char path[EXP_PATH], label[EXP_PATH * 2];
    if (k->flags & CARTA_EXPECT_EMPTY) {
        if (!fy_node_is_sequence(want))
            return carta_yaml_error(r->err, r->ctx->file, want, "'%s' needs a list", k->key);
        for (int i = 0; i < fy_node_sequence_item_count(want); i++) {
            struct fy_node *item = fy_node_sequence_get_by_index(want, i);
            char each[CARTA_NAME_MAX];
            if (!carta_yaml_scalar(item, each, sizeof each) ||
                exp_expand(r, k->key, k->path, each, path, sizeof path))
                return r->err->status ? CARTA_ERR_INPUT
                                      : carta_yaml_error(r->err, r->ctx->file, item,
                                                         "'%s' needs names", k->key);
            snprintf(label, sizeof label, "%s %s (%s)", k->key, each, path);
            if (exp_check_path(r, path, NULL, NULL, CARTA_EXPECT_NONE_IF_ABSENT, label, item))
                return CARTA_ERR_INPUT;
        }
        return CARTA_OK;
    }
    char text[CARTA_NAME_MAX], alias_word[32];
    size_t wlen = k->alias ? strcspn(k->alias, "=") : 0;
    snprintf(alias_word, sizeof alias_word, "%.*s", (int)wlen, k->alias ? k->alias : "");
    bool aliased = k->alias && carta_yaml_scalar(want, text, sizeof text) &&
                   !strcmp(text, alias_word);
    carta_status first = CARTA_OK;
    carta_error first_err = {0};
    for (const char *alt = k->path; alt;) {
        const char *bar = strchr(alt, '|');
        char tmpl[EXP_PATH];
        snprintf(tmpl, sizeof tmpl, "%.*s", bar ? (int)(bar - alt) : (int)strlen(alt), alt);
        alt = bar ? bar + 1 : NULL;
        if (exp_expand(r, k->key, tmpl, NULL, path, sizeof path))
            return CARTA_ERR_INPUT;
        if (strstr(tmpl, "{card}")) {
            json_t *card = exp_get(r->root, r->card, &(int){0});
            snprintf(label, sizeof label, "%s of '%s' (%s)", k->key,
                     card && exp_card_name(card) ? exp_card_name(card) : "?", path);
            json_decref(card);
        } else {
            snprintf(label, sizeof label, "%s (%s)", k->key, path);
        }
        carta_status st = exp_check_path(r, path, want, aliased ? k->alias + wlen + 1 : NULL,
                                         k->flags, label, want);
        if (st == CARTA_OK)
            return CARTA_OK;
        if (strstr(r->err->msg, ": error: ")) /* malformed: no alternative helps */
            return st;
        if (first == CARTA_OK) {
            first = st;
            first_err = *r->err;
        }
    }
    *r->err = first_err;
    return first;
}

static const carta_expect_key *exp_key(const carta_expect_table *t, const char *key)
{
    for (int i = 0; t && t->keys[i].key; i++)
        if (!strcmp(t->keys[i].key, key))
            return &t->keys[i];
    return NULL;
}

/* The keys a map may have: view, the table's own. */
static carta_status exp_check_keys(exp_run *r)
{
    const carta_expect_table *t = r->t;
    const char *allowed[128];
    int n = 0;
    allowed[n++] = "view";
    if (t) {
        if (t->seat_key)
            allowed[n++] = t->seat_key;
        if (t->find_key)
            allowed[n++] = t->find_key;
        if (t->copy_key)
            allowed[n++] = t->copy_key;
        for (int i = 0; t->keys[i].key && n < 127; i++)
            allowed[n++] = t->keys[i].key;
    }
    allowed[n] = NULL;
    return carta_yaml_check_keys(r->map, allowed, t && t->what ? t->what : "an expectation",
                                 r->ctx->file, r->err);
}

/* `view: {path: want, ...}`. */
static carta_status exp_check_view(exp_run *r, struct fy_node *view)
{
    if (!fy_node_is_mapping(view))
        return carta_yaml_error(r->err, r->ctx->file, view,
                                "'view' needs a map of view paths to what must be there");
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(view, &it))) {
        char path[EXP_PATH];
        if (!carta_yaml_scalar(fy_node_pair_key(pair), path, sizeof path) || !path[0])
            return carta_yaml_error(r->err, r->ctx->file, fy_node_pair_key(pair),
                                    "a view path is a text such as seats.1.zones.hand.count");
        if (exp_check_path(r, path, fy_node_pair_value(pair), NULL, 0, path,
                           fy_node_pair_value(pair)))
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

carta_status carta_expect_check(const carta_expect_ctx *ctx, json_t *root,
                                const carta_expect_table *table, struct fy_node *map,
                                carta_error *err)
{
    exp_run r = {.ctx = ctx, .root = root, .t = table, .map = map, .err = err};
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, ctx->file, map, "'expect' needs a map");
    if (exp_check_keys(&r))
        return CARTA_ERR_INPUT;
    int n_seats = (int)json_array_size(json_object_get(root, "seats"));
    if (table && table->seat_key && carta_yaml_get(map, table->seat_key)) {
        if (carta_yaml_int(map, table->seat_key, 0, false, 0, n_seats > 0 ? n_seats - 1 : 0,
                           &r.seat, ctx->file, err))
            return CARTA_ERR_INPUT;
        r.seat_given = true;
    }
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(map, &it))) {
        char key[64];
        struct fy_node *v = fy_node_pair_value(pair);
        carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key);
        const carta_expect_key *k = exp_key(table, key);
        if (!strcmp(key, "view") ? exp_check_view(&r, v) : k ? exp_check_key(&r, k, v) : 0)
            return CARTA_ERR_INPUT;
    }
    /* the find key alone: the card is in play */
    if (table && table->find_key && carta_yaml_get(map, table->find_key) && !r.card[0])
        return exp_find_card(&r);
    return CARTA_OK;
}

/* ---- events ---- */

/* One event against one expected item: 1 it matches, 0 not, -1 malformed. */
static int exp_event_is(exp_run *r, json_t *ev, struct fy_node *want, const char *label)
{
    char why[EXP_WHY];
    if (fy_node_is_scalar(want)) {
        json_t *text = json_object_get(ev, "text");
        return exp_test(r, text, 0, want, 0, label, why);
    }
    if (!fy_node_is_mapping(want))
        return exp_malformed(r, want, "an expected event is a map of its fields or a text");
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(want, &it))) {
        char key[64];
        if (!carta_yaml_scalar(fy_node_pair_key(pair), key, sizeof key))
            return exp_malformed(r, want, "an event's field is a text");
        int absent = 0;
        json_t *value = exp_get(ev, !strcmp(key, "said") ? "text" : key, &absent);
        int ok = exp_test(r, value, absent, fy_node_pair_value(pair), 0, label, why);
        json_decref(value);
        if (ok <= 0)
            return ok;
    }
    return 1;
}

carta_status carta_expect_events(const carta_expect_ctx *ctx, json_t *root, struct fy_node *want,
                                 carta_error *err)
{
    exp_run r = {.ctx = ctx, .root = root, .err = err};
    json_t *events = json_object_get(root, "events");
    size_t n = json_array_size(events), at = 0;
    bool many = fy_node_is_sequence(want);
    int nw = many ? fy_node_sequence_item_count(want) : 1;
    for (int i = 0; i < nw; i++) {
        struct fy_node *item = many ? fy_node_sequence_get_by_index(want, i) : want;
        char label[32];
        snprintf(label, sizeof label, "events.%d", i);
        int ok = 0;
        while (at < n && ok == 0)
            ok = exp_event_is(&r, json_array_get(events, at++), item, label);
        if (ok < 0)
            return CARTA_ERR_INPUT;
        if (ok)
            continue;
        char msg[EXP_WHY] = "", seen[EXP_WHY] = "";
        exp_show_yaml(item, msg, sizeof msg);
        for (size_t e = 0; e < n && e < EXP_EVENTS_SHOWN; e++) {
            json_t *ev = json_array_get(events, e);
            json_t *text = json_object_get(ev, "text");
            exp_cat(seen, sizeof seen, "%s%s", e ? "; " : "",
                    json_is_string(text) ? json_string_value(text)
                                         : json_string_value(json_object_get(ev, "kind")));
        }
        if (n > EXP_EVENTS_SHOWN)
            exp_cat(seen, sizeof seen, "; and %zu more", n - EXP_EVENTS_SHOWN);
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s:%d: events: expected %s%s, found %s%s%s", ctx->file,
                               carta_yaml_line(item), msg,
                               i ? " after the events matched before it" : "",
                               n ? "none such among: " : "no events", seen, "");
    }
    return CARTA_OK;
}
