/* check.c: what holds in every High Tide state (carta_game.check): every card of every deck in
 * exactly one place, counts and scores in range, the answer window open exactly while answering. */
#include "games/_template/tide.h"

#include "core/census.h"

extern const carta_game carta_game_template;

#define CHECK_FAIL(err, ...) carta_error_set((err), CARTA_ERR_STATE, "template: " __VA_ARGS__)

static carta_status check_cards(const carta_rules *r, const tide_state *st, carta_error *err)
{
    carta_census c;
    carta_census_init(&c, &carta_game_template, r, st->n_seats, carta_catalog_count(r->catalog));
    for (int p = 0; p < st->n_seats; p++) {
        const tide_seat *s = &st->seat[p];
        carta_census_expect(&c, p, s->deck_list.cards, s->deck_list.n);
        carta_census_add_all(&c, p, s->hand.cards, s->hand.n, "hand");
        carta_census_add_all(&c, p, s->deck.cards, s->deck.n, "deck");
        carta_census_add_all(&c, p, s->discard.cards, s->discard.n, "discard pile");
    }
    for (int i = 0; i < st->n_tide; i++)
        carta_census_add(&c, st->tide[i].owner, st->tide[i].card, "tide");
    return carta_census_finish(&c, err);
}

carta_status tide_check(const carta_rules *r, const void *state, carta_error *err)
{
    const tide_state *st = state;
    if (st->n_seats < 2 || st->n_seats > TIDE_SEATS || st->active < 0 ||
        st->active >= st->n_seats || st->phase > TIDE_PHASE_OVER)
        return CHECK_FAIL(err, "%d seats, active %d, phase %d", st->n_seats, st->active,
                          st->phase);
    if (st->n_tide > TIDE_SEATS * TIDE_DECK_MAX || (st->phase == TIDE_PHASE_ANSWER) != (st->n_tide > 0))
        return CHECK_FAIL(err, "%d cards on the tide in phase %d", st->n_tide, st->phase);
    if ((st->phase == TIDE_PHASE_ANSWER) != carta_window_is_open(&st->window))
        return CHECK_FAIL(err, "the answer window is %s in phase %d",
                          carta_window_is_open(&st->window) ? "open" : "closed", st->phase);
    for (int i = 1; i < st->n_tide; i++)
        if (tide_power(r, st->tide[i].card) <= tide_power(r, st->tide[i - 1].card))
            return CHECK_FAIL(err, "tide card %d is not stronger than the one before", i);
    for (int p = 0; p < st->n_seats; p++)
        if (st->seat[p].score >= st->target && st->phase != TIDE_PHASE_OVER)
            return CHECK_FAIL(err, "player %d has %d points and the game goes on", p + 1,
                              st->seat[p].score);
    return check_cards(r, st, err);
}
