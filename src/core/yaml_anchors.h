/* yaml_anchors.h: a YAML document's anchors by name, each with the node count of its node once
 * aliases are expanded (for yaml_budget.c). Names are copied into the table's own arena. */
#ifndef CARTA_YAML_ANCHORS_H
#define CARTA_YAML_ANCHORS_H

#include <stddef.h>

typedef struct carta_anchor_slot {
    size_t name, len; /* offset and length of the name in the arena */
    size_t nodes;
    int used;
} carta_anchor_slot;

/* Zero-initialise; free with carta_anchors_free. */
typedef struct carta_anchors {
    carta_anchor_slot *slots;
    size_t cap, count; /* cap is 0 or a power of two; at most half the slots are used */
    char *arena;
    size_t arena_len, arena_cap;
} carta_anchors;

/* Copies name into the arena; its offset, or SIZE_MAX if out of memory. */
size_t carta_anchors_intern(carta_anchors *t, const char *name, size_t len);

/* Sets the anchor whose name was interned at off to nodes (a later anchor of the same name
 * replaces an earlier one, as in YAML); 0 if out of memory. */
int carta_anchors_set(carta_anchors *t, size_t off, size_t len, size_t nodes);

/* The node count of the anchor called name; 1 if there is none. */
size_t carta_anchors_nodes(carta_anchors *t, const char *name, size_t len);

/* Forgets every anchor and name (anchors are per document). */
void carta_anchors_clear(carta_anchors *t);

void carta_anchors_free(carta_anchors *t);

#endif
