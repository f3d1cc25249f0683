/* table.c: one table of `carta serve` (table.h). */
#include "server/table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "core/event.h"
#include "core/layout.h"
#include "core/rng.h"
#include "core/simultaneous.h"
#include "core/view.h"

int srv_random_hex(char *out, size_t digits)
{
    unsigned char raw[64];
    size_t n = (digits + 1) / 2;
    if (n > sizeof raw || getrandom(raw, n, 0) != (ssize_t)n)
        return 0;
    for (size_t i = 0; i < digits; i++)
        out[i] = "0123456789abcdef"[(raw[i / 2] >> (i % 2 ? 0 : 4)) & 15];
    out[digits] = 0;
    return 1;
}

static srv_table *table_alloc(const carta_game *g, const carta_rules *r, carta_error *err)
{
    srv_table *t = calloc(1, sizeof *t);
    if (t)
        t->state = calloc(1, g->state_size);
    if (!t || !t->state) {
        free(t);
        carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
        return NULL;
    }
    t->g = g;
    t->r = r;
    return t;
}

void srv_table_free(srv_table *t)
{
    if (!t)
        return;
    for (int i = 0; i < CARTA_MAX_SEATS; i++)
        carta_ai_free(t->seat[i].brain);
    carta_record_free(&t->rec);
    free(t->state);
    free(t);
}

srv_table *srv_table_new(const carta_game *g, const carta_rules *r, const carta_config *config,
                         const srv_seat *seats, carta_error *err)
{
    srv_table *t = table_alloc(g, r, err);
    if (!t)
        return NULL;
    t->n_seats = config->n_seats;
    carta_record_init(&t->rec, g, config);
    for (int i = 0; i < t->n_seats; i++) {
        t->seat[i] = seats[i];
        t->seat[i].brain = NULL;
        snprintf(t->rec.seat_names[i], sizeof t->rec.seat_names[i], "%s",
                 seats[i].ai ? seats[i].spec : "human");
        if (!seats[i].ai && !srv_random_hex(t->seat[i].token, SRV_TOKEN - 1)) {
            carta_error_set(err, CARTA_ERR_IO, "no randomness for the seats' tokens");
            srv_table_free(t);
            return NULL;
        }
    }
    if (!srv_random_hex(t->id, SRV_ID - 1) || g->setup(r, t->state, &t->rec.config, err)) {
        if (!err->msg[0])
            carta_error_set(err, CARTA_ERR_IO, "no randomness for the table's id");
        srv_table_free(t);
        return NULL;
    }
    return t;
}

json_t *srv_table_seats_json(const srv_table *t, int with_tokens)
{
    json_t *list = json_array();
    for (int i = 0; i < t->n_seats; i++) {
        const srv_seat *s = &t->seat[i];
        json_t *o = json_pack("{s:i, s:s}", "seat", i, "player", s->ai ? "ai" : "human");
        if (s->ai)
            json_object_set_new(o, "ai", json_string(s->spec));
        else if (with_tokens)
            json_object_set_new(o, "token", json_string(s->token));
        json_array_append_new(list, o);
    }
    return list;
}

/* Reads the stored seats: [{"player": "human", "token": "..."}, {"player": "ai", "ai": "..."}]. */
static carta_status table_seats_read(srv_table *t, const char *json, carta_error *err)
{
    json_error_t jerr;
    json_t *list = json_loads(json, 0, &jerr);
    carta_status st = CARTA_OK;
    if (!json_is_array(list) || (int)json_array_size(list) != t->n_seats)
        st = carta_error_set(err, CARTA_ERR_CORRUPT, "table %s: its seats do not match its record",
                             t->id);
    for (int i = 0; st == CARTA_OK && i < t->n_seats; i++) {
        json_t *o = json_array_get(list, i);
        const char *player = json_string_value(json_object_get(o, "player"));
        const char *v = json_string_value(json_object_get(o, player && !strcmp(player, "ai")
                                                              ? "ai" : "token"));
        if (!player || !v || strlen(v) >= SRV_AI_SPEC) {
            st = carta_error_set(err, CARTA_ERR_CORRUPT, "table %s: seat %d is malformed", t->id,
                                 i);
            break;
        }
        t->seat[i].ai = !strcmp(player, "ai");
        snprintf(t->seat[i].ai ? t->seat[i].spec : t->seat[i].token,
                 t->seat[i].ai ? SRV_AI_SPEC : SRV_TOKEN, "%s", v);
    }
    json_decref(list);
    return st;
}

srv_table *srv_table_resume(const carta_game *g, const carta_rules *r, const char *id,
                            const char *seats_json, const char *record_json, carta_error *err)
{
    srv_table *t = table_alloc(g, r, err);
    if (!t)
        return NULL;
    snprintf(t->id, sizeof t->id, "%s", id);
    char where[64];
    snprintf(where, sizeof where, "table %s", id);
    if (carta_record_from_json(&t->rec, g, r, record_json, where, err) != CARTA_OK ||
        carta_record_replay(&t->rec, r, t->state, -1, 0, err) != CARTA_OK) {
        srv_table_free(t);
        return NULL;
    }
    t->n_seats = t->rec.config.n_seats;
    if (table_seats_read(t, seats_json, err) != CARTA_OK) {
        srv_table_free(t);
        return NULL;
    }
    return t;
}

int srv_table_over(const srv_table *t)
{
    return t->g->to_act(t->r, t->state) == CARTA_NO_SEAT;
}

int srv_table_to_act(const srv_table *t)
{
    return t->g->to_act(t->r, t->state);
}

int srv_table_seat_of(const srv_table *t, const char *token)
{
    for (int i = 0; token && i < t->n_seats; i++)
        if (!t->seat[i].ai && !strcmp(t->seat[i].token, token))
            return i;
    return CARTA_NO_SEAT;
}

carta_status srv_table_apply(srv_table *t, int seat, carta_action action, carta_error *err)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    if (srv_table_to_act(t) != seat)
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "player %d does not decide now", seat + 1);
    int n = t->g->legal_actions(t->r, t->state, legal), found = 0;
    for (int i = 0; i < n && !found; i++)
        found = legal[i] == action;
    if (!found)
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "that action is not legal now");
    if (carta_record_push(&t->rec, action) != CARTA_OK)
        return carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
    return t->g->apply(t->r, t->state, action, err);
}

/* What seat may pick ahead of its turn, after its kept picks, worked out on a guess at the true
 * state made from seat's own observation (seed: a public number); 0 if none. seen gets seat's
 * view of the guess as it would stand at its turn, the state to describe the picks on. */
static int table_guessed_choices(const srv_table *t, int seat, uint64_t seed, void *guess,
                                 void *seen, carta_action *out)
{
    t->g->observe(t->r, t->state, seat, seen);
    t->g->determinize(t->r, seen, seat, seed);
    int n = carta_simultaneous_legal(t->g, t->r, seen, seat, t->pick[seat], t->n_picks[seat],
                                     guess, out);
    if (n > 0)
        t->g->observe(t->r, guess, seat, seen);
    return n > 0 ? n : 0;
}

/* Whether two guesses offer the same choices, read the same. */
static int table_same_choices(const srv_table *t, const void *a, const void *b,
                              const carta_action *x, const carta_action *y, int n)
{
    for (int i = 0; i < n; i++) {
        char p[256], q[256];
        t->g->describe_action(t->r, a, x[i], p, sizeof p);
        t->g->describe_action(t->r, b, y[i], q, sizeof q);
        if (x[i] != y[i] || strcmp(p, q))
            return 0;
    }
    return 1;
}

/* A person's picks at once (core/simultaneous.h) ahead of its turn: offered only when they follow
 * from what seat sees, so that neither the choices nor whether there are any tell it anything
 * hidden. They are worked out on two different guesses at the true state from seat's own
 * observation, and offered if both agree, action for action and text for text (each read as seat
 * would see it at its turn, into seen). Where they rest on cards seat has not seen, the guesses
 * differ and seat waits for its turn. */
static int table_ahead_choices(const srv_table *t, int seat, carta_action *out, void *seen)
{
    size_t size = t->g->state_size;
    char *buf = malloc(3 * size);
    carta_action other[CARTA_MAX_ACTIONS];
    if (!buf)
        return 0;
    uint64_t step = (uint64_t)t->rec.n_actions;
    int n = table_guessed_choices(t, seat, carta_mix64(step * 2 + 1), buf + 2 * size, buf, out);
    int m = table_guessed_choices(t, seat, carta_mix64(step * 2 + 2), buf + 2 * size,
                                  buf + size, other);
    if (n != m || !table_same_choices(t, buf, buf + size, out, other, n))
        n = 0;
    if (n && seen)
        memcpy(seen, buf, size);
    free(buf);
    return n;
}

/* The actions seat may take now, in the order `act` indexes: the legal actions if it is to act;
 * if it picks at once with others, what it may pick after its kept picks; else none. With seen
 * (state_size bytes) also the state to describe them on as seat sees it. */
static int table_choices(const srv_table *t, int seat, carta_action *out, void *seen)
{
    if (seat < 0 || seat >= t->n_seats)
        return 0;
    if (srv_table_to_act(t) == seat) {
        if (seen)
            t->g->observe(t->r, t->state, seat, seen);
        return t->g->legal_actions(t->r, t->state, out);
    }
    if (t->seat[seat].ai || !(carta_deciding(t->g, t->r, t->state) & CARTA_SEAT_BIT(seat)) ||
        t->n_picks[seat] == SRV_PICKS)
        return 0;
    return table_ahead_choices(t, seat, out, seen);
}

int srv_table_decides(const srv_table *t, int seat)
{
    carta_action out[CARTA_MAX_ACTIONS];
    return table_choices(t, seat, out, NULL) > 0;
}

carta_status srv_table_act(srv_table *t, int seat, int index, int *applied, carta_error *err)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    int n = table_choices(t, seat, legal, NULL);
    *applied = 0;
    if (!n)
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "player %d does not decide now", seat + 1);
    if (index < 0 || index >= n)
        return carta_error_set(err, CARTA_ERR_ILLEGAL, "there is no action %d: %d are legal now",
                               index, n);
    if (srv_table_to_act(t) != seat) { /* a hidden pick made at once: kept until its turn */
        t->pick[seat][t->n_picks[seat]++] = legal[index];
        return CARTA_OK;
    }
    *applied = 1;
    return srv_table_apply(t, seat, legal[index], err);
}

int srv_table_apply_pick(srv_table *t, carta_error *err)
{
    unsigned deciding = carta_deciding(t->g, t->r, t->state);
    for (int i = 0; i < t->n_seats; i++)
        if (!(deciding & CARTA_SEAT_BIT(i)))
            t->n_picks[i] = 0; /* its round is over */
    int seat = srv_table_to_act(t);
    if (seat == CARTA_NO_SEAT || !t->n_picks[seat])
        return 0;
    carta_action a = t->pick[seat][0];
    memmove(t->pick[seat], t->pick[seat] + 1, (size_t)--t->n_picks[seat] * sizeof a);
    if (srv_table_apply(t, seat, a, err) != CARTA_OK) {
        t->n_picks[seat] = 0; /* no longer legal: seat is asked again, now that it is its turn */
        return 0;
    }
    return 1;
}

/* The events of the last action as seat may see them, one line each. */
static json_t *table_log(const srv_table *t, const void *obs, int seat)
{
    json_t *lines = json_array();
    const carta_layout *l = t->g->layout ? t->g->layout(t->r) : NULL;
    const carta_events *e = carta_layout_events_of(l, (void *)obs);
    if (!e)
        return lines;
    carta_text text = {0};
    carta_events_text(t->g, t->r, e, seat, "", &text);
    const char *p = carta_text_str(&text);
    while (p && *p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len)
            json_array_append_new(lines, json_stringn(p, len));
        p = nl ? nl + 1 : NULL;
    }
    carta_text_free(&text);
    return lines;
}

/* The actions seat may take, in the order `act` indexes, described as seat sees them: each its
 * text and its parts (docs/view.md, "Actions"); NULL if seat does not decide now (or out of
 * memory). */
static json_t *table_legal(const srv_table *t, int seat)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    void *seen = malloc(t->g->state_size);
    int n = seen ? table_choices(t, seat, legal, seen) : 0;
    carta_view *v = n ? carta_view_new(t->g, t->r) : NULL;
    json_t *list = NULL;
    if (v) {
        carta_view_actions(v, "legal", t->g, t->r, seen, legal, n);
        json_t *tree = carta_view_json(v);
        list = tree ? json_incref(json_object_get(tree, "legal")) : NULL;
        carta_view_free(v);
    }
    free(seen);
    return list;
}

/* The message of type for seat of state (t's, or one replayed), at step. */
static json_t *table_message(const srv_table *t, const void *state, const char *type, int seat,
                             int step)
{
    void *obs = calloc(1, t->g->state_size);
    if (!obs)
        return NULL;
    t->g->observe(t->r, state, seat, obs);
    json_t *msg = json_pack("{s:s, s:s, s:o, s:i}", "type", type, "table", t->id, "seat",
                            seat == CARTA_NO_SEAT ? json_null() : json_integer(seat), "step",
                            step);
    if (t->g->view) {
        carta_view *v = carta_view_observation(t->g, t->r, obs, seat);
        json_t *tree = v ? carta_view_json(v) : NULL;
        json_object_set(msg, "view", tree ? tree : json_null());
        carta_view_free(v);
    }
    json_object_set_new(msg, "players", srv_table_seats_json(t, 0));
    json_object_set_new(msg, "log", table_log(t, obs, seat));
    json_t *legal = state == t->state && seat != CARTA_NO_SEAT ? table_legal(t, seat) : NULL;
    if (legal) /* the choices worked out once: picks ahead of a turn cost two guesses */
        json_object_set_new(msg, "legal", legal);
    free(obs);
    return msg;
}

json_t *srv_table_state(const srv_table *t, int seat)
{
    return table_message(t, t->state, "state", seat, t->rec.n_actions);
}

json_t *srv_table_replay(const srv_table *t, int step, carta_error *err)
{
    if (step < 0 || step > t->rec.n_actions) {
        carta_error_set(err, CARTA_ERR_INPUT, "step %d is not in 0..%d", step, t->rec.n_actions);
        return NULL;
    }
    void *state = calloc(1, t->g->state_size);
    json_t *msg = NULL;
    if (state && carta_record_replay(&t->rec, t->r, state, step, 0, err) == CARTA_OK) {
        msg = table_message(t, state, "replay", CARTA_NO_SEAT, step);
        json_object_set_new(msg, "steps", json_integer(t->rec.n_actions));
    }
    free(state);
    return msg;
}

carta_status srv_table_undo(srv_table *t, int seat, carta_error *err)
{
    for (int i = 0; i < t->n_seats; i++)
        if (i != seat && !t->seat[i].ai)
            return carta_error_set(err, CARTA_ERR_ILLEGAL, "undo is against the AI only: "
                                   "player %d is a person", i + 1);
    void *state = calloc(1, t->g->state_size);
    if (!state)
        return carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
    int last = -1;
    carta_status st = carta_record_replay(&t->rec, t->r, state, 0, 0, err);
    for (int i = 0; st == CARTA_OK && i < t->rec.n_actions; i++) {
        if (t->g->to_act(t->r, state) == seat)
            last = i;
        st = t->g->apply(t->r, state, t->rec.actions[i], err);
    }
    if (st == CARTA_OK && last < 0)
        st = carta_error_set(err, CARTA_ERR_ILLEGAL, "player %d has no decision to take back",
                             seat + 1);
    if (st == CARTA_OK)
        st = carta_record_replay(&t->rec, t->r, state, last, 0, err);
    if (st == CARTA_OK) {
        t->rec.n_actions = last;
        memcpy(t->state, state, t->g->state_size);
        memset(t->n_picks, 0, sizeof t->n_picks);
        t->epoch++;
    }
    free(state);
    return st;
}
