/* test_mcts_alloc.c: the search allocates nothing while it searches (issue 16: "no malloc in the
 * search loop"). This executable is linked with --wrap for malloc, calloc and realloc
 * (CMakeLists.txt), so every call to them from Carta's own code is counted here; the search is
 * made first (its arenas and scratch states are allocated then), then each decision of a whole
 * game is searched with the counter armed and must count none. Every rule system, with the
 * default options, random play-outs, two root-parallel threads, tree parallelism and a seat's own
 * evaluation weights. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/ai.h"
#include "ai/mcts.h"
#include "support/test_games.h"

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);

static atomic_int armed;
static atomic_long allocations;

void *__wrap_malloc(size_t size)
{
    if (atomic_load(&armed))
        atomic_fetch_add(&allocations, 1);
    return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    if (atomic_load(&armed))
        atomic_fetch_add(&allocations, 1);
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    if (atomic_load(&armed))
        atomic_fetch_add(&allocations, 1);
    return __real_realloc(p, size);
}

/* Plays up to max_decisions searched decisions of one game, every seat by the same search (so
 * tree reuse sees the actions between its decisions), and returns how many were searched; fails
 * on the first decision that allocated. */
static int searched_decisions_allocate_nothing(const tgame *t, const char *spec, uint64_t seed,
                                               int max_decisions)
{
    const carta_game *g = t->g;
    void *state = malloc(g->state_size), *obs = malloc(g->state_size);
    tgame_setup(t, seed, state);
    carta_mcts *m = tgame_mcts(t, spec);
    carta_error err = {0};
    int searched = 0;
    for (int d = 0; d < max_decisions; d++) {
        int seat = g->to_act(t->r, state);
        if (seat == CARTA_NO_SEAT)
            break;
        g->observe(t->r, state, seat, obs);
        carta_action a = 0;
        atomic_store(&allocations, 0);
        atomic_store(&armed, 1);
        carta_status rc = carta_mcts_search(m, obs, seat, seed + (uint64_t)d, &a);
        atomic_store(&armed, 0);
        assert_int_equal(rc, CARTA_OK);
        long n = atomic_load(&allocations);
        if (n != 0)
            fail_msg("%s, %s, decision %d: the search allocated %ld times", g->id, spec, d, n);
        carta_mcts_stats st;
        carta_mcts_last_stats(m, &st);
        searched += st.iterations > 0;
        assert_int_equal(g->apply(t->r, state, a, &err), CARTA_OK);
    }
    carta_mcts_free(m);
    free(state);
    free(obs);
    return searched;
}

static void test_search_allocates_nothing(void **unused)
{
    (void)unused;
    static const char *const specs[] = {"mcts:iters=100", "mcts:iters=100,rollout=random",
                                        "mcts:iters=100,threads=2",
                                        "mcts:iters=100,threads=2,parallel=tree",
                                        "mcts:iters=100,playout=eps:0.5"};
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    assert_true(n >= 5);
    for (int i = 0; i < n; i++)
        for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
            int searched = searched_decisions_allocate_nothing(&games[i], specs[s], 3 + s, 30);
            if (searched < 5)
                fail_msg("%s, %s: only %d decisions searched", games[i].g->id, specs[s],
                         searched);
        }
    /* Play-outs by the expert: its choices come from scratch allocated with the search. */
    for (int i = 0; i < n; i++)
        if (games[i].g->expert &&
            searched_decisions_allocate_nothing(&games[i], "mcts:iters=30,playout=expert:0.3,"
                                                "depth=4", 9, 30) < 5)
            fail_msg("%s, playout=expert: too few decisions searched", games[i].g->id);
    /* A seat's own weights (weights=FILE) are read when the AI is made, not while searching. */
    for (int i = 0; i < n; i++) {
        if (!games[i].g->n_eval_weights)
            continue; /* the template has none */
        char spec[512];
        snprintf(spec, sizeof spec, "mcts:iters=100,weights=%s/%s/ai/evaluation.yaml",
                 CARTA_DATA_DIR, games[i].g->id);
        assert_true(searched_decisions_allocate_nothing(&games[i], spec, 9, 30) >= 5);
    }
    tgame_close_all(games, n);
}

/* The counter counts: a malloc from this file, and making a search in Carta's library, while
 * armed are seen. */
static void test_counter_sees_allocations(void **unused)
{
    (void)unused;
    atomic_store(&allocations, 0);
    atomic_store(&armed, 1);
    void *volatile p = malloc(16);
    atomic_store(&armed, 0);
    free(p);
    assert_int_equal(atomic_load(&allocations), 1);

    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    assert_true(n >= 1);
    atomic_store(&allocations, 0);
    atomic_store(&armed, 1);
    carta_mcts *m = tgame_mcts(&games[0], "mcts:iters=100");
    atomic_store(&armed, 0);
    assert_true(atomic_load(&allocations) >= 3); /* the search, its workers, their arenas */
    carta_mcts_free(m);
    tgame_close_all(games, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counter_sees_allocations),
        cmocka_unit_test(test_search_allocates_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
