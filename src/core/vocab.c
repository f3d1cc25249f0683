/* vocab.c: looking words up in name tables and reading them from card data. */
#include "vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "yaml.h"

enum { VOCAB_WORD_MAX = 64, VOCAB_LIST_MAX = 256 };

int carta_vocab_find(const char *const *names, const char *word)
{
    for (int i = 0; names[i]; i++)
        if (names[i][0] && strcmp(names[i], word) == 0)
            return i;
    return -1;
}

void carta_vocab_list(const char *const *names, char *buf, size_t cap)
{
    size_t len = 0;
    if (cap)
        buf[0] = '\0';
    for (int i = 0; names[i] && len < cap; i++)
        if (names[i][0])
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? ", " : "", names[i]);
}

carta_status carta_vocab_read(struct fy_node *map, const char *key, const char *const *names,
                              int *out, const char *file, carta_error *err)
{
    struct fy_node *v = carta_yaml_get(map, key);
    if (!v)
        return CARTA_OK;
    char word[VOCAB_WORD_MAX];
    int i = carta_yaml_scalar(v, word, sizeof word) ? carta_vocab_find(names, word) : -1;
    if (i < 0) {
        char list[VOCAB_LIST_MAX];
        carta_vocab_list(names, list, sizeof list);
        return carta_yaml_error(err, file, v, "'%s' must be one of: %s", key, list);
    }
    *out = i;
    return CARTA_OK;
}

bool carta_vocab_is_word(const char *s, size_t max_len)
{
    size_t len = strlen(s);
    if (len == 0 || len >= max_len)
        return false;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '_' || *s == '-'))
            return false;
    return true;
}
