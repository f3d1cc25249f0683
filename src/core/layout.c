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

int carta_layout_nested(carta_layout *l, uint32_t count_in_item, uint32_t at_in_item,
                        int item_size, int cap)
{
    if (!l->n || l->slot[l->n - 1].kind != CARTA_SLOT_ITEMS)
        return 0;
    return layout_add(l, (carta_slot){.kind = CARTA_SLOT_NESTED,
                                      .item_size = (uint16_t)item_size,
                                      .cap = (uint16_t)cap,
                                      .at = at_in_item,
                                      .count_at = count_in_item});
}

int carta_layout_events(carta_layout *l, uint32_t at)
{
    return layout_add(l, (carta_slot){.kind = CARTA_SLOT_EVENTS, .at = at,
                                      .item_size = sizeof(carta_event), .cap = CARTA_EVENT_MAX});
}

carta_events *carta_layout_events_of(const carta_layout *l, const void *state)
{
    for (int i = 0; l && i < l->n; i++)
        if (l->slot[i].kind == CARTA_SLOT_EVENTS)
            return (carta_events *)(uintptr_t)((const char *)state + l->slot[i].at);
    return NULL;
}

void carta_layout_scramble_events(const carta_layout *l, void *state, int viewer, uint64_t salt)
{
    carta_events *e = carta_layout_events_of(l, state);
    if (e)
        carta_events_scramble(e, viewer, salt);
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

/* The number of used items of an ITEMS slot, 0 if its count is out of range (so garbage in an
 * unused outer item cannot reach past the array). */
static long layout_used(const carta_slot *slot, const void *state)
{
    long n = carta_layout_count(slot, state);
    return n < 0 || n > slot->cap ? 0 : n;
}

typedef void (*layout_range_fn)(uint8_t *p, size_t len, int slot, void *ctx);

/* Calls fn on every byte range of state that holds nothing: the slots past each count (zones
 * unless skip_zones, arrays, arrays nested in used items) and the secrets. */
static void layout_ranges(const carta_layout *l, void *state, int skip_zones, layout_range_fn fn,
                          void *ctx)
{
    uint8_t *base = state;
    const carta_slot *outer = NULL;
    for (int i = 0; i < l->n; i++) {
        const carta_slot *s = &l->slot[i];
        if (s->kind == CARTA_SLOT_ZONE && !skip_zones) {
            carta_zone_ref z = carta_layout_zone_ref(s, state);
            int n = *z.n > z.cap ? z.cap : *z.n;
            fn((uint8_t *)&z.cards[n], sizeof *z.cards * (size_t)(z.cap - n), i, ctx);
            fn(&z.known[n], (size_t)(z.cap - n), i, ctx);
        } else if (s->kind == CARTA_SLOT_ITEMS) {
            long n = layout_used(s, state);
            fn(base + s->at + (size_t)n * s->item_size, (size_t)(s->cap - n) * s->item_size, i,
               ctx);
            outer = s;
        } else if (s->kind == CARTA_SLOT_NESTED && outer) {
            long n_outer = layout_used(outer, state);
            for (long k = 0; k < n_outer; k++) {
                uint8_t *item = base + outer->at + (size_t)k * outer->item_size;
                int n = item[s->count_at] > s->cap ? 0 : item[s->count_at];
                fn(item + s->at + (size_t)n * s->item_size, (size_t)(s->cap - n) * s->item_size,
                   i, ctx);
            }
        } else if (s->kind == CARTA_SLOT_EVENTS) {
            carta_events *e = (carta_events *)(void *)(base + s->at);
            int n = e->n > CARTA_EVENT_MAX ? CARTA_EVENT_MAX : e->n;
            fn((uint8_t *)&e->ev[n], sizeof e->ev[0] * (size_t)(CARTA_EVENT_MAX - n), i, ctx);
            fn((uint8_t *)&e->pad, sizeof e->pad, i, ctx);
        } else if (s->kind == CARTA_SLOT_SECRET) {
            fn(base + s->at, s->item_size, i, ctx);
        }
    }
}

static void layout_zero_range(uint8_t *p, size_t len, int slot, void *ctx)
{
    (void)slot;
    (void)ctx;
    memset(p, 0, len);
}

void carta_layout_observe(const carta_layout *l, void *state, int viewer, uint16_t unknown)
{
    for (int i = 0; i < l->n; i++)
        if (l->slot[i].kind == CARTA_SLOT_ZONE)
            carta_zone_hide(carta_layout_zone_ref(&l->slot[i], state), viewer, unknown);
        else if (l->slot[i].kind == CARTA_SLOT_EVENTS)
            carta_events_observe((carta_events *)(void *)((char *)state + l->slot[i].at), viewer);
    layout_ranges(l, state, 1, layout_zero_range, NULL); /* zone_hide cleared the zones' */
}

int carta_layout_observed(const carta_layout *l, const void *state)
{
    for (int i = 0; i < l->n; i++) {
        const carta_slot *s = &l->slot[i];
        if (s->kind != CARTA_SLOT_SECRET)
            continue;
        for (int k = 0; k < s->item_size; k++)
            if (((const uint8_t *)state)[s->at + (uint32_t)k])
                return 0;
    }
    return 1;
}

static void layout_fill_range(uint8_t *p, size_t len, int slot, void *rng)
{
    (void)slot;
    for (size_t k = 0; k < len; k++)
        p[k] = (uint8_t)carta_rng_next(rng);
}

void carta_layout_canary(const carta_layout *l, void *state, carta_rng *rng)
{
    layout_ranges(l, state, 0, layout_fill_range, rng);
}

/* Records in *first_dirty the first slot with a nonzero byte in an unused range. */
static void layout_check_range(uint8_t *p, size_t len, int slot, void *first_dirty)
{
    int *first = first_dirty;
    for (size_t k = 0; k < len && *first < 0; k++)
        if (p[k])
            *first = slot;
}

int carta_layout_clean(const carta_layout *l, const void *state, int *bad)
{
    int first = -1;
    /* the check only reads through the pointers it is given */
    layout_ranges(l, (void *)(uintptr_t)state, 0, layout_check_range, &first);
    if (first >= 0 && bad)
        *bad = first;
    return first < 0;
}
