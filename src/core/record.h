/* record.h: game records: everything needed to replay a game exactly, as JSON (jansson).
 *
 * A record is: rule system id, rules version, card-set digest, seats, mode, seed, each seat's
 * deck (by card names, so it does not depend on deck files), the actions taken so far, and the
 * digest of the state after the last action. Replaying a record reproduces every state bit for
 * bit; a saved game is a record of a game in progress, and resuming it is replaying it.
 *
 * A record also holds each move's text, for people. A game in progress saved by a player's seat
 * ("saved_by") has them as that seat saw them (carta_describe_move): its words do not name
 * another seat's hidden choices. A finished game, or one no seat saved, has them in full. The seed and the actions are in the file either way: a save cannot
 * keep a secret from whoever reads it raw (docs/architecture.md). Loading
 * checks the format version, the rule system, its rules version and card-set digest, every card
 * name, every action's legality and the final digest, and refuses a record that fails any of
 * them with the reason; nothing is half-loaded. */
#ifndef CARTA_RECORD_H
#define CARTA_RECORD_H

#include <stdint.h>

#include "game.h"

#define CARTA_RECORD_FORMAT 1

typedef struct carta_record {
    const carta_game *game;
    carta_config config;
    int n_actions, cap_actions;
    carta_action *actions;     /* owned; freed by carta_record_free */
    uint64_t final_digest;     /* digest of the state after the last action */
    char seat_names[CARTA_MAX_SEATS][CARTA_NAME_MAX]; /* who played each seat ("human", "mcts:ms=100") */
    int saved_by; /* the seat whose file this is (the person's seat in `carta play`), or
                   * CARTA_NO_SEAT (an AI game, a watched game): while the game is in progress
                   * its move texts, and what a replay shows, are what that seat saw */
} carta_record;

/* Starts a record, saved by no seat, for a game about to be set up with config. */
void carta_record_init(carta_record *rec, const carta_game *game, const carta_config *config);
/* Appends an action; returns CARTA_ERR_NOMEM on allocation failure. */
carta_status carta_record_push(carta_record *rec, carta_action action);
void carta_record_free(carta_record *rec);

/* Writes rec as JSON to path (atomically: path.tmp written, synced, renamed into place). It
 * replays rec to write each move's text (as carta_record_viewer's seat saw it, or in full) and
 * the final digest (computed, not rec->final_digest), so a record whose actions do not replay is
 * refused and nothing is written. "saved_by" is written only while it matters: for a game in
 * progress saved by a seat. */
carta_status carta_record_save(const carta_record *rec, const carta_rules *rules, const char *path,
                               carta_error *err);
/* Reads a record from path against opened rules of the game it names, found with find (the
 * registry's carta_game_find). A record without "saved_by" (older records, finished games) was
 * saved by no seat. On failure rec is left zeroed and err says what and where. */
carta_status carta_record_load(carta_record *rec, carta_game_find_fn find,
                               const carta_rules *rules, const char *path, carta_error *err);

/* Replays rec into state (game->state_size bytes): setup, then every action, checking each is
 * legal and, if check_digest, that the final state's digest matches. If upto >= 0, stops after
 * that many actions. */
carta_status carta_record_replay(const carta_record *rec, const carta_rules *rules, void *state,
                                 int upto, int check_digest, carta_error *err);

/* The seat whose view rec is told from, given final (the state after its last action): the seat
 * that saved it while the game is in progress, else CARTA_NO_SEAT (a finished game, or one no
 * seat saved, may be told whole). */
int carta_record_viewer(const carta_record *rec, const carta_rules *rules, const void *final);

/* Reads only the rule-system id a record names (so the caller can open that game's rules
 * first) into game_id (cap bytes). Fails on an unreadable file, bad JSON or a missing id. */
carta_status carta_record_peek(const char *path, char *game_id, size_t cap, carta_error *err);

/* As carta_record_load, for a record that must be of game (whose rules are rules); a record of
 * another game is refused. carta_record_load finds the game the record names in the registry;
 * this one also works for games that are not registered (tests). */
carta_status carta_record_load_game(carta_record *rec, const carta_game *game,
                                    const carta_rules *rules, const char *path, carta_error *err);

/* The JSON text of rec, as carta_record_save writes it (compact, one line), replaying rec for the
 * move texts and the final digest. *out_json is malloc'd (the caller frees it), NULL on failure
 * with err set. */
carta_status carta_record_to_json(const carta_record *rec, const carta_rules *rules,
                                  char **out_json, carta_error *err);

/* As carta_record_load_game, from the record's JSON text instead of a file; where names the
 * source in messages ("games.db: run 3 game 17"). */
carta_status carta_record_from_json(carta_record *rec, const carta_game *game,
                                    const carta_rules *rules, const char *json, const char *where,
                                    carta_error *err);

#endif
