/* table.h: one table of `carta serve`: a game of a rule system, its seats (a person with a secret
 * token, or an AI), its record and its true state, and what each seat may be told of it. */
#ifndef CARTA_SERVER_TABLE_H
#define CARTA_SERVER_TABLE_H

#include <jansson.h>

#include "ai/ai.h"
#include "core/game.h"
#include "core/record.h"

enum { SRV_TOKEN = 33, SRV_ID = 17, SRV_AI_SPEC = CARTA_NAME_MAX,
       SRV_PICKS = 16 /* choices a seat makes ahead of its turn in a round of hidden picks */ };

typedef struct srv_seat {
    int ai;                   /* an AI seat, else a person's */
    char spec[SRV_AI_SPEC];   /* the AI's spec */
    char token[SRV_TOKEN];    /* a person's secret: 32 hex digits */
    carta_ai *brain;          /* made on the AI's first move */
} srv_seat;

typedef struct srv_table {
    char id[SRV_ID];
    const carta_game *g;
    const carta_rules *r;
    carta_record rec;         /* config, seat names and every action */
    void *state;              /* the true state */
    int n_seats;
    srv_seat seat[CARTA_MAX_SEATS];
    int thinking;             /* an AI of this table thinks (or waits to) on a worker thread */
    int epoch;                /* counts undos: an AI move thought before one is dropped */
    unsigned long born;       /* the server's count of tables when this one came (or resumed) */
    /* Hidden picks made at once (core/simultaneous.h): a person's choices for this round, made
     * before its turn to act comes; applied, in the game's order, when it comes. */
    carta_action pick[CARTA_MAX_SEATS][SRV_PICKS];
    int n_picks[CARTA_MAX_SEATS];
} srv_table;

/* A new table of g: config set up (decks resolved), seats as given. NULL with err set. */
srv_table *srv_table_new(const carta_game *g, const carta_rules *r, const carta_config *config,
                         const srv_seat *seats, carta_error *err);
/* A table from its stored seats and record JSON, replayed to its last action. */
srv_table *srv_table_resume(const carta_game *g, const carta_rules *r, const char *id,
                            const char *seats_json, const char *record_json, carta_error *err);
void srv_table_free(srv_table *t);

int srv_table_over(const srv_table *t);
/* The seat that decides now, CARTA_NO_SEAT once over. */
int srv_table_to_act(const srv_table *t);
/* The seat whose token this is, or CARTA_NO_SEAT. */
int srv_table_seat_of(const srv_table *t, const char *token);

/* Whether seat decides now: it is to act, or it is a person's seat among those picking at once
 * whose part is not yet made. */
int srv_table_decides(const srv_table *t, int seat);
/* Takes the action number index (in the order of the state's "legal") for seat: applied if seat
 * is to act, else kept as its pick for when it is (*applied 0). CARTA_ERR_ILLEGAL with err set,
 * and nothing changed, if seat does not decide or there is no such action. */
carta_status srv_table_act(srv_table *t, int seat, int index, int *applied, carta_error *err);
/* Applies the next kept pick of the seat to act, if it has one: 1 if one was applied. */
int srv_table_apply_pick(srv_table *t, carta_error *err);
/* Applies action (an AI's) for seat, if it is still legal. */
carta_status srv_table_apply(srv_table *t, int seat, carta_action action, carta_error *err);

/* Takes back seat's last decision and every action after it (the AI's answers), by replaying
 * the record without them. CARTA_ERR_ILLEGAL with err set if another seat is a person's (undo is
 * against the AI only) or seat has not decided yet. */
carta_status srv_table_undo(srv_table *t, int seat, carta_error *err);
/* The table as it stood after `step` actions, for a replay: a finished table's public view and
 * that step's events, in a "replay" message. NULL with err set if step is out of range. */
json_t *srv_table_replay(const srv_table *t, int step, carta_error *err);

/* The "state" message for seat (CARTA_NO_SEAT: a spectator): its view with the events it may
 * see, its legal actions if it decides, the events as lines. NULL if out of memory. */
json_t *srv_table_state(const srv_table *t, int seat);
/* The seats as stored (with tokens), and as told to their creator ("created"). */
json_t *srv_table_seats_json(const srv_table *t, int with_tokens);

/* 32 random hex digits into out (SRV_TOKEN bytes); 0 on failure. */
int srv_random_hex(char *out, size_t digits);

#endif
