/* state.h: the flat state of Essence (../shared/rulebooks/essence.txt).
 *
 * One value, no pointers: clone is memcpy. Every card of the box is in exactly one place: a Realm
 * Stack, the Graveyard, a hand, the cards revealed by an exploration, a combat (the Monster, the
 * Support and Interference Stacks), a spell's revealed payment or a Fate card on the table (in a
 * pending frame), the Fate Deck, the Graveyard of Fates, the Fate cards kept beside the active
 * Avatar, a seat's Carta Essentia or the ones left in the box, an Avatar in play or set aside, or
 * the Aether. Hidden: hands (each to its owner), every Carta Essentia (to its owner), the order of
 * the stacks and of the Fate Deck, and a seat's declaration while others still declare. */
#ifndef ESS_STATE_H
#define ESS_STATE_H

#include <stdint.h>

#include "core/event.h"
#include "core/pending.h"
#include "core/rng.h"
#include "core/zone.h"

enum {
    ESS_SEATS = 4,         /* the most players */
    ESS_REALMS = 3,        /* Forest, Mines, Underworld */
    ESS_SPELLS = 6,        /* spell cards in the Aether */
    ESS_PILE_MAX = 160,    /* Essence, Monster and Unicorn Blood cards of the box, all realms */
    ESS_FATE_MAX = 48,     /* Fate cards of the box */
    ESS_CARTA_MAX = 12,    /* Carta Essentia of the box */
    ESS_AVATAR_MAX = 8,    /* Avatars of the box */
    ESS_REVEAL_MAX = 16,   /* cards one exploration may reveal */
    ESS_SUPPORT_MAX = 40,  /* Minions in a Support Stack */
    ESS_INTERFERE_MAX = 3, /* "Up to 3 Opponents may interfere with 1 Minion each" */
    ESS_COST_MAX = 3,      /* symbols in a Spell Cost */
    ESS_HAND_LIMIT = 10,   /* "discards down to 10 cards" */
    ESS_TURN_LIMIT = 300   /* turns after which the game ends drawn (a safety net) */
};

#define ESS_UNKNOWN 0xFFFFu /* a card hidden from the observer */
#define ESS_NONE 0xFFFEu    /* no card */

enum ess_realm { ESS_FOREST = 0, ESS_MINES, ESS_UNDERWORLD };

/* The turn's phase (2.3): the setup's Avatar picks, then each turn's phases. */
enum ess_phase {
    ESS_PHASE_PICK = 0,   /* 2.2 step 5: the seat whose pick it is chooses an Avatar */
    ESS_PHASE_PREPARE,    /* 3.1: before the Exploration Phase */
    ESS_PHASE_EXPLORE,    /* 3.2 */
    ESS_PHASE_COMBAT,     /* 3.3 */
    ESS_PHASE_ARCANE,     /* 3.4 */
    ESS_PHASE_END,        /* 3.5: "at the end of your turn" abilities, then the end of turn */
    ESS_PHASE_DISCARD,    /* 3.5: the active player discards down to the hand limit */
    ESS_PHASE_OVER
};

/* What a seat declared in a response (ess_respond): kept hidden from the others until all
 * declared. */
enum ess_decl {
    ESS_DECL_NONE = 0,     /* not declared yet */
    ESS_DECL_PASS,         /* does nothing */
    ESS_DECL_ABILITY,      /* uses its Avatar's ability */
    ESS_DECL_HIDDEN,       /* declared, what is hidden from the observer */
    ESS_DECL_SPELL = 8,    /* + Aether slot: casts that spell */
    ESS_DECL_MINION = 0x100 /* + card id: interferes with that Minion */
};

/* Turn flags (ess_state.turn_flags). */
enum {
    ESS_T_ACTED = 1,       /* the active player took an action: no "first action" ability now */
    ESS_T_SUFFOCATED = 2,  /* the active player may cast no more spells this turn */
    ESS_T_CAVE_IN = 4,     /* the exploration ends after the card being revealed */
    ESS_T_EXPLORED = 16    /* this turn's exploration has been made */
};

/* A Minion in a Support or Interference Stack. */
enum { ESS_M_INVULNERABLE = 1, ESS_M_MUTINY = 2 };
typedef struct ess_minion {
    uint16_t card;
    uint8_t owner;
    uint8_t flags; /* ESS_M_* */
} ess_minion;

/* Combat flags (ess_combat.flags). */
enum { ESS_C_INVULNERABLE = 1, ESS_C_LOOT_IS_DAMAGE = 2, ESS_C_FATE_KEPT = 4 };

/* The combat under way (3.3): its Monster, the Combat Fate, both stacks and what spells,
 * abilities and bonuses added. */
typedef struct ess_combat {
    uint16_t monster;      /* ESS_NONE: no combat */
    uint16_t fate;         /* the Combat Fate; ESS_NONE before the check */
    uint8_t realm;         /* the stack it came from */
    uint8_t flags;         /* ESS_C_* */
    int8_t attack;         /* Attack Strength added by spells, abilities and bonuses */
    int8_t willpower;      /* Willpower added by spells and abilities */
    int8_t loot;           /* Loot added */
    uint8_t interfered;    /* seats that interfered */
    uint8_t n_support, n_interfere;
    ess_minion support[ESS_SUPPORT_MAX];
    ess_minion interfere[ESS_INTERFERE_MAX];
    uint8_t pad;
} ess_combat;

typedef CARTA_ZONE(ESS_PILE_MAX) ess_pile;
typedef CARTA_ZONE(ESS_FATE_MAX) ess_fates;
typedef CARTA_ZONE(ESS_CARTA_MAX) ess_cartas;
typedef CARTA_ZONE(ESS_AVATAR_MAX) ess_avatars;
typedef CARTA_ZONE(ESS_REVEAL_MAX) ess_reveal;

typedef struct ess_seat {
    uint16_t avatar;     /* ESS_NONE before the pick */
    uint16_t decl;       /* enum ess_decl, in a response */
    uint8_t uses;        /* active ability uses left this turn */
    uint8_t pad[3];
    ess_pile hand;
    ess_cartas carta;    /* the seat's Carta Essentia (one card), seen by the seat alone */
} ess_seat;

typedef struct ess_state {
    carta_rng rng;
    uint8_t n_seats;
    uint8_t phase;            /* enum ess_phase */
    int8_t active;            /* the Active Player */
    uint8_t end;              /* why the game ended: an ess_word, 0 while it goes on */
    uint16_t turn;            /* 1-based; 0 during the picks */
    uint8_t turn_flags;       /* ESS_T_* */
    int8_t winner;            /* the seat that completed its Carta Essentia, -1 */
    uint8_t pick_order[ESS_SEATS];
    uint8_t n_picked;
    uint8_t explore_realm;    /* the stack explored this turn */
    uint8_t explore_limit;    /* fixed at the start of the exploration (3.2) */
    uint8_t explore_bonus;    /* added to the Explore Limit this turn (abilities, spells) */
    int8_t turn_attack;       /* Attack Strength added to every combat this turn (kept Fates) */
    int8_t turn_spell_fate;   /* added to every Spell Fate this turn (kept Fates) */
    uint8_t responding;       /* the seats asked in the current response (ess_respond) */
    uint8_t respond_phase;    /* the timing (an ess_when) the response is in */
    uint8_t hand_limit;       /* option hand_limit (3.5: 10) */
    uint8_t start_hand;       /* option start_hand (2.2: 4) */
    uint16_t aether[ESS_SPELLS];  /* the face-up side of each spell card */
    ess_combat combat;
    ess_pile stack[ESS_REALMS];   /* top = cards[n - 1] */
    ess_pile grave;               /* the Graveyard */
    ess_reveal revealed;          /* the cards the exploration revealed so far */
    ess_fates fate_deck, fate_grave;
    ess_fates kept;               /* Fate cards beside the active Avatar for the whole turn */
    ess_cartas carta_box;         /* the Carta Essentia no one drew */
    ess_avatars avatars;          /* the Avatars not picked */
    ess_seat seat[ESS_SEATS];
    carta_pending_stack pending;
    carta_events events;
} ess_state;

#endif
