/* leaders_fixture.c: Leaders test positions: cells by name, a blank main step, placing. */
#include "leaders_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "support/test_actions.h"

carta_rules *leadfx_open_test_cards(void)
{
    carta_error err = {0};
    carta_rules *r = carta_game_leaders.open(NULL, &err);
    if (r && (carta_catalog_load_file(r->catalog, CARTA_TESTS_DIR "/unit/leaders_test_cards.yaml",
                                      leaders_compile_card, r, &err) != CARTA_OK ||
              leaders_link(r, &err) != CARTA_OK)) {
        carta_game_leaders.close(r);
        r = NULL;
    }
    if (!r)
        fprintf(stderr, "test cards: %s\n", err.msg);
    return r;
}

void leadfx_give(const carta_rules *r, leaders_state *st, int seat, const char *name)
{
    leaders_seat *s = &st->seat[seat];
    uint16_t card = (uint16_t)tact_card(&carta_game_leaders, r, name);
    s->hand.cards[s->hand.n++] = card;
    s->deck_list.cards[s->deck_list.n++] = card;
}

void leadfx_put_deck(const carta_rules *r, leaders_state *st, int seat, const char *name, int n)
{
    leaders_seat *s = &st->seat[seat];
    uint16_t card = (uint16_t)tact_card(&carta_game_leaders, r, name);
    for (int i = 0; i < n; i++) {
        s->deck.cards[s->deck.n++] = card;
        s->deck_list.cards[s->deck_list.n++] = card;
    }
}

int leadfx_cell(const char *name) { return (name[1] - '1') * LEADERS_COLS + (name[0] - 'A'); }

void leadfx_blank(const carta_rules *r, leaders_state *st, int turn, const char *leader,
                  const char *domain)
{
    const carta_game *g = &carta_game_leaders;
    memset(st, 0, sizeof *st);
    st->version = LEADERS_STATE_VERSION;
    leaders_zones_seen(st);
    for (int c = 0; c < LEADERS_CELLS; c++)
        st->board[c].kind = LEADERS_NONE;
    st->winner = -1;
    st->chain = -1;
    st->facedown = LEADERS_NONE;
    st->turn = (uint16_t)turn;
    st->phase = LEADERS_PHASE_MAIN;
    for (int p = 0; p < 2; p++) {
        leaders_seat *s = &st->seat[p];
        s->leader = tact_card(g, r, leader);
        s->domain = tact_card(g, r, domain);
        const leaders_def *d = leaders_def_of(r, s->domain);
        for (int i = 0; i < d->n_roster; i++)
            s->barracks[s->n_barracks++] = d->roster[i];
    }
    leadfx_place(r, st, "C1", leader, 0, LEADERS_NORTH);
    leadfx_place(r, st, "C6", leader, 1, LEADERS_SOUTH);
}

leaders_char *leadfx_place(const carta_rules *r, leaders_state *st, const char *at,
                           const char *kind, int owner, int dir)
{
    int cell = leadfx_cell(at);
    assert_true(
        leaders_state_place(r, st, cell, tact_card(&carta_game_leaders, r, kind), owner, dir));
    return &st->board[cell];
}
