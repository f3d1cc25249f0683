/* event_fixture.h: reading the events of a state's last apply (core/event.h) in the unit tests
 * of every rule system: as a seat's observation holds them, as the lines it reads, and the first
 * of a kind in the true state. */
#ifndef EVENT_FIXTURE_H
#define EVENT_FIXTURE_H

#include "core/event.h"
#include "core/game.h"

/* The events of state as viewer's observation holds them (valid until the next call). */
const carta_events *evfx_seen(const carta_game *g, const carta_rules *r, const void *state,
                              int viewer);

/* The lines viewer reads of the last apply (valid until the next call). */
const char *evfx_told(const carta_game *g, const carta_rules *r, const void *state, int viewer);

/* The first event of kind in the true state's list; fails the test if there is none. */
const carta_event *evfx_find(const carta_game *g, const carta_rules *r, const void *state,
                             int kind);

#endif
