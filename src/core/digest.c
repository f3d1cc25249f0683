/* digest.c: a fast 64-bit digest of bytes, for states, card sets and records. */
#include "game.h"
#include "rng.h"

#include <string.h>

uint64_t carta_digest(const void *bytes, size_t n)
{
    const unsigned char *p = bytes;
    uint64_t h = 0xcbf29ce484222325ULL;
    while (n >= 8) {
        uint64_t w;
        memcpy(&w, p, 8);
        h = (h ^ w) * 0x100000001b3ULL;
        h ^= h >> 29;
        p += 8;
        n -= 8;
    }
    while (n--)
        h = (h ^ *p++) * 0x100000001b3ULL;
    return carta_mix64(h);
}
