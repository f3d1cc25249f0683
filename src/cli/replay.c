/* replay.c: `carta replay FILE [--show]`: replays a record, checking every action and the final
 * digest, and prints the moves and the result. */
#include "replay.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "core/outcome.h"

static const char usage[] =
    "usage: carta replay FILE [--show]\n"
    "Replays a game record, checking that every action is legal and that the final state matches\n"
    "the record's digest; prints the moves and the result. Exit 1 if the record is corrupt.\n"
    "A game in progress saved by a player (`carta play`, `save FILE`) is told only as that player\n"
    "saw it: the other players' moves as they were shown to that player, and no seed. A finished\n"
    "game is told whole.\n"
    "  --show   also draw the board before each move: as the seat to act sees it, or, in a game in\n"
    "           progress saved by a player, as that player sees it, whoever is to act\n";

typedef struct replay_ctx {
    const carta_game *g;
    const carta_rules *r;
    const carta_record *rec;
    void *state, *view;
    int show;
    int viewer; /* the seat whose view is told, or CARTA_NO_SEAT: everything */
    FILE *out;
} replay_ctx;

/* Draws the board as seat sees it now. */
static void render_for(replay_ctx *c, int seat)
{
    carta_text t = {0};
    c->g->observe(c->r, c->state, seat, c->view);
    c->g->render(c->r, c->view, seat, &t);
    fputs(carta_text_str(&t), c->out);
    if (t.len && t.buf[t.len - 1] != '\n')
        fputc('\n', c->out);
    carta_text_free(&t);
}

/* The text of the next action, taken by seat: as the viewer saw it, or as the mover typed it. */
static void describe_step(replay_ctx *c, int seat, carta_action action, char *text, size_t cap)
{
    if (c->viewer != CARTA_NO_SEAT) {
        carta_describe_move(c->g, c->r, c->state, action, c->viewer, c->view, text, cap);
        return;
    }
    c->g->observe(c->r, c->state, seat, c->view);
    c->g->describe_action(c->r, c->view, action, text, cap);
}

/* Applies and prints every move; non-zero (error printed) if the record does not replay. */
static int replay_moves(replay_ctx *c)
{
    carta_error err = {0};
    memset(c->state, 0, c->g->state_size);
    if (c->g->setup(c->r, c->state, &c->rec->config, &err) != CARTA_OK) {
        cli_error("setup: %s", err.msg);
        return 1;
    }
    for (int i = 0; i < c->rec->n_actions; i++) {
        int seat = c->g->to_act(c->r, c->state);
        carta_action action = c->rec->actions[i];
        if (seat == CARTA_NO_SEAT) {
            cli_error("action %d: the game was already over", i + 1);
            return 1;
        }
        if (c->show)
            render_for(c, c->viewer != CARTA_NO_SEAT ? c->viewer : seat);
        char text[256];
        describe_step(c, seat, action, text, sizeof text);
        fprintf(c->out, "%4d. player %d (%s): %s\n", i + 1, seat + 1, c->rec->seat_names[seat],
                text);
        if (carta_apply_checked(c->g, c->r, c->state, action, &err) != CARTA_OK) {
            cli_error("action %d (%u) is not legal: %s", i + 1, (unsigned)action, err.msg);
            return 1;
        }
    }
    uint64_t digest = carta_digest(c->state, c->g->state_size);
    if (digest != c->rec->final_digest) {
        cli_error("final state digest %016llx does not match the record's %016llx",
                  (unsigned long long)digest, (unsigned long long)c->rec->final_digest);
        return 1;
    }
    return 0;
}

static void print_header(replay_ctx *c, const char *name)
{
    const carta_record *rec = c->rec;
    fprintf(c->out, "%s: %s, ", name, c->g->name);
    if (c->viewer == CARTA_NO_SEAT)
        fprintf(c->out, "seed %llu, ", (unsigned long long)rec->config.seed);
    fprintf(c->out, "%d seats, %d actions\n", rec->config.n_seats, rec->n_actions);
    if (c->viewer != CARTA_NO_SEAT)
        fprintf(c->out, "a game in progress saved by player %d (%s): told as that player saw it; "
                        "the seed is shown when the game is over\n",
                c->viewer + 1, rec->seat_names[c->viewer]);
}

static void print_result(replay_ctx *c)
{
    const carta_record *rec = c->rec;
    char where[256];
    c->g->describe_state(c->r, c->state, where, sizeof where);
    int to_act = c->g->to_act(c->r, c->state);
    if (to_act != CARTA_NO_SEAT) {
        fprintf(c->out, "game in progress after %d actions (%s): player %d to act; digest ok\n",
                rec->n_actions, where, to_act + 1);
        return;
    }
    carta_outcome o;
    carta_outcome_of(c->g, c->r, c->state, rec->config.n_seats, &o);
    char names[CARTA_MAX_SEATS][CARTA_NAME_MAX + 16];
    const char *named[CARTA_MAX_SEATS];
    for (int s = 0; s < CARTA_MAX_SEATS; s++) {
        snprintf(names[s], sizeof names[s], "player %d (%s)", s + 1, rec->seat_names[s]);
        named[s] = names[s];
    }
    carta_text said = {0};
    carta_outcome_text(&o, named, &said);
    fprintf(c->out, "game over after %d actions (%s): %s", rec->n_actions, where,
            carta_text_str(&said));
    carta_text_free(&said);
    fprintf(c->out, "; returns");
    for (int s = 0; s < rec->config.n_seats; s++)
        fprintf(c->out, " %g", o.returns[s]);
    fprintf(c->out, "; digest ok\n");
}

/* Finds whose view the replay tells (the record's end decides: a game over is told whole). */
static int find_viewer(replay_ctx *c)
{
    carta_error err = {0};
    if (carta_record_replay(c->rec, c->r, c->state, -1, 1, &err) != CARTA_OK) {
        cli_error("%s", err.msg);
        return 1;
    }
    c->viewer = carta_record_viewer(c->rec, c->r, c->state);
    return 0;
}

int replay_write(const carta_game *g, const carta_rules *r, const carta_record *rec,
                 const char *name, int show, FILE *out)
{
    replay_ctx c = {.g = g, .r = r, .rec = rec, .show = show, .out = out};
    c.state = calloc(1, g->state_size);
    c.view = calloc(1, g->state_size);
    int rc = 1;
    if (!c.state || !c.view) {
        cli_error("out of memory");
    } else if (find_viewer(&c) == 0) {
        print_header(&c, name);
        if (replay_moves(&c) == 0) {
            print_result(&c);
            rc = 0;
        }
    }
    free(c.state);
    free(c.view);
    return rc;
}

int cli_cmd_replay(int argc, char **argv)
{
    int show = 0;
    const cli_opt opts[] = {{"--show", CLI_OPT_FLAG, &show, 0, 0}};
    char *pos[1];
    int n_pos;
    cli_parse_result pr = cli_parse(argc, argv, opts, 1, pos, 1, &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (n_pos != 1) {
        cli_error("replay needs a FILE");
        fputs(usage, stderr);
        return CLI_EXIT_USAGE;
    }
    const carta_game *g;
    carta_rules *r;
    if (cli_open_record_game(pos[0], &g, &r))
        return CLI_EXIT_FAIL;
    int rc = CLI_EXIT_FAIL;
    carta_record rec;
    carta_error err = {0};
    if (carta_record_load(&rec, carta_game_find, r, pos[0], &err) != CARTA_OK) {
        cli_error("%s", err.msg);
    } else {
        if (replay_write(g, r, &rec, pos[0], show, stdout) == 0)
            rc = CLI_EXIT_OK;
        carta_record_free(&rec);
    }
    g->close(r);
    return rc;
}
