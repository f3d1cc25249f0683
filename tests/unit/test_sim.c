/* test_sim.c: `carta sim`'s engine (src/cli/sim*.c) and the SQLite store (core/store.h): Wilson
 * intervals against known values, the aggregation of fixed synthetic results (win rates, seats,
 * per-card statistics, the deck matrix), the JSON and CSV shapes, real Æmber simulations giving
 * the same summary on 1 and 2 threads, and a round trip of records and summary through a
 * temporary database file. */

#include <setjmp.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <sqlite3.h>

#include "core/outcome.h"
#include "cli/cli.h"
#include "sim/sim.h"
#include "core/record.h"
#include "core/store.h"
#include "games/essence/essence.h"
#include "support/tide_fixture.h"

/* ---- Wilson intervals ---- */

static void check_wilson(int k, int n, double lo_want, double hi_want)
{
    double lo, hi;
    sim_wilson(k, n, &lo, &hi);
    assert_true(fabs(lo - lo_want) < 1e-4);
    assert_true(fabs(hi - hi_want) < 1e-4);
}

static void test_wilson_known_values(void **unused)
{
    (void)unused;
    check_wilson(5, 10, 0.2366, 0.7634);
    check_wilson(50, 100, 0.4038, 0.5962);
    check_wilson(0, 20, 0.0, 0.1611);
    check_wilson(10, 10, 0.7225, 1.0);
    check_wilson(81, 263, 0.2553, 0.3662);
    check_wilson(1, 1, 0.2065, 1.0);
    check_wilson(0, 0, 0.0, 1.0); /* no games: nothing known */
}

/* ---- synthetic results ---- */

typedef struct synth {
    carta_rules *r;
    carta_game game; /* High Tide, with a card name that needs CSV quoting */
    sim_settings s;
    sim_game games[4];
    sim_played played[8];
    sim_results res;
    int ripple, swell, breaker, maelstrom;
} synth;


static const char *synth_card_name(const carta_rules *r, int id)
{
    const char *name = tidefx_game()->card_name(r, id);
    return strcmp(name, "Swell") == 0 ? "Swell, the \"Big\"" : name;
}

static void synth_deck(carta_deck *d, const char *name, const int *cards, int n)
{
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", name);
    d->n_cards = n;
    for (int i = 0; i < n; i++)
        d->cards[i] = (uint16_t)cards[i];
}

static void synth_game(synth *t, int i, int winner_player, int finished, int actions, int turns,
                       uint64_t played0, uint64_t played1)
{
    sim_game *g = &t->games[i];
    g->winner_player = (int8_t)winner_player;
    g->won = (uint8_t)(winner_player < 0 ? 0 : 1u << winner_player);
    g->winner_seat =
        (int8_t)(winner_player < 0 ? -1 : sim_player_seat(2, 1, i, winner_player));
    g->finished = (uint8_t)finished;
    g->actions = actions;
    g->turns = turns;
    g->rounds = -1;
    snprintf(g->end, sizeof g->end, "%s",
             !finished ? "" : winner_player < 0 ? "turn limit" : "keys forged");
    g->deck[0] = 0;
    g->deck[1] = 1;
    t->played[2 * i].bits[0] = played0;
    t->played[2 * i + 1].bits[0] = played1;
}

/* Four games of deck A (Ripple, Swell, Swell, Breaker) against deck B (Breaker, Maelstrom):
 * player 1 wins games 0 (from seat 0) and 1 (from seat 1), game 2 is a draw, game 3 unfinished. */
static void synth_make(synth *t)
{
    memset(t, 0, sizeof *t);
    t->r = tidefx_open();
    t->game = *tidefx_game();
    t->game.card_name = synth_card_name;
    t->ripple = t->game.card_id(t->r, "Ripple");
    t->swell = t->game.card_id(t->r, "Swell");
    t->breaker = t->game.card_id(t->r, "Breaker");
    t->maelstrom = t->game.card_id(t->r, "Maelstrom");
    assert_true(t->ripple >= 0 && t->swell >= 0 && t->breaker >= 0 && t->maelstrom >= 0);
    sim_settings *s = &t->s;
    s->g = &t->game;
    s->r = t->r;
    s->n_players = 2;
    s->rotate = 1;
    s->n_games = 4;
    s->threads = 1;
    s->seed = 7;
    s->ai_spec[0] = "greedy";
    s->ai_spec[1] = "random";
    s->n_decks = 2;
    s->deck_spec[0] = "A";
    s->deck_spec[1] = "B";
    int a[] = {t->ripple, t->swell, t->swell, t->breaker}, b[] = {t->breaker, t->maelstrom};
    synth_deck(&s->deck[0], "A", a, 4);
    synth_deck(&s->deck[1], "B", b, 2);
    s->player_deck[0] = 0;
    s->player_deck[1] = 1;
    synth_game(t, 0, 0, 1, 10, 5, 1u << 1, 0);          /* Swell played */
    synth_game(t, 1, 0, 1, 20, 7, 1u | 1u << 2, 1u << 1); /* Ripple, 2nd Swell; Maelstrom */
    synth_game(t, 2, -1, 1, 30, -1, 0, 1u << 0);          /* a draw; Breaker by B */
    synth_game(t, 3, -1, 0, 40, 9, 1u << 3, 0);           /* unfinished; Breaker by A */
    t->res = (sim_results){.s = s, .games = t->games, .played = t->played};
}

static const sim_card_stat *find_card(const sim_summary *sum, int card)
{
    for (int i = 0; i < sum->n_cards; i++)
        if (sum->cards[i].card == card)
            return &sum->cards[i];
    return NULL;
}

static void check_counts(const sim_card_counts *c, int in_deck, int played, int pw, int pd,
                         int unplayed, int uw, int ud)
{
    assert_int_equal(c->in_deck, in_deck);
    assert_int_equal(c->played, played);
    assert_int_equal(c->played_wins, pw);
    assert_int_equal(c->played_draws, pd);
    assert_int_equal(c->unplayed, unplayed);
    assert_int_equal(c->unplayed_wins, uw);
    assert_int_equal(c->unplayed_draws, ud);
}

static void check_card(const sim_summary *sum, int card, int in_deck, int played, int pw,
                       int pd, int unplayed, int uw, int ud)
{
    const sim_card_stat *c = find_card(sum, card);
    assert_non_null(c);
    check_counts(&c->all, in_deck, played, pw, pd, unplayed, uw, ud);
}

static void test_aggregate_synthetic(void **unused)
{
    (void)unused;
    synth t;
    synth_make(&t);
    carta_error err = {0};
    sim_summary *sum = sim_summarize(&t.res, &err);
    assert_non_null(sum);
    assert_int_equal(sum->wins[0], 2);
    assert_int_equal(sum->wins[1], 0);
    assert_int_equal(sum->seat_wins[0], 1);
    assert_int_equal(sum->seat_wins[1], 1);
    assert_int_equal(sum->draws, 1);
    assert_int_equal(sum->unfinished, 1);
    assert_int_equal(sum->actions, 100);
    assert_int_equal(sum->turns, 21);
    assert_int_equal(sum->with_turns, 3);
    assert_int_equal(sum->with_rounds, 0);
    /* How games ended, in order of first seen; the unfinished game has no ending. */
    assert_int_equal(sum->n_ends, 2);
    assert_string_equal(sum->end_name[0], "keys forged");
    assert_int_equal(sum->end_games[0], 2);
    assert_string_equal(sum->end_name[1], "turn limit");
    assert_int_equal(sum->end_games[1], 1);
    /* How long the finished games lasted: one of them has no turns (-1), so in actions (10, 20,
     * 30), in bars 2 wide from 10: the first, the sixth and the eleventh. */
    /* Each deck first and later: A (player 1) sat first in games 0 (won) and 2 (a draw), later
     * in 1 (won) and 3 (unfinished); B the other way round, never winning. */
    assert_int_equal(sum->first_games[0], 2);
    assert_int_equal(sum->first_wins[0], 1);
    assert_int_equal(sum->later_games[0], 2);
    assert_int_equal(sum->later_wins[0], 1);
    assert_int_equal(sum->first_games[1], 2);
    assert_int_equal(sum->first_wins[1] + sum->later_wins[1], 0);
    assert_string_equal(sum->hist_unit, "actions");
    assert_int_equal(sum->hist_from, 10);
    assert_int_equal(sum->hist_width, 2);
    assert_int_equal(sum->hist_bins, 11);
    int hist[11] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    assert_memory_equal(sum->hist, hist, sizeof hist);
    /* Per card, once per (game, player) whatever the copies; Breaker is in both decks. */
    assert_int_equal(sum->n_cards, 4);
    check_card(sum, t.ripple, 4, 1, 1, 0, 3, 1, 1);
    check_card(sum, t.swell, 4, 2, 2, 0, 2, 0, 1);
    check_card(sum, t.breaker, 8, 2, 0, 1, 6, 2, 1);
    check_card(sum, t.maelstrom, 4, 1, 0, 0, 3, 0, 1);
    /* Each player apart (player 1: greedy with deck A, player 2: random with deck B): Breaker,
     * in both decks, played by A in the unfinished game and by B in the draw. */
    const sim_card_stat *breaker = find_card(sum, t.breaker);
    check_counts(&breaker->player[0], 4, 1, 0, 0, 3, 2, 1);
    check_counts(&breaker->player[1], 4, 1, 0, 1, 3, 0, 0);
    check_counts(&find_card(sum, t.ripple)->player[1], 0, 0, 0, 0, 0, 0, 0);
    /* Sorted by games played, then by id. */
    assert_int_equal(sum->cards[0].all.played, 2);
    assert_int_equal(sum->cards[1].all.played, 2);
    assert_true(sum->cards[0].card < sum->cards[1].card);
    assert_int_equal(sum->cards[3].all.played, 1);
    /* The matrix: A against B, from both sides. */
    assert_int_equal(sum->matrix_games[0][1], 4);
    assert_int_equal(sum->matrix_wins[0][1], 2);
    assert_int_equal(sum->matrix_draws[0][1], 1);
    assert_int_equal(sum->matrix_games[1][0], 4);
    assert_int_equal(sum->matrix_wins[1][0], 0);
    assert_int_equal(sum->matrix_games[0][0], 0);
    sim_summary_free(sum);
    t.game.close(t.r);
}

static void test_pool_rotation(void **unused)
{
    (void)unused;
    sim_settings s = {.n_players = 2, .rotate = 1, .n_decks = 3, .pool = 1};
    int count[3][3] = {{0}}, seat_count[3][2] = {{0}};
    /* Over players * decks^players games every ordered pairing comes up once per seat order. */
    for (int i = 0; i < 2 * 9; i++) {
        int a = sim_deck_index(&s, i, 0), b = sim_deck_index(&s, i, 1);
        assert_true(a >= 0 && a < 3 && b >= 0 && b < 3);
        count[a][b]++;
        seat_count[a][sim_player_seat(2, 1, i, 0)]++;
    }
    for (int a = 0; a < 3; a++) {
        for (int b = 0; b < 3; b++)
            assert_int_equal(count[a][b], 2);
        assert_int_equal(seat_count[a][0], 3);
        assert_int_equal(seat_count[a][1], 3);
    }
    for (int i = 0; i < 12; i++)
        for (int p = 0; p < 3; p++)
            assert_int_equal(sim_seat_player(3, 1, i, sim_player_seat(3, 1, i, p)), p);
}

static void test_json_shape(void **unused)
{
    (void)unused;
    synth t;
    synth_make(&t);
    carta_error err = {0};
    sim_summary *sum = sim_summarize(&t.res, &err);
    assert_non_null(sum);
    json_t *j = sim_summary_json(&t.s, sum);
    assert_non_null(j);
    /* Written as a designer reads it: no number with more than 6 significant digits, no 3e-18
     * for an interval's end at 0 (issue 14: "JSON prints 0.98999999999999999"). */
    char *text = json_dumps(j, JSON_COMPACT | SIM_JSON_REALS);
    assert_null(strstr(text, "e-"));
    for (const char *p = text; *p; p++) {
        int digits = 0;
        while (p[digits] >= '0' && p[digits] <= '9')
            digits++;
        assert_true(digits <= 7); /* a run of digits: a count, or at most 6 decimals */
        p += digits;
        if (!*p)
            break;
    }
    free(text);
    json_t *settings = json_object_get(j, "settings");
    assert_string_equal(json_string_value(json_object_get(settings, "seed")), "7");
    assert_int_equal(json_integer_value(json_object_get(settings, "games")), 4);
    json_t *players = json_object_get(j, "players");
    assert_int_equal(json_array_size(players), 2);
    json_t *p1 = json_array_get(players, 0);
    assert_int_equal(json_integer_value(json_object_get(p1, "wins")), 2);
    assert_int_equal(json_integer_value(json_object_get(p1, "losses")), 0);
    assert_true(fabs(json_real_value(json_object_get(p1, "win_rate")) - 0.5) < 1e-12);
    assert_true(json_is_real(json_object_get(p1, "ci_low")));
    json_t *first = json_object_get(j, "first_seat");
    assert_int_equal(json_integer_value(json_object_get(first, "wins")), 1);
    assert_true(fabs(json_real_value(json_object_get(first, "advantage")) + 0.25) < 1e-12);
    assert_int_equal(json_integer_value(json_object_get(j, "draws")), 1);
    assert_int_equal(json_integer_value(json_object_get(j, "unfinished")), 1);
    json_t *length = json_object_get(j, "length");
    assert_true(fabs(json_real_value(json_object_get(length, "avg_actions")) - 25.0) < 1e-12);
    assert_true(fabs(json_real_value(json_object_get(length, "avg_turns")) - 7.0) < 1e-12);
    json_t *cards = json_object_get(j, "cards");
    assert_int_equal(json_array_size(cards), 4);
    json_t *c0 = json_array_get(cards, 0);
    assert_string_equal(json_string_value(json_object_get(c0, "card")), "Swell, the \"Big\"");
    assert_int_equal(json_integer_value(json_object_get(c0, "played")), 2);
    assert_true(fabs(json_real_value(json_object_get(c0, "played_win_rate")) - 1.0) < 1e-12);
    assert_true(fabs(json_real_value(json_object_get(c0, "not_played_win_rate"))) < 1e-12);
    json_t *c0_players = json_object_get(c0, "players"); /* Swell: only player 1's deck has it */
    assert_int_equal(json_array_size(c0_players), 1);
    json_t *swell_p1 = json_array_get(c0_players, 0);
    /* numbered from 1, as the players list and every report number them */
    assert_int_equal(json_integer_value(json_object_get(swell_p1, "player")), 1);
    assert_string_equal(json_string_value(json_object_get(swell_p1, "ai")), "greedy");
    assert_int_equal(json_integer_value(json_object_get(swell_p1, "played")), 2);
    json_t *matrix = json_object_get(j, "matrix");
    assert_string_equal(json_string_value(json_array_get(json_object_get(matrix, "decks"), 1)),
                        "B");
    json_t *rates = json_object_get(matrix, "win_rate");
    assert_true(json_is_null(json_array_get(json_array_get(rates, 0), 0)));
    assert_true(fabs(json_real_value(json_array_get(json_array_get(rates, 0), 1)) - 0.5) < 1e-12);
    json_decref(j);
    sim_summary_free(sum);
    t.game.close(t.r);
}

/* Reads all of f (rewound) into buf. */
static void read_all(FILE *f, char *buf, size_t cap)
{
    rewind(f);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
}

static void test_csv_and_text_shape(void **unused)
{
    (void)unused;
    synth t;
    synth_make(&t);
    carta_error err = {0};
    sim_summary *sum = sim_summarize(&t.res, &err);
    assert_non_null(sum);
    FILE *f = tmpfile();
    assert_non_null(f);
    sim_report_csv(f, &t.s, sum);
    char buf[8192];
    read_all(f, buf, sizeof buf);
    fclose(f);
    int lines = 0;
    for (char *p = buf; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 1 + 4 + 5); /* every card, then each of its players */
    assert_non_null(strstr(buf, "card,player,in_deck,played,played_wins,played_win_rate,"));
    /* The quoted name, the player (none: all), then in_deck, played, wins, rate, interval,
     * draws, not played...; then the same for player 1 alone (the only one with Swell). */
    assert_non_null(strstr(buf, "\n\"Swell, the \"\"Big\"\"\",,4,2,2,1.0000,0.3424,1.0000,0,2,0,"
                                "0.0000,0.0000,0.6576,1\n"));
    assert_non_null(strstr(buf, "\n\"Swell, the \"\"Big\"\"\",1,4,2,2,1.0000,0.3424,1.0000,0,2,0,"
                                "0.0000,0.0000,0.6576,1\n"));
    assert_null(strstr(buf, "\n\"Swell, the \"\"Big\"\"\",2,"));
    f = tmpfile();
    assert_non_null(f);
    sim_report_text(f, &t.s, sum, 2);
    read_all(f, buf, sizeof buf);
    fclose(f);
    assert_non_null(strstr(buf, "template: 4 games, 2 players, seed 7"));
    assert_non_null(strstr(buf, "the 2 most played of 4 cards"));
    assert_non_null(strstr(buf, "deck against deck"));
    assert_non_null(strstr(buf, "\n  player 1 (greedy)")); /* the players differ: shown apart */
    sim_summary_free(sum);
    t.game.close(t.r);
}

/* A card-change experiment compared game by game (docs/variants.md): with the variant, game 2
 * (a draw) becomes player 1's win and lasts 6 actions more; the rest is the same. Player 1's
 * difference: +1 of 4 games, +25 points, the differences' spread 0.5, so the interval is
 * 25 +- 1.96 * 0.5 / 2 = [-24, +74] points: not distinguishable, and about
 * (1.96 * 0.5 / 0.25)^2 = 15.4, so 16 games would tell. */
static void test_variant_compared_game_by_game(void **unused)
{
    (void)unused;
    synth t, v;
    synth_make(&t);
    synth_make(&v);
    v.games[2].winner_player = 0;
    v.games[2].won = 1;
    v.games[2].winner_seat = (int8_t)sim_player_seat(2, 1, 2, 0);
    v.games[2].actions += 6;
    v.s.r = t.s.r;
    carta_error err = {0};
    sim_summary *sb = sim_summarize(&t.res, &err), *sv = sim_summarize(&v.res, &err);
    assert_non_null(sb);
    assert_non_null(sv);
    carta_variant_change change = {.n_replaced = 1};
    snprintf(change.replaced[0], sizeof change.replaced[0], "Breaker");
    json_t *cmp = sim_compare_json(&t.s, &t.res, &v.res, sb, sv, "x.yaml", &change);
    assert_non_null(cmp);
    json_t *p1 = json_array_get(json_object_get(cmp, "players"), 0);
    assert_true(fabs(json_real_value(json_object_get(p1, "base")) - 0.5) < 1e-12);
    assert_true(fabs(json_real_value(json_object_get(p1, "variant")) - 0.75) < 1e-12);
    assert_true(fabs(json_real_value(json_object_get(p1, "diff")) - 0.25) < 1e-12);
    assert_true(fabs(json_real_value(json_object_get(p1, "ci_low")) - (0.25 - 0.489991)) < 1e-5);
    assert_int_equal(json_integer_value(json_object_get(p1, "games_changed")), 1);
    assert_true(json_is_false(json_object_get(p1, "distinguishable")));
    assert_int_equal(json_integer_value(json_object_get(p1, "games_needed")), 16);
    json_t *len = json_object_get(cmp, "length_actions");
    assert_true(fabs(json_real_value(json_object_get(len, "diff")) - 1.5) < 1e-12);
    /* the changed card comes first among the play rates */
    json_t *first = json_array_get(json_object_get(cmp, "cards"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "card")), "Breaker");
    assert_true(json_is_true(json_object_get(first, "changed")));
    FILE *f = tmpfile();
    sim_compare_text(f, cmp);
    char buf[4096];
    read_all(f, buf, sizeof buf);
    fclose(f);
    assert_non_null(strstr(buf, "player 1 (greedy) wins 50.0% -> 75.0%: +25.0 points"));
    assert_non_null(strstr(buf, "1 of 4 games ended differently for this player: not "
                                "distinguishable from noise; about 16 games would tell"));
    json_decref(cmp);
    sim_summary_free(sb);
    sim_summary_free(sv);
    t.game.close(t.r);
    v.game.close(v.r);
}

/* ---- real simulations ---- */

/* Settings for n games of GAME between greedy and random on random decks. */
static void real_settings(sim_settings *s, const carta_game *g, const carta_rules *r, int n,
                          int threads)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    s->r = r;
    s->n_players = 2;
    s->rotate = g->team == NULL;
    s->n_games = n;
    s->threads = threads;
    s->seed = 42;
    s->ai_spec[0] = "greedy";
    s->ai_spec[1] = "random";
    s->n_decks = 1;
    s->deck_spec[0] = "random";
    s->deck_random[0] = 1;
}

/* Runs s and returns its summary JSON as compact text with sorted keys (the caller frees). */
static char *run_summary(const sim_settings *s, const sim_sink *sink)
{
    sim_results res;
    carta_error err = {0};
    assert_int_equal(sim_run(s, &res, sink, 0, &err), CARTA_OK);
    sim_summary *sum = sim_summarize(&res, &err);
    assert_non_null(sum);
    json_t *j = sim_summary_json(s, sum);
    char *text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
    assert_non_null(text);
    int decided = sum->draws + sum->unfinished;
    for (int p = 0; p < s->n_players; p++)
        decided += sum->wins[p];
    assert_int_equal(decided, s->n_games);
    json_decref(j);
    sim_summary_free(sum);
    sim_results_free(&res);
    return text;
}

static carta_rules *open_aember(const carta_game **g)
{
    *g = carta_game_find("aember");
    assert_non_null(*g);
    carta_error err = {0};
    carta_rules *r = (*g)->open(CARTA_DATA_DIR "/aember", &err);
    if (!r)
        fail_msg("%s", err.msg);
    return r;
}

static void test_aember_threads_identical(void **unused)
{
    (void)unused;
    const carta_game *g;
    carta_rules *r = open_aember(&g);
    sim_settings s1, s2;
    real_settings(&s1, g, r, 20, 1);
    real_settings(&s2, g, r, 20, 2);
    char *a = run_summary(&s1, NULL), *b = run_summary(&s2, NULL);
    assert_string_equal(a, b);
    json_t *j = json_loads(a, 0, NULL);
    assert_true(json_array_size(json_object_get(j, "cards")) > 0); /* Æmber names played cards */
    json_t *p1 = json_array_get(json_object_get(j, "players"), 0);
    assert_true(json_integer_value(json_object_get(p1, "wins")) >= 15); /* greedy beats random */
    assert_null(json_object_get(p1, "points_mean")); /* Æmber scores no points */
    json_decref(j);
    free(a);
    free(b);
    /* Prebuilt decks from a pool: the matrix too is the same on 1 and 3 threads. */
    s1.pool = s2.pool = 1;
    s2.threads = 3;
    s1.n_decks = s2.n_decks = 2;
    const char *decks[] = {"ashen-vanguard", "iron-eclipse"};
    for (int d = 0; d < 2; d++) {
        carta_error err = {0};
        s1.deck_spec[d] = decks[d];
        s1.deck_random[d] = 0;
        assert_int_equal(g->deck_resolve(r, decks[d], 0, &s1.deck[d], &err), CARTA_OK);
        s2.deck_spec[d] = decks[d];
        s2.deck_random[d] = 0;
        s2.deck[d] = s1.deck[d];
    }
    s1.n_games = s2.n_games = 16;
    a = run_summary(&s1, NULL);
    b = run_summary(&s2, NULL);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "\"decks\":[\"ashen-vanguard\",\"iron-eclipse\"]"));
    /* the matrix has intervals, none on a mirror */
    assert_non_null(strstr(a, "\"ci_low\":[[null,"));
    free(a);
    free(b);
    g->close(r);
}

/* A match (sim_duel_play, for carta ladder and carta tune --by match): the scores add up to
 * the games, depend only on the seed whatever the threads, and say who is stronger; in a game
 * of sides (Archmajesty) each AI takes each side; a deck that does not resolve is named. */
static void test_duel(void **unused)
{
    (void)unused;
    const carta_game *g;
    carta_rules *r = open_aember(&g);
    sim_duel d = {.g = g, .r = r, .decks = "random", .threads = 1};
    double a1, b1, a2, b2;
    carta_error err = {0};
    assert_int_equal(sim_duel_play(&d, "greedy", "random", 20, 5, &a1, &b1, &err), CARTA_OK);
    assert_true(a1 + b1 == 20);
    assert_true(a1 >= 15);
    d.threads = 2;
    assert_int_equal(sim_duel_play(&d, "greedy", "random", 20, 5, &a2, &b2, &err), CARTA_OK);
    assert_true(a1 == a2 && b1 == b2);
    d.decks = "no-such-deck";
    a2 = -1;
    assert_int_equal(sim_duel_play(&d, "greedy", "random", 2, 5, &a2, &b2, &err),
                     CARTA_ERR_INPUT);
    assert_non_null(strstr(err.msg, "no-such-deck"));
    assert_true(a2 == -1);
    g->close(r);

    g = carta_game_find("archmajesty");
    r = g->open(CARTA_DATA_DIR "/archmajesty", &err);
    assert_non_null(r);
    sim_duel sides = {.g = g, .r = r, .decks = "random", .threads = 1};
    assert_int_equal(sim_duel_play(&sides, "random", "greedy", 5, 3, &a1, &b1, &err), CARTA_OK);
    assert_true(a1 + b1 == 5);
    assert_int_equal(sim_duel_play(&sides, "greedy", "random", 5, 3, &a2, &b2, &err), CARTA_OK);
    assert_true(a2 + b2 == 5);
    g->close(r);
}

/* A game whose actions name no card (no action_card: High Tide without it) has no per-card
 * statistics and no deck matrix; with it, High Tide's random decks give card statistics. */
static void test_cards_need_action_card(void **unused)
{
    (void)unused;
    carta_rules *r = tidefx_open();
    carta_game plain = *tidefx_game();
    plain.action_card = NULL;
    sim_settings s;
    real_settings(&s, &plain, r, 10, 2);
    char *text = run_summary(&s, NULL);
    assert_non_null(strstr(text, "\"cards\":null"));
    assert_non_null(strstr(text, "\"matrix\":null"));
    free(text);
    real_settings(&s, tidefx_game(), r, 10, 2);
    text = run_summary(&s, NULL);
    json_t *j = json_loads(text, 0, NULL);
    assert_true(json_array_size(json_object_get(j, "cards")) > 0);
    json_decref(j);
    free(text);
    plain.close(r);
}

/* Arkhtide's Desperate Measures scores every game (rulebook "Tournament Scoring for FFA": 1st
 * 100, 2nd 60, 3rd 20, each + Quintessence + remaining Willpower); the duel does not. */
/* A game without decks (Essence: every player plays from one box) still gets per-card figures:
 * the cards each player played, with that player's win rate. Each player picks exactly one
 * Avatar (essence.txt, 2.2 GETTING STARTED, step 5), so the Avatars' "played" add up to the
 * player-games; and nothing is "in deck". */
static void test_cards_played_without_decks(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("essence");
    assert_non_null(g);
    carta_error err = {0};
    carta_rules *r = g->open(CARTA_DATA_DIR "/essence", &err);
    if (!r)
        fail_msg("%s", err.msg);
    sim_settings s;
    real_settings(&s, g, r, 10, 2);
    s.deck_spec[0] = "box";
    s.deck_random[0] = 0;
    sim_results res;
    assert_int_equal(sim_run(&s, &res, NULL, 0, &err), CARTA_OK);
    sim_summary *sum = sim_summarize(&res, &err);
    assert_non_null(sum);
    assert_true(sum->has_cards && sum->n_cards > 6);
    int avatars = 0, wins = 0;
    for (int i = 0; i < sum->n_cards; i++) {
        const sim_card_stat *c = &sum->cards[i];
        assert_int_equal(c->all.in_deck, 0);
        assert_int_equal(c->all.unplayed, 0);
        assert_true(c->all.played > 0 && c->all.played <= 20 &&
                    c->all.played_wins <= c->all.played);
        if (ess_card_of(r, c->card)->kind == ESS_K_AVATAR) {
            avatars += c->all.played;
            wins += c->all.played_wins;
        }
    }
    assert_int_equal(avatars, 20);
    int decided = 0;
    for (int p = 0; p < 2; p++)
        decided += sum->wins[p];
    assert_int_equal(wins, decided);
    sim_summary_free(sum);
    sim_results_free(&res);
    g->close(r);
}

static void test_points_of_desperate_measures(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("arkhtide");
    assert_non_null(g);
    carta_error err = {0};
    carta_rules *r = g->open(CARTA_DATA_DIR "/arkhtide", &err);
    if (!r)
        fail_msg("%s", err.msg);
    sim_settings s;
    real_settings(&s, g, r, 6, 2);
    s.n_players = 3;
    s.ai_spec[1] = s.ai_spec[2] = "random";
    sim_results res;
    assert_int_equal(sim_run(&s, &res, NULL, 0, &err), CARTA_OK);
    sim_summary *sum = sim_summarize(&res, &err);
    assert_non_null(sum);
    assert_int_equal(sum->points_games, 6);
    /* Arkhtide's length is in Rounds, and every game ended in one of the rulebook's ways. */
    assert_int_equal(sum->with_rounds, 6);
    assert_int_equal(sum->with_turns, 0);
    assert_true(sum->rounds >= 6);
    int ended = 0;
    for (int k = 0; k < sum->n_ends; k++) {
        const char *e = sum->end_name[k];
        assert_true(!strcmp(e, "Quintessence Victory") || !strcmp(e, "last Seeker standing") ||
                    !strcmp(e, "True Tie") || !strcmp(e, "round limit"));
        ended += sum->end_games[k];
    }
    assert_int_equal(ended, 6);
    double total[3] = {0};
    for (int i = 0; i < 6; i++) {
        const sim_game *game = &res.games[i];
        assert_true(game->finished && game->has_points);
        for (int p = 0; p < 3; p++) {
            total[p] += game->points[p];
            if (game->winner_player >= 0 && p != game->winner_player)
                assert_true(game->points[game->winner_player] > game->points[p]);
        }
        if (game->winner_player >= 0)
            assert_true(game->points[game->winner_player] >= 100);
    }
    for (int p = 0; p < 3; p++) {
        double mean, lo, hi;
        sim_points_mean(sum, p, &mean, &lo, &hi);
        assert_true(mean > total[p] / 6 - 1e-9 && mean < total[p] / 6 + 1e-9);
        assert_true(lo <= mean && mean <= hi);
    }
    sim_summary_free(sum);
    sim_results_free(&res);
    s.n_players = 2; /* the duel */
    assert_int_equal(sim_run(&s, &res, NULL, 0, &err), CARTA_OK);
    sum = sim_summarize(&res, &err);
    assert_non_null(sum);
    assert_int_equal(sum->points_games, 0);
    sim_summary_free(sum);
    sim_results_free(&res);
    g->close(r);
}

/* ---- SQLite ---- */

typedef struct temp_db {
    char dir[64], path[128];
} temp_db;

static void temp_db_make(temp_db *t)
{
    snprintf(t->dir, sizeof t->dir, "/tmp/carta_test_sim_XXXXXX");
    assert_non_null(mkdtemp(t->dir));
    snprintf(t->path, sizeof t->path, "%s/sim.db", t->dir);
}

static void temp_db_remove(temp_db *t)
{
    char p[160];
    const char *suffix[] = {"", "-wal", "-shm", "-journal"};
    for (int i = 0; i < 4; i++) {
        snprintf(p, sizeof p, "%s%s", t->path, suffix[i]);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/not-a-db", t->dir);
    unlink(p);
    rmdir(t->dir);
}

/* A store made by an earlier version (2: records without winner_player) opens and is brought to
 * the current version (3: winner_player; 4: result), its records kept. */
static void test_store_migrates(void **unused)
{
    (void)unused;
    temp_db t;
    temp_db_make(&t);
    sqlite3 *raw = NULL;
    assert_int_equal(sqlite3_open(t.path, &raw), SQLITE_OK);
    assert_int_equal(sqlite3_exec(raw,
                                  "CREATE TABLE runs(id INTEGER PRIMARY KEY, game TEXT NOT NULL,"
                                  " created TEXT, settings TEXT NOT NULL, summary TEXT);"
                                  "CREATE TABLE records(run_id INTEGER NOT NULL, game_index "
                                  "INTEGER NOT NULL, game TEXT NOT NULL, seed TEXT NOT NULL,"
                                  " winner INTEGER NOT NULL, n_actions INTEGER NOT NULL,"
                                  " record TEXT NOT NULL, PRIMARY KEY(run_id, game_index));"
                                  "INSERT INTO runs(id, game, settings) VALUES (1, 'aember', '{}');"
                                  "INSERT INTO records VALUES (1, 0, 'aember', '5', 1, 9, '{}');"
                                  "PRAGMA user_version=2;",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(raw);
    carta_error err = {0};
    carta_store *store = carta_store_open(t.path, &err);
    if (!store)
        fail_msg("%s", err.msg);
    assert_int_equal(carta_store_count_records(store, 1), 1);
    carta_store_game row = {.run_id = 1, .game_index = 1, .game = "aember", .seed = 6,
                            .n_actions = 12, .record_json = "{}", .result_json = "{}"};
    assert_int_equal(carta_store_add_record(store, &row, &err), CARTA_OK);
    carta_store_close(store);
    assert_int_equal(sqlite3_open(t.path, &raw), SQLITE_OK);
    sqlite3_stmt *q = NULL;
    assert_int_equal(sqlite3_prepare_v2(raw, "SELECT winner_player FROM records ORDER BY "
                                             "game_index", -1, &q, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_type(q, 0), SQLITE_NULL); /* not known for the old one */
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(q, 0), 1);
    sqlite3_finalize(q);
    /* version 4: the result kept to resume a run (none for the old record) */
    assert_int_equal(sqlite3_prepare_v2(raw, "SELECT count(*) FROM records WHERE result IS NULL",
                                        -1, &q, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(q, 0), 1);
    sqlite3_finalize(q);
    assert_int_equal(sqlite3_prepare_v2(raw, "PRAGMA user_version", -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(q, 0), CARTA_STORE_VERSION);
    sqlite3_finalize(q);
    sqlite3_close(raw);
    temp_db_remove(&t);
}

/* The summary of res as compact text with sorted keys (the caller frees). */
static char *summary_text(const sim_settings *s, const sim_results *res)
{
    carta_error err = {0};
    sim_summary *sum = sim_summarize(res, &err);
    assert_non_null(sum);
    json_t *j = sim_summary_json(s, sum);
    char *text = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | SIM_JSON_REALS);
    json_decref(j);
    sim_summary_free(sum);
    return text;
}

/* A run cut off half way (the even games played and stored) resumes from --db: the stored games
 * are read back, not played, and the summary is the uninterrupted run's. A run of other
 * settings does not resume it, and a stored result that does not read names its game. */
static void test_db_resume(void **unused)
{
    (void)unused;
    const carta_game *g;
    carta_rules *r = open_aember(&g);
    temp_db t;
    temp_db_make(&t);
    sim_settings s;
    real_settings(&s, g, r, 8, 2);
    carta_error err = {0};
    sim_results whole;
    assert_int_equal(sim_run(&s, &whole, NULL, 0, &err), CARTA_OK);
    char *expected = summary_text(&s, &whole);

    uint8_t todo[8] = {1, 0, 1, 0, 1, 0, 1, 0};
    sim_db *db = sim_db_open(t.path, &s, 0, &err);
    assert_non_null(db);
    int64_t run = sim_db_run_id(db);
    sim_sink sink = sim_db_sink(db);
    sim_results part;
    assert_int_equal(sim_results_init(&s, &part, &err), CARTA_OK);
    assert_int_equal(sim_run_games(&s, &part, todo, &sink, 0, &err), CARTA_OK);
    assert_int_equal(part.games[1].actions, 0); /* not played */
    sim_results_free(&part);
    sim_db_abort(db); /* interrupted: no summary */

    sim_settings other = s;
    other.seed = 43;
    assert_null(sim_db_open(t.path, &other, 1, &err));
    assert_non_null(strstr(err.msg, "no interrupted run"));

    memset(todo, 1, sizeof todo);
    db = sim_db_open(t.path, &s, 1, &err);
    assert_non_null(db);
    assert_true(sim_db_run_id(db) == run);
    sim_results res;
    int n_done = -1;
    assert_int_equal(sim_results_init(&s, &res, &err), CARTA_OK);
    assert_int_equal(sim_db_load(db, &res, todo, &n_done, &err), CARTA_OK);
    assert_int_equal(n_done, 4);
    for (int i = 0; i < 8; i++)
        assert_int_equal(todo[i], i % 2);
    sink = sim_db_sink(db);
    assert_int_equal(sim_run_games(&s, &res, todo, &sink, 0, &err), CARTA_OK);
    char *resumed = summary_text(&s, &res);
    assert_string_equal(resumed, expected);
    assert_int_equal(sim_db_finish(db, NULL, &err), CARTA_ERR_NOMEM); /* closes it either way */

    /* a damaged result */
    sqlite3 *raw = NULL;
    assert_int_equal(sqlite3_open(t.path, &raw), SQLITE_OK);
    assert_int_equal(sqlite3_exec(raw, "UPDATE runs SET summary = NULL;"
                                       "UPDATE records SET result = '{\"winner_player\": 7}' "
                                       "WHERE game_index = 3",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(raw);
    db = sim_db_open(t.path, &s, 1, &err);
    assert_non_null(db);
    memset(todo, 1, sizeof todo);
    carta_error_clear(&err);
    assert_int_not_equal(sim_db_load(db, &res, todo, &n_done, &err), CARTA_OK);
    if (!strstr(err.msg, "game 3"))
        fail_msg("%s", err.msg);
    sim_db_abort(db);
    free(expected);
    free(resumed);
    sim_results_free(&res);
    sim_results_free(&whole);
    temp_db_remove(&t);
    g->close(r);
}

/* A game's result goes to JSON and back unchanged; out-of-range fields are refused and leave
 * the destination as it was. */
static void test_result_json(void **unused)
{
    (void)unused;
    const carta_game *g;
    carta_rules *r = open_aember(&g);
    sim_settings s;
    real_settings(&s, g, r, 6, 2);
    carta_error err = {0};
    sim_results res;
    assert_int_equal(sim_run(&s, &res, NULL, 0, &err), CARTA_OK);
    for (int i = 0; i < s.n_games; i++) {
        sim_played *played = &res.played[i * 2];
        json_t *j = sim_game_json(&s, &res.games[i], played);
        sim_game back;
        sim_played back_played[2];
        memset(&back, 0, sizeof back);
        memset(back_played, 0, sizeof back_played);
        assert_int_equal(sim_game_from_json(&s, j, &back, back_played, &err), CARTA_OK);
        assert_memory_equal(&back, &res.games[i], sizeof back);
        assert_memory_equal(back_played, played, sizeof back_played);
        const char *bad[][2] = {{"winner_player", "2"}, {"deck", "[0, 5]"}, {"actions", "-1"},
                                {"end", "\"" "0123456789012345678901234567890123456789"
                                        "0123456789012345678901234567890\""},
                                {"played", "[{\"slots\": [400], \"other\": []}, "
                                           "{\"slots\": [], \"other\": []}]"}};
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            json_t *broken = json_deep_copy(j);
            json_object_set_new(broken, bad[k][0], json_loads(bad[k][1], JSON_DECODE_ANY, NULL));
            sim_game keep = back;
            sim_played keep_played[2];
            memcpy(keep_played, back_played, sizeof keep_played);
            assert_int_not_equal(sim_game_from_json(&s, broken, &back, back_played, &err),
                                 CARTA_OK);
            assert_memory_equal(&keep, &back, sizeof back);
            assert_memory_equal(keep_played, back_played, sizeof keep_played);
            json_decref(broken);
        }
        json_decref(j);
    }
    sim_results_free(&res);
    g->close(r);
}

/* The whole text of a file (the caller frees). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 18];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strdup(buf);
}

/* A summary as sim_summary_json writes it, small enough to check by eye. */
static json_t *synthetic_summary(const char *deck)
{
    return json_pack(
        "{s:[{s:i, s:s, s:f, s:f, s:f}], s:{s:[{s:s, s:f, s:f, s:f, s:f, s:f, s:f}]},"
        " s:{s:{s:s, s:[{s:i, s:i, s:i}, {s:i, s:i, s:i}]}},"
        " s:{s:[s, s], s:[[f, f], [f, f]], s:[[i, i], [i, i]]}}",
        "players", "player", 1, "ai", "greedy", "win_rate", 0.625, "ci_low", 0.5, "ci_high", 0.75,
        "first_seat", "by_deck", "deck", deck, "win_rate", 0.5, "ci_low", 0.4,
        "ci_high", 0.6, "later_win_rate", 0.5, "later_ci_low", 0.4, "later_ci_high", 0.6,
        "length", "histogram", "unit", "turns", "bars", "from", 10, "to", 14, "games", 7, "from",
        15, "to", 19, "games", 3, "matrix", "decks", deck, "b", "win_rate", 0.5, 0.25,
        0.75, 0.5, "games", 4, 4, 4, 4);
}

/* --tables: every table as CSV, fields quoted where they must be, the matrix one row a pairing. */
static void test_tables(void **unused)
{
    (void)unused;
    temp_db t;
    temp_db_make(&t);
    json_t *summary = synthetic_summary("Salt, \"Ash\"");
    carta_error err = {0};
    assert_int_equal(sim_tables_summary(t.dir, "", summary, &err), CARTA_OK);
    const char *files[] = {"players.csv", "first-seat-by-deck.csv", "lengths.csv", "matrix.csv"};
    const char *whole[] = {
        "player,ai,win_rate,ci_low,ci_high\n1,greedy,0.625,0.5,0.75\n",
        "deck,win_rate,ci_low,ci_high,later_win_rate,later_ci_low,later_ci_high\n"
        "\"Salt, \"\"Ash\"\"\",0.5,0.4,0.6,0.5,0.4,0.6\n",
        "unit,from,to,games\nturns,10,14,7\nturns,15,19,3\n",
        "deck,against,games,win_rate\n" /* the members the matrix has */
        "\"Salt, \"\"Ash\"\"\",\"Salt, \"\"Ash\"\"\",4,0.5\n"
        "\"Salt, \"\"Ash\"\"\",b,4,0.25\n"
        "b,\"Salt, \"\"Ash\"\"\",4,0.75\n"
        "b,b,4,0.5\n"};
    for (int i = 0; i < 4; i++) {
        char path[192];
        snprintf(path, sizeof path, "%s/%s", t.dir, files[i]);
        char *text = slurp(path);
        assert_string_equal(text, whole[i]);
        free(text);
        unlink(path);
    }
    assert_int_not_equal(sim_tables_summary("/nonexistent-carta-dir", "", summary, &err),
                         CARTA_OK);
    assert_non_null(strstr(err.msg, "/nonexistent-carta-dir/players.csv"));
    json_decref(summary);
    temp_db_remove(&t);
}

/* --plots: each picture is a whole SVG document showing the report's figures, names escaped;
 * a folder that cannot be written is an error naming the file. */
static void test_plots(void **unused)
{
    (void)unused;
    temp_db t;
    temp_db_make(&t);
    json_t *summary = synthetic_summary("Salt & <Ash>");
    carta_error err = {0};
    assert_int_equal(sim_plots_summary(t.dir, "x-", summary, &err), CARTA_OK);
    const char *files[] = {"x-win-rates.svg", "x-lengths.svg", "x-matrix.svg"};
    const char *shows[] = {"62.5% [50.0, 75.0]", ">15-19<", ">75%<"};
    for (int i = 0; i < 3; i++) {
        char path[192];
        snprintf(path, sizeof path, "%s/%s", t.dir, files[i]);
        char *text = slurp(path);
        assert_true(strncmp(text, "<svg ", 5) == 0);
        assert_non_null(strstr(text, "</svg>\n"));
        if (!strstr(text, shows[i]))
            fail_msg("%s does not show %s", files[i], shows[i]);
        assert_null(strstr(text, "Salt & <Ash>"));
        if (i != 1)
            assert_non_null(strstr(text, "Salt &amp; &lt;Ash&gt;"));
        free(text);
        unlink(path);
    }
    json_t *cmp = json_pack("{s:{s:s}, s:[{s:i, s:s, s:f, s:f, s:f}], s:{s:f, s:f, s:f},"
                            " s:[{s:s, s:b, s:f, s:f, s:f}]}",
                            "variant", "file", "v.yaml", "players", "player", 1, "ai", "greedy",
                            "diff", 0.012, "ci_low", 0.001, "ci_high", 0.023, "length_actions",
                            "diff", -2.1, "ci_low", -2.6, "ci_high", -1.6, "cards", "card",
                            "Gearbound Sentry", "changed", 1, "diff", 0.001, "ci_low", -0.018,
                            "ci_high", 0.019);
    assert_int_equal(sim_plots_comparison(t.dir, cmp, &err), CARTA_OK);
    char path[192];
    snprintf(path, sizeof path, "%s/forest.svg", t.dir);
    char *text = slurp(path);
    assert_non_null(strstr(text, "+1.2 pts [+0.1, +2.3]"));
    assert_non_null(strstr(text, "#c0392b")); /* the changed card stands out */
    assert_non_null(strstr(text, "-2.1 actions [-2.6, -1.6]"));
    free(text);
    unlink(path);
    assert_int_not_equal(sim_plots_summary("/nonexistent-carta-dir", "", summary, &err),
                         CARTA_OK);
    assert_non_null(strstr(err.msg, "/nonexistent-carta-dir/win-rates.svg"));
    json_decref(summary);
    json_decref(cmp);
    temp_db_remove(&t);
}

static void test_db_round_trip(void **unused)
{
    (void)unused;
    const carta_game *g;
    carta_rules *r = open_aember(&g);
    temp_db t;
    temp_db_make(&t);
    sim_settings s;
    real_settings(&s, g, r, 6, 2);
    carta_error err = {0};
    sim_db *db = sim_db_open(t.path, &s, 0, &err);
    if (!db)
        fail_msg("%s", err.msg);
    int64_t run = sim_db_run_id(db);
    sim_sink sink = sim_db_sink(db);
    sim_results res;
    assert_int_equal(sim_run(&s, &res, &sink, 0, &err), CARTA_OK);
    sim_summary *sum = sim_summarize(&res, &err);
    json_t *summary = sim_summary_json(&s, sum);
    char *summary_text = json_dumps(summary, JSON_COMPACT | SIM_JSON_REALS);
    assert_int_equal(sim_db_finish(db, summary, &err), CARTA_OK);

    carta_store *store = carta_store_open(t.path, &err);
    assert_non_null(store);
    assert_int_equal(carta_store_last_run(store), run);
    assert_int_equal(carta_store_count_records(store, run), 6);
    char *settings = NULL, *stored_summary = NULL;
    assert_int_equal(carta_store_run_get(store, run, &settings, &stored_summary, &err), CARTA_OK);
    assert_string_equal(stored_summary, summary_text);
    assert_non_null(strstr(settings, "\"seed\":\"42\""));
    /* Every game replays from its stored record to the same end. */
    for (int i = 0; i < 6; i++) {
        char *json = NULL;
        assert_int_equal(carta_store_get_record(store, run, i, &json, &err), CARTA_OK);
        carta_record rec;
        if (carta_record_from_json(&rec, g, r, json, "test", &err) != CARTA_OK)
            fail_msg("%s", err.msg);
        assert_true(rec.config.seed == sim_game_seed(42, i));
        assert_int_equal(rec.n_actions, res.games[i].actions);
        assert_string_equal(rec.seat_names[sim_player_seat(2, 1, i, 0)], "greedy");
        void *state = malloc(g->state_size);
        assert_int_equal(carta_record_replay(&rec, r, state, -1, 1, &err), CARTA_OK);
        assert_int_equal(carta_outcome_winner(g, r, state, 2), res.games[i].winner_seat);
        free(state);
        carta_record_free(&rec);
        free(json);
    }
    /* Each record's winner as the reports number players (from 1; NULL: none), beside its seat */
    sqlite3 *raw = NULL;
    assert_int_equal(sqlite3_open(t.path, &raw), SQLITE_OK);
    sqlite3_stmt *q = NULL;
    assert_int_equal(sqlite3_prepare_v2(raw, "SELECT winner, winner_player FROM records "
                                             "WHERE run_id = ?1 ORDER BY game_index",
                                        -1, &q, NULL),
                     SQLITE_OK);
    sqlite3_bind_int64(q, 1, run);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(sqlite3_step(q), SQLITE_ROW);
        assert_int_equal(sqlite3_column_int(q, 0), res.games[i].winner_seat);
        if (res.games[i].winner_player < 0)
            assert_int_equal(sqlite3_column_type(q, 1), SQLITE_NULL);
        else
            assert_int_equal(sqlite3_column_int(q, 1), res.games[i].winner_player + 1);
    }
    sqlite3_finalize(q);
    sqlite3_close(raw);
    char *json = NULL;
    assert_int_equal(carta_store_get_record(store, run, 6, &json, &err), CARTA_ERR_UNKNOWN);
    assert_null(json);
    /* A second record of the same game is refused. */
    carta_error_clear(&err);
    carta_store_game again = {.run_id = run, .game = "aember", .seed = 1, .n_actions = 1,
                              .record_json = "{}"};
    assert_int_not_equal(carta_store_add_record(store, &again, &err), CARTA_OK);
    assert_non_null(strstr(err.msg, t.path));
    /* Saved games: save, replace, load, unknown name. */
    carta_error_clear(&err);
    assert_int_equal(carta_store_save_game(store, "mine", "aember", "{\"a\":1}", &err), CARTA_OK);
    assert_int_equal(carta_store_save_game(store, "mine", "aember", "{\"a\":2}", &err), CARTA_OK);
    assert_int_equal(carta_store_load_game(store, "mine", &json, &err), CARTA_OK);
    assert_string_equal(json, "{\"a\":2}");
    free(json);
    assert_int_equal(carta_store_load_game(store, "other", &json, &err), CARTA_ERR_UNKNOWN);
    assert_non_null(strstr(err.msg, "other"));
    carta_store_close(store);

    /* A file that is not a database is refused with its name. */
    char bad[160];
    snprintf(bad, sizeof bad, "%s/not-a-db", t.dir);
    FILE *f = fopen(bad, "w");
    assert_non_null(f);
    fputs("this is not SQLite, just some text that is long enough to be a header......\n", f);
    fclose(f);
    carta_error_clear(&err);
    assert_null(carta_store_open(bad, &err));
    assert_int_equal(err.status, CARTA_ERR_CORRUPT);
    assert_non_null(strstr(err.msg, bad));

    free(settings);
    free(stored_summary);
    free(summary_text);
    json_decref(summary);
    sim_summary_free(sum);
    sim_results_free(&res);
    temp_db_remove(&t);
    g->close(r);
}

static void test_game_opts(void **unused)
{
    (void)unused;
    const carta_game *g = tidefx_game(); /* 2 to 4 players, no modes */
    cli_game_opts o = {0};
    assert_int_equal(cli_game_opts_check(g, &o, 2), 0);
    assert_int_equal(o.players, 2);
    o = (cli_game_opts){.players = 4};
    assert_int_equal(cli_game_opts_check(g, &o, 2), 0);
    o = (cli_game_opts){.players = 5};
    assert_int_not_equal(cli_game_opts_check(g, &o, 2), 0);
    o = (cli_game_opts){.players = 1};
    assert_int_not_equal(cli_game_opts_check(g, &o, 2), 0);
    o = (cli_game_opts){.mode = "a-mode-name-that-is-far-too-long-to-fit"};
    assert_int_not_equal(cli_game_opts_check(g, &o, 2), 0);
    o = (cli_game_opts){.mode = "duel"}; /* the template has no modes */
    assert_int_not_equal(cli_game_opts_check(g, &o, 2), 0);
}

/* A mode is one the game lists, and picks a player count it is for when none is given. */
/* --seats: an option's value may hold a colon (playout=expert:0.5); a new AI names its kind
 * before any '='. */
static void test_split_ai_specs(void **unused)
{
    (void)unused;
    char list[] = "mcts:iters=9,playout=expert:0.5,threads=2,expert,greedy:weights=a:b.yaml";
    char *spec[4];
    assert_int_equal(cli_split_ai_specs(list, spec, 4), 3);
    assert_string_equal(spec[0], "mcts:iters=9,playout=expert:0.5,threads=2");
    assert_string_equal(spec[1], "expert");
    assert_string_equal(spec[2], "greedy:weights=a:b.yaml");
    char starts_with_option[] = "iters=9,mcts", empty_item[] = "mcts,,greedy";
    assert_int_equal(cli_split_ai_specs(starts_with_option, spec, 4), -1);
    assert_int_equal(cli_split_ai_specs(empty_item, spec, 4), -1);
}

static void test_game_opts_modes(void **unused)
{
    (void)unused;
    const carta_game *g = carta_game_find("arkhtide");
    if (!g)
        skip();
    cli_game_opts o = {.mode = "desperate"};
    assert_int_equal(cli_game_opts_check(g, &o, cli_default_seats(g)), 0);
    assert_int_equal(o.players, 3);
    o = (cli_game_opts){.mode = "duel"};
    assert_int_equal(cli_game_opts_check(g, &o, cli_default_seats(g)), 0);
    assert_int_equal(o.players, 2);
    o = (cli_game_opts){.mode = "duel", .players = 4};
    assert_int_not_equal(cli_game_opts_check(g, &o, cli_default_seats(g)), 0);
    o = (cli_game_opts){.mode = "desperate", .players = 2};
    assert_int_not_equal(cli_game_opts_check(g, &o, cli_default_seats(g)), 0);
    o = (cli_game_opts){.mode = "Duel"};
    assert_int_not_equal(cli_game_opts_check(g, &o, cli_default_seats(g)), 0);
    o = (cli_game_opts){.mode = "desperate", .players = 5};
    assert_int_equal(cli_game_opts_check(g, &o, cli_default_seats(g)), 0);
    carta_config config = {0};
    cli_game_opts_apply(&o, &config);
    assert_string_equal(config.mode, "desperate");
    for (int i = 0; i < carta_game_count(); i++) { /* every game refuses an unknown mode */
        o = (cli_game_opts){.mode = "no-such-mode"};
        assert_int_not_equal(cli_game_opts_check(carta_game_at(i), &o, 2), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wilson_known_values),
        cmocka_unit_test(test_aggregate_synthetic),
        cmocka_unit_test(test_pool_rotation),
        cmocka_unit_test(test_json_shape),
        cmocka_unit_test(test_csv_and_text_shape),
        cmocka_unit_test(test_aember_threads_identical),
        cmocka_unit_test(test_duel),
        cmocka_unit_test(test_cards_need_action_card),
        cmocka_unit_test(test_variant_compared_game_by_game),
        cmocka_unit_test(test_store_migrates),
        cmocka_unit_test(test_cards_played_without_decks),
        cmocka_unit_test(test_points_of_desperate_measures),
        cmocka_unit_test(test_db_round_trip),
        cmocka_unit_test(test_db_resume),
        cmocka_unit_test(test_result_json),
        cmocka_unit_test(test_plots),
        cmocka_unit_test(test_tables),
        cmocka_unit_test(test_game_opts),
        cmocka_unit_test(test_game_opts_modes),
        cmocka_unit_test(test_split_ai_specs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
