/* test_core_expect.c: expectations checked against a hand-made view (core/expect.h): view paths
 * and their forms, a game's table of older keys (seat, card found in play, copies, play order),
 * and the events of the last action, matched in order on a subset of their fields or by line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/expect.h"
#include "core/yaml.h"

/* Two seats; pieces on two Realms and in a Safe Zone (play order by uid); a deck listed bottom
 * first; events as a game would write them. */
static const char view_json[] =
    "{\"game\": \"test\", \"phase\": \"main\", \"active\": 1, \"over\": false, \"winner\": null,"
    " \"seats\": ["
    "  {\"seat\": 0, \"counters\": {\"aember\": 3},"
    "   \"zones\": {\"hand\": {\"count\": 2, \"cards\": [{\"card\": \"Imp\", \"id\": 1},"
    "                                                 {\"card\": \"Troll\", \"id\": 2}]},"
    "             \"deck\": {\"count\": 2, \"cards\": [{\"card\": \"Bottom\", \"id\": 3},"
    "                                                 {\"card\": \"Top\", \"id\": 4}]}},"
    "   \"safe_zone\": {\"pieces\": [{\"card\": {\"card\": \"Grunt\", \"id\": 5}, \"uid\": 9,"
    "                                 \"owner\": 0, \"wounds\": 2}]}},"
    "  {\"seat\": 1, \"counters\": {\"aember\": 1}, \"zones\": {\"hand\": {\"count\": 1,"
    "   \"cards\": [{\"card\": null}]}}, \"safe_zone\": {\"pieces\": []}}],"
    " \"board\": {\"realms\": ["
    "   {\"slot\": 0, \"card\": {\"card\": \"Marsh\", \"id\": 6}, \"pieces\": ["
    "     {\"card\": {\"card\": \"Grunt\", \"id\": 5}, \"uid\": 3, \"owner\": 0, \"wounds\": 0,"
    "      \"at\": \"Marsh\", \"slot\": 0},"
    "     {\"card\": {\"card\": \"Grunt\", \"id\": 5}, \"uid\": 4, \"owner\": 1, \"wounds\": 1,"
    "      \"at\": \"Marsh\", \"slot\": 0}]},"
    "   {\"slot\": 5, \"card\": {\"card\": \"Crossroads\", \"id\": 7}, \"pieces\": ["
    "     {\"card\": {\"card\": \"Grunt\", \"id\": 5}, \"uid\": 7, \"owner\": 0, \"wounds\": 4,"
    "      \"at\": \"Crossroads\", \"slot\": 5}]}],"
    "   \"cells\": {\"C3\": {\"unit\": {\"card\": \"Pikeman\", \"id\": 8}}}},"
    " \"events\": ["
    "   {\"kind\": \"turn\", \"seat\": 1, \"amount\": 4, \"value\": 0, \"text\": \"turn 4\"},"
    "   {\"kind\": \"steal\", \"seat\": 1, \"other\": 0, \"word\": \"Aember\", \"amount\": 1,"
    "    \"value\": 3, \"text\": \"player 2 steals 1 Aember from player 1\"},"
    "   {\"kind\": \"move\", \"seat\": 1, \"card\": {\"card\": \"Imp\", \"id\": 1},"
    "    \"from\": \"hand\", \"to\": \"discard pile\", \"amount\": 0, \"value\": 0,"
    "    \"text\": \"player 2 discards Imp\"}]}";

static const carta_expect_key keys[] = {
    {"aember", "seats.{player}.counters.aember", 0, NULL},
    {"hand", "seats.{player}.zones.hand", CARTA_EXPECT_ANY_ORDER, NULL},
    {"deck", "seats.{player}.zones.deck", CARTA_EXPECT_TOP_FIRST, NULL},
    {"wounds", "{card}.wounds", 0, NULL},
    {"at", "{card}.at|{card}.slot", 0, "neutral=5"},
    {"position", "{card}", CARTA_EXPECT_INDEX, NULL},
    {"cell", NULL, CARTA_EXPECT_PARAM, NULL},
    {"unit", "board.cells.{cell}.unit", CARTA_EXPECT_NONE_IF_ABSENT, NULL},
    {"empty", "board.cells.{each}", CARTA_EXPECT_EMPTY, NULL},
    {NULL, NULL, 0, NULL},
};
static const char *const in_play[] = {"seats.{player}.safe_zone.pieces", "board.realms.*.pieces",
                                      NULL};
static const char *const shared[] = {"board.realms", NULL};
static const carta_expect_table table = {
    .what = "a test expectation", .seat_key = "player", .find_key = "card", .copy_key = "copy",
    .find_in = in_play, .find_owner = "owner", .find_order = "uid", .find_shared = shared,
    .keys = keys};

static json_t *view;
static const carta_expect_ctx ctx = {NULL, NULL, "t.yaml"};

static int setup(void **state)
{
    (void)state;
    json_error_t jerr;
    view = json_loads(view_json, 0, &jerr);
    if (!view)
        fail_msg("bad test view: %s at %d:%d", jerr.text, jerr.line, jerr.column);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    json_decref(view);
    return 0;
}

/* Checks the YAML expectation (an expect: map, or for events a list) and returns the status;
 * msg receives the error. */
static carta_status check(const char *yaml, int events, char *msg)
{
    carta_error err = {0};
    struct fy_document *doc = carta_yaml_load_string(yaml, strlen(yaml), "t.yaml", &err);
    if (!doc)
        fail_msg("bad test YAML: %s", err.msg);
    struct fy_node *root = fy_document_root(doc);
    carta_status st = events ? carta_expect_events(&ctx, view, root, &err)
                             : carta_expect_check(&ctx, view, &table, root, &err);
    strcpy(msg, err.msg);
    fy_document_destroy(doc);
    return st;
}

static void passes(const char *yaml, int events)
{
    char msg[1024];
    if (check(yaml, events, msg) != CARTA_OK)
        fail_msg("expected '%s' to pass, got: %s", yaml, msg);
}

static void fails(const char *yaml, int events, const char *want)
{
    char msg[1024];
    if (check(yaml, events, msg) == CARTA_OK || strcmp(msg, want) != 0)
        fail_msg("expected '%s' to fail with\n  %s\ngot\n  %s", yaml, want, msg);
}

static void test_view_paths(void **state)
{
    (void)state;
    passes("view: {phase: main, active: 1, over: false, winner: none, seats.0.counters.aember: 3}",
           0);
    passes("view: {seats.0.zones.hand.cards.1: Troll, seats.1.zones.hand.cards.0: '?'}", 0);
    passes("view: {seats.0.zones.hand: [Imp, Troll], seats.0.zones.hand.count: {at_least: 2}}", 0);
    passes("view: {seats.0.zones.hand: {any_order: [Troll, Imp], count: 2}}", 0);
    passes("view: {seats.*.counters.aember: [3, 1], board.realms.-1.card: Crossroads}", 0);
    passes("view: {board.cells.C3.unit: Pikeman, board.cells.B2: none, seats.0.nothing: ~}", 0);
    passes("view: {seats.0.counters: {aember: {at_most: 3}}}", 0); /* a map: sub-paths */
    fails("view: {seats.0.zones.hand: [Troll, Imp]}", 0,
          "t.yaml:1: seats.0.zones.hand: expected [Troll, Imp], found [Imp, Troll]");
    fails("view: {seats.0.counters.aember: {at_most: 2}}", 0,
          "t.yaml:1: seats.0.counters.aember: expected at most 2, found 3");
    fails("view: {board.cells.B2.unit: none}", 0, /* only the last part may be missing */
          "t.yaml:1: board.cells.B2.unit: expected none, found nothing");
    fails("view: {seats.0.counters: {aember: 4}}", 0,
          "t.yaml:1: seats.0.counters.aember: expected 4, found 3");
    fails("view: {active: 1}\nwhat: 2", 0,
          "t.yaml:2: error: unknown key 'what' in a test expectation (expected one of: view, "
          "player, card, copy, aember, hand, deck, wounds, at, position, cell, unit, empty)");
}

static void test_table_keys(void **state)
{
    (void)state;
    passes("{aember: 3, hand: [Troll, Imp], deck: [Top, Bottom]}", 0);
    passes("{player: 1, aember: 1}", 0);
    fails("{player: 1, aember: 2}", 0, "t.yaml:1: aember (seats.1.counters.aember): expected 2, "
                                       "found 1");
    /* seat 0's Grunts in play order (uid 3, 7, 9), then seat 1's */
    passes("{card: Grunt, wounds: 0, at: Marsh, position: 0}", 0);
    passes("{card: Grunt, copy: 2, wounds: 4, at: neutral}", 0);
    passes("{card: Grunt, copy: 3, wounds: 2}", 0);
    passes("{card: Grunt, copy: 4, wounds: 1, at: 0}", 0);
    passes("{player: 1, card: Grunt, wounds: 1, position: 1}", 0);
    passes("{card: Marsh}", 0); /* a Realm: the shared list */
    fails("{card: Grunt, copy: 2, wounds: 3}", 0,
          "t.yaml:1: wounds of 'Grunt' (board.realms.1.pieces.0.wounds): expected 3, found 4");
    fails("{player: 1, card: Grunt, copy: 2}", 0,
          "t.yaml:1: card: expected 'Grunt' (that copy) in play for player 1, found fewer "
          "copies");
    fails("{wounds: 1}", 0, "t.yaml:1: error: 'wounds' checks a card: name it with 'card'");
    passes("{cell: C3, unit: Pikeman}", 0);
    passes("{cell: B2, unit: none, empty: [B2, A1]}", 0);
    fails("{empty: [A1, C3]}", 0,
          "t.yaml:1: empty C3 (board.cells.C3): expected none, found {unit: Pikeman}");
    fails("{unit: Pikeman}", 0, "t.yaml:1: error: 'unit' needs 'cell' in the same expectation");
}

static void test_events(void **state)
{
    (void)state;
    passes("[{kind: steal, amount: 1}]", 1);
    passes("[{kind: turn}, {kind: move, card: Imp, to: discard pile}]", 1); /* others between */
    passes("[{said: player 2 steals 1 Aember from player 1}, player 2 discards Imp]", 1);
    passes("{kind: steal, seat: 1, other: 0, value: {at_least: 3}}", 1); /* one item */
    fails("[{kind: move}, {kind: steal}]", 1, /* in order */
          "t.yaml:1: events: expected {kind: steal} after the events matched before it, found "
          "none such among: turn 4; player 2 steals 1 Aember from player 1; player 2 discards "
          "Imp");
    fails("[{kind: steal, amount: 2}]", 1,
          "t.yaml:1: events: expected {kind: steal, amount: 2}, found none such among: turn 4; "
          "player 2 steals 1 Aember from player 1; player 2 discards Imp");
    fails("[[steal]]", 1, "t.yaml:1: error: an expected event is a map of its fields or a text");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_view_paths),
        cmocka_unit_test(test_table_keys),
        cmocka_unit_test(test_events),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
