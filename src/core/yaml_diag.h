/* yaml_diag.h: libfyaml's diagnostics collected, never printed: the first error's line, column
 * and message, for errors in Carta's own form. */
#ifndef CARTA_YAML_DIAG_H
#define CARTA_YAML_DIAG_H

#include <libfyaml.h>

typedef struct carta_yaml_diag {
    struct fy_diag *diag; /* give it to the parser (fy_parse_cfg.diag) */
    int got;              /* an error was taken */
    int line, col;        /* 1-based, 0 if unknown */
    char msg[256];
} carta_yaml_diag;

/* Sets d up, collecting errors; 0 if out of memory. Close it with carta_yaml_diag_close. */
int carta_yaml_diag_open(carta_yaml_diag *d);

/* Takes the first error collected so far (once taken it stays); returns d->got. */
int carta_yaml_diag_poll(carta_yaml_diag *d);

void carta_yaml_diag_close(carta_yaml_diag *d);

#endif
