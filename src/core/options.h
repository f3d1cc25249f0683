/* options.h: setup options, the rules variants a designer tries without changing a card
 * ("key_cost=7", "quintessence_to_win=15"): integers a rule system declares with their range and
 * the rulebook's value (carta_game.options), set in a carta_config and kept in records. */
#ifndef CARTA_OPTIONS_H
#define CARTA_OPTIONS_H

#include "game.h"
#include "status.h"

/* Sets the options of a comma-separated list "key=value,key=value" in config, each checked
 * against the game's: an unknown key (naming the game's), a value that is not a whole number
 * or out of range, too many. On error config is unchanged and err says which and why. */
carta_status carta_options_parse(const carta_game *game, carta_config *config, const char *list,
                                 carta_error *err);

/* Checks every option of config against the game's (setup calls it first). */
carta_status carta_options_check(const carta_game *game, const carta_config *config,
                                 carta_error *err);

/* The value of option key in config, else the game's standard value; key must be one of the
 * game's options (0 if not). */
int carta_option_value(const carta_game *game, const carta_config *config, const char *key);

/* "key_cost=7,hand_size=5" (the options set, in order), "" if none. */
void carta_options_text(const carta_config *config, char *buf, size_t cap);

#endif
