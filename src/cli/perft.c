/* perft.c: `carta perft`: legal action sequence counts from a seeded game's initial state. */
#include "cli.h"

#include <stdlib.h>

#include "ai/perft.h"

static const char usage[] =
    "usage: carta perft GAME --seed S --depth D [--players N] [--mode M]\n"
    "Sets up GAME from seed S (random decks from the seed) and prints, for each length 1..D,\n"
    "the number of legal action sequences of that length from the initial state.\n"
    "  --seats N        the same as --players N\n" CLI_GAME_OPTS_USAGE;

int cli_cmd_perft(int argc, char **argv)
{
    uint64_t seed = 1;
    int depth = 3, n_seats = 0;
    cli_game_opts game_opts = {0};
    const cli_opt opts[] = {
        {"--seed", CLI_OPT_U64, &seed, 0, 0},
        {"--depth", CLI_OPT_INT, &depth, 0, CARTA_PERFT_MAX_DEPTH},
        {"--seats", CLI_OPT_INT, &n_seats, 1, CARTA_MAX_SEATS},
        CLI_GAME_OPTS(game_opts),
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr =
        cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 1, &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos != 1) {
        cli_error("perft needs a GAME");
        fputs(usage, stderr);
        return CLI_EXIT_USAGE;
    }
    const carta_game *g = cli_find_game(pos[0]);
    if (!g)
        return CLI_EXIT_USAGE;
    if (!game_opts.players)
        game_opts.players = n_seats;
    if (cli_game_opts_check(g, &game_opts, cli_default_seats(g)))
        return CLI_EXIT_USAGE;
    carta_rules *r = cli_open_rules(g);
    if (!r)
        return CLI_EXIT_FAIL;
    int rc = CLI_EXIT_FAIL;
    void *state = calloc(1, g->state_size);
    carta_error err = {0};
    uint64_t counts[CARTA_PERFT_MAX_DEPTH + 1];
    carta_config config;
    if (!state)
        goto done;
    /* As carta_perft_setup (random decks from cli_deck_seed), plus the mode. */
    if (cli_make_config(g, r, game_opts.players, seed, NULL, &config))
        goto done;
    cli_game_opts_apply(&game_opts, &config);
    if (g->setup(r, state, &config, &err) != CARTA_OK ||
        carta_perft(g, r, state, depth, counts, &err) != CARTA_OK) {
        cli_error("%s", err.msg);
        goto done;
    }
    for (int d = 1; d <= depth; d++)
        printf("perft %s seed %llu depth %d: %llu\n", g->id, (unsigned long long)seed, d,
               (unsigned long long)counts[d]);
    rc = CLI_EXIT_OK;
done:
    free(state);
    g->close(r);
    return rc;
}
