/* test_core_shared.c: the core helpers the rule systems share: vocabulary words (vocab), growing
 * arrays (mem) and loading deck files (deck_file). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "support/temp_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/deck_file.h"
#include "core/mem.h"
#include "core/vocab.h"
#include "core/yaml.h"

static const char *const test_names[] = {"", "slow", "fast", "", "reaction", NULL};

/* ---- vocab ---- */

static void test_vocab_find_skips_placeholders(void **state)
{
    (void)state;
    assert_int_equal(carta_vocab_find(test_names, "slow"), 1);
    assert_int_equal(carta_vocab_find(test_names, "reaction"), 4);
    assert_int_equal(carta_vocab_find(test_names, "Slow"), -1);
    assert_int_equal(carta_vocab_find(test_names, "nope"), -1);
    assert_int_equal(carta_vocab_find(test_names, ""), -1);
}

static void test_vocab_list(void **state)
{
    (void)state;
    char buf[64];
    carta_vocab_list(test_names, buf, sizeof buf);
    assert_string_equal(buf, "slow, fast, reaction");
    char tiny[8];
    carta_vocab_list(test_names, tiny, sizeof tiny);
    assert_string_equal(tiny, "slow, f");
}

static void test_vocab_read(void **state)
{
    (void)state;
    const char *text = "timing: fast\nbad: later\nempty: ''\nlist: [slow]\n";
    carta_error err;
    carta_error_clear(&err);
    struct fy_document *doc = carta_yaml_load_string(text, strlen(text), "t.yaml", &err);
    assert_non_null(doc);
    struct fy_node *map = fy_document_root(doc);
    int out = -7;
    assert_int_equal(carta_vocab_read(map, "absent", test_names, &out, "t.yaml", &err), CARTA_OK);
    assert_int_equal(out, -7);
    assert_int_equal(carta_vocab_read(map, "timing", test_names, &out, "t.yaml", &err), CARTA_OK);
    assert_int_equal(out, 2);
    assert_int_equal(carta_vocab_read(map, "bad", test_names, &out, "t.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "t.yaml:2: error: 'bad' must be one of: slow, fast, reaction");
    carta_error_clear(&err);
    assert_int_equal(carta_vocab_read(map, "empty", test_names, &out, "t.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "t.yaml:3: error: 'empty' must be one of"));
    carta_error_clear(&err);
    assert_int_equal(carta_vocab_read(map, "list", test_names, &out, "t.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_int_equal(out, 2);
    fy_document_destroy(doc);
}

static void test_vocab_is_word(void **state)
{
    (void)state;
    assert_true(carta_vocab_is_word("iron-march_2", 24));
    assert_false(carta_vocab_is_word("", 24));
    assert_false(carta_vocab_is_word("Iron", 24));
    assert_false(carta_vocab_is_word("two words", 24));
    assert_true(carta_vocab_is_word("abc", 4));  /* 3 bytes + NUL fit a char[4] */
    assert_false(carta_vocab_is_word("abcd", 4));
}

/* ---- mem ---- */

static void test_mem_grow_zero_fills_and_doubles(void **state)
{
    (void)state;
    int cap = 0;
    uint32_t *items = carta_mem_grow(NULL, &cap, 0, sizeof *items, 4);
    assert_non_null(items);
    assert_int_equal(cap, 4);
    for (int i = 0; i < cap; i++)
        assert_int_equal(items[i], 0);
    items[3] = 0xABCDu;
    assert_ptr_equal(carta_mem_grow(items, &cap, 3, sizeof *items, 4), items); /* fits */
    uint32_t *grown = carta_mem_grow(items, &cap, 9, sizeof *items, 4);
    assert_non_null(grown);
    assert_int_equal(cap, 16);
    assert_int_equal(grown[3], 0xABCDu);
    for (int i = 4; i < cap; i++)
        assert_int_equal(grown[i], 0);
    int before = cap;
    assert_null(carta_mem_grow(grown, &cap, -1, sizeof *grown, 4));
    assert_int_equal(cap, before);
    free(grown);
}

/* ---- deck_file ---- */

/* A made-up game for the loader alone (no rule system): a deck file is {name:, cards: [numbers]};
 * the check wants at least two cards. */
static carta_status numbers_read(const carta_rules *rules, struct fy_node *root,
                                 const char *path, carta_deck *deck, carta_error *err)
{
    (void)rules;
    if (!root || !fy_node_is_mapping(root))
        return carta_yaml_error(err, path, root, "a deck file is a map");
    if (carta_yaml_str(root, "name", NULL, deck->name, sizeof deck->name, path, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *seq = carta_yaml_get(root, "cards");
    for (int i = 0; seq && i < fy_node_sequence_item_count(seq); i++) {
        char text[16];
        carta_yaml_scalar(fy_node_sequence_get_by_index(seq, i), text, sizeof text);
        deck->cards[deck->n_cards++] = (uint16_t)atoi(text);
    }
    return CARTA_OK;
}

static carta_status numbers_check_at(const carta_rules *rules, const carta_deck *deck,
                                     const char *where, carta_error *err)
{
    (void)rules;
    if (deck->n_cards < 2)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: too few cards (%d)", where,
                               deck->n_cards);
    return CARTA_OK;
}

/* Writes text to a fresh temporary file; its path goes into path. */
static void write_temp(const char *text, char *path, size_t cap)
{
    temp_file_write("test_deck", text, path, cap);
}

static void test_deck_file_load(void **state)
{
    (void)state;
    char path[64], where[96];
    carta_error err;
    carta_error_clear(&err);
    carta_deck out;
    memset(&out, 0xEE, sizeof out);

    write_temp("name: Good\ncards: [3, 1, 2]\n", path, sizeof path);
    assert_int_equal(carta_deck_file_load(NULL, path, numbers_read, numbers_check_at, &out, &err),
                     CARTA_OK);
    assert_string_equal(out.name, "Good");
    assert_int_equal(out.n_cards, 3);
    assert_int_equal(out.cards[0], 3);
    unlink(path);

    carta_deck before = out;
    write_temp("name: Short\n\ncards:\n  - 5\n", path, sizeof path);
    assert_int_equal(carta_deck_file_load(NULL, path, numbers_read, numbers_check_at, &out, &err),
                     CARTA_ERR_INPUT);
    snprintf(where, sizeof where, "%s:4: error: too few cards (1)", path); /* where the list starts */
    assert_string_equal(err.msg, where);
    carta_error_clear(&err);
    assert_memory_equal(&out, &before, sizeof out);
    unlink(path);

    write_temp("- a list\n", path, sizeof path);
    assert_int_equal(carta_deck_file_load(NULL, path, numbers_read, numbers_check_at, &out, &err),
                     CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, ":1: error: a deck file is a map"));
    carta_error_clear(&err);
    assert_memory_equal(&out, &before, sizeof out);
    unlink(path);

    assert_int_not_equal(carta_deck_file_load(NULL, "/nonexistent/deck.yaml", numbers_read,
                                              numbers_check_at, &out, &err),
                         CARTA_OK);
    assert_non_null(strstr(err.msg, "/nonexistent/deck.yaml"));
    assert_memory_equal(&out, &before, sizeof out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vocab_find_skips_placeholders),
        cmocka_unit_test(test_vocab_list),
        cmocka_unit_test(test_vocab_read),
        cmocka_unit_test(test_vocab_is_word),
        cmocka_unit_test(test_mem_grow_zero_fills_and_doubles),
        cmocka_unit_test(test_deck_file_load),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
