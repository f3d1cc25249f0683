/* pending.c: the pending-decision stack. */
#include "pending.h"

#include <string.h>

#include "core/assert.h"

carta_pending *carta_pending_push(carta_pending_stack *s, uint16_t kind, int seat)
{
    CARTA_ASSERT(s->n >= 0 && s->n < CARTA_PENDING_MAX); /* a decision deeper than the stack */
    if (s->n >= CARTA_PENDING_MAX)
        return NULL;
    carta_pending *p = &s->frame[s->n++];
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->seat = (int8_t)seat;
    return p;
}

carta_pending *carta_pending_top(carta_pending_stack *s) { return s->n ? &s->frame[s->n - 1] : NULL; }

const carta_pending *carta_pending_peek(const carta_pending_stack *s)
{
    return s->n ? &s->frame[s->n - 1] : NULL;
}

void carta_pending_pop(carta_pending_stack *s)
{
    if (s->n)
        s->n--;
}

carta_status carta_pending_check(const carta_pending_stack *s, int over, int first_kind,
                                 int last_kind, int n_seats, const char *game_id,
                                 carta_error *err)
{
    if (s->n < 0 || s->n > CARTA_PENDING_MAX)
        return carta_error_set(err, CARTA_ERR_STATE, "%s: %d pending frames (room for %d)",
                               game_id, s->n, CARTA_PENDING_MAX);
    if (over && s->n)
        return carta_error_set(err, CARTA_ERR_STATE, "%s: the game is over with %d pending "
                               "frames", game_id, s->n);
    for (int f = 0; f < s->n; f++) {
        const carta_pending *fr = &s->frame[f];
        if (fr->kind < first_kind || fr->kind > last_kind || fr->seat < 0 || fr->seat >= n_seats)
            return carta_error_set(err, CARTA_ERR_STATE, "%s: pending frame %d has kind %d for "
                                   "seat %d", game_id, f, fr->kind, fr->seat);
    }
    return CARTA_OK;
}
