/* deck.c: Æmber decks: resolving a deck spec (prebuilt name, file path, "random") and checking
 * a deck against the deck-building rules (36 cards, three houses, 12 of each). */
#include "games/aember/aember.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/deck_file.h"
#include "core/deck_spec.h"
#include "core/rng.h"
#include "core/yaml.h"

enum {
    DECK_SIZE = 36,
    DECK_HOUSES = 3,
    DECK_PER_HOUSE = 12
};

/* ---- what the deck code needs from the rules (catalog and card definitions, aember.h) ---- */

static int deck_card_count(const carta_rules *rules) { return carta_catalog_count(rules->catalog); }

static int deck_card_house(const carta_rules *rules, int card_id)
{
    return aember_def(rules, card_id)->house;
}

static int deck_card_rarity(const carta_rules *rules, int card_id)
{
    return aember_def(rules, card_id)->rarity;
}

static int deck_house_count(const carta_rules *rules) { return rules->n_houses; }

/* ---- deck_check ---- */

/* Counts the cards of deck per house; false if a card id is out of range. */
static bool deck_house_counts(const carta_rules *rules, const carta_deck *deck, int *counts,
                              int n_houses, carta_error *err, const char *where)
{
    memset(counts, 0, sizeof(int) * (size_t)n_houses);
    for (int i = 0; i < deck->n_cards; i++) {
        int id = deck->cards[i];
        if (id < 0 || id >= deck_card_count(rules)) {
            carta_error_set(err, CARTA_ERR_INPUT,
                            "%s: error: card %d of the deck is not in the card set", where, i + 1);
            return false;
        }
        counts[deck_card_house(rules, id)]++;
    }
    return true;
}

/* The check itself; where names the deck in messages ("deck 'Ashen Vanguard'" or a file). */
static carta_status deck_check_at(const carta_rules *rules, const carta_deck *deck,
                                  const char *where, carta_error *err)
{
    int n_houses = deck_house_count(rules);
    int counts[AEMBER_MAX_HOUSES];
    if (deck->n_cards < 0 || deck->n_cards > CARTA_DECK_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: bad card count %d", where,
                               deck->n_cards);
    if (!deck_house_counts(rules, deck, counts, n_houses, err, where))
        return CARTA_ERR_INPUT;
    int used = 0;
    char list[256] = "";
    for (int h = 0; h < n_houses; h++) {
        if (!counts[h])
            continue;
        used++;
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s (%d)", len ? ", " : "",
                 aember_house_name(rules, h), counts[h]);
    }
    if (deck->n_cards != DECK_SIZE)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s: error: a deck has exactly %d cards, this one has %d", where,
                               DECK_SIZE, deck->n_cards);
    if (used != DECK_HOUSES)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s: error: a deck has exactly %d houses, this one has %d: %s",
                               where, DECK_HOUSES, used, list);
    for (int h = 0; h < n_houses; h++)
        if (counts[h] && counts[h] != DECK_PER_HOUSE)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s: error: a deck has %d cards of each house, this one has %s",
                                   where, DECK_PER_HOUSE, list);
    return CARTA_OK;
}

carta_status aember_deck_check(const carta_rules *rules, const carta_deck *deck, carta_error *err)
{
    char where[CARTA_NAME_MAX + 16];
    snprintf(where, sizeof where, "deck '%.*s'", CARTA_NAME_MAX - 1, deck->name);
    return deck_check_at(rules, deck, where, err);
}

/* ---- deck files ---- */

/* Reads the houses: sequence into houses[3]; errors name file and line. Without houses: every
 * entry is -1 and the deck's houses are its cards' houses (deck_check_at counts them). */
static carta_status deck_file_houses(const carta_rules *rules, struct fy_node *root,
                                     const char *path, int *houses, carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(root, "houses");
    if (!seq) {
        for (int i = 0; i < DECK_HOUSES; i++)
            houses[i] = -1;
        return CARTA_OK;
    }
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, path, seq, "'houses:' must be a list of %d houses",
                                DECK_HOUSES);
    int n = fy_node_sequence_item_count(seq);
    if (n != DECK_HOUSES)
        return carta_yaml_error(err, path, seq, "a deck has exactly %d houses, this one lists %d",
                                DECK_HOUSES, n);
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char name[CARTA_NAME_MAX];
        if (!carta_yaml_scalar(item, name, sizeof name))
            return carta_yaml_error(err, path, item, "a house must be a name");
        houses[i] = aember_house_id(rules, name);
        if (houses[i] < 0)
            return carta_yaml_error(err, path, item, "unknown house '%s'", name);
        for (int j = 0; j < i; j++)
            if (houses[j] == houses[i])
                return carta_yaml_error(err, path, item, "house '%s' is listed twice", name);
    }
    return CARTA_OK;
}

/* Reads the cards: sequence; every card must be known and of one of the deck's houses. */
static carta_status deck_file_cards(const carta_rules *rules, struct fy_node *root,
                                    const char *path, const int *houses, carta_deck *out,
                                    carta_error *err)
{
    struct fy_node *seq = carta_deck_file_cards(root, DECK_SIZE, path, err);
    if (!seq)
        return CARTA_ERR_INPUT;
    for (int i = 0; i < DECK_SIZE; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char name[CARTA_NAME_MAX];
        if (!carta_yaml_scalar(item, name, sizeof name))
            return carta_yaml_error(err, path, item,
                                    "a card must be a card name (at most %d bytes)",
                                    CARTA_NAME_MAX - 1);
        int id = carta_catalog_find(rules->catalog, name);
        if (id < 0)
            return carta_yaml_error(err, path, item, "unknown card '%s'", name);
        int h = deck_card_house(rules, id);
        if (houses[0] >= 0 && h != houses[0] && h != houses[1] && h != houses[2])
            return carta_yaml_error(err, path, item,
                                    "card '%s' is of house %s, which is not one of the deck's "
                                    "houses (%s, %s, %s)",
                                    aember_def(rules, id)->name, aember_house_name(rules, h),
                                    aember_house_name(rules, houses[0]),
                                    aember_house_name(rules, houses[1]),
                                    aember_house_name(rules, houses[2]));
        out->cards[out->n_cards++] = (uint16_t)id;
    }
    return CARTA_OK;
}

/* Reads a deck file's keys into deck (the check comes after, in carta_deck_file_load). */
static carta_status deck_file_read(const carta_rules *rules, struct fy_node *root,
                                   const char *path, carta_deck *deck, carta_error *err)
{
    if (!root || !fy_node_is_mapping(root))
        return carta_yaml_error(err, path, root,
                                "a deck file is a map with name:, houses: and cards:");
    static const char *const keys[] = {"name", "description", "houses", "cards", NULL};
    if (carta_yaml_check_keys(root, keys, "a deck file", path, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (carta_yaml_str(root, "name", NULL, deck->name, sizeof deck->name, path, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int houses[DECK_HOUSES];
    if (deck_file_houses(rules, root, path, houses, err) != CARTA_OK ||
        deck_file_cards(rules, root, path, houses, deck, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    return CARTA_OK;
}

/* Loads and checks a deck file. */
static carta_status deck_load_file(const carta_rules *rules, const char *path, carta_deck *out,
                                   carta_error *err)
{
    return carta_deck_file_load(rules, path, deck_file_read, deck_check_at, out, err);
}

/* ---- generation ---- */

/* Weight of a card in generation, by rarity (docs/rulings/aember.md, "Deck generation"). */
static uint32_t deck_rarity_weight(int rarity)
{
    switch (rarity) {
    case AEMBER_COMMON: return 6;
    case AEMBER_UNCOMMON: return 3;
    case AEMBER_RARE: return 1;
    case AEMBER_SPECIAL: return 1;
    default: return 0;
    }
}

/* Draws DECK_PER_HOUSE cards of house into out, weighted by rarity; a special at most once.
 * False if the house has too few cards to fill its share. */
static bool deck_draw_house(const carta_rules *rules, int house, carta_rng *rng, carta_deck *out)
{
    int n_cards = deck_card_count(rules);
    bool special_taken[CARTA_CATALOG_MAX] = {0};
    for (int k = 0; k < DECK_PER_HOUSE; k++) {
        uint32_t total = 0;
        for (int id = 0; id < n_cards; id++)
            if (deck_card_house(rules, id) == house && !special_taken[id])
                total += deck_rarity_weight(deck_card_rarity(rules, id));
        if (total == 0)
            return false;
        uint32_t pick = carta_rng_below(rng, total);
        for (int id = 0; id < n_cards; id++) {
            if (deck_card_house(rules, id) != house || special_taken[id])
                continue;
            uint32_t w = deck_rarity_weight(deck_card_rarity(rules, id));
            if (pick < w) {
                out->cards[out->n_cards++] = (uint16_t)id;
                if (deck_card_rarity(rules, id) == AEMBER_SPECIAL)
                    special_taken[id] = true;
                break;
            }
            pick -= w;
        }
    }
    return true;
}

static int deck_cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* A random legal deck from seed alone: three distinct houses uniformly, then 12 cards each. */
static carta_status deck_generate(const carta_rules *rules, uint64_t seed, carta_deck *out,
                                  carta_error *err)
{
    int n_houses = deck_house_count(rules);
    int pool[AEMBER_MAX_HOUSES];
    for (int h = 0; h < n_houses; h++)
        pool[h] = h;
    if (n_houses < DECK_HOUSES)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "cannot generate a deck: the card set has %d houses, a deck "
                               "needs %d", n_houses, DECK_HOUSES);
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    carta_deck deck;
    memset(&deck, 0, sizeof deck);
    snprintf(deck.name, sizeof deck.name, "Random deck %llu", (unsigned long long)seed);
    for (int k = 0; k < DECK_HOUSES; k++) {
        int j = k + (int)carta_rng_below(&rng, (uint32_t)(n_houses - k));
        int tmp = pool[k];
        pool[k] = pool[j];
        pool[j] = tmp;
        if (!deck_draw_house(rules, pool[k], &rng, &deck))
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "cannot generate a deck: house %s has no cards to draw from",
                                   aember_house_name(rules, pool[k]));
    }
    qsort(deck.cards, (size_t)deck.n_cards, sizeof deck.cards[0], deck_cmp_u16);
    *out = deck;
    return CARTA_OK;
}

carta_status aember_deck_resolve(const carta_rules *rules, const char *spec, uint64_t seed,
                                 carta_deck *out, carta_error *err)
{
    return carta_deck_spec_resolve(rules, aember_rules_data_dir(rules), spec, seed, deck_load_file,
                                   deck_generate, out, err);
}
