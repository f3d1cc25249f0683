/* yaml_input.c: byte-level checks of YAML text before libfyaml sees it, and bounded file reads. */
#include "yaml_input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The length of the well-formed UTF-8 sequence at s (RFC 3629, the table of Unicode 3.9), or 0:
 * a stray continuation byte, an overlong form, a surrogate, a code point past U+10FFFF, or a
 * sequence cut short by the end of the text. */
static size_t utf8_len(const unsigned char *s, size_t left)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF;
    size_t n;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, lo = c == 0xE0 ? 0xA0 : lo, hi = c == 0xED ? 0x9F : hi;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, lo = c == 0xF0 ? 0x90 : lo, hi = c == 0xF4 ? 0x8F : hi;
    else
        return 0;
    if (left < n || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* Whether the byte at i ends a line: a LF, or a CR not followed by a LF. */
static int ends_line(const unsigned char *s, size_t len, size_t i)
{
    return s[i] == '\n' || (s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n'));
}

/* Every character well-formed UTF-8 and none a NUL (libfyaml ends the text at a NUL). */
static carta_status check_utf8(const unsigned char *s, size_t len, const char *name,
                               carta_error *err)
{
    int line = 1, col = 1;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_len(s + i, len - i);
        if (n == 0)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s:%d:%d: error: not valid UTF-8 (byte 0x%02x); YAML files "
                                   "must be UTF-8",
                                   name, line, col, s[i]);
        if (s[i] == '\0')
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s:%d:%d: error: a NUL byte; YAML text cannot hold one", name,
                                   line, col);
        if (ends_line(s, len, i))
            line++, col = 1;
        else if (s[i] != '\r')
            col++;
        i += n;
    }
    return CARTA_OK;
}

/* The line at start begins with '%', so libfyaml reads it as a directive: printable ASCII (or a
 * tab) and at most CARTA_YAML_MAX_DIRECTIVE bytes. */
static carta_status check_directive(const unsigned char *s, size_t len, size_t start, int line,
                                    const char *name, carta_error *err)
{
    for (size_t n = 0; start + n < len && s[start + n] != '\n' && s[start + n] != '\r'; n++) {
        unsigned char c = s[start + n];
        if (n == CARTA_YAML_MAX_DIRECTIVE)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s:%d:1: error: a YAML directive (a line starting with '%%') "
                                   "longer than %d bytes",
                                   name, line, CARTA_YAML_MAX_DIRECTIVE);
        if ((c < 0x20 && c != '\t') || c > 0x7E)
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "%s:%d:%zu: error: a YAML directive (a line starting with "
                                   "'%%') must be printable ASCII, not byte 0x%02x",
                                   name, line, n + 1, c);
    }
    return CARTA_OK;
}

static int is_blank(unsigned char c) { return c == ' ' || c == '\t'; }

/* If blanks holding a tab start at s[k] and a block indicator ('?', ':', '|', '>', or '-' and a
 * blank) follows them before end, the offset of that first tab; else 0. */
static size_t tab_before_indicator(const unsigned char *s, size_t k, size_t end)
{
    size_t tab = 0;
    for (; k < end && is_blank(s[k]); k++)
        if (!tab && s[k] == '\t')
            tab = k;
    if (tab && k < end &&
        (memchr("?:|>", s[k], 4) || (s[k] == '-' && (k + 1 == end || is_blank(s[k + 1])))))
        return tab;
    return 0;
}

/* Once a '?' that may be an explicit key's indicator has been seen (*seen_key, kept across
 * lines), no ':' may be followed by blanks with a tab and then a block indicator: libfyaml 0.7.12
 * refuses that inside an explicit key and then frees a simple key twice (docs/inputs.md). */
static carta_status check_key_tabs(const unsigned char *s, size_t start, size_t end, int line,
                                   int *seen_key, const char *name, carta_error *err)
{
    for (size_t j = start; j < end; j++) {
        size_t tab = 0;
        if (s[j] == '?' && (j == start || is_blank(s[j - 1])) &&
            (j + 1 == end || is_blank(s[j + 1])))
            *seen_key = 1;
        else if (*seen_key && s[j] == ':')
            tab = tab_before_indicator(s, j + 1, end);
        if (!tab)
            continue;
        int col = 1;
        for (size_t i = start; i < tab; i++)
            col += (s[i] & 0xC0) != 0x80;
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "%s:%d:%d: error: a tab used as indentation of a block entry "
                               "(indent with spaces)",
                               name, line, col);
    }
    return CARTA_OK;
}

/* The checks on whole lines: directives, and tabs after an explicit key. A byte-order mark
 * at the start is not part of the first line. */
static carta_status check_lines(const unsigned char *s, size_t len, const char *name,
                                carta_error *err)
{
    size_t start = len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    int line = 1, seen_key = 0;
    for (size_t i = start; i <= len; i++) {
        if (i < len && !ends_line(s, len, i))
            continue;
        size_t end = i > start && s[i - 1] == '\r' ? i - 1 : i; /* CRLF: the CR is no content */
        if (start < len && s[start] == '%' &&
            check_directive(s, len, start, line, name, err) != CARTA_OK)
            return CARTA_ERR_INPUT;
        if (check_key_tabs(s, start, end, line, &seen_key, name, err) != CARTA_OK)
            return CARTA_ERR_INPUT;
        line++, start = i + 1;
    }
    return CARTA_OK;
}

static carta_status too_large(const char *name, carta_error *err)
{
    return carta_error_set(err, CARTA_ERR_INPUT,
                           "%s: error: the file is too large (the limit is %d bytes)", name,
                           CARTA_YAML_MAX_BYTES);
}

carta_status carta_yaml_check_text(const char *text, size_t len, const char *name,
                                   carta_error *err)
{
    if (len > CARTA_YAML_MAX_BYTES)
        return too_large(name, err);
    const unsigned char *s = (const unsigned char *)text;
    if (check_utf8(s, len, name, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    return check_lines(s, len, name, err);
}

/* Reads f into buf (grown as needed) until its end or past CARTA_YAML_MAX_BYTES; NULL if out of
 * memory. The buffer has room for a NUL after the bytes read. */
static char *read_bounded(FILE *f, size_t *len)
{
    size_t cap = 0, n = 0;
    char *buf = NULL;
    for (;;) {
        if (n + 1 >= cap) {
            size_t ncap = cap ? cap * 2 : 8192;
            if (ncap > (size_t)CARTA_YAML_MAX_BYTES + 2)
                ncap = (size_t)CARTA_YAML_MAX_BYTES + 2;
            char *bigger = realloc(buf, ncap);
            if (!bigger) {
                free(buf);
                return NULL;
            }
            buf = bigger;
            cap = ncap;
        }
        size_t want = cap - 1 - n, got = fread(buf + n, 1, want, f);
        n += got;
        if (got < want || n > CARTA_YAML_MAX_BYTES)
            break;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

char *carta_yaml_read_file(const char *path, size_t *len, carta_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        carta_error_set(err, CARTA_ERR_IO, "%s: error: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t n = 0;
    char *buf = read_bounded(f, &n);
    int bad = ferror(f);
    fclose(f);
    if (!buf) {
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory reading the file", path);
        return NULL;
    }
    if (bad || n > CARTA_YAML_MAX_BYTES) {
        free(buf);
        if (bad)
            carta_error_set(err, CARTA_ERR_IO, "%s: error: read failed", path);
        else
            too_large(path, err);
        return NULL;
    }
    *len = n;
    return buf;
}
