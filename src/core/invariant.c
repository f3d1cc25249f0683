/* invariant.c: checking the promises every state keeps (invariant.h). */
#include "invariant.h"

#include <stdlib.h>
#include <string.h>

#include "layout.h"
#include "rng.h"
#include "simultaneous.h"
#include "view.h"

struct carta_invariant_scratch {
    void *obs, *det, *twin, *again, *text_state;
    carta_action legal[CARTA_MAX_ACTIONS], legal_twin[CARTA_MAX_ACTIONS];
    int views; /* also compare the structured views (slower) */
};

void carta_invariant_scratch_views(carta_invariant_scratch *s, int on) { s->views = on; }

/* The view of obs for seat as compact JSON text (malloc'd), with the actions it offers seat when
 * seat is to act (their texts and parts), or NULL if the game has no view. */
static char *invariant_view_text(const carta_game *g, const carta_rules *r, const void *obs,
                                 int seat, carta_action *legal)
{
    if (!g->view)
        return NULL;
    carta_view *v = carta_view_observation(g, r, obs, seat);
    char *text = NULL;
    if (v) {
        if (g->to_act(r, obs) == seat)
            carta_view_actions(v, "actions", g, r, obs, legal, g->legal_actions(r, obs, legal));
        json_t *root = carta_view_json(v);
        text = root ? json_dumps(root, JSON_COMPACT) : NULL;
    }
    carta_view_free(v);
    return text;
}

/* The view of the twin's observation, and the actions it offers, are the true state's, to the
 * byte. */
static carta_status invariant_same_view(const carta_game *g, const carta_rules *r,
                                        const void *obs, const void *twin_obs, int seat,
                                        carta_action *legal, carta_error *err)
{
    char *a = invariant_view_text(g, r, obs, seat, legal);
    char *b = invariant_view_text(g, r, twin_obs, seat, legal);
    int same = (!a && !b) || (a && b && !strcmp(a, b));
    free(a);
    free(b);
    if (!same)
        return carta_error_set(err, CARTA_ERR_STATE,
                               "%s: seat %d's view or its actions' parts change when only what "
                               "it cannot see changes",
                               g->id, seat);
    return CARTA_OK;
}

carta_invariant_scratch *carta_invariant_scratch_new(const carta_game *game)
{
    carta_invariant_scratch *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    void **bufs[] = {&s->obs, &s->det, &s->twin, &s->again, &s->text_state};
    for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
        if (!(*bufs[i] = calloc(1, game->state_size))) {
            carta_invariant_scratch_free(s);
            return NULL;
        }
    return s;
}

void carta_invariant_scratch_free(carta_invariant_scratch *s)
{
    if (!s)
        return;
    free(s->obs);
    free(s->det);
    free(s->twin);
    free(s->again);
    free(s->text_state);
    free(s);
}

carta_status carta_invariant_check_rules(const carta_game *g, const carta_rules *r,
                                         const void *state, int n_seats,
                                         carta_invariant_scratch *s, carta_error *err)
{
    if (g->check && g->check(r, state, err) != CARTA_OK)
        return CARTA_ERR_STATE;
    int n = g->legal_actions(r, state, s->legal);
    int seat = g->to_act(r, state);
    if (n < 0 || n > CARTA_MAX_ACTIONS)
        return carta_error_set(err, CARTA_ERR_STATE, "%s: %d legal actions", g->id, n);
    if ((n > 0) != (seat != CARTA_NO_SEAT))
        return carta_error_set(err, CARTA_ERR_STATE,
                               "%s: %d legal actions but the seat to act is %d", g->id, n, seat);
    if (seat != CARTA_NO_SEAT && (seat < 0 || seat >= n_seats))
        return carta_error_set(err, CARTA_ERR_STATE, "%s: seat to act %d of %d seats", g->id,
                               seat, n_seats);
    return carta_simultaneous_check(g, r, state, s->text_state, err);
}

/* The first byte where a and b differ, and the layout slot it falls in (-1 if none). */
static size_t invariant_diff(const carta_layout *l, const void *a, const void *b, size_t size,
                             int *slot)
{
    size_t at = 0;
    while (at < size && ((const uint8_t *)a)[at] == ((const uint8_t *)b)[at])
        at++;
    *slot = -1;
    for (int i = 0; l && i < l->n; i++) {
        const carta_slot *sl = &l->slot[i];
        size_t len = sl->kind == CARTA_SLOT_ZONE     ? 2 + 3 * (size_t)sl->cap
                     : sl->kind == CARTA_SLOT_ITEMS  ? (size_t)sl->cap * sl->item_size
                     : sl->kind == CARTA_SLOT_EVENTS ? sizeof(carta_events)
                                                    : sl->item_size;
        if (at >= sl->at && at < sl->at + len)
            *slot = i;
    }
    return at;
}

static carta_status invariant_same_obs(const carta_game *g, const carta_rules *r, const void *want,
                                       const void *got, int seat, const char *what,
                                       carta_error *err)
{
    if (!memcmp(want, got, g->state_size))
        return CARTA_OK;
    int slot;
    size_t at = invariant_diff(g->layout ? g->layout(r) : NULL, want, got, g->state_size, &slot);
    return carta_error_set(err, CARTA_ERR_STATE,
                           "%s: seat %d's observation changes %s (byte %zu of %zu, layout slot "
                           "%d)",
                           g->id, seat, what, at, g->state_size, slot);
}

/* When seat is to act: the same legal actions with the same texts in state and twin. */
static carta_status invariant_same_choices(const carta_game *g, const carta_rules *r,
                                           const void *state, const void *twin, int seat,
                                           carta_invariant_scratch *s, carta_error *err)
{
    if (g->to_act(r, state) != seat)
        return CARTA_OK;
    int n = g->legal_actions(r, state, s->legal);
    int m = g->legal_actions(r, twin, s->legal_twin);
    if (n != m || memcmp(s->legal, s->legal_twin, sizeof *s->legal * (size_t)n))
        return carta_error_set(err, CARTA_ERR_STATE,
                               "%s: seat %d's legal actions change when only what it cannot see "
                               "changes (%d, then %d)",
                               g->id, seat, n, m);
    for (int i = 0; i < n; i++) {
        char a[512], b[512];
        carta_describe_move(g, r, state, s->legal[i], seat, s->text_state, a, sizeof a);
        carta_describe_move(g, r, twin, s->legal[i], seat, s->text_state, b, sizeof b);
        if (strcmp(a, b))
            return carta_error_set(err, CARTA_ERR_STATE,
                                   "%s: seat %d's action text changes when only what it cannot "
                                   "see changes ('%s', then '%s')",
                                   g->id, seat, a, b);
    }
    return CARTA_OK;
}

carta_status carta_invariant_check_seat(const carta_game *g, const carta_rules *r,
                                        const void *state, int seat, uint64_t salt,
                                        carta_invariant_scratch *s, carta_error *err)
{
    size_t size = g->state_size;
    const carta_layout *l = g->layout ? g->layout(r) : NULL;
    int bad;
    g->observe(r, state, seat, s->obs);
    if (l && !carta_layout_clean(l, s->obs, &bad))
        return carta_error_set(err, CARTA_ERR_STATE,
                               "%s: seat %d's observation holds something in an unused slot "
                               "(layout slot %d)",
                               g->id, seat, bad);
    g->observe(r, s->obs, seat, s->again);
    if (invariant_same_obs(g, r, s->obs, s->again, seat, "when observed again", err))
        return CARTA_ERR_STATE;

    memcpy(s->det, state, size);
    g->determinize(r, s->det, seat, carta_mix64(salt));
    if (g->check && g->check(r, s->det, err) != CARTA_OK)
        return carta_error_set(err, CARTA_ERR_STATE, "%s: after determinize for seat %d",
                               g->id, seat);
    g->observe(r, s->det, seat, s->again);
    if (invariant_same_obs(g, r, s->obs, s->again, seat, "when determinized", err))
        return CARTA_ERR_STATE;

    memcpy(s->twin, s->det, size);
    if (l) {
        carta_rng rng;
        carta_rng_seed(&rng, salt ^ 0xca7a);
        carta_layout_canary(l, s->twin, &rng);
        carta_layout_scramble_events(l, s->twin, seat, salt ^ 0xe7e7);
    }
    g->observe(r, s->twin, seat, s->again);
    if (invariant_same_obs(g, r, s->obs, s->again, seat,
                           "when only what it cannot see changes", err))
        return CARTA_ERR_STATE;
    if (s->views && invariant_same_view(g, r, s->obs, s->again, seat, s->legal_twin, err))
        return CARTA_ERR_STATE;
    return invariant_same_choices(g, r, state, s->twin, seat, s, err);
}

carta_status carta_invariant_check(const carta_game *g, const carta_rules *r, const void *state,
                                   int n_seats, uint64_t salt, carta_invariant_scratch *s,
                                   carta_error *err)
{
    if (carta_invariant_check_rules(g, r, state, n_seats, s, err) != CARTA_OK)
        return CARTA_ERR_STATE;
    for (int seat = 0; seat < n_seats; seat++)
        if (carta_invariant_check_seat(g, r, state, seat, salt * 8 + (uint64_t)seat, s, err))
            return CARTA_ERR_STATE;
    return CARTA_OK;
}
