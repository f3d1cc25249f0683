/* test_archmajesty_cards.c: the Archmajesty card format (docs/card-format/archmajesty.md) refuses
 * a malformed effect with the file, the line and the reason, and loads nothing of the file; the
 * effects that last or wait for a Start or End Phase (rulebook ../shared/rulebooks/archmajesty.txt,
 * COMBAT, START PHASE and END PHASE; docs/rulings/archmajesty.md R73) load with their timing,
 * and Bloodied's triggers (CARD TERMINOLOGY, BLOODIED; R75) are refused where they mean nothing;
 * a minion's sheet and a Summon card are checked (MINIONS, SUMMON; R95-R106), Large (R121), and
 * so are a minion's abilities, `to` an ally, each ally or the controller, and a choice of N
 * options (Minion Abilities, TARGETING SPECIFICS, CHOICE; R128-R134). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "support/temp_file.h"

#include "games/archmajesty/archmajesty.h"

extern const carta_game carta_game_archmajesty;
static const carta_game *G = &carta_game_archmajesty;

#define SPELL "  - {name: Test Spell, type: spell, colour: blue, edges: [blue, blue],\n" \
              "     types: [magical, water], strike: 5, guard: 5,\n"

#define MINION "  - {name: Test Minion, type: minion, rank: regular, defence: 10, hp: 10, move: 3,\n" \
               "     upkeep: 1, command_points: [{discard: 1}],\n" \
               "     templates: [{name: Nip, types: [physical, bestial], range: melee,\n" \
               "                  attack: might, damage: 2, effect: [{attack: 1}]}],\n"

/* Loads text as a card file into fresh rules: the status, the message in err; with out, the
 * loaded spell 'Test Spell'. */
static carta_status load(const char *text, char *path, size_t cap, carta_error *err,
                         am_spell *out)
{
    temp_file_write("amcards", text, path, cap);
    carta_error_clear(err);
    carta_rules *r = G->open(NULL, err);
    assert_non_null(r);
    int before = carta_catalog_count(r->catalog);
    carta_status st = carta_catalog_load_file(r->catalog, path, am_compile, r, err);
    if (st == CARTA_OK)
        st = am_links_resolve(r, err);
    if (st != CARTA_OK)
        assert_int_equal(carta_catalog_count(r->catalog), before); /* nothing of it loaded */
    if (st == CARTA_OK && out)
        *out = *am_spell_of(r, carta_catalog_find(r->catalog, "Test Spell"));
    G->close(r);
    unlink(path);
    return st;
}

typedef struct bad_case {
    const char *text;
    int line;
    const char *says;
} bad_case;

static const bad_case bad[] = {
    {"cards:\n" SPELL "     stages: [[{defence: 4}]]}\n", 4, "a modifier needs 'until'"},
    {"cards:\n" SPELL "     stages: [[{boost: [2, 4], when: turn_end}]]}\n", 4,
     "a modifier needs 'until'"},
    {"cards:\n" SPELL "     stages: [[{heal: 5, until: turn_end}]]}\n", 4,
     "'until' bounds a modifier"},
    {"cards:\n" SPELL "     stages: [[{shift: 1, when: turn_end}]]}\n", 4,
     "'when' delays an effect of the caster's own"},
    {"cards:\n" SPELL "     stages: [[{draw: 1, when: tomorrow}]]}\n", 4, "'when'"},
    {"cards:\n" SPELL "     stages: [[{defence: 4, until: now}]]}\n", 4,
     "'until' is turn_end, next_turn_start, next_turn_end or round_end"},
    {"cards:\n" SPELL "     stages: [[{defence: 21, until: turn_end}]]}\n", 4, "'defence'"},
    {"cards:\n" SPELL "     stages: [[{boost: [2], until: turn_end}]]}\n", 4,
     "'boost' is [X, Y]"},
    {"cards:\n" SPELL "     stages: [[{boost: [2, 60], until: turn_end}]]}\n", 4,
     "'boost' is [X, Y]"},
    /* BLOODIED (R75): a trigger on an inflict or an effect of the caster's own; a bonus needs an
     * attack */
    {"cards:\n" SPELL "     stages: [[{shift: 1, if: bloodied}]]}\n", 4,
     "'if: bloodied' is for inflict"},
    {"cards:\n" SPELL "     stages: [[{heal: 1, if: wounded}]]}\n", 4, "'if'"},
    {"cards:\n" SPELL "     bloodied: [0, 5], stages: [[{heal: 1}]]}\n", 4,
     "'bloodied' is a bonus to an attack"},
    /* Push/Pull: the engine moves at most 4 of the characters hit */
    {"cards:\n  - {name: Test Spell, type: spell, colour: red, edges: [red, red],\n"
     "     types: [physical, stone], strike: 5, guard: 5, range: 3, attack: might, damage: 4,\n"
     "     stages: [[{attack: 5}, {push: 1}]]}\n", 4, "a push or pull moves at most 4"},
    /* MINIONS (R95-R106): a sheet's commands, ways and limits; SUMMON's minion */
    {"cards:\n" MINION "     commands: [{name: Bite, attack: Nothing}]}\n", 6,
     "'Nothing' is not one of this minion's templates"},
    {"cards:\n" MINION "     commands: [{name: Bite, move: 2, attack: Nip}]}\n", 6,
     "a command does one thing"},
    {"cards:\n" MINION "     commands: []}\n", 6, "a minion needs 'commands'"},
    {"cards:\n" MINION "     commands: [{name: Bite, attack: Nip}], attacks: 2}\n", 6,
     "unknown key 'attacks'"},
    {"cards:\n" SPELL "     range: 2, minion: Test Minion, stages: [[{summon: true}]]}\n", 2,
     "a summoning card has the Summon type"},
    {"cards:\n" SPELL "     stages: [[{summon: true}]]}\n", 2, "a card with 'minion' has one"},
    /* a card's objects (R147, R155) */
    {"cards:\n" SPELL "     range: 2, stages: [[{place_object: 2}]]}\n", 2,
     "a card with 'object' has one"},
    {"cards:\n" SPELL "     object: Boulder, stages: [[{place_object: 1}]]}\n", 2,
     "a card placing objects needs 'range'"},
    {"cards:\n" SPELL "     range: 2, object: Boulder, stages: [[{place_object: 5}]]}\n", 4,
     "'place_object'"},
    {"cards:\n" SPELL "     range: 2, stages: [[{push_object: 9}]]}\n", 4, "'push_object'"},
    {"cards:\n" SPELL "     range: 2, stages: [[{heal: 1}]], pitch: [{push_object: 1}]}\n", 4,
     "a 'pitch' effect cannot place or move an object"},
    {"cards:\n" SPELL "     range: 2, stages: [[{heal: 1}]],\n"
     "     choice: [{option: A, effect: [{pull_object: 1}]}, {option: B}]}\n", 5,
     "an option cannot place or move an object"},
    {"cards:\n  - {name: Test Foe, type: enemy, rank: regular, defence: 10, hp: 10, move: 3,\n"
     "     templates: [{name: Shove, types: [physical, stone], range: 2, attack: might,\n"
     "                  damage: 2, effect: [{pull_object: 1}]}]}\n", 3,
     "are a spell card's"},
    /* the card terminology of part 3 (R110-R120) */
    {"cards:\n" SPELL "     stages: [[{chain: 2}]]}\n", 4, "'chain' needs an attack earlier"},
    {"cards:\n" SPELL "     stages: [[{strew: 2}]]}\n", 4, "'strew' needs an attack earlier"},
    {"cards:\n" SPELL "     stages: [[{cleanse: 6}]]}\n", 4, "'cleanse'"},
    {"cards:\n" SPELL "     stages: [[{heal: 1, on: fixed}]]}\n", 4,
     "'on: fixed' needs an attack earlier"},
    {"cards:\n" SPELL "     stages: [[{heal: 2, when: turn_end, to: ally}]]}\n", 4,
     "'to: ally' takes gain, heal, armour, draw, mill, token, cleanse or shift"},
    {"cards:\n" SPELL "     stages: [[{push: 2, to: ally}]]}\n", 4, "needs an attack"},
    {"cards:\n" SPELL "     stages: [[{teleport: 2, to: ally}]]}\n", 4, "'to: ally' takes"},
    /* R129-R134: each ally, the controller; a choice of N */
    {"cards:\n" SPELL "     stages: [[{cleanse: 2, to: each_ally}]]}\n", 4,
     "'to: each_ally' takes gain, heal, armour, draw or token"},
    {"cards:\n" SPELL "     stages: [[{shift: 2, to: controller}]]}\n", 4,
     "'to: controller' takes"},
    {"cards:\n" SPELL "     choose: 2, choice: [{option: A}, {option: B}]}\n", 4, "'choose'"},
    {"cards:\n" SPELL "     choose: 2}\n", 2, "'choose' needs 'choice'"},
    /* Minion Abilities (R128): a trigger and its effect, of the kinds a minion's may have */
    {"cards:\n  - {name: Test Ability, type: ability, points: 0, trigger: hit}\n", 2,
     "a minion's ability has 'trigger'"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0, trigger: dusk,\n"
     "     effect: [{heal: 1}]}\n", 2, "'trigger'"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0, trigger: hit,\n"
     "     effect: [{draw: 1}]}\n", 3, "draw, mill or token `to: controller`"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0, trigger: hit,\n"
     "     effect: [{shift: 1}]}\n", 3, "a minion's ability does gain, heal"},
    {"cards:\n  - {name: Test Item, type: weapon, slots: 1, trigger: hit,\n"
     "     effect: [{heal: 1}]}\n", 2, "a minion's ability has"},
    /* active minion abilities (R142-R145): a cost, a template, effects on the map */
    {"cards:\n  - {name: Test Ability, type: ability, points: 0, trigger: hit, cost: 1,\n"
     "     effect: [{heal: 1}]}\n", 2, "'cost', 'repeat' and 'template' are an active"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0, cost: 1}\n", 2,
     "a minion's ability has 'trigger'"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0, cost: 10,\n"
     "     effect: [{heal: 1}]}\n", 2, "'cost'"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0,\n"
     "     effect: [{attack: 1}, {push: 1}]}\n", 3, "its 'template' go together"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0,\n"
     "     template: {types: [physical], range: 2, attack: auto}, effect: [{heal: 1}]}\n", 3,
     "its 'template' go together"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0,\n"
     "     template: {types: [physical], range: 2}, effect: [{attack: 1}]}\n", 3,
     "a template needs 'attack'"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0,\n"
     "     template: {types: [physical], reach: 2, attack: auto}, effect: [{attack: 1}]}\n", 3,
     "'template'"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0,\n"
     "     effect: [{shift: 1, to: ally}]}\n", 3, "an active one also attack, inflict"},
    {"cards:\n  - {name: Test Ability, type: ability, points: 0, trigger: turn_start,\n"
     "     template: {types: [physical], range: 2, attack: auto}, effect: [{attack: 1}]}\n", 3,
     "are an active ability's"},
    {"cards:\n" SPELL "     choice: [{option: High, bonus: [0, 5]}]}\n", 4,
     "'choice' is a list of 2 to 4 options"},
    {"cards:\n" SPELL "     choice: [{option: A}, {bonus: [0, 5]}]}\n", 4, "'option'"},
    {"cards:\n" SPELL "     keywords: [{foretold: 10}]}\n", 4, "'foretold'"},
    {"cards:\n" SPELL "     keywords: [{upkeep: 4}]}\n", 4, "'upkeep'"},
    /* lingering areas (R137) */
    {"cards:\n" SPELL "     range: 3, attack: auto, damage: 3,\n"
     "     stages: [[{area: [2, 2], lasts: 10}]]}\n", 5, "'lasts'"},
    {"cards:\n" SPELL "     range: 3, attack: auto, damage: 3,\n"
     "     stages: [[{area: [2, 2], lasts: never}]]}\n", 5, "'lasts'"},
    {"cards:\n" SPELL "     range: 3, attack: auto, damage: 3,\n"
     "     stages: [[{attack: 1, lasts: round}]]}\n", 5, "read only by 'area'"},
    {"cards:\n" SPELL "     range: 3, attack: auto, damage: 3,\n"
     "     stages: [[{area: [2, 2], bound: true, lasts: 2}]]}\n", 5, "is not 'bound'"},
    /* LARGE (CARD TERMINOLOGY, SUMMON; R121): a minion's or an enemy's keyword, true or false */
    {"cards:\n" MINION "     commands: [{name: Bite, attack: Nip}],\n     large: 2}\n", 7,
     "'large' must be true or false"},
    {"cards:\n  - {name: Test Enemy, type: enemy, rank: elite, defence: 10, hp: 10, move: 3,\n"
     "     large: big, templates: [{name: Nip, types: [physical, bestial], range: melee,\n"
     "                             attack: might, damage: 2, effect: [{attack: 1}]}]}\n", 3,
     "'large' must be true or false"},
};

static void test_bad_timings_are_refused(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[64], where[96];
        carta_error err;
        if (load(bad[i].text, path, sizeof path, &err, NULL) == CARTA_OK)
            fail_msg("case %zu loaded, expected '%s'", i, bad[i].says);
        if (!strstr(err.msg, bad[i].says))
            fail_msg("case %zu: '%s' does not say '%s'", i, err.msg, bad[i].says);
        snprintf(where, sizeof where, "%s:%d: error:", path, bad[i].line);
        if (strncmp(err.msg, where, strlen(where)) != 0)
            fail_msg("case %zu: '%s' does not start with '%s'", i, err.msg, where);
    }
}

static void test_timings_load(void **unused)
{
    (void)unused;
    char path[64];
    carta_error err;
    am_spell s;
    const char *text = "cards:\n" SPELL
                       "     stages: [[{defence: 4, until: next_turn_start},\n"
                       "               {boost: [-2, 5], until: round_end},\n"
                       "               {heal: 10, when: next_turn_end}, {draw: 1},\n"
                       "               {defence: 2, until: turn_end, to: ally}]]}\n";
    if (load(text, path, sizeof path, &err, &s) != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(s.n_ops, 5);
    assert_int_equal(s.op[0].kind, AM_OP_DEFENCE);
    assert_int_equal(s.op[0].count, 4);
    assert_int_equal(s.op[0].timing, AM_NEXT_TURN_START);
    assert_int_equal(s.op[1].kind, AM_OP_BOOST);
    assert_int_equal(s.op[1].x, -2);
    assert_int_equal(s.op[1].y, 5);
    assert_int_equal(s.op[1].timing, AM_ROUND_END);
    assert_int_equal(s.op[2].timing, AM_NEXT_TURN_END);
    assert_int_equal(s.op[3].timing, AM_NOW);
    assert_int_equal(s.op[4].timing, AM_TURN_END); /* an ally's, in the caster's turns (R150) */
    assert_int_equal(s.op[4].to, AM_TO_ALLY);
}

/* CHOICE of N (R131): the options alone, then each pair, in the order of their masks, the
 * bonuses added and the effects in the order printed. */
static void test_choice_of_two_loads(void **unused)
{
    (void)unused;
    char path[64];
    carta_error err;
    const char *text = "cards:\n"
                       "  - {name: Test Spell, type: spell, colour: red, edges: [red, red],\n"
                       "     types: [physical, wind], strike: 5, guard: 5, range: melee,\n"
                       "     attack: might, damage: 8, effect: [{attack: 1}], choose: 2,\n"
                       "     choice: [{option: A, bonus: [0, 2]},\n"
                       "              {option: B, effect: [{inflict: burn, on: hit}]},\n"
                       "              {option: C, effect: [{inflict: stun, on: hit}]}]}\n";
    temp_file_write("amcards", text, path, sizeof path);
    carta_rules *r = G->open(NULL, &err);
    assert_non_null(r);
    if (carta_catalog_load_file(r->catalog, path, am_compile, r, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    const am_spell *s = am_spell_of(r, carta_catalog_find(r->catalog, "Test Spell"));
    assert_int_equal(s->n_choices, 3);
    assert_int_equal(s->pick, 2);
    assert_int_equal(s->n_variants, 6); /* A, B, C, then AB, AC, BC */
    const am_spell *ab = &r->spell[s->choice + 3], *bc = &r->spell[s->choice + 5];
    assert_string_equal(ab->name, "A and B");
    assert_int_equal(ab->y, 2);
    assert_int_equal(ab->n_ops, 2);
    assert_int_equal(ab->op[1].arg, AM_BURN);
    assert_string_equal(bc->name, "B and C");
    assert_int_equal(bc->y, 0);
    assert_int_equal(bc->n_ops, 3);
    assert_int_equal(bc->op[1].arg, AM_BURN);
    assert_int_equal(bc->op[2].arg, AM_STUN);
    assert_int_equal(r->n_spells, s->choice + 6);
    G->close(r);
    unlink(path);
}

/* CHOICE (R111): each option a copy of the card in the slots after it, its bonus added and its
 * effects added to its stage. */
static void test_choice_options_load(void **unused)
{
    (void)unused;
    char path[64];
    carta_error err;
    const char *text = "cards:\n"
                       "  - {name: Test Spell, type: spell, colour: red, edges: [red, red],\n"
                       "     types: [physical, wind], strike: 5, guard: 5, range: melee,\n"
                       "     attack: might, damage: 8, bonus: [1, 1], effect: [{attack: 1}],\n"
                       "     keywords: [{foretold: 2}],\n"
                       "     choice: [{option: High, bonus: [0, 5]},\n"
                       "              {option: Low,\n"
                       "               effect: [{inflict: stun, count: 2, on: hit}]}]}\n";
    temp_file_write("amcards", text, path, sizeof path);
    carta_rules *r = G->open(NULL, &err);
    assert_non_null(r);
    if (carta_catalog_load_file(r->catalog, path, am_compile, r, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    const am_spell *s = am_spell_of(r, carta_catalog_find(r->catalog, "Test Spell"));
    assert_int_equal(s->n_choices, 2);
    assert_int_equal(s->foretold, 2);
    const am_spell *high = &r->spell[s->choice], *low = &r->spell[s->choice + 1];
    assert_string_equal(high->name, "High");
    assert_int_equal(high->x, 1);
    assert_int_equal(high->y, 6);
    assert_int_equal(high->n_ops, 1);
    assert_string_equal(low->name, "Low");
    assert_int_equal(low->y, 1);
    assert_int_equal(low->n_ops, 2);
    assert_int_equal(low->op[1].kind, AM_OP_INFLICT);
    assert_int_equal(low->op[1].arg, AM_STUN);
    assert_int_equal(r->n_spells, s->choice + 2); /* the options' slots are taken */
    G->close(r);
    unlink(path);
}

/* PERSONAL EQUIPMENT (R139, R140): a mage file's inventory names items of the card set; an
 * unknown name, or a card that is not an item, is refused with the file, line and reason. */
static void test_inventory_is_checked(void **unused)
{
    (void)unused;
    static const char *const mage =
        "name: Test Mage\nancestry: Humans\nattributes: {might: 2, agility: 1, will: 3, "
        "defence: 2}\nbonus: hp\nstyles: [Cinderbrand Pyromancer, Cinderbrand Pyromancer, "
        "Emberwright Trapper, Emberwright Trapper]\nequipment: [Sword]\nabilities: [Kindling "
        "Heart, Ashen Mantle, Trapper's Stride]\ncards: [{name: Ember Lash, copies: 3}, "
        "{name: Cinder Bolt, copies: 3}, {name: Kindle, copies: 2}, {name: Flame Ward, copies: 2}, {name: Pyre Burst, "
        "copies: 2}, {name: Heat Haze, copies: 2}, {name: Ember Caltrops, copies: 3}, {name: "
        "Ranging Salvo, copies: 2}, {name: Tripwire Line, copies: 2}]\n"
        "personal_effects: \"a mule\"\n";
    static const struct { const char *inventory, *says; } cases[] = {
        {"inventory: [Longbow, \"Grenado, Fire\"]\n", NULL},
        {"inventory: [Longbow, Flying Carpet]\n", "'Flying Carpet' is not in the card set"},
        {"inventory: [Ember Lash]\n", "'Ember Lash' is not an item"},
        {"inventory: Longbow\n", "'inventory' is a list"},
    };
    carta_error err;
    carta_rules *r = G->open(CARTA_DATA_DIR "/archmajesty", &err);
    assert_non_null(r);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[2048], path[64], where[96];
        snprintf(text, sizeof text, "%s%s", mage, cases[i].inventory);
        temp_file_write("ammage", text, path, sizeof path);
        carta_deck deck;
        carta_error_clear(&err);
        carta_status st = am_deck_resolve(r, path, 1, &deck, &err);
        unlink(path);
        if (!cases[i].says) {
            if (st != CARTA_OK)
                fail_msg("case %zu: %s", i, err.msg);
            continue;
        }
        snprintf(where, sizeof where, "%s:10: error:", path);
        if (st == CARTA_OK || !strstr(err.msg, cases[i].says) ||
            strncmp(err.msg, where, strlen(where)) != 0)
            fail_msg("case %zu: '%s', expected '%s' at '%s'", i, err.msg, cases[i].says, where);
    }
    G->close(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_choice_options_load),
        cmocka_unit_test(test_choice_of_two_loads),
        cmocka_unit_test(test_bad_timings_are_refused),
        cmocka_unit_test(test_timings_load),
        cmocka_unit_test(test_inventory_is_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
