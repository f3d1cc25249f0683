/* test_core_simultaneous.c: seats deciding at the same moment (core/simultaneous.h): each asked
 * at once, a part of several choices, the choices applied in the game's order, refusals that
 * change nothing, and the check that catches a game whose "simultaneous" choices depend on each
 * other. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/simultaneous.h"

/* Three seats each pick a number 1..3 face down, then seat 0 also says 1 or 2 (two choices);
 * picks happen in seat order. With `leaky`, seat 1 may only pick what seat 0 did not. */
typedef struct fake_state {
    int8_t next;         /* the seat picking, 3 when done */
    int8_t step;         /* seat 0's second choice pending */
    int8_t pick[3];
    int8_t extra;
    int8_t leaky;
} fake_state;

static int fake_to_act(const carta_rules *r, const void *s)
{
    (void)r;
    const fake_state *st = s;
    return st->next < 3 ? st->next : CARTA_NO_SEAT;
}

static unsigned fake_deciding(const carta_rules *r, const void *s)
{
    (void)r;
    return ((const fake_state *)s)->next < 3 ? 7u : 0u;
}

static int fake_legal(const carta_rules *r, const void *s, carta_action *out)
{
    (void)r;
    const fake_state *st = s;
    int n = 0;
    if (st->next >= 3)
        return 0;
    for (int v = 1; v <= (st->step ? 2 : 3); v++)
        if (!(st->leaky && st->next == 1 && st->pick[0] == v))
            out[n++] = (carta_action)(st->step ? 10 + v : v);
    return n;
}

static carta_status fake_apply(const carta_rules *r, void *s, carta_action a, carta_error *err)
{
    (void)r;
    (void)err;
    fake_state *st = s;
    if (a > 10) {
        st->extra = (int8_t)(a - 10);
        st->step = 0;
        st->next++;
    } else {
        st->pick[st->next] = (int8_t)a;
        if (st->next == 0)
            st->step = 1;
        else
            st->next++;
    }
    return CARTA_OK;
}

static const carta_game fake = {.id = "fake", .state_size = sizeof(fake_state),
                                .to_act = fake_to_act, .deciding = fake_deciding,
                                .legal_actions = fake_legal, .apply = fake_apply};

static void test_every_seat_asked_at_once(void **unused)
{
    (void)unused;
    fake_state st = {0}, scratch;
    carta_action out[CARTA_MAX_ACTIONS];
    assert_int_equal(carta_deciding(&fake, NULL, &st), 7);
    assert_int_equal(carta_simultaneous_legal(&fake, NULL, &st, 2, NULL, 0, &scratch, out), 3);
    carta_action first = 2;
    assert_int_equal(carta_simultaneous_legal(&fake, NULL, &st, 0, &first, 1, &scratch, out), 2);
    assert_int_equal(out[0], 11);
    carta_action both[2] = {2, 12};
    assert_int_equal(carta_simultaneous_legal(&fake, NULL, &st, 0, both, 2, &scratch, out), 0);
    carta_action bad = 9;
    assert_int_equal(carta_simultaneous_legal(&fake, NULL, &st, 1, &bad, 1, &scratch, out), -1);
    assert_int_equal(carta_simultaneous_check(&fake, NULL, &st, &scratch, NULL), CARTA_OK);
}

static void test_applied_in_order(void **unused)
{
    (void)unused;
    fake_state st = {0}, scratch;
    carta_action s0[2] = {3, 11}, s1[1] = {1}, s2[1] = {2};
    const carta_action *mine[CARTA_MAX_SEATS] = {s0, s1, s2};
    int n_mine[CARTA_MAX_SEATS] = {2, 1, 1};
    carta_error err = {0};
    fake_state before = st;
    n_mine[2] = 0; /* seat 2 has not chosen yet: nothing is applied */
    assert_int_equal(carta_simultaneous_apply(&fake, NULL, &st, mine, n_mine, &scratch, &err), -1);
    assert_memory_equal(&st, &before, sizeof st);
    n_mine[2] = 1;
    assert_int_equal(carta_simultaneous_apply(&fake, NULL, &st, mine, n_mine, &scratch, &err), 4);
    assert_int_equal(st.pick[0], 3);
    assert_int_equal(st.extra, 1);
    assert_int_equal(st.pick[1], 1);
    assert_int_equal(st.pick[2], 2);
    assert_int_equal(fake_to_act(NULL, &st), CARTA_NO_SEAT);
}

static void test_check_catches_dependent_choices(void **unused)
{
    (void)unused;
    fake_state st = {.leaky = 1}, scratch;
    carta_error err = {0};
    assert_int_equal(carta_simultaneous_check(&fake, NULL, &st, &scratch, &err), CARTA_ERR_STATE);
    assert_non_null(strstr(err.msg, "player 2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_seat_asked_at_once),
        cmocka_unit_test(test_applied_in_order),
        cmocka_unit_test(test_check_catches_dependent_choices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
