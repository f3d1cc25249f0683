/* test_arkhtide_events.c: what Arkhtide tells each seat an action did, as events (core/event.h):
 * the lines a seat reads and the structured fields behind them, for a harvest, Willpower lost, a
 * Wound with a Block, a death, a hidden draw, a face-down Realm pick, an elimination and the end
 * of the game; each test cites the rulebook passage (../shared/rulebooks/arkhtide.txt, section
 * heading) it tells. Positions: tests/unit/support/arkhtide_fixture.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "core/event.h"
#include "core/view.h"
#include "games/arkhtide/arkhtide.h"
#include "support/arkhtide_fixture.h"
#include "support/test_actions.h"
#include "support/event_fixture.h"

static const carta_game *G = &carta_game_arkhtide;
static carta_rules *R;     /* the test cards */
static carta_rules *RDATA; /* the real card set (unused here; the fixture opens both) */

static int group_setup(void **unused) { (void)unused; return arkfx_open(&R, &RDATA); }
static int group_teardown(void **unused) { (void)unused; arkfx_close(R, RDATA); return 0; }

static int card(const char *name) { return tact_card(G, R, name); }
static void blank(ark_state *st) { arkfx_blank(R, st); }
static int put(ark_state *st, int seat, const char *name, int loc)
{
    return arkfx_put(R, st, seat, name, loc);
}
static void hand(ark_state *st, int seat, const char *name)
{
    carta_zone_push(CARTA_ZONE_REF(&st->seat[seat].hand), (uint16_t)card(name), 0);
}
static void act(ark_state *st, const char *text) { tact_apply(G, R, st, text); }

/* What seat is told of the last apply, and its first event of a kind (support/event_fixture.h). */
static const char *told(const ark_state *st, int seat) { return evfx_told(G, R, st, seat); }
static const carta_event *find(const ark_state *st, int kind) { return evfx_find(G, R, st, kind); }

static const char *word(int w) { return ark_event_word(R, w); }

/* arkhtide.txt, "Harvest Phase" (HARVESTING A REALM): "The player with the highest total Soul
 * harvests the Realm, gains its Quintessence value, and places the Realm card into their
 * Quintessence Pool." */
static void test_harvest_tells_quintessence(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    act(&st, "pass");
    act(&st, "pass");
    assert_string_equal(told(&st, 1), "you pass\nplayer 1 starts the Harvest Phase\n");
    act(&st, "harvest Test Realm"); /* P1's Seeker (Soul 2) alone on it: +3 */
    assert_string_equal(told(&st, 1), "player 1 harvests Test Realm\n"
                                      "player 1 gains 3 Quintessence (Test Realm) "
                                      "(player 1: 0 -> 3)\n");
    assert_string_equal(told(&st, 0), "you harvest Test Realm\n"
                                      "you gain 3 Quintessence (Test Realm) (you: 0 -> 3)\n");
    const carta_event *c = find(&st, CARTA_EV_COUNTER);
    assert_int_equal(c->seat, 0);
    assert_string_equal(word(c->word), "Quintessence");
    assert_int_equal(c->amount, 3);
    assert_int_equal(c->value, 3);
    assert_int_equal(carta_event_card_id(c->card), card("Test Realm"));
    const carta_event *m = find(&st, CARTA_EV_MOVE);
    assert_string_equal(word(m->from), "play");
    assert_string_equal(word(m->to), "Quintessence Pool");
}

/* arkhtide.txt, "Dealing Damage", step APPLY WOUNDS: "When a Seeker would suffer one or more
 * Wound, it instead causes its controller to lose exactly 1 Willpower". */
static void test_seeker_wound_tells_willpower_lost(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    put(&st, 0, "Test Brute", 1); /* Melee 4, on P2's Low Realm with its Seeker */
    act(&st, "strike Test Brute -> Blue Seeker melee"); /* no hand: nobody may Amplify */
    assert_string_equal(told(&st, 1), "Test Brute makes a Melee Attack on Blue Seeker\n"
                                      "Blue Seeker takes 4 damage from Test Brute\n"
                                      "you lose 1 Willpower (you: 13 -> 12)\n");
    const carta_event *f = find(&st, CARTA_EV_FIGHT);
    assert_int_equal(f->seat, 0);
    assert_int_equal(f->other, 1);
    assert_string_equal(word(f->word), "makes a Melee Attack on");
    const carta_event *c = find(&st, CARTA_EV_COUNTER);
    assert_int_equal(c->seat, 1);
    assert_string_equal(word(c->word), "Willpower");
    assert_int_equal(c->amount, -1);
    assert_int_equal(c->value, 12);
}

/* arkhtide.txt, "Shielding": "The incoming damage will only inflict as many Wound as many Damage
 * is not blocked. (If a unit is dealt 4 Damage and has 3 Block, it will only suffer 1 Wound.)";
 * "Amplify Damage": "If they decide not to, the next player ... has the opportunity". */
static void test_block_tells_damage_prevented(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    put(&st, 0, "Test Brute", 1);
    put(&st, 1, "Test Grunt", 1);
    hand(&st, 1, "Test Shield");
    act(&st, "strike Test Brute -> Test Grunt melee");
    assert_string_equal(told(&st, 0), "Test Brute makes a Melee Attack on Test Grunt\n");
    act(&st, "no");
    assert_string_equal(told(&st, 0), "player 2 declines to Amplify the Damage to Test Grunt\n");
    act(&st, "shield with Test Shield");
    assert_string_equal(told(&st, 0), "player 2 shields with Test Shield -> Test Grunt\n"
                                      "player 2 loses 1 Arkh\xc3\xa9 (Test Shield) "
                                      "(player 2: 9 -> 8)\n"
                                      "Test Grunt takes 1 damage from Test Brute (3 prevented)\n");
    const carta_event *d = find(&st, CARTA_EV_DAMAGE);
    assert_int_equal(carta_event_card_id(d->card), card("Test Grunt"));
    assert_int_equal(carta_event_card_id(d->target), card("Test Brute"));
    assert_int_equal(d->seat, 1);
    assert_int_equal(d->amount, 1);
    assert_int_equal(d->value, 3);
}

/* arkhtide.txt, "Dealing Damage", step DEATH OF UNITS: "Units die when they have suffered equal
 * or more Wounds than they have Health. Put the dead Units into their owner's Chronicle". */
static void test_death_told(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    put(&st, 0, "Test Brute", 1);
    put(&st, 1, "Test Archer", 1); /* Health 3 */
    act(&st, "strike Test Brute -> Test Archer melee");
    assert_string_equal(told(&st, 1), "Test Brute makes a Melee Attack on Test Archer\n"
                                      "Test Archer takes 4 damage from Test Brute\n"
                                      "Test Archer is destroyed\n");
    const carta_event *d = find(&st, CARTA_EV_DESTROYED);
    assert_int_equal(d->seat, 1);
    assert_int_equal(carta_event_card_id(d->card), card("Test Archer"));
    assert_int_equal(st.seat[1].chronicle.cards[0], card("Test Archer"));
}

/* Setup with distinct Main Deck cards and two Realms each (test_arkhtide_engine.c's opening). */
static void opening(ark_state *st)
{
    static const char *const main_deck[] = {"Test Grunt", "Test Archer", "Test Brute",
                                            "Test Titan", "Test Halver", "Test Grunt",
                                            "Test Archer", "Test Brute"};
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = 2;
    config.seed = 5;
    for (int s = 0; s < 2; s++) {
        carta_deck *d = &config.decks[s];
        d->cards[d->n_cards++] = (uint16_t)card(s ? "Blue Seeker" : "Test Seeker");
        for (int i = 0; i < 8; i++)
            d->cards[d->n_cards++] = (uint16_t)card(main_deck[i]);
        d->cards[d->n_cards++] = (uint16_t)card("Test Realm");
        d->cards[d->n_cards++] = (uint16_t)card("Low Realm");
    }
    carta_error err;
    carta_error_clear(&err);
    assert_int_equal(G->setup(R, st, &config, &err), CARTA_OK);
}

/* arkhtide.txt, "Resource Phase", DRAW CARDS: "Each player then draws cards from their Main Deck
 * until they have 6 cards in hand": the other seats are told how many, the drawer which. */
static void test_draw_hidden_from_others(void **unused)
{
    (void)unused;
    ark_state st, obs;
    opening(&st);
    char mine[256] = "";
    for (int i = 0; i < st.seat[0].hand.n; i++)
        snprintf(mine + strlen(mine), sizeof mine - strlen(mine), "%s%s", i ? ", " : "",
                 G->card_name(R, st.seat[0].hand.cards[i]));
    char expect[512];
    snprintf(expect, sizeof expect, "-- round 1: you --\n"
                                    "you start the Resource Phase\n"
                                    "you draw %s\n", mine);
    assert_string_equal(told(&st, 0), expect);
    assert_string_equal(told(&st, 1), "-- round 1: player 1 --\n"
                                      "player 1 starts the Resource Phase\n"
                                      "player 1 draws 6 cards\n");
    G->observe(R, &st, 1, &obs);
    const carta_event *m = &obs.events.ev[2];
    assert_int_equal(m->kind, CARTA_EV_MOVE);
    assert_int_equal(m->card, CARTA_EV_HIDDEN);
    assert_int_equal(m->seen, CARTA_SEAT_BIT(0));
    assert_string_equal(word(m->word), "draws");
    assert_string_equal(word(m->from), "Main Deck");
    assert_string_equal(word(m->to), "hand");
    G->observe(R, &st, 0, &obs);
    assert_int_equal(carta_event_card_id(obs.events.ev[2].card), st.seat[0].hand.cards[0]);
}

/* arkhtide.txt, "Realm Phase", REVEAL REALMS: each player "Chooses 1 Realm card" and "Places it
 * face down"; DETERMINE INITIATIVE: "All chosen Realm cards are revealed." */
static void test_realm_pick_face_down(void **unused)
{
    (void)unused;
    ark_state st, obs;
    opening(&st);
    act(&st, "done"); /* P1 keeps its hand */
    act(&st, "done"); /* P2 too: the Realm Phase */
    /* "Resolve the following steps simultaneously": both look at once, before either picks */
    assert_string_equal(told(&st, 1), "player 1 starts the Realm Phase\n"
                                      "player 1 looks at 2 cards\n"
                                      "you look at Test Realm, Low Realm\n");
    act(&st, "pick Low Realm");
    assert_string_equal(told(&st, 0), "you pick face down: Low Realm\n");
    assert_string_equal(told(&st, 1), "player 1 picks face down: a card\n");
    G->observe(R, &st, 1, &obs);
    assert_int_equal(obs.events.ev[0].card, CARTA_EV_HIDDEN);
    assert_string_equal(word(obs.events.ev[0].to), "face down");
    /* what seat 2 is told does not depend on the card picked */
    ark_state twin = st;
    carta_layout_scramble_events(G->layout(R), &twin, 1, 42);
    assert_memory_not_equal(&twin.events, &st.events, sizeof st.events);
    ark_state twin_obs;
    G->observe(R, &twin, 1, &twin_obs);
    assert_memory_equal(&twin_obs.events, &obs.events, sizeof obs.events);
    act(&st, "return Test Realm to the bottom");
    assert_string_equal(told(&st, 0), "you return to the bottom of the Realm Deck: Test Realm\n");
    assert_string_equal(told(&st, 1), "player 1 returns to the bottom of the Realm Deck: a card\n");
    act(&st, "pick Test Realm");
    act(&st, "return Low Realm to the top");
    assert_string_equal(told(&st, 0), "player 2 returns to the top of the Realm Deck: a card\n"
                                      "you reveal Low Realm\n"
                                      "player 2 reveals Test Realm\n"
                                      "player 2 has the highest Initiative\n");
}

/* A Desperate Measures game of three: each Seeker on its own Realm (slots 0..2), no Neutral
 * Realm; player 2 (seat 1) has 1 Willpower left. */
static void desperate(ark_state *st)
{
    blank(st);
    st->mode = ARK_MODE_DESPERATE;
    st->n_seats = 3;
    st->realms[ARK_NEUTRAL_SLOT] = (ark_realm){ARK_NO_CARD, -1, 0, {0}, 0};
    st->realms[2] = (ark_realm){(uint16_t)card("Test Realm"), 2, 0, {0}, 0};
    ark_seat *se = &st->seat[2];
    se->seeker = (uint16_t)card("Blue Seeker");
    se->willpower = ARK_WILLPOWER;
    se->arkhe = se->arkhe_max = ARK_ARKHE;
    se->pick = ARK_NO_CARD;
    assert_non_null(ark_place(st, 2, se->seeker, 2, ARK_P_SEEKER));
    st->seat[1].willpower = 1;
}

/* arkhtide.txt, "Desperate Measures – Free for all", Elimination: "When a player's Willpower is
 * reduced to 0, that player is immediately eliminated from the game. Their Seeker, Units, and
 * Bindings are placed into their Chronicle". */
static void test_elimination_in_desperate_measures(void **unused)
{
    (void)unused;
    ark_state st;
    desperate(&st);
    put(&st, 0, "Test Brute", 1);
    act(&st, "strike Test Brute -> Blue Seeker#2 melee"); /* uid 2: player 2's Seeker */
    assert_true(st.seat[1].flags & ARK_S_ELIMINATED);
    assert_int_not_equal(st.phase, ARK_PHASE_OVER); /* two Seekers still stand */
    assert_string_equal(told(&st, 2), "Test Brute makes a Melee Attack on Blue Seeker\n"
                                      "Blue Seeker takes 4 damage from Test Brute\n"
                                      "player 2 loses 1 Willpower (player 2: 1 -> 0)\n"
                                      "player 2 is out of the game: Willpower reduced to 0\n"
                                      "player 2: Blue Seeker from play to Chronicle\n");
    assert_string_equal(told(&st, 1), "Test Brute makes a Melee Attack on Blue Seeker\n"
                                      "Blue Seeker takes 4 damage from Test Brute\n"
                                      "you lose 1 Willpower (you: 1 -> 0)\n"
                                      "you are out of the game: Willpower reduced to 0\n"
                                      "you: Blue Seeker from play to Chronicle\n");
    const carta_event *e = find(&st, CARTA_EV_ELIMINATED);
    assert_int_equal(e->seat, 1);
    assert_string_equal(word(e->word), "Willpower reduced to 0");
}

/* The end event of the last apply and the view's "end" key for seat agree; returns the word. */
static const char *end_told(const ark_state *st, int seat)
{
    static char said[64];
    static ark_state obs;
    const carta_event *e = find(st, st->winner >= 0 ? CARTA_EV_WON : CARTA_EV_DRAWN);
    G->observe(R, st, seat, &obs);
    carta_view *v = carta_view_observation(G, R, &obs, seat);
    json_t *root = carta_view_json(v);
    assert_non_null(root);
    assert_string_equal(json_string_value(json_object_get(root, "end")), word(e->word));
    json_t *events = json_object_get(root, "events");
    json_t *last = json_array_get(events, json_array_size(events) - 1);
    assert_string_equal(json_string_value(json_object_get(last, "word")), word(e->word));
    snprintf(said, sizeof said, "%s", word(e->word));
    carta_view_free(v);
    return said;
}

/* arkhtide.txt, "End of the Game and the Winner", Willpower Defeat: "A player immediately loses
 * the game if their Willpower is reduced to 0 or below"; Quintessence Victory: "A player wins
 * the game if they have harvested 13 or more Quintessence"; "If both Quintessence and Willpower
 * are equal, the game ends in a True Tie." */
static void test_end_told_with_its_reason(void **unused)
{
    (void)unused;
    ark_state st;
    blank(&st);
    st.seat[1].willpower = 1;
    put(&st, 0, "Test Brute", 1);
    act(&st, "strike Test Brute -> Blue Seeker melee");
    assert_int_equal(st.phase, ARK_PHASE_OVER);
    assert_string_equal(told(&st, 0), "Test Brute makes a Melee Attack on Blue Seeker\n"
                                      "Blue Seeker takes 4 damage from Test Brute\n"
                                      "player 2 loses 1 Willpower (player 2: 1 -> 0)\n"
                                      "player 2 is out of the game: Willpower reduced to 0\n"
                                      "player 2: Blue Seeker from play to Chronicle\n"
                                      "you win: last Seeker standing\n");
    assert_int_equal(find(&st, CARTA_EV_WON)->seat, 0);
    assert_string_equal(end_told(&st, 1), "last Seeker standing");

    blank(&st); /* P1 harvests its Realm to 13 */
    st.seat[0].quintessence = 10;
    act(&st, "pass");
    act(&st, "pass");
    act(&st, "harvest Test Realm");
    act(&st, "harvest Low Realm");
    assert_non_null(strstr(told(&st, 1), "player 1 wins: Quintessence Victory\n"));
    assert_string_equal(end_told(&st, 1), "Quintessence Victory");

    blank(&st); /* 13 Quintessence and 13 Willpower each */
    st.seat[0].quintessence = 10;
    st.seat[1].quintessence = 9;
    act(&st, "pass");
    act(&st, "pass");
    act(&st, "harvest Test Realm");
    act(&st, "harvest Low Realm");
    assert_non_null(strstr(told(&st, 0), "the game is a draw: True Tie\n"));
    assert_int_equal(find(&st, CARTA_EV_DRAWN)->seat, CARTA_EV_NO_SEAT);
    assert_string_equal(end_told(&st, 0), "True Tie");
}

/* An illegal action changes nothing, the events of the last apply included. */
static void test_illegal_action_keeps_events(void **unused)
{
    (void)unused;
    ark_state st, before;
    carta_error err;
    carta_error_clear(&err);
    blank(&st);
    act(&st, "pass");
    before = st;
    assert_int_equal(carta_apply_checked(G, R, &st, ARK_ACT(ARK_A_HARVEST, 0, 0, 0), &err),
                     CARTA_ERR_ILLEGAL);
    assert_memory_equal(&st, &before, sizeof st);
    assert_true(st.events.n > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_harvest_tells_quintessence),
        cmocka_unit_test(test_seeker_wound_tells_willpower_lost),
        cmocka_unit_test(test_block_tells_damage_prevented),
        cmocka_unit_test(test_death_told),
        cmocka_unit_test(test_draw_hidden_from_others),
        cmocka_unit_test(test_realm_pick_face_down),
        cmocka_unit_test(test_elimination_in_desperate_measures),
        cmocka_unit_test(test_end_told_with_its_reason),
        cmocka_unit_test(test_illegal_action_keeps_events),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
