/* test_arkhtide_cards.c: the Arkhtide card format (docs/card-format/arkhtide.md) refuses a
 * malformed card file with the file, the line and the reason, and loads nothing of it; Tokens
 * (rulebook ../shared/rulebooks/arkhtide.txt, "Cards Not Included in Decks", TOKEN: "Units,
 * Feats, or Bindings that are not included in decks"; "How to use Cards", MANIFEST) are
 * accepted as units, feats and bindings, each Manifested the way its type requires. */
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

#include "games/arkhtide/arkhtide.h"

extern const carta_game carta_game_arkhtide;
static const carta_game *G = &carta_game_arkhtide;

#define SEEKER "  - {name: Test Seeker, faction: probe, type: seeker, soul: 2, melee: 2, ranged: 1}\n"

/* Loads text as a card file into fresh rules; returns the status, the message in err. */
static carta_status load(const char *text, char *path, size_t cap, carta_error *err,
                         int *n_cards)
{
    temp_file_write("arkcards", text, path, cap);
    carta_error_clear(err);
    carta_rules *r = G->open(NULL, err);
    assert_non_null(r);
    carta_status st = carta_catalog_load_file(r->catalog, path, ark_compile_card, r, err);
    if (st == CARTA_OK)
        st = ark_resolve_refs(r, err);
    *n_cards = carta_catalog_count(r->catalog);
    G->close(r);
    unlink(path);
    return st;
}

typedef struct bad_case {
    const char *text;
    int line;          /* line the error names, 0: it names the card instead */
    const char *says;  /* part of the reason */
} bad_case;

static const bad_case bad[] = {
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0,\n"
     "     abilities: [{timing: fast, effects: [{explode: 1}]}]}\n",
     4, "unknown verb or modifier 'explode'"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0,\n"
     "     abilities: [{timing: fast, effects: [{draw: 1, damage: 2}]}]}\n",
     4, "a step has exactly one verb"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0, abilities: [{timing: fast,\n"
     "     effects: [{draw: 1, target: {side: enemy}}]}]}\n",
     4, "'draw' takes no target"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0, abilities: [{timing: fast,\n"
     "     effects: [{damage: 1, who: everyone}]}]}\n",
     4, "'who' is only for drain"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: unit, cost: 1, soul: 1, melee: 1, health: 2,\n"
     "     abilities: [{timing: constant, effects: [{damage: 1}]}]}\n",
     4, "a constant ability may only have buff and keyword steps"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: seeker, token: true, soul: 1, melee: 1, ranged: 1}\n",
     3, "only units, feats and bindings can be Tokens"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: unit, cost: 1, soul: 1, melee: 1, health: 2,\n"
     "     abilities: [{timing: constant, omni: true, effects: [{buff: {soul: 1}}]}]}\n",
     4, "'omni' is for slow, fast, reaction and invoke abilities"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0, invoke_in_combat: true,\n"
     "     abilities: [{timing: fast, effects: [{draw: 1}]}]}\n",
     3, "'invoke_in_combat' is only for bindings from a deck"},
    /* keywords (Keyword Ability Definitions): only Reaping and Penitent are numbered */
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: unit, cost: 1, soul: 1, melee: 1, health: 2,\n"
     "     keywords: [flying]}\n",
     4, "unknown keyword 'flying' (expected: lethal, evasion,"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: unit, cost: 1, soul: 1, melee: 1, health: 2,\n"
     "     keywords: [lethal 2]}\n",
     4, "keyword 'lethal' takes no value"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: unit, cost: 1, soul: 1, melee: 1, health: 2,\n"
     "     keywords: [reaping]}\n",
     4, "keyword 'reaping' needs a value ('reaping 1')"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: unit, cost: 1, soul: 1, melee: 1, health: 2,\n"
     "     keywords: [reaping 12]}\n",
     4, "reaping value must be 1..9"},
    /* Manifest: the referenced card must be a Token, of the right kind for the step */
    {"cards:\n" SEEKER
     "  - {name: B, faction: probe, type: unit, cost: 1, soul: 1, melee: 1, health: 1}\n"
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0,\n"
     "     abilities: [{timing: fast, effects: [{manifest: B}]}]}\n",
     0, "card 'A': error: manifest 'B': only Tokens are Manifested"},
    {"cards:\n" SEEKER
     "  - {name: B, faction: probe, type: binding, token: true, cost: 1, block: 0, melee: 1}\n"
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0,\n"
     "     abilities: [{timing: fast, effects: [{manifest: B}]}]}\n",
     0, "manifest 'B': a Token binding is Bound to a target"},
    {"cards:\n" SEEKER
     "  - {name: B, faction: probe, type: unit, token: true, cost: 1, soul: 1, melee: 1, health: 1}\n"
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0, abilities: [{timing: fast,\n"
     "     effects: [{manifest: B, target: {side: friendly}}]}]}\n",
     0, "manifest 'B': a Token unit or feat takes no target"},
    {"cards:\n" SEEKER
     "  - {name: B, faction: probe, type: feat, token: true, cost: 1, block: 0,\n"
     "     abilities: [{timing: fast, cost: {willpower: 1}, effects: [{draw: 1}]}]}\n"
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0,\n"
     "     abilities: [{timing: fast, effects: [{manifest: B}]}]}\n",
     0, "manifest 'B': a Token feat's primary ability has no cost"},
    {"cards:\n" SEEKER
     "  - {name: A, faction: probe, type: feat, cost: 1, block: 0,\n"
     "     abilities: [{timing: fast, effects: [{manifest: Nobody}]}]}\n",
     0, "card 'A': error: unknown card 'Nobody' in manifest"},
};

static void test_bad_card_files(void **unused)
{
    (void)unused;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char path[64], where[96];
        carta_error err;
        int n_cards;
        carta_status st = load(bad[i].text, path, sizeof path, &err, &n_cards);
        if (st == CARTA_OK)
            fail_msg("case %zu loaded, expected '%s'", i, bad[i].says);
        if (!strstr(err.msg, bad[i].says))
            fail_msg("case %zu: '%s' does not say '%s'", i, err.msg, bad[i].says);
        if (bad[i].line) {
            snprintf(where, sizeof where, "%s:%d: error:", path, bad[i].line);
            if (strncmp(err.msg, where, strlen(where)) != 0)
                fail_msg("case %zu: '%s' does not start with '%s'", i, err.msg, where);
            assert_int_equal(n_cards, 0); /* a refused file adds no card */
        }
    }
}

static void test_tokens_of_every_kind_load(void **unused)
{
    (void)unused;
    char path[64];
    carta_error err;
    int n_cards;
    const char *text =
        "cards:\n" SEEKER
        "  - {name: Wisp, faction: probe, type: unit, token: true, cost: 1, soul: 1, melee: 1,\n"
        "     health: 1}\n"
        "  - {name: Spark, faction: probe, type: feat, token: true, cost: 1, block: 0,\n"
        "     abilities: [{timing: slow, effects: [{draw: 1}]},\n"
        "                 {talent: any, cost: {arkhe: 1}, effects: [{draw: 1}]}]}\n"
        "  - {name: Brand, faction: probe, type: binding, token: true, cost: 1, block: 0,\n"
        "     melee: -1}\n"
        "  - {name: Caller, faction: probe, type: unit, cost: 1, soul: 1, melee: 1, health: 1,\n"
        "     abilities: [{timing: fast, effects: [{manifest: Wisp}, {manifest: Spark},\n"
        "       {manifest: Brand, target: {side: enemy, kind: unit}}]}]}\n";
    if (load(text, path, sizeof path, &err, &n_cards) != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(n_cards, 5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_card_files),
        cmocka_unit_test(test_tokens_of_every_kind_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
