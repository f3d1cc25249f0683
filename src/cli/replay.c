/* replay.c: `carta replay FILE [--show]`: replays a record, checking every action and the final
 * digest, and prints the moves and the result. */
#include "cli.h"

#include <stdlib.h>

#include "core/record.h"

static const char usage[] =
    "usage: carta replay FILE [--show]\n"
    "Replays a game record, checking that every action is legal and that the final state matches\n"
    "the record's digest; prints the moves and the result. Exit 1 if the record is corrupt.\n"
    "  --show   also draw the board before each move, as the seat to act sees it\n";

typedef struct replay_ctx {
    const carta_game *g;
    carta_rules *r;
    carta_record rec;
    void *state, *view;
    int show;
} replay_ctx;

static void render_view(replay_ctx *c, int seat)
{
    carta_text t = {0};
    c->g->render(c->r, c->view, seat, &t);
    fputs(carta_text_str(&t), stdout);
    if (t.len && t.buf[t.len - 1] != '\n')
        putchar('\n');
    carta_text_free(&t);
}

/* Applies and prints every move; non-zero (error printed) if the record does not replay. */
static int replay_moves(replay_ctx *c)
{
    carta_error err = {0};
    if (c->g->setup(c->r, c->state, &c->rec.config, &err) != CARTA_OK) {
        cli_error("setup: %s", err.msg);
        return 1;
    }
    for (int i = 0; i < c->rec.n_actions; i++) {
        int seat = c->g->to_act(c->r, c->state);
        if (seat == CARTA_NO_SEAT) {
            cli_error("action %d: the game was already over", i + 1);
            return 1;
        }
        c->g->observe(c->r, c->state, seat, c->view);
        if (c->show)
            render_view(c, seat);
        char text[256];
        c->g->describe_action(c->r, c->view, c->rec.actions[i], text, sizeof text);
        printf("%4d. player %d (%s): %s\n", i + 1, seat + 1, c->rec.seat_names[seat], text);
        if (c->g->apply(c->r, c->state, c->rec.actions[i], &err) != CARTA_OK) {
            cli_error("action %d (%u) is not legal: %s", i + 1, (unsigned)c->rec.actions[i],
                      err.msg);
            return 1;
        }
    }
    uint64_t digest = carta_digest(c->state, c->g->state_size);
    if (digest != c->rec.final_digest) {
        cli_error("final state digest %016llx does not match the record's %016llx",
                  (unsigned long long)digest, (unsigned long long)c->rec.final_digest);
        return 1;
    }
    return 0;
}

static void print_result(replay_ctx *c)
{
    char where[256];
    c->g->describe_state(c->r, c->state, where, sizeof where);
    int to_act = c->g->to_act(c->r, c->state);
    if (to_act != CARTA_NO_SEAT) {
        printf("game in progress after %d actions (%s): player %d to act; digest ok\n",
               c->rec.n_actions, where, to_act + 1);
        return;
    }
    double returns[CARTA_MAX_SEATS] = {0};
    c->g->returns(c->r, c->state, returns);
    int winner = c->g->winner(c->r, c->state);
    printf("game over after %d actions (%s): ", c->rec.n_actions, where);
    if (winner == CARTA_NO_SEAT)
        printf("a draw");
    else
        printf("player %d (%s) wins", winner + 1, c->rec.seat_names[winner]);
    printf("; returns");
    for (int s = 0; s < c->rec.config.n_seats; s++)
        printf(" %g", returns[s]);
    printf("; digest ok\n");
}

int cli_cmd_replay(int argc, char **argv)
{
    replay_ctx c = {0};
    const cli_opt opts[] = {{"--show", CLI_OPT_FLAG, &c.show, 0, 0}};
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
    if (cli_open_record_game(pos[0], &c.g, &c.r))
        return CLI_EXIT_FAIL;
    int rc = CLI_EXIT_FAIL, loaded = 0;
    carta_error err = {0};
    c.state = calloc(1, c.g->state_size);
    c.view = calloc(1, c.g->state_size);
    if (!c.state || !c.view) {
        cli_error("out of memory");
    } else if (carta_record_load(&c.rec, c.r, pos[0], &err) != CARTA_OK) {
        cli_error("%s", err.msg);
    } else {
        loaded = 1;
        printf("%s: %s, seed %llu, %d seats, %d actions\n", pos[0], c.g->name,
               (unsigned long long)c.rec.config.seed, c.rec.config.n_seats, c.rec.n_actions);
        if (replay_moves(&c) == 0) {
            print_result(&c);
            rc = CLI_EXIT_OK;
        }
    }
    if (loaded)
        carta_record_free(&c.rec);
    free(c.state);
    free(c.view);
    c.g->close(c.r);
    return rc;
}
