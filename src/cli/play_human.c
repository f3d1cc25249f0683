/* play_human.c: the human's prompt in `carta play`: board, numbered actions, commands. */
#include "play.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <editline/readline.h>

#include "core/view.h"

static const char help_text[] =
    "Type an action's number or its text (a unique prefix is enough), or a command:\n"
    "  help           this help\n"
    "  actions        list the legal actions again\n"
    "  board          show the board again\n"
    "  card NAME      what a card says (any card of the set)\n"
    "  log            the moves so far\n"
    "  save [FILE]    save the game (a record: 'carta play --resume FILE' continues it)\n"
    "  quit           stop (offers to save)\n";

/* One line of input without its newline, malloc'd (free it), or NULL at end of input. */
static char *read_line(const char *prompt)
{
    if (isatty(STDIN_FILENO)) {
        char *line = readline(prompt);
        if (line && *line)
            add_history(line);
        return line;
    }
    fputs(prompt, stdout);
    fflush(stdout);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, stdin);
    if (n < 0) {
        free(line);
        return NULL;
    }
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        line[--n] = '\0';
    printf("%s\n", line); /* echoed, so a transcript of piped input reads like a session */
    return line;
}

/* Trims white space at both ends in place; returns the start. */
static char *trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

static void show_board(play_session *s)
{
    carta_text t = {0};
    s->g->render(s->r, s->view, s->human, &t);
    printf("\n%s", carta_text_str(&t));
    if (t.len && t.buf[t.len - 1] != '\n')
        putchar('\n');
    carta_text_free(&t);
}

/* The question the player is asked now, in words (the view's "question"), if the game says. */
static void show_question(play_session *s)
{
    carta_view *v = s->g->view ? carta_view_new(s->g, s->r) : NULL;
    if (!v)
        return;
    s->g->view(s->r, s->view, s->human, v);
    json_t *q = carta_view_get(carta_view_json(v), "question");
    if (json_is_string(q))
        printf("%s\n", json_string_value(q));
    carta_view_free(v);
}

static void show_actions(play_session *s)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    show_question(s);
    int n = s->g->legal_actions(s->r, s->view, legal);
    for (int i = 0; i < n; i++) {
        char text[256];
        s->g->describe_action(s->r, s->view, legal[i], text, sizeof text);
        printf("  %2d. %s\n", i + 1, text);
    }
}

static void show_log(play_session *s)
{
    if (s->log.len == 0)
        printf("(no moves yet)\n");
    else
        fputs(carta_text_str(&s->log), stdout);
}

/* `quit`: offers to save, then stops. */
static play_turn quit(play_session *s)
{
    char *answer;
    if (s->save_path) {
        char prompt[4200];
        snprintf(prompt, sizeof prompt, "Save to %s before quitting? [Y/n] ", s->save_path);
        answer = read_line(prompt);
        const char *a = answer ? trim(answer) : "";
        if (!answer || *a == '\0' || tolower((unsigned char)*a) == 'y')
            play_save(s, s->save_path);
    } else {
        answer = read_line("Save the game? Type a file name, or press Enter to quit: ");
        const char *a = answer ? trim(answer) : "";
        /* "n" and "no" are answers, not file names */
        if (*a && strcasecmp(a, "n") != 0 && strcasecmp(a, "no") != 0)
            play_save(s, a);
    }
    free(answer);
    return PLAY_QUIT;
}

/* Prints what the card named name says; an unknown name is an error. */
static void show_card(play_session *s, const char *name)
{
    int id = *name && s->g->describe_card ? s->g->card_id(s->r, name) : -1;
    if (id < 0) {
        cli_error("no card is named '%s' (try 'card Cinder Brute')", name);
        return;
    }
    carta_text text = {0};
    s->g->describe_card(s->r, id, &text);
    fputs(carta_text_str(&text), stdout);
    carta_text_free(&text);
}

/* Runs a command word; 1 if line was a command (handled), 0 if it is not one. */
static int run_command(play_session *s, char *line, play_turn *quit_out)
{
    char *arg = line + strcspn(line, " \t");
    size_t word = (size_t)(arg - line);
    arg = trim(arg);
#define IS(w) (word == strlen(w) && strncmp(line, w, word) == 0)
    if (IS("help") || IS("?")) {
        fputs(help_text, stdout);
    } else if (IS("actions") && !*arg) {
        show_actions(s);
    } else if (IS("board") && !*arg) {
        show_board(s);
    } else if (IS("card")) {
        show_card(s, arg);
    } else if (IS("log") && !*arg) {
        show_log(s);
    } else if (IS("save")) {
        const char *path = *arg ? arg : s->save_path;
        if (path)
            play_save(s, path);
        else
            cli_error("save needs a file name (or start with --save FILE)");
    } else if (IS("quit") || IS("exit")) {
        *quit_out = quit(s);
    } else {
        return 0;
    }
#undef IS
    return 1;
}

/* Applies what the human typed: one action, or several successive decisions typed as one
 * phrase. Nothing is applied unless all of it parses; a step that an earlier one changed (it
 * drew the card the rest names) is not applied, and the player is asked again. 1 if applied. */
static int apply_typed(play_session *s, const char *line)
{
    carta_chain chain;
    carta_error err = {0};
    void *scratch = malloc(2 * s->g->state_size);
    if (!scratch) {
        cli_error("out of memory");
        return 0;
    }
    carta_status st = carta_action_parse_chain(s->g, s->r, s->state, s->human, line, scratch,
                                               &chain, &err);
    if (st != CARTA_OK) {
        free(scratch);
        cli_error("%s", err.msg);
        return 0;
    }
    for (int i = 0; i < chain.n; i++) {
        if (!carta_chain_step_holds(s->g, s->r, s->state, s->human, &chain, i, scratch)) {
            printf("'%s' no longer applies after what happened: choose again.\n", chain.text[i]);
            break;
        }
        if (chain.n > 1)
            printf("%s: %s\n", s->label[s->human], chain.text[i]);
        if (play_apply(s, s->human, chain.action[i], chain.text[i]) != 0) {
            free(scratch);
            return i > 0;
        }
    }
    free(scratch);
    return 1;
}

/* A decision with one legal choice (a "pass" when there is nothing to answer with) is not
 * asked: it is taken and said. 1 if it was taken. */
static int take_only_choice(play_session *s)
{
    carta_action legal[CARTA_MAX_ACTIONS];
    if (s->g->legal_actions(s->r, s->view, legal) != 1)
        return 0;
    char text[256];
    s->g->describe_action(s->r, s->view, legal[0], text, sizeof text);
    printf("%s: %s (the only choice)\n", s->label[s->human], text);
    return play_apply(s, s->human, legal[0], text) == 0;
}

play_turn play_human_turn(play_session *s)
{
    s->g->observe(s->r, s->state, s->human, s->view);
    if (take_only_choice(s))
        return PLAY_MOVED;
    show_board(s);
    show_actions(s);
    char prompt[CARTA_NAME_MAX + 8];
    snprintf(prompt, sizeof prompt, "%s> ", s->label[s->human]);
    for (;;) {
        char *raw = read_line(prompt);
        if (!raw) {
            putchar('\n');
            if (s->save_path)
                play_save(s, s->save_path);
            return PLAY_QUIT;
        }
        char *line = trim(raw);
        play_turn result = PLAY_MOVED;
        int done = 0;
        if (!*line) {
            /* nothing typed: prompt again */
        } else if (run_command(s, line, &result)) {
            done = result == PLAY_QUIT;
        } else {
            done = apply_typed(s, line);
        }
        free(raw);
        if (done)
            return result;
    }
}
