/* deck.c: Essence has no decks: every player plays with the whole box (2.2 GETTING STARTED:
 * the Realm Stacks, the Fate Deck and the Aether are shared), so a seat's deck is empty and the
 * only spec is "random" or "box" (docs/rulings/essence.md, "No decks"). */
#include "games/essence/essence.h"

#include <stdio.h>
#include <string.h>

carta_status ess_deck_check(const carta_rules *r, const carta_deck *deck, carta_error *err)
{
    (void)r;
    if (deck->n_cards)
        return carta_error_set(err, CARTA_ERR_INPUT, "deck '%s': error: in Essence a player "
                               "brings no deck (every card is in the shared box), this one has "
                               "%d cards", deck->name, deck->n_cards);
    return CARTA_OK;
}

carta_status ess_deck_resolve(const carta_rules *r, const char *spec, uint64_t seed,
                              carta_deck *out, carta_error *err)
{
    (void)r;
    (void)seed;
    if (strcmp(spec, "random") && strcmp(spec, "box"))
        return carta_error_set(err, CARTA_ERR_INPUT, "essence: no deck '%s': a player brings no "
                               "deck, every card is in the shared box (data/essence/cards.yaml);"
                               " give 'box' or 'random', or no deck", spec);
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "box");
    return CARTA_OK;
}
