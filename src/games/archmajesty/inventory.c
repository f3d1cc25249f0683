/* inventory.c: a mage's personal inventory and personal effects (CREATE-A-MAGE, Equipment Slots:
 * "You can carry any number of items (within reason) in your personal inventory without worrying
 * about encumbrance. Items that aren't equipped cannot be used during combat."; PERSONAL
 * EQUIPMENT, ENCUMBRANCE and PERSONAL EFFECTS; rulings R139, R140). A mage file's `inventory:`
 * names items of the card set carried unequipped, `personal_effects:` is free text. Both are
 * checked as the file is read and go no further: nothing of them enters a combat encounter. */
#include "games/archmajesty/archmajesty.h"

#include "core/yaml.h"

/* Whether catalog type t is an item: a weapon, armour, a consumable or an artefact. */
static int inventory_item(int t) { return t >= AM_T_WEAPON && t <= AM_T_ARTEFACT; }

carta_status am_inventory_read(const carta_rules *r, struct fy_node *root, const char *path,
                               carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(root, "inventory");
    if (seq && !fy_node_is_sequence(seq))
        return carta_yaml_error(err, path, seq, "'inventory' is a list of item names");
    for (int i = 0; seq && i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *it = fy_node_sequence_get_by_index(seq, i);
        char name[CARTA_NAME_MAX];
        if (!carta_yaml_scalar(it, name, sizeof name) || !name[0])
            return carta_yaml_error(err, path, it, "expected an item's name");
        int id = carta_catalog_find(r->catalog, name);
        if (id < 0)
            return carta_yaml_error(err, path, it, "inventory: '%s' is not in the card set",
                                    name);
        if (!inventory_item(am_type_of(r, id)))
            return carta_yaml_error(err, path, it, "inventory: '%s' is not an item (a weapon, "
                                    "armour, a consumable or an artefact)", name);
    }
    struct fy_node *effects = carta_yaml_get(root, "personal_effects");
    if (effects && !fy_node_is_scalar(effects))
        return carta_yaml_error(err, path, effects, "'personal_effects' is free text");
    return CARTA_OK;
}
