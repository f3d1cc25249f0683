/* test_archmajesty_table.c: the Gamemaster's table tools for the non-combat rules
 * (games/archmajesty/table.h), each rule from archmajesty.txt with its section heading: Task
 * Checks, Modifiers, Difficulty Threshold, Clocks, Catches & Costs, Aspects, Circles (Circles,
 * Rebels, and Spies; Circles and Common Knowledge), Lores; and the campaign file that carries
 * them from session to session, replayed and checked on load. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "games/archmajesty/table.h"
#include "games/registry.h"
#include "support/temp_file.h"

static am_campaign *campaign_new(void)
{
    am_campaign *c = calloc(1, sizeof *c);
    assert_non_null(c);
    am_sheet *s = &c->sheets[c->n_sheets++];
    snprintf(s->name, sizeof s->name, "Cass");
    snprintf(s->aspects[0], AM_TT_NAME, "Circus Strongman");
    snprintf(s->aspects[1], AM_TT_NAME, "Gloomy Psychopomp");
    snprintf(s->aspects[2], AM_TT_NAME, "Stranded Engineer");
    s->circles[s->n_circles++] = (am_circle){.name = "Archmajesty"};
    s->circles[s->n_circles++] = (am_circle){.name = "Front"};
    s->circles[s->n_circles++] = (am_circle){.name = "Thieves Guild", .rebel = 1};
    s->circles[s->n_circles++] = (am_circle){.name = "Order of Roses", .pretend = 1};
    snprintf(s->lores[s->n_lores++], AM_TT_NAME, "Astronomy");
    return c;
}

static am_task task(int dt)
{
    return (am_task){.sheet = -1, .dt = dt, .clock = -1};
}

/* Modifiers: "a natural result of 9 with a +2 bonus and -1 penalty would end up as a final
 * result of 10". Task Checks: "equal to, or higher than the difficulty threshold, you succeed
 * ... below the difficulty threshold, you instead fail". */
static void test_task_check(void **unused)
{
    (void)unused;
    am_task t = task(10);
    am_check c = am_task_resolve(&t, +2 - 1, 9);
    assert_int_equal(c.final, 10);
    assert_true(c.success); /* equal to the DT */
    c = am_task_resolve(&t, 0, 9);
    assert_false(c.success);
    assert_int_equal(c.margin, -1);
    c = am_task_resolve(&t, 0, 20);
    assert_true(c.success);
    assert_false(c.automatic);
}

/* Difficulty Threshold: "If a challenge would have DT/6 or less, it's not worth rolling and
 * should automatically succeed instead." No die is used (R76). */
static void test_low_dt_succeeds_without_a_roll(void **unused)
{
    (void)unused;
    am_campaign *c = campaign_new();
    assert_int_equal(am_table_session(c, 7, NULL), CARTA_OK);
    carta_rng before = c->rng;
    am_task t = task(6);
    am_check out;
    assert_int_equal(am_table_check(c, &t, &out, NULL), CARTA_OK);
    assert_true(out.automatic);
    assert_true(out.success);
    assert_int_equal(out.natural, 0);
    assert_memory_equal(&before, &c->rng, sizeof before); /* no D20 rolled */
    t.dt = 7;
    assert_int_equal(am_table_check(c, &t, &out, NULL), CARTA_OK);
    assert_false(out.automatic);
    assert_true(out.natural >= 1 && out.natural <= 20);
    free(c);
}

/* Clocks: the table of segments (issue 15: "10+ over the DT: 3 segments; 5+ over: 2; over: 1;
 * equal: 0; under: 1 red; 5+ under: 2 red; 10+ under: 3 red"). */
static void test_clock_table(void **unused)
{
    (void)unused;
    const struct {
        int margin, green, red;
    } rows[] = {{15, 3, 0}, {10, 3, 0}, {9, 2, 0},  {5, 2, 0},   {4, 1, 0},  {1, 1, 0},
                {0, 0, 0},  {-1, 0, 1}, {-4, 0, 1}, {-5, 0, 2}, {-9, 0, 2}, {-10, 0, 3},
                {-19, 0, 3}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int g = -1, r = -1;
        am_clock_segments(rows[i].margin, &g, &r);
        if (g != rows[i].green || r != rows[i].red)
            fail_msg("margin %d: %d green %d red, the table says %d and %d", rows[i].margin, g,
                     r, rows[i].green, rows[i].red);
    }
}

/* Clocks: "Once each Segment of a clock is filled, determine the completion result based on
 * the majority of segments"; Catches & Costs: equal lets the players choose a tie or success
 * with a catch, a red majority failure or success at a cost. A check fills no more than the
 * clock has room for, its green first (R77). */
static void test_clock_completion(void **unused)
{
    (void)unused;
    am_clock k = {.name = "Negotiation", .segments = 4};
    const char *choices[2];
    am_clock_fill(&k, 3, 0);
    assert_int_equal(am_clock_completion(&k), AM_CLOCK_RUNNING);
    assert_int_equal(am_clock_choices(am_clock_completion(&k), choices), 0);
    am_clock_fill(&k, 0, 3); /* one segment of room: one red */
    assert_int_equal(k.green, 3);
    assert_int_equal(k.red, 1);
    assert_int_equal(am_clock_completion(&k), AM_CLOCK_SUCCESS);
    assert_int_equal(am_clock_choices(AM_CLOCK_SUCCESS, choices), 1);
    assert_string_equal(choices[0], "success");
    am_clock tie = {.segments = 4, .green = 2, .red = 2};
    assert_int_equal(am_clock_completion(&tie), AM_CLOCK_TIE);
    assert_int_equal(am_clock_choices(AM_CLOCK_TIE, choices), 2);
    assert_string_equal(choices[0], "tie");
    assert_string_equal(choices[1], "catch");
    am_clock lost = {.segments = 6, .green = 1, .red = 5};
    assert_int_equal(am_clock_completion(&lost), AM_CLOCK_OPPOSITION);
    assert_int_equal(am_clock_choices(AM_CLOCK_OPPOSITION, choices), 2);
    assert_string_equal(choices[0], "failure");
    assert_string_equal(choices[1], "cost");
}

/* Aspects: marginally relevant +3, fully +6, especially +9. Lores: a Lore invoked "you gain a
 * +10 bonus". Circles and Common Knowledge: "a +5 bonus". */
static void test_aspects_lores_knowledge(void **unused)
{
    (void)unused;
    am_campaign *c = campaign_new();
    const am_sheet *s = &c->sheets[0];
    assert_int_equal(am_aspect_bonus(AM_ASPECT_MARGINAL), 3);
    assert_int_equal(am_aspect_bonus(AM_ASPECT_FULL), 6);
    assert_int_equal(am_aspect_bonus(AM_ASPECT_ESPECIAL), 9);
    am_task t = task(15);
    t.sheet = 0;
    t.aspect = AM_ASPECT_FULL;
    t.lore = 1;
    t.knowledge = 1;
    t.other = -2;
    assert_int_equal(am_task_modifier(s, &t), 6 + 10 + 5 - 2);
    free(c);
}

/* Circles: "For each favourable Circle pairing, you gain a +5 bonus ... each opposed Circle
 * pairing, you suffer a -5 penalty." Circles, Rebels, and Spies: a rebel's bonus is inverted
 * "with someone who has the same Circle, but who isn't also rebellious", and its penalty
 * inverted against "someone who opposes the Circle you are rebelling against"; a spy who is not
 * convincing "cannot pair using the Circle you are pretending to be". */
static void test_circles(void **unused)
{
    (void)unused;
    am_campaign *c = campaign_new();
    const am_sheet *s = &c->sheets[0];
    am_pairing fav = {.circle = 0, .favourable = 1, .convincing = 1};
    am_pairing opp = {.circle = 0, .favourable = 0, .convincing = 1};
    assert_int_equal(am_pairing_modifier(s, &fav), 5);
    assert_int_equal(am_pairing_modifier(s, &opp), -5);
    am_pairing rebel_same = {.circle = 2, .favourable = 1, .same_circle = 1, .convincing = 1};
    assert_int_equal(am_pairing_modifier(s, &rebel_same), -5);
    rebel_same.other_rebel = 1; /* two rebels of one Circle get along */
    assert_int_equal(am_pairing_modifier(s, &rebel_same), 5);
    am_pairing rebel_opposed = {.circle = 2, .favourable = 0, .convincing = 1};
    assert_int_equal(am_pairing_modifier(s, &rebel_opposed), 5);
    am_pairing spy = {.circle = 3, .favourable = 1, .convincing = 1};
    assert_int_equal(am_pairing_modifier(s, &spy), 5);
    spy.convincing = 0;
    assert_int_equal(am_pairing_modifier(s, &spy), 0);
    am_task t = task(12);
    t.sheet = 0;
    t.n_pairings = 2;
    t.pairings[0] = fav;
    t.pairings[1] = rebel_same; /* +5 */
    assert_int_equal(am_task_modifier(s, &t), 10);
    free(c);
}

/* What the table refuses changes nothing: an unknown clock or Lore, a full clock, a clock of an
 * odd number of segments ("an even amount of slices"), a settling the clock does not offer. */
static void test_refusals_change_nothing(void **unused)
{
    (void)unused;
    am_campaign *c = campaign_new();
    carta_error err = {0};
    am_task t = task(12);
    assert_int_not_equal(am_table_check(c, &t, NULL, &err), CARTA_OK); /* no session */
    assert_int_equal(am_table_session(c, 3, NULL), CARTA_OK);
    assert_int_equal(am_table_new_clock(c, "Heist", 2, NULL), CARTA_OK);
    assert_int_not_equal(am_table_new_clock(c, "Odd", 3, &err), CARTA_OK);
    carta_error_clear(&err);
    assert_int_not_equal(am_table_new_clock(c, "heist", 4, &err), CARTA_OK);
    am_campaign *before = malloc(sizeof *before);
    memcpy(before, c, sizeof *c);
    t.clock = 5;
    carta_error_clear(&err);
    assert_int_not_equal(am_table_check(c, &t, NULL, &err), CARTA_OK);
    t.clock = -1;
    t.lore = 1;
    t.lore_index = 0; /* no character rolls: no Lore */
    carta_error_clear(&err);
    assert_int_not_equal(am_table_check(c, &t, NULL, &err), CARTA_OK);
    carta_error_clear(&err);
    assert_int_not_equal(am_table_settle(c, "Heist", "success", &err), CARTA_OK); /* running */
    assert_non_null(strstr(err.msg, "0 of 2 segments"));
    assert_memory_equal(before, c, sizeof *c);
    /* fill it: a natural 20 at DT 7 is 13 over (3 green, 2 of room) */
    am_task fill = task(7);
    fill.clock = 0;
    fill.other = 40;
    assert_int_equal(am_table_check(c, &fill, NULL, NULL), CARTA_OK);
    assert_int_equal(c->clocks[0].green, 2);
    carta_error_clear(&err);
    assert_int_not_equal(am_table_check(c, &fill, NULL, &err), CARTA_OK); /* full */
    carta_error_clear(&err);
    assert_int_not_equal(am_table_settle(c, "Heist", "cost", &err), CARTA_OK);
    assert_non_null(strstr(err.msg, "offers success"));
    assert_int_equal(am_table_settle(c, "Heist", "success", NULL), CARTA_OK);
    carta_error_clear(&err);
    assert_int_not_equal(am_table_settle(c, "Heist", "success", &err), CARTA_OK); /* settled */
    free(before);
    free(c);
}

/* The campaign file: saved after two sessions and loaded again, every roll replays from its
 * session's seed to the same clocks; a clock carries over from one session to the next; a roll
 * changed by hand in the file is found, with its line. */
static void test_campaign_file(void **unused)
{
    (void)unused;
    am_campaign *c = campaign_new();
    c->clocks[c->n_clocks++] = (am_clock){.name = "Negotiation", .segments = 8};
    c->start_clocks[0] = c->clocks[0];
    c->n_start_clocks = 1;
    assert_int_equal(am_table_session(c, 42, NULL), CARTA_OK);
    am_task t = task(14);
    t.sheet = 0;
    t.aspect = AM_ASPECT_FULL;
    t.aspect_index = 0;
    t.n_pairings = 1;
    t.pairings[0] = (am_pairing){.circle = 2, .favourable = 1, .same_circle = 1,
                                 .convincing = 1};
    t.clock = 0;
    for (int i = 0; i < 2; i++)
        assert_int_equal(am_table_check(c, &t, NULL, NULL), CARTA_OK);
    assert_int_equal(am_table_new_clock(c, "Smuggling, \"quietly\"", 4, NULL), CARTA_OK);
    assert_int_equal(am_table_session(c, 43, NULL), CARTA_OK); /* the next session */
    t.lore = 1;
    t.lore_index = 0;
    assert_int_equal(am_table_check(c, &t, NULL, NULL), CARTA_OK);
    char path[128];
    temp_file_write("campaign", "", path, sizeof path);
    carta_error err = {0};
    if (am_campaign_save(c, path, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    am_campaign *back = malloc(sizeof *back);
    if (am_campaign_load(back, path, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(back->n_sessions, 2);
    assert_int_equal(back->n_entries, c->n_entries);
    assert_int_equal(back->n_clocks, 2);
    assert_string_equal(back->clocks[1].name, "Smuggling, \"quietly\"");
    assert_int_equal(back->clocks[0].green, c->clocks[0].green);
    assert_int_equal(back->clocks[0].red, c->clocks[0].red);
    for (int i = 0; i < c->n_entries; i++)
        assert_memory_equal(&back->log[i].check, &c->log[i].check, sizeof c->log[i].check);
    assert_true(back->sheets[0].circles[2].rebel);
    assert_true(back->sheets[0].circles[3].pretend);
    /* a natural result changed by hand */
    FILE *f = fopen(path, "r");
    static char text[1 << 16];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *natural = strstr(text, "natural: ");
    assert_non_null(natural);
    int was = atoi(natural + 9);
    char *line_end = strchr(natural, '\n');
    char rest[1 << 16];
    snprintf(rest, sizeof rest, "%s", line_end);
    snprintf(natural, sizeof text - (size_t)(natural - text), "natural: %d%s",
             was == 20 ? 19 : was + 1, rest);
    f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    carta_error_clear(&err);
    assert_int_not_equal(am_campaign_load(back, path, &err), CARTA_OK);
    if (!strstr(err.msg, "the log was changed") || !strstr(err.msg, path))
        fail_msg("%s", err.msg);
    unlink(path);
    free(back);
    free(c);
}

/* A mage file: Cass (data/archmajesty/decks/cass.yaml: Sword, Padded Armour, Helmet; 4
 * Equipment Slots) with a comment and an inventory. */
static const char equip_mage[] =
    "name: Cass, Knight of the Red Rose\n"
    "ancestry: Humans\n"
    "attributes: {might: 3, agility: 1, will: 2, defence: 2}\n"
    "bonus: hp\n"
    "styles: [Cinderbrand Pyromancer, Cinderbrand Pyromancer, Veilstep Rogue, Veilstep Rogue]\n"
    "equipment:   # what she wears\n"
    "  - Sword\n"
    "  - Padded Armour\n"
    "  - Helmet\n"
    "abilities: [Kindling Heart, Ashen Mantle, Veil Sight]\n"
    "cards:\n"
    "  - {name: Ember Lash, copies: 3}\n  - {name: Cinder Bolt, copies: 3}\n"
    "  - {name: Kindle, copies: 2}\n  - {name: Flame Ward, copies: 2}\n"
    "  - {name: Pyre Burst, copies: 2}\n  - {name: Ashen Step, copies: 2}\n"
    "  - {name: Smoulder, copies: 2}\n  - {name: Heat Haze, copies: 2}\n"
    "  - {name: Veil Strike, copies: 3}\n  - {name: Shadow Slip, copies: 2}\n"
    "  - {name: Backstab, copies: 2}\n"
    "# carried, not worn\n"
    "inventory: [Buckler, Chainmail, Full Plate, Ember Signet]\n"
    "personal_effects: a mule\n";

static char *read_all(const char *path)
{
    static char text[1 << 14];
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    return text;
}

/* CREATE-A-MAGE, Equipment Slots: "You may only equip or unequip items while outside of combat.
 * [...] You may only equip one piece of body armour and one piece of head armour at a time."
 * (R153, R154): equip and unequip move an item between the mage file's inventory and its
 * equipment; what breaks the armour rule or the slots is refused and the file is unchanged;
 * each move is logged, saved, and kept when the campaign is opened again. */
static void test_equip_between_encounters(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("archmajesty");
    carta_error err = {0};
    carta_rules *r = g->open(CARTA_DATA_DIR "/archmajesty", &err);
    assert_non_null(r);
    char mage[128], camp[128];
    temp_file_write("ammage", equip_mage, mage, sizeof mage);
    am_campaign *c = campaign_new();
    const char *slash = strrchr(mage, '/');
    snprintf(c->dir, sizeof c->dir, "%.*s", (int)(slash - mage), mage);
    snprintf(c->sheets[0].mage, sizeof c->sheets[0].mage, "%s", slash + 1);
    assert_int_not_equal(am_table_equip(c, "Cass", "Buckler", 1, &err), CARTA_OK); /* no rules */
    c->rules = r;
    assert_int_equal(am_table_session(c, 7, NULL), CARTA_OK);
    char before[1 << 14];
    snprintf(before, sizeof before, "%s", read_all(mage));
    /* a second body armour: refused, nothing changed */
    carta_error_clear(&err);
    assert_int_not_equal(am_table_equip(c, "Cass", "Chainmail", 1, &err), CARTA_OK);
    if (!strstr(err.msg, "at most one piece of body armour"))
        fail_msg("%s", err.msg);
    assert_string_equal(read_all(mage), before);
    assert_int_equal(c->n_entries, 0);
    /* not carried, not worn, not an item */
    assert_int_not_equal(am_table_equip(c, "Cass", "Longbow", 1, &err), CARTA_OK);
    assert_int_not_equal(am_table_equip(c, "Cass", "Buckler", 0, &err), CARTA_OK);
    assert_int_not_equal(am_table_equip(c, "Nobody", "Buckler", 1, &err), CARTA_OK);
    assert_string_equal(read_all(mage), before);
    /* a shield fits; the body armour comes off; the heavier armour is then too many slots */
    if (am_table_equip(c, "Cass", "buck", 1, &err) != CARTA_OK ||
        am_table_equip(c, "Cass", "Padded Armour", 0, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    carta_error_clear(&err);
    assert_int_not_equal(am_table_equip(c, "Cass", "Chainmail", 1, &err), CARTA_OK);
    if (!strstr(err.msg, "items take 5 of 4 equipment slots") || !strstr(err.msg, mage))
        fail_msg("%s", err.msg);
    const char *now = read_all(mage);
    assert_non_null(strstr(now, "equipment: [Sword, Helmet, Buckler]\n"));
    assert_non_null(
        strstr(now, "inventory: [Chainmail, Full Plate, Ember Signet, Padded Armour]\n"));
    assert_non_null(strstr(now, "# carried, not worn\n")); /* the rest as written */
    assert_non_null(strstr(now, "personal_effects: a mule\n"));
    carta_deck deck;
    if (g->deck_resolve(r, mage, 0, &deck, &err) != CARTA_OK ||
        g->deck_check(r, &deck, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    /* an artefact goes to `artefacts:`, a key the file did not have */
    if (am_table_equip(c, "Cass", "Ember Signet", 1, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    now = read_all(mage);
    assert_non_null(strstr(now, "inventory: [Chainmail, Full Plate, Padded Armour]\n"));
    assert_non_null(strstr(now, "personal_effects: a mule\nartefacts: [Ember Signet]\n"));
    if (am_table_equip(c, "Cass", "Ember Signet", 0, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    now = read_all(mage);
    assert_non_null(strstr(now, "artefacts: []\n"));
    c->n_entries = 2; /* the artefact's two moves aside */
    assert_int_equal(c->log[0].kind, AM_ENTRY_EQUIP);
    assert_string_equal(c->log[0].item, "Buckler");
    assert_int_equal(c->log[1].kind, AM_ENTRY_UNEQUIP);
    /* saved and opened again: the moves are kept in the log, not done twice */
    char after[1 << 14];
    snprintf(after, sizeof after, "%s", read_all(mage));
    temp_file_write("campaign", "", camp, sizeof camp);
    if (am_campaign_save(c, camp, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    am_campaign *back = malloc(sizeof *back);
    if (am_campaign_load(back, camp, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(back->n_entries, 2);
    assert_string_equal(back->log[1].item, "Padded Armour");
    assert_string_equal(back->sheets[0].mage, slash + 1);
    assert_string_equal(read_all(mage), after);
    unlink(camp);
    unlink(mage);
    free(back);
    free(c);
    g->close(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_task_check),
        cmocka_unit_test(test_low_dt_succeeds_without_a_roll),
        cmocka_unit_test(test_clock_table),
        cmocka_unit_test(test_clock_completion),
        cmocka_unit_test(test_aspects_lores_knowledge),
        cmocka_unit_test(test_circles),
        cmocka_unit_test(test_refusals_change_nothing),
        cmocka_unit_test(test_campaign_file),
        cmocka_unit_test(test_equip_between_encounters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
