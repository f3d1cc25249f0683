/* test_hidden_moves.c: what a seat is told of another seat's move hides what it may not know
 * (DESIGN.md, "Hidden information is enforced"), on every registered rule system.
 *
 * For states along random games and a sample of the legal moves of the seat to act, as told to
 * each other seat v (describe_move): every card the text names is on v's board (render of v's
 * observation) before or after the move, or in what the move's events tell v. A card played from
 * a hidden hand is on the board after it (or in the events, if it went on to a hidden zone); a
 * card searched for in a hidden deck is on neither. */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ai/perft.h"
#include "core/event.h"
#include "core/layout.h"
#include "core/rng.h"
#include "games/registry.h"

enum { GAMES = 8, STEPS = 400, MOVES = 16 };

/* True if text names the card: its name, not continued by more of a longer name. */
static int names(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
        if (!isalnum((unsigned char)p[n]))
            return 1;
    return 0;
}

/* Every card named in the text told to viewer is on viewer's board before or after the move. */
static void check_move(const carta_game *g, const carta_rules *r, const unsigned char *state,
                       carta_action a, int viewer, unsigned char *work, carta_text *board)
{
    unsigned char *after = work, *view = work + g->state_size;
    char text[256];
    carta_describe_move(g, r, state, a, viewer, view, text, sizeof text);
    carta_text_clear(board);
    g->observe(r, state, viewer, view);
    g->render(r, view, viewer, board);
    memcpy(after, state, g->state_size);
    if (g->apply(r, after, a, NULL) != CARTA_OK)
        fail_msg("%s: a legal move was refused", g->id);
    g->observe(r, after, viewer, view);
    g->render(r, view, viewer, board);
    const carta_events *told = carta_layout_events_of(g->layout(r), view);
    if (told)
        carta_events_text(g, r, told, viewer, "", board);
    for (int id = 0; g->card_id(r, g->card_name(r, id)) == id; id++) {
        const char *name = g->card_name(r, id);
        if (names(text, name) && !names(carta_text_str(board), name))
            fail_msg("%s: seat %d was told '%s', naming '%s', which it cannot see:\n%s", g->id,
                     viewer, text, name, carta_text_str(board));
    }
}

static void test_moves_hide_what_the_viewer_cannot_see(void **unused)
{
    (void)unused;
    carta_rng rng;
    carta_rng_seed(&rng, 21);
    carta_text board = {0};
    for (int gi = 0; gi < carta_game_count(); gi++) {
        const carta_game *g = carta_game_at(gi);
        carta_error err = {0};
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
        carta_rules *r = g->open(dir, &err);
        assert_non_null(r);
        unsigned char *state = calloc(3, g->state_size), *work = state + g->state_size;
        carta_action legal[CARTA_MAX_ACTIONS];
        for (int game = 0; game < GAMES; game++) {
            int seats = g->min_seats + game % (g->max_seats - g->min_seats + 1);
            assert_int_equal(carta_perft_setup(g, r, 100 + (uint64_t)game, seats, state, &err),
                             CARTA_OK);
            for (int step = 0; step < STEPS && g->to_act(r, state) != CARTA_NO_SEAT; step++) {
                int n = g->legal_actions(r, state, legal), mover = g->to_act(r, state);
                for (int v = 0; v < seats; v++) {
                    if (v == mover)
                        continue;
                    /* a sample of the moves: all of them when there are few */
                    for (int k = 0; k < MOVES && k < n; k++) {
                        int i = n <= MOVES ? k : (int)carta_rng_below(&rng, (uint32_t)n);
                        check_move(g, r, state, legal[i], v, work, &board);
                    }
                }
                assert_int_equal(
                    g->apply(r, state, legal[carta_rng_below(&rng, (uint32_t)n)], NULL),
                    CARTA_OK);
            }
        }
        free(state);
        g->close(r);
    }
    carta_text_free(&board);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_hide_what_the_viewer_cannot_see),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
