/* tide.h: private declarations shared by the files of High Tide, the template rule system.
 *
 * High Tide in brief (docs/new-game.md has the rules): 2-4 players; the active player leads a card
 * from hand; the others, in seat order, may answer with a stronger card than the last one played
 * (each answer reopens the window for every other answerer) or pass; when all of them have passed
 * in a row, the last card played, the strongest, takes the tide and scores its owner the power of
 * every card on it. First to the target wins; when a player who must lead
 * has no card, the highest score wins. */
#ifndef TIDE_H
#define TIDE_H

#include "core/catalog.h"
#include "core/game.h"
#include "core/layout.h"
#include "games/_template/state.h"

struct carta_rules {
    carta_catalog *catalog;
    carta_layout layout;
    char data_dir[1024];
    int8_t power[CARTA_CATALOG_MAX]; /* per card id */
};

/* The words of High Tide's events (carta_game.event_word). */
enum tide_word {
    TIDE_W_NONE = 0,
    TIDE_W_LEADS, TIDE_W_ANSWERS, TIDE_W_PASSES, TIDE_W_DRAWS, TIDE_W_TAKES,
    TIDE_W_POINTS, TIDE_W_HAND, TIDE_W_DECK, TIDE_W_DISCARD, TIDE_W_TIDE,
    TIDE_W_TARGET_REACHED, TIDE_W_NO_CARD_TO_LEAD, TIDE_W_TURN_LIMIT,
    TIDE_W_COUNT
};

/* Actions: kind in the top byte, a hand index below. */
enum { TIDE_A_LEAD = 1, TIDE_A_ANSWER, TIDE_A_PASS };
#define TIDE_ACT(kind, index) ((carta_action)(((kind) << 8) | (index)))
#define TIDE_KIND(a) ((int)((a) >> 8))
#define TIDE_INDEX(a) ((int)((a) & 0xFF))

extern const carta_option_def tide_options[];
extern const int tide_n_options;

static inline int tide_power(const carta_rules *r, uint16_t card)
{
    return card < CARTA_CATALOG_MAX ? r->power[card] : 0;
}

/* rules.c */
carta_status tide_setup(const carta_rules *r, void *state, const carta_config *c,
                        carta_error *err);
int tide_to_act(const carta_rules *r, const void *state);
int tide_legal_actions(const carta_rules *r, const void *state, carta_action *out);
carta_status tide_apply(const carta_rules *r, void *state, carta_action a, carta_error *err);
void tide_returns(const carta_rules *r, const void *state, double *out);
double tide_evaluate(const carta_rules *r, const void *state, int seat);
/* Ends the game for reason (a tide_word): the highest score wins, equal highest scores draw. */
void tide_end(tide_state *st, int reason);

/* game.c: one card map of a card file or of a scenario's inline cards (catalog.h's compile) */
carta_status tide_compile(void *ctx, int card_id, struct fy_node *card, const char *file,
                          carta_error *err);

/* observe.c */
int tide_layout_build(carta_layout *l);
void tide_zones_seen(tide_state *st);
void tide_observe(const carta_rules *r, const void *state, int seat, void *out);
void tide_determinize(const carta_rules *r, void *state, int seat, uint64_t seed);

/* check.c */
carta_status tide_check(const carta_rules *r, const void *state, carta_error *err);

/* deck.c */
carta_status tide_deck_resolve(const carta_rules *r, const char *spec, uint64_t seed,
                               carta_deck *out, carta_error *err);
carta_status tide_deck_check(const carta_rules *r, const carta_deck *deck, carta_error *err);

/* text.c: what people read */
const char *tide_event_word(const carta_rules *r, int word);
void tide_describe_action(const carta_rules *r, const void *state, carta_action a, char *buf,
                          size_t cap);
void tide_describe_move(const carta_rules *r, const void *state, carta_action a, int viewer,
                        char *buf, size_t cap);
void tide_describe_card(const carta_rules *r, int card, carta_text *out);
void tide_render(const carta_rules *r, const void *state, int seat, carta_text *out);
void tide_describe_state(const carta_rules *r, const void *state, char *buf, size_t cap);

/* view.c */
struct carta_view;
void tide_view(const carta_rules *r, const void *obs, int seat, struct carta_view *out);
int tide_action_card(const carta_rules *r, const void *state, carta_action a);
void tide_action_view(const carta_rules *r, const void *obs, carta_action a,
                      struct carta_view *out);

#endif
