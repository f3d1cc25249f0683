/* aember_fixture.h: positions for the Æmber unit tests, on the test cards
 * (tests/unit/aember_test_cards.yaml) opened alone or beside a card set. */
#ifndef AEMBER_FIXTURE_H
#define AEMBER_FIXTURE_H

#include "games/aember/aember.h"

/* Opens Æmber with the card set in data_dir (NULL: none) and the test cards; NULL after saying
 * why on stderr. */
carta_rules *aemfx_open(const char *data_dir);

/* A main-step position: seat 0 active with house red, turn 3, each seat's houses red, blue and
 * green and a deck of 10 Test Grunts. */
void aemfx_blank(const carta_rules *r, aember_state *st);

/* Places the card called name in seat's battle line (right flank); returns its uid. */
uint16_t aemfx_put(const carta_rules *r, aember_state *st, int seat, const char *name);

/* Puts the card called name in seat's hand. */
void aemfx_give(const carta_rules *r, aember_state *st, int seat, const char *name);

#endif
