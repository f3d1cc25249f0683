/* test_leaders_engine.c: the Leaders engine's mechanics, each test citing the rulebook section
 * (../shared/rulebooks/leaders.txt) or ruling (docs/rulings/leaders.md) it checks. Cards:
 * tests/unit/leaders_test_cards.yaml. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/outcome.h"
#include "core/yaml.h"
#include "games/leaders/leaders.h"
#include "support/leaders_fixture.h"
#include "support/test_actions.h"
#include "games/registry.h"


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

static uint16_t card(const char *name) { return tact_card(G, R, name); }
static int cell(const char *name) { return leadfx_cell(name); }

/* Turn 3, seat 0 active, main step; Test Leaders on C1 and C6; full Barracks; empty hands and
 * decks (deck lists hold what give() adds). */
static void blank(leaders_state *st) { leadfx_blank(R, st, 3, "Test Leader", "Test Domain"); }

static void give(leaders_state *st, int seat, const char *name)
{
    leadfx_give(R, st, seat, name);
}

static void put_deck(leaders_state *st, int seat, const char *name, int n)
{
    leadfx_put_deck(R, st, seat, name, n);
}

static leaders_char *place(leaders_state *st, const char *at, const char *kind, int owner,
                           int dir)
{
    return leadfx_place(R, st, at, kind, owner, dir);
}

static bool has(const leaders_state *st, const char *text) { return tact_has(G, R, st, text); }
static void act(leaders_state *st, const char *text) { tact_apply(G, R, st, text); }

static bool any_starting(const leaders_state *st, const char *prefix)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    int n = G->legal_actions(R, st, legal);
    for (int i = 0; i < n; i++) {
        char buf[160];
        G->describe_action(R, st, legal[i], buf, sizeof buf);
        if (strncmp(buf, prefix, strlen(prefix)) == 0)
            return true;
    }
    return false;
}

/* ---- data ---- */

/* Action Patterns: cells relative to the Unit's direction (rulings 2-3). */
static void test_patterns_turn_with_direction(void **unused)
{
    (void)unused;
    const leaders_def *a = leaders_def_of(R, card("Test Archer"));
    uint32_t n = a->attack.reach[LEADERS_NORTH][cell("C3")];
    assert_true(n == ((1u << cell("C4")) | (1u << cell("C5"))));
    uint32_t s = a->attack.reach[LEADERS_SOUTH][cell("C4")];
    assert_true(s == ((1u << cell("C3")) | (1u << cell("C2"))));
    uint32_t e = a->attack.reach[LEADERS_EAST][cell("A1")];
    assert_true(e == ((1u << cell("B1")) | (1u << cell("C1"))));
    uint32_t edge = a->attack.reach[LEADERS_NORTH][cell("C6")];
    assert_true(edge == 0); /* off the board: nothing */
    const leaders_def *p = leaders_def_of(R, card("Test Pike"));
    /* forward-left, forward, forward-right of a Pike facing west on C3 are B4, B3, B2 */
    assert_true(p->attack.reach[LEADERS_WEST][cell("C3")] ==
                ((1u << cell("B4")) | (1u << cell("B3")) | (1u << cell("B2"))));
}

static void expect_refused(const char *yaml, const char *needle)
{
    carta_error err = {0};
    carta_rules *r = G->open(NULL, &err);
    assert_non_null(r);
    struct fy_document *doc = carta_yaml_load_string(yaml, strlen(yaml), "bad.yaml", &err);
    assert_non_null(doc);
    struct fy_node *cards = carta_yaml_get(fy_document_root(doc), "cards");
    assert_int_equal(carta_game_yaml_find("leaders")->add_cards(r, cards, "bad.yaml", &err),
                     CARTA_ERR_INPUT);
    if (!strstr(err.msg, needle) || !strstr(err.msg, "bad.yaml:"))
        fail_msg("expected '%s' with file:line, got: %s", needle, err.msg);
    fy_document_destroy(doc);
    G->close(r);
}

/* A malformed entry is refused with file, line and reason (card-format doc). */
static void test_bad_entries_refused(void **unused)
{
    (void)unused;
    expect_refused("cards:\n  - name: X\n    type: unit\n    class: melee\n    health: 2\n"
                   "    damage: 1\n    move: |\n      X X\n      U X\n",
                   "odd square");
    expect_refused("cards:\n  - name: X\n    type: spell\n    colour: red\n    effects: []\n",
                   "unknown key");
    expect_refused("cards:\n  - name: D\n    type: domain\n    summon_limit: 1\n"
                   "    roster:\n      - {unit: Nobody, count: 2}\n",
                   "bad.yaml:6: error: 'Nobody' is not a known unit");
    expect_refused("cards:\n  - name: X\n    type: reaction\n    on: move\n    effects:\n"
                   "      - damage: 1\n",
                   "needs 'speed'");
    expect_refused("cards:\n  - name: X\n    type: spell\n    effects:\n      - bonus: 1\n",
                   "only for battle cards");
}

/* ---- setup and turns ---- */

/* Game Setup: Leaders in the middle of the back rows, 5 cards each, the first player skips its
 * first draw; Barracks hold the Domain's roster. */
static void test_setup(void **unused)
{
    (void)unused;
    carta_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.n_seats = 2;
    cfg.seed = 7;
    for (int p = 0; p < 2; p++) {
        carta_deck *d = &cfg.decks[p];
        d->cards[d->n_cards++] = card("Test Leader");
        d->cards[d->n_cards++] = card("Test Domain");
        for (int i = 0; i < 30; i++)
            d->cards[d->n_cards++] = card("Test Bolt");
    }
    leaders_state st;
    carta_error err = {0};
    assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
    assert_int_equal(st.board[cell("C1")].kind, card("Test Leader"));
    assert_int_equal(st.board[cell("C1")].owner, 0);
    assert_int_equal(st.board[cell("C6")].owner, 1);
    assert_int_equal(st.board[cell("C6")].dir, LEADERS_SOUTH);
    assert_int_equal(st.seat[st.first].hand.n, 5);
    assert_int_equal(st.seat[1 - st.first].hand.n, 5);
    assert_int_equal(st.seat[0].deck.n, 25);
    assert_int_equal(st.seat[0].n_barracks, 6);
    assert_int_equal(st.active, st.first);
    assert_int_equal(st.turn, 1);
    /* A deck without a Leader is refused. */
    cfg.decks[1].cards[0] = card("Test Bolt");
    assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_ERR_INPUT);
}

/* Hand, Draw, and Discard Rules: draw 1; an empty hand draws 2; an empty deck damages the
 * Leader by 1 (ruling 5). */
static void test_start_of_turn_draws(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    put_deck(&st, 1, "Test Bolt", 5);
    act(&st, "end turn");
    assert_int_equal(st.active, 1);
    assert_int_equal(st.seat[1].hand.n, 2); /* empty hand: 2 */
    act(&st, "end turn");
    assert_int_equal(st.seat[0].hand.n, 0);
    assert_int_equal(st.board[cell("C1")].health, 9); /* empty deck: 1 damage */
    act(&st, "end turn");
    assert_int_equal(st.seat[1].hand.n, 3); /* a hand of 2: draws 1 */
}

/* Hand limit 8 at the end of the turn (ruling 6). */
static void test_hand_limit(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    for (int i = 0; i < 10; i++)
        give(&st, 0, i < 5 ? "Test Bolt" : "Test Guard");
    act(&st, "end turn");
    assert_int_equal(st.active, 0);
    act(&st, "discard Test Guard");
    assert_int_equal(st.active, 0);
    act(&st, "discard Test Bolt");
    assert_int_equal(st.active, 1);
    assert_int_equal(st.seat[0].hand.n, 8);
    assert_int_equal(st.seat[0].discard.n, 2);
}

/* ---- actions ---- */

/* Summon: own field only, a facing chosen, arrives exhausted, the Domain's limit (ruling 11). */
static void test_summon(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    act(&st, "summon Test Pike");
    assert_false(has(&st, "summon Test Pike at B4")); /* the enemy field */
    act(&st, "summon Test Pike at B2");
    act(&st, "summon Test Pike at B2 facing east");
    leaders_char *c = &st.board[cell("B2")];
    assert_int_equal(c->kind, card("Test Pike"));
    assert_int_equal(c->dir, LEADERS_EAST);
    assert_true(c->flags & LEADERS_C_EXHAUSTED);
    assert_int_equal(st.seat[0].n_barracks, 5);
    assert_false(any_starting(&st, "summon")); /* summon_limit 1 */
    assert_false(has(&st, "move Test Pike B2 -> B3"));
    /* An exhausted Unit may still be redirected, once (ruling 15). */
    act(&st, "redirect B2 north");
    assert_false(any_starting(&st, "redirect B2"));
}

/* Leaders act only within their own field (ruling 13). */
static void test_leader_stays_in_field(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    st.board[cell("C3")] = st.board[cell("C1")];
    st.board[cell("C1")].kind = LEADERS_NONE;
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    assert_true(has(&st, "move Leader C3 -> C2"));
    assert_false(has(&st, "move Leader C3 -> B4"));
    assert_false(has(&st, "attack C3 -> C4")); /* the target stands in the enemy field */
    assert_false(any_starting(&st, "redirect C3"));
}

/* Swap: orthogonal friendly Units, never Leaders, both exhausted (ruling 14). */
static void test_swap(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "B2", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C2", "Test Archer", 0, LEADERS_NORTH);
    place(&st, "B1", "Test Healer", 0, LEADERS_NORTH);
    assert_false(has(&st, "swap C2 <-> C1")); /* the Leader */
    assert_false(has(&st, "swap B1 <-> C2")); /* diagonal */
    act(&st, "swap B2 <-> C2");
    assert_int_equal(st.board[cell("B2")].kind, card("Test Archer"));
    assert_int_equal(st.board[cell("C2")].kind, card("Test Pike"));
    assert_true(st.board[cell("B2")].flags & LEADERS_C_EXHAUSTED);
    assert_true(st.board[cell("C2")].flags & LEADERS_C_EXHAUSTED);
    /* an exhausted Unit cannot initiate, but a ready one may swap with it */
    assert_false(has(&st, "swap B2 <-> B1"));
    assert_true(has(&st, "swap B1 <-> B2"));
}

/* A Character with several actions completes them before another is commanded (ruling 10). */
static void test_multi_action_chain(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "B2", "Test Runner", 0, LEADERS_NORTH);
    act(&st, "move Test Runner B2 -> B3");
    assert_false(any_starting(&st, "move Leader"));
    assert_false(any_starting(&st, "summon"));
    assert_true(has(&st, "rest B3"));
    act(&st, "move Test Runner B3 -> B4");
    assert_true(st.board[cell("B4")].flags & LEADERS_C_EXHAUSTED);
    assert_true(has(&st, "move Leader C1 -> C2"));
}

/* ---- battles ---- */

/* No retaliation; Conquering at range 1 (Battles). */
static void test_attack_conquers(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    leaders_char *p = place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Archer", 1, LEADERS_SOUTH);
    (void)p;
    act(&st, "attack C3 -> C4");
    assert_int_equal(st.board[cell("C3")].kind, LEADERS_NONE);
    assert_int_equal(st.board[cell("C4")].kind, card("Test Pike"));
    assert_int_equal(st.board[cell("C4")].health, 3); /* no damage back */
    assert_int_equal(st.seat[1].n_graveyard, 1);
    /* a target that survives keeps its cell */
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "D4", "Test Pike", 1, LEADERS_SOUTH);
    act(&st, "attack C3 -> D4");
    assert_int_equal(st.board[cell("D4")].health, 1);
    assert_int_equal(st.board[cell("C3")].kind, card("Test Pike"));
}

/* A win from afar moves the attacker 1 cell toward the target (Battles, Conquering). */
static void test_ranged_advance(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C2", "Test Archer", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    act(&st, "attack C2 -> C4");
    assert_int_equal(st.board[cell("C4")].health, 2);
    assert_int_equal(st.board[cell("C3")].kind, card("Test Archer"));
    assert_int_equal(st.board[cell("C2")].kind, LEADERS_NONE);
}

/* The Attack card face down, hidden by observe; the Defense answers and resolves first
 * (Use of Cards in Battles; rulings 17-19). */
static void test_attack_and_defense_cards(void **unused)
{
    (void)unused;
    leaders_state st, obs;
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    give(&st, 0, "Test Strike");
    give(&st, 1, "Test Guard");
    act(&st, "attack C3 -> C4");
    assert_true(has(&st, "attack C3 -> C4 without a card"));
    act(&st, "attack C3 -> C4 with Test Strike");
    assert_int_equal(G->to_act(R, &st), 1);
    G->observe(R, &st, 1, &obs);
    assert_int_equal(obs.facedown, LEADERS_UNKNOWN);
    G->observe(R, &st, 0, &obs);
    assert_int_equal(obs.facedown, card("Test Strike"));
    char buf[160];
    carta_action legal[CARTA_MAX_ACTIONS];
    assert_true(G->legal_actions(R, &st, legal) == 2); /* pass, defend with Test Guard */
    act(&st, "defend with Test Guard");
    /* 2 damage + 2 (Strike) - 2 (Guard) = 2 */
    assert_int_equal(st.board[cell("C4")].health, 1);
    assert_int_equal(st.facedown, LEADERS_NONE);
    assert_int_equal(st.seat[0].discard.cards[0], card("Test Strike"));
    assert_int_equal(st.seat[0].cards_played, 1);
    assert_int_equal(st.seat[1].cards_played, 1);
    (void)buf;
}

/* observe hides which Attack card lies face down: two games that differ only in it look the
 * same to the defender, down to the last byte (ruling 17). */
static void test_facedown_card_never_leaks(void **unused)
{
    (void)unused;
    leaders_state a, b, oa, ob;
    const char *cards[2] = {"Test Strike", "Test Strike Two"};
    leaders_state *st[2] = {&a, &b};
    for (int k = 0; k < 2; k++) {
        blank(st[k]);
        place(st[k], "C3", "Test Pike", 0, LEADERS_NORTH);
        place(st[k], "C4", "Test Pike", 1, LEADERS_SOUTH);
        give(st[k], 0, cards[k]);
        give(st[k], 0, cards[1 - k]);
        st[k]->seat[0].deck_list.cards[0] = card("Test Strike"); /* same public deck list */
        st[k]->seat[0].deck_list.cards[1] = card("Test Strike Two");
        give(st[k], 1, "Test Guard");
        act(st[k], "attack C3 -> C4");
        char text[64];
        snprintf(text, sizeof text, "attack C3 -> C4 with %s", cards[k]);
        act(st[k], text);
    }
    G->observe(R, &a, 1, &oa);
    G->observe(R, &b, 1, &ob);
    assert_memory_equal(&oa, &ob, sizeof oa);
    G->observe(R, &a, 0, &oa);
    G->observe(R, &b, 0, &ob);
    assert_true(memcmp(&oa, &ob, sizeof oa) != 0); /* the attacker knows its own card */
    act(&a, "pass"); /* revealed: 2 + 2 damage kills the Pike, the attacker conquers */
    assert_int_equal(a.board[cell("C4")].owner, 0);
    assert_int_equal(a.board[cell("C4")].kind, card("Test Pike"));
    assert_int_equal(a.facedown, LEADERS_NONE);
}

/* A Defense card that moves the target makes the attack miss (ruling 19); Attack cards never
 * with a Leader (ruling 22). */
static void test_dodge_and_leader_battles(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    give(&st, 1, "Test Dodge");
    act(&st, "attack C3 -> C4");
    act(&st, "defend with Test Dodge");
    assert_int_equal(st.board[cell("C5")].health, 3);
    assert_int_equal(st.board[cell("C4")].kind, LEADERS_NONE);
    assert_int_equal(st.board[cell("C3")].kind, card("Test Pike")); /* no success, no move */
    /* The Leader attacks: no Attack card decision, no Defense offered. */
    blank(&st);
    place(&st, "C2", "Test Pike", 1, LEADERS_SOUTH);
    give(&st, 0, "Test Strike");
    give(&st, 1, "Test Guard");
    act(&st, "attack C1 -> C2");
    assert_int_equal(G->to_act(R, &st), 0); /* resolved at once: nothing could answer */
    assert_int_equal(st.board[cell("C2")].health, 1);
}

/* The 2-card limit counts cards played in the own turn and in the answer turn (ruling 8). */
static void test_two_cards_across_turns(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    st.active = 1;
    place(&st, "B4", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "D4", "Test Pike", 0, LEADERS_NORTH);
    give(&st, 1, "Test Bolt");
    give(&st, 1, "Test Bolt");
    give(&st, 1, "Test Bolt");
    act(&st, "play Test Bolt");
    act(&st, "play Test Bolt at B4");
    act(&st, "play Test Bolt");
    act(&st, "play Test Bolt at D4");
    assert_false(any_starting(&st, "play")); /* 2 cards this turn */
    act(&st, "end turn");
    /* Seat 0's turn: seat 1 played its 2 cards since its turn began, so cannot defend yet. */
    give(&st, 1, "Test Guard");
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    act(&st, "attack C3 -> C4");
    assert_int_equal(G->to_act(R, &st), 0);
    assert_int_equal(st.board[cell("C4")].health, 1);
    act(&st, "end turn");
    assert_int_equal(st.seat[1].cards_played, 0); /* reset at the start of its turn */
}

/* Reactions resolve before the action; Sudden answers the action declared (Reaction). */
static void test_sudden_reaction(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "B2", "Test Pike", 0, LEADERS_NORTH);
    leaders_char *a = place(&st, "D2", "Test Archer", 0, LEADERS_NORTH);
    a->health = 1;
    give(&st, 1, "Test Snare");
    give(&st, 1, "Test Snare");
    act(&st, "move Test Pike B2 -> B3");
    assert_int_equal(G->to_act(R, &st), 1);
    act(&st, "react with Test Snare");
    assert_int_equal(st.board[cell("B3")].health, 2);
    /* before the action: a Unit killed by the reaction never moves */
    act(&st, "move Test Archer D2 -> D3");
    act(&st, "react with Test Snare");
    assert_int_equal(st.board[cell("D3")].kind, LEADERS_NONE);
    assert_int_equal(st.board[cell("D2")].kind, LEADERS_NONE);
    assert_int_equal(st.seat[0].n_graveyard, 1);
}

/* Slow reactions wait for the end of the action cycle (ruling 24). */
static void test_slow_reaction(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "B2", "Test Runner", 0, LEADERS_NORTH);
    give(&st, 1, "Test Slow Snare");
    act(&st, "move Test Runner B2 -> B3");
    /* the cycle goes on: nothing in seat 1's deck list could answer now, so no window */
    assert_int_equal(G->to_act(R, &st), 0);
    act(&st, "move Test Runner B3 -> C3");
    assert_int_equal(G->to_act(R, &st), 1);
    act(&st, "react with Test Slow Snare");
    assert_int_equal(st.board[cell("C3")].health, 1);
    /* With a Sudden card in the deck list the window opens mid-cycle, Slow still waits. */
    blank(&st);
    place(&st, "B2", "Test Runner", 0, LEADERS_NORTH);
    give(&st, 1, "Test Slow Snare");
    give(&st, 1, "Test Snare");
    act(&st, "move Test Runner B2 -> B3");
    assert_int_equal(G->to_act(R, &st), 1);
    assert_true(has(&st, "react with Test Snare"));
    assert_false(has(&st, "react with Test Slow Snare"));
    act(&st, "pass");
    act(&st, "move Test Runner B3 -> C3");
    assert_true(has(&st, "react with Test Slow Snare"));
}

/* A reaction that cancels an attack: the action and its Attack card are spent (ruling 25). */
static void test_cancelled_attack(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    give(&st, 0, "Test Strike");
    give(&st, 1, "Test Stop");
    act(&st, "attack C3 -> C4");
    act(&st, "attack C3 -> C4 with Test Strike");
    act(&st, "react with Test Stop");
    assert_int_equal(G->to_act(R, &st), 0);
    assert_int_equal(st.board[cell("C4")].health, 3);
    assert_true(st.board[cell("C3")].flags & LEADERS_C_EXHAUSTED);
    assert_int_equal(st.facedown, LEADERS_NONE);
    assert_int_equal(st.seat[0].discard.n, 1);
}

/* ---- cards ---- */

/* Event: one shared pile, the top one active, replaced by either player in its turn. */
static void test_event_pile(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    give(&st, 0, "Test Banner");
    give(&st, 1, "Test Banner");
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Leader", 1, LEADERS_SOUTH); /* a second Leader-kind target */
    st.board[cell("C4")].flags = 0;
    act(&st, "play Test Banner");
    assert_int_equal(st.n_events, 1);
    assert_int_equal(leaders_event_mod(R, &st, LEADERS_OP_BONUS, 0, LEADERS_MELEE), 1);
    assert_int_equal(leaders_event_mod(R, &st, LEADERS_OP_BONUS, 1, LEADERS_MELEE), 0);
    act(&st, "attack C3 -> C4");
    assert_int_equal(st.board[cell("C4")].health, 7); /* 2 + 1 */
    act(&st, "end turn");
    assert_false(any_starting(&st, "react")); /* events are played in one's own turn */
    act(&st, "play Test Banner");
    assert_int_equal(st.n_events, 2);
    assert_true(st.events[1] & LEADERS_EVENT_SEAT1);
    assert_int_equal(leaders_event_mod(R, &st, LEADERS_OP_BONUS, 0, LEADERS_MELEE), 0);
    assert_int_equal(leaders_event_mod(R, &st, LEADERS_OP_BONUS, 1, LEADERS_MELEE), 1);
}

/* Emblems and banners restrict who may play a card (ruling 28); a spell's effect must be able to
 * resolve (ruling 26): a target for Test Bolt, a card to draw for Other Leader Card. */
static void test_emblems_and_spell_targets(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    give(&st, 0, "Other Leader Card");
    give(&st, 0, "Test Bolt");
    assert_false(has(&st, "play Other Leader Card")); /* draws from an empty deck */
    put_deck(&st, 0, "Test Strike", 1);
    assert_true(has(&st, "play Other Leader Card"));
    assert_false(has(&st, "play Test Bolt")); /* no enemy Unit to target */
    st.seat[0].leader = card("Test Domain"); /* any other id: not the card's Leader */
    assert_false(has(&st, "play Other Leader Card"));
}

/* Victory: the enemy Leader at 0 health. */
static void test_victory(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    place(&st, "C5", "Test Pike", 0, LEADERS_NORTH);
    st.board[cell("C6")].health = 2;
    act(&st, "attack C5 -> C6");
    assert_int_equal(G->to_act(R, &st), CARTA_NO_SEAT);
    carta_outcome o;
    carta_outcome_of(G, R, &st, 2, &o);
    assert_int_equal(carta_outcome_first_winner(&o), 0);
    assert_string_equal(o.end, "Leader defeated");
    double ret[2];
    G->returns(R, &st, ret);
    assert_true(ret[0] == 1.0 && ret[1] == 0.0);
    carta_action legal[CARTA_MAX_ACTIONS];
    assert_int_equal(G->legal_actions(R, &st, legal), 0);
}

/* ---- hidden information and text ---- */

static void test_observe_hides_hand_and_deck(void **unused)
{
    (void)unused;
    leaders_state st, obs;
    blank(&st);
    give(&st, 0, "Test Bolt");
    give(&st, 1, "Test Guard");
    put_deck(&st, 0, "Test Strike", 3);
    G->observe(R, &st, 0, &obs);
    assert_int_equal(obs.seat[0].hand.cards[0], card("Test Bolt"));
    assert_int_equal(obs.seat[1].hand.cards[0], LEADERS_UNKNOWN);
    assert_int_equal(obs.seat[0].deck.cards[0], LEADERS_UNKNOWN);
    G->determinize(R, &obs, 0, 42);
    assert_int_equal(obs.seat[1].hand.cards[0], card("Test Guard")); /* the only unknown card */
    assert_int_equal(obs.seat[0].deck.cards[2], card("Test Strike"));
}

/* The Discard Pile: "Each player can view their own and their opponent's Discard Pile at any
 * time." observe hides hands and decks, never a discard pile. */
static void test_observe_shows_discard_piles(void **unused)
{
    (void)unused;
    leaders_state st, obs;
    blank(&st);
    place(&st, "C3", "Test Pike", 0, LEADERS_NORTH);
    place(&st, "C4", "Test Pike", 1, LEADERS_SOUTH);
    give(&st, 1, "Test Guard");
    give(&st, 1, "Test Bolt");
    act(&st, "attack C3 -> C4");
    act(&st, "defend with Test Guard");
    st.seat[0].discard.cards[st.seat[0].discard.n++] = card("Test Strike");
    G->observe(R, &st, 0, &obs);
    assert_int_equal(obs.seat[1].discard.n, 1);
    assert_int_equal(obs.seat[1].discard.cards[0], card("Test Guard"));
    assert_int_equal(obs.seat[1].hand.cards[0], LEADERS_UNKNOWN);
    G->observe(R, &st, 1, &obs);
    assert_int_equal(obs.seat[0].discard.n, 1);
    assert_int_equal(obs.seat[0].discard.cards[0], card("Test Strike"));
}

/* The grid is drawn with labelled rows and columns, owner, kind, facing, health, exhaustion. */
static void test_render_and_texts(void **unused)
{
    (void)unused;
    leaders_state st;
    blank(&st);
    leaders_char *p = place(&st, "B2", "Test Pike", 0, LEADERS_EAST);
    p->flags |= LEADERS_C_EXHAUSTED;
    p->acts = 0;
    carta_text t = {0};
    G->render(R, &st, 0, &t);
    const char *s = carta_text_str(&t);
    assert_non_null(strstr(s, "   A        B        C"));
    assert_non_null(strstr(s, "[1Tes>3 z ]"));
    assert_non_null(strstr(s, "[1LDR^10  ]"));
    assert_non_null(strstr(s, "[2LDRv10  ]"));
    assert_non_null(strstr(s, "  6  ["));
    carta_text_clear(&t);
    G->describe_card(R, card("Test Archer"), &t);
    assert_non_null(strstr(carta_text_str(&t), "Ranged Unit: health 2, damage 1"));
    carta_text_free(&t);
    act(&st, "summon Test Archer");
    act(&st, "summon Test Archer at D2");
    assert_true(has(&st, "summon Test Archer at D2 facing west"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_patterns_turn_with_direction),
        cmocka_unit_test(test_bad_entries_refused),
        cmocka_unit_test(test_setup),
        cmocka_unit_test(test_start_of_turn_draws),
        cmocka_unit_test(test_hand_limit),
        cmocka_unit_test(test_summon),
        cmocka_unit_test(test_leader_stays_in_field),
        cmocka_unit_test(test_swap),
        cmocka_unit_test(test_multi_action_chain),
        cmocka_unit_test(test_attack_conquers),
        cmocka_unit_test(test_ranged_advance),
        cmocka_unit_test(test_attack_and_defense_cards),
        cmocka_unit_test(test_facedown_card_never_leaks),
        cmocka_unit_test(test_dodge_and_leader_battles),
        cmocka_unit_test(test_two_cards_across_turns),
        cmocka_unit_test(test_sudden_reaction),
        cmocka_unit_test(test_slow_reaction),
        cmocka_unit_test(test_cancelled_attack),
        cmocka_unit_test(test_event_pile),
        cmocka_unit_test(test_emblems_and_spell_targets),
        cmocka_unit_test(test_victory),
        cmocka_unit_test(test_observe_hides_hand_and_deck),
        cmocka_unit_test(test_observe_shows_discard_piles),
        cmocka_unit_test(test_render_and_texts),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
