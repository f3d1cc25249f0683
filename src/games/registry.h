/* registry.h: every compiled-in rule system, and what each offers to YAML files. Core never
 * includes this: what in core needs a game takes it, or a lookup such as carta_game_find. */
#ifndef CARTA_REGISTRY_H
#define CARTA_REGISTRY_H

#include "core/game.h"
#include "core/game_yaml.h"

int carta_game_count(void);
const carta_game *carta_game_at(int index);
const carta_game *carta_game_find(const char *id); /* NULL if unknown */
/* The YAML face (inline cards, scenario positions, expectation keys) of a registered game. */
const carta_game_yaml *carta_game_yaml_find(const char *id); /* NULL if unknown */

#endif
