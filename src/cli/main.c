/* main.c: the carta command: dispatches to a subcommand. */
#include "cli.h"

#include <string.h>

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} cli_command;

static const cli_command commands[] = {
    {"games", cli_cmd_games, "list the rule systems"},
    {"play", cli_cmd_play, "play a game against the AI in the terminal"},
    {"replay", cli_cmd_replay, "replay a game record, checking it"},
    {"sim", cli_cmd_sim, "run AI-vs-AI games and report win rates"},
    {"ladder", cli_cmd_ladder, "rate AIs in a round robin (Elo with intervals)"},
    {"tune", cli_cmd_tune, "tune a game's evaluation weights by self-play (outcomes or matches)"},
    {"bench", cli_cmd_bench, "measure the speed of a rule system"},
    {"scenario", cli_cmd_scenario, "run scenario (rules test) files"},
    {"deck", cli_cmd_deck, "check or generate decks"},
    {"perft", cli_cmd_perft, "count legal action sequences to a depth"},
    {"soak", cli_cmd_soak, "play many games checking every state's invariants"},
    {"view", cli_cmd_view, "print a seat's view of a game as structured data (JSON)"},
    {"serve", cli_cmd_serve, "serve tables to the browser (docs/protocol.md)"},
    {"table", cli_cmd_table, "the Gamemaster's table tools for Archmajesty (docs/table.md)"},
};
enum { N_COMMANDS = sizeof commands / sizeof commands[0] };

static void usage(FILE *out)
{
    fprintf(out, "usage: carta COMMAND [ARGS...]\n\ncommands:\n");
    for (int i = 0; i < N_COMMANDS; i++)
        fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'carta COMMAND --help' describes a command. The card data folder is $CARTA_DATA"
                 " if set, else %s.\n",
            cli_data_root());
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return CLI_EXIT_OK;
    }
    for (int i = 0; i < N_COMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 2, argv + 2);
    cli_error("unknown command '%s' (try 'carta --help')", argv[1]);
    return CLI_EXIT_USAGE;
}
