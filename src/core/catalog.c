/* catalog.c: the card catalog: unique names, ids in load order, a digest of the card files. */
#include "catalog.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "game.h"
#include "yaml.h"
#include "yaml_input.h"

/* Open addressing over ids; a power of two at least twice CARTA_CATALOG_MAX. */
enum { CATALOG_HASH_SIZE = 8192 };

struct carta_catalog {
    int n;
    uint64_t digest;
    int16_t slot[CATALOG_HASH_SIZE]; /* card id + 1, 0 = empty */
    char names[CARTA_CATALOG_MAX][CARTA_NAME_MAX];
};

/* What a load can be rolled back to. */
typedef struct catalog_mark {
    int n;
    uint64_t digest;
} catalog_mark;

/* While set (on this thread), a known name replaces its card instead of being a duplicate. */
static _Thread_local int catalog_replacing;

void carta_catalog_replacing(int on) { catalog_replacing = on; }

carta_catalog *carta_catalog_new(void) { return calloc(1, sizeof(carta_catalog)); }

void carta_catalog_free(carta_catalog *cat) { free(cat); }

int carta_catalog_count(const carta_catalog *cat) { return cat->n; }

uint64_t carta_catalog_digest(const carta_catalog *cat) { return cat->digest; }

const char *carta_catalog_name(const carta_catalog *cat, int card_id)
{
    return card_id >= 0 && card_id < cat->n ? cat->names[card_id] : NULL;
}

/* FNV-1a over the lower-cased name. */
static uint32_t catalog_hash(const char *name)
{
    uint32_t h = 2166136261u;
    for (; *name; name++)
        h = (h ^ (unsigned char)tolower((unsigned char)*name)) * 16777619u;
    return h;
}

int carta_catalog_find(const carta_catalog *cat, const char *name)
{
    if (!name)
        return -1;
    for (uint32_t i = catalog_hash(name) & (CATALOG_HASH_SIZE - 1);; i = (i + 1) & (CATALOG_HASH_SIZE - 1)) {
        int id = cat->slot[i] - 1;
        if (id < 0)
            return -1;
        if (strcasecmp(cat->names[id], name) == 0)
            return id;
    }
}

static void catalog_index(carta_catalog *cat, int id)
{
    uint32_t i = catalog_hash(cat->names[id]) & (CATALOG_HASH_SIZE - 1);
    while (cat->slot[i])
        i = (i + 1) & (CATALOG_HASH_SIZE - 1);
    cat->slot[i] = (int16_t)(id + 1);
}

static catalog_mark catalog_snapshot(const carta_catalog *cat)
{
    catalog_mark m = {cat->n, cat->digest};
    return m;
}

/* Forgets every card added since mark (ids are reused by the next load). */
static void catalog_rollback(carta_catalog *cat, catalog_mark mark)
{
    if (cat->n == mark.n && cat->digest == mark.digest)
        return;
    for (int id = mark.n; id < cat->n; id++)
        memset(cat->names[id], 0, sizeof cat->names[id]);
    cat->n = mark.n;
    cat->digest = mark.digest;
    memset(cat->slot, 0, sizeof cat->slot);
    for (int id = 0; id < cat->n; id++)
        catalog_index(cat, id);
}

/* Folds the digest of some bytes into the catalog's digest (order matters). */
static void catalog_fold(carta_catalog *cat, const void *bytes, size_t n)
{
    uint64_t pair[2] = {cat->digest, carta_digest(bytes, n)};
    cat->digest = carta_digest(pair, sizeof pair);
}

/* Checks one card map, gives it the next id and hands it to compile. */
static carta_status catalog_add_card(carta_catalog *cat, struct fy_node *card, const char *file,
                                     carta_card_compile_fn compile, void *ctx, carta_error *err)
{
    if (!fy_node_is_mapping(card))
        return carta_yaml_error(err, file, card, "a card must be a map with a 'name'");
    char name[CARTA_NAME_MAX];
    if (carta_yaml_str(card, "name", NULL, name, sizeof name, file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *name_node = carta_yaml_get(card, "name");
    size_t len = strlen(name);
    while (len && isspace((unsigned char)name[len - 1]))
        name[--len] = '\0';
    if (len == 0 || isspace((unsigned char)name[0]))
        return carta_yaml_error(err, file, name_node,
                                "a card name must not be empty or start with a space");
    int other = carta_catalog_find(cat, name);
    if (other >= 0 && catalog_replacing) /* a variant: the card keeps its id, decks still hold it */
        return compile ? compile(ctx, other, card, file, err) : CARTA_OK;
    if (other >= 0)
        return carta_yaml_error(err, file, name_node,
                                "duplicate card name '%s' (already defined as '%s')", name,
                                cat->names[other]);
    if (cat->n >= CARTA_CATALOG_MAX)
        return carta_yaml_error(err, file, card, "too many cards (at most %d)",
                                CARTA_CATALOG_MAX);
    int id = cat->n++;
    memcpy(cat->names[id], name, len + 1);
    catalog_index(cat, id);
    if (compile)
        return compile(ctx, id, card, file, err);
    return CARTA_OK;
}

static carta_status catalog_add_cards(carta_catalog *cat, struct fy_node *cards, const char *file,
                                      carta_card_compile_fn compile, void *ctx, carta_error *err)
{
    if (!cards || !fy_node_is_sequence(cards))
        return carta_yaml_error(err, file, cards, "'cards' must be a list of card maps");
    void *it = NULL;
    struct fy_node *card;
    while ((card = fy_node_sequence_iterate(cards, &it))) {
        carta_status st = catalog_add_card(cat, card, file, compile, ctx, err);
        if (st != CARTA_OK)
            return st;
    }
    return CARTA_OK;
}

/* A card file's root: a map with optional `set:` and a `cards:` list, or a bare list. */
static carta_status catalog_add_root(carta_catalog *cat, struct fy_node *root, const char *file,
                                     carta_card_compile_fn compile, void *ctx, carta_error *err)
{
    if (fy_node_is_sequence(root))
        return catalog_add_cards(cat, root, file, compile, ctx, err);
    if (!fy_node_is_mapping(root))
        return carta_yaml_error(err, file, root,
                                "a card file must be a map with 'cards:' or a list of cards");
    static const char *const keys[] = {"set", "cards", NULL};
    if (carta_yaml_check_keys(root, keys, "a card file", file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    char set[CARTA_NAME_MAX];
    if (carta_yaml_str(root, "set", "", set, sizeof set, file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *cards = carta_yaml_get(root, "cards");
    if (!cards)
        return carta_yaml_error(err, file, root, "missing required key 'cards'");
    return catalog_add_cards(cat, cards, file, compile, ctx, err);
}

/* Reads a whole file; NULL with err set on failure. */
static char *catalog_read(const char *path, size_t *len, carta_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        carta_error_set(err, CARTA_ERR_IO, "%s: error: cannot open the card file", path);
        return NULL;
    }
    char *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 1 >= cap) {
            size_t ncap = cap ? cap * 2 : 8192;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                fclose(f);
                carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
                return NULL;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0 || n > CARTA_YAML_MAX_BYTES)
            break; /* past the limit: carta_yaml_load_string refuses it, so read no further */
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        carta_error_set(err, CARTA_ERR_IO, "%s: error: read failed", path);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

static carta_status catalog_load_file(carta_catalog *cat, const char *path,
                                      carta_card_compile_fn compile, void *ctx, carta_error *err)
{
    size_t len = 0;
    char *bytes = catalog_read(path, &len, err);
    if (!bytes)
        return CARTA_ERR_IO;
    struct fy_document *doc = carta_yaml_load_string(bytes, len, path, err);
    carta_status st = CARTA_ERR_INPUT;
    if (doc) {
        st = catalog_add_root(cat, fy_document_root(doc), path, compile, ctx, err);
        fy_document_destroy(doc);
    }
    if (st == CARTA_OK)
        catalog_fold(cat, bytes, len);
    free(bytes);
    return st;
}

carta_status carta_catalog_load_file(carta_catalog *cat, const char *path,
                                     carta_card_compile_fn compile, void *ctx, carta_error *err)
{
    catalog_mark mark = catalog_snapshot(cat);
    carta_status st = catalog_load_file(cat, path, compile, ctx, err);
    if (st != CARTA_OK)
        catalog_rollback(cat, mark);
    return st;
}

carta_status carta_catalog_load_node(carta_catalog *cat, struct fy_node *cards, const char *file,
                                     carta_card_compile_fn compile, void *ctx, carta_error *err)
{
    catalog_mark mark = catalog_snapshot(cat);
    carta_status st = catalog_add_cards(cat, cards, file, compile, ctx, err);
    if (st == CARTA_OK) {
        char *text = fy_emit_node_to_string(cards, FYECF_MODE_FLOW_ONELINE);
        if (!text)
            st = carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", file);
        else
            catalog_fold(cat, text, strlen(text));
        free(text);
    }
    if (st != CARTA_OK)
        catalog_rollback(cat, mark);
    return st;
}

static int catalog_is_card_file(const char *name)
{
    size_t len = strlen(name);
    if (name[0] == '.' || strncasecmp(name, "deck", 4) == 0)
        return 0;
    return len > 5 && strcmp(name + len - 5, ".yaml") == 0;
}

static int catalog_cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

carta_status carta_catalog_load_dir(carta_catalog *cat, const char *dir,
                                    carta_card_compile_fn compile, void *ctx, carta_error *err)
{
    DIR *d = opendir(dir);
    if (!d)
        return carta_error_set(err, CARTA_ERR_IO, "%s: error: cannot open the card folder", dir);
    char **names = NULL;
    int n = 0, cap = 0;
    carta_status st = CARTA_OK;
    struct dirent *ent;
    while (st == CARTA_OK && (ent = readdir(d))) {
        if (!catalog_is_card_file(ent->d_name))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(names, (size_t)cap * sizeof *names);
            if (!nn) {
                st = carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", dir);
                break;
            }
            names = nn;
        }
        names[n] = strdup(ent->d_name);
        if (!names[n])
            st = carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", dir);
        else
            n++;
    }
    closedir(d);
    if (n > 1)
        qsort(names, (size_t)n, sizeof *names, catalog_cmp_names);
    catalog_mark mark = catalog_snapshot(cat);
    for (int i = 0; i < n && st == CARTA_OK; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        st = catalog_load_file(cat, path, compile, ctx, err);
    }
    if (st != CARTA_OK)
        catalog_rollback(cat, mark);
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return st;
}
