/* scenario.h: the generic scenario runner: rules tests written as YAML files (docs/scenarios.md).
 *
 * A scenario file is a YAML stream of documents, one scenario each: which rule system, which
 * rulebook passage it tests, optional inline cards, a start (a fresh game from a seed and decks,
 * or a game-specific position), then steps: actions that must be legal and are applied, actions
 * that must be refused (and leave the state byte for byte unchanged), and expectations about
 * the legal actions, the seat to act, the winner, and game-specific facts. The runner knows no
 * game's rules: it speaks only the carta_game contract. */
#ifndef CARTA_SCENARIO_H
#define CARTA_SCENARIO_H

#include <stdio.h>

#include "game.h"

/* Maps a rule-system id to its descriptor (NULL if unknown). carta_game_find by default. */
typedef const carta_game *(*carta_scenario_find_fn)(const char *id);

/* Runs every scenario of the file at path. data_root is the folder holding <game-id>/ card sets
 * (e.g. "data"): each scenario opens fresh rules with game->open("<data_root>/<id>"), so inline
 * cards never leak from one scenario to the next.
 *
 * Every failure is written to report as "file:line: FAIL <scenario>: <expected, found>", or for
 * a malformed scenario "file:line: FAIL <scenario>: error: <reason>"; a scenario stops at its
 * first failed step; malformed scenarios count as failures. At the end one line
 * "file: N passed, M failed" is written. *n_passed and *n_failed (both required) receive the
 * counts for this file.
 *
 * Returns CARTA_OK when the whole file was read (whether or not its scenarios passed); an error
 * status with err set when the file cannot be read or is not valid YAML (a parse error after
 * some scenarios ran counts as one more failure). Never crashes on bad input. */
carta_status carta_scenario_run_file(const char *path, const char *data_root, FILE *report,
                                     int *n_passed, int *n_failed, carta_error *err);

/* The same, looking games up with find instead of the registry (tests use unregistered games). */
carta_status carta_scenario_run_file_with(const char *path, const char *data_root,
                                          carta_scenario_find_fn find, FILE *report,
                                          int *n_passed, int *n_failed, carta_error *err);

#endif
