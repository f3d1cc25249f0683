/* table_prompt.c: the table tools' command language (table.h, docs/table.md): a Gamemaster's line
 * ("check Cass 14 aspect circus on treaty") parsed and run against a campaign, and what happened
 * told in the rulebook's words; used by `carta table` at the terminal and by `carta serve`'s
 * Gamemaster panel in the browser. */
#include "games/archmajesty/table.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char am_table_help[] =
    "commands (names may be quoted, \"Circus Strongman\", or shortened to a unique start):\n"
    "  check [WHO] DT [aspect NAME [marginal|full|especially]] [lore NAME] [knowledge]\n"
    "        [circle NAME favourable|opposed [same] [rebel] [unconvincing]]... [mod N] [on CLOCK]\n"
    "                          a task check; 'same': the other has that Circle too, 'rebel':\n"
    "                          and rebels against it, 'unconvincing': a spy's pretence fails\n"
    "  clock NAME SEGMENTS     a new clock of an even number of segments\n"
    "  settle CLOCK CHOICE     a full clock's outcome: success, tie, catch, failure or cost\n"
    "  equip WHO ITEM          an item of WHO's inventory equipped, in its mage file (between\n"
    "                          encounters; slots and armour checked)\n"
    "  unequip WHO ITEM        an equipped item (or artefact) back into the inventory\n"
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
static int table_pick(FILE *out, const char *word, const char *first, size_t stride, int n,
                      const char *what)
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
        fprintf(out, "Which %s is '%s'? Several start so.\n", what, word);
    else
        fprintf(out, "No %s '%s'.\n", what, word);
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

static void table_clock_line(FILE *out, const am_clock *k)
{
    fprintf(out, "  %s: %d of %d segments (%d green, %d red)", k->name, k->green + k->red,
            k->segments, k->green, k->red);
    if (k->resolved)
        fprintf(out, ", settled: %s", k->outcome);
    else if (k->green + k->red == k->segments)
        fprintf(out, ", full: to settle");
    fprintf(out, "\n");
}

/* Tells a full clock's completion and what the players may choose. */
static void table_tell_completion(FILE *out, const am_clock *k)
{
    am_completion done = am_clock_completion(k);
    if (done == AM_CLOCK_RUNNING)
        return;
    if (done == AM_CLOCK_SUCCESS)
        fprintf(out, "The clock %s is full, majority green: the players succeed. "
               "(settle \"%s\" success)\n", k->name, k->name);
    else if (done == AM_CLOCK_TIE)
        fprintf(out, "The clock %s is full, equally green and red: the players choose to accept a "
               "tie or to achieve success with a catch. (settle \"%s\" tie|catch)\n", k->name,
               k->name);
    else
        fprintf(out, "The clock %s is full, majority red: the players choose to accept failure "
                     "or to achieve success at a cost. (settle \"%s\" failure|cost)\n",
                k->name, k->name);
}

/* Tells a check: its modifiers one by one, the final result and what it did to its clock
 * (filled before: its segments filled before the check). */
static void table_tell_check(FILE *out, const am_campaign *c, const am_task *t,
                             const am_check *r, int filled_before)
{
    static const char *const rel[] = {"", "marginally", "fully", "especially"};
    const am_sheet *s = t->sheet >= 0 ? &c->sheets[t->sheet] : NULL;
    fprintf(out, "%s task check against DT %d: ", s ? s->name : "A", t->dt);
    if (r->automatic) {
        fprintf(out, "DT %d or less is not worth rolling: an automatic success.\n", AM_TT_AUTO_DT);
    } else {
        fprintf(out, "natural %d", r->natural);
        if (t->aspect)
            fprintf(out, ", %+d (%s, %s relevant)", am_aspect_bonus(t->aspect),
                   s->aspects[t->aspect_index], rel[t->aspect]);
        for (int i = 0; i < t->n_pairings; i++) {
            const am_pairing *p = &t->pairings[i];
            const am_circle *circle = &s->circles[p->circle];
            fprintf(out, ", %+d (Circle %s%s)", am_pairing_modifier(s, p), circle->name,
                   circle->pretend && !p->convincing ? ": a pretence, not convincing"
                   : circle->rebel && am_pairing_modifier(s, p) * (p->favourable ? 1 : -1) < 0
                       ? ": a rebel's, inverted"
                       : "");
        }
        if (t->knowledge)
            fprintf(out, ", +5 (common knowledge)");
        if (t->lore)
            fprintf(out, ", +10 (Lore: %s)", s->lores[t->lore_index]);
        if (t->other)
            fprintf(out, ", %+d (the Gamemaster's modifier)", t->other);
        fprintf(out, " = %d: %s", r->final, r->success ? "success" : "failure");
        if (r->margin)
            fprintf(out, " by %d", r->margin > 0 ? r->margin : -r->margin);
        fprintf(out, ".\n");
    }
    if (t->clock >= 0) {
        const am_clock *k = &c->clocks[t->clock];
        int earned = r->green ? r->green : r->red, fit = k->green + k->red - filled_before;
        if (earned)
            fprintf(out, "%s: +%d %s segment%s%s.\n", k->name, earned, r->green ? "green" : "red",
                   earned > 1 ? "s" : "", fit < earned ? " (as many as the clock had left)" : "");
        else
            fprintf(out, "%s: the result matches the DT: no segments.\n", k->name);
        table_clock_line(out, k);
        table_tell_completion(out, k);
    }
}

/* Reads the words of a check into t; 0 with a message on a mistake. */
static int table_read_check(FILE *out, const am_campaign *c, char **w, int n, am_task *t)
{
    *t = (am_task){.sheet = -1, .clock = -1};
    int i = 1;
    if (i < n && !table_int(w[i], 1, 99, &t->dt)) {
        if ((t->sheet = table_pick(out, w[i], c->sheets[0].name, sizeof c->sheets[0], c->n_sheets,
                                   "character")) < 0)
            return 0;
        i++;
    }
    if (i >= n || !table_int(w[i++], 1, 99, &t->dt)) {
        fprintf(out, "A check needs a difficulty threshold, 1 to 99 (check [WHO] DT ...).\n");
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
            fprintf(out, "'%s' needs a value.\n", key);
            return 0;
        }
        i++;
        if (!strcmp(key, "mod")) {
            if (!table_int(arg, -99, 99, &t->other)) {
                fprintf(out, "mod is a whole number, -99 to 99.\n");
                return 0;
            }
        } else if (!strcmp(key, "on")) {
            if ((t->clock = table_pick(out, arg, c->clocks[0].name, sizeof c->clocks[0],
                                       c->n_clocks, "clock")) < 0)
                return 0;
        } else if (!s) {
            fprintf(out, "'%s' needs a character: check WHO DT ...\n", key);
            return 0;
        } else if (!strcmp(key, "aspect")) {
            if ((t->aspect_index = table_pick(out, arg, s->aspects[0], AM_TT_NAME, AM_TT_ASPECTS,
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
            if ((t->lore_index = table_pick(out, arg, s->lores[0], AM_TT_NAME, s->n_lores,
                                            "Lore")) < 0)
                return 0;
            t->lore = 1;
        } else if (!strcmp(key, "circle")) {
            am_pairing p = {.favourable = 1, .convincing = 1};
            if ((p.circle = table_pick(out, arg, s->circles[0].name, sizeof s->circles[0],
                                       s->n_circles, "Circle")) < 0)
                return 0;
            if (i >= n || (strcmp(w[i], "favourable") && strcmp(w[i], "opposed"))) {
                fprintf(out, "A Circle pairing is favourable or opposed.\n");
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
                fprintf(out, "At most %d pairings.\n", AM_TT_PAIRINGS);
                return 0;
            }
            t->pairings[t->n_pairings++] = p;
        } else {
            fprintf(out, "'%s'? (help lists what a check takes)\n", key);
            return 0;
        }
    }
    return 1;
}

static void table_characters(FILE *out, const am_campaign *c)
{
    if (!c->n_sheets)
        fprintf(out, "No characters: write them in the campaign file (docs/table.md).\n");
    for (int i = 0; i < c->n_sheets; i++) {
        const am_sheet *s = &c->sheets[i];
        fprintf(out, "%s\n  Aspects: %s; %s; %s\n  Circles:", s->name, s->aspects[0], s->aspects[1],
               s->aspects[2]);
        for (int k = 0; k < s->n_circles; k++)
            fprintf(out, "%s %s%s%s", k ? "," : "", s->circles[k].name,
                   s->circles[k].rebel ? " (rebel)" : "",
                   s->circles[k].pretend ? " (pretended)" : "");
        fprintf(out, "\n  Lores:");
        for (int k = 0; k < s->n_lores; k++)
            fprintf(out, "%s %s", k ? "," : "", s->lores[k]);
        fprintf(out, "\n");
    }
}

static void table_log(FILE *out, const am_campaign *c)
{
    int session = c->n_sessions - 1, shown = 0;
    for (int i = 0; i < c->n_entries; i++) {
        const am_entry *e = &c->log[i];
        if (e->session != session)
            continue;
        shown++;
        if (e->kind == AM_ENTRY_CLOCK)
            fprintf(out, "%3d. a clock: %s, %d segments\n", shown, e->name, e->segments);
        else if (e->kind == AM_ENTRY_SETTLE)
            fprintf(out, "%3d. %s settled: %s\n", shown, e->name, e->choice);
        else if (e->kind == AM_ENTRY_EQUIP || e->kind == AM_ENTRY_UNEQUIP)
            fprintf(out, "%3d. %s %s %s\n", shown, e->name,
                    e->kind == AM_ENTRY_EQUIP ? "equips" : "unequips", e->item);
        else if (e->check.automatic)
            fprintf(out, "%3d. %s against DT %d: an automatic success, no roll\n", shown,
                   e->task.sheet >= 0 ? c->sheets[e->task.sheet].name : "a check", e->task.dt);
        else
            fprintf(out, "%3d. %s against DT %d: natural %d, final %d, %s\n", shown,
                   e->task.sheet >= 0 ? c->sheets[e->task.sheet].name : "a check", e->task.dt,
                   e->check.natural, e->check.final, e->check.success ? "success" : "failure");
    }
    if (!shown)
        fprintf(out, "Nothing rolled yet this session.\n");
}

/* equip WHO ITEM, unequip WHO ITEM (R153): 1 if done. The item may be several words. */
static int table_equip(FILE *out, am_campaign *c, char **w, int n)
{
    int equip = !strcmp(w[0], "equip");
    carta_error err = {0};
    if (n < 3) {
        fprintf(out, "%s WHO ITEM.\n", w[0]);
        return 0;
    }
    int k = table_pick(out, w[1], c->sheets[0].name, sizeof c->sheets[0], c->n_sheets,
                       "character");
    if (k < 0)
        return 0;
    char item[AM_TT_PATH] = "";
    for (int i = 2; i < n; i++) /* unquoted words make one name */
        snprintf(item + strlen(item), sizeof item - strlen(item), "%s%s", i > 2 ? " " : "",
                 w[i]);
    if (am_table_equip(c, c->sheets[k].name, item, equip, &err) != CARTA_OK) {
        fprintf(out, "Not %s: %s.\n", equip ? "equipped" : "unequipped", err.msg);
        return 0;
    }
    const am_entry *e = &c->log[c->n_entries - 1];
    fprintf(out, "%s %s %s (%s).\n", c->sheets[k].name, equip ? "equips" : "unequips", e->item,
            c->sheets[k].mage);
    return 1;
}

/* Runs one command; 1 if the campaign changed (to save), -1 to quit. */
int am_table_command(FILE *out, am_campaign *c, char *line)
{
    char *w[TABLE_WORDS];
    int n = table_words(line, w);
    carta_error err = {0};
    if (n == 0)
        return 0;
    if (!strcmp(w[0], "quit") || !strcmp(w[0], "exit"))
        return -1;
    if (!strcmp(w[0], "help")) {
        fputs(am_table_help, out);
    } else if (!strcmp(w[0], "characters")) {
        table_characters(out, c);
    } else if (!strcmp(w[0], "clocks")) {
        if (!c->n_clocks)
            fprintf(out, "No clocks: 'clock NAME SEGMENTS' makes one.\n");
        for (int i = 0; i < c->n_clocks; i++)
            table_clock_line(out, &c->clocks[i]);
    } else if (!strcmp(w[0], "log")) {
        table_log(out, c);
    } else if (!strcmp(w[0], "check")) {
        am_task t;
        am_check r;
        if (!table_read_check(out, c, w, n, &t))
            return 0;
        int before = t.clock >= 0 ? c->clocks[t.clock].green + c->clocks[t.clock].red : 0;
        if (am_table_check(c, &t, &r, &err) != CARTA_OK) {
            fprintf(out, "Not rolled: %s.\n", err.msg);
            return 0;
        }
        table_tell_check(out, c, &t, &r, before);
        return 1;
    } else if (!strcmp(w[0], "clock")) {
        int segments = 0;
        if (n != 3 || !table_int(w[2], 2, AM_TT_SEGMENTS, &segments)) {
            fprintf(out, "clock NAME SEGMENTS (an even number, 2 to %d).\n", AM_TT_SEGMENTS);
            return 0;
        }
        if (am_table_new_clock(c, w[1], segments, &err) != CARTA_OK) {
            fprintf(out, "No clock made: %s.\n", err.msg);
            return 0;
        }
        fprintf(out, "A clock: %s, %d segments.\n", w[1], segments);
        return 1;
    } else if (!strcmp(w[0], "settle")) {
        int k = n == 3 ? table_pick(out, w[1], c->clocks[0].name, sizeof c->clocks[0], c->n_clocks,
                                    "clock")
                       : -1;
        if (n != 3) {
            fprintf(out, "settle CLOCK CHOICE (success, tie, catch, failure or cost).\n");
            return 0;
        }
        if (k < 0)
            return 0;
        if (am_table_settle(c, c->clocks[k].name, w[2], &err) != CARTA_OK) {
            fprintf(out, "Not settled: %s.\n", err.msg);
            return 0;
        }
        fprintf(out, "%s is settled: %s.\n", c->clocks[k].name, w[2]);
        return 1;
    } else if (!strcmp(w[0], "equip") || !strcmp(w[0], "unequip")) {
        return table_equip(out, c, w, n);
    } else {
        fprintf(out, "'%s'? Type 'help' for the commands.\n", w[0]);
    }
    return 0;
}

