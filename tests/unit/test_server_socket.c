/* test_server_socket.c: `carta serve` as a browser meets it (docs/protocol.md): a running server
 * on a local port, spoken to by a libwebsockets client over a real WebSocket (subprotocol
 * "carta"). Malformed JSON, an unknown type, a wrong token, an illegal action, a frame over 64 KiB
 * and an action out of turn are each answered with an error; a table is created, joined and
 * played; nothing of it changes on an error. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>
#include <jansson.h>
#include <libwebsockets.h>
#include <pthread.h>

#include "server/serve.h"
#include "server/server.h"

enum { REPLIES = 256 };

static struct {
    int port;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int ready;
    struct lws_context *ctx;
    struct lws *wsi;
    int established, failed;
    char *out;             /* the message to send next, or NULL */
    size_t out_len;
    char *rx;
    size_t rx_len;
    json_t *reply[REPLIES];
    int n_replies;
} t;

static void on_ready(void *ctx)
{
    (void)ctx;
    pthread_mutex_lock(&t.lock);
    t.ready = 1;
    pthread_cond_broadcast(&t.cond);
    pthread_mutex_unlock(&t.lock);
}

static void *run_server(void *arg)
{
    (void)arg;
    serve_options o = {.host = "127.0.0.1", .port = t.port, .data_root = CARTA_DATA_DIR,
                       .web_root = CARTA_TESTS_DIR, .ready = on_ready};
    carta_error err = {0};
    if (carta_serve(&o, &err) != 0) {
        fprintf(stderr, "server: %s\n", err.msg);
        on_ready(NULL);
    }
    return NULL;
}

static int client_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
                           void *in, size_t len)
{
    (void)user;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        t.established = 1;
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        t.failed = 1;
        return 0;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        t.rx = realloc(t.rx, t.rx_len + len + 1);
        memcpy(t.rx + t.rx_len, in, len);
        t.rx_len += len;
        if (lws_is_final_fragment(wsi)) {
            json_error_t err;
            json_t *m = json_loadb(t.rx, t.rx_len, 0, &err);
            assert_non_null(m);
            if (t.n_replies < REPLIES)
                t.reply[t.n_replies++] = m;
            else
                json_decref(m);
            t.rx_len = 0;
        }
        return 0;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (t.out) {
            unsigned char *buf = malloc(LWS_PRE + t.out_len);
            memcpy(buf + LWS_PRE, t.out, t.out_len);
            int n = lws_write(wsi, buf + LWS_PRE, t.out_len, LWS_WRITE_TEXT);
            free(buf);
            free(t.out);
            t.out = NULL;
            if (n < 0)
                t.failed = 1;
        }
        return 0;
    case LWS_CALLBACK_CLIENT_CLOSED:
        t.failed = 1;
        return 0;
    default:
        return 0;
    }
}

static const struct lws_protocols client_protocols[] = {
    {"carta", client_callback, 0, 4096, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0}
};

/* Services the client until want replies have come (or 20 s pass). */
static void pump(int want)
{
    time_t start = time(NULL);
    while (t.n_replies < want && !t.failed && time(NULL) - start < 20)
        lws_service(t.ctx, 50);
    if (t.n_replies < want)
        fail_msg("%d replies of %d (connection %s)", t.n_replies, want,
                 t.failed ? "failed" : "open");
}

/* Sends text and waits for `replies` more replies; returns the last. */
static json_t *ask(const char *text, size_t len, int replies)
{
    int want = t.n_replies + replies;
    t.out = malloc(len);
    memcpy(t.out, text, len);
    t.out_len = len;
    lws_callback_on_writable(t.wsi);
    pump(want);
    return t.reply[t.n_replies - 1];
}

static json_t *askf(int replies, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static json_t *askf(int replies, const char *fmt, ...)
{
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return ask(buf, strlen(buf), replies);
}

static const char *str(json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static void expect_error(json_t *m, const char *code)
{
    if (strcmp(str(m, "type"), "error") || strcmp(str(m, "code"), code))
        fail_msg("expected error %s, got %s", code, json_dumps(m, JSON_COMPACT));
}

static int setup(void **state)
{
    (void)state;
    memset(&t, 0, sizeof t);
    t.port = 20000 + (int)(getpid() % 20000);
    pthread_mutex_init(&t.lock, NULL);
    pthread_cond_init(&t.cond, NULL);
    pthread_create(&t.thread, NULL, run_server, NULL);
    pthread_mutex_lock(&t.lock);
    while (!t.ready)
        pthread_cond_wait(&t.cond, &t.lock);
    pthread_mutex_unlock(&t.lock);
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info = {0};
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = client_protocols;
    t.ctx = lws_create_context(&info);
    struct lws_client_connect_info cc = {0};
    cc.context = t.ctx;
    cc.address = "127.0.0.1";
    cc.port = t.port;
    cc.path = "/";
    cc.host = cc.address;
    cc.origin = cc.address;
    cc.protocol = "carta";
    cc.pwsi = &t.wsi;
    lws_client_connect_via_info(&cc);
    time_t start = time(NULL);
    while (!t.established && !t.failed && time(NULL) - start < 10)
        lws_service(t.ctx, 50);
    return t.established ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    lws_context_destroy(t.ctx);
    carta_serve_stop();
    pthread_join(t.thread, NULL);
    for (int i = 0; i < t.n_replies; i++)
        json_decref(t.reply[i]);
    free(t.rx);
    return 0;
}

static void test_errors_and_a_game_over_a_socket(void **unused)
{
    (void)unused;
    json_t *games = askf(1, "{\"type\": \"games\"}");
    assert_string_equal(str(games, "type"), "games");
    assert_true(json_array_size(json_object_get(games, "games")) >= 5);
    expect_error(askf(1, "{\"type\": "), "bad_json");
    expect_error(askf(1, "{\"type\": \"teleport\"}"), "unknown_type");
    size_t big = SRV_MESSAGE_MAX + 1000;
    char *huge = malloc(big);
    memset(huge, 'x', big);
    expect_error(ask(huge, big, 1), "too_large");
    free(huge);
    /* the connection still works after a refused frame */
    json_t *created = askf(1, "{\"type\": \"create\", \"game\": \"leaders\", \"seed\": 11, "
                              "\"seats\": [{\"player\": \"human\"}, {\"player\": \"human\"}]}");
    assert_string_equal(str(created, "type"), "created");
    char table[17], tokens[2][33];
    snprintf(table, sizeof table, "%s", str(created, "table"));
    for (int i = 0; i < 2; i++)
        snprintf(tokens[i], sizeof tokens[i], "%s",
                 str(json_array_get(json_object_get(created, "seats"), i), "token"));
    json_t *state = askf(2, "{\"type\": \"join\", \"table\": \"%s\"}", table);
    assert_true(json_is_null(json_object_get(state, "seat")));
    assert_null(json_object_get(state, "legal"));
    int step = (int)json_integer_value(json_object_get(state, "step"));
    int decides = (int)json_integer_value(
        json_array_get(json_object_get(json_object_get(state, "view"), "to_act"), 0));
    expect_error(askf(1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"nope\", "
                         "\"action\": 0}", table), "bad_token");
    expect_error(askf(1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", "
                         "\"action\": 0}", table, tokens[!decides]), "not_deciding");
    expect_error(askf(1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", "
                         "\"action\": 99999}", table, tokens[decides]), "illegal_action");
    state = askf(2, "{\"type\": \"join\", \"table\": \"%s\", \"token\": \"%s\"}", table,
                 tokens[decides]);
    assert_int_equal(json_integer_value(json_object_get(state, "step")), step);
    assert_true(json_array_size(json_object_get(state, "legal")) > 0);
    state = askf(1, "{\"type\": \"act\", \"table\": \"%s\", \"token\": \"%s\", \"action\": 0}",
                 table, tokens[decides]);
    assert_string_equal(str(state, "type"), "state");
    assert_int_equal(json_integer_value(json_object_get(state, "step")), step + 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_errors_and_a_game_over_a_socket, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
