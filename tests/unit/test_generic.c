/* test_generic.c: the checks every rule system gets, run on every registered game (rules opened
 * from CARTA_DATA_DIR/<id>; High Tide, the template, is the small one): random games end; a
 * clone equals its original and evolves identically; a record saved and loaded replays every
 * intermediate state; every state keeps the contract's invariants (core/invariant.h: the game's
 * check, and no hidden or stale byte reaches an observation); an action outside the legal list
 * is refused without a change; legal-action counts (perft) from fixed seeds match
 * tests/perft/<id>.txt. Sample decks named in sample_decks[] (a mechanism random decks reach only
 * now and then, such as Archmajesty's minions) play random games under the same invariants, and
 * each must show its mark (a key of the seats' structured views) in some state.
 *
 * Every check runs for every seat count from game->min_seats to game->max_seats (config.mode is
 * left "" so setup picks the mode for that count). Perft lines for the smallest-but-default count
 * (2 if the game allows it, else min_seats) read `perft <id> seed S depth D: N`; lines for other
 * counts read `perft <id> seats P seed S depth D: N`.
 *
 * Regenerating the perft tables after an intended rules change:
 *     CARTA_PERFT_WRITE=1 build/test_generic      (rewrites tests/perft/<id>.txt for every game)
 * or, for a registered game, `carta perft <id> --seed S --depth D` prints the same lines. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/outcome.h"
#include "ai/perft.h"
#include "core/invariant.h"
#include "core/record.h"
#include "core/view.h"
#include "core/rng.h"
#include "games/registry.h"

enum {
    MAX_TEST_GAMES = 40, /* one entry per game and seat count */
    RANDOM_GAMES = 100,
    GAME_ACTION_BOUND = 100000, /* a random game longer than this never ends */
    PERFT_SEEDS = 3
};

/* The perft depth of a game's table: as deep as runs in well under a second under ASan. */
static int perft_depth(const char *id)
{
    return strcmp(id, "aember") == 0 ? 10 : 6;
}

typedef struct test_game {
    const carta_game *g;
    carta_rules *r;
    int depth; /* perft depth for the table */
    int seats; /* seat count this entry plays with */
    int owner; /* 1 if this entry opened r (and closes it) */
} test_game;

/* The seat count perft lines without "seats P" stand for. */
static int default_seats(const carta_game *g)
{
    return g->min_seats <= 2 && g->max_seats >= 2 ? 2 : g->min_seats;
}

static int open_games(test_game *games)
{
    int n = 0;
    carta_error err = {0};
    for (int i = 0; i < carta_game_count() && n < MAX_TEST_GAMES; i++) {
        char dir[1024];
        const carta_game *g = carta_game_at(i);
        snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
        carta_error_clear(&err);
        carta_rules *r = g->open(dir, &err);
        if (!r)
            fail_msg("cannot open %s from %s: %s", g->id, dir, err.msg);
        for (int seats = g->min_seats; seats <= g->max_seats && n < MAX_TEST_GAMES; seats++)
            games[n++] = (test_game){g, r, perft_depth(g->id), seats, seats == g->min_seats};
    }
    return n;
}

static void close_games(test_game *games, int n)
{
    for (int i = 0; i < n; i++)
        if (games[i].owner)
            games[i].g->close(games[i].r);
}

static int n_seats(const test_game *t) { return t->seats; }

static void setup_game(const test_game *t, uint64_t seed, void *state)
{
    carta_error err = {0};
    if (carta_perft_setup(t->g, t->r, seed, n_seats(t), state, &err) != CARTA_OK)
        fail_msg("%s (%d seats) setup (seed %llu): %s", t->g->id, t->seats,
                 (unsigned long long)seed, err.msg);
}

/* Called at every state of a random game, before its action is chosen. */
typedef void (*visit_fn)(const test_game *t, const void *state, void *ctx);

/* Plays a random game from seed, calling visit at each decision; returns its length. */
static int random_game(const test_game *t, uint64_t seed, void *state, visit_fn visit, void *ctx)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    carta_rng rng;
    carta_rng_seed(&rng, seed ^ 0x5eed);
    carta_error err = {0};
    setup_game(t, seed, state);
    int n, moves = 0;
    while ((n = t->g->legal_actions(t->r, state, legal)) > 0) {
        assert_int_not_equal(t->g->to_act(t->r, state), CARTA_NO_SEAT);
        if (visit)
            visit(t, state, ctx);
        carta_action a = legal[carta_rng_below(&rng, (uint32_t)n)];
        if (t->g->apply(t->r, state, a, &err) != CARTA_OK)
            fail_msg("%s: legal action %u refused: %s", t->g->id, (unsigned)a, err.msg);
        if (++moves >= GAME_ACTION_BOUND)
            fail_msg("%s: random game from seed %llu did not end in %d actions", t->g->id,
                     (unsigned long long)seed, GAME_ACTION_BOUND);
    }
    assert_int_equal(t->g->to_act(t->r, state), CARTA_NO_SEAT);
    return moves;
}

/* ---- random games end, with sane results ---- */

static void test_random_games_end(void **unused)
{
    (void)unused;
    test_game games[MAX_TEST_GAMES];
    int n = open_games(games);
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size);
        for (int k = 0; k < RANDOM_GAMES; k++) {
            assert_true(random_game(&games[i], 1000 + k, state, NULL, NULL) > 0);
            double returns[CARTA_MAX_SEATS] = {0}, sum = 0;
            g->returns(games[i].r, state, returns);
            int winner = carta_outcome_winner(g, games[i].r, state, n_seats(&games[i]));
            /* The returns add up to 1 over the sides: each seat, or each team once (its seats
             * share one return). */
            for (int s = 0; s < n_seats(&games[i]); s++) {
                assert_true(returns[s] >= 0 && returns[s] <= 1);
                int first_of_team = 1;
                for (int t = 0; t < s && g->team; t++)
                    if (g->team(games[i].r, state, t) == g->team(games[i].r, state, s)) {
                        assert_true(returns[t] == returns[s]);
                        first_of_team = 0;
                    }
                sum += first_of_team ? returns[s] : 0;
            }
            assert_true(sum > 0.99 && sum < 1.01);
            if (winner != CARTA_NO_SEAT)
                assert_true(returns[winner] == 1.0);
        }
        free(state);
    }
    close_games(games, n);
}

/* ---- clone ---- */

typedef struct clone_ctx {
    void *copy;
    int checked;
} clone_ctx;

/* A memcpy clone equals its original, and the same action keeps them equal. */
static void visit_clone(const test_game *t, const void *state, void *p)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    clone_ctx *c = p;
    size_t size = t->g->state_size;
    memcpy(c->copy, state, size);
    assert_memory_equal(c->copy, state, size);
    assert_true(carta_digest(c->copy, size) == carta_digest(state, size));
    int n = t->g->legal_actions(t->r, c->copy, legal);
    assert_true(n > 0);
    void *a = malloc(size), *b = malloc(size);
    carta_error err = {0};
    carta_action action = legal[(unsigned)c->checked % (unsigned)n];
    memcpy(a, state, size);
    memcpy(b, c->copy, size);
    assert_int_equal(t->g->apply(t->r, a, action, &err), CARTA_OK);
    assert_int_equal(t->g->apply(t->r, b, action, &err), CARTA_OK);
    assert_memory_equal(a, b, size);
    free(a);
    free(b);
    c->checked++;
}

static void test_clone_equals_original(void **unused)
{
    (void)unused;
    test_game games[MAX_TEST_GAMES];
    int n = open_games(games);
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size), *again = malloc(g->state_size);
        clone_ctx c = {malloc(g->state_size), 0};
        /* Setup is deterministic to the byte (padding included). */
        memset(state, 0xAA, g->state_size);
        memset(again, 0x55, g->state_size);
        setup_game(&games[i], 31, state);
        setup_game(&games[i], 31, again);
        assert_memory_equal(state, again, g->state_size);
        for (int k = 0; k < 10; k++)
            random_game(&games[i], 2000 + k, state, visit_clone, &c);
        assert_true(c.checked > 0);
        free(c.copy);
        free(state);
        free(again);
    }
    close_games(games, n);
}

/* ---- records: save, load, replay ---- */

static void record_round_trip(const test_game *t, uint64_t seed, const char *path)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    const carta_game *g = t->g;
    size_t size = g->state_size;
    void *state = malloc(size), *replayed = malloc(size);
    carta_error err = {0};
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = n_seats(t);
    config.seed = seed;
    for (int s = 0; s < config.n_seats; s++)
        assert_int_equal(g->deck_resolve(t->r, "random", carta_perft_deck_seed(seed, s),
                                         &config.decks[s], &err),
                         CARTA_OK);
    assert_int_equal(g->setup(t->r, state, &config, &err), CARTA_OK);
    carta_record rec;
    carta_record_init(&rec, g, &config);
    int cap = 1024, n_digests = 0;
    uint64_t *digests = malloc(sizeof *digests * (size_t)cap);
    digests[n_digests++] = carta_digest(state, size);
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    int n;
    while ((n = g->legal_actions(t->r, state, legal)) > 0) {
        carta_action a = legal[carta_rng_below(&rng, (uint32_t)n)];
        assert_int_equal(g->apply(t->r, state, a, &err), CARTA_OK);
        assert_int_equal(carta_record_push(&rec, a), CARTA_OK);
        if (n_digests == cap)
            digests = realloc(digests, sizeof *digests * (size_t)(cap *= 2));
        digests[n_digests++] = carta_digest(state, size);
        assert_true(n_digests < GAME_ACTION_BOUND);
    }
    rec.final_digest = digests[n_digests - 1];
    if (carta_record_save(&rec, t->r, path, &err) != CARTA_OK)
        fail_msg("%s: save: %s", g->id, err.msg);

    carta_record loaded;
    if (carta_record_load_game(&loaded, g, t->r, path, &err) != CARTA_OK)
        fail_msg("%s: load: %s", g->id, err.msg);
    assert_int_equal(loaded.n_actions, rec.n_actions);
    assert_memory_equal(loaded.actions, rec.actions, sizeof *rec.actions * (size_t)rec.n_actions);
    assert_true(loaded.final_digest == rec.final_digest);
    assert_int_equal(loaded.config.n_seats, config.n_seats);
    assert_true(loaded.config.seed == seed);
    for (int s = 0; s < config.n_seats; s++) {
        assert_int_equal(loaded.config.decks[s].n_cards, config.decks[s].n_cards);
        assert_memory_equal(loaded.config.decks[s].cards, config.decks[s].cards,
                            sizeof(uint16_t) * (size_t)config.decks[s].n_cards);
    }
    /* Every intermediate state: step by step from setup... */
    assert_int_equal(g->setup(t->r, replayed, &loaded.config, &err), CARTA_OK);
    assert_true(carta_digest(replayed, size) == digests[0]);
    for (int i = 0; i < loaded.n_actions; i++) {
        assert_int_equal(g->apply(t->r, replayed, loaded.actions[i], &err), CARTA_OK);
        if (carta_digest(replayed, size) != digests[i + 1])
            fail_msg("%s: state after action %d differs on replay", g->id, i + 1);
    }
    assert_memory_equal(replayed, state, size);
    /* ...and through carta_record_replay, at a few stopping points and in full. */
    for (int upto = 0; upto <= loaded.n_actions; upto += 1 + loaded.n_actions / 7) {
        assert_int_equal(carta_record_replay(&loaded, t->r, replayed, upto, 0, &err), CARTA_OK);
        assert_true(carta_digest(replayed, size) == digests[upto]);
    }
    assert_int_equal(carta_record_replay(&loaded, t->r, replayed, -1, 1, &err), CARTA_OK);
    assert_memory_equal(replayed, state, size);
    carta_record_free(&loaded);
    carta_record_free(&rec);
    free(digests);
    free(state);
    free(replayed);
}

static void test_record_round_trip_replays_every_state(void **unused)
{
    (void)unused;
    test_game games[MAX_TEST_GAMES];
    int n = open_games(games);
    char dir[] = "/tmp/carta-generic-XXXXXX";
    assert_non_null(mkdtemp(dir));
    for (int i = 0; i < n; i++) {
        char path[256];
        for (uint64_t seed = 1; seed <= 3; seed++) {
            snprintf(path, sizeof path, "%s/%s-%llu.json", dir, games[i].g->id,
                     (unsigned long long)seed);
            record_round_trip(&games[i], seed, path);
            unlink(path);
        }
    }
    rmdir(dir);
    close_games(games, n);
}

/* ---- every state keeps the contract's promises (core/invariant.h) ---- */

typedef struct invariant_ctx {
    carta_invariant_scratch *scratch;
    uint64_t salt, seed; /* seed: the game's, for the message */
    int checked;
} invariant_ctx;

/* The game's check, legal/to_act agreement, and for every seat: no leak into its observation
 * (unused slots clean; a twin differing only in what it cannot see, canaries in every unused
 * slot, observes the same, offers the same choices and, every 16th state, has the same
 * structured view), determinize conserving every card. */
static void visit_invariants(const test_game *t, const void *state, void *p)
{
    invariant_ctx *c = p;
    carta_error err = {0};
    carta_invariant_scratch_views(c->scratch, c->checked % 16 == 0); /* JSON is slow */
    if (carta_invariant_check(t->g, t->r, state, n_seats(t), c->salt++, c->scratch, &err))
        fail_msg("%s (%d seats), random game of seed %llu, state %d of the games: %s", t->g->id,
                 t->seats, (unsigned long long)c->seed, c->checked, err.msg);
    c->checked++;
}

static void test_every_state_keeps_invariants(void **unused)
{
    (void)unused;
    test_game games[MAX_TEST_GAMES];
    int n = open_games(games);
    for (int i = 0; i < n; i++) {
        void *state = malloc(games[i].g->state_size);
        invariant_ctx c = {carta_invariant_scratch_new(games[i].g), 1, 0, 0};
        assert_non_null(c.scratch);
        for (int k = 0; k < 20; k++) {
            c.seed = 3000 + (uint64_t)k;
            random_game(&games[i], c.seed, state, visit_invariants, &c);
        }
        assert_true(c.checked > 0);
        carta_invariant_scratch_free(c.scratch);
        free(state);
    }
    close_games(games, n);
}

/* ---- sample decks: mechanisms random decks seldom reach ---- */

typedef struct sample_decks {
    const char *game, *decks[4]; /* one deck spec per seat */
    int seats;
    const char *mark;            /* a key some state's view must show, as JSON text */
} sample_decks;

static const sample_decks samples[] = {
    /* Archmajesty's minions: a summoner and a mage with a companion (issue 15) */
    {"archmajesty", {"Ysra Cairncall", "Tamsin Hale", "random"}, 3, "\"command_points\""},
    {"archmajesty", {"Ysra Cairncall", "Rat Warren"}, 2, "\"summoned\""},
};

/* Whether seat's view of state shows mark. */
static int sample_shows(const test_game *t, const void *state, int seat, const char *mark)
{
    carta_view *v = carta_view_observation(t->g, t->r, state, seat);
    char *text = json_dumps(carta_view_json(v), JSON_COMPACT); /* the view owns its tree */
    int shown = text && strstr(text, mark) != NULL;
    free(text);
    carta_view_free(v);
    return shown;
}

static void sample_play(const test_game *t, const sample_decks *d, uint64_t seed, void *state,
                        invariant_ctx *c, int *shown)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    carta_error err = {0};
    carta_config config;
    memset(&config, 0, sizeof config);
    config.n_seats = d->seats;
    config.seed = seed;
    for (int s = 0; s < d->seats; s++)
        if (t->g->deck_resolve(t->r, d->decks[s], seed + (uint64_t)s, &config.decks[s], &err))
            fail_msg("%s: sample deck '%s': %s", t->g->id, d->decks[s], err.msg);
    if (t->g->setup(t->r, state, &config, &err))
        fail_msg("%s: sample decks setup: %s", t->g->id, err.msg);
    carta_rng rng;
    carta_rng_seed(&rng, seed ^ 0x5a3);
    int n, moves = 0;
    c->seed = seed;
    while ((n = t->g->legal_actions(t->r, state, legal)) > 0 && moves++ < GAME_ACTION_BOUND) {
        visit_invariants(t, state, c);
        if (!*shown && moves % 8 == 0)
            *shown = sample_shows(t, state, 0, d->mark);
        if (t->g->apply(t->r, state, legal[carta_rng_below(&rng, (uint32_t)n)], &err))
            fail_msg("%s: legal action refused: %s", t->g->id, err.msg);
    }
}

static void test_sample_decks_keep_invariants(void **unused)
{
    (void)unused;
    test_game games[MAX_TEST_GAMES];
    int n = open_games(games);
    for (size_t k = 0; k < sizeof samples / sizeof samples[0]; k++)
        for (int i = 0; i < n; i++) {
            if (strcmp(games[i].g->id, samples[k].game) || games[i].seats != samples[k].seats)
                continue;
            void *state = malloc(games[i].g->state_size);
            invariant_ctx c = {carta_invariant_scratch_new(games[i].g), 7, 0, 0};
            int shown = 0;
            for (uint64_t seed = 1; seed <= 6; seed++)
                sample_play(&games[i], &samples[k], 5000 + seed, state, &c, &shown);
            if (!shown)
                fail_msg("%s: no state of the sample decks' games shows %s", samples[k].game,
                         samples[k].mark);
            carta_invariant_scratch_free(c.scratch);
            free(state);
        }
    close_games(games, n);
}

/* ---- illegal actions ---- */

typedef struct illegal_ctx {
    void *copy;
    carta_rng rng;
    int refused;
} illegal_ctx;

static int in_list(const carta_action *list, int n, carta_action a)
{
    for (int i = 0; i < n; i++)
        if (list[i] == a)
            return 1;
    return 0;
}

/* Actions near the legal ones and random ones, when not legal, are refused with no change. */
static void visit_illegal(const test_game *t, const void *state, void *p)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    illegal_ctx *c = p;
    size_t size = t->g->state_size;
    int n = t->g->legal_actions(t->r, state, legal);
    for (int k = 0; k < 24; k++) {
        carta_action a;
        switch (k % 4) {
        case 0: a = carta_rng_next(&c->rng); break;
        case 1: a = carta_rng_below(&c->rng, 4096); break;
        case 2: a = legal[carta_rng_below(&c->rng, (uint32_t)n)] + 1 + (k & 7); break;
        default: a = legal[carta_rng_below(&c->rng, (uint32_t)n)] ^ (1u << (k % 32)); break;
        }
        if (in_list(legal, n, a))
            continue;
        carta_error err = {0};
        memcpy(c->copy, state, size);
        carta_status st = carta_apply_checked(t->g, t->r, c->copy, a, &err);
        if (st != CARTA_ERR_ILLEGAL)
            fail_msg("%s: action %u is not in the legal list but apply returned %d", t->g->id,
                     (unsigned)a, (int)st);
        assert_memory_equal(c->copy, state, size);
        c->refused++;
    }
}

static void test_illegal_action_refused_unchanged(void **unused)
{
    (void)unused;
    test_game games[MAX_TEST_GAMES];
    int n = open_games(games);
    for (int i = 0; i < n; i++) {
        const carta_game *g = games[i].g;
        void *state = malloc(g->state_size);
        illegal_ctx c = {malloc(g->state_size), {{0}}, 0};
        carta_rng_seed(&c.rng, 99);
        for (int k = 0; k < 10; k++)
            random_game(&games[i], 4000 + k, state, visit_illegal, &c);
        assert_true(c.refused > 0);
        /* Once the game is over every action is illegal. */
        carta_error err = {0};
        memcpy(c.copy, state, g->state_size);
        assert_int_equal(carta_apply_checked(g, games[i].r, c.copy, 0, &err), CARTA_ERR_ILLEGAL);
        assert_memory_equal(c.copy, state, g->state_size);
        free(c.copy);
        free(state);
    }
    close_games(games, n);
}

/* ---- perft ---- */

static uint64_t perft_count(const test_game *t, uint64_t seed, int depth)
{
    uint64_t counts[CARTA_PERFT_MAX_DEPTH + 1];
    carta_error err = {0};
    void *state = malloc(t->g->state_size);
    setup_game(t, seed, state);
    if (carta_perft(t->g, t->r, state, depth, counts, &err) != CARTA_OK)
        fail_msg("%s perft: %s", t->g->id, err.msg);
    free(state);
    return counts[depth];
}

static void perft_path(const test_game *t, char *path, size_t cap)
{
    snprintf(path, cap, "%s/perft/%s.txt", CARTA_TESTS_DIR, t->g->id);
}

/* Writes the table of t's game, every seat count of it (the entries games[0..n) of that game),
 * in the lines `carta perft` prints. */
static void perft_write(const test_game *t, const test_game *games, int n)
{
    char path[1024];
    perft_path(t, path, sizeof path);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "# Legal action sequence counts from fixed seeds (tests/unit/test_generic.c).\n"
               "# Regenerate after an intended rules change: CARTA_PERFT_WRITE=1 "
               "build/test_generic\n");
    for (int i = 0; i < n; i++) {
        const test_game *e = &games[i];
        if (e->g != t->g)
            continue;
        char seats[32] = "";
        if (e->seats != default_seats(e->g))
            snprintf(seats, sizeof seats, " seats %d", e->seats);
        for (uint64_t seed = 1; seed <= PERFT_SEEDS; seed++)
            for (int d = 1; d <= e->depth; d++)
                fprintf(f, "perft %s%s seed %llu depth %d: %llu\n", e->g->id, seats,
                        (unsigned long long)seed, d, (unsigned long long)perft_count(e, seed, d));
    }
    assert_int_equal(fclose(f), 0);
}

/* Checks every line of t's table for t's seat count; fails if there is none. */
static void perft_check(const test_game *t)
{
    char path[1024], line[512];
    perft_path(t, path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("%s: no perft table %s (make it: CARTA_PERFT_WRITE=1 build/test_generic)",
                 t->g->id, path);
    int checked = 0, line_no = 0;
    while (fgets(line, sizeof line, f)) {
        char id[64];
        unsigned long long seed, want;
        int depth, seats = default_seats(t->g);
        line_no++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "perft %63s seats %d seed %llu depth %d: %llu", id, &seats, &seed,
                   &depth, &want) != 5 &&
            sscanf(line, "perft %63s seed %llu depth %d: %llu", id, &seed, &depth, &want) != 4)
            fail_msg("%s:%d: malformed perft line", path, line_no);
        if (strcmp(id, t->g->id) != 0 || depth < 0 || depth > CARTA_PERFT_MAX_DEPTH)
            fail_msg("%s:%d: malformed perft line", path, line_no);
        if (seats != t->seats)
            continue;
        uint64_t got = perft_count(t, seed, depth);
        if (got != want)
            fail_msg("%s:%d: perft seats %d seed %llu depth %d: expected %llu, got %llu", path,
                     line_no, seats, seed, depth, want, (unsigned long long)got);
        checked++;
    }
    fclose(f);
    assert_true(checked > 0);
}

static void test_perft_matches_table(void **unused)
{
    (void)unused;
    test_game games[MAX_TEST_GAMES];
    int n = open_games(games);
    const char *write = getenv("CARTA_PERFT_WRITE");
    for (int i = 0; i < n; i++)
        if (write && *write && strcmp(write, "0") != 0 && games[i].owner)
            perft_write(&games[i], games, n);
    for (int i = 0; i < n; i++)
        perft_check(&games[i]);
    close_games(games, n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_games_end),
        cmocka_unit_test(test_clone_equals_original),
        cmocka_unit_test(test_record_round_trip_replays_every_state),
        cmocka_unit_test(test_every_state_keeps_invariants),
        cmocka_unit_test(test_illegal_action_refused_unchanged),
        cmocka_unit_test(test_sample_decks_keep_invariants),
        cmocka_unit_test(test_perft_matches_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
