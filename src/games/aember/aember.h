/* aember.h: private declarations shared by the files of the Æmber rule system.
 *
 * Card definitions are compiled from YAML (docs/card-format/aember.md) into aember_card_def: stats,
 * keywords, and abilities, each a trigger and a run of compact effect steps (aember_step) that
 * effects.c interprets. No string is looked at while a game runs. */
#ifndef AEMBER_H
#define AEMBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/catalog.h"
#include "core/eval_weights.h"
#include "core/game.h"
#include "core/layout.h"
#include "games/aember/state.h"

struct fy_node;

enum {
    AEMBER_MAX_HOUSES = 32,   /* distinct houses in one card set */
    AEMBER_MAX_TRAITS = 64,   /* distinct traits in one card set (a bit each) */
    AEMBER_WORD_MAX = 24,     /* bytes in a house or trait name */
    AEMBER_TEXT_MAX = 480,    /* bytes of a card's English text */
    AEMBER_ABILITY_MAX = 8,   /* abilities of one card */
    AEMBER_STEP_MAX = 32      /* effect steps of one card, all abilities together */
};

enum aember_type { AEMBER_ACTION = 0, AEMBER_ARTIFACT, AEMBER_CREATURE, AEMBER_UPGRADE };
enum aember_rarity { AEMBER_COMMON = 0, AEMBER_UNCOMMON, AEMBER_RARE, AEMBER_SPECIAL };

/* Keywords (bits of aember_card_def.keywords; assault and hazardous carry a value). */
enum {
    AEMBER_KW_ASSAULT = 1 << 0,
    AEMBER_KW_HAZARDOUS = 1 << 1,
    AEMBER_KW_ELUSIVE = 1 << 2,
    AEMBER_KW_POISON = 1 << 3,
    AEMBER_KW_SKIRMISH = 1 << 4,
    AEMBER_KW_TAUNT = 1 << 5
};

enum aember_trigger {
    AEMBER_TRIG_PLAY = 0,
    AEMBER_TRIG_REAP,
    AEMBER_TRIG_FIGHT,
    AEMBER_TRIG_BEFORE_FIGHT,
    AEMBER_TRIG_ACTION,
    AEMBER_TRIG_OMNI,
    AEMBER_TRIG_DESTROYED,
    AEMBER_TRIG_CONSTANT,
    AEMBER_TRIG_START_OF_TURN,
    AEMBER_TRIG_END_OF_TURN,
    AEMBER_TRIG_COUNT
};

/* Effect operations. */
enum aember_op {
    AEMBER_OP_NONE = 0,
    AEMBER_OP_GAIN, AEMBER_OP_LOSE, AEMBER_OP_STEAL, AEMBER_OP_CAPTURE, AEMBER_OP_PAY,
    AEMBER_OP_DAMAGE, AEMBER_OP_HEAL, AEMBER_OP_POWER_COUNTERS, AEMBER_OP_POWER,
    AEMBER_OP_ARMOR, AEMBER_OP_KEYWORD,
    AEMBER_OP_DRAW, AEMBER_OP_DISCARD, AEMBER_OP_ARCHIVE, AEMBER_OP_PURGE,
    AEMBER_OP_RETURN_TO_HAND, AEMBER_OP_RETURN_TO_DECK,
    AEMBER_OP_DESTROY, AEMBER_OP_SACRIFICE, AEMBER_OP_STUN, AEMBER_OP_EXHAUST, AEMBER_OP_READY,
    AEMBER_OP_UNFORGE, AEMBER_OP_CHAINS, AEMBER_OP_KEY_COST, AEMBER_OP_FORGE, AEMBER_OP_FORBID_HOUSE,
    AEMBER_OP_FIGHT_WITH, AEMBER_OP_READY_AND_FIGHT, AEMBER_OP_READY_AND_REAP,
    AEMBER_OP_REAP_WITH, AEMBER_OP_USE,
    AEMBER_OP_PLAY, AEMBER_OP_SEARCH, AEMBER_OP_SWAP, AEMBER_OP_REPEAT, AEMBER_OP_HANDLER,
    AEMBER_OP_COUNT
};

/* Who a player-directed step applies to. */
enum { AEMBER_WHO_YOU = 0, AEMBER_WHO_OPPONENT, AEMBER_WHO_BOTH };

/* Where a step takes cards from (discard, archive, purge, return, play, search). */
enum { AEMBER_FROM_PLAY = 0, AEMBER_FROM_HAND, AEMBER_FROM_DECK, AEMBER_FROM_DISCARD };

/* How a target is selected. */
enum aember_select {
    AEMBER_SEL_NONE = 0,   /* the step takes no target */
    AEMBER_SEL_CHOSEN,     /* the active player chooses `count` (default 1) matching cards */
    AEMBER_SEL_UP_TO,      /* the active player chooses 0..count matching cards, then "done" */
    AEMBER_SEL_EACH,       /* every matching card */
    AEMBER_SEL_RANDOM,     /* one matching card at random */
    AEMBER_SEL_LEAST,      /* a least powerful matching creature (chosen among ties) */
    AEMBER_SEL_MOST,       /* a most powerful matching creature (chosen among ties) */
    AEMBER_SEL_EACH_LEAST, /* each least powerful matching creature */
    AEMBER_SEL_EACH_MOST,  /* each most powerful matching creature */
    AEMBER_SEL_SELF,       /* this card (for an upgrade: the creature it is attached to) */
    AEMBER_SEL_IT,         /* the card(s) the previous step targeted */
    AEMBER_SEL_OPPOSING    /* the opposing creature of the fight this ability belongs to */
};

enum { AEMBER_KIND_CREATURE = 0, AEMBER_KIND_ARTIFACT, AEMBER_KIND_CARD };
enum { AEMBER_SIDE_ANY = 0, AEMBER_SIDE_FRIENDLY, AEMBER_SIDE_ENEMY };

/* Target filters (bits of aember_step.filters). */
enum {
    AEMBER_FILT_NOT_SELF = 1 << 0,
    AEMBER_FILT_DAMAGED = 1 << 1,
    AEMBER_FILT_UNDAMAGED = 1 << 2,
    AEMBER_FILT_FLANK = 1 << 3,
    AEMBER_FILT_NEIGHBOR = 1 << 4,  /* a neighbor of this creature */
    AEMBER_FILT_EXHAUSTED = 1 << 5,
    AEMBER_FILT_READY = 1 << 6,
    AEMBER_FILT_STUNNED = 1 << 7,
    AEMBER_FILT_HAS_AEMBER = 1 << 8,
    AEMBER_FILT_NON_FLANK = 1 << 9
};

/* Step flags. */
enum {
    AEMBER_STEP_MAY = 1 << 0,       /* optional: a yes/no decision first */
    AEMBER_STEP_IF_YOU_DO = 1 << 1, /* only if the previous step fully resolved */
    AEMBER_STEP_THIS_WAY = 1 << 2,  /* the amount is the previous step's count */
    AEMBER_STEP_RANDOM = 1 << 3,    /* discard at random */
    AEMBER_STEP_SHUFFLE = 1 << 4,   /* return to deck: shuffle the deck afterwards */
    AEMBER_STEP_ALL = 1 << 5,       /* heal: all damage */
    AEMBER_STEP_SWAP_PAIR = 1 << 6, /* swap: two chosen targets (else this card and a target) */
    AEMBER_STEP_TO_ARCHIVES = 1 << 7 /* search: put found cards in archives (else in hand) */
};

/* Duration of a lasting effect (power, key_cost). */
enum { AEMBER_DUR_CONSTANT = 0, AEMBER_DUR_TURN, AEMBER_DUR_NEXT_TURN };

/* Conditions (aember_step.cond), each with cond_arg. */
enum aember_cond {
    AEMBER_COND_NONE = 0,
    AEMBER_COND_YOUR_AEMBER_MIN, AEMBER_COND_OPPONENT_AEMBER_MIN,
    AEMBER_COND_YOUR_KEYS_MIN, AEMBER_COND_OPPONENT_KEYS_MIN,
    AEMBER_COND_FRIENDLY_CREATURES_MIN, AEMBER_COND_ENEMY_CREATURES_MIN,
    AEMBER_COND_FEWER_CREATURES, AEMBER_COND_IT_DESTROYED, AEMBER_COND_ON_FLANK,
    AEMBER_COND_THIS_WAY_MIN, AEMBER_COND_SELF_DAMAGED,
    AEMBER_COND_COUNT
};

/* One compiled effect step. */
typedef struct aember_step {
    uint8_t op;          /* enum aember_op */
    uint8_t flags;       /* AEMBER_STEP_* */
    int8_t amount;       /* N (or the keyword bit index for AEMBER_OP_KEYWORD) */
    int8_t splash;       /* damage: splash to the target's neighbors */
    uint8_t who;         /* AEMBER_WHO_* */
    uint8_t from;        /* AEMBER_FROM_* */
    uint8_t duration;    /* AEMBER_DUR_* */
    uint8_t cond;        /* enum aember_cond */
    int8_t cond_arg;
    uint8_t select;      /* enum aember_select */
    uint8_t kind;        /* AEMBER_KIND_* */
    uint8_t side;        /* AEMBER_SIDE_* */
    uint8_t count;       /* targets to choose (chosen, up_to) */
    int8_t power_min, power_max; /* -1: no bound */
    uint8_t house;       /* filter: house id + 1, 0 = any */
    uint8_t trait;       /* filter: trait bit + 1, 0 = any */
    uint8_t card_type;   /* search filter: type + 1, 0 = any */
    uint16_t filters;    /* AEMBER_FILT_* */
    uint16_t handler;    /* handler index for AEMBER_OP_HANDLER */
} aember_step;

typedef struct aember_ability {
    uint8_t trigger;     /* enum aember_trigger */
    uint8_t first;       /* index of its first step in the card's steps */
    uint8_t n;           /* steps */
} aember_ability;

/* What constant effects modify (aember_card_def.self_ops / aura_ops). */
enum { AEMBER_MOD_POWER = 1, AEMBER_MOD_ARMOR = 2, AEMBER_MOD_KEYWORD = 4 };

typedef struct aember_card_def {
    char name[CARTA_NAME_MAX];
    char text[AEMBER_TEXT_MAX];
    uint8_t house, type, rarity, power, armor, aember, maverick;
    uint8_t assault, hazardous;          /* keyword values */
    uint16_t keywords;                   /* AEMBER_KW_* */
    uint16_t triggers;                   /* bit per aember_trigger it has an ability for */
    uint64_t traits;                     /* bit per trait id */
    uint8_t self_ops, aura_ops;          /* AEMBER_MOD_* its constant steps change on itself
                                            (or its upgraded creature) / on other cards */
    uint8_t n_abilities, n_steps;
    aember_ability abilities[AEMBER_ABILITY_MAX];
    aember_step steps[AEMBER_STEP_MAX];
} aember_card_def;

/* The evaluation's weights (evaluate.c; data/aember/ai/evaluation.yaml). */
enum {
    AEMBER_EVW_KEY = 0, AEMBER_EVW_POOL, AEMBER_EVW_POOL_EXTRA, AEMBER_EVW_CREATURE, AEMBER_EVW_POWER,
    AEMBER_EVW_CAPTURED_OURS, AEMBER_EVW_CAPTURED_THEIRS, AEMBER_EVW_ARTIFACT, AEMBER_EVW_HAND,
    AEMBER_EVW_ARCHIVES, AEMBER_EVW_CHAINS, AEMBER_EVW_HOUSE, AEMBER_EVW_SCALE, AEMBER_EVW_COUNT
};

extern const carta_game carta_game_aember;

struct carta_rules {
    carta_catalog *catalog;
    int n_defs, cap_defs;
    aember_card_def *defs;               /* indexed by catalog card id */
    int n_houses, n_traits;
    char houses[AEMBER_MAX_HOUSES][AEMBER_WORD_MAX];
    char traits[AEMBER_MAX_TRAITS][AEMBER_WORD_MAX];
    char house_words[AEMBER_MAX_HOUSES][AEMBER_WORD_MAX + 8]; /* "house <name>", for events */
    char ban_words[AEMBER_MAX_HOUSES][AEMBER_WORD_MAX + 40];  /* "may not choose house <name>
                                                                 next turn" */
    bool any_constant;                   /* some card has a constant ability */
    uint8_t aura_ops;                    /* AEMBER_MOD_* some card changes on other cards */
    bool any_negative_power;             /* some card lowers power (else damage < printed power
                                            plus counters proves a creature survives) */
    char data_dir[512];                  /* the data_dir given to open ("" if none) */
    double eval_w[AEMBER_EVW_COUNT];       /* the evaluation's weights (evaluate.c) */
    carta_layout layout;                 /* the state's zones and arrays (observe.c) */
};

/* --- pending frame kinds (state.pending) --- */
enum aember_frame {
    AEMBER_FR_RUN = 1,     /* resolving an ability: see effects.c for its args */
    AEMBER_FR_TARGET,      /* decision: choose a target for the RUN frame below */
    AEMBER_FR_MAY,         /* decision: yes/no for the RUN frame below */
    AEMBER_FR_FLANK,       /* decision: left/right for a creature entering play */
    AEMBER_FR_CARD,        /* decision: choose a card in hand/discard/deck for the RUN below */
    AEMBER_FR_FIGHT,       /* a fight in progress */
    AEMBER_FR_LEAVE,       /* a destroyed card leaves play once its Destroyed: abilities ran */
    AEMBER_FR_AFTER_PLAY,  /* an action card goes to discard after its Play: ability */
    AEMBER_FR_END_TURN,    /* the end of the turn in progress (ready, draw, end effects) */
    AEMBER_FR_START_TURN,  /* the start of a turn in progress (start effects, then forge) */
    AEMBER_FR_USE,         /* decision: how to use one card (fight with, reap with, use) */
    AEMBER_FR_PLAY,        /* decision: which card to play from hand by an effect (or done) */
    AEMBER_FR_ORDER        /* decision: which of assault, hazardous, Before Fight: is next */
};

/* The "before fight" parts of a fight the active player orders (AEMBER_A_ORDER's a). */
enum { AEMBER_ORDER_ASSAULT = 0, AEMBER_ORDER_HAZARDOUS, AEMBER_ORDER_BEFORE_FIGHT };

/* --- action encoding: kind in bits 24..31, then three 8-bit operands a, b, c --- */
enum aember_act {
    AEMBER_A_KEEP = 1, AEMBER_A_MULLIGAN, AEMBER_A_HOUSE, AEMBER_A_TAKE_ARCHIVES,
    AEMBER_A_LEAVE_ARCHIVES, AEMBER_A_PLAY, AEMBER_A_PLAY_UPGRADE, AEMBER_A_DISCARD,
    AEMBER_A_REAP, AEMBER_A_FIGHT, AEMBER_A_ACTION, AEMBER_A_OMNI, AEMBER_A_USE_STUNNED,
    AEMBER_A_END_TURN, AEMBER_A_TARGET, AEMBER_A_YES, AEMBER_A_NO, AEMBER_A_LEFT, AEMBER_A_RIGHT,
    AEMBER_A_DONE, AEMBER_A_PICK, AEMBER_A_ORDER /* a: the AEMBER_ORDER_* part to resolve next */
};
#define AEMBER_ACT(k, a, b, c) \
    ((carta_action)(((uint32_t)(k) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) | (uint32_t)(c)))
#define AEMBER_ACT_KIND(x) ((int)((x) >> 24))
#define AEMBER_ACT_A(x) ((int)(((x) >> 16) & 0xFF))
#define AEMBER_ACT_B(x) ((int)(((x) >> 8) & 0xFF))
#define AEMBER_ACT_C(x) ((int)((x)&0xFF))
/* Card positions in actions: a = side/zone code, b = index. */
enum { AEMBER_POS_LINE = 0, AEMBER_POS_ARTIFACT = 1 }; /* + 2 * seat */
enum { AEMBER_FLANK_NONE = 0, AEMBER_FLANK_LEFT = 1, AEMBER_FLANK_RIGHT = 2 };

/* --- game.c --- */
/* The data directory the rules were opened with (prebuilt decks live in its decks/). */
const char *aember_rules_data_dir(const carta_rules *rules);

/* --- cards.c --- */
/* Compiles one card map (the catalog's callback; ctx is the carta_rules). */
carta_status aember_compile_card(void *ctx, int card_id, struct fy_node *card, const char *file,
                                 carta_error *err);
/* The definition of a card id, NULL if unknown (AEMBER_UNKNOWN included). */
static inline const aember_card_def *aember_def(const carta_rules *rules, int card_id)
{
    return card_id >= 0 && card_id < rules->n_defs ? &rules->defs[card_id] : NULL;
}
int aember_house_id(const carta_rules *rules, const char *name);          /* -1 if unknown */
const char *aember_house_name(const carta_rules *rules, int house);
int aember_handler_find(const char *name);                                /* -1 if unknown */

/* --- rules.c: turn sequence, setup, legal actions, apply --- */
/* An empty state with the glossary's key cost and hand size, no winner, zones seen as the rules
 * say: what setup, scenario positions and tests start from. */
void aember_state_blank(aember_state *st);
carta_status aember_setup(const carta_rules *rules, void *state, const carta_config *config,
                          carta_error *err);
int aember_to_act(const carta_rules *rules, const void *state);
int aember_legal_actions(const carta_rules *rules, const void *state, carta_action *out);
carta_status aember_apply(const carta_rules *rules, void *state, carta_action action,
                          carta_error *err);
void aember_returns(const carta_rules *rules, const void *state, double *out);
/* Runs pending frames and turn steps until a decision is needed or the game ends. */
void aember_advance(const carta_rules *rules, aember_state *st);
/* Ends the active player's turn (steps 4 and 5, end-of-turn effects) and starts the next. */
void aember_end_turn(const carta_rules *rules, aember_state *st);
/* Draws n cards for seat (shuffling the discard into an empty deck); returns cards drawn. */
int aember_draw(aember_state *st, int seat, int n);
/* Current key cost for seat (base 6 plus constant and lasting modifiers, at least 0). */
int aember_key_cost(const carta_rules *rules, const aember_state *st, int seat);
/* Forges a key for seat if able; returns 1 if it did (and may end the game). */
int aember_try_forge(const carta_rules *rules, aember_state *st, int seat);
/* Counts a play or use of card for the rule of six; returns false if already used 6 times. */
bool aember_six_ok(const aember_state *st, uint16_t card);
void aember_six_count(aember_state *st, uint16_t card);

/* --- play.c: cards in play --- */
/* Puts a creature into seat's battle line (flank: AEMBER_FLANK_LEFT/RIGHT) or an artifact into
 * its artifacts, exhausted, with a fresh uid; returns the new card or NULL if full. Scenario code
 * uses it too (exhausted = 0 to place it ready). */
aember_card_in_play *aember_state_place(const carta_rules *rules, aember_state *st, int seat,
                                        uint16_t card, int flank, int exhausted);
/* Finds a card in play by uid; sets *seat, *is_artifact, *index. NULL if gone. */
aember_card_in_play *aember_find_uid(aember_state *st, uint16_t uid, int *seat, int *is_artifact,
                                     int *index);
const aember_card_in_play *aember_find_uid_c(const aember_state *st, uint16_t uid, int *seat,
                                             int *is_artifact, int *index);
/* Current power, armor and keywords of a creature, with counters, upgrades, lasting and constant
 * effects. */
int aember_power(const carta_rules *rules, const aember_state *st, int seat, int index);
int aember_armor(const carta_rules *rules, const aember_state *st, int seat, int index);
uint16_t aember_keywords(const carta_rules *rules, const aember_state *st, int seat, int index,
                         int *assault, int *hazardous);
/* Removes a card from play to a zone of its owner (discard, hand, deck top, archives, purged):
 * upgrades go to their owners' discards, captured Æmber to the opponent of the controller. */
enum { AEMBER_TO_DISCARD = 0, AEMBER_TO_HAND, AEMBER_TO_DECK, AEMBER_TO_ARCHIVES, AEMBER_TO_PURGED };
void aember_leave_play(const carta_rules *rules, aember_state *st, uint16_t uid, int to);
/* Marks a creature destroyed (its Destroyed: abilities resolve before it leaves). */
void aember_destroy(aember_state *st, uint16_t uid);
/* Deals damage to a creature (armor first) from source (a card id told in the event, or -1);
 * returns damage dealt. poison destroys if > 0. */
int aember_deal_damage(const carta_rules *rules, aember_state *st, uint16_t uid, int amount,
                       bool poison, int source);
/* Pushes Destroyed: abilities and leave frames for every creature whose damage reached its power
 * or that was destroyed by an effect. */
void aember_check_destroyed(const carta_rules *rules, aember_state *st);

/* --- effects.c: the effect interpreter --- */
/* Pushes a RUN frame for every ability of card (and, for a creature, of its upgrades) with this
 * trigger; controller is the seat whose ability it is; source_uid the card in play (0 if none);
 * other_uid the opposing creature of a fight (0 if none). */
void aember_trigger(const carta_rules *rules, aember_state *st, uint16_t card, int trigger,
                    int controller, uint16_t source_uid, uint16_t other_uid);
void aember_trigger_in_play(const carta_rules *rules, aember_state *st, uint16_t uid, int trigger,
                            uint16_t other_uid);
/* Runs the top RUN frame until it needs a decision or finishes. */
void aember_run_step(const carta_rules *rules, aember_state *st);
/* Legal choices and their application for the effect decision frames. */
int aember_effect_choices(const carta_rules *rules, const aember_state *st, carta_action *out);
void aember_effect_choose(const carta_rules *rules, aember_state *st, carta_action action);
/* Applies a chosen target to the RUN frame at stack index fi. */
void aember_effect_choose_uid(const carta_rules *rules, aember_state *st, int fi, uint16_t uid);

/* --- fight.c --- */
/* Whether attacker (seat a, index ai) may attack the enemy creature at index di (taunt). */
bool aember_can_attack(const carta_rules *rules, const aember_state *st, int seat, int di);
/* Starts a fight: exhausts the attacker and pushes the fight frame. */
void aember_fight_start(const carta_rules *rules, aember_state *st, uint16_t attacker,
                        uint16_t defender);
void aember_fight_step(const carta_rules *rules, aember_state *st);
/* The choices of an order decision (an FR_ORDER frame), and applying one (FR_ORDER on top of a
 * FIGHT frame): part (AEMBER_ORDER_*) resolves next. */
int aember_fight_order_choices(const carta_pending *order, carta_action *out);
void aember_fight_order(aember_state *st, int part);
/* Reaps with a creature: exhausts it, gains 1, triggers Reap: abilities. */
void aember_reap(const carta_rules *rules, aember_state *st, uint16_t uid);

/* --- observe.c --- */
/* Sets who sees each zone: a hand and archives their owner, discard and purged everyone, a deck
 * no one. Setup and scenario positions call it. */
void aember_zones_seen(aember_state *st);
/* Fills l with the map of aember_state (core/layout.h); 0 when out of memory. */
int aember_layout_build(carta_layout *l);
void aember_observe(const carta_rules *rules, const void *state, int seat, void *out);
void aember_determinize(const carta_rules *rules, void *state, int seat, uint64_t seed);

/* --- text.c --- */
void aember_describe_action(const carta_rules *rules, const void *state, carta_action action,
                            char *buf, size_t cap);
void aember_describe_card(const carta_rules *rules, int card_id, carta_text *out);
void aember_describe_move(const carta_rules *rules, const void *state, carta_action action,
                          int viewer, char *buf, size_t cap);
void aember_render(const carta_rules *rules, const void *state, int seat, carta_text *out);

/* --- view.c --- */
void aember_view(const carta_rules *rules, const void *obs, int seat, struct carta_view *out);
void aember_action_view(const carta_rules *rules, const void *obs, carta_action action,
                        struct carta_view *out);
void aember_describe_state(const carta_rules *rules, const void *state, char *buf, size_t cap);

/* --- events.c: what an action did, told as events (core/event.h) --- */

/* The words of Æmber's events (carta_game.event_word), 1..255. */
enum aember_word {
    AEMBER_W_NONE = 0,
    /* counters */
    AEMBER_W_AEMBER, AEMBER_W_CHAIN, AEMBER_W_CHAINS, AEMBER_W_KEY, AEMBER_W_KEYS,
    /* zones */
    AEMBER_W_IN_PLAY, AEMBER_W_HAND, AEMBER_W_DECK, AEMBER_W_DISCARD_PILE, AEMBER_W_ARCHIVES,
    AEMBER_W_PURGED,
    /* what a player does */
    AEMBER_W_PLAYS, AEMBER_W_REAPS_WITH, AEMBER_W_TRIGGERS_ACTION, AEMBER_W_TRIGGERS_OMNI,
    AEMBER_W_EXHAUSTS, AEMBER_W_DRAWS, AEMBER_W_DISCARDS,
    AEMBER_W_ARCHIVES_CARD, AEMBER_W_PURGES, AEMBER_W_FINDS, AEMBER_W_SACRIFICES, AEMBER_W_SWAPS,
    AEMBER_W_FIRST_TURN, AEMBER_W_KEEPS, AEMBER_W_MULLIGANS, AEMBER_W_ENDS_TURN, AEMBER_W_READIES,
    AEMBER_W_SHUFFLES_DISCARD,
    /* what a card is */
    AEMBER_W_STUNNED, AEMBER_W_UNSTUNNED, AEMBER_W_EXHAUSTED, AEMBER_W_READIED, AEMBER_W_ELUSIVE,
    AEMBER_W_RULE_OF_SIX,
    AEMBER_W_POWER_COUNTERS, /* + k - 1: "given k +1 power counters", k = 1..6 */
    AEMBER_W_POWER_COUNTERS_LAST = AEMBER_W_POWER_COUNTERS + 5,
    /* how the game ends */
    AEMBER_W_THREE_KEYS, AEMBER_W_TURN_LIMIT,
    AEMBER_W_COUNT,
    AEMBER_W_BANNED_HOUSE = 160, /* + house id: "may not choose house <name> next turn" */
    AEMBER_W_HOUSE = 200         /* + house id: "house <name>" (AEMBER_MAX_HOUSES of them) */
};

const char *aember_event_word(const carta_rules *rules, int word);
/* Adds an event whose cards every seat sees (in play, played, discarded); card and target are
 * catalog ids or -1. Inline: the rules tell as they go, in the hot path of every search. */
static inline void aember_tell(aember_state *st, int kind, int seat, int other, int card,
                               int target, int word, int amount, int value)
{
    carta_event_add(&st->events, kind, seat, other, card, CARTA_SEEN_ALL, target, word, amount,
                    value);
}
/* seat's counter changed by delta to now, told with word one (delta +-1) or many. */
static inline void aember_tell_count(aember_state *st, int seat, int delta, int card, int one,
                                     int many, int now)
{
    if (delta)
        aember_tell(st, CARTA_EV_COUNTER, seat, CARTA_EV_NO_SEAT, card, -1,
                    delta == 1 || delta == -1 ? one : many, delta, now);
}
/* seat's Æmber changed by delta (its pool holds the value after), because of card (or -1). */
static inline void aember_tell_aember(aember_state *st, int seat, int delta, int card)
{
    aember_tell_count(st, seat, delta, card, AEMBER_W_AEMBER, AEMBER_W_AEMBER,
                      st->seat[seat].aember);
}
/* Moves the card at index of zone from to the top of zone to (both seat's) and tells it with
 * verb (0: "from ... to ..."), seen by whoever knew it where it was or sees it where it goes.
 * to must have room. Returns the card. */
uint16_t aember_move_told(aember_state *st, int seat, aember_zone *from, int index,
                          aember_zone *to, int verb);
/* k +1 power counters were put on creature card (seat's). */
void aember_tell_power_counters(aember_state *st, int seat, int card, int k);
/* card (owner's) left play for zone to, in plain sight. */
void aember_tell_left_play(aember_state *st, int owner, uint16_t card, const aember_zone *to);

/* --- question.c --- */
/* What the seat to act is asked now, in words ("Reefglider: may you return another friendly
 * creature to its owner's hand?"); "" when the game is over. */
void aember_question(const carta_rules *rules, const aember_state *st, char *buf, size_t cap);

/* --- check.c --- */
/* The contract's check: every card of each deck list in exactly one place, counters in range. */
carta_status aember_check(const carta_rules *rules, const void *state, carta_error *err);

/* --- evaluate.c --- */
double aember_evaluate(const carta_rules *rules, const void *state, int seat);
double aember_evaluate_with(const carta_rules *rules, const double *w, const void *state,
                            int seat);
/* The evaluation's features (carta_game.eval_features) and its weights' table. */
void aember_eval_features(const carta_rules *rules, const void *state, int seat, double *out);
extern const struct carta_eval_weight aember_eval_table[AEMBER_EVW_COUNT];

/* --- expert.c: the scripted expert player (carta_game.expert) --- */
int aember_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
                  int n_legal, void *scratch, uint64_t seed);

/* --- deck.c and scenario.c (other owners) --- */
carta_status aember_deck_resolve(const carta_rules *rules, const char *spec, uint64_t seed,
                                 carta_deck *out, carta_error *err);
carta_status aember_deck_check(const carta_rules *rules, const carta_deck *deck, carta_error *err);
carta_status aember_scenario_position(const carta_rules *rules, void *state,
                                      struct fy_node *position, const char *file,
                                      carta_error *err);

#endif
