/* deck.c: Leaders decks: resolving a deck spec (prebuilt name, file path, "random") and checking a
 * deck against the deck-building rules (one Leader, one Domain, 30 cards they may play, copies
 * limited by rarity). docs/rulings/leaders.md, "Content and deck rules". */
#include "games/leaders/leaders.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/deck_file.h"
#include "core/deck_spec.h"
#include "core/rng.h"
#include "core/yaml.h"

enum {
    DECK_ENTRIES = LEADERS_DECK_SIZE + 2      /* the cards, the Leader and the Domain */
};

/* ---- what a deck may hold ---- */

/* Copies of one card a deck may hold, by rarity (the rulebook's "Rarity"). */
static int deck_copy_limit(int rarity)
{
    switch (rarity) {
    case LEADERS_AMBER: return 5;
    case LEADERS_SAPPHIRE: return 3;
    case LEADERS_EMERALD: return 2;
    default: return 1;
    }
}

static bool deck_is_card_type(int type)
{
    return type >= LEADERS_T_ATTACK && type <= LEADERS_T_REACTION;
}

/* Whether a card's emblems admit leader and its banners admit domain (empty lists admit all). */
static bool deck_card_fits(const leaders_def *card, int leader, int domain)
{
    bool leader_ok = card->n_leaders == 0, domain_ok = card->n_domains == 0;
    for (int i = 0; i < card->n_leaders; i++)
        leader_ok |= card->leaders[i] == leader;
    for (int i = 0; i < card->n_domains; i++)
        domain_ok |= card->domains[i] == domain;
    return leader_ok && domain_ok;
}

/* Why a card does not fit: "it bears the emblem of A, B, not of the deck's Leader X" (the
 * emblem is named first when both the emblem and the banner are wrong). */
static void deck_fit_reason(const carta_rules *rules, const leaders_def *card, int leader,
                            int domain, char *buf, size_t cap)
{
    bool leader_ok = card->n_leaders == 0;
    for (int i = 0; i < card->n_leaders; i++)
        leader_ok |= card->leaders[i] == leader;
    const uint16_t *links = leader_ok ? card->domains : card->leaders;
    int n = leader_ok ? card->n_domains : card->n_leaders;
    const leaders_def *mine = leaders_def_of(rules, leader_ok ? domain : leader);
    size_t len = (size_t)snprintf(buf, cap, "it bears the %s of ", leader_ok ? "banner" : "emblem");
    for (int i = 0; i < n && len < cap; i++) {
        const leaders_def *d = leaders_def_of(rules, links[i]);
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", d ? d->name : "?");
    }
    if (len < cap)
        snprintf(buf + len, cap - len, ", not of the deck's %s %s",
                 leader_ok ? "Domain" : "Leader", mine ? mine->name : "?");
}

/* ---- deck_check ---- */

/* Finds the deck's Leader and Domain; false (err set) unless there is exactly one of each and no
 * Unit. */
static bool deck_find_heads(const carta_rules *rules, const carta_deck *deck, const char *where,
                            int *leader, int *domain, carta_error *err)
{
    *leader = *domain = -1;
    for (int i = 0; i < deck->n_cards; i++) {
        int id = deck->cards[i];
        const leaders_def *d = leaders_def_of(rules, id);
        if (!d) {
            carta_error_set(err, CARTA_ERR_INPUT,
                            "%s: error: entry %d of the deck is not in the card set", where,
                            i + 1);
            return false;
        }
        int *slot = d->type == LEADERS_T_LEADER ? leader
                    : d->type == LEADERS_T_DOMAIN ? domain : NULL;
        if (d->type == LEADERS_T_UNIT) {
            carta_error_set(err, CARTA_ERR_INPUT,
                            "%s: error: '%s' is a Unit: Units come from the Domain's Barracks, "
                            "not from the deck", where, d->name);
            return false;
        }
        if (!slot)
            continue;
        if (*slot >= 0) {
            carta_error_set(err, CARTA_ERR_INPUT, "%s: error: a deck has exactly one %s, this "
                            "one has '%s' and '%s'", where,
                            d->type == LEADERS_T_LEADER ? "Leader" : "Domain",
                            leaders_def_of(rules, *slot)->name, d->name);
            return false;
        }
        *slot = id;
    }
    if (*leader < 0 || *domain < 0) {
        carta_error_set(err, CARTA_ERR_INPUT, "%s: error: a deck needs a %s", where,
                        *leader < 0 ? "Leader" : "Domain");
        return false;
    }
    return true;
}

/* The check itself; where names the deck in messages ("deck 'Iron Vanguard'" or a file). */
static carta_status deck_check_at(const carta_rules *rules, const carta_deck *deck,
                                  const char *where, carta_error *err)
{
    if (deck->n_cards < 0 || deck->n_cards > CARTA_DECK_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: bad entry count %d", where,
                               deck->n_cards);
    int leader, domain;
    if (!deck_find_heads(rules, deck, where, &leader, &domain, err))
        return CARTA_ERR_INPUT;
    int n_cards = deck->n_cards - 2;
    if (n_cards != LEADERS_DECK_SIZE)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s: error: a deck has exactly %d cards (besides its Leader and "
                               "Domain), this one has %d", where, LEADERS_DECK_SIZE, n_cards);
    for (int i = 0; i < deck->n_cards; i++) {
        const leaders_def *d = leaders_def_of(rules, deck->cards[i]);
        if (!deck_is_card_type(d->type))
            continue;
        if (!deck_card_fits(d, leader, domain)) {
            char why[256];
            deck_fit_reason(rules, d, leader, domain, why, sizeof why);
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s: error: '%s' cannot be played by this deck: %s", where,
                                   d->name, why);
        }
        int copies = 0;
        for (int j = 0; j < deck->n_cards; j++)
            copies += deck->cards[j] == deck->cards[i];
        int limit = deck_copy_limit(d->rarity);
        if (copies > limit)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s: error: '%s' is %s: at most %d %s, this deck has %d",
                                   where, d->name, leaders_rarity_name(d->rarity), limit,
                                   limit == 1 ? "copy" : "copies", copies);
    }
    return CARTA_OK;
}

carta_status leaders_deck_check(const carta_rules *rules, const carta_deck *deck,
                                carta_error *err)
{
    char where[CARTA_NAME_MAX + 16];
    snprintf(where, sizeof where, "deck '%.*s'", CARTA_NAME_MAX - 1, deck->name);
    return deck_check_at(rules, deck, where, err);
}

/* ---- deck files ---- */

/* Reads key (leader: or domain:) naming an entry of type; writes its id. */
static carta_status deck_file_head(const carta_rules *rules, struct fy_node *root,
                                   const char *key, int type, const char *path, int *out,
                                   carta_error *err)
{
    const char *kind = type == LEADERS_T_LEADER ? "Leader" : "Domain";
    struct fy_node *node = carta_yaml_get(root, key);
    char name[CARTA_NAME_MAX];
    if (!node)
        return carta_yaml_error(err, path, root, "a deck needs '%s:', the name of its %s", key,
                                kind);
    if (!carta_yaml_scalar(node, name, sizeof name) || !name[0])
        return carta_yaml_error(err, path, node, "'%s:' must be the name of a %s", key, kind);
    int id = carta_catalog_find(rules->catalog, name);
    const leaders_def *d = leaders_def_of(rules, id);
    if (!d)
        return carta_yaml_error(err, path, node, "unknown %s '%s'", kind, name);
    if (d->type != type)
        return carta_yaml_error(err, path, node, "'%s' is a %s, not a %s", d->name,
                                leaders_type_name(d->type), kind);
    *out = id;
    return CARTA_OK;
}

/* Checks one card of the cards: list against the deck's Leader and Domain and the copies so far;
 * errors point at its line. */
static carta_status deck_file_card(const carta_rules *rules, struct fy_node *item,
                                   const char *path, int leader, int domain,
                                   const carta_deck *so_far, int *out, carta_error *err)
{
    char name[CARTA_NAME_MAX];
    if (!carta_yaml_scalar(item, name, sizeof name) || !name[0])
        return carta_yaml_error(err, path, item, "a card must be a card name (at most %d bytes)",
                                CARTA_NAME_MAX - 1);
    int id = carta_catalog_find(rules->catalog, name);
    const leaders_def *d = leaders_def_of(rules, id);
    if (!d)
        return carta_yaml_error(err, path, item, "unknown card '%s'", name);
    if (d->type == LEADERS_T_UNIT)
        return carta_yaml_error(err, path, item, "'%s' is a Unit: Units come from the Domain's "
                                "Barracks, not from the deck", d->name);
    if (!deck_is_card_type(d->type))
        return carta_yaml_error(err, path, item, "'%s' is a %s: name it with '%s:', not among "
                                "the cards", d->name, leaders_type_name(d->type),
                                d->type == LEADERS_T_LEADER ? "leader" : "domain");
    if (!deck_card_fits(d, leader, domain)) {
        char why[256];
        deck_fit_reason(rules, d, leader, domain, why, sizeof why);
        return carta_yaml_error(err, path, item, "'%s' cannot be played by this deck: %s",
                                d->name, why);
    }
    int copies = 1, limit = deck_copy_limit(d->rarity);
    for (int j = 0; j < so_far->n_cards; j++)
        copies += so_far->cards[j] == id;
    if (copies > limit)
        return carta_yaml_error(err, path, item, "'%s' is %s: a deck holds at most %d %s",
                                d->name, leaders_rarity_name(d->rarity), limit,
                                limit == 1 ? "copy" : "copies");
    *out = id;
    return CARTA_OK;
}

/* Reads a deck file's keys into deck (the check comes after, in carta_deck_file_load). */
static carta_status deck_file_read(const carta_rules *rules, struct fy_node *root,
                                   const char *path, carta_deck *deck, carta_error *err)
{
    if (!root || !fy_node_is_mapping(root))
        return carta_yaml_error(err, path, root,
                                "a deck file is a map with name:, leader:, domain: and cards:");
    static const char *const keys[] = {"name", "description", "leader", "domain", "cards", NULL};
    if (carta_yaml_check_keys(root, keys, "a deck file", path, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int leader, domain;
    if (carta_yaml_str(root, "name", NULL, deck->name, sizeof deck->name, path, err) != CARTA_OK ||
        deck_file_head(rules, root, "leader", LEADERS_T_LEADER, path, &leader, err) ||
        deck_file_head(rules, root, "domain", LEADERS_T_DOMAIN, path, &domain, err))
        return CARTA_ERR_INPUT;
    struct fy_node *seq = carta_deck_file_cards(root, LEADERS_DECK_SIZE, path, err);
    if (!seq)
        return CARTA_ERR_INPUT;
    deck->cards[deck->n_cards++] = (uint16_t)leader;
    deck->cards[deck->n_cards++] = (uint16_t)domain;
    for (int i = 0; i < LEADERS_DECK_SIZE; i++) {
        int id = 0;
        if (deck_file_card(rules, fy_node_sequence_get_by_index(seq, i), path, leader, domain,
                           deck, &id, err))
            return CARTA_ERR_INPUT;
        deck->cards[deck->n_cards++] = (uint16_t)id;
    }
    return CARTA_OK;
}

/* Loads and checks a deck file. */
static carta_status deck_load_file(const carta_rules *rules, const char *path, carta_deck *out,
                                   carta_error *err)
{
    return carta_deck_file_load(rules, path, deck_file_read, deck_check_at, out, err);
}

/* ---- where the prebuilt decks are ---- */

/* The folder of the card set: the one the rules were opened from, else $CARTA_LEADERS_DATA,
 * else data/leaders under the working directory. */
static const char *deck_data_dir(const carta_rules *rules)
{
    if (rules->data_dir[0])
        return rules->data_dir;
    const char *env = getenv("CARTA_LEADERS_DATA");
    return env && env[0] ? env : "data/leaders";
}

/* ---- generation ---- */

/* Weight of a card in generation, by rarity (docs/rulings/leaders.md, "Deck generation"). */
static uint32_t deck_rarity_weight(int rarity)
{
    switch (rarity) {
    case LEADERS_AMBER: return 8;
    case LEADERS_SAPPHIRE: return 4;
    case LEADERS_EMERALD: return 2;
    default: return 1;
    }
}

/* Picks uniformly one entry of type; -1 if the set has none. */
static int deck_pick_type(const carta_rules *rules, int type, carta_rng *rng)
{
    int n = 0, count = carta_catalog_count(rules->catalog);
    for (int id = 0; id < count; id++)
        n += leaders_def_of(rules, id)->type == type;
    if (n == 0)
        return -1;
    int k = (int)carta_rng_below(rng, (uint32_t)n);
    for (int id = 0; id < count; id++)
        if (leaders_def_of(rules, id)->type == type && k-- == 0)
            return id;
    return -1;
}

/* Draws one card the deck may still take, weighted by rarity; -1 if none is left. */
static int deck_draw_card(const carta_rules *rules, int leader, int domain, const int *copies,
                          carta_rng *rng)
{
    int count = carta_catalog_count(rules->catalog);
    uint32_t total = 0;
    for (int pass = 0; pass < 2; pass++) {
        uint32_t pick = pass ? carta_rng_below(rng, total) : 0;
        for (int id = 0; id < count; id++) {
            const leaders_def *d = leaders_def_of(rules, id);
            if (!deck_is_card_type(d->type) || !deck_card_fits(d, leader, domain) ||
                copies[id] >= deck_copy_limit(d->rarity))
                continue;
            uint32_t w = deck_rarity_weight(d->rarity);
            if (!pass)
                total += w;
            else if (pick < w)
                return id;
            else
                pick -= w;
        }
        if (!total)
            return -1;
    }
    return -1;
}

static int deck_cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* A random legal deck from seed alone: a Leader and a Domain uniformly, then 30 cards they may
 * play, one at a time, weighted by rarity, never beyond the copy limits. */
static carta_status deck_generate(const carta_rules *rules, uint64_t seed, carta_deck *out,
                                  carta_error *err)
{
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    int leader = deck_pick_type(rules, LEADERS_T_LEADER, &rng);
    int domain = deck_pick_type(rules, LEADERS_T_DOMAIN, &rng);
    if (leader < 0 || domain < 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "cannot generate a deck: the card set has "
                               "no %s", leader < 0 ? "Leader" : "Domain");
    int *copies = calloc((size_t)carta_catalog_count(rules->catalog) + 1, sizeof *copies);
    if (!copies)
        return carta_error_set(err, CARTA_ERR_NOMEM, "cannot generate a deck: out of memory");
    carta_deck deck;
    memset(&deck, 0, sizeof deck);
    snprintf(deck.name, sizeof deck.name, "Random deck %llu", (unsigned long long)seed);
    deck.cards[deck.n_cards++] = (uint16_t)leader;
    deck.cards[deck.n_cards++] = (uint16_t)domain;
    carta_status st = CARTA_OK;
    for (int k = 0; k < LEADERS_DECK_SIZE && st == CARTA_OK; k++) {
        int id = deck_draw_card(rules, leader, domain, copies, &rng);
        if (id < 0) {
            st = carta_error_set(err, CARTA_ERR_INPUT, "cannot generate a deck: %s with %s may "
                                 "play too few cards to fill %d", leaders_def_of(rules, leader)->name,
                                 leaders_def_of(rules, domain)->name, LEADERS_DECK_SIZE);
            break;
        }
        copies[id]++;
        deck.cards[deck.n_cards++] = (uint16_t)id;
    }
    free(copies);
    if (st != CARTA_OK)
        return st;
    qsort(deck.cards + 2, (size_t)(deck.n_cards - 2), sizeof deck.cards[0], deck_cmp_u16);
    *out = deck;
    return CARTA_OK;
}

/* ---- resolve ---- */

carta_status leaders_deck_resolve(const carta_rules *rules, const char *spec, uint64_t seed,
                                  carta_deck *out, carta_error *err)
{
    return carta_deck_spec_resolve(rules, deck_data_dir(rules), spec, seed, deck_load_file,
                                   deck_generate, out, err);
}

/* A deck's named sections: its Leader, its Domain and the 30 cards (leaders.txt, GAME SETUP). */
const char *const leaders_deck_sections[LEADERS_DECK_SECTIONS] = {"Leader", "Domain", "deck"};

int leaders_deck_section(const carta_rules *rules, int card_id)
{
    const leaders_def *d = leaders_def_of(rules, card_id);
    return !d ? 2 : d->type == LEADERS_T_LEADER ? 0 : d->type == LEADERS_T_DOMAIN ? 1 : 2;
}
