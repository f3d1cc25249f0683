/* mem.h: growing the heap arrays a rule system keeps beside its catalog (card definitions
 * indexed by card id). Only for load time: never call these from legal_actions, apply and the
 * other hot paths. */
#ifndef CARTA_MEM_H
#define CARTA_MEM_H

#include <stddef.h>

/* Makes index fit in items, an array of *cap elements of size bytes (NULL when *cap is 0): if
 * index >= *cap, reallocates to first_cap doubled until index fits and zero-fills the new
 * elements. Returns the array to use from now on (items itself when index already fits), or
 * NULL if index is negative (or absurdly large) or the allocation failed; then items and *cap
 * are unchanged and the caller still owns items. On success *cap is the new capacity; the
 * caller frees the array. */
void *carta_mem_grow(void *items, int *cap, int index, size_t size, int first_cap);

#endif
