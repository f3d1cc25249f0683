/* status.h: the one status enum of Carta's API and the error context that carries a message. */
#ifndef CARTA_STATUS_H
#define CARTA_STATUS_H

#include <stddef.h>

typedef enum carta_status {
    CARTA_OK = 0,
    CARTA_ERR_INPUT,    /* malformed input: a card file, a deck, a scenario, a typed command */
    CARTA_ERR_ILLEGAL,  /* an action that is not legal in this state */
    CARTA_ERR_IO,       /* a file could not be read or written */
    CARTA_ERR_CORRUPT,  /* a record or save failed its version or integrity check */
    CARTA_ERR_NOMEM,    /* an allocation failed */
    CARTA_ERR_UNKNOWN,  /* an unknown name: game, card, deck, AI kind */
    CARTA_ERR_STATE     /* a state breaks an invariant (a card in two places): an engine bug */
} carta_status;

/* An error context: the first error set wins, later ones are ignored, so the message names the
 * root cause. Messages read like a compiler's: "file:line:col: error: reason". */
typedef struct carta_error {
    carta_status status;
    char msg[512];
} carta_error;

/* Sets err (if not NULL and not already set) and returns status, so callers can write
 * `return carta_error_set(err, CARTA_ERR_INPUT, "%s:%d: unknown card '%s'", ...);` */
carta_status carta_error_set(carta_error *err, carta_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Clears err to CARTA_OK with an empty message. */
void carta_error_clear(carta_error *err);

/* A short English name for a status ("illegal action", "corrupt file", ...). */
const char *carta_status_name(carta_status status);

#endif
