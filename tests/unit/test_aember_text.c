/* test_aember_text.c: what the terminal tells a player about the opponent's moves. Hidden
 * information (DESIGN.md, "Hidden information is enforced"): a move's text may name a card only
 * if the move itself reveals it, i.e. a card played or discarded from hand (aember.txt: "When a
 * card is destroyed or discarded, it is placed on the owner's discard pile. The cards in the
 * discard pile are open information"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "games/aember/aember.h"
#include "games/registry.h"

static carta_rules *R;
static const carta_game *G;

static int group_setup(void **unused)
{
    (void)unused;
    carta_error err;
    carta_error_clear(&err);
    G = carta_game_find("aember");
    R = G ? G->open(CARTA_DATA_DIR "/aember", &err) : NULL;
    if (!R)
        fprintf(stderr, "open: %s\n", err.msg);
    return R ? 0 : -1;
}

static int group_teardown(void **unused)
{
    (void)unused;
    G->close(R);
    return 0;
}

static void start(aember_state *st, uint64_t seed)
{
    carta_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.n_seats = 2;
    cfg.seed = seed;
    carta_error err;
    carta_error_clear(&err);
    for (int p = 0; p < 2; p++)
        assert_int_equal(G->deck_resolve(R, "random", seed * 2 + (uint64_t)p, &cfg.decks[p], &err),
                         CARTA_OK);
    assert_int_equal(G->setup(R, st, &cfg, &err), CARTA_OK);
}

static int reveals(carta_action a)
{
    int kind = AEMBER_ACT_KIND(a);
    return kind == AEMBER_A_PLAY || kind == AEMBER_A_PLAY_UPGRADE || kind == AEMBER_A_DISCARD;
}

static void mark_zone(const aember_zone *z, unsigned char *seen)
{
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] != AEMBER_UNKNOWN)
            seen[z->cards[i]] = 1;
}

/* Marks every card id that occurs in st (unknowns skipped). */
static void mark_state(const aember_state *st, unsigned char *seen)
{
    for (int p = 0; p < AEMBER_SEATS; p++) {
        const aember_seat *s = &st->seat[p];
        mark_zone(&s->hand, seen);
        mark_zone(&s->deck, seen);
        mark_zone(&s->discard, seen);
        mark_zone(&s->archives, seen);
        mark_zone(&s->purged, seen);
        for (int i = 0; i < s->n_line; i++) {
            seen[s->line[i].card] = 1;
            for (int u = 0; u < s->line[i].n_upgrades; u++)
                seen[s->line[i].upgrades[u] & ~AEMBER_UPGRADE_OWNER] = 1;
        }
        for (int i = 0; i < s->n_artifacts; i++)
            seen[s->artifacts[i].card] = 1;
    }
}

/* True if text names the card: its name, not followed by more of a longer name. */
static int names(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
        if (p[n] == '\0' || p[n] == ' ' || p[n] == ',')
            return 1;
    return 0;
}

/* Along random games: the text of a move that reveals nothing names no card that only a hidden
 * zone holds (a card the viewer cannot see anywhere), and it is the same whatever the hidden
 * cards are (resampled by determinize from the viewer's view). */
static void test_moves_name_no_hidden_card(void **unused)
{
    (void)unused;
    static aember_state st, other;
    carta_action legal[CARTA_MAX_ACTIONS];
    carta_rng rng;
    carta_rng_seed(&rng, 99);
    int compared = 0;
    for (uint64_t game = 1; game <= 20; game++) {
        start(&st, game);
        for (int step = 0; step < 400 && G->to_act(R, &st) != CARTA_NO_SEAT; step++) {
            int n = G->legal_actions(R, &st, legal);
            int viewer = !G->to_act(R, &st);
            other = st;
            G->determinize(R, &other, viewer, game * 1000 + (uint64_t)step);
            static unsigned char visible[CARTA_CATALOG_MAX], anywhere[CARTA_CATALOG_MAX];
            static aember_state view;
            memset(visible, 0, sizeof visible);
            memset(anywhere, 0, sizeof anywhere);
            G->observe(R, &st, viewer, &view);
            mark_state(&view, visible);
            mark_state(&st, anywhere);
            for (int i = 0; i < n; i++) {
                char a[256], b[256];
                G->describe_move(R, &st, legal[i], viewer, a, sizeof a);
                if (reveals(legal[i]))
                    continue;
                for (int id = 0; id < R->n_defs; id++)
                    if (anywhere[id] && !visible[id] && names(a, G->card_name(R, id)))
                        fail_msg("game %d step %d: '%s' names hidden card '%s'", (int)game, step,
                                 a, G->card_name(R, id));
                G->describe_move(R, &other, legal[i], viewer, b, sizeof b);
                if (strcmp(a, b) != 0)
                    fail_msg("game %d step %d: '%s' vs '%s' leaks a hidden card", (int)game, step,
                             a, b);
                compared++;
            }
            carta_error err;
            carta_error_clear(&err);
            assert_int_equal(G->apply(R, &st, legal[carta_rng_below(&rng, (uint32_t)n)], &err),
                             CARTA_OK);
        }
    }
    assert_true(compared > 1000);
}

/* A card played from the opponent's hidden hand is named by the move that plays it. */
static void test_play_names_the_card(void **unused)
{
    (void)unused;
    static aember_state st;
    carta_action legal[CARTA_MAX_ACTIONS];
    int checked = 0;
    for (uint64_t game = 1; game <= 20 && !checked; game++) {
        start(&st, game);
        while (G->to_act(R, &st) != CARTA_NO_SEAT && !checked) {
            int n = G->legal_actions(R, &st, legal);
            for (int i = 0; i < n && !checked; i++) {
                if (AEMBER_ACT_KIND(legal[i]) != AEMBER_A_PLAY)
                    continue;
                int mover = st.active;
                const char *name = G->card_name(R, st.seat[mover].hand.cards[AEMBER_ACT_A(legal[i])]);
                char text[256];
                G->describe_move(R, &st, legal[i], !mover, text, sizeof text);
                assert_non_null(strstr(text, name));
                checked = 1;
            }
            carta_error err;
            carta_error_clear(&err);
            assert_int_equal(G->apply(R, &st, legal[n - 1], &err), CARTA_OK);
        }
    }
    assert_true(checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_name_no_hidden_card),
        cmocka_unit_test(test_play_names_the_card),
    };
    return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
