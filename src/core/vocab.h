/* vocab.h: the words of a rule system's card-data vocabulary (types, rarities, targets,
 * timings...). A name table is a NULL-terminated array of words whose index is the value the
 * game stores; an empty entry "" is a placeholder that keeps later indexes in place and that no
 * word ever names. */
#ifndef CARTA_VOCAB_H
#define CARTA_VOCAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "status.h"

struct fy_node;

/* The index of word in names (exact, case-sensitive), or -1 if no entry names it (an empty
 * word never matches). */
int carta_vocab_find(const char *const *names, const char *word);

/* Writes the table's words, placeholders left out, as "a, b, c" into buf (truncated to cap). */
void carta_vocab_list(const char *const *names, char *buf, size_t cap);

/* Reads the optional key of map as a word of names into *out; an absent key leaves *out as it
 * is. Anything else is CARTA_ERR_INPUT "file:line: error: 'key' must be one of: a, b, c". */
carta_status carta_vocab_read(struct fy_node *map, const char *key, const char *const *names,
                              int *out, const char *file, carta_error *err);

/* Reads a keyword item, "word" or "word N", as an index of names into *index and its value
 * (0 if none) into *value. The words whose bit is set in numbered take a value 1..max_value and
 * need one; the others take none. Anything else is CARTA_ERR_INPUT at the item's line, e.g.
 * "unknown keyword 'x' (expected: a, b, c N)". */
carta_status carta_vocab_keyword(struct fy_node *item, const char *const *names, uint32_t numbered,
                                 int max_value, int *index, int *value, const char *file,
                                 carta_error *err);

/* True if s is a vocabulary word: 1 to max_len - 1 bytes of lowercase letters, digits, '_' and
 * '-' (max_len counts the terminating NUL, as a char[max_len] field would). */
bool carta_vocab_is_word(const char *s, size_t max_len);

#endif
