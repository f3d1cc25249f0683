/* view_diff.c: what changed between two views of one seat, as lines a player reads ("player 2
 * aember: 3 -> 2", "player 1 discard: + Brass Colossus", "Cinder Brute damage: 0 -> 3").
 * Both views are that seat's, so the lines tell it nothing it may not know. */
#include "view.h"

#include <string.h>

/* Keys of the common part that say where the game is, not what happened (the prompt says it). */
static const char *const diff_quiet[] = {"game",    "viewer",   "turn",   "round", "phase",
                                         "active",  "to_act",   "house",  "resolving",
                                         "over",    "winner",   "end",    NULL};

static int diff_is_quiet(const char *key)
{
    for (int i = 0; diff_quiet[i]; i++)
        if (!strcmp(key, diff_quiet[i]))
            return 1;
    return 0;
}

/* The name of a card reference ("?" hidden), or NULL if value is not one. */
static const char *diff_card(json_t *value)
{
    json_t *card = json_is_object(value) ? json_object_get(value, "card") : NULL;
    if (!card || json_object_size(value) > 2 || !(json_is_string(card) || json_is_null(card)))
        return NULL;
    return json_is_string(card) ? json_string_value(card) : "?";
}

static void diff_scalar(json_t *value, char *buf, size_t cap)
{
    const char *card = diff_card(value);
    if (card)
        snprintf(buf, cap, "%s", card);
    else if (json_is_string(value))
        snprintf(buf, cap, "%s", json_string_value(value));
    else if (json_is_integer(value))
        snprintf(buf, cap, "%lld", (long long)json_integer_value(value));
    else if (json_is_boolean(value))
        snprintf(buf, cap, "%s", json_is_true(value) ? "yes" : "no");
    else
        snprintf(buf, cap, "-");
}

/* How many items of list are the card named name. */
static int diff_count_named(json_t *list, const char *name)
{
    size_t i;
    json_t *item;
    int n = 0;
    json_array_foreach(list, i, item)
    {
        const char *c = diff_card(item);
        n += c && !strcmp(c, name);
    }
    return n;
}

/* "+ X" for each card of b not matched in a (by name, hidden ones aside); sign '-' swaps.
 * Returns how many lines it wrote. */
static int diff_cards_gained(json_t *a, json_t *b, char sign, const char *label, carta_text *out)
{
    int said = 0;
    size_t i;
    json_t *item;
    json_array_foreach(b, i, item)
    {
        const char *name = diff_card(item);
        if (!name || !strcmp(name, "?"))
            continue;
        int before = 0; /* copies of name in b before index i: report each surplus copy once */
        for (size_t k = 0; k < i; k++) {
            const char *o = diff_card(json_array_get(b, k));
            before += o && !strcmp(o, name);
        }
        if (before >= diff_count_named(a, name)) {
            carta_text_printf(out, "  %s: %c %s\n", label, sign, name);
            said++;
        }
    }
    return said;
}

static int diff_is_zone(json_t *v)
{
    return json_is_object(v) && json_object_size(v) == 2 &&
           json_is_integer(json_object_get(v, "count")) &&
           json_is_array(json_object_get(v, "cards"));
}

static void diff_zone(json_t *a, json_t *b, const char *label, carta_text *out)
{
    json_t *ca = json_object_get(a, "cards"), *cb = json_object_get(b, "cards");
    long long na = json_integer_value(json_object_get(a, "count"));
    long long nb = json_integer_value(json_object_get(b, "count"));
    int gained = diff_cards_gained(ca, cb, '+', label, out);
    int lost = diff_cards_gained(cb, ca, '-', label, out);
    if (nb - na != gained - lost) /* some of it is hidden: say how many */
        carta_text_printf(out, "  %s: %lld -> %lld card%s\n", label, na, nb, nb == 1 ? "" : "s");
}

/* The key identifying an item of a list across views ("uid" of a piece, "slot" of a Realm). */
static json_t *diff_item_id(json_t *item)
{
    json_t *id = json_is_object(item) ? json_object_get(item, "uid") : NULL;
    return id ? id : json_is_object(item) ? json_object_get(item, "slot") : NULL;
}

static json_t *diff_find_item(json_t *list, json_t *id)
{
    size_t i;
    json_t *item;
    json_array_foreach(list, i, item) if (json_equal(diff_item_id(item), id)) return item;
    return NULL;
}

/* An item's name: its card's ("card", "unit") or its label. */
static const char *diff_item_name(json_t *item, const char *fallback)
{
    const char *keys[] = {"card", "unit"};
    for (int k = 0; k < 2; k++) {
        const char *n = diff_card(json_object_get(item, keys[k]));
        if (n)
            return n;
    }
    return fallback;
}

static void diff_value(json_t *a, json_t *b, const char *label, carta_text *out);

static void diff_identified_list(json_t *a, json_t *b, const char *label, carta_text *out)
{
    size_t i;
    json_t *item;
    json_array_foreach(b, i, item)
    {
        json_t *old = diff_find_item(a, diff_item_id(item));
        if (!old)
            carta_text_printf(out, "  %s: + %s\n", label, diff_item_name(item, "?"));
        else
            diff_value(old, item, diff_item_name(item, label), out);
    }
    json_array_foreach(a, i, item) if (!diff_find_item(b, diff_item_id(item)))
        carta_text_printf(out, "  %s: - %s\n", label, diff_item_name(item, "?"));
}

static void diff_map(json_t *a, json_t *b, const char *label, carta_text *out)
{
    const char *key;
    json_t *vb;
    json_object_foreach(b, key, vb)
    {
        char sub[160];
        json_t *va = json_object_get(a, key);
        /* counters, zones and the seat number are grouping words: "player 2 aember" */
        if (!strcmp(key, "counters") || !strcmp(key, "zones") || !strcmp(key, "cells") ||
            !strcmp(key, "pieces"))
            snprintf(sub, sizeof sub, "%s", label);
        else if (label[0])
            snprintf(sub, sizeof sub, "%s %s", label, key);
        else
            snprintf(sub, sizeof sub, "%s", key);
        if (!strcmp(key, "seat") || !strcmp(key, "uid") || !strcmp(key, "slot"))
            continue;
        if (!va) {
            const char *name = json_is_object(vb) ? diff_item_name(vb, NULL) : NULL;
            if (name)
                carta_text_printf(out, "  %s: + %s\n", sub, name);
            continue;
        }
        diff_value(va, vb, sub, out);
    }
    json_object_foreach(a, key, vb) if (!json_object_get(b, key) && json_is_object(vb))
    {
        const char *name = diff_item_name(vb, NULL);
        if (name)
            carta_text_printf(out, "  %s %s: - %s\n", label, key, name);
    }
}

static void diff_value(json_t *a, json_t *b, const char *label, carta_text *out)
{
    char va[96], vb[96];
    if (json_equal(a, b))
        return;
    if (diff_is_zone(a) && diff_is_zone(b)) {
        diff_zone(a, b, label, out);
    } else if (json_is_array(a) && json_is_array(b)) {
        json_t *first = json_array_get(json_array_size(b) ? b : a, 0);
        if (diff_item_id(first))
            diff_identified_list(a, b, label, out);
        else {
            diff_cards_gained(a, b, '+', label, out);
            diff_cards_gained(b, a, '-', label, out);
        }
    } else if (json_is_object(a) && json_is_object(b) && !diff_card(a) && !diff_card(b)) {
        diff_map(a, b, label, out);
    } else {
        diff_scalar(a, va, sizeof va);
        diff_scalar(b, vb, sizeof vb);
        carta_text_printf(out, "  %s: %s -> %s\n", label, va, vb);
    }
}

void carta_view_diff(json_t *before, json_t *after, carta_text *out)
{
    const char *key;
    json_t *vb;
    json_object_foreach(after, key, vb)
    {
        json_t *va = json_object_get(before, key);
        if (diff_is_quiet(key) || !va)
            continue;
        if (!strcmp(key, "seats") && json_is_array(va) && json_is_array(vb)) {
            for (size_t p = 0; p < json_array_size(vb); p++) {
                char label[32];
                snprintf(label, sizeof label, "player %zu", p + 1);
                diff_value(json_array_get(va, p), json_array_get(vb, p), label, out);
            }
        } else {
            diff_value(va, vb, key, out);
        }
    }
    json_t *end = json_object_get(after, "end");
    if (json_is_string(end) && !json_equal(end, json_object_get(before, "end")))
        carta_text_printf(out, "  game over: %s\n", json_string_value(end));
}
