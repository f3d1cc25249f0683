/* outcome.h: how a finished game came out, read the same way for every rule system: from the
 * returns (the contract's only result), the teams, and the view's "end" (docs/view.md).
 *
 * Who won is the side whose seats got the best return, when not every seat got the same: one seat
 * in a duel, or a team (the mages against a Gamemaster). Several best seats that are not one team
 * tie (Arkhtide's True Tie between two of four Seekers). A draw is every seat with the same
 * return. */
#ifndef CARTA_OUTCOME_H
#define CARTA_OUTCOME_H

#include <stdint.h>

#include "game.h"
#include "text.h"

enum { CARTA_END_MAX = 64 };

typedef struct carta_outcome {
    int over;                          /* the game is over (no seat to act) */
    int n_seats;
    double returns[CARTA_MAX_SEATS];   /* valid once over */
    uint8_t winners;                   /* bit per seat with the best return; 0: all equal */
    uint8_t shared;                    /* several winners not of one team: they tie */
    char end[CARTA_END_MAX];           /* how it ended, in the rulebook's words; "" if unknown */
} carta_outcome;

/* The outcome of state, a game of n_seats. */
void carta_outcome_of(const carta_game *game, const carta_rules *rules, const void *state,
                      int n_seats, carta_outcome *out);

/* The winning seat (a team's first seat stands for its team), or CARTA_NO_SEAT for a draw, a
 * tie or a game not over; for reports that count one winner per game. */
int carta_outcome_first_winner(const carta_outcome *o);

/* carta_outcome_first_winner of state's outcome. */
int carta_outcome_winner(const carta_game *game, const carta_rules *rules, const void *state,
                         int n_seats);

/* "player 1 wins (keys forged)", "players 1 and 3 win (...)" (a team), "players 1 and 2 tie
 * (True Tie)", "a draw (turn limit)", or "not over"; names[seat] is what to call each seat (NULL:
 * "player N", "players 1 and 3"). */
void carta_outcome_text(const carta_outcome *o, const char *const *names, carta_text *out);

#endif
