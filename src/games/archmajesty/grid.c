/* grid.c: the battle map (COMBAT, Movement): squares, ranges counted in king moves (R14),
 * occupancy by layer (Square Occupancy), Run and Jump (Running & Jumping), landing (Falling onto
 * Occupied Squares). */
#include "games/archmajesty/archmajesty.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

const char *const am_dir_names[8] = {"north", "north-east", "east", "south-east", "south",
                                     "south-west", "west", "north-west"};
static const int dir_dx[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int dir_dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};

int am_cell(int col, int row) { return row * AM_W + col; }

int am_dist(int a, int b)
{
    int dx = abs(a % AM_W - b % AM_W), dy = abs(a / AM_W - b / AM_W);
    return dx > dy ? dx : dy;
}

int am_step(const am_state *st, int cell, int dir)
{
    int x = cell % AM_W + dir_dx[dir], y = cell / AM_W + dir_dy[dir];
    return x < 0 || y < 0 || x >= st->w || y >= st->h ? -1 : am_cell(x, y);
}

void am_cell_name(int cell, char *buf, size_t cap)
{
    snprintf(buf, cap, "%c%d", 'A' + cell % AM_W, cell / AM_W + 1);
}

int am_cell_parse(const char *s)
{
    int col = toupper((unsigned char)s[0]) - 'A';
    char *end;
    long row = strtol(s + 1, &end, 10);
    return col < 0 || col >= AM_W || *end || end == s + 1 || row < 1 || row > AM_H
               ? -1
               : am_cell(col, (int)row - 1);
}

int am_char_at(const am_state *st, int cell, int airborne)
{
    for (int i = 0; i < st->n_chars; i++)
        if (am_covers(&st->ch[i], cell) && !(st->ch[i].flags & AM_C_AIRBORNE) == !airborne &&
            !(st->ch[i].flags & AM_C_GONE)) /* removed from the battlefield (R26) */
            return i;
    return -1;
}

/* Whether ch may end a step on cell, on its own layer: a floor square where no character of that
 * layer stands (Square Occupancy; R15: a step ends a movement); for a Large one, its whole block
 * with cell as its top left square (R122). */
int am_can_enter(const am_state *st, int ch, int cell)
{
    return cell >= 0 && am_fits(st, ch, cell, st->ch[ch].flags & AM_C_AIRBORNE, -1);
}

/* The nearest square to cell that is free on a layer (Falling onto Occupied Squares); the first in
 * reading order among the nearest (R15: the tie is ours to break). */
int am_nearest_free(const am_state *st, int cell, int airborne)
{
    for (int d = 0; d < AM_W; d++)
        for (int c = 0; c < AM_CELLS; c++)
            if (c % AM_W < st->w && c / AM_W < st->h && am_dist(c, cell) == d &&
                !am_blocked(st, c, airborne) && am_char_at(st, c, airborne) < 0)
                return c;
    return -1;
}

/* Run: 1 move point, 1 square; an airborne runner becomes grounded (Running & Jumping). */
static int grid_can_run(const am_state *st, int ch, int dir)
{
    const am_char *c = &st->ch[ch];
    int to = am_step(st, c->cell, dir), cost = am_move_cost(st, ch, 1);
    return cost >= 0 && c->mp >= cost && to >= 0 && am_fits(st, ch, to, 0, -1);
}

int am_grid_actions(const am_state *st, int ch, carta_action *out)
{
    const am_char *c = &st->ch[ch];
    int n = 0;
    if (c->flags & AM_C_KO)
        return 0;
    for (int d = 0; d < 8; d++)
        if (grid_can_run(st, ch, d))
            out[n++] = AM_ACT(AM_A_RUN, d, 0);
    int jump = am_move_cost(st, ch, am_jump_cost(st, ch));
    if (!(c->flags & AM_C_AIRBORNE) && jump >= 0 && c->mp >= jump &&
        am_fits(st, ch, c->cell, 1, -1))
        out[n++] = AM_ACT(AM_A_JUMP, 0, 0);
    return n;
}

void am_grid_apply(const carta_rules *r, am_state *st, carta_action a)
{
    const carta_pending *top = carta_pending_peek(&st->pending);
    int ch = top && (top->kind == AM_F_JUMP || top->kind == AM_F_BETWEEN) ? top->arg[0]
                                                                          : st->active;
    am_char *c = &st->ch[ch];
    int from;
    switch (AM_KIND(a)) {
    case AM_A_RUN:
        from = c->cell;
        c->mp = (uint8_t)(c->mp - am_move_cost(st, ch, 1));
        c->cell = (uint8_t)am_step(st, c->cell, AM_A(a));
        c->flags &= (uint8_t)~(AM_C_AIRBORNE | AM_C_FORCED_AIR);
        am_tell_at(st, ch, AM_W_NOW_AT);
        am_char_moved(r, st, ch);
        am_opportunity_moved(r, st, ch, from);
        am_scrap_entered(st, ch);
        am_linger_entered(st, ch, from); /* R137 */
        break;
    case AM_A_JUMP: {
        c->mp = (uint8_t)(c->mp - am_move_cost(st, ch, am_jump_cost(st, ch)));
        c->flags |= AM_C_AIRBORNE;
        am_tell_at(st, ch, AM_W_JUMPED_TO);
        carta_pending *f = carta_pending_push(&st->pending, AM_F_JUMP, am_seat_of(st, ch));
        f->arg[0] = (int16_t)ch;
        break;
    }
    case AM_A_STEP:
        from = c->cell;
        carta_pending_pop(&st->pending);
        c->cell = (uint8_t)am_step(st, c->cell, AM_A(a));
        am_tell_at(st, ch, AM_W_NOW_AT);
        am_char_moved(r, st, ch);
        am_opportunity_moved(r, st, ch, from);
        am_scrap_entered(st, ch);
        am_linger_entered(st, ch, from); /* R137 */
        break;
    default: /* AM_A_STAY */
        carta_pending_pop(&st->pending);
        break;
    }
}
