/* position.h: what every game's scenario positions (docs/scenarios.md, `position:`) read the same
 * way: numbers and flags straight into fields of the state (a table, not code), card names,
 * lists of card names into zones, a word out of a list, a seed. Errors are "file:line: error:
 * reason" (yaml.h). */
#ifndef CARTA_POSITION_H
#define CARTA_POSITION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "yaml.h"

/* A number or a flag that a key of a position map sets in a struct of the game's state. */
typedef struct carta_pos_field {
    const char *key;
    uint16_t offset; /* of the field in the struct */
    uint8_t size;    /* 1 or 2 bytes; signed when lo < 0 */
    uint8_t bit;     /* nonzero: a boolean, this bit of a byte */
    int16_t lo, hi;  /* a number's range */
} carta_pos_field;

#define CARTA_POS_INT(key, type, field, lo, hi)                                                    \
    {key, (uint16_t)offsetof(type, field), (uint8_t)sizeof(((type *)0)->field), 0, lo, hi}
#define CARTA_POS_FLAG(key, type, field, bit) {key, (uint16_t)offsetof(type, field), 1, bit, 0, 1}

/* Checks that every key of map is a field's key or one of others (NULL-terminated, may be NULL;
 * what names the map), then sets each field map has in base; an absent key leaves its field as
 * it was (set the defaults first). n fields. */
carta_status carta_pos_fields(struct fy_node *map, const carta_pos_field *fields, int n,
                              const char *const *others, const char *what, void *base,
                              const char *file, carta_error *err);

/* A game's card types, for positions that take only some (a battle line holds creatures). */
typedef struct carta_pos_types {
    const carta_game *game;
    int (*type_of)(const carta_rules *rules, int id); /* -1: no card */
    const char *const *names;                        /* of each type */
} carta_pos_types;

/* The card id of a scalar card name, refused if the game does not know it or its type is not
 * in mask (bit 1 << type; 0: any type): "what holds creature cards; 'X' is an action". */
carta_status carta_pos_card(const carta_pos_types *types, const carta_rules *rules,
                            struct fy_node *node, const char *what, unsigned mask, int *out,
                            const char *file, carta_error *err);

/* The list of card names under key of map (absent: none) into at most cap ids, each of a type
 * in mask; top_first lists a pile from its top, which is stored last. *n receives the count. */
carta_status carta_pos_cards(const carta_pos_types *types, const carta_rules *rules,
                             struct fy_node *map, const char *key, unsigned mask, uint16_t *ids,
                             int cap, uint8_t *n, bool top_first, const char *file,
                             carta_error *err);

/* The index in words (NULL-terminated) of key's value in map; def when absent. */
carta_status carta_pos_word(struct fy_node *map, const char *key, const char *def,
                            const char *const *words, int *out, const char *file,
                            carta_error *err);

/* A list of words out of words (NULL-terminated, at most 8; absent: none) as bits: word i sets
 * bit i of *bits. */
carta_status carta_pos_bits(struct fy_node *seq, const char *what, const char *const *words,
                            uint8_t *bits, const char *file, carta_error *err);

/* A whole number 0..2^64-1 (key absent: def). */
carta_status carta_pos_u64(struct fy_node *map, const char *key, uint64_t def, uint64_t *out,
                           const char *file, carta_error *err);

/* Sorts n ids (deck lists are kept sorted). */
void carta_pos_sort(uint16_t *ids, int n);

#endif
