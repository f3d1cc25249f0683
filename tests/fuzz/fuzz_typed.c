/* fuzz_typed.c: libFuzzer harness: the input as typed text, parsed by carta_action_parse and
 * carta_action_parse_chain on fixed mid-game states of Æmber, Leaders and Arkhtide. */
#include "ai/perft.h"
#include "core/game.h"
#include "fuzz_common.h"
#include "games/registry.h"

enum { FUZZ_TYPED_GAMES = 3, FUZZ_TYPED_MAX = 4096, FUZZ_TYPED_PLIES = 24 };

typedef struct fuzz_typed_game {
    const carta_game *g;
    carta_rules *rules;
    void *state, *scratch;
} fuzz_typed_game;

static fuzz_typed_game fuzz_typed_games[FUZZ_TYPED_GAMES];
static carta_action fuzz_typed_legal[CARTA_MAX_ACTIONS];

/* Opens game id and plays a fixed sequence of legal moves from a fixed seed into t->state. */
static void fuzz_typed_prepare(fuzz_typed_game *t, const char *id)
{
    carta_error err = {0};
    char dir[512];
    t->g = carta_game_find(id);
    snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, id);
    t->rules = t->g ? t->g->open(dir, &err) : NULL;
    t->state = t->g ? calloc(1, t->g->state_size) : NULL;
    t->scratch = t->g ? calloc(2, t->g->state_size) : NULL;
    if (!t->rules || !t->state || !t->scratch ||
        carta_perft_setup(t->g, t->rules, 7, t->g->min_seats, t->state, &err) != CARTA_OK) {
        fprintf(stderr, "fuzz_typed: cannot set up %s: %s\n", id, err.msg);
        abort();
    }
    /* At least FUZZ_TYPED_PLIES moves, then on until a choice among several (at most 4x). */
    for (int ply = 0; ply < 4 * FUZZ_TYPED_PLIES; ply++) {
        int n = t->g->legal_actions(t->rules, t->state, fuzz_typed_legal);
        if (n <= 0 || (ply >= FUZZ_TYPED_PLIES && n >= 4))
            break;
        carta_action a = fuzz_typed_legal[(ply * 7 + 3) % n];
        if (t->g->apply(t->rules, t->state, a, &err) != CARTA_OK)
            abort();
    }
}

static void fuzz_typed_init(void)
{
    static int done;
    if (done)
        return;
    done = 1;
    static const char *const ids[FUZZ_TYPED_GAMES] = {"aember", "leaders", "arkhtide"};
    for (int i = 0; i < FUZZ_TYPED_GAMES; i++)
        fuzz_typed_prepare(&fuzz_typed_games[i], ids[i]);
}

/* Parses typed for every seat of t; a parse that succeeds must give legal actions. */
static void fuzz_typed_run(const fuzz_typed_game *t, const char *typed)
{
    carta_action one;
    carta_chain chain;
    carta_error err = {0};
    int to_act = t->g->to_act(t->rules, t->state);
    if (to_act != CARTA_NO_SEAT &&
        carta_action_parse(t->g, t->rules, t->state, typed, &one, &err) == CARTA_OK) {
        int n = t->g->legal_actions(t->rules, t->state, fuzz_typed_legal), found = 0;
        for (int k = 0; k < n; k++)
            found |= fuzz_typed_legal[k] == one;
        if (!found)
            abort();
    }
    for (int seat = 0; seat < t->g->min_seats; seat++) {
        carta_error cerr = {0};
        (void)carta_action_parse_chain(t->g, t->rules, t->state, seat, typed, t->scratch, &chain,
                                       &cerr);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char typed[FUZZ_TYPED_MAX];
    fuzz_typed_init();
    if (size >= sizeof typed)
        size = sizeof typed - 1;
    if (size)
        memcpy(typed, data, size);
    typed[size] = '\0';
    for (int i = 0; i < FUZZ_TYPED_GAMES; i++)
        fuzz_typed_run(&fuzz_typed_games[i], typed);
    return 0;
}
