/* variant.h: a variant, the designer's "what if this were different?": a file in the game's
 * card-file format whose cards replace the cards of the same name and add the others, and whose
 * `options:` map sets rules variants (options.h: "key_cost: 7"), applied to opened rules and a
 * configuration (`carta sim GAME --variant FILE`, docs/variants.md). */
#ifndef CARTA_VARIANT_H
#define CARTA_VARIANT_H

#include "game_yaml.h"

enum { CARTA_VARIANT_NAMES = 32 };

/* What a variant changed: the names it replaced and those it added, as the file gives them, and
 * the options it sets (each as "key: value" in the file). */
typedef struct carta_variant_change {
    int n_replaced, n_added;
    char replaced[CARTA_VARIANT_NAMES][CARTA_NAME_MAX];
    char added[CARTA_VARIANT_NAMES][CARTA_NAME_MAX];
    int n_options;
    carta_option options[CARTA_OPTIONS_MAX];
} carta_variant_change;

/* Applies the variant file at path: its cards to rules (opened by y->game, not yet used by any
 * state; they replace those of the same name, keeping their ids, and the others are added), its
 * options to config (replacing the value of an option config already sets). On error err names
 * the file, the line and the reason, config is unchanged and the rules may be half changed:
 * close them. change (may be NULL) says what changed. */
carta_status carta_variant_apply(const carta_game_yaml *y, carta_rules *rules,
                                 carta_config *config, const char *path,
                                 carta_variant_change *change, carta_error *err);

#endif
