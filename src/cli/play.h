/* play.h: a game in progress in the terminal, shared by play.c (the session and its loop),
 * play_human.c (the human's prompt), play_card.c (the `card` command), play_save.c (saving,
 * quitting, Ctrl-C and end of input) and play_input.c (reading lines, Ctrl-C). */
#ifndef CARTA_CLI_PLAY_H
#define CARTA_CLI_PLAY_H

#include "ai/ai.h"
#include "cli.h"
#include "core/record.h"

struct carta_view;

/* A move in progress: the steps one seat takes in a row, each text extending the one before
 * ("summon Pikeman", "summon Pikeman at A6", "summon Pikeman at A6 facing east"). It is told
 * once, when complete: its last text and what the whole of it did. */
typedef struct play_move {
    int open;
    int seat;
    int echo;                  /* print the text (not when the human typed exactly that) */
    char text[256];
    struct carta_view *before; /* the human's view before the first step */
    carta_text events;         /* what the steps did, as lines the human may read */
} play_move;

typedef struct play_session {
    const carta_game *g;
    carta_rules *r;
    void *state;        /* the true state: never rendered or described to a person */
    void *view;         /* scratch for an observation */
    carta_record rec;
    int rec_open;
    carta_ai *ai[CARTA_MAX_SEATS]; /* NULL for the human seat */
    int human;          /* the human's seat, or CARTA_NO_SEAT when watching */
    int interactive;    /* input is a terminal: questions may be asked */
    const char *save_path;
    play_move move;
    carta_text log;     /* one line per move, as the human (or, watching, a spectator) saw it */
    char label[CARTA_MAX_SEATS][CARTA_NAME_MAX];
} play_session;

/* What the human's turn came to. */
typedef enum play_turn { PLAY_MOVED, PLAY_QUIT, PLAY_FAILED } play_turn;

/* Shows the board and the actions, reads input until a legal action is applied (PLAY_MOVED), or
 * the human quits, interrupts or input ends (PLAY_QUIT, after saving as asked). */
play_turn play_human_turn(play_session *s);

/* Applies action for seat to the true state and appends it to the record; text is the action as
 * described for whoever may see it, echo whether to print it. The step joins the move in
 * progress if it is the same seat's and its text extends that move's; otherwise the move in
 * progress is told first. Non-zero (with the error printed) if apply refused it. */
int play_apply(play_session *s, int seat, carta_action action, const char *text, int echo);

/* Tells the move in progress, if any: its text and what it did, printed and logged. */
void play_flush_move(play_session *s);

/* ---- play_save.c ---- */

/* Saves the record to path; prints the outcome. An existing file that is not a Carta save is
 * overwritten only if the player agrees (never when input is not a terminal). Non-zero if
 * nothing was saved. */
int play_save(play_session *s, const char *path);

/* Writes the record to path without asking or printing success; non-zero (error printed) on
 * failure. */
int play_write_record(play_session *s, const char *path);

/* Whether path may be written by a save: it does not exist, or it is a Carta save, or the
 * player agrees to overwrite it (asked only when input is a terminal). 1 if so; says why not. */
int play_may_overwrite(play_session *s, const char *path);

/* `quit` and Ctrl-C: offers to save (Enter saves to the save file, or to a new file in the
 * current directory; a file name saves there; 'n' does not save), then returns 1 to stop; 'c'
 * returns 0 to keep playing. End of input or Ctrl-C at the question saves, as Enter does. */
int play_offer_save(play_session *s);

/* End of input: saves to the save file, or to a new file in the current directory, and says
 * where and how to continue. */
void play_save_at_end_of_input(play_session *s);

/* Ctrl-C: from play_catch_interrupt on, SIGINT only sets a flag, which play_interrupted reads
 * and clears; a prompt waiting for input returns at once. */
void play_catch_interrupt(void);
int play_interrupted(void);

/* One line of input without its newline, malloc'd (free it), or NULL at end of input or on
 * Ctrl-C (play_interrupted says which). Piped input is echoed. */
char *play_read_line(const char *prompt);

/* Trims white space at both ends of s in place; returns the start. */
char *play_trim(char *s);

/* ---- play_card.c ---- */

/* `card NAME`: what the card says; NAME may be a unique prefix of a card's name; an unknown name
 * gets the closest names as suggestions. */
void play_show_card(play_session *s, const char *name);

#endif
