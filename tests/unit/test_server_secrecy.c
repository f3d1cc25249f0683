/* test_server_secrecy.c: what `carta serve` sends a seat is a function of what that seat may see
 * (docs/protocol.md, "Nothing hidden leaks"), proved by difference, not by reading the messages:
 * along games of every rule system, the table's true state is swapped for a twin that differs
 * only in what the seat cannot see (the unknowns filled again at random, every unused slot
 * holding a canary, the hidden parts of the last events scrambled), and the seat's whole "state"
 * message (view, events as lines, legal actions and their parts, players) must be the same to
 * the byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "core/layout.h"
#include "core/rng.h"
#include "games/registry.h"
#include "server/table.h"

enum { STEPS = 240, EVERY = 6 };

/* The "state" message for seat as compact JSON text (malloc'd). */
static char *message(const srv_table *t, int seat)
{
    json_t *m = srv_table_state(t, seat);
    assert_non_null(m);
    char *text = json_dumps(m, JSON_COMPACT);
    json_decref(m);
    assert_non_null(text);
    return text;
}

/* seat's message from t, and from t with its state swapped for a twin differing only in what
 * seat cannot see: the same bytes. */
static void same_to(srv_table *t, int seat, uint64_t salt, void *twin)
{
    const carta_game *g = t->g;
    char *truth = message(t, seat);
    memcpy(twin, t->state, g->state_size);
    g->determinize(t->r, twin, seat, carta_mix64(salt));
    const carta_layout *l = g->layout ? g->layout(t->r) : NULL;
    if (l) {
        carta_rng rng;
        carta_rng_seed(&rng, salt ^ 0xca7a);
        carta_layout_canary(l, twin, &rng);
        carta_layout_scramble_events(l, twin, seat, salt ^ 0xe7e7);
    }
    void *real = t->state;
    t->state = twin;
    char *seen = message(t, seat);
    t->state = real;
    if (strcmp(truth, seen)) {
        size_t at = 0;
        while (truth[at] == seen[at])
            at++;
        at = at > 60 ? at - 60 : 0;
        fail_msg("%s, step %d: player %d's message changes when only what it cannot see "
                 "changes:\n  %.160s\n  %.160s", g->id, t->rec.n_actions, seat + 1, truth + at,
                 seen + at);
    }
    free(truth);
    free(seen);
}

/* A table of g with n people, played at random; every EVERY steps each seat's message is
 * checked against a twin's. */
static void check_game(const char *id, int n, uint64_t seed)
{
    const carta_game *g = carta_game_find(id);
    assert_non_null(g);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, id);
    carta_error err = {0};
    carta_rules *r = g->open(dir, &err);
    if (!r)
        fail_msg("%s: %s", id, err.msg);
    carta_config config = {.n_seats = n, .seed = seed};
    srv_seat seats[CARTA_MAX_SEATS] = {{0}};
    for (int i = 0; i < n; i++)
        if (g->deck_resolve(r, "random", seed ^ (uint64_t)(i + 1), &config.decks[i], &err))
            fail_msg("%s: %s", id, err.msg);
    srv_table *t = srv_table_new(g, r, &config, seats, &err);
    if (!t)
        fail_msg("%s: %s", id, err.msg);
    void *twin = malloc(g->state_size);
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    int checked = 0;
    for (int step = 0; step < STEPS && !srv_table_over(t); step++) {
        if (step % EVERY == 0)
            for (int seat = 0; seat < n; seat++, checked++)
                same_to(t, seat, seed * 1000 + (uint64_t)step * 8 + (uint64_t)seat, twin);
        int seat = srv_table_to_act(t), applied = 0;
        json_t *m = srv_table_state(t, seat);
        int choices = (int)json_array_size(json_object_get(m, "legal"));
        json_decref(m);
        assert_true(choices > 0);
        if (srv_table_act(t, seat, (int)carta_rng_below(&rng, (uint32_t)choices), &applied,
                          &err) != CARTA_OK)
            fail_msg("%s: %s", id, err.msg);
    }
    assert_true(checked > 0);
    free(twin);
    srv_table_free(t);
    g->close(r);
}

static void test_aember(void **unused)
{
    (void)unused;
    check_game("aember", 2, 11);
    check_game("aember", 2, 12);
}

static void test_arkhtide(void **unused)
{
    (void)unused;
    check_game("arkhtide", 2, 13);
    check_game("arkhtide", 4, 14);
}

static void test_leaders(void **unused)
{
    (void)unused;
    check_game("leaders", 2, 15);
}

static void test_essence(void **unused)
{
    (void)unused;
    check_game("essence", 2, 16);
    check_game("essence", 3, 17);
}

static void test_archmajesty(void **unused)
{
    (void)unused;
    check_game("archmajesty", 2, 18);
    check_game("archmajesty", 4, 19);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aember),       cmocka_unit_test(test_arkhtide),
        cmocka_unit_test(test_leaders),      cmocka_unit_test(test_essence),
        cmocka_unit_test(test_archmajesty),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
