/* yaml_input.h: YAML text checked byte by byte before libfyaml sees it (a size limit, valid
 * UTF-8, no NUL, short printable-ASCII directive lines, no tab as a block entry's indentation
 * after an explicit key), and files read within that size limit. Why each check exists is in
 * docs/inputs.md. */
#ifndef CARTA_YAML_INPUT_H
#define CARTA_YAML_INPUT_H

#include <stddef.h>

#include "status.h"

enum {
    /* The largest YAML text Carta reads (a card set is tens of KiB). */
    CARTA_YAML_MAX_BYTES = 4 * 1024 * 1024,
    /* The longest line starting with '%' (a YAML directive): libfyaml scans one in time
     * quadratic in its length. */
    CARTA_YAML_MAX_DIRECTIVE = 1024
};

/* Checks len bytes of text (no NUL terminator needed; nothing past len is read): at most
 * CARTA_YAML_MAX_BYTES, valid UTF-8 (no overlong forms, surrogates or code points past
 * U+10FFFF), no NUL byte, every line that starts with '%' printable ASCII and at most
 * CARTA_YAML_MAX_DIRECTIVE bytes, and, once a '?' indicator has been seen, no ':' followed by
 * blanks with a tab and then a block indicator. On failure sets err ("name:line:col: error: ...",
 * the line and column of the first bad byte, the column counted in characters) and returns
 * CARTA_ERR_INPUT. */
carta_status carta_yaml_check_text(const char *text, size_t len, const char *name,
                                   carta_error *err);

/* Reads the file at path into a malloc'd buffer of its length plus a NUL, reading at most
 * CARTA_YAML_MAX_BYTES + 1 bytes: a larger file is refused without reading the rest. NULL with
 * err set (CARTA_ERR_IO, CARTA_ERR_NOMEM or CARTA_ERR_INPUT for too large) on failure. */
char *carta_yaml_read_file(const char *path, size_t *len, carta_error *err);

#endif
