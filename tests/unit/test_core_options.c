/* test_core_options.c: setup options (core/options.h): parsed and checked against a rule
 * system's list, refused whole on any error, read back with the rulebook's value by default. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/options.h"

static const carta_option_def defs[] = {
    {"key_cost", "Æmber a key costs", 1, 30, 6},
    {"hand_size", "cards drawn up to", 1, 12, 6},
};
static const carta_game game = {.id = "fake", .options = defs, .n_options = 2};
static const carta_game plain = {.id = "plain"};

static void test_parse_and_read(void **unused)
{
    (void)unused;
    carta_config c = {0};
    carta_error err = {0};
    assert_int_equal(carta_options_parse(&game, &c, "key_cost=7", &err), CARTA_OK);
    assert_int_equal(carta_option_value(&game, &c, "key_cost"), 7);
    assert_int_equal(carta_option_value(&game, &c, "hand_size"), 6);
    assert_int_equal(carta_options_parse(&game, &c, "hand_size=5,key_cost=8", &err), CARTA_OK);
    assert_int_equal(c.n_options, 2);
    assert_int_equal(carta_option_value(&game, &c, "key_cost"), 8);
    char text[64];
    carta_options_text(&c, text, sizeof text);
    assert_string_equal(text, "key_cost=8,hand_size=5");
}

static void test_refusals_change_nothing(void **unused)
{
    (void)unused;
    carta_config c = {0};
    carta_error err = {0};
    assert_int_equal(carta_options_parse(&game, &c, "key_cost=7", &err), CARTA_OK);
    carta_config before = c;
    const char *bad[] = {"key_cost=99", "keys=3", "key_cost", "key_cost=7x", "=3",
                         "hand_size=5,key_cost=0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(carta_options_parse(&game, &c, bad[i], &err), CARTA_ERR_INPUT);
        assert_memory_equal(&c, &before, sizeof c);
    }
    err = (carta_error){0};
    assert_int_equal(carta_options_parse(&game, &c, "keys=3", &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "its options are key_cost (1..30, standard 6)"));
    err = (carta_error){0};
    assert_int_equal(carta_options_parse(&plain, &c, "keys=3", &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "plain takes no options"));
}

static void test_check_finds_duplicates(void **unused)
{
    (void)unused;
    carta_config c = {.n_options = 2};
    strcpy(c.options[0].key, "key_cost");
    strcpy(c.options[1].key, "key_cost");
    c.options[0].value = c.options[1].value = 6;
    carta_error err = {0};
    assert_int_equal(carta_options_check(&game, &c, &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "set twice"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_and_read),
        cmocka_unit_test(test_refusals_change_nothing),
        cmocka_unit_test(test_check_finds_duplicates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
