/* leaders.h: private declarations shared by the files of the Leaders rule system.
 *
 * Every entry of the data files (Leaders, Domains, Units, cards) compiles into a leaders_def
 * indexed by its catalog id (docs/card-format/leaders.md). Patterns are precomputed into a
 * reach mask per direction and cell, so legal_actions never looks at a picture or a string.
 *
 * Actions are small integers: kind << 28 | a << 23 | b << 18 | c (a, b: cells or a direction,
 * 5 bits each; c: a card id, 18 bits). A decision with several parts (summon: which Unit, which
 * cell, which facing; attack: which card; a targeted card: which cell) is a pending frame. */
#ifndef LEADERS_H
#define LEADERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/catalog.h"
#include "core/eval_weights.h"
#include "core/game.h"
#include "core/layout.h"
#include "games/leaders/state.h"

struct fy_node;

enum {
    LEADERS_TEXT_MAX = 480,
    LEADERS_WORD_MAX = 24,
    LEADERS_STEP_MAX = 8,     /* steps of a card or an ability */
    LEADERS_LINK_MAX = 8,     /* emblems or banners of one card */
    LEADERS_ROSTER_MAX = LEADERS_BARRACKS_MAX,
    LEADERS_PATTERN_MAX = 80  /* reached cells of one pattern */
};

enum leaders_type {
    LEADERS_T_LEADER = 0, LEADERS_T_DOMAIN, LEADERS_T_UNIT,
    LEADERS_T_ATTACK, LEADERS_T_DEFENSE, LEADERS_T_SPELL, LEADERS_T_EVENT, LEADERS_T_REACTION,
    LEADERS_T_COUNT
};

enum leaders_class { LEADERS_CLASS_ANY = 0, LEADERS_MELEE, LEADERS_RANGED, LEADERS_MAGICAL };
enum leaders_rarity { LEADERS_AMBER = 0, LEADERS_SAPPHIRE, LEADERS_EMERALD, LEADERS_RUBY };
enum leaders_speed { LEADERS_SUDDEN = 0, LEADERS_SLOW };

/* Action kinds that reactions answer (bits of `on` and of state.cycle). */
enum leaders_act {
    LEADERS_ACT_SUMMON = 0, LEADERS_ACT_MOVE, LEADERS_ACT_ATTACK, LEADERS_ACT_ABILITY,
    LEADERS_ACT_SWAP, LEADERS_ACT_REDIRECT, LEADERS_ACT_COUNT
};
#define LEADERS_ON_ANY 0x3Fu

enum leaders_op {
    LEADERS_OP_NONE = 0, LEADERS_OP_DAMAGE, LEADERS_OP_HEAL, LEADERS_OP_BONUS, LEADERS_OP_PREVENT,
    LEADERS_OP_EXHAUST, LEADERS_OP_READY, LEADERS_OP_PUSH, LEADERS_OP_DRAW, LEADERS_OP_DISCARD,
    LEADERS_OP_SUMMON, LEADERS_OP_CANCEL, LEADERS_OP_COUNT
};

enum leaders_sel {
    LEADERS_TO_DEFAULT = 0, LEADERS_TO_CHOSEN, LEADERS_TO_ATTACKER, LEADERS_TO_DEFENDER,
    LEADERS_TO_ACTOR, LEADERS_TO_SELF, LEADERS_TO_YOUR_LEADER, LEADERS_TO_ENEMY_LEADER,
    LEADERS_TO_FRIENDLY_UNITS, LEADERS_TO_ENEMY_UNITS, LEADERS_TO_AROUND, LEADERS_TO_COUNT
};

enum leaders_who { LEADERS_WHO_YOU = 0, LEADERS_WHO_OPPONENT, LEADERS_WHO_BOTH };
enum leaders_side { LEADERS_SIDE_ANY = 0, LEADERS_SIDE_FRIENDLY, LEADERS_SIDE_ENEMY };
enum leaders_what { LEADERS_WHAT_CHARACTER = 0, LEADERS_WHAT_UNIT, LEADERS_WHAT_LEADER };

typedef struct leaders_step {
    uint8_t op;     /* enum leaders_op */
    uint8_t to;     /* enum leaders_sel (never DEFAULT once compiled) */
    uint8_t who;    /* events: enum leaders_who */
    uint8_t cls;    /* events' bonus: enum leaders_class */
    int8_t amount;
} leaders_step;

typedef struct leaders_target {
    uint8_t side, what, cls; /* enum leaders_side, leaders_what, leaders_class */
} leaders_target;

/* A pattern: the reached offsets (forward, right) and, per facing and cell, the reached cells. */
typedef struct leaders_pattern {
    uint8_t n, size;                 /* offsets; picture side (0: no pattern) */
    int8_t fwd[LEADERS_PATTERN_MAX], right[LEADERS_PATTERN_MAX];
    uint32_t reach[4][LEADERS_CELLS]; /* bit c: cell c is reached */
} leaders_pattern;

typedef struct leaders_def {
    char name[CARTA_NAME_MAX];
    char subtype[LEADERS_WORD_MAX];
    char ability_name[CARTA_NAME_MAX];
    char text[LEADERS_TEXT_MAX];
    uint8_t type;        /* enum leaders_type */
    uint8_t cls;         /* units: class; attack/defense: `for` (ANY if none) */
    uint8_t rarity;
    uint8_t speed;       /* reactions */
    uint8_t on;          /* reactions: bits of leaders_act */
    uint8_t actions;     /* characters: actions per turn */
    uint8_t health, damage;
    uint8_t summon_limit; /* domains */
    bool has_target;     /* spells, reactions: a chosen target */
    bool has_ability;
    leaders_target target;
    leaders_target ab_target;
    uint8_t n_steps, n_ab_steps;
    leaders_step steps[LEADERS_STEP_MAX];    /* a card's steps */
    leaders_step ab_steps[LEADERS_STEP_MAX]; /* a character's ability */
    uint8_t n_roster, n_leaders, n_domains;
    uint16_t roster[LEADERS_ROSTER_MAX];     /* domains: Unit ids, one per Unit */
    uint16_t leaders[LEADERS_LINK_MAX];      /* emblems */
    uint16_t domains[LEADERS_LINK_MAX];      /* banners */
    leaders_pattern move, attack, ability;
} leaders_def;

/* A name referred to by an entry, resolved once every file is loaded. */
typedef struct leaders_ref {
    int def;
    uint8_t kind;     /* 0 roster, 1 emblem, 2 banner */
    uint8_t count;
    int line;
    char name[CARTA_NAME_MAX];
    char file[256];
} leaders_ref;

extern const carta_game carta_game_leaders;

/* The evaluation's weights (eval_features.c; data/leaders/ai/evaluation.yaml). */
enum {
    LEADERS_EVW_LEADER_HP = 0, LEADERS_EVW_UNIT, LEADERS_EVW_UNIT_HP, LEADERS_EVW_UNIT_DMG,
    LEADERS_EVW_UNIT_ACT, LEADERS_EVW_ADVANCE, LEADERS_EVW_REACH, LEADERS_EVW_REACH_UNIT,
    LEADERS_EVW_FACE, LEADERS_EVW_BARRACKS, LEADERS_EVW_HAND, LEADERS_EVW_DECK_EMPTY,
    LEADERS_EVW_THREAT_NOW, LEADERS_EVW_THREAT_LATER, LEADERS_EVW_SCALE, LEADERS_EVW_COUNT
};
extern const carta_eval_weight leaders_eval_table[LEADERS_EVW_COUNT];

struct carta_rules {
    carta_catalog *catalog;
    int n_defs, cap_defs;
    leaders_def *defs;            /* indexed by catalog id */
    int n_refs, cap_refs;
    leaders_ref *refs;            /* unresolved references */
    char data_dir[512];
    double eval_w[LEADERS_EVW_COUNT]; /* the evaluation's weights (eval_features.c) */
    carta_layout layout;          /* the state's zones and arrays (observe.c) */
};

static inline const leaders_def *leaders_def_of(const carta_rules *rules, int id)
{
    return id >= 0 && id < rules->n_defs ? &rules->defs[id] : NULL;
}

/* --- pending frame kinds (state.pending) --- */
enum leaders_frame {
    LEADERS_FR_SUMMON_CELL = 1, /* arg0 unit: choose the cell */
    LEADERS_FR_SUMMON_DIR,      /* arg0 unit, arg1 cell: choose the facing */
    LEADERS_FR_ATTACK_CARD,     /* arg0 from, arg1 to: choose an Attack card or none */
    LEADERS_FR_TARGET,          /* arg0 card: choose the card's target cell */
    LEADERS_FR_ANSWER,          /* the opponent answers a declared action (see rules.c) */
    LEADERS_FR_DISCARD          /* the active seat discards down to the hand limit */
};

/* Args of an ANSWER frame. */
enum {
    LEADERS_ANS_ACT = 0,   /* enum leaders_act */
    LEADERS_ANS_FROM,      /* acting cell (summon: the cell) */
    LEADERS_ANS_TO,        /* target cell (-1 none) */
    LEADERS_ANS_EXTRA,     /* summon: unit; redirect: dir; attack: -1 (the face-down card is
                              state.facedown, hidden by observe) */
    LEADERS_ANS_FLAGS,     /* LEADERS_AF_* */
    LEADERS_ANS_KIND,      /* kind of the acting Character when declared (to spot a change) */
    LEADERS_ANS_DIR,       /* summon: facing */
    LEADERS_ANS_MOD        /* attack: a Reaction's bonus minus prevent, for the strike */
};
/* LEADERS_ANS_ACT of a window that answers no declared action: "rest" or "end turn"
 * (LEADERS_ANS_EXTRA: LEADERS_A_REST or LEADERS_A_END) closes the action cycle of the Character
 * on LEADERS_ANS_FROM; only Slow Reactions answer it (ruling 24). */
enum { LEADERS_ACT_CLOSE = LEADERS_ACT_COUNT };
enum {
    LEADERS_AF_REACTED = 1 << 0,  /* a reaction was played */
    LEADERS_AF_CYCLE_END = 1 << 1, /* the declared action ends an action cycle (slow window) */
    LEADERS_AF_CANCELLED = 1 << 2, /* a reaction cancelled the action */
    LEADERS_AF_BATTLE = 1 << 3    /* battle cards may be used (no Leader in the battle) */
};

/* --- actions --- */
enum leaders_akind {
    LEADERS_A_END = 1, LEADERS_A_SUMMON, LEADERS_A_CELL, LEADERS_A_FACE, LEADERS_A_MOVE,
    LEADERS_A_SWAP, LEADERS_A_ATTACK, LEADERS_A_ABILITY, LEADERS_A_REDIRECT, LEADERS_A_PLAY,
    LEADERS_A_CARD, LEADERS_A_PASS, LEADERS_A_DISCARD, LEADERS_A_REST
};

static inline carta_action leaders_act(int kind, int a, int b, int c)
{
    return (carta_action)(((uint32_t)kind << 28) | ((uint32_t)(a & 31) << 23) |
                          ((uint32_t)(b & 31) << 18) | ((uint32_t)c & 0x3FFFFu));
}
static inline int leaders_akind(carta_action a) { return (int)(a >> 28); }
static inline int leaders_aa(carta_action a) { return (int)((a >> 23) & 31); }
static inline int leaders_ab(carta_action a) { return (int)((a >> 18) & 31); }
static inline int leaders_ac(carta_action a) { return (int)(a & 0x3FFFFu); }

/* --- board geometry --- */
static inline int leaders_col(int cell) { return cell % LEADERS_COLS; }
static inline int leaders_row(int cell) { return cell / LEADERS_COLS; }
static inline int leaders_cell(int col, int row) { return row * LEADERS_COLS + col; }
/* Whether cell lies in seat's own field. */
static inline bool leaders_in_field(int seat, int cell)
{
    return seat == 0 ? cell < 15 : cell >= 15;
}
/* "C2" into buf (4 bytes at least). */
void leaders_cell_name(int cell, char *buf);
const char *leaders_dir_name(int dir);

/* --- cards.c --- */
carta_status leaders_compile_card(void *ctx, int card_id, struct fy_node *card, const char *file,
                                  carta_error *err);
/* Resolves every pending name reference; errors name the file and line of the reference. */
carta_status leaders_link(carta_rules *rules, carta_error *err);
const char *leaders_type_name(int type);
const char *leaders_class_name(int cls);
const char *leaders_rarity_name(int rarity);
/* Whether seat's Leader and Domain may play card (emblems and banners). */
bool leaders_card_allowed(const carta_rules *rules, const leaders_state *st, int seat, int card);

/* --- rules.c --- */
carta_status leaders_setup(const carta_rules *rules, void *state, const carta_config *config,
                           carta_error *err);
int leaders_to_act(const carta_rules *rules, const void *state);
int leaders_legal_actions(const carta_rules *rules, const void *state, carta_action *out);
carta_status leaders_apply(const carta_rules *rules, void *state, carta_action action,
                           carta_error *err);
void leaders_returns(const carta_rules *rules, const void *state, double *out);
/* Puts a Character of kind for owner on cell, facing dir, at full health, with its actions; for
 * setup and scenarios. Returns false if the cell is taken or kind is not a Leader or Unit. */
bool leaders_state_place(const carta_rules *rules, leaders_state *st, int cell, int kind,
                         int owner, int dir);
/* The cell of seat's Leader, or -1. */
int leaders_leader_cell(const leaders_state *st, int seat);
/* Whether the chain Character (one with actions left that must finish them before another is
 * commanded) is still to act. */
bool leaders_chain_active(const carta_rules *rules, const leaders_state *st);
/* Summons seat may still make this turn. */
int leaders_summons_left(const carta_rules *rules, const leaders_state *st, int seat);

/* --- effects.c: steps, battles, damage --- */
typedef struct leaders_ctx {
    int seat;      /* whose card or ability */
    int chosen;    /* chosen cell or -1 */
    int self;      /* the ability's Character cell or -1 */
    int attacker, defender; /* battle cells or -1 */
    int actor;     /* reactions: the acting Character's cell or -1 */
    int source;    /* the card or Character whose steps these are (told as the damage's
                      source), or -1 */
    int bonus, prevent;
    int defender_dealt; /* damage the steps dealt to the defender (battle success) */
    bool declared; /* reactions: an action was declared (a cancel step has one to stop) */
    bool cancel;
} leaders_ctx;
void leaders_ctx_init(leaders_ctx *ctx, int seat);
void leaders_run_steps(const carta_rules *rules, leaders_state *st, const leaders_step *steps,
                       int n, leaders_ctx *ctx);
/* Whether at least one of the steps has something to act on for ctx: a selected Character, a
 * card to draw or discard, a Unit and a free cell to summon, a battle to modify, an action to
 * cancel (ruling 26). */
bool leaders_steps_resolve(const leaders_state *st, const leaders_step *steps, int n,
                           const leaders_ctx *ctx);
/* Deals n damage from source (a card or Character id, or -1) to the Character on cell,
 * destroying it at 0 health, and tells it (prevented: what was prevented on the way); returns
 * the damage dealt. */
int leaders_damage(const carta_rules *rules, leaders_state *st, int cell, int n, int source,
                   int prevented);
/* Heals the Character on cell by n, up to its full health, and tells it. */
void leaders_heal(const carta_rules *rules, leaders_state *st, int cell, int n);
/* Whether the Character on cell matches t as seen by seat. */
bool leaders_target_ok(const leaders_state *st, const leaders_target *t, int seat, int cell,
                       const carta_rules *rules);
/* Resolves a declared attack: defense card (or NONE) first, then the attack card, the strike and
 * Conquering. react_mod: the bonus minus prevent of the Reaction that answered the attack. */
void leaders_battle(const carta_rules *rules, leaders_state *st, int from, int to, int attack_card,
                    int defense_card, int react_mod);
/* Lasting Event modifiers: the sum of op amounts of the top Event that apply to seat. */
int leaders_event_mod(const carta_rules *rules, const leaders_state *st, int op, int seat, int cls);
void leaders_draw(leaders_state *st, int seat, int n);

/* --- tell.c: the events of an apply (core/event.h), in the rulebook's words --- */
enum leaders_word {
    LEADERS_W_NONE = 0,
    /* zones (a MOVE's from and to) */
    LEADERS_W_DECK, LEADERS_W_HAND, LEADERS_W_DISCARD, LEADERS_W_BARRACKS, LEADERS_W_GRAVEYARD,
    LEADERS_W_FACE_DOWN,
    /* what a seat does (ACT, NOTE, MOVE verbs) */
    LEADERS_W_DRAWS, LEADERS_W_DISCARDS, LEADERS_W_PLAYS, LEADERS_W_REACTS_WITH,
    LEADERS_W_DEFENDS_WITH, LEADERS_W_PASSES, LEADERS_W_PLACES_FACE_DOWN, LEADERS_W_NO_ATTACK_CARD,
    LEADERS_W_ACTIVATES, LEADERS_W_WINS_TOSS, LEADERS_W_DECK_EMPTY,
    /* what a card is (STATUS) */
    LEADERS_W_EXHAUSTED, LEADERS_W_READIED, LEADERS_W_ACTIVE_EVENT, LEADERS_W_EVENT_REPLACED,
    LEADERS_W_CANCELLED,
    LEADERS_W_FACING,     /* + enum leaders_dir: "facing north" .. "facing west" */
    /* counters */
    LEADERS_W_HEALTH = LEADERS_W_FACING + 4, LEADERS_W_EXTRA_SUMMONS,
    /* why the game ended (the view's "end") */
    LEADERS_W_LEADER_DEFEATED, LEADERS_W_BOTH_DEFEATED, LEADERS_W_TURN_LIMIT,
    LEADERS_W_CELL,       /* + cell: "A1" .. "E6" (a MOVE on the board) */
    LEADERS_W_COUNT = LEADERS_W_CELL + LEADERS_CELLS
};
/* The word numbered word, or NULL (carta_game.event_word). */
const char *leaders_event_word(const carta_rules *rules, int word);
/* The start of the active seat's turn. */
void leaders_tell_turn(leaders_state *st);
/* seat draws card (only seat sees which). */
void leaders_tell_draw(leaders_state *st, int seat, int card);
/* seat discards card from its hand, face up. */
void leaders_tell_discard(leaders_state *st, int seat, int card);
/* seat places card face down (only seat sees which until it is revealed). */
void leaders_tell_face_down(leaders_state *st, int seat, int card);
/* seat reveals its face-down card. */
void leaders_tell_reveal(leaders_state *st, int seat, int card);
/* seat plays (reacts with, defends with: verb) card from its hand. */
void leaders_tell_card(leaders_state *st, int seat, int verb, int card);
/* seat does what verb says, no card in it (passes, wins the coin toss). */
void leaders_tell_note(leaders_state *st, int seat, int verb);
/* The Event pile's top card is the active Event (replacing the one below it, if any). */
void leaders_tell_event_pile(leaders_state *st);
/* The Unit now on cell was summoned there from the Barracks, facing its way. */
void leaders_tell_summon(leaders_state *st, int cell);
/* The Character now on to went there from the cell from (a move, swap, push or Conquering). */
void leaders_tell_step(leaders_state *st, int from, int to);
/* The Character on cell is what word says (exhausted, facing north...). */
void leaders_tell_status(leaders_state *st, int cell, int word);
/* The Character (or summoned Unit) kind of seat is stopped: its declared action is cancelled. */
void leaders_tell_cancelled(leaders_state *st, int seat, int kind);
/* The Character on from uses its ability on the cell to. */
void leaders_tell_ability(leaders_state *st, int from, int to);
/* The Character on from attacks the one on to. */
void leaders_tell_fight(leaders_state *st, int from, int to);
/* The Character on cell took n damage from source (-1: none), prevented more; told after its
 * health changed by dealt (a Leader's health is told as a counter too). */
void leaders_tell_damage(leaders_state *st, int cell, int n, int source, int prevented,
                         int dealt);
/* The Character on cell healed healed health. */
void leaders_tell_heal(leaders_state *st, int cell, int healed);
/* The Unit kind of owner on cell is destroyed and goes to the Graveyard. */
void leaders_tell_destroyed(leaders_state *st, int owner, int kind, int cell);
/* seat's extra summons this turn changed by amount. */
void leaders_tell_extra_summons(leaders_state *st, int seat, int amount);
/* The game is over: who won and why, or why it is a draw (replacing a win told earlier in this
 * apply when the winner's Leader fell too). Told even when the list is full. */
void leaders_tell_end(leaders_state *st);

/* --- observe.c --- */
/* Sets who sees each zone: deck lists and discards everyone, a hand its owner, a deck no one.
 * Setup and scenario positions call it. */
void leaders_zones_seen(leaders_state *st);
/* Fills l with the map of leaders_state (core/layout.h); 0 when out of memory. */
int leaders_layout_build(carta_layout *l);
void leaders_observe(const carta_rules *rules, const void *state, int seat, void *out);
void leaders_determinize(const carta_rules *rules, void *state, int seat, uint64_t seed);

/* --- check.c --- */
/* The contract's check: every card of each deck list and every Unit of each roster in exactly
 * one place, one Leader per seat, counters in range. */
carta_status leaders_check(const carta_rules *rules, const void *state, carta_error *err);

/* --- evaluate.c --- */
double leaders_evaluate(const carta_rules *rules, const void *state, int seat);
double leaders_evaluate_with(const carta_rules *rules, const double *w, const void *state,
                             int seat);
/* The evaluation's parts, weighed by w, for eval_features.c. */
int leaders_ev_dist(int a, int b);
double leaders_ev_strike(const double *w, const carta_rules *rules, const leaders_state *st,
                         int c, int p, const leaders_def *d);
double leaders_ev_facing(int c, int dir, int el);
double leaders_ev_reach(const double *w, const leaders_state *st, int c, int p,
                        const leaders_def *d);

/* --- eval_features.c --- */
void leaders_eval_features(const carta_rules *rules, const void *state, int seat, double *out);

/* --- expert.c: the scripted expert player (carta_game.expert) --- */
int leaders_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
                   int n_legal, void *scratch, uint64_t seed);

/* --- text.c --- */
void leaders_describe_action(const carta_rules *rules, const void *state, carta_action action,
                             char *buf, size_t cap);
void leaders_describe_move(const carta_rules *rules, const void *state, carta_action action,
                           int viewer, char *buf, size_t cap);
void leaders_describe_card(const carta_rules *rules, int card_id, carta_text *out);
int leaders_action_card(const carta_rules *rules, const void *state, carta_action action);
void leaders_render(const carta_rules *rules, const void *state, int seat, carta_text *out);
/* view.c */
void leaders_view(const carta_rules *rules, const void *obs, int seat, struct carta_view *out);
void leaders_action_view(const carta_rules *rules, const void *obs, carta_action action,
                         struct carta_view *out);
void leaders_describe_state(const carta_rules *rules, const void *state, char *buf, size_t cap);

/* --- deck.c (content) and scenario.c --- */
carta_status leaders_deck_resolve(const carta_rules *rules, const char *spec, uint64_t seed,
                                  carta_deck *out, carta_error *err);
enum { LEADERS_DECK_SECTIONS = 3 };
extern const char *const leaders_deck_sections[LEADERS_DECK_SECTIONS];
int leaders_deck_section(const carta_rules *rules, int card_id);
carta_status leaders_deck_check(const carta_rules *rules, const carta_deck *deck,
                                carta_error *err);
const char *leaders_rules_data_dir(const carta_rules *rules);
carta_status leaders_scenario_position(const carta_rules *rules, void *state,
                                       struct fy_node *position, const char *file,
                                       carta_error *err);

#endif
