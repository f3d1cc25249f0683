/* thinkers.h: the server's AI seats think on a fixed pool of worker threads (one per core), not a
 * thread each: a move's thinking gets a whole core for its budget however many tables play, the
 * event loop keeps the rest of the machine (the workers run at a lower priority), and a table where
 * a person waits for the AI is served before tables of AIs alone. */
#ifndef CARTA_SERVER_THINKERS_H
#define CARTA_SERVER_THINKERS_H

#include "ai/ai.h"

/* One move to think: the table's slot and epoch come back with the move, as they went. */
typedef struct srv_thought {
    int table, seat, epoch;
    carta_ai *brain;
    void *obs;                /* the seat's observation (malloc'd; the pool frees it) */
    int person_waits;         /* served first */
    carta_action action;      /* the move, when thought */
    carta_status status;
} srv_thought;

typedef struct srv_thinkers srv_thinkers;

/* A pool of workers threads (0: one per core); each thought, when done, is handed to done (on the
 * worker's thread). NULL if out of resources. */
srv_thinkers *srv_thinkers_new(int workers, void (*done)(void *ctx, const srv_thought *t),
                               void *ctx);
/* Queues a thought (copied); 0 if it cannot (the queue is full or the pool is stopping). */
int srv_thinkers_submit(srv_thinkers *p, const srv_thought *t);
/* Drops the thoughts not begun, waits for those under way (handed to done) and frees the pool. */
void srv_thinkers_free(srv_thinkers *p);

#endif
