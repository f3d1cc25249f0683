/* deck_sections.h: a seat's deck in its named sections (carta_game.deck_sections): Arkhtide's
 * Seeker, Main Deck and Realm Deck, Leaders' Leader, Domain and deck. A deck is kept as one list
 * (setup, records); its sections follow from its cards, so they are said, not stored twice. */
#ifndef CARTA_DECK_SECTIONS_H
#define CARTA_DECK_SECTIONS_H

#include <jansson.h>

#include "game.h"

/* Counts the cards of deck in each section of game into counts (n_deck_sections entries). */
void carta_deck_section_counts(const carta_game *game, const carta_rules *rules,
                               const carta_deck *deck, int *counts);

/* "Seeker 1, Main Deck 40, Realm Deck 7", or "" for a game without sections. */
void carta_deck_sections_text(const carta_game *game, const carta_rules *rules,
                              const carta_deck *deck, char *buf, size_t cap);

/* {"Seeker": [names], "Main Deck": [...], ...} for a record's reader; NULL without sections. */
json_t *carta_deck_sections_json(const carta_game *game, const carta_rules *rules,
                                 const carta_deck *deck);

#endif
