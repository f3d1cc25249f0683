/* simultaneous.c: asking several seats at once, applying their choices in order
 * (simultaneous.h). */
#include "simultaneous.h"

#include <string.h>

#include "zone.h"

unsigned carta_deciding(const carta_game *g, const carta_rules *r, const void *state)
{
    int seat = g->to_act(r, state);
    if (seat == CARTA_NO_SEAT)
        return 0;
    unsigned mask = g->deciding ? g->deciding(r, state) : 0;
    return mask ? mask | CARTA_SEAT_BIT(seat) : CARTA_SEAT_BIT(seat);
}


/* Whether seat now is still making its part of the round: one of the round's seats, to act, and
 * (if the game names deciding seats) still among them; the round is over once the game moves on
 * (the picks revealed). */
static int simultaneous_goes_on(const carta_game *g, const carta_rules *r, const void *state,
                                unsigned round, int from_game, int now)
{
    if (now == CARTA_NO_SEAT || !(round & CARTA_SEAT_BIT(now)))
        return 0;
    /* to_act alone (the game names no round): its part lasts while it is to act */
    return !from_game || (g->deciding(r, state) & CARTA_SEAT_BIT(now));
}

/* Whether the game itself names the seats deciding in state. */
static int simultaneous_from_game(const carta_game *g, const carta_rules *r, const void *state)
{
    return g->deciding && g->deciding(r, state) != 0;
}

/* carta_simultaneous_legal, the seats before seat given their first legal actions, or with
 * fill_last their last. */
static int simultaneous_legal(const carta_game *g, const carta_rules *r, const void *state,
                              int seat, const carta_action *mine, int n_mine, void *scratch,
                              carta_action *out, int fill_last)
{
    unsigned round = carta_deciding(g, r, state);
    if (seat < 0 || seat >= CARTA_MAX_SEATS || !(round & CARTA_SEAT_BIT(seat)))
        return -1;
    int from_game = simultaneous_from_game(g, r, state);
    memcpy(scratch, state, g->state_size);
    carta_error err = {0};
    int used = 0;
    for (int guard = 0; guard < 4096; guard++) {
        int now = g->to_act(r, scratch);
        if (!simultaneous_goes_on(g, r, scratch, round, from_game, now))
            return used < n_mine ? -1 : 0; /* the round moved on: seat's part is complete */
        int n = g->legal_actions(r, scratch, out);
        if (now != seat) {
            if (g->apply(r, scratch, out[fill_last ? n - 1 : 0], &err) != CARTA_OK)
                return -1;
            continue;
        }
        if (used == n_mine)
            return n;
        if (!carta_action_is_legal(g, r, scratch, mine[used]) ||
            g->apply(r, scratch, mine[used], &err) != CARTA_OK)
            return -1;
        used++;
    }
    return -1;
}

int carta_simultaneous_legal(const carta_game *g, const carta_rules *r, const void *state,
                             int seat, const carta_action *mine, int n_mine, void *scratch,
                             carta_action *out)
{
    return simultaneous_legal(g, r, state, seat, mine, n_mine, scratch, out, 0);
}

int carta_simultaneous_check(const carta_game *g, const carta_rules *r, const void *state,
                             void *scratch, carta_error *err)
{
    static _Thread_local carta_action a[CARTA_MAX_ACTIONS], b[CARTA_MAX_ACTIONS];
    unsigned round = carta_deciding(g, r, state);
    if (!(round & (round - 1)))
        return CARTA_OK; /* one seat decides: nothing is simultaneous */
    for (int s = 0; s < CARTA_MAX_SEATS; s++) {
        if (!(round & CARTA_SEAT_BIT(s)))
            continue;
        int n = simultaneous_legal(g, r, state, s, NULL, 0, scratch, a, 0);
        int m = simultaneous_legal(g, r, state, s, NULL, 0, scratch, b, 1);
        if (n <= 0 || n != m || memcmp(a, b, sizeof a[0] * (size_t)n))
            return carta_error_set(err, CARTA_ERR_STATE, "%s: player %d decides at the same "
                                   "moment as others, but what it may choose depends on their "
                                   "choices (%d, then %d actions)", g->id, s + 1, n, m);
    }
    return CARTA_OK;
}

int carta_simultaneous_apply(const carta_game *g, const carta_rules *r, void *state,
                             const carta_action *const *mine, const int *n_mine, void *scratch,
                             carta_error *err)
{
    unsigned round = carta_deciding(g, r, state);
    int used[CARTA_MAX_SEATS] = {0}, applied = 0;
    int from_game = simultaneous_from_game(g, r, state);
    memcpy(scratch, state, g->state_size);
    for (;;) {
        int now = g->to_act(r, scratch);
        if (!simultaneous_goes_on(g, r, scratch, round, from_game, now))
            break;
        if (used[now] >= n_mine[now]) {
            carta_error_set(err, CARTA_ERR_ILLEGAL, "%s: player %d has not finished choosing",
                            g->id, now + 1);
            return -1;
        }
        carta_action a = mine[now][used[now]++];
        if (!carta_action_is_legal(g, r, scratch, a) ||
            g->apply(r, scratch, a, err) != CARTA_OK) {
            carta_error_set(err, CARTA_ERR_ILLEGAL, "%s: choice %d of player %d is not legal",
                            g->id, used[now], now + 1);
            return -1;
        }
        applied++;
    }
    for (int s = 0; s < CARTA_MAX_SEATS; s++)
        if ((round & CARTA_SEAT_BIT(s)) && used[s] != n_mine[s]) {
            carta_error_set(err, CARTA_ERR_ILLEGAL, "%s: player %d made %d choices, %d were "
                            "asked", g->id, s + 1, n_mine[s], used[s]);
            return -1;
        }
    memcpy(state, scratch, g->state_size);
    return applied;
}
