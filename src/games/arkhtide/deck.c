/* deck.c: Arkhtide decks: resolving a deck spec (prebuilt name, file path, "random") and checking
 * a deck against the deck-building rules (one Seeker; a Main Deck of 33 to 42 cards, at most 3
 * copies of a card, cards of at most 3 factions with the Seeker's as the main one; a Realm Deck of
 * exactly 7 Realms with no copies). A deck is one list: the Seeker, the Main Deck and the Realm
 * Deck together; the engine splits it by card type. */
#include "games/arkhtide/arkhtide.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/deck_file.h"
#include "core/deck_spec.h"
#include "core/rng.h"
#include "core/yaml.h"

enum {
    DECK_MAIN_MIN = 33,
    DECK_MAIN_MAX = 42,
    DECK_COPIES_MAX = 3,
    DECK_FACTIONS_MAX = 3, /* the Seeker's and up to 2 more */
    DECK_REALMS = 7
};

/* What a card may be in a deck. */
enum deck_role { ROLE_SEEKER = 0, ROLE_MAIN, ROLE_REALM, ROLE_NONE };

/* The data directory: the one the rules were opened with, else $CARTA_ARKHTIDE_DATA, else
 * "data/arkhtide" under the working directory. */
static const char *deck_data_dir(const carta_rules *rules)
{
    if (rules->data_dir[0])
        return rules->data_dir;
    const char *env = getenv("CARTA_ARKHTIDE_DATA");
    return env && env[0] ? env : "data/arkhtide";
}

static int deck_card_count(const carta_rules *rules) { return rules->n_defs; }

/* The role of a card in a deck; for ROLE_NONE, why writes the reason ("is a Token: ..."). */
static enum deck_role deck_role(const ark_card_def *def, const char **why)
{
    *why = NULL;
    if (def->token) {
        *why = "is a Token: Tokens are not put in decks, they are Manifested";
        return ROLE_NONE;
    }
    switch (def->type) {
    case ARK_SEEKER: return ROLE_SEEKER;
    case ARK_UNIT:
    case ARK_FEAT:
    case ARK_BINDING: return ROLE_MAIN;
    case ARK_REALM:
        if (def->neutral) {
            *why = "is the Neutral Realm: it is placed by the rules, not put in a Realm Deck";
            return ROLE_NONE;
        }
        return ROLE_REALM;
    case ARK_STATUS:
        *why = "is a Status: Status cards are not put in decks, effects attach them";
        return ROLE_NONE;
    default:
        *why = "is of no deck card type";
        return ROLE_NONE;
    }
}

/* The deck's named sections (arkhtide.txt, "Decks": the Seeker, the Main Deck, the Realm Deck). */
const char *const ark_deck_sections[ARK_DECK_SECTIONS] = {"Seeker", "Main Deck", "Realm Deck"};

int ark_deck_section(const carta_rules *rules, int card_id)
{
    const ark_card_def *def = ark_def(rules, card_id);
    const char *why;
    enum deck_role role = def ? deck_role(def, &why) : ROLE_NONE;
    return role == ROLE_NONE ? ROLE_MAIN : (int)role;
}

static const char *deck_faction(const carta_rules *rules, int faction)
{
    const char *name = faction ? ark_faction_name(rules, faction) : NULL;
    return name ? name : "none";
}

/* ---- deck_check ---- */

/* Tallies of one deck, built card by card. */
typedef struct deck_tally {
    int n_seekers, seeker;                 /* Seekers seen; the first one's card id */
    int n_main, n_realms;
    int faction_cards[ARK_MAX_FACTIONS + 1]; /* Main Deck cards per faction id + 1 */
} deck_tally;

/* Lists the factions of the Main Deck with their counts ("emberwake (24), thornveil (12)"). */
static void deck_faction_list(const carta_rules *rules, const deck_tally *t, char *buf,
                              size_t cap)
{
    buf[0] = '\0';
    for (int f = 0; f <= ARK_MAX_FACTIONS; f++) {
        if (!t->faction_cards[f])
            continue;
        size_t len = strlen(buf);
        snprintf(buf + len, cap - len, "%s%s (%d)", len ? ", " : "", deck_faction(rules, f),
                 t->faction_cards[f]);
    }
}

/* Factions of the Main Deck, counting the Seeker's faction first even if no card has it. */
static int deck_factions_used(const deck_tally *t, int main_faction)
{
    int used = main_faction ? 1 : 0;
    for (int f = 0; f <= ARK_MAX_FACTIONS; f++)
        if (t->faction_cards[f] && f != main_faction)
            used++;
    return used;
}

/* Copies of card in deck. */
static int deck_copies(const carta_deck *deck, int card)
{
    int n = 0;
    for (int i = 0; i < deck->n_cards; i++)
        n += deck->cards[i] == card;
    return n;
}

/* Checks each card alone and tallies them; false with err set on a card that has no place in a
 * deck or an id out of range. */
static bool deck_tally_cards(const carta_rules *rules, const carta_deck *deck, const char *where,
                             deck_tally *t, carta_error *err)
{
    memset(t, 0, sizeof *t);
    t->seeker = -1;
    for (int i = 0; i < deck->n_cards; i++) {
        int id = deck->cards[i];
        const ark_card_def *def = id < deck_card_count(rules) ? ark_def(rules, id) : NULL;
        if (!def) {
            carta_error_set(err, CARTA_ERR_INPUT,
                            "%s: error: card %d of the deck is not in the card set", where, i + 1);
            return false;
        }
        const char *why;
        switch (deck_role(def, &why)) {
        case ROLE_SEEKER:
            if (t->n_seekers++ == 0)
                t->seeker = id;
            break;
        case ROLE_MAIN:
            t->n_main++;
            t->faction_cards[def->faction <= ARK_MAX_FACTIONS ? def->faction : 0]++;
            break;
        case ROLE_REALM: t->n_realms++; break;
        case ROLE_NONE:
            carta_error_set(err, CARTA_ERR_INPUT, "%s: error: card '%s' %s", where, def->name,
                            why);
            return false;
        }
    }
    return true;
}

/* The copy limits: at most 3 of a Main Deck card, 1 of a Realm. */
static carta_status deck_check_copies(const carta_rules *rules, const carta_deck *deck,
                                      const char *where, carta_error *err)
{
    for (int i = 0; i < deck->n_cards; i++) {
        const ark_card_def *def = ark_def(rules, deck->cards[i]);
        int copies = deck_copies(deck, deck->cards[i]);
        if (def->type == ARK_REALM && copies > 1)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s: error: a Realm Deck has no copies, this one has %d of "
                                   "'%s'", where, copies, def->name);
        if (def->type != ARK_REALM && def->type != ARK_SEEKER && copies > DECK_COPIES_MAX)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s: error: a Main Deck has at most %d copies of a card, this "
                                   "one has %d of '%s'", where, DECK_COPIES_MAX, copies,
                                   def->name);
    }
    return CARTA_OK;
}

/* The check itself; where names the deck in messages ("deck 'Pyre Vigil'" or file:line). */
static carta_status deck_check_at(const carta_rules *rules, const carta_deck *deck,
                                  const char *where, carta_error *err)
{
    if (deck->n_cards < 0 || deck->n_cards > CARTA_DECK_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: error: bad card count %d", where,
                               deck->n_cards);
    deck_tally t;
    if (!deck_tally_cards(rules, deck, where, &t, err))
        return CARTA_ERR_INPUT;
    if (t.n_seekers != 1)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s: error: a deck has exactly 1 Seeker, this one has %d", where,
                               t.n_seekers);
    if (t.n_main < DECK_MAIN_MIN || t.n_main > DECK_MAIN_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s: error: a Main Deck has %d to %d cards, this one has %d",
                               where, DECK_MAIN_MIN, DECK_MAIN_MAX, t.n_main);
    if (t.n_realms != DECK_REALMS)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s: error: a Realm Deck has exactly %d Realms, this one has %d",
                               where, DECK_REALMS, t.n_realms);
    if (deck_check_copies(rules, deck, where, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int main_faction = ark_def(rules, t.seeker)->faction;
    if (deck_factions_used(&t, main_faction) > DECK_FACTIONS_MAX) {
        char list[256];
        deck_faction_list(rules, &t, list, sizeof list);
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s: error: a Main Deck has cards of at most %d factions, the "
                               "Seeker's (%s) and %d more; this one has %s", where,
                               DECK_FACTIONS_MAX, deck_faction(rules, main_faction),
                               DECK_FACTIONS_MAX - 1, list);
    }
    return CARTA_OK;
}

carta_status arkhtide_deck_check(const carta_rules *rules, const carta_deck *deck,
                                 carta_error *err)
{
    char where[CARTA_NAME_MAX + 16];
    snprintf(where, sizeof where, "deck '%.*s'", CARTA_NAME_MAX - 1, deck->name);
    return deck_check_at(rules, deck, where, err);
}

/* ---- deck files ---- */

/* One entry of a deck file's cards: list. */
typedef struct deck_entry {
    int id, count, line;
} deck_entry;

/* Reads one entry: a card name, or a map {name: N, count: C}; errors name file and line. */
static carta_status deck_file_entry(const carta_rules *rules, struct fy_node *item,
                                    const char *path, deck_entry *e, carta_error *err)
{
    char name[CARTA_NAME_MAX];
    e->count = 1;
    e->line = carta_yaml_line(item);
    if (fy_node_is_mapping(item)) {
        static const char *const keys[] = {"name", "count", NULL};
        if (carta_yaml_check_keys(item, keys, "a deck entry", path, err) != CARTA_OK ||
            carta_yaml_str(item, "name", NULL, name, sizeof name, path, err) != CARTA_OK ||
            carta_yaml_int(item, "count", 1, false, 1, DECK_MAIN_MAX, &e->count, path, err) !=
                CARTA_OK)
            return CARTA_ERR_INPUT;
    } else if (!carta_yaml_scalar(item, name, sizeof name)) {
        return carta_yaml_error(err, path, item,
                                "a deck entry is a card name or {name: N, count: C} (a name has "
                                "at most %d bytes)", CARTA_NAME_MAX - 1);
    }
    e->id = carta_catalog_find(rules->catalog, name);
    if (e->id < 0 || !ark_def(rules, e->id))
        return carta_yaml_error(err, path, item, "unknown card '%s'", name);
    return CARTA_OK;
}

/* Checks entry k against the entries before it: card types allowed in decks, one Seeker,
 * copy limits. Errors point at the entry's line. */
static carta_status deck_file_entry_check(const carta_rules *rules, const deck_entry *entries,
                                          int k, struct fy_node *item, const char *path,
                                          carta_error *err)
{
    const ark_card_def *def = ark_def(rules, entries[k].id);
    const char *why;
    enum deck_role role = deck_role(def, &why);
    if (role == ROLE_NONE)
        return carta_yaml_error(err, path, item, "card '%s' %s", def->name, why);
    int copies = 0, seekers = 0, first_seeker = -1;
    for (int i = 0; i <= k; i++) {
        if (entries[i].id == entries[k].id)
            copies += entries[i].count;
        if (ark_def(rules, entries[i].id)->type == ARK_SEEKER) {
            seekers += entries[i].count;
            if (first_seeker < 0)
                first_seeker = entries[i].id;
        }
    }
    if (role == ROLE_SEEKER && seekers > 1)
        return carta_yaml_error(err, path, item,
                                "a deck has exactly 1 Seeker; '%s' would be a second one (the "
                                "deck already has '%s')", def->name,
                                ark_def(rules, first_seeker)->name);
    if (role == ROLE_REALM && copies > 1)
        return carta_yaml_error(err, path, item,
                                "'%s' is listed %d times: a Realm Deck has no copies", def->name,
                                copies);
    if (role == ROLE_MAIN && copies > DECK_COPIES_MAX)
        return carta_yaml_error(err, path, item,
                                "'%s' is listed %d times: a Main Deck has at most %d copies of a "
                                "card", def->name, copies, DECK_COPIES_MAX);
    return CARTA_OK;
}

/* The faction rule, entry by entry once the Seeker is known: the first entry that brings a
 * fourth faction is the error's line. */
static carta_status deck_file_factions(const carta_rules *rules, const deck_entry *entries,
                                       int n, struct fy_node *seq, const char *path,
                                       carta_error *err)
{
    int main_faction = -1;
    for (int i = 0; i < n && main_faction < 0; i++)
        if (ark_def(rules, entries[i].id)->type == ARK_SEEKER)
            main_faction = ark_def(rules, entries[i].id)->faction;
    if (main_faction < 0)
        return CARTA_OK; /* deck_check_at reports the missing Seeker */
    bool seen[ARK_MAX_FACTIONS + 1] = {false};
    int used = main_faction ? 1 : 0;
    if (main_faction <= ARK_MAX_FACTIONS)
        seen[main_faction] = true;
    for (int i = 0; i < n; i++) {
        const ark_card_def *def = ark_def(rules, entries[i].id);
        int f = def->faction <= ARK_MAX_FACTIONS ? def->faction : 0;
        if (def->type == ARK_REALM || def->type == ARK_SEEKER || seen[f])
            continue;
        seen[f] = true;
        if (++used > DECK_FACTIONS_MAX) {
            char others[160] = "";
            for (int g = 1; g <= ARK_MAX_FACTIONS; g++)
                if (seen[g] && g != main_faction && g != f) {
                    size_t len = strlen(others);
                    snprintf(others + len, sizeof others - len, "%s%s", len ? ", " : "",
                             deck_faction(rules, g));
                }
            return carta_yaml_error(err, path, fy_node_sequence_get_by_index(seq, i),
                                    "card '%s' is of faction %s: a Main Deck has cards of at "
                                    "most %d factions, the Seeker's (%s) and %d more (already "
                                    "%s)", def->name, deck_faction(rules, f), DECK_FACTIONS_MAX,
                                    deck_faction(rules, main_faction), DECK_FACTIONS_MAX - 1,
                                    others);
        }
    }
    return CARTA_OK;
}

/* Reads the cards: sequence into out (file order, copies repeated). */
static carta_status deck_file_cards(const carta_rules *rules, struct fy_node *root,
                                    const char *path, carta_deck *out, carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(root, "cards");
    if (!seq)
        return carta_yaml_error(err, path, root,
                                "a deck needs 'cards:', a list of the Seeker, the Main Deck and "
                                "the Realm Deck");
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, path, seq,
                                "'cards:' must be a list of card names or {name: N, count: C}");
    int n = fy_node_sequence_item_count(seq);
    if (n > CARTA_DECK_MAX)
        return carta_yaml_error(err, path, seq, "a deck lists at most %d entries, this one %d",
                                CARTA_DECK_MAX, n);
    deck_entry entries[CARTA_DECK_MAX];
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        if (deck_file_entry(rules, item, path, &entries[i], err) != CARTA_OK ||
            deck_file_entry_check(rules, entries, i, item, path, err) != CARTA_OK)
            return CARTA_ERR_INPUT;
        if (out->n_cards + entries[i].count > CARTA_DECK_MAX)
            return carta_yaml_error(err, path, item, "a deck holds at most %d cards",
                                    CARTA_DECK_MAX);
        for (int k = 0; k < entries[i].count; k++)
            out->cards[out->n_cards++] = (uint16_t)entries[i].id;
    }
    return deck_file_factions(rules, entries, n, seq, path, err);
}

/* Reads a deck file's keys into deck (the check comes after, in carta_deck_file_load). */
static carta_status deck_file_read(const carta_rules *rules, struct fy_node *root,
                                   const char *path, carta_deck *deck, carta_error *err)
{
    if (!root || !fy_node_is_mapping(root))
        return carta_yaml_error(err, path, root,
                                "a deck file is a map with name:, description: and cards:");
    static const char *const keys[] = {"name", "description", "cards", NULL};
    if (carta_yaml_check_keys(root, keys, "a deck file", path, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (carta_yaml_str(root, "name", NULL, deck->name, sizeof deck->name, path, err) != CARTA_OK ||
        deck_file_cards(rules, root, path, deck, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    return CARTA_OK;
}

/* Loads and checks a deck file. */
static carta_status deck_load_file(const carta_rules *rules, const char *path, carta_deck *out,
                                   carta_error *err)
{
    return carta_deck_file_load(rules, path, deck_file_read, deck_check_at, out, err);
}

/* ---- generation (docs/rulings/arkhtide.md, "Content and deck rules") ---- */

/* Whether card id can go into a generated Main Deck of faction f. */
static bool deck_gen_main(const carta_rules *rules, int id, int f)
{
    const char *why;
    const ark_card_def *def = ark_def(rules, id);
    return deck_role(def, &why) == ROLE_MAIN && def->faction == f;
}

/* Draws one card of faction f uniformly among those with fewer than 3 copies; -1 if none. */
static int deck_gen_card(const carta_rules *rules, int f, const uint8_t *copies, carta_rng *rng)
{
    int n_cards = deck_card_count(rules), total = 0;
    for (int id = 0; id < n_cards; id++)
        total += deck_gen_main(rules, id, f) && copies[id] < DECK_COPIES_MAX;
    if (!total)
        return -1;
    int pick = (int)carta_rng_below(rng, (uint32_t)total);
    for (int id = 0; id < n_cards; id++)
        if (deck_gen_main(rules, id, f) && copies[id] < DECK_COPIES_MAX && pick-- == 0)
            return id;
    return -1;
}

/* Card ids of cards matching want (a role; for ROLE_MAIN: any faction) into ids; how many. */
static int deck_gen_pool(const carta_rules *rules, enum deck_role want, int *ids)
{
    int n = 0;
    for (int id = 0; id < deck_card_count(rules) && n < CARTA_CATALOG_MAX; id++) {
        const char *why;
        if (deck_role(ark_def(rules, id), &why) == want)
            ids[n++] = id;
    }
    return n;
}

/* Picks the deck's factions: the Seeker's first, then 0, 1 or 2 others (weights 2:3:1) among
 * the factions that have Main Deck cards. Returns how many. */
static int deck_gen_factions(const carta_rules *rules, int main_faction, carta_rng *rng,
                             int *factions)
{
    int others[ARK_MAX_FACTIONS + 1], n_others = 0;
    for (int f = 1; f <= rules->n_factions && f <= ARK_MAX_FACTIONS; f++) {
        if (f == main_faction)
            continue;
        for (int id = 0; id < deck_card_count(rules); id++)
            if (deck_gen_main(rules, id, f)) {
                others[n_others++] = f;
                break;
            }
    }
    uint32_t r = carta_rng_below(rng, 6);
    int extra = r < 2 ? 0 : r < 5 ? 1 : 2;
    if (extra > n_others)
        extra = n_others;
    factions[0] = main_faction;
    for (int k = 0; k < extra; k++) {
        int j = k + (int)carta_rng_below(rng, (uint32_t)(n_others - k));
        int tmp = others[k];
        others[k] = others[j];
        others[j] = tmp;
        factions[1 + k] = others[k];
    }
    return 1 + extra;
}

static int deck_cmp_u16(const void *a, const void *b)
{
    return (int)*(const uint16_t *)a - (int)*(const uint16_t *)b;
}

/* Fills the Main Deck: size cards, two thirds of the Seeker's faction when there are others, the
 * rest from the others; a faction that runs out of cards hands its share to the next. */
static bool deck_gen_main_deck(const carta_rules *rules, const int *factions, int n_factions,
                               int size, carta_rng *rng, carta_deck *deck)
{
    uint8_t copies[CARTA_CATALOG_MAX];
    memset(copies, 0, sizeof copies);
    int first = deck->n_cards;
    int own = n_factions > 1 ? (size * 2 + 2) / 3 : size;
    for (int k = 0; k < size; k++) {
        int pref = k < own ? 0 : 1 + (int)carta_rng_below(rng, (uint32_t)(n_factions - 1));
        int id = -1;
        for (int t = 0; t < n_factions && id < 0; t++)
            id = deck_gen_card(rules, factions[(pref + t) % n_factions], copies, rng);
        if (id < 0)
            return false;
        copies[id]++;
        deck->cards[deck->n_cards++] = (uint16_t)id;
    }
    qsort(deck->cards + first, (size_t)size, sizeof deck->cards[0], deck_cmp_u16);
    return true;
}

/* A random legal deck from seed alone: a Seeker uniformly, its faction and 0-2 others, 33 to 42
 * Main Deck cards, 7 distinct Realms uniformly. */
static carta_status deck_generate(const carta_rules *rules, uint64_t seed, carta_deck *out,
                                  carta_error *err)
{
    int pool[CARTA_CATALOG_MAX]; /* 16 KiB on the stack: no static, so threads may generate */
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    carta_deck deck;
    memset(&deck, 0, sizeof deck);
    snprintf(deck.name, sizeof deck.name, "Random deck %llu", (unsigned long long)seed);

    int n = deck_gen_pool(rules, ROLE_SEEKER, pool);
    if (n == 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "cannot generate a deck: no Seeker");
    int seeker = pool[carta_rng_below(&rng, (uint32_t)n)];
    deck.cards[deck.n_cards++] = (uint16_t)seeker;

    int factions[DECK_FACTIONS_MAX];
    int n_factions = deck_gen_factions(rules, ark_def(rules, seeker)->faction, &rng, factions);
    int size = DECK_MAIN_MIN + (int)carta_rng_below(&rng, DECK_MAIN_MAX - DECK_MAIN_MIN + 1);
    if (!deck_gen_main_deck(rules, factions, n_factions, size, &rng, &deck))
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "cannot generate a deck: too few Main Deck cards of faction %s "
                               "and its allies for %d cards", deck_faction(rules, factions[0]),
                               size);

    n = deck_gen_pool(rules, ROLE_REALM, pool);
    if (n < DECK_REALMS)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "cannot generate a deck: the card set has %d Realms, a Realm Deck "
                               "needs %d", n, DECK_REALMS);
    int first = deck.n_cards;
    for (int k = 0; k < DECK_REALMS; k++) {
        int j = k + (int)carta_rng_below(&rng, (uint32_t)(n - k));
        int tmp = pool[k];
        pool[k] = pool[j];
        pool[j] = tmp;
        deck.cards[deck.n_cards++] = (uint16_t)pool[k];
    }
    qsort(deck.cards + first, DECK_REALMS, sizeof deck.cards[0], deck_cmp_u16);
    if (deck_check_at(rules, &deck, "generated deck", err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    *out = deck;
    return CARTA_OK;
}

/* ---- resolve ---- */

carta_status arkhtide_deck_resolve(const carta_rules *rules, const char *spec, uint64_t seed,
                                   carta_deck *out, carta_error *err)
{
    return carta_deck_spec_resolve(rules, deck_data_dir(rules), spec, seed, deck_load_file,
                                   deck_generate, out, err);
}
