/* text.c: action texts (what players type), card descriptions, the 5x6 grid drawn for a seat, and
 * the one-line step. */
#include "games/leaders/leaders.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

void leaders_cell_name(int cell, char *buf)
{
    if (cell < 0 || cell >= LEADERS_CELLS) {
        snprintf(buf, 4, "--");
        return;
    }
    buf[0] = (char)('A' + leaders_col(cell));
    buf[1] = (char)('1' + leaders_row(cell));
    buf[2] = 0;
}

const char *leaders_dir_name(int dir)
{
    static const char *const names[4] = {"north", "east", "south", "west"};
    return names[dir & 3];
}

static const char *text_card(const carta_rules *rules, int card)
{
    const leaders_def *d = leaders_def_of(rules, card);
    return card == (int)LEADERS_UNKNOWN ? "(unknown card)" : d ? d->name : "?";
}

/* "Leader" for a Leader, else the Unit's name. */
static const char *text_char(const carta_rules *rules, const leaders_state *st, int cell)
{
    const leaders_char *ch = &st->board[cell];
    if (ch->kind == LEADERS_NONE)
        return "?";
    if (ch->flags & LEADERS_C_LEADER)
        return "Leader";
    return text_card(rules, ch->kind);
}

void leaders_describe_action(const carta_rules *rules, const void *state, carta_action action,
                             char *buf, size_t cap)
{
    const leaders_state *st = state;
    const carta_pending *f = carta_pending_peek(&st->pending);
    int x = leaders_aa(action), y = leaders_ab(action), c = leaders_ac(action);
    char cx[4], cy[4];
    leaders_cell_name(x, cx);
    leaders_cell_name(y, cy);
    switch (leaders_akind(action)) {
    case LEADERS_A_END: snprintf(buf, cap, "end turn"); return;
    case LEADERS_A_SUMMON: snprintf(buf, cap, "summon %s", text_card(rules, c)); return;
    case LEADERS_A_CELL:
        if (f && f->kind == LEADERS_FR_SUMMON_CELL) {
            snprintf(buf, cap, "summon %s at %s", text_card(rules, f->arg[0]), cy);
        } else if (f && f->kind == LEADERS_FR_TARGET) {
            bool react = st->pending.n >= 2 &&
                         st->pending.frame[st->pending.n - 2].kind == LEADERS_FR_ANSWER;
            snprintf(buf, cap, "%s %s at %s", react ? "react with" : "play",
                     text_card(rules, f->arg[0]), cy);
        } else {
            snprintf(buf, cap, "choose %s", cy);
        }
        return;
    case LEADERS_A_FACE:
        if (f && f->kind == LEADERS_FR_SUMMON_DIR) {
            char cc[4];
            leaders_cell_name(f->arg[1], cc);
            snprintf(buf, cap, "summon %s at %s facing %s", text_card(rules, f->arg[0]), cc,
                     leaders_dir_name(x));
        } else {
            snprintf(buf, cap, "facing %s", leaders_dir_name(x));
        }
        return;
    case LEADERS_A_MOVE:
        snprintf(buf, cap, "move %s %s -> %s", text_char(rules, st, x), cx, cy);
        return;
    case LEADERS_A_SWAP: snprintf(buf, cap, "swap %s <-> %s", cx, cy); return;
    case LEADERS_A_ATTACK: snprintf(buf, cap, "attack %s -> %s", cx, cy); return;
    case LEADERS_A_CARD: {
        char a[4] = "--", b[4] = "--";
        if (f && f->kind == LEADERS_FR_ATTACK_CARD) {
            leaders_cell_name(f->arg[0], a);
            leaders_cell_name(f->arg[1], b);
        }
        if (c > 0)
            snprintf(buf, cap, "attack %s -> %s with %s", a, b, text_card(rules, c - 1));
        else
            snprintf(buf, cap, "attack %s -> %s without a card", a, b);
        return;
    }
    case LEADERS_A_ABILITY: {
        const leaders_def *d = leaders_def_of(rules, st->board[x].kind);
        snprintf(buf, cap, "ability %s -> %s (%s)", cx, cy, d ? d->ability_name : "?");
        return;
    }
    case LEADERS_A_REDIRECT:
        snprintf(buf, cap, "redirect %s %s", cx, leaders_dir_name(y));
        return;
    case LEADERS_A_PLAY: {
        const leaders_def *d = leaders_def_of(rules, c);
        const char *verb = "play";
        if (d && d->type == LEADERS_T_REACTION)
            verb = "react with";
        else if (d && d->type == LEADERS_T_DEFENSE)
            verb = "defend with";
        snprintf(buf, cap, "%s %s", verb, text_card(rules, c));
        return;
    }
    case LEADERS_A_PASS: snprintf(buf, cap, "pass"); return;
    case LEADERS_A_DISCARD: snprintf(buf, cap, "discard %s", text_card(rules, c)); return;
    case LEADERS_A_REST: snprintf(buf, cap, "rest %s", cx); return;
    default: snprintf(buf, cap, "action %u", (unsigned)action); return;
    }
}

void leaders_describe_move(const carta_rules *rules, const void *state, carta_action action,
                           int viewer, char *buf, size_t cap)
{
    const leaders_state *st = state;
    const carta_pending *f = carta_pending_peek(&st->pending);
    if (leaders_akind(action) == LEADERS_A_CARD && leaders_ac(action) > 0 && f &&
        viewer != f->seat) {
        char a[4], b[4];
        leaders_cell_name(f->arg[0], a);
        leaders_cell_name(f->arg[1], b);
        snprintf(buf, cap, "attack %s -> %s with a face-down card", a, b);
        return;
    }
    leaders_describe_action(rules, state, action, buf, cap);
}

/* ---- cards ---- */

static void text_pattern(const leaders_pattern *p, const char *label, carta_text *out)
{
    if (!p->size)
        return;
    int h = p->size / 2;
    carta_text_printf(out, "  %s (forward is up):\n", label);
    for (int r = 0; r < p->size; r++) {
        carta_text_printf(out, "    ");
        for (int k = 0; k < p->size; k++) {
            int fwd = h - r, right = k - h;
            char ch = fwd == 0 && right == 0 ? 'U' : '.';
            for (int i = 0; i < p->n; i++)
                if (p->fwd[i] == fwd && p->right[i] == right)
                    ch = 'X';
            carta_text_printf(out, "%c%s", ch, k + 1 < p->size ? " " : "\n");
        }
    }
}

static void text_capital(const char *s, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s", s);
    if (buf[0])
        buf[0] = (char)toupper((unsigned char)buf[0]);
}

/* When a Reaction answers and which class a card is for: ", sudden, on attack, melee only". */
static void text_play_terms(const leaders_def *d, carta_text *out)
{
    if (d->type == LEADERS_T_REACTION)
        carta_text_printf(out, ", %s, on %s", d->speed == LEADERS_SLOW ? "slow" : "sudden",
                          d->on == LEADERS_ON_ANY ? "any action"
                          : d->on & 1 ? "summon" : d->on & 2 ? "move" : d->on & 4 ? "attack"
                          : d->on & 8 ? "ability" : d->on & 16 ? "swap" : "redirect");
    if (d->cls)
        carta_text_printf(out, ", %s only", leaders_class_name(d->cls));
}

/* One line of a card in a hand: "Bandage (Spell): Heal 2 to a friendly Unit." A card costs no
 * resource: playing it uses one of the turn's card plays. */
static void text_card_line(const carta_rules *rules, int card, carta_text *out)
{
    const leaders_def *d = leaders_def_of(rules, card);
    if (!d || card == (int)LEADERS_UNKNOWN) {
        carta_text_printf(out, "%s\n", text_card(rules, card));
        return;
    }
    char type[32];
    text_capital(leaders_type_name(d->type), type, sizeof type);
    carta_text_printf(out, "%s (%s", d->name, type);
    text_play_terms(d, out);
    carta_text_printf(out, ")%s%s\n", d->text[0] ? ": " : "", d->text);
}

void leaders_describe_card(const carta_rules *rules, int card_id, carta_text *out)
{
    const leaders_def *d = leaders_def_of(rules, card_id);
    if (!d) {
        carta_text_printf(out, "(unknown card)\n");
        return;
    }
    char type[32], sub[32] = "";
    text_capital(leaders_type_name(d->type), type, sizeof type);
    if (d->subtype[0])
        text_capital(d->subtype, sub, sizeof sub);
    switch (d->type) {
    case LEADERS_T_LEADER:
        carta_text_printf(out, "%s - Leader: health %d, damage %d\n", d->name, d->health,
                          d->damage);
        break;
    case LEADERS_T_UNIT: {
        char cls[16];
        text_capital(leaders_class_name(d->cls), cls, sizeof cls);
        carta_text_printf(out, "%s - %s%s%s Unit: health %d, damage %d, %d action%s\n", d->name,
                          cls, sub[0] ? " - " : "", sub, d->health, d->damage, d->actions,
                          d->actions == 1 ? "" : "s");
        break;
    }
    case LEADERS_T_DOMAIN:
        carta_text_printf(out, "%s - Domain: summon %d per turn; roster:", d->name,
                          d->summon_limit);
        for (int i = 0; i < d->n_roster; i++)
            if (i == 0 || d->roster[i] != d->roster[i - 1]) {
                int n = 0;
                for (int k = i; k < d->n_roster && d->roster[k] == d->roster[i]; k++)
                    n++;
                carta_text_printf(out, " %s x%d", text_card(rules, d->roster[i]), n);
            }
        carta_text_printf(out, "\n");
        break;
    default:
        carta_text_printf(out, "%s - %s%s%s (%s)", d->name, type, sub[0] ? " - " : "", sub,
                          leaders_rarity_name(d->rarity));
        text_play_terms(d, out);
        for (int i = 0; i < d->n_leaders; i++)
            carta_text_printf(out, "%s%s", i ? ", " : "; Leader: ",
                              text_card(rules, d->leaders[i]));
        for (int i = 0; i < d->n_domains; i++)
            carta_text_printf(out, "%s%s", i ? ", " : "; Domain: ",
                              text_card(rules, d->domains[i]));
        carta_text_printf(out, "\n");
        break;
    }
    if (d->text[0])
        carta_text_printf(out, "  %s\n", d->text);
    text_pattern(&d->move, "move", out);
    text_pattern(&d->attack, "attack", out);
    if (d->has_ability)
        text_pattern(&d->ability, d->ability_name, out);
}

/* ---- the board ---- */

/* A 3-letter abbreviation of a kind on the board (the legend under the grid names it). */
static void text_abbrev(const carta_rules *rules, int kind, char *buf)
{
    const char *name = text_card(rules, kind);
    int n = 0;
    for (const char *s = name; *s && n < 3; s++)
        if (isalnum((unsigned char)*s)) {
            buf[n] = (char)(n == 0 ? toupper((unsigned char)*s) : tolower((unsigned char)*s));
            n++;
        }
    while (n < 3)
        buf[n++] = '_';
    buf[3] = 0;
}

static void text_cell(const carta_rules *rules, const leaders_state *st, int cell, char *buf,
                      size_t cap)
{
    const leaders_char *ch = &st->board[cell];
    if (ch->kind == LEADERS_NONE) {
        snprintf(buf, cap, "   .    ");
        return;
    }
    static const char arrows[4] = {'^', '>', 'v', '<'};
    char ab[4];
    if (ch->flags & LEADERS_C_LEADER)
        snprintf(ab, sizeof ab, "LDR");
    else
        text_abbrev(rules, ch->kind, ab);
    snprintf(buf, cap, "%d%s%c%-2d%c ", ch->owner + 1, ab, arrows[ch->dir & 3], ch->health,
             (ch->flags & LEADERS_C_EXHAUSTED) ? 'z' : ' ');
}

static void text_grid(const carta_rules *rules, const leaders_state *st, carta_text *out)
{
    carta_text_printf(out, "     ");
    for (int col = 0; col < LEADERS_COLS; col++)
        carta_text_printf(out, "   %c     ", 'A' + col);
    carta_text_printf(out, "\n");
    for (int row = LEADERS_ROWS - 1; row >= 0; row--) {
        if (row == 2)
            carta_text_printf(out, "     %s\n",
                              "- - - - - - - - - - - - - - - - - - - - - - - - -");
        carta_text_printf(out, "  %d  ", row + 1);
        for (int col = 0; col < LEADERS_COLS; col++) {
            char cell[16];
            text_cell(rules, st, leaders_cell(col, row), cell, sizeof cell);
            carta_text_printf(out, "[%s]", cell);
        }
        carta_text_printf(out, "  %d%s\n", row + 1,
                          row == 5 ? "  player 2's field"
                          : row == 0 ? "  player 1's field" : "");
    }
    carta_text_printf(out, "  cell: owner, kind, facing (^ north > east v south < west), health,"
                           " z exhausted\n");
    /* Legend of the kinds on the board. */
    uint16_t seen[LEADERS_CELLS];
    int n_seen = 0;
    for (int c = 0; c < LEADERS_CELLS; c++) {
        const leaders_char *ch = &st->board[c];
        if (ch->kind == LEADERS_NONE)
            continue;
        bool leader = (ch->flags & LEADERS_C_LEADER) != 0;
        if (!leader) {
            bool dup = false;
            for (int i = 0; i < n_seen && !dup; i++)
                dup = seen[i] == ch->kind;
            if (dup)
                continue;
            seen[n_seen++] = ch->kind;
        }
        const leaders_def *d = leaders_def_of(rules, ch->kind);
        char ab[8];
        if (leader)
            snprintf(ab, sizeof ab, "%dLDR", ch->owner + 1);
        else
            text_abbrev(rules, ch->kind, ab);
        carta_text_printf(out, "  %s = %s (%s, health %d, damage %d)\n", ab,
                          text_card(rules, ch->kind),
                          d && d->type == LEADERS_T_UNIT ? leaders_class_name(d->cls) : "Leader",
                          d ? d->health : 0, d ? d->damage : 0);
    }
}

static void text_zone_names(const carta_rules *rules, const leaders_zone *z, carta_text *out)
{
    for (int i = 0; i < z->n; i++)
        carta_text_printf(out, "%s%s", i ? ", " : " ", text_card(rules, z->cards[i]));
    carta_text_printf(out, "\n");
}

void leaders_render(const carta_rules *rules, const void *state, int seat, carta_text *out)
{
    const leaders_state *st = state;
    char line[160];
    leaders_describe_state(rules, st, line, sizeof line);
    carta_text_printf(out, "%s\n", line);
    if (st->n_events) {
        uint16_t top = st->events[st->n_events - 1];
        carta_text_printf(out, "Event (top of %d): %s, played by player %d\n", st->n_events,
                          text_card(rules, top & ~LEADERS_EVENT_SEAT1),
                          (top & LEADERS_EVENT_SEAT1) ? 2 : 1);
    } else {
        carta_text_printf(out, "Event: none\n");
    }
    if (st->facedown != LEADERS_NONE)
        carta_text_printf(out, "face-down Attack card: %s\n",
                          text_card(rules, st->facedown));
    for (int k = 0; k < LEADERS_SEATS; k++) {
        int p = k == 0 ? 1 : 0; /* player 2 above, player 1 below, as the grid */
        const leaders_seat *s = &st->seat[p];
        int lc = leaders_leader_cell(st, p);
        carta_text_printf(out, "player %d%s: Leader %s (%d health), Domain %s; deck %d, "
                               "cards played %d/%d, summons left %d\n",
                          p + 1, p == seat ? " (you)" : "", text_card(rules, s->leader),
                          lc >= 0 ? st->board[lc].health : 0, text_card(rules, s->domain),
                          s->deck.n, s->cards_played, LEADERS_CARDS_PER_TURN,
                          p == st->active ? leaders_summons_left(rules, st, p) : 0);
        carta_text_printf(out, "  barracks:");
        for (int i = 0; i < s->n_barracks; i++)
            carta_text_printf(out, "%s%s", i ? ", " : " ", text_card(rules, s->barracks[i]));
        carta_text_printf(out, "\n  graveyard:");
        for (int i = 0; i < s->n_graveyard; i++)
            carta_text_printf(out, "%s%s", i ? ", " : " ", text_card(rules, s->graveyard[i]));
        carta_text_printf(out, "\n  discard (%d):", s->discard.n);
        text_zone_names(rules, &s->discard, out);
        carta_text_printf(out, "  hand (%d):", s->hand.n);
        if (p != seat) {
            carta_text_printf(out, " hidden\n");
        } else {
            carta_text_printf(out, "\n");
            for (int i = 0; i < s->hand.n; i++) {
                carta_text_printf(out, "    ");
                text_card_line(rules, s->hand.cards[i], out);
            }
        }
        if (k == 0)
            text_grid(rules, st, out);
    }
}

void leaders_describe_state(const carta_rules *rules, const void *state, char *buf, size_t cap)
{
    (void)rules;
    const leaders_state *st = state;
    if (st->phase == LEADERS_PHASE_OVER) {
        if (st->winner >= 0)
            snprintf(buf, cap, "turn %d, game over: player %d wins", st->turn, st->winner + 1);
        else
            snprintf(buf, cap, "turn %d, game over: a draw", st->turn);
        return;
    }
    const carta_pending *top = carta_pending_peek(&st->pending);
    static const char *const frames[] = {"main step", "choose a summon cell",
                                         "choose a facing", "choose an Attack card",
                                         "choose a target", "answer (reaction or defense)",
                                         "discard to the hand limit"};
    const char *step = top && top->kind < sizeof frames / sizeof frames[0] ? frames[top->kind]
                                                                           : frames[0];
    if (top && top->seat != st->active)
        snprintf(buf, cap, "turn %d, player %d, player %d to %s", st->turn, st->active + 1,
                 top->seat + 1, step);
    else
        snprintf(buf, cap, "turn %d, player %d, %s", st->turn, st->active + 1, step);
}

/* The card an action plays from the acting seat's hand (carta_game.action_card), or -1: a Spell,
 * Event, Reaction or Defense played, or an Attack card placed face down. */
int leaders_action_card(const carta_rules *rules, const void *state, carta_action action)
{
    (void)rules;
    (void)state;
    int kind = leaders_akind(action), c = leaders_ac(action);
    if (kind == LEADERS_A_PLAY)
        return c;
    if (kind == LEADERS_A_CARD && c > 0)
        return c - 1;
    return -1;
}
