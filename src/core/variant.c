/* variant.c: card-change variants (variant.h). */
#include "variant.h"

#include <libfyaml.h>
#include <stdio.h>

#include "catalog.h"
#include "yaml.h"

/* The card maps of a card file's root: its `cards:` list, or the root itself if a list. */
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

carta_status carta_variant_apply(const carta_game_yaml *y, carta_rules *rules, const char *path,
                                 carta_variant_change *change, carta_error *err)
{
    if (!y->add_cards)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: %s takes no card-change variants",
                               path, y->game->id);
    struct fy_document *doc = carta_yaml_load(path, err);
    if (!doc)
        return CARTA_ERR_INPUT;
    struct fy_node *cards = variant_cards(fy_document_root(doc));
    carta_status st;
    if (!cards || !fy_node_is_sequence(cards)) {
        st = carta_yaml_error(err, path, fy_document_root(doc),
                              "a variant is a card file: a map with 'cards:' or a list of cards");
    } else {
        if (change) {
            *change = (carta_variant_change){0};
            variant_note(y->game, rules, cards, change);
        }
        carta_catalog_replacing(1);
        st = y->add_cards(rules, cards, path, err);
        carta_catalog_replacing(0);
    }
    fy_document_destroy(doc);
    return st;
}
