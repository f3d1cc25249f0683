/* view.c: a Leaders observation as structured data (docs/view.md): the common keys, per seat its
 * Leader, Domain, zones, Barracks and Graveyard, the 5x6 board by cell name, the Event pile and
 * the declared action awaiting an answer. */
#include "games/leaders/leaders.h"

#include <stdio.h>
#include <string.h>

#include "core/view.h"

static const char *const view_frames[] = {"main", "summon cell", "summon facing", "attack card",
                                          "target", "answer", "discard"};

static void view_units(carta_view *v, const char *key, const uint16_t *kinds, int n)
{
    carta_view_list(v, key);
    for (int i = 0; i < n; i++)
        carta_view_card(v, NULL, kinds[i], LEADERS_UNKNOWN);
    carta_view_end(v);
}

/* A cell's name, or null. */
static void view_cell_or_null(carta_view *v, const char *key, int cell)
{
    char name[4];
    if (cell < 0 || cell >= LEADERS_CELLS) {
        carta_view_null(v, key);
        return;
    }
    leaders_cell_name(cell, name);
    carta_view_str(v, key, name);
}

static void view_seat(const carta_rules *rules, const leaders_state *st, int p, carta_view *v)
{
    const leaders_seat *s = &st->seat[p];
    int lc = leaders_leader_cell(st, p), units = 0;
    for (int c = 0; c < LEADERS_CELLS; c++)
        units += st->board[c].kind != LEADERS_NONE && st->board[c].owner == p &&
                 !(st->board[c].flags & LEADERS_C_LEADER);
    carta_view_map(v, NULL);
    carta_view_int(v, "seat", p);
    carta_view_card(v, "leader", s->leader, LEADERS_UNKNOWN);
    carta_view_card(v, "domain", s->domain, LEADERS_UNKNOWN);
    carta_view_map(v, "counters");
    carta_view_int(v, "cards_played", s->cards_played);
    carta_view_int(v, "summons", s->summons);
    carta_view_int(v, "summon_bonus", s->summon_bonus);
    carta_view_int(v, "summons_left", leaders_summons_left(rules, st, p));
    carta_view_end(v);
    view_cell_or_null(v, "leader_at", lc);
    carta_view_int(v, "leader_health", lc >= 0 ? st->board[lc].health : 0);
    carta_view_int(v, "units", units); /* its Units on the board */
    carta_view_map(v, "zones");
    carta_view_zone(v, "hand", s->hand.cards, s->hand.n, LEADERS_UNKNOWN);
    carta_view_zone(v, "deck", s->deck.cards, s->deck.n, LEADERS_UNKNOWN);
    carta_view_zone(v, "discard", s->discard.cards, s->discard.n, LEADERS_UNKNOWN);
    carta_view_end(v);
    view_units(v, "barracks", s->barracks, s->n_barracks);
    view_units(v, "graveyard", s->graveyard, s->n_graveyard);
    carta_view_end(v);
}

static void view_board(const leaders_state *st, carta_view *v)
{
    carta_view_map(v, "board");
    carta_view_int(v, "cols", LEADERS_COLS);
    carta_view_int(v, "rows", LEADERS_ROWS);
    carta_view_map(v, "cells");
    for (int c = 0; c < LEADERS_CELLS; c++) {
        const leaders_char *ch = &st->board[c];
        char name[4];
        if (ch->kind == LEADERS_NONE)
            continue;
        leaders_cell_name(c, name);
        carta_view_map(v, name);
        carta_view_card(v, "unit", ch->kind, LEADERS_UNKNOWN);
        carta_view_int(v, "owner", ch->owner);
        carta_view_str(v, "facing", leaders_dir_name(ch->dir));
        carta_view_int(v, "health", ch->health);
        carta_view_int(v, "actions", ch->acts);
        carta_view_bool(v, "leader", (ch->flags & LEADERS_C_LEADER) != 0);
        carta_view_bool(v, "exhausted", (ch->flags & LEADERS_C_EXHAUSTED) != 0);
        carta_view_bool(v, "redirected", (ch->flags & LEADERS_C_REDIRECTED) != 0);
        carta_view_end(v);
    }
    carta_view_end(v);
    carta_view_list(v, "events");
    for (int i = 0; i < st->n_events; i++)
        carta_view_card(v, NULL, st->events[i] & ~LEADERS_EVENT_SEAT1, LEADERS_UNKNOWN);
    carta_view_end(v);
    if (st->facedown == LEADERS_NONE)
        carta_view_null(v, "facedown");
    else
        carta_view_card(v, "facedown", st->facedown, LEADERS_UNKNOWN);
    carta_view_end(v);
}

static void view_cell(carta_view *v, const char *key, int cell)
{
    char name[4];
    leaders_cell_name(cell, name);
    carta_view_str(v, key, name);
}

static const char *const view_verbs[] = {"",       "end turn", "summon",  "cell",   "facing",
                                         "move",   "swap",     "attack",  "ability", "redirect",
                                         "play",   "attack card", "pass", "discard", "rest"};

void leaders_action_view(const carta_rules *rules, const void *obs, carta_action action,
                         carta_view *v)
{
    const leaders_state *st = obs;
    const carta_pending *f = carta_pending_peek(&st->pending);
    int kind = leaders_akind(action), x = leaders_aa(action), y = leaders_ab(action);
    int c = leaders_ac(action);
    (void)rules;
    carta_view_str(v, "verb", kind > 0 && kind <= LEADERS_A_REST ? view_verbs[kind] : "?");
    switch (kind) {
    case LEADERS_A_SUMMON:
        carta_view_card(v, "card", c, LEADERS_UNKNOWN);
        carta_view_str(v, "from", "barracks");
        break;
    case LEADERS_A_CELL:
        if (f && (f->kind == LEADERS_FR_SUMMON_CELL || f->kind == LEADERS_FR_TARGET))
            carta_view_card(v, "card", f->arg[0], LEADERS_UNKNOWN);
        view_cell(v, "cell", y);
        break;
    case LEADERS_A_FACE: carta_view_str(v, "direction", leaders_dir_name(x)); break;
    case LEADERS_A_MOVE:
    case LEADERS_A_SWAP:
    case LEADERS_A_ATTACK:
    case LEADERS_A_ABILITY:
        carta_view_card(v, "card", st->board[x].kind, LEADERS_UNKNOWN);
        view_cell(v, "from", x);
        view_cell(v, "cell", y);
        break;
    case LEADERS_A_REDIRECT:
        view_cell(v, "from", x);
        carta_view_str(v, "direction", leaders_dir_name(y));
        break;
    case LEADERS_A_CARD:
        if (c > 0) {
            carta_view_card(v, "card", c - 1, LEADERS_UNKNOWN);
            carta_view_str(v, "from", "hand");
        }
        break;
    case LEADERS_A_PLAY:
    case LEADERS_A_DISCARD:
        carta_view_card(v, "card", c, LEADERS_UNKNOWN);
        carta_view_str(v, "from", "hand");
        break;
    case LEADERS_A_REST: view_cell(v, "from", x); break;
    default: break;
    }
}

/* The name of card id, or "a card". */
static const char *view_name(const carta_rules *rules, int id)
{
    const leaders_def *d = leaders_def_of(rules, id);
    return d ? d->name : "a card";
}

/* "Greywolf on C4" or "Leader Orin on C1": the Character of kind on cell. */
static void view_char(const carta_rules *rules, const leaders_state *st, int kind, int cell,
                      char *buf, size_t cap)
{
    char at[4];
    leaders_cell_name(cell, at);
    bool leader = cell >= 0 && cell < LEADERS_CELLS && st->board[cell].kind == kind &&
                  (st->board[cell].flags & LEADERS_C_LEADER);
    snprintf(buf, cap, "%s%s on %s", leader ? "Leader " : "", view_name(rules, kind), at);
}

/* The Character on cell, as view_char says it. */
static void view_char_on(const carta_rules *rules, const leaders_state *st, int cell, char *buf,
                         size_t cap)
{
    int kind = cell >= 0 && cell < LEADERS_CELLS ? st->board[cell].kind : LEADERS_NONE;
    view_char(rules, st, kind, cell, buf, cap);
}

/* "enemy Unit", "friendly melee Character": what a card may target. */
static void view_target_kind(const leaders_target *t, char *buf, size_t cap)
{
    static const char *const sides[] = {"", "friendly ", "enemy "};
    static const char *const whats[] = {"Character", "Unit", "Leader"};
    snprintf(buf, cap, "%s%s%s%s", t->side <= LEADERS_SIDE_ENEMY ? sides[t->side] : "",
             t->cls == LEADERS_CLASS_ANY ? "" : leaders_class_name(t->cls),
             t->cls == LEADERS_CLASS_ANY ? "" : " ", whats[t->what <= 2 ? t->what : 0]);
}

/* What the active seat declared in the answer window f, in words ("Player 1 moves Greywolf on
 * C4 to D4"). */
static void view_declared(const carta_rules *rules, const leaders_state *st,
                          const carta_pending *f, char *buf, size_t cap)
{
    const int16_t *arg = f->arg;
    int from = arg[LEADERS_ANS_FROM], to = arg[LEADERS_ANS_TO], who = st->active + 1;
    char actor[96], target[96], at[4];
    view_char(rules, st, arg[LEADERS_ANS_KIND], from, actor, sizeof actor);
    view_char_on(rules, st, to, target, sizeof target);
    leaders_cell_name(to, at);
    switch (arg[LEADERS_ANS_ACT]) {
    case LEADERS_ACT_SUMMON:
        snprintf(buf, cap, "Player %d summons %s, facing %s", who, actor,
                 leaders_dir_name(arg[LEADERS_ANS_DIR]));
        return;
    case LEADERS_ACT_MOVE: snprintf(buf, cap, "Player %d moves %s to %s", who, actor, at); return;
    case LEADERS_ACT_ATTACK:
        snprintf(buf, cap, "Player %d attacks your %s with %s%s", who, target, actor,
                 st->facedown != LEADERS_NONE ? " and a face-down Attack card" : "");
        return;
    case LEADERS_ACT_ABILITY: {
        const leaders_def *d = leaders_def_of(rules, arg[LEADERS_ANS_KIND]);
        snprintf(buf, cap, "Player %d uses %s (the ability of %s) on %s", who,
                 d && d->ability_name[0] ? d->ability_name : "an ability", actor, target);
        return;
    }
    case LEADERS_ACT_SWAP:
        snprintf(buf, cap, "Player %d swaps %s with %s", who, actor, target);
        return;
    case LEADERS_ACT_REDIRECT:
        snprintf(buf, cap, "Player %d turns %s to face %s", who, actor,
                 leaders_dir_name(arg[LEADERS_ANS_EXTRA]));
        return;
    default: /* LEADERS_ACT_CLOSE */
        if (arg[LEADERS_ANS_EXTRA] == LEADERS_A_REST)
            snprintf(buf, cap, "Player %d rests %s, ending its action cycle", who, actor);
        else
            snprintf(buf, cap, "Player %d ends the turn, ending the action cycle of %s", who,
                     actor);
    }
}

/* The answer window f: what was declared, and which cards may answer it. */
static void view_answer_question(const carta_rules *rules, const leaders_state *st,
                                 const carta_pending *f, char *buf, size_t cap)
{
    char declared[320];
    bool battle = (f->arg[LEADERS_ANS_FLAGS] & LEADERS_AF_BATTLE) != 0;
    bool reacted = (f->arg[LEADERS_ANS_FLAGS] & LEADERS_AF_REACTED) != 0;
    const char *ask = reacted ? "answer with a Defense card, or pass?"
                      : battle ? "answer with a Reaction or a Defense card, or pass?"
                      : f->arg[LEADERS_ANS_ACT] == LEADERS_ACT_CLOSE
                          ? "answer with a Slow Reaction, or pass?"
                          : "answer with a Reaction, or pass?";
    view_declared(rules, st, f, declared, sizeof declared);
    snprintf(buf, cap, "%s: %s", declared, ask);
}

/* The target frame f: which card, played or reacted with, needs which target. */
static void view_target_question(const carta_rules *rules, const leaders_state *st,
                                 const carta_pending *f, char *buf, size_t cap)
{
    const leaders_def *d = leaders_def_of(rules, f->arg[0]);
    const carta_pending *below = st->pending.n >= 2 ? &st->pending.frame[st->pending.n - 2]
                                                    : NULL;
    bool react = below && below->kind == LEADERS_FR_ANSWER && below->seat == f->seat;
    char kind[64] = "Character";
    if (d)
        view_target_kind(&d->target, kind, sizeof kind);
    snprintf(buf, cap, "%s %s: on which %s? Choose its cell.", react ? "React with" : "Play",
             view_name(rules, f->arg[0]), kind);
}

/* The main step: a Character with actions left must finish them first. */
static void view_main_question(const carta_rules *rules, const leaders_state *st, char *buf,
                               size_t cap)
{
    char chain[96];
    if (!leaders_chain_active(rules, st)) {
        snprintf(buf, cap, "Command a Character, play a card, or end your turn.");
        return;
    }
    view_char_on(rules, st, st->chain, chain, sizeof chain);
    snprintf(buf, cap, "%s has actions left: command it, rest it, or play a card.", chain);
}

/* What the seat to act is asked now, in words. */
static void view_question(const carta_rules *rules, const leaders_state *st, char *buf,
                          size_t cap)
{
    const carta_pending *top = carta_pending_peek(&st->pending);
    char a[96], b[96];
    switch (top ? top->kind : 0) {
    case LEADERS_FR_SUMMON_CELL:
        snprintf(buf, cap, "Summon %s: on which empty cell of your field?",
                 view_name(rules, top->arg[0]));
        return;
    case LEADERS_FR_SUMMON_DIR:
        leaders_cell_name(top->arg[1], a);
        snprintf(buf, cap, "Summon %s on %s: which way does it face?",
                 view_name(rules, top->arg[0]), a);
        return;
    case LEADERS_FR_ATTACK_CARD:
        view_char_on(rules, st, top->arg[0], a, sizeof a);
        view_char_on(rules, st, top->arg[1], b, sizeof b);
        snprintf(buf, cap, "%s attacks %s: place an Attack card face down, or none?", a, b);
        return;
    case LEADERS_FR_TARGET: view_target_question(rules, st, top, buf, cap); return;
    case LEADERS_FR_ANSWER: view_answer_question(rules, st, top, buf, cap); return;
    case LEADERS_FR_DISCARD:
        snprintf(buf, cap, "End of turn: you hold %d cards; discard one (down to %d).",
                 st->seat[top->seat].hand.n, LEADERS_HAND_LIMIT);
        return;
    default:
        if (st->phase == LEADERS_PHASE_OVER)
            buf[0] = '\0';
        else
            view_main_question(rules, st, buf, cap);
    }
}

void leaders_view(const carta_rules *rules, const void *obs, int seat, carta_view *v)
{
    const leaders_state *st = obs;
    const carta_pending *top = carta_pending_peek(&st->pending);
    int over = st->phase == LEADERS_PHASE_OVER;
    carta_view_head(v, seat, st->turn, -1,
                    over ? "over"
                    : top && top->kind < sizeof view_frames / sizeof view_frames[0]
                        ? view_frames[top->kind]
                        : "main");
    carta_view_int(v, "active", st->active);
    carta_view_progress(v, st, st->winner,
                        st->winner >= 0                  ? "Leader defeated"
                        : st->turn > LEADERS_TURN_LIMIT ? "turn limit"
                                                        : "both Leaders defeated");
    carta_view_int(v, "first", st->first);
    carta_view_bool(v, "draw", st->draw != 0);
    carta_view_int(v, "pending", st->pending.n); /* decisions stacked */
    view_cell_or_null(v, "chain", st->chain);   /* the Character that must finish its actions */
    char question[400];
    view_question(rules, st, question, sizeof question);
    carta_view_str(v, "question", question[0] ? question : NULL);
    carta_view_list(v, "seats");
    for (int p = 0; p < LEADERS_SEATS; p++)
        view_seat(rules, st, p, v);
    carta_view_end(v);
    view_board(st, v);
    carta_view_list(v, "resolving");
    if (top && top->kind == LEADERS_FR_ANSWER) {
        char from[4], to[4];
        carta_view_map(v, NULL);
        carta_view_str(v, "kind", "declared action");
        carta_view_int(v, "seat", st->active);
        leaders_cell_name(top->arg[LEADERS_ANS_FROM], from);
        carta_view_str(v, "from", from);
        if (top->arg[LEADERS_ANS_TO] >= 0) {
            leaders_cell_name(top->arg[LEADERS_ANS_TO], to);
            carta_view_str(v, "to", to);
        }
        carta_view_end(v);
    }
    carta_view_end(v);
}
