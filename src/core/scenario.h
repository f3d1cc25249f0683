/* scenario.h: the generic scenario runner: rules tests written as YAML files (docs/scenarios.md).
 *
 * A scenario file is a YAML stream of documents, one scenario each: which rule system, which
 * rulebook passage it tests, optional inline cards, a start (a fresh game from a seed and decks,
 * or a game-specific position), then steps: actions that must be legal and are applied, actions
 * that must be refused (and leave the state byte for byte unchanged), decks and setups that must
 * be refused, and expectations about the legal actions, the seat to act, the winner, the view of
 * the state (paths into the game's structured view, expect.h) and the events of the last action.
 * The runner knows no game's rules: it speaks only the carta_game contract and the game's YAML
 * face (game_yaml.h). */
#ifndef CARTA_SCENARIO_H
#define CARTA_SCENARIO_H

#include <stdio.h>

#include "game_yaml.h"

/* Runs every scenario of the file at path, finding each scenario's game with find (the
 * registry's carta_game_yaml_find, or a test's own lookup). data_root is the folder holding
 * <game-id>/ card sets (e.g. "data"): each scenario opens fresh rules with
 * game->open("<data_root>/<id>"), so inline cards never leak from one scenario to the next.
 *
 * Every failure is written to report as "file:line: FAIL <scenario>: step N: <expected, found>",
 * or for a malformed scenario "file:line: FAIL <scenario>: [step N: ]error: <reason>"; a scenario
 * stops at its first failed step; malformed scenarios count as failures. At the end one line
 * "file: N passed, M failed" is written. *n_passed and *n_failed (both required) receive the
 * counts for this file.
 *
 * Returns CARTA_OK when the whole file was read (whether or not its scenarios passed); an error
 * status with err set when the file cannot be read or is not valid YAML (a parse error after
 * some scenarios ran counts as one more failure). Never crashes on bad input. */
carta_status carta_scenario_run_file(const char *path, const char *data_root,
                                     carta_game_yaml_find_fn find, FILE *report, int *n_passed,
                                     int *n_failed, carta_error *err);

#endif
