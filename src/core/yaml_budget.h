/* yaml_budget.h: a pass over libfyaml's parse events (no document is built) that refuses YAML
 * text whose documents would cost libfyaml too much to build: aliases that expand past a node
 * budget ("billion laughs"), or a mapping with so many keys that libfyaml's pairwise duplicate-key
 * check would take minutes. Why each bound exists is in docs/inputs.md. */
#ifndef CARTA_YAML_BUDGET_H
#define CARTA_YAML_BUDGET_H

#include <stddef.h>

#include "status.h"

enum {
    /* Nodes that aliases may add to a text, each alias counted as a copy of its anchor's node. */
    CARTA_YAML_MAX_ALIAS_NODES = 65536,
    /* Keys in one mapping; a complex key counts its nodes, a merge ("<<") the nodes it merges. */
    CARTA_YAML_MAX_KEYS = 1024
};

/* Checks text (len bytes; it must have passed carta_yaml_check_text, or libfyaml's scanner may
 * not end) against the bounds above. A text that libfyaml cannot parse passes: the real parse
 * reports that error. On failure sets err ("name:line:col: error: ...") and returns
 * CARTA_ERR_INPUT (CARTA_ERR_NOMEM if memory ran out). */
carta_status carta_yaml_check_budget(const char *text, size_t len, const char *name,
                                     carta_error *err);

#endif
