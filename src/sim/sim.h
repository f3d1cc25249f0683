/* sim.h: AI-vs-AI simulation, for `carta sim` (src/cli/sim.c) and the server's simulation page:
 * settings, per-game results, running games on threads (sim_run.c), statistics (sim_stats.c),
 * reports (sim_report.c) and the SQLite output (sim_db.c).
 *
 * Determinism: game i uses seed sim_game_seed(base, i); its players sit in seats rotated by i
 * and its decks come from i alone; each seat's AI is seeded from the game seed and the player.
 * A game's result therefore depends only on the settings and i, never on which thread played it
 * or when, and the statistics are computed after all games, in game order. The summary is the
 * same whatever the thread count. */
#ifndef CARTA_SIM_H
#define CARTA_SIM_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "core/catalog.h"
#include "core/store.h"
#include "core/variant.h"

enum {
    SIM_MAX_ACTIONS = 100000, /* a game still running after this many actions is "unfinished" */
    SIM_MAX_THREADS = 256,
    SIM_MAX_DECKS = 32,       /* distinct decks in one simulation */
    SIM_END_NAME = 64,        /* bytes of an ending's name (Archmajesty's take 44) */
    SIM_MAX_ENDS = 12,        /* distinct endings counted */
    SIM_PLAYED_WORDS = (CARTA_DECK_MAX + 63) / 64,
    SIM_PLAYED_OTHER = 64,    /* distinct cards from outside the deck one player plays in a game */
    SIM_HIST_BINS = 12        /* bars of the length histogram, at most */
};

/* What to simulate. Players are numbered 0..n_players-1 (shown 1..); they rotate seats, but in a
 * game of sides (carta_game.team: Archmajesty's mages and Gamemaster) each keeps its seat, so a
 * player's figures are its side's. */
typedef struct sim_settings {
    const carta_game *g;
    const carta_rules *r;
    const char *variant;                  /* the variant file these rules and options have */
    int n_players, n_games, threads;
    int rotate;
    uint64_t seed;
    char mode[32];
    int n_options;                        /* rules variants (--option), for every game */
    carta_option options[CARTA_OPTIONS_MAX];
    const char *ai_spec[CARTA_MAX_SEATS]; /* per player */
    /* The distinct decks: a spec each ("random": a new generated deck per game and seat). */
    int n_decks;
    const char *deck_spec[SIM_MAX_DECKS];
    int deck_random[SIM_MAX_DECKS];
    carta_deck deck[SIM_MAX_DECKS]; /* resolved once, unless random */
    /* Each player's deck index, or -1 for all players when the decks come from the pool: game i
     * then plays the (i / n_players)-th tuple of pool decks in base-n_decks counting order, so
     * every pairing of decks and seats comes up equally often. */
    int player_deck[CARTA_MAX_SEATS];
    int pool;
} sim_settings;

/* One game's result. */
typedef struct sim_game {
    int8_t winner_player; /* -1: a draw or unfinished */
    int8_t winner_seat;
    uint8_t won;          /* bit per player with a win: the winner, or every seat of its side */
    uint8_t finished;
    uint8_t deck[CARTA_MAX_SEATS]; /* deck index per player */
    int actions, turns, rounds;    /* turns, rounds: -1 if the game's view has none */
    char end[SIM_END_NAME];        /* how it ended (the view's "end"), "" if unfinished */
    uint8_t has_points;            /* the game gave points (game->points) */
    int16_t points[CARTA_MAX_SEATS]; /* per player */
} sim_game;

/* Which deck slots of a player's deck had their card played in one game: bit j of word j / 64
 * set if the card deck->cards[j] was played (the first slot holding that card id is marked); and
 * the cards played that no deck holds (games without decks: Essence's Avatars, spells, Minions). */
typedef struct sim_played {
    uint64_t bits[SIM_PLAYED_WORDS];
    int n_other;
    uint16_t other[SIM_PLAYED_OTHER];
} sim_played;

/* A simulation's results: settings plus games[n_games] and played[n_games * n_players]. */
typedef struct sim_results {
    const sim_settings *s;
    sim_game *games;
    sim_played *played; /* NULL: the game gives no per-card statistics */
} sim_results;

/* How summaries are written as JSON: rates to 6 significant digits (0.99, not
 * 0.98999999999999999). */
#define SIM_JSON_REALS JSON_REAL_PRECISION(6)

/* ---- sim_stats.c: seeds, seats, decks, statistics ---- */

uint64_t sim_game_seed(uint64_t base, int game);
/* The seat of player p in game i, and the player in seat of game i: players move one seat on
 * from game to game when rotate is set, else keep their seats. */
int sim_player_seat(int n_players, int rotate, int game, int player);
int sim_seat_player(int n_players, int rotate, int game, int seat);
/* The deck index of player p in game i. */
int sim_deck_index(const sim_settings *s, int game, int player);
/* The deck player p plays in game i (generated from the game seed for a "random" spec). */
carta_status sim_player_deck(const sim_settings *s, int game, int player, carta_deck *out,
                             carta_error *err);

/* Wilson score interval at 95% for k successes in n trials ([0, 1] when n is 0). */
void sim_wilson(double k, int n, double *lo, double *hi);

/* A card's counts over (game, player) pairs whose deck held the card (or who played it). */
typedef struct sim_card_counts {
    int in_deck;                       /* pairs with the card in the deck */
    int played, played_wins, played_draws;
    int unplayed, unplayed_wins, unplayed_draws;
} sim_card_counts;

/* A card's statistics: over every player, and for each player apart (its AI, its decks), so that
 * a card held by a strong AI is not mistaken for a strong card. */
typedef struct sim_card_stat {
    int card;
    sim_card_counts all;
    sim_card_counts player[CARTA_MAX_SEATS];
} sim_card_stat;

typedef struct sim_summary {
    int n_games, n_players;
    int wins[CARTA_MAX_SEATS];      /* per player */
    int seat_wins[CARTA_MAX_SEATS]; /* per seat */
    /* Per deck: (game, player) pairs with it in the first seat and in a later one, and wins. */
    int first_games[SIM_MAX_DECKS], first_wins[SIM_MAX_DECKS];
    int later_games[SIM_MAX_DECKS], later_wins[SIM_MAX_DECKS];
    int draws, unfinished;
    int points_games;                          /* games that gave points */
    double points_sum[CARTA_MAX_SEATS], points_sq[CARTA_MAX_SEATS]; /* per player */
    long long actions, turns, rounds;
    int with_turns, with_rounds;
    /* How long games lasted, in Rounds where the game has them, else turns, else actions:
     * hist[i] games lasted hist_from + i * hist_width to that + hist_width - 1. */
    const char *hist_unit;                    /* "rounds", "turns" or "actions" */
    int hist_from, hist_width, hist_bins;
    int hist[SIM_HIST_BINS];
    int n_ends;                               /* how games ended, in order of first seen */
    char end_name[SIM_MAX_ENDS][SIM_END_NAME];
    int end_games[SIM_MAX_ENDS];
    int has_cards;                  /* the game gives per-card statistics */
    int n_cards;                    /* cards[] sorted by games played, most first, then by id */
    sim_card_stat *cards;
    /* matrix[a][b]: over games and ordered pairs of players (p, q) with decks a and b, p's
     * wins and the draws; a mirror pairing (a == b) thus counts once from each side. */
    int matrix_games[SIM_MAX_DECKS][SIM_MAX_DECKS];
    int matrix_wins[SIM_MAX_DECKS][SIM_MAX_DECKS];
    int matrix_draws[SIM_MAX_DECKS][SIM_MAX_DECKS];
} sim_summary;

/* Player p's mean points per game over the games that gave points, with a 95% interval for the
 * mean (normal approximation: mean +- 1.96 sd / sqrt(n)). */
void sim_points_mean(const sim_summary *sum, int p, double *mean, double *lo, double *hi);

/* Aggregates results in game order into a new summary (free with sim_summary_free). NULL with
 * err set on failure. */
sim_summary *sim_summarize(const sim_results *res, carta_error *err);
void sim_summary_free(sim_summary *sum);

/* ---- sim_report.c: reports ---- */

/* Whether the deck matrix is worth showing: more than one deck. */
int sim_report_has_matrix(const sim_settings *s);
/* The settings as JSON (for --json and the database). New reference. */
json_t *sim_settings_json(const sim_settings *s);
/* The summary as JSON: settings, players, seats, length, cards, matrix. Depends only on the
 * settings and results (no timing), so it is identical whatever the thread count. */
json_t *sim_summary_json(const sim_settings *s, const sim_summary *sum);
/* The readable report; max_cards rows of the card table at most (0: all). */
void sim_report_text(FILE *out, const sim_settings *s, const sim_summary *sum, int max_cards);
/* The per-card table as CSV (a header row, then one row per card). */
void sim_report_csv(FILE *out, const sim_settings *s, const sim_summary *sum);

/* ---- sim_plots.c: --plots DIR ---- */

/* Writes DIR/<prefix>win-rates.svg, <prefix>lengths.svg and (more than one deck)
 * <prefix>matrix.svg from a summary (sim_summary_json). The folder must exist. */
carta_status sim_plots_summary(const char *dir, const char *prefix, json_t *summary,
                               carta_error *err);
/* Writes DIR/forest.svg from an experiment's comparison (sim_compare_json). */
carta_status sim_plots_comparison(const char *dir, json_t *comparison, carta_error *err);

/* ---- sim_tables.c: --tables DIR ---- */

/* A CSV field: quoted when it holds a comma, a quote or a line break. */
void sim_csv_field(FILE *f, const char *text);

/* Writes DIR/<prefix>players.csv, seats.csv, first-seat-by-deck.csv, endings.csv, lengths.csv
 * and (more than one deck) matrix.csv from a summary (sim_summary_json); cards.csv is
 * sim_report_csv's. The folder must exist. */
carta_status sim_tables_summary(const char *dir, const char *prefix, json_t *summary,
                                carta_error *err);
/* Writes DIR/experiment-players.csv, experiment-length.csv and experiment-cards.csv from an
 * experiment's comparison. */
carta_status sim_tables_comparison(const char *dir, json_t *comparison, carta_error *err);

/* ---- sim_run.c: playing ---- */

/* Called after each game with its result, its players' played cards (NULL if the game gives
 * none) and its record from the worker thread that played it; the callee locks what it shares.
 * Non-zero stops the simulation (err says why). */
typedef struct sim_sink {
    int (*game_done)(void *ctx, int game, const sim_game *result, const sim_played *played,
                     const carta_config *config, const char *const *seat_names,
                     const carta_action *actions, int n_actions, carta_error *err);
    void *ctx;
} sim_sink;

/* Threads to play on by default: one a processor, 1 to SIM_MAX_THREADS. */
int sim_default_threads(void);
/* Allocates res for s's games, none played yet (free with sim_results_free). */
carta_status sim_results_init(const sim_settings *s, sim_results *res, carta_error *err);
/* Plays the games i with todo[i] set (every game if todo is NULL) on s->threads threads into
 * res (from sim_results_init). progress: show a progress line on stderr. sink may be NULL.
 * Returns CARTA_OK or the first failure, with err saying what. */
carta_status sim_run_games(const sim_settings *s, sim_results *res, const uint8_t *todo,
                           const sim_sink *sink, int progress, carta_error *err);
/* sim_results_init, then every game. */
carta_status sim_run(const sim_settings *s, sim_results *res, const sim_sink *sink, int progress,
                     carta_error *err);
void sim_results_free(sim_results *res);
/* Game i's record as JSON text (malloc'd) from its config, seat names and actions. */
carta_status sim_record_json(const sim_settings *s, const carta_config *config,
                             const char *const *seat_names, const carta_action *actions,
                             int n_actions, char **json, carta_error *err);

/* ---- sim_duel.c: a match between two AIs (carta ladder, carta tune --by match) ---- */

/* Where a match is played: every player's deck spec ("random": new decks each game), the mode
 * ("" or NULL: the game's own) and rules options, threads, and whether to show progress. */
typedef struct sim_duel {
    const carta_game *g;
    const carta_rules *r;
    const char *decks;
    const char *mode;
    int n_options;
    carta_option options[CARTA_OPTIONS_MAX];
    int threads, progress;
} sim_duel;

/* Plays games between AI specs a and b, seats alternating (in a game of sides each takes each
 * side for half the games, a first), and sets each one's score: its wins, plus half of every
 * draw or unfinished game. The games depend only on the settings and seed. On failure err
 * says what (a bad spec, a deck that does not resolve) and the scores are left alone. */
carta_status sim_duel_play(const sim_duel *d, const char *a, const char *b, int games,
                           uint64_t seed, double *score_a, double *score_b, carta_error *err);

/* ---- sim_result.c: one game's result as JSON (resuming, carta-mpi) ---- */

/* The result of a game and its players' played cards (may be NULL) as JSON. New reference, NULL
 * if out of memory. */
json_t *sim_game_json(const sim_settings *s, const sim_game *g, const sim_played *played);
/* Reads it back, checked against s (players, decks, ranges); played (n_players entries) may be
 * NULL. On error err says what and nothing is written. */
carta_status sim_game_from_json(const sim_settings *s, json_t *j, sim_game *g,
                                sim_played *played, carta_error *err);

/* ---- sim_compare.c: card-change experiments (--variant) ---- */

enum { SIM_COMPARE_CARDS = CARTA_CATALOG_MAX };

/* The comparison of the same games played without (base) and with a variant (docs/variants.md):
 * each player's win rate and the game length as paired differences with 95% intervals, whether
 * each is distinguishable from noise and about how many games would make it so, and the cards'
 * play rates (the changed cards first). NULL if out of memory. */
json_t *sim_compare_json(const sim_settings *s, const sim_results *base,
                         const sim_results *variant, const sim_summary *base_sum,
                         const sim_summary *variant_sum, const char *file,
                         const carta_variant_change *change);
/* The comparison as the text report's closing section. */
void sim_compare_text(FILE *out, json_t *comparison);

/* ---- sim_db.c: --db ---- */

typedef struct sim_db sim_db;
/* Opens the store at path and starts a run with the settings, or with resume continues the
 * latest interrupted run (no summary yet) with exactly these settings; NULL with err set (with
 * resume: if there is no such run). */
sim_db *sim_db_open(const char *path, const sim_settings *s, int resume, carta_error *err);
/* Reads the games the run already holds into res (from sim_results_init), clearing their todo
 * entries; *n_done: how many. A stored result that does not read is an error naming the game. */
carta_status sim_db_load(sim_db *db, sim_results *res, uint8_t *todo, int *n_done,
                         carta_error *err);
/* A sink storing every game's record and result in the run. */
sim_sink sim_db_sink(sim_db *db);
/* Stores game i: its result, played cards (may be NULL) and record (JSON text). Thread-safe. */
carta_status sim_db_store(sim_db *db, int game, const sim_game *result, const sim_played *played,
                          const char *record_json, carta_error *err);
/* Stores in the store at path an experiment's comparison of two finished runs, without and
 * with the variant file. */
carta_status sim_db_add_comparison(const char *path, int64_t base_run, int64_t variant_run,
                                   const char *variant, json_t *comparison, carta_error *err);
/* Commits the games stored so far (thread-safe). */
carta_status sim_db_flush(sim_db *db, carta_error *err);
/* Stores the summary, commits and closes; db is freed whatever the result. */
carta_status sim_db_finish(sim_db *db, json_t *summary, carta_error *err);
/* Closes without a summary (after a failure). */
void sim_db_abort(sim_db *db);
/* The run id (for messages). */
int64_t sim_db_run_id(const sim_db *db);

#endif
