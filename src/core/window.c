/* window.c: response windows (window.h). */
#include "window.h"

#include "zone.h"

/* The seats still in, as a mask. */
static uint8_t window_in(const carta_window *w)
{
    return (uint8_t)(((1u << w->n_seats) - 1) & ~w->out);
}

/* Whether every seat still in has passed since the last answer. */
static int window_all_passed(const carta_window *w)
{
    return (window_in(w) & ~w->passed) == 0;
}

int carta_window_next_seat(const carta_window *w, int from)
{
    for (int k = 1; k <= w->n_seats; k++) {
        int s = (from + k) % w->n_seats;
        if (!(w->out & CARTA_SEAT_BIT(s)))
            return s;
    }
    return -1;
}

int carta_window_open(carta_window *w, int first, int n_seats, uint8_t out)
{
    *w = (carta_window){.seat = -1, .n_seats = (uint8_t)n_seats, .out = out};
    if (first < 0 || first >= n_seats || !window_in(w))
        return 0;
    w->seat = (int8_t)((out & CARTA_SEAT_BIT(first)) ? carta_window_next_seat(w, first) : first);
    return 1;
}

int carta_window_pass(carta_window *w)
{
    if (w->seat < 0)
        return 1;
    w->passed |= CARTA_SEAT_BIT(w->seat);
    if (window_all_passed(w)) {
        carta_window_close(w);
        return 1;
    }
    w->seat = (int8_t)carta_window_next_seat(w, w->seat);
    return 0;
}

void carta_window_answer(carta_window *w, int again)
{
    if (w->seat < 0)
        return;
    w->passed = 0;
    if (!again)
        w->seat = (int8_t)carta_window_next_seat(w, w->seat);
}

int carta_window_leave(carta_window *w, int seat)
{
    w->out |= CARTA_SEAT_BIT(seat);
    w->passed &= (uint8_t)~CARTA_SEAT_BIT(seat);
    if (w->seat < 0)
        return 1;
    if (!window_in(w) || window_all_passed(w)) {
        carta_window_close(w);
        return 1;
    }
    if (w->seat == seat)
        w->seat = (int8_t)carta_window_next_seat(w, seat);
    return 0;
}

void carta_window_close(carta_window *w)
{
    w->seat = -1;
    w->passed = 0;
}
