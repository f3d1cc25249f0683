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

carta_status carta_vocab_keyword(struct fy_node *item, const char *const *names, uint32_t numbered,
                                 int max_value, int *index, int *value, const char *file,
                                 carta_error *err)
{
    char buf[VOCAB_WORD_MAX], word[VOCAB_WORD_MAX];
    if (!carta_yaml_scalar(item, buf, sizeof buf))
        return carta_yaml_error(err, file, item, "a keyword must be a word");
    int n = 0, v = 0;
    bool with_value = sscanf(buf, "%63s %d%n", word, &v, &n) == 2 && buf[n] == '\0';
    int k = carta_vocab_find(names, with_value ? word : buf);
    if (k < 0) {
        char list[VOCAB_LIST_MAX];
        size_t len = 0;
        list[0] = '\0';
        for (int i = 0; names[i] && len < sizeof list; i++)
            if (names[i][0])
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%s%s", len ? ", " : "",
                                        names[i], (numbered >> i) & 1 ? " N" : "");
        return carta_yaml_error(err, file, item, "unknown keyword '%s' (expected: %s)",
                                with_value ? word : buf, list);
    }
    bool takes = (numbered >> k) & 1;
    if (with_value && !takes)
        return carta_yaml_error(err, file, item, "keyword '%s' takes no value", word);
    if (!with_value && takes)
        return carta_yaml_error(err, file, item, "keyword '%s' needs a value ('%s 1')", buf, buf);
    if (with_value && (v < 1 || v > max_value))
        return carta_yaml_error(err, file, item, "%s value must be 1..%d", word, max_value);
    *index = k;
    *value = with_value ? v : 0;
    return CARTA_OK;
}
