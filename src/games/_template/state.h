/* state.h: the flat state of High Tide, the template rule system (docs/new-game.md).
 *
 * One value, no pointers: clone is memcpy. Each seat has its deck list (public), hand, deck and
 * discard as core zones; the cards played to the current trick (the tide) are items with their
 * owners. The answer window, the events and the PRNG are core types kept inside the state. */
#ifndef TIDE_STATE_H
#define TIDE_STATE_H

#include <stdint.h>

#include "core/event.h"
#include "core/rng.h"
#include "core/window.h"
#include "core/zone.h"

enum {
    TIDE_SEATS = 4,       /* the most players */
    TIDE_DECK_MAX = 20,   /* cards in one deck */
    TIDE_TURN_LIMIT = 120 /* turns after which the game ends on the scores (a safety net) */
};

#define TIDE_UNKNOWN 0xFFFFu /* a card id hidden from the observer */

enum tide_phase {
    TIDE_PHASE_LEAD = 0, /* the active player leads a card */
    TIDE_PHASE_ANSWER,   /* the answer window is open: the seat asked answers higher or passes */
    TIDE_PHASE_OVER
};

typedef CARTA_ZONE(TIDE_DECK_MAX) tide_zone;

typedef struct tide_seat {
    uint8_t score;
    uint8_t pad[3];
    tide_zone deck_list, hand, deck, discard; /* deck top = cards[n - 1] */
} tide_seat;

/* A card on the tide and who played it. */
typedef struct tide_played {
    uint16_t card;
    uint8_t owner;
    uint8_t pad;
} tide_played;

typedef struct tide_state {
    carta_rng rng;
    uint8_t n_seats;
    uint8_t phase;          /* enum tide_phase */
    int8_t active;          /* who leads this turn */
    uint8_t target;         /* points to win (option points_to_win) */
    uint16_t turn;          /* 1-based */
    uint8_t n_tide;
    uint8_t end;            /* why the game ended: a tide_word reason, 0 while it goes on */
    carta_window window;    /* the answer window after a lead */
    tide_played tide[TIDE_SEATS * TIDE_DECK_MAX];
    tide_seat seat[TIDE_SEATS];
    carta_events events;
} tide_state;

#endif
