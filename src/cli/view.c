/* view.c: `carta view`: a seeded game's structured view (docs/view.md) as a seat sees it, after N
 * random actions; JSON by default, or the terminal's lines. */
#include "cli.h"

#include <stdlib.h>

#include "ai/perft.h"
#include "core/rng.h"
#include "core/view.h"

static const char usage[] =
    "usage: carta view GAME [--seed S] [--after N] [--seat K] [--text] [--players N] [--mode M]\n"
    "Sets up GAME from seed S (random decks from the seed), plays N random legal actions (chosen\n"
    "from the same seed) and prints the view of seat K (1-based, as players are numbered; 0: a\n"
    "spectator) as JSON, or as indented lines with --text. docs/view.md describes the keys.\n"
    "  --seed S         the game's seed (default 1)\n"
    "  --after N        random actions to play first (default 0; stops early if the game ends)\n"
    "  --seat K         whose view (default 1)\n"
    "  --text           lines instead of JSON\n"
    "  --actions        with the legal actions of the seat to act, each with its text and parts\n"
    "                   (verb, card, from, target, cell...), when that seat is the one viewing\n"
    CLI_GAME_OPTS_USAGE;

/* Plays up to n random legal actions from seed; returns how many were played. */
static int view_play(const carta_game *g, const carta_rules *r, void *state, int n, uint64_t seed)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    carta_rng rng;
    carta_rng_seed(&rng, seed ^ 0x71e3);
    int played = 0;
    for (; played < n; played++) {
        int k = g->legal_actions(r, state, legal);
        if (k == 0 || g->apply(r, state, legal[carta_rng_below(&rng, (uint32_t)k)], NULL))
            break;
    }
    return played;
}

/* Writes the view of state for seat (CARTA_NO_SEAT: a spectator) to stdout; with actions, and
 * seat to act, its legal actions too. */
static int view_print(const carta_game *g, const carta_rules *r, const void *state, int seat,
                      int text, int actions)
{
    void *obs = malloc(g->state_size);
    carta_view *v = NULL;
    int rc = CLI_EXIT_FAIL;
    if (obs) {
        g->observe(r, state, seat, obs);
        v = carta_view_observation(g, r, obs, seat);
    }
    if (v) {
        if (actions && seat != CARTA_NO_SEAT && g->to_act(r, state) == seat) {
            static carta_action legal[CARTA_MAX_ACTIONS];
            carta_view_actions(v, "actions", g, r, obs, legal, g->legal_actions(r, obs, legal));
        }
        json_t *root = carta_view_json(v);
        if (!root) {
            cli_error("%s: the view could not be written", g->id);
        } else if (text) {
            carta_text t = {0};
            carta_view_text(root, &t);
            fputs(carta_text_str(&t), stdout);
            carta_text_free(&t);
            rc = CLI_EXIT_OK;
        } else {
            json_dumpf(root, stdout, JSON_INDENT(2));
            putchar('\n');
            rc = CLI_EXIT_OK;
        }
    }
    carta_view_free(v);
    free(obs);
    return rc;
}

int cli_cmd_view(int argc, char **argv)
{
    uint64_t seed = 1;
    int after = 0, seat = 1, text = 0, actions = 0;
    cli_game_opts game_opts = {0};
    const cli_opt opts[] = {
        {"--seed", CLI_OPT_U64, &seed, 0, 0},
        {"--after", CLI_OPT_INT, &after, 0, 1000000},
        {"--seat", CLI_OPT_INT, &seat, 0, CARTA_MAX_SEATS},
        {"--text", CLI_OPT_FLAG, &text, 0, 0},
        {"--actions", CLI_OPT_FLAG, &actions, 0, 0},
        CLI_GAME_OPTS(game_opts),
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr =
        cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 1, &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos != 1) {
        cli_error("view needs a GAME");
        fputs(usage, stderr);
        return CLI_EXIT_USAGE;
    }
    const carta_game *g = cli_find_game(pos[0]);
    if (!g)
        return CLI_EXIT_USAGE;
    if (!g->view) {
        cli_error("%s has no structured view yet", g->id);
        return CLI_EXIT_USAGE;
    }
    if (cli_game_opts_check(g, &game_opts, cli_default_seats(g)))
        return CLI_EXIT_USAGE;
    if (seat > game_opts.players) {
        cli_error("--seat %d: this game has %d players", seat, game_opts.players);
        return CLI_EXIT_USAGE;
    }
    carta_rules *r = cli_open_rules(g);
    if (!r)
        return CLI_EXIT_FAIL;
    int rc = CLI_EXIT_FAIL;
    void *state = calloc(1, g->state_size);
    carta_error err = {0};
    carta_config config;
    if (state && !cli_make_config(g, r, game_opts.players, seed, NULL, &config)) {
        cli_game_opts_apply(&game_opts, &config);
        if (g->setup(r, state, &config, &err) != CARTA_OK) {
            cli_error("%s", err.msg);
        } else {
            view_play(g, r, state, after, seed);
            rc = view_print(g, r, state, seat - 1, text, actions);
        }
    }
    free(state);
    g->close(r);
    return rc;
}
