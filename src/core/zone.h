/* zone.h: zones of cards inside a flat state (hand, deck, discard...) and what each seat knows of
 * the cards in them.
 *
 * A zone is a count, the seats that see its contents (`seen`: a hand is seen by its owner, a
 * discard pile by everyone, a deck by no one), the card ids (a deck's top is the LAST one) and, per
 * card, the seats that know that card although the zone hides it (`known`). Knowledge follows a
 * card: whoever could see it where it was still knows it where it goes (a creature returned to
 * its owner's hand is known to everyone; a card put under a deck from a hand is known to its
 * owner), until the zone is shuffled. Masks are bit per seat (bit s = seat s).
 *
 * Each game declares its zone types with CARTA_ZONE(cap) and works on them through a
 * carta_zone_ref (CARTA_ZONE_REF(&zone)), so the moves, the shuffles and the hiding are written
 * once, here. Slots past the count are kept at zero: a card that left leaves nothing behind. */
#ifndef CARTA_ZONE_H
#define CARTA_ZONE_H

#include <stdint.h>
#include <string.h>

#include "rng.h"
#include "status.h"

#define CARTA_SEEN_ALL 0x3Fu /* every seat (CARTA_MAX_SEATS = 6) */
#define CARTA_SEAT_BIT(seat) ((uint8_t)(1u << (seat)))

/* A zone type of capacity cap (at most 255). */
#define CARTA_ZONE(cap)                                                                       \
    struct {                                                                                  \
        uint8_t n;                                                                            \
        uint8_t seen;                                                                         \
        uint16_t cards[cap];                                                                  \
        uint8_t known[cap];                                                                   \
    }

/* A zone as core's functions see it. */
typedef struct carta_zone_ref {
    uint8_t *n;
    uint8_t *seen;
    uint16_t *cards;
    uint8_t *known;
    int cap;
} carta_zone_ref;

#define CARTA_ZONE_REF(z)                                                                     \
    ((carta_zone_ref){&(z)->n, &(z)->seen, (z)->cards, (z)->known,                            \
                      (int)(sizeof (z)->cards / sizeof (z)->cards[0])})

/* Puts card at index (0 = bottom), moving the cards above it up, with the seats that know it
 * (beyond those that see the zone). Returns 0 if the zone is full (nothing changes), else 1. */
static inline int carta_zone_insert(carta_zone_ref z, int index, uint16_t card, uint8_t known)
{
    int n = *z.n;
    if (n >= z.cap || index < 0 || index > n)
        return 0;
    memmove(&z.cards[index + 1], &z.cards[index], (size_t)(n - index) * sizeof *z.cards);
    memmove(&z.known[index + 1], &z.known[index], (size_t)(n - index));
    z.cards[index] = card;
    z.known[index] = known;
    *z.n = (uint8_t)(n + 1);
    return 1;
}

/* Puts card on top (see carta_zone_insert). */
static inline int carta_zone_push(carta_zone_ref z, uint16_t card, uint8_t known)
{
    return carta_zone_insert(z, *z.n, card, known);
}

/* Removes the card at index and returns it; *known (if not NULL) gets every seat that knew it
 * there (those that see the zone and those that knew that card). */
static inline uint16_t carta_zone_take(carta_zone_ref z, int index, uint8_t *known)
{
    int n = *z.n;
    uint16_t card = z.cards[index];
    if (known)
        *known = (uint8_t)(z.known[index] | *z.seen);
    memmove(&z.cards[index], &z.cards[index + 1], (size_t)(n - index - 1) * sizeof *z.cards);
    memmove(&z.known[index], &z.known[index + 1], (size_t)(n - index - 1));
    z.cards[n - 1] = 0;
    z.known[n - 1] = 0;
    *z.n = (uint8_t)(n - 1);
    return card;
}

/* Takes the card at index of from and puts it on top of to, known to whoever knew it. Returns
 * the card. to must have room. */
static inline uint16_t carta_zone_move(carta_zone_ref from, int index, carta_zone_ref to)
{
    uint8_t known;
    uint16_t card = carta_zone_take(from, index, &known);
    carta_zone_push(to, card, known);
    return card;
}
/* Shuffles the zone with rng (as carta_rng_shuffle of its cards) and forgets who knew what. */
void carta_zone_shuffle(carta_zone_ref z, carta_rng *rng);
/* Empties the zone. */
void carta_zone_clear(carta_zone_ref z);

/* For a game's check: a zone's count within its capacity and its `seen` mask the one its rules
 * give; else CARTA_ERR_STATE with err naming game_id, the seat and the zone (what). */
#define CARTA_ZONE_CHECK(z, want_seen, game_id, seat, what, err)                               \
    carta_zone_check((z).n, (z).seen, (int)(sizeof (z).cards / sizeof (z).cards[0]),          \
                     (want_seen), (game_id), (seat), (what), (err))
carta_status carta_zone_check(int n, uint8_t seen, int cap, uint8_t want_seen,
                              const char *game_id, int seat, const char *what, carta_error *err);
/* Whether viewer may see the card at index (viewer < 0: a spectator, who sees what all seats
 * see). */
int carta_zone_visible(carta_zone_ref z, int index, int viewer);
/* In an observation for viewer: every card viewer may not see becomes unknown, and every slot
 * past the count is zeroed. */
void carta_zone_hide(carta_zone_ref z, int viewer, uint16_t unknown);

#endif
