/* state.h: the flat game state of the Leaders rule system (one value, no pointers, memcpy clone).
 *
 * The board is 5 columns (A..E) by 6 rows (1..6); cell = row * 5 + col (0..29), A1 = 0, E6 = 29.
 * Seat 0's field is rows 1..3 (row 1 nearest seat 0, its Leader starts on C1); seat 1's field is
 * rows 4..6 (its Leader starts on C6). Directions are absolute: north is toward row 6, east
 * toward column E. Seat 0's Characters start facing north, seat 1's facing south.
 *
 * Card ids index the rules' catalog, which holds every kind of thing in the data files: Leaders,
 * Domains, Units and playable cards (docs/card-format/leaders.md). A board cell holds a Character
 * (its kind is the catalog id of a Leader or a Unit). LEADERS_UNKNOWN stands for a card an observer
 * cannot see. A deck's top card is its LAST element (cards[n - 1]).
 *
 * Scenario code may fill a zeroed state directly: set version, each seat's leader, domain,
 * deck_list, zones, barracks; put Characters on the board with leaders_state_place (leaders.h);
 * set active, first, turn (>= 1), phase = LEADERS_PHASE_MAIN, chain = -1, facedown =
 * LEADERS_NONE, winner = -1 (happened stays empty: no event yet). */
#ifndef LEADERS_STATE_H
#define LEADERS_STATE_H

#include <stdint.h>

#include "core/event.h"
#include "core/pending.h"
#include "core/rng.h"
#include "core/zone.h"

enum {
    LEADERS_SEATS = 2,
    LEADERS_COLS = 5,
    LEADERS_ROWS = 6,
    LEADERS_CELLS = 30,
    LEADERS_FIELD_ROWS = 3,
    LEADERS_DECK_SIZE = 30,     /* cards in a deck (besides its Leader and Domain) */
    LEADERS_ZONE_MAX = 40,      /* cards in one zone (hand, deck, discard, deck list) */
    LEADERS_BARRACKS_MAX = 24,  /* Units in one seat's Barracks or Graveyard */
    LEADERS_EVENTS_MAX = 80,    /* cards in the shared Event pile */
    LEADERS_HAND_LIMIT = 8,     /* at the end of its turn a seat discards down to this */
    LEADERS_OPENING_HAND = 5,
    LEADERS_CARDS_PER_TURN = 2, /* cards a seat may play per round (docs/rulings/leaders.md) */
    LEADERS_TURN_LIMIT = 200    /* turns after which the game is a draw (docs/rulings) */
};

#define LEADERS_UNKNOWN 0xFFFFu  /* a card id hidden from the observer */
#define LEADERS_NONE 0xFFFEu     /* no card (facedown slot empty, empty cell's kind) */
#define LEADERS_EVENT_SEAT1 0x8000u /* events[i] = card id | this bit if seat 1 played it */

enum leaders_dir { LEADERS_NORTH = 0, LEADERS_EAST, LEADERS_SOUTH, LEADERS_WEST };

enum leaders_phase {
    LEADERS_PHASE_MAIN = 0, /* the active seat commands, plays cards, or ends its turn */
    LEADERS_PHASE_OVER      /* the game is over: see winner / draw */
};

/* Flags of a Character on the board. */
enum {
    LEADERS_C_EXHAUSTED = 1 << 0,  /* no action left this turn */
    LEADERS_C_REDIRECTED = 1 << 1, /* has been redirected this turn (once per turn, ruling) */
    LEADERS_C_LEADER = 1 << 2,     /* this Character is its seat's Leader */
    LEADERS_C_ACTED = 1 << 3       /* has begun its actions this turn */
};

/* One cell of the board. kind == LEADERS_NONE: the cell is empty. 8 bytes. */
typedef struct leaders_char {
    uint16_t kind;   /* catalog id of the Leader or Unit */
    uint8_t owner;   /* seat */
    uint8_t dir;     /* enum leaders_dir */
    uint8_t health;  /* health left (0 never stays on the board) */
    uint8_t acts;    /* actions left this turn */
    uint8_t flags;   /* LEADERS_C_* */
    uint8_t pad;
} leaders_char;

/* A zone of card ids, with who sees and knows them (core/zone.h). */
typedef CARTA_ZONE(LEADERS_ZONE_MAX) leaders_zone;

typedef struct leaders_seat {
    uint16_t leader;          /* catalog id of the seat's Leader */
    uint16_t domain;          /* catalog id of the seat's Domain */
    uint8_t cards_played;     /* cards played since the start of this seat's last turn */
    uint8_t summons;          /* Units summoned this turn */
    int8_t summon_bonus;      /* extra summons granted this turn by effects */
    uint8_t n_barracks;
    uint8_t n_graveyard;
    uint8_t pad[3];
    uint16_t barracks[LEADERS_BARRACKS_MAX];  /* Unit kinds waiting to be summoned */
    uint16_t graveyard[LEADERS_BARRACKS_MAX]; /* Unit kinds destroyed (never return) */
    leaders_zone deck_list;   /* the 30 cards as registered (public, ruling) */
    leaders_zone hand, deck, discard;
} leaders_seat;

typedef struct leaders_state {
    uint32_t version;         /* LEADERS_STATE_VERSION */
    carta_rng rng;
    uint8_t phase;            /* enum leaders_phase */
    int8_t active;            /* seat whose turn it is */
    int8_t first;             /* seat that took the first turn (coin toss) */
    int8_t winner;            /* winning seat, or -1 */
    uint8_t draw;             /* 1 if the game ended in a draw (turn limit) */
    int8_t chain;             /* cell of the Character whose remaining actions must be done
                                 before another is commanded, or -1 */
    uint8_t cycle;            /* action kinds (1 << leaders_act) of the current action cycle */
    uint8_t pad;
    uint16_t turn;            /* 1-based turn number */
    uint16_t turn_actions;    /* actions applied in the current turn */
    uint16_t facedown;        /* the face-down Attack card of the battle in progress, or NONE */
    uint16_t n_events;        /* the shared Event pile; the top (last) one is active */
    uint16_t events[LEADERS_EVENTS_MAX];
    leaders_char board[LEADERS_CELLS];
    leaders_seat seat[LEADERS_SEATS];
    carta_pending_stack pending; /* declared actions awaiting an answer (leaders.h frame kinds) */
    carta_events happened;    /* what the last apply (or setup) did, as events (core/event.h;
                                 words: enum leaders_word); `events` above is the Event pile */
} leaders_state;

#define LEADERS_STATE_VERSION 3u

#endif
