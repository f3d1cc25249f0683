/* test_core_window.c: response windows (core/window.h): seat order, seats sitting out skipped,
 * closing when every seat still in passes in a row, reopening after an answer, a seat leaving. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "core/window.h"
#include "core/zone.h"

/* Essence's interference: the active player (seat 0) sits out; opponents are asked in order. */
static void test_opponents_asked_in_order_until_all_pass(void **unused)
{
    (void)unused;
    carta_window w;
    assert_true(carta_window_open(&w, 1, 4, CARTA_SEAT_BIT(0)));
    assert_int_equal(w.seat, 1);
    assert_false(carta_window_pass(&w));
    assert_int_equal(w.seat, 2);
    assert_false(carta_window_pass(&w));
    assert_int_equal(w.seat, 3);
    assert_true(carta_window_pass(&w));
    assert_false(carta_window_is_open(&w));
}

static void test_answer_reopens_for_the_others(void **unused)
{
    (void)unused;
    carta_window w;
    carta_window_open(&w, 0, 3, 0);
    assert_false(carta_window_pass(&w)); /* 0 passes */
    carta_window_answer(&w, 0);          /* 1 answers: 2, then 0, then 1 may answer it */
    assert_int_equal(w.seat, 2);
    assert_false(carta_window_pass(&w));
    assert_int_equal(w.seat, 0);
    assert_false(carta_window_pass(&w));
    assert_int_equal(w.seat, 1);
    assert_true(carta_window_pass(&w));
}

/* A Turn of several actions: the seat that acted is asked again until it ends its Turn. */
static void test_answer_again_keeps_the_seat(void **unused)
{
    (void)unused;
    carta_window w;
    carta_window_open(&w, 1, 2, 0);
    carta_window_answer(&w, 1);
    assert_int_equal(w.seat, 1);
    assert_int_equal(w.passed, 0);
}

static void test_first_seat_out_and_all_out(void **unused)
{
    (void)unused;
    carta_window w;
    assert_true(carta_window_open(&w, 2, 4, CARTA_SEAT_BIT(2) | CARTA_SEAT_BIT(3)));
    assert_int_equal(w.seat, 0);
    assert_false(carta_window_open(&w, 0, 2, CARTA_SEAT_BIT(0) | CARTA_SEAT_BIT(1)));
    assert_false(carta_window_is_open(&w));
}

/* A Seeker eliminated while asked: the next one is asked; the passes already made count. */
static void test_leaving_seat(void **unused)
{
    (void)unused;
    carta_window w;
    carta_window_open(&w, 0, 3, 0);
    assert_false(carta_window_pass(&w)); /* 0 */
    assert_false(carta_window_pass(&w)); /* 1 */
    assert_false(carta_window_leave(&w, 1));
    assert_int_equal(w.seat, 2);
    assert_true(carta_window_pass(&w)); /* 2 passes too: 0 and 2, all still in, have passed */

    carta_window_open(&w, 0, 3, 0);
    carta_window_pass(&w);
    carta_window_pass(&w);
    assert_true(carta_window_leave(&w, 2)); /* the last one asked leaves: the others passed */
    assert_false(carta_window_is_open(&w));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_opponents_asked_in_order_until_all_pass),
        cmocka_unit_test(test_answer_reopens_for_the_others),
        cmocka_unit_test(test_answer_again_keeps_the_seat),
        cmocka_unit_test(test_first_seat_out_and_all_out),
        cmocka_unit_test(test_leaving_seat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
