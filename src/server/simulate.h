/* simulate.h: a simulation run for the simulation page (docs/protocol.md, sim): AI-vs-AI games
 * (src/sim) on a worker thread, polled by the server's loop for progress and the summary. */
#ifndef CARTA_SERVER_SIMULATE_H
#define CARTA_SERVER_SIMULATE_H

#include <jansson.h>
#include <pthread.h>

#include "sim/sim.h"

enum { SRV_SIM_GAMES = 10000 }; /* games in one run from the page */

typedef struct srv_sim srv_sim;

/* Starts the run a "sim" message asks for (seats: AI specs; decks; games; seed) for connection
 * conn; lock guards its progress (the server's), wake is called from its thread as it goes; with
 * db (the server's SQLite file, or NULL) the run and its summary are kept there as `carta sim
 * --db` keeps them (without each game's record). NULL with err set if the message is not a valid
 * run or the store cannot take it. */
srv_sim *srv_sim_start(const carta_game *g, const carta_rules *r, json_t *msg, int conn,
                       const char *db, pthread_mutex_t *lock, void (*wake)(void *),
                       void *wake_ctx, carta_error *err);
int srv_sim_conn(const srv_sim *sim);
/* The message to send now: "sim_progress" if more games are done than were told, "sim_done"
 * with the summary and, when kept, its "run" id in the store (or an error) once finished (then *finished is 1 and the run can be freed);
 * NULL if nothing is new. */
json_t *srv_sim_poll(srv_sim *sim, int id, int *finished);
/* Frees a run, waiting for it if it still plays. */
void srv_sim_free(srv_sim *sim);

#endif
