/* tide_fixture.h: High Tide (the template rule system, src/games/_template) for unit tests that
 * need one small, complete game: its rules from data/template, and positions written as in its
 * scenario files (docs/scenarios.md, "High Tide positions and expectations"). */
#ifndef TIDE_FIXTURE_H
#define TIDE_FIXTURE_H

#include "core/game.h"
#include "games/_template/state.h"

/* The template's descriptor (from the registry); fails the test if it is not registered. */
const carta_game *tidefx_game(void);

/* Opens the template's rules on its card set (CARTA_DATA_DIR/template); fails the test if it
 * cannot. Close with tidefx_game()->close. */
carta_rules *tidefx_open(void);

/* Sets st to the position that yaml (a `position:` map as YAML text) describes, through the
 * template's own scenario reader; fails the test, with the reader's message, if it refuses. */
void tidefx_position(const carta_rules *r, tide_state *st, const char *yaml);

/* The reader's refusal of yaml as a position: CARTA_OK and an empty message if it accepts. */
carta_status tidefx_try_position(const carta_rules *r, tide_state *st, const char *yaml,
                                 carta_error *err);

#endif
