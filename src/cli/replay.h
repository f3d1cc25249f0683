/* replay.h: what `carta replay` prints of a record, apart from the command, so tests can read it. */
#ifndef CARTA_CLI_REPLAY_H
#define CARTA_CLI_REPLAY_H

#include <stdio.h>

#include "core/record.h"

/* Writes to out what `carta replay` prints of rec (read from the file called name): a header,
 * every move (with show, the board before each) and the result. A game in progress saved by a
 * seat (carta_record_viewer) is told as that seat saw it: its board at every step whoever is to
 * act, the other seats' moves as it saw them, and no seed. Anything else is told whole: each
 * board as the seat to act sees it, each move in full. Non-zero, with the error printed, if rec
 * does not replay. */
int replay_write(const carta_game *g, const carta_rules *r, const carta_record *rec,
                 const char *name, int show, FILE *out);

#endif
