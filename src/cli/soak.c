/* soak.c: `carta soak`: plays many AI games and checks every state's invariants (ai/soak.h). */
#include "cli.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "ai/soak.h"
#include "core/clock.h"

static const char soak_usage[] =
    "usage: carta soak GAME [--games N] [--players N] [--mode M] [--seats AI,...] [--seed S]\n"
    "                  [--threads T] [--every K]\n"
    "Plays N games between AI seats and checks, right after setup and after every action, that\n"
    "the state keeps the contract's invariants (src/core/invariant.h):\n"
    "  - the game's own check: every card of every deck list in exactly one place, counters,\n"
    "    seats and card ids in range;\n"
    "  - a legal action exists exactly while the game is on, and the seat to act is in range;\n"
    "and on every K-th state of a game (and its last), for every seat:\n"
    "  - its observation holds nothing in an unused slot and observes to itself;\n"
    "  - determinize keeps its observation and conserves every card (the game's check holds);\n"
    "  - a twin state that differs only in what it cannot see (hidden cards resampled, the PRNG\n"
    "    reseeded, canary bytes in every unused slot) gives it the same observation, and the\n"
    "    same legal actions with the same texts.\n"
    "Stops at the first failure with the game's seed, the action index and text, and the broken\n"
    "invariant, and exits 1; on success prints games, actions, states checked, time and\n"
    "'failures: 0'. The results depend only on the settings, never on the number of threads.\n"
    "  --games N        games to play (default 100)\n"
    "  --seats AI,...   the AI of each seat, or one for all (default random); AI is random,\n"
    "                   greedy or mcts with options; seats rotate from game to game\n"
    CLI_GAME_OPTS_USAGE
    "  --seed S         the base seed (default 1); game i plays a seed mixed from S and i, with\n"
    "                   random decks from it (as `carta perft GAME --seed` sets up)\n"
    "  --threads T      threads (default: the number of processors)\n"
    "  --every K        every seat's hidden-information checks on every K-th state only\n"
    "                   (default 1: every state); the game's check runs on every state\n";

typedef struct soak_args {
    const char *seats;
    cli_game_opts game_opts;
} soak_args;

/* The seats' AIs from --seats and --players; non-zero (after a message) if bad. */
static int soak_seats(carta_soak_settings *s, char *seats, soak_args *a)
{
    char *ai[CARTA_MAX_SEATS];
    int n_ai = cli_split_ai_specs(seats, ai, CARTA_MAX_SEATS);
    if (n_ai < 1) {
        cli_error("--seats: give one AI per seat (at most %d), separated by commas",
                  CARTA_MAX_SEATS);
        return CLI_EXIT_USAGE;
    }
    if (cli_game_opts_check(s->g, &a->game_opts, n_ai > 1 ? n_ai : cli_default_seats(s->g)))
        return CLI_EXIT_USAGE;
    s->n_seats = a->game_opts.players;
    if (n_ai != 1 && n_ai != s->n_seats) {
        cli_error("--seats: give one AI for all seats or one per seat (%d)", s->n_seats);
        return CLI_EXIT_USAGE;
    }
    snprintf(s->mode, sizeof s->mode, "%s", a->game_opts.mode ? a->game_opts.mode : "");
    s->n_options = a->game_opts.n_options;
    memcpy(s->options, a->game_opts.option, sizeof s->options);
    for (int p = 0; p < s->n_seats; p++) {
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

static void soak_print_header(const carta_soak_settings *s)
{
    printf("soak %s: %d players%s%s, seats", s->g->id, s->n_seats, s->mode[0] ? ", mode " : "",
           s->mode);
    for (int p = 0; p < s->n_seats; p++)
        printf("%s%s", p ? "," : " ", s->ai_spec[p]);
    printf(", seed %llu, seat checks every %d state%s\n", (unsigned long long)s->seed, s->every,
           s->every == 1 ? "" : "s");
}

static void soak_print_result(const carta_soak_settings *s, const carta_soak_result *r,
                              double seconds)
{
    printf("  games:          %lld (%lld finished)\n", r->games, r->finished);
    printf("  actions:        %lld\n", r->actions);
    printf("  states checked: %lld (game check, legal/to_act), %lld of them for every seat\n",
           r->states, r->full_states);
    printf("  time:           %.2f s on %d thread%s (%.0f actions/s, %.1f games/s)\n", seconds,
           s->threads, s->threads == 1 ? "" : "s", seconds > 0 ? r->actions / seconds : 0.0,
           seconds > 0 ? r->games / seconds : 0.0);
    printf("  failures:       %d\n", r->failed);
}

static void soak_print_failure(const carta_soak_failure *f)
{
    printf("FAILED: game %d (seed %llu), after action %ld", f->game, (unsigned long long)f->seed,
           f->action);
    if (f->seat >= 0)
        printf(" ('%s' by player %d)", f->action_text, f->seat + 1);
    printf("\n  state: %s\n  broken: %s\n", f->where, f->err.msg);
}

static int soak_execute(carta_soak_settings *s)
{
    carta_soak_result r;
    carta_error err = {0};
    soak_print_header(s);
    fflush(stdout);
    double start = carta_seconds();
    carta_status st = carta_soak_run(s, &r, &err);
    double seconds = carta_seconds() - start;
    if (st != CARTA_OK && !r.failed) {
        cli_error("%s", err.msg);
        return CLI_EXIT_FAIL;
    }
    if (r.failed)
        soak_print_failure(&r.failure);
    soak_print_result(s, &r, seconds);
    return r.failed ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}

static int soak_default_threads(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > CARTA_SOAK_MAX_THREADS ? CARTA_SOAK_MAX_THREADS : (int)n;
}

int cli_cmd_soak(int argc, char **argv)
{
    carta_soak_settings s;
    memset(&s, 0, sizeof s);
    soak_args a = {.seats = "random"};
    s.n_games = 100;
    s.seed = 1;
    s.every = 1;
    s.threads = soak_default_threads();
    const cli_opt opts[] = {
        {"--games", CLI_OPT_INT, &s.n_games, 1, 100000000},
        {"--seats", CLI_OPT_STR, &a.seats, 0, 0},
        {"--seed", CLI_OPT_U64, &s.seed, 0, 0},
        {"--threads", CLI_OPT_INT, &s.threads, 1, CARTA_SOAK_MAX_THREADS},
        {"--every", CLI_OPT_INT, &s.every, 1, 1000000000},
        CLI_GAME_OPTS(a.game_opts),
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 1,
                                    &n_pos, soak_usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos != 1) {
        cli_error("soak needs a GAME");
        fputs(soak_usage, stderr);
        return CLI_EXIT_USAGE;
    }
    if (!(s.g = cli_find_game(pos[0])))
        return CLI_EXIT_USAGE;
    carta_rules *rules = cli_open_rules(s.g);
    if (!rules)
        return CLI_EXIT_FAIL;
    s.r = rules;
    s.progress = isatty(STDERR_FILENO) ? 1 : 2;
    char *seats = strdup(a.seats);
    int rc = seats ? soak_seats(&s, seats, &a) : CLI_EXIT_FAIL;
    if (rc == 0)
        rc = soak_execute(&s);
    free(seats);
    s.g->close(rules);
    return rc;
}
