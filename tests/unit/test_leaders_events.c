/* test_leaders_events.c: what Leaders tells of each action, as events (core/event.h): their lines
 * for each seat (carta_events_text on the seat's observation) and their structured fields, each
 * test citing the rulebook passage (../shared/rulebooks/leaders.txt, by section heading) or
 * ruling (docs/rulings/leaders.md) it tells. Cards: tests/unit/leaders_test_cards.yaml. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "core/view.h"
#include "games/leaders/leaders.h"
#include "support/leaders_fixture.h"
#include "support/test_actions.h"
#include "games/registry.h"
#include "support/event_fixture.h"


static carta_rules *R;
static const carta_game *G;

static int group_setup(void **unused)
{
    (void)unused;
    G = &carta_game_leaders;
    R = leadfx_open_test_cards();
    return R ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

/* ---- helpers (positions: support/leaders_fixture.h) ---- */

static int card(const char *name) { return tact_card(G, R, name); }
static int cell(const char *name) { return leadfx_cell(name); }
static void act(leaders_state *st, const char *text) { tact_apply(G, R, st, text); }

/* Turn 3, seat 0 active, main step; Test Leaders (10 health) on C1 and C6; empty hands. */
static void blank(leaders_state *st) { leadfx_blank(R, st, 3, "Test Leader", "Test Domain"); }

static void give(leaders_state *st, int seat, const char *name)
{
    leadfx_give(R, st, seat, name);
}

static void put_deck(leaders_state *st, int seat, const char *name, int n)
{
    leadfx_put_deck(R, st, seat, name, n);
}

static void place(leaders_state *st, const char *at, const char *kind, int owner, int dir)
{
    leadfx_place(R, st, at, kind, owner, dir);
}

/* What viewer is told of the last apply (support/event_fixture.h). */
static carta_events seen_by(const leaders_state *st, int viewer)
{
    return *evfx_seen(G, R, st, viewer);
}
static const char *said(const leaders_state *st, int viewer) { return evfx_told(G, R, st, viewer); }

static const char *word(int w) { return w ? G->event_word(R, w) : ""; }

/* Checks event i of the last apply: its kind, seat, card (-1 none) and word (NULL: none). */
static const carta_event *expect_event(const leaders_state *st, int i, int kind, int seat,
                                       int card_id, const char *w)
{
    assert_true(i < st->happened.n);
    const carta_event *ev = &st->happened.ev[i];
    assert_int_equal(ev->kind, kind);
    assert_int_equal(ev->seat, seat);
    assert_int_equal(carta_event_card_id(ev->card), card_id);
    assert_string_equal(word(ev->word), w ? w : "");
    return ev;
}

/* ---- summons and moves ---- */

/* Actions, All Action Types: "Summon - Select a Unit from the Barracks and place it on an empty
 * cell in The Player's Field"; Redirection turns its direction. */
static void test_summon_told(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    act(&st, "summon Test Pike");
    act(&st, "summon Test Pike at B2");
    assert_int_equal(st.happened.n, 0); /* a choice half made: nothing happened yet */
    act(&st, "summon Test Pike at B2 facing east");
    assert_string_equal(said(&st, 1), "player 1: Test Pike from Barracks to B2\n"
                                      "Test Pike is facing east\n");
    assert_string_equal(said(&st, 0), "you: Test Pike from Barracks to B2\n"
                                      "Test Pike is facing east\n");
    assert_int_equal(st.happened.n, 2);
    const carta_event *ev = expect_event(&st, 0, CARTA_EV_MOVE, 0, card("Test Pike"), NULL);
    assert_string_equal(word(ev->from), "Barracks");
    assert_string_equal(word(ev->to), "B2");
    assert_int_equal(ev->seen, CARTA_SEEN_ALL);
    expect_event(&st, 1, CARTA_EV_STATUS, 0, card("Test Pike"), "facing east");

    /* the view writes them under "events" */
    leaders_state obs;
    G->observe(R, &st, 1, &obs);
    carta_view *v = carta_view_observation(G, R, &obs, 1);
    json_t *events = json_object_get(carta_view_json(v), "events");
    assert_int_equal(json_array_size(events), 2);
    json_t *move = json_array_get(events, 0);
    assert_string_equal(json_string_value(json_object_get(move, "kind")), "move");
    assert_string_equal(json_string_value(json_object_get(move, "from")), "Barracks");
    assert_string_equal(json_string_value(json_object_get(move, "to")), "B2");
    assert_string_equal(json_string_value(json_object_get(move, "text")),
                        "player 1: Test Pike from Barracks to B2");
    carta_view_free(v);

    act(&st, "redirect B2 north");
    assert_string_equal(said(&st, 1), "Test Pike is facing north\n");
}

/* Card Usage and Battles, Reaction: "The effect is always resolved before the aforementioned
 * action" (a Sudden Reaction answering a move). */
static void test_reaction_told_before_the_move(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "B2", "Test Pike", 0, LEADERS_NORTH);
    give(&st, 1, "Test Snare");
    act(&st, "move Test Pike B2 -> B3");
    assert_int_equal(st.happened.n, 0); /* declared: player 2 may answer first */
    act(&st, "react with Test Snare");
    assert_string_equal(said(&st, 0), "player 2 reacts with Test Snare\n"
                                      "Test Pike takes 1 damage from Test Snare\n"
                                      "you: Test Pike from B2 to B3\n");
    expect_event(&st, 0, CARTA_EV_ACT, 1, card("Test Snare"), "reacts with");
    const carta_event *ev = expect_event(&st, 2, CARTA_EV_MOVE, 0, card("Test Pike"), NULL);
    assert_string_equal(word(ev->from), "B2");
    assert_string_equal(word(ev->to), "B3");
}

/* ---- battles ---- */

/* Battles: "When a Character is attacked, they do not attack back"; Conquering: the Attacker
 * goes to the cell of the defeated Target; The Graveyard: "After a Unit is destroyed, it goes to
 * the Graveyard". */
static void test_attack_damage_and_unit_defeated(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Archer", 1, LEADERS_SOUTH);
    act(&st, "attack C3 -> C4");
    assert_string_equal(said(&st, 0), "Test Pike fights Test Archer\n"
                                      "Test Archer takes 2 damage from Test Pike\n"
                                      "Test Archer is destroyed\n"
                                      "player 2: Test Archer from C4 to Graveyard\n"
                                      "you: Test Pike from C3 to C4\n");
    const carta_event *ev = expect_event(&st, 0, CARTA_EV_FIGHT, 0, card("Test Pike"), NULL);
    assert_int_equal(ev->other, 1);
    assert_int_equal(carta_event_card_id(ev->target), card("Test Archer"));
    ev = expect_event(&st, 1, CARTA_EV_DAMAGE, 1, card("Test Archer"), NULL);
    assert_int_equal(ev->amount, 2);
    assert_int_equal(ev->value, 0);
    assert_int_equal(carta_event_card_id(ev->target), card("Test Pike"));
    expect_event(&st, 2, CARTA_EV_DESTROYED, 1, card("Test Archer"), NULL);
    ev = expect_event(&st, 3, CARTA_EV_MOVE, 1, card("Test Archer"), NULL);
    assert_string_equal(word(ev->from), "C4");
    assert_string_equal(word(ev->to), "Graveyard");
    ev = expect_event(&st, 4, CARTA_EV_MOVE, 0, card("Test Pike"), NULL);
    assert_string_equal(word(ev->to), "C4");
}

/* Use of Cards in Battles: "Defense – The player uses a Defense, places it face-up and the
 * battle is resolved" (Test Guard prevents 2 of the Pike's 2 damage). */
static void test_damage_prevented(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    give(&st, 1, "Test Guard");
    act(&st, "attack C3 -> C4");
    assert_string_equal(said(&st, 1), "Test Pike fights Test Pike\n");
    act(&st, "defend with Test Guard");
    assert_string_equal(said(&st, 1), "you defend with Test Guard\n"
                                      "Test Pike takes no damage from Test Pike (2 prevented)\n");
    expect_event(&st, 0, CARTA_EV_ACT, 1, card("Test Guard"), "defends with");
    const carta_event *ev = expect_event(&st, 1, CARTA_EV_DAMAGE, 1, card("Test Pike"), NULL);
    assert_int_equal(ev->amount, 0);
    assert_int_equal(ev->value, 2);
    assert_int_equal(st.happened.n, 2); /* no success, no Conquering */
}

/* Use of Cards in Battles: "Attack – The player uses an Attack Card and places it face-down";
 * Order of a Battle: the Defense (here none) first, then the card effects (ruling 17). */
static void test_face_down_attack_card(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    give(&st, 0, "Test Strike");
    give(&st, 1, "Test Guard");
    act(&st, "attack C3 -> C4");
    act(&st, "attack C3 -> C4 with Test Strike");
    assert_string_equal(said(&st, 0), "you place face down Test Strike\n");
    assert_string_equal(said(&st, 1), "player 1 places face down a card\n");
    const carta_event *ev = expect_event(&st, 0, CARTA_EV_MOVE, 0, card("Test Strike"),
                                         "places face down");
    assert_int_equal(ev->seen, CARTA_SEAT_BIT(0));
    assert_string_equal(word(ev->to), "face down");
    carta_events defender = seen_by(&st, 1);
    assert_int_equal(defender.ev[0].card, CARTA_EV_HIDDEN);

    /* what the defender is asked names the battle */
    leaders_state obs;
    G->observe(R, &st, 1, &obs);
    carta_view *v = carta_view_observation(G, R, &obs, 1);
    assert_string_equal(json_string_value(json_object_get(carta_view_json(v), "question")),
                        "Player 1 attacks your Test Pike on C4 with Test Pike on C3 and a "
                        "face-down Attack card: answer with a Reaction or a Defense card, or "
                        "pass?");
    carta_view_free(v);

    act(&st, "pass"); /* revealed: 2 + 2 damage, the Pike (3 health) falls */
    assert_string_equal(said(&st, 1), "you pass\n"
                                      "player 1 reveals Test Strike\n"
                                      "Test Pike takes 4 damage from Test Pike\n"
                                      "Test Pike is destroyed\n"
                                      "you: Test Pike from C4 to Graveyard\n"
                                      "player 1: Test Pike from C3 to C4\n");
    expect_event(&st, 0, CARTA_EV_NOTE, 1, -1, "passes");
    ev = expect_event(&st, 1, CARTA_EV_REVEAL, 0, card("Test Strike"), NULL);
    assert_int_equal(ev->seen, CARTA_SEEN_ALL);
    assert_int_equal(seen_by(&st, 1).ev[1].card, ev->card);
}

/* Objective of the game, Victory and game ending: "With each damage dealt to the enemy Leader,
 * they lose 1 health point" (a Pike's 2 and the active Event's +1). */
static void test_leader_loses_health(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C5", "Test Pike", 0, LEADERS_NORTH);
    give(&st, 0, "Test Banner");
    act(&st, "play Test Banner");
    assert_string_equal(said(&st, 1), "player 1 plays Test Banner\n"
                                      "Test Banner is the active Event\n");
    act(&st, "attack C5 -> C6");
    assert_string_equal(said(&st, 1), "Test Pike fights Test Leader\n"
                                      "Test Leader takes 3 damage from Test Pike\n"
                                      "you lose 3 health (you: 10 -> 7)\n");
    assert_string_equal(said(&st, 0), "Test Pike fights Test Leader\n"
                                      "Test Leader takes 3 damage from Test Pike\n"
                                      "player 2 loses 3 health (player 2: 10 -> 7)\n");
    const carta_event *ev = expect_event(&st, 2, CARTA_EV_COUNTER, 1, -1, "health");
    assert_int_equal(ev->amount, -3);
    assert_int_equal(ev->value, 7);
}

/* ---- hidden draws ---- */

/* Turns summary: "Players draw 1 card at the start of their own turn"; Game Setup: "Both players
 * shuffle their decks and draw 5 cards"; the drawn cards are seen by their owner only. */
static void test_hidden_draw(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    st.active = 1;
    give(&st, 0, "Test Guard");
    put_deck(&st, 0, "Test Bolt", 3);
    act(&st, "end turn");
    assert_string_equal(said(&st, 1), "-- turn 4: player 1 --\nplayer 1 draws a card\n");
    assert_string_equal(said(&st, 0), "-- turn 4: you --\nyou draw Test Bolt\n");
    const carta_event *ev = expect_event(&st, 0, CARTA_EV_TURN, 0, -1, NULL);
    assert_int_equal(ev->amount, 4);
    ev = expect_event(&st, 1, CARTA_EV_MOVE, 0, card("Test Bolt"), "draws");
    assert_int_equal(ev->seen, CARTA_SEAT_BIT(0));
    assert_string_equal(word(ev->from), "deck");
    assert_string_equal(word(ev->to), "hand");
    assert_int_equal(seen_by(&st, 1).ev[1].card, CARTA_EV_HIDDEN);

    /* what seat 1 reads does not depend on the card drawn */
    leaders_state other = st;
    other.seat[0].hand.cards[1] = (uint16_t)card("Test Strike");
    other.happened.ev[1].card = (uint16_t)(card("Test Strike") + 1);
    leaders_state a, b;
    G->observe(R, &st, 1, &a);
    G->observe(R, &other, 1, &b);
    assert_memory_equal(&a, &b, sizeof a);

    /* setup tells each seat its own opening hand and only the count of the other's */
    carta_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.n_seats = 2;
    cfg.seed = 7;
    for (int p = 0; p < 2; p++) {
        carta_deck *d = &cfg.decks[p];
        d->cards[d->n_cards++] = (uint16_t)card("Test Leader");
        d->cards[d->n_cards++] = (uint16_t)card("Test Domain");
        for (int i = 0; i < 30; i++)
            d->cards[d->n_cards++] = (uint16_t)card("Test Bolt");
    }
    carta_error err = {0};
    assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
    char expect[256];
    snprintf(expect, sizeof expect,
             "you draw Test Bolt, Test Bolt, Test Bolt, Test Bolt, Test Bolt\n"
             "player 2 draws 5 cards\n%s win%s the coin toss\n-- turn 1: %s --\n",
             st.first == 0 ? "you" : "player 2", st.first == 0 ? "" : "s",
             st.first == 0 ? "you" : "player 2");
    assert_string_equal(said(&st, 0), expect);
}

/* ---- the end ---- */

/* Objective of the game: "The first player to kill the opponent's Leader by reducing his life
 * total to 0 wins the game"; the turn limit (ruling 7). */
static void test_win_and_draw_told(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C5", "Test Pike", 0, LEADERS_NORTH);
    st.board[cell("C6")].health = 2;
    act(&st, "attack C5 -> C6");
    assert_string_equal(said(&st, 0), "Test Pike fights Test Leader\n"
                                      "Test Leader takes 2 damage from Test Pike\n"
                                      "player 2 loses 2 health (player 2: 2 -> 0)\n"
                                      "you win: Leader defeated\n");
    assert_string_equal(said(&st, 1), "Test Pike fights Test Leader\n"
                                      "Test Leader takes 2 damage from Test Pike\n"
                                      "you lose 2 health (you: 2 -> 0)\n"
                                      "player 1 wins: Leader defeated\n");
    expect_event(&st, 3, CARTA_EV_WON, 0, -1, "Leader defeated");

    blank(&st);
    st.turn = LEADERS_TURN_LIMIT;
    act(&st, "end turn");
    assert_string_equal(said(&st, 0), "the game is a draw: turn limit\n");
    expect_event(&st, 0, CARTA_EV_DRAWN, -1, -1, "turn limit");
}

/* An illegal action changes nothing, the events of the last apply included. */
static void test_illegal_action_keeps_events(void **unused)
{
    (void)unused;
    leaders_state st, before;
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    act(&st, "move Test Pike C3 -> C4");
    assert_true(st.happened.n > 0);
    before = st;
    carta_error err = {0};
    assert_int_equal(carta_apply_checked(G, R, &st, leaders_act(LEADERS_A_PASS, 0, 0, 0), &err),
                     CARTA_ERR_ILLEGAL);
    assert_memory_equal(&st, &before, sizeof st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_summon_told),
        cmocka_unit_test(test_reaction_told_before_the_move),
        cmocka_unit_test(test_attack_damage_and_unit_defeated),
        cmocka_unit_test(test_damage_prevented),
        cmocka_unit_test(test_face_down_attack_card),
        cmocka_unit_test(test_leader_loses_health),
        cmocka_unit_test(test_hidden_draw),
        cmocka_unit_test(test_win_and_draw_told),
        cmocka_unit_test(test_illegal_action_keeps_events),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
