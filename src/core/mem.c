/* mem.c: growing zero-filled arrays. */
#include "mem.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void *carta_mem_grow(void *items, int *cap, int index, size_t size, int first_cap)
{
    if (index < 0 || index > INT_MAX / 4)
        return NULL;
    if (index < *cap)
        return items;
    int new_cap = *cap > 0 ? *cap : first_cap > 0 ? first_cap : 1;
    while (new_cap <= index)
        new_cap *= 2;
    char *grown = realloc(items, (size_t)new_cap * size);
    if (!grown)
        return NULL;
    memset(grown + (size_t)*cap * size, 0, (size_t)(new_cap - *cap) * size);
    *cap = new_cap;
    return grown;
}
