/* test_leaders_decks.c: the Leaders card set (the cheat sheet: Leaders, Domains, Units, cards)
 * loads and is complete, prebuilt decks are legal, bad decks are refused with file, line and
 * reason, and generated decks are legal, follow the rarity weights and depend only on the seed. */
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

#include "core/yaml.h"
#include "games/leaders/leaders.h"

#define LEADERS_DIR CARTA_DATA_DIR "/leaders"

/* The descriptor, once game.c defines it; until then the rules are loaded by hand below. */
extern const carta_game carta_game_leaders __attribute__((weak));

static carta_rules *rules;

/* Opens the card set the way the descriptor's open does: every file, then the name links. */
static carta_rules *open_by_hand(const char *dir, carta_error *err)
{
    carta_rules *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->catalog = carta_catalog_new();
    snprintf(r->data_dir, sizeof r->data_dir, "%s", dir);
    if (!r->catalog ||
        carta_catalog_load_dir(r->catalog, dir, leaders_compile_card, r, err) != CARTA_OK ||
        leaders_link(r, err) != CARTA_OK) {
        carta_catalog_free(r->catalog);
        free(r->defs);
        free(r->refs);
        free(r);
        return NULL;
    }
    return r;
}

static void close_rules(carta_rules *r)
{
    if (&carta_game_leaders) {
        carta_game_leaders.close(r);
        return;
    }
    carta_catalog_free(r->catalog);
    free(r->defs);
    free(r->refs);
    free(r);
}

static carta_rules *open_rules(carta_error *err)
{
    if (&carta_game_leaders)
        return carta_game_leaders.open(LEADERS_DIR, err);
    return open_by_hand(LEADERS_DIR, err);
}

static int group_setup(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    rules = open_rules(&err);
    if (!rules)
        fprintf(stderr, "cannot open the Leaders card set: %s\n", err.msg);
    return rules ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    close_rules(rules);
    return 0;
}

static int id_of(const char *name)
{
    int id = carta_catalog_find(rules->catalog, name);
    if (id < 0)
        fail_msg("no card named '%s'", name);
    return id;
}

static const leaders_def *def_named(const char *name) { return leaders_def_of(rules, id_of(name)); }

/* Writes text to a fresh temporary deck file and returns its path (static buffer). */
static const char *write_temp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/carta-ldeck-XXXXXX.yaml");
    int fd = mkstemps(path, 5);
    assert_true(fd >= 0);
    size_t len = strlen(text);
    assert_int_equal(write(fd, text, len), (ssize_t)len);
    close(fd);
    return path;
}

/* ---- the card set: the cheat sheet is complete ---- */

static bool links_to(const uint16_t *links, int n, int id)
{
    for (int i = 0; i < n; i++)
        if (links[i] == id)
            return true;
    return false;
}

static void test_card_set_is_complete(void **unused)
{
    (void)unused;
    int count = carta_catalog_count(rules->catalog);
    int types[LEADERS_T_COUNT] = {0}, classes[4] = {0}, rarities[4] = {0};
    int sudden = 0, slow = 0, multi_action = 0;
    for (int id = 0; id < count; id++) {
        const leaders_def *d = leaders_def_of(rules, id);
        assert_non_null(d);
        assert_true(d->text[0] != '\0'); /* every entry says in words what it does */
        types[d->type]++;
        if (d->type == LEADERS_T_UNIT) {
            classes[d->cls]++;
            assert_true(d->health >= 1);
            assert_true(d->move.n >= 1);
            multi_action += d->actions > 1;
        }
        if (d->type == LEADERS_T_LEADER) {
            assert_true(d->health >= 10);
            assert_true(d->move.n >= 1 && d->attack.n >= 1);
            assert_true(d->has_ability);
        }
        if (d->type >= LEADERS_T_ATTACK) {
            rarities[d->rarity]++;
            assert_true(d->n_steps >= 1);
        }
        if (d->type == LEADERS_T_REACTION) {
            sudden += d->speed == LEADERS_SUDDEN;
            slow += d->speed == LEADERS_SLOW;
        }
    }
    assert_true(types[LEADERS_T_LEADER] >= 3);
    assert_true(types[LEADERS_T_DOMAIN] >= 3);
    int cards = 0;
    for (int t = LEADERS_T_ATTACK; t <= LEADERS_T_REACTION; t++) {
        if (types[t] < 4)
            fail_msg("only %d cards of type %s", types[t], leaders_type_name(t));
        cards += types[t];
    }
    assert_true(cards >= 60);
    for (int c = LEADERS_MELEE; c <= LEADERS_MAGICAL; c++)
        assert_true(classes[c] >= 3);
    for (int r = LEADERS_AMBER; r <= LEADERS_RUBY; r++)
        assert_true(rarities[r] >= 3);
    assert_true(sudden >= 3 && slow >= 3);
    assert_true(multi_action >= 2);

    /* Every Domain: a summon limit and a roster of at least 4 Unit kinds; every Leader and every
     * Domain has cards of its own (emblems, banners), of at least 4 types. */
    for (int id = 0; id < count; id++) {
        const leaders_def *d = leaders_def_of(rules, id);
        if (d->type != LEADERS_T_DOMAIN && d->type != LEADERS_T_LEADER)
            continue;
        if (d->type == LEADERS_T_DOMAIN) {
            assert_true(d->summon_limit >= 1);
            int kinds = 0;
            for (int i = 0; i < d->n_roster; i++) {
                assert_int_equal(leaders_def_of(rules, d->roster[i])->type, LEADERS_T_UNIT);
                kinds += i == 0 || d->roster[i] != d->roster[i - 1];
            }
            if (kinds < 4)
                fail_msg("Domain %s has %d Unit kinds", d->name, kinds);
        }
        int own = 0, own_types = 0, seen[LEADERS_T_COUNT] = {0};
        for (int c = 0; c < count; c++) {
            const leaders_def *card = leaders_def_of(rules, c);
            bool mine = d->type == LEADERS_T_LEADER
                            ? links_to(card->leaders, card->n_leaders, id)
                            : links_to(card->domains, card->n_domains, id);
            if (mine && card->type >= LEADERS_T_ATTACK) {
                own++;
                own_types += !seen[card->type]++;
            }
        }
        if (own < 6 || own_types < 4)
            fail_msg("%s has %d cards of its own, of %d types", d->name, own, own_types);
    }
}

/* A few entries of the cheat sheet, as docs/rulings/leaders.md writes them. */
static void test_cheat_sheet_entries(void **unused)
{
    (void)unused;
    const leaders_def *vaska = def_named("Vaska the Iron Crown");
    assert_int_equal(vaska->type, LEADERS_T_LEADER);
    assert_int_equal(vaska->health, 14);
    assert_int_equal(vaska->damage, 2);
    const leaders_def *iron = def_named("Ironmarch");
    assert_int_equal(iron->summon_limit, 1);
    assert_int_equal(iron->n_roster, 10);
    assert_int_equal(def_named("Thornwild")->summon_limit, 2);
    const leaders_def *pike = def_named("Pikeman");
    assert_int_equal(pike->cls, LEADERS_MELEE);
    assert_string_equal(pike->subtype, "spear");
    assert_int_equal(pike->health, 3);
    assert_int_equal(pike->damage, 2);
    assert_int_equal(pike->attack.n, 2); /* 1 and 2 cells straight ahead */
    assert_int_equal(def_named("Greywolf")->actions, 2);
    const leaders_def *kings = def_named("Kingsguard");
    assert_int_equal(kings->type, LEADERS_T_REACTION);
    assert_int_equal(kings->rarity, LEADERS_RUBY);
    assert_int_equal(kings->speed, LEADERS_SUDDEN);
    assert_int_equal(kings->n_leaders, 1);
    assert_int_equal(kings->leaders[0], id_of("Vaska the Iron Crown"));
    assert_int_equal(def_named("Ambush")->speed, LEADERS_SLOW);
    assert_int_equal(def_named("Shield Wall")->domains[0], id_of("Ironmarch"));
    assert_int_equal(def_named("Cleave")->n_leaders + def_named("Cleave")->n_domains, 0);
}

/* ---- prebuilt decks ---- */

/* Calls fn(path) for every deck file in data/leaders/decks; returns how many. */
static int for_each_deck_file(void (*fn)(const char *path))
{
    DIR *d = opendir(LEADERS_DIR "/decks");
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/decks/%s", LEADERS_DIR, e->d_name);
        fn(path);
        n++;
    }
    closedir(d);
    return n;
}

static uint32_t leaders_seen, domains_seen; /* bit per catalog id order of Leader/Domain */

static void check_prebuilt(const char *path)
{
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    if (leaders_deck_resolve(rules, path, 1, &deck, &err) != CARTA_OK)
        fail_msg("%s: %s", path, err.msg);
    assert_int_equal(deck.n_cards, LEADERS_DECK_SIZE + 2);
    if (leaders_deck_check(rules, &deck, &err) != CARTA_OK)
        fail_msg("%s: %s", path, err.msg);
    assert_int_equal(leaders_def_of(rules, deck.cards[0])->type, LEADERS_T_LEADER);
    assert_int_equal(leaders_def_of(rules, deck.cards[1])->type, LEADERS_T_DOMAIN);
    leaders_seen |= 1u << (deck.cards[0] % 32);
    domains_seen |= 1u << (deck.cards[1] % 32);

    /* The same deck by its name, in any case, gives the same cards. */
    char upper[CARTA_NAME_MAX];
    snprintf(upper, sizeof upper, "%s", deck.name);
    for (char *c = upper; *c; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    carta_deck by_name;
    if (leaders_deck_resolve(rules, upper, 99, &by_name, &err) != CARTA_OK)
        fail_msg("%s by name '%s': %s", path, upper, err.msg);
    assert_int_equal(by_name.n_cards, deck.n_cards);
    assert_memory_equal(by_name.cards, deck.cards, sizeof deck.cards[0] * (size_t)deck.n_cards);
    assert_string_equal(by_name.name, deck.name);
}

static void test_prebuilt_decks_are_legal(void **unused)
{
    (void)unused;
    leaders_seen = domains_seen = 0;
    assert_true(for_each_deck_file(check_prebuilt) >= 4);
    /* Every Leader and every Domain has a prebuilt deck. */
    int count = carta_catalog_count(rules->catalog);
    for (int id = 0; id < count; id++) {
        int type = leaders_def_of(rules, id)->type;
        if (type == LEADERS_T_LEADER)
            assert_true(leaders_seen & (1u << (id % 32)));
        if (type == LEADERS_T_DOMAIN)
            assert_true(domains_seen & (1u << (id % 32)));
    }
    /* By slug as well. */
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    assert_int_equal(leaders_deck_resolve(rules, "iron-vanguard", 1, &deck, &err), CARTA_OK);
    assert_string_equal(deck.name, "Iron Vanguard");
}

static void test_unknown_deck_name(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    assert_int_equal(leaders_deck_resolve(rules, "No Such Deck", 1, &deck, &err),
                     CARTA_ERR_UNKNOWN);
    assert_non_null(strstr(err.msg, "No Such Deck"));
    assert_non_null(strstr(err.msg, "Iron Vanguard")); /* the message lists the known decks */
    carta_error_clear(&err);
    assert_int_equal(leaders_deck_resolve(rules, "", 1, &deck, &err), CARTA_ERR_INPUT);
    carta_error_clear(&err);
    assert_int_not_equal(leaders_deck_resolve(rules, "/nonexistent/deck.yaml", 1, &deck, &err),
                         CARTA_OK);
    assert_non_null(strstr(err.msg, "/nonexistent/deck.yaml"));
}

/* ---- deck files ---- */

/* A deck file: leader and domain lines, then the cards as name/count pairs (line 5 on). */
static const char *deck_text(const char *leader, const char *domain, const char *const *cards,
                             const int *counts, int n)
{
    static char text[4096];
    int len = snprintf(text, sizeof text, "name: \"Test Deck\"\nleader: %s\ndomain: %s\ncards:\n",
                       leader, domain);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < counts[i]; k++)
            len += snprintf(text + len, sizeof text - (size_t)len, "  - \"%s\"\n", cards[i]);
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
    carta_status st = leaders_deck_resolve(rules, path, 1, &deck, &err);
    char where[128];
    snprintf(where, sizeof where, "%s:%d: error: ", path, line);
    unlink(path);
    assert_int_not_equal(st, CARTA_OK);
    if (!strstr(err.msg, where) || !strstr(err.msg, reason))
        fail_msg("expected '%s...%s', got '%s'", where, reason, err.msg);
    assert_memory_equal(&deck, &before, sizeof deck); /* nothing written on failure */
}

/* 30 cards Vaska with Ironmarch may play: 5 + 5 + 5 + 5 + 5 + 3 + 2. */
static const char *const good_names[] = {"Cleave", "Brace", "Shield Wall", "Reinforcements",
                                         "Conscription", "Iron Discipline", "Royal Charge"};
static const int good_counts[] = {5, 5, 5, 5, 5, 3, 2};
enum { N_GOOD = 7 };

static void test_good_file_resolves(void **unused)
{
    (void)unused;
    const char *path = write_temp(
        deck_text("Vaska the Iron Crown", "Ironmarch", good_names, good_counts, N_GOOD));
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    carta_status st = leaders_deck_resolve(rules, path, 1, &deck, &err);
    unlink(path);
    if (st != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_string_equal(deck.name, "Test Deck");
    assert_int_equal(deck.n_cards, 32);
    assert_int_equal(deck.cards[0], id_of("Vaska the Iron Crown"));
    assert_int_equal(deck.cards[1], id_of("Ironmarch"));
    assert_int_equal(deck.cards[2], id_of("Cleave"));
    assert_int_equal(deck.cards[31], id_of("Royal Charge"));
}

static void test_bad_deck_files(void **unused)
{
    (void)unused;
    const char *vaska = "Vaska the Iron Crown", *iron = "Ironmarch";
    /* Wrong size: 29 cards. The list of cards starts on line 5. */
    const int short_counts[] = {5, 5, 5, 5, 5, 3, 1};
    expect_bad_file(deck_text(vaska, iron, good_names, short_counts, N_GOOD), 5,
                    "exactly 30 cards, this one lists 29");
    /* An unknown card, on line 5 + 5 = 10. */
    const char *const unknown[] = {"Cleave", "No Such Card", "Brace"};
    const int unknown_counts[] = {5, 1, 24};
    expect_bad_file(deck_text(vaska, iron, unknown, unknown_counts, 3), 10,
                    "unknown card 'No Such Card'");
    /* Rarity: a sixth Amber copy (line 10), a fourth Sapphire (line 8), a second Ruby (line 7),
     * a third Emerald (line 8). */
    const char *const six[] = {"Cleave", "Brace", "Shield Wall", "Reinforcements", "Conscription"};
    const int six_counts[] = {6, 6, 6, 6, 6};
    expect_bad_file(deck_text(vaska, iron, six, six_counts, 5), 10,
                    "'Cleave' is amber: a deck holds at most 5 copies");
    const char *const sap[] = {"Iron Discipline", "Cleave"};
    const int sap_counts[] = {4, 26};
    expect_bad_file(deck_text(vaska, iron, sap, sap_counts, 2), 8,
                    "'Iron Discipline' is sapphire: a deck holds at most 3 copies");
    const char *const ruby[] = {"Siege Bombard", "Cleave"};
    const int ruby_counts[] = {2, 28};
    expect_bad_file(deck_text(vaska, iron, ruby, ruby_counts, 2), 6,
                    "'Siege Bombard' is ruby: a deck holds at most 1 copy");
    const char *const emerald[] = {"Royal Charge", "Cleave"};
    const int emerald_counts[] = {3, 27};
    expect_bad_file(deck_text(vaska, iron, emerald, emerald_counts, 2), 7,
                    "'Royal Charge' is emerald: a deck holds at most 2 copies");
    /* Emblems: Shadow Strike is Sable's (line 6). Banners: Barkskin is Thornwild's (line 5). */
    const char *const emblem[] = {"Cleave", "Shadow Strike", "Brace"};
    const int emblem_counts[] = {1, 1, 28};
    expect_bad_file(deck_text(vaska, iron, emblem, emblem_counts, 3), 6,
                    "'Shadow Strike' cannot be played by this deck: it bears the emblem of Sable "
                    "the Nightblade, not of the deck's Leader Vaska the Iron Crown");
    const char *const banner[] = {"Barkskin", "Brace"};
    const int banner_counts[] = {1, 29};
    expect_bad_file(deck_text(vaska, iron, banner, banner_counts, 2), 5,
                    "it bears the banner of Thornwild, not of the deck's Domain Ironmarch");
    /* Units, Leaders and Domains are not among the cards. */
    const char *const unit[] = {"Pikeman", "Brace"};
    const int unit_counts[] = {1, 29};
    expect_bad_file(deck_text(vaska, iron, unit, unit_counts, 2), 5,
                    "'Pikeman' is a Unit: Units come from the Domain's Barracks");
    const char *const head[] = {"Brace", "Thornwild"};
    const int head_counts[] = {1, 29};
    expect_bad_file(deck_text(vaska, iron, head, head_counts, 2), 6,
                    "'Thornwild' is a domain: name it with 'domain:'");
    /* The Leader and the Domain lines. */
    expect_bad_file(deck_text("Ironmarch", iron, good_names, good_counts, N_GOOD), 2,
                    "'Ironmarch' is a domain, not a Leader");
    expect_bad_file(deck_text(vaska, "Nowhere", good_names, good_counts, N_GOOD), 3,
                    "unknown Domain 'Nowhere'");
    expect_bad_file("name: x\ndomain: Ironmarch\ncards: []\n", 1, "a deck needs 'leader:'");
    expect_bad_file("name: x\nleader: Vaska the Iron Crown\ndomain: Ironmarch\ncard: []\n", 4,
                    "unknown key");
    expect_bad_file("leader: Vaska the Iron Crown\ndomain: Ironmarch\ncards: []\n", 1, "name");
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
            deck.cards[deck.n_cards++] = (uint16_t)id_of(names[i]);
    return deck;
}

static void expect_deck_check(const carta_deck *deck, const char *reason)
{
    carta_error err;
    carta_error_clear(&err);
    carta_status st = leaders_deck_check(rules, deck, &err);
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
    /* The Leader and the Domain may be anywhere in the list. */
    const char *const good[] = {"Cleave", "Brace", "Vaska the Iron Crown", "Shield Wall",
                                "Reinforcements", "Conscription", "Ironmarch",
                                "Iron Discipline", "Royal Charge"};
    const int counts[] = {5, 5, 1, 5, 5, 5, 1, 3, 2};
    carta_deck deck = deck_of(good, counts, 9);
    expect_deck_check(&deck, NULL);

    const int no_domain[] = {5, 5, 1, 5, 5, 5, 0, 3, 2};
    deck = deck_of(good, no_domain, 9);
    expect_deck_check(&deck, "a deck needs a Domain");
    const int no_leader[] = {5, 5, 0, 5, 5, 5, 1, 3, 2};
    deck = deck_of(good, no_leader, 9);
    expect_deck_check(&deck, "a deck needs a Leader");
    const int two_leaders[] = {5, 5, 2, 5, 5, 5, 1, 3, 2};
    deck = deck_of(good, two_leaders, 9);
    expect_deck_check(&deck, "exactly one Leader");
    const int too_few[] = {5, 5, 1, 5, 5, 5, 1, 3, 1};
    deck = deck_of(good, too_few, 9);
    expect_deck_check(&deck, "exactly 30 cards (besides its Leader and Domain), this one has 29");
    const int six_cleaves[] = {6, 4, 1, 5, 5, 5, 1, 3, 2};
    deck = deck_of(good, six_cleaves, 9);
    expect_deck_check(&deck, "'Cleave' is amber: at most 5 copies, this deck has 6");

    /* A card of another Leader, another Domain; a Unit; an id outside the set. */
    deck = deck_of(good, counts, 9);
    deck.cards[0] = (uint16_t)id_of("Vanish");
    expect_deck_check(&deck, "'Vanish' cannot be played by this deck: it bears the emblem of "
                             "Sable the Nightblade");
    deck = deck_of(good, counts, 9);
    deck.cards[0] = (uint16_t)id_of("Fireball");
    expect_deck_check(&deck, "banner of Ashen Conclave, not of the deck's Domain Ironmarch");
    deck = deck_of(good, counts, 9);
    deck.cards[0] = (uint16_t)id_of("Pikeman");
    expect_deck_check(&deck, "'Pikeman' is a Unit");
    deck = deck_of(good, counts, 9);
    deck.cards[4] = 60000;
    expect_deck_check(&deck, "not in the card set");
}

/* ---- generation ---- */

static void test_generated_decks(void **unused)
{
    (void)unused;
    int n_cards = carta_catalog_count(rules->catalog);
    static long copies[CARTA_CATALOG_MAX], heads[CARTA_CATALOG_MAX];
    memset(copies, 0, sizeof copies);
    memset(heads, 0, sizeof heads);
    enum { DECKS = 300 };
    for (uint64_t seed = 0; seed < DECKS; seed++) {
        carta_error err;
        carta_error_clear(&err);
        carta_deck deck;
        if (leaders_deck_resolve(rules, "random", seed, &deck, &err) != CARTA_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        if (leaders_deck_check(rules, &deck, &err) != CARTA_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        heads[deck.cards[0]]++;
        heads[deck.cards[1]]++;
        for (int i = 2; i < deck.n_cards; i++)
            copies[deck.cards[i]]++;
    }
    /* Leaders and Domains are picked uniformly. */
    int n_leaders = 0, n_domains = 0;
    for (int id = 0; id < n_cards; id++) {
        n_leaders += leaders_def_of(rules, id)->type == LEADERS_T_LEADER;
        n_domains += leaders_def_of(rules, id)->type == LEADERS_T_DOMAIN;
    }
    for (int id = 0; id < n_cards; id++) {
        int type = leaders_def_of(rules, id)->type;
        if (type != LEADERS_T_LEADER && type != LEADERS_T_DOMAIN)
            continue;
        double expect = (double)DECKS / (type == LEADERS_T_LEADER ? n_leaders : n_domains);
        if (heads[id] < expect * 0.7 || heads[id] > expect * 1.3)
            fail_msg("%s picked %ld times, about %.0f expected", leaders_def_of(rules, id)->name,
                     heads[id], expect);
    }
    /* Rarer cards are drawn less: the mean copies of an Amber card beat a Sapphire's, which
     * beat an Emerald's, which beat a Ruby's; every card is drawn somewhere. */
    double sum[4] = {0}, titles[4] = {0};
    for (int id = 0; id < n_cards; id++) {
        const leaders_def *d = leaders_def_of(rules, id);
        if (d->type < LEADERS_T_ATTACK)
            continue;
        sum[d->rarity] += (double)copies[id];
        titles[d->rarity] += 1;
        if (copies[id] == 0)
            fail_msg("'%s' is never drawn in %d decks", d->name, DECKS);
    }
    for (int r = LEADERS_AMBER; r < LEADERS_RUBY; r++)
        assert_true(sum[r] / titles[r] > sum[r + 1] / titles[r + 1]);
}

static void test_generation_depends_only_on_seed(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    carta_deck a, b, c;
    int differ = 0;
    for (uint64_t seed = 0; seed < 50; seed++) {
        assert_int_equal(leaders_deck_resolve(rules, "random", seed, &a, &err), CARTA_OK);
        /* Another generation in between must not matter. */
        assert_int_equal(leaders_deck_resolve(rules, "RANDOM", seed + 1000, &c, &err), CARTA_OK);
        assert_int_equal(leaders_deck_resolve(rules, "Random", seed, &b, &err), CARTA_OK);
        assert_memory_equal(&a, &b, sizeof a);
        if (memcmp(a.cards, c.cards, sizeof a.cards) != 0)
            differ++;
    }
    assert_true(differ >= 45);
    /* A fresh rules object gives the same deck for the same seed. */
    carta_rules *again = open_rules(&err);
    assert_non_null(again);
    assert_int_equal(leaders_deck_resolve(again, "random", 7, &b, &err), CARTA_OK);
    assert_int_equal(leaders_deck_resolve(rules, "random", 7, &a, &err), CARTA_OK);
    assert_memory_equal(&a, &b, sizeof a);
    close_rules(again);
}

/* ---- a broken data file is refused with file and line ---- */

static void test_bad_card_file_refused(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/carta-lset-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/cards.yaml", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("cards:\n"
          "  - {name: Lone Domain, type: domain, summon_limit: 1,\n"
          "     roster: [{unit: Ghost Soldier, count: 2}], text: x}\n", f);
    fclose(f);
    carta_error err;
    carta_error_clear(&err);
    carta_rules *bad = open_by_hand(dir, &err);
    unlink(path);
    rmdir(dir);
    assert_null(bad);
    assert_non_null(strstr(err.msg, path));
    assert_non_null(strstr(err.msg, "Ghost Soldier"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_set_is_complete),
        cmocka_unit_test(test_cheat_sheet_entries),
        cmocka_unit_test(test_prebuilt_decks_are_legal),
        cmocka_unit_test(test_unknown_deck_name),
        cmocka_unit_test(test_good_file_resolves),
        cmocka_unit_test(test_bad_deck_files),
        cmocka_unit_test(test_deck_check),
        cmocka_unit_test(test_generated_decks),
        cmocka_unit_test(test_generation_depends_only_on_seed),
        cmocka_unit_test(test_bad_card_file_refused),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
