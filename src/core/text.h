/* text.h: a growable text buffer for rendering boards, logs and messages (not for hot paths). */
#ifndef CARTA_TEXT_H
#define CARTA_TEXT_H

#include <stdarg.h>
#include <stddef.h>

typedef struct carta_text {
    char *buf; /* NUL-terminated; owned by the carta_text, freed by carta_text_free */
    size_t len, cap;
} carta_text;

/* Appends printf-style text. On allocation failure the text is left truncated. */
void carta_text_printf(carta_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends printf-style text to the fixed buffer buf of cap bytes holding *len bytes, keeping it
 * NUL-terminated and cutting what does not fit (a question, a label: no allocation). */
void carta_buf_vappend(char *buf, size_t cap, size_t *len, const char *fmt, va_list ap);

/* Empties the text without freeing its buffer. */
void carta_text_clear(carta_text *t);
void carta_text_free(carta_text *t);
/* The text so far ("" if none). */
const char *carta_text_str(const carta_text *t);

#endif
