/* server.c: the table server (server.h): connections, the protocol's messages (docs/protocol.md),
 * the store, and AI seats thinking on worker threads. */
#include "server/server.h"

#include <dirent.h>
#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/deck_spec.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/store.h"
#include "games/registry.h"
#include "server/gm.h"
#include "server/simulate.h"
#include "server/table.h"
#include "server/thinkers.h"

enum { SRV_CONNS_MAX = 1024, SRV_LISTED = 100, SRV_COLLECT = 8, SRV_RULES_MAX = 16,
       SRV_DONE_MAX = 1024, SRV_SIMS = 4 };

typedef struct srv_conn {
    int id, open;
    int table;                /* index into tables, -1: none joined */
    int seat;                 /* CARTA_NO_SEAT: watching */
} srv_conn;

/* An AI's move, handed from its worker thread to the loop. */
typedef struct srv_done {
    int table, seat, epoch;
    carta_action action;
    carta_status status;
} srv_done;

struct srv {
    char data_root[1024];
    char db_path[1024];       /* "" without a store */
    carta_store *store;
    srv_send_fn send;
    srv_wake_fn wake;
    void *ctx;
    struct { const carta_game *g; carta_rules *r; } rules[SRV_RULES_MAX];
    int n_rules;
    srv_table *table[SRV_TABLES_MAX]; /* a slot's table keeps its index while it is there */
    int n_tables;                     /* slots used so far */
    unsigned long born;               /* tables made or resumed so far */
    srv_conn conn[SRV_CONNS_MAX];
    srv_thinkers *thinkers;   /* the AI seats' worker threads */
    pthread_mutex_t lock;     /* guards done[], n_done and the tables' thinking flags */
    pthread_cond_t moved;
    srv_done done[SRV_DONE_MAX];
    int n_done;
    srv_sim *sim[SRV_SIMS];   /* simulation runs under way */
    int sim_ids;              /* runs started (each run's id) */
    int sim_id[SRV_SIMS];
    srv_gm *gm;               /* the Gamemaster's panel (--campaign), or NULL */
};

/* ---- sending ---- */

static void srv_send_json(srv *s, int conn, json_t *msg)
{
    char *text = msg ? json_dumps(msg, JSON_COMPACT | SIM_JSON_REALS) : NULL;
    if (text && s->send)
        s->send(s->ctx, conn, text);
    free(text);
    json_decref(msg);
}

static void srv_error(srv *s, int conn, const char *code, const char *table, const char *fmt,
                      ...) __attribute__((format(printf, 5, 6)));
static void srv_error(srv *s, int conn, const char *code, const char *table, const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    json_t *msg = json_pack("{s:s, s:s, s:s}", "type", "error", "code", code, "message", message);
    if (table)
        json_object_set_new(msg, "table", json_string(table));
    srv_send_json(s, conn, msg);
}

static srv_conn *srv_conn_of(srv *s, int id)
{
    for (int i = 0; i < SRV_CONNS_MAX; i++)
        if (s->conn[i].open && s->conn[i].id == id)
            return &s->conn[i];
    return NULL;
}

/* Every connection at table ti is sent its state. */
static void srv_broadcast(srv *s, int ti)
{
    for (int i = 0; i < SRV_CONNS_MAX; i++)
        if (s->conn[i].open && s->conn[i].table == ti)
            srv_send_json(s, s->conn[i].id, srv_table_state(s->table[ti], s->conn[i].seat));
}

/* ---- rules, tables, the store ---- */

static const carta_rules *srv_rules(srv *s, const carta_game *g, carta_error *err)
{
    for (int i = 0; i < s->n_rules; i++)
        if (s->rules[i].g == g)
            return s->rules[i].r;
    if (s->n_rules == SRV_RULES_MAX) {
        carta_error_set(err, CARTA_ERR_NOMEM, "too many rule systems open");
        return NULL;
    }
    char dir[1200];
    snprintf(dir, sizeof dir, "%s/%s", s->data_root, g->id);
    carta_rules *r = g->open(dir, err);
    if (r) {
        s->rules[s->n_rules].g = g;
        s->rules[s->n_rules++].r = r;
    }
    return r;
}

static int srv_find_table(srv *s, const char *id)
{
    for (int i = 0; id && i < s->n_tables; i++)
        if (!strcmp(s->table[i]->id, id))
            return i;
    return -1;
}

/* Stores table ti (its seats and record) if the server has a store. */
static carta_status srv_store_table(srv *s, int ti, carta_error *err)
{
    if (!s->store)
        return CARTA_OK;
    srv_table *t = s->table[ti];
    json_t *seats_tree = srv_table_seats_json(t, 1);
    char *record = NULL, *seats = json_dumps(seats_tree, JSON_COMPACT);
    json_decref(seats_tree);
    carta_status st = carta_record_to_json(&t->rec, t->r, &record, err);
    if (st == CARTA_OK)
        st = carta_store_table_put(s->store, t->id, t->g->id, seats, record, srv_table_over(t),
                                   err);
    free(record);
    free(seats);
    return st;
}

/* Whether a connection is at table ti. */
static int srv_watched(const srv *s, int ti)
{
    for (int i = 0; i < SRV_CONNS_MAX; i++)
        if (s->conn[i].open && s->conn[i].table == ti)
            return 1;
    return 0;
}

/* A slot for a new table: the next unused one or, once all are used, that of the oldest finished
 * table nobody is at and no AI thinks for (forgotten here: with --db its record stays stored).
 * -1 if there is none. */
static int srv_slot(srv *s)
{
    if (s->n_tables < SRV_TABLES_MAX)
        return s->n_tables++;
    int oldest = -1;
    for (int i = 0; i < s->n_tables; i++) {
        const srv_table *t = s->table[i];
        if (srv_table_over(t) && !t->thinking && !srv_watched(s, i) &&
            (oldest < 0 || t->born < s->table[oldest]->born))
            oldest = i;
    }
    if (oldest >= 0) {
        srv_table_free(s->table[oldest]);
        s->table[oldest] = NULL;
    }
    return oldest;
}

static void srv_place(srv *s, int slot, srv_table *t)
{
    t->born = ++s->born;
    s->table[slot] = t;
}

static void srv_resume_one(void *ctx, const char *id, const char *game, const char *seats_json,
                           const char *record_json, int over)
{
    (void)over;
    srv *s = ctx;
    carta_error err = {0};
    const carta_game *g = carta_game_find(game);
    const carta_rules *r = g ? srv_rules(s, g, &err) : NULL;
    srv_table *t = r ? srv_table_resume(g, r, id, seats_json, record_json, &err) : NULL;
    int slot = t ? srv_slot(s) : -1;
    if (slot < 0) {
        fprintf(stderr, "carta serve: table %s not resumed: %s\n", id,
                !g ? "unknown game" : t ? "too many tables" : err.msg);
        srv_table_free(t);
        return;
    }
    srv_place(s, slot, t);
}

/* ---- AI seats ---- */

/* A move thought (on a worker's thread): kept for the loop, which is woken. */
static void srv_thought_done(void *ctx, const srv_thought *t)
{
    srv *s = ctx;
    srv_done d = {.table = t->table, .seat = t->seat, .epoch = t->epoch, .action = t->action,
                  .status = t->status};
    pthread_mutex_lock(&s->lock);
    if (s->n_done < SRV_DONE_MAX)
        s->done[s->n_done++] = d;
    pthread_cond_broadcast(&s->moved);
    pthread_mutex_unlock(&s->lock);
    if (s->wake)
        s->wake(s->ctx);
}

static int srv_person_at(const srv_table *t)
{
    for (int i = 0; i < t->n_seats; i++)
        if (!t->seat[i].ai)
            return 1;
    return 0;
}

/* Starts the AI of table ti thinking if an AI seat decides and none thinks yet. */
static void srv_ai_start(srv *s, int ti)
{
    srv_table *t = s->table[ti];
    int seat = srv_table_to_act(t);
    if (seat == CARTA_NO_SEAT || !t->seat[seat].ai || t->thinking || !s->thinkers)
        return;
    carta_error err = {0};
    srv_seat *st = &t->seat[seat];
    if (!st->brain)
        st->brain = carta_ai_new(t->g, t->r, st->spec, t->rec.config.seed ^ (0x9E37u * (seat + 1)),
                                 &err);
    srv_thought job = {.table = ti, .seat = seat, .epoch = t->epoch, .brain = st->brain,
                       .obs = st->brain ? malloc(t->g->state_size) : NULL,
                       .person_waits = srv_person_at(t)};
    if (!job.obs) {
        fprintf(stderr, "carta serve: table %s: player %d's AI cannot move: %s\n", t->id, seat + 1,
                st->brain ? "out of memory" : err.msg);
        return;
    }
    t->g->observe(t->r, t->state, seat, job.obs);
    pthread_mutex_lock(&s->lock);
    t->thinking = srv_thinkers_submit(s->thinkers, &job);
    pthread_mutex_unlock(&s->lock);
    if (!t->thinking) {
        fprintf(stderr, "carta serve: table %s: player %d's AI waits: too many moves queued\n",
                t->id, seat + 1);
        free(job.obs);
    }
}

/* Tells each simulation's asker how far it got, and its summary once done. */
static void srv_sims_poll(srv *s)
{
    for (int i = 0; i < SRV_SIMS; i++) {
        if (!s->sim[i])
            continue;
        int finished = 0;
        json_t *msg = srv_sim_poll(s->sim[i], s->sim_id[i], &finished);
        if (msg)
            srv_send_json(s, srv_sim_conn(s->sim[i]), msg);
        if (finished) {
            srv_sim_free(s->sim[i]);
            s->sim[i] = NULL;
        }
    }
}

/* Table ti changed: stored, told to everyone at it, and its AI set thinking if it decides. */
static void srv_changed(srv *s, int ti)
{
    carta_error err = {0};
    do { /* and each pick kept for the seat now to act, in turn */
        if (srv_store_table(s, ti, &err) != CARTA_OK)
            fprintf(stderr, "carta serve: %s\n", err.msg);
        srv_broadcast(s, ti);
    } while (srv_table_apply_pick(s->table[ti], &err));
    srv_ai_start(s, ti);
}

/* Only seat's connections at table ti are sent their state (a pick kept: nobody else may learn
 * of it, not even that it was made). */
static void srv_tell_seat(srv *s, int ti, int seat)
{
    for (int i = 0; i < SRV_CONNS_MAX; i++)
        if (s->conn[i].open && s->conn[i].table == ti && s->conn[i].seat == seat)
            srv_send_json(s, s->conn[i].id, srv_table_state(s->table[ti], seat));
}

void srv_ai_collect(srv *s)
{
    srv_sims_poll(s);
    srv_done done[SRV_COLLECT];
    pthread_mutex_lock(&s->lock);
    int n = s->n_done < SRV_COLLECT ? s->n_done : SRV_COLLECT, more = s->n_done - n;
    memcpy(done, s->done, (size_t)n * sizeof done[0]);
    memmove(s->done, s->done + n, (size_t)more * sizeof done[0]);
    s->n_done = more;
    pthread_mutex_unlock(&s->lock);
    if (more && s->wake) /* the rest after the messages that came meanwhile */
        s->wake(s->ctx);
    for (int i = 0; i < n; i++) {
        srv_table *t = s->table[done[i].table];
        carta_error err = {0};
        t->thinking = 0;
        if (done[i].epoch != t->epoch) { /* thought before an undo */
            srv_ai_start(s, done[i].table);
            continue;
        }
        if (done[i].status != CARTA_OK ||
            srv_table_apply(t, done[i].seat, done[i].action, &err) != CARTA_OK) {
            fprintf(stderr, "carta serve: table %s: player %d's AI move refused: %s\n", t->id,
                    done[i].seat + 1, err.msg[0] ? err.msg : "no move");
            continue;
        }
        srv_changed(s, done[i].table);
    }
}

static int srv_thinking(srv *s)
{
    for (int i = 0; i < s->n_tables; i++)
        if (s->table[i]->thinking)
            return 1;
    return 0;
}

void srv_ai_wait(srv *s)
{
    for (;;) {
        pthread_mutex_lock(&s->lock);
        while (!s->n_done && srv_thinking(s))
            pthread_cond_wait(&s->moved, &s->lock);
        int more = s->n_done > 0;
        pthread_mutex_unlock(&s->lock);
        if (!more)
            return;
        srv_ai_collect(s);
    }
}

/* ---- messages ---- */

static const char *srv_str(json_t *msg, const char *key)
{
    return json_string_value(json_object_get(msg, key));
}

/* The parts the seats play for each seat count ({"2": ["mage", "Gamemaster"], ...}) and the part
 * each prebuilt deck is for ({"cass": "mage", ...}; a deck for any part is left out), where the
 * game's seats differ (carta_game.seat_role). */
static void srv_game_roles(srv *s, const carta_game *g, json_t *decks, json_t *game)
{
    carta_error err;
    const carta_rules *r = g->seat_role && g->deck_role ? srv_rules(s, g, &err) : NULL;
    if (!r)
        return;
    json_t *seats = json_object(), *deck_roles = json_object();
    for (int n = g->min_seats; n <= g->max_seats; n++) {
        json_t *roles = json_array();
        for (int seat = 0; seat < n; seat++)
            json_array_append_new(roles, json_string(g->seat_role(n, seat)));
        char key[16];
        snprintf(key, sizeof key, "%d", n);
        json_object_set_new(seats, key, roles);
    }
    size_t i;
    json_t *name;
    json_array_foreach(decks, i, name) {
        carta_deck deck;
        const char *role = g->deck_resolve(r, json_string_value(name), 1, &deck, &err) == CARTA_OK
                               ? g->deck_role(r, &deck)
                               : NULL;
        if (role)
            json_object_set_new(deck_roles, json_string_value(name), json_string(role));
    }
    json_object_set_new(game, "seat_roles", seats);
    json_object_set_new(game, "deck_roles", deck_roles);
}

/* games: every rule system with its players, modes and prebuilt decks. */
static void srv_games(srv *s, int conn)
{
    json_t *games = json_array();
    for (int i = 0; i < carta_game_count(); i++) {
        const carta_game *g = carta_game_at(i);
        json_t *modes = json_array(), *decks = json_array();
        for (int m = 0; m < g->n_modes; m++)
            json_array_append_new(modes, json_pack("{s:s, s:s, s:[i, i]}", "name",
                                                   g->modes[m].name, "title", g->modes[m].title,
                                                   "players", g->modes[m].min_seats,
                                                   g->modes[m].max_seats));
        char dir[1200];
        snprintf(dir, sizeof dir, "%s/%s/decks", s->data_root, g->id);
        DIR *d = opendir(dir);
        for (struct dirent *e; d && (e = readdir(d));) {
            size_t len = strlen(e->d_name);
            if (len > 5 && !strcmp(e->d_name + len - 5, ".yaml"))
                json_array_append_new(decks, json_stringn(e->d_name, len - 5));
        }
        if (d)
            closedir(d);
        json_t *game = json_pack("{s:s, s:s, s:[i,i], s:o, s:O}", "id", g->id, "name", g->name,
                                 "players", g->min_seats, g->max_seats, "modes", modes,
                                 "decks", decks);
        srv_game_roles(s, g, decks, game);
        json_decref(decks);
        json_array_append_new(games, game);
    }
    srv_send_json(s, conn, json_pack("{s:s, s:o}", "type", "games", "games", games));
}

/* The seats and decks of a create message into seats[] and config's decks. */
static int srv_create_seats(srv *s, int conn, const carta_game *g, const carta_rules *r,
                            json_t *list, carta_config *config, srv_seat *seats)
{
    if (!json_is_array(list) || (int)json_array_size(list) != config->n_seats) {
        srv_error(s, conn, "bad_request", NULL, "'seats' is a list of %d seats", config->n_seats);
        return 0;
    }
    for (int i = 0; i < config->n_seats; i++) {
        json_t *o = json_array_get(list, i);
        const char *player = srv_str(o, "player"), *ai = srv_str(o, "ai");
        const char *deck = srv_str(o, "deck") ? srv_str(o, "deck") : "random";
        if (!player || (strcmp(player, "human") && strcmp(player, "ai"))) {
            srv_error(s, conn, "bad_request", NULL, "seat %d: 'player' is human or ai", i);
            return 0;
        }
        seats[i].ai = !strcmp(player, "ai");
        if (ai && strlen(ai) >= sizeof seats[i].spec) {
            srv_error(s, conn, "bad_request", NULL, "seat %d: an AI spec is at most %zu bytes", i,
                      sizeof seats[i].spec - 1);
            return 0;
        }
        snprintf(seats[i].spec, sizeof seats[i].spec, "%s", ai ? ai : "greedy");
        carta_error err = {0};
        carta_ai *probe = seats[i].ai ? carta_ai_new(g, r, seats[i].spec, 1, &err) : NULL;
        carta_ai_free(probe);
        if (seats[i].ai && !probe) {
            srv_error(s, conn, "bad_request", NULL, "seat %d: %s", i, err.msg);
            return 0;
        }
        if (carta_deck_spec_is_path(deck)) {
            srv_error(s, conn, "bad_deck", NULL, "seat %d: a deck is a prebuilt deck's name or "
                      "random, not a path", i);
            return 0;
        }
        if (g->deck_resolve(r, deck, config->seed ^ (0x51ED27u * (uint64_t)(i + 1)),
                            &config->decks[i], &err) != CARTA_OK) {
            srv_error(s, conn, "bad_deck", NULL, "seat %d: deck '%s': %s", i, deck, err.msg);
            return 0;
        }
    }
    return 1;
}

static void srv_create(srv *s, int conn, json_t *msg)
{
    const char *id = srv_str(msg, "game"), *mode = srv_str(msg, "mode");
    const carta_game *g = id ? carta_game_find(id) : NULL;
    if (!g) {
        srv_error(s, conn, "unknown_game", NULL, "no rule system '%s'", id ? id : "");
        return;
    }
    carta_error err = {0};
    const carta_rules *r = srv_rules(s, g, &err);
    if (!r) {
        srv_error(s, conn, "unknown_game", NULL, "%s: %s", g->id, err.msg);
        return;
    }
    carta_config config = {0};
    json_t *players = json_object_get(msg, "players"), *seed = json_object_get(msg, "seed");
    config.n_seats = players ? (int)json_integer_value(players)
                             : (g->min_seats <= 2 && g->max_seats >= 2 ? 2 : g->min_seats);
    if (config.n_seats < g->min_seats || config.n_seats > g->max_seats) {
        srv_error(s, conn, "bad_request", NULL, "%s takes %d to %d players", g->id, g->min_seats,
                  g->max_seats);
        return;
    }
    config.seed = seed ? (uint64_t)json_integer_value(seed)
                       : (uint64_t)time(NULL) * 0x9E3779B97F4A7C15ull ^ (uint64_t)clock();
    snprintf(config.mode, sizeof config.mode, "%s", mode ? mode : "");
    json_t *options = json_object_get(msg, "options");
    const char *key;
    json_t *value;
    char list[512] = "";
    size_t len = 0;
    json_object_foreach(options, key, value)
        if (len < sizeof list - 64)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s=%lld", len ? "," : "",
                                    key, json_integer_value(value));
    if (list[0] && carta_options_parse(g, &config, list, &err) != CARTA_OK) {
        srv_error(s, conn, "bad_request", NULL, "%s", err.msg);
        return;
    }
    srv_seat seats[CARTA_MAX_SEATS] = {{0}};
    if (!srv_create_seats(s, conn, g, r, json_object_get(msg, "seats"), &config, seats))
        return;
    srv_table *t = srv_table_new(g, r, &config, seats, &err);
    if (!t) {
        srv_error(s, conn, "bad_request", NULL, "%s", err.msg);
        return;
    }
    int ti = srv_slot(s);
    if (ti < 0) {
        srv_table_free(t);
        srv_error(s, conn, "busy", NULL, "the server holds %d tables in play or watched",
                  SRV_TABLES_MAX);
        return;
    }
    srv_place(s, ti, t);
    if (srv_store_table(s, ti, &err) != CARTA_OK)
        fprintf(stderr, "carta serve: %s\n", err.msg);
    srv_send_json(s, conn, json_pack("{s:s, s:s, s:s, s:o}", "type", "created", "table", t->id,
                                     "game", g->id, "seats", srv_table_seats_json(t, 1)));
    srv_ai_start(s, ti);
}

/* The table a message names, and the seat its token holds (CARTA_NO_SEAT without a token);
 * -1 with an error sent if either is wrong. */
static int srv_table_seat(srv *s, int conn, json_t *msg, int *seat)
{
    const char *id = srv_str(msg, "table"), *token = srv_str(msg, "token");
    int ti = srv_find_table(s, id);
    if (ti < 0) {
        srv_error(s, conn, "unknown_table", id, "no table '%s'", id ? id : "");
        return -1;
    }
    *seat = CARTA_NO_SEAT;
    if (json_object_get(msg, "token")) {
        *seat = srv_table_seat_of(s->table[ti], token);
        if (*seat == CARTA_NO_SEAT) {
            srv_error(s, conn, "bad_token", id, "that token holds no seat at table %s", id);
            return -1;
        }
    }
    return ti;
}

static void srv_join(srv *s, int conn, json_t *msg)
{
    int seat, ti = srv_table_seat(s, conn, msg, &seat);
    srv_conn *c = srv_conn_of(s, conn);
    if (ti < 0 || !c)
        return;
    c->table = ti;
    c->seat = seat;
    srv_send_json(s, conn, json_pack("{s:s, s:s, s:o}", "type", "joined", "table",
                                     s->table[ti]->id, "seat",
                                     seat == CARTA_NO_SEAT ? json_null() : json_integer(seat)));
    srv_send_json(s, conn, srv_table_state(s->table[ti], seat));
}

static void srv_act(srv *s, int conn, json_t *msg)
{
    int seat, ti = srv_table_seat(s, conn, msg, &seat);
    if (ti < 0)
        return;
    srv_table *t = s->table[ti];
    json_t *action = json_object_get(msg, "action");
    carta_error err = {0};
    int applied = 0;
    if (seat == CARTA_NO_SEAT) {
        srv_error(s, conn, "bad_token", t->id, "'act' needs the token of a seat");
    } else if (!json_is_integer(action)) {
        srv_error(s, conn, "bad_request", t->id, "'action' is the index of a legal action");
    } else if (!srv_table_decides(t, seat)) {
        srv_error(s, conn, "not_deciding", t->id, "player %d does not decide now", seat + 1);
    } else if (srv_table_act(t, seat, (int)json_integer_value(action), &applied, &err) !=
               CARTA_OK) {
        srv_error(s, conn, "illegal_action", t->id, "%s", err.msg);
    } else if (applied) {
        srv_changed(s, ti);
    } else {
        srv_tell_seat(s, ti, seat);
    }
}

static void srv_record(srv *s, int conn, json_t *msg)
{
    int seat, ti = srv_table_seat(s, conn, msg, &seat);
    if (ti < 0)
        return;
    srv_table *t = s->table[ti];
    if (!srv_table_over(t)) {
        srv_error(s, conn, "running", t->id, "table %s is still being played: its record holds "
                  "the seed", t->id);
        return;
    }
    char *record = NULL;
    carta_error err = {0};
    json_error_t jerr;
    json_t *tree = carta_record_to_json(&t->rec, t->r, &record, &err) == CARTA_OK
                       ? json_loads(record, 0, &jerr) : NULL;
    free(record);
    srv_send_json(s, conn, json_pack("{s:s, s:s, s:o}", "type", "record", "table", t->id,
                                     "record", tree ? tree : json_null()));
}

/* undo: a person against the AI takes back its last decision and the AI's answers. */
static void srv_undo(srv *s, int conn, json_t *msg)
{
    int seat, ti = srv_table_seat(s, conn, msg, &seat);
    if (ti < 0)
        return;
    srv_table *t = s->table[ti];
    carta_error err = {0};
    if (seat == CARTA_NO_SEAT) {
        srv_error(s, conn, "bad_token", t->id, "'undo' needs the token of a seat");
    } else if (srv_table_undo(t, seat, &err) != CARTA_OK) {
        srv_error(s, conn, "cannot_undo", t->id, "%s", err.msg);
    } else {
        srv_changed(s, ti);
    }
}

/* replay: a finished table as it stood after `step` actions. */
static void srv_replay(srv *s, int conn, json_t *msg)
{
    int seat, ti = srv_table_seat(s, conn, msg, &seat);
    if (ti < 0)
        return;
    srv_table *t = s->table[ti];
    json_t *step = json_object_get(msg, "step");
    carta_error err = {0};
    json_t *m = NULL;
    if (!srv_table_over(t))
        srv_error(s, conn, "running", t->id, "table %s is still being played", t->id);
    else if (!json_is_integer(step))
        srv_error(s, conn, "bad_request", t->id, "'step' is a number of actions");
    else if (!(m = srv_table_replay(t, (int)json_integer_value(step), &err)))
        srv_error(s, conn, "bad_request", t->id, "%s", err.msg);
    else
        srv_send_json(s, conn, m);
}

/* card: a card's face as text, from the card data (the game's describe_card). Any card of the
 * set may be asked for: card texts are public, which card a hidden card is is not (a view names
 * no hidden card, so it gives no id to ask with). */
static void srv_card(srv *s, int conn, json_t *msg)
{
    const char *id = srv_str(msg, "game");
    const carta_game *g = id ? carta_game_find(id) : NULL;
    json_t *card = json_object_get(msg, "card");
    carta_error err = {0};
    const carta_rules *r = g ? srv_rules(s, g, &err) : NULL;
    if (!r) {
        srv_error(s, conn, "unknown_game", NULL, "no rule system '%s'", id ? id : "");
        return;
    }
    json_int_t cid = json_is_integer(card) ? json_integer_value(card) : -1;
    const char *name = cid >= 0 && cid < 65536 ? g->card_name(r, (int)cid) : NULL;
    if (!name || g->card_id(r, name) != cid) { /* a name that is no card's ("?") */
        srv_error(s, conn, "bad_request", NULL, "'card' is the id of a card of %s", g->id);
        return;
    }
    carta_text text = {0};
    if (g->describe_card)
        g->describe_card(r, (int)json_integer_value(card), &text);
    srv_send_json(s, conn, json_pack("{s:s, s:s, s:I, s:s, s:s}", "type", "card", "game", g->id,
                                     "card", (json_int_t)json_integer_value(card), "name", name,
                                     "text", carta_text_str(&text) ? carta_text_str(&text) : ""));
    carta_text_free(&text);
}

typedef struct srv_age {
    unsigned long born;
    int slot;
} srv_age;

static int srv_newer_first(const void *a, const void *b)
{
    unsigned long x = ((const srv_age *)a)->born, y = ((const srv_age *)b)->born;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* tables: the SRV_LISTED newest tables (a message stays under SRV_MESSAGE_MAX), newest first,
 * with its game, who plays it, how far it got and whether it is over (public: anyone may watch a
 * table). */
static void srv_list_tables(srv *s, int conn)
{
    json_t *list = json_array();
    srv_age order[SRV_TABLES_MAX];
    for (int i = 0; i < s->n_tables; i++)
        order[i] = (srv_age){s->table[i]->born, i};
    qsort(order, (size_t)s->n_tables, sizeof order[0], srv_newer_first);
    for (int k = 0; k < s->n_tables && k < SRV_LISTED; k++) {
        srv_table *t = s->table[order[k].slot];
        json_array_append_new(list, json_pack("{s:s, s:s, s:o, s:i, s:b}", "table", t->id, "game",
                                              t->g->id, "players", srv_table_seats_json(t, 0),
                                              "step", t->rec.n_actions, "over",
                                              srv_table_over(t)));
    }
    srv_send_json(s, conn, json_pack("{s:s, s:o, s:i}", "type", "tables", "tables", list, "total",
                                     s->n_tables));
}

/* sim: AI-vs-AI games for the simulation page, at most SRV_SIMS at once. */
static void srv_simulate(srv *s, int conn, json_t *msg)
{
    const char *id = srv_str(msg, "game");
    const carta_game *g = id ? carta_game_find(id) : NULL;
    carta_error err = {0};
    const carta_rules *r = g ? srv_rules(s, g, &err) : NULL;
    if (!r) {
        srv_error(s, conn, "unknown_game", NULL, "no rule system '%s'", id ? id : "");
        return;
    }
    int slot = 0;
    while (slot < SRV_SIMS && s->sim[slot])
        slot++;
    if (slot == SRV_SIMS) {
        srv_error(s, conn, "busy", NULL, "%d simulations are running: try again when one ends",
                  SRV_SIMS);
        return;
    }
    srv_sim *sim = srv_sim_start(g, r, msg, conn, s->db_path[0] ? s->db_path : NULL, &s->lock,
                                 s->wake, s->ctx, &err);
    if (!sim) {
        srv_error(s, conn, "bad_request", NULL, "%s", err.msg);
        return;
    }
    s->sim[slot] = sim;
    s->sim_id[slot] = ++s->sim_ids;
    srv_send_json(s, conn, json_pack("{s:s, s:i, s:i}", "type", "sim_started", "sim",
                                     s->sim_ids, "games",
                                     (int)json_integer_value(json_object_get(msg, "games"))));
}

/* The Gamemaster's panel (gm.h). */
static void srv_gm_message(srv *s, int conn, json_t *msg)
{
    carta_error err = {0};
    json_t *answer = s->gm ? srv_gm_answer(s->gm, msg, &err) : NULL;
    if (!s->gm)
        srv_error(s, conn, "no_campaign", NULL, "this server has no campaign (carta serve "
                  "--campaign FILE)");
    else if (!answer)
        srv_error(s, conn, "forbidden", NULL, "%s", err.msg);
    else
        srv_send_json(s, conn, answer);
}

carta_status srv_set_campaign(srv *s, const char *path, uint64_t seed, carta_error *err)
{
    srv_gm_free(s->gm);
    s->gm = srv_gm_open(path, seed, err);
    if (!s->gm)
        return CARTA_ERR_INPUT;
    const carta_game *g = carta_game_find("archmajesty");
    carta_error why = {0};
    srv_gm_set_rules(s->gm, g ? srv_rules(s, g, &why) : NULL); /* equip, unequip (R153) */
    return CARTA_OK;
}

const char *srv_campaign_token(const srv *s) { return s->gm ? srv_gm_token(s->gm) : NULL; }

int srv_sims_running(srv *s)
{
    int n = 0;
    for (int i = 0; i < SRV_SIMS; i++)
        n += s->sim[i] != NULL;
    return n;
}

void srv_receive(srv *s, int conn, const char *msg, size_t len)
{
    if (len > SRV_MESSAGE_MAX) {
        srv_error(s, conn, "too_large", NULL, "a message is at most %d bytes, this one %zu",
                  SRV_MESSAGE_MAX, len);
        return;
    }
    json_error_t jerr;
    json_t *m = json_loadb(msg, len, JSON_REJECT_DUPLICATES, &jerr);
    const char *type = json_is_object(m) ? srv_str(m, "type") : NULL;
    if (!json_is_object(m))
        srv_error(s, conn, "bad_json", NULL, "not a JSON object: %s (column %d)",
                  m ? "another JSON value" : jerr.text, jerr.column);
    else if (!type)
        srv_error(s, conn, "bad_request", NULL, "a message needs a 'type'");
    else if (!strcmp(type, "games"))
        srv_games(s, conn);
    else if (!strcmp(type, "create"))
        srv_create(s, conn, m);
    else if (!strcmp(type, "join"))
        srv_join(s, conn, m);
    else if (!strcmp(type, "act"))
        srv_act(s, conn, m);
    else if (!strcmp(type, "record"))
        srv_record(s, conn, m);
    else if (!strcmp(type, "undo"))
        srv_undo(s, conn, m);
    else if (!strcmp(type, "replay"))
        srv_replay(s, conn, m);
    else if (!strcmp(type, "card"))
        srv_card(s, conn, m);
    else if (!strcmp(type, "sim"))
        srv_simulate(s, conn, m);
    else if (!strcmp(type, "tables"))
        srv_list_tables(s, conn);
    else if (!strcmp(type, "gm"))
        srv_gm_message(s, conn, m);
    else
        srv_error(s, conn, "unknown_type", NULL, "unknown message type '%.64s' (expected games, "
                  "create, join, act, undo, record, replay, card, sim, tables or gm)", type);
    json_decref(m);
}

/* ---- the server ---- */

srv *srv_new(const char *data_root, const char *db_path, carta_error *err)
{
    srv *s = calloc(1, sizeof *s);
    if (!s) {
        carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
        return NULL;
    }
    snprintf(s->data_root, sizeof s->data_root, "%s", data_root);
    snprintf(s->db_path, sizeof s->db_path, "%s", db_path ? db_path : "");
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->moved, NULL);
    if (!(s->thinkers = srv_thinkers_new(0, srv_thought_done, s))) {
        carta_error_set(err, CARTA_ERR_IO, "no worker thread for the AI seats");
        srv_free(s);
        return NULL;
    }
    if (db_path && (!(s->store = carta_store_open(db_path, err)) ||
                    carta_store_table_each(s->store, 1, srv_resume_one, s, err) != CARTA_OK)) {
        srv_free(s);
        return NULL;
    }
    return s;
}

void srv_set_transport(srv *s, srv_send_fn send, srv_wake_fn wake, void *ctx)
{
    s->send = send;
    s->wake = wake;
    s->ctx = ctx;
    for (int i = 0; i < s->n_tables; i++)
        srv_ai_start(s, i); /* resumed tables whose AI decides */
}

void srv_ai_join(srv *s)
{
    srv_thinkers_free(s->thinkers);
    s->thinkers = NULL;
}

void srv_free(srv *s)
{
    if (!s)
        return;
    for (int i = 0; i < SRV_SIMS; i++)
        srv_sim_free(s->sim[i]);
    srv_ai_join(s);
    for (int i = 0; i < s->n_tables; i++)
        srv_table_free(s->table[i]);
    for (int i = 0; i < s->n_rules; i++)
        s->rules[i].g->close(s->rules[i].r);
    carta_store_close(s->store);
    srv_gm_free(s->gm);
    pthread_mutex_destroy(&s->lock);
    pthread_cond_destroy(&s->moved);
    free(s);
}

void srv_open(srv *s, int conn)
{
    for (int i = 0; i < SRV_CONNS_MAX; i++)
        if (!s->conn[i].open) {
            s->conn[i] = (srv_conn){.id = conn, .open = 1, .table = -1, .seat = CARTA_NO_SEAT};
            return;
        }
}

void srv_close(srv *s, int conn)
{
    srv_conn *c = srv_conn_of(s, conn);
    if (c)
        c->open = 0;
}

int srv_tables(const srv *s)
{
    return s->n_tables;
}
