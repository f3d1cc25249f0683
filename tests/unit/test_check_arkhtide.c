/* test_check_arkhtide.c: the Arkhtide check holds after setup and catches a card in two places
 * (a Realm harvested into another seat's pool), a lost card and broken counters; with every piece
 * slot taken, no Unit is offered (it would leave the hand and go nowhere). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/perft.h"
#include "games/arkhtide/arkhtide.h"
#include "support/arkhtide_fixture.h"
#include "support/test_actions.h"

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

static void test_arkhtide_check_catches_pool_and_counters(void **unused)
{
    (void)unused;
    const carta_game *g = &carta_game_arkhtide;
    carta_rules *r = open_rules(g);
    ark_state *st = new_game(g, r, 4, 9), *bad = malloc(sizeof *bad);
    expect_ok(g, r, st);

    *bad = *st; /* a Realm Deck card harvested into seat 3's pool, but still in the deck */
    ark_pool_push(&bad->seat[3], bad->seat[1].realm_deck.cards[0], 1);
    expect_broken(g, r, bad, "seat 1's", "Realm Deck", "pool of seat 3", NULL);

    *bad = *st; /* ... and recorded as seat 3's own card: seat 1 lost it */
    uint16_t realm = carta_zone_take(CARTA_ZONE_REF(&bad->seat[1].realm_deck), 0, NULL);
    ark_pool_push(&bad->seat[3], realm, 3);
    expect_broken(g, r, bad, g->card_name(r, realm), NULL);

    *bad = *st;
    bad->seat[2].willpower = 120;
    expect_broken(g, r, bad, "seat 2 has 120 Willpower", NULL);
    *bad = *st;
    bad->seat[0].arkhe = (uint8_t)(bad->seat[0].arkhe_max + 1);
    expect_broken(g, r, bad, "seat 0 has 10 of 9 Arkh", NULL);
    *bad = *st;
    bad->pieces[0].owner = 4;
    expect_broken(g, r, bad, "belongs to seat 4", NULL);
    free(bad);
    free(st);
    g->close(r);
}

/* With every piece slot taken, playing a Unit would take the card from the hand and put it
 * nowhere: the legal list must not offer it (a Metamorphosis, which frees a slot, aside). */
static void test_arkhtide_full_board_offers_no_unit(void **unused)
{
    (void)unused;
    carta_rules *cards, *data;
    assert_int_equal(arkfx_open(&cards, &data), 0);
    const carta_game *g = &carta_game_arkhtide;
    ark_state *st = calloc(1, sizeof *st);
    arkfx_blank(cards, st);
    st->phase = ARK_PHASE_PREPARATION;
    while (st->n_pieces < ARK_PIECE_MAX)
        arkfx_put(cards, st, st->n_pieces % 2, "Test Grunt", ARK_LOC_SAFE);
    uint16_t grunt = tact_card(g, cards, "Test Grunt");
    carta_zone_push(CARTA_ZONE_REF(&st->seat[0].hand), grunt, 0);
    carta_action legal[CARTA_MAX_ACTIONS];
    int n = g->legal_actions(cards, st, legal);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(ARK_ACT_KIND(legal[i]), ARK_A_UNIT);
    free(st);
    arkfx_close(cards, data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_arkhtide_check_catches_pool_and_counters),
        cmocka_unit_test(test_arkhtide_full_board_offers_no_unit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
