/* serve.h: `carta serve`'s transport: the table server (server.h) on libwebsockets, serving the
 * browser's files over HTTP and the protocol (docs/protocol.md) over a WebSocket. */
#ifndef CARTA_SERVE_H
#define CARTA_SERVE_H

#include <stdint.h>

#include "core/status.h"

typedef struct serve_options {
    const char *host;      /* "127.0.0.1" */
    int port;
    const char *db;        /* the SQLite file, or NULL: tables live in memory only */
    const char *campaign;  /* an Archmajesty campaign for the Gamemaster's panel, or NULL */
    uint64_t seed;         /* the campaign session's seed */
    const char *data_root; /* the card data folder */
    const char *web_root;  /* the browser's files (web/) */
    int catch_signals;     /* stop on SIGINT and SIGTERM */
    void (*ready)(void *ctx); /* called once it listens (tests) */
    void *ready_ctx;
} serve_options;

/* Serves until carta_serve_stop (or SIGINT, SIGTERM with catch_signals); 0 then, -1 with err set
 * if it cannot start. One server per process. */
int carta_serve(const serve_options *o, carta_error *err);
/* Stops the server; safe from a signal handler or another thread. */
void carta_serve_stop(void);

#endif
