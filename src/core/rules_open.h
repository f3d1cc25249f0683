/* rules_open.h: what every rule system's open does, once: a card catalog loaded from data_dir
 * with the game's compile callback, the state layout built, data_dir kept for prebuilt decks.
 * The game allocates its carta_rules, calls this, then derives what it needs from the cards
 * (links, tables); on failure it closes what it allocated. */
#ifndef CARTA_RULES_OPEN_H
#define CARTA_RULES_OPEN_H

#include <stddef.h>

#include "catalog.h"
#include "layout.h"

/* The parts of a game's rules that this fills, by address. */
typedef struct carta_rules_parts {
    carta_catalog **catalog;
    carta_layout *layout;
    char *data_dir;
    size_t data_dir_cap;
} carta_rules_parts;

/* Makes the catalog, builds the layout with layout_build, keeps data_dir ("" if NULL) and, if
 * data_dir is given, loads its card files through compile(ctx, ...). On failure err names what
 * (game_id and out of memory, or the card file's error); the parts made so far stay for the
 * game's close to free. */
carta_status carta_rules_open(const carta_rules_parts *parts, const char *game_id,
                              const char *data_dir, int (*layout_build)(carta_layout *),
                              carta_card_compile_fn compile, void *ctx, carta_error *err);

#endif
