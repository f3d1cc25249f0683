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
#include "games/registry.h"

static const char table_usage[] =
    "usage: carta table CAMPAIGN.yaml [--seed S]\n"
    "The Gamemaster's table tools for Archmajesty's non-combat rules: task checks (D20 plus\n"
    "modifiers against a difficulty threshold; DT 6 or less succeeds without a roll), Aspects\n"
    "(+3/+6/+9), Circles (+5/-5, rebels, spies), Lores (+10), common knowledge (+5), clocks,\n"
    "and equipping between encounters (equip/unequip: a character's mage file, checked).\n"
    "Opens (or makes) the campaign file, starts a new session (its rolls come from --seed S,\n"
    "default: the clock) and saves after every command. Opening a campaign replays every\n"
    "session's log and checks each roll against its seed. Characters' sheets are written in the\n"
    "file (docs/table.md). Type 'help' at the prompt for the commands.\n";

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
    const carta_game *g = carta_game_find("archmajesty");
    carta_rules *rules = g ? cli_open_rules(g) : NULL; /* for equip and unequip (R153) */
    c->rules = rules;
    printf("Session %d of %s (seed %llu): %d character%s, %d clock%s. Type 'help' for the "
           "commands.\n", c->n_sessions, pos[0], (unsigned long long)seed, c->n_sheets,
           c->n_sheets == 1 ? "" : "s", c->n_clocks, c->n_clocks == 1 ? "" : "s");
    play_catch_interrupt();
    int rc = CLI_EXIT_OK;
    char *line;
    while ((line = play_read_line("gm> "))) {
        int done = am_table_command(stdout, c, play_trim(line));
        free(line);
        if (done < 0)
            break;
        if (done > 0 && am_campaign_save(c, pos[0], &err) != CARTA_OK) {
            cli_error("%s (the last command is not saved)", err.msg);
            carta_error_clear(&err);
        }
    }
    printf("The campaign is saved in %s.\n", pos[0]);
    if (rules)
        g->close(rules);
    free(c);
    return rc;
}
