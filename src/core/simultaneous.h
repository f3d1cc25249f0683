/* simultaneous.h: several seats deciding at the same moment (hidden simultaneous picks).
 *
 * When a game says several seats decide now without seeing each other's choices
 * (carta_game.deciding), a frontend need not make them wait on each other: it asks each seat for
 * its legal actions at once, collects every seat's choices, and applies them in the order the
 * game asks for them (to_act), so a record holds them in that order and a replay is exact. A
 * seat's part may take several decisions (a pick, then where the other cards go): it is asked
 * again after each of its own choices until its part is complete. */
#ifndef CARTA_SIMULTANEOUS_H
#define CARTA_SIMULTANEOUS_H

#include "game.h"

/* The seats that decide now: game->deciding's, else to_act alone; 0 once the game is over. */
unsigned carta_deciding(const carta_game *game, const carta_rules *rules, const void *state);

/* Writes into out the legal actions of seat (one of carta_deciding's) after its own choices so
 * far in this round, mine[0..n_mine-1]; the seats asked before it are given their first legal
 * actions on scratch (state_size bytes), which, as `deciding` promises, changes nothing seat may
 * choose. Returns the count; 0 when seat's part is complete; -1 if seat does not decide now or
 * one of mine is not legal where it comes. */
int carta_simultaneous_legal(const carta_game *game, const carta_rules *rules, const void *state,
                             int seat, const carta_action *mine, int n_mine, void *scratch,
                             carta_action *out);

/* For checks: CARTA_OK if what each deciding seat may choose is the same whichever choices the
 * seats before it make (first or last legal), else CARTA_ERR_STATE naming the seat. */
int carta_simultaneous_check(const carta_game *game, const carta_rules *rules,
                             const void *state, void *scratch, carta_error *err);

/* Applies the choices collected from every deciding seat (mine[seat][0..n_mine[seat]-1]) to
 * state in the order the game asks for them, each checked legal; returns the number applied, or
 * -1 (state unchanged, err set) if a seat's choices are missing or not legal. scratch:
 * state_size bytes. */
int carta_simultaneous_apply(const carta_game *game, const carta_rules *rules, void *state,
                             const carta_action *const *mine, const int *n_mine, void *scratch,
                             carta_error *err);

#endif
