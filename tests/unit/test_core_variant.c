/* test_core_variant.c: card-change variants (core/variant.h, docs/variants.md): a variant file's
 * cards replace the cards of the same name under their ids (so every deck still holds them) and
 * add the others; a bad variant is refused with file, line and reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/catalog.h"
#include "core/options.h"
#include "core/text.h"
#include "core/variant.h"
#include "games/registry.h"
#include "support/temp_file.h"

static carta_rules *open_aember(const carta_game *g)
{
    carta_error err = {0};
    carta_rules *r = g->open(CARTA_DATA_DIR "/aember", &err);
    if (!r)
        fail_msg("%s", err.msg);
    return r;
}

static char *face(const carta_game *g, const carta_rules *r, int id)
{
    carta_text t = {0};
    g->describe_card(r, id, &t);
    char *s = strdup(carta_text_str(&t));
    carta_text_free(&t);
    return s;
}

static void test_replaces_and_adds(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("aember");
    const carta_game_yaml *y = carta_game_yaml_find("aember");
    carta_rules *base = open_aember(g), *r = open_aember(g);
    int id = g->card_id(base, "Tideturner");
    assert_true(id >= 0);
    char path[128];
    temp_file_write("variant", "cards:\n"
                               "  - name: Tideturner\n"
                               "    house: tidal\n"
                               "    type: creature\n"
                               "    rarity: common\n"
                               "    power: 4\n"
                               "    text: \"Stronger.\"\n"
                               "  - name: Brand New Gull\n"
                               "    house: tidal\n"
                               "    type: creature\n"
                               "    rarity: common\n"
                               "    power: 1\n",
                    path, sizeof path);
    carta_variant_change change;
    carta_error err = {0};
    carta_config config = {0};
    if (carta_variant_apply(y, r, &config, path, &change, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(change.n_replaced, 1);
    assert_string_equal(change.replaced[0], "Tideturner");
    assert_int_equal(change.n_added, 1);
    assert_string_equal(change.added[0], "Brand New Gull");
    assert_int_equal(g->card_id(r, "Tideturner"), id); /* the same id: decks still hold it */
    int added = g->card_id(r, "Brand New Gull");
    assert_true(added > id);
    assert_int_equal(g->card_id(base, "Brand New Gull"), -1);
    char *before = face(g, base, id), *after = face(g, r, id);
    assert_non_null(strstr(after, "Stronger."));
    assert_null(strstr(before, "Stronger."));
    assert_true(g->card_digest(r) != g->card_digest(base)); /* records tell the rules apart */
    free(before);
    free(after);
    unlink(path);
    g->close(r);
    g->close(base);
}

static void test_bad_variant_refused(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("aember");
    const carta_game_yaml *y = carta_game_yaml_find("aember");
    char path[128];
    carta_error err = {0};
    carta_config config = {0};
    carta_rules *r = open_aember(g);
    temp_file_write("variant", "cards:\n"
                               "  - name: Tideturner\n"
                               "    house: tidal\n"
                               "    type: creature\n"
                               "    power: many\n",
                    path, sizeof path);
    assert_int_not_equal(carta_variant_apply(y, r, &config, path, NULL, &err), CARTA_OK);
    assert_non_null(strstr(err.msg, path));
    assert_non_null(strstr(err.msg, ":5")); /* the line of 'power' */
    unlink(path);
    g->close(r);
    r = open_aember(g);
    temp_file_write("variant", "tideturner: stronger\n", path, sizeof path);
    err = (carta_error){0};
    assert_int_not_equal(carta_variant_apply(y, r, &config, path, NULL, &err), CARTA_OK);
    assert_non_null(strstr(err.msg, "a variant is a card file"));
    unlink(path);
    err = (carta_error){0};
    assert_int_not_equal(
        carta_variant_apply(y, r, &config, "/nonexistent/variant.yaml", NULL, &err), CARTA_OK);
    assert_non_null(strstr(err.msg, "/nonexistent/variant.yaml"));
    g->close(r);
    /* after a variant, the catalog refuses a duplicate name again */
    r = open_aember(g);
    temp_file_write("variant", "cards:\n  - name: Tideturner\n    house: tidal\n"
                               "    type: creature\n    rarity: common\n    power: 2\n",
                    path, sizeof path);
    err = (carta_error){0};
    assert_int_equal(carta_variant_apply(y, r, &config, path, NULL, &err), CARTA_OK);
    g->close(r);
    carta_catalog *cat = carta_catalog_new();
    err = (carta_error){0};
    assert_int_equal(carta_catalog_load_file(cat, path, NULL, NULL, &err), CARTA_OK);
    assert_int_not_equal(carta_catalog_load_file(cat, path, NULL, NULL, &err), CARTA_OK);
    if (!strstr(err.msg, "duplicate card name"))
        fail_msg("%s", err.msg);
    carta_catalog_free(cat);
    unlink(path);
}

/* A rules variant: the file's options set the game's parameters (glossary: FORGE A KEY, the key
 * cost of 6), replacing the value a run already gives, and leave the cards alone; an unknown
 * option or one out of range is refused with its line and the config is unchanged. */
static void test_rules_variant(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("aember");
    const carta_game_yaml *y = carta_game_yaml_find("aember");
    carta_rules *r = open_aember(g);
    uint64_t digest = g->card_digest(r);
    char path[128];
    carta_error err = {0};
    carta_config config = {.n_options = 2};
    config.options[0] = (carta_option){"hand_size", 7};
    config.options[1] = (carta_option){"key_cost", 6};
    carta_variant_change change;
    temp_file_write("variant", "options:\n  key_cost: 5\n", path, sizeof path);
    if (carta_variant_apply(y, r, &config, path, &change, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(change.n_options, 1);
    assert_string_equal(change.options[0].key, "key_cost");
    assert_int_equal(change.options[0].value, 5);
    assert_int_equal(change.n_replaced + change.n_added, 0);
    assert_int_equal(config.n_options, 2);
    assert_int_equal(carta_option_value(g, &config, "key_cost"), 5);
    assert_int_equal(carta_option_value(g, &config, "hand_size"), 7); /* kept */
    assert_true(g->card_digest(r) == digest);
    unlink(path);
    const char *bad[] = {"options:\n  key_cost: 99\n", "options:\n  forge_twice: 1\n",
                         "options:\n  key_cost: five\n", "options: [key_cost]\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        carta_config before = config;
        temp_file_write("variant", bad[i], path, sizeof path);
        err = (carta_error){0};
        assert_int_not_equal(carta_variant_apply(y, r, &config, path, NULL, &err), CARTA_OK);
        assert_non_null(strstr(err.msg, path));
        assert_memory_equal(&before, &config, sizeof config);
        unlink(path);
    }
    g->close(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replaces_and_adds),
        cmocka_unit_test(test_bad_variant_refused),
        cmocka_unit_test(test_rules_variant),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
