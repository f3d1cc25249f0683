/* view_events.c: the whole view of an observation: the game's own keys, then the events of the
 * last apply as the viewer may see them (docs/view.md, "events"). */
#include <stdio.h>

#include "event.h"
#include "layout.h"
#include "view.h"

static void view_event_card(carta_view *v, const char *key, uint16_t stored)
{
    int id = carta_event_card_id(stored);
    if (id == -1)
        return;
    carta_view_card(v, key, id == -2 ? -1 : id, -1);
}

static void view_event_word(carta_view *v, const carta_game *g, const carta_rules *r,
                            const char *key, const carta_event *ev, int word)
{
    const char *w = word && g->event_word ? g->event_word(r, word) : NULL;
    char filled[128];
    if (!w)
        return;
    carta_event_word_fill(w, ev->amount, ev->value, filled, sizeof filled);
    carta_view_str(v, key, filled);
}

static void view_event(carta_view *v, const carta_game *g, const carta_rules *r,
                       const carta_events *e, int i, int viewer)
{
    const carta_event *ev = &e->ev[i];
    carta_view_map(v, NULL);
    carta_view_str(v, "kind", carta_event_kind_name(ev->kind));
    if (ev->seat >= 0)
        carta_view_int(v, "seat", ev->seat);
    if (ev->other >= 0)
        carta_view_int(v, "other", ev->other);
    view_event_card(v, "card", ev->card);
    view_event_card(v, "target", ev->target);
    view_event_word(v, g, r, "word", ev, ev->word);
    view_event_word(v, g, r, "from", ev, ev->from);
    view_event_word(v, g, r, "to", ev, ev->to);
    carta_view_int(v, "amount", ev->amount);
    carta_view_int(v, "value", ev->value);
    carta_events one = {.n = 1};
    one.ev[0] = *ev;
    carta_text line = {0};
    carta_events_text(g, r, &one, viewer, "", &line);
    if (line.len && line.buf[line.len - 1] == '\n')
        line.buf[--line.len] = '\0';
    carta_view_str(v, "text", carta_text_str(&line));
    carta_text_free(&line);
    carta_view_end(v);
}

carta_view *carta_view_observation(const carta_game *g, const carta_rules *r, const void *obs,
                                   int seat)
{
    carta_view *v = carta_view_new(g, r);
    if (!v)
        return NULL;
    g->view(r, obs, seat, v);
    const carta_events *e = carta_layout_events_of(g->layout ? g->layout(r) : NULL, obs);
    carta_view_list(v, "events");
    for (int i = 0; e && i < e->n && i < CARTA_EVENT_MAX; i++)
        view_event(v, g, r, e, i, seat);
    carta_view_end(v);
    if (e && e->dropped)
        carta_view_int(v, "events_dropped", e->dropped);
    return v;
}
