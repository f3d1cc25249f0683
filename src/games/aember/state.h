/* state.h: the flat game state of the Æmber rule system (one value, no pointers, memcpy clone).
 *
 * Layout in brief:
 *  - two seats, each with its public deck list, its zones (hand, deck, discard, archives, purged)
 *    as card-id arrays with counts, its battle line (left to right) and its artifacts;
 *  - the turn: active seat, active house, phase, turn number, rule-of-six counters;
 *  - the pending stack (core/pending.h): effects being resolved and the decision they wait on;
 *  - the events of the last apply (core/event.h), hidden per seat by observe like a zone.
 *
 * Card ids index the rules' catalog. AEMBER_UNKNOWN stands for a card an observer cannot see.
 * Cards always go to their owner's zones (hand, deck, discard, archives, purged), so every card in
 * a seat's zones is owned by that seat; only cards in play record an owner (control never changes
 * in this engine). A deck's top card is its LAST element (cards[n - 1]).
 *
 * Scenario code may fill a zeroed state directly: set each seat's deck list, houses and zones,
 * place creatures with aember_state_place (aember.h) so each gets a uid, then set active, house,
 * phase = AEMBER_PHASE_MAIN and turn. */
#ifndef AEMBER_STATE_H
#define AEMBER_STATE_H

#include <stdint.h>

#include "core/event.h"
#include "core/pending.h"
#include "core/rng.h"
#include "core/zone.h"

enum {
    AEMBER_SEATS = 2,
    AEMBER_DECK_MAX = 48,      /* cards in one seat's deck list (a KeyForge deck has 36) */
    AEMBER_LINE_MAX = 24,      /* creatures in one battle line */
    AEMBER_ARTIFACT_MAX = 12,  /* artifacts of one seat */
    AEMBER_UPGRADE_MAX = 4,    /* upgrades attached to one creature */
    AEMBER_HOUSE_MAX = 3,      /* houses of one deck */
    AEMBER_SIX_MAX = 24,       /* distinct titles the rule of six tracks in one turn */
    AEMBER_TURN_LIMIT = 200,   /* turns after which the game ends in a draw (docs/rulings) */
    AEMBER_KEYS_TO_WIN = 3,
    AEMBER_BASE_KEY_COST = 6,
    AEMBER_HAND_SIZE = 6
};

#define AEMBER_UNKNOWN 0xFFFFu /* a card id hidden from the observer */
#define AEMBER_UPGRADE_OWNER 0x8000u /* upgrades[i] = card id | (owner ? this bit : 0) */

/* Phases of the game when no effect is pending. */
enum aember_phase {
    AEMBER_PHASE_MULLIGAN = 0, /* `mulligan_seat` decides keep or mulligan */
    AEMBER_PHASE_HOUSE,        /* the active player chooses a house (step 2) */
    AEMBER_PHASE_ARCHIVES,     /* take archives into hand or leave them (step 2) */
    AEMBER_PHASE_MAIN,         /* play, discard, use cards, or end the turn (step 3) */
    AEMBER_PHASE_OVER          /* the game is over: see winner */
};

/* Flags of a card in play. */
enum {
    AEMBER_F_EXHAUSTED = 1 << 0,
    AEMBER_F_STUNNED = 1 << 1,
    AEMBER_F_ATTACKED = 1 << 2, /* already attacked this turn (elusive) */
    AEMBER_F_DYING = 1 << 3,    /* destroyed: its Destroyed: abilities resolve, then it leaves */
    AEMBER_F_MARKED = 1 << 4,   /* chosen in an ongoing "up to N" or swap decision */
    AEMBER_F_DOOMED = 1 << 5    /* destroyed by an effect (poison, destroy) and not yet handled */
};

/* A creature or artifact in play. 20 bytes. */
typedef struct aember_card_in_play {
    uint16_t card;            /* card id */
    uint16_t uid;             /* unique instance id within one game (see next_uid) */
    uint8_t owner;            /* seat that owns it */
    uint8_t flags;            /* AEMBER_F_* */
    uint8_t damage;           /* damage tokens */
    uint8_t power_counters;   /* +1 power counters */
    uint8_t aember;           /* captured Æmber on it */
    uint8_t armor_used;       /* damage its armor has prevented this turn */
    int8_t power_turn;        /* power modifier lasting until the end of the turn */
    uint8_t n_upgrades;
    uint16_t upgrades[AEMBER_UPGRADE_MAX]; /* card id | AEMBER_UPGRADE_OWNER if owned by seat 1 */
} aember_card_in_play;

/* A zone of card ids (hand, deck, discard, archives, purged), with who sees and knows them
 * (core/zone.h). */
typedef CARTA_ZONE(AEMBER_DECK_MAX) aember_zone;

typedef struct aember_seat {
    uint8_t aember;           /* Æmber in the pool */
    uint8_t keys;             /* forged keys */
    uint8_t chains;
    uint8_t n_houses;
    uint8_t houses[AEMBER_HOUSE_MAX]; /* house ids (rules' house table) */
    uint8_t mulliganed;       /* has taken (or declined) the mulligan decision */
    int8_t key_cost_turn;     /* key cost modifier for this seat lasting until end of turn */
    int8_t key_cost_next;     /* modifier for this seat's next turn (moves to _turn at its start) */
    uint8_t n_line;           /* creatures in the battle line */
    uint8_t n_artifacts;
    uint8_t n_deck_list;
    uint8_t house_ban;        /* bit h: houses[h] may not be chosen at this seat's next house step */
    uint8_t pad[2];
    uint16_t deck_list[AEMBER_DECK_MAX]; /* the whole deck as registered (public) */
    aember_zone hand, deck, discard, archives, purged; /* deck top = cards[n - 1] */
    aember_card_in_play line[AEMBER_LINE_MAX];         /* battle line, left to right */
    aember_card_in_play artifacts[AEMBER_ARTIFACT_MAX];
} aember_seat;

/* Rule of six: how many times a title was played or used this turn. */
typedef struct aember_six {
    uint16_t card;
    uint8_t count;
    uint8_t pad;
} aember_six;

typedef struct aember_state {
    uint32_t version;         /* AEMBER_STATE_VERSION, for save/load */
    carta_rng rng;
    uint8_t phase;            /* enum aember_phase (when no pending decision) */
    int8_t active;            /* active seat */
    int8_t first;             /* the seat that took the first turn */
    int8_t winner;            /* winning seat, or -1 (none yet, or a draw) */
    int8_t mulligan_seat;     /* during AEMBER_PHASE_MULLIGAN, the seat deciding */
    uint8_t active_house;     /* house id of the active house (valid from PHASE_ARCHIVES) */
    uint8_t draw;             /* 1 if the game ended in a draw (turn limit) */
    uint8_t first_turn;       /* 1 during the first player's first turn (one card rule) */
    uint16_t turn;            /* 1-based turn number; 0 during setup */
    uint16_t next_uid;        /* uid given to the next card entering play */
    uint16_t turn_actions;    /* actions applied in the current turn */
    uint8_t cards_played;     /* cards played or discarded from hand this turn */
    uint8_t key_cost;         /* a key's cost before modifiers (option key_cost; glossary: 6) */
    uint8_t hand_size;        /* cards drawn up to at the end of a turn (option hand_size: 6) */
    uint8_t n_six;
    aember_six six[AEMBER_SIX_MAX];
    aember_seat seat[AEMBER_SEATS];
    carta_pending_stack pending; /* effects resolving and decisions awaited (aember.h kinds) */
    carta_events events;         /* what the last apply did (setup's before the first) */
} aember_state;

#define AEMBER_STATE_VERSION 3u

#endif
