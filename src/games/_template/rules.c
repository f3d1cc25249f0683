/* rules.c: High Tide's rules: setup, who acts, the legal actions, apply, the result. */
#include "games/_template/tide.h"

#include <string.h>

#include "core/assert.h"
#include "core/options.h"

extern const carta_game carta_game_template;

const carta_option_def tide_options[] = {
    {"points_to_win", "points that win the game", 5, 60, 25},
    {"hand_size", "cards each player draws at the start", 1, 8, 3},
};
const int tide_n_options = (int)(sizeof tide_options / sizeof tide_options[0]);

/* Draws one card of seat into its hand, told to all (its name to seat alone); 0 if none left. */
static int rules_draw(tide_state *st, int seat)
{
    tide_seat *s = &st->seat[seat];
    if (!s->deck.n)
        return 0;
    int card = s->deck.cards[s->deck.n - 1];
    carta_zone_move(CARTA_ZONE_REF(&s->deck), s->deck.n - 1, CARTA_ZONE_REF(&s->hand));
    carta_event_move(&st->events, seat, card, CARTA_SEAT_BIT(seat), TIDE_W_DECK, TIDE_W_HAND,
                     TIDE_W_DRAWS);
    return 1;
}

carta_status tide_setup(const carta_rules *r, void *state, const carta_config *c,
                        carta_error *err)
{
    tide_state *st = state;
    if (c->n_seats < 2 || c->n_seats > TIDE_SEATS)
        return carta_error_set(err, CARTA_ERR_INPUT, "template: 2 to %d players, not %d",
                               TIDE_SEATS, c->n_seats);
    if (c->mode[0])
        return carta_error_set(err, CARTA_ERR_INPUT, "template: no mode '%s'", c->mode);
    if (carta_options_check(&carta_game_template, c, err))
        return CARTA_ERR_INPUT;
    for (int p = 0; p < c->n_seats; p++)
        if (tide_deck_check(r, &c->decks[p], err))
            return CARTA_ERR_INPUT;
    memset(st, 0, sizeof *st);
    carta_rng_seed(&st->rng, c->seed);
    st->n_seats = (uint8_t)c->n_seats;
    st->target = (uint8_t)carta_option_value(&carta_game_template, c, "points_to_win");
    carta_window_close(&st->window);
    for (int p = 0; p < c->n_seats; p++) {
        tide_seat *s = &st->seat[p];
        for (int i = 0; i < c->decks[p].n_cards; i++) {
            carta_zone_push(CARTA_ZONE_REF(&s->deck_list), c->decks[p].cards[i], 0);
            carta_zone_push(CARTA_ZONE_REF(&s->deck), c->decks[p].cards[i], 0);
        }
    }
    tide_zones_seen(st);
    for (int p = 0; p < c->n_seats; p++)
        carta_zone_shuffle(CARTA_ZONE_REF(&st->seat[p].deck), &st->rng);
    int hand = carta_option_value(&carta_game_template, c, "hand_size");
    for (int p = 0; p < c->n_seats; p++)
        for (int k = 0; k < hand; k++)
            rules_draw(st, p);
    st->turn = 1;
    carta_event_add(&st->events, CARTA_EV_TURN, 0, -1, -1, 0, -1, 0, 1, 0);
    return CARTA_OK;
}

int tide_to_act(const carta_rules *r, const void *state)
{
    (void)r;
    const tide_state *st = state;
    switch (st->phase) {
    case TIDE_PHASE_LEAD: return st->active;
    case TIDE_PHASE_ANSWER: return st->window.seat;
    default: return CARTA_NO_SEAT;
    }
}

/* Whether hand index i holds the first copy of its card (one action per distinct card). */
static int rules_first_copy(const tide_zone *hand, int i)
{
    for (int k = 0; k < i; k++)
        if (hand->cards[k] == hand->cards[i])
            return 0;
    return 1;
}

int tide_legal_actions(const carta_rules *r, const void *state, carta_action *out)
{
    const tide_state *st = state;
    int seat = tide_to_act(r, state), n = 0;
    if (seat == CARTA_NO_SEAT)
        return 0;
    const tide_zone *hand = &st->seat[seat].hand;
    int beat = st->phase == TIDE_PHASE_ANSWER ? st->tide[st->n_tide - 1].card : 0;
    for (int i = 0; i < hand->n; i++) {
        if (!rules_first_copy(hand, i))
            continue;
        if (st->phase == TIDE_PHASE_LEAD)
            out[n++] = TIDE_ACT(TIDE_A_LEAD, i);
        else if (tide_power(r, hand->cards[i]) > tide_power(r, (uint16_t)beat))
            out[n++] = TIDE_ACT(TIDE_A_ANSWER, i);
    }
    if (st->phase == TIDE_PHASE_ANSWER)
        out[n++] = TIDE_ACT(TIDE_A_PASS, 0);
    return n;
}

/* Plays hand card i of seat onto the tide. */
static void rules_play(tide_state *st, int seat, int i, int verb)
{
    tide_seat *s = &st->seat[seat];
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&s->hand), i, NULL);
    st->tide[st->n_tide++] = (tide_played){.card = card, .owner = (uint8_t)seat};
    carta_event_add(&st->events, CARTA_EV_ACT, seat, -1, card, CARTA_SEEN_ALL, -1, verb, 0, 0);
}

void tide_end(tide_state *st, int reason)
{
    st->phase = TIDE_PHASE_OVER;
    st->end = (uint8_t)reason;
    carta_window_close(&st->window);
    int best = 0, n_best = 0;
    for (int p = 0; p < st->n_seats; p++)
        best = st->seat[p].score > best ? st->seat[p].score : best;
    for (int p = 0; p < st->n_seats; p++)
        n_best += st->seat[p].score == best;
    for (int p = 0; p < st->n_seats && n_best == 1; p++)
        if (st->seat[p].score == best)
            carta_event_add(&st->events, CARTA_EV_WON, p, -1, -1, 0, -1, reason, 0, 0);
    if (n_best > 1)
        carta_event_add(&st->events, CARTA_EV_DRAWN, -1, -1, -1, 0, -1, reason, 0, 0);
}

/* The tide is settled: the strongest card's owner takes it, scoring every card's power. */
static void rules_settle(const carta_rules *r, tide_state *st)
{
    tide_played top = st->tide[st->n_tide - 1];
    int winner = top.owner, points = 0;
    for (int i = 0; i < st->n_tide; i++) {
        const tide_played *c = &st->tide[i];
        points += tide_power(r, c->card);
        carta_zone_push(CARTA_ZONE_REF(&st->seat[c->owner].discard), c->card, 0);
    }
    memset(st->tide, 0, sizeof st->tide[0] * st->n_tide);
    st->n_tide = 0;
    tide_seat *s = &st->seat[winner];
    int score = s->score + points > 255 ? 255 : s->score + points;
    carta_event_add(&st->events, CARTA_EV_ACT, winner, -1, top.card, CARTA_SEEN_ALL, -1,
                    TIDE_W_TAKES, 0, 0);
    carta_event_add(&st->events, CARTA_EV_COUNTER, winner, -1, -1, 0, -1, TIDE_W_POINTS,
                    score - s->score, score);
    s->score = (uint8_t)score;
    if (s->score >= st->target) {
        tide_end(st, TIDE_W_TARGET_REACHED);
        return;
    }
    st->active = (int8_t)((st->active + 1) % st->n_seats);
    st->phase = TIDE_PHASE_LEAD;
    if (++st->turn > TIDE_TURN_LIMIT) {
        tide_end(st, TIDE_W_TURN_LIMIT);
        return;
    }
    carta_event_add(&st->events, CARTA_EV_TURN, st->active, -1, -1, 0, -1, 0, st->turn, 0);
    rules_draw(st, st->active);
    if (!st->seat[st->active].hand.n)
        tide_end(st, TIDE_W_NO_CARD_TO_LEAD);
}

carta_status tide_apply(const carta_rules *r, void *state, carta_action a, carta_error *err)
{
    (void)err;
    tide_state *st = state;
    int seat = tide_to_act(r, st);
    CARTA_ASSERT(seat != CARTA_NO_SEAT);
    carta_events_clear(&st->events);
    switch (TIDE_KIND(a)) {
    case TIDE_A_LEAD:
        rules_play(st, seat, TIDE_INDEX(a), TIDE_W_LEADS);
        st->phase = TIDE_PHASE_ANSWER;
        carta_window_open(&st->window, (seat + 1) % st->n_seats, st->n_seats,
                          CARTA_SEAT_BIT(seat));
        break;
    case TIDE_A_ANSWER:
        rules_play(st, seat, TIDE_INDEX(a), TIDE_W_ANSWERS);
        carta_window_answer(&st->window, 0);
        break;
    default:
        carta_event_add(&st->events, CARTA_EV_NOTE, seat, -1, -1, 0, -1, TIDE_W_PASSES, 0, 0);
        carta_window_pass(&st->window);
        break;
    }
    if (st->phase == TIDE_PHASE_ANSWER && !carta_window_is_open(&st->window))
        rules_settle(r, st);
    return CARTA_OK;
}

void tide_returns(const carta_rules *r, const void *state, double *out)
{
    (void)r;
    const tide_state *st = state;
    int best = 0, n_best = 0;
    for (int p = 0; p < st->n_seats; p++)
        best = st->seat[p].score > best ? st->seat[p].score : best;
    for (int p = 0; p < st->n_seats; p++)
        n_best += st->seat[p].score == best;
    for (int p = 0; p < st->n_seats; p++)
        out[p] = st->phase != TIDE_PHASE_OVER ? 0.0
                 : st->seat[p].score == best ? 1.0 / n_best
                                             : 0.0;
}

double tide_evaluate(const carta_rules *r, const void *state, int seat)
{
    (void)r;
    const tide_state *st = state;
    int best_other = 0;
    for (int p = 0; p < st->n_seats; p++)
        if (p != seat && st->seat[p].score > best_other)
            best_other = st->seat[p].score;
    double v = (double)(st->seat[seat].score - best_other) / (st->target ? st->target : 1);
    return v > 1 ? 1 : v < -1 ? -1 : v;
}
