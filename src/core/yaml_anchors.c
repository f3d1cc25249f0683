/* yaml_anchors.c: anchor name -> expanded node count, an open-addressing hash table. */
#include "yaml_anchors.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t anchors_hash(const char *s, size_t len)
{
    uint64_t h = 1469598103934665603u; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211u;
    return h;
}

/* The slot holding name, or the empty slot where it would go (cap must be non-zero). */
static carta_anchor_slot *anchors_find(carta_anchors *t, const char *name, size_t len)
{
    size_t i = (size_t)anchors_hash(name, len) & (t->cap - 1);
    for (;; i = (i + 1) & (t->cap - 1)) {
        carta_anchor_slot *s = &t->slots[i];
        if (!s->used || (s->len == len && memcmp(t->arena + s->name, name, len) == 0))
            return s;
    }
}

/* Doubles the slots; 0 if out of memory. */
static int anchors_grow(carta_anchors *t)
{
    carta_anchors bigger = *t;
    bigger.cap = t->cap ? t->cap * 2 : 64;
    bigger.slots = calloc(bigger.cap, sizeof *bigger.slots);
    if (!bigger.slots)
        return 0;
    for (size_t i = 0; i < t->cap; i++)
        if (t->slots[i].used)
            *anchors_find(&bigger, t->arena + t->slots[i].name, t->slots[i].len) = t->slots[i];
    free(t->slots);
    *t = bigger;
    return 1;
}

size_t carta_anchors_intern(carta_anchors *t, const char *name, size_t len)
{
    if (t->arena_len + len > t->arena_cap) {
        size_t cap = t->arena_cap ? t->arena_cap : 1024;
        while (cap < t->arena_len + len)
            cap *= 2;
        char *bigger = realloc(t->arena, cap);
        if (!bigger)
            return SIZE_MAX;
        t->arena = bigger;
        t->arena_cap = cap;
    }
    memcpy(t->arena + t->arena_len, name, len);
    t->arena_len += len;
    return t->arena_len - len;
}

int carta_anchors_set(carta_anchors *t, size_t off, size_t len, size_t nodes)
{
    if ((t->count + 1) * 2 > t->cap && !anchors_grow(t))
        return 0;
    carta_anchor_slot *s = anchors_find(t, t->arena + off, len);
    if (!s->used)
        t->count++;
    *s = (carta_anchor_slot){.name = off, .len = len, .nodes = nodes, .used = 1};
    return 1;
}

size_t carta_anchors_nodes(carta_anchors *t, const char *name, size_t len)
{
    if (!t->cap)
        return 1;
    carta_anchor_slot *s = anchors_find(t, name, len);
    return s->used ? s->nodes : 1;
}

void carta_anchors_clear(carta_anchors *t)
{
    if (t->slots)
        memset(t->slots, 0, t->cap * sizeof *t->slots);
    t->count = 0;
    t->arena_len = 0;
}

void carta_anchors_free(carta_anchors *t)
{
    free(t->slots);
    free(t->arena);
}
