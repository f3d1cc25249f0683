/* play.h: a game in progress in the terminal, shared by play.c (the session and its loop) and
 * play_human.c (the human's prompt). */
#ifndef CARTA_CLI_PLAY_H
#define CARTA_CLI_PLAY_H

#include "ai/ai.h"
#include "cli.h"
#include "core/record.h"

typedef struct play_session {
    const carta_game *g;
    carta_rules *r;
    void *state;        /* the true state: never rendered or described to a person */
    void *view;         /* scratch for an observation */
    carta_record rec;
    int rec_open;
    carta_ai *ai[CARTA_MAX_SEATS]; /* NULL for the human seat */
    int human;          /* the human's seat, or CARTA_NO_SEAT when watching */
    const char *save_path;
    carta_text log;     /* one line per move, as the human (or the mover, when watching) saw it */
    char label[CARTA_MAX_SEATS][CARTA_NAME_MAX];
} play_session;

/* What the human's turn came to. */
typedef enum play_turn { PLAY_MOVED, PLAY_QUIT, PLAY_FAILED } play_turn;

/* Shows the board and the actions, reads input until a legal action is applied (PLAY_MOVED), or
 * the human quits or input ends (PLAY_QUIT, after saving as asked). */
play_turn play_human_turn(play_session *s);

/* Applies action for seat to the true state, logs it as text (already described for whoever may
 * see it) and appends it to the record. Non-zero (with the error printed) if apply refused it. */
int play_apply(play_session *s, int seat, carta_action action, const char *text);

/* Saves the record to path; prints the outcome. Non-zero on failure. */
int play_save(play_session *s, const char *path);

#endif
