/* check.c: what every Leaders state keeps (the contract's check): every card of a seat's deck list
 * in exactly one place, every Unit of its Domain's roster in exactly one place (Barracks,
 * Graveyard or the board), one Leader per seat on the board, and every counter in range. */
#include "games/leaders/leaders.h"

#include "core/census.h"

#define CHECK_FAIL(err, ...) carta_error_set((err), CARTA_ERR_STATE, "leaders: " __VA_ARGS__)

enum {
    CHECK_CHAR_FLAGS = LEADERS_C_EXHAUSTED | LEADERS_C_REDIRECTED | LEADERS_C_LEADER |
                       LEADERS_C_ACTED
};

/* ---- cards and Units: two censuses ---- */

static carta_status check_cards(const carta_rules *rules, const leaders_state *st,
                                carta_error *err)
{
    carta_census c;
    carta_census_init(&c, &carta_game_leaders, rules, LEADERS_SEATS, rules->n_defs);
    for (int p = 0; p < LEADERS_SEATS; p++) {
        const leaders_seat *s = &st->seat[p];
        carta_census_expect(&c, p, s->deck_list.cards, s->deck_list.n);
        carta_census_add_all(&c, p, s->hand.cards, s->hand.n, "hand");
        carta_census_add_all(&c, p, s->deck.cards, s->deck.n, "deck");
        carta_census_add_all(&c, p, s->discard.cards, s->discard.n, "discard");
    }
    for (int i = 0; i < st->n_events; i++)
        carta_census_add(&c, (st->events[i] & LEADERS_EVENT_SEAT1) ? 1 : 0,
                         (uint16_t)(st->events[i] & ~LEADERS_EVENT_SEAT1), "the Event pile");
    if (st->facedown != LEADERS_NONE) /* the attacker's card, face down in the battle */
        carta_census_add(&c, st->active, st->facedown, "the face-down Attack card");
    return carta_census_finish(&c, err);
}

static carta_status check_units(const carta_rules *rules, const leaders_state *st,
                                carta_error *err)
{
    carta_census c;
    carta_census_init(&c, &carta_game_leaders, rules, LEADERS_SEATS, rules->n_defs);
    c.list_name = "Domain's roster";
    for (int p = 0; p < LEADERS_SEATS; p++) {
        const leaders_seat *s = &st->seat[p];
        const leaders_def *dom = leaders_def_of(rules, s->domain);
        carta_census_expect(&c, p, dom->roster, dom->n_roster);
        carta_census_add_all(&c, p, s->barracks, s->n_barracks, "Barracks");
        carta_census_add_all(&c, p, s->graveyard, s->n_graveyard, "Graveyard");
    }
    for (int cell = 0; cell < LEADERS_CELLS; cell++) {
        const leaders_char *ch = &st->board[cell];
        if (ch->kind != LEADERS_NONE && !(ch->flags & LEADERS_C_LEADER))
            carta_census_add(&c, ch->owner, ch->kind, "the board");
    }
    return carta_census_finish(&c, err);
}

/* ---- the board ---- */

static carta_status check_char(const carta_rules *rules, const leaders_state *st, int cell,
                               int *leaders, carta_error *err)
{
    const leaders_char *ch = &st->board[cell];
    const leaders_def *d = leaders_def_of(rules, ch->kind);
    char name[4];
    leaders_cell_name(cell, name);
    bool leader = (ch->flags & LEADERS_C_LEADER) != 0;
    if (!d || d->type != (leader ? LEADERS_T_LEADER : LEADERS_T_UNIT) || ch->owner >= LEADERS_SEATS)
        return CHECK_FAIL(err, "%s holds kind %u of seat %d, flags %#x", name, (unsigned)ch->kind,
                          ch->owner, ch->flags);
    if (ch->dir > LEADERS_WEST || (ch->flags & ~CHECK_CHAR_FLAGS))
        return CHECK_FAIL(err, "'%s' on %s faces %d with flags %#x", d->name, name, ch->dir,
                          ch->flags);
    if (ch->health > d->health || (ch->health == 0 && !(leader && st->phase == LEADERS_PHASE_OVER)))
        return CHECK_FAIL(err, "'%s' of seat %d on %s has %d health (of %d)", d->name, ch->owner,
                          name, ch->health, d->health);
    if (leader) {
        if (ch->kind != st->seat[ch->owner].leader)
            return CHECK_FAIL(err, "'%s' on %s leads seat %d, whose Leader is %u", d->name, name,
                              ch->owner, (unsigned)st->seat[ch->owner].leader);
        leaders[ch->owner]++;
    }
    return CARTA_OK;
}

static carta_status check_board(const carta_rules *rules, const leaders_state *st,
                                carta_error *err)
{
    int leaders[LEADERS_SEATS] = {0};
    for (int cell = 0; cell < LEADERS_CELLS; cell++) {
        const leaders_char *ch = &st->board[cell];
        if (ch->kind == LEADERS_NONE) {
            if (ch->owner || ch->dir || ch->health || ch->acts || ch->flags)
                return CHECK_FAIL(err, "empty cell %d keeps a Character's fields", cell);
            continue;
        }
        if (check_char(rules, st, cell, leaders, err))
            return CARTA_ERR_STATE;
    }
    for (int p = 0; p < LEADERS_SEATS; p++)
        if (leaders[p] != 1)
            return CHECK_FAIL(err, "seat %d has %d Leaders on the board", p, leaders[p]);
    if (st->chain < -1 || st->chain >= LEADERS_CELLS ||
        (st->chain >= 0 && st->board[st->chain].kind == LEADERS_NONE))
        return CHECK_FAIL(err, "the action chain is on cell %d, which is empty", st->chain);
    return CARTA_OK;
}

/* ---- counts and counters ---- */

static carta_status check_seat(const carta_rules *rules, const leaders_state *st, int p,
                               carta_error *err)
{
    const leaders_seat *s = &st->seat[p];
    const leaders_def *leader = leaders_def_of(rules, s->leader);
    const leaders_def *dom = leaders_def_of(rules, s->domain);
    if (!leader || leader->type != LEADERS_T_LEADER || !dom || dom->type != LEADERS_T_DOMAIN)
        return CHECK_FAIL(err, "seat %d is led by card %u with Domain %u", p,
                          (unsigned)s->leader, (unsigned)s->domain);
    if (s->n_barracks > LEADERS_BARRACKS_MAX || s->n_graveyard > LEADERS_BARRACKS_MAX)
        return CHECK_FAIL(err, "seat %d has %d Units in Barracks and %d in the Graveyard", p,
                          s->n_barracks, s->n_graveyard);
    if (CARTA_ZONE_CHECK(s->deck_list, CARTA_SEEN_ALL, "leaders", p, "deck list", err) ||
        CARTA_ZONE_CHECK(s->hand, CARTA_SEAT_BIT(p), "leaders", p, "hand", err) ||
        CARTA_ZONE_CHECK(s->deck, 0, "leaders", p, "deck", err) ||
        CARTA_ZONE_CHECK(s->discard, CARTA_SEEN_ALL, "leaders", p, "discard", err))
        return CARTA_ERR_STATE;
    if (s->hand.n > LEADERS_HAND_LIMIT && st->pending.n == 0 && p != st->active &&
        st->phase != LEADERS_PHASE_OVER)
        return CHECK_FAIL(err, "seat %d ends its turn with %d cards in hand (limit %d)", p,
                          s->hand.n, LEADERS_HAND_LIMIT);
    return CARTA_OK;
}

static carta_status check_pending(const carta_rules *rules, const leaders_state *st,
                                  carta_error *err)
{
    if (carta_pending_check(&st->pending, st->phase == LEADERS_PHASE_OVER,
                            LEADERS_FR_SUMMON_CELL, LEADERS_FR_DISCARD, LEADERS_SEATS, "leaders",
                            err))
        return CARTA_ERR_STATE;
    const leaders_def *fd = leaders_def_of(rules, st->facedown);
    if (st->facedown != LEADERS_NONE && (!fd || fd->type != LEADERS_T_ATTACK))
        return CHECK_FAIL(err, "the face-down Attack card is card %u", (unsigned)st->facedown);
    return CARTA_OK;
}

static carta_status check_turn(const leaders_state *st, carta_error *err)
{
    if (st->phase > LEADERS_PHASE_OVER || st->active < 0 || st->active >= LEADERS_SEATS ||
        st->first < 0 || st->first >= LEADERS_SEATS)
        return CHECK_FAIL(err, "phase %d, active seat %d, first seat %d", st->phase, st->active,
                          st->first);
    if (st->winner < -1 || st->winner >= LEADERS_SEATS ||
        (st->winner >= 0 && st->phase != LEADERS_PHASE_OVER) || (st->draw && st->winner >= 0))
        return CHECK_FAIL(err, "winner %d, draw %d in phase %d", st->winner, st->draw,
                          st->phase);
    if (st->turn == 0 || st->turn > LEADERS_TURN_LIMIT + 1)
        return CHECK_FAIL(err, "turn %d", st->turn);
    if (st->n_events > LEADERS_EVENTS_MAX)
        return CHECK_FAIL(err, "%d cards in the Event pile (room for %d)", st->n_events,
                          LEADERS_EVENTS_MAX);
    return CARTA_OK;
}

carta_status leaders_check(const carta_rules *rules, const void *state, carta_error *err)
{
    const leaders_state *st = state;
    if (st->version != LEADERS_STATE_VERSION)
        return CHECK_FAIL(err, "state version %u, not %u", st->version, LEADERS_STATE_VERSION);
    if (check_turn(st, err) || check_pending(rules, st, err))
        return CARTA_ERR_STATE;
    for (int p = 0; p < LEADERS_SEATS; p++)
        if (check_seat(rules, st, p, err))
            return CARTA_ERR_STATE;
    if (check_board(rules, st, err) || check_units(rules, st, err))
        return CARTA_ERR_STATE;
    return check_cards(rules, st, err);
}
