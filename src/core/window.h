/* window.h: a response window: the seats that may answer, asked one at a time in seat order,
 * until every seat still in has passed in a row.
 *
 * Archmajesty's interrupts, Arkhtide's Combat and Regroup Turns (each seat acts or passes; all passing in a row ends the
 * phase) and Leaders' answer windows are this one mechanism: open it with the first seat to ask
 * and the seats that sit out; each answer reopens it (every other seat may answer the answer);
 * each pass moves it on; the pass that completes a round of passes closes it. The answers
 * themselves go on the game's pending stack (pending.h), which resolves them last in, first out.
 * Flat, 4 bytes: it lives inside a state. (Essence's opponents answer
 * together, not in turn: they declare at the same moment, simultaneous.h, and the active player
 * orders what they declared; src/games/essence/respond.c.) */
#ifndef CARTA_WINDOW_H
#define CARTA_WINDOW_H

#include <stdint.h>

typedef struct carta_window {
    int8_t seat;     /* the seat asked now; -1 (CARTA_NO_SEAT) while closed */
    uint8_t passed;  /* bit per seat that passed since the window opened or was last answered */
    uint8_t n_seats; /* seats at the table */
    uint8_t out;     /* bit per seat that sits out (eliminated, cannot answer): never asked */
} carta_window;

/* Opens the window asking first (or, if first sits out, the next seat in order). Returns 0 and
 * leaves it closed when every seat sits out. */
int carta_window_open(carta_window *w, int first, int n_seats, uint8_t out);
/* Whether the window is open. */
static inline int carta_window_is_open(const carta_window *w) { return w->seat >= 0; }
/* The seat after `from` in seat order that does not sit out; -1 if none. */
int carta_window_next_seat(const carta_window *w, int from);
/* The seat asked now passes: the window moves to the next seat, or closes (returns 1) when every
 * seat still in has now passed in a row. */
int carta_window_pass(carta_window *w);
/* The seat asked now answers: the passes start again and the next seat is asked. With `again`,
 * the seat that answered stays asked (a turn of several actions: Arkhtide's Combat Turn). */
void carta_window_answer(carta_window *w, int again);
/* Seat sits out from now on (eliminated); if it was asked, the next seat is. Returns 1 if that
 * closed the window (no seat left, or every seat left has passed since the last answer). */
int carta_window_leave(carta_window *w, int seat);
/* Closes the window. */
void carta_window_close(carta_window *w);

#endif
