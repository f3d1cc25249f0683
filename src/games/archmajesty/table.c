/* table.c: the non-combat rules a Gamemaster rolls for (table.h): task checks and their
 * modifiers (Aspects, Circles, Lores), clocks and their completion, and the campaign's log. */
#include "games/archmajesty/table.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

int am_aspect_bonus(am_relevance r)
{
    return r == AM_ASPECT_MARGINAL ? 3 : r == AM_ASPECT_FULL ? 6 : r == AM_ASPECT_ESPECIAL ? 9 : 0;
}

int am_pairing_modifier(const am_sheet *sheet, const am_pairing *p)
{
    const am_circle *mine = &sheet->circles[p->circle];
    if (mine->pretend && !p->convincing)
        return 0; /* "If you aren't convincing, you cannot pair using the Circle" */
    int value = p->favourable ? 5 : -5;
    if (mine->rebel && p->favourable && p->same_circle && !p->other_rebel)
        return -value; /* "invert the bonus as a penalty" */
    if (mine->rebel && !p->favourable)
        return -value; /* "invert any penalty to a bonus" against its opposers */
    return value;
}

int am_task_modifier(const am_sheet *sheet, const am_task *t)
{
    int m = t->other + (t->knowledge ? 5 : 0) + (t->lore ? 10 : 0);
    if (sheet)
        m += am_aspect_bonus(t->aspect);
    for (int i = 0; sheet && i < t->n_pairings; i++)
        m += am_pairing_modifier(sheet, &t->pairings[i]);
    return m;
}

void am_clock_segments(int margin, int *green, int *red)
{
    *green = margin >= 10 ? 3 : margin >= 5 ? 2 : margin > 0 ? 1 : 0;
    *red = margin <= -10 ? 3 : margin <= -5 ? 2 : margin < 0 ? 1 : 0;
}

am_check am_task_resolve(const am_task *t, int modifier, int natural)
{
    am_check c = {.modifier = modifier};
    if (t->dt <= AM_TT_AUTO_DT) {
        c.automatic = c.success = 1;
        c.green = 1; /* R76: an automatic success fills as a success by the least margin */
        return c;
    }
    c.natural = natural;
    c.final = natural + modifier;
    c.margin = c.final - t->dt;
    c.success = c.final >= t->dt; /* "equal to, or higher than the difficulty threshold" */
    am_clock_segments(c.margin, &c.green, &c.red);
    return c;
}

void am_clock_fill(am_clock *c, int green, int red)
{
    int room = c->segments - c->green - c->red;
    int g = green < room ? green : room;
    c->green += g;
    room -= g;
    c->red += red < room ? red : room;
}

am_completion am_clock_completion(const am_clock *c)
{
    if (c->green + c->red < c->segments)
        return AM_CLOCK_RUNNING;
    return c->green > c->red ? AM_CLOCK_SUCCESS : c->green == c->red ? AM_CLOCK_TIE
                                                                       : AM_CLOCK_OPPOSITION;
}

int am_clock_choices(am_completion c, const char *out[2])
{
    switch (c) {
    case AM_CLOCK_SUCCESS:
        out[0] = "success";
        return 1;
    case AM_CLOCK_TIE:
        out[0] = "tie";
        out[1] = "catch";
        return 2;
    case AM_CLOCK_OPPOSITION:
        out[0] = "failure";
        out[1] = "cost";
        return 2;
    default:
        return 0;
    }
}

int am_table_find_sheet(const am_campaign *c, const char *name)
{
    for (int i = 0; i < c->n_sheets; i++)
        if (!strcasecmp(c->sheets[i].name, name))
            return i;
    return -1;
}

int am_table_find_clock(const am_campaign *c, const char *name)
{
    for (int i = 0; i < c->n_clocks; i++)
        if (!strcasecmp(c->clocks[i].name, name))
            return i;
    return -1;
}

static carta_status table_room(const am_campaign *c, carta_error *err)
{
    if (c->n_sessions == 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "no session has started");
    if (c->n_entries == AM_TT_LOG)
        return carta_error_set(err, CARTA_ERR_INPUT, "the campaign's log is full (%d entries)",
                               AM_TT_LOG);
    return CARTA_OK;
}

/* A task's references against the campaign: its sheet and what it invokes of it, its clock. */
static carta_status table_task_valid(const am_campaign *c, const am_task *t, carta_error *err)
{
    const am_sheet *s = t->sheet >= 0 && t->sheet < c->n_sheets ? &c->sheets[t->sheet] : NULL;
    if (t->sheet >= c->n_sheets || t->sheet < -1)
        return carta_error_set(err, CARTA_ERR_INPUT, "no such character");
    if (t->dt < 1 || t->dt > 99)
        return carta_error_set(err, CARTA_ERR_INPUT, "a difficulty threshold is 1 to 99");
    if (t->aspect != AM_ASPECT_NONE &&
        (!s || t->aspect > AM_ASPECT_ESPECIAL || t->aspect_index < 0 ||
         t->aspect_index >= AM_TT_ASPECTS || !s->aspects[t->aspect_index][0]))
        return carta_error_set(err, CARTA_ERR_INPUT, "an Aspect is one of the character's three");
    if (t->lore && (!s || t->lore_index < 0 || t->lore_index >= s->n_lores))
        return carta_error_set(err, CARTA_ERR_INPUT, "a Lore is one of the character's");
    if (t->n_pairings < 0 || t->n_pairings > AM_TT_PAIRINGS || (t->n_pairings && !s))
        return carta_error_set(err, CARTA_ERR_INPUT, "Circle pairings need a character");
    for (int i = 0; i < t->n_pairings; i++)
        if (t->pairings[i].circle < 0 || t->pairings[i].circle >= s->n_circles)
            return carta_error_set(err, CARTA_ERR_INPUT, "a Circle is one of the character's");
    if (t->knowledge && (!s || !s->n_circles))
        return carta_error_set(err, CARTA_ERR_INPUT, "common knowledge comes from a Circle");
    if (t->other < -99 || t->other > 99)
        return carta_error_set(err, CARTA_ERR_INPUT, "a modifier is -99 to +99");
    if (t->clock < -1 || t->clock >= c->n_clocks)
        return carta_error_set(err, CARTA_ERR_INPUT, "no such clock");
    if (t->clock >= 0 && am_clock_completion(&c->clocks[t->clock]) != AM_CLOCK_RUNNING)
        return carta_error_set(err, CARTA_ERR_INPUT, "the clock %s is full",
                               c->clocks[t->clock].name);
    return CARTA_OK;
}

carta_status am_table_check(am_campaign *c, const am_task *t, am_check *out, carta_error *err)
{
    carta_status st = table_room(c, err);
    if (st == CARTA_OK)
        st = table_task_valid(c, t, err);
    if (st != CARTA_OK)
        return st;
    const am_sheet *s = t->sheet >= 0 ? &c->sheets[t->sheet] : NULL;
    int natural = t->dt <= AM_TT_AUTO_DT ? 0 : 1 + (int)carta_rng_below(&c->rng, 20);
    am_check check = am_task_resolve(t, am_task_modifier(s, t), natural);
    if (t->clock >= 0)
        am_clock_fill(&c->clocks[t->clock], check.green, check.red);
    am_entry *e = &c->log[c->n_entries++];
    memset(e, 0, sizeof *e);
    e->kind = AM_ENTRY_CHECK;
    e->session = c->n_sessions - 1;
    e->task = *t;
    e->check = check;
    if (out)
        *out = check;
    return CARTA_OK;
}

carta_status am_table_settle(am_campaign *c, const char *clock, const char *choice,
                             carta_error *err)
{
    carta_status st = table_room(c, err);
    int k = am_table_find_clock(c, clock);
    if (st != CARTA_OK)
        return st;
    if (k < 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "no clock named '%s'", clock);
    am_clock *ck = &c->clocks[k];
    const char *offered[2];
    int n = am_clock_choices(am_clock_completion(ck), offered);
    if (ck->resolved)
        return carta_error_set(err, CARTA_ERR_INPUT, "the clock %s was settled: %s", ck->name,
                               ck->outcome);
    if (n == 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "the clock %s has %d of %d segments "
                               "filled: it settles when full", ck->name, ck->green + ck->red,
                               ck->segments);
    int ok = 0;
    for (int i = 0; i < n; i++)
        ok |= !strcmp(offered[i], choice);
    if (!ok)
        return carta_error_set(err, CARTA_ERR_INPUT, "the clock %s offers %s%s%s", ck->name,
                               offered[0], n > 1 ? " or " : "", n > 1 ? offered[1] : "");
    ck->resolved = 1;
    snprintf(ck->outcome, sizeof ck->outcome, "%s", choice);
    am_entry *e = &c->log[c->n_entries++];
    memset(e, 0, sizeof *e);
    e->kind = AM_ENTRY_SETTLE;
    e->session = c->n_sessions - 1;
    memcpy(e->name, ck->name, sizeof e->name);
    snprintf(e->choice, sizeof e->choice, "%s", choice);
    return CARTA_OK;
}

carta_status am_table_new_clock(am_campaign *c, const char *name, int segments,
                                carta_error *err)
{
    carta_status st = table_room(c, err);
    if (st != CARTA_OK)
        return st;
    if (!name[0] || strlen(name) >= AM_TT_NAME)
        return carta_error_set(err, CARTA_ERR_INPUT, "a clock's name is 1 to %d bytes",
                               AM_TT_NAME - 1);
    if (am_table_find_clock(c, name) >= 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "there is a clock named '%s'", name);
    if (segments < 2 || segments > AM_TT_SEGMENTS || segments % 2)
        return carta_error_set(err, CARTA_ERR_INPUT, "a clock has an even number of segments, "
                               "2 to %d (Clocks: \"an even amount of slices\")", AM_TT_SEGMENTS);
    if (c->n_clocks == AM_TT_CLOCKS)
        return carta_error_set(err, CARTA_ERR_INPUT, "at most %d clocks", AM_TT_CLOCKS);
    am_clock *ck = &c->clocks[c->n_clocks++];
    memset(ck, 0, sizeof *ck);
    snprintf(ck->name, sizeof ck->name, "%s", name);
    ck->segments = segments;
    am_entry *e = &c->log[c->n_entries++];
    memset(e, 0, sizeof *e);
    e->kind = AM_ENTRY_CLOCK;
    e->session = c->n_sessions - 1;
    snprintf(e->name, sizeof e->name, "%s", name);
    e->segments = segments;
    return CARTA_OK;
}

carta_status am_table_equip(am_campaign *c, const char *who, const char *item, int equip,
                            carta_error *err)
{
    carta_status st = table_room(c, err);
    int k = am_table_find_sheet(c, who);
    if (st != CARTA_OK)
        return st;
    if (k < 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "no character named '%s'", who);
    const am_sheet *s = &c->sheets[k];
    if (!s->mage[0])
        return carta_error_set(err, CARTA_ERR_INPUT, "%s has no mage file ('mage:' in the "
                               "campaign file names it)", s->name);
    if (!c->rules)
        return carta_error_set(err, CARTA_ERR_INPUT, "the card set is not loaded");
    char path[2 * AM_TT_PATH + 2], moved[CARTA_NAME_MAX];
    snprintf(path, sizeof path, "%s%s%s", s->mage[0] == '/' || !c->dir[0] ? "" : c->dir,
             s->mage[0] == '/' || !c->dir[0] ? "" : "/", s->mage);
    if ((st = am_equip(c->rules, path, item, equip, moved, sizeof moved, err)) != CARTA_OK)
        return st;
    am_entry *e = &c->log[c->n_entries++];
    memset(e, 0, sizeof *e);
    e->kind = equip ? AM_ENTRY_EQUIP : AM_ENTRY_UNEQUIP;
    e->session = c->n_sessions - 1;
    memcpy(e->name, s->name, sizeof e->name); /* both AM_TT_NAME, NUL-terminated */
    snprintf(e->item, sizeof e->item, "%s", moved);
    return CARTA_OK;
}

carta_status am_table_session(am_campaign *c, uint64_t seed, carta_error *err)
{
    if (c->n_sessions == AM_TT_SESSIONS)
        return carta_error_set(err, CARTA_ERR_INPUT, "at most %d sessions", AM_TT_SESSIONS);
    c->seeds[c->n_sessions++] = seed;
    carta_rng_seed(&c->rng, seed);
    return CARTA_OK;
}
