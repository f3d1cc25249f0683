/* test_aember_engine.c: the Æmber engine's mechanics, each test citing the glossary entry
 * (../shared/rulebooks/aember.txt) it checks, plus random self-play, illegal actions, clone,
 * observe and determinize. Cards: tests/unit/aember_test_cards.yaml. */
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
#include "games/aember/aember.h"
#include "support/test_actions.h"
#include "games/registry.h"
#include "support/aember_fixture.h"


static carta_rules *R;
static const carta_game *G;

static int group_setup(void **unused)
{
    (void)unused;
    G = &carta_game_aember;
    R = aemfx_open(NULL);
    return R ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

/* ---- helpers ---- */

static uint16_t card(const char *name) { return tact_card(G, R, name); }

/* Positions: support/aember_fixture.h. */
static void blank(aember_state *st) { aemfx_blank(R, st); }
static uint16_t put(aember_state *st, int seat, const char *name)
{
    return aemfx_put(R, st, seat, name);
}
static void give(aember_state *st, int seat, const char *name) { aemfx_give(R, st, seat, name); }

static bool has(const aember_state *st, const char *text) { return tact_has(G, R, st, text); }
static void act(aember_state *st, const char *text) { tact_apply(G, R, st, text); }

static const aember_card_in_play *at(const aember_state *st, uint16_t uid)
{
    return aember_find_uid_c(st, uid, NULL, NULL, NULL);
}

static bool in_zone(const aember_zone *z, uint16_t c)
{
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] == c)
            return true;
    return false;
}

/* ---- card files ---- */

static void test_bad_card_refused(void **unused)
{
    (void)unused;
    char path[] = "/tmp/aember-bad-XXXXXX.yaml";
    int fd = mkstemps(path, 5);
    assert_true(fd >= 0);
    const char *text = "cards:\n"
                       "  - name: Broken Thing\n"
                       "    house: red\n"
                       "    type: creature\n"
                       "    power: 3\n"
                       "    abilities:\n"
                       "      - trigger: reap\n"
                       "        effects: [{gain: 1, explode: true}]\n";
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    carta_error err;
    carta_error_clear(&err);
    int before = carta_catalog_count(R->catalog);
    assert_int_equal(carta_catalog_load_file(R->catalog, path, aember_compile_card, R, &err),
                     CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, ":8"));
    assert_non_null(strstr(err.msg, "explode"));
    assert_int_equal(carta_catalog_count(R->catalog), before);
    unlink(path);
}

/* ---- setup and the turn ---- */

static carta_config config_for(uint64_t seed)
{
    carta_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.n_seats = 2;
    cfg.seed = seed;
    const char *names[] = {"Test Grunt", "Test Elusive", "Test Beast", "Test Reaper",
                           "Test Martyr", "Test Chainer"};
    for (int p = 0; p < 2; p++) {
        cfg.decks[p].n_cards = 36;
        for (int i = 0; i < 36; i++)
            cfg.decks[p].cards[i] = card(names[i % 6]);
    }
    return cfg;
}

/* aember.txt: Mulligan ("starting with the 1st player, has 1 opportunity to mulligan ... with 1
 * fewer card"); docs/rulings: first player 7 cards, second 6. */
static void test_setup_and_mulligan(void **unused)
{
    (void)unused;
    aember_state st;
    carta_config cfg = config_for(11);
    carta_error err;
    carta_error_clear(&err);
    assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
    int first = st.first;
    assert_int_equal(st.seat[first].hand.n, 7);
    assert_int_equal(st.seat[!first].hand.n, 6);
    assert_int_equal(G->to_act(R, &st), first);
    act(&st, "mulligan");
    assert_int_equal(st.seat[first].hand.n, 6);
    assert_int_equal(st.seat[first].deck.n, 36 - 6);
    assert_int_equal(G->to_act(R, &st), !first);
    act(&st, "keep");
    assert_int_equal(st.seat[!first].hand.n, 6);
    assert_int_equal(st.turn, 1);
    assert_int_equal(st.phase, AEMBER_PHASE_HOUSE);
    assert_true(has(&st, "house red"));
    assert_true(has(&st, "house blue"));
    assert_true(has(&st, "house green"));
}

/* docs/rulings: the first player's first turn allows playing or discarding one card only. */
static void test_first_turn_one_card(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.turn = 1;
    st.first_turn = 1;
    give(&st, 0, "Test Grunt");
    give(&st, 0, "Test Brute");
    act(&st, "play Test Grunt");
    assert_false(has(&st, "play Test Brute left"));
    assert_false(has(&st, "discard Test Brute"));
    assert_true(has(&st, "end turn"));
}

/* aember.txt: "If the active player has enough Æmber to forge a key, they must do so." and
 * Draw ("draws from their deck until they have 6 cards in hand"). */
static void test_forge_and_draw(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.seat[1].aember = 7;
    act(&st, "end turn");
    assert_int_equal(st.seat[0].hand.n, 6);
    assert_int_equal(st.active, 1);
    assert_int_equal(st.seat[1].keys, 1);
    assert_int_equal(st.seat[1].aember, 1);
    assert_int_equal(st.phase, AEMBER_PHASE_HOUSE);
}

/* aember.txt: Key cost ("This cost may be modified by card abilities") and constant abilities. */
static void test_key_cost_constant(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Lock");
    st.seat[1].aember = 7;
    assert_int_equal(aember_key_cost(R, &st, 1), 8);
    assert_int_equal(aember_key_cost(R, &st, 0), 6);
    act(&st, "end turn");
    assert_int_equal(st.seat[1].keys, 0);
    assert_int_equal(st.seat[1].aember, 7);
}

/* aember.txt: Forge ("The 1st player to forge all 3 of their keys immediately wins"). */
static void test_third_key_wins(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.seat[1].keys = 2;
    st.seat[1].aember = 6;
    act(&st, "end turn");
    assert_int_equal(G->to_act(R, &st), CARTA_NO_SEAT);
    assert_int_equal(carta_outcome_winner(G, R, &st, 2), 1);
    double ret[2];
    G->returns(R, &st, ret);
    assert_true(ret[1] == 1.0 && ret[0] == 0.0);
    carta_action legal[CARTA_MAX_ACTIONS];
    assert_int_equal(G->legal_actions(R, &st, legal), 0);
}

/* aember.txt: Chains ("1 - 6 | 1 fewer card ... then reduces the chain counter by 1"). */
static void test_chains(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.seat[0].chains = 7;
    act(&st, "end turn");
    assert_int_equal(st.seat[0].hand.n, 4);
    assert_int_equal(st.seat[0].chains, 6);
}

/* aember.txt: Archives ("after they select an active house, the active player can pick up all
 * cards in their archives"). */
static void test_archives(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.phase = AEMBER_PHASE_HOUSE;
    carta_zone_push(CARTA_ZONE_REF(&st.seat[0].archives), card("Test Brute"), 0);
    act(&st, "house blue");
    act(&st, "take archives");
    assert_true(in_zone(&st.seat[0].hand, card("Test Brute")));
    assert_int_equal(st.seat[0].archives.n, 0);
    assert_int_equal(st.phase, AEMBER_PHASE_MAIN);
}

/* ---- creatures, fights, keywords ---- */

/* aember.txt: Creatures ("enter play exhausted ... placed on a flank") and Reap. */
static void test_play_flank_and_reap(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Grunt");
    give(&st, 0, "Test Reaper");
    act(&st, "play Test Reaper left");
    assert_int_equal(st.seat[0].line[0].card, card("Test Reaper"));
    assert_true(st.seat[0].line[0].flags & AEMBER_F_EXHAUSTED);
    assert_false(has(&st, "reap Test Reaper"));
    st.seat[1].aember = 3;
    act(&st, "reap Test Grunt");
    assert_int_equal(st.seat[0].aember, 1);
    st.seat[0].line[0].flags = 0;
    act(&st, "reap Test Reaper");
    assert_int_equal(st.seat[0].aember, 3); /* 1 for reaping, 1 stolen */
    assert_int_equal(st.seat[1].aember, 2);
}

/* aember.txt: Fight ("Both creatures deal an amount of damage equal to their power") and
 * Creatures ("shift the battle line inward to close the gap"). */
static void test_fight_and_close_gap(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Brute");
    put(&st, 1, "Test Tiny");
    put(&st, 1, "Test Grunt");
    put(&st, 1, "Test Tiny");
    act(&st, "fight Test Brute -> Test Grunt");
    assert_int_equal(st.seat[1].n_line, 2);
    assert_int_equal(st.seat[1].line[0].card, card("Test Tiny"));
    assert_int_equal(st.seat[1].line[1].card, card("Test Tiny"));
    assert_int_equal(st.seat[0].line[0].damage, 3);
    assert_true(in_zone(&st.seat[1].discard, card("Test Grunt")));
}

/* aember.txt: Elusive ("The 1st time ... is attacked each turn, it is dealt no damage and deals
 * no damage"). */
static void test_elusive(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    uint16_t a = put(&st, 0, "Test Brute");
    uint16_t b = put(&st, 0, "Test Grunt");
    uint16_t e = put(&st, 1, "Test Elusive");
    act(&st, "fight Test Brute -> Test Elusive");
    assert_int_equal(at(&st, e)->damage, 0);
    assert_int_equal(at(&st, a)->damage, 0);
    act(&st, "fight Test Grunt -> Test Elusive");
    assert_null(at(&st, e));
    assert_int_equal(at(&st, b)->damage, 2);
}

/* aember.txt: Armor ("prevents an amount of damage equal to the armor value ... each turn"). */
static void test_armor(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Grunt");
    put(&st, 0, "Test Tiny");
    uint16_t arm = put(&st, 1, "Test Armored");
    act(&st, "fight Test Grunt -> Test Armored");
    assert_int_equal(at(&st, arm)->damage, 1);
    act(&st, "fight Test Tiny -> Test Armored");
    assert_int_equal(at(&st, arm)->damage, 2);
    act(&st, "end turn");
    assert_int_equal(at(&st, arm)->armor_used, 0);
}

/* aember.txt: Taunt ("any of its neighbors that do not have the taunt keyword cannot be
 * attacked"). */
static void test_taunt(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Brute");
    put(&st, 1, "Test Tiny");
    put(&st, 1, "Test Taunter");
    put(&st, 1, "Test Grunt");
    put(&st, 1, "Test Martyr");
    assert_false(has(&st, "fight Test Brute -> Test Tiny"));
    assert_false(has(&st, "fight Test Brute -> Test Grunt"));
    assert_true(has(&st, "fight Test Brute -> Test Taunter"));
    assert_true(has(&st, "fight Test Brute -> Test Martyr"));
}

/* aember.txt: Poison ("Any damage dealt via the power of a creature with the poison keyword
 * during a fight destroys the damaged creature"). */
static void test_poison(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Poisoner");
    uint16_t b = put(&st, 1, "Test Brute");
    act(&st, "fight Test Poisoner -> Test Brute");
    assert_null(at(&st, b));
    assert_int_equal(st.seat[0].n_line, 0);
}

/* aember.txt: Skirmish ("it takes no damage from the opposing creature"). */
static void test_skirmish(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    uint16_t s = put(&st, 0, "Test Skirmisher");
    put(&st, 1, "Test Brute");
    act(&st, "fight Test Skirmisher -> Test Brute");
    assert_int_equal(at(&st, s)->damage, 0);
    assert_int_equal(st.seat[1].line[0].damage, 3);
}

/* aember.txt: Assault ("If this destroys the other creature, the rest of the fight does not
 * occur") and Hazardous. */
static void test_assault_and_hazardous(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    uint16_t as = put(&st, 0, "Test Assaulter");
    put(&st, 1, "Test Grunt");
    act(&st, "fight Test Assaulter -> Test Grunt");
    assert_int_equal(st.seat[1].n_line, 0);
    assert_int_equal(at(&st, as)->damage, 0);

    blank(&st);
    uint16_t g = put(&st, 0, "Test Capturer");
    uint16_t h = put(&st, 1, "Test Hazard");
    act(&st, "fight Test Capturer -> Test Hazard");
    assert_null(at(&st, h));
    assert_int_equal(at(&st, g)->damage, 2 + 3);
}

/* aember.txt: Capture ("placed on a creature controlled by the capturing player") and
 * "When a creature with Æmber on it leaves play, the Æmber is placed in the opponent's pool". */
static void test_capture_and_return(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    uint16_t c = put(&st, 0, "Test Capturer");
    put(&st, 1, "Test Tiny");
    st.seat[1].aember = 5;
    act(&st, "fight Test Capturer -> Test Tiny");
    assert_int_equal(at(&st, c)->aember, 2);
    assert_int_equal(st.seat[1].aember, 3);
    assert_int_equal(st.seat[0].aember, 0);
    aember_destroy(&st, c);
    aember_check_destroyed(R, &st);
    aember_advance(R, &st);
    assert_null(at(&st, c));
    assert_int_equal(st.seat[1].aember, 5);
}

/* aember.txt: Destroyed ("the effect resolves automatically when the card is destroyed,
 * immediately before it leaves play"). */
static void test_destroyed_ability(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Brute");
    put(&st, 1, "Test Martyr");
    act(&st, "fight Test Brute -> Test Martyr");
    assert_int_equal(st.seat[1].aember, 2);
    assert_int_equal(st.seat[1].n_line, 0);
    assert_true(in_zone(&st.seat[1].discard, card("Test Martyr")));
}

/* aember.txt: Stun ("The next time the creature is used, the only thing that happens is the
 * creature exhausts and the stun card is removed"). */
static void test_stun(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    uint16_t g = put(&st, 0, "Test Reaper");
    put(&st, 1, "Test Grunt");
    aember_find_uid(&st, g, NULL, NULL, NULL)->flags |= AEMBER_F_STUNNED;
    assert_false(has(&st, "reap Test Reaper"));
    assert_false(has(&st, "fight Test Reaper -> Test Grunt"));
    st.seat[1].aember = 2;
    act(&st, "use Test Reaper");
    assert_int_equal(at(&st, g)->flags & (AEMBER_F_STUNNED | AEMBER_F_EXHAUSTED),
                     AEMBER_F_EXHAUSTED);
    assert_int_equal(st.seat[0].aember, 0);
    assert_int_equal(st.seat[1].aember, 2);
    /* the Play: effect that stuns, with a target decision */
    give(&st, 0, "Test Stunner");
    act(&st, "play Test Stunner");
    act(&st, "target Test Grunt");
    assert_true(st.seat[1].line[0].flags & AEMBER_F_STUNNED);
    assert_true(in_zone(&st.seat[0].discard, card("Test Stunner")));
}

/* aember.txt: Action cards (resolve "Play:", then to the discard pile), Æmber bonus, and
 * Splash ("the splash damage is dealt to each of the target creature's neighbors"). */
static void test_action_splash(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    uint16_t l = put(&st, 1, "Test Brute");
    uint16_t m = put(&st, 1, "Test Brute");
    uint16_t r = put(&st, 1, "Test Tiny");
    give(&st, 0, "Test Bomb");
    act(&st, "play Test Bomb");
    assert_int_equal(st.seat[0].aember, 1);
    assert_true(has(&st, "target Test Brute"));
    assert_true(has(&st, "target Test Brute #2"));
    act(&st, "target Test Brute #2");
    assert_int_equal(at(&st, m)->damage, 3);
    assert_int_equal(at(&st, l)->damage, 1);
    assert_null(at(&st, r));
    assert_true(in_zone(&st.seat[0].discard, card("Test Bomb")));
}

/* aember.txt: "This Way" and Least Powerful / each. */
static void test_this_way(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Tiny");
    put(&st, 1, "Test Tiny");
    put(&st, 1, "Test Brute");
    put(&st, 1, "Test Martyr");
    give(&st, 0, "Test Wipe");
    act(&st, "play Test Wipe");
    assert_int_equal(st.seat[0].n_line, 0);
    assert_int_equal(st.seat[1].n_line, 1);
    assert_int_equal(st.seat[0].aember, 3);
    assert_int_equal(st.seat[1].aember, 2); /* the Martyr's Destroyed: */
}

/* aember.txt: May ("the text that follows "may" is optional") and If You Do. */
static void test_may_if_you_do(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    give(&st, 0, "Test Maybe");
    give(&st, 0, "Test Brute");
    act(&st, "play Test Maybe");
    act(&st, "no");
    assert_int_equal(st.seat[0].hand.n, 1);
    give(&st, 0, "Test Maybe");
    act(&st, "play Test Maybe");
    act(&st, "yes");
    act(&st, "target Test Brute");
    assert_int_equal(st.seat[0].hand.n, 2);
    assert_true(in_zone(&st.seat[0].discard, card("Test Brute")));
}

/* aember.txt: Upgrades ("continually modifying the card it is attached to") and Leaves Play
 * ("all upgrades on the card are discarded"). */
static void test_upgrade(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    uint16_t g = put(&st, 0, "Test Grunt");
    put(&st, 1, "Test Grunt");
    give(&st, 0, "Test Booster");
    assert_true(has(&st, "play Test Booster on enemy Test Grunt"));
    act(&st, "play Test Booster on Test Grunt");
    int seat, art, idx;
    aember_find_uid(&st, g, &seat, &art, &idx);
    assert_int_equal(aember_power(R, &st, seat, idx), 5);
    act(&st, "reap Test Grunt");
    assert_int_equal(st.seat[0].aember, 2);
    aember_leave_play(R, &st, g, AEMBER_TO_HAND);
    assert_true(in_zone(&st.seat[0].discard, card("Test Booster")));
    assert_true(in_zone(&st.seat[0].hand, card("Test Grunt")));
}

/* aember.txt: Constant abilities ("active while the card is in play"). */
static void test_constant_power(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Grunt");
    put(&st, 0, "Test Banner");
    put(&st, 1, "Test Grunt");
    assert_int_equal(aember_power(R, &st, 0, 0), 4);
    assert_int_equal(aember_power(R, &st, 0, 1), 2);
    assert_int_equal(aember_power(R, &st, 1, 0), 3);
}

/* aember.txt: Omni ("even if the card ... does not belong to the active house") and Off-house. */
static void test_omni_off_house(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Gem");
    put(&st, 0, "Test Hazard");
    assert_false(has(&st, "reap Test Hazard"));
    act(&st, "omni Test Gem");
    assert_int_equal(st.seat[0].aember, 1);
    assert_false(has(&st, "omni Test Gem"));
}

/* aember.txt: Rule of Six ("cannot play and/or use the same card ... more than 6 times"). */
static void test_rule_of_six(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Tiny");
    for (int i = 0; i < 6; i++) {
        st.seat[0].line[0].flags = 0;
        act(&st, "reap Test Tiny");
    }
    st.seat[0].line[0].flags = 0;
    assert_false(has(&st, "reap Test Tiny"));
    give(&st, 0, "Test Tiny");
    assert_false(has(&st, "play Test Tiny left"));
    assert_true(has(&st, "discard Test Tiny"));
}

/* aember.txt: Fight ("ready and fight with" grants permission, any house) with a fight choice. */
static void test_ready_and_fight(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    uint16_t e = put(&st, 0, "Test Elusive");
    aember_find_uid(&st, e, NULL, NULL, NULL)->flags |= AEMBER_F_EXHAUSTED;
    put(&st, 1, "Test Tiny");
    give(&st, 0, "Test Rally");
    act(&st, "play Test Rally");
    act(&st, "target Test Elusive");
    assert_true(has(&st, "done"));
    act(&st, "fight Test Elusive -> Test Tiny");
    assert_int_equal(st.seat[1].n_line, 0);
    assert_true(at(&st, e)->flags & AEMBER_F_EXHAUSTED);
    assert_true(has(&st, "end turn"));
}

/* aember.txt: Search ("A player may choose to fail to find the object of a search"). */
static void test_search(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)aember_house_id(R, "green");
    carta_zone_push(CARTA_ZONE_REF(&st.seat[0].deck), card("Test Beast"), 0);
    st.seat[0].deck_list[st.seat[0].n_deck_list++] = card("Test Beast");
    give(&st, 0, "Test Seeker");
    act(&st, "play Test Seeker");
    assert_true(has(&st, "done"));
    assert_false(has(&st, "target Test Grunt"));
    /* the searcher sees its own deck in its observation while searching */
    aember_state obs;
    G->observe(R, &st, 0, &obs);
    assert_true(has(&obs, "target Test Beast"));
    act(&st, "target Test Beast");
    assert_true(in_zone(&st.seat[0].hand, card("Test Beast")));
    assert_int_equal(st.seat[0].deck.n, 10);
}

/* aember.txt: Unforge, Chains (gaining chains), Repeat, Least Powerful, Swap, +1 power counter. */
static void test_green_effects(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)aember_house_id(R, "green");
    st.seat[1].keys = 1;
    give(&st, 0, "Test Unforger");
    act(&st, "play Test Unforger");
    assert_int_equal(st.seat[1].keys, 0);

    give(&st, 0, "Test Chainer");
    act(&st, "play Test Chainer");
    assert_int_equal(st.seat[0].aember, 4);
    assert_int_equal(st.seat[0].chains, 3);

    uint16_t b = put(&st, 1, "Test Brute");
    give(&st, 0, "Test Repeat");
    act(&st, "play Test Repeat");
    act(&st, "target Test Brute");
    act(&st, "target Test Brute");
    assert_int_equal(at(&st, b)->damage, 2);

    uint16_t t1 = put(&st, 1, "Test Tiny");
    uint16_t t2 = put(&st, 1, "Test Tiny");
    give(&st, 0, "Test Least");
    act(&st, "play Test Least");
    assert_true(has(&st, "target Test Tiny"));
    assert_true(has(&st, "target Test Tiny #2"));
    assert_false(has(&st, "target Test Brute"));
    act(&st, "target Test Tiny #2");
    assert_non_null(at(&st, t1));
    assert_null(at(&st, t2));

    uint16_t g = put(&st, 0, "Test Grunt");
    put(&st, 0, "Test Tiny");
    give(&st, 0, "Test Swapper");
    act(&st, "play Test Swapper left");
    act(&st, "target Test Tiny");
    assert_int_equal(st.seat[0].line[0].card, card("Test Tiny"));
    assert_int_equal(st.seat[0].line[2].card, card("Test Swapper"));

    give(&st, 0, "Test Counter");
    act(&st, "play Test Counter");
    act(&st, "target Test Grunt");
    assert_int_equal(at(&st, g)->power_counters, 2);
    int seat, art, idx;
    aember_find_uid(&st, g, &seat, &art, &idx);
    assert_int_equal(aember_power(R, &st, seat, idx), 5);
}

/* aember.txt: Assault, "The active player chooses whether this occurs before or after other
 * \"Before Fight\" effects and keywords." */
static void test_order_decision(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 0, "Test Lancer");
    put(&st, 1, "Test Brute");
    act(&st, "fight Test Lancer -> Test Brute");
    assert_true(has(&st, "order assault"));
    assert_true(has(&st, "order before fight"));
    act(&st, "order before fight");
    assert_int_equal(st.seat[0].aember, 1);
    assert_int_equal(st.seat[1].line[0].damage, 4);
    /* without a Before Fight: ability, no decision */
    blank(&st);
    put(&st, 0, "Test Assaulter");
    put(&st, 1, "Test Brute");
    act(&st, "fight Test Assaulter -> Test Brute");
    assert_true(has(&st, "end turn"));
}

/* aember.txt: Playing or using other cards (any house) — "play a card" from an effect. */
static void test_play_from_effect(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)aember_house_id(R, "green");
    put(&st, 0, "Test Grunt");
    give(&st, 0, "Test Encore");
    give(&st, 0, "Test Taunter");
    act(&st, "play Test Encore");
    assert_true(has(&st, "done"));
    act(&st, "play Test Taunter left");
    assert_int_equal(st.seat[0].line[0].card, card("Test Taunter"));
    assert_true(has(&st, "end turn"));
}

/* aember.txt: Archives, Purge, Discard pile ("open information"). */
static void test_zone_effects(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)aember_house_id(R, "green");
    give(&st, 0, "Test Vault");
    give(&st, 0, "Test Brute");
    carta_zone_push(CARTA_ZONE_REF(&st.seat[1].discard), card("Test Tiny"), 0);
    carta_zone_push(CARTA_ZONE_REF(&st.seat[0].discard), card("Test Elusive"), 0);
    act(&st, "play Test Vault");
    act(&st, "target Test Brute");
    assert_true(in_zone(&st.seat[0].archives, card("Test Brute")));
    act(&st, "target Test Tiny");
    assert_true(in_zone(&st.seat[1].purged, card("Test Tiny")));
    act(&st, "target Test Elusive");
    assert_true(in_zone(&st.seat[0].hand, card("Test Elusive")));
    assert_true(in_zone(&st.seat[0].discard, card("Test Vault")));
}

/* aember.txt: Sacrifice ("discard that card from play"), If You Do, Swap. */
static void test_sacrifice_and_swap(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    st.active_house = (uint8_t)aember_house_id(R, "green");
    put(&st, 0, "Test Martyr");
    st.seat[1].aember = 3;
    give(&st, 0, "Test Offering");
    act(&st, "play Test Offering");
    act(&st, "target Test Martyr");
    assert_int_equal(st.seat[0].n_line, 0);
    assert_int_equal(st.seat[0].aember, 2); /* stolen; no Destroyed: gain */
    assert_true(in_zone(&st.seat[0].discard, card("Test Martyr")));

    put(&st, 0, "Test Grunt");
    put(&st, 0, "Test Tiny");
    put(&st, 0, "Test Brute");
    give(&st, 0, "Test Shuffle");
    act(&st, "play Test Shuffle");
    act(&st, "target Test Grunt");
    assert_false(has(&st, "target Test Grunt"));
    act(&st, "target Test Brute");
    assert_int_equal(st.seat[0].line[0].card, card("Test Brute"));
    assert_int_equal(st.seat[0].line[2].card, card("Test Grunt"));
}

/* aember.txt: End of turn ("after step 5"), start-of-turn effects, and a C handler. */
static void test_turn_triggers(void **unused)
{
    (void)unused;
    aember_state st;
    blank(&st);
    put(&st, 1, "Test Tithe");
    st.seat[0].aember = 5;
    act(&st, "end turn");
    assert_int_equal(st.seat[1].aember, 1); /* start of turn */
    act(&st, "house blue");
    act(&st, "end turn");
    assert_int_equal(st.seat[1].aember, 3); /* end of turn: half of 5 stolen */
    assert_int_equal(st.seat[0].aember, 3);
}

/* aember.txt: Chains, "Each time (including during setup)". */
static void test_mulligan_chains(void **unused)
{
    (void)unused;
    aember_state st;
    carta_config cfg = config_for(3);
    carta_error err;
    carta_error_clear(&err);
    assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
    st.seat[st.first].chains = 2;
    act(&st, "mulligan");
    assert_int_equal(st.seat[st.first].hand.n, 5);
    assert_int_equal(st.seat[st.first].chains, 1);
}

/* ---- the contract ---- */

static carta_config config_real(uint64_t seed)
{
    int g = (int)(seed % 7);
    carta_config cfg = config_for(seed);
    const char *names[3][4] = {
        {"Test Grunt", "Test Bomb", "Test Capturer", "Test Booster"},
        {"Test Elusive", "Test Taunter", "Test Lock", "Test Gem"},
        {"Test Seeker", "Test Beast", "Test Least", "Test Swapper"}};
    const char *more[] = {"Test Wipe", "Test Maybe", "Test Stunner", "Test Banner", "Test Rally",
                          "Test Hazard", "Test Martyr", "Test Chainer", "Test Unforger",
                          "Test Repeat", "Test Counter", "Test Reaper", "Test Lancer",
                          "Test Encore", "Test Vault", "Test Offering", "Test Shuffle",
                          "Test Tithe"};
    for (int p = 0; p < 2; p++)
        for (int i = 0; i < 36; i++)
            cfg.decks[p].cards[i] =
                card(i < 24 ? names[i % 3][(i / 3 + p) % 4] : more[(i - 24 + p * 5 + g) % 18]);
    return cfg;
}

/* Random legal self-play: 1000 games end, every action chosen is legal, texts are distinct. */
static void test_random_selfplay(void **unused)
{
    (void)unused;
    long total = 0;
    for (int g = 0; g < 1000; g++) {
        aember_state st;
        carta_config cfg = config_real((uint64_t)g + 1);
        carta_error err;
        carta_error_clear(&err);
        assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
        carta_rng pick;
        carta_rng_seed(&pick, (uint64_t)g * 7919);
        int steps = 0;
        carta_action legal[CARTA_MAX_ACTIONS];
        int n;
        while ((n = G->legal_actions(R, &st, legal)) > 0) {
            if (g < 50) { /* distinct texts */
                char a[160], b[160];
                for (int i = 0; i < n; i++) {
                    G->describe_action(R, &st, legal[i], a, sizeof a);
                    for (int j = i + 1; j < n; j++) {
                        G->describe_action(R, &st, legal[j], b, sizeof b);
                        if (strcmp(a, b) == 0)
                            fail_msg("two legal actions read '%s'", a);
                    }
                }
            }
            carta_action act_ = legal[carta_rng_below(&pick, (uint32_t)n)];
            assert_int_equal(G->apply(R, &st, act_, &err), CARTA_OK);
            assert_true(++steps < 200000);
        }
        assert_int_equal(G->to_act(R, &st), CARTA_NO_SEAT);
        total += steps;
    }
    assert_true(total > 1000);
}

/* An illegal action (through carta_apply_checked) returns CARTA_ERR_ILLEGAL and leaves the state
 * unchanged; clone is memcpy. */
static void test_illegal_unchanged_and_clone(void **unused)
{
    (void)unused;
    aember_state st, before, copy;
    carta_config cfg = config_real(5);
    carta_error err;
    carta_error_clear(&err);
    assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
    memcpy(&before, &st, sizeof st);
    carta_action bad[] = {AEMBER_ACT(AEMBER_A_END_TURN, 0, 0, 0),
                          AEMBER_ACT(AEMBER_A_PLAY, 200, 0, 0), 0, 0xFFFFFFFFu,
                          AEMBER_ACT(AEMBER_A_TARGET, 3, 9, 0)};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carta_error_clear(&err);
        assert_int_equal(carta_apply_checked(G, R, &st, bad[i], &err), CARTA_ERR_ILLEGAL);
        assert_memory_equal(&st, &before, sizeof st);
    }
    memcpy(&copy, &st, sizeof st);
    act(&copy, "keep");
    act(&st, "keep");
    assert_memory_equal(&st, &copy, sizeof st);
}

/* Hidden information: observe hides the opponent's hand and archives and both decks, keeps
 * counts and zeroes the PRNG; determinize refills from the deck lists and keeps what is known. */
static void test_observe_determinize(void **unused)
{
    (void)unused;
    aember_state st, obs;
    carta_config cfg = config_real(9);
    carta_error err;
    carta_error_clear(&err);
    assert_int_equal(G->setup(R, &st, &cfg, &err), CARTA_OK);
    carta_zone_move(CARTA_ZONE_REF(&st.seat[1].deck), st.seat[1].deck.n - 1,
                    CARTA_ZONE_REF(&st.seat[1].archives));
    G->observe(R, &st, 0, &obs);
    assert_int_equal(obs.seat[1].hand.n, st.seat[1].hand.n);
    for (int i = 0; i < obs.seat[1].hand.n; i++)
        assert_int_equal(obs.seat[1].hand.cards[i], AEMBER_UNKNOWN);
    assert_int_equal(obs.seat[1].archives.cards[0], AEMBER_UNKNOWN);
    for (int i = 0; i < obs.seat[0].deck.n; i++)
        assert_int_equal(obs.seat[0].deck.cards[i], AEMBER_UNKNOWN);
    assert_memory_equal(obs.seat[0].hand.cards, st.seat[0].hand.cards, st.seat[0].hand.n * 2);
    carta_rng zero;
    memset(&zero, 0, sizeof zero);
    assert_memory_equal(&obs.rng, &zero, sizeof zero);

    /* a hidden change of the opponent's hand gives the same observation */
    aember_state st2, obs2;
    memcpy(&st2, &st, sizeof st);
    uint16_t t = st2.seat[1].hand.cards[0];
    st2.seat[1].hand.cards[0] = st2.seat[1].deck.cards[0];
    st2.seat[1].deck.cards[0] = t;
    G->observe(R, &st2, 0, &obs2);
    assert_memory_equal(&obs, &obs2, sizeof obs);

    G->determinize(R, &obs, 0, 42);
    for (int p = 0; p < 2; p++) {
        /* the multiset of a seat's cards outside play equals its deck list */
        int count[CARTA_CATALOG_MAX] = {0};
        const aember_seat *s = &obs.seat[p];
        for (int i = 0; i < s->n_deck_list; i++)
            count[s->deck_list[i]]++;
        const aember_zone *zs[] = {&s->hand, &s->deck, &s->discard, &s->archives, &s->purged};
        for (int z = 0; z < 5; z++)
            for (int i = 0; i < zs[z]->n; i++) {
                assert_true(zs[z]->cards[i] != AEMBER_UNKNOWN);
                count[zs[z]->cards[i]]--;
            }
        for (int i = 0; i < CARTA_CATALOG_MAX; i++)
            assert_int_equal(count[i], 0);
    }
    assert_memory_equal(obs.seat[0].hand.cards, st.seat[0].hand.cards, st.seat[0].hand.n * 2);
    carta_action legal[CARTA_MAX_ACTIONS];
    assert_true(G->legal_actions(R, &obs, legal) > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_card_refused),
        cmocka_unit_test(test_setup_and_mulligan),
        cmocka_unit_test(test_first_turn_one_card),
        cmocka_unit_test(test_forge_and_draw),
        cmocka_unit_test(test_key_cost_constant),
        cmocka_unit_test(test_third_key_wins),
        cmocka_unit_test(test_chains),
        cmocka_unit_test(test_archives),
        cmocka_unit_test(test_play_flank_and_reap),
        cmocka_unit_test(test_fight_and_close_gap),
        cmocka_unit_test(test_elusive),
        cmocka_unit_test(test_armor),
        cmocka_unit_test(test_taunt),
        cmocka_unit_test(test_poison),
        cmocka_unit_test(test_skirmish),
        cmocka_unit_test(test_assault_and_hazardous),
        cmocka_unit_test(test_capture_and_return),
        cmocka_unit_test(test_destroyed_ability),
        cmocka_unit_test(test_stun),
        cmocka_unit_test(test_action_splash),
        cmocka_unit_test(test_this_way),
        cmocka_unit_test(test_may_if_you_do),
        cmocka_unit_test(test_upgrade),
        cmocka_unit_test(test_constant_power),
        cmocka_unit_test(test_omni_off_house),
        cmocka_unit_test(test_rule_of_six),
        cmocka_unit_test(test_ready_and_fight),
        cmocka_unit_test(test_search),
        cmocka_unit_test(test_green_effects),
        cmocka_unit_test(test_order_decision),
        cmocka_unit_test(test_play_from_effect),
        cmocka_unit_test(test_zone_effects),
        cmocka_unit_test(test_sacrifice_and_swap),
        cmocka_unit_test(test_turn_triggers),
        cmocka_unit_test(test_mulligan_chains),
        cmocka_unit_test(test_random_selfplay),
        cmocka_unit_test(test_illegal_unchanged_and_clone),
        cmocka_unit_test(test_observe_determinize),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
