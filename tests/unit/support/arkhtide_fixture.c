/* arkhtide_fixture.c: the Arkhtide unit tests' card sets and blank duel. */
#include "arkhtide_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support/test_actions.h"

#define TEST_CARDS CARTA_TESTS_DIR "/unit/arkhtide_test_cards.yaml"

static const carta_game *G = &carta_game_arkhtide;

int arkfx_open(carta_rules **cards, carta_rules **data)
{
    carta_error err;
    carta_error_clear(&err);
    *cards = G->open(NULL, &err);
    *data = NULL;
    if (!*cards)
        return -1;
    if (carta_catalog_load_file((*cards)->catalog, TEST_CARDS, ark_compile_card, *cards, &err) !=
            CARTA_OK ||
        ark_resolve_refs(*cards, &err) != CARTA_OK) {
        fprintf(stderr, "test cards: %s\n", err.msg);
        return -1;
    }
    *data = G->open(CARTA_DATA_DIR "/arkhtide", &err);
    if (!*data) {
        fprintf(stderr, "data/arkhtide: %s\n", err.msg);
        return -1;
    }
    return 0;
}

void arkfx_close(carta_rules *cards, carta_rules *data)
{
    G->close(cards);
    G->close(data);
}

void arkfx_blank(const carta_rules *cards, ark_state *st)
{
    memset(st, 0, sizeof *st);
    st->version = ARK_STATE_VERSION;
    ark_zones_seen(st);
    carta_rng_seed(&st->rng, 7);
    st->n_seats = 2;
    st->mode = ARK_MODE_DUEL;
    st->phase = ARK_PHASE_COMBAT;
    st->round = 1;
    st->active = 0;
    st->first = st->combat_first = 0;
    st->winner = -1;
    for (int r = 0; r < ARK_REALMS; r++) {
        st->realms[r].card = ARK_NO_CARD;
        st->realms[r].owner = -1;
    }
    st->realms[0] = (ark_realm){tact_card(G, cards, "Test Realm"), 0, 0, {0}, 0};
    st->realms[1] = (ark_realm){tact_card(G, cards, "Low Realm"), 1, 0, {0}, 0};
    st->realms[ARK_NEUTRAL_SLOT] = (ark_realm){tact_card(G, cards, "Test Neutral"), -1, 0, {0}, 0};
    for (int s = 0; s < 2; s++) {
        ark_seat *se = &st->seat[s];
        se->seeker = tact_card(G, cards, s == 0 ? "Test Seeker" : "Blue Seeker");
        se->willpower = ARK_WILLPOWER;
        se->arkhe = se->arkhe_max = ARK_ARKHE;
        se->pick = ARK_NO_CARD;
        assert_non_null(ark_place(st, s, se->seeker, s, ARK_P_SEEKER));
    }
    ark_turns_open(st);
}

int arkfx_put(const carta_rules *cards, ark_state *st, int seat, const char *name, int loc)
{
    assert_non_null(ark_place(st, seat, tact_card(G, cards, name), loc, 0));
    return st->n_pieces - 1;
}
