/* variant.c: card-change and rules variants (variant.h). */
#include "variant.h"

#include <libfyaml.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "options.h"
#include "yaml.h"

/* The card maps of a variant's root: its `cards:` list, or the root itself if a list. */
static struct fy_node *variant_cards(struct fy_node *root)
{
    return root && fy_node_is_sequence(root) ? root : carta_yaml_get(root, "cards");
}

/* Notes each card of cards as replaced (its name is known to game) or added. */
static void variant_note(const carta_game *game, const carta_rules *rules, struct fy_node *cards,
                         carta_variant_change *change)
{
    void *it = NULL;
    struct fy_node *card;
    while ((card = fy_node_sequence_iterate(cards, &it))) {
        char name[CARTA_NAME_MAX];
        if (!carta_yaml_scalar(carta_yaml_get(card, "name"), name, sizeof name))
            continue;
        int known = game->card_id(rules, name) >= 0;
        int *n = known ? &change->n_replaced : &change->n_added;
        if (*n < CARTA_VARIANT_NAMES)
            snprintf(known ? change->replaced[*n] : change->added[*n], CARTA_NAME_MAX, "%s", name);
        (*n)++;
    }
}

/* The `options:` map (may be absent) into change's options, checked against the game and set
 * in config. */
static carta_status variant_options(const carta_game *game, struct fy_node *map,
                                    carta_config *config, const char *path,
                                    carta_variant_change *change, carta_error *err)
{
    if (!map)
        return CARTA_OK;
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, path, map, "'options' is a map of option: whole number");
    carta_config next = *config;
    void *it = NULL;
    struct fy_node_pair *pair;
    while ((pair = fy_node_mapping_iterate(map, &it))) {
        char key[CARTA_OPTION_KEY], value[32], item[CARTA_OPTION_KEY + 40];
        struct fy_node *k = fy_node_pair_key(pair), *v = fy_node_pair_value(pair);
        if (!carta_yaml_scalar(k, key, sizeof key) || !carta_yaml_scalar(v, value, sizeof value))
            return carta_yaml_error(err, path, k, "an option is 'name: whole number'");
        snprintf(item, sizeof item, "%s=%s", key, value);
        carta_error why = {0};
        if (carta_options_parse(game, &next, item, &why) != CARTA_OK)
            return carta_yaml_error(err, path, k, "%s", why.msg);
        if (change->n_options < CARTA_OPTIONS_MAX) {
            carta_option *o = &change->options[change->n_options++];
            snprintf(o->key, sizeof o->key, "%s", key);
            o->value = carta_option_value(game, &next, key);
        }
    }
    *config = next;
    return CARTA_OK;
}

/* The cards of the file, if it has any, onto the rules. */
static carta_status variant_cards_apply(const carta_game_yaml *y, carta_rules *rules,
                                        struct fy_node *cards, const char *path,
                                        carta_variant_change *change, carta_error *err)
{
    if (!cards)
        return CARTA_OK;
    if (!fy_node_is_sequence(cards))
        return carta_yaml_error(err, path, cards, "'cards' is a list of cards");
    if (!y->add_cards)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: %s takes no card-change variants",
                               path, y->game->id);
    variant_note(y->game, rules, cards, change);
    carta_catalog_replacing(1);
    carta_status st = y->add_cards(rules, cards, path, err);
    carta_catalog_replacing(0);
    return st;
}

carta_status carta_variant_apply(const carta_game_yaml *y, carta_rules *rules,
                                 carta_config *config, const char *path,
                                 carta_variant_change *change, carta_error *err)
{
    carta_variant_change scratch;
    change = change ? change : &scratch;
    *change = (carta_variant_change){0};
    struct fy_document *doc = carta_yaml_load(path, err);
    if (!doc)
        return CARTA_ERR_INPUT;
    struct fy_node *root = fy_document_root(doc), *cards = variant_cards(root);
    struct fy_node *options = root && fy_node_is_mapping(root) ? carta_yaml_get(root, "options")
                                                               : NULL;
    carta_config next = *config;
    carta_status st;
    if (!cards && !options)
        st = carta_yaml_error(err, path, root, "a variant is a card file: a map with 'cards:' "
                              "(cards that replace or add), 'options:' (rules variants) or both, "
                              "or a list of cards");
    else if ((st = variant_options(y->game, options, &next, path, change, err)) == CARTA_OK)
        st = variant_cards_apply(y, rules, cards, path, change, err);
    if (st == CARTA_OK)
        *config = next;
    fy_document_destroy(doc);
    return st;
}
