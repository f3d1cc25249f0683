/* play_input.c: reading the human's lines in `carta play`, and Ctrl-C: SIGINT only sets a flag,
 * and a prompt waiting for a line returns at once, so the game can be saved before it stops. */
#include "play.h"

#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <editline/readline.h>

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* editline's reading of a key: a read interrupted by Ctrl-C ends the line as end of input
 * does (editline's own would retry it). */
static int read_key(FILE *in)
{
    unsigned char c;
    for (;;) {
        ssize_t n = read(fileno(in), &c, 1);
        if (n == 1)
            return c;
        if (n < 0 && errno == EINTR && !interrupted)
            continue;
        return EOF;
    }
}

void play_catch_interrupt(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_interrupt; /* no SA_RESTART: a waiting read returns */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    rl_getc_function = read_key;
}

int play_interrupted(void)
{
    int was = interrupted;
    interrupted = 0;
    return was;
}

/* A line from a pipe or file, echoed so that a transcript of piped input reads like a session. */
static char *read_piped_line(const char *prompt)
{
    fputs(prompt, stdout);
    fflush(stdout);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        if (interrupted)
            clearerr(stdin); /* Ctrl-C is not the end of the input */
        return NULL;
    }
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
    printf("%s\n", line);
    return line;
}

char *play_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

char *play_read_line(const char *prompt)
{
    if (!isatty(STDIN_FILENO))
        return read_piped_line(prompt);
    char *line = readline(prompt);
    if (line && interrupted) { /* a line cut short by Ctrl-C is not an answer */
        free(line);
        return NULL;
    }
    if (line && *line)
        add_history(line);
    return line;
}
