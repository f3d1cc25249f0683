/* options.c: option parsing shared by the subcommands of the carta command. */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "core/options.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout); /* keep the order of output and errors when both go to one place */
    va_start(ap, fmt);
    fputs("carta: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int cli_parse_u64(const char *s, uint64_t *out)
{
    if (!s || !*s || *s == '-' || *s == '+')
        return 0;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || *end)
        return 0;
    *out = (uint64_t)v;
    return 1;
}

int cli_split(char *s, char **items, int max)
{
    int n = 0;
    for (char *p = s;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!*p || n == max)
            return -1;
        items[n++] = p;
        if (!comma)
            return n;
        p = comma + 1;
    }
}

static const cli_opt *find_opt(const cli_opt *opts, int n_opts, const char *name, size_t len)
{
    for (int i = 0; i < n_opts; i++)
        if (strlen(opts[i].name) == len && strncmp(opts[i].name, name, len) == 0)
            return &opts[i];
    return NULL;
}

/* Stores value into opt's destination; 0 with a message on a bad value. */
static int store(const cli_opt *opt, const char *value)
{
    switch (opt->kind) {
    case CLI_OPT_FLAG:
        *(int *)opt->dest = 1;
        return 1;
    case CLI_OPT_STR:
        *(const char **)opt->dest = value;
        return 1;
    case CLI_OPT_U64:
        if (cli_parse_u64(value, opt->dest))
            return 1;
        cli_error("%s wants a non-negative integer, not '%s'", opt->name, value);
        return 0;
    case CLI_OPT_INT: {
        char *end;
        errno = 0;
        long v = strtol(value, &end, 10);
        if (!*value || *end || errno || v < opt->lo || v > opt->hi) {
            cli_error("%s wants an integer from %ld to %ld, not '%s'", opt->name, opt->lo,
                      opt->hi, value);
            return 0;
        }
        *(int *)opt->dest = (int)v;
        return 1;
    }
    }
    return 0;
}

static cli_parse_result usage_error(const char *usage)
{
    fprintf(stderr, "%s", usage);
    return CLI_PARSE_ERROR;
}

cli_parse_result cli_parse(int argc, char **argv, const cli_opt *opts, int n_opts, char **pos,
                           int max_pos, int *n_pos, const char *usage)
{
    int only_pos = 0;
    *n_pos = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (!only_pos && (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0)) {
            printf("%s", usage);
            return CLI_PARSE_HELP;
        }
        if (!only_pos && strcmp(arg, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (only_pos || arg[0] != '-' || arg[1] == '\0') {
            if (*n_pos == max_pos) {
                cli_error("unexpected argument '%s'", arg);
                return usage_error(usage);
            }
            pos[(*n_pos)++] = argv[i];
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
        const cli_opt *opt = find_opt(opts, n_opts, arg, len);
        if (!opt) {
            cli_error("unknown option '%.*s'", (int)len, arg);
            return usage_error(usage);
        }
        const char *value = NULL;
        if (opt->kind == CLI_OPT_FLAG) {
            if (eq) {
                cli_error("%s takes no value", opt->name);
                return usage_error(usage);
            }
        } else if (eq) {
            value = eq + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            cli_error("%s needs a value", opt->name);
            return usage_error(usage);
        }
        if (!store(opt, value))
            return usage_error(usage);
    }
    return CLI_PARSE_OK;
}

int cli_parse_exit(cli_parse_result r)
{
    return r == CLI_PARSE_HELP ? CLI_EXIT_OK : CLI_EXIT_USAGE;
}

/* "2 players", "3 to 5 players" into buf. */
static const char *players_text(int lo, int hi, char *buf, size_t cap)
{
    if (lo == hi)
        snprintf(buf, cap, "%d players", lo);
    else
        snprintf(buf, cap, "%d to %d players", lo, hi);
    return buf;
}

const carta_mode *cli_find_mode(const carta_game *g, const char *name)
{
    for (int i = 0; i < g->n_modes; i++)
        if (strcmp(g->modes[i].name, name) == 0)
            return &g->modes[i];
    return NULL;
}

/* Refuses an unknown mode, naming the game's modes (the same words for every game). */
static void unknown_mode(const carta_game *g, const char *mode)
{
    if (g->n_modes == 0) {
        cli_error("--mode %s: %s has no modes (leave --mode out)", mode, g->id);
        return;
    }
    char list[512] = "";
    size_t n = 0;
    for (int i = 0; i < g->n_modes && n < sizeof list; i++) {
        char players[32];
        const carta_mode *m = &g->modes[i];
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s (%s; %s)",
                              i == 0 ? "" : i + 1 == g->n_modes ? " or " : ", ", m->name,
                              m->title, players_text(m->min_seats, m->max_seats, players,
                                                     sizeof players));
    }
    cli_error("--mode %s: %s has no such mode; its modes are %s", mode, g->id, list);
}

/* The player count when none is given: default_players if the mode allows it, else the least
 * the mode allows. */
static int players_for(const carta_mode *m, int default_players)
{
    if (!m || (default_players >= m->min_seats && default_players <= m->max_seats))
        return default_players;
    return default_players < m->min_seats ? m->min_seats : m->max_seats;
}

int cli_game_opts_check(const carta_game *g, cli_game_opts *o, int default_players)
{
    char players[32];
    const carta_mode *m = NULL;
    if (o->mode && !(m = cli_find_mode(g, o->mode))) {
        unknown_mode(g, o->mode);
        return 1;
    }
    if (!o->players)
        o->players = players_for(m, default_players);
    if (o->players < g->min_seats || o->players > g->max_seats) {
        cli_error("--players %d: %s is played by %s", o->players, g->id,
                  players_text(g->min_seats, g->max_seats, players, sizeof players));
        return 1;
    }
    if (m && (o->players < m->min_seats || o->players > m->max_seats)) {
        cli_error("--players %d: %s's mode %s (%s) is played by %s", o->players, g->id, m->name,
                  m->title, players_text(m->min_seats, m->max_seats, players, sizeof players));
        return 1;
    }
    carta_config parsed = {0};
    carta_error err = {0};
    if (o->options && carta_options_parse(g, &parsed, o->options, &err) != CARTA_OK) {
        cli_error("--option %s: %s", o->options, err.msg);
        return 1;
    }
    o->n_options = parsed.n_options;
    memcpy(o->option, parsed.options, sizeof o->option);
    return 0;
}

void cli_game_opts_apply(const cli_game_opts *o, carta_config *config)
{
    snprintf(config->mode, sizeof config->mode, "%s", o->mode ? o->mode : "");
    config->n_options = o->n_options;
    memcpy(config->options, o->option, sizeof config->options);
}

int cli_split_ai_specs(char *s, char **specs, int max)
{
    int n = 0;
    for (char *p = s;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = '\0';
        if (!*p)
            return -1;
        char *eq = strchr(p, '='), *colon = strchr(p, ':');
        if (eq && (!colon || eq < colon)) {
            if (n == 0)
                return -1;
            p[-1] = ','; /* an option of the spec before: put its comma back */
        } else {
            if (n == max)
                return -1;
            specs[n++] = p;
        }
        if (!comma)
            return n;
        p = comma + 1;
    }
}
