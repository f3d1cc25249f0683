/* deck_spec.h: what every rule system's deck_resolve shares: a deck spec is "random", a path to
 * a deck file, or the name of a prebuilt deck in <data_dir>/decks/. The rule system supplies how
 * to read one of its deck files and how to generate a random deck; this module does the rest. */
#ifndef CARTA_DECK_SPEC_H
#define CARTA_DECK_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "game.h"

/* Reads and checks one deck file of the game; errors name file, line and reason. */
typedef carta_status (*carta_deck_load_fn)(const carta_rules *rules, const char *path,
                                           carta_deck *out, carta_error *err);
/* Generates a legal random deck from seed alone. */
typedef carta_status (*carta_deck_generate_fn)(const carta_rules *rules, uint64_t seed,
                                               carta_deck *out, carta_error *err);

/* Resolves spec: "random" (any case) calls generate; a path (contains '/' or ends in .yaml/.yml)
 * calls load; anything else is looked up among the prebuilt decks of data_dir/decks by the deck's
 * name: (case-insensitive) or its file name without .yaml, then loaded. An unknown name is
 * CARTA_ERR_UNKNOWN listing the prebuilt decks. out is written only on success. */
carta_status carta_deck_spec_resolve(const carta_rules *rules, const char *data_dir,
                                     const char *spec, uint64_t seed, carta_deck_load_fn load,
                                     carta_deck_generate_fn generate, carta_deck *out,
                                     carta_error *err);

/* True if spec names a file rather than a prebuilt deck or "random". */
int carta_deck_spec_is_path(const char *spec);

/* Finds the prebuilt deck named name in data_dir/decks and writes its path into path. */
carta_status carta_deck_spec_find_prebuilt(const char *data_dir, const char *name, char *path,
                                           size_t cap, carta_error *err);

#endif
