/* deck.c: a seat's "deck" is a mage (CREATE-A-MAGE: the ancestry, attribute points, bonus,
 * styles, artefacts, equipment, abilities and the spell deck, as one list of catalog entries), an
 * encounter for the Gamemaster, or both (a random one fits any seat). The builder's rules are
 * checked here with the step of the rulebook they come from; mage files are read into lists. */
#include "games/archmajesty/archmajesty.h"

#include <stdio.h>
#include <string.h>

#include <libfyaml.h>

#include "core/deck_file.h"
#include "core/deck_spec.h"
#include "core/rng.h"
#include "core/yaml.h"

enum { DECK_MIN = 21, DECK_COPIES = 3, STYLE_POINTS = 6, ARTEFACT_POINTS = 2, ATTR_POINTS = 8,
       ATTR_MAX = 3, BASE_ES = 4, BASE_AS = 5 };

#define DECK_FAIL(...) carta_error_set(err, CARTA_ERR_INPUT, __VA_ARGS__)

int am_deck_encounter(const carta_rules *r, const carta_deck *deck)
{
    for (int i = 0; i < deck->n_cards; i++)
        if (am_type_of(r, deck->cards[i]) == AM_T_ENCOUNTER)
            return deck->cards[i];
    return -1;
}

int am_deck_has_mage(const carta_rules *r, const carta_deck *deck)
{
    for (int i = 0; i < deck->n_cards; i++)
        if (am_type_of(r, deck->cards[i]) == AM_T_ANCESTRY)
            return 1;
    return 0;
}

/* How many copies of card the styles of deck give (Step 3: major styles give their first two
 * cards twice, minor styles their first; a style bought twice gives all of it twice). */
static int deck_pool_copies(const carta_rules *r, const carta_deck *deck, int card)
{
    int n = 0;
    for (int i = 0; i < deck->n_cards; i++) {
        const am_style *s = am_style_of(r, deck->cards[i]);
        for (int k = 0; s && k < s->n_cards; k++)
            if (s->card[k] == card)
                n += 1 + (k < (s->major ? 2 : 1));
    }
    return n;
}

/* Whether ability comes from the mage's styles, ancestry or artefacts. */
static int deck_ability_owned(const carta_rules *r, const carta_deck *deck, int ability)
{
    for (int i = 0; i < deck->n_cards; i++) {
        int id = deck->cards[i], t = am_type_of(r, id);
        const am_style *s = am_style_of(r, id);
        for (int k = 0; s && k < s->n_abilities; k++)
            if (s->ability[k] == ability)
                return 1;
        const am_thing *th = t == AM_T_ANCESTRY || t == AM_T_ARTEFACT ? am_thing_of(r, id)
                                                                       : NULL;
        for (int k = 0; th && k < th->n_abilities; k++)
            if (th->ability[k] == ability)
                return 1;
    }
    return 0;
}

typedef struct deck_tally {
    int ancestries, bonuses, attr[4], styles, artefact_points, items_slots, artefact_slots,
        ability_points, spells, encounters, es, as, wear[4], bonus, companions;
} deck_tally;

static carta_status deck_count(const carta_rules *r, const carta_deck *deck, const char *where,
                               deck_tally *t, carta_error *err)
{
    memset(t, 0, sizeof *t);
    t->es = BASE_ES;
    t->as = BASE_AS;
    for (int i = 0; i < deck->n_cards; i++) {
        int id = deck->cards[i], type = am_type_of(r, id);
        const am_thing *th = am_thing_of(r, id);
        switch (type) {
        case AM_T_NONE:
            return DECK_FAIL("%s: error: entry %d is not in the card set", where, i + 1);
        case AM_T_SPELL: t->spells++; break;
        case AM_T_STYLE: t->styles += am_style_of(r, id)->major ? 2 : 1; break;
        case AM_T_ENCOUNTER: t->encounters++; break;
        case AM_T_MINION: t->companions++; break;
        case AM_T_ENEMY: case AM_T_OBJECT:
            return DECK_FAIL("%s: error: '%s' is %s: it comes with an encounter", where,
                             carta_catalog_name(r->catalog, id),
                             type == AM_T_ENEMY ? "an enemy" : "an object");
        case AM_T_ANCESTRY: t->ancestries++; break;
        case AM_T_ATTRIBUTE: t->attr[th->attr]++; break;
        case AM_T_BONUS:
            t->bonuses++;
            t->es += th->attr == AM_BONUS_ES ? 2 : 0;
            t->as += th->attr == AM_BONUS_AS ? 1 : 0;
            break;
        case AM_T_ABILITY:
            t->ability_points += th->points;
            t->es += th->es; /* Heave Ho!: "+1 Equipment Slot" */
            break;
        case AM_T_ARTEFACT:
            t->artefact_points += th->points;
            t->artefact_slots += th->slots;
            break;
        default:
            t->items_slots += th->slots;
            t->wear[th->wear]++;
            break;
        }
    }
    return CARTA_OK;
}

static carta_status deck_check_build(const carta_rules *r, const carta_deck *deck,
                                     const char *where, const deck_tally *t, carta_error *err)
{
    int points = t->attr[0] + t->attr[1] + t->attr[2] + t->attr[3];
    if (t->ancestries != 1)
        return DECK_FAIL("%s: error: a mage has exactly one ancestry, this one %d (CREATE-A-MAGE, "
                         "Step 5: Ancestries)", where, t->ancestries);
    if (points != ATTR_POINTS)
        return DECK_FAIL("%s: error: a mage divides exactly %d attribute points, this one %d "
                         "(CREATE-A-MAGE, Step 1: Primary Attributes)", where, ATTR_POINTS,
                         points);
    for (int a = 0; a < 4; a++)
        if (t->attr[a] > ATTR_MAX)
            return DECK_FAIL("%s: error: %d points in %s: at most %d in one attribute "
                             "(CREATE-A-MAGE, Step 1: Primary Attributes)", where, t->attr[a],
                             a == 0 ? "Might" : a == 1 ? "Agility" : a == 2 ? "Will" : "Defence",
                             ATTR_MAX);
    if (t->bonuses != 1)
        return DECK_FAIL("%s: error: a mage has exactly one permanent bonus, this one %d "
                         "(CREATE-A-MAGE, Step 2: Secondary Attributes)", where, t->bonuses);
    if (t->styles > STYLE_POINTS || !t->styles)
        return DECK_FAIL("%s: error: styles cost 1 to %d style points, these %d (CREATE-A-MAGE, "
                         "Step 3: Fighting Styles)", where, STYLE_POINTS, t->styles);
    if (t->artefact_points > ARTEFACT_POINTS)
        return DECK_FAIL("%s: error: artefacts cost at most %d artefact points, these %d "
                         "(CREATE-A-MAGE, Step 4: Items & Artefacts)", where, ARTEFACT_POINTS,
                         t->artefact_points);
    for (int w = AM_WEAR_HEAD; w <= AM_WEAR_SHIELD; w++)
        if (t->wear[w] > 1)
            return DECK_FAIL("%s: error: at most one %s (Equipment Slots; PROTECTIVE "
                             "EQUIPMENT)", where, w == AM_WEAR_HEAD ? "piece of head armour"
                                                  : w == AM_WEAR_BODY ? "piece of body armour"
                                                                      : "shield");
    /* R51: items in ES, abilities in AS, artefacts split between them. */
    if (t->items_slots > t->es || t->ability_points > t->as ||
        t->items_slots + t->ability_points + t->artefact_slots > t->es + t->as)
        return DECK_FAIL("%s: error: items take %d of %d equipment slots, abilities %d of %d "
                         "ability slots, artefacts %d more (Equipment Slots; Ability Slots)",
                         where, t->items_slots, t->es, t->ability_points, t->as,
                         t->artefact_slots);
    for (int i = 0; i < deck->n_cards; i++) {
        int id = deck->cards[i];
        if (am_type_of(r, id) != AM_T_ABILITY)
            continue;
        if (!deck_ability_owned(r, deck, id))
            return DECK_FAIL("%s: error: ability '%s' comes from none of this mage's styles, "
                             "ancestry or artefacts (Ability Slots)", where,
                             carta_catalog_name(r->catalog, id));
        for (int k = 0; k < i; k++)
            if (deck->cards[k] == id)
                return DECK_FAIL("%s: error: ability '%s' is equipped twice (Step 3: \"you do "
                                 "not gain additional copies of any of that style's "
                                 "abilities\")", where, carta_catalog_name(r->catalog, id));
    }
    return CARTA_OK;
}

static carta_status deck_check_spells(const carta_rules *r, const carta_deck *deck,
                                      const char *where, const deck_tally *t, carta_error *err)
{
    if (t->spells < DECK_MIN || t->spells > AM_DECK)
        return DECK_FAIL("%s: error: a deck has at least %d cards (and at most %d here), this one "
                         "%d (CREATE-A-MAGE, Step 6: Deck Construction)", where, DECK_MIN,
                         AM_DECK, t->spells);
    for (int i = 0; i < deck->n_cards; i++) {
        int id = deck->cards[i], copies = 0;
        if (am_type_of(r, id) != AM_T_SPELL)
            continue;
        for (int k = 0; k < deck->n_cards; k++)
            copies += deck->cards[k] == id;
        if (copies > DECK_COPIES)
            return DECK_FAIL("%s: error: %d copies of '%s': at most %d of a name (CARD "
                             "BREAKDOWN, Card Name)", where, copies,
                             carta_catalog_name(r->catalog, id), DECK_COPIES);
        int pool = deck_pool_copies(r, deck, id);
        if (copies > pool)
            return DECK_FAIL("%s: error: %d copies of '%s', but this mage's styles give %d "
                             "(CREATE-A-MAGE, Step 3: Fighting Styles)", where, copies,
                             carta_catalog_name(r->catalog, id), pool);
    }
    return CARTA_OK;
}

static carta_status deck_check_at(const carta_rules *r, const carta_deck *deck,
                                  const char *where, carta_error *err)
{
    deck_tally t;
    if (deck->n_cards < 0 || deck->n_cards > CARTA_DECK_MAX)
        return DECK_FAIL("%s: error: bad entry count %d", where, deck->n_cards);
    if (deck_count(r, deck, where, &t, err))
        return CARTA_ERR_INPUT;
    if (t.encounters > 1)
        return DECK_FAIL("%s: error: at most one encounter, this list names %d", where,
                         t.encounters);
    if (t.companions > 2) /* One-on-One Play: "a couple of NPC companions" (R104) */
        return DECK_FAIL("%s: error: at most 2 companions, this mage brings %d (One-on-One "
                         "Play)", where, t.companions);
    int mage_parts = deck->n_cards - t.encounters;
    if (!mage_parts && t.encounters)
        return CARTA_OK;
    if (deck_check_build(r, deck, where, &t, err))
        return CARTA_ERR_INPUT;
    return deck_check_spells(r, deck, where, &t, err);
}

carta_status am_deck_check(const carta_rules *r, const carta_deck *deck, carta_error *err)
{
    char where[CARTA_NAME_MAX + 16];
    snprintf(where, sizeof where, "deck '%.*s'", CARTA_NAME_MAX - 1, deck->name);
    return deck_check_at(r, deck, where, err);
}

/* ---- mage files ---- */

static carta_status deck_push(carta_deck *deck, int id, struct fy_node *node, const char *path,
                              carta_error *err)
{
    if (deck->n_cards >= CARTA_DECK_MAX)
        return carta_yaml_error(err, path, node, "more than %d entries", CARTA_DECK_MAX);
    deck->cards[deck->n_cards++] = (uint16_t)id;
    return CARTA_OK;
}

/* A name of the given type (AM_T_NONE: any but a spell) into the list. */
static carta_status deck_name(const carta_rules *r, struct fy_node *node, int type, int copies,
                              carta_deck *deck, const char *path, carta_error *err)
{
    char name[CARTA_NAME_MAX];
    if (!carta_yaml_scalar(node, name, sizeof name) || !name[0])
        return carta_yaml_error(err, path, node, "expected a name");
    int id = carta_catalog_find(r->catalog, name), t = am_type_of(r, id);
    if (id < 0)
        return carta_yaml_error(err, path, node, "'%s' is not in the card set", name);
    if (type == AM_T_WEAPON ? !(t >= AM_T_WEAPON && t <= AM_T_CONSUMABLE) : t != type)
        return carta_yaml_error(err, path, node, "'%s' is not %s", name,
                                type == AM_T_SPELL ? "a spell card" : type == AM_T_STYLE
                                ? "a style" : type == AM_T_ABILITY ? "an ability"
                                : type == AM_T_ANCESTRY ? "an ancestry" : type == AM_T_ARTEFACT
                                ? "an artefact" : type == AM_T_ENCOUNTER ? "an encounter"
                                : type == AM_T_MINION ? "a minion" : "an item of equipment");
    for (int k = 0; k < copies; k++)
        if (deck_push(deck, id, node, path, err))
            return CARTA_ERR_INPUT;
    return CARTA_OK;
}

static carta_status deck_names(const carta_rules *r, struct fy_node *root, const char *key,
                               int type, carta_deck *deck, const char *path, carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(root, key);
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, path, seq, "'%s' is a list of names", key);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *it = fy_node_sequence_get_by_index(seq, i);
        int copies = 1;
        if (fy_node_is_mapping(it)) {
            static const char *const keys[] = {"name", "copies", NULL};
            if (carta_yaml_check_keys(it, keys, "a card", path, err) ||
                carta_yaml_int(it, "copies", 1, false, 1, DECK_COPIES, &copies, path, err))
                return CARTA_ERR_INPUT;
            it = carta_yaml_get(it, "name");
        }
        if (deck_name(r, it, type, copies, deck, path, err))
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

/* The entry of type whose attr is value (an attribute point, a bonus). */
static int deck_entry(const carta_rules *r, int type, int value)
{
    for (int id = 0; id < carta_catalog_count(r->catalog); id++)
        if (am_type_of(r, id) == type && am_thing_of(r, id)->attr == value)
            return id;
    return -1;
}

static carta_status deck_build(const carta_rules *r, struct fy_node *root, carta_deck *deck,
                               const char *path, carta_error *err)
{
    static const char *const attrs[] = {"might", "agility", "will", "defence"};
    static const char *const bonuses[] = {"hp", "equipment_slot", "ability_slot", "command"};
    struct fy_node *anc = carta_yaml_get(root, "ancestry");
    if (!anc)
        return CARTA_OK;
    if (deck_name(r, anc, AM_T_ANCESTRY, 1, deck, path, err))
        return CARTA_ERR_INPUT;
    struct fy_node *at = carta_yaml_get(root, "attributes");
    static const char *const keys[] = {"might", "agility", "will", "defence", NULL};
    if (!at || carta_yaml_check_keys(at, keys, "'attributes'", path, err))
        return at ? CARTA_ERR_INPUT
                  : carta_yaml_error(err, path, root, "a mage needs 'attributes': {might, "
                                     "agility, will, defence}");
    for (int a = 0; a < 4; a++) {
        int v = 0, id = deck_entry(r, AM_T_ATTRIBUTE, a);
        if (carta_yaml_int(at, attrs[a], 0, false, 0, ATTR_POINTS, &v, path, err))
            return CARTA_ERR_INPUT;
        if (v && id < 0)
            return carta_yaml_error(err, path, at, "the card set has no '%s' attribute entry",
                                    attrs[a]);
        for (int k = 0; k < v; k++)
            if (deck_push(deck, id, at, path, err))
                return CARTA_ERR_INPUT;
    }
    char bonus[32];
    if (carta_yaml_str(root, "bonus", NULL, bonus, sizeof bonus, path, err))
        return CARTA_ERR_INPUT;
    int b = -1;
    for (int k = 0; k < 4; k++)
        b = strcmp(bonus, bonuses[k]) == 0 ? k : b;
    int id = b >= 0 ? deck_entry(r, AM_T_BONUS, b) : -1;
    if (id < 0)
        return carta_yaml_error(err, path, carta_yaml_get(root, "bonus"), "'bonus' is hp, "
                                "equipment_slot, ability_slot or command (Step 2)");
    return deck_push(deck, id, root, path, err);
}

static carta_status deck_read(const carta_rules *r, struct fy_node *root, const char *path,
                              carta_deck *deck, carta_error *err)
{
    static const char *const keys[] = {"name", "ancestry", "attributes", "bonus", "styles",
                                       "artefacts", "equipment", "abilities", "cards",
                                       "encounter", "companions", "text", "inventory",
                                       "personal_effects", NULL};
    if (carta_yaml_check_keys(root, keys, "a mage", path, err) ||
        carta_yaml_str(root, "name", NULL, deck->name, sizeof deck->name, path, err) ||
        deck_build(r, root, deck, path, err) ||
        deck_names(r, root, "styles", AM_T_STYLE, deck, path, err) ||
        deck_names(r, root, "artefacts", AM_T_ARTEFACT, deck, path, err) ||
        deck_names(r, root, "equipment", AM_T_WEAPON, deck, path, err) ||
        deck_names(r, root, "abilities", AM_T_ABILITY, deck, path, err) ||
        deck_names(r, root, "cards", AM_T_SPELL, deck, path, err) ||
        deck_names(r, root, "companions", AM_T_MINION, deck, path, err) ||
        am_inventory_read(r, root, path, err)) /* carried, not equipped (R139) */
        return CARTA_ERR_INPUT;
    struct fy_node *enc = carta_yaml_get(root, "encounter");
    if (enc && deck_name(r, enc, AM_T_ENCOUNTER, 1, deck, path, err))
        return CARTA_ERR_INPUT;
    if (!deck->n_cards)
        return carta_yaml_error(err, path, root, "a file holds a mage (ancestry, attributes, "
                                "...), an encounter, or both");
    return CARTA_OK;
}

static carta_status deck_load(const carta_rules *r, const char *path, carta_deck *out,
                              carta_error *err)
{
    return carta_deck_file_load(r, path, deck_read, deck_check_at, out, err);
}

/* ---- random: a legal mage and an encounter ---- */

static int deck_random_of(const carta_rules *r, int type, carta_rng *rng)
{
    int n = 0, pick = -1;
    for (int id = 0; id < carta_catalog_count(r->catalog); id++)
        if (am_type_of(r, id) == type && carta_rng_below(rng, (uint32_t)++n) == 0)
            pick = id;
    return pick;
}

static void deck_random_styles(const carta_rules *r, carta_deck *d, carta_rng *rng)
{
    int points = 0;
    for (int tries = 0; tries < 32 && points < STYLE_POINTS; tries++) {
        int id = deck_random_of(r, AM_T_STYLE, rng), cost = am_style_of(r, id)->major ? 2 : 1;
        if (points + cost > STYLE_POINTS)
            continue;
        d->cards[d->n_cards++] = (uint16_t)id;
        points += cost;
    }
}

static void deck_random_abilities(const carta_rules *r, carta_deck *d, carta_rng *rng)
{
    (void)rng;
    int slots = BASE_AS, n = d->n_cards;
    for (int i = 0; i < n; i++) {
        int id = d->cards[i];
        const am_style *s = am_style_of(r, id);
        const am_thing *t = am_type_of(r, id) == AM_T_ANCESTRY ? am_thing_of(r, id) : NULL;
        int count = s ? s->n_abilities : t ? t->n_abilities : 0;
        for (int k = 0; k < count; k++) {
            int ab = s ? s->ability[k] : t->ability[k];
            int pts = am_thing_of(r, ab)->points, dup = 0;
            for (int j = n; j < d->n_cards; j++)
                dup |= d->cards[j] == ab;
            if (!dup && pts <= slots) {
                d->cards[d->n_cards++] = (uint16_t)ab;
                slots -= pts;
            }
        }
    }
}

static void deck_random_spells(const carta_rules *r, carta_deck *d, carta_rng *rng)
{
    uint16_t pool[AM_STYLES_MAX * 2];
    int n_pool = 0, n_build = d->n_cards;
    for (int i = 0; i < n_build; i++) {
        const am_style *s = am_style_of(r, d->cards[i]);
        for (int k = 0; s && k < s->n_cards && n_pool + 2 <= (int)(sizeof pool / 2); k++) {
            pool[n_pool++] = s->card[k];
            if (k < (s->major ? 2 : 1))
                pool[n_pool++] = s->card[k];
        }
    }
    for (int i = n_pool - 1; i > 0; i--) {
        int j = (int)carta_rng_below(rng, (uint32_t)i + 1);
        uint16_t tmp = pool[i];
        pool[i] = pool[j];
        pool[j] = tmp;
    }
    for (int i = 0; i < n_pool && d->n_cards - n_build < 24; i++) {
        int copies = 0;
        for (int k = n_build; k < d->n_cards; k++)
            copies += d->cards[k] == pool[i];
        if (copies < DECK_COPIES)
            d->cards[d->n_cards++] = pool[i];
    }
}

/* One random mage from rng: its list may fall short of a legal deck (styles too alike). */
static void deck_random_mage(const carta_rules *r, carta_rng *rng, int anc, int bonus,
                             carta_deck *out)
{
    out->n_cards = 0;
    out->cards[out->n_cards++] = (uint16_t)anc;
    out->cards[out->n_cards++] = (uint16_t)bonus;
    int attr[4] = {0, 0, 0, 0};
    for (int p = 0; p < ATTR_POINTS;) {
        int a = (int)carta_rng_below(rng, 4);
        if (attr[a] < ATTR_MAX) {
            attr[a]++;
            p++;
            out->cards[out->n_cards++] = (uint16_t)deck_entry(r, AM_T_ATTRIBUTE, a);
        }
    }
    deck_random_styles(r, out, rng);
    deck_random_abilities(r, out, rng);
    deck_random_spells(r, out, rng);
}

static carta_status deck_generate(const carta_rules *r, uint64_t seed, carta_deck *out,
                                  carta_error *err)
{
    carta_rng rng;
    carta_rng_seed(&rng, seed);
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "random");
    int anc = deck_random_of(r, AM_T_ANCESTRY, &rng), enc = deck_random_of(r, AM_T_ENCOUNTER,
                                                                            &rng);
    int bonus = deck_random_of(r, AM_T_BONUS, &rng);
    if (anc < 0 || enc < 0 || bonus < 0 || deck_random_of(r, AM_T_STYLE, &rng) < 0)
        return DECK_FAIL("archmajesty: the card set has no ancestry, bonus, style or encounter "
                         "to build a random mage from");
    carta_error why = {0};
    for (int attempt = 0; attempt < 64; attempt++) {
        deck_random_mage(r, &rng, anc, bonus, out);
        out->cards[out->n_cards++] = (uint16_t)enc;
        memset(&why, 0, sizeof why);
        if (deck_check_at(r, out, "random mage", &why) == CARTA_OK)
            return CARTA_OK;
    }
    return DECK_FAIL("%s", why.msg);
}

carta_status am_deck_resolve(const carta_rules *r, const char *spec, uint64_t seed,
                             carta_deck *out, carta_error *err)
{
    return carta_deck_spec_resolve(r, r->data_dir, spec, seed, deck_load, deck_generate, out,
                                   err);
}
