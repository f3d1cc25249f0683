/* serve.c: the libwebsockets transport of the table server (serve.h): web/ over HTTP, the
 * protocol over a WebSocket (subprotocol "carta"), one event loop; AI moves wake it. */
#include "server/serve.h"

#include <libwebsockets.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/server.h"

enum { SERVE_CONNS = 1024 };

typedef struct serve_msg {
    struct serve_msg *next;
    size_t len;
    unsigned char buf[]; /* LWS_PRE bytes, then the text */
} serve_msg;

/* One WebSocket connection (libwebsockets' per-session data). */
typedef struct serve_conn {
    int id;
    serve_msg *head, *tail; /* to send, in order */
    char *rx;               /* the message being received, fragment by fragment */
    size_t rx_len;
    int rx_over;            /* it grew past SRV_MESSAGE_MAX: dropped, answered with an error */
} serve_conn;

static struct {
    srv *s;
    struct lws_context *context;
    struct lws *wsi[SERVE_CONNS]; /* by connection id */
    volatile sig_atomic_t stop;
} serve;

static void serve_send(void *ctx, int conn, const char *json)
{
    (void)ctx;
    if (conn < 0 || conn >= SERVE_CONNS || !serve.wsi[conn])
        return;
    serve_conn *c = lws_wsi_user(serve.wsi[conn]);
    size_t len = strlen(json);
    serve_msg *m = malloc(sizeof *m + LWS_PRE + len);
    if (!m)
        return;
    m->next = NULL;
    m->len = len;
    memcpy(m->buf + LWS_PRE, json, len);
    if (c->tail)
        c->tail->next = m;
    else
        c->head = m;
    c->tail = m;
    lws_callback_on_writable(serve.wsi[conn]);
}

static void serve_wake(void *ctx)
{
    (void)ctx;
    lws_cancel_service(serve.context);
}

static void serve_conn_free(serve_conn *c)
{
    while (c->head) {
        serve_msg *next = c->head->next;
        free(c->head);
        c->head = next;
    }
    c->tail = NULL;
    free(c->rx);
    c->rx = NULL;
}

/* A fragment of a message: kept until the last one, then handed to the server whole. */
static void serve_receive(struct lws *wsi, serve_conn *c, const void *in, size_t len)
{
    if (lws_is_first_fragment(wsi)) {
        c->rx_len = 0;
        c->rx_over = 0;
    }
    if (!c->rx_over && c->rx_len + len > SRV_MESSAGE_MAX) {
        c->rx_over = 1;
        free(c->rx);
        c->rx = NULL;
    }
    if (!c->rx_over) {
        char *grown = realloc(c->rx, c->rx_len + len + 1);
        if (!grown) {
            c->rx_over = 1;
        } else {
            c->rx = grown;
            memcpy(c->rx + c->rx_len, in, len);
        }
    }
    c->rx_len += len;
    if (!lws_is_final_fragment(wsi))
        return;
    if (c->rx_over) /* the server answers "too_large" from the length alone */
        srv_receive(serve.s, c->id, "", c->rx_len);
    else
        srv_receive(serve.s, c->id, c->rx, c->rx_len);
    free(c->rx);
    c->rx = NULL;
    c->rx_len = 0;
}

static int serve_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user,
                          void *in, size_t len)
{
    serve_conn *c = user;
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED: {
        int id = 0;
        while (id < SERVE_CONNS && serve.wsi[id])
            id++;
        if (id == SERVE_CONNS)
            return -1; /* full: refuse */
        memset(c, 0, sizeof *c);
        c->id = id;
        serve.wsi[id] = wsi;
        srv_open(serve.s, id);
        return 0;
    }
    case LWS_CALLBACK_CLOSED:
        srv_close(serve.s, c->id);
        serve.wsi[c->id] = NULL;
        serve_conn_free(c);
        return 0;
    case LWS_CALLBACK_RECEIVE:
        serve_receive(wsi, c, in, len);
        return 0;
    case LWS_CALLBACK_SERVER_WRITEABLE: {
        serve_msg *m = c->head;
        if (!m)
            return 0;
        if (lws_write(wsi, m->buf + LWS_PRE, m->len, LWS_WRITE_TEXT) < (int)m->len)
            return -1;
        c->head = m->next;
        if (!c->head)
            c->tail = NULL;
        free(m);
        if (c->head)
            lws_callback_on_writable(wsi);
        return 0;
    }
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        srv_ai_collect(serve.s);
        return 0;
    default:
        return 0;
    }
}

static const struct lws_protocols serve_protocols[] = {
    {"http", lws_callback_http_dummy, 0, 0, 0, NULL, 0},
    {"carta", serve_callback, sizeof(serve_conn), 4096, 0, NULL, 0},
    {NULL, NULL, 0, 0, 0, NULL, 0}
};

void carta_serve_stop(void)
{
    serve.stop = 1;
    if (serve.context)
        lws_cancel_service(serve.context);
}

static void serve_interrupt(int sig)
{
    (void)sig;
    carta_serve_stop();
}

int carta_serve(const serve_options *o, carta_error *err)
{
    memset(&serve, 0, sizeof serve);
    serve.s = srv_new(o->data_root, o->db, err);
    if (!serve.s)
        return -1;
    if (o->campaign && srv_set_campaign(serve.s, o->campaign, o->seed, err) != CARTA_OK) {
        srv_free(serve.s);
        return -1;
    }
    srv_set_transport(serve.s, serve_send, serve_wake, NULL);
    struct lws_http_mount mount = {0};
    mount.mountpoint = "/";
    mount.mountpoint_len = 1;
    mount.origin = o->web_root;
    mount.def = "index.html";
    mount.origin_protocol = LWSMPRO_FILE;
    struct lws_context_creation_info info = {0};
    info.port = o->port;
    info.iface = o->host;
    info.protocols = serve_protocols;
    info.mounts = &mount;
    info.vhost_name = "localhost";
    info.options = LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE;
    lws_set_log_level(LLL_ERR, NULL);
    serve.context = lws_create_context(&info);
    if (!serve.context) {
        srv_free(serve.s);
        return carta_error_set(err, CARTA_ERR_IO, "cannot listen on %s:%d (in use?)", o->host,
                               o->port), -1;
    }
    printf("carta serve: http://%s:%d/ (%d tables%s%s; Ctrl-C to stop)\n", o->host, o->port,
           srv_tables(serve.s), o->db ? " in " : "", o->db ? o->db : "");
    if (o->campaign)
        printf("carta serve: the Gamemaster's panel for %s: http://%s:%d/#/gm/%s (keep it "
               "secret)\n", o->campaign, o->host, o->port, srv_campaign_token(serve.s));
    fflush(stdout);
    if (o->catch_signals) {
        signal(SIGINT, serve_interrupt);
        signal(SIGTERM, serve_interrupt);
    }
    if (o->ready)
        o->ready(o->ready_ctx);
    while (!serve.stop && lws_service(serve.context, 0) >= 0) {
    }
    srv_ai_join(serve.s); /* a thinking AI wakes the loop through the context when it is done */
    lws_context_destroy(serve.context);
    serve.context = NULL;
    srv_free(serve.s);
    serve.s = NULL;
    return 0;
}
