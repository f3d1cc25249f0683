/* test_play.c: `carta play` as a new user meets it: end of input and Ctrl-C never lose the game,
 * a file that is not a Carta save is not overwritten unasked, `card` finds cards by a prefix and
 * suggests close names, keywords are explained and never listed twice, a multi-step move is told
 * once, watching never says "you", lines fit 80 columns; and the parts of the games and of core
 * these rest on (Leaders' end turn last, the rest of a decision typed alone, modes). Each game is
 * played in a child process in a fresh directory, its input and output files. */
#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/cli.h"
#include "cli/play.h"
#include "core/record.h"
#include "support/test_games.h"

/* A directory of its own for each test, and the output of the last game played in it. */
typedef struct play_dir {
    char path[64];
    char *out; /* stdout and stderr of the last run, malloc'd */
} play_dir;

static void dir_open(play_dir *d)
{
    snprintf(d->path, sizeof d->path, "/tmp/carta-play-XXXXXX");
    assert_non_null(mkdtemp(d->path));
    d->out = NULL;
}

static void dir_close(play_dir *d)
{
    DIR *dir = opendir(d->path);
    assert_non_null(dir);
    struct dirent *e;
    while ((e = readdir(dir))) {
        char p[512];
        if (e->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", d->path, e->d_name);
        remove(p);
    }
    closedir(dir);
    rmdir(d->path);
    free(d->out);
}

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* In the child: stdin from input (a path), stdout and stderr to out.txt, in the directory. */
static void child_redirect(const play_dir *d, int in_fd)
{
    char out[128];
    snprintf(out, sizeof out, "%s/out.txt", d->path);
    int out_fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out_fd < 0 || chdir(d->path) != 0)
        _exit(99);
    dup2(in_fd, STDIN_FILENO);
    dup2(out_fd, STDOUT_FILENO);
    dup2(out_fd, STDERR_FILENO);
}

/* Runs `carta play ARGS...` (NULL-terminated) in d with input typed; returns the exit code and
 * keeps the output in d->out. */
static int play(play_dir *d, const char *input, ...)
{
    char *argv[32];
    int argc = 0;
    va_list ap;
    va_start(ap, input);
    for (const char *a; argc < 31 && (a = va_arg(ap, const char *));)
        argv[argc++] = (char *)a;
    va_end(ap);
    argv[argc] = NULL;
    char in[128];
    snprintf(in, sizeof in, "%s/in.txt", d->path);
    write_file(in, input);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int in_fd = open(in, O_RDONLY);
        child_redirect(d, in_fd);
        int rc = cli_cmd_play(argc, argv);
        fflush(NULL);
        _exit(rc);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    remove(in);
    char out[128];
    snprintf(out, sizeof out, "%s/out.txt", d->path);
    free(d->out);
    d->out = read_all(out);
    remove(out);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* The path of the carta-*.json file in d (a new save), or "" if there is none. */
static void find_new_save(const play_dir *d, char *name, size_t cap)
{
    DIR *dir = opendir(d->path);
    assert_non_null(dir);
    struct dirent *e;
    name[0] = '\0';
    while ((e = readdir(dir)))
        if (strncmp(e->d_name, "carta-", 6) == 0 && strstr(e->d_name, ".json"))
            snprintf(name, cap, "%s/%.180s", d->path, e->d_name);
    closedir(dir);
}

static int is_save(const char *path)
{
    char game[CARTA_NAME_MAX];
    carta_error err = {0};
    return carta_record_peek(path, game, sizeof game, &err) == CARTA_OK;
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
        n++;
    return n;
}

/* ---- saving: end of input, quit, Ctrl-C, files that are not saves ---- */

static void test_end_of_input_saves(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    assert_int_equal(play(&d, "keep\n", "aember", "--seed", "3", "--ai", "random", NULL), 0);
    char save[256];
    find_new_save(&d, save, sizeof save);
    assert_true(save[0]);
    assert_true(is_save(save));
    assert_non_null(strstr(d.out, "End of input: the game is saved to carta-aember-"));
    assert_non_null(strstr(d.out, "carta play --resume"));
    /* and it continues where it stopped */
    const char *name = strrchr(save, '/') + 1;
    assert_int_equal(play(&d, "", "--resume", name, NULL), 0);
    assert_non_null(strstr(d.out, "resumed"));
    dir_close(&d);
}

static void test_quit_offers_to_save(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    char save[256];
    /* 'n' quits without saving */
    assert_int_equal(play(&d, "quit\nn\n", "leaders", "--seed", "3", NULL), 0);
    assert_non_null(strstr(d.out, "Not saved."));
    find_new_save(&d, save, sizeof save);
    assert_string_equal(save, "");
    /* 'c' keeps playing; Enter saves to --save's file */
    assert_int_equal(play(&d, "quit\nc\nquit\n\n", "leaders", "--seed", "3", "--save",
                          "mine.json", NULL),
                     0);
    assert_int_equal(count(d.out, "Quitting."), 2);
    assert_non_null(strstr(d.out, "Saved to mine.json"));
    char mine[256];
    snprintf(mine, sizeof mine, "%s/mine.json", d.path);
    assert_true(is_save(mine));
    /* a file name typed saves there */
    assert_int_equal(play(&d, "quit\nother.json\n", "leaders", "--seed", "3", NULL), 0);
    snprintf(mine, sizeof mine, "%s/other.json", d.path);
    assert_true(is_save(mine));
    dir_close(&d);
}

static void test_files_that_are_not_saves_are_kept(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    char notes[256];
    snprintf(notes, sizeof notes, "%s/notes.txt", d.path);
    write_file(notes, "my notes\n");
    /* --save over it is refused before the game starts (input is not a terminal) */
    assert_int_equal(play(&d, "", "aember", "--seed", "3", "--save", "notes.txt", NULL),
                     CLI_EXIT_USAGE);
    assert_non_null(strstr(d.out, "notes.txt exists and is not a Carta save"));
    /* so is `save` over it; the game goes on, and end of input saves elsewhere */
    assert_int_equal(play(&d, "save notes.txt\nsave game.json\nsave game.json\n", "aember",
                          "--seed", "3", NULL),
                     0);
    char *kept = read_all(notes);
    assert_string_equal(kept, "my notes\n");
    free(kept);
    assert_int_equal(count(d.out, "Saved to game.json"), 2); /* a save is overwritten */
    assert_null(strstr(d.out, ".tmp"));
    /* an error names the file asked for, never a temporary one */
    assert_int_equal(play(&d, "save /nonexistent-dir/x.json\n", "aember", "--seed", "3", NULL),
                     0);
    assert_non_null(strstr(d.out, "/nonexistent-dir/x.json: error: cannot write"));
    assert_null(strstr(d.out, ".tmp"));
    dir_close(&d);
}

/* Waits (up to 20 s) until path holds what. */
static int wait_for(const char *path, const char *what)
{
    for (int i = 0; i < 2000; i++) {
        FILE *f = fopen(path, "rb");
        if (f) {
            char buf[65536];
            size_t n = fread(buf, 1, sizeof buf - 1, f);
            fclose(f);
            buf[n] = '\0';
            if (strstr(buf, what))
                return 1;
        }
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    return 0;
}

/* Ctrl-C at the prompt does not kill the game: it offers to save, and Enter saves. */
static void test_ctrl_c_offers_to_save(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    int pipe_fd[2];
    assert_int_equal(pipe(pipe_fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        close(pipe_fd[1]);
        child_redirect(&d, pipe_fd[0]);
        char *argv[] = {"aember", "--seed", "3", NULL};
        int rc = cli_cmd_play(3, argv);
        fflush(NULL);
        _exit(rc);
    }
    close(pipe_fd[0]);
    char out[128];
    snprintf(out, sizeof out, "%s/out.txt", d.path);
    assert_true(wait_for(out, "player 1 (you)> "));
    assert_int_equal(kill(pid, SIGINT), 0);
    assert_true(wait_for(out, "save> "));
    assert_int_equal(write(pipe_fd[1], "\n", 1), 1);
    close(pipe_fd[1]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    char save[256];
    find_new_save(&d, save, sizeof save);
    assert_true(is_save(save));
    d.out = read_all(out);
    assert_non_null(strstr(d.out, "Quitting."));
    dir_close(&d);
}

/* ---- what is said ---- */

static void test_card_prefix_suggestions_keywords(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    assert_int_equal(play(&d, "card Cinder Br\nn\n", "aember", "--seed", "3", NULL), 0);
    assert_non_null(strstr(d.out, "Cinder Brute (ashen creature, power 5): Assault 2."));
    assert_non_null(strstr(d.out, "  Assault 2: when it fights")); /* explained once */
    assert_int_equal(count(d.out, "Assault 2:"), 1);
    assert_int_equal(play(&d, "card cinder\ncard Mosback Tortoise\ncard qqqqqqqq\n", "aember",
                          "--seed", "3", NULL),
                     0);
    assert_non_null(strstr(d.out, "did you mean: Cinder Brute or Cinderlord Varkas?"));
    assert_non_null(strstr(d.out, "did you mean: Mossback Tortoise?"));
    assert_non_null(strstr(d.out, "'qqqqqqqq' is no card's name (try 'card "));
    /* Arkhtide listed a card's keywords, then its text naming them again */
    assert_int_equal(play(&d, "card tidebound porter\n", "arkhtide", "--seed", "3", NULL), 0);
    assert_null(strstr(d.out, "Keywords:"));
    assert_int_equal(count(d.out, "Collector. Severed."), 2); /* in the hand, and on the card */
    assert_int_equal(count(d.out, "  Severed: it may not Assist."), 1);
    dir_close(&d);
}

static void test_hands_show_costs_and_texts(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    assert_int_equal(play(&d, "", "arkhtide", "--seed", "3", NULL), 0);
    assert_non_null(strstr(d.out, "    Tidebound Porter (Unit, cost 2 Arkh\xc3\xa9; Soul 2 Melee 1 "
                                  "Ranged - Health 3):"));
    assert_int_equal(play(&d, "", "leaders", "--seed", "3", NULL), 0);
    assert_non_null(strstr(d.out, "    Bandage (Spell): Heal 2 to a friendly Unit."));
    dir_close(&d);
}

/* Every line of out fits width columns (UTF-8 counted by characters). */
static void assert_fits(const char *out, int width)
{
    int cols = 0;
    for (const char *p = out; *p; p++) {
        if (*p == '\n') {
            cols = 0;
            continue;
        }
        cols += ((unsigned char)*p & 0xc0) != 0x80;
        if (cols > width)
            fail_msg("a line is longer than %d columns: %.100s", width, p - cols);
    }
}

/* Watching: every move is told once (not its partial steps), nobody is "you", and the game as
 * output fits an 80-column terminal. */
static void test_watch_tells_each_move_once(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    const char *games[] = {"aember", "arkhtide", "leaders"};
    for (int g = 0; g < 3; g++) {
        assert_int_equal(play(&d, "", games[g], "--watch", "--seed", "3", "--ai", "random", NULL),
                         0);
        assert_non_null(strstr(d.out, "Game over"));
        assert_null(strstr(d.out, "(you)"));
        assert_null(strstr(d.out, " your "));
        assert_null(strstr(d.out, "question"));
        assert_fits(d.out, 80);
        char prev[256] = "";
        for (const char *line = d.out; *line; line = strchr(line, '\n') + 1) {
            size_t len = strcspn(line, "\n");
            if (strncmp(line, "player ", 7) == 0) {
                size_t n = strlen(prev);
                if (n && len > n && strncmp(line, prev, n) == 0 && line[n] == ' ')
                    fail_msg("%s: a move told in parts: '%s' then '%.*s'", games[g], prev,
                             (int)len, line);
                snprintf(prev, sizeof prev, "%.*s", (int)len, line);
            }
            if (!line[len])
                break;
        }
    }
    /* an AI's summon in three steps is one line against a person too */
    assert_int_equal(play(&d, "end turn\n", "leaders", "--seed", "3", "--ai", "random", NULL), 0);
    assert_null(strstr(d.out, "player 2 (random): summon Shieldbearer\n"));
    assert_null(strstr(d.out, "player 2 (random): summon Shieldbearer at A6\n"));
    assert_non_null(strstr(d.out, "player 2 (random): summon Shieldbearer at A6 facing east\n"));
    dir_close(&d);
}

/* What setup did is told first; `log` keeps every move with its turn markers, `log N` shows the
 * last N turns, and a bad N is refused. */
static void test_log_marks_turns(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    play(&d, "1\n1\n1\nlog\nlog 1\nlog x\nquit\nn\n", "template", "--seed", "4", "--ai",
         "greedy", NULL);
    const char *told = strstr(d.out, "you draw Riptide, Maelstrom, Undertow");
    assert_non_null(told);
    assert_true(told < strstr(d.out, "which card do you lead?"));
    const char *all = strstr(d.out, "> log\n"), *last = strstr(d.out, "> log 1\n");
    const char *bad = strstr(d.out, "> log x\n");
    assert_true(all && last && bad && all < last && last < bad);
    const char *turn1 = strstr(all, "-- turn 1: you --"), *turn2 = strstr(all, "-- turn 2:");
    assert_true(turn1 && turn1 < last && turn2 && turn2 < last);
    assert_int_equal(count(last, "-- turn"), 1); /* only the last turn after "log 1" */
    assert_null(strstr(last, "-- turn 1:"));
    assert_non_null(strstr(bad, "log x: give a number of turns"));
    dir_close(&d);
}

static void test_seats_from_one(void **unused)
{
    (void)unused;
    play_dir d;
    dir_open(&d);
    assert_int_equal(play(&d, "", "leaders", "--seed", "3", "--seat", "2", NULL), 0);
    assert_non_null(strstr(d.out, "player 2 (you)"));
    assert_int_equal(play(&d, "", "leaders", "--seat", "3", NULL), CLI_EXIT_USAGE);
    assert_non_null(strstr(d.out, "--seat 3: this game has players 1 to 2"));
    assert_int_equal(play(&d, "", "leaders", "--seat", "0", NULL), CLI_EXIT_USAGE);
    assert_int_equal(play(&d, "", "arkhtide", "--mode", "desperate", "--seed", "3", NULL), 0);
    assert_non_null(strstr(d.out, "player 3 "));
    assert_int_equal(play(&d, "", "leaders", "--mode", "duel", NULL), CLI_EXIT_USAGE);
    assert_non_null(strstr(d.out, "--mode duel: leaders has no modes"));
    dir_close(&d);
}

/* ---- folding ---- */

static void test_fold(void **unused)
{
    (void)unused;
    carta_text out = {0};
    cli_fold("  a\xc3\x86 bbbb cccc dddd eeee\nshort\n\n", 12, &out);
    assert_string_equal(carta_text_str(&out), "  a\xc3\x86 bbbb\n"
                                              "      cccc\n"
                                              "      dddd\n"
                                              "      eeee\n"
                                              "short\n"
                                              "\n");
    carta_text_free(&out);
    cli_fold("abcdefghijklmnop", 10, &out); /* no space: cut */
    assert_string_equal(carta_text_str(&out), "abcdefghij\n    klmnop\n");
    carta_text_free(&out);
}

/* ---- the games and core under it ---- */

static const tgame *find(tgame *games, int n, const char *id)
{
    for (int i = 0; i < n; i++)
        if (strcmp(games[i].g->id, id) == 0)
            return &games[i];
    return NULL;
}

static void parse_ok(const tgame *t, void *state, const char *typed, const char *expect)
{
    carta_action a;
    carta_error err = {0};
    if (carta_action_parse(t->g, t->r, state, typed, &a, &err) != CARTA_OK)
        fail_msg("'%s': %s", typed, err.msg);
    char text[256];
    t->g->describe_action(t->r, state, a, text, sizeof text);
    assert_string_equal(text, expect);
    assert_int_equal(t->g->apply(t->r, state, a, NULL), CARTA_OK);
}

/* Leaders: end turn is the last action of the main step; a summon's cell and facing may be
 * typed alone. */
static void test_leaders_end_turn_last_and_rest_typed_alone(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    const tgame *t = find(games, n, "leaders");
    if (!t) {
        tgame_close_all(games, n);
        skip();
    }
    void *state = calloc(1, t->g->state_size);
    tgame_setup(t, 3, state);
    carta_action legal[CARTA_MAX_ACTIONS];
    int k = t->g->legal_actions(t->r, state, legal);
    char text[256];
    t->g->describe_action(t->r, state, legal[k - 1], text, sizeof text);
    assert_string_equal(text, "end turn");
    t->g->describe_action(t->r, state, legal[0], text, sizeof text);
    assert_string_not_equal(text, "end turn");
    char summon[128], cell[160], facing[200];
    for (int i = 0; i < k && strncmp(text, "summon ", 7) != 0; i++)
        t->g->describe_action(t->r, state, legal[i], text, sizeof text);
    snprintf(summon, sizeof summon, "%.100s", text);
    parse_ok(t, state, summon, summon);
    snprintf(cell, sizeof cell, "%s at C2", summon);
    parse_ok(t, state, "c2", cell);
    snprintf(facing, sizeof facing, "%s facing north", cell);
    parse_ok(t, state, "facing north", facing);
    /* in the main step nothing is a rest: a card's name alone is not an action */
    carta_action a;
    carta_error err = {0};
    assert_int_not_equal(carta_action_parse(t->g, t->r, state, "c2", &a, &err), CARTA_OK);
    free(state);
    tgame_close_all(games, n);
}

/* Every game refuses a mode it does not list, and takes each it lists at its fewest players. */
static void test_setup_modes(void **unused)
{
    (void)unused;
    tgame games[TGAME_MAX];
    int n = tgame_open_all(games);
    for (int i = 0; i < n; i++) {
        const tgame *t = &games[i];
        void *state = calloc(1, t->g->state_size);
        carta_config config;
        if (!carta_game_find(t->g->id) ||
            cli_make_config(t->g, t->r, cli_default_seats(t->g), 1, NULL, &config)) {
            free(state);
            continue;
        }
        carta_error err = {0};
        snprintf(config.mode, sizeof config.mode, "no-such-mode");
        if (t->g->setup(t->r, state, &config, &err) == CARTA_OK)
            fail_msg("%s took an unknown mode", t->g->id);
        for (int m = 0; m < t->g->n_modes; m++) {
            const carta_mode *mode = &t->g->modes[m];
            assert_int_equal(cli_make_config(t->g, t->r, mode->min_seats, 1, NULL, &config), 0);
            snprintf(config.mode, sizeof config.mode, "%s", mode->name);
            if (t->g->setup(t->r, state, &config, &err) != CARTA_OK)
                fail_msg("%s mode %s: %s", t->g->id, mode->name, err.msg);
        }
        free(state);
    }
    tgame_close_all(games, n);
}

int main(void)
{
    signal(SIGPIPE, SIG_IGN);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_end_of_input_saves),
        cmocka_unit_test(test_quit_offers_to_save),
        cmocka_unit_test(test_files_that_are_not_saves_are_kept),
        cmocka_unit_test(test_ctrl_c_offers_to_save),
        cmocka_unit_test(test_card_prefix_suggestions_keywords),
        cmocka_unit_test(test_hands_show_costs_and_texts),
        cmocka_unit_test(test_watch_tells_each_move_once),
        cmocka_unit_test(test_log_marks_turns),
        cmocka_unit_test(test_seats_from_one),
        cmocka_unit_test(test_fold),
        cmocka_unit_test(test_leaders_end_turn_last_and_rest_typed_alone),
        cmocka_unit_test(test_setup_modes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
