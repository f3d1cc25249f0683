/* event.h: what an action did, as structured events, kept inside the flat state.
 *
 * apply clears the state's event list and each rule system adds an event for everything that
 * happens (a card moved, Æmber stolen, a key forged, damage dealt, a creature destroyed, a turn
 * begun, the game won and why). Because the list lives in the state, observe hides it like any
 * zone: each event names the seats that see its card (`seen`), and every other seat gets the card
 * as hidden; the leak tests that resample hidden cards cover events with no extra code. Frontends
 * read the events of an observation: the view writes them under "events" (docs/view.md), the
 * terminal prints them as lines (carta_event_text), and a replay re-creates them exactly.
 *
 * Words (a verb, a counter's name, a zone, a reason) are small numbers each game names through
 * carta_game.event_word, so an event stays 16 bytes and no string lives in a state. */
#ifndef CARTA_EVENT_H
#define CARTA_EVENT_H

#include <stddef.h>
#include <stdint.h>

#include "text.h"

struct carta_game;
struct carta_rules;

enum carta_event_kind {
    CARTA_EV_NONE = 0,
    CARTA_EV_TURN,       /* seat begins turn `amount` (of round `value`, if any; a round's start
                            alone: amount 0; no seat: the round begins for all): a log marker */
    CARTA_EV_ACT,        /* seat <word> card [-> target]: "plays", "reaps with", "uses" */
    CARTA_EV_MOVE,       /* card of seat goes from zone `from` to zone `to` (word: the verb) */
    CARTA_EV_COUNTER,    /* seat's counter <word> changes by amount, to value */
    CARTA_EV_STEAL,      /* seat takes amount <word> from other, who has value left */
    CARTA_EV_CAPTURE,    /* card (seat's) captures amount <word> from other, who has value left */
    CARTA_EV_FORGE,      /* seat forges a key paying amount <word>, and has value keys */
    CARTA_EV_FIGHT,      /* card (seat's) fights target (other's); word: the verb, if not "fights" */
    CARTA_EV_DAMAGE,     /* card takes amount damage; value more was prevented */
    CARTA_EV_HEAL,       /* card heals amount */
    CARTA_EV_DESTROYED,  /* card (seat's) is destroyed */
    CARTA_EV_STATUS,     /* card is <word>: "stunned", "exhausted", "readied"; the word's slots
                            as NOTE's. DAMAGE, HEAL, DESTROYED and STATUS without a card tell
                            of the seat itself ("player 1 is knocked out") */
    CARTA_EV_REVEAL,     /* seat reveals card [for <word>] */
    CARTA_EV_ROLL,       /* seat rolls value [for <word>] */
    CARTA_EV_CHOOSE,     /* seat chooses <word> */
    CARTA_EV_NOTE,       /* seat <word> [card]: anything else a player must be told; a word's
                            %d slots (ACT too) take amount, then value */
    CARTA_EV_ELIMINATED, /* seat is out of the game: <word> */
    CARTA_EV_WON,        /* seat (and its team) wins: <word> */
    CARTA_EV_DRAWN,      /* the game ends in a draw: <word> */
    CARTA_EV_KINDS
};

#define CARTA_EV_NO_CARD 0u        /* card and target hold id + 1; 0 is none */
#define CARTA_EV_HIDDEN 0xFFFFu    /* a card the viewer may not see */
#define CARTA_EV_NO_SEAT (-1)

/* One event. 16 bytes, no padding: a state compares and digests bytewise. */
typedef struct carta_event {
    uint8_t kind;    /* enum carta_event_kind */
    int8_t seat;     /* whose it is, who did it; CARTA_EV_NO_SEAT */
    int8_t other;    /* the other seat (stolen from, captured from); CARTA_EV_NO_SEAT */
    uint8_t seen;    /* seats that see `card` (bit per seat); the others get CARTA_EV_HIDDEN */
    uint16_t card;   /* card id + 1, CARTA_EV_NO_CARD, or CARTA_EV_HIDDEN */
    uint16_t target; /* a second card, always public: id + 1 or CARTA_EV_NO_CARD */
    uint8_t word;    /* the game's word (event_word): a verb, counter, reason */
    uint8_t from;    /* MOVE: the game's word for the zone left */
    uint8_t to;      /* MOVE: the game's word for the zone entered */
    uint8_t pad;
    int16_t amount;
    int16_t value;
} carta_event;

enum { CARTA_EVENT_MAX = 48 };

/* The events of the last apply (setup's, before the first). dropped counts those past the cap. */
typedef struct carta_events {
    uint8_t n;
    uint8_t dropped;
    uint16_t pad;
    carta_event ev[CARTA_EVENT_MAX];
} carta_events;

/* Empties the list (its used slots back to zero). apply calls it first. */
void carta_events_clear(carta_events *e);

/* Adding is a few stores, inlined where a game tells what happens (apply's hot path). */

/* The next free event, or NULL (counted as dropped) when the list is full. */
static inline carta_event *carta_event_push(carta_events *e)
{
    if (e->n < CARTA_EVENT_MAX)
        return &e->ev[e->n++];
    if (e->dropped < UINT8_MAX)
        e->dropped++;
    return NULL;
}

/* A card id as an event stores it: id + 1; none for -1 and for ids from 0xFFF0 on (the games'
 * markers for an unknown card or an empty slot). */
static inline uint16_t carta_event_card(int card)
{
    return card >= 0 && card < 0xFFF0 ? (uint16_t)(card + 1) : CARTA_EV_NO_CARD;
}

/* Adds an event; past CARTA_EVENT_MAX it is counted in dropped. card and target are catalog
 * ids or -1 for none. */
static inline void carta_event_add(carta_events *e, int kind, int seat, int other, int card,
                                   uint8_t seen, int target, int word, int amount, int value)
{
    carta_event *ev = carta_event_push(e);
    if (!ev)
        return;
    uint16_t c = carta_event_card(card);
    *ev = (carta_event){.kind = (uint8_t)kind, .seat = (int8_t)seat, .other = (int8_t)other,
                        .seen = c == CARTA_EV_NO_CARD ? 0 : seen, .card = c,
                        .target = carta_event_card(target), .word = (uint8_t)word,
                        .amount = (int16_t)amount, .value = (int16_t)value};
}

/* Adds a MOVE of card (seen by `seen`) belonging to seat, from zone word `from` to `to`, told
 * with verb word (0: "goes from ... to ..."). */
static inline void carta_event_move(carta_events *e, int seat, int card, uint8_t seen, int from,
                                    int to, int verb)
{
    carta_event *ev = carta_event_push(e);
    if (!ev)
        return;
    uint16_t c = carta_event_card(card);
    *ev = (carta_event){.kind = CARTA_EV_MOVE, .seat = (int8_t)seat, .other = CARTA_EV_NO_SEAT,
                        .seen = c == CARTA_EV_NO_CARD ? 0 : seen, .card = c,
                        .word = (uint8_t)verb, .from = (uint8_t)from, .to = (uint8_t)to,
                        .amount = 1};
}

/* A word with its slots filled with amount, then value (an ACT, NOTE or STATUS word such as
 * "succeeds with Spell Fate %d:"): %d a number, %L a column letter (1 is A: "at %L%d" reads
 * "at C4"); any other '%' is kept. */
void carta_event_word_fill(const char *word, int amount, int value, char *buf, size_t cap);

/* Hides from viewer each card it may not see (CARTA_SEAT_BIT in seen). */
void carta_events_observe(carta_events *e, int viewer);
/* For tests: replaces each card viewer may not see by a random id. */
void carta_events_scramble(carta_events *e, int viewer, uint64_t salt);

/* The catalog id of an event's card or target, -1 none, -2 hidden. */
int carta_event_card_id(uint16_t stored);

/* Appends the events as lines for viewer (CARTA_NO_SEAT: a spectator, never "you"), each
 * starting with indent: "player 2 steals 1 Æmber from you (you: 3 -> 2)". Successive moves that
 * differ only in their card are told once ("player 2 draws 3 cards"). */
void carta_events_text(const struct carta_game *game, const struct carta_rules *rules,
                       const carta_events *e, int viewer, const char *indent, carta_text *out);

/* A third-person verb ("steals", "is", "reaps with") as said to the seat itself, with you
 * ("steal", "are", "reap with"); else unchanged. */
void carta_event_verb(const char *verb, int you, char *buf, size_t cap);

/* The name of an event kind as the view writes it ("steal"). */
const char *carta_event_kind_name(int kind);

#endif
