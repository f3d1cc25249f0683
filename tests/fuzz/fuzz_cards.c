/* fuzz_cards.c: libFuzzer harness: the input as a card file, loaded by the generic catalog and
 * added as cards to fresh rules of every registered game. Must never crash or leak. */
#include <libfyaml.h>

#include "core/catalog.h"
#include "core/game.h"
#include "core/yaml.h"
#include "fuzz_common.h"
#include "games/registry.h"

/* A compile callback that accepts every card: exercises the catalog's own checks only. */
static carta_status fuzz_cards_accept(void *ctx, int card_id, struct fy_node *card,
                                      const char *file, carta_error *err)
{
    (void)ctx, (void)card_id, (void)card, (void)file, (void)err;
    return CARTA_OK;
}

/* The generic catalog over the bytes as a file. */
static void fuzz_cards_catalog(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_temp(data, size, ".yaml");
    carta_catalog *cat = path ? carta_catalog_new() : NULL;
    if (!cat)
        return;
    carta_error err = {0};
    if (carta_catalog_load_file(cat, path, fuzz_cards_accept, NULL, &err) == CARTA_OK)
        (void)carta_catalog_digest(cat);
    carta_catalog_free(cat);
}

/* Adds the document's `cards:` sequence to fresh rules of game; the rules stay usable after. */
static void fuzz_cards_game(const carta_game_yaml *y, struct fy_node *cards)
{
    const carta_game *g = y->game;
    char dir[512];
    snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
    carta_error err = {0};
    carta_rules *rules = g->open(dir, &err);
    if (!rules) {
        fprintf(stderr, "fuzz_cards: cannot open %s: %s\n", dir, err.msg);
        abort();
    }
    carta_error why = {0};
    if (y->add_cards(rules, cards, "fuzz.yaml", &why) == CARTA_OK) {
        (void)g->card_digest(rules);
        const char *name = g->card_name(rules, 0);
        if (name)
            (void)g->card_id(rules, name);
    } else if (why.status == CARTA_OK || !why.msg[0]) {
        fprintf(stderr, "fuzz_cards: %s refused cards without a message\n", g->id);
        abort();
    }
    g->close(rules);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_cards_catalog(data, size);
    carta_error err = {0};
    struct fy_document *doc = carta_yaml_load_string((const char *)data, size, "fuzz.yaml", &err);
    if (!doc)
        return 0;
    struct fy_node *root = fy_document_root(doc);
    struct fy_node *cards = fy_node_is_mapping(root) ? carta_yaml_get(root, "cards") : root;
    for (int i = 0; cards && i < carta_game_count(); i++) {
        const carta_game_yaml *y = carta_game_yaml_find(carta_game_at(i)->id);
        if (y && y->add_cards)
            fuzz_cards_game(y, cards);
    }
    fy_document_destroy(doc);
    return 0;
}
