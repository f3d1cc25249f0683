/* pending.h: the pending-decision stack that games keep inside their state.
 *
 * A decision with several parts (choose a creature, then a flank, then whether to use a "may"
 * effect) is never a loop waiting for input: the effect pushes a frame saying what must be
 * decided and by whom, returns, and legal_actions offers the choices of the top frame. Applying
 * a choice pops or updates the frame and resumes the effect. Every decision point is therefore a
 * plain state that can be saved, searched and replayed. Flat: fixed capacity, no pointers. */
#ifndef CARTA_PENDING_H
#define CARTA_PENDING_H

#include <stdint.h>

#include "status.h"

enum { CARTA_PENDING_MAX = 24, CARTA_PENDING_ARGS = 10 };

typedef struct carta_pending {
    uint16_t kind;                    /* the game's own decision kind */
    int8_t seat;                      /* who decides */
    uint8_t flags;
    int16_t arg[CARTA_PENDING_ARGS];  /* the game's own parameters (card, step index, count...) */
} carta_pending;

typedef struct carta_pending_stack {
    int n;
    carta_pending frame[CARTA_PENDING_MAX];
} carta_pending_stack;

/* Pushes a frame and returns it (zeroed but for kind and seat), or NULL if the stack is full
 * (which the rules never let happen: a debug build aborts there, core/assert.h). */
carta_pending *carta_pending_push(carta_pending_stack *s, uint16_t kind, int seat);
/* The top frame, or NULL if none. */
carta_pending *carta_pending_top(carta_pending_stack *s);
const carta_pending *carta_pending_peek(const carta_pending_stack *s);
/* Removes the top frame (no-op if empty). */
void carta_pending_pop(carta_pending_stack *s);

/* For a game's check: the count in range, no frame once the game is over, each frame's kind in
 * first_kind..last_kind and its seat 0..n_seats-1. On failure err (CARTA_ERR_STATE) starts with
 * game_id and names the frame. */
carta_status carta_pending_check(const carta_pending_stack *s, int over, int first_kind,
                                 int last_kind, int n_seats, const char *game_id,
                                 carta_error *err);

#endif
