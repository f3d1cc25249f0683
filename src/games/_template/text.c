/* text.c: High Tide as people read it: action texts, card texts, the board, event words. */
#include "games/_template/tide.h"

#include <stdio.h>

static const char *const tide_words[TIDE_W_COUNT] = {
    [TIDE_W_LEADS] = "leads", [TIDE_W_ANSWERS] = "answers with", [TIDE_W_PASSES] = "passes",
    [TIDE_W_DRAWS] = "draws", [TIDE_W_TAKES] = "takes the tide with", [TIDE_W_POINTS] = "points",
    [TIDE_W_HAND] = "hand", [TIDE_W_DECK] = "deck", [TIDE_W_DISCARD] = "discard pile",
    [TIDE_W_TIDE] = "tide", [TIDE_W_TARGET_REACHED] = "reached the points to win",
    [TIDE_W_NO_CARD_TO_LEAD] = "a player had no card to lead",
    [TIDE_W_TURN_LIMIT] = "turn limit",
};

const char *tide_event_word(const carta_rules *r, int word)
{
    (void)r;
    return word > 0 && word < TIDE_W_COUNT ? tide_words[word] : NULL;
}

static const char *text_card(const carta_rules *r, uint16_t card)
{
    return card == TIDE_UNKNOWN ? "?" : carta_catalog_name(r->catalog, card);
}

void tide_describe_action(const carta_rules *r, const void *state, carta_action a, char *buf,
                          size_t cap)
{
    const tide_state *st = state;
    int seat = tide_to_act(r, state);
    const tide_zone *hand = seat >= 0 ? &st->seat[seat].hand : NULL;
    int i = TIDE_INDEX(a);
    const char *card = hand && i < hand->n ? text_card(r, hand->cards[i]) : "?";
    switch (TIDE_KIND(a)) {
    case TIDE_A_LEAD: snprintf(buf, cap, "lead %s", card); break;
    case TIDE_A_ANSWER: snprintf(buf, cap, "answer with %s", card); break;
    default: snprintf(buf, cap, "pass"); break;
    }
}

/* A card played from a hidden hand is revealed by playing it: the move names it to everyone. */
void tide_describe_move(const carta_rules *r, const void *state, carta_action a, int viewer,
                        char *buf, size_t cap)
{
    (void)viewer;
    tide_describe_action(r, state, a, buf, cap);
}

void tide_describe_card(const carta_rules *r, int card, carta_text *out)
{
    carta_text_printf(out, "%s (power %d)\n", carta_catalog_name(r->catalog, card),
                      tide_power(r, (uint16_t)card));
}

static void text_zone(const carta_rules *r, const char *label, const tide_zone *z,
                      carta_text *out)
{
    carta_text_printf(out, "  %s (%d):", label, z->n);
    for (int i = 0; i < z->n; i++)
        carta_text_printf(out, " %s", text_card(r, z->cards[i]));
    carta_text_printf(out, "\n");
}

void tide_render(const carta_rules *r, const void *state, int seat, carta_text *out)
{
    const tide_state *st = state;
    carta_text_printf(out, "High Tide, turn %d; %d points win\n", st->turn, st->target);
    for (int p = 0; p < st->n_seats; p++) {
        const tide_seat *s = &st->seat[p];
        carta_text_printf(out, "player %d%s: %d points, %d cards in deck\n", p + 1,
                          p == seat ? " (you)" : "", s->score, s->deck.n);
        text_zone(r, "hand", &s->hand, out);
        text_zone(r, "discard pile", &s->discard, out);
    }
    carta_text_printf(out, "tide:");
    for (int i = 0; i < st->n_tide; i++)
        carta_text_printf(out, " %s (player %d)", text_card(r, st->tide[i].card),
                          st->tide[i].owner + 1);
    carta_text_printf(out, "%s\n", st->n_tide ? "" : " empty");
}

void tide_describe_state(const carta_rules *r, const void *state, char *buf, size_t cap)
{
    const tide_state *st = state;
    int seat = tide_to_act(r, state);
    if (seat == CARTA_NO_SEAT)
        snprintf(buf, cap, "turn %d, game over", st->turn);
    else
        snprintf(buf, cap, "turn %d, player %d to %s", st->turn, seat + 1,
                 st->phase == TIDE_PHASE_LEAD ? "lead" : "answer");
}
