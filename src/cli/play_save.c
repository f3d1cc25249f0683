/* play_save.c: saving a game in `carta play`: `save`, `quit`, Ctrl-C and end of input, none of
 * which loses the game unless the player says so; and no file that is not a Carta save is
 * overwritten without asking. */
#include "play.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

int play_write_record(play_session *s, const char *path)
{
    carta_error err = {0};
    s->rec.final_digest = carta_digest(s->state, s->g->state_size);
    if (carta_record_save(&s->rec, s->r, path, &err) != CARTA_OK) {
        cli_error("%s", err.msg);
        return 1;
    }
    return 0;
}

static int file_exists(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0;
}

/* Whether path holds a Carta save (a game record of any game). */
static int is_carta_save(const char *path)
{
    char game[CARTA_NAME_MAX];
    carta_error err = {0};
    return carta_record_peek(path, game, sizeof game, &err) == CARTA_OK;
}

int play_may_overwrite(play_session *s, const char *path)
{
    if (!file_exists(path) || is_carta_save(path))
        return 1;
    if (!s->interactive) {
        cli_error("%s exists and is not a Carta save: not overwritten (choose another file)",
                  path);
        return 0;
    }
    char prompt[4200];
    snprintf(prompt, sizeof prompt, "%s exists and is not a Carta save. Overwrite it? [y/N] ",
             path);
    char *answer = play_read_line(prompt);
    int yes = answer && tolower((unsigned char)*play_trim(answer)) == 'y';
    free(answer);
    play_interrupted();
    if (!yes)
        printf("%s left as it was.\n", path);
    return yes;
}

/* Saves to path as play_save does, saying so after why ("": asked for; "End of input"). */
static int save_and_say(play_session *s, const char *path, const char *why)
{
    if (!play_may_overwrite(s, path) || play_write_record(s, path))
        return 1;
    char said[8400];
    if (*why)
        snprintf(said, sizeof said, "%s: the game is saved to %s (continue with: carta play "
                 "--resume %s)\n", why, path, path);
    else
        snprintf(said, sizeof said, "Saved to %s (continue with: carta play --resume %s)\n",
                 path, path);
    cli_print_folded(said, cli_width());
    return 0;
}

int play_save(play_session *s, const char *path)
{
    return save_and_say(s, path, "");
}

/* A file name in the current directory that does not exist yet: carta-GAME-DATE-TIME.json. */
static void new_save_name(const play_session *s, char *buf, size_t cap)
{
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(buf, cap, "carta-%s-%s.json", s->g->id, stamp);
    for (int n = 2; file_exists(buf) && n < 1000; n++)
        snprintf(buf, cap, "carta-%s-%s-%d.json", s->g->id, stamp, n);
}

/* Where a save goes when the player names no file: the save file, else a new file. */
static const char *default_save_path(play_session *s, char *buf, size_t cap)
{
    if (s->save_path)
        return s->save_path;
    new_save_name(s, buf, cap);
    return buf;
}

void play_save_at_end_of_input(play_session *s)
{
    char name[256];
    const char *path = default_save_path(s, name, sizeof name);
    putchar('\n');
    if (save_and_say(s, path, "End of input") != 0)
        cli_error("the game was not saved");
}

/* The answers to "save before quitting?". */
typedef enum offer_answer { OFFER_SAVE, OFFER_SAVE_AS, OFFER_NO_SAVE, OFFER_KEEP_PLAYING } offer_answer;

/* Reads the answer; *name is the file named (OFFER_SAVE_AS; free *raw after). End of input and
 * Ctrl-C save, as Enter does: nothing is lost by breaking off. */
static offer_answer read_offer_answer(const char *prompt, char **raw, const char **name)
{
    *raw = play_read_line(prompt);
    if (play_interrupted() || !*raw) {
        putchar('\n');
        return OFFER_SAVE;
    }
    const char *a = play_trim(*raw);
    *name = a;
    if (strcasecmp(a, "c") == 0 || strcasecmp(a, "continue") == 0)
        return OFFER_KEEP_PLAYING;
    if (strcasecmp(a, "n") == 0 || strcasecmp(a, "no") == 0)
        return OFFER_NO_SAVE;
    if (*a == '\0' || strcasecmp(a, "y") == 0 || strcasecmp(a, "yes") == 0)
        return OFFER_SAVE;
    return OFFER_SAVE_AS;
}

int play_offer_save(play_session *s)
{
    char name[256], intro[4400];
    const char *path = default_save_path(s, name, sizeof name), *typed = NULL;
    snprintf(intro, sizeof intro,
             "Quitting. Enter saves the game to %s; or type another file name to save there, n to "
             "quit without saving, or c to keep playing.\n",
             path);
    cli_print_folded(intro, cli_width());
    char *raw;
    offer_answer answer = read_offer_answer("save> ", &raw, &typed);
    int quit = 1;
    if (answer == OFFER_KEEP_PLAYING) {
        quit = 0;
    } else if (answer == OFFER_NO_SAVE) {
        printf("Not saved.\n");
    } else if (play_save(s, answer == OFFER_SAVE_AS ? typed : path) != 0 && raw) {
        printf("Not saved, so the game goes on.\n");
        quit = 0;
    }
    free(raw);
    return quit;
}
