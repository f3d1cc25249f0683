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
