/* deck_file.h: what every rule system's deck-file loader shares. A deck file is a YAML map with
 * a cards: list (docs/card-format/<game>.md); the rule system reads its keys into a carta_deck,
 * this module opens and frees the document and then runs the game's deck-building check,
 * pointing its messages at the line where the cards: list starts ("decks/x.yaml:7: error: ..."). */
#ifndef CARTA_DECK_FILE_H
#define CARTA_DECK_FILE_H

#include "game.h"

struct fy_node;

/* Reads the document root of the deck file path (any node, maybe not a map) into deck, which
 * starts zeroed; errors name file, line and reason. */
typedef carta_status (*carta_deck_read_fn)(const carta_rules *rules, struct fy_node *root,
                                           const char *path, carta_deck *deck, carta_error *err);

/* The game's deck-building check; where names the deck in its messages ("deck 'Name'" or
 * "path:line"). */
typedef carta_status (*carta_deck_check_at_fn)(const carta_rules *rules, const carta_deck *deck,
                                               const char *where, carta_error *err);

/* The deck file's `cards:` list, which must hold exactly `exact` entries; NULL with err naming
 * file, line and reason if it is missing, not a list, or of another length. */
struct fy_node *carta_deck_file_cards(struct fy_node *root, int exact, const char *path,
                                      carta_error *err);

/* Loads the deck file path: YAML errors as carta_yaml_load reports them (CARTA_ERR_IO if
 * unreadable), then reader, then check_at with where "path:<line of the cards: list>". Any
 * failure is the reader's status, CARTA_ERR_INPUT from the check, or the load's status, with err
 * set; out is written only on success. */
carta_status carta_deck_file_load(const carta_rules *rules, const char *path,
                                  carta_deck_read_fn reader, carta_deck_check_at_fn check_at,
                                  carta_deck *out, carta_error *err);

#endif
