/* layout.h: a map of the arrays in a game's flat state, so that core can hide what a seat may not
 * see and clear what no longer holds anything, once for every rule system.
 *
 * A game lists, once, every zone (CARTA_ZONE), every array with a count (creatures in play, the
 * pending stack, a damage queue) and every secret (the PRNG) of its state as carta_slot entries.
 * carta_layout_observe then turns a copy of the true state into an observation by construction:
 * each zone shows only what the viewer may see, each slot past a count is zero, each secret is
 * zero. What is left to a game's observe is only what no zone can say (a face-down pick).
 * The same table lets tests fill every unused slot with canary bytes and check that no
 * observation changes (tests/unit/test_generic.c, carta soak). */
#ifndef CARTA_LAYOUT_H
#define CARTA_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

#include "event.h"
#include "rng.h"
#include "zone.h"

enum carta_slot_kind {
    CARTA_SLOT_ZONE = 1, /* a CARTA_ZONE(cap) at `at` */
    CARTA_SLOT_ITEMS,    /* cap items of item_size bytes at `at`, count_size-byte count at count_at */
    CARTA_SLOT_SECRET,   /* item_size bytes at `at` that no seat sees (the PRNG) */
    CARTA_SLOT_EVENTS,   /* a carta_events at `at`: cards hidden per event, unused events zero */
    CARTA_SLOT_NESTED    /* in each used item of the ITEMS slot just before: an array with a
                            1-byte count (the upgrades of each creature in play) */
};

typedef struct carta_slot {
    uint8_t kind;       /* enum carta_slot_kind */
    uint8_t count_size; /* ITEMS: 1, 2 or 4 (an unsigned or int count) */
    uint16_t item_size; /* ITEMS, NESTED: bytes per item; SECRET: bytes */
    uint16_t cap;       /* ZONE, ITEMS, NESTED: capacity */
    uint32_t at;        /* byte offset in the state; NESTED: of the array in the outer item */
    uint32_t count_at;  /* ITEMS: byte offset of the count; NESTED: of the count in the item */
} carta_slot;

/* A growing table of slots, filled by a game when it opens its rules. */
typedef struct carta_layout {
    int n, cap;
    carta_slot *slot;
} carta_layout;

/* Byte offset of a member of a state (any expression reaching into *st from st). */
#define CARTA_AT(st, member) ((uint32_t)((const char *)&(st)->member - (const char *)(st)))

/* Adds a zone, an array with its count, or a secret. Return 0 when out of memory. */
int carta_layout_zone(carta_layout *l, uint32_t at, int cap);
int carta_layout_items(carta_layout *l, uint32_t count_at, int count_size, uint32_t at,
                       int item_size, int cap);
int carta_layout_secret(carta_layout *l, uint32_t at, int size);
/* Adds an array inside each item of the last ITEMS slot added: its count and its first element
 * at these byte offsets within the item. */
int carta_layout_nested(carta_layout *l, uint32_t count_in_item, uint32_t at_in_item,
                        int item_size, int cap);
/* Adds the state's event list (core/event.h). */
int carta_layout_events(carta_layout *l, uint32_t at);
void carta_layout_free(carta_layout *l);

/* Adds the items of array `member` of *st whose count is `count` (both reached from st). */
#define CARTA_LAYOUT_ITEMS(l, st, count, member)                                              \
    carta_layout_items((l), CARTA_AT(st, count), (int)sizeof (st)->count, CARTA_AT(st, member), \
                       (int)sizeof (st)->member[0],                                           \
                       (int)(sizeof (st)->member / sizeof (st)->member[0]))
/* Adds array `member` with count `count` inside every item of the last ITEMS slot, whose items
 * are of type *(item) (both members reached from item). */
#define CARTA_LAYOUT_NESTED(l, item, count, member)                                           \
    carta_layout_nested((l), CARTA_AT(item, count), CARTA_AT(item, member),                   \
                        (int)sizeof (item)->member[0],                                        \
                        (int)(sizeof (item)->member / sizeof (item)->member[0]))
#define CARTA_LAYOUT_ZONE(l, st, member)                                                      \
    carta_layout_zone((l), CARTA_AT(st, member),                                              \
                      (int)(sizeof (st)->member.cards / sizeof (st)->member.cards[0]))

/* The zone of a ZONE slot in state. */
carta_zone_ref carta_layout_zone_ref(const carta_slot *slot, void *state);
/* The count of an ITEMS slot in state. */
long carta_layout_count(const carta_slot *slot, const void *state);

/* Turns state (a copy of the true state) into viewer's observation as far as the layout can:
 * zones hidden per card, unused slots zeroed, secrets zeroed. */
void carta_layout_observe(const carta_layout *l, void *state, int viewer, uint16_t unknown);

/* Whether state is already an observation: every secret is zero (a live PRNG never is). Lets
 * determinize skip observing an observation again, the common case in search. */
int carta_layout_observed(const carta_layout *l, const void *state);

/* For tests: fills every unused slot (past a count, in zones and arrays) and every secret of
 * state with bytes from rng. A state that differs from another only there must give every seat
 * the same observation. */
void carta_layout_canary(const carta_layout *l, void *state, carta_rng *rng);

/* The event list of state, or NULL if the layout has none. */
struct carta_events *carta_layout_events_of(const carta_layout *l, const void *state);

/* For tests: replaces every card of state's events that viewer may not see by a random one. */
void carta_layout_scramble_events(const carta_layout *l, void *state, int viewer, uint64_t salt);

/* For checks: 1 if every unused slot of state (an observation) is zero, else 0 and *bad gets the
 * index of the first slot that is not. */
int carta_layout_clean(const carta_layout *l, const void *state, int *bad);

#endif
