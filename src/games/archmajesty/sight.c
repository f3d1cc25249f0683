/* sight.c: line of sight (COMBAT, Line of Sight): "draw an invisible line from the centre of a
 * square you occupy to the centre of the square you are targeting. If the line crosses any
 * vision-blocking terrain such as walls or closed doors, you cannot target that square". Walls
 * and opaque objects block it (AM_TER_OPAQUE); a line that only touches a blocker's corner does
 * not cross it, but one squeezing between two blockers that meet at a corner does (R88).
 *
 * Exact integer geometry: a square (x, y) spans [2x, 2x + 2] x [2y, 2y + 2] and its centre is
 * (2x + 1, 2y + 1), so every point the test needs has integer coordinates. */
#include "games/archmajesty/archmajesty.h"

#include <stdlib.h>

typedef struct sight_line {
    int ax, ay, bx, by; /* the centres, doubled */
} sight_line;

static int sight_min(int a, int b) { return a < b ? a : b; }
static int sight_max(int a, int b) { return a > b ? a : b; }

/* Which side of the line a point lies: > 0, < 0, or 0 on it. */
static long sight_side(const sight_line *l, int px, int py)
{
    return (long)(l->bx - l->ax) * (py - l->ay) - (long)(l->by - l->ay) * (px - l->ax);
}

/* Whether the segment passes through the inside of square (x, y), not only its edge or corner:
 * the segment and the open square overlap on both axes, and the square's corners lie strictly on
 * both sides of the line (separating axes). */
static int sight_through(const sight_line *l, int x, int y)
{
    int x0 = 2 * x, y0 = 2 * y;
    if (sight_max(l->ax, l->bx) <= x0 || sight_min(l->ax, l->bx) >= x0 + 2 ||
        sight_max(l->ay, l->by) <= y0 || sight_min(l->ay, l->by) >= y0 + 2)
        return 0;
    int pos = 0, neg = 0;
    for (int k = 0; k < 4; k++) {
        long s = sight_side(l, x0 + 2 * (k & 1), y0 + (k & 2));
        pos |= s > 0;
        neg |= s < 0;
    }
    return pos && neg;
}

/* Whether the segment passes through the point (px, py) strictly between its ends. */
static int sight_on_point(const sight_line *l, int px, int py)
{
    return sight_side(l, px, py) == 0 && px > sight_min(l->ax, l->bx) &&
           px < sight_max(l->ax, l->bx) && py > sight_min(l->ay, l->by) &&
           py < sight_max(l->ay, l->by);
}

static int sight_opaque(const am_state *st, int x, int y)
{
    return x >= 0 && y >= 0 && x < st->w && y < st->h &&
           (st->terrain[am_cell(x, y)] & AM_TER_OPAQUE);
}

/* R88: the line squeezes between opaque (x, y) and the opaque square diagonal to it through its
 * lower corner, the one the line does not run towards. */
static int sight_squeezed(const am_state *st, const sight_line *l, int x, int y)
{
    long slope = (long)(l->bx - l->ax) * (l->by - l->ay);
    if (slope < 0) /* the line runs from lower left to upper right: (x, y) and (x+1, y+1) */
        return sight_opaque(st, x + 1, y + 1) && sight_on_point(l, 2 * x + 2, 2 * y + 2);
    if (slope > 0) /* from upper left to lower right: (x, y) and (x-1, y+1) */
        return sight_opaque(st, x - 1, y + 1) && sight_on_point(l, 2 * x, 2 * y + 2);
    return 0;
}

int am_sight(const am_state *st, int from, int to)
{
    int fx = from % AM_W, fy = from / AM_W, tx = to % AM_W, ty = to / AM_W;
    if (abs(fx - tx) <= 1 && abs(fy - ty) <= 1) /* neighbours (melee): only a corner between */
        return fx == tx || fy == ty || !sight_opaque(st, fx, ty) || !sight_opaque(st, tx, fy);
    sight_line l = {2 * (from % AM_W) + 1, 2 * (from / AM_W) + 1, 2 * (to % AM_W) + 1,
                    2 * (to / AM_W) + 1};
    int x0 = sight_min(from % AM_W, to % AM_W), x1 = sight_max(from % AM_W, to % AM_W);
    int y0 = sight_min(from / AM_W, to / AM_W), y1 = sight_max(from / AM_W, to / AM_W);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int cell = am_cell(x, y);
            if (!(st->terrain[cell] & AM_TER_OPAQUE) || cell == from || cell == to)
                continue;
            if (sight_through(&l, x, y) || sight_squeezed(st, &l, x, y))
                return 0;
        }
    return 1;
}
