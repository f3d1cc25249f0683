/* essence.h: private declarations shared by the files of Essence
 * (../shared/rulebooks/essence.txt; docs/rulings/essence.md has every ruling).
 *
 * 2 to 4 Avatars explore three Realm Stacks, fight Monsters with Fate checks and Minions while
 * opponents interfere, cast from the Aether's six double-sided spells, and race to complete a
 * secret Carta Essentia. The box is the card set (data/essence/cards.yaml): every game uses all
 * of it, so a seat brings no deck. */
#ifndef ESSENCE_H
#define ESSENCE_H

#include "core/catalog.h"
#include "core/eval_weights.h"
#include "core/game.h"
#include "core/layout.h"
#include "games/essence/state.h"

enum { ESS_RUNE_MAX = 32, ESS_RUNE_NAME = 24 };

enum ess_kind {
    ESS_K_NONE = 0, ESS_K_ESSENCE, ESS_K_MONSTER, ESS_K_UNICORN, ESS_K_CARTA, ESS_K_AVATAR,
    ESS_K_SPELL, ESS_K_FATE
};

/* Spell Cost symbols: the three Essences and Grey (1.3 "Unicorn Blood and Gray Essence"). */
enum ess_color { ESS_GREEN = 0, ESS_BLUE, ESS_RED, ESS_GREY };

/* When a spell may be cast, or an Avatar's active ability used (4.1 "Casting phase"; 5.1). */
enum ess_when {
    ESS_WHEN_ANY = 0,       /* spells: "at any time once a turn has begun" */
    ESS_WHEN_FIRST,         /* "as the first action of your turn" */
    ESS_WHEN_EXPLORE,
    ESS_WHEN_COMBAT,
    ESS_WHEN_ARCANE,
    ESS_WHEN_END,           /* "at the end of your turn" */
    ESS_WHEN_THEIR_COMBAT   /* an opponent's Combat Phase */
};

/* What a spell side does (data/essence/cards.yaml `effect:`; docs/card-format/essence.md). */
enum ess_spell_effect {
    ESS_SP_SUMMONING = 1, /* reveal from a chosen stack until a Monster; fight it; Loot = Damage */
    ESS_SP_INSTIGATION,   /* the caster chooses a stack; the active player fights its Monster */
    ESS_SP_EMPOWER,       /* +amount Attack Strength; the active player's Minions Invulnerable */
    ESS_SP_MUTINY,        /* the last Minion of the Support Stack joins the Interference Stack */
    ESS_SP_EQUILIBRIUM,   /* flips every other spell card of the Aether */
    ESS_SP_SUFFOCATION,   /* the active player casts no more spells this turn */
    ESS_SP_FURY,          /* +amount Attack Strength */
    ESS_SP_DREAD,         /* +amount Willpower to the Monster */
    ESS_SP_FORESIGHT,     /* +amount Explore Limit this turn */
    ESS_SP_CAVE_IN,       /* the exploration ends */
    ESS_SP_RESTORATION,   /* take a card of your choice from the Graveyard */
    ESS_SP_PLUNDER,       /* take a card at random from the active player's hand */
    ESS_SP_COUNT
};

/* What an Avatar's active ability does when its Fate check succeeds (5.1). */
enum ess_ability_effect {
    ESS_AB_EXPLORE = 1,   /* +amount Explore Limit this turn (the Fate is kept) */
    ESS_AB_ATTACK_FATE,   /* the Ability Fate's number added to Attack Strength */
    ESS_AB_DRAW_STACK,    /* draw amount cards from a stack of your choice */
    ESS_AB_INVULNERABLE,  /* your Minions in this combat are Invulnerable */
    ESS_AB_WILLPOWER_FATE,/* the Ability Fate's number added to the Monster's Willpower */
    ESS_AB_DRAW_FOREST,   /* draw amount cards from the Forest */
    ESS_AB_COUNT
};

/* When an Avatar's passive ability applies (5.1 "Passive Abilities"). */
enum ess_passive {
    ESS_PA_EXPLORE_FOREST = 1, /* Exploring the Forest: +amount Explore Limit */
    ESS_PA_WIN_LOOT,           /* Winning a Combat: +amount Loot */
    ESS_PA_SPELL_FATE,         /* Casting a Spell: +amount to the Spell Fate */
    ESS_PA_LESS_DAMAGE,        /* Losing a Combat: amount fewer cards discarded */
    ESS_PA_INTERFERENCE,       /* Interfering: +amount Interference Strength */
    ESS_PA_HAND_LIMIT,         /* End of turn: the hand limit is amount */
    ESS_PA_COUNT
};

/* The three Fates (2.4) and the check each rewards. */
enum ess_fate_type { ESS_WARRIOR = 0, ESS_MAGUS, ESS_TRICKSTER };
enum ess_check { ESS_CHECK_COMBAT = 0, ESS_CHECK_SPELL, ESS_CHECK_ABILITY };

/* A Fate Bonus (2.4): what it does if the active player uses it. */
enum ess_bonus {
    ESS_BO_ATTACK = 1,    /* Warrior: +amount Attack Strength in this combat */
    ESS_BO_ATTACK_TURN,   /* Warrior: +amount Attack Strength in every combat this turn (kept) */
    ESS_BO_LOOT,          /* Warrior: +amount Loot if you win */
    ESS_BO_INVULNERABLE,  /* Warrior: your Minions in this combat are Invulnerable */
    ESS_BO_REFUND,        /* Magus: the spent Essences return to your hand */
    ESS_BO_KEEP,          /* Magus: you may keep the spell's side face up */
    ESS_BO_SPELL_TURN,    /* Magus: +amount to every Spell Fate this turn (kept) */
    ESS_BO_DRAW,          /* any: draw amount cards from the Forest */
    ESS_BO_SIX,           /* Trickster: the Ability Fate counts as VI */
    ESS_BO_AGAIN,         /* Trickster: the ability may be used once more this turn */
    ESS_BO_COUNT
};

/* One card of the box as the rules use it. */
typedef struct ess_card {
    uint8_t kind, realm, copies, rune; /* rune: an index of ess_rules.rune_name */
    uint8_t willpower, damage, support, loot, interference;          /* a Monster */
    uint8_t primary[ESS_REALMS], secondary[ESS_REALMS][2];           /* a Carta Essentia */
    uint8_t act_when, act_effect, act_fate, act_amount, pas_on, pas_amount; /* an Avatar */
    uint8_t dark, spell_when, effect, amount, n_cost, cost[ESS_COST_MAX];   /* a spell side */
    uint16_t back;                                                   /* its other side */
    uint8_t number, fate_type, bonus, bonus_amount;                  /* a Fate card */
} ess_card;

/* The evaluation's weights (evaluate.c; data/essence/ai/evaluation.yaml). */
enum { ESS_EVW_PROGRESS = 0, ESS_EVW_MINIONS, ESS_EVW_HAND, ESS_EVW_SCALE, ESS_EVW_COUNT };
extern const carta_eval_weight ess_eval_table[ESS_EVW_COUNT];

struct carta_rules {
    carta_catalog *catalog;
    carta_layout layout;
    char data_dir[1024];
    double eval_w[ESS_EVW_COUNT]; /* the evaluation's weights (evaluate.c) */
    int n_cards;
    ess_card card[CARTA_CATALOG_MAX];
    char back_name[CARTA_CATALOG_MAX][CARTA_NAME_MAX]; /* spell sides' `back:` until linked */
    char *text[CARTA_CATALOG_MAX]; /* what a player reads on the card (`text:`), or NULL */
    int n_runes;
    char rune_name[ESS_RUNE_MAX][ESS_RUNE_NAME];
    uint8_t rune_realm[ESS_RUNE_MAX];
};

/* The words of Essence's events (carta_game.event_word) and its end reasons. */
enum ess_word {
    ESS_W_NONE = 0,
    /* zones */
    ESS_W_HAND, ESS_W_FOREST, ESS_W_MINES, ESS_W_UNDERWORLD, ESS_W_GRAVEYARD, ESS_W_REVEALED,
    ESS_W_SUPPORT, ESS_W_INTERFERENCE, ESS_W_COMBAT, ESS_W_PAYMENT, ESS_W_TABLE, ESS_W_BOTTOM,
    ESS_W_CARTA, ESS_W_BOX,
    /* verbs */
    ESS_W_PICKS, ESS_W_DRAWS, ESS_W_EXPLORES, /* + realm */
    ESS_W_EXPLORES_MINES, ESS_W_EXPLORES_UNDERWORLD, ESS_W_TAKES, ESS_W_FIGHTS, ESS_W_SUPPORTS,
    ESS_W_CRITICAL, ESS_W_INTERFERES, ESS_W_MUTINY, ESS_W_WINS_COMBAT, ESS_W_LOSES_COMBAT,
    ESS_W_LOOTS, ESS_W_DISCARDS, ESS_W_RETURNS, ESS_W_TAKES_BACK, ESS_W_CASTS, ESS_W_PAYS,
    ESS_W_SPELL_WORKS, ESS_W_SPELL_FAIL, ESS_W_PERFECT, ESS_W_FLIPS, ESS_W_KEEPS_SIDE,
    ESS_W_FIZZLES, ESS_W_USES, ESS_W_ABILITY_WORKS, ESS_W_ABILITY_FAILS, ESS_W_BONUS,
    ESS_W_DECLINES, ESS_W_PASSES, ESS_W_DECLARES, ESS_W_WILL_INTERFERE, ESS_W_WILL_CAST,
    ESS_W_WILL_USE, ESS_W_GOES_FIRST, ESS_W_SHUFFLES, ESS_W_REBUILDS, ESS_W_STOPS,
    ESS_W_CLAIMS, ESS_W_CLAIM_FAILS, ESS_W_STEALS, ESS_W_DRAWN_AT_RANDOM,
    ESS_W_ENDS_EXPLORATION, ESS_W_GIVES_UP,
    /* Fate checks (+ enum ess_check) */
    ESS_W_FOR_COMBAT, ESS_W_FOR_SPELL, ESS_W_FOR_ABILITY, ESS_W_FOR_ETERNITY,
    /* counters and notes */
    ESS_W_ATTACK, ESS_W_EXPLORE_LIMIT, ESS_W_PHASE_ARCANE, ESS_W_SUFFOCATED, ESS_W_INVULNERABLE,
    ESS_W_PICK_ORDER,
    /* end reasons */
    ESS_W_COMPLETED, ESS_W_TURN_LIMIT,
    ESS_W_COUNT
};

/* Actions: kind in bits 16-23, a parameter (a card id, a realm, a slot, a seat, 0/1) below. */
enum ess_action_kind {
    ESS_A_PICK = 1,   /* pick Avatar card */
    ESS_A_ABILITY,    /* use the Avatar's active ability (or declare it, in a response) */
    ESS_A_EXPLORE,    /* explore realm stack x */
    ESS_A_CONTINUE,   /* reveal the next card */
    ESS_A_STOP,       /* stop exploring */
    ESS_A_MINION,     /* support with Minion card x (active) or interfere with it (opponent) */
    ESS_A_CAST,       /* cast the spell in Aether slot x (or declare it, in a response) */
    ESS_A_PASS,       /* nothing more now: end the step, or pass in a response */
    ESS_A_CLAIM,      /* reveal the Runes of the Carta Essentia */
    ESS_A_PAY,        /* pay the next cost symbol with hand card x */
    ESS_A_BONUS,      /* x = 1: use the Fate Bonus; 0: do not */
    ESS_A_ORDER,      /* seat x's declared spell or ability goes next */
    ESS_A_STACK,      /* choose realm stack x */
    ESS_A_TAKE,       /* take card x from the Graveyard */
    ESS_A_KEEP,       /* x = 1: keep the spell's side face up (Perfect Spellcast); 0: flip it */
    ESS_A_DISCARD,    /* discard hand card x */
    ESS_A_RETRY,      /* x = 1: try the Carta Essentia again; 0: not now */
    ESS_A_KINDS
};
#define ESS_ACT(kind, x) ((carta_action)(((uint32_t)(kind) << 16) | (uint32_t)(x)))
#define ESS_KIND(a) ((int)((a) >> 16))
#define ESS_ARG(a) ((int)((a) & 0xFFFF))

/* Pending frames (state.pending): the decisions inside a step. */
enum ess_frame {
    ESS_FR_QUEUE = 1, /* declared spells and abilities of a response, then its interferences:
                         arg[0..3] each seat's declaration, arg[4] the response's phase */
    ESS_FR_CAST,      /* a spell resolving: arg[0] slot, [1] side, [2] stage, [3] cost symbols
                         paid, [4..6] the payment, [7] Spell Fate card, [8] its number,
                         [9] ESS_CAST_* flags */
    ESS_FR_ABILITY,   /* an active ability: arg[0] stage, [1] Ability Fate card, [2] number */
    ESS_FR_CLAIM,     /* a Carta Essentia revealed: arg[0] stage, [1] Fate card, [2] number,
                         [3] Runes revealed, [4..9] the Runes */
    ESS_FR_BONUS,     /* use the Fate Bonus of card arg[0] for check arg[1]? */
    ESS_FR_STACK,     /* choose a realm stack for arg[0] (an ess_stack_for) */
    ESS_FR_GRAVE,     /* take a card from the Graveyard (Restoration) */
    ESS_FR_KEEP,      /* Perfect Spellcast: keep slot arg[0] face up? */
    ESS_FR_DAMAGE,    /* discard arg[0] more cards (a lost combat) */
    ESS_FR_RETRY,     /* the Carta Essentia failed: try again? */
    ESS_FR_LAST = ESS_FR_RETRY
};
enum ess_stage { ESS_ST_PAY = 0, ESS_ST_FATE, ESS_ST_EFFECT, ESS_ST_WAIT, ESS_ST_DONE,
                 ESS_ST_FLIP };
enum { ESS_CAST_REFUND = 1, ESS_CAST_KEEP = 2, ESS_CAST_DECIDED = 4, ESS_CAST_KEPT = 8,
       ESS_CAST_FATE_KEPT = 16 };
enum ess_stack_for { ESS_FOR_SUMMONING = 1, ESS_FOR_INSTIGATION, ESS_FOR_DRAW };

static inline const ess_card *ess_card_of(const carta_rules *r, int id)
{
    static const ess_card none = {0};
    return id >= 0 && id < r->n_cards ? &r->card[id] : &none;
}

/* rules.c: setup, who decides, legal actions, apply, the result */
extern const carta_option_def ess_options[];
extern const int ess_n_options;
carta_status ess_setup(const carta_rules *r, void *state, const carta_config *c,
                       carta_error *err);
int ess_to_act(const carta_rules *r, const void *state);
unsigned ess_deciding(const carta_rules *r, const void *state);
int ess_legal_actions(const carta_rules *r, const void *state, carta_action *out);
carta_status ess_apply(const carta_rules *r, void *state, carta_action a, carta_error *err);
void ess_returns(const carta_rules *r, const void *state, double *out);
/* Runs what needs no decision until a seat must decide or the game is over. */
void ess_settle(const carta_rules *r, ess_state *st);
void ess_turn_begin(const carta_rules *r, ess_state *st, int seat);

/* cards.c: the card file format (docs/card-format/essence.md) and the box */
carta_status ess_compile(void *ctx, int card_id, struct fy_node *card, const char *file,
                         carta_error *err);
carta_status ess_link(carta_rules *r, carta_error *err);
int ess_rune_of(const carta_rules *r, const char *name);

/* piles.c: moving cards between the stacks, hands and Graveyard, told as events */
int ess_realm_word(int realm);
int ess_draw(const carta_rules *r, ess_state *st, int seat, int realm, int verb);
int ess_stack_top(const carta_rules *r, ess_state *st, int realm); /* rebuilds if empty */
void ess_to_grave(ess_state *st, int seat, uint16_t card, uint8_t seen, int from);
void ess_hand_add(ess_state *st, int seat, uint16_t card, uint8_t known);
uint16_t ess_hand_take(ess_state *st, int seat, int card, uint8_t *known);
int ess_hand_index(const ess_state *st, int seat, int card);
int ess_fate_draw(const carta_rules *r, ess_state *st, int seat, int check);
/* A Fate card done with: beside the Avatar if its bonus lasts the turn, else to the Graveyard
 * of Fates. */
void ess_fate_done(ess_state *st, uint16_t fate, int kept);
void ess_bonus_offer(const carta_rules *r, ess_state *st, int seat, int fate, int check);

/* explore.c */
int ess_explore_limit(const carta_rules *r, const ess_state *st);
int ess_can_explore(const carta_rules *r, const ess_state *st, int realm);
void ess_explore_begin(const carta_rules *r, ess_state *st, int realm);
void ess_explore_next(const carta_rules *r, ess_state *st);
void ess_explore_end(const carta_rules *r, ess_state *st);
int ess_explore_goes_on(const carta_rules *r, const ess_state *st);

/* combat.c */
void ess_combat_begin(const carta_rules *r, ess_state *st, uint16_t monster, int realm,
                      int flags);
void ess_combat_fate(const carta_rules *r, ess_state *st);
int ess_attack_strength(const carta_rules *r, const ess_state *st);
int ess_monster_willpower(const carta_rules *r, const ess_state *st);
void ess_support(const carta_rules *r, ess_state *st, int card);
void ess_interfere(const carta_rules *r, ess_state *st, int seat, int card);
void ess_combat_resolve(const carta_rules *r, ess_state *st);
void ess_combat_cleanup(const carta_rules *r, ess_state *st);
void ess_combat_add(ess_state *st, int attack, int willpower);
/* Tells everyone the combat's Attack Strength against the Monster's Willpower. */
void ess_combat_told(const carta_rules *r, ess_state *st);
int ess_has_minion(const carta_rules *r, const ess_state *st, int seat);

/* spell.c: casting from the Aether (4.1, 4.2) */
int ess_spell_castable(const carta_rules *r, const ess_state *st, int seat, int slot, int when);
int ess_can_pay(const carta_rules *r, const ess_state *st, int seat, int side, int paid,
                int skip_card);
int ess_pays(const carta_rules *r, int card, int color);
void ess_cast_begin(const carta_rules *r, ess_state *st, int seat, int slot);
int ess_cast_step(const carta_rules *r, ess_state *st); /* 1: a decision is needed */
int ess_pay_options(const carta_rules *r, const ess_state *st, const carta_pending *f,
                    uint16_t *out);
void ess_pay(ess_state *st, carta_pending *f, int card);
void ess_flip(ess_state *st, const carta_rules *r, int slot, int seat);
void ess_spell_reveal_monster(const carta_rules *r, ess_state *st, int seat, int realm,
                              int summoning);

/* ability.c: Avatars' active and passive abilities (5.1) */
int ess_ability_usable(const carta_rules *r, const ess_state *st, int seat, int when);
int ess_passive(const carta_rules *r, const ess_state *st, int seat, int on);
void ess_ability_begin(const carta_rules *r, ess_state *st, int seat);
int ess_ability_step(const carta_rules *r, ess_state *st);
void ess_bonus_apply(const carta_rules *r, ess_state *st, int seat, int fate, int check);

/* claim.c: completing the Carta Essentia (6.1) */
int ess_can_claim(const carta_rules *r, const ess_state *st, int seat);
int ess_runes_held(const carta_rules *r, const ess_state *st, int seat, int carta);
int ess_runes_within_reach(const carta_rules *r, const ess_state *st, int seat, int carta);
void ess_claim_begin(const carta_rules *r, ess_state *st, int seat);
int ess_claim_step(const carta_rules *r, ess_state *st);
void ess_end(ess_state *st, int winner, int reason);

/* respond.c: opponents' responses (interference, spells, abilities) and their order */
int ess_respond_options(const carta_rules *r, const ess_state *st, int seat, int when);
int ess_respond_open(const carta_rules *r, ess_state *st, int when);
int ess_respond_next(const ess_state *st);
void ess_respond_declared(const carta_rules *r, ess_state *st);
int ess_queue_step(const carta_rules *r, ess_state *st);
int ess_order_seats(const ess_state *st, const carta_pending *queue);
void ess_queue_start(const carta_rules *r, ess_state *st, carta_pending *queue, int seat);

/* evaluate.c */
double ess_evaluate(const carta_rules *r, const void *state, int seat);
double ess_evaluate_with(const carta_rules *r, const double *w, const void *state, int seat);
void ess_eval_features(const carta_rules *r, const void *state, int seat, double *out);

/* expert.c: the scripted expert player (carta_game.expert) */
int ess_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
               int n_legal, void *scratch, uint64_t seed);

/* observe.c */
int ess_layout_build(carta_layout *l);
void ess_zones_seen(ess_state *st);
void ess_observe(const carta_rules *r, const void *state, int seat, void *out);
void ess_determinize(const carta_rules *r, void *state, int seat, uint64_t seed);

/* check.c */
carta_status ess_check(const carta_rules *r, const void *state, carta_error *err);

/* deck.c: a seat brings no deck (docs/rulings/essence.md) */
carta_status ess_deck_resolve(const carta_rules *r, const char *spec, uint64_t seed,
                              carta_deck *out, carta_error *err);
carta_status ess_deck_check(const carta_rules *r, const carta_deck *deck, carta_error *err);

/* text.c: what people read */
const char *ess_event_word(const carta_rules *r, int word);
const char *ess_realm_name(int realm);
void ess_describe_action(const carta_rules *r, const void *state, carta_action a, char *buf,
                         size_t cap);
void ess_describe_move(const carta_rules *r, const void *state, carta_action a, int viewer,
                       char *buf, size_t cap);
void ess_describe_card(const carta_rules *r, int card, carta_text *out);
void ess_render(const carta_rules *r, const void *state, int seat, carta_text *out);
void ess_describe_state(const carta_rules *r, const void *state, char *buf, size_t cap);

/* view.c */
struct carta_view;
void ess_view(const carta_rules *r, const void *obs, int seat, struct carta_view *out);
int ess_action_card(const carta_rules *r, const void *state, carta_action a);
void ess_action_view(const carta_rules *r, const void *obs, carta_action a,
                     struct carta_view *out);

#endif
