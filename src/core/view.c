/* view.c: the structured-view writer, its path lookup and its text sink (view.h). */
#include "view.h"

#include <stdlib.h>
#include <string.h>

#include "simultaneous.h"

enum { VIEW_DEPTH = 24 };

struct carta_view {
    const carta_game *game;
    const carta_rules *rules;
    json_t *root;
    json_t *open[VIEW_DEPTH]; /* open containers, root first */
    int depth;
    int broken;
};

carta_view *carta_view_new(const carta_game *game, const carta_rules *rules)
{
    carta_view *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->game = game;
    v->rules = rules;
    v->root = json_object();
    if (!v->root) {
        free(v);
        return NULL;
    }
    v->open[v->depth++] = v->root;
    return v;
}

void carta_view_free(carta_view *v)
{
    if (!v)
        return;
    json_decref(v->root);
    free(v);
}

/* Adds value (a new reference, taken over) under key to the innermost container; 0 if it could
 * not (the view is then broken). jansson's *_new calls release the value when they fail. */
static int view_put(carta_view *v, const char *key, json_t *value)
{
    json_t *into = v->open[v->depth - 1];
    int ok;
    if (json_is_object(into) && key)
        ok = json_object_set_new(into, key, value) == 0;
    else if (json_is_array(into) && !key)
        ok = json_array_append_new(into, value) == 0;
    else {
        json_decref(value);
        ok = 0;
    }
    if (!ok)
        v->broken = 1;
    return ok;
}

static void view_open(carta_view *v, const char *key, json_t *container)
{
    if (v->depth >= VIEW_DEPTH) {
        json_decref(container);
        v->broken = 1;
        return;
    }
    if (container && view_put(v, key, container)) /* the parent holds it */
        v->open[v->depth++] = container;
    else
        v->broken = 1;
}

void carta_view_map(carta_view *v, const char *key) { view_open(v, key, json_object()); }
void carta_view_list(carta_view *v, const char *key) { view_open(v, key, json_array()); }

void carta_view_end(carta_view *v)
{
    if (v->depth <= 1)
        v->broken = 1;
    else
        v->depth--;
}

void carta_view_int(carta_view *v, const char *key, long long value)
{
    view_put(v, key, json_integer(value));
}

void carta_view_bool(carta_view *v, const char *key, int value)
{
    view_put(v, key, json_boolean(value));
}

void carta_view_str(carta_view *v, const char *key, const char *value)
{
    view_put(v, key, value ? json_string(value) : json_null());
}

void carta_view_null(carta_view *v, const char *key) { view_put(v, key, json_null()); }

void carta_view_card(carta_view *v, const char *key, int card_id, int unknown)
{
    json_t *c = card_id == unknown || card_id < 0
                    ? json_pack("{s:n}", "card")
                    : json_pack("{s:s,s:i}", "card", v->game->card_name(v->rules, card_id), "id",
                                card_id);
    view_put(v, key, c);
}

void carta_view_zone(carta_view *v, const char *key, const uint16_t *cards, int n, int unknown)
{
    carta_view_map(v, key);
    carta_view_int(v, "count", n);
    carta_view_list(v, "cards");
    for (int i = 0; i < n; i++)
        carta_view_card(v, NULL, cards[i], unknown);
    carta_view_end(v);
    carta_view_end(v);
}

void carta_view_head(carta_view *v, int viewer, int turn, int round, const char *phase)
{
    carta_view_str(v, "game", v->game->id);
    if (viewer >= 0)
        carta_view_int(v, "viewer", viewer);
    else
        carta_view_null(v, "viewer");
    carta_view_int(v, "turn", turn);
    if (round >= 0)
        carta_view_int(v, "round", round);
    else
        carta_view_null(v, "round");
    carta_view_str(v, "phase", phase);
}

void carta_view_progress(carta_view *v, const void *obs, int winner, const char *end)
{
    unsigned deciding = carta_deciding(v->game, v->rules, obs);
    int over = v->game->to_act(v->rules, obs) == CARTA_NO_SEAT;
    carta_view_list(v, "to_act");
    for (int s = 0; s < CARTA_MAX_SEATS; s++)
        if (deciding & (1u << s))
            carta_view_int(v, NULL, s);
    carta_view_end(v);
    carta_view_bool(v, "over", over);
    if (over && winner >= 0)
        carta_view_int(v, "winner", winner);
    else
        carta_view_null(v, "winner");
    carta_view_str(v, "end", over ? end : NULL);
}

json_t *carta_view_json(const carta_view *v)
{
    return v && !v->broken && v->depth == 1 ? v->root : NULL;
}

json_t *carta_view_get(json_t *root, const char *path)
{
    char part[128];
    json_t *at = root;
    while (at && *path) {
        size_t n = strcspn(path, ".");
        if (n >= sizeof part)
            return NULL;
        memcpy(part, path, n);
        part[n] = 0;
        path += n + (path[n] == '.');
        if (json_is_object(at)) {
            at = json_object_get(at, part);
        } else if (json_is_array(at)) {
            char *end;
            long i = strtol(part, &end, 10);
            at = *part && !*end && i >= 0 ? json_array_get(at, (size_t)i) : NULL;
        } else {
            return NULL;
        }
    }
    return at;
}

/* A card reference's name ("?" when unknown), or NULL if value is not one. */
static const char *view_card_name(json_t *value)
{
    json_t *card = json_is_object(value) && json_object_size(value) <= 2
                       ? json_object_get(value, "card")
                       : NULL;
    if (!card)
        return NULL;
    return json_is_string(card) ? json_string_value(card) : "?";
}

static void view_scalar(json_t *value, carta_text *out)
{
    const char *name = view_card_name(value);
    if (name)
        carta_text_printf(out, "%s", name);
    else if (json_is_string(value))
        carta_text_printf(out, "%s", json_string_value(value));
    else if (json_is_integer(value))
        carta_text_printf(out, "%lld", (long long)json_integer_value(value));
    else if (json_is_boolean(value))
        carta_text_printf(out, "%s", json_is_true(value) ? "yes" : "no");
    else if (json_is_null(value))
        carta_text_printf(out, "-");
}

static int view_is_scalar(json_t *value)
{
    return !json_is_object(value) && !json_is_array(value) ? 1 : view_card_name(value) != NULL;
}

/* A list of scalars (cards, numbers) fits on one line. */
static int view_flat_list(json_t *value)
{
    size_t i;
    json_t *item;
    if (!json_is_array(value))
        return 0;
    json_array_foreach(value, i, item) if (!view_is_scalar(item)) return 0;
    return 1;
}

static void view_lines(json_t *value, int indent, carta_text *out);

static void view_entry(const char *label, json_t *value, int indent, carta_text *out)
{
    carta_text_printf(out, "%*s%s:", indent, "", label);
    if (view_is_scalar(value)) {
        carta_text_printf(out, " ");
        view_scalar(value, out);
        carta_text_printf(out, "\n");
    } else if (view_flat_list(value)) {
        size_t i;
        json_t *item;
        json_array_foreach(value, i, item)
        {
            carta_text_printf(out, i ? ", " : " ");
            view_scalar(item, out);
        }
        carta_text_printf(out, json_array_size(value) ? "\n" : " (none)\n");
    } else {
        carta_text_printf(out, "\n");
        view_lines(value, indent + 2, out);
    }
}

static void view_lines(json_t *value, int indent, carta_text *out)
{
    if (json_is_object(value)) {
        const char *key;
        json_t *item;
        json_object_foreach(value, key, item) view_entry(key, item, indent, out);
    } else if (json_is_array(value)) {
        size_t i;
        json_t *item;
        json_array_foreach(value, i, item)
        {
            char label[24];
            snprintf(label, sizeof label, "%zu", i);
            view_entry(label, item, indent, out);
        }
    }
}

void carta_view_text(json_t *root, carta_text *out) { view_lines(root, 0, out); }
