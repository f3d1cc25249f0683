/* minion.c: MINIONS (Minion Attributes, Types, Control Limit, Abilities, Commands, Attacks), the
 * Command Limit of CREATE-A-MAGE, the Command action, CARD TERMINOLOGY's SUMMON and SACRIFICE,
 * and companions (One-on-One Play). A minion is a character slot on the allied side whose `mage`
 * is its controller; it takes no turn slot of its own ("Minions always take their turn at the
 * same time as their controller") and acts only through Commands in its controller's Main
 * Phase, paid for with Command Points stored on it. Rulings R95-R106. */
#include "games/archmajesty/archmajesty.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <libfyaml.h>

#include "core/yaml.h"

const char *const am_nature_names[] = {"construct", "elemental", "spirit", "beast", "undead",
                                       "plant", "fey", "daemon", "humanoid", "dragon", NULL};

enum { CP_MAX = 99 };         /* Command Points stored, capped like status counters (R99) */
enum { WAY_PAY = AM_TOKEN_PAY }; /* AM_A_COMMAND's b: a way, not a hand card */

/* ---- the sheet (docs/card-format/archmajesty.md, Minions) ---- */

static int minion_word(struct fy_node *node, const char *const *names)
{
    char word[48];
    if (!node || !carta_yaml_scalar(node, word, sizeof word))
        return -1;
    for (int i = 0; names[i]; i++)
        if (strcasecmp(word, names[i]) == 0)
            return i;
    return -1;
}

static carta_status minion_nature(am_minion_sheet *m, struct fy_node *map, const char *file,
                                  carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(map, "nature");
    int n = !seq ? 0 : fy_node_is_sequence(seq) ? fy_node_sequence_item_count(seq) : -1;
    if (n < 0)
        return carta_yaml_error(err, file, seq, "'nature' is a list of Minion Types: construct, "
                                "elemental, spirit, beast, undead, plant, fey, daemon, humanoid, "
                                "dragon");
    for (int i = 0; i < n; i++) {
        int w = minion_word(fy_node_sequence_get_by_index(seq, i), am_nature_names);
        if (w < 0)
            return carta_yaml_error(err, file, fy_node_sequence_get_by_index(seq, i), "a "
                                    "minion's nature is one of: construct, elemental, spirit, "
                                    "beast, undead, plant, fey, daemon, humanoid, dragon");
        m->nature |= 1u << w;
    }
    return CARTA_OK;
}

/* control: N, or {highest: N}: the controller's highest primary attribute + N. */
static carta_status minion_control(am_minion_sheet *m, struct fy_node *map, const char *file,
                                   carta_error *err)
{
    struct fy_node *node = carta_yaml_get(map, "control");
    int v = 1;
    if (node && fy_node_is_mapping(node)) {
        static const char *const keys[] = {"highest", NULL};
        if (carta_yaml_check_keys(node, keys, "'control'", file, err) ||
            carta_yaml_int(node, "highest", 0, true, 0, 20, &v, file, err))
            return CARTA_ERR_INPUT;
        m->control_attr = 1;
    } else if (carta_yaml_int(map, "control", 1, false, 1, 20, &v, file, err)) {
        return CARTA_ERR_INPUT;
    }
    m->control = (uint8_t)v;
    return CARTA_OK;
}

/* command_points: ways the controller grants Command Points: {discard: 1, points: P}, {hp: N,
 * points: P} or {scrap: N, points: P}. */
static carta_status minion_ways(am_minion_sheet *m, struct fy_node *map, const char *file,
                                carta_error *err)
{
    static const char *const keys[] = {"discard", "hp", "scrap", "points", NULL};
    static const char *const pays[] = {"discard", "hp", "scrap"};
    struct fy_node *seq = carta_yaml_get(map, "command_points");
    if (!seq || !fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) < 1 ||
        fy_node_sequence_item_count(seq) > AM_CP_WAYS)
        return carta_yaml_error(err, file, seq ? seq : map, "a minion needs 'command_points', 1 "
                                "to %d ways to gain them, e.g. [{discard: 1, points: 1}] "
                                "(Minion Commands)", AM_CP_WAYS);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *w = fy_node_sequence_get_by_index(seq, i);
        int pay = 0, amount = 0, points = 1;
        if (carta_yaml_check_keys(w, keys, "a way to gain Command Points", file, err) ||
            carta_yaml_int(w, "points", 1, false, 1, 9, &points, file, err))
            return CARTA_ERR_INPUT;
        for (int k = 0; k < 3; k++)
            if (carta_yaml_get(w, pays[k])) {
                if (pay)
                    return carta_yaml_error(err, file, w, "a way pays one thing: '%s' and '%s'",
                                            pays[pay - 1], pays[k]);
                pay = k + 1;
            }
        if (!pay)
            return carta_yaml_error(err, file, w, "a way pays 'discard', 'hp' or 'scrap'");
        if (carta_yaml_int(w, pays[pay - 1], 0, true, 1, pay == AM_CP_DISCARD ? 1 : 50, &amount,
                           file, err))
            return CARTA_ERR_INPUT;
        m->way[m->n_ways++] = (am_cp_way){(uint8_t)pay, (uint8_t)amount, (uint8_t)points};
    }
    return CARTA_OK;
}

/* commands: {name, cost, move: N} or {name, cost, attack: TEMPLATE} (a template's name). */
static carta_status minion_command(const carta_rules *r, const am_enemy *e, am_command *c,
                                   struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const keys[] = {"name", "cost", "move", "attack", NULL};
    int cost = 1, move = 0;
    if (carta_yaml_check_keys(map, keys, "a command", file, err) ||
        carta_yaml_str(map, "name", NULL, c->name, sizeof c->name, file, err) ||
        carta_yaml_int(map, "cost", 1, false, 1, 9, &cost, file, err) ||
        carta_yaml_int(map, "move", 0, false, 1, 8, &move, file, err))
        return CARTA_ERR_INPUT;
    c->cost = (uint8_t)cost;
    struct fy_node *attack = carta_yaml_get(map, "attack");
    if (!move == !attack)
        return carta_yaml_error(err, file, map, "a command does one thing: 'move: N' or "
                                "'attack: TEMPLATE'");
    if (move) {
        c->kind = AM_CMD_MOVE;
        c->arg = (uint8_t)move;
        return CARTA_OK;
    }
    char name[CARTA_NAME_MAX];
    if (!carta_yaml_scalar(attack, name, sizeof name))
        return carta_yaml_error(err, file, attack, "'attack' names one of the minion's templates");
    for (int t = 0; t < e->n_templates; t++)
        if (strcasecmp(r->spell[e->templ[t]].name, name) == 0) {
            c->kind = AM_CMD_ATTACK;
            c->arg = (uint8_t)t;
            return CARTA_OK;
        }
    return carta_yaml_error(err, file, attack, "'%s' is not one of this minion's templates", name);
}

carta_status am_minion_compile(carta_rules *r, am_enemy *e, struct fy_node *map,
                               const char *file, carta_error *err)
{
    am_minion_sheet *m = &e->minion;
    int upkeep = 0;
    if (carta_yaml_int(map, "upkeep", 0, true, 0, 30, &upkeep, file, err) ||
        minion_control(m, map, file, err) || minion_nature(m, map, file, err) ||
        minion_ways(m, map, file, err))
        return CARTA_ERR_INPUT;
    m->upkeep = (uint8_t)upkeep;
    struct fy_node *seq = carta_yaml_get(map, "commands");
    if (!seq || !fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) < 1 ||
        fy_node_sequence_item_count(seq) > AM_COMMANDS)
        return carta_yaml_error(err, file, seq ? seq : map, "a minion needs 'commands', 1 to %d "
                                "(Minion Commands)", AM_COMMANDS);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++)
        if (minion_command(r, e, &m->command[i], fy_node_sequence_get_by_index(seq, i), file,
                           err))
            return CARTA_ERR_INPUT;
    m->n_commands = (uint8_t)fy_node_sequence_item_count(seq);
    return CARTA_OK;
}

/* ---- the limits ---- */

static int minion_alive(const am_state *st, int ch)
{
    return st->ch[ch].minion && !(st->ch[ch].flags & AM_C_GONE);
}

int am_command_left(const carta_rules *r, const am_state *st, int mage)
{
    int left = st->mage[mage].command;
    for (int i = st->n_mages; i < st->n_chars; i++)
        if (minion_alive(st, i) && st->ch[i].mage == mage && st->ch[i].minion == AM_SUMMONED)
            left -= am_minion_of(r, st->ch[i].def)->upkeep;
    return left;
}

int am_control_limit(const carta_rules *r, const am_state *st, int mage, int sheet)
{
    const am_minion_sheet *m = am_minion_of(r, sheet);
    const int8_t *a = st->mage[mage].attr;
    int highest = a[0] > a[1] ? a[0] : a[1];
    highest = highest > a[2] ? highest : a[2];
    return m->control + (m->control_attr ? highest : 0);
}

/* How many minions of that sheet the mage controls (companions too: "that specific type"). */
static int minion_count(const am_state *st, int mage, int sheet)
{
    int n = 0;
    for (int i = st->n_mages; i < st->n_chars; i++)
        n += minion_alive(st, i) && st->ch[i].mage == mage && st->ch[i].def == sheet;
    return n;
}

/* A character slot for a new minion: a removed minion's slot nothing refers to any more (no
 * attack resolving, lasting effect or token of its), else a new one while fewer than AM_MINIONS
 * slots are minions' (R102); -1 if none. */
static int minion_slot(const am_state *st)
{
    int minions = 0;
    for (int i = st->n_mages; i < st->n_chars; i++) {
        if (!st->ch[i].minion)
            continue;
        minions++;
        int used = !(st->ch[i].flags & AM_C_GONE) || st->n_attacks > 0;
        for (int k = 0; k < st->n_lasting && !used; k++)
            used = st->lasting[k].ch == i || st->lasting[k].clock == i;
        for (int k = 0; k < st->n_tokens && !used; k++)
            used = st->token[k].owner == i;
        if (!used)
            return i;
    }
    return minions < AM_MINIONS && st->n_chars < AM_CHARS ? st->n_chars : -1;
}

/* The squares a minion may be summoned on, as their blocks' top left squares: unoccupied floor
 * (nobody on either layer: SUMMON), for a Large one all four squares, at least one of them
 * within range of the caster (R122). */
static int minion_squares(const am_state *st, int ch, int range, int large, carta_action *out)
{
    int n = 0, here = st->ch[ch].cell, here_large = st->ch[ch].large;
    for (int cell = 0; cell < AM_CELLS; cell++)
        if (am_block_dist(here, here_large, cell, large) <= range &&
            am_block_unoccupied(st, large, cell)) {
            if (out)
                out[n] = AM_ACT(AM_A_SUMMON_AT, cell, 0);
            n++;
        }
    return n;
}

/* ---- placing and removing ---- */

static void minion_place(const carta_rules *r, am_state *st, int mage, int sheet, int cell,
                         int kind)
{
    int slot = minion_slot(st);
    if (slot < 0) {
        carta_event_add(&st->events, CARTA_EV_NOTE, mage, -1, sheet, CARTA_SEEN_ALL, -1,
                        AM_W_SUMMON_NO_ROOM, 0, 0);
        return;
    }
    const am_enemy *e = am_enemy_of(r, sheet);
    am_char *c = &st->ch[slot];
    memset(c, 0, sizeof *c);
    c->def = (uint16_t)sheet;
    c->side = AM_ALLIES;
    c->mage = (uint8_t)mage;
    c->rank = e->rank;
    c->hp = c->hp_max = (int16_t)am_minion_hp(r, sheet);
    c->ap = e->armour;
    c->mp = (uint8_t)am_minion_move(r, sheet);
    c->cell = (uint8_t)cell;
    c->flags = e->airborne ? AM_C_AIRBORNE : 0;
    c->large = e->large;
    c->minion = (uint8_t)kind;
    if (slot == st->n_chars)
        st->n_chars++;
    am_tell_at(st, slot, kind == AM_COMPANION ? AM_W_COMPANION : AM_W_SUMMONED);
}

void am_minion_defeated(am_state *st, int ch)
{
    am_char *c = &st->ch[ch];
    if (c->cp) /* "If they are defeated, they lose all stored Command Points." */
        am_tell(st, ch, AM_W_CP_LOST, c->cp, 0);
    c->cp = 0;
    c->flags |= AM_C_GONE;
    am_tell(st, ch, AM_W_REMOVED, 0, 0);
}

/* Control Limit: "you must remove another Minion of that kind from the battlefield. This counts
 * as reducing it to 0 HP and defeating it." */
static void minion_replace(const carta_rules *r, am_state *st, int ch)
{
    am_tell(st, ch, AM_W_CONTROL_LIMIT, 0, 0);
    st->ch[ch].hp = 0;
    am_knock_out(r, st, ch);
}

void am_minion_round_start(const carta_rules *r, am_state *st, int ch)
{
    const am_enemy *e = am_enemy_of(r, st->ch[ch].def);
    st->ch[ch].mp = (uint8_t)am_minion_move(r, st->ch[ch].def);
    st->ch[ch].ap = e->armour;
}

/* ---- SUMMON ---- */

int am_summon_op(const carta_rules *r, am_state *st, int ch, const am_spell *s)
{
    int mage = st->ch[ch].mage, sheet = s ? s->minion : 0;
    if (!s || !s->minion || st->ch[ch].minion || mage == AM_NONE)
        return 0;
    const am_minion_sheet *m = am_minion_of(r, sheet);
    /* A minion replaced at the Control Limit frees its upkeep for the new one (R96). */
    int replace = minion_count(st, mage, sheet) >= am_control_limit(r, st, mage, sheet);
    int left = am_command_left(r, st, mage) + (replace ? m->upkeep : 0);
    if (left < m->upkeep) { /* "that summoning effect automatically fails to resolve" */
        carta_event_add(&st->events, CARTA_EV_NOTE, mage, -1, sheet, CARTA_SEEN_ALL, -1,
                        AM_W_SUMMON_SHORT, left, m->upkeep);
        return 0;
    }
    int range = s->melee ? 1 : s->range;
    int large = am_enemy_of(r, sheet)->large;
    if ((!replace && minion_slot(st) < 0) || !minion_squares(st, ch, range, large, NULL)) {
        carta_event_add(&st->events, CARTA_EV_NOTE, mage, -1, sheet, CARTA_SEEN_ALL, -1,
                        AM_W_SUMMON_NO_ROOM, 0, 0);
        return 0;
    }
    carta_pending *f = carta_pending_push(&st->pending, AM_F_SUMMON, mage);
    f->arg[0] = (int16_t)ch;
    f->arg[1] = (int16_t)sheet;
    f->arg[2] = (int16_t)range;
    return 1;
}

/* The square is chosen: at the Control Limit another of that kind goes first (the controller's
 * choice when it has several), then the minion is placed. */
static void minion_summon_at(const carta_rules *r, am_state *st, int cell)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int ch = f->arg[0], sheet = f->arg[1], mage = st->ch[ch].mage;
    carta_pending_pop(&st->pending);
    int count = minion_count(st, mage, sheet);
    if (count >= am_control_limit(r, st, mage, sheet)) {
        if (count > 1) {
            carta_pending *g = carta_pending_push(&st->pending, AM_F_REPLACE, mage);
            g->arg[0] = (int16_t)ch;
            g->arg[1] = (int16_t)sheet;
            g->arg[2] = (int16_t)cell;
            return;
        }
        for (int i = st->n_mages; i < st->n_chars; i++)
            if (minion_alive(st, i) && st->ch[i].mage == mage && st->ch[i].def == sheet)
                minion_replace(r, st, i);
    }
    minion_place(r, st, mage, sheet, cell, AM_SUMMONED);
}

/* ---- SACRIFICE ---- */

static void minion_sacrifice(const carta_rules *r, am_state *st, int ch)
{
    am_char *c = &st->ch[ch];
    /* "it takes damage equal to the amount needed to reduce it to 0 HP" */
    carta_event_add(&st->events, CARTA_EV_DAMAGE, am_seat_of(st, ch), -1, c->def,
                    CARTA_SEEN_ALL, -1, 0, c->hp, 0);
    c->hp = 0;
    am_tell(st, ch, AM_W_SACRIFICED, 0, 0);
    am_knock_out(r, st, ch);
}

int am_sacrifice_op(am_state *st, int ch)
{
    int mage = st->ch[ch].mage, n = 0;
    for (int i = st->n_mages; i < st->n_chars; i++)
        n += minion_alive(st, i) && st->ch[i].mage == mage && i != ch;
    if (!n || mage == AM_NONE) {
        carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, -1, CARTA_SEEN_ALL,
                        -1, AM_W_NO_SACRIFICE, 0, 0);
        return 0;
    }
    carta_pending *f = carta_pending_push(&st->pending, AM_F_SACRIFICE, mage);
    f->arg[0] = (int16_t)ch;
    return 1;
}

/* ---- companions (One-on-One Play) ---- */

void am_companions_place(const carta_rules *r, am_state *st, int mage, const carta_deck *d)
{
    for (int i = 0; i < d->n_cards; i++) {
        int sheet = d->cards[i];
        if (am_type_of(r, sheet) != AM_T_MINION)
            continue;
        int at = st->ch[st->mage[mage].ch].cell, cell = -1, large = am_enemy_of(r, sheet)->large;
        for (int d = 1; d < AM_W && cell < 0; d++) /* the nearest, the first in reading order */
            for (int k = 0; k < AM_CELLS && cell < 0; k++)
                cell = am_block_dist(at, 0, k, large) == d && am_block_unoccupied(st, large, k)
                           ? k
                           : -1;
        if (cell >= 0)
            minion_place(r, st, mage, sheet, cell, AM_COMPANION);
    }
}

/* ---- the Command action and Commands ---- */

/* Whether the controller can pay way w now (a card in hand, HP to spare, Scrap). */
static int minion_can_pay(const am_state *st, int mage, const am_cp_way *w)
{
    const am_mage *g = &st->mage[mage];
    switch (w->pay) {
    case AM_CP_DISCARD: return g->hand.n > 0;
    case AM_CP_HP: return st->ch[g->ch].hp > w->amount; /* never down to 0 by its own order */
    default: return st->ch[g->ch].scrap >= w->amount; /* SCRAP: what it carries (R110) */
    }
}

/* Whether minion i may carry out its command k now. */
static int minion_can_order(const carta_rules *r, const am_state *st, int i, int k)
{
    const am_char *c = &st->ch[i];
    const am_command *cmd = &am_minion_of(r, c->def)->command[k];
    if (c->cp < cmd->cost)
        return 0;
    if (cmd->kind == AM_CMD_MOVE)
        return am_shift_distance(st, i, cmd->arg) > 0;
    const am_spell *s = &r->spell[am_enemy_of(r, c->def)->templ[cmd->arg]];
    /* Minion Attacks: "up to 3 attacks using the same template per round" */
    return c->uses[cmd->arg] < 3 && st->n_attacks < AM_ATTACKS &&
           am_enemy_can_reach(r, st, i, s);
}

int am_minion_actions(const carta_rules *r, const am_state *st, int mage, carta_action *out)
{
    int n = 0;
    if (st->ch[st->mage[mage].ch].flags & AM_C_KO)
        return 0;
    for (int i = st->n_mages; i < st->n_chars; i++) {
        if (!minion_alive(st, i) || st->ch[i].mage != mage || (st->ch[i].flags & AM_C_KO))
            continue;
        const am_minion_sheet *m = am_minion_of(r, st->ch[i].def);
        for (int w = 0; w < m->n_ways; w++)
            if (st->ch[i].cp + m->way[w].points <= CP_MAX &&
                minion_can_pay(st, mage, &m->way[w]))
                out[n++] = AM_ACT(AM_A_COMMAND, i, WAY_PAY + w);
        for (int k = 0; k < m->n_commands; k++)
            if (minion_can_order(r, st, i, k))
                out[n++] = AM_ACT(AM_A_ORDER, i, k);
        n += am_minion_ability_actions(r, st, i, out + n); /* active abilities (R142) */
    }
    return n;
}

static void minion_grant(am_state *st, int i, int points)
{
    am_char *c = &st->ch[i];
    c->cp = (uint8_t)(c->cp + points);
    carta_event_add(&st->events, CARTA_EV_NOTE, c->mage, -1, c->def, CARTA_SEEN_ALL, -1,
                    AM_W_GRANTS, points, c->cp);
}

/* The Command action: "choose a Minion you control, then pay its Command Point cost in order to
 * grant it that many command points"; a discard asks which card (AM_F_COMMAND). */
static void minion_command_apply(const carta_rules *r, am_state *st, carta_action a)
{
    int i = AM_A(a), b = AM_B(a), mage = st->ch[i].mage;
    am_mage *g = &st->mage[mage];
    carta_pending *f = carta_pending_top(&st->pending);
    if (f && f->kind == AM_F_COMMAND) { /* the card discarded */
        int points = f->arg[1];
        carta_pending_pop(&st->pending);
        am_to_void(st, mage, b, AM_W_COMMAND_DISCARD);
        minion_grant(st, i, points);
        return;
    }
    const am_cp_way *w = &am_minion_of(r, st->ch[i].def)->way[b - WAY_PAY];
    if (w->pay == AM_CP_DISCARD) {
        carta_pending *p = carta_pending_push(&st->pending, AM_F_COMMAND, mage);
        p->arg[0] = (int16_t)i;
        p->arg[1] = w->points;
        return;
    }
    if (w->pay == AM_CP_HP) {
        am_char *c = &st->ch[g->ch];
        c->hp = (int16_t)(c->hp - w->amount);
        am_tell(st, g->ch, AM_W_COMMAND_HP, w->amount, c->hp);
    } else {
        am_char *c = &st->ch[g->ch];
        c->scrap = (uint8_t)(c->scrap - w->amount);
        am_tell(st, g->ch, AM_W_COMMAND_SCRAP, w->amount, c->scrap);
    }
    minion_grant(st, i, w->points);
}

/* A Command: its Command Points spent, then a move (a shift frame spending no move points) or
 * an attack with its template, resolved like an enemy's (Minion Attacks). */
static void minion_order(const carta_rules *r, am_state *st, int i, int k)
{
    am_char *c = &st->ch[i];
    const am_command *cmd = &am_minion_of(r, c->def)->command[k];
    c->cp = (uint8_t)(c->cp - cmd->cost);
    if (cmd->kind == AM_CMD_MOVE) {
        am_tell(st, i, AM_W_ORDER_MOVE, cmd->cost, c->cp);
        carta_pending *s = carta_pending_push(&st->pending, AM_F_SHIFT, c->mage);
        s->arg[0] = (int16_t)i;
        s->arg[1] = (int16_t)am_shift_distance(st, i, cmd->arg);
        return;
    }
    am_tell(st, i, AM_W_ORDER_ATTACK, cmd->cost, c->cp);
    c->uses[cmd->arg]++;
    am_cast_push(st, i, AM_CAST_TEMPLATE, cmd->arg);
}

int am_minion_choices(const carta_rules *r, const am_state *st, const carta_pending *f,
                      carta_action *out)
{
    (void)r;
    int n = 0, mage = f->seat;
    switch (f->kind) {
    case AM_F_SUMMON:
        return minion_squares(st, f->arg[0], f->arg[2], am_enemy_of(r, f->arg[1])->large, out);
    case AM_F_REPLACE:
        for (int i = st->n_mages; i < st->n_chars; i++)
            if (minion_alive(st, i) && st->ch[i].mage == mage && st->ch[i].def == f->arg[1])
                out[n++] = AM_ACT(AM_A_REPLACE, i, 0);
        return n;
    case AM_F_SACRIFICE:
        for (int i = st->n_mages; i < st->n_chars; i++)
            if (minion_alive(st, i) && st->ch[i].mage == mage && i != f->arg[0])
                out[n++] = AM_ACT(AM_A_SACRIFICE, i, 0);
        return n;
    default: { /* AM_F_COMMAND: the card discarded */
        const am_hand *h = &st->mage[mage].hand;
        for (int i = 0; i < h->n; i++)
            if (am_first_copy(h, i))
                out[n++] = AM_ACT(AM_A_COMMAND, f->arg[0], i);
        return n;
    }
    }
}

void am_minion_apply(const carta_rules *r, am_state *st, carta_action a)
{
    switch (AM_KIND(a)) {
    case AM_A_COMMAND:
        minion_command_apply(r, st, a);
        return;
    case AM_A_ORDER:
        if (AM_B(a) >= AM_COMMANDS)
            am_minion_ability_use(r, st, AM_A(a), AM_B(a) - AM_COMMANDS);
        else
            minion_order(r, st, AM_A(a), AM_B(a));
        return;
    case AM_A_SUMMON_AT:
        minion_summon_at(r, st, AM_A(a));
        return;
    case AM_A_REPLACE: {
        carta_pending *f = carta_pending_top(&st->pending);
        int mage = f->seat, sheet = f->arg[1], cell = f->arg[2];
        carta_pending_pop(&st->pending);
        minion_replace(r, st, AM_A(a));
        minion_place(r, st, mage, sheet, cell, AM_SUMMONED);
        return;
    }
    default: /* AM_A_SACRIFICE */
        carta_pending_pop(&st->pending);
        minion_sacrifice(r, st, AM_A(a));
        return;
    }
}
