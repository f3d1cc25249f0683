/* view.c: High Tide's structured view (docs/view.md) and the parts of each action. */
#include "games/_template/tide.h"

#include "core/view.h"

static int view_card_id(uint16_t card) { return card == TIDE_UNKNOWN ? -1 : card; }

static void view_seat(const tide_state *st, int p, carta_view *v)
{
    const tide_seat *s = &st->seat[p];
    carta_view_map(v, NULL);
    carta_view_int(v, "seat", p);
    carta_view_map(v, "counters");
    carta_view_int(v, "score", s->score);
    carta_view_end(v);
    carta_view_map(v, "zones");
    carta_view_zone(v, "hand", s->hand.cards, s->hand.n, TIDE_UNKNOWN);
    carta_view_zone(v, "deck", s->deck.cards, s->deck.n, TIDE_UNKNOWN);
    carta_view_zone(v, "discard", s->discard.cards, s->discard.n, TIDE_UNKNOWN);
    carta_view_end(v);
    carta_view_end(v);
}

static void view_question(const carta_rules *r, const tide_state *st, carta_view *v)
{
    char q[160] = "";
    if (st->phase == TIDE_PHASE_LEAD)
        snprintf(q, sizeof q, "which card do you lead?");
    else if (st->phase == TIDE_PHASE_ANSWER)
        snprintf(q, sizeof q, "answer %s with a stronger card, or pass?",
                 carta_catalog_name(r->catalog, st->tide[st->n_tide - 1].card));
    carta_view_str(v, "question", st->phase == TIDE_PHASE_OVER ? NULL : q);
}

void tide_view(const carta_rules *r, const void *obs, int seat, carta_view *v)
{
    const tide_state *st = obs;
    double ret[CARTA_MAX_SEATS] = {0};
    int over = st->phase == TIDE_PHASE_OVER, winner = -1;
    tide_returns(r, st, ret);
    for (int p = 0; p < st->n_seats && over; p++)
        if (ret[p] == 1.0)
            winner = p;
    carta_view_head(v, seat, st->turn, -1,
                    st->phase == TIDE_PHASE_LEAD     ? "lead"
                    : st->phase == TIDE_PHASE_ANSWER ? "answer"
                                                     : "over");
    carta_view_int(v, "active", st->active);
    carta_view_progress(v, st, winner, tide_event_word(r, st->end));
    view_question(r, st, v);
    carta_view_int(v, "points_to_win", st->target);
    carta_view_list(v, "seats");
    for (int p = 0; p < st->n_seats; p++)
        view_seat(st, p, v);
    carta_view_end(v);
    carta_view_map(v, "board");
    carta_view_list(v, "tide");
    for (int i = 0; i < st->n_tide; i++) {
        carta_view_map(v, NULL);
        carta_view_card(v, "card", view_card_id(st->tide[i].card), -1);
        carta_view_int(v, "owner", st->tide[i].owner);
        carta_view_end(v);
    }
    carta_view_end(v);
    carta_view_end(v);
    carta_view_list(v, "resolving");
    carta_view_end(v);
}

int tide_action_card(const carta_rules *r, const void *state, carta_action a)
{
    const tide_state *st = state;
    int seat = tide_to_act(r, st);
    if (TIDE_KIND(a) == TIDE_A_PASS || seat < 0 || TIDE_INDEX(a) >= st->seat[seat].hand.n)
        return -1;
    return st->seat[seat].hand.cards[TIDE_INDEX(a)];
}

void tide_action_view(const carta_rules *r, const void *obs, carta_action a, carta_view *v)
{
    static const char *const verbs[] = {"", "lead", "answer", "pass"};
    int kind = TIDE_KIND(a);
    carta_view_str(v, "verb", kind >= TIDE_A_LEAD && kind <= TIDE_A_PASS ? verbs[kind] : "?");
    int card = tide_action_card(r, obs, a);
    if (card < 0)
        return;
    carta_view_card(v, "card", view_card_id((uint16_t)card), -1);
    carta_view_str(v, "from", "hand");
}
