/* test_arkhtide_engine.c: the Arkhtide engine's mechanics, each test citing the rulebook passage
 * (../shared/rulebooks/arkhtide.txt) it checks, plus random self-play for 2 to 5 players, illegal
 * actions, observe and determinize. Cards: tests/unit/arkhtide_test_cards.yaml. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/outcome.h"
#include "games/arkhtide/arkhtide.h"
#include "support/arkhtide_fixture.h"
#include "support/test_actions.h"

extern const carta_game carta_game_arkhtide;
static const carta_game *G = &carta_game_arkhtide;
static carta_rules *R;      /* the test cards */
static carta_rules *RDATA;  /* the real card set (data/arkhtide) */

static int group_setup(void **unused) { (void)unused; return arkfx_open(&R, &RDATA); }
static int group_teardown(void **unused) { (void)unused; arkfx_close(R, RDATA); return 0; }

/* ---- positions on the test cards (support/arkhtide_fixture.h) ---- */

static uint16_t card(const char *name) { return tact_card(G, R, name); }
static void blank(ark_state *st) { arkfx_blank(R, st); }

static int put(ark_state *st, int seat, const char *name, int loc)
{
    return arkfx_put(R, st, seat, name, loc);
}

static void hand(ark_state *st, int seat, const char *name)
{
    carta_zone_push(CARTA_ZONE_REF(&st->seat[seat].hand), card(name), 0);
}

static void act(ark_state *st, const char *text) { tact_apply(G, R, st, text); }
static bool has_action(const ark_state *st, const char *text) { return tact_has(G, R, st, text); }

/* Shielding: "If a unit is dealt 4 Damage and has 3 Block, it will only suffer 1 Wound." */
static void test_four_damage_three_block_one_wound(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    put(&st, 0, "Test Brute", 1);
    int g = put(&st, 1, "Test Grunt", 1);
    hand(&st, 1, "Test Shield");
    act(&st, "strike Test Brute -> Test Grunt melee");
    assert_int_equal(G->to_act(R, &st), 1); /* P1 has no card: P2 may amplify */
    act(&st, "no");
    act(&st, "shield with Test Shield");
    assert_int_equal(st.pieces[g].wounds, 1);
    assert_int_equal(st.pieces[g].block, 3);
    assert_int_equal(st.seat[1].arkhe, 8);
    assert_int_equal(st.seat[1].chronicle.n, 1);
    assert_int_equal(st.seat[1].willpower, 13); /* Shielding costs no Willpower */
    assert_true(st.pieces[0].flags & ARK_P_SEEKER);
}

/* Halving: "if an effect halves a Damage value of 5, the resulting Damage is 3." */
static void test_halving_five_gives_three(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    put(&st, 0, "Test Titan", 1);
    int h = put(&st, 1, "Test Halver", 1);
    act(&st, "strike Test Titan -> Test Halver melee");
    act(&st, "react Test Halver ability 1");
    assert_int_equal(st.pieces[h].wounds, 3);
    assert_int_equal(st.pieces[h].locked, 1); /* the Reaction is Locked for the Round */
}

/* Seeker Damage: "Seekers ... suffer exactly 1 point of Willpower loss, regardless of the number
 * of Wounds"; Amplify: the active player decides first, +1 once. */
static void test_seeker_wounded_for_four_loses_one(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    put(&st, 0, "Test Brute", 1);
    hand(&st, 0, "Test Grunt");
    hand(&st, 1, "Test Grunt");
    act(&st, "strike Test Brute -> Blue Seeker melee");
    assert_int_equal(G->to_act(R, &st), 0);
    act(&st, "amplify with Test Grunt"); /* 5 Damage now; P2 is not asked */
    assert_int_equal(st.seat[1].willpower, 12);
    assert_int_equal(st.seat[0].hand.n, 0);
    assert_int_equal(st.seat[1].hand.n, 1);
    assert_int_equal(st.seat[0].willpower, 13); /* amplifying costs no Willpower */
}

/* Both players reach 13+ Quintessence at once: more Quintessence wins, then more Willpower,
 * else a True Tie ("How do you win the game?"). */
static void harvest_both(ark_state *st, int q0, int q1, int wp1)
{
    blank(st);
    st->seat[0].quintessence = (uint8_t)q0;
    st->seat[1].quintessence = (uint8_t)q1;
    st->seat[1].willpower = (int8_t)wp1;
    act(st, "pass");
    act(st, "pass");
    assert_int_equal(st->phase, ARK_PHASE_HARVEST);
    act(st, "harvest Test Realm");   /* P1's Seeker alone: +3 */
    assert_int_equal(st->phase, ARK_PHASE_HARVEST); /* the Harvest Phase exception */
    act(st, "harvest Low Realm");    /* P2's Seeker alone: +4; the Neutral Realm is removed */
}

static void test_both_thirteen_quintessence(void **unused)
{
    (void)unused;
    ark_state st;
    harvest_both(&st, 10, 10, 13); /* 13 against 14 */
    assert_int_equal(st.phase, ARK_PHASE_OVER);
    assert_int_equal(carta_outcome_winner(G, R, &st, 2), 1);
    harvest_both(&st, 10, 9, 12); /* 13 each: P1 has more Willpower */
    assert_int_equal(carta_outcome_winner(G, R, &st, 2), 0);
    harvest_both(&st, 10, 9, 13); /* 13 each, 13 Willpower each: True Tie */
    assert_int_equal(st.phase, ARK_PHASE_OVER);
    assert_int_equal(carta_outcome_winner(G, R, &st, 2), CARTA_NO_SEAT);
    assert_true(st.result & ARK_R_TRUE_TIE);
    double ret[2];
    G->returns(R, &st, ret);
    assert_true(ret[0] == 0.5 && ret[1] == 0.5);
}

/* Willpower Defeat: a player with 13+ Quintessence but 0 Willpower loses. */
static void test_zero_willpower_loses_despite_quintessence(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    st.seat[1].quintessence = 15;
    st.seat[1].willpower = 1;
    put(&st, 0, "Test Brute", 1);
    act(&st, "strike Test Brute -> Blue Seeker melee");
    assert_int_equal(st.phase, ARK_PHASE_OVER);
    assert_int_equal(carta_outcome_winner(G, R, &st, 2), 0);
}

/* Critically Wounded: fewer than half its maximum Health remaining; it dies at Harvest, the
 * others are extracted for 1 Quintessence each. */
static void test_extraction_and_critical_wounds(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    int a = put(&st, 0, "Test Grunt", 0); /* Health 4 */
    int b = put(&st, 0, "Test Grunt", 0);
    st.pieces[a].wounds = 2;               /* 2 left of 4: not fewer than half */
    st.pieces[b].wounds = 3;               /* 1 left of 4: Critically Wounded */
    act(&st, "pass");
    act(&st, "pass");
    act(&st, "harvest Test Realm");
    act(&st, "harvest Low Realm");
    assert_int_equal(st.phase, ARK_PHASE_REGROUP);
    assert_int_equal(st.seat[0].quintessence, 3 + 1); /* the Realm and one extracted Grunt */
    assert_int_equal(st.seat[0].chronicle.n, 1);      /* the other died */
    assert_int_equal(st.seat[0].pool.n, 2);
}

/* INNATE: invoking a non-Innate card costs 1 Willpower; Bindings modify Health. */
static void test_non_innate_binding_costs_willpower(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    st.phase = ARK_PHASE_PREPARATION;
    int g = put(&st, 0, "Test Grunt", 0);
    hand(&st, 0, "Blue Ward");
    act(&st, "bind Blue Ward to Test Grunt");
    assert_int_equal(st.seat[0].willpower, 12);
    assert_int_equal(st.seat[0].arkhe, 8);
    assert_int_equal(ark_stat(R, &st, g, ARK_STAT_HEALTH), 6);
}

/* Realm Phase: picks are face down until every player has picked (observe hides them). */
static void test_realm_pick_hidden_until_reveal(void **unused)
{
    (void)unused;
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = 2;
    config.seed = 5;
    for (int s = 0; s < 2; s++) {
        carta_deck *d = &config.decks[s];
        d->cards[d->n_cards++] = card(s ? "Blue Seeker" : "Test Seeker");
        for (int i = 0; i < 10; i++)
            d->cards[d->n_cards++] = card("Test Grunt");
        d->cards[d->n_cards++] = card("Test Realm");
        d->cards[d->n_cards++] = card("Low Realm");
    }
    ark_state st, obs;
    carta_error err;
    carta_error_clear(&err);
    assert_int_equal(G->setup(R, &st, &config, &err), CARTA_OK);
    assert_int_equal(st.seat[0].hand.n, 6); /* draw to 6 */
    act(&st, "done"); /* Round 1: nothing to discard; P1 keeps its hand (no mulligan) */
    act(&st, "done"); /* P2 too */
    assert_int_equal(st.phase, ARK_PHASE_REALM);
    assert_int_equal(st.seat[0].look.n, 2);
    act(&st, "pick Low Realm");
    act(&st, "return Test Realm to the bottom");
    assert_int_equal(st.seat[0].pick, card("Low Realm"));
    G->observe(R, &st, 1, &obs);
    assert_int_equal(obs.seat[0].pick, ARK_UNKNOWN);
    assert_int_equal(obs.seat[1].look.cards[0] != ARK_UNKNOWN, 1); /* its own looked-at cards */
    G->observe(R, &st, 0, &obs);
    assert_int_equal(obs.seat[0].pick, card("Low Realm"));
    assert_int_equal(obs.seat[1].look.cards[0], ARK_UNKNOWN);
    act(&st, "pick Test Realm");
    act(&st, "return Low Realm to the top");
    /* revealed: P2's Test Realm (Initiative 5) beats Low Realm (1): P2 chooses who is first */
    assert_int_equal(st.realms[0].card, card("Low Realm"));
    assert_int_equal(st.realms[1].card, card("Test Realm"));
    assert_int_equal(st.realms[ARK_NEUTRAL_SLOT].card, card("Test Neutral"));
    assert_int_equal(st.phase, ARK_PHASE_INITIATIVE);
    assert_int_equal(G->to_act(R, &st), 1);
    act(&st, "first P1");
    assert_int_equal(st.phase, ARK_PHASE_PREPARATION);
    assert_false(has_action(&st, "prepared")); /* the Seeker is still in the Safe Zone */
    act(&st, "move Test Seeker to Low Realm");
    assert_int_equal(G->to_act(R, &st), 1); /* one action per Turn: P2's Turn now */
    act(&st, "move Blue Seeker to Test Realm");
    act(&st, "prepared"); /* P1 is Prepared first: it starts Combat */
    act(&st, "prepared");
    assert_int_equal(st.phase, ARK_PHASE_COMBAT);
    assert_int_equal(st.combat_first, 0);
}

/* Passing: the Combat Phase ends when one passes and all others pass consecutively; an action
 * in between lets the first passer act again. */
static void test_combat_ends_on_consecutive_passes(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    put(&st, 1, "Test Grunt", 1);
    act(&st, "pass");
    act(&st, "assist Test Grunt");
    act(&st, "end turn");
    assert_int_equal(st.phase, ARK_PHASE_COMBAT);
    act(&st, "pass");
    assert_int_equal(st.phase, ARK_PHASE_COMBAT);
    act(&st, "pass");
    assert_int_equal(st.phase, ARK_PHASE_HARVEST);
}

/* ---- random self-play on the real card set ---- */

static void random_game(int n_seats, uint64_t seed, int *length)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = n_seats;
    config.seed = seed;
    carta_error err;
    carta_error_clear(&err);
    for (int s = 0; s < n_seats; s++)
        if (G->deck_resolve(RDATA, "random", seed * 31 + (uint64_t)s, &config.decks[s], &err) !=
            CARTA_OK)
            fail_msg("deck: %s", err.msg);
    ark_state *st = malloc(sizeof *st), *obs = malloc(sizeof *st);
    if (G->setup(RDATA, st, &config, &err) != CARTA_OK)
        fail_msg("setup: %s", err.msg);
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    int n, moves = 0;
    char buf[256];
    while ((n = G->legal_actions(RDATA, st, legal)) > 0) {
        int seat = G->to_act(RDATA, st);
        assert_true(seat >= 0 && seat < n_seats);
        assert_false(st->seat[seat].flags & ARK_S_ELIMINATED);
        /* distinct texts */
        if (moves % 7 == 0)
            for (int i = 0; i < n; i++) {
                char other[256];
                G->describe_action(RDATA, st, legal[i], buf, sizeof buf);
                for (int j = i + 1; j < n; j++) {
                    G->describe_action(RDATA, st, legal[j], other, sizeof other);
                    if (strcmp(buf, other) == 0)
                        fail_msg("two actions read '%s'", buf);
                }
            }
        G->observe(RDATA, st, seat, obs);
        carta_action a = legal[carta_rng_below(&rng, (uint32_t)n)];
        if (G->apply(RDATA, st, a, &err) != CARTA_OK)
            fail_msg("legal action refused: %s", err.msg);
        if (++moves > 200000)
            fail_msg("game did not end");
    }
    assert_int_equal(st->phase, ARK_PHASE_OVER);
    double ret[ARK_SEATS], sum = 0;
    G->returns(RDATA, st, ret);
    for (int s = 0; s < n_seats; s++)
        sum += ret[s];
    assert_true(sum > 0.99 && sum < 1.01);
    *length = moves;
    if (getenv("ARK_DEBUG")) {
        printf("# round %d winner %d:", st->round, st->winner);
        for (int s = 0; s < n_seats; s++)
            printf(" P%d wp %d q %d;", s + 1, st->seat[s].willpower, st->seat[s].quintessence);
        printf("\n");
    }
    free(st);
    free(obs);
}

static void test_random_self_play(void **unused)
{
    (void)unused;
    for (int seats = 2; seats <= 5; seats++) {
        long total = 0;
        for (uint64_t seed = 1; seed <= 30; seed++) {
            int len;
            random_game(seats, seed, &len);
            total += len;
        }
        printf("# %d seats: %ld actions in 30 games\n", seats, total);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_four_damage_three_block_one_wound),
        cmocka_unit_test(test_halving_five_gives_three),
        cmocka_unit_test(test_seeker_wounded_for_four_loses_one),
        cmocka_unit_test(test_both_thirteen_quintessence),
        cmocka_unit_test(test_zero_willpower_loses_despite_quintessence),
        cmocka_unit_test(test_extraction_and_critical_wounds),
        cmocka_unit_test(test_non_innate_binding_costs_willpower),
        cmocka_unit_test(test_realm_pick_hidden_until_reveal),
        cmocka_unit_test(test_combat_ends_on_consecutive_passes),
        cmocka_unit_test(test_random_self_play),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
