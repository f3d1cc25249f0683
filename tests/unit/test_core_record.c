/* test_core_record.c: game records, on High Tide (the template rule system): round trip, replay,
 * and every kind of corrupt record refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/record.h"
#include "core/rng.h"
#include "support/tide_fixture.h"
#include "games/registry.h"

static const carta_game *game;

typedef struct fixture {
    carta_rules *rules;
    char dir[64];
    char good[128]; /* a saved record of a game in progress */
    carta_record rec;
    tide_state final;
} fixture;

static void path_in(const fixture *f, const char *name, char *out, size_t cap)
{
    snprintf(out, cap, "%s/%s", f->dir, name);
}

/* Sets up a High Tide game from seed and plays n random legal actions (fewer if it ends),
 * recording. */
static void play(fixture *f, uint64_t seed, int n)
{
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = 2;
    config.seed = seed;
    carta_error err = {0};
    assert_int_equal(game->deck_resolve(f->rules, "random", seed + 1, &config.decks[0], &err),
                     CARTA_OK);
    assert_int_equal(game->deck_resolve(f->rules, "Tide and Ebb", 0, &config.decks[1], &err),
                     CARTA_OK);
    carta_record_init(&f->rec, game, &config);
    snprintf(f->rec.seat_names[0], CARTA_NAME_MAX, "human");
    snprintf(f->rec.seat_names[1], CARTA_NAME_MAX, "random");
    assert_int_equal(game->setup(f->rules, &f->final, &config, &err), CARTA_OK);
    carta_rng rng;
    carta_rng_seed(&rng, seed ^ 0xabc);
    carta_action legal[CARTA_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        int k = game->legal_actions(f->rules, &f->final, legal);
        if (k == 0)
            break;
        carta_action a = legal[carta_rng_below(&rng, (uint32_t)k)];
        assert_int_equal(game->apply(f->rules, &f->final, a, &err), CARTA_OK);
        assert_int_equal(carta_record_push(&f->rec, a), CARTA_OK);
    }
    f->rec.final_digest = carta_digest(&f->final, sizeof f->final);
}

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    carta_error err = {0};
    game = tidefx_game();
    f->rules = tidefx_open();
    snprintf(f->dir, sizeof f->dir, "/tmp/carta-record-XXXXXX");
    if (!mkdtemp(f->dir))
        return -1;
    path_in(f, "good.json", f->good, sizeof f->good);
    play(f, 18446744073709551557ULL, 5); /* a seed above 2^63: kept exactly */
    if (carta_record_save(&f->rec, f->rules, f->good, &err) != CARTA_OK) {
        fprintf(stderr, "%s\n", err.msg);
        return -1;
    }
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    if (system(cmd) != 0)
        return -1;
    carta_record_free(&f->rec);
    game->close(f->rules);
    free(f);
    return 0;
}

static void test_round_trip(void **state)
{
    fixture *f = *state;
    carta_record loaded;
    carta_error err = {0};
    assert_int_equal(carta_record_load_game(&loaded, game, f->rules, f->good, &err), CARTA_OK);
    assert_ptr_equal(loaded.game, game);
    assert_memory_equal(&loaded.config, &f->rec.config, sizeof loaded.config);
    assert_true(loaded.config.seed == 18446744073709551557ULL);
    assert_int_equal(loaded.n_actions, 5);
    assert_memory_equal(loaded.actions, f->rec.actions, 5 * sizeof(carta_action));
    assert_true(loaded.final_digest == f->rec.final_digest);
    assert_string_equal(loaded.seat_names[0], "human");
    assert_string_equal(loaded.seat_names[1], "random");
    assert_int_equal(loaded.saved_by, CARTA_NO_SEAT); /* no seat saved it */

    /* replay reproduces the state bit for bit */
    tide_state s;
    assert_int_equal(carta_record_replay(&loaded, f->rules, &s, -1, 1, &err), CARTA_OK);
    assert_memory_equal(&s, &f->final, sizeof s);

    /* and stops where asked */
    tide_state partial, expect;
    assert_int_equal(carta_record_replay(&loaded, f->rules, &partial, 2, 1, &err), CARTA_OK);
    assert_int_equal(game->setup(f->rules, &expect, &loaded.config, &err), CARTA_OK);
    for (int i = 0; i < 2; i++)
        assert_int_equal(game->apply(f->rules, &expect, loaded.actions[i], &err), CARTA_OK);
    assert_memory_equal(&partial, &expect, sizeof partial);
    assert_int_equal(partial.turn, 2); /* a lead, a pass: the tide was taken */
    carta_record_free(&loaded);
    assert_null(loaded.actions);

    /* a finished game round-trips too */
    char done[128];
    path_in(f, "done.json", done, sizeof done);
    carta_record_free(&f->rec);
    play(f, 3, 1000);
    assert_int_equal(game->to_act(f->rules, &f->final), CARTA_NO_SEAT);
    assert_int_equal(carta_record_save(&f->rec, f->rules, done, &err), CARTA_OK);
    assert_int_equal(carta_record_load_game(&loaded, game, f->rules, done, &err), CARTA_OK);
    assert_int_equal(loaded.n_actions, f->rec.n_actions);
    carta_record_free(&loaded);
}

static void test_file_contents(void **state)
{
    fixture *f = *state;
    char id[16];
    carta_error err = {0};
    assert_int_equal(carta_record_peek(f->good, id, sizeof id, &err), CARTA_OK);
    assert_string_equal(id, "template");
    assert_int_equal(carta_record_peek(f->good, id, 3, &err), CARTA_ERR_CORRUPT);

    json_error_t jerr;
    json_t *root = json_load_file(f->good, 0, &jerr);
    assert_non_null(root);
    assert_int_equal(json_integer_value(json_object_get(root, "format")), 1);
    assert_string_equal(json_string_value(json_object_get(root, "game")), "template");
    assert_string_equal(json_string_value(json_object_get(root, "seed")), "18446744073709551557");
    assert_string_equal(json_string_value(json_object_get(root, "rules_version")), "1");
    assert_int_equal(strlen(json_string_value(json_object_get(root, "card_digest"))), 16);
    char hex[17];
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)f->rec.final_digest);
    assert_string_equal(json_string_value(json_object_get(root, "final_digest")), hex);
    json_t *moves = json_object_get(root, "moves");
    assert_int_equal(json_array_size(moves), 5);
    assert_memory_equal(json_string_value(json_array_get(moves, 0)), "lead ", 5);
    for (size_t i = 1; i < 5; i++) {
        const char *move = json_string_value(json_array_get(moves, i));
        assert_true(!strncmp(move, "lead ", 5) || !strncmp(move, "answer with ", 12) ||
                    !strcmp(move, "pass"));
    }
    json_t *deck1 = json_array_get(json_object_get(root, "decks"), 1);
    assert_string_equal(json_string_value(json_array_get(json_object_get(deck1, "cards"), 0)),
                        "Ripple"); /* Tide and Ebb, as its file lists it */
    json_decref(root);

    /* no temporary file is left behind */
    char tmp[160];
    snprintf(tmp, sizeof tmp, "%s.tmp", f->good);
    assert_int_equal(access(tmp, F_OK), -1);
}

/* Rewrites the good record through edit into name; returns the new path in out. */
static void mutate(fixture *f, const char *name, void (*edit)(json_t *root), char *out,
                   size_t cap)
{
    json_error_t jerr;
    json_t *root = json_load_file(f->good, 0, &jerr);
    assert_non_null(root);
    edit(root);
    path_in(f, name, out, cap);
    assert_int_equal(json_dump_file(root, out, JSON_INDENT(1)), 0);
    json_decref(root);
}

/* Loading path must fail with status and a message containing want; rec stays zeroed. */
static void refused(fixture *f, const char *path, carta_status status, const char *want)
{
    carta_record rec;
    memset(&rec, 0xab, sizeof rec);
    carta_error err = {0};
    carta_status st = carta_record_load_game(&rec, game, f->rules, path, &err);
    if (st != status || !strstr(err.msg, want))
        fail_msg("expected status %d with '%s', got %d: '%s'", status, want, st, err.msg);
    assert_non_null(strstr(err.msg, path)); /* the message names the file */
    carta_record zero;
    memset(&zero, 0, sizeof zero);
    assert_memory_equal(&rec, &zero, sizeof rec);
}

static void edit_format(json_t *r) { json_object_set_new(r, "format", json_integer(2)); }
static void edit_game(json_t *r) { json_object_set_new(r, "game", json_string("aember")); }
static void edit_version(json_t *r) { json_object_set_new(r, "rules_version", json_string("0")); }
static void edit_digest(json_t *r)
{
    json_object_set_new(r, "card_digest", json_string("0123456789abcdef"));
}
static void edit_digest_hex(json_t *r)
{
    json_object_set_new(r, "card_digest", json_string("xyz"));
}
static void edit_card(json_t *r)
{
    json_t *cards = json_object_get(json_array_get(json_object_get(r, "decks"), 1), "cards");
    json_array_set_new(cards, 2, json_string("No Such Card"));
}
static void edit_illegal(json_t *r)
{
    json_array_set_new(json_object_get(r, "actions"), 3, json_integer(999));
}
static void edit_final(json_t *r)
{
    json_object_set_new(r, "final_digest", json_string("00000000000000ff"));
}
static void edit_seed(json_t *r) { json_object_set_new(r, "seed", json_string("12x")); }
static void edit_seats(json_t *r) { json_object_set_new(r, "seats", json_integer(5)); }
static void edit_moves(json_t *r) { json_object_set_new(r, "moves", json_string("play")); }
static void edit_no_moves(json_t *r) { json_object_del(r, "moves"); }
static void edit_actions(json_t *r) { json_object_set_new(r, "actions", json_string("1,2")); }
static void edit_action_type(json_t *r)
{
    json_array_set_new(json_object_get(r, "actions"), 0, json_string("lead Ripple"));
}
static void edit_no_game(json_t *r) { json_object_del(r, "game"); }
static void edit_other_seed(json_t *r) { json_object_set_new(r, "seed", json_string("4")); }

static void test_corrupt_records_are_refused(void **state)
{
    fixture *f = *state;
    char p[160];
    mutate(f, "format.json", edit_format, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "record format 2 is not supported (this build reads format 1)");
    mutate(f, "game.json", edit_game, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "the record is of game 'aember', not 'template'");
    mutate(f, "version.json", edit_version, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT,
            "recorded with template rules version '0'; this build has '1'");
    mutate(f, "digest.json", edit_digest, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "recorded with another card set (card digest 0123456789abcdef");
    mutate(f, "digesthex.json", edit_digest_hex, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "'card_digest' must be 16 hex digits");
    mutate(f, "card.json", edit_card, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "card 2: unknown card 'No Such Card'");
    mutate(f, "illegal.json", edit_illegal, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT,
            "action 3 (number 999) is not legal at turn 2, player 1 to answer");
    mutate(f, "final.json", edit_final, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "differs from the recorded one");
    mutate(f, "otherseed.json", edit_other_seed, p, sizeof p); /* replays elsewhere: its */
    refused(f, p, CARTA_ERR_CORRUPT, "the replayed final state differs"); /* moves stay legal */
    mutate(f, "seed.json", edit_seed, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "'seed' must be a decimal string");
    mutate(f, "seats.json", edit_seats, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "'seats' must be a number 2..4");
    mutate(f, "moves.json", edit_moves, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "'moves' must be a list of texts");
    mutate(f, "actions.json", edit_actions, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "'actions' must be a list of numbers");
    mutate(f, "actiontype.json", edit_action_type, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "action 0 is not a number");
    mutate(f, "nogame.json", edit_no_game, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "'game' is missing or not a string");

    /* moves are for people: a record without them loads */
    mutate(f, "nomoves.json", edit_no_moves, p, sizeof p);
    carta_record rec;
    carta_error err = {0};
    assert_int_equal(carta_record_load_game(&rec, game, f->rules, p, &err), CARTA_OK);
    carta_record_free(&rec);
}

static void edit_saved_by_seat_2(json_t *r) { json_object_set_new(r, "saved_by", json_integer(2)); }
static void edit_saved_by_text(json_t *r) { json_object_set_new(r, "saved_by", json_string("0")); }
static void edit_saved_by_null(json_t *r) { json_object_set_new(r, "saved_by", json_null()); }

/* A game in progress saved by a seat says so; a bad "saved_by" is refused, null means none. */
static void test_saved_by(void **state)
{
    fixture *f = *state;
    char p[160];
    carta_error err = {0};
    f->rec.saved_by = 1;
    path_in(f, "seat1.json", p, sizeof p);
    assert_int_equal(carta_record_save(&f->rec, f->rules, p, &err), CARTA_OK);
    json_t *root = json_load_file(p, 0, NULL);
    assert_int_equal(json_integer_value(json_object_get(root, "saved_by")), 1);
    assert_int_equal(json_array_size(json_object_get(root, "moves")), 5);
    json_decref(root);
    carta_record rec;
    assert_int_equal(carta_record_load_game(&rec, game, f->rules, p, &err), CARTA_OK);
    assert_int_equal(rec.saved_by, 1);
    assert_int_equal(carta_record_viewer(&rec, f->rules, &f->final), 1);
    carta_record_free(&rec);

    mutate(f, "savedby2.json", edit_saved_by_seat_2, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "'saved_by' must be a seat 0..1");
    mutate(f, "savedbytext.json", edit_saved_by_text, p, sizeof p);
    refused(f, p, CARTA_ERR_CORRUPT, "'saved_by' must be a seat 0..1");
    mutate(f, "savedbynull.json", edit_saved_by_null, p, sizeof p);
    assert_int_equal(carta_record_load_game(&rec, game, f->rules, p, &err), CARTA_OK);
    assert_int_equal(rec.saved_by, CARTA_NO_SEAT);
    carta_record_free(&rec);

    f->rec.saved_by = 2; /* not a seat of this game: nothing is written */
    path_in(f, "seat2.json", p, sizeof p);
    assert_int_equal(carta_record_save(&f->rec, f->rules, p, &err), CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "saved by seat 2, but the game has seats 0 to 1"));
    assert_int_equal(access(p, F_OK), -1);

    /* once the game is over, no seat's view is kept */
    f->rec.saved_by = 0;
    carta_record_free(&f->rec);
    play(f, 3, 1000);
    f->rec.saved_by = 0;
    assert_int_equal(carta_record_viewer(&f->rec, f->rules, &f->final), CARTA_NO_SEAT);
    path_in(f, "over.json", p, sizeof p);
    assert_int_equal(carta_record_save(&f->rec, f->rules, p, &err), CARTA_OK);
    root = json_load_file(p, 0, NULL);
    assert_null(json_object_get(root, "saved_by"));
    json_decref(root);
}

static void write_text(const char *path, const char *text, size_t n)
{
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(text, 1, n, out), n);
    fclose(out);
}

static void test_unreadable_records(void **state)
{
    fixture *f = *state;
    char p[160];
    path_in(f, "bad.json", p, sizeof p);
    write_text(p, "{\"format\": 1, \"game\": ", 22);
    refused(f, p, CARTA_ERR_CORRUPT, "not a valid record (bad JSON:");

    /* a truncated record: the first half of a good one */
    FILE *in = fopen(f->good, "rb");
    assert_non_null(in);
    char buf[8192];
    size_t n = fread(buf, 1, sizeof buf, in);
    fclose(in);
    assert_true(n > 100 && n < sizeof buf);
    path_in(f, "truncated.json", p, sizeof p);
    write_text(p, buf, n / 2);
    refused(f, p, CARTA_ERR_CORRUPT, "not a valid record (bad JSON:");

    path_in(f, "array.json", p, sizeof p);
    write_text(p, "[1, 2]", 6);
    refused(f, p, CARTA_ERR_CORRUPT, "not a valid record (not a JSON object)");

    path_in(f, "empty.json", p, sizeof p);
    write_text(p, "", 0);
    refused(f, p, CARTA_ERR_CORRUPT, "bad JSON");

    path_in(f, "missing.json", p, sizeof p);
    refused(f, p, CARTA_ERR_IO, "cannot open");

    /* the registry path: a game nobody registered */
    mutate(f, "unknown.json", edit_game, p, sizeof p);
    json_t *root = json_load_file(p, 0, NULL);
    json_object_set_new(root, "game", json_string("no-such-game"));
    json_dump_file(root, p, 0);
    json_decref(root);
    carta_record rec;
    carta_error err = {0};
    assert_null(carta_game_find("no-such-game"));
    assert_int_equal(carta_record_load(&rec, carta_game_find, f->rules, p, &err),
                     CARTA_ERR_UNKNOWN);
    assert_non_null(strstr(err.msg, "unknown game 'no-such-game'"));
    assert_null(rec.actions);
}

static void test_save_refuses_what_does_not_replay(void **state)
{
    fixture *f = *state;
    char p[160];
    carta_error err = {0};
    path_in(f, "never.json", p, sizeof p);
    assert_int_equal(carta_record_push(&f->rec, 999), CARTA_OK);
    assert_int_equal(carta_record_save(&f->rec, f->rules, p, &err), CARTA_ERR_ILLEGAL);
    assert_non_null(strstr(err.msg, "action 5 (number 999) is not legal"));
    assert_int_equal(access(p, F_OK), -1);
    f->rec.n_actions--;

    carta_error_clear(&err);
    assert_int_equal(carta_record_save(&f->rec, f->rules, "/nonexistent-dir/x.json", &err),
                     CARTA_ERR_IO);
    assert_non_null(strstr(err.msg, "/nonexistent-dir/x.json: error: cannot write"));
    assert_null(strstr(err.msg, ".tmp")); /* the file written first is no concern of the user's */

    /* replay with a wrong digest is refused, without check_digest it is not */
    tide_state s;
    f->rec.final_digest ^= 1;
    carta_error_clear(&err);
    assert_int_equal(carta_record_replay(&f->rec, f->rules, &s, -1, 1, &err), CARTA_ERR_CORRUPT);
    assert_int_equal(carta_record_replay(&f->rec, f->rules, &s, -1, 0, &err), CARTA_OK);
    f->rec.final_digest ^= 1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_round_trip, setup, teardown),
        cmocka_unit_test_setup_teardown(test_file_contents, setup, teardown),
        cmocka_unit_test_setup_teardown(test_corrupt_records_are_refused, setup, teardown),
        cmocka_unit_test_setup_teardown(test_unreadable_records, setup, teardown),
        cmocka_unit_test_setup_teardown(test_save_refuses_what_does_not_replay, setup, teardown),
        cmocka_unit_test_setup_teardown(test_saved_by, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
