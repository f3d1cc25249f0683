/* yaml.h: small helpers over libfyaml for Carta's data files: typed field reads whose errors
 * name file, line and reason ("data/aember/cards.yaml:41: error: power must be 0..99"). */
#ifndef CARTA_YAML_H
#define CARTA_YAML_H

#include <libfyaml.h>
#include <stdbool.h>

#include "status.h"

/* 1-based line of a node (0 if unknown). */
int carta_yaml_line(struct fy_node *node);

/* The value node of key in a mapping, or NULL. */
struct fy_node *carta_yaml_get(struct fy_node *map, const char *key);

/* The scalar text of a node as a NUL-terminated string copied into buf; false if not a scalar. */
bool carta_yaml_scalar(struct fy_node *node, char *buf, size_t cap);

/* Reads key of map as a string into buf. Absent: returns CARTA_OK leaving buf as def (if def is
 * NULL the key is required and absence is an error). */
carta_status carta_yaml_str(struct fy_node *map, const char *key, const char *def, char *buf,
                            size_t cap, const char *file, carta_error *err);
/* Reads key of map as an integer in [lo, hi]; absent gives def (required if required is true). */
carta_status carta_yaml_int(struct fy_node *map, const char *key, int def, bool required, int lo,
                            int hi, int *out, const char *file, carta_error *err);
/* Reads key of map as a boolean (true/false/yes/no); absent gives def. */
carta_status carta_yaml_bool(struct fy_node *map, const char *key, bool def, bool *out,
                             const char *file, carta_error *err);

/* Sets err to "file:line: error: <printf text>" for node and returns CARTA_ERR_INPUT. */
carta_status carta_yaml_error(carta_error *err, const char *file, struct fy_node *node,
                              const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Every text below is checked before libfyaml sees it (yaml_input.h: at most 4 MiB, valid UTF-8,
 * sane directive lines; yaml_budget.h: bounded alias expansion and mapping size). */

/* Parses a YAML file into a document; NULL with err set (file:line:col: reason) on failure. The
 * caller frees it with fy_document_destroy. */
struct fy_document *carta_yaml_load(const char *path, carta_error *err);

/* Parses YAML text (one document) into a document; name is what error messages call the source.
 * Exactly len bytes are read (text need not end with a NUL) and are not copied: text must outlive
 * the document. NULL with err set ("name:line:col: error: reason") on failure. Free with
 * fy_document_destroy. */
struct fy_document *carta_yaml_load_string(const char *text, size_t len, const char *name,
                                           carta_error *err);

/* Checks that every key of map is one of the NULL-terminated list allowed (and that map is a
 * mapping whose keys are scalars); otherwise "file:line: error: unknown key 'k' in what
 * (expected a, b, c)". what names the map for the message ("scenario", "card"). */
carta_status carta_yaml_check_keys(struct fy_node *map, const char *const *allowed,
                                   const char *what, const char *file, carta_error *err);

/* A YAML stream of documents read one at a time (scenario files). */
typedef struct carta_yaml_stream carta_yaml_stream;
/* Opens path; NULL with err set on failure. Close with carta_yaml_stream_close. */
carta_yaml_stream *carta_yaml_stream_open(const char *path, carta_error *err);
/* The next document (free it with fy_document_destroy), or NULL: at the end of the stream with
 * err untouched, or on a parse error with err set (file:line:col: reason); after an error the
 * stream yields nothing more. */
struct fy_document *carta_yaml_stream_next(carta_yaml_stream *stream, carta_error *err);
void carta_yaml_stream_close(carta_yaml_stream *stream);
/* The stream's whole text (what node marks' input_pos count into), borrowed; NULL if none. */
const char *carta_yaml_stream_text(const carta_yaml_stream *stream, size_t *len);

#endif
