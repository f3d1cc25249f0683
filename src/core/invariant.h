/* invariant.h: the promises every state of every rule system keeps, checked in one place for the
 * tests and for `carta soak`.
 *
 *  - the game's own check (every card in exactly one place, counters in range);
 *  - a legal action exists exactly while the game is on, and to_act names a seat then;
 *  - for every seat, its observation: holds nothing in an unused slot (layout), is its own
 *    observation, and is byte-identical to the observation of a "twin" state that differs only
 *    in what that seat may not see (hidden cards resampled by determinize, the PRNG reseeded,
 *    every unused slot filled with canary bytes); the texts of that seat's own legal actions
 *    are the same in both;
 *  - determinize conserves every card (the game's check holds on the determinized state) and
 *    keeps the seat's observation unchanged. */
#ifndef CARTA_INVARIANT_H
#define CARTA_INVARIANT_H

#include <stdint.h>

#include "game.h"

/* Scratch space for carta_invariant_check: allocate with _new, free with _free. */
typedef struct carta_invariant_scratch carta_invariant_scratch;
carta_invariant_scratch *carta_invariant_scratch_new(const carta_game *game);
void carta_invariant_scratch_free(carta_invariant_scratch *scratch);
/* With on, the hidden-information check also compares the seat's structured views (view.h) of
 * the state and of its twin, as JSON text: slower, for the tests. */
void carta_invariant_scratch_views(carta_invariant_scratch *scratch, int on);

/* Checks state (a true state of a game of n_seats seats). salt varies the resampling. Returns
 * CARTA_OK, or CARTA_ERR_STATE with err saying which promise broke, for which seat. */
carta_status carta_invariant_check(const carta_game *game, const carta_rules *rules,
                                   const void *state, int n_seats, uint64_t salt,
                                   carta_invariant_scratch *scratch, carta_error *err);

/* The generic part alone, cheaper: the game's check and the legal/to_act agreement. */
carta_status carta_invariant_check_rules(const carta_game *game, const carta_rules *rules,
                                         const void *state, int n_seats,
                                         carta_invariant_scratch *scratch, carta_error *err);

/* Only the hidden-information promises, for one seat. */
carta_status carta_invariant_check_seat(const carta_game *game, const carta_rules *rules,
                                        const void *state, int seat, uint64_t salt,
                                        carta_invariant_scratch *scratch, carta_error *err);

#endif
