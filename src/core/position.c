/* position.c: the readers every game's scenario positions share (position.h). */
#include "position.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

carta_status carta_pos_fields(struct fy_node *map, const carta_pos_field *fields, int n,
                              const char *const *others, const char *what, void *base,
                              const char *file, carta_error *err)
{
    const char *keys[96];
    int k = 0;
    for (int i = 0; i < n && k < 95; i++)
        keys[k++] = fields[i].key;
    for (int i = 0; others && others[i] && k < 95; i++)
        keys[k++] = others[i];
    keys[k] = NULL;
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "%s needs a map", what);
    if (carta_yaml_check_keys(map, keys, what, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; i < n; i++) {
        const carta_pos_field *f = &fields[i];
        uint8_t *at = (uint8_t *)base + f->offset;
        if (!carta_yaml_get(map, f->key))
            continue;
        if (f->bit) {
            bool on = false;
            if (carta_yaml_bool(map, f->key, false, &on, file, err))
                return CARTA_ERR_INPUT;
            *at = (uint8_t)(on ? *at | f->bit : *at & ~f->bit);
            continue;
        }
        int v = 0;
        if (carta_yaml_int(map, f->key, 0, true, f->lo, f->hi, &v, file, err))
            return CARTA_ERR_INPUT;
        if (f->size == 1)
            *at = (uint8_t)v;
        else
            memcpy(at, &(uint16_t){(uint16_t)v}, 2);
    }
    return CARTA_OK;
}

carta_status carta_pos_card(const carta_pos_types *types, const carta_rules *rules,
                            struct fy_node *node, const char *what, unsigned mask, int *out,
                            const char *file, carta_error *err)
{
    char name[CARTA_NAME_MAX], want[160] = "";
    if (!node || !carta_yaml_scalar(node, name, sizeof name) || !name[0])
        return carta_yaml_error(err, file, node, "%s needs a card name", what);
    int id = types->game->card_id(rules, name);
    int type = id < 0 ? -1 : types->type_of(rules, id);
    if (type < 0)
        return carta_yaml_error(err, file, node, "unknown card '%s' in %s", name, what);
    if (mask && !(mask >> type & 1)) {
        for (int t = 0; t < 16; t++)
            if (mask >> t & 1)
                snprintf(want + strlen(want), sizeof want - strlen(want), "%s%s",
                         want[0] ? " or " : "", types->names[t]);
        return carta_yaml_error(err, file, node, "%s holds %s cards; '%s' is a%s %s", what, want,
                                name, strchr("aeiou", types->names[type][0]) ? "n" : "",
                                types->names[type]);
    }
    *out = id;
    return CARTA_OK;
}

carta_status carta_pos_cards(const carta_pos_types *types, const carta_rules *rules,
                             struct fy_node *map, const char *key, unsigned mask, uint16_t *ids,
                             int cap, uint8_t *n, bool top_first, const char *file,
                             carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(map, key);
    *n = 0;
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list of card names", key);
    int count = fy_node_sequence_item_count(seq);
    if (count > cap)
        return carta_yaml_error(err, file, seq, "'%s' holds at most %d cards, found %d", key,
                                cap, count);
    for (int i = 0; i < count; i++) {
        int id = -1;
        if (carta_pos_card(types, rules, fy_node_sequence_get_by_index(seq, i), key, mask, &id,
                           file, err))
            return CARTA_ERR_INPUT;
        ids[top_first ? count - 1 - i : i] = (uint16_t)id;
    }
    *n = (uint8_t)count;
    return CARTA_OK;
}

carta_status carta_pos_word(struct fy_node *map, const char *key, const char *def,
                            const char *const *words, int *out, const char *file,
                            carta_error *err)
{
    char text[CARTA_NAME_MAX], list[256] = "";
    if (carta_yaml_str(map, key, def, text, sizeof text, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; words[i]; i++) {
        if (!strcasecmp(text, words[i])) {
            *out = i;
            return CARTA_OK;
        }
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", words[i]);
    }
    return carta_yaml_error(err, file, carta_yaml_get(map, key), "unknown %s '%s' (expected %s)",
                            key, text, list);
}

carta_status carta_pos_bits(struct fy_node *seq, const char *what, const char *const *words,
                            uint8_t *bits, const char *file, carta_error *err)
{
    if (seq && !fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'%s' needs a list", what);
    for (int i = 0; seq && i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *item = fy_node_sequence_get_by_index(seq, i);
        char text[CARTA_NAME_MAX] = "", list[256] = "";
        int k = 0;
        carta_yaml_scalar(item, text, sizeof text);
        for (; words[k] && strcasecmp(words[k], text); k++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "",
                     words[k]);
        if (!words[k]) {
            for (int j = k; words[j]; j++)
                snprintf(list + strlen(list), sizeof list - strlen(list), ", %s", words[j]);
            return carta_yaml_error(err, file, item, "unknown %s '%s' (expected %s)", what, text,
                                    list);
        }
        *bits |= (uint8_t)(1u << k);
    }
    return CARTA_OK;
}

carta_status carta_pos_u64(struct fy_node *map, const char *key, uint64_t def, uint64_t *out,
                           const char *file, carta_error *err)
{
    struct fy_node *node = carta_yaml_get(map, key);
    char text[32], *end;
    *out = def;
    if (!node)
        return CARTA_OK;
    errno = 0;
    if (!carta_yaml_scalar(node, text, sizeof text) || text[0] < '0' || text[0] > '9' ||
        (*out = strtoull(text, &end, 10), errno || *end))
        return carta_yaml_error(err, file, node, "'%s' needs a whole number", key);
    return CARTA_OK;
}

void carta_pos_sort(uint16_t *ids, int n)
{
    for (int i = 1; i < n; i++) /* insertion sort: small lists */
        for (int j = i; j > 0 && ids[j - 1] > ids[j]; j--) {
            uint16_t t = ids[j];
            ids[j] = ids[j - 1];
            ids[j - 1] = t;
        }
}
