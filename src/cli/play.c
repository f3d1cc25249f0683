/* play.c: `carta play`: a person against the AI in the terminal, or AIs watched to the end. */
#include "play.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/layout.h"
#include "core/outcome.h"
#include "core/rng.h"
#include "core/view.h"

static const char usage[] =
    "usage: carta play GAME [--seat N | --watch] [--seed S] [--deck SPEC] [--opponent-deck SPEC]\n"
    "                  [--ai SPEC] [--save FILE]\n"
    "       carta play [GAME] --resume FILE [--seat N | --watch] [--ai SPEC] [--save FILE]\n"
    "Plays GAME in the terminal: you are one player, the AI the others.\n"
    "  --seat N         the player you are: 1 (the default) to the number of players\n"
    "  --watch          AI in every seat: every move as it happens, then the result\n"
    "  --seed S         the game's seed (default: from the clock); shown when the game is over\n"
    "                   (with --watch, at the start too), never to a player during the game\n"
    "  --deck SPEC      your deck: a prebuilt deck's name, a deck file, or \"random\" (default)\n"
    "  --opponent-deck SPEC   the other seats' deck (default \"random\")\n"
    "  --ai SPEC        the AI: random, greedy (default), or KIND:key=value,...\n"
    "  --resume FILE    continue a saved game (a record)\n"
    "  --save FILE      save there on 'save', on 'quit', Ctrl-C or end of input, and at the end\n"
    "                   (without it, those save to a new carta-GAME-DATE-TIME.json here)\n"
    CLI_GAME_OPTS_USAGE
    "At the prompt type 'help' for the commands.\n";

enum { PLAY_MAX_ACTIONS = 1000000 }; /* a game longer than this is a broken rule system */

typedef struct play_options {
    int seat, seat_given, watch;
    uint64_t seed;
    int seed_given;
    const char *deck, *opponent_deck, *ai, *resume, *save;
    cli_game_opts game_opts;
} play_options;

/* The view of the true state as the human (watching: a spectator) sees it; NULL if the game
 * has no view. Free with carta_view_free. */
static carta_view *play_view(play_session *s)
{
    if (!s->g->view)
        return NULL;
    s->g->observe(s->r, s->state, s->human, s->view);
    return carta_view_observation(s->g, s->r, s->view, s->human);
}

/* The events of the last apply as the human (watching: a spectator) may see them, in s->view;
 * NULL if the game keeps none. */
static const carta_events *play_events(play_session *s)
{
    const carta_layout *l = s->g->layout ? s->g->layout(s->r) : NULL;
    if (!carta_layout_events_of(l, s->state))
        return NULL;
    s->g->observe(s->r, s->state, s->human, s->view);
    return carta_layout_events_of(l, s->view);
}

/* What changed between two views, as lines; the question asked is not news (the prompt asks
 * it), and it may speak to the seat asked ("your field"). */
static void what_happened(carta_view *before, carta_view *after, carta_text *out)
{
    json_t *a = carta_view_json(before), *b = carta_view_json(after);
    if (!a || !b)
        return;
    json_object_del(a, "question");
    json_object_del(b, "question");
    carta_view_diff(a, b, out);
}

void play_flush_move(play_session *s)
{
    play_move *m = &s->move;
    if (!m->open)
        return;
    carta_text told = {0};
    carta_text_printf(&told, "%s: %s\n", s->label[m->seat], m->text);
    size_t said = m->echo ? 0 : told.len;
    carta_view *after = play_view(s);
    if (play_events(s))
        carta_text_printf(&told, "%s", carta_text_str(&m->events));
    else
        what_happened(m->before, after, &told);
    carta_text_free(&m->events);
    cli_print_folded(carta_text_str(&told) + said, cli_width());
    carta_text_printf(&s->log, "%s", carta_text_str(&told));
    carta_text_free(&told);
    carta_view_free(after);
    carta_view_free(m->before);
    m->before = NULL;
    m->open = 0;
}

/* Whether a step of seat with text carries on the move in progress (its text extends it). */
static int continues_move(const play_move *m, int seat, const char *text)
{
    size_t n = strlen(m->text);
    return m->open && m->seat == seat && strncmp(text, m->text, n) == 0 && text[n] == ' ';
}

int play_apply(play_session *s, int seat, carta_action action, const char *text, int echo)
{
    carta_error err = {0};
    play_move *m = &s->move;
    if (m->open && !continues_move(m, seat, text))
        play_flush_move(s);
    carta_view *before = m->open ? NULL : play_view(s);
    if (carta_apply_checked(s->g, s->r, s->state, action, &err) != CARTA_OK) {
        carta_view_free(before);
        cli_error("%s", err.msg[0] ? err.msg : "the action was refused");
        return 1;
    }
    if (carta_record_push(&s->rec, action) != CARTA_OK) {
        carta_view_free(before);
        cli_error("out of memory recording the game");
        return 1;
    }
    s->rec.final_digest = carta_digest(s->state, s->g->state_size);
    if (!m->open)
        *m = (play_move){.open = 1, .seat = seat, .before = before};
    const carta_events *events = play_events(s);
    if (events)
        carta_events_text(s->g, s->r, events, s->human, "  ", &m->events);
    m->echo = echo;
    snprintf(m->text, sizeof m->text, "%s", text);
    return 0;
}

/* Sets up a new game, or replays the record to resume. */
static int start_game(play_session *s, const play_options *o)
{
    carta_error err = {0};
    if (o->resume) {
        if (carta_record_load(&s->rec, carta_game_find, s->r, o->resume, &err) != CARTA_OK ||
            carta_record_replay(&s->rec, s->r, s->state, -1, 1, &err) != CARTA_OK) {
            cli_error("%s", err.msg);
            return 1;
        }
        s->rec_open = 1;
        printf("resumed %s after %d actions\n", o->resume, s->rec.n_actions);
        return 0;
    }
    carta_config config;
    const char *specs[CARTA_MAX_SEATS];
    cli_game_opts game_opts = o->game_opts; /* checked by check_game_options */
    for (int i = 0; i < CARTA_MAX_SEATS; i++)
        specs[i] = i == (o->watch ? 0 : o->seat) ? o->deck : o->opponent_deck;
    if (cli_make_config(s->g, s->r, game_opts.players, o->seed, specs, &config))
        return 1;
    cli_game_opts_apply(&game_opts, &config);
    if (s->g->setup(s->r, s->state, &config, &err) != CARTA_OK) {
        cli_error("%s", err.msg);
        return 1;
    }
    carta_record_init(&s->rec, s->g, &config);
    s->rec_open = 1;
    if (o->watch) /* nobody plays: the seed tells no player anything */
        printf("%s, seed %llu\n", s->g->name, (unsigned long long)o->seed);
    else /* from the seed and the decks, the other seats' hands could be replayed */
        printf("%s\n", s->g->name);
    return 0;
}

/* What setup did (the opening hands, who begins), as the human may see it; kept in the log. */
static int tell_setup(play_session *s, const play_options *o)
{
    const carta_events *events = o->resume ? NULL : play_events(s);
    if (!events || !events->n)
        return 0;
    carta_text told = {0};
    carta_events_text(s->g, s->r, events, s->human, "  ", &told);
    cli_print_folded(carta_text_str(&told), cli_width());
    carta_text_printf(&s->log, "%s", carta_text_str(&told));
    carta_text_free(&told);
    return 0;
}

/* Makes the AIs of the non-human seats and the seat labels. */
static int seat_players(play_session *s, const play_options *o)
{
    int n = s->rec.config.n_seats;
    int seat_wanted = o->seat;
    for (int i = 0; o->resume && !o->seat_given && i < n; i++)
        if (strcmp(s->rec.seat_names[i], "human") == 0)
            seat_wanted = i; /* resume as the seat the human played */
    if (!o->watch && (seat_wanted < 0 || seat_wanted >= n)) {
        cli_error("--seat %d: this game has players 1 to %d", seat_wanted + 1, n);
        return 1;
    }
    s->human = o->watch ? CARTA_NO_SEAT : seat_wanted;
    s->rec.saved_by = s->human; /* a save in progress tells what the human saw */
    for (int seat = 0; seat < n; seat++) {
        if (seat == s->human) {
            snprintf(s->label[seat], CARTA_NAME_MAX, "player %d (you)", seat + 1);
            snprintf(s->rec.seat_names[seat], CARTA_NAME_MAX, "human");
            continue;
        }
        carta_error err = {0};
        uint64_t seed = carta_mix64(s->rec.config.seed ^ (0xa100000000000000ULL + (uint64_t)seat));
        s->ai[seat] = carta_ai_new(s->g, s->r, o->ai, seed, &err);
        if (!s->ai[seat]) {
            cli_error("--ai %s: %s", o->ai, err.msg);
            return 1;
        }
        snprintf(s->label[seat], CARTA_NAME_MAX, "player %d (%s)", seat + 1, o->ai);
        snprintf(s->rec.seat_names[seat], CARTA_NAME_MAX, "%s", o->ai);
    }
    return 0;
}

/* One AI move: chosen on the AI's observation, described on the human's (or, watching, on the
 * mover's own). */
static int ai_turn(play_session *s, int seat)
{
    carta_action action;
    s->g->observe(s->r, s->state, seat, s->view);
    if (carta_ai_choose(s->ai[seat], s->view, seat, &action) != CARTA_OK) {
        cli_error("the AI of player %d found no action", seat + 1);
        return 1;
    }
    char text[256];
    carta_describe_move(s->g, s->r, s->state, action, s->human != CARTA_NO_SEAT ? s->human : seat,
                        s->view, text, sizeof text);
    return play_apply(s, seat, action, text, 1);
}

static void print_result(play_session *s)
{
    /* the final board, as the human (or, watching, a spectator) sees it */
    carta_text board = {0};
    s->g->observe(s->r, s->state, s->human, s->view);
    s->g->render(s->r, s->view, s->human, &board);
    putchar('\n');
    cli_print_folded(carta_text_str(&board), cli_width());
    carta_text_free(&board);
    carta_outcome o;
    carta_outcome_of(s->g, s->r, s->state, s->rec.config.n_seats, &o);
    const char *names[CARTA_MAX_SEATS];
    for (int seat = 0; seat < CARTA_MAX_SEATS; seat++)
        names[seat] = s->label[seat];
    char where[256];
    s->g->describe_state(s->r, s->state, where, sizeof where);
    carta_text said = {0};
    carta_text_printf(&said, "\nGame over after %d actions (%s): ", s->rec.n_actions, where);
    carta_outcome_text(&o, names, &said);
    carta_text_printf(&said, ".\n");
    for (int seat = 0; seat < s->rec.config.n_seats; seat++)
        carta_text_printf(&said, "  %s: %g\n", s->label[seat], o.returns[seat]);
    cli_print_folded(carta_text_str(&said), cli_width());
    carta_text_free(&said);
}

/* The end screen's last line: the seed, kept from the player until now, and the record. */
static int tell_seed_and_record(play_session *s)
{
    unsigned long long seed = (unsigned long long)s->rec.config.seed;
    if (!s->save_path) {
        printf("Seed %llu (start with --save FILE to keep the record).\n", seed);
        return 0;
    }
    if (!play_may_overwrite(s, s->save_path) || play_write_record(s, s->save_path))
        return 1;
    printf("Seed %llu; record saved to %s.\n", seed, s->save_path);
    return 0;
}

/* Ctrl-C while the AI moved: what it did so far is told, then the player is offered to save;
 * 1 to stop. Watching, there is nothing to save: it stops. */
static int stop_asked(play_session *s)
{
    putchar('\n'); /* after the ^C the terminal shows */
    play_flush_move(s);
    if (s->human == CARTA_NO_SEAT) {
        printf("Interrupted.\n");
        return 1;
    }
    return play_offer_save(s);
}

/* Runs the game until it ends (0), the human quits (0), or something fails (1). */
static int run(play_session *s)
{
    for (int moves = 0;; moves++) {
        int seat = s->g->to_act(s->r, s->state);
        if (seat == CARTA_NO_SEAT)
            break;
        if (moves == PLAY_MAX_ACTIONS) {
            cli_error("the game did not end within %d actions", PLAY_MAX_ACTIONS);
            return 1;
        }
        if (seat == s->human) {
            play_turn t = play_human_turn(s);
            if (t != PLAY_MOVED)
                return t == PLAY_QUIT ? 0 : 1;
        } else if (ai_turn(s, seat)) {
            return 1;
        }
        if (play_interrupted() && stop_asked(s))
            return 0;
    }
    play_flush_move(s);
    print_result(s);
    return tell_seed_and_record(s);
}

static void session_free(play_session *s)
{
    for (int i = 0; i < CARTA_MAX_SEATS; i++)
        carta_ai_free(s->ai[i]);
    if (s->rec_open)
        carta_record_free(&s->rec);
    carta_text_free(&s->log);
    carta_view_free(s->move.before);
    free(s->state);
    free(s->view);
    if (s->r)
        s->g->close(s->r);
}

/* Opens the game named, or the one the record to resume names (they must agree). Returns an exit
 * code: CLI_EXIT_USAGE for an unknown game. */
static int open_game(play_session *s, const char *id, const play_options *o)
{
    if (o->resume) {
        if (cli_open_record_game(o->resume, &s->g, &s->r))
            return CLI_EXIT_FAIL;
        if (id && strcmp(id, s->g->id) != 0) {
            cli_error("%s is a game of %s, not %s", o->resume, s->g->id, id);
            return CLI_EXIT_USAGE;
        }
    } else {
        if (!(s->g = cli_find_game(id)))
            return CLI_EXIT_USAGE;
        if (!(s->r = cli_open_rules(s->g)))
            return CLI_EXIT_FAIL;
    }
    s->state = calloc(1, s->g->state_size);
    s->view = calloc(1, s->g->state_size);
    if (!s->state || !s->view) {
        cli_error("out of memory");
        return CLI_EXIT_FAIL;
    }
    return CLI_EXIT_OK;
}

static int check_options(int n_pos, const play_options *o, int seat_given)
{
    if (!o->resume && n_pos != 1)
        cli_error("play needs a GAME");
    else if (o->watch && seat_given)
        cli_error("--watch and --seat cannot be combined");
    else if (o->resume && (o->seed_given || o->deck || o->opponent_deck ||
                           o->game_opts.players || o->game_opts.mode))
        cli_error("--resume takes the seed, decks, players and mode from the record: drop --seed, "
                  "--deck, --players and --mode");
    else
        return 0;
    fputs(usage, stderr);
    return CLI_EXIT_USAGE;
}

/* A new game's mode and players (filled in when not given), and the seat among them; for a game
 * to resume the record says. Returns an exit code. */
static int check_game_options(play_session *s, play_options *o)
{
    if (o->resume)
        return CLI_EXIT_OK;
    if (cli_game_opts_check(s->g, &o->game_opts, cli_default_seats(s->g)))
        return CLI_EXIT_USAGE;
    if (o->seat >= o->game_opts.players) {
        cli_error("--seat %d: this game has players 1 to %d", o->seat + 1, o->game_opts.players);
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

int cli_cmd_play(int argc, char **argv)
{
    play_options o = {.seat = -1, .ai = "greedy"};
    const char *seed_text = NULL;
    const cli_opt opts[] = {
        {"--seat", CLI_OPT_INT, &o.seat, 1, CARTA_MAX_SEATS},
        {"--watch", CLI_OPT_FLAG, &o.watch, 0, 0},
        {"--seed", CLI_OPT_STR, &seed_text, 0, 0},
        {"--deck", CLI_OPT_STR, &o.deck, 0, 0},
        {"--opponent-deck", CLI_OPT_STR, &o.opponent_deck, 0, 0},
        {"--ai", CLI_OPT_STR, &o.ai, 0, 0},
        {"--resume", CLI_OPT_STR, &o.resume, 0, 0},
        {"--save", CLI_OPT_STR, &o.save, 0, 0},
        CLI_GAME_OPTS(o.game_opts),
    };
    char *pos[1];
    int n_pos;
    cli_parse_result pr =
        cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 1, &n_pos, usage);
    if (pr != CLI_PARSE_OK)
        return cli_parse_exit(pr);
    if (seed_text && !cli_parse_u64(seed_text, &o.seed)) {
        cli_error("--seed wants a non-negative integer, not '%s'", seed_text);
        return CLI_EXIT_USAGE;
    }
    o.seed_given = seed_text != NULL;
    if (!o.seed_given)
        o.seed = carta_mix64((uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32));
    o.seat_given = o.seat > 0;
    o.seat = o.seat_given ? o.seat - 1 : 0; /* players are numbered from 1, seats from 0 */
    int rc = check_options(n_pos, &o, o.seat_given);
    if (rc)
        return rc;
    play_session s = {.human = CARTA_NO_SEAT, .save_path = o.save,
                      .interactive = isatty(STDIN_FILENO)};
    if (o.save && !play_may_overwrite(&s, o.save))
        return CLI_EXIT_USAGE;
    play_catch_interrupt();
    rc = open_game(&s, n_pos ? pos[0] : NULL, &o);
    if (rc == CLI_EXIT_OK)
        rc = check_game_options(&s, &o);
    if (rc == CLI_EXIT_OK)
        rc = start_game(&s, &o) || seat_players(&s, &o) || tell_setup(&s, &o) || run(&s)
                 ? CLI_EXIT_FAIL
                 : CLI_EXIT_OK;
    session_free(&s);
    return rc;
}
