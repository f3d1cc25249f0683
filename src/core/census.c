/* census.c: every card of every seat counted against its deck list (census.h). */
#include "census.h"

#include <stdio.h>
#include <string.h>

void carta_census_init(carta_census *c, const carta_game *g, const carta_rules *r, int n_seats,
                       int n_cards)
{
    c->game = g;
    c->rules = r;
    c->n_seats = n_seats < 0 ? 0 : n_seats > CARTA_MAX_SEATS ? CARTA_MAX_SEATS : n_seats;
    c->n_cards = n_cards;
    c->list_name = "deck list";
    memset(c->n_list, 0, sizeof c->n_list);
    memset(c->n_seen, 0, sizeof c->n_seen);
    carta_error_clear(&c->early);
}

void carta_census_expect(carta_census *c, int seat, const uint16_t *cards, int n)
{
    if (seat < 0 || seat >= c->n_seats) {
        carta_error_set(&c->early, CARTA_ERR_STATE, "%s: a %s for seat %d of %d",
                        c->game->id, c->list_name, seat, c->n_seats);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (c->n_list[seat] == CARTA_DECK_MAX) {
            carta_error_set(&c->early, CARTA_ERR_STATE, "%s: seat %d's %s has more than %d cards",
                            c->game->id, seat, c->list_name, CARTA_DECK_MAX);
            return;
        }
        c->list[seat][c->n_list[seat]++] = cards[i];
    }
}

void carta_census_add(carta_census *c, int owner, uint16_t card, const char *place)
{
    if (owner < 0 || owner >= c->n_seats) {
        carta_error_set(&c->early, CARTA_ERR_STATE, "%s: card %u in %s is owned by seat %d of %d",
                        c->game->id, (unsigned)card, place, owner, c->n_seats);
        return;
    }
    if (card >= c->n_cards) {
        carta_error_set(&c->early, CARTA_ERR_STATE, "%s: seat %d's %s holds card id %u (the "
                        "card set has %d)", c->game->id, owner, place, (unsigned)card,
                        c->n_cards);
        return;
    }
    if (c->n_seen[owner] == CARTA_CENSUS_MAX) {
        carta_error_set(&c->early, CARTA_ERR_STATE, "%s: seat %d has more than %d cards (the "
                        "last seen in %s)", c->game->id, owner, CARTA_CENSUS_MAX, place);
        return;
    }
    c->seen[owner][c->n_seen[owner]++] = (carta_census_item){card, place};
}

void carta_census_add_all(carta_census *c, int owner, const uint16_t *cards, int n,
                          const char *place)
{
    for (int i = 0; i < n; i++)
        carta_census_add(c, owner, cards[i], place);
}

/* Insertion sorts: the arrays are small and often nearly sorted. Stable. */
static void census_sort_ids(uint16_t *a, int n)
{
    for (int i = 1; i < n; i++) {
        uint16_t x = a[i];
        int j = i;
        for (; j > 0 && a[j - 1] > x; j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

static void census_sort_items(carta_census_item *a, int n)
{
    for (int i = 1; i < n; i++) {
        carta_census_item x = a[i];
        int j = i;
        for (; j > 0 && a[j - 1].card > x.card; j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

/* Says that seat has `have` copies of card (seen[0..have) the instances) but its list `want`. */
static carta_status census_report(const carta_census *c, int seat, uint16_t card,
                                  const carta_census_item *seen, int have, int want,
                                  carta_error *err)
{
    const char *name = c->game->card_name ? c->game->card_name(c->rules, card) : "?";
    if (have == 0)
        return carta_error_set(err, CARTA_ERR_STATE,
                               "%s: seat %d's '%s' (%d in its %s) is nowhere",
                               c->game->id, seat, name, want, c->list_name);
    char places[256];
    size_t at = 0;
    places[0] = '\0';
    for (int i = 0; i < have && at < sizeof places; i++)
        at += (size_t)snprintf(places + at, sizeof places - at, "%s%s", i ? ", " : "",
                               seen[i].place);
    if (want == 0)
        return carta_error_set(err, CARTA_ERR_STATE,
                               "%s: seat %d's '%s' is not in its %s but is seen in %d "
                               "place%s (%s)",
                               c->game->id, seat, name, c->list_name, have,
                               have == 1 ? "" : "s", places);
    return carta_error_set(err, CARTA_ERR_STATE,
                           "%s: seat %d's '%s' is in %d place%s (%s) but its %s has %d",
                           c->game->id, seat, name, have, have == 1 ? "" : "s", places,
                           c->list_name, want);
}

/* Compares one seat's sorted list and sorted instances. */
static carta_status census_seat(const carta_census *c, int seat, carta_error *err)
{
    const uint16_t *list = c->list[seat];
    const carta_census_item *seen = c->seen[seat];
    int nl = c->n_list[seat], ns = c->n_seen[seat], i = 0, j = 0;
    while (i < nl || j < ns) {
        uint16_t card = i < nl && (j >= ns || list[i] <= seen[j].card) ? list[i] : seen[j].card;
        int want = 0, have = 0, first = j;
        for (; i < nl && list[i] == card; i++)
            want++;
        for (; j < ns && seen[j].card == card; j++)
            have++;
        if (want != have)
            return census_report(c, seat, card, &seen[first], have, want, err);
    }
    return CARTA_OK;
}

carta_status carta_census_finish(carta_census *c, carta_error *err)
{
    if (c->early.status != CARTA_OK)
        return carta_error_set(err, c->early.status, "%s", c->early.msg);
    for (int seat = 0; seat < c->n_seats; seat++) {
        census_sort_ids(c->list[seat], c->n_list[seat]);
        census_sort_items(c->seen[seat], c->n_seen[seat]);
        if (census_seat(c, seat, err) != CARTA_OK)
            return CARTA_ERR_STATE;
    }
    return CARTA_OK;
}
