/* fold.c: long lines folded at spaces to the terminal's width, so a board, a card's text or an
 * action list reads in an 80-column terminal. */
#include "cli.h"

#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

enum { FOLD_DEFAULT_WIDTH = 80, FOLD_MIN_WIDTH = 40, FOLD_HANG = 4 };

int cli_width(void)
{
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
        ws.ws_col >= FOLD_MIN_WIDTH)
        return ws.ws_col;
    return FOLD_DEFAULT_WIDTH;
}

/* Bytes of the longest piece of line (len bytes) that fits in cols columns and ends before a
 * space after its first skip bytes (its indent); if no space allows it, as many whole characters as fit (UTF-8: a continuation byte
 * takes no column). */
static size_t fold_cut(const char *line, size_t len, size_t skip, int cols)
{
    size_t fit = 0, space = 0;
    int used = 0;
    for (size_t i = 0; i < len; i++) {
        used += ((unsigned char)line[i] & 0xc0) != 0x80;
        if (used > cols)
            break;
        fit = i + 1;
        if (line[i] == ' ' && i > skip)
            space = i;
    }
    if (fit == len)
        return len;
    return space ? space : fit ? fit : 1;
}

/* One line (no newline) folded into out. */
static void fold_line(const char *line, size_t len, int width, carta_text *out)
{
    size_t indent = strspn(line, " ");
    if (indent > len)
        indent = len;
    int hang = (int)indent + FOLD_HANG;
    if (hang > width / 2)
        hang = width / 2;
    int cols = width;
    for (int first = 1;; first = 0) {
        size_t cut = fold_cut(line, len, first ? indent : 0, cols);
        carta_text_printf(out, "%*s%.*s\n", first ? 0 : hang, "", (int)cut, line);
        line += cut;
        len -= cut;
        while (len && *line == ' ') {
            line++;
            len--;
        }
        if (!len)
            return;
        cols = width - hang;
    }
}

void cli_fold(const char *text, int width, carta_text *out)
{
    while (*text) {
        size_t len = strcspn(text, "\n");
        if (len == 0)
            carta_text_printf(out, "\n");
        else
            fold_line(text, len, width, out);
        text += len;
        if (*text == '\n')
            text++;
    }
}

void cli_print_folded(const char *text, int width)
{
    carta_text out = {0};
    cli_fold(text, width, &out);
    fputs(carta_text_str(&out), stdout);
    carta_text_free(&out);
}
