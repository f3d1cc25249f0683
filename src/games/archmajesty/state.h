/* state.h: the flat state of an Archmajesty combat encounter (docs/archmajesty-plan.md, section 3).
 *
 * One value, no pointers: clone is memcpy. Seats 0..n_mages-1 are the mages, the last seat is the
 * Gamemaster. Every character (mage or enemy) is a slot of ch[]; the mages hold slots
 * 0..n_mages-1. A mage's deck, hand, Void and combo are core zones; everything is public but the
 * order of each deck pile (The Deck: "You cannot look at the cards in your deck") and the PRNG. */
#ifndef AM_STATE_H
#define AM_STATE_H

#include <stdint.h>

#include "core/event.h"
#include "core/pending.h"
#include "core/rng.h"
#include "core/window.h"
#include "core/zone.h"

enum {
    AM_MAGES = 3, AM_SEATS = 4,   /* 1-3 mages and the Gamemaster, the last seat */
    AM_W = 16, AM_H = 16, AM_CELLS = AM_W * AM_H, /* cell = row * 16 + column; "A1" = 0 */
    AM_MINIONS = 8,               /* character slots minions may take (docs/rulings R102) */
    AM_CHARS = 24 + AM_MINIONS,   /* characters on the map at once */
    AM_DECK = 32,                 /* cards in a mage's deck (docs/rulings/archmajesty.md R50) */
    AM_HAND = 16, AM_COMBO = 8,
    AM_LIMBO = 4,                 /* a mage's Tricks and cantrips on the stack */
    AM_STATUS = 13,               /* R5 */
    AM_COUNTERS = 99,             /* R13 */
    AM_TEMPLATES = 4,             /* attack templates of an enemy */
    AM_TOKENS = 16,
    AM_TARGETS = 8,               /* attacks of one multi-attack */
    AM_ATTACKS = 3,               /* attacks resolving at once (one interrupting another) */
    AM_ITEMS = 8, AM_ABILITIES = 8,
    AM_DICE = 8,                  /* D20 results a scenario forces, used before the PRNG */
    AM_LASTING = 12,              /* lasting and delayed effects at once (lasting.c) */
    AM_SCRAP_MAX = 99,            /* scrap a character carries or a square holds (R110) */
    AM_FORETOLD = 4,              /* foretold cards waiting at once (R116) */
    AM_FORETOLD_TARGETS = 6,
    AM_OBJECTS = 12,              /* objects on the map (Occupancy and Objects) */
    AM_LINGERS = 4                /* lingering areas on the map at once (R137) */
};

#define AM_UNKNOWN 0xFFFFu /* a card id hidden from the observer */
#define AM_NONE 0xFF       /* no character, no cell */
#define AM_WIN_FREE 0xFE   /* window_attack of a window not about an attack (R16) */

enum am_side { AM_ALLIES = 0, AM_ENEMIES = 1 };

/* am_state.terrain: a wall blocks every layer; an object occupies the ground layer as an enemy
 * character does (Occupancy and Objects; R92); opaque squares block line of sight (R88). */
enum { AM_TER_WALL = 1, AM_TER_OBJECT = 2, AM_TER_OPAQUE = 4 };

/* STATUS EFFECTS: four positive, nine negative (R5). */
enum am_status {
    AM_EMPOWER, AM_SWIFT, AM_HASTE, AM_SURGE,
    AM_BURN, AM_POISON, AM_WHIRLWIND, AM_SPLASH, AM_EXPOSE, AM_WEAKEN, AM_GRAVITY, AM_STUN,
    AM_FREEZE
};
#define AM_POSITIVE(s) ((s) <= AM_SURGE)

/* Ranks (R55): fodder .. boss for enemies, player for mages. */
enum am_rank { AM_FODDER, AM_REGULAR, AM_ELITE, AM_MINIBOSS, AM_BOSS, AM_PLAYER };

/* am_char.minion: a summoned minion takes upkeep of its controller's Command Limit, a companion
 * none (R104). A minion's `mage` is its controller's index; its `def` its sheet. */
enum am_minion_kind { AM_NOT_MINION = 0, AM_SUMMONED, AM_COMPANION };

/* am_char.flags */
enum {
    AM_C_AIRBORNE = 1,  /* Grounded & Airborne */
    AM_C_KO = 2,        /* knocked out, still on its square (Knocked Out; R26) */
    AM_C_ACTED = 4,     /* has taken its turn this round */
    AM_C_WEAKENED = 8,  /* its next attack deals half damage (Weaken) */
    AM_C_EXPOSED = 16,  /* the next attack against it gains Piercing and Overwhelm (Expose) */
    AM_C_GONE = 32,     /* removed from the battlefield (R26); its slot is never reused */
    AM_C_FORCED_AIR = 64, /* made airborne by an enemy effect this round, airborne since (R38) */
    AM_C_LAND_ASKED = 128 /* asked to land at this round's end (R38) */
};

typedef struct am_char {
    uint16_t def;            /* the enemy's catalog id; a mage: its ancestry's */
    uint8_t side, mage;      /* enum am_side; the mage's index, or AM_NONE */
    uint8_t cell, flags;
    uint8_t rank, mp;        /* enum am_rank; move points left this round */
    int16_t hp, hp_max, ap;  /* AP: armour points, lost first (Hit Points & Armour Points) */
    uint8_t attacks_left;    /* an enemy's attacks left this turn */
    uint8_t uses[AM_TEMPLATES]; /* an enemy's uses of each attack template this round (R54) */
    uint8_t status[AM_STATUS];
    uint8_t taunter;         /* TAUNT: the character taunting it + 1, 0 none (R87) */
    uint8_t minion;          /* enum am_minion_kind: a minion (mage: its controller) or not */
    uint8_t cp;              /* a minion's stored Command Points (Minion Commands) */
    uint8_t scrap;           /* SCRAP: the scrap it carries, 0..AM_SCRAP_MAX (R110) */
    uint8_t large;           /* LARGE: it holds the 2x2 block whose top left square is `cell`
                                (R121; large.c) */
    uint8_t ability_turn;    /* a minion: bit per sheet ability used this turn (R142) */
} am_char;

/* A Strike, Guard or Protect token (STRIKE, GUARD, & PROTECT TOKENS). */
enum am_token_kind { AM_TOKEN_STRIKE = 1, AM_TOKEN_GUARD, AM_TOKEN_PROTECT };
typedef struct am_token {
    uint8_t owner, kind, range, value;
} am_token;

/* One roll of an attack against one target (Multi-Attacks). */
enum { AM_R_ROLLED = 1, AM_R_HIT = 2, AM_R_FIXED = 4, AM_R_GUARDED = 8, AM_R_GONE = 16,
       AM_R_PARRIED = 32 /* automatically parried: it fails to resolve (R83) */ };
typedef struct am_roll {
    uint8_t target, natural, flags, guard; /* guard: Defence added by Guard and Protect */
} am_roll;

/* An attack being resolved: from a card stage, an enemy's template or a basic attack. */
typedef struct am_attack {
    uint8_t attacker, n, step, fixes;  /* fixes: seats that fixed already */
    uint16_t source;          /* the card's or enemy's catalog id */
    uint8_t templ, stage;     /* the template (enemies) or the stage (cards) it comes from */
    uint8_t guarded;          /* bit per roll guarded by its target (Guard: once per attack) */
    uint8_t protected_;       /* bit per ally character slot % 8 that protected (once per attack) */
    uint8_t hits, empowered;  /* empowered: Empower exploited on hit (+0/+10) */
    uint8_t channel;          /* the weapon it is channelled through (am_channelled) */
    int8_t alt_x, alt_y;      /* +X/+Y an alternate exploit effect gave it */
    uint8_t variant;          /* CHOICE: the option picked + 1, 0 none (R111) */
    uint8_t chain;            /* CHAIN: the links before this one (R112) */
    uint8_t chain_from;       /* CHAIN: the previous target + 1, range measured from it */
    uint8_t chain_range;      /* CHAIN: that range, in squares */
    uint8_t chained[3];       /* CHAIN: bit per character targeted by the chain so far */
    uint8_t area_at, area_wh; /* an area's attack: its top left square, width << 4 | height; the
                                 targets are those within it (Area Effects), 0 0: none */
    am_roll roll[AM_TARGETS];
} am_attack;

/* An effect that lasts, or waits, until a character's Start or End Phase or the round's end
 * (COMBAT, Start Phase, End Phase; R73). */
enum { AM_L_STARTED = 1 }; /* the owner's Start Phase has come since it began */
typedef struct am_lasting {
    uint8_t ch, timing, flags; /* whose, enum am_timing */
    uint8_t kind, count, arg, value, range; /* the op: a modifier or a delayed effect */
    int8_t x, y;
    uint16_t card;             /* the card it came from */
    uint8_t by;                /* the character whose card it is + 1 (R118, R119) */
    uint8_t clock;             /* the character whose turns end it: its owner, or the caster's
                                  when an ally was given it (R150) */
} am_lasting;

/* FORETOLD/X: a card played after the draw step, waiting in its mage's stack (limbo) with its
 * targets fixed, until `turns` more turns have passed or the round ends (R116). */
typedef struct am_foretold {
    uint16_t card;
    uint8_t mage, turns, n;
    uint8_t target[AM_FORETOLD_TARGETS];
    uint8_t area_at, area_wh; /* an area's placement, fixed as foretold; 0 0 none (R136) */
    uint8_t pad;
} am_foretold;

/* A lingering area (CARD BREAKDOWN, AUTOMATIC HIT: "the card's lingering area effect"; R137): a
 * card's area with `lasts`, left on the map; it attacks each character of its kind entering it or
 * starting a turn within it with its stage (linger.c). */
typedef struct am_linger {
    uint16_t ref, card;       /* the spell (r->spell index, a CHOICE's option as picked), card */
    uint8_t by, op;           /* the placer's character slot; the area op's index in the spell */
    uint8_t at, wh;           /* top left square, width << 4 | height */
    uint8_t lasts, whom;      /* turns left or AM_LASTS_ROUND; enum am_whom */
} am_linger;

/* An object on the map (Occupancy and Objects): a boulder, a statue. Its square's terrain bits
 * say how it occupies (AM_TER_OBJECT) and whether it blocks sight (AM_TER_OPAQUE). */
typedef struct am_object {
    uint16_t def;  /* its catalog id */
    uint8_t cell, hp; /* hp: its Hit Points left, 0 for one without (R141) */
} am_object;

typedef CARTA_ZONE(AM_DECK) am_pile;
typedef CARTA_ZONE(AM_HAND) am_hand;
typedef CARTA_ZONE(AM_COMBO) am_combo;
typedef CARTA_ZONE(AM_LIMBO) am_limbo;

typedef struct am_mage {
    uint8_t ch;                   /* its character slot */
    int8_t attr[4];               /* Might, Agility, Will, Defence points (Step 1) */
    uint8_t hand_max, combo_max, mp_max;
    uint8_t cast, illuminated, cantrips; /* this turn: a Cast, an Illuminate, Cantrip actions */
    uint8_t haste;                /* Haste exploited: the next combo's limit is this much more */
    uint8_t n_items, n_abilities;
    uint8_t used[AM_ITEMS];       /* uses expended of each item this encounter */
    uint8_t spent;                /* bit per ability slot: its once-per-encounter use is spent */
    uint8_t traits;               /* AM_TRAIT_*: what its abilities' handlers change (ability.c) */
    uint8_t pad0, turn_used;      /* bit per ability used this turn */
    uint8_t round_used;           /* bit per ability slot used this round */
    uint8_t emotion;              /* Emotion Eater's chosen status + 1, 0 none (R47) */
    uint8_t command;              /* Command Limit: 10, +2 with the bonus (Step 2; R95) */
    uint8_t oil[AM_ITEMS];        /* Elemental Oil: bit per element on each weapon this round */
    uint16_t item[AM_ITEMS], ability[AM_ABILITIES];
    am_pile list;                 /* the deck as built: public (R32: Fading counts it) */
    am_pile deck, void_;          /* deck top = cards[n - 1] */
    am_hand hand;
    am_combo combo;               /* the combo being formed or resolved, left first */
    am_limbo limbo;               /* cantrips and Tricks declared, resolving last first */
} am_mage;

/* The steps of the round (COMBAT, Rounds & Turns); what is decided in each is a pending frame. */
enum am_phase {
    AM_P_CYCLE = 0,  /* Cycling Step: mage `cycler` decides */
    AM_P_SLOTS,      /* the next turn slot is to be given */
    AM_P_START,      /* the active character's Start Phase */
    AM_P_MAIN,       /* the active character's Main Phase */
    AM_P_END,        /* the active character's End Phase */
    AM_P_DISCARD,    /* Discard Step: mage `cycler` discards down */
    AM_P_OVER
};

typedef struct am_state {
    carta_rng rng;
    uint8_t n_seats, n_mages, phase, end;  /* end: why the game ended (an am_word), 0 before */
    uint16_t round, encounter;             /* encounter: its catalog id */
    uint8_t round_limit, next_wave, w, h;
    uint8_t slot_side, active, cycler, winner; /* winner: enum am_side once over */
    uint8_t group[3], n_group, group_i;    /* the enemies of this enemy turn, in order */
    uint8_t gm_kind;                       /* the rank class of the group being picked */
    carta_window window;
    uint8_t window_attack;                 /* the attack whose window is open, AM_WIN_FREE, or
                                              AM_NONE */
    uint8_t n_chars, n_tokens, n_attacks, n_lasting;
    uint8_t n_smoke, smoke[2];             /* Grenado, Smoke: the 3x3 areas' top left squares
                                              this round */
    uint8_t n_dice, dice[AM_DICE];         /* forced D20s (scenarios): a secret like the PRNG */
    uint8_t terrain[AM_CELLS];             /* AM_TER_* bits; 0 open floor */
    uint8_t n_objects, pad_objects[3];
    am_object obj[AM_OBJECTS];
    uint8_t scrap[AM_CELLS];               /* SCRAP lying on each square (R110) */
    am_char ch[AM_CHARS];
    am_mage mage[AM_MAGES];
    am_token token[AM_TOKENS];
    am_attack attack[AM_ATTACKS];
    am_lasting lasting[AM_LASTING];
    uint8_t n_foretold, pad_foretold;
    am_foretold foretold[AM_FORETOLD];     /* FORETOLD/X, in the order played (R116) */
    uint8_t n_linger, pad_linger;
    am_linger linger[AM_LINGERS];          /* lingering areas, in the order placed (R137) */
    carta_pending_stack pending;
    carta_events events;
} am_state;

_Static_assert(sizeof(am_state) <= 16384, "an Archmajesty state is at most 16 KiB (issue 12)");

#endif
