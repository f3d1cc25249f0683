/* deck_file.c: loading a deck file: the document, the game's reader, the game's check. */
#include "deck_file.h"

#include <stdio.h>
#include <string.h>

#include "yaml.h"

enum { DECK_FILE_WHERE_MAX = 1400 }; /* a path (deck_spec allows 1300 bytes) and a line */

struct fy_node *carta_deck_file_cards(struct fy_node *root, int exact, const char *path,
                                      carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(root, "cards");
    if (!seq) {
        carta_yaml_error(err, path, root, "a deck needs 'cards:', a list of %d card names", exact);
        return NULL;
    }
    if (!fy_node_is_sequence(seq)) {
        carta_yaml_error(err, path, seq, "'cards:' must be a list of card names");
        return NULL;
    }
    int n = fy_node_sequence_item_count(seq);
    if (n != exact) {
        carta_yaml_error(err, path, seq, "a deck has exactly %d cards, this one lists %d", exact,
                         n);
        return NULL;
    }
    return seq;
}

carta_status carta_deck_file_load(const carta_rules *rules, const char *path,
                                  carta_deck_read_fn reader, carta_deck_check_at_fn check_at,
                                  carta_deck *out, carta_error *err)
{
    struct fy_document *doc = carta_yaml_load(path, err);
    if (!doc)
        return err && err->status != CARTA_OK ? err->status : CARTA_ERR_IO;
    struct fy_node *root = fy_document_root(doc);
    carta_deck deck;
    memset(&deck, 0, sizeof deck);
    carta_status st = reader(rules, root, path, &deck, err);
    if (st == CARTA_OK) {
        char where[DECK_FILE_WHERE_MAX];
        snprintf(where, sizeof where, "%s:%d", path,
                 carta_yaml_line(carta_yaml_get(root, "cards")));
        st = check_at(rules, &deck, where, err) == CARTA_OK ? CARTA_OK : CARTA_ERR_INPUT;
    }
    fy_document_destroy(doc);
    if (st == CARTA_OK)
        *out = deck;
    return st;
}
