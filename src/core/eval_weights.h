/* eval_weights.h: a rule system's evaluation weights as data (docs/ai.md, "Expert players and
 * evaluations as data"): a table of named weights with compiled-in defaults, read from a YAML
 * file a designer edits (one "key: number" per weight) and written back by carta tune. */
#ifndef CARTA_EVAL_WEIGHTS_H
#define CARTA_EVAL_WEIGHTS_H

#include "status.h"

enum { CARTA_EVAL_WEIGHTS_MAX = 32 };

/* Where a rule system's weights file lives, under its data directory. */
#define CARTA_EVAL_FILE "ai/evaluation.yaml"

/* One weight: its key in the file, what it weighs, and the compiled-in value. */
typedef struct carta_eval_weight {
    const char *key;
    const char *what;
    double standard;
} carta_eval_weight;

/* Sets out[i] to table[i].standard, then, if path exists, to the file's values: a mapping of
 * known keys to numbers (keys left out keep their default). A missing file is not an error.
 * An unknown key, a value that is not a finite number, or a malformed file: CARTA_ERR_INPUT
 * with err naming file, line and key. */
carta_status carta_eval_weights_load(const char *path, const carta_eval_weight *table, int n,
                                     double *out, carta_error *err);

/* carta_eval_weights_load of data_dir/CARTA_EVAL_FILE (data_dir NULL: the defaults), for a
 * rule system's open. */
carta_status carta_eval_weights_open(const char *data_dir, const carta_eval_weight *table, int n,
                                     double *out, carta_error *err);

/* Writes w as a weights file for game at path, each key with its "what" as a comment and a
 * header line (how the file was made). CARTA_ERR_IO on failure. */
carta_status carta_eval_weights_write(const char *path, const char *game, const char *header,
                                      const carta_eval_weight *table, int n, const double *w,
                                      carta_error *err);

#endif
