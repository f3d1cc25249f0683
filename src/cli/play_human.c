/* play_human.c: the human's prompt in `carta play`: board, numbered actions, commands. */
#include "play.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/view.h"

static const char help_text[] =
    "Type an action's number or its text (a unique prefix is enough; in a decision of several\n"
    "steps, the rest alone: 'C2', 'facing north'), or a command:\n"
    "  help           this help\n"
    "  actions        list the legal actions again\n"
    "  board          show the board again\n"
    "  card NAME      what a card says and what its keywords mean (any card of the set; the\n"
    "                 start of its name is enough)\n"
    "  log            the moves so far, each turn marked (-- turn 3: player 1 --)\n"
    "  log N          the last N turns only\n"
    "  save [FILE]    save the game (a record: 'carta play --resume FILE' continues it)\n"
    "  quit           stop (offers to save; so do Ctrl-C, and end of input (Ctrl-D) saves)\n";

static void show_board(play_session *s)
{
    carta_text t = {0};
    s->g->render(s->r, s->view, s->human, &t);
    putchar('\n');
    cli_print_folded(carta_text_str(&t), cli_width());
    carta_text_free(&t);
}

/* The question the player is asked now, in words (the view's "question"), if the game says. */
static void show_question(play_session *s, carta_text *out)
{
    carta_view *v = s->g->view ? carta_view_observation(s->g, s->r, s->view, s->human) : NULL;
    if (!v)
        return;
    json_t *q = carta_view_get(carta_view_json(v), "question");
    if (json_is_string(q))
        carta_text_printf(out, "%s\n", json_string_value(q));
    carta_view_free(v);
}

static void show_actions(play_session *s)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    carta_text t = {0};
    show_question(s, &t);
    int n = s->g->legal_actions(s->r, s->view, legal);
    for (int i = 0; i < n; i++) {
        char text[256];
        s->g->describe_action(s->r, s->view, legal[i], text, sizeof text);
        carta_text_printf(&t, "  %2d. %s\n", i + 1, text);
    }
    cli_print_folded(carta_text_str(&t), cli_width());
    carta_text_free(&t);
}

/* Where the last `turns` turns of the log begin: at the turns-th last turn marker ("-- turn"
 * or "-- round" line), or at the start if there are fewer. */
static const char *log_last_turns(const char *log, long turns)
{
    const char *from = log;
    long seen = 0;
    for (const char *p = log + strlen(log); p > log && seen < turns;) {
        const char *line = p - 1;
        while (line > log && line[-1] != '\n')
            line--;
        const char *text = line + strspn(line, " ");
        if (!strncmp(text, "-- turn", 7) || !strncmp(text, "-- round", 8)) {
            seen++;
            from = line;
        }
        p = line;
    }
    return seen < turns ? log : from;
}

static void show_log(play_session *s, const char *arg)
{
    char *end;
    long turns = *arg ? strtol(arg, &end, 10) : 0;
    if (*arg && (*end || turns < 1)) {
        cli_error("log %s: give a number of turns (log 2: the last two turns)", arg);
        return;
    }
    if (s->log.len == 0)
        printf("(no moves yet)\n");
    else
        cli_print_folded(turns ? log_last_turns(carta_text_str(&s->log), turns)
                               : carta_text_str(&s->log),
                         cli_width());
}

static void save_command(play_session *s, const char *arg)
{
    const char *path = *arg ? arg : s->save_path;
    if (path)
        play_save(s, path);
    else
        cli_error("save needs a file name (or start with --save FILE)");
}

/* Runs a command word; 1 if line was a command (handled), 0 if it is not one. *quit is set when
 * the player chose to stop. */
static int run_command(play_session *s, char *line, int *quit)
{
    char *arg = line + strcspn(line, " \t");
    size_t word = (size_t)(arg - line);
    arg = play_trim(arg);
#define IS(w) (word == strlen(w) && strncasecmp(line, w, word) == 0)
    if (IS("help") || IS("?"))
        fputs(help_text, stdout);
    else if (IS("actions") && !*arg)
        show_actions(s);
    else if (IS("board") && !*arg)
        show_board(s);
    else if (IS("card"))
        play_show_card(s, arg);
    else if (IS("log"))
        show_log(s, arg);
    else if (IS("save"))
        save_command(s, arg);
    else if ((IS("quit") || IS("exit")) && !*arg)
        *quit = play_offer_save(s);
    else
        return 0;
#undef IS
    return 1;
}

/* Whether the player typed the action's own text (so it need not be said back). */
static int typed_the_text(const char *typed, const char *text)
{
    return strcasecmp(typed, text) == 0;
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
        int echo = chain.n > 1 || !typed_the_text(line, chain.text[i]);
        if (play_apply(s, s->human, chain.action[i], chain.text[i], echo) != 0) {
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
    char text[256], said[300];
    s->g->describe_action(s->r, s->view, legal[0], text, sizeof text);
    snprintf(said, sizeof said, "%s (the only choice)", text);
    return play_apply(s, s->human, legal[0], said, 1) == 0;
}

/* One line from the player, handled; PLAY_MOVED with *done when an action was applied,
 * PLAY_QUIT when the player stops (after saving as asked, or as end of input does). */
static play_turn handle_input(play_session *s, const char *prompt, int *done)
{
    char *raw = play_read_line(prompt);
    *done = 1;
    if (play_interrupted()) { /* Ctrl-C */
        free(raw);
        putchar('\n');
        if (play_offer_save(s))
            return PLAY_QUIT;
        *done = 0;
        return PLAY_MOVED;
    }
    if (!raw) {
        play_save_at_end_of_input(s);
        return PLAY_QUIT;
    }
    char *line = play_trim(raw);
    int quit = 0;
    *done = 0;
    if (*line && !run_command(s, line, &quit))
        *done = apply_typed(s, line);
    free(raw);
    if (quit)
        *done = 1;
    return quit ? PLAY_QUIT : PLAY_MOVED;
}

/* Whether every choice now carries on the human's last step ("summon Pikeman" then "summon
 * Pikeman at C2", ...): the board was just drawn for that move, so it is not drawn again. */
static int finishing_own_move(play_session *s)
{
    static carta_action legal[CARTA_MAX_ACTIONS];
    const play_move *m = &s->move;
    if (!m->open || m->seat != s->human)
        return 0;
    int n = s->g->legal_actions(s->r, s->view, legal);
    size_t len = strlen(m->text);
    for (int i = 0; i < n; i++) {
        char text[256];
        s->g->describe_action(s->r, s->view, legal[i], text, sizeof text);
        if (strncmp(text, m->text, len) != 0 || text[len] != ' ')
            return 0;
    }
    return n > 0;
}

play_turn play_human_turn(play_session *s)
{
    s->g->observe(s->r, s->state, s->human, s->view);
    int same_move = finishing_own_move(s);
    play_flush_move(s);
    if (take_only_choice(s))
        return PLAY_MOVED;
    if (!same_move)
        show_board(s);
    show_actions(s);
    char prompt[CARTA_NAME_MAX + 8];
    snprintf(prompt, sizeof prompt, "%s> ", s->label[s->human]);
    for (;;) {
        int done;
        play_turn t = handle_input(s, prompt, &done);
        if (done)
            return t;
    }
}
