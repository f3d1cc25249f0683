/* test_aember_events.c: what Æmber tells of each action (core/event.h): the lines each seat reads
 * (carta_events_text on its observation) and the structured fields, for steals, captures, reaps,
 * fights, damage and armor, destruction, keys, hidden draws and archives, the win and the draw;
 * an illegal action leaves the events as they were; and the questions a decision asks in words.
 * Each test quotes the passage of ../shared/rulebooks/aember.txt it tells. Cards: the shipped set
 * (data/aember) and tests/unit/aember_test_cards.yaml. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ai/perft.h"
#include "core/rng.h"
#include "core/view.h"
#include "games/aember/aember.h"
#include "support/test_actions.h"
#include "core/outcome.h"
#include "games/registry.h"
#include "support/event_fixture.h"
#include "support/aember_fixture.h"


static carta_rules *R;
static const carta_game *G;

static int group_setup(void **unused)
{
    (void)unused;
    G = &carta_game_aember;
    R = aemfx_open(CARTA_DATA_DIR "/aember");
    return R ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

/* ---- positions (as test_aember_engine.c builds them) ---- */

static uint16_t card(const char *name) { return tact_card(G, R, name); }
static int house(const char *name) { return aember_house_id(R, name); }

/* Positions: support/aember_fixture.h. */
static void blank(aember_state *st) { aemfx_blank(R, st); }
static uint16_t put(aember_state *st, int seat, const char *name)
{
    return aemfx_put(R, st, seat, name);
}
static void give(aember_state *st, int seat, const char *name) { aemfx_give(R, st, seat, name); }

static void act(aember_state *st, const char *text) { tact_apply(G, R, st, text); }

/* ---- what a seat is told ---- */

/* What viewer is told of the last action (support/event_fixture.h). */
static const carta_events *seen_by(const aember_state *st, int viewer)
{
    return evfx_seen(G, R, st, viewer);
}
static const char *told(const aember_state *st, int viewer) { return evfx_told(G, R, st, viewer); }
static const carta_event *first(const aember_state *st, int kind)
{
    return evfx_find(G, R, st, kind);
}

static int id_of(uint16_t stored) { return carta_event_card_id(stored); }

/* ---- the tests ---- */

/* aember.txt, Reap: "When a player uses a creature to reap, the player exhausts the creature,
 * gains 1 Æmber for their pool, and then all "Reap:" abilities on the creature resolve."
 * aember.txt, Steal: "When an ability steals Æmber, the stolen Æmber is removed from the
 * opponent's Æmber pool and added to the pool of the player resolving the steal ability." */
static void test_reap_and_steal(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Reaper");
    st.seat[1].aember = 3;
    act(&st, "reap Test Reaper");
    assert_string_equal(told(&st, 0), "you reap with Test Reaper\n"
                                      "you gain 1 \xc3\x86mber (you: 0 -> 1)\n"
                                      "you steal 1 \xc3\x86mber from player 2 with Test Reaper "
                                      "(player 2: 3 -> 2)\n");
    assert_string_equal(told(&st, 1), "player 1 reaps with Test Reaper\n"
                                      "player 1 gains 1 \xc3\x86mber (player 1: 0 -> 1)\n"
                                      "player 1 steals 1 \xc3\x86mber from you with Test Reaper "
                                      "(you: 3 -> 2)\n");
    const carta_event *reap = first(&st, CARTA_EV_ACT);
    assert_int_equal(reap->word, AEMBER_W_REAPS_WITH);
    assert_int_equal(id_of(reap->card), card("Test Reaper"));
    const carta_event *gain = first(&st, CARTA_EV_COUNTER);
    assert_int_equal(gain->seat, 0);
    assert_int_equal(gain->amount, 1);
    assert_int_equal(gain->value, 1);
    const carta_event *steal = first(&st, CARTA_EV_STEAL);
    assert_int_equal(steal->seat, 0);
    assert_int_equal(steal->other, 1);
    assert_int_equal(steal->amount, 1);
    assert_int_equal(steal->value, 2);
    assert_int_equal(steal->word, AEMBER_W_AEMBER);
    assert_int_equal(id_of(steal->card), card("Test Reaper"));
}

/* aember.txt, Capture: "Captured Æmber is taken from an opponent's poll and placed on a creature
 * controlled by the capturing player." */
static void test_capture(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Capturer");
    put(&st, 1, "Test Tiny");
    st.seat[1].aember = 5;
    act(&st, "fight Test Capturer -> Test Tiny");
    assert_string_equal(told(&st, 1), "Test Capturer fights Test Tiny\n"
                                      "Test Tiny takes 6 damage from Test Capturer\n"
                                      "Test Capturer takes 1 damage from Test Tiny\n"
                                      "Test Tiny is destroyed\n"
                                      "Test Capturer captures 2 \xc3\x86mber from you "
                                      "(you: 5 -> 3)\n");
    const carta_event *cap = first(&st, CARTA_EV_CAPTURE);
    assert_int_equal(id_of(cap->card), card("Test Capturer"));
    assert_int_equal(cap->seat, 0);
    assert_int_equal(cap->other, 1);
    assert_int_equal(cap->amount, 2);
    assert_int_equal(cap->value, 3);
}

/* aember.txt, Fight: "Both creatures deal an amount of damage equal to their power value to the
 * opposing creature in the fight." aember.txt, Damage: "If a creature has an amount of damage on
 * >= to its power, the creature is destroyed." */
static void test_fight_damage_destroyed(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Brute");
    put(&st, 1, "Test Grunt");
    act(&st, "fight Test Brute -> Test Grunt");
    assert_string_equal(told(&st, 0), "Test Brute fights Test Grunt\n"
                                      "Test Grunt takes 5 damage from Test Brute\n"
                                      "Test Brute takes 3 damage from Test Grunt\n"
                                      "Test Grunt is destroyed\n");
    const carta_event *fight = first(&st, CARTA_EV_FIGHT);
    assert_int_equal(fight->seat, 0);
    assert_int_equal(fight->other, 1);
    assert_int_equal(id_of(fight->card), card("Test Brute"));
    assert_int_equal(id_of(fight->target), card("Test Grunt"));
    const carta_event *dmg = first(&st, CARTA_EV_DAMAGE);
    assert_int_equal(id_of(dmg->card), card("Test Grunt"));
    assert_int_equal(id_of(dmg->target), card("Test Brute"));
    assert_int_equal(dmg->amount, 5);
    assert_int_equal(dmg->value, 0);
    const carta_event *gone = first(&st, CARTA_EV_DESTROYED);
    assert_int_equal(gone->seat, 1);
    assert_int_equal(id_of(gone->card), card("Test Grunt"));
}

/* aember.txt, Armor: "Armor prevents an amount of damage equal to the armor value that the
 * creature would take each turn." */
static void test_armor_prevents(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Tiny");
    put(&st, 0, "Test Grunt");
    put(&st, 1, "Test Armored");
    act(&st, "fight Test Tiny -> Test Armored");
    assert_string_equal(told(&st, 0), "Test Tiny fights Test Armored\n"
                                      "Test Armored takes no damage from Test Tiny (1 prevented)\n"
                                      "Test Tiny takes 4 damage from Test Armored\n"
                                      "Test Tiny is destroyed\n");
    const carta_event *none = first(&st, CARTA_EV_DAMAGE);
    assert_int_equal(none->amount, 0);
    assert_int_equal(none->value, 1);
    act(&st, "fight Test Grunt -> Test Armored");
    const carta_event *dmg = first(&st, CARTA_EV_DAMAGE);
    assert_int_equal(id_of(dmg->card), card("Test Armored"));
    assert_int_equal(dmg->amount, 2); /* 3, less the 1 of its 2 armor left this turn */
    assert_int_equal(dmg->value, 1);
    assert_non_null(strstr(told(&st, 1), "Test Armored takes 2 damage from Test Grunt "
                                         "(1 prevented)\n"));
}

/* aember.txt, Forge: "If the active player has enough Æmber to forge a key, they must do so."
 * ("The base cost to forge a key is 6 Æmber.") The turn passes and the next begins with it. */
static void test_key_forged(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    give(&st, 0, "Test Grunt");
    for (int i = 0; i < 5; i++)
        give(&st, 0, "Test Tiny");
    st.seat[1].aember = 7;
    act(&st, "end turn");
    assert_string_equal(told(&st, 1), "player 1 ends the turn\n"
                                      "-- turn 4: you --\n"
                                      "you forge a key for 6 \xc3\x86mber (1 key)\n");
    const carta_event *turn = first(&st, CARTA_EV_TURN);
    assert_int_equal(turn->seat, 1);
    assert_int_equal(turn->amount, 4);
    const carta_event *forge = first(&st, CARTA_EV_FORGE);
    assert_int_equal(forge->seat, 1);
    assert_int_equal(forge->amount, 6);
    assert_int_equal(forge->value, 1);
    assert_int_equal(forge->word, AEMBER_W_AEMBER);
    act(&st, "house blue");
    assert_string_equal(told(&st, 0), "player 2 chooses house blue\n");
    assert_int_equal(first(&st, CARTA_EV_CHOOSE)->word, AEMBER_W_HOUSE + house("blue"));
}

/* aember.txt, Draw: "The active player draws from their deck until they have 6 cards in hand."
 * The deck and the hand are hidden from the opponent, so it is told how many, not which. */
static void test_draw_hidden_from_opponent(void **unused)
{
    (void)unused;
    aember_state st, twin;
    blank(&st);
    for (int i = 0; i < 3; i++)
        give(&st, 0, "Test Grunt");
    aember_zone *deck = &st.seat[0].deck;
    carta_zone_clear(CARTA_ZONE_REF(deck));
    carta_zone_push(CARTA_ZONE_REF(deck), card("Test Martyr"), 0);
    carta_zone_push(CARTA_ZONE_REF(deck), card("Test Brute"), 0);
    carta_zone_push(CARTA_ZONE_REF(deck), card("Test Tiny"), 0); /* the top */
    twin = st;
    act(&st, "end turn");
    assert_string_equal(told(&st, 0), "you end the turn\n"
                                      "you draw Test Tiny, Test Brute, Test Martyr\n"
                                      "-- turn 4: player 2 --\n");
    assert_string_equal(told(&st, 1), "player 1 ends the turn\n"
                                      "player 1 draws 3 cards\n"
                                      "-- turn 4: you --\n");
    const carta_events *theirs = seen_by(&st, 1);
    int moves = 0;
    for (int i = 0; i < theirs->n; i++) {
        const carta_event *ev = &theirs->ev[i];
        if (ev->kind != CARTA_EV_MOVE)
            continue;
        moves++;
        assert_int_equal(ev->seen, CARTA_SEAT_BIT(0));
        assert_int_equal(id_of(ev->card), -2);
        assert_int_equal(ev->from, AEMBER_W_DECK);
        assert_int_equal(ev->to, AEMBER_W_HAND);
        assert_int_equal(ev->word, AEMBER_W_DRAWS);
    }
    assert_int_equal(moves, 3);
    /* other cards drawn: the opponent is told the same, to the byte */
    carta_events opponent_told = *theirs, owner_told = *seen_by(&st, 0);
    for (int i = 0; i < twin.seat[0].deck.n; i++)
        twin.seat[0].deck.cards[i] = card("Test Grunt");
    act(&twin, "end turn");
    assert_memory_equal(seen_by(&twin, 1), &opponent_told, sizeof opponent_told);
    assert_memory_not_equal(seen_by(&twin, 0), &owner_told, sizeof owner_told);
}

/* aember.txt, Archives: "A player's archives is a facedown game area in front of that player's
 * identity card." Archived from hand, the card is seen by its owner only; purged from a discard
 * pile, by everyone ("The cards in the discard pile are open information"). */
static void test_archive_hidden_purge_open(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)house("green");
    give(&st, 0, "Test Vault");
    give(&st, 0, "Test Brute");
    carta_zone_push(CARTA_ZONE_REF(&st.seat[1].discard), card("Test Tiny"), 0);
    carta_zone_push(CARTA_ZONE_REF(&st.seat[0].discard), card("Test Elusive"), 0);
    act(&st, "play Test Vault");
    act(&st, "target Test Brute");
    assert_string_equal(told(&st, 0), "you archive Test Brute\n");
    assert_string_equal(told(&st, 1), "player 1 archives a card\n");
    assert_int_equal(st.events.ev[0].seen, CARTA_SEAT_BIT(0));
    act(&st, "target Test Tiny");
    assert_string_equal(told(&st, 0), "player 2: Test Tiny from discard pile to purged cards\n");
    act(&st, "target Test Elusive");
    assert_string_equal(told(&st, 1), "player 1: Test Elusive from discard pile to hand\n");
}

/* aember.txt, Forge: "The 1st player to force all 3 of their keys immediately wins the game." */
static void test_win(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.seat[1].keys = 2;
    st.seat[1].aember = 6;
    act(&st, "end turn");
    const char *lines = told(&st, 0);
    assert_non_null(strstr(lines, "player 2 forges a key for 6 \xc3\x86mber (3 keys)\n"
                                  "player 2 wins: forged three keys\n"));
    assert_non_null(strstr(told(&st, 1), "you win: forged three keys\n"));
    const carta_event *won = first(&st, CARTA_EV_WON);
    assert_int_equal(won->seat, 1);
    assert_string_equal(G->event_word(R, won->word), "forged three keys");
    assert_int_equal(carta_outcome_winner(G, R, &st, 2), 1);
}

/* docs/rulings/aember.md: a game that reaches the turn limit ends in a draw. */
static void test_turn_limit_draw(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.turn = AEMBER_TURN_LIMIT;
    act(&st, "end turn");
    assert_non_null(strstr(told(&st, 0), "the game is a draw: the turn limit is reached\n"));
    assert_int_equal(first(&st, CARTA_EV_DRAWN)->amount, AEMBER_TURN_LIMIT);
}

/* aember.txt, Mulligan: "each player, starting with the 1st player, has 1 opportunity to
 * mulligan their starting hand"; setup tells who goes first and what each drew. */
static void test_setup_and_mulligan(void **unused)
{
    (void)unused;
    aember_state st;
    carta_config cfg = {.n_seats = 2, .seed = 3};
    for (int p = 0; p < 2; p++) {
        cfg.decks[p].n_cards = 12;
        for (int i = 0; i < 12; i++)
            cfg.decks[p].cards[i] = card(i % 2 ? "Test Grunt" : "Test Tiny");
    }
    carta_error err = {0};
    assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
    int f = st.first;
    char want[128];
    snprintf(want, sizeof want, "player %d takes the first turn\nplayer %d draws 7 cards\n"
                                "player %d draws 6 cards\n",
             f + 1, f + 1, !f + 1);
    assert_string_equal(told(&st, CARTA_NO_SEAT), want);
    act(&st, "mulligan");
    assert_non_null(strstr(told(&st, !f), "mulligans\n"));
    assert_non_null(strstr(told(&st, !f), "draws 6 cards\n"));
    act(&st, "keep");
    snprintf(want, sizeof want, "player %d keeps the opening hand\n-- turn 1: player %d --\n",
             !f + 1, f + 1);
    assert_string_equal(told(&st, CARTA_NO_SEAT), want);
}

/* aember.txt, Chains: "If a player gains chains, the player increases their chain tracker by the
 * number of chains gained", and sheds one when it refills its hand ("then reduces the chain
 * counter by 1"). */
static void test_chains(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)house("green");
    give(&st, 0, "Test Chainer");
    act(&st, "play Test Chainer");
    assert_string_equal(told(&st, 1), "player 1 plays Test Chainer\n"
                                      "player 1 gains 4 \xc3\x86mber (Test Chainer) "
                                      "(player 1: 0 -> 4)\n"
                                      "player 1 gains 3 chains (Test Chainer) "
                                      "(player 1: 0 -> 3)\n");
    act(&st, "end turn");
    assert_string_equal(told(&st, 1), "player 1 ends the turn\n"
                                      "player 1 draws 5 cards\n"
                                      "player 1 loses 1 chain (player 1: 3 -> 2)\n"
                                      "-- turn 4: you --\n");
}

/* aember.txt, Stun: "The next time the creature is used, the only thing that happens is the
 * creature exhausts and the stun card is removed." Power counters: "one such status card is
 * placed on the creature". */
static void test_statuses(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Grunt");
    put(&st, 1, "Test Brute");
    give(&st, 0, "Test Stunner");
    act(&st, "play Test Stunner");
    act(&st, "target Test Brute");
    assert_string_equal(told(&st, 0), "Test Brute is stunned\n");
    st.seat[0].line[0].flags |= AEMBER_F_STUNNED;
    act(&st, "use Test Grunt");
    assert_string_equal(told(&st, 1), "player 1 exhausts Test Grunt\n"
                                      "Test Grunt is no longer stunned\n");
    blank(&st);
    st.active_house = (uint8_t)house("green");
    put(&st, 0, "Test Grunt");
    give(&st, 0, "Test Counter");
    act(&st, "play Test Counter");
    act(&st, "target Test Grunt");
    assert_string_equal(told(&st, 1), "Test Grunt is given two +1 power counters\n");
    assert_int_equal(first(&st, CARTA_EV_STATUS)->amount, 2);
}

/* aember.txt, Rule of Six: "A player cannot play and/or use the same card and/or other copies of
 * that card (by title) more than 6 times during a given turn." The sixth use says so. */
static void test_rule_of_six(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Grunt");
    st.n_six = 1;
    st.six[0] = (aember_six){.card = card("Test Grunt"), .count = 5};
    act(&st, "reap Test Grunt");
    assert_non_null(strstr(told(&st, 1), "Test Grunt is played or used 6 times: no more this "
                                         "turn (rule of six)\n"));
}

/* aember.txt, House choice: "Some card abilities may restrict a player's house choice." */
static void test_house_ban(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    int tidal = aember_def(R, card("Harbor Embargo"))->house;
    st.active_house = (uint8_t)tidal;
    st.seat[1].houses[2] = (uint8_t)tidal;
    give(&st, 0, "Harbor Embargo");
    act(&st, "play Harbor Embargo");
    assert_non_null(strstr(told(&st, 1), "you may not choose house tidal next turn\n"));
}

/* An illegal action must change nothing (game.h, apply): the events of the last action stay. */
static void test_illegal_keeps_events(void **unused)
{
    (void)unused;
    aember_state st, before;
    blank(&st);
    put(&st, 0, "Test Reaper");
    act(&st, "reap Test Reaper");
    before = st;
    carta_error err = {0};
    assert_int_equal(carta_apply_checked(G, R, &st, AEMBER_ACT(AEMBER_A_REAP, 0, 0, 0), &err),
                     CARTA_ERR_ILLEGAL);
    assert_memory_equal(&st, &before, sizeof st);
}

/* The view writes the events (docs/view.md, "Events") with their words and lines. */
static void test_view_events(void **unused)
{
    (void)unused;
    aember_state st, obs;
    blank(&st);
    put(&st, 0, "Test Brute");
    put(&st, 1, "Test Grunt");
    act(&st, "fight Test Brute -> Test Grunt");
    G->observe(R, &st, 1, &obs);
    carta_view *v = carta_view_observation(G, R, &obs, 1);
    json_t *root = carta_view_json(v);
    assert_string_equal(json_string_value(carta_view_get(root, "events.0.kind")), "fight");
    assert_string_equal(json_string_value(carta_view_get(root, "events.1.text")),
                        "Test Grunt takes 5 damage from Test Brute");
    assert_int_equal(json_integer_value(carta_view_get(root, "events.3.seat")), 1);
    carta_view_free(v);
}

/* ---- no event names a card its seat may not see ---- */

enum { VISIBLE_IDS = 4096 };

static void mark_zone(const aember_zone *z, uint8_t *ids)
{
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] < VISIBLE_IDS)
            ids[z->cards[i]] = 1;
}

static void mark_in_play(const aember_card_in_play *c, int n, uint8_t *ids)
{
    for (int i = 0; i < n; i++) {
        ids[c[i].card] = 1;
        for (int u = 0; u < c[i].n_upgrades; u++)
            ids[c[i].upgrades[u] & ~AEMBER_UPGRADE_OWNER] = 1;
    }
}

/* Marks every card id an observation shows: in zones, in play, resolving. */
static void mark_visible(const aember_state *obs, uint8_t *ids)
{
    for (int p = 0; p < AEMBER_SEATS; p++) {
        const aember_seat *s = &obs->seat[p];
        const aember_zone *zones[] = {&s->hand, &s->deck, &s->discard, &s->archives, &s->purged};
        for (int z = 0; z < 5; z++)
            mark_zone(zones[z], ids);
        mark_in_play(s->line, s->n_line, ids);
        mark_in_play(s->artifacts, s->n_artifacts, ids);
    }
    for (int f = 0; f < obs->pending.n; f++) {
        int kind = obs->pending.frame[f].kind;
        if (kind == AEMBER_FR_RUN || kind == AEMBER_FR_AFTER_PLAY)
            ids[(uint16_t)obs->pending.frame[f].arg[0] % VISIBLE_IDS] = 1;
    }
}

/* Every card an event names to a seat is on that seat's board (its observation) before or after
 * the action: the events tell a seat nothing its zones hide. Along random games of the shipped
 * cards. DESIGN.md, "Hidden information is enforced"; aember.txt, Archives ("a facedown game
 * area"). */
static void test_named_cards_are_visible(void **unused)
{
    (void)unused;
    carta_error err = {0};
    carta_rules *r = G->open(CARTA_DATA_DIR "/aember", &err);
    assert_non_null(r);
    static aember_state st, obs;
    static uint8_t ids[AEMBER_SEATS][VISIBLE_IDS];
    carta_action legal[CARTA_MAX_ACTIONS];
    long named = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        assert_int_equal(carta_perft_setup(G, r, seed, 2, &st, &err), CARTA_OK);
        carta_rng rng;
        carta_rng_seed(&rng, seed);
        int n;
        while ((n = G->legal_actions(r, &st, legal)) > 0) {
            memset(ids, 0, sizeof ids);
            for (int v = 0; v < AEMBER_SEATS; v++) {
                G->observe(r, &st, v, &obs);
                mark_visible(&obs, ids[v]);
            }
            assert_int_equal(G->apply(r, &st, legal[carta_rng_below(&rng, (uint32_t)n)], &err),
                             CARTA_OK);
            for (int v = 0; v < AEMBER_SEATS; v++) {
                G->observe(r, &st, v, &obs);
                mark_visible(&obs, ids[v]);
                for (int i = 0; i < obs.events.n; i++) {
                    int id = id_of(obs.events.ev[i].card);
                    if (id < 0)
                        continue;
                    named++;
                    if (!ids[v][id])
                        fail_msg("seed %llu: seat %d is told of %s (event %d, %s), which it "
                                 "never sees", (unsigned long long)seed, v, G->card_name(r, id),
                                 i, carta_event_kind_name(obs.events.ev[i].kind));
                }
            }
        }
    }
    assert_true(named > 1000);
    G->close(r);
}

/* ---- the question of a decision, in words ---- */

static const char *asked(const aember_state *st)
{
    static char q[AEMBER_TEXT_MAX + 256];
    aember_question(R, st, q, sizeof q);
    return q;
}

/* aember.txt, May: "If an ability includes the word "may", the text that follows "may" is
 * optional." The question says what Reefglider's "may" would do. */
static void test_question_may(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)aember_def(R, card("Reefglider"))->house;
    put(&st, 0, "Test Grunt");
    give(&st, 0, "Reefglider");
    act(&st, "play Reefglider left");
    assert_string_equal(asked(&st),
                        "Reefglider: may you return another friendly creature to its owner's "
                        "hand?");
    act(&st, "yes");
    assert_string_equal(asked(&st),
                        "Reefglider: choose another friendly creature to return to its owner's "
                        "hand");
    act(&st, "target Test Grunt");
    assert_string_equal(told(&st, 1), "player 1: Test Grunt from play to hand\n");
}

/* aember.txt, If You Do: "the player referenced by the ability must successfully and completely
 * resolve the text that precedes that phrase"; Burn the Bridges asks for each target by what it
 * does to it. */
static void test_question_targets(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)aember_def(R, card("Burn the Bridges"))->house;
    put(&st, 0, "Test Grunt");
    put(&st, 1, "Test Brute");
    give(&st, 0, "Burn the Bridges");
    act(&st, "play Burn the Bridges");
    assert_string_equal(asked(&st), "Burn the Bridges: choose a friendly creature to sacrifice");
    act(&st, "target Test Grunt");
    assert_string_equal(asked(&st), "Burn the Bridges: choose an enemy creature to destroy");
    act(&st, "target Test Brute");
    assert_string_equal(told(&st, 1), "Test Brute is destroyed\n");

    blank(&st);
    put(&st, 1, "Test Grunt");
    give(&st, 0, "Test Bomb");
    act(&st, "play Test Bomb");
    assert_string_equal(asked(&st),
                        "Test Bomb: choose an enemy creature to deal 3 damage to (with splash)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reap_and_steal),
        cmocka_unit_test(test_capture),
        cmocka_unit_test(test_fight_damage_destroyed),
        cmocka_unit_test(test_armor_prevents),
        cmocka_unit_test(test_key_forged),
        cmocka_unit_test(test_draw_hidden_from_opponent),
        cmocka_unit_test(test_archive_hidden_purge_open),
        cmocka_unit_test(test_win),
        cmocka_unit_test(test_turn_limit_draw),
        cmocka_unit_test(test_setup_and_mulligan),
        cmocka_unit_test(test_chains),
        cmocka_unit_test(test_statuses),
        cmocka_unit_test(test_rule_of_six),
        cmocka_unit_test(test_house_ban),
        cmocka_unit_test(test_illegal_keeps_events),
        cmocka_unit_test(test_view_events),
        cmocka_unit_test(test_named_cards_are_visible),
        cmocka_unit_test(test_question_may),
        cmocka_unit_test(test_question_targets),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
