/* aember_fixture.c: Æmber test positions (aember_fixture.h). */
#include "aember_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "support/test_actions.h"

carta_rules *aemfx_open(const char *data_dir)
{
    carta_error err = {0};
    carta_rules *r = carta_game_aember.open(data_dir, &err);
    if (r && carta_catalog_load_file(r->catalog, CARTA_TESTS_DIR "/unit/aember_test_cards.yaml",
                                     aember_compile_card, r, &err) != CARTA_OK) {
        carta_game_aember.close(r);
        r = NULL;
    }
    if (!r)
        fprintf(stderr, "aember test cards: %s\n", err.msg);
    return r;
}

static uint16_t fx_card(const carta_rules *r, const char *name)
{
    return (uint16_t)tact_card(&carta_game_aember, r, name);
}

void aemfx_blank(const carta_rules *r, aember_state *st)
{
    static const char *const houses[] = {"red", "blue", "green"};
    aember_state_blank(st);
    carta_rng_seed(&st->rng, 7);
    st->phase = AEMBER_PHASE_MAIN;
    st->turn = 3;
    for (int p = 0; p < AEMBER_SEATS; p++) {
        aember_seat *s = &st->seat[p];
        s->n_houses = 3;
        for (int h = 0; h < 3; h++)
            s->houses[h] = (uint8_t)aember_house_id(r, houses[h]);
        for (int i = 0; i < 10; i++) {
            carta_zone_push(CARTA_ZONE_REF(&s->deck), fx_card(r, "Test Grunt"), 0);
            s->deck_list[s->n_deck_list++] = fx_card(r, "Test Grunt");
        }
    }
    st->active_house = (uint8_t)aember_house_id(r, "red");
}

uint16_t aemfx_put(const carta_rules *r, aember_state *st, int seat, const char *name)
{
    aember_card_in_play *c =
        aember_state_place(r, st, seat, fx_card(r, name), AEMBER_FLANK_RIGHT, 0);
    assert_non_null(c);
    return c->uid;
}

void aemfx_give(const carta_rules *r, aember_state *st, int seat, const char *name)
{
    carta_zone_push(CARTA_ZONE_REF(&st->seat[seat].hand), fx_card(r, name), 0);
}
