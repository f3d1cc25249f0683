/* layout.c: the table of a state's zones, counted arrays and secrets, and what core does with
 * it: observations by construction, canaries for tests, and the hygiene check. */
#include "layout.h"

#include <stdlib.h>
#include <string.h>

static int layout_add(carta_layout *l, carta_slot slot)
{
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 32;
        carta_slot *bigger = realloc(l->slot, sizeof *bigger * (size_t)cap);
        if (!bigger)
            return 0;
        l->slot = bigger;
        l->cap = cap;
    }
    l->slot[l->n++] = slot;
    return 1;
}

int carta_layout_zone(carta_layout *l, uint32_t at, int cap)
{
    return layout_add(l, (carta_slot){.kind = CARTA_SLOT_ZONE, .cap = (uint16_t)cap, .at = at});
}

int carta_layout_items(carta_layout *l, uint32_t count_at, int count_size, uint32_t at,
                       int item_size, int cap)
{
    return layout_add(l, (carta_slot){.kind = CARTA_SLOT_ITEMS,
                                      .count_size = (uint8_t)count_size,
                                      .item_size = (uint16_t)item_size,
                                      .cap = (uint16_t)cap,
                                      .at = at,
                                      .count_at = count_at});
}

int carta_layout_secret(carta_layout *l, uint32_t at, int size)
{
    return layout_add(
        l, (carta_slot){.kind = CARTA_SLOT_SECRET, .item_size = (uint16_t)size, .at = at});
}

void carta_layout_free(carta_layout *l)
{
    free(l->slot);
    memset(l, 0, sizeof *l);
}

carta_zone_ref carta_layout_zone_ref(const carta_slot *slot, void *state)
{
    uint8_t *z = (uint8_t *)state + slot->at;
    return (carta_zone_ref){z, z + 1, (uint16_t *)(void *)(z + 2), z + 2 + 2 * slot->cap,
                            slot->cap};
}

long carta_layout_count(const carta_slot *slot, const void *state)
{
    const uint8_t *p = (const uint8_t *)state + slot->count_at;
    switch (slot->count_size) {
    case 1: return *p;
    case 2: {
        uint16_t v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    default: {
        int32_t v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    }
}

/* The first unused byte of a slot and how many follow (a count out of range counts as 0 used,
 * so garbage in an unused outer item cannot reach past the array). */
static void layout_unused(const carta_slot *slot, const void *state, size_t *from, size_t *len)
{
    long n = carta_layout_count(slot, state);
    if (n < 0 || n > slot->cap)
        n = 0;
    *from = slot->at + (size_t)n * slot->item_size;
    *len = (size_t)(slot->cap - n) * slot->item_size;
}

void carta_layout_observe(const carta_layout *l, void *state, int viewer, uint16_t unknown)
{
    for (int i = 0; i < l->n; i++) {
        const carta_slot *s = &l->slot[i];
        size_t from, len;
        switch (s->kind) {
        case CARTA_SLOT_ZONE: carta_zone_hide(carta_layout_zone_ref(s, state), viewer, unknown); break;
        case CARTA_SLOT_ITEMS:
            layout_unused(s, state, &from, &len);
            memset((uint8_t *)state + from, 0, len);
            break;
        default: memset((uint8_t *)state + s->at, 0, s->item_size); break;
        }
    }
}

static void layout_fill(uint8_t *p, size_t len, carta_rng *rng)
{
    for (size_t k = 0; k < len; k++)
        p[k] = (uint8_t)carta_rng_next(rng);
}

void carta_layout_canary(const carta_layout *l, void *state, carta_rng *rng)
{
    for (int i = 0; i < l->n; i++) {
        const carta_slot *s = &l->slot[i];
        size_t from, len;
        if (s->kind == CARTA_SLOT_ZONE) {
            carta_zone_ref z = carta_layout_zone_ref(s, state);
            int n = *z.n;
            layout_fill((uint8_t *)&z.cards[n], sizeof *z.cards * (size_t)(z.cap - n), rng);
            layout_fill(&z.known[n], (size_t)(z.cap - n), rng);
        } else if (s->kind == CARTA_SLOT_ITEMS) {
            layout_unused(s, state, &from, &len);
            layout_fill((uint8_t *)state + from, len, rng);
        } else {
            layout_fill((uint8_t *)state + s->at, s->item_size, rng);
        }
    }
}

static int layout_zero(const uint8_t *p, size_t len)
{
    for (size_t k = 0; k < len; k++)
        if (p[k])
            return 0;
    return 1;
}

int carta_layout_clean(const carta_layout *l, const void *state, int *bad)
{
    for (int i = 0; i < l->n; i++) {
        const carta_slot *s = &l->slot[i];
        const uint8_t *base = state;
        size_t from, len;
        int ok;
        if (s->kind == CARTA_SLOT_ZONE) {
            carta_zone_ref z = carta_layout_zone_ref(s, (void *)(uintptr_t)state);
            int n = *z.n;
            ok = n <= z.cap &&
                 layout_zero((const uint8_t *)&z.cards[n], sizeof *z.cards * (size_t)(z.cap - n)) &&
                 layout_zero(&z.known[n], (size_t)(z.cap - n));
        } else if (s->kind == CARTA_SLOT_ITEMS) {
            layout_unused(s, state, &from, &len);
            ok = layout_zero(base + from, len);
        } else {
            ok = layout_zero(base + s->at, s->item_size);
        }
        if (!ok) {
            if (bad)
                *bad = i;
            return 0;
        }
    }
    return 1;
}
