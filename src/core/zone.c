/* zone.c: moving cards between zones, shuffling and hiding them, with who knows which card. */
#include "zone.h"

#include <string.h>

int carta_zone_push(carta_zone_ref z, uint16_t card, uint8_t known)
{
    return carta_zone_insert(z, *z.n, card, known);
}

int carta_zone_insert(carta_zone_ref z, int index, uint16_t card, uint8_t known)
{
    int n = *z.n;
    if (n >= z.cap || index < 0 || index > n)
        return 0;
    memmove(&z.cards[index + 1], &z.cards[index], (size_t)(n - index) * sizeof *z.cards);
    memmove(&z.known[index + 1], &z.known[index], (size_t)(n - index));
    z.cards[index] = card;
    z.known[index] = known;
    *z.n = (uint8_t)(n + 1);
    return 1;
}

uint16_t carta_zone_take(carta_zone_ref z, int index, uint8_t *known)
{
    int n = *z.n;
    uint16_t card = z.cards[index];
    if (known)
        *known = (uint8_t)(z.known[index] | *z.seen);
    memmove(&z.cards[index], &z.cards[index + 1], (size_t)(n - index - 1) * sizeof *z.cards);
    memmove(&z.known[index], &z.known[index + 1], (size_t)(n - index - 1));
    z.cards[n - 1] = 0;
    z.known[n - 1] = 0;
    *z.n = (uint8_t)(n - 1);
    return card;
}

uint16_t carta_zone_move(carta_zone_ref from, int index, carta_zone_ref to)
{
    uint8_t known;
    uint16_t card = carta_zone_take(from, index, &known);
    carta_zone_push(to, card, known);
    return card;
}

void carta_zone_shuffle(carta_zone_ref z, carta_rng *rng)
{
    carta_rng_shuffle(rng, z.cards, *z.n, sizeof *z.cards);
    memset(z.known, 0, (size_t)*z.n);
}

void carta_zone_clear(carta_zone_ref z)
{
    memset(z.cards, 0, sizeof *z.cards * (size_t)z.cap);
    memset(z.known, 0, (size_t)z.cap);
    *z.n = 0;
}

int carta_zone_visible(carta_zone_ref z, int index, int viewer)
{
    /* a spectator (no seat) sees what every seat sees */
    uint8_t need = viewer >= 0 ? CARTA_SEAT_BIT(viewer) : CARTA_SEEN_ALL;
    return ((*z.seen | z.known[index]) & need) == need;
}

void carta_zone_hide(carta_zone_ref z, int viewer, uint16_t unknown)
{
    int n = *z.n;
    uint8_t need = viewer >= 0 ? CARTA_SEAT_BIT(viewer) : CARTA_SEEN_ALL;
    if ((*z.seen & need) != need) /* else the viewer sees the whole zone */
        for (int i = 0; i < n; i++)
            if (((*z.seen | z.known[i]) & need) != need)
                z.cards[i] = unknown;
    memset(&z.cards[n], 0, sizeof *z.cards * (size_t)(z.cap - n));
    memset(&z.known[n], 0, (size_t)(z.cap - n));
}
