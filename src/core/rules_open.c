/* rules_open.c: the shared part of opening a rule system's rules (rules_open.h). */
#include "rules_open.h"

#include <stdio.h>

carta_status carta_rules_open(const carta_rules_parts *parts, const char *game_id,
                              const char *data_dir, int (*layout_build)(carta_layout *),
                              carta_card_compile_fn compile, void *ctx, carta_error *err)
{
    snprintf(parts->data_dir, parts->data_dir_cap, "%s", data_dir ? data_dir : "");
    if (!(*parts->catalog = carta_catalog_new()) || !layout_build(parts->layout))
        return carta_error_set(err, CARTA_ERR_NOMEM, "%s: out of memory", game_id);
    if (data_dir)
        return carta_catalog_load_dir(*parts->catalog, data_dir, compile, ctx, err);
    return CARTA_OK;
}
