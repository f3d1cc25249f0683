/* server.h: the table server behind `carta serve` (docs/protocol.md), without its transport.
 *
 * A srv holds tables (a game, its seats and their secret tokens, its record and its state) and
 * connections (a number the transport chooses). The transport hands each incoming message to
 * srv_receive and delivers what srv sends through the sender it registered; serve.c is the
 * libwebsockets transport, and the tests drive a srv directly. A srv is used from one thread:
 * AI seats think on a pool of worker threads (thinkers.h), whose moves wait until
 * srv_ai_collect (the transport calls it when woken; srv_ai_wait blocks for them, for tests). */
#ifndef CARTA_SERVER_H
#define CARTA_SERVER_H

#include <stddef.h>
#include <stdint.h>

#include "core/status.h"

enum {
    SRV_MESSAGE_MAX = 64 * 1024, /* bytes in one message, either way */
    /* Tables held at once. When all are taken, a new table takes the place of the oldest
     * finished one that nobody is at (with --db its record stays in the store); a create when
     * every table is running or watched is refused (busy). */
    SRV_TABLES_MAX = 1024
};

typedef struct srv srv;

/* Delivers the JSON text of one message to connection conn. */
typedef void (*srv_send_fn)(void *ctx, int conn, const char *json);
/* Wakes the transport's loop from a worker thread (it then calls srv_ai_collect). */
typedef void (*srv_wake_fn)(void *ctx);

/* A server over the data folder data_root (each game's cards in <root>/<id>); with db_path, an
 * SQLite file holding every table, whose unfinished tables are resumed now. NULL with err set
 * on failure. */
srv *srv_new(const char *data_root, const char *db_path, carta_error *err);
/* Waits for every AI thinking to finish (its move is kept, not applied): before the transport
 * its wake function uses goes away. */
void srv_ai_join(srv *s);
void srv_free(srv *s);
void srv_set_transport(srv *s, srv_send_fn send, srv_wake_fn wake, void *ctx);

/* A connection opens (the transport's number for it) or closes. */
void srv_open(srv *s, int conn);
void srv_close(srv *s, int conn);
/* One message from conn: answered, and every connection a change concerns is sent its state. */
void srv_receive(srv *s, int conn, const char *msg, size_t len);

/* Applies the moves AI seats have finished, a few at a time (and starts the next ones); wakes the
 * loop again while more wait, so messages from people are not held up behind them. */
void srv_ai_collect(srv *s);
/* Waits for every AI seat to be done thinking, collecting as it goes, until no AI seat decides
 * (for tests). */
void srv_ai_wait(srv *s);

/* Opens the campaign file at path for the Gamemaster's panel (gm.h), starting a session of
 * seed; CARTA_ERR_INPUT with err naming the file if it does not open. */
carta_status srv_set_campaign(srv *s, const char *path, uint64_t seed, carta_error *err);
/* The panel's secret token, or NULL without a campaign. */
const char *srv_campaign_token(const srv *s);

/* How many tables the server holds (for tests and the log). */
int srv_tables(const srv *s);
/* How many simulations are running (srv_ai_collect tells their askers how they go). */
int srv_sims_running(srv *s);

#endif
