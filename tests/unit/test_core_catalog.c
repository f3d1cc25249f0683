/* test_core_catalog.c: the card catalog: ids, names, digests, and refusals that change nothing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/catalog.h"
#include "core/yaml.h"

#define FIX CARTA_TESTS_DIR "/unit/fixtures/catalog/"

/* A compile callback standing in for a rule system: records powers, refuses power > 9. */
typedef struct compiled {
    int calls;
    int power[CARTA_CATALOG_MAX];
} compiled;

static carta_status compile_card(void *ctx, int card_id, struct fy_node *card, const char *file,
                                 carta_error *err)
{
    compiled *c = ctx;
    c->calls++;
    return carta_yaml_int(card, "power", 0, true, 0, 9, &c->power[card_id], file, err);
}

static compiled comp;

static int setup(void **state)
{
    memset(&comp, 0, sizeof comp);
    *state = carta_catalog_new();
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    carta_catalog_free(*state);
    return 0;
}

static void load_ok(carta_catalog *cat, const char *path)
{
    carta_error err = {0};
    carta_status st = carta_catalog_load_file(cat, path, compile_card, &comp, &err);
    if (st != CARTA_OK)
        fail_msg("%s", err.msg);
}

static void test_ids_and_names(void **state)
{
    carta_catalog *cat = *state;
    assert_int_equal(carta_catalog_count(cat), 0);
    load_ok(cat, FIX "set_a.yaml");
    load_ok(cat, FIX "set_b.yaml"); /* a bare list */
    assert_int_equal(carta_catalog_count(cat), 5);
    assert_int_equal(comp.calls, 5);
    assert_string_equal(carta_catalog_name(cat, 0), "Ember Imp");
    assert_string_equal(carta_catalog_name(cat, 1), "Stone Troll");
    assert_string_equal(carta_catalog_name(cat, 4), "Glass Moth");
    assert_int_equal(comp.power[1], 8);
    assert_int_equal(comp.power[3], 6);
    assert_int_equal(carta_catalog_find(cat, "Quick Fox"), 2);
    assert_int_equal(carta_catalog_find(cat, "quick fox"), 2);
    assert_int_equal(carta_catalog_find(cat, "IRON GOLEM"), 3);
    assert_int_equal(carta_catalog_find(cat, "Iron"), -1);
    assert_int_equal(carta_catalog_find(cat, ""), -1);
    assert_int_equal(carta_catalog_find(cat, NULL), -1);
    assert_null(carta_catalog_name(cat, 5));
    assert_null(carta_catalog_name(cat, -1));
}

/* Loads path expecting a refusal; checks the message and that nothing changed. */
static void load_refused(carta_catalog *cat, const char *path, carta_status status,
                         const char *msg)
{
    int count = carta_catalog_count(cat);
    uint64_t digest = carta_catalog_digest(cat);
    carta_error err = {0};
    assert_int_equal(carta_catalog_load_file(cat, path, compile_card, &comp, &err), status);
    assert_int_equal(err.status, status);
    if (strcmp(err.msg, msg) != 0)
        fail_msg("expected '%s', got '%s'", msg, err.msg);
    assert_int_equal(carta_catalog_count(cat), count);
    assert_true(carta_catalog_digest(cat) == digest);
}

static void test_refusals_change_nothing(void **state)
{
    carta_catalog *cat = *state;
    load_ok(cat, FIX "set_a.yaml");
    load_refused(cat, FIX "dup_within.yaml", CARTA_ERR_INPUT,
                 FIX "dup_within.yaml:6: error: duplicate card name 'shade' (already defined as "
                     "'Shade')");
    assert_int_equal(carta_catalog_find(cat, "Shade"), -1);
    assert_int_equal(carta_catalog_find(cat, "Lantern"), -1);
    load_refused(cat, FIX "dup_across.yaml", CARTA_ERR_INPUT,
                 FIX "dup_across.yaml:4: error: duplicate card name 'EMBER IMP' (already "
                     "defined as 'Ember Imp')");
    assert_int_equal(carta_catalog_find(cat, "Fresh Card"), -1);
    load_refused(cat, FIX "bad_power.yaml", CARTA_ERR_INPUT,
                 FIX "bad_power.yaml:5: error: 'power' must be 0..9, not 120");
    assert_int_equal(carta_catalog_find(cat, "Good One"), -1);
    load_refused(cat, FIX "no_name.yaml", CARTA_ERR_INPUT,
                 FIX "no_name.yaml:4: error: missing required key 'name'");
    load_refused(cat, FIX "not_a_list.yaml", CARTA_ERR_INPUT,
                 FIX "not_a_list.yaml:2: error: 'cards' must be a list of card maps");
    load_refused(cat, FIX "unknown_top.yaml", CARTA_ERR_INPUT,
                 FIX "unknown_top.yaml:2: error: unknown key 'cardz' in a card file (expected "
                     "one of: set, cards)");
    load_refused(cat, FIX "missing.yaml", CARTA_ERR_IO,
                 FIX "missing.yaml: error: cannot open the card file");

    int count = carta_catalog_count(cat);
    carta_error err = {0};
    assert_int_equal(carta_catalog_load_file(cat, CARTA_TESTS_DIR "/unit/fixtures/yaml/"
                                                  "bad_syntax.yaml",
                                             compile_card, &comp, &err),
                     CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "bad_syntax.yaml:"));
    assert_non_null(strstr(err.msg, ": error: "));
    assert_int_equal(carta_catalog_count(cat), count);

    /* After refusals the next load gets the next ids, and earlier cards are intact. */
    load_ok(cat, FIX "set_b.yaml");
    assert_int_equal(carta_catalog_find(cat, "Iron Golem"), 3);
    assert_int_equal(carta_catalog_find(cat, "Stone Troll"), 1);
}

static void test_load_dir(void **state)
{
    carta_catalog *cat = *state;
    carta_error err = {0};
    assert_int_equal(carta_catalog_load_dir(cat, FIX "dir", compile_card, &comp, &err), CARTA_OK);
    assert_int_equal(carta_catalog_count(cat), 3); /* decks.yaml and notes.txt skipped */
    assert_string_equal(carta_catalog_name(cat, 0), "Dir One");
    assert_string_equal(carta_catalog_name(cat, 2), "Dir Three");
    assert_int_equal(carta_catalog_find(cat, "Not A Card File"), -1);

    /* A folder whose second file fails leaves the catalog as it was, first file included. */
    uint64_t digest = carta_catalog_digest(cat);
    assert_int_equal(carta_catalog_load_dir(cat, FIX "baddir", compile_card, &comp, &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, FIX "baddir/b.yaml:3: error: duplicate card name 'Fine Card' "
                                     "(already defined as 'Fine Card')");
    assert_int_equal(carta_catalog_count(cat), 3);
    assert_true(carta_catalog_digest(cat) == digest);
    assert_int_equal(carta_catalog_find(cat, "Fine Card"), -1);

    carta_error_clear(&err);
    assert_int_equal(carta_catalog_load_dir(cat, FIX "no-such-dir", compile_card, &comp, &err),
                     CARTA_ERR_IO);
    assert_non_null(strstr(err.msg, "no-such-dir: error: cannot open the card folder"));
}

/* Writes text to a fresh temporary file and loads it into a fresh catalog; returns the digest. */
static uint64_t digest_of(const char *text)
{
    char path[] = "/tmp/carta-catalog-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    carta_catalog *cat = carta_catalog_new();
    carta_error err = {0};
    assert_int_equal(carta_catalog_load_file(cat, path, NULL, NULL, &err), CARTA_OK);
    uint64_t d = carta_catalog_digest(cat);
    carta_catalog_free(cat);
    unlink(path);
    return d;
}

static void test_digest_follows_content(void **state)
{
    carta_catalog *cat = *state;
    uint64_t empty = carta_catalog_digest(cat);
    const char *a = "cards:\n  - {name: One, power: 1}\n";
    const char *b = "cards:\n  - {name: One, power: 2}\n";
    const char *c = "cards:\n  - {name: One, power: 1}\n# a comment\n";
    assert_true(digest_of(a) == digest_of(a));
    assert_true(digest_of(a) != digest_of(b));
    assert_true(digest_of(a) != digest_of(c)); /* every byte of the file counts */
    assert_true(digest_of(a) != empty);

    /* Loading order counts too. */
    load_ok(cat, FIX "set_a.yaml");
    load_ok(cat, FIX "set_b.yaml");
    uint64_t ab = carta_catalog_digest(cat);
    carta_catalog *other = carta_catalog_new();
    carta_error err = {0};
    assert_int_equal(carta_catalog_load_file(other, FIX "set_b.yaml", NULL, NULL, &err), CARTA_OK);
    assert_int_equal(carta_catalog_load_file(other, FIX "set_a.yaml", NULL, NULL, &err), CARTA_OK);
    assert_true(carta_catalog_digest(other) != ab);
    carta_catalog_free(other);
}

static void test_inline_node(void **state)
{
    carta_catalog *cat = *state;
    load_ok(cat, FIX "set_a.yaml");
    uint64_t before = carta_catalog_digest(cat);
    carta_error err = {0};
    const char *text = "cards:\n  - {name: Inline Wisp, power: 4}\n  - {name: Inline Bear, "
                       "power: 5}\n";
    struct fy_document *doc = carta_yaml_load_string(text, strlen(text), "scen.yaml", &err);
    assert_non_null(doc);
    struct fy_node *cards = carta_yaml_get(fy_document_root(doc), "cards");
    assert_int_equal(carta_catalog_load_node(cat, cards, "scen.yaml", compile_card, &comp, &err),
                     CARTA_OK);
    assert_int_equal(carta_catalog_find(cat, "inline bear"), 4);
    assert_int_equal(comp.power[4], 5);
    uint64_t after = carta_catalog_digest(cat);
    assert_true(after != before);
    /* the same cards again are duplicates: refused, nothing changes */
    assert_int_equal(carta_catalog_load_node(cat, cards, "scen.yaml", compile_card, &comp, &err),
                     CARTA_ERR_INPUT);
    assert_string_equal(err.msg, "scen.yaml:2: error: duplicate card name 'Inline Wisp' "
                                 "(already defined as 'Inline Wisp')");
    assert_int_equal(carta_catalog_count(cat), 5);
    assert_true(carta_catalog_digest(cat) == after);
    fy_document_destroy(doc);

    /* inline content changes the digest */
    carta_catalog *c1 = carta_catalog_new(), *c2 = carta_catalog_new();
    const char *t1 = "- {name: X, power: 1}\n", *t2 = "- {name: X, power: 2}\n";
    struct fy_document *d1 = carta_yaml_load_string(t1, strlen(t1), "1", &err);
    struct fy_document *d2 = carta_yaml_load_string(t2, strlen(t2), "2", &err);
    assert_int_equal(carta_catalog_load_node(c1, fy_document_root(d1), "1", NULL, NULL, &err),
                     CARTA_OK);
    assert_int_equal(carta_catalog_load_node(c2, fy_document_root(d2), "2", NULL, NULL, &err),
                     CARTA_OK);
    assert_true(carta_catalog_digest(c1) != carta_catalog_digest(c2));
    fy_document_destroy(d1);
    fy_document_destroy(d2);
    carta_catalog_free(c1);
    carta_catalog_free(c2);
}

static void test_capacity(void **state)
{
    carta_catalog *cat = *state;
    size_t cap = (size_t)(CARTA_CATALOG_MAX + 1) * 32 + 16, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (int i = 0; i <= CARTA_CATALOG_MAX; i++)
        n += (size_t)snprintf(text + n, cap - n, "- {name: Card %d, power: %d}\n", i, i % 10);
    carta_error err = {0};
    struct fy_document *doc = carta_yaml_load_string(text, n, "big.yaml", &err);
    assert_non_null(doc);
    assert_int_equal(carta_catalog_load_node(cat, fy_document_root(doc), "big.yaml", compile_card,
                                             &comp, &err),
                     CARTA_ERR_INPUT);
    char want[96];
    snprintf(want, sizeof want, "big.yaml:%d: error: too many cards (at most %d)",
             CARTA_CATALOG_MAX + 1, CARTA_CATALOG_MAX);
    assert_string_equal(err.msg, want);
    assert_int_equal(carta_catalog_count(cat), 0);
    assert_int_equal(carta_catalog_find(cat, "Card 17"), -1);
    fy_document_destroy(doc);

    /* exactly the maximum fits, and every name is found */
    n = 0;
    for (int i = 0; i < CARTA_CATALOG_MAX; i++)
        n += (size_t)snprintf(text + n, cap - n, "- {name: Card %d, power: %d}\n", i, i % 10);
    doc = carta_yaml_load_string(text, n, "full.yaml", &err);
    carta_error_clear(&err);
    assert_int_equal(carta_catalog_load_node(cat, fy_document_root(doc), "full.yaml",
                                             compile_card, &comp, &err),
                     CARTA_OK);
    assert_int_equal(carta_catalog_count(cat), CARTA_CATALOG_MAX);
    for (int i = 0; i < CARTA_CATALOG_MAX; i += 97) {
        char name[32];
        snprintf(name, sizeof name, "CARD %d", i);
        assert_int_equal(carta_catalog_find(cat, name), i);
    }
    fy_document_destroy(doc);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_ids_and_names, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refusals_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_load_dir, setup, teardown),
        cmocka_unit_test_setup_teardown(test_digest_follows_content, setup, teardown),
        cmocka_unit_test_setup_teardown(test_inline_node, setup, teardown),
        cmocka_unit_test_setup_teardown(test_capacity, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
