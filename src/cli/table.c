/* table.c: `carta table CAMPAIGN`: the Gamemaster's table tools for Archmajesty's non-combat
 * rules at the table (games/archmajesty/table.h, docs/table.md): task checks with their
 * modifiers, clocks and their completion, every roll told in the rulebook's words and logged in
 * the campaign file, which is saved after each command and replayed and checked when opened. */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

#include "cli/play.h"
#include "games/archmajesty/table.h"

static const char table_usage[] =
    "usage: carta table CAMPAIGN.yaml [--seed S]\n"
    "The Gamemaster's table tools for Archmajesty's non-combat rules: task checks (D20 plus\n"
    "modifiers against a difficulty threshold; DT 6 or less succeeds without a roll), Aspects\n"
    "(+3/+6/+9), Circles (+5/-5, rebels, spies), Lores (+10), common knowledge (+5) and clocks.\n"
    "Opens (or makes) the campaign file, starts a new session (its rolls come from --seed S,\n"
    "default: the clock) and saves after every command. Opening a campaign replays every\n"
    "session's log and checks each roll against its seed. Characters' sheets are written in the\n"
    "file (docs/table.md). Type 'help' at the prompt for the commands.\n";

static const char table_help[] =
    "commands (names may be quoted, \"Circus Strongman\", or shortened to a unique start):\n"
    "  check [WHO] DT [aspect NAME [marginal|full|especially]] [lore NAME] [knowledge]\n"
    "        [circle NAME favourable|opposed [same] [rebel] [unconvincing]]... [mod N] [on CLOCK]\n"
    "                          a task check; 'same': the other has that Circle too, 'rebel':\n"
    "                          and rebels against it, 'unconvincing': a spy's pretence fails\n"
    "  clock NAME SEGMENTS     a new clock of an even number of segments\n"
    "  settle CLOCK CHOICE     a full clock's outcome: success, tie, catch, failure or cost\n"
    "  clocks                  every clock and its segments\n"
    "  characters              every character's Aspects, Circles and Lores\n"
    "  log                     the rolls of this session\n"
    "  help, quit\n";

enum { TABLE_WORDS = 48 };

/* Splits line into words; "double quotes" keep spaces. */
static int table_words(char *line, char **words)
{
    int n = 0;
    char *p = line;
    while (*p && n < TABLE_WORDS) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (*p == '"') {
            words[n++] = ++p;
            while (*p && *p != '"')
                p++;
        } else {
            words[n++] = p;
            while (*p && *p != ' ' && *p != '\t')
                p++;
        }
        if (*p)
            *p++ = '\0';
    }
    return n;
}

/* The index of the name among n (names[i] at stride bytes apart) that word names: the whole
 * name, else the one name it starts; -1 with a message if none or several. */
static int table_pick(const char *word, const char *first, size_t stride, int n, const char *what)
{
    /* first: the first name; the others follow every stride bytes */
    int found = -1, matches = 0;
    for (int i = 0; i < n; i++) {
        const char *name = first + (size_t)i * stride;
        if (!strcasecmp(name, word))
            return i;
        if (!strncasecmp(name, word, strlen(word))) {
            found = i;
            matches++;
        }
    }
    if (matches == 1)
        return found;
    if (matches)
        printf("Which %s is '%s'? Several start so.\n", what, word);
    else
        printf("No %s '%s'.\n", what, word);
    return -1;
}

static int table_int(const char *word, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(word, &end, 10);
    if (errno || *end || end == word || v < lo || v > hi)
        return 0;
    *out = (int)v;
    return 1;
}

static void table_clock_line(const am_clock *k)
{
    printf("  %s: %d of %d segments (%d green, %d red)", k->name, k->green + k->red, k->segments,
           k->green, k->red);
    if (k->resolved)
        printf(", settled: %s", k->outcome);
    else if (k->green + k->red == k->segments)
        printf(", full: to settle");
    printf("\n");
}

/* Tells a full clock's completion and what the players may choose. */
static void table_tell_completion(const am_clock *k)
{
    am_completion done = am_clock_completion(k);
    if (done == AM_CLOCK_RUNNING)
        return;
    if (done == AM_CLOCK_SUCCESS)
        printf("The clock %s is full, majority green: the players succeed. "
               "(settle \"%s\" success)\n", k->name, k->name);
    else if (done == AM_CLOCK_TIE)
        printf("The clock %s is full, equally green and red: the players choose to accept a "
               "tie or to achieve success with a catch. (settle \"%s\" tie|catch)\n", k->name,
               k->name);
    else
        printf("The clock %s is full, majority red: the players choose to accept failure or to "
               "achieve success at a cost. (settle \"%s\" failure|cost)\n", k->name, k->name);
}

/* Tells a check: its modifiers one by one, the final result and what it did to its clock
 * (filled before: its segments filled before the check). */
static void table_tell_check(const am_campaign *c, const am_task *t, const am_check *r,
                             int filled_before)
{
    static const char *const rel[] = {"", "marginally", "fully", "especially"};
    const am_sheet *s = t->sheet >= 0 ? &c->sheets[t->sheet] : NULL;
    printf("%s task check against DT %d: ", s ? s->name : "A", t->dt);
    if (r->automatic) {
        printf("DT %d or less is not worth rolling: an automatic success.\n", AM_TT_AUTO_DT);
    } else {
        printf("natural %d", r->natural);
        if (t->aspect)
            printf(", %+d (%s, %s relevant)", am_aspect_bonus(t->aspect),
                   s->aspects[t->aspect_index], rel[t->aspect]);
        for (int i = 0; i < t->n_pairings; i++) {
            const am_pairing *p = &t->pairings[i];
            const am_circle *circle = &s->circles[p->circle];
            printf(", %+d (Circle %s%s)", am_pairing_modifier(s, p), circle->name,
                   circle->pretend && !p->convincing ? ": a pretence, not convincing"
                   : circle->rebel && am_pairing_modifier(s, p) * (p->favourable ? 1 : -1) < 0
                       ? ": a rebel's, inverted"
                       : "");
        }
        if (t->knowledge)
            printf(", +5 (common knowledge)");
        if (t->lore)
            printf(", +10 (Lore: %s)", s->lores[t->lore_index]);
        if (t->other)
            printf(", %+d (the Gamemaster's modifier)", t->other);
        printf(" = %d: %s", r->final, r->success ? "success" : "failure");
        if (r->margin)
            printf(" by %d", r->margin > 0 ? r->margin : -r->margin);
        printf(".\n");
    }
    if (t->clock >= 0) {
        const am_clock *k = &c->clocks[t->clock];
        int earned = r->green ? r->green : r->red, fit = k->green + k->red - filled_before;
        if (earned)
            printf("%s: +%d %s segment%s%s.\n", k->name, earned, r->green ? "green" : "red",
                   earned > 1 ? "s" : "", fit < earned ? " (as many as the clock had left)" : "");
        else
            printf("%s: the result matches the DT: no segments.\n", k->name);
        table_clock_line(k);
        table_tell_completion(k);
    }
}

/* Reads the words of a check into t; 0 with a message on a mistake. */
static int table_read_check(const am_campaign *c, char **w, int n, am_task *t)
{
    *t = (am_task){.sheet = -1, .clock = -1};
    int i = 1;
    if (i < n && !table_int(w[i], 1, 99, &t->dt)) {
        if ((t->sheet = table_pick(w[i], c->sheets[0].name, sizeof c->sheets[0], c->n_sheets,
                                   "character")) < 0)
            return 0;
        i++;
    }
    if (i >= n || !table_int(w[i++], 1, 99, &t->dt)) {
        printf("A check needs a difficulty threshold, 1 to 99 (check [WHO] DT ...).\n");
        return 0;
    }
    const am_sheet *s = t->sheet >= 0 ? &c->sheets[t->sheet] : NULL;
    while (i < n) {
        const char *key = w[i++];
        const char *arg = i < n ? w[i] : NULL;
        if (!strcmp(key, "knowledge")) {
            t->knowledge = 1;
            continue;
        }
        if (!arg) {
            printf("'%s' needs a value.\n", key);
            return 0;
        }
        i++;
        if (!strcmp(key, "mod")) {
            if (!table_int(arg, -99, 99, &t->other)) {
                printf("mod is a whole number, -99 to 99.\n");
                return 0;
            }
        } else if (!strcmp(key, "on")) {
            if ((t->clock = table_pick(arg, c->clocks[0].name, sizeof c->clocks[0], c->n_clocks,
                                       "clock")) < 0)
                return 0;
        } else if (!s) {
            printf("'%s' needs a character: check WHO DT ...\n", key);
            return 0;
        } else if (!strcmp(key, "aspect")) {
            if ((t->aspect_index = table_pick(arg, s->aspects[0], AM_TT_NAME, AM_TT_ASPECTS,
                                              "Aspect")) < 0)
                return 0;
            t->aspect = AM_ASPECT_FULL; /* "it's best to lean towards ... fully relevant" */
            if (i < n && !strcmp(w[i], "marginal"))
                t->aspect = AM_ASPECT_MARGINAL, i++;
            else if (i < n && !strcmp(w[i], "especially"))
                t->aspect = AM_ASPECT_ESPECIAL, i++;
            else if (i < n && !strcmp(w[i], "full"))
                i++;
        } else if (!strcmp(key, "lore")) {
            if ((t->lore_index = table_pick(arg, s->lores[0], AM_TT_NAME, s->n_lores,
                                            "Lore")) < 0)
                return 0;
            t->lore = 1;
        } else if (!strcmp(key, "circle")) {
            am_pairing p = {.favourable = 1, .convincing = 1};
            if ((p.circle = table_pick(arg, s->circles[0].name, sizeof s->circles[0],
                                       s->n_circles, "Circle")) < 0)
                return 0;
            if (i >= n || (strcmp(w[i], "favourable") && strcmp(w[i], "opposed"))) {
                printf("A Circle pairing is favourable or opposed.\n");
                return 0;
            }
            p.favourable = !strcmp(w[i++], "favourable");
            for (; i < n; i++) {
                if (!strcmp(w[i], "same"))
                    p.same_circle = 1;
                else if (!strcmp(w[i], "rebel"))
                    p.other_rebel = 1;
                else if (!strcmp(w[i], "unconvincing"))
                    p.convincing = 0;
                else
                    break;
            }
            if (t->n_pairings == AM_TT_PAIRINGS) {
                printf("At most %d pairings.\n", AM_TT_PAIRINGS);
                return 0;
            }
            t->pairings[t->n_pairings++] = p;
        } else {
            printf("'%s'? (help lists what a check takes)\n", key);
            return 0;
        }
    }
    return 1;
}

static void table_characters(const am_campaign *c)
{
    if (!c->n_sheets)
        printf("No characters: write them in the campaign file (docs/table.md).\n");
    for (int i = 0; i < c->n_sheets; i++) {
        const am_sheet *s = &c->sheets[i];
        printf("%s\n  Aspects: %s; %s; %s\n  Circles:", s->name, s->aspects[0], s->aspects[1],
               s->aspects[2]);
        for (int k = 0; k < s->n_circles; k++)
            printf("%s %s%s%s", k ? "," : "", s->circles[k].name,
                   s->circles[k].rebel ? " (rebel)" : "",
                   s->circles[k].pretend ? " (pretended)" : "");
        printf("\n  Lores:");
        for (int k = 0; k < s->n_lores; k++)
            printf("%s %s", k ? "," : "", s->lores[k]);
        printf("\n");
    }
}

static void table_log(const am_campaign *c)
{
    int session = c->n_sessions - 1, shown = 0;
    for (int i = 0; i < c->n_entries; i++) {
        const am_entry *e = &c->log[i];
        if (e->session != session)
            continue;
        shown++;
        if (e->kind == AM_ENTRY_CLOCK)
            printf("%3d. a clock: %s, %d segments\n", shown, e->name, e->segments);
        else if (e->kind == AM_ENTRY_SETTLE)
            printf("%3d. %s settled: %s\n", shown, e->name, e->choice);
        else if (e->check.automatic)
            printf("%3d. %s against DT %d: an automatic success, no roll\n", shown,
                   e->task.sheet >= 0 ? c->sheets[e->task.sheet].name : "a check", e->task.dt);
        else
            printf("%3d. %s against DT %d: natural %d, final %d, %s\n", shown,
                   e->task.sheet >= 0 ? c->sheets[e->task.sheet].name : "a check", e->task.dt,
                   e->check.natural, e->check.final, e->check.success ? "success" : "failure");
    }
    if (!shown)
        printf("Nothing rolled yet this session.\n");
}

/* Runs one command; 1 if the campaign changed (to save), -1 to quit. */
static int table_command(am_campaign *c, char *line)
{
    char *w[TABLE_WORDS];
    int n = table_words(line, w);
    carta_error err = {0};
    if (n == 0)
        return 0;
    if (!strcmp(w[0], "quit") || !strcmp(w[0], "exit"))
        return -1;
    if (!strcmp(w[0], "help")) {
        fputs(table_help, stdout);
    } else if (!strcmp(w[0], "characters")) {
        table_characters(c);
    } else if (!strcmp(w[0], "clocks")) {
        if (!c->n_clocks)
            printf("No clocks: 'clock NAME SEGMENTS' makes one.\n");
        for (int i = 0; i < c->n_clocks; i++)
            table_clock_line(&c->clocks[i]);
    } else if (!strcmp(w[0], "log")) {
        table_log(c);
    } else if (!strcmp(w[0], "check")) {
        am_task t;
        am_check r;
        if (!table_read_check(c, w, n, &t))
            return 0;
        int before = t.clock >= 0 ? c->clocks[t.clock].green + c->clocks[t.clock].red : 0;
        if (am_table_check(c, &t, &r, &err) != CARTA_OK) {
            printf("Not rolled: %s.\n", err.msg);
            return 0;
        }
        table_tell_check(c, &t, &r, before);
        return 1;
    } else if (!strcmp(w[0], "clock")) {
        int segments = 0;
        if (n != 3 || !table_int(w[2], 2, AM_TT_SEGMENTS, &segments)) {
            printf("clock NAME SEGMENTS (an even number, 2 to %d).\n", AM_TT_SEGMENTS);
            return 0;
        }
        if (am_table_new_clock(c, w[1], segments, &err) != CARTA_OK) {
            printf("No clock made: %s.\n", err.msg);
            return 0;
        }
        printf("A clock: %s, %d segments.\n", w[1], segments);
        return 1;
    } else if (!strcmp(w[0], "settle")) {
        int k = n == 3 ? table_pick(w[1], c->clocks[0].name, sizeof c->clocks[0], c->n_clocks,
                                    "clock")
                       : -1;
        if (n != 3) {
            printf("settle CLOCK CHOICE (success, tie, catch, failure or cost).\n");
            return 0;
        }
        if (k < 0)
            return 0;
        if (am_table_settle(c, c->clocks[k].name, w[2], &err) != CARTA_OK) {
            printf("Not settled: %s.\n", err.msg);
            return 0;
        }
        printf("%s is settled: %s.\n", c->clocks[k].name, w[2]);
        return 1;
    } else {
        printf("'%s'? Type 'help' for the commands.\n", w[0]);
    }
    return 0;
}

/* Opens the campaign at path (a missing file starts an empty one). */
static am_campaign *table_open(const char *path)
{
    am_campaign *c = calloc(1, sizeof *c);
    carta_error err = {0};
    struct stat sb;
    if (!c) {
        cli_error("out of memory");
        return NULL;
    }
    if (stat(path, &sb) != 0 && errno == ENOENT) {
        printf("%s is new: an empty campaign (write its characters in it: docs/table.md).\n",
               path);
        return c;
    }
    if (am_campaign_load(c, path, &err) != CARTA_OK) {
        cli_error("%s", err.msg);
        free(c);
        return NULL;
    }
    return c;
}

int cli_cmd_table(int argc, char **argv)
{
    uint64_t seed = (uint64_t)time(NULL);
    const cli_opt opts[] = {{"--seed", CLI_OPT_U64, &seed, 0, 0}};
    char *pos[1];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, opts, 1, pos, 1, &n_pos, table_usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos != 1) {
        cli_error("table needs a CAMPAIGN file");
        fputs(table_usage, stderr);
        return CLI_EXIT_USAGE;
    }
    am_campaign *c = table_open(pos[0]);
    carta_error err = {0};
    if (!c)
        return CLI_EXIT_FAIL;
    if (am_table_session(c, seed, &err) != CARTA_OK) { /* saved at its first change */
        cli_error("%s", err.msg);
        free(c);
        return CLI_EXIT_FAIL;
    }
    printf("Session %d of %s (seed %llu): %d character%s, %d clock%s. Type 'help' for the "
           "commands.\n", c->n_sessions, pos[0], (unsigned long long)seed, c->n_sheets,
           c->n_sheets == 1 ? "" : "s", c->n_clocks, c->n_clocks == 1 ? "" : "s");
    play_catch_interrupt();
    int rc = CLI_EXIT_OK;
    char *line;
    while ((line = play_read_line("gm> "))) {
        int done = table_command(c, play_trim(line));
        free(line);
        if (done < 0)
            break;
        if (done > 0 && am_campaign_save(c, pos[0], &err) != CARTA_OK) {
            cli_error("%s (the last command is not saved)", err.msg);
            carta_error_clear(&err);
        }
    }
    printf("The campaign is saved in %s.\n", pos[0]);
    free(c);
    return rc;
}
