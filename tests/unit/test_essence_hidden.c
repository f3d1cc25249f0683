/* test_essence_hidden.c: what Essence hides (essence.txt, 1.3. CARD TYPES: "The Carta Essentia
 * must not be shown to opponents except as proof"; 2.2: each player "looks at it and puts it to
 * the side face down"): two true states that differ only in another seat's Carta Essentia, the
 * Carta Essentia left in the box, another seat's unseen hand cards and the order of every Realm
 * Stack and of the Fate Deck look byte-identical to a seat, in observation and view; to the seat
 * whose Carta changed they do not. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/rng.h"
#include "games/essence/essence.h"
#include "support/essence_fixture.h"
#include "games/registry.h"

#define G essfx_game
#define R essfx_rules


static void reverse(uint16_t *cards, uint8_t *known, int n)
{
    for (int i = 0, k = n - 1; i < k; i++, k--) {
        uint16_t c = cards[i];
        uint8_t b = known[i];
        cards[i] = cards[k];
        cards[k] = c;
        known[i] = known[k];
        known[k] = b;
    }
}

/* b: a differs in seat `other`'s Carta (swapped with the box's top), the box's order, other's
 * hand cards nobody else knows (swapped with cards of their realm's stack that nobody knows) and
 * the order of every stack and of the Fate Deck. */
static void twin(const ess_state *a, ess_state *b, int other)
{
    memcpy(b, a, sizeof *b);
    ess_seat *s = &b->seat[other];
    uint16_t mine = s->carta.cards[0];
    s->carta.cards[0] = b->carta_box.cards[b->carta_box.n - 1];
    b->carta_box.cards[b->carta_box.n - 1] = mine;
    reverse(b->carta_box.cards, b->carta_box.known, b->carta_box.n);
    for (int i = 0; i < s->hand.n; i++) {
        if (s->hand.known[i])
            continue;
        int realm = ess_card_of(R, s->hand.cards[i])->realm;
        ess_pile *stack = &b->stack[realm];
        for (int k = 0; k < stack->n; k++)
            if (!stack->known[k] && stack->cards[k] != s->hand.cards[i]) {
                uint16_t t = stack->cards[k];
                stack->cards[k] = s->hand.cards[i];
                s->hand.cards[i] = t;
                break;
            }
    }
    for (int realm = 0; realm < ESS_REALMS; realm++) {
        ess_pile *stack = &b->stack[realm];
        for (int i = 0, k = stack->n - 1; i < k; i++, k--)
            if (!stack->known[i] && !stack->known[k]) { /* a known card keeps its place */
                uint16_t c = stack->cards[i];
                stack->cards[i] = stack->cards[k];
                stack->cards[k] = c;
            }
    }
    reverse(b->fate_deck.cards, b->fate_deck.known, b->fate_deck.n);
}

static void test_a_seat_cannot_tell_what_it_may_not_see(void **unused)
{
    (void)unused;
    static ess_state a, b, oa, ob;
    carta_action legal[CARTA_MAX_ACTIONS];
    int compared = 0, differs = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        int seats = 2 + (int)(seed % 3);
        carta_error err = {0};
        essfx_setup(&a, seats, seed);
        carta_rng rng;
        carta_rng_seed(&rng, seed);
        for (int step = 0; step < 600 && G->to_act(R, &a) != CARTA_NO_SEAT; step++) {
            if (step % 25 == 0 && a.turn > 0 && a.carta_box.n) {
                int other = (int)(seed % (uint64_t)seats);
                twin(&a, &b, other);
                assert_int_equal(G->check(R, &b, &err), CARTA_OK);
                for (int v = -1; v < seats; v++) {
                    G->observe(R, &a, v, &oa);
                    G->observe(R, &b, v, &ob);
                    if (v == other) {
                        differs += memcmp(&oa, &ob, sizeof oa) != 0;
                        continue;
                    }
                    assert_memory_equal(&oa, &ob, sizeof oa);
                    char *ja = essfx_view_json(&oa, v), *jb = essfx_view_json(&ob, v);
                    assert_string_equal(ja, jb);
                    free(ja);
                    free(jb);
                    compared++;
                }
            }
            int n = G->legal_actions(R, &a, legal);
            G->apply(R, &a, legal[carta_rng_below(&rng, (uint32_t)n)], NULL);
        }
    }
    assert_true(compared > 50);
    assert_true(differs > 10); /* the twin does differ: the test can fail */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_seat_cannot_tell_what_it_may_not_see),
    };
    return cmocka_run_group_tests(tests, essfx_open, essfx_close);
}
