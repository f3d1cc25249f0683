/* test_core_rng.c: the in-state PRNG: determinism, clone semantics, ranges and uniformity. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core/rng.h"

static void test_same_seed_same_stream(void **state)
{
    (void)state;
    carta_rng a, b, c;
    carta_rng_seed(&a, 12345);
    carta_rng_seed(&b, 12345);
    carta_rng_seed(&c, 12346);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint32_t x = carta_rng_next(&a), y = carta_rng_next(&b), z = carta_rng_next(&c);
        assert_int_equal(x, y);
        differ += x != z;
    }
    assert_true(differ > 990);
}

static void test_clone_replays_the_future(void **state)
{
    (void)state;
    carta_rng a, copy;
    carta_rng_seed(&a, 99);
    for (int i = 0; i < 17; i++)
        carta_rng_next(&a);
    memcpy(&copy, &a, sizeof a); /* a state is cloned with memcpy, its PRNG too */
    for (int i = 0; i < 100; i++)
        assert_int_equal(carta_rng_below(&a, 1000), carta_rng_below(&copy, 1000));
}

/* next64 is two draws in a fixed order, the first the high half (not left to the compiler's
 * order of evaluation). */
static void test_next64_is_two_draws_high_first(void **state)
{
    (void)state;
    carta_rng a, b;
    carta_rng_seed(&a, 99);
    b = a;
    uint64_t hi = carta_rng_next(&b), lo = carta_rng_next(&b);
    assert_true(carta_rng_next64(&a) == (hi << 32 | lo));
    assert_memory_equal(&a, &b, sizeof a);
}

static void test_every_seed_is_valid(void **state)
{
    (void)state;
    uint64_t seeds[] = {0, 1, UINT64_MAX, 0x8000000000000000ULL};
    for (size_t k = 0; k < sizeof seeds / sizeof seeds[0]; k++) {
        carta_rng r;
        carta_rng_seed(&r, seeds[k]);
        assert_true(r.s[0] | r.s[1] | r.s[2] | r.s[3]);
        uint32_t first = carta_rng_next(&r);
        int same = 0;
        for (int i = 0; i < 100; i++)
            same += carta_rng_next(&r) == first;
        assert_true(same < 3);
    }
}

static void test_mix64_is_splitmix64(void **state)
{
    (void)state;
    /* the first outputs of splitmix64 from state 0 (published reference values) */
    assert_true(carta_mix64(0) == 0xe220a8397b1dcdafULL);
    assert_true(carta_mix64(0x9e3779b97f4a7c15ULL) == 0x6e789e6aa1b965f4ULL);
    assert_true(carta_mix64(1) != carta_mix64(2));
}

static void test_below_range_and_uniformity(void **state)
{
    (void)state;
    carta_rng r;
    carta_rng_seed(&r, 7);
    for (int i = 0; i < 100; i++)
        assert_int_equal(carta_rng_below(&r, 1), 0);
    enum { N = 6, DRAWS = 60000 };
    int count[N] = {0};
    for (int i = 0; i < DRAWS; i++) {
        uint32_t v = carta_rng_below(&r, N);
        assert_true(v < N);
        count[v]++;
    }
    /* chi-square with 5 degrees of freedom: 20.5 is the 0.999 quantile */
    double chi = 0, expect = (double)DRAWS / N;
    for (int i = 0; i < N; i++)
        chi += (count[i] - expect) * (count[i] - expect) / expect;
    assert_true(chi < 20.5);
    /* a bound that is not a power of two and near 2^32 still stays in range */
    for (int i = 0; i < 1000; i++)
        assert_true(carta_rng_below(&r, 3000000019u) < 3000000019u);
}

static void test_shuffle(void **state)
{
    (void)state;
    carta_rng r, r2;
    carta_rng_seed(&r, 2024);
    carta_rng_seed(&r2, 2024);
    uint16_t a[40], b[40];
    for (int i = 0; i < 40; i++)
        a[i] = b[i] = (uint16_t)i;
    carta_rng_shuffle(&r, a, 40, sizeof a[0]);
    carta_rng_shuffle(&r2, b, 40, sizeof b[0]);
    assert_memory_equal(a, b, sizeof a); /* deterministic */
    int seen[40] = {0}, moved = 0;
    for (int i = 0; i < 40; i++) {
        seen[a[i]]++;
        moved += a[i] != i;
    }
    for (int i = 0; i < 40; i++)
        assert_int_equal(seen[i], 1); /* a permutation */
    assert_true(moved > 30);

    /* all 6 orders of 3 items come up about equally often */
    int perm[6] = {0};
    for (int t = 0; t < 60000; t++) {
        uint8_t x[3] = {0, 1, 2};
        carta_rng_shuffle(&r, x, 3, 1);
        perm[x[0] * 2 + (x[1] > x[2])]++;
    }
    double chi = 0;
    for (int i = 0; i < 6; i++)
        chi += (perm[i] - 10000.0) * (perm[i] - 10000.0) / 10000.0;
    assert_true(chi < 20.5);

    /* items of 16 bytes move whole */
    struct { uint64_t lo, hi; } big[5];
    for (int i = 0; i < 5; i++)
        big[i].lo = big[i].hi = (uint64_t)i * 0x0101010101010101ULL;
    carta_rng_shuffle(&r, big, 5, sizeof big[0]);
    for (int i = 0; i < 5; i++)
        assert_true(big[i].lo == big[i].hi);
}

/* argmax: the best score wins outright; scores tied within the tolerance share the pick evenly. */
static void test_argmax_breaks_ties_evenly(void **state)
{
    (void)state;
    carta_rng rng;
    carta_rng_seed(&rng, 5);
    const double clear[] = {0.1, 0.9, 0.5, 0.9 - 1e-3};
    for (int k = 0; k < 100; k++)
        assert_int_equal(carta_rng_argmax(&rng, clear, 4, 1e-9), 1);
    const double tied[] = {0.2, 0.7, 0.7 + 1e-12, 0.1, 0.7};
    int count[5] = {0};
    for (int k = 0; k < 30000; k++)
        count[carta_rng_argmax(&rng, tied, 5, 1e-9)]++;
    assert_int_equal(count[0] + count[3], 0);
    for (int i = 1; i < 5; i += i == 2 ? 2 : 1)
        assert_in_range(count[i], 9000, 11000); /* 10,000 each expected */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_stream),
        cmocka_unit_test(test_clone_replays_the_future),
        cmocka_unit_test(test_next64_is_two_draws_high_first),
        cmocka_unit_test(test_every_seed_is_valid),
        cmocka_unit_test(test_mix64_is_splitmix64),
        cmocka_unit_test(test_below_range_and_uniformity),
        cmocka_unit_test(test_shuffle),
        cmocka_unit_test(test_argmax_breaks_ties_evenly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
