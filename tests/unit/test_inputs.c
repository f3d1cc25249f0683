/* test_inputs.c: YAML inputs are bounded and checked before libfyaml sees them (docs/inputs.md):
 * no hang or crash, UTF-8 with line and column, a size limit, bounded aliases and mappings, exact
 * lengths. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/catalog.h"
#include "core/game.h"
#include "core/scenario.h"
#include "core/yaml.h"
#include "core/yaml_budget.h"
#include "core/yaml_input.h"
#include "games/registry.h"

enum { HANG_SECONDS = 5 }; /* what "does not hang" means here: each load ends within this */

/* ---- helpers ---- */

/* Writes len bytes to a new temp file; its path goes into path (removed by the caller). */
static void write_temp(char *path, size_t cap, const char *bytes, size_t len)
{
    const char *dir = getenv("TMPDIR");
    snprintf(path, cap, "%s/carta-inputs-XXXXXX", dir && dir[0] ? dir : "/tmp");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

typedef carta_status (*load_fn)(const char *path, carta_error *err);

/* Runs load(path) in a child process first, killed after HANG_SECONDS: a load that hangs fails
 * the test instead of hanging it. Then runs it here (for its result, and for ASan) into err. */
static carta_status load_bounded(load_fn load, const char *path, carta_error *err)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(HANG_SECONDS);
        carta_error child = {0};
        load(path, &child);
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        fail_msg("%s: the load did not end within %d s", path, HANG_SECONDS);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    carta_error_clear(err);
    return load(path, err);
}

/* A deck file through a game's deck loader (what `carta deck check` and `sim --decks` use). */
static carta_status load_deck(const char *path, carta_error *err)
{
    const carta_game *g = carta_game_find("aember");
    carta_rules *rules = g ? g->open(CARTA_DATA_DIR "/aember", err) : NULL;
    if (!rules)
        return CARTA_ERR_IO;
    carta_deck deck;
    carta_status st = g->deck_resolve(rules, path, 1, &deck, err);
    g->close(rules);
    return st;
}

/* A scenario file through the scenario runner (what `carta scenario` uses). */
static carta_status load_scenario(const char *path, carta_error *err)
{
    int passed = 0, failed = 0;
    return carta_scenario_run_file(path, CARTA_DATA_DIR, carta_game_yaml_find, NULL, &passed,
                                   &failed, err);
}

static carta_status accept_card(void *ctx, int id, struct fy_node *card, const char *file,
                                carta_error *err)
{
    (void)ctx, (void)id, (void)card, (void)file, (void)err;
    return CARTA_OK;
}

/* A card file through the catalog (what every game's open uses). */
static carta_status load_cards(const char *path, carta_error *err)
{
    carta_catalog *cat = carta_catalog_new();
    if (!cat)
        return CARTA_ERR_NOMEM;
    carta_status st = carta_catalog_load_file(cat, path, accept_card, NULL, err);
    carta_catalog_free(cat);
    return st;
}

/* A YAML file through the stream reader, opened only. */
static carta_status load_stream(const char *path, carta_error *err)
{
    carta_yaml_stream *s = carta_yaml_stream_open(path, err);
    carta_yaml_stream_close(s);
    return s ? CARTA_OK : err->status;
}

/* Parses len bytes copied to the very end of an exact malloc (ASan sees a read past it); 1 if a
 * document came back (it is freed), 0 with err set if the text was refused. */
static int load_exact(const char *bytes, size_t len, carta_error *err)
{
    char *text = malloc(len ? len : 1);
    assert_non_null(text);
    memcpy(text, bytes, len);
    carta_error_clear(err);
    struct fy_document *doc = carta_yaml_load_string(text, len, "x.yaml", err);
    if (doc)
        fy_document_destroy(doc); /* before text: the document points into it */
    free(text);
    return doc != NULL;
}

/* Asserts that the text is refused with a message that starts with want. */
static void assert_refused(const char *bytes, size_t len, const char *want)
{
    carta_error err = {0};
    assert_false(load_exact(bytes, len, &err));
    assert_int_equal(err.status, CARTA_ERR_INPUT);
    if (strncmp(err.msg, want, strlen(want)) != 0)
        fail_msg("got \"%s\", want \"%s...\"", err.msg, want);
}

static void assert_accepted(const char *bytes, size_t len)
{
    carta_error err = {0};
    if (!load_exact(bytes, len, &err))
        fail_msg("refused: %s", err.msg);
}

#define REFUSED(lit, want) assert_refused(lit, sizeof lit - 1, want)
#define REFUSED_AT(lit, want) assert_refused(lit, strlen(lit), want)
#define ACCEPTED(lit) assert_accepted(lit, sizeof lit - 1)

/* ---- the two-byte file that hung libfyaml's directive scanner ---- */

static const char two_bytes[] = "%\x9b";

static void check_two_bytes(load_fn load, const char *label)
{
    char path[256];
    write_temp(path, sizeof path, two_bytes, 2);
    carta_error err = {0};
    carta_status st = load_bounded(load, path, &err);
    remove(path);
    assert_int_not_equal(st, CARTA_OK);
    char want[300];
    snprintf(want, sizeof want, "%s:1:2: error: not valid UTF-8 (byte 0x9b)", path);
    if (!strstr(err.msg, want))
        fail_msg("%s: got \"%s\"", label, err.msg);
}

static void test_two_byte_file_deck(void **state)
{
    (void)state;
    check_two_bytes(load_deck, "deck");
}

static void test_two_byte_file_scenario(void **state)
{
    (void)state;
    check_two_bytes(load_scenario, "scenario");
}

static void test_two_byte_file_cards_and_stream(void **state)
{
    (void)state;
    check_two_bytes(load_cards, "cards");
    check_two_bytes(load_stream, "stream");
}

/* ---- UTF-8 ---- */

static void test_invalid_utf8_names_line_and_column(void **state)
{
    (void)state;
    REFUSED("a: 1\nb: x\x80\n", "x.yaml:2:5: error: not valid UTF-8 (byte 0x80)");
    REFUSED("name: \xc3\xa9\xff\n", "x.yaml:1:8: error: not valid UTF-8 (byte 0xff)");
    REFUSED("a: 1\r\nb: \x80", "x.yaml:2:4: error: not valid UTF-8 (byte 0x80)");
    REFUSED("\xc0\xaf: 1\n", "x.yaml:1:1: error: not valid UTF-8 (byte 0xc0)"); /* overlong */
    REFUSED("a: \xe0\x80\xaf\n", "x.yaml:1:4: error: not valid UTF-8 (byte 0xe0)");
    REFUSED("a: \xed\xa0\x80\n", "x.yaml:1:4: error: not valid UTF-8 (byte 0xed)"); /* surrogate */
    REFUSED("a: \xf4\x90\x80\x80\n", "x.yaml:1:4: error: not valid UTF-8 (byte 0xf4)");
    REFUSED("a: \xf5\x80\x80\x80\n", "x.yaml:1:4: error: not valid UTF-8 (byte 0xf5)");
    REFUSED("a: ab\xe2\x82", "x.yaml:1:6: error: not valid UTF-8 (byte 0xe2)"); /* cut short */
    REFUSED("a: Caf\xe9\n", "x.yaml:1:7: error: not valid UTF-8 (byte 0xe9)");    /* Latin-1 */
    REFUSED("a: 1\x00 b: [\n", "x.yaml:1:5: error: a NUL byte");
    /* well-formed UTF-8 of every length passes */
    ACCEPTED("name: \xc3\x86mber \xe2\x80\x94 \xf0\x9f\x82\xa1 \xf4\x8f\xbf\xbf\n");
    ACCEPTED("\xef\xbb\xbf" "a: 1\n");
}

static void test_directive_lines(void **state)
{
    (void)state;
    REFUSED("%FOO caf\xc3\xa9\n---\na: 1\n",
            "x.yaml:1:9: error: a YAML directive (a line starting with '%') must be printable "
            "ASCII, not byte 0xc3");
    REFUSED("a: 1\n%X\x01\n", "x.yaml:2:3: error: a YAML directive");
    char longline[CARTA_YAML_MAX_DIRECTIVE + 64];
    memset(longline, 'a', sizeof longline);
    memcpy(longline, "%FOO ", 5);
    assert_refused(longline, sizeof longline,
                   "x.yaml:1:1: error: a YAML directive (a line starting with '%') longer than "
                   "1024 bytes");
    ACCEPTED("%YAML 1.2\n---\na: 1\n");
    ACCEPTED("\xef\xbb\xbf%YAML 1.2\n---\na: 1\n");
    ACCEPTED("a: \"50% \xc3\xa9\"\n");
}

/* libfyaml 0.7.12 refuses a tab before a block indicator after an explicit key's ':', and then
 * frees a simple key twice: refused first, where libfyaml would point. */
static void test_tab_on_explicit_key_line(void **state)
{
    (void)state;
    const char *want = "error: a tab used as indentation of a block entry (indent with spaces)";
    char msg[200];
    snprintf(msg, sizeof msg, "x.yaml:1:5: %s", want);
    REFUSED_AT("? a:\t?", msg);
    REFUSED_AT("? a:\t- b\n", msg);
    REFUSED_AT("? a:\t|\n  x\n", msg);
    snprintf(msg, sizeof msg, "x.yaml:2:7: %s", want);
    REFUSED_AT("x: 1\n- ? a:\t? b\n", msg);
    REFUSED_AT("x: 1\n? \"x\":\t? b\n", msg);
    /* tabs elsewhere are libfyaml's to judge, and quoted text may hold anything */
    ACCEPTED("a:\t1\n");
    ACCEPTED("? a\n: b\n");
    ACCEPTED("? a: b\n");
    ACCEPTED("a: \"b:\t- c\"\n");
    ACCEPTED("? a:\t-x\n");
}

/* libfyaml 0.7.12's display of the offending line reads out of bounds on this one: errors are
 * collected instead of displayed, so it is an ordinary error. */
static void test_error_display_input(void **state)
{
    (void)state;
    char text[200];
    size_t n;
    memset(text, '\t', sizeof text);
    n = 41, text[n++] = 'Y', text[n++] = '\r'; /* the rest is tabs */
    n += 37, text[n++] = 'Y';
    n += 38, text[n++] = '\x01';
    n += 16, text[n++] = 's', text[n++] = ':';
    assert_refused(text, n, "x.yaml:1:42: error: invalid multiline plain key");
}

/* ---- sizes ---- */

static void test_oversize_text_is_refused(void **state)
{
    (void)state;
    size_t len = (size_t)CARTA_YAML_MAX_BYTES + 1;
    char *big = malloc(len);
    assert_non_null(big);
    memset(big, ' ', len);
    memcpy(big, "a: 1", 4);
    assert_refused(big, len, "x.yaml: error: the file is too large (the limit is 4194304 bytes)");

    char path[256];
    write_temp(path, sizeof path, big, len);
    carta_error err = {0};
    assert_null(carta_yaml_load(path, &err));
    assert_non_null(strstr(err.msg, "error: the file is too large"));
    carta_error_clear(&err);
    assert_int_equal(load_cards(path, &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "error: the file is too large"));
    carta_error_clear(&err);
    assert_int_equal(load_stream(path, &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "error: the file is too large"));
    remove(path);

    /* exactly the limit is read and parsed */
    assert_accepted(big, len - 1);
    free(big);
}

/* ---- exact lengths ---- */

static void test_text_is_read_within_its_length(void **state)
{
    (void)state;
    const char text[] = "a: 12";
    char *exact = malloc(sizeof text - 1); /* no NUL: the text ends the allocation */
    assert_non_null(exact);
    memcpy(exact, text, sizeof text - 1);
    carta_error err = {0};
    struct fy_document *doc = carta_yaml_load_string(exact, sizeof text - 1, "x.yaml", &err);
    assert_non_null(doc);
    int n = 0;
    assert_int_equal(carta_yaml_int(fy_document_root(doc), "a", 0, true, 0, 99, &n, "x", &err),
                     CARTA_OK);
    assert_int_equal(n, 12);
    fy_document_destroy(doc);
    free(exact);
    /* a shorter length than the bytes: only those are parsed */
    doc = carta_yaml_load_string("a: 12", 4, "x.yaml", &err);
    assert_non_null(doc);
    assert_int_equal(carta_yaml_int(fy_document_root(doc), "a", 0, true, 0, 99, &n, "x", &err),
                     CARTA_OK);
    assert_int_equal(n, 1);
    fy_document_destroy(doc);
    /* blanks only, and a text cut short, each at the end of an exact allocation */
    REFUSED("  \t\r\n  ", "x.yaml:1: error: the file is empty");
    REFUSED("a: [1, 2", "x.yaml:");
    REFUSED("%YAML", "x.yaml:");
    REFUSED("%", "x.yaml:");
}

/* ---- what a text may cost to build ---- */

/* Text for a mapping of n keys ("k0: 1\n" ...); free it. */
static char *many_keys(int n, size_t *len)
{
    char *s = malloc((size_t)n * 16 + 1);
    assert_non_null(s);
    size_t k = 0;
    for (int i = 0; i < n; i++)
        k += (size_t)sprintf(s + k, "k%d: 1\n", i);
    *len = k;
    return s;
}

static void test_alias_expansion_is_bounded(void **state)
{
    (void)state;
    REFUSED("a0: &a0 [x,x,x,x,x,x,x,x,x,x]\n"
            "a1: &a1 [*a0,*a0,*a0,*a0,*a0,*a0,*a0,*a0,*a0,*a0]\n"
            "a2: &a2 [*a1,*a1,*a1,*a1,*a1,*a1,*a1,*a1,*a1,*a1]\n"
            "a3: &a3 [*a2,*a2,*a2,*a2,*a2,*a2,*a2,*a2,*a2,*a2]\n"
            "a4: &a4 [*a3,*a3,*a3,*a3,*a3,*a3,*a3,*a3,*a3,*a3]\n"
            "a5: &a5 [*a4,*a4,*a4,*a4,*a4,*a4,*a4,*a4,*a4,*a4]\n"
            "a6: &a6 [*a5,*a5,*a5,*a5,*a5,*a5,*a5,*a5,*a5,*a5]\n"
            "a7: &a7 [*a6,*a6,*a6,*a6,*a6,*a6,*a6,*a6,*a6,*a6]\n",
            "x.yaml:5:27: error: aliases expand to more than 65536 nodes");
    carta_error err = {0};
    const char *bomb = "a: &a [x,x,x,x,x,x,x,x,x,x]\n"
                       "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                       "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
                       "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                       "e: [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\n";
    assert_false(load_exact(bomb, strlen(bomb), &err));
    assert_non_null(strstr(err.msg, "error: aliases expand to more than 65536 nodes"));
    /* aliases in the ordinary way still work; an anchor redefined counts its new node */
    ACCEPTED("base: &b {power: 4}\ncopy: *b\nmore: [*b, *b]\n");
    ACCEPTED("a: &x [1, 2, 3]\nb: &x 1\nc: [*x, *x]\n");
    /* an alias with no anchor, or to its own node, is left to libfyaml to refuse */
    REFUSED("b: *x\n", "x.yaml:1:5: error: invalid alias");
    REFUSED("a: &a [*a]\n", "x.yaml:1:9: error: cyclic reference detected");
}

static void test_mapping_size_is_bounded(void **state)
{
    (void)state;
    size_t len = 0;
    char *s = many_keys(CARTA_YAML_MAX_KEYS, &len);
    assert_accepted(s, len);
    free(s);
    s = many_keys(CARTA_YAML_MAX_KEYS + 1, &len);
    assert_refused(s, len, "x.yaml:1025:1: error: a mapping with more than 1024 keys");
    free(s);
    /* merged keys count, and so do a complex key's nodes */
    char merge[16000];
    size_t k = (size_t)sprintf(merge, "a: &a {");
    for (int i = 0; i < 600; i++)
        k += (size_t)sprintf(merge + k, "k%d: 1, ", i);
    k += (size_t)sprintf(merge + k, "z: 1}\nb:\n  <<: [*a, *a]\n");
    assert_refused(merge, k, "x.yaml:3:");
    ACCEPTED("a: &a {x: 1, y: 2}\nb:\n  <<: *a\n  z: 3\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_byte_file_deck),
        cmocka_unit_test(test_two_byte_file_scenario),
        cmocka_unit_test(test_two_byte_file_cards_and_stream),
        cmocka_unit_test(test_invalid_utf8_names_line_and_column),
        cmocka_unit_test(test_directive_lines),
        cmocka_unit_test(test_tab_on_explicit_key_line),
        cmocka_unit_test(test_error_display_input),
        cmocka_unit_test(test_oversize_text_is_refused),
        cmocka_unit_test(test_text_is_read_within_its_length),
        cmocka_unit_test(test_alias_expansion_is_bounded),
        cmocka_unit_test(test_mapping_size_is_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
