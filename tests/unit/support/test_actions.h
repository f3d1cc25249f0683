/* test_actions.h: driving a rule system in a unit test by what a player reads: a card by its
 * name, an action by its text (describe_action). Works through the carta_game contract only, so
 * one helper serves every rule system; each failure fails the running cmocka test. */
#ifndef TEST_ACTIONS_H
#define TEST_ACTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/game.h"

/* The catalog id of the card called name; fails the test if r has none. */
uint16_t tact_card(const carta_game *g, const carta_rules *r, const char *name);

/* Whether an action whose text is exactly text is legal in state. */
bool tact_has(const carta_game *g, const carta_rules *r, const void *state, const char *text);

/* Applies the legal action whose text is exactly text. Fails the test, listing the legal
 * actions on stderr, if there is none, or if apply refuses it. */
void tact_apply(const carta_game *g, const carta_rules *r, void *state, const char *text);

#endif
