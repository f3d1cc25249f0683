/* cli.h: the pieces of the `carta` command: one function per subcommand, and the helpers they
 * share (option parsing, the data folder, opening a game's rules, decks). */
#ifndef CARTA_CLI_H
#define CARTA_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "games/registry.h"

/* Exit codes of the carta command. */
enum { CLI_EXIT_OK = 0, CLI_EXIT_FAIL = 1, CLI_EXIT_USAGE = 2 };

/* Prints "carta: <message>\n" to stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- options.c: option parsing shared by the subcommands ---- */

typedef enum cli_opt_kind {
    CLI_OPT_FLAG, /* int *: set to 1 */
    CLI_OPT_STR,  /* const char **: the argument */
    CLI_OPT_U64,  /* uint64_t *: a decimal or 0x hex number */
    CLI_OPT_INT   /* int *: a decimal number in [lo, hi] */
} cli_opt_kind;

typedef struct cli_opt {
    const char *name; /* "--seed" */
    cli_opt_kind kind;
    void *dest;
    long lo, hi;      /* CLI_OPT_INT bounds */
} cli_opt;

typedef enum cli_parse_result { CLI_PARSE_OK, CLI_PARSE_HELP, CLI_PARSE_ERROR } cli_parse_result;

/* Parses argv[0..argc) (the arguments after the subcommand's name): options of opts (n_opts of
 * them, as "--name value" or "--name=value"), "--help"/"-h", and up to max_pos positional
 * arguments stored in pos (count in *n_pos). "--" ends the options. On --help prints usage to
 * stdout and returns CLI_PARSE_HELP; on a bad option prints the reason and usage to stderr and
 * returns CLI_PARSE_ERROR. */
cli_parse_result cli_parse(int argc, char **argv, const cli_opt *opts, int n_opts, char **pos,
                           int max_pos, int *n_pos, const char *usage);

/* The exit code for a parse result that is not CLI_PARSE_OK. */
int cli_parse_exit(cli_parse_result r);

/* Parses a decimal or 0x-hex unsigned 64-bit number; 0 if s is not one. */
int cli_parse_u64(const char *s, uint64_t *out);

/* Splits a comma-separated list in place (s is modified) into at most max items. Returns the
 * number of items, or -1 if there are more than max or an item is empty. */
int cli_split(char *s, char **items, int max);

/* Options every subcommand that sets up games shares: --players N and --mode M. Put
 * CLI_GAME_OPTS(o) into a subcommand's option table, then call cli_game_opts_check. */
typedef struct cli_game_opts {
    int players;      /* 0: not given */
    const char *mode; /* NULL: not given (the game's default mode) */
    const char *options; /* NULL: not given; "key=value,..." (core/options.h) */
    int n_options;       /* the options, once checked */
    carta_option option[CARTA_OPTIONS_MAX];
} cli_game_opts;

#define CLI_GAME_OPTS(o)                                                                      \
    {"--players", CLI_OPT_INT, &(o).players, 1, CARTA_MAX_SEATS},                             \
    {"--mode", CLI_OPT_STR, &(o).mode, 0, 0},                                                 \
    {"--option", CLI_OPT_STR, &(o).options, 0, 0}

/* The usage lines of the two options, for help texts. */
#define CLI_GAME_OPTS_USAGE                                                                   \
    "  --players N      players (seats) in each game (default: the game's usual count)\n"     \
    "  --mode M         the game's mode (e.g. Arkhtide's duel, desperate; default: its own)\n"     \
    "  --option K=V,... rules variants the game takes (e.g. aember key_cost=7; carta games\n"   \
    "                   lists them), kept in the record\n"

/* Checks o against game g: a mode g has (g->modes), and players within g's seat range and the
 * mode's; players not given are default_players (pass cli_default_seats(g) unless the
 * subcommand knows better), or the fewest the mode allows if it does not allow those. Prints the
 * reason, in the same words for every game and subcommand, and returns non-zero if not. */
int cli_game_opts_check(const carta_game *g, cli_game_opts *o, int default_players);

/* The mode of g named name, or NULL. */
const carta_mode *cli_find_mode(const carta_game *g, const char *name);

/* Writes o's mode and options into config (after cli_make_config, which clears them). */
void cli_game_opts_apply(const cli_game_opts *o, carta_config *config);

/* Splits a comma-separated list of AI specs in place into at most max specs: an item holding
 * '=' before any ':' continues the spec before it, so "mcts:iters=100,threads=2,greedy" and
 * "mcts:iters=9,playout=expert:0.5,expert" are two specs. Returns the count, or -1 if there are more than max, an item is empty, or the list
 * starts with an option. */
int cli_split_ai_specs(char *s, char **specs, int max);

/* ---- fold.c: long lines folded for a terminal ---- */

/* The width lines are folded to: the terminal's (stdout's), else 80. */
int cli_width(void);

/* Writes text into out with each line longer than width folded at spaces; a folded line's
 * continuation is indented 4 more than the line's own indent. */
void cli_fold(const char *text, int width, carta_text *out);

/* Prints text folded to width (cli_fold). */
void cli_print_folded(const char *text, int width);

/* ---- game.c: the data folder, games, rules and decks ---- */

/* The data folder: $CARTA_DATA if set, else the compiled-in CARTA_DATA_DIR. */
const char *cli_data_root(void);

/* Finds a game by id; prints an error naming the known games and returns NULL if unknown. */
const carta_game *cli_find_game(const char *id);

/* Opens the game's rules from <data root>/<id>; prints the error and returns NULL on failure. */
carta_rules *cli_open_rules(const carta_game *g);

/* The seat count used when none is asked for: 2 if the game allows it, else its minimum. */
int cli_default_seats(const carta_game *g);

/* The seed of the deck of seat in a game with seed, so "random" decks differ per seat. */
uint64_t cli_deck_seed(uint64_t game_seed, int seat);

/* Fills config: n_seats, seed, and each seat's deck resolved from specs[seat] ("random" if specs
 * is NULL or the entry is NULL). Prints the error and returns non-zero on failure. */
int cli_make_config(const carta_game *g, const carta_rules *r, int n_seats, uint64_t seed,
                    const char *const *specs, carta_config *config);

/* Reads a game record's game id and opens that game and its rules. Prints errors. */
int cli_open_record_game(const char *path, const carta_game **g, carta_rules **r);

/* ---- subcommands: each takes the arguments after its name, returns the exit code ---- */
int cli_cmd_games(int argc, char **argv);
int cli_cmd_play(int argc, char **argv);
int cli_cmd_replay(int argc, char **argv);
int cli_cmd_sim(int argc, char **argv);

/* How `carta sim` plays its games: on this machine's threads (cli_cmd_sim), or split between the
 * processes of an MPI job (src/mpi, carta-mpi). */
struct sim_settings;
struct sim_results;
struct sim_db;
typedef struct cli_sim_driver {
    int reports; /* this process opens --db, prints and writes the reports (MPI: rank 0 only) */
    char where[64]; /* where games are played, for the report: "this machine", "4 MPI ranks" */
    int threads;    /* default --threads (0: one a processor) */
    /* Every process goes on to play only if the reporting one is ready (its --db and --csv
     * opened): returns the reporting process's ready, told to all. NULL: ready as it is. */
    int (*agree)(void *ctx, int ready);
    /* Plays the games marked in todo (the reporting process's marks rule) into res, stored in
     * db if not NULL (the reporting process's only); progress: a progress line on stderr. */
    carta_status (*play)(void *ctx, const struct sim_settings *s, struct sim_results *res,
                         const unsigned char *todo, struct sim_db *db, int progress,
                         carta_error *err);
    void *ctx;
} cli_sim_driver;
/* `carta sim` with the games played by driver (same arguments, same reports). */
int cli_sim_main(int argc, char **argv, const cli_sim_driver *driver);
int cli_cmd_bench(int argc, char **argv);
int cli_cmd_scenario(int argc, char **argv);
int cli_cmd_deck(int argc, char **argv);
int cli_cmd_perft(int argc, char **argv);
int cli_cmd_soak(int argc, char **argv);
int cli_cmd_serve(int argc, char **argv);
int cli_cmd_view(int argc, char **argv);
int cli_cmd_table(int argc, char **argv);
int cli_cmd_ladder(int argc, char **argv);
int cli_cmd_tune(int argc, char **argv);
/* carta tune GAME --by match (tune_match.c). */
int cli_tune_match(int argc, char **argv);

#endif
