/* test_games.c: opening, setting up and checking every game for the generic unit tests. */
#include "test_games.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "core/rng.h"
#include "games/registry.h"

int tgame_open_all(tgame *games)
{
    int n = 0;
    carta_error err = {0};
    for (int i = 0; i < carta_game_count() && n < TGAME_MAX; i++) {
        char dir[1024];
        const carta_game *g = carta_game_at(i);
        snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
        carta_error_clear(&err);
        carta_rules *r = g->open(dir, &err);
        if (!r)
            fail_msg("cannot open %s from %s: %s", g->id, dir, err.msg);
        games[n].g = g;
        games[n].r = r;
        n++;
    }
    return n;
}

void tgame_close_all(tgame *games, int n)
{
    for (int i = 0; i < n; i++)
        games[i].g->close(games[i].r);
}

void tgame_setup(const tgame *t, uint64_t seed, void *state)
{
    carta_config config = {0};
    carta_error err = {0};
    config.n_seats = t->g->min_seats <= 2 && t->g->max_seats >= 2 ? 2 : t->g->min_seats;
    config.seed = seed;
    for (int s = 0; s < config.n_seats; s++)
        assert_int_equal(t->g->deck_resolve(t->r, "random", carta_mix64(seed + 100 + s),
                                            &config.decks[s], &err),
                         CARTA_OK);
    if (t->g->setup(t->r, state, &config, &err) != CARTA_OK)
        fail_msg("%s setup: %s", t->g->id, err.msg);
}

int tgame_is_legal(const tgame *t, const void *state, carta_action a)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    int n = t->g->legal_actions(t->r, state, legal);
    for (int i = 0; i < n; i++)
        if (legal[i] == a)
            return 1;
    return 0;
}

carta_mcts *tgame_mcts(const tgame *t, const char *spec_text)
{
    carta_ai_spec spec;
    carta_mcts_options opt;
    carta_error err = {0};
    assert_int_equal(carta_ai_spec_parse(spec_text, &spec, &err), CARTA_OK);
    if (carta_mcts_options_parse(t->g, &spec, &opt, &err) != CARTA_OK)
        fail_msg("%s: %s", spec_text, err.msg);
    carta_mcts *m = carta_mcts_new(t->g, t->r, &opt, &err);
    if (!m)
        fail_msg("%s: %s", spec_text, err.msg);
    return m;
}
