/* area.c: areas (CARD BREAKDOWN, Area Effects; CARD TERMINOLOGY, an area "bound to a target"):
 * where a W x H area may be placed and who is within it. An area is placed by its centre square,
 * which must be within range and in line of sight; it may be rotated (W and H swapped), and for
 * an even side the placer picks which tied square is the centre (R90). The decision itself is a
 * pending frame of combo.c (cards, templates) or an item's action (Grenados, item.c). */
#include "games/archmajesty/archmajesty.h"

int am_area_holds(int at, int wh, int cell)
{
    int x = cell % AM_W - at % AM_W, y = cell / AM_W - at / AM_W;
    return x >= 0 && y >= 0 && x < wh >> 4 && y < (wh & 15);
}

/* Whether character i is one the area attacks (whom) for a placer of side, and can be. */
static int area_whom(const am_state *st, int i, int side, int whom)
{
    const am_char *c = &st->ch[i];
    if (c->flags & (AM_C_KO | AM_C_GONE))
        return 0;
    return whom == AM_WHOM_CHARACTERS || (whom == AM_WHOM_ALLIES) == (c->side == side);
}

/* Whether the rule's area attacks character i: of its kind, and the taunter's if its placer is
 * taunted (R138). */
static int area_attacks(const am_state *st, const am_area_rule *rule, int i)
{
    return area_whom(st, i, rule->side, rule->whom) && (!rule->only || (rule->only >> i & 1));
}

/* The characters within the area of the rule's kind, a bit per character slot. */
static uint32_t area_mask(const am_state *st, const am_area_rule *rule, int at, int wh)
{
    uint32_t mask = 0;
    for (int i = 0; i < st->n_chars; i++)
        if (area_attacks(st, rule, i) && am_area_holds_char(st, at, wh, i))
            mask |= 1u << i;
    return mask;
}

/* The first square, in reading order, of the area's tied centre squares that is within range and
 * in sight of the placer (Area Effects: "the centre most square must fall within the card's
 * range"; Line of Sight), or -1. */
static int area_centre(const am_state *st, const am_area_rule *rule, int at, int w, int h)
{
    int x = at % AM_W, y = at / AM_W;
    for (int cy = y + (h - 1) / 2; cy <= y + h / 2; cy++)
        for (int cx = x + (w - 1) / 2; cx <= x + w / 2; cx++) {
            int c = am_cell(cx, cy);
            if (am_block_dist(rule->from, rule->large, c, 0) <= rule->range &&
                am_block_sees(st, rule->large, rule->from, c)) /* R149 */
                return c;
        }
    return -1;
}

/* Whether the rule's placer sees character i: from any square of a Large placer (R124, R149). */
static int area_bound_sight(const am_state *st, const am_area_rule *rule, int i)
{
    uint8_t from[4];
    int n = am_block_squares(rule->large, rule->from, from);
    for (int k = 0; k < n; k++)
        if (am_cell_sight(st, from[k], i))
            return 1;
    return 0;
}

/* R93: a bound area overlaps a square of a character it may attack that the placer could target:
 * within range and in sight. */
static uint32_t area_bound_mask(const am_state *st, const am_area_rule *rule)
{
    uint32_t mask = 0;
    for (int i = 0; i < st->n_chars; i++)
        if (area_attacks(st, rule, i) &&
            am_block_dist(rule->from, rule->large, st->ch[i].cell, st->ch[i].large) <=
                rule->range && area_bound_sight(st, rule, i))
            mask |= 1u << i;
    return mask;
}

int am_area_places(const am_state *st, const am_area_rule *rule, am_place *out, int max)
{
    uint32_t seen[2 * AM_CELLS], bound = rule->bound ? area_bound_mask(st, rule) : ~0u;
    int n = 0;
    for (int turn = 0; turn < 2 && n < max; turn++) {
        int w = turn ? rule->h : rule->w, h = turn ? rule->w : rule->h;
        if (turn && w == h)
            break; /* a square area turned is the same area */
        for (int at = 0; at < AM_CELLS && n < max; at++) {
            if (at % AM_W + w > st->w || at / AM_W + h > st->h)
                continue;
            uint32_t mask = area_mask(st, rule, at, w << 4 | h);
            if (!(mask & bound) && !rule->empty_ok) /* R90: an area holding none of whom it
                                                       attacks is not offered */
                continue;
            int k = rule->lasting ? n : 0;
            while (k < n && seen[k] != mask)
                k++;
            if (k < n) /* R90: the same characters within it: the same choice */
                continue;
            int centre = area_centre(st, rule, at, w, h);
            if (centre < 0)
                continue;
            seen[n] = mask;
            out[n++] = (am_place){(uint8_t)at, (uint8_t)w, (uint8_t)h, (uint8_t)centre};
        }
    }
    return n;
}

int am_area_targets(const am_state *st, const am_area_rule *rule, const am_place *p,
                    uint8_t *out)
{
    int n = 0;
    for (int d = 0; d < AM_W && n < AM_TARGETS; d++) /* R91: the nearest the centre first */
        for (int i = 0; i < st->n_chars && n < AM_TARGETS; i++) {
            if (area_attacks(st, rule, i) &&
                am_area_holds_char(st, p->at, p->w << 4 | p->h, i) &&
                am_manhattan_to(st, i, p->centre) == d) /* a Large one: its nearest square */
                out[n++] = (uint8_t)i;
        }
    return n;
}
