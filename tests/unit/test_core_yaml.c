/* test_core_yaml.c: the YAML helpers: typed reads, line numbers, and errors naming file:line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core/yaml.h"

#define FIX CARTA_TESTS_DIR "/unit/fixtures/yaml/"

static struct fy_document *load_good(void)
{
    carta_error err = {0};
    struct fy_document *doc = carta_yaml_load(FIX "good.yaml", &err);
    assert_non_null(doc);
    assert_int_equal(err.status, CARTA_OK);
    return doc;
}

static void test_typed_reads(void **state)
{
    (void)state;
    struct fy_document *doc = load_good();
    struct fy_node *root = fy_document_root(doc);
    carta_error err = {0};
    char buf[64];
    int n = -1;
    bool b = false;
    assert_int_equal(carta_yaml_str(root, "name", NULL, buf, sizeof buf, "f", &err), CARTA_OK);
    assert_string_equal(buf, "Ember Imp");
    assert_int_equal(carta_yaml_int(root, "power", 0, true, 0, 9, &n, "f", &err), CARTA_OK);
    assert_int_equal(n, 3);
    assert_int_equal(carta_yaml_bool(root, "elusive", false, &b, "f", &err), CARTA_OK);
    assert_true(b);
    assert_int_equal(carta_yaml_str(root, "text", NULL, buf, sizeof buf, "f", &err), CARTA_OK);
    assert_string_equal(buf, "Play: gain 1 amber.\n");
    /* absent and null keys give the default */
    assert_int_equal(carta_yaml_int(root, "armor", 7, false, 0, 9, &n, "f", &err), CARTA_OK);
    assert_int_equal(n, 7);
    assert_int_equal(carta_yaml_str(root, "empty", "dflt", buf, sizeof buf, "f", &err), CARTA_OK);
    assert_string_equal(buf, "dflt");
    assert_int_equal(carta_yaml_bool(root, "taunt", true, &b, "f", &err), CARTA_OK);
    assert_true(b);
    assert_int_equal(carta_yaml_int(carta_yaml_get(root, "nested"), "deep", 0, true, 0, 99, &n,
                                    "f", &err),
                     CARTA_OK);
    assert_int_equal(n, 12);
    assert_int_equal(err.status, CARTA_OK);
    fy_document_destroy(doc);
}

static void test_lines(void **state)
{
    (void)state;
    struct fy_document *doc = load_good();
    struct fy_node *root = fy_document_root(doc);
    assert_int_equal(carta_yaml_line(carta_yaml_get(root, "name")), 2);
    assert_int_equal(carta_yaml_line(carta_yaml_get(root, "power")), 3);
    assert_int_equal(carta_yaml_line(carta_yaml_get(root, "tags")), 7);    /* a list */
    assert_int_equal(carta_yaml_line(carta_yaml_get(root, "nested")), 10); /* a map */
    assert_int_equal(carta_yaml_line(carta_yaml_get(root, "empty")), 8);   /* null: its key */
    assert_int_equal(carta_yaml_line(root), 2);
    assert_int_equal(carta_yaml_line(NULL), 0);
    fy_document_destroy(doc);
}

static void test_field_errors_name_file_and_line(void **state)
{
    (void)state;
    struct fy_document *doc = load_good();
    struct fy_node *root = fy_document_root(doc);
    carta_error err = {0};
    char buf[64];
    int n = 42;
    bool b;

    assert_int_equal(carta_yaml_int(root, "power", 0, true, 5, 9, &n, "cards.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "cards.yaml:3: error: 'power' must be 5..9, not 3");
    assert_int_equal(n, 42); /* unchanged on error */

    carta_error_clear(&err);
    assert_int_equal(carta_yaml_int(root, "name", 0, true, 0, 9, &n, "cards.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "cards.yaml:2: error: 'name' must be a whole number 0..9");

    carta_error_clear(&err);
    assert_int_equal(carta_yaml_str(root, "house", NULL, buf, sizeof buf, "cards.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "cards.yaml:2: error: missing required key 'house'");

    carta_error_clear(&err);
    assert_int_equal(carta_yaml_int(root, "armor", 0, true, 0, 9, &n, "c.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "c.yaml:2: error: missing required key 'armor'");

    carta_error_clear(&err);
    assert_int_equal(carta_yaml_str(root, "tags", NULL, buf, sizeof buf, "c.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "c.yaml:7: error: 'tags' must be a text, not a list");

    carta_error_clear(&err);
    assert_int_equal(carta_yaml_str(root, "name", NULL, buf, 5, "c.yaml", &err), CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "c.yaml:2: error: 'name' is too long (at most 4 bytes)");

    carta_error_clear(&err);
    assert_int_equal(carta_yaml_bool(root, "name", false, &b, "c.yaml", &err), CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "c.yaml:2: error: 'name' must be true or false");

    carta_error_clear(&err);
    assert_int_equal(carta_yaml_int(carta_yaml_get(root, "tags"), "x", 0, true, 0, 9, &n,
                                    "c.yaml", &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "c.yaml:7: error: expected a map holding 'x'");

    carta_error_clear(&err);
    assert_int_equal(carta_yaml_error(&err, "c.yaml", carta_yaml_get(root, "power"),
                                      "power %d is odd", 3),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "c.yaml:3: error: power 3 is odd");
    fy_document_destroy(doc);
}

static void test_syntax_error_is_refused_with_location(void **state)
{
    (void)state;
    carta_error err = {0};
    assert_null(carta_yaml_load(FIX "bad_syntax.yaml", &err));
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    const char *want = FIX "bad_syntax.yaml:";
    assert_memory_equal(err.msg, want, strlen(want));
    assert_non_null(strstr(err.msg, ": error: "));
    assert_non_null(strstr(err.msg, "flow sequence"));
    /* the line is the one the parser names (after the unclosed bracket) */
    int line = 0, col = 0;
    assert_int_equal(sscanf(err.msg + strlen(want), "%d:%d:", &line, &col), 2);
    assert_true(line >= 3 && line <= 5);
    assert_true(col >= 1);
}

static void test_other_bad_inputs(void **state)
{
    (void)state;
    carta_error err = {0};
    assert_null(carta_yaml_load(FIX "does-not-exist.yaml", &err));
    assert_int_equal(err.status, CARTA_ERR_IO);
    assert_non_null(strstr(err.msg, "does-not-exist.yaml: error: cannot open"));

    carta_error_clear(&err);
    assert_null(carta_yaml_load_string("", 0, "empty.yaml", &err));
    assert_string_equal(err.msg, "empty.yaml:1: error: the file is empty");

    carta_error_clear(&err);
    const char *dup = "name: a\npower: 1\nname: b\n";
    assert_null(carta_yaml_load_string(dup, strlen(dup), "dup.yaml", &err));
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "dup.yaml:3:"));
    assert_non_null(strstr(err.msg, "duplicate key"));

    carta_error_clear(&err);
    const char *tab = "a:\n\t- b\n";
    assert_null(carta_yaml_load_string(tab, strlen(tab), "tab.yaml", &err));
    assert_non_null(strstr(err.msg, "tab.yaml:2:"));
}

static void test_aliases_are_resolved(void **state)
{
    (void)state;
    carta_error err = {0};
    const char *text = "base: &b {power: 4}\ncopy: *b\n";
    struct fy_document *doc = carta_yaml_load_string(text, strlen(text), "a.yaml", &err);
    assert_non_null(doc);
    int n = 0;
    assert_int_equal(carta_yaml_int(carta_yaml_get(fy_document_root(doc), "copy"), "power", 0,
                                    true, 0, 9, &n, "a.yaml", &err),
                     CARTA_OK);
    assert_int_equal(n, 4);
    fy_document_destroy(doc);
}

static void test_check_keys(void **state)
{
    (void)state;
    struct fy_document *doc = load_good();
    struct fy_node *root = fy_document_root(doc);
    static const char *const all[] = {"name", "power", "elusive", "text", "tags",
                                      "empty", "nested", NULL};
    static const char *const some[] = {"name", "power", NULL};
    carta_error err = {0};
    assert_int_equal(carta_yaml_check_keys(root, all, "card", "c.yaml", &err), CARTA_OK);
    assert_int_equal(carta_yaml_check_keys(root, some, "card", "c.yaml", &err), CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "c.yaml:4: error: unknown key 'elusive' in card "
                                 "(expected one of: name, power)");
    carta_error_clear(&err);
    assert_int_equal(carta_yaml_check_keys(carta_yaml_get(root, "tags"), some, "card", "c.yaml",
                                           &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "c.yaml:7: error: card must be a map");
    fy_document_destroy(doc);
}

static void test_stream(void **state)
{
    (void)state;
    carta_error err = {0};
    carta_yaml_stream *s = carta_yaml_stream_open(FIX "stream.yaml", &err);
    assert_non_null(s);
    for (int want = 1; want <= 2; want++) {
        struct fy_document *doc = carta_yaml_stream_next(s, &err);
        assert_non_null(doc);
        int n = 0;
        assert_int_equal(
            carta_yaml_int(fy_document_root(doc), "a", 0, true, 0, 9, &n, "s", &err), CARTA_OK);
        assert_int_equal(n, want);
        fy_document_destroy(doc);
    }
    assert_null(carta_yaml_stream_next(s, &err)); /* the third document is broken */
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "stream.yaml:"));
    assert_null(carta_yaml_stream_next(s, &err)); /* and nothing comes after an error */
    carta_yaml_stream_close(s);

    carta_error_clear(&err);
    assert_null(carta_yaml_stream_open(FIX "nope.yaml", &err));
    assert_int_equal(err.status, CARTA_ERR_IO);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_typed_reads),
        cmocka_unit_test(test_lines),
        cmocka_unit_test(test_field_errors_name_file_and_line),
        cmocka_unit_test(test_syntax_error_is_refused_with_location),
        cmocka_unit_test(test_other_bad_inputs),
        cmocka_unit_test(test_aliases_are_resolved),
        cmocka_unit_test(test_check_keys),
        cmocka_unit_test(test_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
