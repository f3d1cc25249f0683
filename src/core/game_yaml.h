/* game_yaml.h: what a rule system offers to YAML files beyond the runtime contract: cards defined
 * inline, scenario positions, and the names its scenario expectations have always used.
 *
 * The runtime contract (game.h) knows nothing of libfyaml, so code that only plays games (the
 * AIs, the server, the simulator) never sees it. The scenario runner and the card fuzzers find a
 * game's YAML face through the registry (games/registry.h: carta_game_yaml_find) or a lookup of
 * their own (tests use unregistered games). */
#ifndef CARTA_GAME_YAML_H
#define CARTA_GAME_YAML_H

#include "expect.h"
#include "game.h"

struct fy_node;

typedef struct carta_game_yaml {
    const carta_game *game;
    /* Adds cards defined inline (a YAML sequence of card maps, the card-file format) to an
     * opened rules; used by scenario files. file names the source for error messages. NULL: the
     * game takes no inline cards. */
    carta_status (*add_cards)(carta_rules *rules, struct fy_node *cards, const char *file,
                              carta_error *err);
    /* Sets up state (zeroed by the caller) from a `position:` map (docs/scenarios.md); on error
     * err says what and where. NULL: the game has no positions. */
    carta_status (*scenario_position)(const carta_rules *rules, void *state,
                                      struct fy_node *position, const char *file,
                                      carta_error *err);
    /* The game's own expectation keys as paths into its view (expect.h), checked by core; NULL:
     * only `view:` paths. */
    const carta_expect_table *expect;
} carta_game_yaml;

/* Maps a rule-system id to its YAML face (NULL if unknown). */
typedef const carta_game_yaml *(*carta_game_yaml_find_fn)(const char *id);

#endif
