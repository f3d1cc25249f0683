/* game.h: the one contract every rule system implements, and the registry of rule systems.
 *
 * A rule system is a carta_game descriptor: constants plus function pointers, in the spirit of
 * OpenSpiel's Game/State split.
 *
 *  - carta_rules (opaque, per game) is the immutable side: the loaded card catalog and anything
 *    derived from it. It is opened once, shared read-only by every state and thread.
 *  - The state is a flat value of game->state_size bytes: fixed arrays and counts, no pointers, no
 *    heap. Cloning is memcpy, comparing is memcmp, hashing is carta_digest. The PRNG lives inside
 *    it. Every state is zeroed before setup, so padding bytes are deterministic.
 *  - Every choice any seat makes is an action (a 32-bit integer whose encoding is the game's own).
 *    to_act says which seat decides now; that may be any seat, not only the active player
 *    (reactions, interrupts, a defender's answer, hidden simultaneous picks made one at a time).
 *    A decision with several parts is a pending-decision stack inside the state (pending.h).
 *  - Hidden information: observe(state, seat) returns a state of the same type in which everything
 *    that seat may not know is replaced by "unknown" (and the PRNG is zeroed). Frontends and AIs
 *    only ever see observations; determinize fills the unknowns with a consistent random guess
 *    and reseeds the PRNG, for search.
 *
 * Seats are 0..n_seats-1. A Gamemaster (Archmajesty) is a seat like any other.
 *
 * The registry of rule systems is not core: games/registry.h. */
#ifndef CARTA_GAME_H
#define CARTA_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "status.h"
#include "text.h"

struct carta_eval_weight;
struct carta_layout;
struct carta_view;

enum {
    CARTA_MAX_SEATS = 6,      /* up to 5 players plus a Gamemaster */
    CARTA_MAX_ACTIONS = 1024, /* the most legal actions any state may have */
    CARTA_DECK_MAX = 96,      /* cards in one deck list (all of a seat's decks together) */
    CARTA_NAME_MAX = 64,      /* bytes in a card, deck or game name, with its NUL */
    CARTA_EXPERT_SCRATCH = 12 /* states of scratch an expert is given (carta_game.expert) */
};
#define CARTA_NO_SEAT (-1)

typedef uint32_t carta_action;
typedef struct carta_rules carta_rules; /* defined privately by each game */

/* A deck as a list of card ids into a rules' catalog. Plain value. */
typedef struct carta_deck {
    char name[CARTA_NAME_MAX];
    int n_cards;
    uint16_t cards[CARTA_DECK_MAX];
} carta_deck;

enum { CARTA_OPTIONS_MAX = 8, CARTA_OPTION_KEY = 24 };

/* A setup option set to a value: a rules variant a designer tries ("key_cost=7"). */
typedef struct carta_option {
    char key[CARTA_OPTION_KEY];
    int value;
} carta_option;

/* An option a rule system takes (carta_game.options): an integer with its range and the
 * rulebook's value. */
typedef struct carta_option_def {
    const char *key;  /* "key_cost" */
    const char *what; /* "Æmber a key costs before modifiers (glossary: FORGE A KEY)" */
    int min, max, standard;
} carta_option_def;

/* What setup needs: seats, mode, seed, one resolved deck per seat and the options set (the
 * others keep the rulebook's value). All of it is kept in records. */
typedef struct carta_config {
    int n_seats;
    uint64_t seed;
    char mode[32];                     /* "" = the game's default mode */
    carta_deck decks[CARTA_MAX_SEATS];
    int n_options;
    carta_option options[CARTA_OPTIONS_MAX];
} carta_config;

/* A mode a rule system may be set up in (carta_config.mode), and the players it is for. */
typedef struct carta_mode {
    const char *name;  /* what --mode takes: "desperate" */
    const char *title; /* what it is: "Desperate Measures" */
    int min_seats, max_seats;
} carta_mode;

/* How the returns of a finished game relate (carta_game.utility). */
enum carta_utility {
    CARTA_ZERO_SUM = 0, /* the returns always add up to the same: one side's gain is another's loss */
    CARTA_TEAM,         /* seats of one team (carta_game.team) get the same return */
    CARTA_GENERAL_SUM   /* anything else */
};

typedef struct carta_game {
    const char *id;            /* "aember" */
    const char *name;          /* "Æmber (KeyForge rules glossary)" */
    const char *rules_version; /* bumped whenever a rule change can change a replay */
    int min_seats, max_seats;
    size_t state_size;
    /* The modes setup accepts besides the default ""; n_modes 0: the default only. setup refuses
     * any other mode, and a mode with a seat count outside its range. */
    const carta_mode *modes;
    int n_modes;
    /* The options setup accepts (carta_config.options; core/options.h); n_options 0: none. */
    const carta_option_def *options;
    int n_options;

    /* Opens the rules with the card set in data_dir (e.g. "data/aember"). NULL on error.
     * The caller frees with close(). */
    carta_rules *(*open)(const char *data_dir, carta_error *err);
    void (*close)(carta_rules *rules);
    /* A digest of the loaded card set; a record from another card set is refused. */
    uint64_t (*card_digest)(const carta_rules *rules);
    /* Card name of an id, and id of a name (-1 if unknown). */
    const char *(*card_name)(const carta_rules *rules, int card_id);
    int (*card_id)(const carta_rules *rules, const char *name);

    /* Resolves a deck spec for a seat: a prebuilt deck's name, a deck file's path, or "random"
     * (generated from seed). Writes the deck; on error names what and where. */
    carta_status (*deck_resolve)(const carta_rules *rules, const char *spec, uint64_t seed,
                                 carta_deck *out, carta_error *err);
    /* Optional. The named sections of a seat's deck (Arkhtide's Seeker, Main Deck and Realm
     * Deck; Leaders' Leader, Domain and deck), and the section a card of a deck belongs to
     * (core/deck_sections.h); n_deck_sections 0: a deck is one list. */
    const char *const *deck_sections;
    int n_deck_sections;
    int (*deck_section)(const carta_rules *rules, int card_id);
    /* Checks a deck against the deck-building rules; on failure err says why. */
    carta_status (*deck_check)(const carta_rules *rules, const carta_deck *deck, carta_error *err);
    /* Optional, for games whose seats play different parts (Archmajesty's mages and its
     * Gamemaster): the part seat plays among n_seats, and the part a deck is built for, in the
     * rulebook's words ("mage", "Gamemaster"); a deck fits the seats of its part, so a lobby
     * offers each seat only those (deck_role NULL: any part). NULL: every deck fits every seat. */
    const char *(*seat_role)(int n_seats, int seat);
    const char *(*deck_role)(const carta_rules *rules, const carta_deck *deck);

    /* Sets up a new game in state (state_size bytes, zeroed by the callee) and deals, shuffles
     * and seats as the rules say. The game then waits for its first decision. */
    carta_status (*setup)(const carta_rules *rules, void *state, const carta_config *config,
                          carta_error *err);
    /* The seat that decides now, or CARTA_NO_SEAT when the game is over. */
    int (*to_act)(const carta_rules *rules, const void *state);
    /* Optional. The seats (bit per seat, to_act's included) that decide at this moment without
     * seeing each other's choices (Arkhtide's face-down Realm picks): what each may choose does
     * not depend on what the others choose, so a frontend asks them all at once
     * (core/simultaneous.h); their choices are applied in the order to_act gives. NULL or 0:
     * to_act alone. */
    unsigned (*deciding)(const carta_rules *rules, const void *state);
    /* Writes every legal action of the seat to act into out (CARTA_MAX_ACTIONS capacity) and
     * returns how many. 0 exactly when the game is over. */
    int (*legal_actions)(const carta_rules *rules, const void *state, carta_action *out);
    /* Applies an action, which must be one of legal_actions' for this state: apply trusts it,
     * so search pays for no check (a frontend applying what a person or a file gave uses
     * carta_apply_checked). Chance (shuffles, random picks) draws on the PRNG inside the state. */
    carta_status (*apply)(const carta_rules *rules, void *state, carta_action action,
                          carta_error *err);
    /* Per-seat result once the game is over: 1 win, 0 loss, 0.5 each for a shared draw. The
     * only result the contract knows: who won, and which side, follows from it (core/outcome.h). */
    void (*returns)(const carta_rules *rules, const void *state, double *out);
    int utility; /* enum carta_utility */
    /* Optional. The team of seat: seats of one team win or lose together (the mages against a
     * Gamemaster). NULL: every seat plays for itself. */
    int (*team)(const carta_rules *rules, const void *state, int seat);
    /* Writes into out (state_size bytes) what seat may know, hidden parts replaced by unknowns
     * and every unused slot zeroed (out may be state itself). Built on the layout below. */
    void (*observe)(const carta_rules *rules, const void *state, int seat, void *out);
    /* Replaces in state everything seat cannot know by a random guess consistent with what it
     * can (its observation is unchanged, every card stays in exactly one place), and reseeds
     * the PRNG from seed. state may be the true state or seat's observation. */
    void (*determinize)(const carta_rules *rules, void *state, int seat, uint64_t seed);
    /* The map of the state's zones, counted arrays and secrets (core/layout.h) that observe is
     * built on; the tests fill its unused slots with canaries. */
    const struct carta_layout *(*layout)(const carta_rules *rules);
    /* Checks what must hold in every state (every card in exactly one place, counters in
     * range); CARTA_OK, or CARTA_ERR_STATE with err naming what broke. For carta soak and the
     * tests; NULL: the game checks nothing beyond the generic checks. */
    carta_status (*check)(const carta_rules *rules, const void *state, carta_error *err);
    /* Optional. The points a finished game gives each seat where the rulebook scores games
     * beyond winning (Arkhtide's Desperate Measures tournament scoring): fills out[seat] and
     * returns 1, or returns 0 if this game (or mode) scores none. NULL: never. */
    int (*points)(const carta_rules *rules, const void *state, int *out);
    /* A heuristic value of state for seat, higher is better, in [-1, 1]; for greedy and search. */
    double (*evaluate)(const carta_rules *rules, const void *state, int seat);
    /* Optional. The evaluation's weights as data (core/eval_weights.h): their table (keys and
     * compiled-in values, the same as evaluate's numbers), the file in the data directory the
     * rules read them from at open ("ai/evaluation.yaml"), and its features: out[i] (n_eval
     * of them) is what weight i multiplies for seat in state (seat's term less the
     * opponents'), so evaluate(state, seat) = squash(sum of w[i] * out[i]) with its last weight
     * the scale. For carta tune; NULL: not tunable. */
    const struct carta_eval_weight *eval_weights;
    int n_eval_weights;
    void (*eval_features)(const carta_rules *rules, const void *state, int seat, double *out);
    /* With eval_weights: evaluate with the weights w (n_eval_weights, in the table's order)
     * instead of the ones the rules read at open, so AIs sharing one rules may weigh apart
     * (the AI option weights=FILE, docs/ai.md); evaluate is evaluate_with the rules' own. */
    double (*evaluate_with)(const carta_rules *rules, const double *w, const void *state,
                            int seat);
    /* Optional. A scripted expert's choice (the AI kind "expert", docs/ai.md): the index into
     * legal (the n_legal > 0 legal actions of obs) of the action a good player would take by
     * the game's rules of thumb, independent of evaluate. obs is seat's observation, never the
     * true state; scratch holds CARTA_EXPERT_SCRATCH * state_size bytes for looking ahead on a
     * determinized copy (core/settle.h); seed drives that copy and breaks ties, so one seed
     * gives one choice. NULL: no expert. */
    int (*expert)(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
                  int n_legal, void *scratch, uint64_t seed);
    /* Optional. The "mcts" options this rule system's search starts from, as in a spec
     * ("playout=expert"), chosen by measurement (docs/ai.md); a spec's own options override
     * them. NULL: the search's defaults. */
    const char *mcts_defaults;

    /* The text of an action as a player types it ("reap Ember Imp", "fight Troll -> Krump").
     * Distinct legal actions of one state have distinct texts. */
    void (*describe_action)(const carta_rules *rules, const void *state, carta_action action,
                            char *buf, size_t cap);
    /* Optional. The text of an action about to be applied to the TRUE state, as seen by viewer:
     * the cards the action reveals (a card played or discarded from a hidden hand) are named,
     * everything that stays hidden from viewer is not. NULL: carta_describe_move falls back to
     * describe_action on viewer's observation. */
    void (*describe_move)(const carta_rules *rules, const void *state, carta_action action,
                          int viewer, char *buf, size_t cap);
    /* Optional. The catalog id of the card that action (legal in state) plays from the acting
     * seat's hand (in a game without decks, the card it uses: Essence's Avatar picked, spell
     * cast, Minion played), or -1 if it plays none; for per-card statistics (carta sim). NULL:
     * the game gives no per-card statistics. */
    int (*action_card)(const carta_rules *rules, const void *state, carta_action action);
    /* What a player reads on a card: name, house, type, stats, keywords, text. Appends to out. */
    void (*describe_card)(const carta_rules *rules, int card_id, carta_text *out);
    /* Optional. The word numbered `word` in the game's events (core/event.h): a verb
     * ("steals"), a counter ("Æmber"), a zone ("discard pile"), a reason ("forged three keys");
     * NULL for none. */
    const char *(*event_word)(const carta_rules *rules, int word);
    /* Writes the observation obs of seat (CARTA_NO_SEAT: a spectator) as structured data into
     * the open root map of out, with the common keys of docs/view.md. Optional. */
    void (*view)(const carta_rules *rules, const void *obs, int seat, struct carta_view *out);
    /* Writes the parts of action (legal in obs, an observation of the seat to act) into the open
     * map of out: "verb", and as they apply "card" (what it acts with), "from" (its zone),
     * "target" (a card or a piece: {"card", "uid"}), "cell", "direction", "choice"; so a
     * frontend attaches an action to what a person clicks. docs/view.md. Optional. */
    void (*action_view)(const carta_rules *rules, const void *obs, carta_action action,
                        struct carta_view *out);
    /* Draws the board as seen by seat (call it with an observation for that seat). */
    void (*render)(const carta_rules *rules, const void *state, int seat, carta_text *out);
    /* One line naming the game's current step, for logs ("turn 3, player 1, main step"). */
    void (*describe_state)(const carta_rules *rules, const void *state, char *buf, size_t cap);
} carta_game;

/* Whether action is among the legal actions of state. */
int carta_action_is_legal(const carta_game *game, const carta_rules *rules, const void *state,
                          carta_action action);

/* Applies action if it is among the legal actions of state; else CARTA_ERR_ILLEGAL with err
 * naming it, and state unchanged. For frontends, records and scenarios: what a person, a file
 * or a network message gives. */
carta_status carta_apply_checked(const carta_game *game, const carta_rules *rules, void *state,
                                 carta_action action, carta_error *err);


/* Maps a rule-system id to its descriptor (NULL if unknown). Core never looks games up itself:
 * what needs a lookup takes one (the registry's carta_game_find, games/registry.h). What a game
 * offers to YAML files (inline cards, scenario positions and expectations) is not part of this
 * contract: see game_yaml.h. */
typedef const carta_game *(*carta_game_find_fn)(const char *id);

/* A 64-bit digest of bytes (FNV-1a then mixed); used for states, card sets and records. */
uint64_t carta_digest(const void *bytes, size_t n);

/* Several successive decisions of one seat typed as one phrase: each step's action and its text
 * as the seat saw it where the chain was tried. */
enum { CARTA_CHAIN_MAX = 8, CARTA_CHAIN_TEXT = 192 };
typedef struct carta_chain {
    int n;
    carta_action action[CARTA_CHAIN_MAX];
    char text[CARTA_CHAIN_MAX][CARTA_CHAIN_TEXT];
} carta_chain;

/* Parses what a player typed as one or several successive decisions of that player: first as one
 * action (carta_action_parse), else as a chain, e.g. "summon Pikeman at C2 facing north" typed
 * when the legal texts are "summon Pikeman", then "summon Pikeman at C2", then the whole. At each
 * step the legal action whose text is the longest word-prefix of what remains to match is taken,
 * while seat is still to act. The steps are tried on a determinized copy of seat's observation,
 * never on the true state, so whether a chain parses says nothing of what seat cannot see; a
 * step after one that reveals a card (a draw) was therefore matched against a guess: check each
 * step with carta_chain_step_holds before applying it. Nothing is applied to state. scratch holds
 * 2 * game->state_size bytes. On failure err says why. */
carta_status carta_action_parse_chain(const carta_game *game, const carta_rules *rules,
                                      const void *state, int seat, const char *typed,
                                      void *scratch, carta_chain *out, carta_error *err);

/* Whether step i of chain may be applied to state (the true state once steps 0..i-1 are): seat
 * is to act, the action is legal and has the text the chain matched. Step 0 always holds.
 * scratch holds game->state_size bytes. */
int carta_chain_step_holds(const carta_game *game, const carta_rules *rules, const void *state,
                           int seat, const carta_chain *chain, int i, void *scratch);

/* The text of action, about to be applied to the true state, as viewer may see it (see
 * carta_game.describe_move). scratch holds game->state_size bytes. */
void carta_describe_move(const carta_game *game, const carta_rules *rules, const void *state,
                         carta_action action, int viewer, void *scratch, char *buf, size_t cap);

/* Finds the legal action whose text matches what a player typed: a number (1-based index into
 * the legal list), or the action's text, compared case-insensitively with runs of spaces
 * collapsed, exactly or as an unambiguous prefix; or, when every legal text starts with the
 * same words (a decision's earlier steps: "summon Pikeman at C2 facing ..."), the rest alone:
 * the last words of one text ("C2", "facing north") or the start of what follows the shared
 * words ("nor"). Writes the action; on failure err says why (unknown, or which actions are
 * ambiguous). */
carta_status carta_action_parse(const carta_game *game, const carta_rules *rules,
                                const void *state, const char *typed, carta_action *out,
                                carta_error *err);

#endif
