/* archmajesty.h: private declarations shared by the files of Archmajesty (the rulebook is
 * ../shared/rulebooks/archmajesty.txt; the rulings are docs/rulings/archmajesty.md). */
#ifndef ARCHMAJESTY_H
#define ARCHMAJESTY_H

#include "core/catalog.h"
#include "core/eval_weights.h"
#include "core/game.h"
#include "core/layout.h"
#include "games/archmajesty/state.h"

extern const carta_game carta_game_archmajesty;

/* ---- the card set (cards.c; docs/card-format/archmajesty.md) ---- */

enum am_type {
    AM_T_NONE = 0, AM_T_SPELL, AM_T_STYLE, AM_T_ABILITY, AM_T_ANCESTRY, AM_T_ATTRIBUTE,
    AM_T_BONUS, AM_T_WEAPON, AM_T_ARMOUR, AM_T_CONSUMABLE, AM_T_ARTEFACT, AM_T_ENEMY,
    AM_T_ENCOUNTER, AM_T_MINION, AM_T_OBJECT, AM_T_COUNT
};

enum { AM_TYPE_SUMMON = 20 }; /* the Summon card type's bit in am_type_names (Card Types) */

/* Edge and main colours (Edge Colours; Main Colour). */
enum { AM_RED = 1, AM_GREEN = 2, AM_BLUE = 4, AM_GOLD = 8, AM_BLACK = 16 };

/* What an attack rolls: UTILITY CARDS roll nothing and hit nothing; AUTOMATIC HIT. */
enum am_roll_kind { AM_ROLL_NONE = 0, AM_ROLL_AUTO, AM_ROLL_MIGHT, AM_ROLL_AGILITY, AM_ROLL_WILL,
                    AM_ROLL_ANY };
enum am_attr { AM_MIGHT = 0, AM_AGILITY, AM_WILL, AM_DEFENCE };

/* Keywords a spell or template may carry. */
enum { AM_K_PIERCING = 1, AM_K_OVERWHELM = 2, AM_K_TRICK = 4, AM_K_CANTRIP = 8,
       AM_K_OPENER = 16, AM_K_ENCHANTMENT = 32,
       AM_K_SLOW_PITCH = 64 /* PITCH: [Slow], only while nothing is being resolved (R120) */ };

/* One effect of a stage, compiled from the effect vocabulary. */
enum am_op_kind { AM_OP_ATTACK = 1, AM_OP_INFLICT, AM_OP_GAIN, AM_OP_HEAL, AM_OP_DRAW,
                  AM_OP_SHIFT, AM_OP_TOKEN, AM_OP_ARMOUR, AM_OP_MILL, AM_OP_PUSH, AM_OP_PULL,
                  AM_OP_CARRY, AM_OP_TELEPORT, AM_OP_AIRBORNE, AM_OP_GROUNDED,
                  AM_OP_LIFT, AM_OP_DEFENCE, AM_OP_BOOST, AM_OP_PARRY, AM_OP_TAUNT,
                  AM_OP_SUMMON, AM_OP_SACRIFICE, /* SUMMON, SACRIFICE: minion.c */
                  AM_OP_CHAIN,      /* CHAIN: the stage's attack repeats (R112) */
                  AM_OP_CLEANSE,    /* CLEANSE: the caster removes status counters (R113) */
                  AM_OP_SCRAP,      /* SCRAP: the caster gains scrap (R110) */
                  AM_OP_STREW,      /* SCRAP: scrap onto the squares of those hit (R110) */
                  AM_OP_PAY_SCRAP,  /* SCRAP: "pay X scrap" for the rest of the stage (R110) */
                  AM_OP_AREA, /* Area Effects: x by y squares, arg: enum am_whom, value: bound */
                  AM_OP_PLACE_OBJECT, /* count of the spell's `object` placed (R147) */
                  AM_OP_PUSH_OBJECT, AM_OP_PULL_OBJECT /* an object picked, count squares (R155) */
};
/* An area op's count: 0 it attacks as placed; 1..9 or AM_LASTS_ROUND: it lingers that many turns,
 * or until the round's end, attacking those entering it or starting a turn in it (R137). */
enum { AM_LASTS_ROUND = 255 };
/* Whom an area attacks (Area Effects): each enemy, each character, each ally within it. */
enum am_whom { AM_WHOM_ENEMIES = 0, AM_WHOM_CHARACTERS, AM_WHOM_ALLIES };
/* Whether op is a stage's attack: on chosen targets, or on those within an area it places. */
static inline int am_op_attacks(int kind) { return kind == AM_OP_ATTACK || kind == AM_OP_AREA; }
/* on: fixed, on: parried: FIXED and PARRYING as effect triggers (R114). */
enum am_on { AM_ON_ALWAYS = 0, AM_ON_HIT, AM_ON_MISS, AM_ON_FIXED, AM_ON_PARRIED };
enum am_if { AM_IF_ALWAYS = 0, AM_IF_BLOODIED, AM_IF_VULNERABLE };
/* When a lasting effect ends or a delayed one resolves (Start Phase, End Phase): `when` delays an
 * effect of the caster's own, `until` bounds a modifier (defence, boost). */
enum am_timing { AM_NOW = 0, AM_TURN_END, AM_NEXT_TURN_START, AM_NEXT_TURN_END, AM_ROUND_END };
typedef struct am_op {
    uint8_t kind, count, arg, on; /* arg: a status, a token kind */
    uint8_t value, range;         /* a token's value and range */
    uint8_t timing;               /* enum am_timing: `when` or `until` */
    uint8_t cond;                 /* enum am_if: only on a bloodied character (R75), only on a
                                     vulnerable one (R81) */
    int8_t x, y;                  /* a boost's +X/+Y */
    uint8_t to;                   /* enum am_to: on the caster, or on an ally it picks (R118) */
} am_op;
/* to: ally ("Ally": the caster or another), other_ally ("Another/other Ally"), controller (a
 * minion's: "You, the player who controls it, are always referred to as the controller"; R129),
 * each_ally ("Each Ally" within the card's range, R134). */
enum am_to { AM_TO_SELF = 0, AM_TO_ALLY, AM_TO_OTHER_ALLY, AM_TO_CONTROLLER, AM_TO_EACH_ALLY };

enum { AM_OPS = 8, AM_STAGES = 4 };
enum { AM_FORCED_MAX = 4 }; /* characters one push or pull moves (the FORCED frame's room) */

/* A spell card, an enemy's attack template or a basic attack (CARD BREAKDOWN). */
typedef struct am_spell {
    uint16_t id;                 /* catalog id of the card or the enemy */
    uint8_t colour, edge[2];     /* main colour; left, right edges (colour bits) */
    uint8_t strike, guard;       /* Strike Value, Guard Value */
    uint8_t range, melee;        /* squares; melee: the range entry is "Melee" */
    uint8_t roll, dmg_attr;      /* am_roll_kind; the attribute added to damage (am_roll_kind) */
    int16_t dmg;                 /* the damage entry's number; 0: deals no damage */
    int8_t x, y;                 /* ATTACK/DAMAGE BONUSES +X/+Y */
    int8_t bx, by;               /* +X/+Y against a bloodied target (BLOODIED; R75) */
    int8_t vx, vy;               /* +X/+Y against a vulnerable target (VULNERABLE; R81) */
    uint8_t alt_status;          /* Alternate Exploit Effects: status + 1 (0: none) that may be */
    int8_t alt_x, alt_y;         /*   exploited on a target as the attack is declared for +X/+Y */
    uint8_t crit, protect;       /* Critical/X; Protect/X */
    uint8_t knell;               /* Knell/X, every Knell keyword of the card added (R80) */
    uint8_t keywords;
    uint16_t pitch;              /* PITCH: the index in r->spell of the pitch effect, 0 none
                                    (R85) */
    uint16_t opportunity;        /* OPPORTUNITY: the index in r->spell of the card's
                                    "Opportunity:" effect, 0 none (R151) */
    uint8_t req_cards;           /* Combo Requirements: at least this many cards */
    uint8_t req_colour[3];       /* ... of which at least this many red, green, blue */
    uint32_t types;              /* bit per type (am_type_names) */
    uint16_t minion;             /* SUMMON: the minion sheet its summon effect places, 0 none */
    uint16_t object;             /* the object its place_object effect places, 0 none (R147) */
    uint16_t choice;             /* CHOICE: the index in r->spell of the first option (R111) */
    uint8_t n_choices;           /* CHOICE: options, each a copy of the card in r->spell */
    uint8_t pick;                /* CHOICE: how many options the caster picks (R131) */
    uint8_t n_variants;          /* CHOICE: the copies: each option, then each set of `pick`
                                    options (R131) */
    uint8_t foretold;            /* FORETOLD/X: X, the turns it waits; 0 none (R116) */
    uint8_t upkeep;              /* ENCHANTMENT upkeep: cards to discard each Start Phase
                                    (R119) */
    uint8_t n_stages, n_ops;
    uint8_t stage_end[AM_STAGES];/* stage s holds ops [stage_end[s-1], stage_end[s]) */
    am_op op[AM_OPS];
    char name[CARTA_NAME_MAX];   /* a template's own name */
} am_spell;

/* MINIONS: what a minion's sheet adds to an enemy's (minion.c; docs/card-format). */
enum { AM_COMMANDS = 4, AM_CP_WAYS = 2 };
enum am_command_kind { AM_CMD_MOVE = 1, AM_CMD_ATTACK };
typedef struct am_command {      /* Minion Commands: one Command and its Command Point cost */
    uint8_t kind, cost, arg;     /* arg: squares moved, or the attack template's index */
    char name[CARTA_NAME_MAX];
} am_command;
enum am_cp_pay { AM_CP_DISCARD = 1, AM_CP_HP, AM_CP_SCRAP };
typedef struct am_cp_way {       /* how the controller grants Command Points (Command action) */
    uint8_t pay, amount, points; /* pay `amount` (cards, HP, Scrap) for `points` */
} am_cp_way;
enum { AM_MINION_ABILITIES = 3 };
typedef struct am_minion_sheet {
    uint8_t upkeep;              /* Command Limit it takes while summoned (Command Limit) */
    uint8_t control, control_attr; /* Control Limit: control, + the controller's highest
                                      primary attribute if control_attr */
    uint8_t n_commands, n_ways;
    uint32_t nature;             /* bit per am_nature_names word (Minion Types) */
    am_cp_way way[AM_CP_WAYS];
    am_command command[AM_COMMANDS];
    uint8_t n_abilities;
    uint16_t ability[AM_MINION_ABILITIES]; /* Minion Abilities: ability entries (R128) */
} am_minion_sheet;

/* An enemy's sheet, or a minion's (type minion: the same table, and its `minion` part). */
typedef struct am_enemy {
    int8_t attr[3];              /* Might, Agility, Will */
    uint8_t defence, move, rank, attacks, airborne;
    int16_t hp, armour;
    uint32_t resist, weak;       /* bit per type */
    uint8_t n_templates;
    uint16_t templ[AM_TEMPLATES];/* indexes of r->spell */
    am_minion_sheet minion;
    uint8_t large;               /* LARGE: it holds a 2x2 block of squares (R121) */
} am_enemy;

enum { AM_WAVES = 6, AM_WAVE_ENEMIES = 12 };
typedef struct am_wave {
    uint8_t round;               /* the round it arrives; 0: once the map is clear (R58) */
    uint8_t n;
    uint16_t enemy[AM_WAVE_ENEMIES];
    uint8_t cell[AM_WAVE_ENEMIES];
} am_wave;

typedef struct am_encounter {
    uint8_t w, h, n_starts, rounds, n_waves, n_objects;
    uint16_t object[AM_OBJECTS];  /* the objects on the map (Occupancy and Objects) */
    uint8_t object_cell[AM_OBJECTS];
    uint8_t start[AM_MAGES];
    uint8_t terrain[AM_CELLS];
    am_wave wave[AM_WAVES];
} am_encounter;

enum { AM_STYLE_CARDS = 8, AM_STYLE_ABILITIES = 2 };
typedef struct am_style {
    uint8_t major, n_cards, n_abilities;
    uint16_t card[AM_STYLE_CARDS], ability[AM_STYLE_ABILITIES];
} am_style;

/* An item (PERSONAL EQUIPMENT), an artefact, an ability, an ancestry, a build entry. */
enum { AM_WEAR_NONE = 0, AM_WEAR_HEAD, AM_WEAR_BODY, AM_WEAR_SHIELD };
typedef struct am_thing {
    uint8_t points, slots, wear, attr; /* attr: an attribute entry's attribute; a bonus's kind */
    uint8_t melee, ranged;       /* a weapon's reach; 0: none */
    int8_t x, y;                 /* a weapon's channelling bonus */
    uint8_t defence, round_ap;   /* armour */
    uint8_t token_kind, token_value, token_range, token_count; /* tokens gained each round */
    uint8_t guard_bonus, protect_bonus; /* [Shield]: more Defence when guarding, protecting */
    uint8_t piercing;            /* a weapon's channelled attacks gain [Piercing] */
    uint8_t use, uses, slow;     /* a consumable's effect (enum am_use), uses, [Slow] */
    uint8_t reach, amount;       /* a consumable's range in squares; its heal or damage */
    uint8_t handler;             /* an ability's built-in effect (ability.c), 0 none */
    uint8_t knell;               /* Knell/X: an ability's on every attack, a weapon's on the
                                    attacks it channels (R80) */
    uint8_t mp, hand, es;        /* passive gains (abilities): move points, hand, equipment slots */
    int8_t hp;
    uint32_t resist;             /* passive resistances (abilities) */
    uint8_t n_abilities;
    uint16_t ability[2];         /* an ancestry's or an artefact's abilities */
    uint8_t opaque;              /* an object: it blocks line of sight (R92) */
    uint16_t object;             /* a consumable's object (Quake Stone's Boulders, R94) */
    uint8_t trigger;             /* a minion's ability: enum am_trigger (R128) */
    uint16_t effect;             /* ... its effect: index in r->spell + 1, 0 none */
    uint8_t cost, repeat;        /* an active one: Command Points, any number a turn (R142) */
} am_thing;

/* When a minion's ability resolves (Minion Abilities; R128): at the start or end of its turn
 * (its controller's, R130), when its attack hits an enemy, when an attack targets it. */
enum am_trigger { AM_TRIG_NONE = 0, AM_TRIG_TURN_START, AM_TRIG_TURN_END, AM_TRIG_HIT,
                  AM_TRIG_ATTACKED,
                  AM_TRIG_OPPORTUNITY, /* an enemy provides opportunity to it (R135) */
                  AM_TRIG_ACTIVE /* none: its controller uses it as a Command (R142) */ };

/* What expending a consumable does (List: Consumables). */
enum am_use { AM_USE_NONE = 0, AM_USE_HEAL, AM_USE_DRAW, AM_USE_LEAF, AM_USE_FIRE, AM_USE_SMOKE,
              AM_USE_TOKEN, AM_USE_OIL, AM_USE_QUAKE };

enum { AM_BONUS_HP = 0, AM_BONUS_ES, AM_BONUS_AS, AM_BONUS_COM };
enum { AM_SPELLS_MAX = 1024, AM_ENEMIES_MAX = 64, AM_ENCOUNTERS_MAX = 16, AM_STYLES_MAX = 64,
       AM_THINGS_MAX = 256 };

/* A name one entry gives for another, resolved once every file is loaded. */
typedef struct am_link {
    uint16_t *slot;
    uint8_t want; /* the am_type it must be */
    int line;
    char name[CARTA_NAME_MAX];
    char file[160];
} am_link;

/* The evaluation's weights (evaluate.c; data/archmajesty/ai/evaluation.yaml). */
enum {
    AM_EVW_ALLIES = 0, AM_EVW_ENEMIES, AM_EVW_CARDS, AM_EVW_TIME, AM_EVW_DISTANCE, AM_EVW_SCALE,
    AM_EVW_COUNT
};
extern const carta_eval_weight am_eval_table[AM_EVW_COUNT];

struct carta_rules {
    carta_catalog *catalog;
    carta_layout layout;
    char data_dir[1024];
    double eval_w[AM_EVW_COUNT];       /* the evaluation's weights (evaluate.c) */
    uint8_t type[CARTA_CATALOG_MAX];   /* enum am_type per catalog id */
    uint16_t index[CARTA_CATALOG_MAX]; /* into the table of its type */
    am_spell spell[AM_SPELLS_MAX];     /* spell cards and enemy templates */
    am_spell basic[2];                 /* BASIC ATTACKS: melee, ranged */
    am_enemy enemy[AM_ENEMIES_MAX];
    am_encounter encounter[AM_ENCOUNTERS_MAX];
    am_style style[AM_STYLES_MAX];
    am_thing thing[AM_THINGS_MAX];
    int n_spells, n_enemies, n_encounters, n_styles, n_things;
    am_link *links;
    int n_links, cap_links;
};

extern const char *const am_type_names[];   /* physical, magical, fire, ... NULL */
extern const char *const am_status_names[]; /* empower, ... freeze */
extern const char *const am_status_title[]; /* Empower, ... Freeze */
extern const char *const am_handler_names[]; /* none, ... NULL: abilities' built-in effects */
extern const char *const am_nature_names[];  /* construct, ... NULL: Minion Types (minion.c) */

static inline int am_type_of(const carta_rules *r, int id)
{
    return id >= 0 && id < CARTA_CATALOG_MAX ? r->type[id] : AM_T_NONE;
}
static inline const am_spell *am_spell_of(const carta_rules *r, int id)
{
    return am_type_of(r, id) == AM_T_SPELL ? &r->spell[r->index[id]] : NULL;
}
/* An enemy's sheet, or a minion's (MINIONS: they share attributes and attack templates). */
static inline const am_enemy *am_enemy_of(const carta_rules *r, int id)
{
    int t = am_type_of(r, id);
    return t == AM_T_ENEMY || t == AM_T_MINION ? &r->enemy[r->index[id]] : NULL;
}
static inline const am_minion_sheet *am_minion_of(const carta_rules *r, int id)
{
    return am_type_of(r, id) == AM_T_MINION ? &r->enemy[r->index[id]].minion : NULL;
}
static inline const am_encounter *am_encounter_of(const carta_rules *r, int id)
{
    return am_type_of(r, id) == AM_T_ENCOUNTER ? &r->encounter[r->index[id]] : NULL;
}
static inline const am_style *am_style_of(const carta_rules *r, int id)
{
    return am_type_of(r, id) == AM_T_STYLE ? &r->style[r->index[id]] : NULL;
}
/* Items, artefacts, abilities, ancestries, attribute and bonus entries. */
const am_thing *am_thing_of(const carta_rules *r, int id);

carta_status am_compile(void *ctx, int card_id, struct fy_node *card, const char *file,
                        carta_error *err);
void am_basic_attacks(carta_rules *r);
carta_status am_links_resolve(carta_rules *r, carta_error *err);

/* ---- events ---- */

enum am_word {
    AM_W_NONE = 0,
    AM_W_DECK, AM_W_HAND, AM_W_VOID, AM_W_COMBO,
    AM_W_DRAWS, AM_W_CYCLES, AM_W_DISCARDS, AM_W_CASTS, AM_W_ADDS, AM_W_RELEASES,
    AM_W_NOW_AT, AM_W_JUMPED_TO, AM_W_SHIFTED_TO, AM_W_ARRIVED_AT, AM_W_TAKING_TURN,
    AM_W_DONE_TURN, AM_W_ATTACKS, AM_W_AN_ATTACK, AM_W_HIT, AM_W_MISSED, AM_W_AUTO_HIT,
    AM_W_OUT_OF_REACH, AM_W_CANNOT_RESOLVE, AM_W_FIXES, AM_W_GUARDS, AM_W_PROTECTS,
    AM_W_TOKEN_FIX, AM_W_TOKEN_GUARD, AM_W_TOKEN_PROTECT, AM_W_PASSES, AM_W_LETS_GO,
    AM_W_PICKS, AM_W_KNOCKED_OUT, AM_W_REMOVED, AM_W_AP_LOST, AM_W_AP_GAINED, AM_W_TOKENS,
    AM_W_ILLUMINATES, AM_W_MILLS,
    AM_W_MAGES_WIN, AM_W_MAGES_FALL, AM_W_ROUND_LIMIT,
    AM_W_PUSHED_TO, AM_W_PULLED_TO, AM_W_CARRIED_TO, AM_W_TELEPORTED_TO, AM_W_BASHES,
    AM_W_PASSES_THROUGH, AM_W_LANDED_AT, AM_W_STAYS_AIRBORNE, AM_W_AIRBORNE, AM_W_GROUNDED,
    AM_W_CONVERTED, AM_W_CLEANSES, AM_W_EMPOWERED, AM_W_CANTRIPS, AM_W_TO_VOID,
    AM_W_ALTERNATE,              /* + status: "exploited: Expose, for +%d/+%d" */
    AM_W_ALTERNATE_END = AM_W_ALTERNATE + AM_STATUS - 1,
    AM_W_CHANNELS,               /* + 0 no added type, 1 Metal, 2 Flora */
    AM_W_USES = AM_W_CHANNELS + 3, AM_W_SMOKE, AM_W_ONE_HP, AM_W_FALLS,
    AM_W_SCRAP, AM_W_TENDENCY, AM_W_KIN_AIR, AM_W_KIN_GROUND, AM_W_BREATH,
    AM_W_DEFENCE_UNTIL,          /* + enum am_timing: "+%d Defence until the end of its turn" */
    AM_W_BOOST_UNTIL = AM_W_DEFENCE_UNTIL + 5, /* + timing: "its attacks +%d/+%d until ..." */
    AM_W_WAITS = AM_W_BOOST_UNTIL + 5,         /* + timing: "an effect waits for ..." */
    AM_W_DEFENCE_ENDS = AM_W_WAITS + 5, AM_W_BOOST_ENDS, AM_W_WAITED, AM_W_START_PHASE,
    AM_W_END_PHASE, AM_W_BLOODIED, AM_W_ROOTED_FURY,
    AM_W_STATUS,                 /* + enum am_status: "given %d Burn (%d in all)" */
    AM_W_EXPLOITED = AM_W_STATUS + AM_STATUS, /* + status: "exploited: Burn (%d left)" */
    AM_W_CLEANSED = AM_W_EXPLOITED + AM_STATUS, /* + status: "cleansed of 1 Burn (%d left)" */
    AM_W_EMOTION = AM_W_CLEANSED + AM_STATUS, /* + status: "chooses Burn for Emotion Eater" */
    AM_W_OIL = AM_W_EMOTION + AM_STATUS, /* + element: "applies Fire & Burn oil ... to" */
    AM_W_WARD = AM_W_OIL + 5,    /* "grants +%d to a guard or protect" */
    AM_W_KNELL,                  /* "tolled by Knell/%d: %d bonus damage" (R80) */
    AM_W_AUTO_PARRY, AM_W_PARRIED, /* AUTOMATIC PARRY (R83) */
    AM_W_OPENS, AM_W_OPENED,       /* OPENER (R84) */
    AM_W_PITCHES,                  /* PITCH (R85) */
    AM_W_NO_STACK,                 /* ENCHANTMENT: "enchantment effects do not stack" (R86) */
    AM_W_TAUNTED, AM_W_UNTAUNTED,  /* TAUNT (R87) */
    AM_W_SUMMONED, AM_W_SUMMON_SHORT, AM_W_SUMMON_NO_ROOM, AM_W_CONTROL_LIMIT, /* MINIONS */
    AM_W_GRANTS, AM_W_COMMAND_DISCARD, AM_W_COMMAND_HP, AM_W_COMMAND_SCRAP, AM_W_ORDER_MOVE,
    AM_W_ORDER_ATTACK, AM_W_CP_LOST, AM_W_SACRIFICED, AM_W_COMPANION, AM_W_NO_SACRIFICE,
    AM_W_CHOOSES,                  /* CHOICE (R111) */
    AM_W_CHAINED,                  /* CHAIN (R112) */
    AM_W_SCRAP_GAINS, AM_W_SCRAP_GRABS, AM_W_SCRAP_DROPS, AM_W_SCRAP_PAYS, AM_W_SCRAP_STREWN,
    AM_W_SCRAP_SPILLS,             /* SCRAP (R110) */
    AM_W_FORETELLS, AM_W_FORESEEN, AM_W_FORETOLD_RESOLVES, /* FORETOLD/X (R116) */
    AM_W_OPPORTUNITY,              /* OPPORTUNITY (R117) */
    AM_W_ENCHANTS,                 /* ENCHANTMENT on an ally (R118) */
    AM_W_UPKEEP, AM_W_UPKEEP_ENDS, /* ENCHANTMENT upkeep (R119) */
    AM_W_AREA, AM_W_AREA_CENTRE,   /* Area Effects: "places a %dx%d area", "centred on %L%d" */
    AM_W_OBJECT_PUT,               /* "puts on %L%d the object" (R94) */
    AM_W_LINGERS_ROUND, AM_W_LINGERS_TURNS, AM_W_LINGER_CAUGHT, AM_W_LINGER_FADES, /* R137 */
    AM_W_OBJECT_HIT, AM_W_OBJECT_DESTROYED, /* R141 */
    AM_W_MINION_ABILITY,           /* Minion Abilities: "resolves the Minion Ability" (R128) */
    AM_W_ALLY_DEFENCE_UNTIL,       /* + timing: an ally's, counted in the caster's turns (R150) */
    AM_W_ALLY_BOOST_UNTIL = AM_W_ALLY_DEFENCE_UNTIL + 5,
    AM_W_OPPORTUNITY_CARD = AM_W_ALLY_BOOST_UNTIL + 5, /* a card's Opportunity effect (R151) */
    AM_W_ORDER_ABILITY,            /* "commanded to use an ability: %d CP spent" (R142) */
    AM_W_OBJECT_PUSHED, AM_W_OBJECT_PULLED, AM_W_OBJECT_BASHES, /* an object moved (R155) */
    AM_W_OBJECT_NO_ROOM,           /* "has no free square for the object" (R147) */
    AM_W_COUNT
};

/* ---- actions: kind << 24 | a << 12 | b ---- */

enum am_act {
    AM_A_CYCLE = 1, AM_A_KEEP, AM_A_TAKE_TURN, AM_A_LET_GO, AM_A_PICK, AM_A_RUN, AM_A_JUMP,
    AM_A_STEP, AM_A_STAY, AM_A_CAST, AM_A_ADD, AM_A_RELEASE, AM_A_NEXT, AM_A_TARGET,
    AM_A_TARGETS_DONE, AM_A_ATTACK, AM_A_END_TURN, AM_A_PASS, AM_A_FIX, AM_A_GUARD,
    AM_A_PROTECT, AM_A_DISCARD, AM_A_ILLUMINATE, AM_A_CANTRIP, AM_A_SHIFT, AM_A_STOP,
    AM_A_EXPLOIT, AM_A_EMPOWER, AM_A_KEEP_EMPOWER, AM_A_CONVERT, AM_A_KEEP_STATUS,
    AM_A_CLEANSE, AM_A_REMOVE, AM_A_CLEANSE_DONE, AM_A_PUSH, AM_A_PULL, AM_A_CARRY, AM_A_BASH,
    AM_A_NO_BASH, AM_A_TELEPORT, AM_A_LAND, AM_A_STAY_AIRBORNE, AM_A_LAND_AT, AM_A_CHANNEL,
    AM_A_NO_WEAPON, AM_A_USE, AM_A_STAND, AM_A_FALL, AM_A_KIN, AM_A_BREATH, AM_A_ICHOR,
    AM_A_ALTERNATE, AM_A_NO_ALTERNATE, AM_A_EMOTION, AM_A_EAT, AM_A_NO_EAT,
    AM_A_OPENER, AM_A_OPENED, /* OPENER: b is the card's id (R84) */
    AM_A_PITCH,               /* PITCH: b is the hand index (R85) */
    AM_A_COMMAND,             /* Command action: a the minion, b a hand card or AM_TOKEN_PAY +
                                 the way (minion.c) */
    AM_A_ORDER,               /* a Command of a minion: a the minion, b the command */
    AM_A_SUMMON_AT,           /* SUMMON: a the square */
    AM_A_REPLACE,             /* Control Limit: a the minion removed */
    AM_A_SACRIFICE,           /* SACRIFICE: a the minion */
    AM_A_CHOOSE,              /* CHOICE: a is the option (R111) */
    AM_A_CHAIN,               /* CHAIN: a is the next target (R112) */
    AM_A_GRAB, AM_A_DROP, AM_A_SCRAP_DONE, /* SCRAP on an entered square (R110) */
    AM_A_PAY_SCRAP, AM_A_NO_PAY,           /* SCRAP: pay X scrap, or not (R110) */
    AM_A_FORETELL,            /* FORETOLD: b is the hand index (R116) */
    AM_A_FORESEE, AM_A_FORESEEN, /* FORETOLD: a target fixed (a), the targets done */
    AM_A_SEIZE,               /* OPPORTUNITY: a basic attack (b: 0 melee, 1 ranged, 2 none) */
    AM_A_ENCHANT,             /* ENCHANTMENT: the ally picked (a) (R118) */
    AM_A_UPKEEP, AM_A_UPKEEP_END, /* upkeep paid with hand card b, or the enchantment ends */
    AM_A_AREA,                /* Area Effects: a is the top left square, b width << 4 | height */
    AM_A_QUAKE, AM_A_QUAKE_DONE, /* Quake Stone: an object on square a; no more (R94) */
    AM_A_PLACE,               /* place_object: an object on square a (R147) */
    AM_A_MOVE_OBJECT,         /* push_object, pull_object: a is the object picked (R155) */
    AM_A_LAST = AM_A_MOVE_OBJECT
};
#define AM_ACT(kind, a, b) \
    ((carta_action)(((uint32_t)(kind) << 24) | ((uint32_t)(a) << 12) | (uint32_t)(b)))
#define AM_KIND(x) ((int)((x) >> 24))
#define AM_A(x) ((int)(((x) >> 12) & 0xFFF))
#define AM_B(x) ((int)((x) & 0xFFF))
#define AM_TOKEN_PAY 0x800 /* b: pay with token b - AM_TOKEN_PAY instead of hand card b */

/* ---- pending frames (core/pending.h) ---- */

enum am_frame {
    AM_F_CYCLE = 1,   /* decision: the cycling mage (arg0: mage) */
    AM_F_REQUEST,     /* decision: a mage asked to take the allied turn slot (arg0: mage) */
    AM_F_GROUP,       /* decision: the Gamemaster picks the enemies of an enemy turn */
    AM_F_JUMP,        /* decision: the square after a jump (arg0: char) */
    AM_F_COMBO,       /* decision: add a card or release the combo (arg0: mage) */
    AM_F_BETWEEN,     /* decision: move, or go on to the next combo card (arg0: mage) */
    AM_F_TARGET,      /* decision: the targets of an attack op (arg0: char, 1: spell index,
                         2: op, 3: picked, 4..: picked targets) */
    AM_F_SHIFT,       /* decision: one square of a shift (arg0: char, 1: squares left) */
    AM_F_DISCARD,     /* decision: discard down at the Discard Step (arg0: mage) */
    AM_F_EMPOWER,     /* decision: exploit Empower on hit (arg0: attack) */
    AM_F_CONVERT,     /* decision: Status Conversion (arg0: target, 1: status, 2: count) */
    AM_F_CLEANSE,     /* decision: the counters a Cleanse removes (arg0: char, 1: removed) */
    AM_F_FORCED,      /* decision: the next square of a push, pull or carry (forced.c) */
    AM_F_BASH,        /* decision: bash or pass through, moved by itself or an ally (forced.c) */
    AM_F_TELEPORT,    /* decision: the square a teleport ends on (arg0: char, 1: squares) */
    AM_F_LAND,        /* decision: land or stay airborne at the round's end (arg0: char) */
    AM_F_LAND_AT,     /* decision: the nearest free square to land on, a tie (arg0: char) */
    AM_F_CHANNEL,     /* decision: a weapon to channel the card through (arg0: char, 1: spell) */
    AM_F_ZERO_HP,     /* decision: a mage reduced to 0 HP may stay at 1 HP (arg0: char) */
    AM_F_ICHOR,       /* decision: Ichor Guard (arg0: the parrying mage's char, 1: attacker) */
    AM_F_ALTERNATE,   /* decision: an alternate exploit effect for an attack (arg0: attack) */
    AM_F_EMOTION,     /* decision: Emotion Eater's status at the encounter's start (arg0: mage) */
    AM_F_EAT,         /* decision: Emotion Eater on a target (arg0: mage's char, 1: target,
                         2: status) */
    AM_F_OPENER,      /* decision: Opener cards searched for before the first draw (arg0: mage,
                         1: taken) */
    AM_F_SUMMON,      /* decision: the square a minion is summoned on (arg0: caster, 1: sheet,
                         2: range) */
    AM_F_REPLACE,     /* decision: the minion of that kind removed at the Control Limit (arg0:
                         caster, 1: sheet, 2: square) */
    AM_F_SACRIFICE,   /* decision: the minion sacrificed (arg0: caster) */
    AM_F_COMMAND,     /* decision: the card discarded for Command Points (arg0: minion, 1:
                         points) */
    AM_F_AREA,        /* decision: where an area goes (arg0: char, 1: spell, 2: channel, 3: op) */
    AM_F_QUAKE,       /* decision: Quake Stone's objects (arg0: mage, 1: placed, 2: item) */
    AM_F_CAST,        /* resolving: the combo (arg0: mage, 1: next card, 2: stage, 3: op,
                         4: card failed, 5: stage hit) */
    AM_F_ATTACK,      /* resolving: attack[arg0] (arg1: the frame that made it) */
    AM_F_EFFECT,      /* resolving: a declared answer (arg0: kind, 1: char, 2: value, 3: attack,
                         4: roll) */
    /* decisions again, from here on */
    AM_F_CHOICE,      /* decision: CHOICE, a card's option (arg0: char, 1: the card's spell) */
    AM_F_CHAIN,       /* decision: CHAIN, the next target (arg0: char, 1: attack slot, 2: range) */
    AM_F_SCRAP,       /* decision: SCRAP on an entered square (arg0 char, 1 grabbed, 2 dropped) */
    AM_F_PAY_SCRAP,   /* decision: SCRAP, pay arg1 scrap or not (arg0: char) */
    AM_F_FORETELL,    /* decision: FORETOLD, its targets (arg0: mage, 1: spell, 2: most, 3: picked,
                         4..: picked) */
    AM_F_OPPORTUNITY, /* decision: OPPORTUNITY seized or not (arg0: char, 1: the enemy) */
    AM_F_ALLY,        /* decision: the ally an effect goes to (arg0: caster, 1: kind, 2: count,
                         3: arg, 4: x, 5: y, 6: timing, 7: card, 8: to, 9: range) */
    AM_F_UPKEEP,      /* decision: an enchantment's upkeep (arg0: mage, 1: card, 2: paid) */
    AM_F_PLACE,       /* decision: a card's object's square (arg0: char, 1: object, 2: left,
                         3: range; R147) */
    AM_F_MOVE_OBJECT, /* decision: the object a card moves (arg0: char, 1: op kind, 2: squares,
                         3: range; R155) */
    AM_F_LAST = AM_F_MOVE_OBJECT
};
static inline int am_frame_decides(int kind) { return kind < AM_F_CAST || kind > AM_F_EFFECT; }
/* BLOODIED: "current HP is equal to, or less than half of their maximum HP". */
static inline int am_bloodied(const am_state *st, int ch)
{
    return 2 * st->ch[ch].hp <= st->ch[ch].hp_max;
}

/* MINIONS: whether ch is a minion (a summoned one or a companion). */
static inline int am_is_minion(const am_state *st, int ch) { return st->ch[ch].minion != 0; }

/* ---- functions, by file ---- */

/* minion.c: MINIONS (Attributes, Control Limit, Commands, Attacks), the Command action, SUMMON,
 * SACRIFICE and companions; cards.c hands it a minion sheet's own keys. */
carta_status am_minion_compile(carta_rules *r, am_enemy *e, struct fy_node *map,
                               const char *file, carta_error *err);
/* The Command Limit the mage has left: its limit less its summoned minions' upkeep (R95). */
int am_command_left(const carta_rules *r, const am_state *st, int mage);
/* The Control Limit of sheet for the mage (Control Limit). */
int am_control_limit(const carta_rules *r, const am_state *st, int mage, int sheet);
/* Places mage's companions (deck entries of type minion) near its square (R104). */
void am_companions_place(const carta_rules *r, am_state *st, int mage, const carta_deck *d);
/* The Command actions and Commands of mage's minions in its Main Phase. */
int am_minion_actions(const carta_rules *r, const am_state *st, int mage, carta_action *out);
void am_minion_apply(const carta_rules *r, am_state *st, carta_action a);
int am_minion_choices(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out);
/* SUMMON (an op of card spell by ch): the command limit judged, then the square asked. Returns
 * 0 when the summoning fails to resolve. */
int am_summon_op(const carta_rules *r, am_state *st, int ch, const am_spell *s);
/* SACRIFICE (an op of ch's): a minion ch controls is asked for; 0 when it has none. */
int am_sacrifice_op(am_state *st, int ch);
/* A minion reduced to 0 HP is defeated: removed, its Command Points lost (R97). */
void am_minion_defeated(am_state *st, int ch);
/* The round's start for a minion: Move Points and armour from its sheet. */
void am_minion_round_start(const carta_rules *r, am_state *st, int ch);

/* minion_ability.c: Minion Abilities (R128-R130) */
/* A minion sheet's passive abilities (R128): its HP and Move Points with their `hp` and `mp`
 * added, and their `resist` types (a bit each). */
int am_minion_hp(const carta_rules *r, int sheet);
int am_minion_move(const carta_rules *r, int sheet);
uint32_t am_minion_resist(const carta_rules *r, int sheet);
/* The character a minion's effect calls its controller: its mage's; anyone else's is itself. */
int am_controller_of(const am_state *st, int ch);
/* Mage's Start Phase (which: AM_P_START) or End Phase is its minions' too (R130): what lasts on
 * them ends or resolves, then their abilities of that trigger resolve. */
void am_minion_phase(const carta_rules *r, am_state *st, int mage, int which);
/* After attack slot's rolls: an attacking minion that hit resolves its `hit` abilities. */
void am_minion_hit(const carta_rules *r, am_state *st, int slot);
/* Attack slot declared: each minion it targets resolves its `attacked` abilities. */
void am_minion_attacked(const carta_rules *r, am_state *st, int slot);
/* OPPORTUNITY to minions (R135): enemy ch moved by itself from square from; attack slot was
 * declared by an enemy. Each minion given opportunity resolves its `opportunity` abilities. */
void am_minion_opportunity_moved(const carta_rules *r, am_state *st, int ch, int from);
void am_minion_opportunity_attacked(const carta_rules *r, am_state *st, int slot);
/* cards.c: whether an ability's effect op is one a minion's ability may have; an active one's
 * may also act on the map: attack, inflict, push, pull, shift (R143). */
int am_minion_op_ok(const am_op *op, int active);
/* Active abilities (R142): the Commands using minion i's active abilities now (AM_A_ORDER, b:
 * AM_COMMANDS + the ability's index on its sheet), and the use of ability k: its Command Points
 * spent, its effect resolved as a CAST frame. */
int am_minion_ability_actions(const carta_rules *r, const am_state *st, int i, carta_action *out);
void am_minion_ability_use(const carta_rules *r, am_state *st, int i, int k);

/* rules.c */
carta_status am_setup(const carta_rules *r, void *state, const carta_config *c, carta_error *err);
int am_to_act(const carta_rules *r, const void *state);
int am_legal_actions(const carta_rules *r, const void *state, carta_action *out);
carta_status am_apply(const carta_rules *r, void *state, carta_action a, carta_error *err);
void am_returns(const carta_rules *r, const void *state, double *out);
int am_team(const carta_rules *r, const void *state, int seat);
void am_settle(const carta_rules *r, am_state *st);
void am_end(am_state *st, int side, int reason);
int am_gm_seat(const am_state *st);
void am_config_mage(const carta_rules *r, am_state *st, int m, const carta_deck *d);
int am_seat_of(const am_state *st, int ch);
/* Tells what happens to character ch: "Bandit Cutthroat is <word>", a mage by its seat. */
void am_tell(am_state *st, int ch, int word, int amount, int value);
/* The same with the character's square as the word's %L%d. */
void am_tell_at(am_state *st, int ch, int word);

/* round.c: the round's steps, the turn slots, the enemy groups */
/* The beginning of combat: each mage with an Opener card in its deck is asked in turn (AM_F_OPENER,
 * R84), then the first round starts. */
void am_encounter_begin(const carta_rules *r, am_state *st);
int am_opener_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out);
void am_opener_apply(const carta_rules *r, am_state *st, carta_action a);
void am_round_start(const carta_rules *r, am_state *st);
/* The fight proper: the first round starts, and the abilities asked at the encounter's start. */
void am_encounter_fight(const carta_rules *r, am_state *st);
void am_round_next(const carta_rules *r, am_state *st);
int am_round_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                     carta_action *out);
void am_round_apply(const carta_rules *r, am_state *st, carta_action a);
void am_turn_end(const carta_rules *r, am_state *st);
void am_turn_finish(const carta_rules *r, am_state *st);
int am_draw(am_state *st, int mage, int n);
void am_to_void(am_state *st, int mage, int hand_index, int verb);
/* Whether hand index i holds the first copy of its card (one action per distinct card). */
int am_first_copy(const am_hand *h, int i);
/* The mage whose hand seat's decision draws on: the one the frame names (cycling, discarding, a
 * combo), else seat's own (a mage's seat is its index; an interrupt is cast in another's turn). */
int am_hand_owner(const am_state *st, int seat);

/* grid.c */
int am_cell(int col, int row);
int am_dist(int a, int b);
int am_step(const am_state *st, int cell, int dir);
int am_char_at(const am_state *st, int cell, int airborne);
int am_can_enter(const am_state *st, int ch, int cell);
void am_cell_name(int cell, char *buf, size_t cap);
int am_cell_parse(const char *s);
extern const char *const am_dir_names[8];
int am_grid_actions(const am_state *st, int ch, carta_action *out);
void am_grid_apply(const carta_rules *r, am_state *st, carta_action a);
int am_nearest_free(const am_state *st, int cell, int airborne);

/* sight.c: whether the line from the centre of square from to the centre of square to crosses
 * no wall or opaque object (Line of Sight; R88). */
int am_sight(const am_state *st, int from, int to);
/* Whether cell holds a wall, or an object for a grounded character (Occupancy and Objects). */
static inline int am_blocked(const am_state *st, int cell, int airborne)
{
    return (st->terrain[cell] & AM_TER_WALL) || (!airborne && (st->terrain[cell] & AM_TER_OBJECT));
}

/* area.c: areas (Area Effects). A placement: its top left square, its width and height as placed
 * (turned: swapped), and the centre square chosen (the first tied one within range and sight). */
typedef struct am_place {
    uint8_t at, w, h, centre;
} am_place;
typedef struct am_area_rule {
    int from, range;   /* the placer's square, the card's range */
    int w, h;          /* the area's size as written (it may be turned) */
    int side, whom;    /* the placer's side; enum am_whom */
    int bound;         /* bound to a target (R93) */
    int lasting;       /* it stays: each placement is its own choice (else R90 merges them) */
    int empty_ok;      /* it may be placed holding nobody (a lingering area, R137) */
    uint32_t only;     /* a bit per character it may attack, 0 any: a taunted placer's (R138) */
    int large;         /* the placer is Large: `from` is its block's top left square (R149) */
} am_area_rule;
/* Whether cell is within the area at top left square at, wh = width << 4 | height. */
int am_area_holds(int at, int wh, int cell);
/* The placements the rule allows, each holding at least one character it attacks, at most max
 * (out holds 2 * AM_CELLS at most); the count. */
int am_area_places(const am_state *st, const am_area_rule *rule, am_place *out, int max);
/* The characters within placement p that the rule attacks, nearest its centre first, at most
 * AM_TARGETS (R91); the count. */
int am_area_targets(const am_state *st, const am_area_rule *rule, const am_place *p,
                    uint8_t *out);

/* foretold.c: FORETOLD areas (R136) */
/* Whether the placement question of a foretold card's area is on (its FORETELL frame asks a
 * placement, AM_A_AREA, not targets). */
int am_foretell_asks_area(const carta_pending *f);
/* The foretold card due's fixed area (for its op): the placement into *p and the characters
 * within it now (R91) into out; the count, 0 without an area or anybody within it. */
int am_foretold_area(const carta_rules *r, const am_state *st, int ch, const am_op *op,
                     am_place *p, uint8_t *out);

/* linger.c: lingering areas (R137) */
/* Leaves ch's area of op index `op` of spell ref (card) lingering at placement p. */
void am_linger_place(const carta_rules *r, am_state *st, int ch, int ref, int op,
                     const am_place *p);
/* ch entered its square from square from by its own movement or a shift: each lingering area it
 * entered attacks it. */
void am_linger_entered(am_state *st, int ch, int from);
/* Forced movement (R148): the bit per lingering area (index) ch, now on its square, entered from
 * square from and would set off, leaving out those in done (set off already by this movement);
 * am_linger_spring then makes each area of mask attack ch (on top of the pending stack). */
int am_linger_entering(const am_state *st, int ch, int from, int done);
void am_linger_spring(am_state *st, int ch, int mask);
/* ch's turn begins: each lingering area it stands in attacks it. */
void am_linger_turn_start(am_state *st, int ch);
/* A turn ended: each area lasting turns lasts one less; those with none left fade. */
void am_linger_tick(am_state *st);
/* The round ends: each area lasting the round fades. */
void am_linger_round_end(am_state *st);

/* object.c: objects on the map (Occupancy and Objects; R92) */
/* Puts object def on cell (a floor square nobody grounded stands on); 0 when there is no room. */
int am_object_place(const carta_rules *r, am_state *st, int def, int cell);
/* The encounter's objects onto the map (setup). */
void am_objects_setup(const carta_rules *r, am_state *st, const am_encounter *e);
/* The object on cell, or -1. */
int am_object_at(const am_state *st, int cell);
/* Whether an object may go on cell: floor on the map, no object, nobody grounded on it. */
int am_object_free(const am_state *st, int cell);
/* Object k moved to cell, its occupancy and sight with it (R155). */
void am_object_move(am_state *st, int k, int cell);
/* A card's {place_object: count} of s->object, ch placing (R147); its push_object or
 * pull_object (R155): the PLACE and MOVE_OBJECT frames, their choices and their actions. */
void am_place_op(am_state *st, int ch, const am_spell *s, int count);
void am_move_object_op(am_state *st, int ch, const am_spell *s, const am_op *op);
int am_object_choices(const am_state *st, const carta_pending *f, carta_action *out);
void am_object_choice_apply(const carta_rules *r, am_state *st, carta_action a);
/* An area of ch's spell s attacking whom placed at (wh = width << 4 | height): each object with
 * Hit Points within it takes the damage entry + attribute + Y, and is destroyed at 0 (R141). */
void am_objects_hit(const carta_rules *r, am_state *st, int ch, const am_spell *s, int whom,
                    int at, int wh);
/* R146: whether object k is a target for s used by ch (Hit Points left, s deals damage, within
 * range and in sight, a melee attack from the ground); its AM_A_TARGET is AM_OBJECT_TARGET + k. */
enum { AM_OBJECT_TARGET = AM_CHARS };
int am_object_targetable(const am_state *st, int ch, const am_spell *s, int k);
/* The objects of bit mask picked (bit k: object k) hit automatically by s of ch (R146, R141). */
void am_objects_struck(const carta_rules *r, am_state *st, int ch, const am_spell *s,
                       uint32_t picked);
/* Quake Stone at the encounter's beginning (R94): asks the first mage from `from` on with one,
 * else starts the first round (am_encounter_fight). */
void am_quake_next(const carta_rules *r, am_state *st, int from);
int am_quake_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                     carta_action *out);
void am_quake_apply(const carta_rules *r, am_state *st, carta_action a);

/* forced.c: forced movement (push, pull, carry, teleport), bashing, landing */
/* Object k pushed or pulled (op_kind AM_OP_PUSH_OBJECT or AM_OP_PULL_OBJECT) squares by ch
 * (R155): a FORCED frame whose mover is AM_OBJECT_TARGET + k. */
void am_forced_object(am_state *st, int ch, int k, int op_kind, int squares);
/* Starts op's forced movement: of each character attack slot hit (push, pull, carry, lift), or of
 * the caster ch (teleport, airborne, grounded). */
void am_forced_op(am_state *st, int ch, int attack, const am_op *op);
/* Whether ch is in the middle of a forced movement, passing through an occupied square. */
int am_forced_passing(const am_state *st, int ch);
int am_forced_actions(const am_state *st, const carta_pending *f, carta_action *out);
void am_forced_apply(am_state *st, carta_action a);
/* Asks the next airborne character to land or stay at the round's end (R38); 0 when none is
 * left to ask. */
/* ch ceases to be airborne: on its square, or the nearest unoccupied one (Falling onto Occupied
 * Squares), a tie its choice (a pending decision). */
void am_land(am_state *st, int ch);
int am_landing_ask(am_state *st);
/* Clears the round's landing marks (after the Discard Step). */
void am_landing_reset(am_state *st);

/* attack.c */
int am_attr(const carta_rules *r, const am_state *st, int ch, int attr);
int am_defence(const carta_rules *r, const am_state *st, int ch);
int am_reaches(const carta_rules *r, const am_state *st, int ch, const am_spell *s, int target);
void am_attack_declare(const carta_rules *r, am_state *st, int attacker, const am_spell *s,
                       int templ, int stage, const uint8_t *targets, int n);
void am_attack_step(const carta_rules *r, am_state *st, carta_pending *f);
const am_spell *am_attack_spell(const carta_rules *r, const am_attack *a);
void am_empower_apply(am_state *st, carta_action a);
int am_alternate_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                         carta_action *out);
void am_alternate_apply(const carta_rules *r, am_state *st, carta_action a);
const am_spell *am_spell_ref(const carta_rules *r, int ref);
/* AUTOMATIC PARRY: ch parries the innermost attack on it still to hit (R83). */
void am_parry_auto(const carta_rules *r, am_state *st, int ch);
int am_damage(const carta_rules *r, am_state *st, int ch, int amount, uint32_t types,
              int piercing, int source);
void am_heal(am_state *st, int ch, int amount);
void am_check_end(const carta_rules *r, am_state *st);
/* Whether enemy ch may attack with spell s: some character of the other side in its reach. */
int am_enemy_can_reach(const carta_rules *r, const am_state *st, int ch, const am_spell *s);
int am_enemy_actions(const carta_rules *r, const am_state *st, int ch, carta_action *out);

/* combo.c */
int am_edges_fit(int right, int left);
enum { AM_CAST_COMBO = 0, AM_CAST_TEMPLATE, AM_CAST_CANTRIP, AM_CAST_BASIC, AM_CAST_PITCH,
       AM_CAST_FORETOLD,
       AM_CAST_LINGER, /* a lingering area's stage on one character: card is k | target << 4 */
       AM_CAST_ABILITY /* a minion's active ability: card is its effect's index in r->spell */ };
/* Pushes the frame that resolves a combo, an enemy's template or a cantrip (the top of the
 * mage's limbo). */
carta_pending *am_cast_push(am_state *st, int ch, int kind, int card);
/* Moves hand card i of mage to its limbo: a cantrip or Trick declared. */
void am_cantrip_declare(am_state *st, int mage, int i);
/* PITCH (R85): the actions pitching a card of mage's hand, and the pitch itself: hand card i to
 * the Void; returns the pitch effect's index in r->spell (for an AM_CAST_PITCH frame). */
int am_pitch_actions(const carta_rules *r, const am_state *st, int mage, carta_action *out);
int am_pitch_declare(const carta_rules *r, am_state *st, int mage, int i);
int am_combo_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                     carta_action *out);
/* Whether ch's spell r->spell/basic ref may place the area of its op anywhere now (an AREA
 * frame would have a choice). */
int am_area_offered(const carta_rules *r, const am_state *st, int ch, int ref, int op);
int am_main_cast_actions(const carta_rules *r, const am_state *st, int mage, carta_action *out);
void am_combo_apply(const carta_rules *r, am_state *st, carta_action a);
void am_cast_step(const carta_rules *r, am_state *st, carta_pending *f);

/* lasting.c: modifiers and waiting effects of the Start and End Phases (R73) */
/* A lasting effect of op on ch, from card, cast by character by. */
void am_lasting_add(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                    int by);
/* The same given to an ally ch: "your turn" is the caster by's, so by's turns end it (R150). */
void am_lasting_add_ally(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                         int by);
/* ENCHANTMENT (R86): whether ch holds op's modifier of the enchantment card already. */
int am_lasting_enchanted(const carta_rules *r, const am_state *st, int ch, const am_op *op,
                         int card);
/* Ends or resolves what is due at ch's Start Phase (which: AM_P_START) or End Phase (AM_P_END). */
void am_lasting_phase(const carta_rules *r, am_state *st, int ch, int which);
void am_lasting_round_end(const carta_rules *r, am_state *st);
int am_lasting_defence(const am_state *st, int ch);
void am_lasting_boost(const am_state *st, int ch, int *x, int *y);
void am_lasting_text(const carta_rules *r, const am_lasting *l, char *buf, size_t cap);
/* combo.c: an effect of a character's own on itself (gain, heal, draw, mill, armour, token). */
void am_self_effect(const carta_rules *r, am_state *st, int ch, const am_op *op);

/* answer.c: windows, Fix, Guard, Protect */
void am_window_open(const carta_rules *r, am_state *st, int attack, int declarer_seat);
int am_answer_actions(const carta_rules *r, const am_state *st, carta_action *out);
int am_interrupt_actions(const carta_rules *r, const am_state *st, int seat, carta_action *out);
/* The actions (kind, a, b) paying with a hand card of ch's mage (each distinct card once; with
 * need_protect only Protect/X cards) or a token of one of token_kinds (bit per kind, one action
 * per alike token): b is the hand index or AM_TOKEN_PAY + the token's. */
int am_payments(const carta_rules *r, const am_state *st, int ch, unsigned token_kinds,
                int need_protect, int kind, int a, carta_action *out);
/* Pays b (a hand card of ch's mage, to the Void, or token b - AM_TOKEN_PAY) and returns its
 * Strike Value (strike) or Guard Value. */
int am_pay(const carta_rules *r, am_state *st, int ch, int b, int strike, int word);
void am_answer_apply(const carta_rules *r, am_state *st, carta_action a);
void am_effect_resolve(const carta_rules *r, am_state *st, carta_pending *f);

/* status.c */
int am_stunned(const am_state *st, int ch);
/* VULNERABLE: 3 or more negative status counters, or 2 or more of its enemies (not knocked out)
 * on squares adjacent to it (R81). */
int am_vulnerable(const am_state *st, int ch);
int am_attacks_per_turn(const carta_rules *r, const am_state *st, int ch);
int am_move_cost(const am_state *st, int ch, int base);
int am_shift_distance(const am_state *st, int ch, int n);
int am_exploit_actions(const carta_rules *r, const am_state *st, int seat, carta_action *out);
void am_exploit_apply(const carta_rules *r, am_state *st, carta_action a, int seat);
void am_offer_conversion(am_state *st, int attacker, int target, int status, int count);
int am_convert_actions(const am_state *st, const carta_pending *f, carta_action *out);
void am_convert_apply(const carta_rules *r, am_state *st, carta_action a);
int am_cleanse_actions(const carta_rules *r, const am_state *st, int seat, carta_action *out);
int am_cleanse_choices(const am_state *st, const carta_pending *f, carta_action *out);
void am_cleanse_apply(const carta_rules *r, am_state *st, carta_action a, int seat);
/* A card's CLEANSE (R113): by's player removes up to count of who's counters, one decision
 * each; nothing is asked when who has none. */
void am_cleanse_ask(am_state *st, int by, int who, int count);

/* item.c: weapons */
int am_channel_offered(const carta_rules *r, const am_state *st, int ch, const am_spell *s);
/* s as channelled (R29): channel is (item + 1) | added type << 4, 0 none; buf holds the copy. */
const am_spell *am_channelled(const carta_rules *r, const am_state *st, int ch, const am_spell *s,
                              int channel, am_spell *buf);
int am_channel_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                       carta_action *out);
void am_channel_push(am_state *st, int ch, int ref);
void am_channel_apply(const carta_rules *r, am_state *st, carta_action a);
/* ability.c: abilities with a built-in effect, named by their `handler:` key */
enum am_handler { AM_H_NONE = 0, AM_H_NOT_MY_TIME, AM_H_BATTLE_TENDENCY, AM_H_MACHINE_HEART,
                  AM_H_STEEL_SKIN, AM_H_CLAWS_WINGS, AM_H_KIN_COSMOS, AM_H_DRAGON_BREATH,
                  AM_H_SWIFT_STRIDE, AM_H_SEABORNE, AM_H_ICHOR_GUARD, AM_H_EMOTION_EATER,
                  AM_H_STEADY_AIM, AM_H_ROOTED_FURY,
                  AM_H_OPPORTUNIST, /* OPPORTUNITY: a basic attack on the enemy (R117) */
                  AM_H_COUNT };
enum { AM_TRAIT_CLAWS = 1, AM_TRAIT_COSMOS = 2, AM_TRAIT_STEEL = 4, AM_TRAIT_STEADY = 8,
       AM_TRAIT_OPPORTUNITY = 16 /* its deck as built holds an "Opportunity:" card (R152) */ };
/* Sets the mage's traits from its abilities' handlers and its deck as built (at setup, and
 * after a scenario's). */
void am_abilities_derive(const carta_rules *r, am_state *st, int m);
/* Machine Heart at the start of the round. */
void am_ability_round_start(const carta_rules *r, am_state *st, int m);
/* Style abilities keyed on an attack: Steady Aim's +1 to hit from afar, Rooted Fury's armour. */
int am_steady_aim(const am_state *st, int attacker, int target);
void am_rooted_fury(const carta_rules *r, am_state *st, int attacker, const am_spell *s);
/* Battle Tendency when mage releases its combo. */
void am_ability_released(const carta_rules *r, am_state *st, int m);
/* The count of status counters ch gains, after Steel Skin, Stone Bones. */
int am_status_gained(const am_state *st, int ch, int status, int count);
void am_add_status(am_state *st, int ch, int status, int count);
int am_jump_cost(const am_state *st, int ch);
/* Kin of the Cosmos: become airborne or grounded, once in the mage's turn. */
int am_kin_actions(const carta_rules *r, const am_state *st, int ch, carta_action *out);
void am_kin_apply(const carta_rules *r, am_state *st, carta_action a);
/* After ch moved or shifted: Swift Stride (an enemy moved: each mage with it may shift 0-6
 * squares) and Seaborne Athleticism (an ally came next to a mage with it, who may shift that
 * ally 1-6 squares). */
void am_char_moved(const carta_rules *r, am_state *st, int ch);
/* A shift frame's square taken (arg3: the ability's slot + 1, arg4: moved at all, arg5: the
 * mage whose ability it is). */
void am_shift_taken(const carta_rules *r, am_state *st, carta_pending *f);
/* Ichor Guard: after attack slot's rolls, each parrying mage with it may force the attacker's
 * basic attack on another enemy (AM_F_ICHOR). */
void am_ichor_offer(const carta_rules *r, am_state *st, int slot, const am_spell *s);
int am_ichor_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                     carta_action *out);
void am_ichor_apply(const carta_rules *r, am_state *st, carta_action a);
/* Dragon Breath: pay 5 HP and discard a card for a basic attack, once a round in the turn. */
int am_breath_actions(const carta_rules *r, const am_state *st, int ch, carta_action *out);
void am_breath_apply(const carta_rules *r, am_state *st, carta_action a);
/* Emotion Eater: each mage with it is asked its status as the encounter starts (AM_F_EMOTION);
 * when its attack targets a character with that status, it may exploit one counter and gain 1
 * Surge (AM_F_EAT, one frame per such target). R47. */
void am_ability_encounter_start(const carta_rules *r, am_state *st);
void am_emotion_offer(const carta_rules *r, am_state *st, int slot);
int am_emotion_actions(const am_state *st, const carta_pending *f, carta_action *out);
void am_emotion_apply(const carta_rules *r, am_state *st, carta_action a);
/* The slot of mage's ability with that handler, or -1. */
int am_ability_slot(const carta_rules *r, const am_state *st, int mage, int handler);
int am_char_has(const carta_rules *r, const am_state *st, int ch, int handler);

/* item.c: consumables (R52, R71) */
int am_use_actions(const carta_rules *r, const am_state *st, int seat, int slow_ok,
                   carta_action *out);
void am_use_apply(const carta_rules *r, am_state *st, carta_action a);
int am_smoke_bonus(const am_state *st, int ch);
/* Grenado, Smoke: the top left square of this round's smoke area k (3x3). */
int am_smoke_at(const am_state *st, int k);
/* A square's mark on the map: '#' a wall, 'o' an object, '.' floor. */
static inline char am_map_mark(const am_state *st, int cell)
{
    int bits = st->terrain[cell];
    return (bits & AM_TER_WALL) ? '#' : (bits & AM_TER_OBJECT) ? 'o' : '.';
}
/* Elemental Oil on a hit of attack slot's roll i: the target gains the oils' statuses. */
void am_oil_hit(const carta_rules *r, am_state *st, int slot, int i);
extern const uint8_t am_oil_status[5], am_oil_type[5]; /* Fire & Burn ... Metal & Expose */
/* Whether ch, just reduced to 0 HP, is asked to stay at 1 HP; if so the ZERO_HP frame is pushed. */
int am_zero_hp_offer(const carta_rules *r, am_state *st, int ch);
int am_zero_hp_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                       carta_action *out);
void am_zero_hp_apply(const carta_rules *r, am_state *st, carta_action a);
/* Knocked Out, and removed if fodder or regular (R26). */
void am_knock_out(const carta_rules *r, am_state *st, int ch);
int am_leaf_item(const carta_rules *r, const am_state *st, int mage);

/* choice.c: CHOICE (R111) */
/* Asks ch which option of spell (an index of r->spell) to resolve; 0 when it has none. */
int am_choice_offer(const carta_rules *r, am_state *st, int ch, int spell);
int am_choice_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out);
void am_choice_apply(const carta_rules *r, am_state *st, carta_action a);
/* The option's copy of the card an attack comes from (variant: option + 1). */
const am_spell *am_choice_variant(const carta_rules *r, const am_spell *s, int variant);

/* chain.c: CHAIN (R112) */
/* At a chain effect after attack slot: asks ch for the next target within range of the
 * previous one (while fewer than links links were made); returns whether it asked. */
int am_chain_offer(const carta_rules *r, am_state *st, int ch, int slot, int links, int range);
int am_chain_actions(const am_state *st, const carta_pending *f, carta_action *out);
void am_chain_apply(const carta_rules *r, am_state *st, carta_action a);
/* Whether target is within a chained attack's range of its previous target. */
int am_chain_reaches(const am_state *st, const am_attack *a, int target);
/* combo.c: the CAST frame on top declares its stage's attack again on target, a chain's link. */
void am_cast_relink(const carta_rules *r, am_state *st, int target, int from, int range);

/* scrap.c: SCRAP (R110) */
void am_scrap_gain(am_state *st, int ch, int n);
/* Puts n scrap on the square of each character attack slot hit. */
void am_scrap_strew(am_state *st, int slot, int n);
/* A character entered its square: it may grab or drop scrap there (AM_F_SCRAP). */
void am_scrap_entered(am_state *st, int ch);
/* A character knocked out or removed drops the scrap it carries on its square. */
void am_scrap_spill(am_state *st, int ch);
/* "pay X scrap": asks ch (AM_F_PAY_SCRAP) if it carries n; returns whether it asked. */
int am_scrap_pay_offer(am_state *st, int ch, int n);
int am_scrap_actions(const am_state *st, const carta_pending *f, carta_action *out);
void am_scrap_apply(const carta_rules *r, am_state *st, carta_action a);
/* combo.c: the CAST frame on top skips the rest of its stage (scrap not paid). */
void am_cast_skip_stage(const carta_rules *r, am_state *st);
/* combo.c: option k of a CHOICE picked for the card the CAST frame on top resolves. */
void am_cast_choose(am_state *st, int k);

/* foretold.c: FORETOLD/X (R116) */
/* The foretell actions of mage after the draw step (in its Cycling Step decision). */
int am_foretell_actions(const carta_rules *r, const am_state *st, int mage, carta_action *out);
int am_foresee_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                       carta_action *out);
void am_foretold_apply(const carta_rules *r, am_state *st, carta_action a);
/* A turn has passed: each foretold card waits one turn less. */
void am_foretold_tick(am_state *st);
/* Resolves the first foretold card due (its turns passed), as a Trick (a CAST frame); round_end:
 * every card is due. Returns whether one was put to resolve. */
int am_foretold_resolve_next(am_state *st, int round_end);
/* The foretold card due now (the one the CAST frame of AM_CAST_FORETOLD resolves), or -1. */
int am_foretold_due(const am_state *st);
/* Its predetermined targets still in reach of s (out: at most AM_FORETOLD_TARGETS). */
int am_foretold_targets(const carta_rules *r, am_state *st, int ch, const am_spell *s,
                        uint8_t *out);
/* The foretold card due is done: to the Void, its record gone. */
void am_foretold_done(am_state *st);

/* opportunity.c: OPPORTUNITY as a trigger (R117) */
/* ch moved by itself from square from: an enemy entering or leaving a square next to a mage. */
void am_opportunity_moved(const carta_rules *r, am_state *st, int ch, int from);
/* attack slot was declared: an enemy targeting a mage or its ally. */
void am_opportunity_attacked(const carta_rules *r, am_state *st, int slot);
int am_opportunity_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                           carta_action *out);
void am_opportunity_apply(const carta_rules *r, am_state *st, carta_action a);

/* enchant.c: ENCHANTMENT on allies (R118) and upkeep (R119) */
/* An effect `to` an ally: asks the caster which (AM_F_ALLY), within range squares (0: any). */
void am_ally_offer(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                   int range);
int am_ally_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                    carta_action *out);
/* An effect to each ally (R134): each character of ch's side within range squares (0: any), the
 * caster too, not knocked out, in slot order. */
void am_each_ally(const carta_rules *r, am_state *st, int ch, const am_op *op, int card,
                  int range);
/* At mage ch's Start Phase: each enchantment it made with an upkeep asks to be kept. */
void am_upkeep_phase(const carta_rules *r, am_state *st, int ch);
int am_upkeep_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out);
void am_enchant_apply(const carta_rules *r, am_state *st, carta_action a);

/* taunt.c: TAUNT's movement (R115): a taunted enemy with a melee template runs only closer to
 * its taunter; the actions out[0..n) filtered, the count returned. */
int am_taunt_moves(const carta_rules *r, const am_state *st, int ch, carta_action *out, int n);
/* The characters a taunted ch may attack, a bit per slot: its taunter and the taunter's minions
 * (R87, R105); 0 when ch is not taunted. */
uint32_t am_taunt_mask(const am_state *st, int ch);

/* combo.c: sets the channel of the card the CAST frame on top resolves. */
void am_cast_channel_set(am_state *st, int channel);

/* combo.c: the soul states */
int am_fading(const am_state *st, int mage);
/* Whether the mage may take a Cantrip action now (Stun, Player: one per turn). */
int am_cantrip_allowed(const am_state *st, int mage);

/* observe.c */
int am_layout_build(carta_layout *l);
void am_zones_seen(am_state *st);
void am_observe(const carta_rules *r, const void *state, int seat, void *out);
void am_determinize(const carta_rules *r, void *state, int seat, uint64_t seed);

/* check.c, evaluate.c */
carta_status am_check(const carta_rules *r, const void *state, carta_error *err);
double am_evaluate(const carta_rules *r, const void *state, int seat);
double am_evaluate_with(const carta_rules *r, const double *w, const void *state, int seat);
void am_eval_features(const carta_rules *r, const void *state, int seat, double *out);

/* deck.c */
carta_status am_deck_resolve(const carta_rules *r, const char *spec, uint64_t seed,
                             carta_deck *out, carta_error *err);
carta_status am_deck_check(const carta_rules *r, const carta_deck *deck, carta_error *err);
int am_deck_encounter(const carta_rules *r, const carta_deck *deck);
int am_deck_has_mage(const carta_rules *r, const carta_deck *deck);
/* inventory.c: a mage file's `inventory:` (items of the card set, carried unequipped) and
 * `personal_effects:` (free text) checked; neither enters combat (R139, R140). */
struct fy_node;
carta_status am_inventory_read(const carta_rules *r, struct fy_node *root, const char *path,
                               carta_error *err);

/* text.c, view.c */
const char *am_event_word(const carta_rules *r, int word);
void am_char_name(const carta_rules *r, const am_state *st, int ch, char *buf, size_t cap);
void am_describe_action(const carta_rules *r, const void *state, carta_action a, char *buf,
                        size_t cap);
void am_describe_card(const carta_rules *r, int card, carta_text *out);
void am_render(const carta_rules *r, const void *state, int seat, carta_text *out);
void am_describe_state(const carta_rules *r, const void *state, char *buf, size_t cap);
void am_question(const carta_rules *r, const am_state *st, char *buf, size_t cap);
struct carta_view;
void am_view(const carta_rules *r, const void *obs, int seat, struct carta_view *out);
int am_action_card(const carta_rules *r, const void *state, carta_action a);
void am_action_view(const carta_rules *r, const void *obs, carta_action a, struct carta_view *out);

/* large.c: Large characters (SUMMON; R121-R127). A Large character holds the 2x2 block whose top
 * left square is its cell; a block is "large" (2x2) or not (its one square). */
/* Whether character c holds cell. */
static inline int am_covers(const am_char *c, int cell)
{
    unsigned d = (unsigned)(cell - c->cell);
    return d == 0 || (c->large && (d == 1 || d == AM_W || d == AM_W + 1));
}
/* Whether the block with top left square at lies wholly on the map. */
int am_block_on_map(const am_state *st, int large, int at);
/* The squares of the block at `at` (out holds 4); the count. */
int am_block_squares(int large, int at, uint8_t *out);
/* The distance (king moves, R14) between the nearest squares of two blocks. */
int am_block_dist(int a, int a_large, int b, int b_large);
/* The distance from cell to the nearest square of ch; between the nearest squares of a and b. */
int am_dist_to(const am_state *st, int ch, int cell);
int am_char_dist(const am_state *st, int a, int b);
/* Squares across plus squares down from cell to the nearest square of ch (R91's order). */
int am_manhattan_to(const am_state *st, int ch, int cell);
/* Whether the block at `at` lies on the map with no wall (nor, grounded, object) on the layer and
 * no character but ch and but (-1: none) holding any of its squares on that layer. */
int am_block_fits(const am_state *st, int large, int at, int airborne, int ch, int but);
/* The same for ch's own block moved to `at`. */
int am_fits(const am_state *st, int ch, int at, int airborne, int but);
/* SUMMON: every square of the block on the map, plain floor, nobody on either layer. */
int am_block_unoccupied(const am_state *st, int large, int at);
/* The first square of ch's block moved to `at` that a wall, an object or another character holds
 * on the layer (what it bashes into); `at` when none does. */
int am_block_blocker(const am_state *st, int ch, int at, int airborne);
/* The nearest place (top left square) to cell where ch fits on the layer, the first in reading
 * order among the nearest (R15, R122); -1 when none. */
int am_nearest_fit(const am_state *st, int ch, int cell, int airborne);
/* Line of sight from some square a holds to some square b holds (R124); from cell to some square
 * ch holds. */
int am_char_sight(const am_state *st, int a, int b);
int am_cell_sight(const am_state *st, int from, int ch);
/* Line of sight to cell from some square of the block (Large or not) at top left square at. */
int am_block_sees(const am_state *st, int large, int at, int cell);
/* Whether some square of ch lies within the area at `at`, wh = width << 4 | height (R125). */
int am_area_holds_char(const am_state *st, int at, int wh, int ch);
/* The same for a block (Large or not) whose top left square is cell. */
int am_area_holds_block(int at, int wh, int large, int cell);

#endif
