/* deck_spec.c: resolving deck specs: random, a deck file, or a prebuilt deck by name. */
#include "deck_spec.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "yaml.h"

enum { SPEC_FILES_MAX = 256, SPEC_PATH_MAX = 1300 };

int carta_deck_spec_is_path(const char *spec)
{
    size_t len = strlen(spec);
    return strchr(spec, '/') || (len > 5 && strcmp(spec + len - 5, ".yaml") == 0) ||
           (len > 4 && strcmp(spec + len - 4, ".yml") == 0);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads only the name: of a deck file into buf; 0 if unreadable. */
static int deck_file_name(const char *path, char *buf, size_t cap)
{
    carta_error ignored;
    carta_error_clear(&ignored);
    struct fy_document *doc = carta_yaml_load(path, &ignored);
    if (!doc)
        return 0;
    struct fy_node *root = fy_document_root(doc);
    int ok = root && fy_node_is_mapping(root) &&
             carta_yaml_scalar(carta_yaml_get(root, "name"), buf, cap);
    fy_document_destroy(doc);
    return ok;
}

/* The *.yaml file names of dir, sorted; returns how many (each malloc'd: free them). */
static int list_deck_files(const char *dir, char **files)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < SPEC_FILES_MAX) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0 && e->d_name[0] != '.')
            if ((files[n] = strdup(e->d_name)))
                n++;
    }
    closedir(d);
    qsort(files, (size_t)n, sizeof files[0], cmp_str);
    return n;
}

carta_status carta_deck_spec_find_prebuilt(const char *data_dir, const char *name, char *path,
                                           size_t cap, carta_error *err)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/decks", data_dir ? data_dir : ".");
    char *files[SPEC_FILES_MAX];
    int n = list_deck_files(dir, files);
    if (n < 0)
        return carta_error_set(err, CARTA_ERR_UNKNOWN,
                               "unknown deck '%s' (no prebuilt decks: cannot open %s)", name, dir);
    char known[512] = "";
    carta_status st = CARTA_ERR_UNKNOWN;
    for (int i = 0; i < n && st != CARTA_OK; i++) {
        char file_path[SPEC_PATH_MAX], deck_name[CARTA_NAME_MAX];
        snprintf(file_path, sizeof file_path, "%s/%s", dir, files[i]);
        size_t slug_len = strlen(files[i]) - 5;
        int slug = strlen(name) == slug_len && strncasecmp(files[i], name, slug_len) == 0;
        int named = deck_file_name(file_path, deck_name, sizeof deck_name);
        if (slug || (named && strcasecmp(deck_name, name) == 0)) {
            snprintf(path, cap, "%s", file_path);
            st = CARTA_OK;
        } else if (named) {
            size_t len = strlen(known);
            snprintf(known + len, sizeof known - len, "%s'%s'", len ? ", " : "", deck_name);
        }
    }
    for (int i = 0; i < n; i++)
        free(files[i]);
    if (st != CARTA_OK)
        carta_error_set(err, CARTA_ERR_UNKNOWN,
                        "unknown deck '%s' (prebuilt decks: %s; or a deck file path, or random)",
                        name, known[0] ? known : "none");
    return st;
}

carta_status carta_deck_spec_resolve(const carta_rules *rules, const char *data_dir,
                                     const char *spec, uint64_t seed, carta_deck_load_fn load,
                                     carta_deck_generate_fn generate, carta_deck *out,
                                     carta_error *err)
{
    if (!spec || !spec[0])
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "no deck given (a prebuilt deck's name, a deck file, or random)");
    if (strcasecmp(spec, "random") == 0)
        return generate(rules, seed, out, err);
    if (carta_deck_spec_is_path(spec))
        return load(rules, spec, out, err);
    char path[SPEC_PATH_MAX];
    carta_status st = carta_deck_spec_find_prebuilt(data_dir, spec, path, sizeof path, err);
    return st == CARTA_OK ? load(rules, path, out, err) : st;
}
