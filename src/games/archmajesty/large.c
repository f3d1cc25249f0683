/* large.c: Large characters (CARD TERMINOLOGY, SUMMON: "choose an unoccupied square (or squares
 * if it has the Large keyword)"; COMBAT, Square Occupancy: "By default, each character occupies a
 * single square"). A Large character holds the 2x2 block whose top left square is its `cell`
 * (R121); every occupancy question asks about all four squares, and distance, reach and sight
 * are measured to the nearest of them (R123, R124). */
#include "games/archmajesty/archmajesty.h"

int am_block_on_map(const am_state *st, int large, int at)
{
    int side = large ? 2 : 1;
    return at >= 0 && at % AM_W + side <= st->w && at / AM_W + side <= st->h;
}

int am_block_squares(int large, int at, uint8_t *out)
{
    out[0] = (uint8_t)at;
    if (!large)
        return 1;
    out[1] = (uint8_t)(at + 1);
    out[2] = (uint8_t)(at + AM_W);
    out[3] = (uint8_t)(at + AM_W + 1);
    return 4;
}

/* The gap between the spans [a, a + la] and [b, b + lb] on one axis, 0 when they meet. */
static int large_gap(int a, int la, int b, int lb)
{
    return a > b + lb ? a - (b + lb) : b > a + la ? b - (a + la) : 0;
}

int am_block_dist(int a, int a_large, int b, int b_large)
{
    int dx = large_gap(a % AM_W, a_large, b % AM_W, b_large);
    int dy = large_gap(a / AM_W, a_large, b / AM_W, b_large);
    return dx > dy ? dx : dy;
}

int am_dist_to(const am_state *st, int ch, int cell)
{
    return am_block_dist(st->ch[ch].cell, st->ch[ch].large, cell, 0);
}

int am_char_dist(const am_state *st, int a, int b)
{
    return am_block_dist(st->ch[a].cell, st->ch[a].large, st->ch[b].cell, st->ch[b].large);
}

int am_manhattan_to(const am_state *st, int ch, int cell)
{
    int at = st->ch[ch].cell, large = st->ch[ch].large;
    return large_gap(at % AM_W, large, cell % AM_W, 0) + large_gap(at / AM_W, large,
                                                                     cell / AM_W, 0);
}

/* Whether a character other than ch and but holds cell on the layer. */
static int large_other_at(const am_state *st, int cell, int airborne, int ch, int but)
{
    int want = airborne ? AM_C_AIRBORNE : 0;
    for (int i = 0; i < st->n_chars; i++) {
        const am_char *c = &st->ch[i];
        if (am_covers(c, cell) && (c->flags & (AM_C_AIRBORNE | AM_C_GONE)) == want && i != ch &&
            i != but)
            return 1;
    }
    return 0;
}

int am_block_fits(const am_state *st, int large, int at, int airborne, int ch, int but)
{
    uint8_t sq[4];
    if (!am_block_on_map(st, large, at))
        return 0;
    int n = am_block_squares(large, at, sq);
    for (int k = 0; k < n; k++)
        if (am_blocked(st, sq[k], airborne) || large_other_at(st, sq[k], airborne, ch, but))
            return 0;
    return 1;
}

int am_fits(const am_state *st, int ch, int at, int airborne, int but)
{
    if (st->ch[ch].large)
        return am_block_fits(st, 1, at, airborne, ch, but);
    /* one square (every mage, most others): the movement's hot path */
    return at >= 0 && at % AM_W < st->w && at / AM_W < st->h && !am_blocked(st, at, airborne) &&
           !large_other_at(st, at, airborne, ch, but);
}

int am_block_unoccupied(const am_state *st, int large, int at)
{
    uint8_t sq[4];
    if (!am_block_on_map(st, large, at))
        return 0;
    int n = am_block_squares(large, at, sq);
    for (int k = 0; k < n; k++)
        if (st->terrain[sq[k]] || am_char_at(st, sq[k], 0) >= 0 || am_char_at(st, sq[k], 1) >= 0)
            return 0;
    return 1;
}

int am_nearest_fit(const am_state *st, int ch, int cell, int airborne)
{
    const am_char *c = &st->ch[ch];
    if (!c->large)
        return am_nearest_free(st, cell, airborne);
    for (int d = 0; d < AM_W; d++) /* R122: the nearest block by its top left square */
        for (int at = 0; at < AM_CELLS; at++)
            if (am_dist(at, cell) == d && am_fits(st, ch, at, airborne, -1))
                return at;
    return -1;
}

int am_char_sight(const am_state *st, int a, int b)
{
    const am_char *x = &st->ch[a], *y = &st->ch[b];
    if (!x->large && !y->large)
        return am_sight(st, x->cell, y->cell);
    uint8_t from[4], to[4];
    int nf = am_block_squares(x->large, x->cell, from), nt = am_block_squares(y->large, y->cell,
                                                                              to);
    for (int i = 0; i < nf; i++)
        for (int k = 0; k < nt; k++)
            if (am_sight(st, from[i], to[k]))
                return 1;
    return 0;
}

int am_cell_sight(const am_state *st, int from, int ch)
{
    const am_char *c = &st->ch[ch];
    uint8_t to[4];
    int n = am_block_squares(c->large, c->cell, to);
    for (int k = 0; k < n; k++)
        if (am_sight(st, from, to[k]))
            return 1;
    return 0;
}

int am_block_sees(const am_state *st, int large, int at, int cell)
{
    uint8_t from[4];
    int n = am_block_squares(large, at, from);
    for (int k = 0; k < n; k++)
        if (am_sight(st, from[k], cell))
            return 1;
    return 0;
}

int am_area_holds_block(int at, int wh, int large, int cell)
{
    if (!large)
        return am_area_holds(at, wh, cell);
    int x = cell % AM_W - at % AM_W, y = cell / AM_W - at / AM_W;
    return x >= -1 && y >= -1 && x < wh >> 4 && y < (wh & 15); /* R125: any of its squares */
}

int am_area_holds_char(const am_state *st, int at, int wh, int ch)
{
    return am_area_holds_block(at, wh, st->ch[ch].large, st->ch[ch].cell);
}

int am_block_blocker(const am_state *st, int ch, int at, int airborne)
{
    uint8_t sq[4];
    int n = am_block_squares(st->ch[ch].large, at, sq);
    for (int k = 0; k < n; k++)
        if (am_blocked(st, sq[k], airborne) || large_other_at(st, sq[k], airborne, ch, -1))
            return sq[k];
    return at;
}
