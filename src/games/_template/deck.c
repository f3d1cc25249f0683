/* deck.c: High Tide's decks: 8 to 20 cards, at most 3 copies of a name; prebuilt decks in
 * data/template/decks, deck files with a cards: list, and random decks. */
#include "games/_template/tide.h"

#include <stdio.h>
#include <string.h>

#include <libfyaml.h>

#include "core/deck_file.h"
#include "core/deck_spec.h"
#include "core/rng.h"
#include "core/yaml.h"

enum { DECK_MIN = 8, DECK_RANDOM = 12, DECK_COPIES = 3 };

static carta_status deck_check_at(const carta_rules *r, const carta_deck *deck,
                                  const char *where, carta_error *err)
{
    if (deck->n_cards < DECK_MIN || deck->n_cards > TIDE_DECK_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: a deck has %d to %d cards, this "
                               "one %d", where, DECK_MIN, TIDE_DECK_MAX, deck->n_cards);
    for (int i = 0; i < deck->n_cards; i++) {
        int copies = 0;
        if (deck->cards[i] >= carta_catalog_count(r->catalog))
            return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: card %d is not in the card "
                                   "set", where, deck->cards[i]);
        for (int k = 0; k < deck->n_cards; k++)
            copies += deck->cards[k] == deck->cards[i];
        if (copies > DECK_COPIES)
            return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: %d copies of %s (at most "
                                   "%d)", where, copies,
                                   carta_catalog_name(r->catalog, deck->cards[i]), DECK_COPIES);
    }
    return CARTA_OK;
}

carta_status tide_deck_check(const carta_rules *r, const carta_deck *deck, carta_error *err)
{
    char where[CARTA_NAME_MAX + 8];
    snprintf(where, sizeof where, "deck '%s'", deck->name);
    return deck_check_at(r, deck, where, err);
}

static carta_status deck_read(const carta_rules *r, struct fy_node *root, const char *path,
                              carta_deck *deck, carta_error *err)
{
    if (carta_yaml_str(root, "name", NULL, deck->name, sizeof deck->name, path, err))
        return CARTA_ERR_INPUT;
    struct fy_node *seq = carta_yaml_get(root, "cards");
    if (!seq || !fy_node_is_sequence(seq) ||
        fy_node_sequence_item_count(seq) > TIDE_DECK_MAX)
        return carta_yaml_error(err, path, seq ? seq : root, "a deck needs 'cards:', a list of "
                                "%d to %d card names", DECK_MIN, TIDE_DECK_MAX);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char name[CARTA_NAME_MAX];
        int id = carta_yaml_scalar(item, name, sizeof name) ? carta_catalog_find(r->catalog, name)
                                                            : -1;
        if (id < 0)
            return carta_yaml_error(err, path, item, "unknown card");
        deck->cards[deck->n_cards++] = (uint16_t)id;
    }
    return CARTA_OK;
}

static carta_status deck_load(const carta_rules *r, const char *path, carta_deck *out,
                              carta_error *err)
{
    return carta_deck_file_load(r, path, deck_read, deck_check_at, out, err);
}

static carta_status deck_generate(const carta_rules *r, uint64_t seed, carta_deck *out,
                                  carta_error *err)
{
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    int n = carta_catalog_count(r->catalog);
    if (n * DECK_COPIES < DECK_RANDOM)
        return carta_error_set(err, CARTA_ERR_INPUT, "template: too few cards for a deck");
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "random");
    while (out->n_cards < DECK_RANDOM) {
        uint16_t card = (uint16_t)carta_rng_below(&rng, (uint32_t)n);
        int copies = 0;
        for (int k = 0; k < out->n_cards; k++)
            copies += out->cards[k] == card;
        if (copies < DECK_COPIES)
            out->cards[out->n_cards++] = card;
    }
    return CARTA_OK;
}

carta_status tide_deck_resolve(const carta_rules *r, const char *spec, uint64_t seed,
                               carta_deck *out, carta_error *err)
{
    return carta_deck_spec_resolve(r, r->data_dir, spec, seed, deck_load, deck_generate, out,
                                   err);
}
