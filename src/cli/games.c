/* games.c: the data folder, finding games, opening rules, resolving decks; `carta games`. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

#include "ai/perft.h"
#include "core/record.h"
#include "core/rng.h"

#ifndef CARTA_DATA_DIR
#define CARTA_DATA_DIR "data"
#endif

const char *cli_data_root(void)
{
    const char *env = getenv("CARTA_DATA");
    return env && *env ? env : CARTA_DATA_DIR;
}

static void list_game_ids(FILE *out)
{
    for (int i = 0; i < carta_game_count(); i++)
        fprintf(out, "%s%s", i ? ", " : "", carta_game_at(i)->id);
}

const carta_game *cli_find_game(const char *id)
{
    const carta_game *g = carta_game_find(id);
    if (!g) {
        fprintf(stderr, "carta: unknown game '%s' (the games are: ", id);
        list_game_ids(stderr);
        fprintf(stderr, ")\n");
    }
    return g;
}

carta_rules *cli_open_rules(const carta_game *g)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/%s", cli_data_root(), g->id);
    carta_error err = {0};
    carta_rules *r = g->open(dir, &err);
    if (!r)
        cli_error("%s", err.msg[0] ? err.msg : "cannot open the rules");
    return r;
}

int cli_default_seats(const carta_game *g)
{
    return g->min_seats <= 2 && g->max_seats >= 2 ? 2 : g->min_seats;
}

uint64_t cli_deck_seed(uint64_t game_seed, int seat)
{
    return carta_perft_deck_seed(game_seed, seat);
}

int cli_make_config(const carta_game *g, const carta_rules *r, int n_seats, uint64_t seed,
                    const char *const *specs, carta_config *config)
{
    memset(config, 0, sizeof *config);
    if (n_seats < g->min_seats || n_seats > g->max_seats || n_seats > CARTA_MAX_SEATS) {
        cli_error("%s is played by %d to %d seats, not %d", g->id, g->min_seats, g->max_seats,
                  n_seats);
        return 1;
    }
    config->n_seats = n_seats;
    config->seed = seed;
    for (int s = 0; s < n_seats; s++) {
        const char *spec = specs && specs[s] ? specs[s] : "random";
        carta_error err = {0};
        if (g->deck_resolve(r, spec, cli_deck_seed(seed, s), &config->decks[s], &err) !=
            CARTA_OK) {
            cli_error("deck '%s': %s", spec, err.msg);
            return 1;
        }
    }
    return 0;
}

int cli_open_record_game(const char *path, const carta_game **g, carta_rules **r)
{
    char id[CARTA_NAME_MAX];
    carta_error err = {0};
    if (carta_record_peek(path, id, sizeof id, &err) != CARTA_OK) {
        cli_error("%s", err.msg);
        return 1;
    }
    *g = cli_find_game(id);
    if (!*g)
        return 1;
    *r = cli_open_rules(*g);
    return *r ? 0 : 1;
}

int cli_cmd_games(int argc, char **argv)
{
    static const char usage[] = "usage: carta games\n"
                                "Lists the rule systems: id, seats, name.\n";
    char *pos[1];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, NULL, 0, pos, 0, &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    for (int i = 0; i < carta_game_count(); i++) {
        const carta_game *g = carta_game_at(i);
        char seats[16];
        if (g->min_seats == g->max_seats)
            snprintf(seats, sizeof seats, "%d", g->min_seats);
        else
            snprintf(seats, sizeof seats, "%d-%d", g->min_seats, g->max_seats);
        printf("%-12s %-6s seats  %s\n", g->id, seats, g->name);
    }
    return CLI_EXIT_OK;
}
