/* test_essence_cards.c: Essence's card file (docs/card-format/essence.md) is refused with the
 * file, the line and the reason when malformed, and the box is checked whole (essence.txt,
 * 1.1. CONTENTS: six double-sided spell cards; 1.3. CARD TYPES: a Carta Essentia needs three
 * primary and three secondary Runes, one per realm). The real box loads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "games/essence/essence.h"
#include "games/registry.h"

/* Opens rules from a directory holding only `text` as cards.yaml; returns the error text ("" if
 * it opened). */
static const char *open_text(const char *text)
{
    static char msg[512];
    char dir[] = "/tmp/carta-essence-cards-XXXXXX", path[600];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/cards.yaml", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    const carta_game *g = carta_game_find("essence");
    carta_error err = {0};
    carta_rules *r = g->open(dir, &err);
    snprintf(msg, sizeof msg, "%s", r ? "" : err.msg);
    if (r)
        g->close(r);
    unlink(path);
    rmdir(dir);
    return msg;
}

static void expect_refused(const char *text, const char *where, const char *why)
{
    const char *msg = open_text(text);
    if (!strstr(msg, where) || !strstr(msg, why))
        fail_msg("expected '%s' and '%s' in: %s", where, why, msg);
}

static void test_the_box_loads(void **unused)
{
    (void)unused;
    carta_error err = {0};
    const carta_game *g = carta_game_find("essence");
    carta_rules *r = g->open(CARTA_DATA_DIR "/essence", &err);
    assert_non_null(r);
    int count[ESS_K_FATE + 1] = {0};
    for (int id = 0; id < r->n_cards; id++)
        count[r->card[id].kind] += r->card[id].copies;
    /* 1.1. CONTENTS */
    assert_int_equal(count[ESS_K_ESSENCE], 72);
    assert_int_equal(count[ESS_K_MONSTER], 56);
    assert_int_equal(count[ESS_K_UNICORN], 6);
    assert_int_equal(count[ESS_K_CARTA], 8);
    assert_int_equal(count[ESS_K_AVATAR], 6);
    assert_int_equal(count[ESS_K_SPELL], 12); /* 6 cards, two sides each */
    assert_int_equal(count[ESS_K_FATE], 36);
    g->close(r);
}

static void test_a_malformed_card_names_file_line_and_reason(void **unused)
{
    (void)unused;
    expect_refused("set: essence\ncards:\n  - {name: Oak Rune, type: essence, realm: forest, "
                   "rune: Oak}\n  - {name: Odd, type: dragon}\n",
                   "cards.yaml:4", "'dragon' is not a type");
    expect_refused("set: essence\ncards:\n  - {name: Oak Rune, type: essence, realm: swamp, "
                   "rune: Oak}\n",
                   "cards.yaml:3", "'swamp' is not a realm");
    expect_refused("set: essence\ncards:\n  - {name: Wolf, type: monster, realm: forest, "
                   "willpower: 99, damage: 1, support: 1, loot: 0, interference: 1}\n",
                   "cards.yaml:3", "willpower");
    expect_refused("set: essence\ncards:\n  - {name: Oak Rune, type: essence, realm: forest, "
                   "rune: Oak}\n  - {name: Goal, type: carta_essentia, primary: [Oak, Iron, Ash], "
                   "secondary: [[Fern, Moss], [Flint, Geode], [Bone, Void]]}\n",
                   "cards.yaml:4", "'Fern' is not a rune of the forest");
    expect_refused("set: essence\ncards:\n  - name: Seer\n    type: avatar\n    active: {when: "
                   "arcane, effect: draw_stack, fate: 3}\n",
                   "cards.yaml:3", "an 'active' and a 'passive' ability");
    expect_refused("set: essence\ncards:\n  - {name: Odd Fate, type: fate, fate: warrior, "
                   "number: 3, bonus: refund}\n",
                   "cards.yaml:3", "not a bonus of the Fate of the warrior");
    expect_refused("set: essence\ncards:\n  - {name: Fury, type: spell, side: light, back: "
                   "Nothing, when: combat, cost: [red], effect: fury, amount: 4}\n",
                   "spell 'Fury'", "its back 'Nothing' is not a spell of the other side");
    expect_refused("set: essence\ncards:\n  - {name: Fury, type: spell, side: light, back: "
                   "Dread, when: combat, cost: [purple], effect: fury}\n  - {name: Dread, type: "
                   "spell, side: dark, back: Fury, when: combat, cost: [green], effect: dread}\n",
                   "cards.yaml:3", "a cost symbol is green, blue, red or grey");
}

static void test_the_box_is_checked_whole(void **unused)
{
    (void)unused;
    /* one spell card where the Aether needs six */
    expect_refused("set: essence\ncards:\n  - {name: Fury, type: spell, side: light, back: "
                   "Dread, when: combat, cost: [red], effect: fury}\n  - {name: Dread, type: "
                   "spell, side: dark, back: Fury, when: combat, cost: [green], effect: dread}\n",
                   "essence: the Aether", "6 double-sided spell cards");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_box_loads),
        cmocka_unit_test(test_a_malformed_card_names_file_line_and_reason),
        cmocka_unit_test(test_the_box_is_checked_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
