/* view.c: a Leaders observation as structured data (docs/view.md): the common keys, per seat its
 * Leader, Domain, zones, Barracks and Graveyard, the 5x6 board by cell name, the Event pile and
 * the declared action awaiting an answer. */
#include "games/leaders/leaders.h"
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
    case LEADERS_A_SUMMON: carta_view_card(v, "card", c, LEADERS_UNKNOWN); break;
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

/* What the seat to act is asked now, in words. */
static void view_question(const carta_rules *rules, const leaders_state *st, char *buf,
                          size_t cap)
{
    static const char *const acts[LEADERS_ACT_COUNT] = {"summon", "move", "attack", "ability",
                                                        "swap", "redirect"};
    const carta_pending *top = carta_pending_peek(&st->pending);
    char a[4], b[4];
    switch (top ? top->kind : 0) {
    case LEADERS_FR_SUMMON_CELL:
        snprintf(buf, cap, "Summon %s: on which cell of your field?", view_name(rules, top->arg[0]));
        return;
    case LEADERS_FR_SUMMON_DIR:
        leaders_cell_name(top->arg[1], a);
        snprintf(buf, cap, "Summon %s at %s: which way does it face?",
                 view_name(rules, top->arg[0]), a);
        return;
    case LEADERS_FR_ATTACK_CARD:
        leaders_cell_name(top->arg[0], a);
        leaders_cell_name(top->arg[1], b);
        snprintf(buf, cap, "Attack from %s to %s: place an Attack card face down, or none?", a, b);
        return;
    case LEADERS_FR_TARGET:
        snprintf(buf, cap, "%s: choose its target.", view_name(rules, top->arg[0]));
        return;
    case LEADERS_FR_ANSWER: {
        int act = top->arg[LEADERS_ANS_ACT];
        leaders_cell_name(top->arg[LEADERS_ANS_FROM], a);
        snprintf(buf, cap, "Player %d declared a %s from %s: answer with a Reaction or a Defense "
                           "card, or pass?",
                 st->active + 1, act >= 0 && act < LEADERS_ACT_COUNT ? acts[act] : "action", a);
        return;
    }
    case LEADERS_FR_DISCARD:
        snprintf(buf, cap, "End of turn: discard down to %d cards.", LEADERS_HAND_LIMIT);
        return;
    default:
        snprintf(buf, cap, st->phase == LEADERS_PHASE_OVER
                               ? ""
                               : "Command a Character, play a card, or end your turn.");
    }
}

void leaders_view(const carta_rules *rules, const void *obs, int seat, carta_view *v)
{
    const leaders_state *st = obs;
    const carta_pending *top = carta_pending_peek(&st->pending);
    int to_act = leaders_to_act(rules, st);
    int over = st->phase == LEADERS_PHASE_OVER;
    carta_view_str(v, "game", "leaders");
    if (seat >= 0)
        carta_view_int(v, "viewer", seat);
    else
        carta_view_null(v, "viewer");
    carta_view_int(v, "turn", st->turn);
    carta_view_null(v, "round");
    carta_view_str(v, "phase", over ? "over"
                              : top && top->kind < sizeof view_frames / sizeof view_frames[0]
                                  ? view_frames[top->kind]
                                  : "main");
    carta_view_int(v, "active", st->active);
    carta_view_list(v, "to_act");
    if (to_act != CARTA_NO_SEAT)
        carta_view_int(v, NULL, to_act);
    carta_view_end(v);
    carta_view_bool(v, "over", over);
    if (over && st->winner >= 0)
        carta_view_int(v, "winner", st->winner);
    else
        carta_view_null(v, "winner");
    carta_view_str(v, "end", !over                          ? NULL
                             : st->winner >= 0              ? "Leader defeated"
                             : st->turn > LEADERS_TURN_LIMIT ? "turn limit"
                                                            : "both Leaders defeated");
    carta_view_int(v, "first", st->first);
    carta_view_bool(v, "draw", st->draw != 0);
    carta_view_int(v, "pending", st->pending.n); /* decisions stacked */
    view_cell_or_null(v, "chain", st->chain);   /* the Character that must finish its actions */
    char question[192];
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
