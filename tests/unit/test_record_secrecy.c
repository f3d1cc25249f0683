/* test_record_secrecy.c: what a saved Arkhtide game tells of hidden moves: a save in progress
 * names none of the other seat's hidden cards, in its move texts or in `carta replay`; a finished
 * game's record and replay tell everything. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/replay.h"
#include "core/record.h"
#include "core/rng.h"
#include "support/arkhtide_fixture.h"
#include "support/test_actions.h"
#include "games/registry.h"

static const carta_game *const G = &carta_game_arkhtide;

enum { MAX_MOVES = 100000 };

typedef struct fixture {
    carta_rules *cards, *data; /* the test cards (unused here) and the real set */
    void *state;               /* the true state */
    carta_record rec;
    char (*texts)[256];        /* each recorded action's full text (describe_action, true state) */
    char path[64];             /* a temporary file for saves */
    int mulligan_at, pick_at;  /* indices of seat 1's hidden mulligan and Realm pick */
    char mulliganed[CARTA_NAME_MAX], picked[CARTA_NAME_MAX]; /* the cards they chose */
} fixture;

/* Applies the first legal action whose text starts with prefix, records it and its full text;
 * returns its index in the record. */
static int take(fixture *f, const char *prefix)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    int n = G->legal_actions(f->data, f->state, legal);
    for (int i = 0; i < n; i++) {
        char *text = f->texts[f->rec.n_actions];
        G->describe_action(f->data, f->state, legal[i], text, sizeof f->texts[0]);
        if (strncmp(text, prefix, strlen(prefix)) != 0)
            continue;
        tact_apply(G, f->data, f->state, text);
        assert_int_equal(carta_record_push(&f->rec, legal[i]), CARTA_OK);
        return f->rec.n_actions - 1;
    }
    fail_msg("no legal action starts with '%s'", prefix);
    return -1;
}

/* The card a text names after prefix ("pick Gallows of Varn side B" -> "Gallows of Varn"). */
static void card_named(const char *text, const char *prefix, char *out, size_t cap)
{
    snprintf(out, cap, "%s", text + strlen(prefix));
    char *side = strstr(out, " side ");
    if (side)
        *side = '\0';
}

/* Whether seat's deck list holds the card called name. */
static int in_deck(const fixture *f, int seat, const char *name)
{
    const carta_deck *d = &f->rec.config.decks[seat];
    for (int i = 0; i < d->n_cards; i++)
        if (strcmp(G->card_name(f->data, d->cards[i]), name) == 0)
            return 1;
    return 0;
}

/* A duel, Knives at Dusk (seat 0) against Pyre Vigil (seat 1), played into the first Realm
 * Phase: seat 0 keeps its hand; seat 1 mulligans a card; seat 0 picks and returns; seat 1 picks
 * face down. Seat 1 is then to return its other Realms. */
static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    *state = f;
    f->texts = calloc(MAX_MOVES, sizeof *f->texts);
    f->state = calloc(1, G->state_size);
    if (!f->texts || !f->state || arkfx_open(&f->cards, &f->data) != 0)
        return -1;
    carta_config config = {.n_seats = 2, .seed = 5};
    carta_error err = {0};
    const char *decks[2] = {"Knives at Dusk", "Pyre Vigil"};
    for (int s = 0; s < 2; s++)
        if (G->deck_resolve(f->data, decks[s], 0, &config.decks[s], &err) != CARTA_OK)
            return -1;
    if (G->setup(f->data, f->state, &config, &err) != CARTA_OK)
        return -1;
    carta_record_init(&f->rec, G, &config);
    snprintf(f->rec.seat_names[0], CARTA_NAME_MAX, "human");
    snprintf(f->rec.seat_names[1], CARTA_NAME_MAX, "random");
    f->rec.saved_by = 0;
    snprintf(f->path, sizeof f->path, "/tmp/carta-secrecy-%ld.json", (long)getpid());
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    remove(f->path);
    carta_record_free(&f->rec);
    arkfx_close(f->cards, f->data);
    free(f->state);
    free(f->texts);
    free(f);
    return 0;
}

/* Plays the opening described at setup, checking who is to act at each step. */
static void play_opening(fixture *f)
{
    assert_int_equal(G->to_act(f->data, f->state), 0);
    take(f, "done");
    assert_int_equal(G->to_act(f->data, f->state), 1);
    f->mulligan_at = take(f, "mulligan ");
    card_named(f->texts[f->mulligan_at], "mulligan ", f->mulliganed, sizeof f->mulliganed);
    take(f, "done");
    assert_int_equal(G->to_act(f->data, f->state), 0);
    take(f, "pick ");
    take(f, "return ");
    take(f, "return ");
    assert_int_equal(G->to_act(f->data, f->state), 1);
    f->pick_at = take(f, "pick ");
    card_named(f->texts[f->pick_at], "pick ", f->picked, sizeof f->picked);
    assert_int_equal(G->to_act(f->data, f->state), 1);
    /* the test means something only if seat 0's own cards cannot name them */
    assert_false(in_deck(f, 0, f->mulliganed));
    assert_false(in_deck(f, 0, f->picked));
}

/* Random legal actions until the game is over, each recorded with its full text. */
static void play_to_the_end(fixture *f)
{
    carta_rng rng;
    carta_rng_seed(&rng, 11);
    carta_action legal[CARTA_MAX_ACTIONS];
    int n;
    while ((n = G->legal_actions(f->data, f->state, legal)) > 0) {
        assert_true(f->rec.n_actions < MAX_MOVES);
        carta_action a = legal[carta_rng_below(&rng, (uint32_t)n)];
        char *text = f->texts[f->rec.n_actions];
        G->describe_action(f->data, f->state, a, text, sizeof f->texts[0]);
        carta_error err = {0};
        assert_int_equal(G->apply(f->data, f->state, a, &err), CARTA_OK);
        assert_int_equal(carta_record_push(&f->rec, a), CARTA_OK);
    }
}

/* Saves the record and reads it back as JSON. */
static json_t *save_and_read(fixture *f)
{
    carta_error err = {0};
    f->rec.final_digest = carta_digest(f->state, G->state_size);
    if (carta_record_save(&f->rec, f->data, f->path, &err) != CARTA_OK)
        fail_msg("save: %s", err.msg);
    json_error_t jerr;
    json_t *root = json_load_file(f->path, 0, &jerr);
    assert_non_null(root);
    return root;
}

static const char *move_text(json_t *root, int i)
{
    const char *text = json_string_value(json_array_get(json_object_get(root, "moves"), (size_t)i));
    assert_non_null(text);
    return text;
}

static void test_save_in_progress_hides_the_other_seats_choices(void **state)
{
    fixture *f = *state;
    play_opening(f);
    json_t *root = save_and_read(f);
    assert_int_equal(json_integer_value(json_object_get(root, "saved_by")), 0);
    assert_int_equal(json_array_size(json_object_get(root, "moves")), f->rec.n_actions);
    assert_string_equal(move_text(root, f->mulligan_at), "mulligan a card");
    assert_string_equal(move_text(root, f->pick_at), "pick a Realm face down");
    for (int i = 0; i < f->rec.n_actions; i++) {
        const char *text = move_text(root, i);
        if (strstr(text, f->mulliganed) || strstr(text, f->picked))
            fail_msg("move %d, '%s', names seat 1's hidden '%s' or '%s'", i, text, f->mulliganed,
                     f->picked);
    }
    /* seat 0's own moves are told in full */
    for (int i = 0; i < f->rec.n_actions; i++)
        if (i < f->mulligan_at || (i > f->mulligan_at + 1 && i < f->pick_at))
            assert_string_equal(move_text(root, i), f->texts[i]);
    json_decref(root);

    carta_record loaded;
    carta_error err = {0};
    assert_int_equal(carta_record_load(&loaded, carta_game_find, f->data, f->path, &err), CARTA_OK);
    assert_int_equal(loaded.saved_by, 0);
    carta_record_free(&loaded);
}

static void test_finished_game_has_the_full_texts(void **state)
{
    fixture *f = *state;
    play_opening(f);
    play_to_the_end(f);
    assert_int_equal(G->to_act(f->data, f->state), CARTA_NO_SEAT);
    json_t *root = save_and_read(f); /* saved by seat 0, but the game is over */
    assert_null(json_object_get(root, "saved_by"));
    assert_int_equal(json_array_size(json_object_get(root, "moves")), f->rec.n_actions);
    for (int i = 0; i < f->rec.n_actions; i++)
        assert_string_equal(move_text(root, i), f->texts[i]);
    assert_string_equal(move_text(root, f->mulligan_at), f->texts[f->mulligan_at]);
    json_decref(root);

    carta_record loaded;
    carta_error err = {0};
    assert_int_equal(carta_record_load(&loaded, carta_game_find, f->data, f->path, &err), CARTA_OK);
    assert_int_equal(loaded.saved_by, CARTA_NO_SEAT);
    carta_record_free(&loaded);
}

/* What replay_write prints of the record saved at f->path; the caller frees it. */
static char *replay_text(fixture *f, int saved_by)
{
    carta_record loaded;
    carta_error err = {0};
    assert_int_equal(carta_record_load(&loaded, carta_game_find, f->data, f->path, &err), CARTA_OK);
    loaded.saved_by = saved_by;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    assert_int_equal(replay_write(G, f->data, &loaded, "x.json", 1, out), 0);
    fclose(out);
    carta_record_free(&loaded);
    return text;
}

/* The first of seat 1's cards known to seat 1 alone (not in seat 0's deck, not its Seeker, the
 * first card of its list) that text names, or NULL. */
static const char *seat1_secret_named(const fixture *f, const char *text)
{
    const carta_deck *d = &f->rec.config.decks[1];
    for (int i = 1; i < d->n_cards; i++) {
        const char *name = G->card_name(f->data, d->cards[i]);
        if (!in_deck(f, 0, name) && strstr(text, name))
            return name;
    }
    return NULL;
}

static void test_replay_in_progress_shows_only_the_saving_seat(void **state)
{
    fixture *f = *state;
    play_opening(f);
    json_decref(save_and_read(f));

    char *seen = replay_text(f, 0);
    const char *secret = seat1_secret_named(f, seen);
    if (secret)
        fail_msg("the replay of seat 0's save names seat 1's '%s'", secret);
    assert_null(strstr(seen, "seed 5")); /* the header says only that it is hidden */
    assert_non_null(strstr(seen, "told as that player saw it"));
    assert_non_null(strstr(seen, "player 2 (random): mulligan a card"));
    assert_non_null(strstr(seen, "player 2 (random): pick a Realm face down"));

    /* the same record told whole (as an older record, with no saving seat, is) names them */
    char *whole = replay_text(f, CARTA_NO_SEAT);
    assert_non_null(seat1_secret_named(f, whole));
    assert_non_null(strstr(whole, "seed 5"));
    free(seen);
    free(whole);
}

static void test_replay_of_a_finished_game_tells_everything(void **state)
{
    fixture *f = *state;
    play_opening(f);
    play_to_the_end(f);
    json_decref(save_and_read(f));
    char *text = replay_text(f, 0);
    assert_non_null(strstr(text, "seed 5"));
    assert_non_null(seat1_secret_named(f, text));
    char line[512];
    snprintf(line, sizeof line, "player 2 (random): %s\n", f->texts[f->mulligan_at]);
    assert_non_null(strstr(text, line));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_save_in_progress_hides_the_other_seats_choices, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_finished_game_has_the_full_texts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_in_progress_shows_only_the_saving_seat, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_replay_of_a_finished_game_tells_everything, setup,
                                        teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
