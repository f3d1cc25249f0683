/* leaders_fixture.h: positions for the Leaders unit tests, on whichever card set a test opened
 * (its test cards or data/leaders): cells by name, a blank main step, Characters placed. */
#ifndef LEADERS_FIXTURE_H
#define LEADERS_FIXTURE_H

#include "games/leaders/leaders.h"

/* Opens the Leaders rules with only the test cards (tests/unit/leaders_test_cards.yaml), linked;
 * NULL after saying why on stderr. */
carta_rules *leadfx_open_test_cards(void);

/* Puts the card called name in seat's hand (and deck list). */
void leadfx_give(const carta_rules *r, leaders_state *st, int seat, const char *name);

/* Puts n cards called name on seat's deck (and deck list). */
void leadfx_put_deck(const carta_rules *r, leaders_state *st, int seat, const char *name, int n);

/* The cell called name: a column letter A-E, then a row 1-6 ("C1" is seat 0's back row). */
int leadfx_cell(const char *name);

/* Turn `turn`, seat 0 active, main step; both seats lead with the cards called leader and
 * domain, with full Barracks, the Leaders on C1 (seat 0, facing north) and C6 (seat 1, south);
 * empty hands, decks and deck lists. */
void leadfx_blank(const carta_rules *r, leaders_state *st, int turn, const char *leader,
                  const char *domain);

/* Places a Character of the card called kind for owner on the cell called at, facing dir;
 * returns it. */
leaders_char *leadfx_place(const carta_rules *r, leaders_state *st, const char *at,
                           const char *kind, int owner, int dir);

#endif
