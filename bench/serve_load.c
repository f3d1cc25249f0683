/* serve_load.c: `carta serve` under load (issue 13's target: 200 concurrent AI-vs-AI games plus
 * 200 connected WebSocket clients on loopback, no error, a p99 action round trip under 20 ms).
 *
 * Starts the server in this process on a local port, then one libwebsockets client loop opens
 * --ai-games watchers (each creates an AI-vs-AI table and watches it; when it ends, creates the
 * next, so that many games are always under way) and --clients players (each creates a table
 * against a random AI, joins its seat and acts at random whenever asked, after --think ms on
 * average: 0, the default, acts at once, the heaviest load). A round trip is the time from a
 * player's `act` leaving to the first `state` that shows it applied; those of the first --warmup
 * seconds (everyone connecting and creating at once) are not counted. Prints the round trips'
 * percentiles, the actions and games done and every error.
 *
 * usage: serve_load [--clients N] [--ai-games N] [--seconds S] [--warmup S] [--think MS]
 *                   [--game G] [--ai SPEC] [--port P] */
#define _GNU_SOURCE /* memmem */
#include <jansson.h>
#include <libwebsockets.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/status.h"
#include "server/serve.h"

enum { QUEUE = 4, MAX_CONNS = 2048, MAX_RTT = 1 << 22 };

typedef struct conn {
    struct lws *wsi;
    int player;             /* 1: plays a seat; 0: watches an AI-vs-AI table */
    int open;
    char table[17], token[33];
    int sent_step;          /* the step when its act left, -1: none in flight */
    double sent_at;
    double act_at;          /* when to act on the state kept (0: nothing to act on) */
    int act_step, act_n;    /* that state's step and its number of legal actions */
    char *queue[QUEUE];     /* messages to send, oldest first */
    int n_queue;
    char *rx;
    size_t rx_len;
    uint64_t rng;
} conn;

static struct {
    const char *game, *ai;
    int port, clients, ai_games;
    double think, counted_from;
    double worst[64];       /* the longest round trip of each second counted */
    conn c[MAX_CONNS];
    int n;
    double *rtt;
    long n_rtt;
    long errors, ai_done, played_done, established, closed;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int ready;
} L = {.game = "aember", .ai = "greedy", .port = 8490, .clients = 200, .ai_games = 200};

static uint64_t next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void say(conn *c, json_t *msg)
{
    char *text = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    if (text && c->n_queue < QUEUE)
        c->queue[c->n_queue++] = text;
    else
        free(text);
    lws_callback_on_writable(c->wsi);
}

static void create(conn *c)
{
    const char *seat0 = c->player ? "human" : "ai";
    say(c, json_pack("{s:s, s:s, s:i, s:[{s:s, s:s}, {s:s, s:s}]}", "type", "create", "game",
                     L.game, "seed", (int)(next(&c->rng) % 1000000), "seats", "player", seat0,
                     "ai", c->player ? "random" : L.ai, "player", "ai", "ai",
                     c->player ? "random" : L.ai));
}

/* A state as the few things a client here needs of it, read without parsing the whole view (on
 * two shared cores the clients' parsing would otherwise cost as much as the server's work): the
 * server writes "type", "table", "seat" and "step" first, "over" only in the view, "legal" last. */
typedef struct state_gist {
    char table[17];
    int step, over;
    size_t n_legal;
} state_gist;

static int read_gist(const char *text, size_t len, state_gist *g)
{
    const char *table = strstr(text, "\"table\":\""), *step = strstr(text, "\"step\":");
    if (!table || !step)
        return 0;
    snprintf(g->table, sizeof g->table, "%.16s", table + 9);
    g->step = atoi(step + 7);
    g->over = memmem(text, len, "\"over\":true", 11) != NULL;
    const char *legal = memmem(text, len, "\"legal\":[", 9);
    g->n_legal = 0;
    if (legal) {
        json_error_t err;
        json_t *list = json_loadb(legal + 8, len - (size_t)(legal + 8 - text),
                                  JSON_DISABLE_EOF_CHECK, &err);
        g->n_legal = json_array_size(list);
        json_decref(list);
    }
    return 1;
}

static void on_state(conn *c, const state_gist *m)
{
    int step = m->step;
    if (c->sent_step >= 0 && step > c->sent_step) {
        if (L.n_rtt < MAX_RTT && c->sent_at >= L.counted_from) {
            double ms = (carta_seconds() - c->sent_at) * 1000.0;
            int sec = (int)(c->sent_at - L.counted_from);
            if (sec >= 0 && sec < 64 && ms > L.worst[sec])
                L.worst[sec] = ms;
            L.rtt[L.n_rtt++] = ms;
        }
        c->sent_step = -1;
    }
    if (m->over) {
        if (c->player)
            L.played_done++;
        else
            L.ai_done++;
        c->sent_step = -1;
        c->act_at = 0;
        create(c);
        return;
    }
    size_t n = m->n_legal;
    if (c->player && n && c->sent_step < 0) { /* act after a think, uniform in [0, 2 think] */
        c->act_at = carta_seconds() + (double)(next(&c->rng) % 1000) / 1000.0 * 2.0 * L.think / 1000.0;
        c->act_step = step;
        c->act_n = (int)n;
    }
}

/* Players whose think is over act. */
static void act_when_due(void)
{
    double t = carta_seconds();
    for (int i = 0; i < L.n; i++) {
        conn *c = &L.c[i];
        if (!c->act_at || t < c->act_at)
            continue;
        c->act_at = 0;
        c->sent_step = c->act_step;
        c->sent_at = carta_seconds();
        say(c, json_pack("{s:s, s:s, s:s, s:i}", "type", "act", "table", c->table, "token",
                         c->token, "action", (int)(next(&c->rng) % (uint64_t)c->act_n)));
    }
}

static void on_message(conn *c, json_t *m)
{
    const char *type = json_string_value(json_object_get(m, "type"));
    if (!type)
        return;
    if (!strcmp(type, "created")) {
        snprintf(c->table, sizeof c->table, "%s", json_string_value(json_object_get(m, "table")));
        json_t *seat0 = json_array_get(json_object_get(m, "seats"), 0);
        const char *token = json_string_value(json_object_get(seat0, "token"));
        snprintf(c->token, sizeof c->token, "%s", token ? token : "");
        say(c, c->player ? json_pack("{s:s, s:s, s:s}", "type", "join", "table", c->table,
                                     "token", c->token)
                         : json_pack("{s:s, s:s}", "type", "join", "table", c->table));
    } else if (!strcmp(type, "error")) {
        if (L.errors++ < 10)
            fprintf(stderr, "serve_load: error %s: %s\n",
                    json_string_value(json_object_get(m, "code")),
                    json_string_value(json_object_get(m, "message")));
    }
}

static int callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                    size_t len)
{
    (void)user;
    conn *c = lws_get_opaque_user_data(wsi);
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        c->open = 1;
        L.established++;
        create(c);
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        L.errors++;
        fprintf(stderr, "serve_load: a connection failed: %s\n", in ? (char *)in : "");
        return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE: {
        c->rx = realloc(c->rx, c->rx_len + len + 1);
        memcpy(c->rx + c->rx_len, in, len);
        c->rx_len += len;
        if (!lws_is_final_fragment(wsi))
            return 0;
        c->rx[c->rx_len] = '\0';
        state_gist gist;
        if (!strncmp(c->rx, "{\"type\":\"state\",", 16)) {
            if (read_gist(c->rx, c->rx_len, &gist) && !strcmp(gist.table, c->table))
                on_state(c, &gist);
            else if (!gist.table[0])
                L.errors++;
            c->rx_len = 0;
            return 0;
        }
        json_error_t err;
        json_t *m = json_loadb(c->rx, c->rx_len, 0, &err);
        c->rx_len = 0;
        if (m)
            on_message(c, m);
        else
            L.errors++;
        json_decref(m);
        return 0;
    }
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (!c->n_queue)
            return 0;
        char *text = c->queue[0];
        size_t n = strlen(text);
        unsigned char *buf = malloc(LWS_PRE + n);
        memcpy(buf + LWS_PRE, text, n);
        if (lws_write(wsi, buf + LWS_PRE, n, LWS_WRITE_TEXT) < (int)n)
            L.errors++;
        free(buf);
        free(text);
        memmove(c->queue, c->queue + 1, (size_t)--c->n_queue * sizeof c->queue[0]);
        if (c->n_queue)
            lws_callback_on_writable(wsi);
        return 0;
    }
    case LWS_CALLBACK_CLIENT_CLOSED:
        c->open = 0;
        L.closed++;
        return 0;
    default:
        return 0;
    }
}

static const struct lws_protocols protocols[] = {{"carta", callback, 0, 65536, 0, NULL, 0},
                                                 {NULL, NULL, 0, 0, 0, NULL, 0}};

static void on_ready(void *ctx)
{
    (void)ctx;
    pthread_mutex_lock(&L.lock);
    L.ready = 1;
    pthread_cond_broadcast(&L.cond);
    pthread_mutex_unlock(&L.lock);
}

static void *run_server(void *arg)
{
    (void)arg;
    serve_options o = {.host = "127.0.0.1", .port = L.port, .data_root = CARTA_DATA_DIR,
                       .web_root = CARTA_DATA_DIR, .ready = on_ready};
    carta_error err = {0};
    if (carta_serve(&o, &err) != 0) {
        fprintf(stderr, "serve_load: the server did not start: %s\n", err.msg);
        exit(1);
    }
    return NULL;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double percentile(double p)
{
    if (!L.n_rtt)
        return 0;
    long i = (long)(p * (double)(L.n_rtt - 1) + 0.5);
    return L.rtt[i];
}

int main(int argc, char **argv)
{
    double seconds = 20, warmup = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        const char *k = argv[i], *v = argv[i + 1];
        if (!strcmp(k, "--clients"))
            L.clients = atoi(v);
        else if (!strcmp(k, "--ai-games"))
            L.ai_games = atoi(v);
        else if (!strcmp(k, "--seconds"))
            seconds = atof(v);
        else if (!strcmp(k, "--warmup"))
            warmup = atof(v);
        else if (!strcmp(k, "--think"))
            L.think = atof(v);
        else if (!strcmp(k, "--game"))
            L.game = v;
        else if (!strcmp(k, "--ai"))
            L.ai = v;
        else if (!strcmp(k, "--port"))
            L.port = atoi(v);
        else {
            fprintf(stderr, "serve_load: unknown option %s\n", k);
            return 2;
        }
    }
    L.n = L.clients + L.ai_games;
    if (L.n < 1 || L.n > MAX_CONNS) {
        fprintf(stderr, "serve_load: 1 to %d connections in all\n", MAX_CONNS);
        return 2;
    }
    L.rtt = malloc(MAX_RTT * sizeof *L.rtt);
    pthread_mutex_init(&L.lock, NULL);
    pthread_cond_init(&L.cond, NULL);
    pthread_t server;
    pthread_create(&server, NULL, run_server, NULL);
    pthread_mutex_lock(&L.lock);
    while (!L.ready)
        pthread_cond_wait(&L.cond, &L.lock);
    pthread_mutex_unlock(&L.lock);

    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info = {0};
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.fd_limit_per_thread = (unsigned)(L.n + 16);
    struct lws_context *ctx = lws_create_context(&info);
    for (int i = 0; i < L.n; i++) {
        conn *c = &L.c[i];
        c->player = i < L.clients;
        c->sent_step = -1;
        c->rng = 0x9E3779B97F4A7C15ull * (uint64_t)(i + 1);
        struct lws_client_connect_info cc = {0};
        cc.context = ctx;
        cc.address = "127.0.0.1";
        cc.port = L.port;
        cc.path = "/";
        cc.host = cc.address;
        cc.origin = cc.address;
        cc.protocol = "carta";
        cc.opaque_user_data = c;
        cc.pwsi = &c->wsi;
        lws_client_connect_via_info(&cc);
    }
    double start = carta_seconds();
    L.counted_from = start + warmup;
    while (carta_seconds() - start < warmup + seconds) {
        lws_service(ctx, 1);
        act_when_due();
    }
    long open = 0;
    for (int i = 0; i < L.n; i++)
        open += L.c[i].open;
    qsort(L.rtt, (size_t)L.n_rtt, sizeof *L.rtt, by_value);
    printf("serve_load: %s, %d players against a random AI (think %.0f ms), %d AI-vs-AI games "
           "(%s) at once, %.0f s after %.0f s of warm-up\n", L.game, L.clients, L.think,
           L.ai_games, L.ai, seconds, warmup);
    printf("connections: %ld established, %ld open at the end, %ld closed\n", L.established, open,
           L.closed);
    printf("round trips: %ld actions, p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
           L.n_rtt, percentile(0.50), percentile(0.90), percentile(0.99),
           L.n_rtt ? L.rtt[L.n_rtt - 1] : 0.0);
    printf("the longest round trip of each second (ms):");
    for (int i = 0; i < (int)seconds && i < 64; i++)
        printf(" %.0f", L.worst[i]);
    printf("\n");
    printf("games finished: %ld AI-vs-AI, %ld by the players; errors: %ld\n", L.ai_done,
           L.played_done, L.errors);
    lws_context_destroy(ctx);
    carta_serve_stop();
    pthread_join(server, NULL);
    for (int i = 0; i < L.n; i++) {
        free(L.c[i].rx);
        for (int k = 0; k < L.c[i].n_queue; k++)
            free(L.c[i].queue[k]);
    }
    free(L.rtt);
    return L.errors || open != L.n ? 1 : 0;
}
