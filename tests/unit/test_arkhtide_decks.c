/* test_arkhtide_decks.c: the Arkhtide card set loads and has what the issue asks (4+ factions,
 * each with a Seeker and 15+ Main Deck cards, 12+ Realms, the Neutral Realm, every keyword on
 * several cards), the prebuilt decks are legal and cover every faction, bad decks are refused
 * with file, line and reason, generated decks are legal and depend only on the seed, and (once
 * the game is registered) the prebuilt decks play to the end. */
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
#include "games/arkhtide/arkhtide.h"
#include "games/registry.h"

#define ARK_DIR CARTA_DATA_DIR "/arkhtide"

static carta_rules *rules;

/* Opens the card set without the game descriptor (the way game.c's open does), so these tests
 * need only cards.c and deck.c. */
static carta_rules *open_rules(const char *dir, carta_error *err)
{
    carta_rules *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->unique_trait = -1;
    r->neutral_realm = -1;
    r->catalog = carta_catalog_new();
    snprintf(r->data_dir, sizeof r->data_dir, "%s", dir);
    if (!r->catalog ||
        carta_catalog_load_dir(r->catalog, dir, ark_compile_card, r, err) != CARTA_OK ||
        ark_resolve_refs(r, err) != CARTA_OK) {
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
    carta_catalog_free(r->catalog);
    free(r->defs);
    free(r->refs);
    free(r);
}

static int group_setup(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    rules = open_rules(ARK_DIR, &err);
    if (!rules)
        fprintf(stderr, "cannot open the Arkhtide card set: %s\n", err.msg);
    return rules ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    if (rules)
        close_rules(rules);
    return 0;
}

static int card_id(const char *name)
{
    int id = carta_catalog_find(rules->catalog, name);
    if (id < 0)
        fail_msg("no card '%s' in the set", name);
    return id;
}

/* Writes text to a fresh temporary deck file and returns its path (static buffer). */
static const char *write_temp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/carta-ark-deck-XXXXXX.yaml");
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
    assert_int_equal(count, rules->n_defs);
    int seekers[ARK_MAX_FACTIONS + 1] = {0}, main[ARK_MAX_FACTIONS + 1] = {0};
    int types[ARK_MAX_FACTIONS + 1][3] = {{0}};
    int realms = 0, neutral = 0, tokens = 0, statuses = 0;
    for (int id = 0; id < count; id++) {
        const ark_card_def *def = ark_def(rules, id);
        assert_non_null(def);
        if (def->text[0] == '\0')
            fail_msg("card '%s' has no text", def->name);
        assert_true(def->faction <= ARK_MAX_FACTIONS);
        if (def->token) {
            tokens++;
            continue;
        }
        switch (def->type) {
        case ARK_SEEKER: seekers[def->faction]++; break;
        case ARK_UNIT:
        case ARK_FEAT:
        case ARK_BINDING:
            main[def->faction]++;
            types[def->faction][def->type - ARK_UNIT]++;
            break;
        case ARK_REALM:
            if (def->neutral)
                neutral++;
            else
                realms++;
            break;
        case ARK_STATUS: statuses++; break;
        }
    }
    assert_true(rules->n_factions >= 4);
    for (int f = 1; f <= rules->n_factions; f++) {
        if (seekers[f] < 1 || main[f] < 15)
            fail_msg("faction %s: %d Seekers, %d Main Deck cards", ark_faction_name(rules, f),
                     seekers[f], main[f]);
        for (int t = 0; t < 3; t++)
            assert_true(types[f][t] >= 1); /* Units, Feats and Bindings */
    }
    assert_true(realms >= 12);
    assert_int_equal(neutral, 1);
    assert_int_equal(rules->neutral_realm, card_id("The Quiet Crossroads"));
    assert_true(tokens >= 2);
    assert_true(statuses >= 2);
}

/* Cards of the set (Tokens and Statuses included) that have keyword bit kw. */
static int cards_with(uint16_t kw)
{
    int n = 0;
    for (int id = 0; id < rules->n_defs; id++)
        n += (ark_def(rules, id)->kw & kw) != 0;
    return n;
}

static void test_every_keyword_on_several_cards(void **unused)
{
    (void)unused;
    static const struct {
        uint16_t kw;
        const char *name;
    } keywords[] = {
        {ARK_KW_AMBUSH, "ambush"},     {ARK_KW_CASK, "cask"},
        {ARK_KW_CHEAT_DEATH, "cheat death"}, {ARK_KW_COLLECTOR, "collector"},
        {ARK_KW_EVASION, "evasion"},   {ARK_KW_LETHAL, "lethal"},
        {ARK_KW_METAMORPHOSIS, "metamorphosis"}, {ARK_KW_OATH, "oath"},
        {ARK_KW_PARAGON, "paragon"},   {ARK_KW_PENITENT, "penitent"},
        {ARK_KW_SEVERED, "severed"},   {ARK_KW_STEALTH, "stealth"},
        {ARK_KW_REAPING, "reaping"},
    };
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        if (cards_with(keywords[k].kw) < 3)
            fail_msg("keyword %s is on %d cards", keywords[k].name, cards_with(keywords[k].kw));
    /* Ability Accumulation: Bindings and Statuses that add Reaping or Penitent to a Unit that
     * already has it. */
    int adders = 0, holders = 0;
    for (int id = 0; id < rules->n_defs; id++) {
        const ark_card_def *def = ark_def(rules, id);
        bool numbered = (def->kw & (ARK_KW_REAPING | ARK_KW_PENITENT)) != 0;
        if (numbered && (def->type == ARK_BINDING || def->type == ARK_STATUS))
            adders++;
        if (numbered && def->type == ARK_UNIT)
            holders++;
    }
    assert_true(adders >= 3);
    assert_true(holders >= 6);
    /* Numbered keywords carry their number. */
    assert_int_equal(ark_def(rules, card_id("Leviathan Caller"))->reaping, 2);
    assert_int_equal(ark_def(rules, card_id("Vigil Warden"))->penitent, 2);
}

/* Every ability timing appears on some card, Feats have Talents, Realms are asymmetric on several
 * cards, and most Units are Unique (rulebook, "Unique Units"). */
static void test_abilities_cover_the_format(void **unused)
{
    (void)unused;
    int timings[ARK_TM_INVOKE + 1] = {0}, talents = 0, conds = 0, asymmetric = 0;
    int units = 0, uniques = 0;
    for (int id = 0; id < rules->n_defs; id++) {
        const ark_card_def *def = ark_def(rules, id);
        for (int a = 0; a < def->n_abilities; a++) {
            timings[def->abilities[a].timing]++;
            talents += def->abilities[a].talent != 0;
            conds += def->abilities[a].cond != ARK_COND_NONE;
        }
        if (def->type == ARK_REALM && def->n_side_a < def->n_abilities)
            asymmetric++;
        if (def->type != ARK_UNIT || def->token)
            continue;
        units++;
        if (rules->unique_trait >= 0 && (def->traits >> rules->unique_trait) & 1)
            uniques++;
    }
    for (int t = ARK_TM_SLOW; t <= ARK_TM_INVOKE; t++)
        assert_true(timings[t] >= 1);
    assert_true(talents >= 8);
    assert_true(conds >= 1);
    assert_true(asymmetric >= 4);
    assert_true(uniques * 2 > units); /* "most Units are unique" */
}

/* ---- prebuilt decks ---- */

/* Calls fn(path) for every deck file in data/arkhtide/decks; returns how many. */
static int for_each_deck_file(void (*fn)(const char *path))
{
    DIR *d = opendir(ARK_DIR "/decks");
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/decks/%s", ARK_DIR, e->d_name);
        fn(path);
        n++;
    }
    closedir(d);
    return n;
}

static uint32_t seeker_factions; /* bit per faction id + 1 led by a prebuilt deck's Seeker */

/* Splits a resolved deck: Seekers, Main Deck cards, Realms. */
static void deck_shape(const carta_deck *deck, int *seekers, int *main, int *realms)
{
    *seekers = *main = *realms = 0;
    for (int i = 0; i < deck->n_cards; i++) {
        int type = ark_def(rules, deck->cards[i])->type;
        *seekers += type == ARK_SEEKER;
        *realms += type == ARK_REALM;
        *main += type == ARK_UNIT || type == ARK_FEAT || type == ARK_BINDING;
    }
}

static void check_prebuilt(const char *path)
{
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    if (arkhtide_deck_resolve(rules, path, 1, &deck, &err) != CARTA_OK)
        fail_msg("%s: %s", path, err.msg);
    if (arkhtide_deck_check(rules, &deck, &err) != CARTA_OK)
        fail_msg("%s: %s", path, err.msg);
    int seekers, main, realms;
    deck_shape(&deck, &seekers, &main, &realms);
    assert_int_equal(seekers, 1);
    assert_true(main >= 33 && main <= 42);
    assert_int_equal(realms, 7);
    assert_true(deck.n_cards <= ARK_DECK_LIST_MAX + 1);
    for (int i = 0; i < deck.n_cards; i++)
        if (ark_def(rules, deck.cards[i])->type == ARK_SEEKER)
            seeker_factions |= 1u << ark_def(rules, deck.cards[i])->faction;

    /* The same deck by its name, in any case, gives the same cards. */
    char upper[CARTA_NAME_MAX];
    snprintf(upper, sizeof upper, "%s", deck.name);
    for (char *c = upper; *c; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    carta_deck by_name;
    if (arkhtide_deck_resolve(rules, upper, 99, &by_name, &err) != CARTA_OK)
        fail_msg("%s by name '%s': %s", path, upper, err.msg);
    assert_int_equal(by_name.n_cards, deck.n_cards);
    assert_memory_equal(by_name.cards, deck.cards, sizeof deck.cards[0] * (size_t)deck.n_cards);
    assert_string_equal(by_name.name, deck.name);
}

static void test_prebuilt_decks_are_legal(void **unused)
{
    (void)unused;
    seeker_factions = 0;
    assert_true(for_each_deck_file(check_prebuilt) >= 4);
    for (int f = 1; f <= rules->n_factions; f++)
        if (!(seeker_factions & (1u << f)))
            fail_msg("no prebuilt deck for faction %s", ark_faction_name(rules, f));
}

static void test_prebuilt_by_slug(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    carta_deck a, b;
    assert_int_equal(arkhtide_deck_resolve(rules, "pyre-vigil", 1, &a, &err), CARTA_OK);
    assert_int_equal(arkhtide_deck_resolve(rules, "Pyre Vigil", 1, &b, &err), CARTA_OK);
    assert_memory_equal(&a, &b, sizeof a);
    /* The list keeps the file's order: the Seeker first, copies repeated, Realms last. */
    assert_int_equal(a.cards[0], card_id("Vesna Ashgrave"));
    assert_int_equal(a.cards[1], card_id("Cinderoath Squire"));
    assert_int_equal(a.cards[3], card_id("Cinderoath Squire"));
    assert_int_equal(a.cards[a.n_cards - 1], card_id("Rustmaw Quarry"));
}

static void test_unknown_deck_name(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    assert_int_equal(arkhtide_deck_resolve(rules, "No Such Deck", 1, &deck, &err),
                     CARTA_ERR_UNKNOWN);
    assert_non_null(strstr(err.msg, "No Such Deck"));
    assert_non_null(strstr(err.msg, "Pyre Vigil")); /* the message lists the known decks */
    carta_error_clear(&err);
    assert_int_equal(arkhtide_deck_resolve(rules, "", 1, &deck, &err), CARTA_ERR_INPUT);
    carta_error_clear(&err);
    assert_int_not_equal(arkhtide_deck_resolve(rules, "/nonexistent/deck.yaml", 1, &deck, &err),
                         CARTA_OK);
    assert_non_null(strstr(err.msg, "/nonexistent/deck.yaml"));
}

/* ---- deck files ---- */

/* A deck file: the Seeker (if any), then entries "name: count", then the Realms. Line 1 is
 * name:, line 2 cards:, line 3 the Seeker. */
static const char *deck_text(const char *seeker, const char *const *cards, const int *counts,
                             int n, const char *const *realms, int n_realms)
{
    static char text[8192];
    int len = snprintf(text, sizeof text, "name: \"Test Deck\"\ncards:\n");
    if (seeker)
        len += snprintf(text + len, sizeof text - (size_t)len, "  - \"%s\"\n", seeker);
    for (int i = 0; i < n; i++)
        len += snprintf(text + len, sizeof text - (size_t)len, "  - {name: \"%s\", count: %d}\n",
                        cards[i], counts[i]);
    for (int i = 0; i < n_realms; i++)
        len += snprintf(text + len, sizeof text - (size_t)len, "  - \"%s\"\n", realms[i]);
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
    carta_status st = arkhtide_deck_resolve(rules, path, 1, &deck, &err);
    char where[128];
    snprintf(where, sizeof where, "%s:%d: error: ", path, line);
    unlink(path);
    assert_int_not_equal(st, CARTA_OK);
    if (!strstr(err.msg, where) || !strstr(err.msg, reason))
        fail_msg("expected '%s...%s', got '%s'", where, reason, err.msg);
    assert_memory_equal(&deck, &before, sizeof deck); /* nothing written on failure */
}

/* Twelve Emberwake cards, 3 copies each = 36: a legal Main Deck for Vesna Ashgrave. */
static const char *const ember[] = {
    "Cinderoath Squire", "Kindled Martyr", "Pyre Penitent",  "Ashen Confessor",
    "Smokebearer",       "Brand-Sister Ilke", "Vigil Warden", "Cinder Reaver",
    "Trial by Fire",     "Last Rites",     "Zeal of the Pyre", "Penance Chains"};
static const int threes[] = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3};
static const char *const seven[] = {"Cradle of Storms",  "Whispering Fen",   "Glasswind Spire",
                                    "Gallows of Varn",   "Rustmaw Quarry",   "Hollow Cathedral",
                                    "Bonefield of Ulm"};

static void test_good_file_resolves(void **unused)
{
    (void)unused;
    const char *path = write_temp(deck_text("Vesna Ashgrave", ember, threes, 12, seven, 7));
    carta_error err;
    carta_error_clear(&err);
    carta_deck deck;
    carta_status st = arkhtide_deck_resolve(rules, path, 1, &deck, &err);
    unlink(path);
    if (st != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_string_equal(deck.name, "Test Deck");
    assert_int_equal(deck.n_cards, 1 + 36 + 7);
    assert_int_equal(deck.cards[0], card_id("Vesna Ashgrave"));
    assert_int_equal(deck.cards[36], card_id("Penance Chains"));
    assert_int_equal(deck.cards[43], card_id("Bonefield of Ulm"));
    /* Plain names count once; a map without count: counts once. */
    path = write_temp("name: Plain\ncards:\n  - Vesna Ashgrave\n  - {name: Smokebearer}\n");
    st = arkhtide_deck_resolve(rules, path, 1, &deck, &err);
    unlink(path);
    assert_int_equal(st, CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "33 to 42 cards, this one has 1"));
}

static void test_bad_deck_files(void **unused)
{
    (void)unused;
    /* Sizes: 32 and 43 are refused (the totals point at the list, line 3). */
    int counts[12];
    memcpy(counts, threes, sizeof counts);
    counts[0] = 2;
    counts[1] = 2;
    counts[2] = 2;
    counts[3] = 2; /* 36 - 4 = 32 */
    expect_bad_file(deck_text("Vesna Ashgrave", ember, counts, 12, seven, 7), 3,
                    "a Main Deck has 33 to 42 cards, this one has 32");
    const char *const big[] = {"Cinderoath Squire", "Kindled Martyr", "Pyre Penitent",
                               "Ashen Confessor",   "Smokebearer",    "Brand-Sister Ilke",
                               "Vigil Warden",      "Cinder Reaver",  "Trial by Fire",
                               "Last Rites",        "Zeal of the Pyre", "Penance Chains",
                               "Pyre of Absolution", "Blessed Censer", "Martyr's Blade"};
    int big_counts[15] = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1}; /* 43 */
    expect_bad_file(deck_text("Vesna Ashgrave", big, big_counts, 15, seven, 7), 3,
                    "this one has 43");
    /* Six Realms, and eight. */
    expect_bad_file(deck_text("Vesna Ashgrave", ember, threes, 12, seven, 6), 3,
                    "a Realm Deck has exactly 7 Realms, this one has 6");
    const char *const eight[] = {"Cradle of Storms", "Whispering Fen",   "Glasswind Spire",
                                 "Gallows of Varn",  "Rustmaw Quarry",   "Hollow Cathedral",
                                 "Bonefield of Ulm", "Lantern Vigil"};
    expect_bad_file(deck_text("Vesna Ashgrave", ember, threes, 12, eight, 8), 3,
                    "this one has 8");
    /* A Realm twice: the second copy's line (3 + 12 entries + 2 Realms + 1 = 18). */
    const char *const twice[] = {"Cradle of Storms", "Whispering Fen", "Cradle of Storms",
                                 "Gallows of Varn",  "Rustmaw Quarry", "Hollow Cathedral",
                                 "Bonefield of Ulm"};
    expect_bad_file(deck_text("Vesna Ashgrave", ember, threes, 12, twice, 7), 18,
                    "'Cradle of Storms' is listed 2 times: a Realm Deck has no copies");
    /* Four copies, in one entry (line 4) or over two (the second, line 6). */
    counts[0] = 4;
    expect_bad_file(deck_text("Vesna Ashgrave", ember, counts, 12, seven, 7), 4,
                    "'Cinderoath Squire' is listed 4 times: a Main Deck has at most 3 copies");
    const char *const split[] = {"Smokebearer", "Vigil Warden", "Smokebearer"};
    const int split_counts[] = {2, 3, 2};
    expect_bad_file(deck_text("Vesna Ashgrave", split, split_counts, 3, seven, 7), 6,
                    "'Smokebearer' is listed 4 times");
    /* No Seeker; two Seekers (the second on line 4). */
    expect_bad_file(deck_text(NULL, ember, threes, 12, seven, 7), 3,
                    "a deck has exactly 1 Seeker, this one has 0");
    const char *const two_seekers[] = {"Ilsa Nightbarrow"};
    const int one[] = {1};
    expect_bad_file(deck_text("Vesna Ashgrave", two_seekers, one, 1, seven, 7), 4,
                    "'Ilsa Nightbarrow' would be a second one (the deck already has 'Vesna "
                    "Ashgrave')");
    /* Tokens, Statuses and the Neutral Realm are not put in decks. */
    const char *const token[] = {"Thornling"};
    expect_bad_file(deck_text("Vesna Ashgrave", token, one, 1, seven, 7), 4,
                    "card 'Thornling' is a Token");
    const char *const status[] = {"Hallowed"};
    expect_bad_file(deck_text("Vesna Ashgrave", status, one, 1, seven, 7), 4,
                    "card 'Hallowed' is a Status");
    const char *const neutral[] = {"The Quiet Crossroads"};
    expect_bad_file(deck_text("Vesna Ashgrave", neutral, one, 1, seven, 7), 4,
                    "card 'The Quiet Crossroads' is the Neutral Realm");
    /* A fourth faction: the first card of it is the error's line (4 + 3 = 7). */
    const char *const four[] = {"Smokebearer", "Bramble Hound", "Wreck Picker", "Smoke Dancer"};
    const int four_counts[] = {3, 3, 3, 3};
    expect_bad_file(deck_text("Vesna Ashgrave", four, four_counts, 4, seven, 7), 7,
                    "card 'Smoke Dancer' is of faction duskmantle: a Main Deck has cards of at "
                    "most 3 factions, the Seeker's (emberwake) and 2 more (already ");
    /* Unknown cards, bad entries, bad keys. */
    const char *const unknown[] = {"Cinderoath Squire", "No Such Card"};
    const int unknown_counts[] = {3, 1};
    expect_bad_file(deck_text("Vesna Ashgrave", unknown, unknown_counts, 2, seven, 7), 5,
                    "unknown card 'No Such Card'");
    expect_bad_file("name: x\ncards:\n  - {name: Smokebearer, count: 0}\n", 3, "count");
    expect_bad_file("name: x\ncards:\n  - {name: Smokebearer, copies: 2}\n", 3, "unknown key");
    expect_bad_file("name: x\ncards:\n  - [Smokebearer]\n", 3, "a deck entry is a card name");
    expect_bad_file("name: x\ncard: []\n", 2, "unknown key");
    expect_bad_file("name: x\n", 1, "a deck needs 'cards:'");
    expect_bad_file("name: x\ncards: Smokebearer\n", 2, "'cards:' must be a list");
    expect_bad_file("cards: []\n", 1, "name");
    expect_bad_file("- just\n- a list\n", 1, "a deck file is a map");
}

/* ---- deck_check on in-memory decks ---- */

/* A deck of the Seeker (if any), names[i] counts[i] times, then the Realms. */
static carta_deck deck_of(const char *seeker, const char *const *names, const int *counts, int n,
                          const char *const *realms, int n_realms)
{
    carta_deck deck;
    memset(&deck, 0, sizeof deck);
    snprintf(deck.name, sizeof deck.name, "Memory Deck");
    if (seeker)
        deck.cards[deck.n_cards++] = (uint16_t)card_id(seeker);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < counts[i]; k++)
            deck.cards[deck.n_cards++] = (uint16_t)card_id(names[i]);
    for (int i = 0; i < n_realms; i++)
        deck.cards[deck.n_cards++] = (uint16_t)card_id(realms[i]);
    return deck;
}

static void expect_deck_check(const carta_deck *deck, const char *reason)
{
    carta_error err;
    carta_error_clear(&err);
    carta_status st = arkhtide_deck_check(rules, deck, &err);
    if (!reason) {
        if (st != CARTA_OK)
            fail_msg("expected a legal deck: %s", err.msg);
        return;
    }
    assert_int_equal(st, CARTA_ERR_INPUT);
    if (!strstr(err.msg, "deck 'Memory Deck': error: ") || !strstr(err.msg, reason))
        fail_msg("expected '%s', got '%s'", reason, err.msg);
}

static void test_deck_check(void **unused)
{
    (void)unused;
    carta_deck deck = deck_of("Vesna Ashgrave", ember, threes, 12, seven, 7);
    expect_deck_check(&deck, NULL);
    /* The order of the list does not matter: Realms first, Seeker last. */
    carta_deck shuffled = deck;
    for (int i = 0; i < deck.n_cards; i++)
        shuffled.cards[i] = deck.cards[deck.n_cards - 1 - i];
    expect_deck_check(&shuffled, NULL);
    /* Bounds of the Main Deck: 33 and 42 are legal, 32 and 43 are not. */
    int counts[12];
    memcpy(counts, threes, sizeof counts);
    counts[0] = 0; /* 33 */
    deck = deck_of("Vesna Ashgrave", ember, counts, 12, seven, 7);
    expect_deck_check(&deck, NULL);
    counts[1] = 2; /* 32 */
    deck = deck_of("Vesna Ashgrave", ember, counts, 12, seven, 7);
    expect_deck_check(&deck, "a Main Deck has 33 to 42 cards, this one has 32");
    const char *const more[] = {"Cinderoath Squire", "Kindled Martyr", "Pyre Penitent",
                                "Ashen Confessor",   "Smokebearer",    "Brand-Sister Ilke",
                                "Vigil Warden",      "Cinder Reaver",  "Trial by Fire",
                                "Last Rites",        "Zeal of the Pyre", "Penance Chains",
                                "Pyre of Absolution", "Blessed Censer", "Martyr's Blade"};
    int more_counts[15] = {3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 0}; /* 42 */
    deck = deck_of("Vesna Ashgrave", more, more_counts, 15, seven, 7);
    expect_deck_check(&deck, NULL);
    more_counts[14] = 1;
    deck = deck_of("Vesna Ashgrave", more, more_counts, 15, seven, 7);
    expect_deck_check(&deck, "this one has 43");
    /* Copies. */
    memcpy(counts, threes, sizeof counts);
    counts[5] = 4;
    counts[6] = 2;
    deck = deck_of("Vesna Ashgrave", ember, counts, 12, seven, 7);
    expect_deck_check(&deck, "at most 3 copies of a card, this one has 4 of 'Brand-Sister Ilke'");
    /* Seekers. */
    deck = deck_of(NULL, ember, threes, 12, seven, 7);
    expect_deck_check(&deck, "exactly 1 Seeker, this one has 0");
    deck = deck_of("Vesna Ashgrave", ember, threes, 12, seven, 7);
    deck.cards[deck.n_cards++] = (uint16_t)card_id("Moragh Rootspeaker");
    expect_deck_check(&deck, "exactly 1 Seeker, this one has 2");
    /* Realms: 6, 8, a copy, the Neutral Realm. */
    deck = deck_of("Vesna Ashgrave", ember, threes, 12, seven, 6);
    expect_deck_check(&deck, "a Realm Deck has exactly 7 Realms, this one has 6");
    deck = deck_of("Vesna Ashgrave", ember, threes, 12, seven, 7);
    deck.cards[deck.n_cards++] = (uint16_t)card_id("Lantern Vigil");
    expect_deck_check(&deck, "this one has 8");
    deck = deck_of("Vesna Ashgrave", ember, threes, 12, seven, 7);
    deck.cards[deck.n_cards - 1] = (uint16_t)card_id("Cradle of Storms");
    expect_deck_check(&deck, "a Realm Deck has no copies, this one has 2 of 'Cradle of Storms'");
    deck = deck_of("Vesna Ashgrave", ember, threes, 12, seven, 7);
    deck.cards[deck.n_cards - 1] = (uint16_t)card_id("The Quiet Crossroads");
    expect_deck_check(&deck, "'The Quiet Crossroads' is the Neutral Realm");
    /* Tokens and Statuses. */
    deck = deck_of("Vesna Ashgrave", ember, threes, 12, seven, 7);
    deck.cards[1] = (uint16_t)card_id("Deep Spawn");
    expect_deck_check(&deck, "'Deep Spawn' is a Token");
    deck.cards[1] = (uint16_t)card_id("Envenomed");
    expect_deck_check(&deck, "'Envenomed' is a Status");
    /* Factions: the Seeker's and two more are fine, a third more is not; a deck need not hold
     * any card of the Seeker's faction. */
    const char *const three[] = {"Smokebearer", "Vigil Warden", "Bramble Hound", "Mossback Grazer",
                                 "Wreck Picker", "Harpoon Gunner", "Trial by Fire",
                                 "Overgrowth",  "Broadside",     "Penance Chains",
                                 "Feral Totem", "Chain Harpoon"};
    deck = deck_of("Vesna Ashgrave", three, threes, 12, seven, 7);
    expect_deck_check(&deck, NULL);
    deck.cards[1] = (uint16_t)card_id("Smoke Dancer");
    expect_deck_check(&deck, "at most 3 factions, the Seeker's (emberwake) and 2 more; this one "
                             "has ");
    expect_deck_check(&deck, "duskmantle (1)");
    const char *const others[] = {"Bramble Hound", "Mossback Grazer", "Wreck Picker",
                                  "Harpoon Gunner", "Overgrowth", "Broadside",
                                  "Feral Totem", "Chain Harpoon", "Call of the Wild",
                                  "Tidebound Porter", "Rum Ration", "Greenwood Seer"};
    deck = deck_of("Vesna Ashgrave", others, threes, 12, seven, 7);
    expect_deck_check(&deck, NULL);
    deck = deck_of("Ilsa Nightbarrow", others, threes, 12, seven, 7);
    expect_deck_check(&deck, NULL);
    deck.cards[2] = (uint16_t)card_id("Smokebearer"); /* emberwake: a third faction besides */
    expect_deck_check(&deck, "the Seeker's (duskmantle) and 2 more");
    /* Ids out of range. */
    deck = deck_of("Vesna Ashgrave", ember, threes, 12, seven, 7);
    deck.cards[5] = 60000;
    expect_deck_check(&deck, "card 6 of the deck is not in the card set");
}

/* ---- generation ---- */

static void test_generated_decks(void **unused)
{
    (void)unused;
    static long copies[CARTA_CATALOG_MAX];
    memset(copies, 0, sizeof copies);
    long led[ARK_MAX_FACTIONS + 1] = {0}, n_factions[4] = {0}, sizes[43] = {0};
    for (uint64_t seed = 0; seed < 400; seed++) {
        carta_error err;
        carta_error_clear(&err);
        carta_deck deck;
        if (arkhtide_deck_resolve(rules, "random", seed, &deck, &err) != CARTA_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        if (arkhtide_deck_check(rules, &deck, &err) != CARTA_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        int seekers, main, realms;
        deck_shape(&deck, &seekers, &main, &realms);
        sizes[main]++;
        const ark_card_def *seeker = ark_def(rules, deck.cards[0]);
        assert_int_equal(seeker->type, ARK_SEEKER);
        led[seeker->faction]++;
        bool seen[ARK_MAX_FACTIONS + 1] = {false};
        int own = 0, used = 0;
        for (int i = 0; i < deck.n_cards; i++) {
            const ark_card_def *def = ark_def(rules, deck.cards[i]);
            copies[deck.cards[i]]++;
            if (def->type != ARK_UNIT && def->type != ARK_FEAT && def->type != ARK_BINDING)
                continue;
            own += def->faction == seeker->faction;
            if (!seen[def->faction]) {
                seen[def->faction] = true;
                used++;
            }
        }
        assert_true(used >= 1 && used <= 3);
        n_factions[used]++;
        assert_true(own * 3 >= main * 2 - 3); /* mostly Innate cards */
    }
    /* Every Seeker leads some decks, every size 33..42 occurs, and one, two and three faction
     * decks all occur (weights 2 : 3 : 1). */
    for (int f = 1; f <= rules->n_factions; f++)
        assert_true(led[f] > 400 / rules->n_factions / 2);
    for (int s = 33; s <= 42; s++)
        assert_true(sizes[s] > 0);
    assert_true(n_factions[1] > 80 && n_factions[2] > 130 && n_factions[3] > 30);
    /* Every Main Deck card and every Realm of the set can be drawn; Tokens, Statuses and the
     * Neutral Realm never are. */
    for (int id = 0; id < rules->n_defs; id++) {
        const ark_card_def *def = ark_def(rules, id);
        bool deckable = !def->token && def->type != ARK_STATUS && !def->neutral;
        if (deckable && copies[id] == 0)
            fail_msg("'%s' is never drawn", def->name);
        if (!deckable && copies[id] != 0)
            fail_msg("'%s' is in a generated deck", def->name);
    }
}

static void test_generation_depends_only_on_seed(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    carta_deck a, b, c;
    int differ = 0;
    for (uint64_t seed = 0; seed < 50; seed++) {
        assert_int_equal(arkhtide_deck_resolve(rules, "random", seed, &a, &err), CARTA_OK);
        /* Another generation in between must not matter. */
        assert_int_equal(arkhtide_deck_resolve(rules, "RANDOM", seed + 1000, &c, &err), CARTA_OK);
        assert_int_equal(arkhtide_deck_resolve(rules, "Random", seed, &b, &err), CARTA_OK);
        assert_memory_equal(&a, &b, sizeof a);
        if (a.n_cards != c.n_cards || memcmp(a.cards, c.cards, sizeof a.cards) != 0)
            differ++;
    }
    assert_true(differ >= 45);
    /* A fresh rules object gives the same deck for the same seed. */
    carta_rules *again = open_rules(ARK_DIR, &err);
    assert_non_null(again);
    assert_int_equal(arkhtide_deck_resolve(again, "random", 7, &b, &err), CARTA_OK);
    assert_int_equal(arkhtide_deck_resolve(rules, "random", 7, &a, &err), CARTA_OK);
    assert_memory_equal(&a, &b, sizeof a);
    close_rules(again);
}

/* ---- the prebuilt decks are playable (once the game is registered) ---- */

static const char *const prebuilt[] = {"Pyre Vigil", "Wild Hunt", "Knives at Dusk",
                                       "Salt and Ledger", "Tidecaller's Muster"};
enum { N_PREBUILT = sizeof prebuilt / sizeof prebuilt[0] };

/* Plays one game of n seats with uniformly random legal actions; every action applies and the
 * game ends within the step budget. Returns the winner (or CARTA_NO_SEAT for a draw). */
static int play_random_game(const carta_game *game, carta_rules *grules, const char *const *decks,
                            int n, uint64_t seed)
{
    carta_error err;
    carta_error_clear(&err);
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = n;
    config.seed = seed;
    for (int s = 0; s < n; s++)
        if (arkhtide_deck_resolve(grules, decks[s], carta_mix64(seed + (uint64_t)s),
                                  &config.decks[s], &err) != CARTA_OK)
            fail_msg("deck %s: %s", decks[s], err.msg);
    void *state = calloc(1, game->state_size);
    carta_action *actions = malloc(sizeof(carta_action) * CARTA_MAX_ACTIONS);
    assert_non_null(state);
    assert_non_null(actions);
    if (game->setup(grules, state, &config, &err) != CARTA_OK)
        fail_msg("setup %s vs %s: %s", decks[0], decks[1], err.msg);
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    int steps = 0;
    for (; steps < 200000 && game->to_act(grules, state) != CARTA_NO_SEAT; steps++) {
        int count = game->legal_actions(grules, state, actions);
        assert_true(count > 0);
        carta_action a = actions[carta_rng_below(&rng, (uint32_t)count)];
        if (game->apply(grules, state, a, &err) != CARTA_OK)
            fail_msg("%s vs %s, seed %llu, step %d: %s", decks[0], decks[1],
                     (unsigned long long)seed, steps, err.msg);
    }
    assert_int_equal(game->to_act(grules, state), CARTA_NO_SEAT);
    assert_int_equal(game->legal_actions(grules, state, actions), 0);
    int winner = carta_outcome_winner(game, grules, state, 2);
    free(actions);
    free(state);
    return winner;
}

static void test_prebuilt_decks_are_playable(void **unused)
{
    (void)unused;
    const carta_game *game = carta_game_find("arkhtide");
    if (!game) {
        print_message("arkhtide is not registered yet: skipping the self-play check\n");
        skip();
    }
    carta_error err;
    carta_error_clear(&err);
    carta_rules *grules = game->open(ARK_DIR, &err);
    if (!grules)
        fail_msg("%s", err.msg);
    int won = 0, games = 0;
    for (int i = 0; i < N_PREBUILT; i++)
        for (int j = 0; j < N_PREBUILT; j++) {
            const char *decks[2] = {prebuilt[i], prebuilt[j]};
            won += play_random_game(game, grules, decks, 2, (uint64_t)(i * N_PREBUILT + j)) !=
                   CARTA_NO_SEAT;
            games++;
        }
    for (int n = 3; n <= 5; n++) { /* Desperate Measures */
        const char *decks[5];
        for (int s = 0; s < n; s++)
            decks[s] = s % 2 ? "random" : prebuilt[(s + n) % N_PREBUILT];
        won += play_random_game(game, grules, decks, n, 500 + (uint64_t)n) != CARTA_NO_SEAT;
        games++;
    }
    /* Random play still wins games: most end with a winner, not the Round limit. */
    assert_true(won * 2 >= games);
    game->close(grules);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_card_set_loads),
        cmocka_unit_test(test_every_keyword_on_several_cards),
        cmocka_unit_test(test_abilities_cover_the_format),
        cmocka_unit_test(test_prebuilt_decks_are_legal),
        cmocka_unit_test(test_prebuilt_by_slug),
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
