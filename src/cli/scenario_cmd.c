/* scenario_cmd.c: `carta scenario FILE...`: runs scenario files (rules tests). */
#include "cli.h"

#include "core/scenario.h"

static const char usage[] =
    "usage: carta scenario FILE...\n"
    "Runs every scenario of the files, reports each failure, and prints the total\n"
    "\"N passed, M failed\" on the last line. Exit 1 if any scenario failed.\n";

enum { SCENARIO_MAX_FILES = 4096 };

int cli_cmd_scenario(int argc, char **argv)
{
    static char *pos[SCENARIO_MAX_FILES];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, NULL, 0, pos, SCENARIO_MAX_FILES, &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos == 0) {
        cli_error("scenario needs at least one FILE");
        fputs(usage, stderr);
        return CLI_EXIT_USAGE;
    }
    int passed = 0, failed = 0;
    for (int i = 0; i < n_pos; i++) {
        int p = 0, f = 0;
        carta_error err = {0};
        carta_status st = carta_scenario_run_file(pos[i], cli_data_root(), carta_game_yaml_find,
                                                  stdout, &p, &f, &err);
        fflush(stdout);
        if (st != CARTA_OK) {
            cli_error("%s", err.msg[0] ? err.msg : carta_status_name(st));
            if (f == 0)
                f = 1; /* a file that cannot run counts as a failure */
        }
        passed += p;
        failed += f;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}
