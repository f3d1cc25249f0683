/* event_fixture.c: the events of a state in the unit tests (event_fixture.h). */
#include "event_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/layout.h"

static const carta_events *events_of(const carta_game *g, const carta_rules *r,
                                     const void *state)
{
    const carta_events *e = carta_layout_events_of(g->layout(r), state);
    assert_non_null(e);
    return e;
}

const carta_events *evfx_seen(const carta_game *g, const carta_rules *r, const void *state,
                              int viewer)
{
    static void *obs;
    static size_t size;
    if (size < g->state_size) {
        free(obs);
        obs = malloc(g->state_size);
        size = g->state_size;
    }
    assert_non_null(obs);
    g->observe(r, state, viewer, obs);
    return events_of(g, r, obs);
}

const char *evfx_told(const carta_game *g, const carta_rules *r, const void *state, int viewer)
{
    static carta_text t;
    carta_text_clear(&t);
    carta_events_text(g, r, evfx_seen(g, r, state, viewer), viewer, "", &t);
    return carta_text_str(&t);
}

const carta_event *evfx_find(const carta_game *g, const carta_rules *r, const void *state,
                             int kind)
{
    const carta_events *e = events_of(g, r, state);
    for (int i = 0; i < e->n; i++)
        if (e->ev[i].kind == kind)
            return &e->ev[i];
    fail_msg("no %s event among %d", carta_event_kind_name(kind), e->n);
    return NULL;
}
