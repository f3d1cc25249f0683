/* arkhtide_fixture.h: what the Arkhtide unit tests build on: the test cards
 * (tests/unit/arkhtide_test_cards.yaml) and the real set (data/arkhtide), and a blank duel to
 * put pieces in. Positions use the test cards. */
#ifndef ARKHTIDE_FIXTURE_H
#define ARKHTIDE_FIXTURE_H

#include "games/arkhtide/arkhtide.h"

/* Opens the test cards into *cards and the real set into *data; 0, or -1 after saying why on
 * stderr. The caller frees both with arkfx_close. */
int arkfx_open(carta_rules **cards, carta_rules **data);
void arkfx_close(carta_rules *cards, carta_rules *data);

/* A duel in Combat, Round 1, P1 to act: each Seeker on its own Realm (slot 0 Test Realm of P1,
 * 3 Quintessence; slot 1 Low Realm of P2, 4; the Neutral Realm, 2, in slot 5), 13 Willpower,
 * 9 Arkhé, empty hands. P1's Seeker is Test Seeker (Soul 2), P2's Blue Seeker (Soul 1). */
void arkfx_blank(const carta_rules *cards, ark_state *st);

/* Places the card called name for seat at loc (a Realm slot); returns its piece index. */
int arkfx_put(const carta_rules *cards, ark_state *st, int seat, const char *name, int loc);

#endif
