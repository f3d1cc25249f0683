/* test_check.c: the card census (core/census.h) names a duplicated and a missing card with its
 * seat and places; the Æmber and Leaders checks hold after setup and catch a broken counter and
 * a card moved where it cannot be (Arkhtide: test_check_arkhtide.c); High Tide's catches a card
 * in two places, a score at the target, a stray answer window and a tide that does not climb; the
 * soak runner
 * (ai/soak.h), on High Tide, reports the same failure and totals whatever the thread count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/perft.h"
#include "ai/soak.h"
#include "core/census.h"
#include "core/position.h"
#include "games/aember/state.h"
#include "games/leaders/state.h"
#include "support/tide_fixture.h"
#include "games/registry.h"

enum { ANY_CARD_COUNT = 0xFFFE }; /* card ids the census accepts here (0xFFFF is none) */

/* Opens game g's real card set; fails the test if it cannot. */
static carta_rules *open_rules(const carta_game *g)
{
    char dir[1024];
    carta_error err = {0};
    snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
    carta_rules *r = g->open(dir, &err);
    if (!r)
        fail_msg("%s: %s", g->id, err.msg);
    return r;
}

/* A fresh game of g with seats seats from seed (random decks), as `carta perft` sets it up. */
static void *new_game(const carta_game *g, const carta_rules *r, int seats, uint64_t seed)
{
    void *state = malloc(g->state_size);
    carta_error err = {0};
    if (carta_perft_setup(g, r, seed, seats, state, &err) != CARTA_OK)
        fail_msg("%s: %s", g->id, err.msg);
    return state;
}

/* The check fails, and its message holds every one of the words (NULL-terminated). */
static void expect_broken(const carta_game *g, const carta_rules *r, const void *state, ...)
{
    carta_error err = {0};
    assert_int_equal(g->check(r, state, &err), CARTA_ERR_STATE);
    va_list ap;
    va_start(ap, state);
    for (const char *w; (w = va_arg(ap, const char *));)
        if (!strstr(err.msg, w))
            fail_msg("'%s' does not say '%s'", err.msg, w);
    va_end(ap);
}

static void expect_ok(const carta_game *g, const carta_rules *r, const void *state)
{
    carta_error err = {0};
    if (g->check(r, state, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
}

/* ---- the census itself ---- */

static void test_census_names_missing_and_extra_cards(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("aember");
    carta_rules *r = open_rules(g);
    uint16_t a = (uint16_t)g->card_id(r, "Ember Hound"), b = (uint16_t)g->card_id(r, "Cinder Brute");
    uint16_t list[] = {a, a, b};
    carta_census c;
    carta_error err = {0};

    carta_census_init(&c, g, r, 2, ANY_CARD_COUNT);
    carta_census_expect(&c, 1, list, 3);
    carta_census_add(&c, 1, b, "hand");
    carta_census_add(&c, 1, a, "deck");
    carta_census_add(&c, 1, a, "discard");
    assert_int_equal(carta_census_finish(&c, &err), CARTA_OK);

    carta_census_init(&c, g, r, 2, ANY_CARD_COUNT); /* one Ember Hound too many */
    carta_census_expect(&c, 1, list, 3);
    carta_census_add_all(&c, 1, list, 3, "hand");
    carta_census_add(&c, 1, a, "purged");
    assert_int_equal(carta_census_finish(&c, &err), CARTA_ERR_STATE);
    assert_non_null(strstr(err.msg, "seat 1's 'Ember Hound' is in 3 places (hand, hand, purged)"));
    assert_non_null(strstr(err.msg, "deck list has 2"));

    carta_error_clear(&err); /* a Cinder Brute gone */
    carta_census_init(&c, g, r, 2, ANY_CARD_COUNT);
    carta_census_expect(&c, 1, list, 3);
    carta_census_add_all(&c, 1, list, 2, "deck");
    assert_int_equal(carta_census_finish(&c, &err), CARTA_ERR_STATE);
    assert_non_null(strstr(err.msg, "seat 1's 'Cinder Brute' (1 in its deck list) is nowhere"));

    carta_error_clear(&err); /* a card of a seat that is not there, and a bad card id */
    carta_census_init(&c, g, r, 2, ANY_CARD_COUNT);
    carta_census_add(&c, 2, a, "pool of seat 0");
    assert_int_equal(carta_census_finish(&c, &err), CARTA_ERR_STATE);
    assert_non_null(strstr(err.msg, "pool of seat 0 is owned by seat 2 of 2"));
    carta_error_clear(&err);
    carta_census_init(&c, g, r, 2, ANY_CARD_COUNT);
    carta_census_add(&c, 0, 0xFFFF, "hand");
    assert_int_equal(carta_census_finish(&c, &err), CARTA_ERR_STATE);
    assert_non_null(strstr(err.msg, "seat 0's hand holds card id 65535"));
    g->close(r);
}

/* ---- Æmber ---- */

static void test_aember_check_catches_lost_duplicated_and_counters(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("aember");
    carta_rules *r = open_rules(g);
    aember_state *st = new_game(g, r, 2, 5), *bad = malloc(sizeof *bad);
    expect_ok(g, r, st);
    const char *name = g->card_name(r, st->seat[1].hand.cards[0]);

    *bad = *st; /* a hand card copied into the discard pile */
    bad->seat[1].discard.cards[bad->seat[1].discard.n++] = bad->seat[1].hand.cards[0];
    expect_broken(g, r, bad, "seat 1's", name, "hand", "discard", NULL);

    *bad = *st; /* the top card of the deck lost ("nowhere", or in one place fewer) */
    name = g->card_name(r, bad->seat[0].deck.cards[bad->seat[0].deck.n - 1]);
    bad->seat[0].deck.cards[--bad->seat[0].deck.n] = 0;
    expect_broken(g, r, bad, "seat 0's", name, NULL);

    *bad = *st;
    bad->seat[0].keys = 4;
    expect_broken(g, r, bad, "seat 0 has 4 keys", NULL);
    *bad = *st;
    bad->pending.n = CARTA_PENDING_MAX + 1;
    expect_broken(g, r, bad, "25 pending frames", NULL);
    *bad = *st;
    bad->seat[1].hand.n = AEMBER_DECK_MAX + 1;
    expect_broken(g, r, bad, "seat 1's hand holds 49 cards", NULL);
    free(bad);
    free(st);
    g->close(r);
}

/* ---- Leaders ---- */

static void test_leaders_check_catches_units_events_and_counters(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("leaders");
    carta_rules *r = open_rules(g);
    leaders_state *st = new_game(g, r, 2, 3), *bad = malloc(sizeof *bad);
    expect_ok(g, r, st);

    *bad = *st; /* a Unit both in the Barracks and in the Graveyard */
    bad->seat[0].graveyard[bad->seat[0].n_graveyard++] = bad->seat[0].barracks[0];
    expect_broken(g, r, bad, "seat 0's", g->card_name(r, bad->seat[0].barracks[0]), "Barracks",
                  "Graveyard", "Domain's roster", NULL);

    *bad = *st; /* a hand card played as an Event but left in the hand too */
    bad->events[bad->n_events++] = (uint16_t)(bad->seat[1].hand.cards[0] | LEADERS_EVENT_SEAT1);
    expect_broken(g, r, bad, "seat 1's", "hand", "the Event pile", NULL);

    *bad = *st;
    bad->turn = 0;
    expect_broken(g, r, bad, "turn 0", NULL);
    *bad = *st;
    bad->n_events = LEADERS_EVENTS_MAX + 1;
    expect_broken(g, r, bad, "81 cards in the Event pile", NULL);
    free(bad);
    free(st);
    g->close(r);
}

/* ---- High Tide ---- */

static void test_template_check_catches_cards_tide_window_and_scores(void **unused)
{
    (void)unused;
    const carta_game *g = tidefx_game();
    carta_rules *r = tidefx_open();
    tide_state *st = new_game(g, r, 3, 4), *bad = malloc(sizeof *bad);
    expect_ok(g, r, st);
    const char *name = g->card_name(r, st->seat[1].hand.cards[0]);

    *bad = *st; /* a hand card copied into the discard pile */
    bad->seat[1].discard.cards[bad->seat[1].discard.n++] = bad->seat[1].hand.cards[0];
    expect_broken(g, r, bad, "seat 1's", name, "hand", "discard pile", NULL);

    *bad = *st;
    bad->seat[2].score = bad->target;
    expect_broken(g, r, bad, "player 3 has 25 points and the game goes on", NULL);
    *bad = *st;
    carta_window_open(&bad->window, 1, 3, CARTA_SEAT_BIT(0));
    expect_broken(g, r, bad, "the answer window is open in phase 0", NULL);

    /* a tide that does not climb: the lead, then a weaker answer */
    tidefx_position(r, st, "{players: [{}, {hand: [Ripple]}, {}], tide: [Squall, "
                           "{card: Maelstrom, owner: 1}]}");
    expect_ok(g, r, st);
    *bad = *st;
    bad->tide[1].card = (uint16_t)g->card_id(r, "Swell");
    bad->seat[1].deck_list.cards[1] = bad->tide[1].card; /* the census still holds */
    carta_pos_sort(bad->seat[1].deck_list.cards, bad->seat[1].deck_list.n);
    expect_broken(g, r, bad, "tide card 1 is not stronger than the one before", NULL);
    free(bad);
    free(st);
    g->close(r);
}

/* ---- the soak runner ---- */

/* High Tide with a check that breaks once seat 0 has played 5 cards (lead or answer): only an
 * action of seat 0's makes it true. */
static carta_status tide_broken_check(const carta_rules *r, const void *state, carta_error *err)
{
    const tide_state *st = state;
    int played = st->seat[0].discard.n;
    for (int i = 0; i < st->n_tide; i++)
        played += st->tide[i].owner == 0;
    if (played >= 5)
        return carta_error_set(err, CARTA_ERR_STATE, "template: seat 0 played %d cards", played);
    return tidefx_game()->check(r, state, err);
}

static void soak_tide(const carta_game *g, carta_rules *r, int threads, carta_soak_result *out,
                      carta_status want)
{
    carta_soak_settings s = {.g = g, .r = r, .n_seats = 2, .n_games = 40, .threads = threads,
                             .every = 3, .seed = 11, .ai_spec = {"random", "greedy"}};
    carta_error err = {0};
    assert_int_equal(carta_soak_run(&s, out, &err), want);
}

static void test_soak_same_result_whatever_the_threads(void **unused)
{
    (void)unused;
    const carta_game *tide = tidefx_game();
    carta_rules *r = tidefx_open();
    carta_soak_result one, two, three;
    soak_tide(tide, r, 1, &one, CARTA_OK);
    soak_tide(tide, r, 2, &two, CARTA_OK);
    assert_int_equal(one.failed, 0);
    assert_true(one.games == 40 && one.finished == 40 && one.actions > 0);
    assert_true(one.states == one.actions + one.games && one.full_states < one.states);
    assert_memory_equal(&one, &two, sizeof one);

    carta_game broken = *tide;
    broken.check = tide_broken_check;
    soak_tide(&broken, r, 1, &one, CARTA_ERR_STATE);
    soak_tide(&broken, r, 2, &two, CARTA_ERR_STATE);
    soak_tide(&broken, r, 3, &three, CARTA_ERR_STATE);
    assert_int_equal(one.failed, 1);
    assert_non_null(strstr(one.failure.err.msg, "template: seat 0 played 5 cards"));
    assert_true(one.failure.action > 0 && one.failure.seat == 0);
    assert_true(one.games == one.failure.game + 1);
    assert_int_equal(one.failure.seed, carta_soak_game_seed(11, one.failure.game));
    assert_memory_equal(&one, &two, sizeof one);
    assert_memory_equal(&one, &three, sizeof one);
    tide->close(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_census_names_missing_and_extra_cards),
        cmocka_unit_test(test_aember_check_catches_lost_duplicated_and_counters),
        cmocka_unit_test(test_leaders_check_catches_units_events_and_counters),
        cmocka_unit_test(test_template_check_catches_cards_tide_window_and_scores),
        cmocka_unit_test(test_soak_same_result_whatever_the_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
