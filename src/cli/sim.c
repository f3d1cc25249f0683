/* sim.c: `carta sim`: the command: options into settings, then play (sim_run.c), summarize
 * (sim_stats.c), report (sim_report.c) and store (sim_db.c). */
#include "cli.h"
#include "sim/sim.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/clock.h"
#include "games/registry.h"

static const char sim_usage[] =
    "usage: carta sim GAME [--games N] [--seats AI,...] [--players N] [--mode M]\n"
    "                 [--decks SPEC,... | --deck-pool SPEC,...] [--seed S] [--threads T]\n"
    "                 [--json] [--csv FILE] [--db FILE [--resume]] [--cards N] [--variant FILE]\n"
    "                 [--plots DIR] [--tables DIR]\n"
    "Plays N games between AI players and reports each player's win rate with a Wilson 95%\n"
    "interval, the first seat's advantage, draws, the average game length, per-card statistics\n"
    "and, when decks differ, a deck-against-deck matrix. The players rotate seats from game to\n"
    "game so each plays each seat equally. The results depend only on the settings and the\n"
    "seed, never on the number of threads. In a game of sides (Archmajesty's mages and\n"
    "Gamemaster) the players keep their seats: player N's figures are its side's.\n"
    "  --games N        games to play (default 100)\n"
    "  --seats AI,...   the AI of each player, or one for all (default: greedy for player 1,\n"
    "                   random for the others); AI is random, greedy or mcts with options,\n"
    "                   e.g. mcts:ms=100\n" CLI_GAME_OPTS_USAGE
    "                   (default players: as many as --seats names, else the game's usual)\n"
    "  --decks SPEC,... each player's deck, or one for all: a prebuilt deck's name, a deck file,\n"
    "                   or \"random\" (a new generated deck per game and seat; the default)\n"
    "  --deck-pool SPEC,...  decks the players take in turn: every assignment of pool decks to\n"
    "                   players comes up equally often (use a multiple of players x decks^players\n"
    "                   games); the report shows the deck-against-deck matrix\n"
    "  --seed S         the base seed (default 1); game i uses a seed mixed from S and i\n"
    "  --threads T      threads (default: the number of processors)\n"
    "  --json           print the summary as JSON instead of the table\n"
    "  --csv FILE       write the per-card statistics as CSV to FILE (\"-\": standard output)\n"
    "  --db FILE        store every game's record and result and the summary in the SQLite\n"
    "                   file FILE (with --variant: both runs and the comparison)\n"
    "  --resume         continue the interrupted run in --db FILE with these same settings:\n"
    "                   the games it holds are read back, the others played\n"
    "  --cards N        rows of the card table (default 20, 0: all)\n"
    "  --plots DIR      draw the reports as SVG files in DIR (made if missing): win-rates.svg,\n"
    "                   lengths.svg, matrix.svg (decks differ); with --variant, forest.svg and\n"
    "                   each run's plots as without-*.svg and with-*.svg\n"
    "  --tables DIR     write every table of the report as CSV files in DIR (made if missing):\n"
    "                   players, seats, first-seat-by-deck, endings, lengths, matrix, cards;\n"
    "                   with --variant, experiment-*.csv and each run's as without-/with-\n"
    "  --variant FILE   an experiment: FILE is a card file whose cards replace those of the\n"
    "                   same name (and add the others) and whose 'options:' set rules variants\n"
    "                   (e.g. key_cost: 5); the same games are played without and with it, and\n"
    "                   each player's win rate, the game length and the cards' play rates are\n"
    "                   compared game by game, with 95% intervals and whether the change is\n"
    "                   distinguishable from noise (docs/variants.md)\n"
    "Per-card statistics: for each card, the (game, player) pairs whose deck held it, in how many\n"
    "that player played it, and the player's win rate when played and when not.\n"
    "Any game of a --db run replays from its record, e.g. game 7 of run 1:\n"
    "  sqlite3 FILE \"select record from records where run_id=1 and game_index=7\" > g.json\n"
    "  carta replay g.json\n";

typedef struct sim_args {
    const char *seats, *decks, *pool, *csv, *db, *variant, *plots, *tables;
    const char *where; /* where the games were played, for the report */
    int json, cards, resume;
    FILE *csv_file; /* opened before the games are played, so a bad path fails at once */
    cli_game_opts game_opts;
} sim_args;

/* Adds spec to the distinct decks (resolving it once unless random); its index, or -1. */
static int sim_add_deck(sim_settings *s, const char *spec)
{
    for (int d = 0; d < s->n_decks; d++)
        if (strcmp(s->deck_spec[d], spec) == 0)
            return d;
    if (s->n_decks == SIM_MAX_DECKS) {
        cli_error("at most %d different decks", SIM_MAX_DECKS);
        return -1;
    }
    int d = s->n_decks++;
    carta_error err = {0};
    s->deck_spec[d] = spec;
    s->deck_random[d] = strcmp(spec, "random") == 0;
    if (!s->deck_random[d] && s->g->deck_resolve(s->r, spec, 0, &s->deck[d], &err) != CARTA_OK) {
        cli_error("deck '%s': %s", spec, err.msg);
        return -1;
    }
    return d;
}

/* The AIs of players not named by --seats: greedy for player 1, random for the others. */
static int sim_default_ais(char **ai, int n_players)
{
    static char greedy[] = "greedy", random[] = "random";
    for (int p = 0; p < n_players; p++)
        ai[p] = p == 0 ? greedy : random;
    return n_players;
}

/* The players and their AIs from --seats (NULL: not given) and --players. */
static int sim_players(sim_settings *s, char *seats, sim_args *a)
{
    char *ai[CARTA_MAX_SEATS];
    int n_ai = seats ? cli_split_ai_specs(seats, ai, CARTA_MAX_SEATS) : 0;
    if (seats && n_ai < 1) {
        cli_error("--seats: give one AI per player (at most %d), separated by commas",
                  CARTA_MAX_SEATS);
        return CLI_EXIT_USAGE;
    }
    int fallback = n_ai > 1 ? n_ai : cli_default_seats(s->g);
    if (cli_game_opts_check(s->g, &a->game_opts, fallback))
        return CLI_EXIT_USAGE;
    s->n_players = a->game_opts.players;
    s->rotate = s->g->team == NULL;
    if (!seats)
        n_ai = sim_default_ais(ai, s->n_players);
    if (n_ai != 1 && n_ai != s->n_players) {
        cli_error("--seats: give one AI for all players or one per player (%d)", s->n_players);
        return CLI_EXIT_USAGE;
    }
    snprintf(s->mode, sizeof s->mode, "%s", a->game_opts.mode ? a->game_opts.mode : "");
    s->n_options = a->game_opts.n_options;
    memcpy(s->options, a->game_opts.option, sizeof s->options);
    for (int p = 0; p < s->n_players; p++) {
        carta_error err = {0};
        s->ai_spec[p] = ai[n_ai == 1 ? 0 : p];
        carta_ai *probe = carta_ai_new(s->g, s->r, s->ai_spec[p], 0, &err);
        if (!probe) {
            cli_error("--seats %s: %s", s->ai_spec[p], err.msg);
            return CLI_EXIT_USAGE;
        }
        carta_ai_free(probe);
    }
    return 0;
}

/* The decks from --decks or --deck-pool. */
static int sim_decks(sim_settings *s, char *decks, char *pool)
{
    char *spec[SIM_MAX_DECKS];
    if (pool) {
        int n = cli_split(pool, spec, SIM_MAX_DECKS);
        if (n < 1) {
            cli_error("--deck-pool: give 1 to %d decks separated by commas", SIM_MAX_DECKS);
            return CLI_EXIT_USAGE;
        }
        s->pool = 1;
        for (int i = 0; i < n; i++) {
            int before = s->n_decks, d = sim_add_deck(s, spec[i]);
            if (d < 0)
                return CLI_EXIT_FAIL;
            if (d < before) {
                cli_error("--deck-pool: '%s' is named twice", spec[i]);
                return CLI_EXIT_USAGE;
            }
        }
        return 0;
    }
    int n = cli_split(decks, spec, CARTA_MAX_SEATS);
    if (n != 1 && n != s->n_players) {
        cli_error("--decks: give one deck for all players or one per player (%d)", s->n_players);
        return CLI_EXIT_USAGE;
    }
    for (int p = 0; p < s->n_players; p++)
        if ((s->player_deck[p] = sim_add_deck(s, spec[n == 1 ? 0 : p])) < 0)
            return CLI_EXIT_FAIL;
    return 0;
}

/* Sets up game 0 once, so a bad mode or deck is reported before any thread starts. */
static int sim_try_setup(const sim_settings *s)
{
    carta_config config = {.n_seats = s->n_players, .seed = sim_game_seed(s->seed, 0)};
    carta_error err = {0};
    memcpy(config.mode, s->mode, sizeof config.mode);
    config.n_options = s->n_options;
    memcpy(config.options, s->options, sizeof config.options);
    for (int p = 0; p < s->n_players; p++)
        if (sim_player_deck(s, 0, p, &config.decks[sim_player_seat(s->n_players, s->rotate, 0, p)], &err) !=
            CARTA_OK) {
            cli_error("deck: %s", err.msg);
            return CLI_EXIT_FAIL;
        }
    void *state = calloc(1, s->g->state_size);
    carta_status st = state ? s->g->setup(s->r, state, &config, &err) : CARTA_ERR_NOMEM;
    free(state);
    if (st != CARTA_OK) {
        const char *why = err.msg[0] ? err.msg : "out of memory";
        if (s->mode[0])
            cli_error("--mode %s: %s", s->mode, why);
        else
            cli_error("%s", why);
        return CLI_EXIT_USAGE;
    }
    return 0;
}

/* Opens the --csv destination ("-": standard output); non-zero with a message if it cannot. */
static int sim_open_csv(sim_args *a)
{
    if (!a->csv)
        return 0;
    a->csv_file = strcmp(a->csv, "-") == 0 ? stdout : fopen(a->csv, "w");
    if (!a->csv_file) {
        cli_error("--csv %s: cannot write", a->csv);
        return CLI_EXIT_FAIL;
    }
    return 0;
}

/* Writes the CSV (if any) and closes its file; non-zero with a message on a write error. */
static int sim_close_csv(sim_args *a, const sim_settings *s, const sim_summary *sum)
{
    if (!a->csv_file)
        return 0;
    if (sum)
        sim_report_csv(a->csv_file, s, sum);
    int to_file = a->csv_file != stdout;
    int bad = to_file ? fclose(a->csv_file) != 0 : fflush(stdout) != 0;
    a->csv_file = NULL;
    if (to_file && (!sum || bad))
        remove(a->csv); /* a failed simulation leaves no half-written file behind */
    if (bad && sum) {
        cli_error("--csv %s: cannot write", a->csv);
        return 1;
    }
    return 0;
}

/* One run of the simulation: its games played (resumed from --db with --resume) and, in the
 * reporting process, summarized and its summary stored. */
typedef struct sim_campaign {
    sim_results res;
    sim_summary *sum;   /* NULL outside the reporting process */
    json_t *summary;
    int64_t run_id;     /* in --db, else 0 */
    double seconds;
    int resumed;        /* games read back from --db rather than played */
} sim_campaign;

static void sim_campaign_free(sim_campaign *c)
{
    json_decref(c->summary);
    sim_summary_free(c->sum);
    sim_results_free(&c->res);
}

/* Reads back the games an interrupted run holds (--resume) into c and clears their todo marks. */
static int sim_resume(const sim_settings *s, sim_db *db, sim_campaign *c, uint8_t *todo)
{
    carta_error err = {0};
    if (sim_db_load(db, &c->res, todo, &c->resumed, &err) != CARTA_OK) {
        cli_error("--resume: %s", err.msg);
        return CLI_EXIT_FAIL;
    }
    fprintf(stderr, "resuming run %lld: %d of %d games already played\n",
            (long long)sim_db_run_id(db), c->resumed, s->n_games);
    return 0;
}

/* Opens --db (and with --resume reads back the games it holds) in the reporting process; 0 if
 * ready to play. */
static int sim_prepare(const sim_settings *s, const sim_args *a, const cli_sim_driver *d,
                       sim_campaign *c, uint8_t *todo, sim_db **db)
{
    carta_error err = {0};
    if (!todo || sim_results_init(s, &c->res, &err) != CARTA_OK) {
        cli_error("out of memory for %d games", s->n_games);
        return CLI_EXIT_FAIL;
    }
    memset(todo, 1, (size_t)s->n_games);
    if (d->reports && a->db && !(*db = sim_db_open(a->db, s, a->resume, &err))) {
        cli_error("--db: %s", err.msg);
        return CLI_EXIT_FAIL;
    }
    if (*db && a->resume && sim_resume(s, *db, c, todo)) {
        sim_db_abort(*db);
        *db = NULL;
        return CLI_EXIT_FAIL;
    }
    return 0;
}

/* Plays the games of s through the driver into c; the reporting process opens --db first and
 * summarizes and stores after. ready: 0 if the reporting process already failed (--csv). */
static int sim_play(const sim_settings *s, const sim_args *a, const cli_sim_driver *d,
                    sim_campaign *c, int ready)
{
    carta_error err = {0};
    sim_db *db = NULL;
    memset(c, 0, sizeof *c);
    uint8_t *todo = malloc((size_t)s->n_games);
    int rc = ready ? sim_prepare(s, a, d, c, todo, &db) : CLI_EXIT_FAIL;
    if (d->agree && !d->agree(d->ctx, rc == 0) && rc == 0) {
        rc = CLI_EXIT_FAIL; /* the reporting process failed and said why */
        sim_db_abort(db);
    }
    if (rc) {
        free(todo);
        return rc;
    }
    double start = carta_seconds();
    carta_status st = d->play(d->ctx, s, &c->res, todo, db, d->reports && isatty(STDERR_FILENO),
                              &err);
    c->seconds = carta_seconds() - start;
    free(todo);
    if (st != CARTA_OK) {
        cli_error("%s", err.msg);
        sim_db_abort(db);
        return CLI_EXIT_FAIL;
    }
    if (!d->reports)
        return 0;
    if (!(c->sum = sim_summarize(&c->res, &err)) || !(c->summary = sim_summary_json(s, c->sum))) {
        cli_error("%s", err.msg[0] ? err.msg : "out of memory");
        sim_db_abort(db);
        return CLI_EXIT_FAIL;
    }
    if (db) {
        c->run_id = sim_db_run_id(db);
        if (sim_db_finish(db, c->summary, &err) != CARTA_OK) {
            cli_error("%s", err.msg);
            return CLI_EXIT_FAIL;
        }
    }
    return 0;
}

static void sim_print_json(json_t *root)
{
    char *text = json_dumps(root, JSON_INDENT(2) | SIM_JSON_REALS);
    if (text)
        printf("%s\n", text);
    free(text);
}

/* The card table as DIR/<prefix>cards.csv. */
static carta_status sim_cards_csv(const char *dir, const char *prefix, const sim_settings *s,
                                  const sim_summary *sum, carta_error *err)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%scards.csv", dir, prefix);
    FILE *f = sum->has_cards ? fopen(path, "w") : NULL;
    if (!sum->has_cards)
        return CARTA_OK;
    if (!f)
        return carta_error_set(err, CARTA_ERR_IO, "--tables: cannot write %s", path);
    sim_report_csv(f, s, sum);
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    return bad ? carta_error_set(err, CARTA_ERR_IO, "--tables: cannot write %s", path) : CARTA_OK;
}

/* Writes the --plots and --tables files of a run (file names with prefix) and of an
 * experiment's comparison (may be NULL). */
static int sim_files(const sim_args *a, const char *prefix, const sim_settings *s,
                     const sim_campaign *c, json_t *comparison)
{
    carta_error err = {0};
    carta_status st = CARTA_OK;
    if (a->plots) {
        st = sim_plots_summary(a->plots, prefix, c->summary, &err);
        if (st == CARTA_OK && comparison)
            st = sim_plots_comparison(a->plots, comparison, &err);
    }
    if (a->tables && st == CARTA_OK) {
        st = sim_tables_summary(a->tables, prefix, c->summary, &err);
        if (st == CARTA_OK)
            st = sim_cards_csv(a->tables, prefix, s, c->sum, &err);
        if (st == CARTA_OK && comparison)
            st = sim_tables_comparison(a->tables, comparison, &err);
    }
    if (st != CARTA_OK) {
        cli_error("%s", err.msg);
        return 1;
    }
    return 0;
}

/* Says where the files went. */
static void sim_files_said(const sim_args *a)
{
    if (a->plots && !a->json)
        printf("plots in %s\n", a->plots);
    if (a->tables && !a->json)
        printf("tables in %s\n", a->tables);
}

/* Makes the --plots and --tables folders before any game is played, so a bad path fails at
 * once. */
static int sim_folders(const sim_args *a)
{
    const char *dirs[] = {a->plots, a->tables}, *names[] = {"--plots", "--tables"};
    for (int i = 0; i < 2; i++)
        if (dirs[i] && mkdir(dirs[i], 0777) != 0 && errno != EEXIST) {
            cli_error("%s %s: cannot make the folder: %s", names[i], dirs[i], strerror(errno));
            return CLI_EXIT_FAIL;
        }
    return 0;
}

/* Prints the reports of a finished simulation. */
static int sim_output(const sim_settings *s, sim_args *a, const sim_campaign *c)
{
    int played = s->n_games - c->resumed;
    double per_s = c->seconds > 0 ? played / c->seconds : 0;
    if (a->json) {
        json_t *root = json_deep_copy(c->summary);
        json_object_set_new(root, "run", json_pack("{s:s, s:i, s:i, s:f, s:f}", "where",
                                                   a->where, "threads", s->threads, "resumed",
                                                   c->resumed, "seconds", c->seconds,
                                                   "games_per_second", per_s));
        sim_print_json(root);
        json_decref(root);
    } else {
        sim_report_text(stdout, s, c->sum, a->cards);
        printf("\nplayed %d games on %s in %.2f s (%.1f games/s)", played, a->where, c->seconds,
               per_s);
        if (c->resumed)
            printf("; %d more read back from %s", c->resumed, a->db);
        printf("\n");
    }
    int rc = sim_close_csv(a, s, c->sum) ? CLI_EXIT_FAIL : CLI_EXIT_OK;
    if (rc == CLI_EXIT_OK && sim_files(a, "", s, c, NULL))
        rc = CLI_EXIT_FAIL;
    if (rc == CLI_EXIT_OK)
        sim_files_said(a);
    if (a->db && rc == CLI_EXIT_OK && !a->json)
        printf("stored %d games and the summary in %s (run %lld)\n", s->n_games, a->db,
               (long long)c->run_id);
    return rc;
}

/* Plays the simulation and reports it. */
static int sim_execute(sim_settings *s, sim_args *a, const cli_sim_driver *d, int ready)
{
    sim_campaign c;
    int rc = sim_play(s, a, d, &c, ready && (d->reports ? sim_open_csv(a) : 0) == 0);
    if (rc == 0 && d->reports)
        rc = sim_output(s, a, &c);
    sim_campaign_free(&c);
    return rc;
}

/* Stores the comparison beside the two runs (--db). */
static int sim_store_comparison(const sim_args *a, const sim_campaign *base,
                                const sim_campaign *changed, json_t *cmp)
{
    carta_error err = {0};
    if (sim_db_add_comparison(a->db, base->run_id, changed->run_id, a->variant, cmp, &err) !=
        CARTA_OK) {
        cli_error("--db: %s", err.msg);
        return CLI_EXIT_FAIL;
    }
    return 0;
}

/* Plays the games without and with the variant (its rules and options in v) and prints the
 * comparison (text or, with --json, both summaries and the comparison). */
static int sim_experiment(sim_settings *s, sim_settings *v, sim_args *a, const cli_sim_driver *d,
                          const carta_variant_change *change, int ready)
{
    sim_campaign base, changed;
    int rc = sim_play(s, a, d, &base, ready);
    if (rc == 0)
        rc = sim_play(v, a, d, &changed, 1);
    else
        memset(&changed, 0, sizeof changed);
    json_t *cmp = NULL;
    if (rc == 0 && d->reports) {
        cmp = sim_compare_json(s, &base.res, &changed.res, base.sum, changed.sum, a->variant,
                               change);
        if (!cmp)
            cli_error("out of memory");
        rc = !cmp ? CLI_EXIT_FAIL : a->db ? sim_store_comparison(a, &base, &changed, cmp) : 0;
    }
    if (rc == 0 && cmp &&
        (sim_files(a, "without-", s, &base, NULL) || sim_files(a, "with-", v, &changed, cmp)))
        rc = CLI_EXIT_FAIL;
    if (rc == 0 && cmp && a->json) {
        json_t *root = json_pack("{s:O, s:O, s:O}", "base", base.summary, "variant",
                                 changed.summary, "comparison", cmp);
        sim_print_json(root);
        json_decref(root);
    } else if (rc == 0 && cmp) {
        printf("%s: %d games, %d players, seed %llu\n", s->g->id, s->n_games, s->n_players,
               (unsigned long long)s->seed);
        sim_compare_text(stdout, cmp);
        sim_files_said(a);
        if (a->db)
            printf("stored runs %lld (without) and %lld (with) and the comparison in %s\n",
                   (long long)base.run_id, (long long)changed.run_id, a->db);
    }
    json_decref(cmp);
    sim_campaign_free(&base);
    sim_campaign_free(&changed);
    return rc;
}

/* Opens a second copy of the rules with the variant file applied, its options set in v's; NULL
 * after an error. */
static carta_rules *sim_open_variant(sim_settings *v, const char *path,
                                     carta_variant_change *change)
{
    const carta_game_yaml *y = carta_game_yaml_find(v->g->id);
    carta_rules *r = y ? cli_open_rules(v->g) : NULL;
    carta_error err = {0};
    carta_config config = {.n_options = v->n_options};
    memcpy(config.options, v->options, sizeof config.options);
    if (!y)
        cli_error("--variant: %s takes no variants", v->g->id);
    if (r && carta_variant_apply(y, r, &config, path, change, &err) != CARTA_OK) {
        cli_error("--variant: %s", err.msg);
        v->g->close(r);
        return NULL;
    }
    v->r = r;
    v->variant = path;
    v->n_options = config.n_options;
    memcpy(v->options, config.options, sizeof v->options);
    return r;
}

/* Runs the simulation, or the experiment with --variant, once the settings are made. */
static int sim_start(sim_settings *s, sim_args *a, const cli_sim_driver *d)
{
    if (a->variant && (a->csv || a->resume)) {
        cli_error("--variant compares two runs: give it without --csv and --resume");
        return CLI_EXIT_USAGE;
    }
    /* the reporting process's failures before the games reach the others through agree */
    int ready = !d->reports || sim_folders(a) == 0;
    if (!a->variant)
        return sim_execute(s, a, d, ready);
    static sim_settings v; /* the same settings, the variant's rules and options */
    static carta_variant_change change;
    v = *s;
    carta_rules *vr = sim_open_variant(&v, a->variant, &change);
    if (!vr)
        return CLI_EXIT_FAIL;
    int rc = sim_try_setup(&v);
    if (rc == 0)
        rc = sim_experiment(s, &v, a, d, &change, ready);
    s->g->close(vr);
    return rc;
}

int cli_sim_main(int argc, char **argv, const cli_sim_driver *driver)
{
    static sim_settings s; /* ~9 KiB of decks */
    memset(&s, 0, sizeof s);
    sim_args a = {.decks = "random", .cards = 20, .where = driver->where};
    s.n_games = 100;
    s.seed = 1;
    s.threads = driver->threads ? driver->threads : sim_default_threads();
    const cli_opt opts[] = {
        {"--games", CLI_OPT_INT, &s.n_games, 1, 100000000},
        {"--seats", CLI_OPT_STR, &a.seats, 0, 0},
        {"--decks", CLI_OPT_STR, &a.decks, 0, 0},
        {"--deck-pool", CLI_OPT_STR, &a.pool, 0, 0},
        {"--seed", CLI_OPT_U64, &s.seed, 0, 0},
        {"--threads", CLI_OPT_INT, &s.threads, 1, SIM_MAX_THREADS},
        {"--json", CLI_OPT_FLAG, &a.json, 0, 0},
        {"--csv", CLI_OPT_STR, &a.csv, 0, 0},
        {"--db", CLI_OPT_STR, &a.db, 0, 0},
        {"--resume", CLI_OPT_FLAG, &a.resume, 0, 0},
        {"--cards", CLI_OPT_INT, &a.cards, 0, 1000000},
        {"--variant", CLI_OPT_STR, &a.variant, 0, 0},
        {"--plots", CLI_OPT_STR, &a.plots, 0, 0},
        {"--tables", CLI_OPT_STR, &a.tables, 0, 0},
        CLI_GAME_OPTS(a.game_opts),
    };
    char *pos[1];
    int n_pos;
    const char *decks_default = a.decks;
    cli_parse_result pr = cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 1,
                                    &n_pos, sim_usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos != 1) {
        cli_error("sim needs a GAME");
        fputs(sim_usage, stderr);
        return CLI_EXIT_USAGE;
    }
    if (a.pool && a.decks != decks_default) {
        cli_error("give --decks or --deck-pool, not both");
        return CLI_EXIT_USAGE;
    }
    if (a.resume && !a.db) {
        cli_error("--resume continues a run kept in --db FILE: give both");
        return CLI_EXIT_USAGE;
    }
    if (!(s.g = cli_find_game(pos[0])))
        return CLI_EXIT_USAGE;
    carta_rules *rules = cli_open_rules(s.g);
    if (!rules)
        return CLI_EXIT_FAIL;
    s.r = rules;
    char *seats = a.seats ? strdup(a.seats) : NULL, *decks = strdup(a.decks);
    char *pool = a.pool ? strdup(a.pool) : NULL;
    int rc = (a.seats && !seats) || !decks || (a.pool && !pool) ? CLI_EXIT_FAIL : 0;
    if (rc == 0)
        rc = sim_players(&s, seats, &a);
    if (rc == 0)
        rc = sim_decks(&s, decks, pool);
    if (rc == 0)
        rc = sim_try_setup(&s);
    if (rc == 0)
        rc = sim_start(&s, &a, driver);
    sim_close_csv(&a, &s, NULL); /* after a failure: nothing written */
    free(seats);
    free(decks);
    free(pool);
    s.g->close(rules);
    return rc;
}

/* The local driver: every game on this machine's threads. */
static carta_status sim_play_here(void *ctx, const sim_settings *s, sim_results *res,
                                  const unsigned char *todo, sim_db *db, int progress,
                                  carta_error *err)
{
    (void)ctx;
    sim_sink sink = db ? sim_db_sink(db) : (sim_sink){0};
    return sim_run_games(s, res, todo, db ? &sink : NULL, progress, err);
}

int cli_cmd_sim(int argc, char **argv)
{
    cli_sim_driver here = {.reports = 1, .play = sim_play_here};
    snprintf(here.where, sizeof here.where, "this machine");
    return cli_sim_main(argc, argv, &here);
}
