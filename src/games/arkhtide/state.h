/* state.h: the flat game state of the Arkhtide rule system (one value, no pointers, memcpy clone).
 *
 * Layout in brief:
 *  - up to five seats, each with its Seeker's card id, Willpower, Quintessence, Arkhé, its public
 *    deck list (Main Deck and Realm Deck together, as registered) and its zones as card-id arrays
 *    with counts: hand, Main Deck, Realm Deck, Chronicle (discard pile) and Quintessence Pool
 *    (harvested Realms, extracted Units, Cask Bindings);
 *  - the Realms in play: slot s (0..4) holds the Realm seat s played this Round, slot
 *    ARK_NEUTRAL_SLOT the Neutral Realm (Seeker's Duel only);
 *  - the pieces in play: every Seeker (always in play) and Unit, each with its location (a Realm
 *    slot or ARK_LOC_SAFE, its owner's Safe Zone), flags, Wounds, Block and attached cards;
 *  - the Round and its phase, whose Turn it is, the damage instance being resolved and those
 *    waiting, and the pending stack (core/pending.h) for effects and their decisions;
 *  - the events of the last apply (core/event.h), each card seen only by the seats that may.
 *
 * Card ids index the rules' catalog. ARK_UNKNOWN stands for a card an observer cannot see,
 * ARK_NO_CARD for an empty slot. A deck's top card is its LAST element (cards[n - 1]).
 * Pieces are referred to by uid (unique within one game) wherever they may move in the array.
 * Cards always go to their owner's zones; a piece records its owner (control never changes), an
 * attached card records its controller (the seat that bound it) in ARK_ATTACH_SEAT.
 *
 * Scenario code may fill a zeroed state directly: set n_seats, mode, each seat's seeker,
 * willpower, arkhe, arkhe_max and zones, put Realms into realms[] (card, owner), place pieces with
 * ark_place (arkhtide.h) so each gets a uid (the Seeker first, with ARK_P_SEEKER), then set phase,
 * round, active and combat_first. */
#ifndef ARK_STATE_H
#define ARK_STATE_H

#include <stdint.h>

#include "core/event.h"
#include "core/pending.h"
#include "core/rng.h"
#include "core/window.h"
#include "core/zone.h"

enum {
    ARK_SEATS = 5,
    ARK_ZONE_MAX = 48,       /* cards in one zone (hand, deck, Chronicle, pool) */
    ARK_REALM_DECK_MAX = 8,  /* cards in one Realm Deck (the rules say exactly 7) */
    ARK_DECK_LIST_MAX = 56,  /* cards in one seat's deck list: Main Deck (<= 42) + Realm Deck */
    ARK_REALMS = 6,          /* Realm slots: one per seat, then the Neutral Realm */
    ARK_NEUTRAL_SLOT = 5,
    ARK_PIECE_MAX = 48,      /* Seekers and Units in play, all seats together */
    ARK_ATTACH_MAX = 4,      /* Bindings and Status cards attached to one piece */
    ARK_LOOK = 3,            /* Realm cards looked at in the Realm Phase */
    ARK_QUEUE_MAX = 16,      /* damage instances waiting to be resolved */
    ARK_ROUND_LIMIT = 20,    /* Rounds after which the game ends in a draw (docs/rulings) */
    ARK_TURN_LIMIT = 120,    /* Turns in one phase after which the phase ends (docs/rulings) */
    ARK_WILLPOWER = 13,
    ARK_ARKHE = 9,
    ARK_HAND_SIZE = 6,
    ARK_MULLIGAN_MAX = 3,
    ARK_QUINTESSENCE_TO_WIN = 13
};

#define ARK_UNKNOWN 0xFFFFu /* a card id hidden from the observer */
#define ARK_NO_CARD 0xFFFEu /* an empty slot */
#define ARK_LOC_SAFE 0xFFu  /* ark_piece.loc: its owner's Safe Zone */
/* ark_piece.attach[i] = card id | controller seat << ARK_ATTACH_SHIFT */
#define ARK_ATTACH_SHIFT 12
#define ARK_ATTACH_CARD(x) ((uint16_t)((x) & 0x0FFFu))
#define ARK_ATTACH_SEAT(x) ((int)(((x) >> ARK_ATTACH_SHIFT) & 0x7u))
#define ARK_ATTACH(card, seat) ((uint16_t)((card) | ((unsigned)(seat) << ARK_ATTACH_SHIFT)))

enum ark_mode { ARK_MODE_DUEL = 0, ARK_MODE_DESPERATE = 1 };

/* The phases of a Round (and the end of the game). */
enum ark_phase {
    ARK_PHASE_RESOURCE = 0, /* `active` decides its discard, then its mulligan, seat by seat */
    ARK_PHASE_REALM,        /* `active` picks a Realm face down and returns the others */
    ARK_PHASE_INITIATIVE,   /* `active` (highest Initiative) chooses who acts first */
    ARK_PHASE_PREPARATION,  /* alternating Turns until every seat is Prepared */
    ARK_PHASE_COMBAT,       /* alternating Turns until one passes and all others pass after */
    ARK_PHASE_HARVEST,      /* `active` (who started Combat) chooses the next Realm to evaluate */
    ARK_PHASE_REGROUP,      /* alternating Turns until all pass in succession */
    ARK_PHASE_OVER          /* the game is over: see winner / tie */
};

/* Flags of a piece in play. */
enum {
    ARK_P_SEEKER = 1 << 0,     /* the Seeker of its owner */
    ARK_P_EXHAUSTED = 1 << 1,
    ARK_P_MOVED = 1 << 2,      /* moved from the Safe Zone this Round (Preparation) */
    ARK_P_PREP_SAFE = 1 << 3,  /* was in the Safe Zone when this Preparation Phase began */
    ARK_P_TOKEN = 1 << 4,      /* a Token: it leaves the game instead of going to a zone */
    ARK_P_OATH_USED = 1 << 5   /* its Oath redirected damage this Turn */
};

/* A Seeker or Unit in play. 30 bytes. */
typedef struct ark_piece {
    uint16_t card;      /* card id */
    uint16_t uid;       /* unique instance id within one game (see next_uid) */
    uint8_t owner;      /* seat that owns and controls it */
    uint8_t loc;        /* Realm slot 0..ARK_REALMS-1, or ARK_LOC_SAFE */
    uint8_t flags;      /* ARK_P_* */
    uint8_t wounds;     /* Wounds suffered (Units; a Seeker loses Willpower instead) */
    uint8_t block;      /* Block until the end of the current Turn (Shielding, effects) */
    uint8_t block_only[2]; /* of block, the part that counts only against Melee [0] / Ranged [1]
                              Attacks: the doubling of Evasion / Stealth */
    uint8_t locked;     /* bit per ability index: Locked for the rest of the Round */
    int8_t soul_mod;    /* modifiers from effects lasting until the end of the Round */
    int8_t melee_mod;
    int8_t ranged_mod;
    int8_t health_mod;
    uint8_t n_attach;
    uint8_t kw_round;   /* ARK_KW_* bits (low 8) granted by effects until the end of the Round */
    uint8_t attach_locked; /* bit per attach slot: that card's activated ability is Locked */
    uint8_t used;          /* bit per own ability used this Turn ("the same Minor Action cannot
                              be performed more than once per Turn") */
    uint8_t attach_used;   /* the same per attach slot */
    uint16_t attach[ARK_ATTACH_MAX]; /* ARK_ATTACH(card, controller): Bindings and Statuses */
} ark_piece;

/* Zones of card ids, with who sees and knows them (core/zone.h). */
typedef CARTA_ZONE(ARK_ZONE_MAX) ark_zone;
typedef CARTA_ZONE(ARK_REALM_DECK_MAX) ark_realm_zone;
typedef CARTA_ZONE(ARK_LOOK) ark_look_zone;

/* A Realm in play. */
typedef struct ark_realm {
    uint16_t card;   /* card id, ARK_NO_CARD if the slot is empty */
    int8_t owner;    /* seat that played it, -1 for the Neutral Realm */
    uint8_t side;    /* the ability side its owner took: 0 side A, 1 side B (the others get the
                        other side of an asymmetric Realm) */
    uint8_t locked[ARK_SEATS]; /* per seat, bit per Realm ability Locked this Round */
    uint8_t pad;
} ark_realm;

/* Flags of a seat. */
enum {
    ARK_S_ELIMINATED = 1 << 0, /* Desperate Measures: out of the game */
    ARK_S_PREPARED = 1 << 1,   /* Prepared in this Preparation Phase */
    ARK_S_DISCARDED = 1 << 2,  /* has finished its Resource-phase discard */
    ARK_S_MULLIGANED = 1 << 3, /* has finished its mulligan */
    ARK_S_PICKED = 1 << 4      /* has committed its Realm pick this Round */
};

typedef struct ark_seat {
    uint16_t seeker;        /* the Seeker's card id */
    int8_t willpower;       /* may fall to 0 or below */
    uint8_t quintessence;   /* total Quintessence in the pool */
    uint8_t arkhe;          /* Arkhé ready to spend */
    uint8_t arkhe_max;      /* Arkhé the seat has (9) */
    uint8_t flags;          /* ARK_S_* */
    uint8_t mulligan_left;  /* cards it may still put on the bottom this Resource Phase */
    uint8_t mulligan_n;     /* cards it put on the bottom this Resource Phase (draws as many) */
    uint8_t place;          /* Desperate Measures: finishing place (1 = first), 0 if none yet */
    uint16_t pick;          /* its face-down Realm this Round (ARK_NO_CARD if none) */
    uint8_t pick_side;      /* the side it took for its pick */
    uint8_t n_deck_list;
    uint16_t deck_list[ARK_DECK_LIST_MAX]; /* Main Deck and Realm Deck as registered (public) */
    ark_zone hand, deck, chronicle, pool;   /* deck top = cards[n - 1] */
    uint8_t pool_owner[ARK_ZONE_MAX];       /* pool.cards[i]'s owner + 1 (0: no seat's, the
                                               Neutral Realm): a harvested Realm is pooled by
                                               the harvester but stays its owner's card */
    ark_realm_zone realm_deck;              /* top = cards[n - 1] */
    ark_look_zone look;     /* the cards it looks at (Realm picks, Seek), not yet placed */
} ark_seat;

/* Damage kinds. */
enum { ARK_DMG_MELEE = 0, ARK_DMG_RANGED, ARK_DMG_EFFECT };
/* Damage flags. */
enum {
    ARK_DF_LETHAL = 1 << 0,    /* every Wound it inflicts is doubled */
    ARK_DF_AMPLIFIED = 1 << 1, /* already amplified (once per instance) */
    ARK_DF_STRIKE = 1 << 2,    /* from a Strike Act */
    ARK_DF_ATTACK = 1 << 3,    /* an Attack (Strike or an ability's attack) */
    ARK_DF_REAPING = 1 << 4,   /* a Reaping instance (does not reap again) */
    ARK_DF_CARDS = 1 << 5      /* Block was given with cards (Evasion/Stealth doubling applied) */
};
/* Steps of resolving a damage instance (the rulebook's "Dealing Damage"). */
enum ark_dmg_step {
    ARK_DS_AMPLIFY = 0,    /* `asker` may Amplify (discard a card), then the next seat */
    ARK_DS_DEALT_REACT,    /* damage-dealt Reactions, from the dealer in Turn order */
    ARK_DS_SHIELD,         /* the target's controller may Shield with Feats/Bindings */
    ARK_DS_WOUND,          /* apply Wounds */
    ARK_DS_WOUND_REACT,    /* wound-dealt Reactions, from the dealer in Turn order */
    ARK_DS_DEATH,          /* death, Cheat Death */
    ARK_DS_DONE
};

/* One damage instance (waiting in the queue; while it resolves, an ARK_FR_DAMAGE frame holds
 * the same fields, see arkhtide.h). 12 bytes. */
typedef struct ark_damage {
    uint16_t source;  /* uid of the Seeker or Unit dealing it (0 if none) */
    uint16_t target;  /* uid of the Seeker or Unit dealt it */
    int8_t seat;      /* the seat dealing it */
    int8_t asker;     /* the seat deciding now (amplify/reactions), or -1 */
    uint8_t amount;   /* Damage so far */
    uint8_t kind;     /* ARK_DMG_* */
    uint8_t flags;    /* ARK_DF_* */
    uint8_t step;     /* enum ark_dmg_step */
    uint8_t reaping;  /* Reaping X of the attack (spawns instances once the attack resolves) */
    uint8_t wounds;   /* Wounds it inflicted (for wound-dealt Reactions) */
} ark_damage;

/* Result flags. */
enum { ARK_R_DRAW = 1 << 0, ARK_R_TRUE_TIE = 1 << 1, ARK_R_ROUND_LIMIT = 1 << 2 };

typedef struct ark_state {
    uint32_t version;        /* ARK_STATE_VERSION, for save/load */
    carta_rng rng;
    uint8_t n_seats;
    uint8_t mode;            /* enum ark_mode */
    uint8_t phase;           /* enum ark_phase (when no pending decision) */
    int8_t active;           /* the seat whose Turn or decision it is */
    int8_t first;            /* first player of the Preparation Phase this Round */
    int8_t combat_first;     /* the seat that started the Combat Phase (first Prepared) */
    int8_t winner;           /* winning seat, or -1 (none yet, or a tie) */
    uint8_t result;          /* ARK_R_* */
    uint8_t tied;            /* bit per seat sharing a draw or True Tie */
    uint8_t round;           /* 1-based Round number */
    carta_window turns;      /* Combat/Regroup: each Seeker acts or passes in turn; all passing
                                since the last action ends the phase (core/window.h) */
    uint8_t turn_flags;      /* ARK_T_* of the current Turn */
    uint16_t turn;           /* Turns taken in the current phase */
    uint16_t next_uid;       /* uid given to the next piece entering play (starts at 1) */
    uint8_t harvest_left;    /* Harvest: bit per Realm slot still to evaluate */
    uint8_t n_eliminated;    /* Desperate Measures: seats eliminated so far */
    uint8_t n_pieces;
    uint8_t n_queue;
    ark_piece pieces[ARK_PIECE_MAX];
    ark_realm realms[ARK_REALMS];
    ark_seat seat[ARK_SEATS];
    ark_damage queue[ARK_QUEUE_MAX]; /* instances waiting; the active player picks the next */
    carta_pending_stack pending;     /* effects resolving and decisions awaited (arkhtide.h) */
    carta_events events;             /* what the last apply (or setup) did (events.c) */
} ark_state;

/* Turn flags. */
enum {
    ARK_T_MAJOR = 1 << 0,  /* the Major Action of this Turn is used */
    ARK_T_ACTED = 1 << 1   /* some action was taken this Turn (so it ends, not passes) */
};

#define ARK_STATE_VERSION 4u

#endif
