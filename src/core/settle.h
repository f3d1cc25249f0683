/* settle.h: looking one action ahead with the decisions it leaves open settled best-first.
 *
 * An action often leaves decisions open (a target, a cell, a facing, a "may", the other seat's
 * answer window): its worth is known only once they are taken. carta_settle_after applies the
 * action to a copy and settles what it left open, to a small depth, the way the game says: a
 * frame may be stopped at (scored as it stands), taken one fixed way (pass an answer window),
 * or decided best-first by its seat, each of its legal actions looked at the same way.
 * Scores are the game's own tally (its evaluation, or an expert's rule-of-thumb sum): zero-sum,
 * so another seat's best is the looking seat's worst (two seats).
 *
 * Only the contract is used (apply, legal_actions, determinize, state_size); the game gives the
 * tally and what to do at a frame. The experts (docs/ai.md, "Expert players") also rank their
 * legal actions with it (carta_settle_choose): each one's change of tally plus a prior.
 * No allocation: the caller gives (depth + 1) states of scratch. */
#ifndef CARTA_SETTLE_H
#define CARTA_SETTLE_H

#include <stdbool.h>
#include <stdint.h>

#include "game.h"

/* What is done at a state while settling (carta_settle.step). */
enum carta_settle_kind {
    CARTA_SETTLE_STOP = 0, /* nothing left open, or not guessed: the tally as it stands */
    CARTA_SETTLE_TAKE,     /* apply action, whoever decides (a pass, a default facing) */
    CARTA_SETTLE_BEST      /* decider takes its best action by the tally */
};

typedef struct carta_settle_step {
    int kind;            /* enum carta_settle_kind */
    int decider;         /* CARTA_SETTLE_BEST: the seat whose decision it is */
    carta_action action; /* CARTA_SETTLE_TAKE: the action taken */
} carta_settle_step;

typedef struct carta_settle {
    const carta_game *game;
    const carta_rules *rules;
    /* The tally of state for seat, higher better; zero-sum between the two seats. ctx is the
     * game's own (the weights of an evaluation; may be NULL). */
    double (*tally)(const carta_rules *rules, const void *ctx, const void *state, int seat);
    const void *ctx;
    /* What is done at state's open decision, looking on seat's behalf. */
    carta_settle_step (*step)(const carta_rules *rules, const void *state, int seat);
    double refused;      /* the score of an action apply refuses */
    /* Optional: once nothing is left open and seat is still to act, its next follow actions
     * (each settled to follow_depth) are looked at too, best-first: a move, then the strike it
     * makes possible. 0: one action only. */
    int follow, follow_depth;
    void *scratch;       /* (depth + 1) + follow * (follow_depth + 1) states of state_size */
    /* For carta_settle_choose only (both optional). rests: an action scored rest_score without
     * looking ahead (ending a turn: anything else must be worth more); prior: a rule of thumb
     * added to an action's change of tally (gain). */
    bool (*rests)(const void *state, carta_action action);
    double rest_score;
    double (*prior)(const carta_rules *rules, const void *state, int seat, carta_action action,
                    double gain);
} carta_settle;

/* The tally for seat once action (legal in state) is applied to a copy and the decisions it
 * left open are settled to depth (each settled decision takes one; depth 0: the tally right
 * after the action). state is not changed. */
double carta_settle_after(const carta_settle *s, const void *state, int seat, carta_action action,
                          int depth);

/* The tally for seat of state once its open decisions are settled to depth. */
double carta_settle_state(const carta_settle *s, const void *state, int seat, int depth);

/* An expert's scores: obs (seat's observation) is copied to guess (state_size bytes, not the
 * scratch) and determinized from seed; each of the n legal actions scores its gain of tally
 * (settled to depth) plus prior, or rest_score if it rests. Writes score[0..n-1]. */
void carta_settle_scores(const carta_settle *s, const void *obs, int seat,
                         const carta_action *legal, int n, int depth, void *guess, uint64_t seed,
                         double *score);

/* An expert's pick: the best of carta_settle_scores, ties broken by an RNG seeded from seed.
 * Returns the index into legal. */
int carta_settle_choose(const carta_settle *s, const void *obs, int seat, const carta_action *legal,
                        int n, int depth, void *guess, uint64_t seed);

#endif
