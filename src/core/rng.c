/* rng.c: xoshiro128** seeded through splitmix64. */
#include "rng.h"

#include <string.h>

uint64_t carta_mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

void carta_rng_seed(carta_rng *rng, uint64_t seed)
{
    uint64_t a = carta_mix64(seed), b = carta_mix64(a);
    rng->s[0] = (uint32_t)a;
    rng->s[1] = (uint32_t)(a >> 32);
    rng->s[2] = (uint32_t)b;
    rng->s[3] = (uint32_t)(b >> 32);
    if (!(rng->s[0] | rng->s[1] | rng->s[2] | rng->s[3]))
        rng->s[0] = 1;
}

static inline uint32_t rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

uint32_t carta_rng_next(carta_rng *rng)
{
    uint32_t *s = rng->s;
    uint32_t result = rotl(s[1] * 5, 7) * 9;
    uint32_t t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
}

uint64_t carta_rng_next64(carta_rng *rng)
{
    uint64_t hi = carta_rng_next(rng);
    return hi << 32 | carta_rng_next(rng);
}

uint32_t carta_rng_below(carta_rng *rng, uint32_t n)
{
    /* Lemire's multiply-shift with rejection. */
    uint64_t m = (uint64_t)carta_rng_next(rng) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = -n % n;
        while (low < threshold) {
            m = (uint64_t)carta_rng_next(rng) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

void carta_rng_shuffle(carta_rng *rng, void *items, int n, int item_size)
{
    unsigned char *p = items, tmp[16];
    for (int i = n - 1; i > 0; i--) {
        int j = (int)carta_rng_below(rng, (uint32_t)i + 1);
        if (j == i)
            continue;
        memcpy(tmp, p + (size_t)i * item_size, item_size);
        memcpy(p + (size_t)i * item_size, p + (size_t)j * item_size, item_size);
        memcpy(p + (size_t)j * item_size, tmp, item_size);
    }
}

int carta_rng_argmax(carta_rng *rng, const double *score, int n, double tie)
{
    int best = 0;
    uint32_t ties = 1;
    for (int i = 1; i < n; i++) {
        if (score[i] > score[best] + tie) {
            best = i;
            ties = 1;
        } else if (score[i] >= score[best] - tie && carta_rng_below(rng, ++ties) == 0) {
            best = i;
        }
    }
    return best;
}
