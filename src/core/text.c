/* text.c: the growable text buffer. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int reserve(carta_text *t, size_t need)
{
    if (t->cap >= need)
        return 1;
    size_t cap = t->cap ? t->cap : 256;
    while (cap < need)
        cap *= 2;
    char *buf = realloc(t->buf, cap);
    if (!buf)
        return 0;
    t->buf = buf;
    t->cap = cap;
    return 1;
}

void carta_text_printf(carta_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || !reserve(t, t->len + (size_t)n + 1))
        return;
    va_start(ap, fmt);
    vsnprintf(t->buf + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

void carta_text_clear(carta_text *t)
{
    t->len = 0;
    if (t->buf)
        t->buf[0] = '\0';
}

void carta_text_free(carta_text *t)
{
    free(t->buf);
    t->buf = NULL;
    t->len = t->cap = 0;
}

const char *carta_text_str(const carta_text *t) { return t->buf ? t->buf : ""; }

void carta_buf_vappend(char *buf, size_t cap, size_t *len, const char *fmt, va_list ap)
{
    if (*len + 1 >= cap)
        return;
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    if (n > 0)
        *len = *len + (size_t)n < cap ? *len + (size_t)n : cap - 1;
}
