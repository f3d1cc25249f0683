/* cards.c: Essence's card file format (docs/card-format/essence.md): each card map compiled into
 * the rules' table, then the box checked whole (six double-sided spells, enough Avatars and
 * Carta Essentia, every stack within the state's capacity). */
#include "games/essence/essence.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libfyaml.h>

#include "core/yaml.h"

/* A YAML word read as one of names (NULL-terminated); index + first, or -1 with err set. */
static int cards_word(struct fy_node *map, const char *key, const char *const *names, int first,
                      const char *file, carta_error *err)
{
    char word[32];
    struct fy_node *node = carta_yaml_get(map, key);
    if (!node || !carta_yaml_scalar(node, word, sizeof word)) {
        char list[256] = "";
        for (int i = 0; names[i]; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "",
                     names[i]);
        carta_yaml_error(err, file, node ? node : map, "'%s' needs one of: %s", key, list);
        return -1;
    }
    for (int i = 0; names[i]; i++)
        if (strcasecmp(word, names[i]) == 0)
            return i + first;
    carta_yaml_error(err, file, node, "'%s' is not a %s here", word, key);
    return -1;
}

static const char *const realm_words[] = {"forest", "mines", "underworld", NULL};
static const char *const kind_words[] = {"essence", "monster", "unicorn_blood", "carta_essentia",
                                         "avatar", "spell", "fate", NULL};
static const char *const color_words[] = {"green", "blue", "red", "grey", NULL};
static const char *const when_words[] = {"any", "first", "explore", "combat", "arcane", "end",
                                         "their_combat", NULL};
static const char *const spell_words[] = {"summoning", "instigation", "empower", "mutiny",
                                          "equilibrium", "suffocation", "fury", "dread",
                                          "foresight", "cave_in", "restoration", "plunder",
                                          NULL};
static const char *const ability_words[] = {"explore", "attack_fate", "draw_stack",
                                            "invulnerable", "willpower_fate", "draw_forest",
                                            NULL};
static const char *const passive_words[] = {"explore_forest", "win_loot", "spell_fate",
                                            "less_damage", "interference", "hand_limit", NULL};
static const char *const fate_words[] = {"warrior", "magus", "trickster", NULL};
static const char *const bonus_words[] = {"attack", "attack_turn", "loot", "invulnerable",
                                          "refund", "keep", "spell_turn", "draw", "six", "again",
                                          NULL};

int ess_rune_of(const carta_rules *r, const char *name)
{
    for (int i = 0; i < r->n_runes; i++)
        if (strcasecmp(r->rune_name[i], name) == 0)
            return i;
    return -1;
}

static carta_status cards_rune(carta_rules *r, ess_card *c, struct fy_node *map, const char *file,
                               carta_error *err)
{
    char name[ESS_RUNE_NAME];
    if (carta_yaml_str(map, "rune", NULL, name, sizeof name, file, err))
        return CARTA_ERR_INPUT;
    int rune = ess_rune_of(r, name);
    if (rune >= 0 && r->rune_realm[rune] != c->realm)
        return carta_yaml_error(err, file, carta_yaml_get(map, "rune"), "rune '%s' belongs to "
                                "another realm", name);
    if (rune < 0) {
        if (r->n_runes >= ESS_RUNE_MAX)
            return carta_yaml_error(err, file, map, "more than %d runes", ESS_RUNE_MAX);
        rune = r->n_runes++;
        snprintf(r->rune_name[rune], ESS_RUNE_NAME, "%s", name);
        r->rune_realm[rune] = c->realm;
    }
    c->rune = (uint8_t)rune;
    return CARTA_OK;
}

/* A rune named by node, of realm; -1 with err set. */
static int cards_rune_ref(const carta_rules *r, struct fy_node *node, int realm, const char *file,
                          carta_error *err)
{
    char name[ESS_RUNE_NAME];
    if (!node || !carta_yaml_scalar(node, name, sizeof name)) {
        carta_yaml_error(err, file, node, "a rune name");
        return -1;
    }
    int rune = ess_rune_of(r, name);
    if (rune < 0 || r->rune_realm[rune] != realm) {
        carta_yaml_error(err, file, node, "'%s' is not a rune of the %s (runes come from the "
                         "essence cards above)", name, realm_words[realm]);
        return -1;
    }
    return rune;
}

static carta_status cards_carta(carta_rules *r, ess_card *c, struct fy_node *map,
                                const char *file, carta_error *err)
{
    struct fy_node *primary = carta_yaml_get(map, "primary");
    struct fy_node *secondary = carta_yaml_get(map, "secondary");
    if (!primary || !fy_node_is_sequence(primary) ||
        fy_node_sequence_item_count(primary) != ESS_REALMS || !secondary ||
        !fy_node_is_sequence(secondary) || fy_node_sequence_item_count(secondary) != ESS_REALMS)
        return carta_yaml_error(err, file, map, "a Carta Essentia needs 'primary': [forest, "
                                "mines, underworld rune] and 'secondary': three pairs of runes");
    for (int realm = 0; realm < ESS_REALMS; realm++) {
        struct fy_node *pair = fy_node_sequence_get_by_index(secondary, realm);
        int p = cards_rune_ref(r, fy_node_sequence_get_by_index(primary, realm), realm, file, err);
        if (p < 0)
            return CARTA_ERR_INPUT;
        if (!fy_node_is_sequence(pair) || fy_node_sequence_item_count(pair) != 2)
            return carta_yaml_error(err, file, pair, "each secondary entry is a pair of runes");
        int s0 = cards_rune_ref(r, fy_node_sequence_get_by_index(pair, 0), realm, file, err);
        int s1 = s0 < 0 ? -1
                        : cards_rune_ref(r, fy_node_sequence_get_by_index(pair, 1), realm, file,
                                         err);
        if (s1 < 0)
            return CARTA_ERR_INPUT;
        if (s0 == s1 || s0 == p || s1 == p)
            return carta_yaml_error(err, file, pair, "the primary and the two secondary runes of "
                                    "a realm are three different runes (6.1)");
        c->primary[realm] = (uint8_t)p;
        c->secondary[realm][0] = (uint8_t)s0;
        c->secondary[realm][1] = (uint8_t)s1;
    }
    return CARTA_OK;
}

static carta_status cards_avatar(ess_card *c, struct fy_node *map, const char *file,
                                 carta_error *err)
{
    static const char *const act_keys[] = {"when", "effect", "fate", "amount", "text", NULL};
    static const char *const pas_keys[] = {"on", "amount", "text", NULL};
    struct fy_node *act = carta_yaml_get(map, "active"), *pas = carta_yaml_get(map, "passive");
    int when, effect, fate, amount, on, pamount;
    if (!act || !pas || !fy_node_is_mapping(act) || !fy_node_is_mapping(pas))
        return carta_yaml_error(err, file, map, "an Avatar needs an 'active' and a 'passive' "
                                "ability (5.1)");
    if (carta_yaml_check_keys(act, act_keys, "an active ability", file, err) ||
        carta_yaml_check_keys(pas, pas_keys, "a passive ability", file, err) ||
        (when = cards_word(act, "when", when_words, ESS_WHEN_ANY, file, err)) < 0 ||
        (effect = cards_word(act, "effect", ability_words, ESS_AB_EXPLORE, file, err)) < 0 ||
        carta_yaml_int(act, "fate", 0, true, 1, 6, &fate, file, err) ||
        carta_yaml_int(act, "amount", 0, false, 0, 9, &amount, file, err) ||
        (on = cards_word(pas, "on", passive_words, ESS_PA_EXPLORE_FOREST, file, err)) < 0 ||
        carta_yaml_int(pas, "amount", 0, true, 1, 20, &pamount, file, err))
        return CARTA_ERR_INPUT;
    if (when == ESS_WHEN_ANY || when == ESS_WHEN_EXPLORE)
        return carta_yaml_error(err, file, carta_yaml_get(act, "when"), "an active ability "
                                "names its phase: first, combat, arcane, end or their_combat");
    if ((effect == ESS_AB_WILLPOWER_FATE) != (when == ESS_WHEN_THEIR_COMBAT))
        return carta_yaml_error(err, file, act, "willpower_fate is the ability used in an "
                                "opponent's combat (when: their_combat), and only it");
    if (on == ESS_PA_HAND_LIMIT && pamount < ESS_HAND_LIMIT)
        return carta_yaml_error(err, file, pas, "a hand limit below %d", ESS_HAND_LIMIT);
    c->act_when = (uint8_t)when;
    c->act_effect = (uint8_t)effect;
    c->act_fate = (uint8_t)fate;
    c->act_amount = (uint8_t)amount;
    c->pas_on = (uint8_t)on;
    c->pas_amount = (uint8_t)pamount;
    return CARTA_OK;
}

static carta_status cards_spell(carta_rules *r, int id, ess_card *c, struct fy_node *map,
                                const char *file, carta_error *err)
{
    static const char *const sides[] = {"light", "dark", NULL};
    int side, when, effect, amount;
    struct fy_node *cost = carta_yaml_get(map, "cost");
    if ((side = cards_word(map, "side", sides, 0, file, err)) < 0 ||
        (when = cards_word(map, "when", when_words, ESS_WHEN_ANY, file, err)) < 0 ||
        (effect = cards_word(map, "effect", spell_words, ESS_SP_SUMMONING, file, err)) < 0 ||
        carta_yaml_int(map, "amount", 0, false, 0, 9, &amount, file, err) ||
        carta_yaml_str(map, "back", NULL, r->back_name[id], sizeof r->back_name[id], file, err))
        return CARTA_ERR_INPUT;
    if (when == ESS_WHEN_FIRST || when >= ESS_WHEN_END)
        return carta_yaml_error(err, file, carta_yaml_get(map, "when"), "a spell is cast at any "
                                "time or in the explore, combat or arcane phase (4.1)");
    int n = cost && fy_node_is_sequence(cost) ? fy_node_sequence_item_count(cost) : 0;
    if (n < 1 || n > ESS_COST_MAX)
        return carta_yaml_error(err, file, cost ? cost : map, "'cost' is a list of 1 to %d of "
                                "green, blue, red, grey", ESS_COST_MAX);
    for (int i = 0; i < n; i++) {
        char word[16];
        struct fy_node *item = fy_node_sequence_get_by_index(cost, i);
        int color = -1;
        if (carta_yaml_scalar(item, word, sizeof word))
            for (int k = 0; color_words[k]; k++)
                if (strcasecmp(word, color_words[k]) == 0)
                    color = k;
        if (color < 0)
            return carta_yaml_error(err, file, item, "a cost symbol is green, blue, red or grey");
        c->cost[i] = (uint8_t)color;
    }
    /* coloured symbols first, grey last: a payment is searched in that order (spell.c) */
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && c->cost[k] < c->cost[k - 1]; k--) {
            uint8_t t = c->cost[k];
            c->cost[k] = c->cost[k - 1];
            c->cost[k - 1] = t;
        }
    c->n_cost = (uint8_t)n;
    c->dark = (uint8_t)side;
    c->spell_when = (uint8_t)when;
    c->effect = (uint8_t)effect;
    c->amount = (uint8_t)amount;
    return CARTA_OK;
}

static carta_status cards_fate(ess_card *c, struct fy_node *map, const char *file,
                               carta_error *err)
{
    static const uint8_t bonus_fate[] = {
        [ESS_BO_ATTACK] = ESS_WARRIOR, [ESS_BO_ATTACK_TURN] = ESS_WARRIOR,
        [ESS_BO_LOOT] = ESS_WARRIOR, [ESS_BO_INVULNERABLE] = ESS_WARRIOR,
        [ESS_BO_REFUND] = ESS_MAGUS, [ESS_BO_KEEP] = ESS_MAGUS, [ESS_BO_SPELL_TURN] = ESS_MAGUS,
        [ESS_BO_DRAW] = 0xFF, [ESS_BO_SIX] = ESS_TRICKSTER, [ESS_BO_AGAIN] = ESS_TRICKSTER};
    int type, number, bonus, amount;
    if ((type = cards_word(map, "fate", fate_words, ESS_WARRIOR, file, err)) < 0 ||
        carta_yaml_int(map, "number", 0, true, 1, 6, &number, file, err) ||
        (bonus = cards_word(map, "bonus", bonus_words, ESS_BO_ATTACK, file, err)) < 0 ||
        carta_yaml_int(map, "amount", 0, false, 0, 9, &amount, file, err))
        return CARTA_ERR_INPUT;
    if (bonus_fate[bonus] != 0xFF && bonus_fate[bonus] != type)
        return carta_yaml_error(err, file, carta_yaml_get(map, "bonus"), "bonus '%s' is not a "
                                "bonus of the Fate of the %s", bonus_words[bonus - 1],
                                fate_words[type]);
    c->fate_type = (uint8_t)type;
    c->number = (uint8_t)number;
    c->bonus = (uint8_t)bonus;
    c->bonus_amount = (uint8_t)amount;
    return CARTA_OK;
}

static carta_status cards_monster(ess_card *c, struct fy_node *map, const char *file,
                                  carta_error *err)
{
    int w, d, s, l, i;
    if (carta_yaml_int(map, "willpower", 0, true, 1, 40, &w, file, err) ||
        carta_yaml_int(map, "damage", 0, true, 0, 9, &d, file, err) ||
        carta_yaml_int(map, "support", 0, true, 1, 9, &s, file, err) ||
        carta_yaml_int(map, "loot", 0, true, 0, 5, &l, file, err) ||
        carta_yaml_int(map, "interference", 0, true, 1, 12, &i, file, err))
        return CARTA_ERR_INPUT;
    c->willpower = (uint8_t)w;
    c->damage = (uint8_t)d;
    c->support = (uint8_t)s;
    c->loot = (uint8_t)l;
    c->interference = (uint8_t)i;
    return CARTA_OK;
}

carta_status ess_compile(void *ctx, int card_id, struct fy_node *map, const char *file,
                         carta_error *err)
{
    static const char *const keys[] = {
        "name", "type", "text", "copies", "realm", "rune", "willpower", "damage", "support",
        "loot", "interference", "primary", "secondary", "active", "passive", "side", "back",
        "when", "cost", "effect", "amount", "fate", "number", "bonus", NULL};
    carta_rules *r = ctx;
    ess_card c = {0};
    int kind, copies = 1;
    if (card_id >= CARTA_CATALOG_MAX)
        return carta_yaml_error(err, file, map, "too many cards");
    if (carta_yaml_check_keys(map, keys, "an Essence card", file, err) ||
        (kind = cards_word(map, "type", kind_words, ESS_K_ESSENCE, file, err)) < 0 ||
        carta_yaml_int(map, "copies", 1, false, 1, 8, &copies, file, err))
        return CARTA_ERR_INPUT;
    c.kind = (uint8_t)kind;
    c.copies = (uint8_t)copies;
    c.back = ESS_NONE;
    bool realm_card = kind == ESS_K_ESSENCE || kind == ESS_K_MONSTER || kind == ESS_K_UNICORN;
    if (!realm_card && kind != ESS_K_FATE && copies != 1)
        return carta_yaml_error(err, file, map, "only Essence, Monster, Unicorn Blood and Fate "
                                "cards have copies");
    if (realm_card) {
        int realm = cards_word(map, "realm", realm_words, ESS_FOREST, file, err);
        if (realm < 0)
            return CARTA_ERR_INPUT;
        c.realm = (uint8_t)realm;
    }
    carta_status st = CARTA_OK;
    switch (kind) {
    case ESS_K_ESSENCE: st = cards_rune(r, &c, map, file, err); break;
    case ESS_K_MONSTER: st = cards_monster(&c, map, file, err); break;
    case ESS_K_CARTA: st = cards_carta(r, &c, map, file, err); break;
    case ESS_K_AVATAR: st = cards_avatar(&c, map, file, err); break;
    case ESS_K_SPELL: st = cards_spell(r, card_id, &c, map, file, err); break;
    case ESS_K_FATE: st = cards_fate(&c, map, file, err); break;
    default: break;
    }
    if (st)
        return st;
    char text[512] = "";
    if (carta_yaml_str(map, "text", "", text, sizeof text, file, err))
        return CARTA_ERR_INPUT;
    free(r->text[card_id]);
    r->text[card_id] = text[0] ? strdup(text) : NULL;
    r->card[card_id] = c;
    if (card_id >= r->n_cards)
        r->n_cards = card_id + 1;
    return CARTA_OK;
}

/* The box: every spell side linked to its back, and the counts the state can hold. */
carta_status ess_link(carta_rules *r, carta_error *err)
{
    int count[ESS_K_FATE + 1] = {0}, realm_cards = 0, light = 0;
    for (int id = 0; id < r->n_cards; id++) {
        ess_card *c = &r->card[id];
        count[c->kind] += c->copies;
        if (c->kind == ESS_K_ESSENCE || c->kind == ESS_K_MONSTER || c->kind == ESS_K_UNICORN)
            realm_cards += c->copies;
        if (c->kind != ESS_K_SPELL)
            continue;
        int back = carta_catalog_find(r->catalog, r->back_name[id]);
        if (back < 0 || r->card[back].kind != ESS_K_SPELL || r->card[back].dark == c->dark)
            return carta_error_set(err, CARTA_ERR_INPUT, "essence: spell '%s': its back '%s' "
                                   "is not a spell of the other side",
                                   carta_catalog_name(r->catalog, id), r->back_name[id]);
        c->back = (uint16_t)back;
        light += !c->dark;
    }
    for (int id = 0; id < r->n_cards; id++)
        if (r->card[id].kind == ESS_K_SPELL && r->card[r->card[id].back].back != id)
            return carta_error_set(err, CARTA_ERR_INPUT, "essence: spell '%s' and its back do "
                                   "not name each other", carta_catalog_name(r->catalog, id));
    if (!r->n_cards)
        return CARTA_OK; /* an empty rules object, as scenarios with inline cards start */
    if (light != ESS_SPELLS || count[ESS_K_SPELL] != 2 * ESS_SPELLS)
        return carta_error_set(err, CARTA_ERR_INPUT, "essence: the Aether is %d double-sided "
                               "spell cards, not %d light sides of %d", ESS_SPELLS, light,
                               count[ESS_K_SPELL]);
    if (count[ESS_K_AVATAR] < ESS_SEATS || count[ESS_K_AVATAR] > ESS_AVATAR_MAX ||
        count[ESS_K_CARTA] < ESS_SEATS || count[ESS_K_CARTA] > ESS_CARTA_MAX ||
        count[ESS_K_FATE] < 6 || count[ESS_K_FATE] > ESS_FATE_MAX || realm_cards > ESS_PILE_MAX)
        return carta_error_set(err, CARTA_ERR_INPUT, "essence: the box needs %d-%d Avatars (has "
                               "%d), %d-%d Carta Essentia (%d), 6-%d Fate cards (%d) and at most "
                               "%d realm cards (%d)", ESS_SEATS, ESS_AVATAR_MAX,
                               count[ESS_K_AVATAR], ESS_SEATS, ESS_CARTA_MAX, count[ESS_K_CARTA],
                               ESS_FATE_MAX, count[ESS_K_FATE], ESS_PILE_MAX, realm_cards);
    return CARTA_OK;
}
