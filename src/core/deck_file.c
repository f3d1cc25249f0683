/* deck_file.c: loading a deck file: the document, the game's reader, the game's check. */
#include "deck_file.h"

#include <stdio.h>
#include <string.h>

#include "yaml.h"

enum { DECK_FILE_WHERE_MAX = 1400 }; /* a path (deck_spec allows 1300 bytes) and a line */

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
