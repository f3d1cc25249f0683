/* play_input.c: reading the human's lines in `carta play`, and Ctrl-C: SIGINT only sets a flag,
 * and a prompt waiting for a line returns at once, so the game can be saved before it stops. */
#define _GNU_SOURCE /* ppoll */
#include "play.h"

#include <ctype.h>
#include <errno.h>
#include <poll.h>
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

/* Waits until fd has input (1) or a signal came (0). SIGINT stays blocked from the look at the
 * flag until ppoll waits, so a Ctrl-C between the two wakes the wait instead of being lost. */
static int wait_for_input(int fd)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigprocmask(SIG_BLOCK, &block, &old);
    int ready = 0;
    if (!interrupted) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        ready = ppoll(&p, 1, NULL, &old) > 0;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return ready;
}

/* A line from a pipe or file, echoed so that a transcript of piped input reads like a session.
 * Read a byte at a time from the descriptor, not through stdio, whose buffer a wait on the
 * descriptor would not see. NULL at the end of the input or on Ctrl-C. */
static char *read_piped_line(const char *prompt)
{
    fputs(prompt, stdout);
    fflush(stdout);
    char *line = NULL;
    size_t n = 0, cap = 0;
    int ended = 0; /* by a newline */
    for (;;) {
        if (!wait_for_input(STDIN_FILENO)) {
            if (interrupted)
                break;
            continue; /* another signal */
        }
        char c;
        ssize_t got = read(STDIN_FILENO, &c, 1);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0 || (ended = c == '\n'))
            break;
        if (n + 2 > cap) {
            char *grown = realloc(line, cap = cap ? 2 * cap : 128);
            if (!grown)
                break;
            line = grown;
        }
        line[n++] = c;
        line[n] = '\0';
    }
    if (interrupted || (!ended && !n)) {
        /* the end of the input, or Ctrl-C (which is not the end of the input) */
        free(line);
        return NULL;
    }
    if (!line && !(line = calloc(1, 1)))
        return NULL;
    while (n > 0 && line[n - 1] == '\r')
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
