/* test_aember_decks.c: the Æmber card set loads, prebuilt decks are legal, bad decks are refused
 * with clear reasons, and generated decks are legal, follow the rarity weights and depend only on
 * the seed. */
#include <dirent.h>
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
#include "core/rng.h"
#include "games/aember/aember.h"
#include "games/registry.h"

#define AEMBER_DIR CARTA_DATA_DIR "/aember"

static carta_rules *rules;
static const carta_game *game;

static int group_setup(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    game = carta_game_find("aember");
    if (!game)
        return -1;
    rules = game->open(AEMBER_DIR, &err);
    if (!rules)
        fprintf(stderr, "cannot open the Æmber card set: %s\n", err.msg);
    return rules ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    game->close(rules);
    return 0;
}

/* Writes text to a fresh temporary deck file and returns its path (static buffer). */
static const char *write_temp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/carta-deck-XXXXXX.yaml");
    int fd = mkstemps(path, 5);
    assert_true(fd >= 0);
    size_t len = strlen(text);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    return path;
}

/* ---- the card set ---- */

static void test_card_set_loads(void **unused)
{
    (void)unused;
    int count = carta_catalog_count(rules->catalog);
    assert_true(count >= 75);
    assert_true(rules->n_houses >= 5);
    int per_house[AEMBER_MAX_HOUSES] = {0}, types[AEMBER_MAX_HOUSES][4] = {{0}};
    for (int id = 0; id < count; id++) {
        const aember_card_def *def = aember_def(rules, id);
        assert_non_null(def);
        assert_true(def->text[0] != '\0');
        per_house[def->house]++;
        types[def->house][def->type]++;
        assert_int_equal(game->card_id(rules, game->card_name(rules, id)), id);
    }
    /* Every printed keyword and every ability timing is on several cards. */
    static const uint16_t keywords[] = {AEMBER_KW_ASSAULT, AEMBER_KW_HAZARDOUS, AEMBER_KW_ELUSIVE,
                                        AEMBER_KW_POISON, AEMBER_KW_SKIRMISH, AEMBER_KW_TAUNT};
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++) {
        int with = 0;
        for (int id = 0; id < count; id++)
            with += (aember_def(rules, id)->keywords & keywords[k]) != 0;
        assert_true(with >= 2);
    }
    for (int t = AEMBER_TRIG_PLAY; t <= AEMBER_TRIG_CONSTANT; t++) {
        int with = 0;
        for (int id = 0; id < count; id++)
            with += (aember_def(rules, id)->triggers >> t) & 1;
        assert_true(with >= 2);
    }
    for (int h = 0; h < rules->n_houses; h++) {
        assert_true(per_house[h] >= 16);
        for (int t = 0; t < 4; t++)
            assert_true(types[h][t] >= 1);
    }
}

/* ---- prebuilt decks ---- */

/* Calls fn(path) for every deck file in data/aember/decks; returns how many. */
static int for_each_deck_file(void (*fn)(const char *path))
{
    DIR *d = opendir(AEMBER_DIR "/decks");
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/decks/%s", AEMBER_DIR, e->d_name);
        fn(path);
        n++;
    }
    closedir(d);
    return n;
}

static uint32_t houses_seen; /* bit per house, over every prebuilt deck */

static void check_prebuilt(const char *path)
{
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    carta_status st = aember_deck_resolve(rules, path, 1, &deck, &err);
    if (st != CARTA_OK)
        fail_msg("%s: %s", path, err.msg);
    assert_int_equal(deck.n_cards, 36);
    assert_int_equal(aember_deck_check(rules, &deck, &err), CARTA_OK);
    for (int i = 0; i < deck.n_cards; i++)
        houses_seen |= 1u << aember_def(rules, deck.cards[i])->house;

    /* The same deck by its name, in any case, gives the same cards. */
    char upper[CARTA_NAME_MAX];
    snprintf(upper, sizeof upper, "%s", deck.name);
    for (char *c = upper; *c; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    carta_deck by_name;
    st = aember_deck_resolve(rules, upper, 99, &by_name, &err);
    if (st != CARTA_OK)
        fail_msg("%s by name '%s': %s", path, upper, err.msg);
    assert_int_equal(by_name.n_cards, deck.n_cards);
    assert_memory_equal(by_name.cards, deck.cards, sizeof deck.cards[0] * 36);
    assert_string_equal(by_name.name, deck.name);
}

static void test_prebuilt_decks_are_legal(void **unused)
{
    (void)unused;
    setenv("CARTA_AEMBER_DATA", AEMBER_DIR, 1);
    houses_seen = 0;
    assert_true(for_each_deck_file(check_prebuilt) >= 4);
    for (int h = 0; h < rules->n_houses; h++)
        assert_true(houses_seen & (1u << h));
}

static void test_unknown_deck_name(void **unused)
{
    (void)unused;
    setenv("CARTA_AEMBER_DATA", AEMBER_DIR, 1);
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    assert_int_equal(aember_deck_resolve(rules, "No Such Deck", 1, &deck, &err),
                     CARTA_ERR_UNKNOWN);
    assert_non_null(strstr(err.msg, "No Such Deck"));
    assert_non_null(strstr(err.msg, "Ashen Vanguard")); /* the message lists the known decks */
    carta_error_clear(&err);
    assert_int_equal(aember_deck_resolve(rules, "", 1, &deck, &err), CARTA_ERR_INPUT);
    carta_error_clear(&err);
    assert_int_not_equal(aember_deck_resolve(rules, "/nonexistent/deck.yaml", 1, &deck, &err),
                         CARTA_OK);
    assert_non_null(strstr(err.msg, "/nonexistent/deck.yaml"));
}

/* ---- bad deck files ---- */

/* A deck file text: houses, then n cards given as name/count pairs. */
static const char *deck_text(const char *houses, const char *const *cards, const int *counts,
                             int n)
{
    static char text[4096];
    int len = snprintf(text, sizeof text, "name: \"Test Deck\"\nhouses: [%s]\ncards:\n", houses);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < counts[i]; k++)
            len += snprintf(text + len, sizeof text - (size_t)len, "  - %s\n", cards[i]);
    return text;
}

/* Resolves text as a deck file; expects failure whose message has the file, line and reason. */
static void expect_bad_file(const char *text, int line, const char *reason)
{
    const char *path = write_temp(text);
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    memset(&deck, 0x5a, sizeof deck);
    carta_deck before = deck;
    carta_status st = aember_deck_resolve(rules, path, 1, &deck, &err);
    char where[128];
    snprintf(where, sizeof where, "%s:%d: error: ", path, line);
    unlink(path);
    assert_int_not_equal(st, CARTA_OK);
    if (!strstr(err.msg, where) || !strstr(err.msg, reason))
        fail_msg("expected '%s...%s', got '%s'", where, reason, err.msg);
    assert_memory_equal(&deck, &before, sizeof deck); /* nothing written on failure */
}

static const char *const good_names[] = {"Cinder Brute", "Tideturner", "Cogwright"};
static const int good_counts[] = {12, 12, 12};

static void test_good_file_resolves(void **unused)
{
    (void)unused;
    const char *path = write_temp(deck_text("ashen, tidal, clockwork", good_names, good_counts, 3));
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    carta_status st = aember_deck_resolve(rules, path, 1, &deck, &err);
    unlink(path);
    if (st != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_string_equal(deck.name, "Test Deck");
    assert_int_equal(deck.n_cards, 36);
    assert_int_equal(deck.cards[0], game->card_id(rules, "Cinder Brute"));
    assert_int_equal(deck.cards[35], game->card_id(rules, "Cogwright"));
}

static void test_bad_deck_files(void **unused)
{
    (void)unused;
    /* Wrong size: 35 cards. The list of cards starts on line 4. */
    const int short_counts[] = {12, 12, 11};
    expect_bad_file(deck_text("ashen, tidal, clockwork", good_names, short_counts, 3), 4,
                    "exactly 36 cards, this one lists 35");
    /* Four houses. */
    expect_bad_file(deck_text("ashen, tidal, clockwork, verdant", good_names, good_counts, 3), 2,
                    "exactly 3 houses, this one lists 4");
    /* An unknown card, on line 4 + 12 = 16. */
    const char *const unknown[] = {"Cinder Brute", "Tideturner", "No Such Card", "Cogwright"};
    const int unknown_counts[] = {12, 1, 1, 22};
    expect_bad_file(deck_text("ashen, tidal, clockwork", unknown, unknown_counts, 4), 17,
                    "unknown card 'No Such Card'");
    /* A card of a house the deck does not have: Thornling is verdant, on line 4. */
    const char *const stray[] = {"Thornling", "Cinder Brute", "Tideturner", "Cogwright"};
    const int stray_counts[] = {1, 11, 12, 12};
    expect_bad_file(deck_text("ashen, tidal, clockwork", stray, stray_counts, 4), 4,
                    "'Thornling' is of house verdant, which is not one of the deck's houses");
    /* Twelve of each house is the rule: 13 ashen, 11 tidal. */
    const int uneven[] = {13, 11, 12};
    expect_bad_file(deck_text("ashen, tidal, clockwork", good_names, uneven, 3), 4,
                    "12 cards of each house");
    /* A house listed twice, an unknown house, an unknown key, a missing name. */
    expect_bad_file(deck_text("ashen, ashen, clockwork", good_names, good_counts, 3), 2,
                    "house 'ashen' is listed twice");
    expect_bad_file(deck_text("ashen, tidal, brass", good_names, good_counts, 3), 2,
                    "unknown house 'brass'");
    expect_bad_file("name: x\nhouses: [ashen, tidal, clockwork]\ncard: []\n", 3, "unknown key");
    expect_bad_file("houses: [ashen, tidal, clockwork]\ncards: []\n", 1, "name");
    expect_bad_file("- just\n- a list\n", 1, "a deck file is a map");
}

/* ---- deck_check on in-memory decks ---- */

static carta_deck deck_of(const char *const *names, const int *counts, int n)
{
    carta_deck deck;
    memset(&deck, 0, sizeof deck);
    snprintf(deck.name, sizeof deck.name, "Memory Deck");
    for (int i = 0; i < n; i++)
        for (int k = 0; k < counts[i]; k++)
            deck.cards[deck.n_cards++] = (uint16_t)game->card_id(rules, names[i]);
    return deck;
}

static void expect_deck_check(const carta_deck *deck, const char *reason)
{
    carta_error err;
    carta_error_clear(&err);
    carta_status st = aember_deck_check(rules, deck, &err);
    if (!reason) {
        if (st != CARTA_OK)
            fail_msg("expected a legal deck: %s", err.msg);
        return;
    }
    assert_int_equal(st, CARTA_ERR_INPUT);
    if (!strstr(err.msg, "deck 'Memory Deck'") || !strstr(err.msg, reason))
        fail_msg("expected '%s', got '%s'", reason, err.msg);
}

static void test_deck_check(void **unused)
{
    (void)unused;
    carta_deck deck = deck_of(good_names, good_counts, 3);
    expect_deck_check(&deck, NULL);
    const char *const four[] = {"Cinder Brute", "Tideturner", "Cogwright", "Thornling"};
    const int nine[] = {9, 9, 9, 9};
    deck = deck_of(four, nine, 4);
    expect_deck_check(&deck, "exactly 3 houses, this one has 4");
    const int twelve_each_four[] = {12, 12, 11, 1};
    deck = deck_of(four, twelve_each_four, 4);
    expect_deck_check(&deck, "exactly 3 houses, this one has 4");
    const int big[] = {12, 12, 13};
    deck = deck_of(good_names, big, 3);
    expect_deck_check(&deck, "exactly 36 cards, this one has 37");
    const int two_houses[] = {18, 18, 0};
    deck = deck_of(good_names, two_houses, 3);
    expect_deck_check(&deck, "exactly 3 houses, this one has 2");
    const int uneven[] = {14, 10, 12};
    deck = deck_of(good_names, uneven, 3);
    expect_deck_check(&deck, "12 cards of each house");
    deck = deck_of(good_names, good_counts, 3);
    deck.cards[5] = 60000;
    expect_deck_check(&deck, "not in the card set");
    /* A maverick counts for the house printed on it. */
    const char *const mav[] = {"Stray Thornback", "Cinder Brute", "Tideturner", "Cogwright"};
    const int mav_counts[] = {1, 11, 12, 12};
    assert_true(aember_def(rules, game->card_id(rules, "Stray Thornback"))->maverick);
    deck = deck_of(mav, mav_counts, 4);
    expect_deck_check(&deck, NULL);
}

/* ---- generation ---- */

static void test_generated_decks(void **unused)
{
    (void)unused;
    int n_cards = carta_catalog_count(rules->catalog);
    /* Copies drawn per card over all decks, and how often each card's house was picked. */
    static long copies[CARTA_CATALOG_MAX];
    long house_picked[AEMBER_MAX_HOUSES] = {0};
    memset(copies, 0, sizeof copies);
    for (uint64_t seed = 0; seed < 200; seed++) {
        carta_error err;
        carta_error_clear(&err);
        carta_deck deck;
        if (aember_deck_resolve(rules, "random", seed, &deck, &err) != CARTA_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        if (aember_deck_check(rules, &deck, &err) != CARTA_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        int specials[CARTA_CATALOG_MAX] = {0};
        uint32_t houses = 0;
        for (int i = 0; i < deck.n_cards; i++) {
            const aember_card_def *def = aember_def(rules, deck.cards[i]);
            copies[deck.cards[i]]++;
            houses |= 1u << def->house;
            if (def->rarity == AEMBER_SPECIAL)
                assert_int_equal(++specials[deck.cards[i]], 1);
        }
        for (int h = 0; h < rules->n_houses; h++)
            if (houses & (1u << h))
                house_picked[h]++;
    }
    /* Houses are picked uniformly: each house is in 3/5 of decks (120 of 200) give or take. */
    for (int h = 0; h < rules->n_houses; h++) {
        double expect = 200.0 * 3 / rules->n_houses;
        assert_true(house_picked[h] > expect * 0.75 && house_picked[h] < expect * 1.25);
    }
    /* The mean copies per card of each rarity, relative to the house's draws, follow the weights
     * 6 : 3 : 1. Expected copies of a card = picks of its house * 12 * weight / house weight. */
    double observed[4] = {0}, expected[4] = {0};
    long house_weight[AEMBER_MAX_HOUSES] = {0};
    static const int weight[4] = {6, 3, 1, 1};
    for (int id = 0; id < n_cards; id++) {
        const aember_card_def *def = aember_def(rules, id);
        house_weight[def->house] += weight[def->rarity];
    }
    for (int id = 0; id < n_cards; id++) {
        const aember_card_def *def = aember_def(rules, id);
        observed[def->rarity] += (double)copies[id];
        expected[def->rarity] += (double)house_picked[def->house] * 12.0 * weight[def->rarity] /
                                 (double)house_weight[def->house];
    }
    for (int r = AEMBER_COMMON; r <= AEMBER_RARE; r++) {
        assert_true(expected[r] > 0);
        double ratio = observed[r] / expected[r];
        if (ratio < 0.85 || ratio > 1.15)
            fail_msg("rarity %d: %.0f copies drawn, %.0f expected", r, observed[r], expected[r]);
    }
    /* Every card of the set can be drawn: over 200 decks each common appears. */
    for (int id = 0; id < n_cards; id++)
        if (aember_def(rules, id)->rarity == AEMBER_COMMON)
            assert_true(copies[id] > 0);
}

static void test_generation_depends_only_on_seed(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    carta_deck a, b, c;
    int differ = 0;
    for (uint64_t seed = 0; seed < 50; seed++) {
        assert_int_equal(aember_deck_resolve(rules, "random", seed, &a, &err), CARTA_OK);
        /* Another generation in between must not matter. */
        assert_int_equal(aember_deck_resolve(rules, "RANDOM", seed + 1000, &c, &err), CARTA_OK);
        assert_int_equal(aember_deck_resolve(rules, "Random", seed, &b, &err), CARTA_OK);
        assert_memory_equal(&a, &b, sizeof a);
        if (memcmp(a.cards, c.cards, sizeof a.cards) != 0)
            differ++;
    }
    assert_true(differ >= 45);
    /* A fresh rules object gives the same deck for the same seed. */
    carta_rules *again = game->open(AEMBER_DIR, &err);
    assert_non_null(again);
    assert_int_equal(aember_deck_resolve(again, "random", 7, &b, &err), CARTA_OK);
    assert_int_equal(aember_deck_resolve(rules, "random", 7, &a, &err), CARTA_OK);
    assert_memory_equal(&a, &b, sizeof a);
    game->close(again);
}

/* ---- the prebuilt decks are playable ---- */

static const char *const prebuilt[] = {"Ashen Vanguard", "Grove and Shadow", "Tides of Night",
                                       "Iron Eclipse", "Rust and Reef"};
enum { N_PREBUILT = sizeof prebuilt / sizeof prebuilt[0] };

/* Plays one game between two decks with uniformly random legal actions; every action applies and
 * the game ends (a win or the turn limit) within the step budget. */
static int play_random_game(const char *deck_a, const char *deck_b, uint64_t seed)
{
    carta_error err;
    carta_error_clear(&err);
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = 2;
    config.seed = seed;
    assert_int_equal(aember_deck_resolve(rules, deck_a, seed, &config.decks[0], &err), CARTA_OK);
    uint64_t seed_b = carta_mix64(seed); /* two "random" decks differ */
    assert_int_equal(aember_deck_resolve(rules, deck_b, seed_b, &config.decks[1], &err), CARTA_OK);
    void *state = calloc(1, game->state_size);
    carta_action *actions = malloc(sizeof(carta_action) * CARTA_MAX_ACTIONS);
    assert_non_null(state);
    assert_non_null(actions);
    if (game->setup(rules, state, &config, &err) != CARTA_OK)
        fail_msg("setup %s vs %s: %s", deck_a, deck_b, err.msg);
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    int steps = 0;
    for (; steps < 20000 && game->to_act(rules, state) != CARTA_NO_SEAT; steps++) {
        int n = game->legal_actions(rules, state, actions);
        assert_true(n > 0);
        carta_action a = actions[carta_rng_below(&rng, (uint32_t)n)];
        if (game->apply(rules, state, a, &err) != CARTA_OK)
            fail_msg("%s vs %s, seed %llu, step %d: %s", deck_a, deck_b,
                     (unsigned long long)seed, steps, err.msg);
    }
    assert_int_equal(game->to_act(rules, state), CARTA_NO_SEAT);
    assert_int_equal(game->legal_actions(rules, state, actions), 0);
    int winner = carta_outcome_winner(game, rules, state, 2);
    free(actions);
    free(state);
    return winner;
}

static void test_prebuilt_decks_are_playable(void **unused)
{
    (void)unused;
    setenv("CARTA_AEMBER_DATA", AEMBER_DIR, 1);
    int won = 0;
    for (int i = 0; i < N_PREBUILT; i++)
        for (int j = 0; j < N_PREBUILT; j++)
            won += play_random_game(prebuilt[i], prebuilt[j], (uint64_t)(i * N_PREBUILT + j)) !=
                   CARTA_NO_SEAT;
    for (uint64_t seed = 0; seed < 10; seed++)
        won += play_random_game("random", "random", 1000 + seed) != CARTA_NO_SEAT;
    /* Random play still forges keys: most games end with a winner, not the turn limit. */
    assert_true(won >= (N_PREBUILT * N_PREBUILT + 10) / 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_set_loads),
        cmocka_unit_test(test_prebuilt_decks_are_legal),
        cmocka_unit_test(test_unknown_deck_name),
        cmocka_unit_test(test_good_file_resolves),
        cmocka_unit_test(test_bad_deck_files),
        cmocka_unit_test(test_deck_check),
        cmocka_unit_test(test_generated_decks),
        cmocka_unit_test(test_generation_depends_only_on_seed),
        cmocka_unit_test(test_prebuilt_decks_are_playable),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
