/* equip.c: equipping and unequipping between encounters (CREATE-A-MAGE, Equipment Slots: "You
 * may only equip or unequip items while outside of combat."; PERSONAL EQUIPMENT; rulings R153,
 * R154): an item moves between a mage file's `inventory:` and its `equipment:` (an artefact: its
 * `artefacts:`). The file is rewritten only in those keys' lines, and only once the mage it then
 * describes passes every deck-building check (slots, one head and one body armour, one shield);
 * else nothing changes and the check's reason is told. */
#include "games/archmajesty/archmajesty.h" /* am_equip is declared in table.h, whose am_check
                                               names another thing */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/file.h"
#include "core/yaml.h"

enum { EQUIP_ITEMS = 64, EQUIP_FILE_MAX = 1 << 20 };

typedef struct equip_list {
    const char *key;
    int n;
    char name[EQUIP_ITEMS][CARTA_NAME_MAX];
} equip_list;

static char *equip_read(const char *path, size_t *len, carta_error *err)
{
    FILE *f = fopen(path, "rb");
    char *text = f ? malloc(EQUIP_FILE_MAX + 1) : NULL;
    if (!text) {
        if (f)
            fclose(f);
        carta_error_set(err, CARTA_ERR_IO, "%s: error: %s", path,
                        f ? "out of memory" : strerror(errno));
        return NULL;
    }
    *len = fread(text, 1, EQUIP_FILE_MAX, f);
    int big = !feof(f);
    fclose(f);
    text[*len] = '\0';
    if (big) {
        free(text);
        carta_error_set(err, CARTA_ERR_INPUT, "%s: error: larger than a mage file may be", path);
        return NULL;
    }
    return text;
}

static carta_status equip_read_list(struct fy_node *root, equip_list *l, const char *path,
                                    carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(root, l->key), *it;
    void *iter = NULL;
    l->n = 0;
    if (seq && !fy_node_is_sequence(seq) && !fy_node_is_null(seq))
        return carta_yaml_error(err, path, seq, "'%s' is a list of names", l->key);
    while (seq && fy_node_is_sequence(seq) && (it = fy_node_sequence_iterate(seq, &iter))) {
        if (l->n == EQUIP_ITEMS || !carta_yaml_scalar(it, l->name[l->n], CARTA_NAME_MAX))
            return carta_yaml_error(err, path, it, "'%s': at most %d names", l->key,
                                    EQUIP_ITEMS);
        l->n++;
    }
    return CARTA_OK;
}

/* The index in l of the item named name (case aside; a start no other entry shares), or -1. */
static int equip_find(const equip_list *l, const char *name)
{
    int found = -1, n = 0;
    size_t len = strlen(name);
    for (int i = 0; i < l->n; i++) {
        if (!strcasecmp(l->name[i], name))
            return i;
        if (!strncasecmp(l->name[i], name, len) && (found < 0 || strcasecmp(l->name[found],
                                                                            l->name[i]))) {
            found = i;
            n++;
        }
    }
    return n == 1 ? found : -1;
}

/* A name as a flow list item: quoted when YAML would read it otherwise. */
static void equip_item_text(const char *name, char *out, size_t cap)
{
    int plain = name[0] && name[0] != ' ' && name[strlen(name) - 1] != ' ' &&
                !strpbrk(name, ":,[]{}#&*!|>'\"%@`") && !strchr("-?", name[0]);
    snprintf(out, cap, plain ? "%s" : "\"%s\"", name);
}

/* "key: [a, b]\n" into out at *at. */
static void equip_emit(const equip_list *l, char *out, size_t cap, size_t *at)
{
    *at += (size_t)snprintf(out + *at, cap - *at, "%s: [", l->key);
    for (int i = 0; i < l->n && *at < cap; i++) {
        char item[CARTA_NAME_MAX + 3];
        equip_item_text(l->name[i], item, sizeof item);
        *at += (size_t)snprintf(out + *at, cap - *at, "%s%s", i ? ", " : "", item);
    }
    if (*at < cap)
        *at += (size_t)snprintf(out + *at, cap - *at, "]\n");
}

/* The lines of top-level key in text: its own line and the lines after it that continue its
 * value (indented, or a "- " item), as [*from, *to); 0 if the key is not there. */
static int equip_span(const char *text, const char *key, size_t *from, size_t *to)
{
    size_t klen = strlen(key);
    for (const char *line = text; *line;) {
        const char *next = strchr(line, '\n');
        next = next ? next + 1 : line + strlen(line);
        if (!strncmp(line, key, klen) && line[klen] == ':') {
            *from = (size_t)(line - text);
            while (*next == ' ' || *next == '\t' || (next[0] == '-' && next[1] == ' ')) {
                const char *after = strchr(next, '\n');
                next = after ? after + 1 : next + strlen(next);
            }
            *to = (size_t)(next - text);
            return 1;
        }
        line = next;
    }
    return 0;
}

/* text with the lines of a and b (both present or appended) rewritten; NULL when out of
 * memory. Caller frees. */
static char *equip_rewrite(const char *text, size_t len, const equip_list *a, const equip_list *b)
{
    size_t cap = len + 2 * (EQUIP_ITEMS * (CARTA_NAME_MAX + 4) + 64), at = 0;
    char *out = malloc(cap);
    if (!out)
        return NULL;
    const equip_list *lists[2] = {a, b};
    size_t from[2] = {len, len}, to[2] = {len, len};
    int had[2];
    for (int k = 0; k < 2; k++)
        had[k] = equip_span(text, lists[k]->key, &from[k], &to[k]);
    int first = from[0] <= from[1] ? 0 : 1;
    size_t pos = 0;
    for (int j = 0; j < 2; j++) {
        int k = j ? 1 - first : first;
        if (!had[k])
            continue;
        memcpy(out + at, text + pos, from[k] - pos);
        at += from[k] - pos;
        equip_emit(lists[k], out, cap, &at);
        pos = to[k];
    }
    memcpy(out + at, text + pos, len - pos);
    at += len - pos;
    if (at && out[at - 1] != '\n' && (!had[0] || !had[1]))
        out[at++] = '\n';
    for (int k = 0; k < 2; k++)
        if (!had[k])
            equip_emit(lists[k], out, cap, &at);
    out[at < cap ? at : cap - 1] = '\0';
    return out;
}

/* Whether the mage text describes passes the deck-building checks, read from a file beside path
 * (removed after); err names path, not that file. */
static carta_status equip_check(const carta_rules *r, const char *path, const char *text,
                                carta_error *err)
{
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.equip.yaml", path);
    FILE *f = fopen(tmp, "wb");
    if (!f || fputs(text, f) == EOF) {
        if (f)
            fclose(f);
        return carta_error_set(err, CARTA_ERR_IO, "%s: error: cannot write beside it: %s", path,
                               strerror(errno));
    }
    fclose(f);
    carta_deck deck;
    carta_status st = am_deck_resolve(r, tmp, 0, &deck, err);
    if (st == CARTA_OK)
        st = am_deck_check(r, &deck, err);
    remove(tmp);
    char *at = st == CARTA_OK ? NULL : strstr(err->msg, ".equip.yaml");
    if (at) /* the message names the file checked: name the mage file */
        memmove(at, at + strlen(".equip.yaml"), strlen(at + strlen(".equip.yaml")) + 1);
    return st;
}

/* Moves the item (found in from) to `to`; the mage file's lists as read, the item's name. */
static carta_status equip_move(const carta_rules *r, equip_list *from, equip_list *to,
                               const char *item, int equip, char *moved, size_t cap,
                               const char *path, carta_error *err)
{
    int i = equip_find(from, item);
    if (i < 0)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: '%s' is not in its %s (%s)", path,
                               item, from->key, equip ? "only what it carries is equipped"
                                                      : "only what is equipped is unequipped");
    int id = carta_catalog_find(r->catalog, from->name[i]);
    int type = id >= 0 ? am_type_of(r, id) : -1;
    if (type < AM_T_WEAPON || type > AM_T_ARTEFACT)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: '%s' is not an item of the card set",
                               path, from->name[i]);
    if ((type == AM_T_ARTEFACT) != !strcmp(equip ? to->key : from->key, "artefacts"))
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: '%s' is %s", path, from->name[i],
                               type == AM_T_ARTEFACT ? "an artefact" : "not an artefact");
    if (to->n == EQUIP_ITEMS)
        return carta_error_set(err, CARTA_ERR_INPUT, "%s: more than %d in '%s'", path,
                               EQUIP_ITEMS, to->key);
    snprintf(moved, cap, "%s", from->name[i]);
    memcpy(to->name[to->n++], from->name[i], CARTA_NAME_MAX);
    memmove(from->name[i], from->name[i + 1], (size_t)(from->n - i - 1) * CARTA_NAME_MAX);
    from->n--;
    return CARTA_OK;
}

/* Whether the item is an artefact (by its name as the card set spells it, or a start of it in
 * the lists): which list of the equipped it belongs to. */
static int equip_is_artefact(const carta_rules *r, const equip_list *inv, const equip_list *arts,
                             const char *item, int equip)
{
    const equip_list *l = equip ? inv : arts;
    int i = equip_find(l, item);
    int id = carta_catalog_find(r->catalog, i >= 0 ? l->name[i] : item);
    return id >= 0 && am_type_of(r, id) == AM_T_ARTEFACT;
}

carta_status am_equip(const carta_rules *r, const char *path, const char *item, int equip,
                      char *moved, size_t cap, carta_error *err)
{
    size_t len = 0;
    char *text = equip_read(path, &len, err), *out = NULL;
    if (!text)
        return CARTA_ERR_IO;
    struct fy_document *doc = fy_document_build_from_string(NULL, text, len);
    struct fy_node *root = doc ? fy_document_root(doc) : NULL;
    equip_list *lists = calloc(3, sizeof *lists);
    carta_status st = CARTA_OK;
    if (!lists)
        st = carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
    else if (!root || !fy_node_is_mapping(root))
        st = carta_error_set(err, CARTA_ERR_INPUT, "%s: error: not a mage file (a map)", path);
    if (st == CARTA_OK) {
        lists[0].key = "inventory";
        lists[1].key = "equipment";
        lists[2].key = "artefacts";
        for (int k = 0; k < 3 && st == CARTA_OK; k++)
            st = equip_read_list(root, &lists[k], path, err);
    }
    if (st == CARTA_OK) {
        equip_list *worn = equip_is_artefact(r, &lists[0], &lists[2], item, equip) ? &lists[2]
                                                                                   : &lists[1];
        st = equip ? equip_move(r, &lists[0], worn, item, 1, moved, cap, path, err)
                   : equip_move(r, worn, &lists[0], item, 0, moved, cap, path, err);
        if (st == CARTA_OK && !(out = equip_rewrite(text, len, &lists[0], worn)))
            st = carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
    }
    if (st == CARTA_OK)
        st = equip_check(r, path, out, err);
    if (st == CARTA_OK)
        st = carta_file_write_atomic(path, out, strlen(out), err);
    free(out);
    free(lists);
    fy_document_destroy(doc);
    free(text);
    return st;
}
