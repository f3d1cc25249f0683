/* zone.c: shuffling, clearing and hiding zones (the small moves are inline in zone.h). */
#include "zone.h"

#include <string.h>

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

carta_status carta_zone_check(int n, uint8_t seen, int cap, uint8_t want_seen,
                              const char *game_id, int seat, const char *what, carta_error *err)
{
    if (n > cap)
        return carta_error_set(err, CARTA_ERR_STATE, "%s: seat %d's %s holds %d cards (room for "
                               "%d)", game_id, seat, what, n, cap);
    if (seen != want_seen)
        return carta_error_set(err, CARTA_ERR_STATE, "%s: seat %d's %s is seen by mask %#x, not "
                               "%#x", game_id, seat, what, seen, want_seen);
    return CARTA_OK;
}
