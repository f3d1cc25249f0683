/* serve_cmd.c: `carta serve`: the table server for the browser (docs/protocol.md). */
#include "cli.h"

#include <stdlib.h>
#include <time.h>

#include "server/serve.h"

static const char usage[] =
    "usage: carta serve [--port P] [--host H] [--db FILE] [--web DIR] [--campaign FILE]\n"
    "Serves Carta's tables: the browser's pages over HTTP and the table protocol\n"
    "(docs/protocol.md) over a WebSocket, until Ctrl-C.\n"
    "  --port P     the port (default 8460)\n"
    "  --host H     the address to bind (default 127.0.0.1: this machine only)\n"
    "  --db FILE    an SQLite file holding every table; unfinished ones resume on start\n"
    "               (default: none, tables live until the server stops)\n"
    "  --web DIR    the browser's files (default: $CARTA_WEB if set, else the checkout's web/)\n"
    "  --campaign FILE  an Archmajesty campaign (docs/table.md) for the Gamemaster's panel: its\n"
    "               secret link is printed; a new session starts (--seed S, default the clock)\n"
    "  --seed S     the campaign session's seed\n";

int cli_cmd_serve(int argc, char **argv)
{
    serve_options o = {.host = "127.0.0.1", .port = 8460, .data_root = cli_data_root(),
                       .catch_signals = 1, .seed = (uint64_t)time(NULL)};
    const char *web = getenv("CARTA_WEB");
    o.web_root = web && *web ? web : CARTA_WEB_DIR;
    const cli_opt opts[] = {
        {"--port", CLI_OPT_INT, &o.port, 1, 65535},
        {"--host", CLI_OPT_STR, &o.host, 0, 0},
        {"--db", CLI_OPT_STR, &o.db, 0, 0},
        {"--web", CLI_OPT_STR, &o.web_root, 0, 0},
        {"--campaign", CLI_OPT_STR, &o.campaign, 0, 0},
        {"--seed", CLI_OPT_U64, &o.seed, 0, 0},
    };
    int n_pos = 0;
    cli_parse_result pr = cli_parse(argc, argv, opts, sizeof opts / sizeof opts[0], NULL, 0,
                                    &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    carta_error err = {0};
    if (carta_serve(&o, &err) != 0) {
        cli_error("serve: %s", err.msg);
        return CLI_EXIT_FAIL;
    }
    return CLI_EXIT_OK;
}
