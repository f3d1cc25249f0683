/* eval_weights.c: reading and writing a rule system's evaluation weights (eval_weights.h). */
#include "eval_weights.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "yaml.h"

static int weights_find(const carta_eval_weight *table, int n, const char *key)
{
    for (int i = 0; i < n; i++)
        if (strcmp(table[i].key, key) == 0)
            return i;
    return -1;
}

/* Reads one "key: number" pair of the file's mapping into out. */
static carta_status weights_pair(struct fy_node_pair *pair, const carta_eval_weight *table, int n,
                                 double *out, const char *path, carta_error *err)
{
    struct fy_node *k = fy_node_pair_key(pair), *v = fy_node_pair_value(pair);
    char key[64], text[64];
    if (!carta_yaml_scalar(k, key, sizeof key))
        return carta_yaml_error(err, path, k, "a weight's key must be a word");
    int i = weights_find(table, n, key);
    if (i < 0) {
        char known[512] = "";
        for (int j = 0; j < n; j++)
            snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s", j ? ", " : "",
                     table[j].key);
        return carta_yaml_error(err, path, k, "unknown weight '%s' (the weights are: %s)", key,
                                known);
    }
    char *end = NULL;
    errno = 0;
    double x = carta_yaml_scalar(v, text, sizeof text) ? strtod(text, &end) : NAN;
    if (!end || end == text || *end || errno || !isfinite(x))
        return carta_yaml_error(err, path, v, "weight '%s' must be a number", key);
    out[i] = x;
    return CARTA_OK;
}

carta_status carta_eval_weights_load(const char *path, const carta_eval_weight *table, int n,
                                     double *out, carta_error *err)
{
    for (int i = 0; i < n; i++)
        out[i] = table[i].standard;
    if (!path || access(path, F_OK) != 0)
        return CARTA_OK;
    struct fy_document *doc = carta_yaml_load(path, err);
    if (!doc)
        return CARTA_ERR_INPUT;
    struct fy_node *root = fy_document_root(doc);
    carta_status st = CARTA_OK;
    if (root && !fy_node_is_mapping(root)) {
        st = carta_yaml_error(err, path, root, "an evaluation file is a mapping of weights");
    } else if (root) {
        void *it = NULL;
        struct fy_node_pair *pair;
        while (st == CARTA_OK && (pair = fy_node_mapping_iterate(root, &it)))
            st = weights_pair(pair, table, n, out, path, err);
    }
    fy_document_destroy(doc);
    return st;
}

carta_status carta_eval_weights_open(const char *data_dir, const carta_eval_weight *table, int n,
                                     double *out, carta_error *err)
{
    char path[1100];
    if (data_dir)
        snprintf(path, sizeof path, "%s/%s", data_dir, CARTA_EVAL_FILE);
    return carta_eval_weights_load(data_dir ? path : NULL, table, n, out, err);
}

carta_status carta_eval_weights_write(const char *path, const char *game, const char *header,
                                      const carta_eval_weight *table, int n, const double *w,
                                      carta_error *err)
{
    /* Written beside path and renamed over it, so a reader (or a run stopped mid-write) sees
     * the old file or the new one, never half of one. */
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.XXXXXX", path) >= (int)sizeof tmp)
        return carta_error_set(err, CARTA_ERR_IO, "cannot write %s: path too long", path);
    int fd = mkstemp(tmp);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (!f) {
        int e = errno;
        if (fd >= 0) {
            close(fd);
            unlink(tmp);
        }
        return carta_error_set(err, CARTA_ERR_IO, "cannot write %s: %s", path, strerror(e));
    }
    fprintf(f, "# %s's evaluation weights (docs/ai.md, \"Expert players and evaluations as "
               "data\").\n# %s\n", game, header ? header : "");
    for (int i = 0; i < n; i++)
        fprintf(f, "%s: %.6g   # %s\n", table[i].key, w[i], table[i].what);
    bool ok = fflush(f) == 0 && !ferror(f) && fchmod(fd, 0644) == 0;
    ok = fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        int e = errno;
        unlink(tmp);
        return carta_error_set(err, CARTA_ERR_IO, "cannot write %s: %s", path, strerror(e));
    }
    return CARTA_OK;
}
