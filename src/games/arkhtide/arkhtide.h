/* arkhtide.h: private declarations shared by the files of the Arkhtide rule system.
 *
 * Card definitions are compiled from YAML (docs/card-format/arkhtide.md) into ark_card_def: stats,
 * keywords and abilities, each a timing and a run of compact effect steps (ark_step) that
 * effects.c interprets. No string is looked at while a game runs.
 *
 * Control flow: apply() handles the decision of the top pending frame (or of the phase when the
 * stack is empty), then ark_advance() runs automatic frames (effects, damage steps with nobody to
 * ask) and phase steps until a decision is needed or the game ends. */
#ifndef ARKHTIDE_H
#define ARKHTIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/catalog.h"
#include "core/eval_weights.h"
#include "core/game.h"
#include "core/layout.h"
#include "games/arkhtide/state.h"

struct fy_node;

enum {
    ARK_MAX_FACTIONS = 16,
    ARK_MAX_TRAITS = 64,
    ARK_WORD_MAX = 24,
    ARK_TEXT_MAX = 480,
    ARK_ABILITY_MAX = 6,
    ARK_STEP_MAX = 24
};

enum ark_type { ARK_SEEKER = 0, ARK_UNIT, ARK_FEAT, ARK_BINDING, ARK_REALM, ARK_STATUS };

/* Keywords (bits of ark_card_def.kw; reaping and penitent carry a value). The low 8 bits are
 * the ones effects may grant for a Round (ark_piece.kw_round). */
enum {
    ARK_KW_LETHAL = 1 << 0,
    ARK_KW_EVASION = 1 << 1,
    ARK_KW_STEALTH = 1 << 2,
    ARK_KW_CHEAT_DEATH = 1 << 3,
    ARK_KW_COLLECTOR = 1 << 4,
    ARK_KW_SEVERED = 1 << 5,
    ARK_KW_AMBUSH = 1 << 8,
    ARK_KW_CASK = 1 << 9,
    ARK_KW_METAMORPHOSIS = 1 << 10,
    ARK_KW_OATH = 1 << 11,
    ARK_KW_PARAGON = 1 << 12,
    ARK_KW_REAPING = 1 << 13,
    ARK_KW_PENITENT = 1 << 14
};

enum ark_timing { ARK_TM_SLOW = 0, ARK_TM_FAST, ARK_TM_REACTION, ARK_TM_CONSTANT, ARK_TM_INVOKE };

/* Reaction triggers (ark_ability.on). */
enum ark_on {
    ARK_ON_NONE = 0,
    ARK_ON_DEALT_DAMAGE, ARK_ON_DEALS_DAMAGE, ARK_ON_WOUNDED, ARK_ON_WOUNDS,
    ARK_ON_FRIENDLY_DEALT_DAMAGE, ARK_ON_FRIENDLY_WOUNDED
};

enum ark_cond { ARK_COND_NONE = 0, ARK_COND_IN_GROUP, ARK_COND_SEPARATED };

enum ark_op {
    ARK_OP_NONE = 0,
    ARK_OP_DAMAGE, ARK_OP_MELEE_ATTACK, ARK_OP_RANGED_ATTACK, ARK_OP_HEAL, ARK_OP_BLOCK,
    ARK_OP_BUFF, ARK_OP_KEYWORD, ARK_OP_EXHAUST, ARK_OP_READY, ARK_OP_UNLOCK, ARK_OP_MOVE,
    ARK_OP_TO_SAFE, ARK_OP_REVERSE, ARK_OP_KILL, ARK_OP_UNBIND, ARK_OP_STATUS,
    ARK_OP_MANIFEST, ARK_OP_DRAW, ARK_OP_DISCARD, ARK_OP_SEEK, ARK_OP_REFRESH,
    ARK_OP_WILLPOWER, ARK_OP_DRAIN, ARK_OP_STEAL, ARK_OP_HALVE,
    ARK_OP_COUNT
};

enum { ARK_SIDE_ENEMY = 0, ARK_SIDE_FRIENDLY, ARK_SIDE_ANY };
enum { ARK_KIND_ANY = 0, ARK_KIND_UNIT, ARK_KIND_SEEKER };
enum { ARK_RANGE_REACH = 0, ARK_RANGE_CLOSE, ARK_RANGE_NEARBY };
/* Target flags (ark_step.tflags). */
enum {
    ARK_TG_SELF = 1 << 0,
    ARK_TG_IT = 1 << 1,
    ARK_TG_ALL = 1 << 2,
    ARK_TG_NOT_SELF = 1 << 3,
    ARK_TG_WOUNDED = 1 << 4,
    ARK_TG_NONE = 1 << 5   /* the verb takes no target */
};
/* Step flags. */
enum { ARK_ST_MAY = 1 << 0, ARK_ST_STAT = 1 << 1 /* attack at the performer's stat */,
       ARK_ST_CHOSEN = 1 << 2 /* drain: one chosen opponent */,
       ARK_ST_EVERYONE = 1 << 3 /* drain: every player, the controller too */ };

/* One compiled effect step. 16 bytes. */
typedef struct ark_step {
    uint8_t op;        /* enum ark_op */
    uint8_t flags;     /* ARK_ST_* */
    int8_t amount;     /* N (seek: X) */
    int8_t amount2;    /* seek: Y */
    int8_t buff[4];    /* soul, melee, ranged, health (buff) */
    uint8_t side, kind, range, tflags;
    uint16_t ref;      /* status/manifest: card id; keyword: the ARK_KW_* bit */
    uint16_t ref_name; /* index of the referenced name in rules->refs (resolved after loading) */
} ark_step;

typedef struct ark_ability {
    uint8_t timing;    /* enum ark_timing */
    uint8_t on;        /* enum ark_on (reactions) */
    uint8_t cond;      /* enum ark_cond */
    uint8_t talent;    /* 0 none; trait id + 1; ARK_TALENT_ANY */
    uint8_t cost_arkhe, cost_willpower, cost_discard, cost_exhaust;
    uint8_t first, n;  /* its steps */
    uint8_t omni;      /* usable (or resolving) in the Preparation Phase too */
} ark_ability;
#define ARK_TALENT_ANY 0xFF

enum { ARK_BINDS_ANY = 0, ARK_BINDS_FRIENDLY, ARK_BINDS_ENEMY };
#define ARK_NO_ATTACK (-1)

typedef struct ark_card_def {
    char name[CARTA_NAME_MAX];
    char text[ARK_TEXT_MAX];
    uint8_t type;        /* enum ark_type */
    uint8_t faction;     /* faction id + 1, 0 = none */
    uint8_t cost, block, initiative, quintessence;
    uint8_t token, neutral, binds, binds_seeker;
    uint8_t invoke_in_combat; /* bindings: may also be Invoked in Combat (a Major Action) */
    int8_t soul, melee, ranged, health; /* units/seekers: stats (ARK_NO_ATTACK); others: mods */
    uint8_t reaping, penitent;
    uint16_t kw;         /* ARK_KW_* */
    uint64_t traits;     /* bit per trait id */
    uint8_t n_abilities, n_side_a; /* realms: abilities [0, n_side_a) side A, the rest side B */
    uint8_t n_steps, has_constant;
    uint8_t activated;   /* bindings/statuses: index + 1 of its one activated ability, 0 none */
    ark_ability abilities[ARK_ABILITY_MAX];
    ark_step steps[ARK_STEP_MAX];
} ark_card_def;

extern const carta_game carta_game_arkhtide;

/* The evaluation's weights (evaluate.c; data/arkhtide/ai/evaluation.yaml), in Quintessence. */
enum {
    ARK_EVW_QUINTESSENCE = 0, ARK_EVW_WILLPOWER, ARK_EVW_WILLPOWER_LOW, ARK_EVW_HAND,
    ARK_EVW_ARKHE, ARK_EVW_READY, ARK_EVW_EXTRACTION, ARK_EVW_EXTRACTION_HEALTH,
    ARK_EVW_EXTRACTION_HARVEST, ARK_EVW_SAFE_ZONE, ARK_EVW_SAFE_ZONE_SOUL, ARK_EVW_REALM,
    ARK_EVW_SCALE, ARK_EVW_COUNT
};
extern const carta_eval_weight ark_eval_table[ARK_EVW_COUNT];

struct carta_rules {
    carta_catalog *catalog;
    int n_defs, cap_defs;
    ark_card_def *defs;                  /* indexed by catalog card id */
    int n_factions, n_traits;
    char factions[ARK_MAX_FACTIONS][ARK_WORD_MAX];
    char traits[ARK_MAX_TRAITS][ARK_WORD_MAX];
    int unique_trait;                    /* trait id of "unique", -1 if none */
    int neutral_realm;                   /* card id of the Neutral Realm, -1 if none */
    int n_refs, cap_refs;
    char (*refs)[CARTA_NAME_MAX];        /* names referenced by status/manifest steps */
    char data_dir[512];
    double eval_w[ARK_EVW_COUNT];        /* the evaluation's weights (evaluate.c) */
    carta_layout layout;                 /* the state's zones and arrays (observe.c) */
};

/* --- pending frame kinds (state.pending) --- */
enum ark_frame {
    ARK_FR_RUN = 1,   /* resolving an ability: arg 0 card, 1 ability, 2 step, 3 performer uid,
                         4 it uid, 5 controller, 6 chosen target uid, 7 counter, 8 flags */
    ARK_FR_TARGET,    /* decision: target for the RUN frame below */
    ARK_FR_MAY,       /* decision: yes/no for the step of the RUN frame below */
    ARK_FR_DEST,      /* decision: Realm to move arg 0 (uid) to, for the RUN below */
    ARK_FR_CARD,      /* decision: card of hand to discard (arg 0 count left) */
    ARK_FR_SEEK,      /* decision: card of look[] to draw (arg 0 count left), then, arg 1 set,
                         the order the rest go to the bottom of the Main Deck */
    ARK_FR_OPPONENT,  /* decision: opponent for the RUN frame below */
    ARK_FR_TALENT,    /* Talent of a feat: arg 0 card, 1 ability, 3 performer uid, 5 controller */
    ARK_FR_QUEUE,     /* resolve queued damage instances (the active player orders them) */
    ARK_FR_DAMAGE,    /* one damage instance resolving: args as ark_damage (see damage.c) */
    ARK_FR_CHEAT_DEATH /* decision: arg 0 uid of a Unit that would die (arg 1: by a kill
                          effect) outside a damage sequence; yes = Cheat Death (death.c) */
};
/* ARK_FR_DAMAGE args. */
enum { ARK_D_SOURCE = 0, ARK_D_TARGET, ARK_D_SEAT, ARK_D_ASKER, ARK_D_AMOUNT, ARK_D_KIND,
       ARK_D_FLAGS, ARK_D_STEP, ARK_D_REAPING, ARK_D_WOUNDS };

/* --- action encoding: kind in bits 24..31, then three 8-bit operands a, b, c --- */
enum ark_act {
    ARK_A_DISCARD = 1,  /* a: hand index (Resource discard, effect discard) */
    ARK_A_MULLIGAN,     /* a: hand index */
    ARK_A_DONE,         /* stop discarding / mulliganing / shielding / declining */
    ARK_A_PICK,         /* a: look index, b: side */
    ARK_A_RETURN,       /* a: 0 top, 1 bottom: the first card still looked at */
    ARK_A_FIRST,        /* a: seat that acts first in Preparation */
    ARK_A_UNIT,         /* a: hand index, b: location (Realm slot or ARK_LOC_SAFE) */
    ARK_A_BINDING,      /* a: hand index, b: piece index */
    ARK_A_MOVE,         /* a: piece index, b: Realm slot (Preparation) */
    ARK_A_PREPARED,
    ARK_A_STRIKE,       /* a: piece, b: target piece, c: 0 melee, 1 ranged */
    ARK_A_REPOSITION,   /* a: piece, b: location */
    ARK_A_ASSIST,       /* a: piece */
    ARK_A_ABILITY,      /* a: piece, b: ability index (8 + slot: an attached card's) */
    ARK_A_REALM,        /* a: Realm slot, b: ability index, c: performer piece */
    ARK_A_FEAT,         /* a: hand index, b: performer piece */
    ARK_A_END_TURN,
    ARK_A_PASS,
    ARK_A_AMPLIFY,      /* a: hand index */
    ARK_A_REACT,        /* a: piece, b: ability index (8 + slot) */
    ARK_A_SHIELD,       /* a: hand index */
    ARK_A_TARGET,       /* a: piece */
    ARK_A_YES,
    ARK_A_NO,
    ARK_A_DEST,         /* a: Realm slot */
    ARK_A_HARVEST,      /* a: Realm slot */
    ARK_A_ORDER,        /* a: queue index */
    ARK_A_SEEK,         /* a: look index */
    ARK_A_OPPONENT,     /* a: seat */
    ARK_A_BOTTOM        /* a: look index: Seek, the next card to the bottom of the Main Deck */
};
#define ARK_ACT(k, a, b, c)                                                                  \
    ((carta_action)(((uint32_t)(k) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) | \
                    (uint32_t)(c)))
#define ARK_ACT_KIND(x) ((int)((x) >> 24))
#define ARK_ACT_A(x) ((int)(((x) >> 16) & 0xFF))
#define ARK_ACT_B(x) ((int)(((x) >> 8) & 0xFF))
#define ARK_ACT_C(x) ((int)((x)&0xFF))

/* --- cards.c --- */
carta_status ark_compile_card(void *ctx, int card_id, struct fy_node *card, const char *file,
                              carta_error *err);
/* Resolves the card names status/manifest steps refer to; err names the first unknown one. */
carta_status ark_resolve_refs(carta_rules *rules, carta_error *err);
static inline const ark_card_def *ark_def(const carta_rules *rules, int card_id)
{
    return card_id >= 0 && card_id < rules->n_defs ? &rules->defs[card_id] : NULL;
}
const char *ark_faction_name(const carta_rules *rules, int faction); /* faction id + 1 */
const char *ark_trait_name(const carta_rules *rules, int trait);
int ark_trait_id(const carta_rules *rules, const char *name); /* -1 if unknown */

/* --- rules.c: the Round, setup, legal actions, apply, victory --- */
carta_status ark_setup(const carta_rules *rules, void *state, const carta_config *config,
                       carta_error *err);
int ark_to_act(const carta_rules *rules, const void *state);
int ark_legal_actions(const carta_rules *rules, const void *state, carta_action *out);
carta_status ark_apply(const carta_rules *rules, void *state, carta_action action,
                       carta_error *err);
void ark_returns(const carta_rules *rules, const void *state, double *out);
/* Runs automatic steps until a decision is needed or the game ends. */
void ark_advance(const carta_rules *rules, ark_state *st);
/* The next seat after seat in Turn (clockwise) order that is still in the game. */
int ark_next_seat(const ark_state *st, int seat);
bool ark_alive(const ark_state *st, int seat);
/* Checks the victory conditions (outside the Harvest Phase, or at its end); may end the game. */
void ark_check_end(const carta_rules *rules, ark_state *st);
/* Why the game ended (ARK_W_QUINTESSENCE_VICTORY ... ARK_W_ROUND_LIMIT), 0 if it goes on. */
int ark_end_reason(const ark_state *st);
/* Desperate Measures tournament points of each seat (0 for a game not over). */
void ark_scores(const carta_rules *rules, const ark_state *st, int *out);
/* The contract's points: the tournament scores of a finished Desperate Measures game. */
int ark_points(const carta_rules *rules, const void *state, int *out);

/* --- turn.c: Turns of Preparation, Combat and Regroup --- */
int ark_turn_actions(const carta_rules *rules, const ark_state *st, carta_action *out);
/* Applies a Turn action (already checked legal); true if the Turn ends with it. */
bool ark_turn_apply(const carta_rules *rules, ark_state *st, carta_action action);
/* Ends the current Turn: Block and Oath reset. */
void ark_turn_end(ark_state *st);

/* --- board.c: pieces, zones, stats, distance --- */
/* Puts card into play for seat at loc with a fresh uid; returns it, or NULL if full. Scenario code
 * uses it too (flags: ARK_P_SEEKER for a Seeker, ARK_P_EXHAUSTED to place it exhausted). */
ark_piece *ark_place(ark_state *st, int seat, uint16_t card, int loc, int flags);
int ark_find_uid(const ark_state *st, uint16_t uid); /* piece index, -1 if gone */
int ark_seeker_index(const ark_state *st, int seat);  /* -1 if none */
/* Puts card into seat's Quintessence Pool, recording its owner (-1: none). */
void ark_pool_push(ark_seat *s, uint16_t card, int owner);
int ark_draw(ark_state *st, int seat, int n);          /* cards drawn (no reshuffle) */
enum { ARK_STAT_SOUL = 0, ARK_STAT_MELEE, ARK_STAT_RANGED, ARK_STAT_HEALTH };
/* Current stat of a piece with bindings, statuses, Round and constant modifiers; an Attack the
 * card lacks is ARK_NO_ATTACK whatever the modifiers. */
int ark_stat(const carta_rules *rules, const ark_state *st, int pi, int stat);
/* Current keywords of a piece (card, attached cards but Cask, Round grants, constants); reaping
 * gets the accumulated Reaping value. */
uint16_t ark_keywords(const carta_rules *rules, const ark_state *st, int pi, int *reaping);
bool ark_in_group(const ark_state *st, int pi);
bool ark_realm_nearby(const ark_state *st, int a, int b);  /* two different Realm slots */
/* Whether a piece at loc `from` (Realm slot or ARK_LOC_SAFE of seat) may reach Realm slot to. */
bool ark_can_enter(const ark_state *st, int seat, int from, int to);
/* Whether the ability `code` of piece p (0..7 its own, 8 + slot an attached card's) is neither
 * Locked nor used this Turn; ark_ability_used Locks it and marks it used. */
bool ark_ability_ready(const ark_piece *p, int code);
void ark_ability_used(ark_piece *p, int code);
/* The Block of p that counts against damage of kind (ARK_DMG_*): the Evasion / Stealth doubling
 * counts only against the Attacks it was given against. */
int ark_block_against(const ark_piece *p, int kind);
/* Extracts a Unit (the Harvest; Paragon): its owner gains 1 Quintessence, +1 with Collector,
 * +1 per Cask Binding the owner Bound to it (which goes to the pool with it). */
void ark_extract(const carta_rules *rules, ark_state *st, int pi);
/* A Unit dies (or is extracted for Paragon when extract): leaves play to its owner's Chronicle,
 * its Bindings to their controllers' Chronicles, Statuses and Tokens leave the game. */
void ark_remove_piece(const carta_rules *rules, ark_state *st, int pi, int to);
/* Where it goes: ARK_TO_CHRONICLE it dies; ARK_TO_CHRONICLE_PLACED it is placed there without
 * dying (its seat eliminated). */
enum { ARK_TO_CHRONICLE = 0, ARK_TO_HAND, ARK_TO_POOL, ARK_TO_NOWHERE, ARK_TO_CHRONICLE_PLACED };
/* Removes attached card slot of piece pi to its controller's Chronicle (Statuses vanish). */
void ark_detach(const carta_rules *rules, ark_state *st, int pi, int slot);
bool ark_critically_wounded(const carta_rules *rules, const ark_state *st, int pi);
/* Seat loses n Willpower (gains -n) because of card cause (-1: none); elimination and defeat are
 * checked by ark_check_end. */
void ark_lose_willpower(ark_state *st, int seat, int n, int cause);
/* Counters that events tell (cause: the card that changed them, -1 none): seat's Arkhé set to
 * value; seat gains q Quintessence. */
void ark_set_arkhe(ark_state *st, int seat, int value, int cause);
void ark_gain_quintessence(ark_state *st, int seat, int q, int cause);

/* --- damage.c --- */
/* Queues an instance; then push ARK_FR_QUEUE (ark_damage_flush) to resolve the queue. */
void ark_damage_queue(ark_state *st, uint16_t source, uint16_t target, int seat, int amount,
                      int kind, int flags, int reaping);
void ark_damage_flush(ark_state *st);
/* Steps the top ARK_FR_DAMAGE / ARK_FR_QUEUE frame; returns true if it needs a decision. */
bool ark_damage_step(const carta_rules *rules, ark_state *st);
int ark_damage_choices(const carta_rules *rules, const ark_state *st, carta_action *out);
bool ark_damage_choose(const carta_rules *rules, ark_state *st, carta_action action);
/* Queues an Attack by piece pi against piece ti: its instance with Lethal, and its Reaping
 * instances; the caller then calls ark_damage_flush. */
void ark_attack(const carta_rules *rules, ark_state *st, int pi, int ti, int kind, int value,
                int flags);

/* --- death.c --- */
/* Every Unit whose Wounds reached its Health (after a Health change) would die: it dies, or
 * its owner is asked whether to Cheat Death. */
void ark_check_deaths(const carta_rules *rules, ark_state *st);
/* A `kill` effect: the Unit would die (Cheat Death may save it). */
void ark_kill(const carta_rules *rules, ark_state *st, int pi);
/* Steps the top ARK_FR_CHEAT_DEATH frame; returns true if its owner must decide. */
bool ark_death_step(const carta_rules *rules, ark_state *st);
void ark_death_choose(const carta_rules *rules, ark_state *st, bool cheat);
/* A Unit that would die: Cheat Death (Exhausted, on 1 Health) or to the Chronicle. */
void ark_death_settle(const carta_rules *rules, ark_state *st, int pi, bool cheat);

/* --- effects.c --- */
/* Pushes a RUN frame for ability `ab` of card, performed by performer (uid, 0 if none). */
void ark_run_push(ark_state *st, uint16_t card, int ab, uint16_t performer, uint16_t it,
                  int controller);
/* Steps the top RUN/TALENT frame; returns true if it needs a decision. */
bool ark_run_step(const carta_rules *rules, ark_state *st);
int ark_effect_choices(const carta_rules *rules, const ark_state *st, carta_action *out);
bool ark_effect_choose(const carta_rules *rules, ark_state *st, carta_action action);
/* Pushes a Feat's primary ability, performed by piece pi, and its Talents (offered after it);
 * returns the primary ability's index. The caller pays (or, Manifesting, does not). */
int ark_feat_push(const carta_rules *rules, ark_state *st, uint16_t card, int pi, int seat);
/* seat Binds card to piece pi: its invoke abilities resolve (Combat, on a Realm), then Wounds
 * are checked against a changed Health. */
void ark_bind(const carta_rules *rules, ark_state *st, uint16_t card, int pi, int seat);
/* Seek: the looked-at cards not taken go to the bottom of the Main Deck. */
void ark_seek_return(ark_state *st, int seat);
/* Whether seat can pay an ability's extra cost (performer pi for an exhaust cost). */
bool ark_can_pay(const ark_state *st, const ark_ability *ab, int seat, int pi);
/* Pays it: Arkhé, Willpower, exhaust now; a discard cost pushes its decision frame, so call it
 * after pushing the ability's RUN frame. */
void ark_pay(ark_state *st, const ark_ability *ab, int seat, int pi, int card);
bool ark_cond_ok(const ark_state *st, int cond, int pi);
/* Whether an ability works in the current phase: in Combat, and in Preparation if it is Omni
 * ("During the Preparation Phase: No card abilities may be used; Abilities explicitly labeled
 * as Omni are exempt"). The card must also be on a Realm. */
bool ark_ability_works(const ark_state *st, const ark_ability *ab);
/* A piece entered play (Invoked or Manifested): on a Realm, its invoke abilities that work now
 * resolve. */
void ark_enter_play(const carta_rules *rules, ark_state *st, int pi);
/* Whether seat already has a copy of a Unique card on its side (Safe Zone or Realms). */
bool ark_unique_blocked(const carta_rules *rules, const ark_state *st, int seat, uint16_t card);
/* Whether hand index i is the first of its card (distinct actions get distinct texts). */
bool ark_hand_distinct(const ark_zone *hand, int i);

/* --- events.c: what an action did, told in the rulebook's words (core/event.h) --- */
/* The words of Arkhtide's events (carta_game.event_word), 1..ARK_W_COUNT - 1. */
enum ark_word {
    ARK_W_NONE = 0,
    /* counters (COUNTER: seat gains / loses amount <word>) */
    ARK_W_QUINTESSENCE, ARK_W_WILLPOWER, ARK_W_ARKHE,
    /* zones (MOVE from / to) */
    ARK_W_HAND, ARK_W_MAIN_DECK, ARK_W_REALM_DECK, ARK_W_LOOK, ARK_W_FACE_DOWN, ARK_W_PLAY,
    ARK_W_CHRONICLE, ARK_W_POOL,
    /* the verbs of moves (MOVE: seat <word> cards) */
    ARK_W_DRAWS, ARK_W_DISCARDS, ARK_W_MULLIGANS, ARK_W_LOOKS_AT, ARK_W_PICKS,
    ARK_W_RETURNS_TOP, ARK_W_RETURNS_BOTTOM, ARK_W_PUTS_UNDER, ARK_W_HARVESTS, ARK_W_EXTRACTS,
    /* what a seat does (ACT: seat <word> card [-> target]; the target of an ability used is
       its performer) */
    ARK_W_INVOKES, ARK_W_INVOKES_SAFE, ARK_W_BINDS, ARK_W_MOVES, ARK_W_REPOSITIONS,
    ARK_W_REPOSITIONS_SAFE, ARK_W_ASSISTS_WITH, ARK_W_USES, ARK_W_REACTS_WITH,
    ARK_W_USES_TALENT, ARK_W_AMPLIFIES_WITH, ARK_W_SHIELDS_WITH, ARK_W_TARGETS,
    ARK_W_MANIFESTS, ARK_W_ATTACHES, ARK_W_GIVES_BLOCK, ARK_W_CHANGES_STATS,
    /* notes (NOTE: seat <word> [card]); the phase starts in enum ark_phase order */
    ARK_W_STARTS_PHASE, ARK_W_STARTS_PHASE_LAST = ARK_W_STARTS_PHASE + ARK_PHASE_REGROUP,
    ARK_W_IS_PREPARED, ARK_W_PASSES, ARK_W_ENDS_TURN, ARK_W_HIGHEST_INITIATIVE,
    ARK_W_WINS_INITIATIVE_TIE, ARK_W_FIRST_AT_RANDOM, ARK_W_TAKES_SIDE_A, ARK_W_TAKES_SIDE_B,
    ARK_W_DECLINES_AMPLIFY, ARK_W_DECLINES_REACTION, ARK_W_DECLINES_WOUND_REACTION,
    ARK_W_LETS_THROUGH, ARK_W_RESOLVES_NEXT, ARK_W_DECLINES_TALENT, ARK_W_ACCEPTS_MAY,
    ARK_W_DECLINES_MAY, ARK_W_HALVES, ARK_W_OATH,
    /* what a card is now (STATUS: card is <word>); keywords given in ARK_KW_* bit order */
    ARK_W_EXHAUSTED, ARK_W_READIED, ARK_W_UNLOCKED, ARK_W_CHEATS_DEATH, ARK_W_LETHAL,
    ARK_W_REAPING, ARK_W_EVASION, ARK_W_STEALTH, ARK_W_PARAGON, ARK_W_SENT_TO_SAFE,
    ARK_W_REMOVED, ARK_W_NOT_HARVESTED,
    ARK_W_GIVEN_KEYWORD, ARK_W_GIVEN_KEYWORD_LAST = ARK_W_GIVEN_KEYWORD + 5,
    /* attacks (FIGHT) and choices (CHOOSE) */
    ARK_W_MELEE_ATTACK, ARK_W_RANGED_ATTACK, ARK_W_WHO_ACTS_FIRST,
    /* why a seat leaves or the game ends (ELIMINATED, WON, DRAWN) */
    ARK_W_WILLPOWER_ZERO, ARK_W_QUINTESSENCE_VICTORY, ARK_W_LAST_STANDING, ARK_W_TRUE_TIE,
    ARK_W_ROUND_LIMIT,
    ARK_W_COUNT
};
const char *ark_event_word(const carta_rules *rules, int word);
unsigned ark_deciding(const carta_rules *rules, const void *state);
enum { ARK_DECK_SECTIONS = 3 };
extern const char *const ark_deck_sections[ARK_DECK_SECTIONS];
int ark_deck_section(const carta_rules *rules, int card_id);
/* Opens the Combat or Regroup Turns (core/window.h) at the active seat. */
void ark_turns_open(ark_state *st);

/* Any event (core/event.h): card seen by the seats in seen, target public; -1 for none. */
static inline void ark_event_add(ark_state *st, int kind, int seat, int other, int card,
                                 uint8_t seen, int target, int word, int amount, int value)
{
    carta_event_add(&st->events, kind, seat, other, card, seen, target, word, amount, value);
}

/* An event of kind by seat (-1: none) with public cards card and target (catalog ids, -1 for
 * none): ACT, NOTE, STATUS, REVEAL, DESTROYED, ELIMINATED, WON, DRAWN. */
static inline void ark_event(ark_state *st, int kind, int seat, int word, int card, int target)
{
    ark_event_add(st, kind, seat, CARTA_EV_NO_SEAT, card, CARTA_SEEN_ALL, target, word, 0, 0);
}

/* seat's card goes from zone word `from` to `to` (verb: its ARK_W_ verb, or 0), seen only by the
 * seats in seen (CARTA_SEEN_ALL: a public card). */
static inline void ark_event_move(ark_state *st, int seat, int card, uint8_t seen, int from,
                                  int to, int verb)
{
    carta_event_move(&st->events, seat, card, seen, from, to, verb);
}

/* seat's counter word changed by amount to value, because of card (-1: none). */
static inline void ark_event_counter(ark_state *st, int seat, int word, int amount, int value,
                                     int card)
{
    ark_event_add(st, CARTA_EV_COUNTER, seat, CARTA_EV_NO_SEAT, card, CARTA_SEEN_ALL, -1, word,
                  amount, value);
}

/* Piece pi suffers wounds from the piece with card source (-1: none); Block prevented
 * `prevented` Damage. */
static inline void ark_event_damage(ark_state *st, int pi, int source, int wounds, int prevented)
{
    ark_event_add(st, CARTA_EV_DAMAGE, st->pieces[pi].owner, CARTA_EV_NO_SEAT,
                  st->pieces[pi].card, CARTA_SEEN_ALL, source, 0, wounds, prevented);
}

/* The active seat begins a Turn of the current phase (turn: 1 for the first; 0: the Round
 * begins). */
static inline void ark_event_turn(ark_state *st, int turn)
{
    ark_event_add(st, CARTA_EV_TURN, st->active, CARTA_EV_NO_SEAT, -1, 0, -1, 0, turn,
                  st->round);
}

/* The card of piece pi, and of the Realm in slot loc (-1 for the Safe Zone or none). */
int ark_piece_card(const ark_state *st, int pi);
int ark_realm_card(const ark_state *st, int loc);

/* --- observe.c --- */
/* Sets who sees each zone: a hand and looked-at cards their owner, Chronicle and pool everyone,
 * the decks no one. Setup and scenario positions call it. */
void ark_zones_seen(ark_state *st);
/* Fills l with the map of ark_state (core/layout.h); 0 when out of memory. */
int ark_layout_build(carta_layout *l);
void ark_observe(const carta_rules *rules, const void *state, int seat, void *out);
void ark_determinize(const carta_rules *rules, void *state, int seat, uint64_t seed);

/* --- text.c --- */
void ark_describe_action(const carta_rules *rules, const void *state, carta_action action,
                         char *buf, size_t cap);
int ark_action_card(const carta_rules *rules, const void *state, carta_action action);
void ark_describe_move(const carta_rules *rules, const void *state, carta_action action,
                       int viewer, char *buf, size_t cap);
void ark_describe_card(const carta_rules *rules, int card_id, carta_text *out);
void ark_render(const carta_rules *rules, const void *state, int seat, carta_text *out);

/* --- view.c --- */
void ark_view(const carta_rules *rules, const void *obs, int seat, struct carta_view *out);
void ark_action_view(const carta_rules *rules, const void *obs, carta_action action,
                     struct carta_view *out);
void ark_describe_state(const carta_rules *rules, const void *state, char *buf, size_t cap);

/* --- question.c --- */
/* What the seat to act is asked now, in words: the decision, for which card or effect, about
 * what ("Test Bolt: deal 3 Damage to which enemy Unit or Seeker (Close or Nearby)?"); "" when
 * the game is over. Call it with an observation: it names only what that seat may see. */
void ark_question(const carta_rules *rules, const ark_state *st, char *buf, size_t cap);

/* --- check.c --- */
/* The contract's check: every card of each deck list and each Seeker in exactly one place,
 * counters in range. */
carta_status ark_check(const carta_rules *rules, const void *state, carta_error *err);

/* --- evaluate.c --- */
double ark_evaluate(const carta_rules *rules, const void *state, int seat);
double ark_evaluate_with(const carta_rules *rules, const double *w, const void *state, int seat);
void ark_eval_features(const carta_rules *rules, const void *state, int seat, double *out);

/* --- expert.c: the scripted expert player (carta_game.expert) --- */
int ark_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
               int n_legal, void *scratch, uint64_t seed);

/* --- deck.c and scenario.c (other owners) --- */
carta_status arkhtide_deck_resolve(const carta_rules *rules, const char *spec, uint64_t seed,
                                   carta_deck *out, carta_error *err);
carta_status arkhtide_deck_check(const carta_rules *rules, const carta_deck *deck,
                                 carta_error *err);
carta_status arkhtide_scenario_position(const carta_rules *rules, void *state,
                                        struct fy_node *position, const char *file,
                                        carta_error *err);

#endif
