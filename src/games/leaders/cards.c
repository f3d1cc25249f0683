/* cards.c: compiles Leaders data entries (docs/card-format/leaders.md) into leaders_def, refusing
 * bad ones with file, line and reason, and resolves the names entries refer to. */
#include "games/leaders/leaders.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "core/vocab.h"
#include "core/yaml.h"

typedef struct cards_ctx {
    carta_rules *rules;
    leaders_def *def;
    int id;
    const char *file;
    carta_error *err;
} cards_ctx;

static const char *const type_names[] = {"leader", "domain", "unit", "attack", "defense",
                                         "spell", "event", "reaction", NULL};
static const char *const class_names[] = {"any", "melee", "ranged", "magical", NULL};
static const char *const rarity_names[] = {"amber", "sapphire", "emerald", "ruby", NULL};
static const char *const speed_names[] = {"sudden", "slow", NULL};
static const char *const on_names[] = {"summon", "move", "attack", "ability", "swap",
                                       "redirect", "any", NULL};
static const char *const op_names[] = {"", "damage", "heal", "bonus", "prevent", "exhaust",
                                       "ready", "push", "draw", "discard", "summon", "cancel",
                                       NULL};
static const char *const to_names[] = {"", "chosen", "attacker", "defender", "actor", "self",
                                       "your_leader", "enemy_leader", "friendly_units",
                                       "enemy_units", "around", NULL};
static const char *const who_names[] = {"you", "opponent", "both", NULL};
static const char *const side_names[] = {"any", "friendly", "enemy", NULL};
static const char *const what_names[] = {"character", "unit", "leader", NULL};

const char *leaders_type_name(int type)
{
    return type >= 0 && type < LEADERS_T_COUNT ? type_names[type] : "?";
}
const char *leaders_class_name(int cls) { return cls >= 0 && cls <= 3 ? class_names[cls] : "?"; }
const char *leaders_rarity_name(int r) { return r >= 0 && r <= 3 ? rarity_names[r] : "?"; }

/* Reads an optional enum key; absent leaves *out unchanged. */
static carta_status cards_enum(cards_ctx *c, struct fy_node *map, const char *key,
                               const char *const *names, int *out)
{
    return carta_vocab_read(map, key, names, out, c->file, c->err);
}

/* ---- patterns ---- */

static void cards_pattern_reach(leaders_pattern *p)
{
    static const int dc_f[4] = {0, 1, 0, -1}, dr_f[4] = {1, 0, -1, 0};  /* forward */
    static const int dc_r[4] = {1, 0, -1, 0}, dr_r[4] = {0, -1, 0, 1};  /* right */
    for (int d = 0; d < 4; d++)
        for (int cell = 0; cell < LEADERS_CELLS; cell++) {
            uint32_t m = 0;
            for (int i = 0; i < p->n; i++) {
                int col = leaders_col(cell) + p->fwd[i] * dc_f[d] + p->right[i] * dc_r[d];
                int row = leaders_row(cell) + p->fwd[i] * dr_f[d] + p->right[i] * dr_r[d];
                if (col >= 0 && col < LEADERS_COLS && row >= 0 && row < LEADERS_ROWS)
                    m |= 1u << leaders_cell(col, row);
            }
            p->reach[d][cell] = m;
        }
}

/* Parses a pattern picture: rows of 'X' '.' 'U' separated by spaces, forward at the top. */
static carta_status cards_pattern(cards_ctx *c, struct fy_node *v, leaders_pattern *p)
{
    char buf[512];
    if (!carta_yaml_scalar(v, buf, sizeof buf))
        return carta_yaml_error(c->err, c->file, v, "a pattern must be a text picture");
    char rows[9][9];
    int n_rows = 0, width = -1, u_row = -1, u_col = -1;
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        int w = 0;
        for (char *s = line; *s; s++) {
            if (*s == ' ' || *s == '\t' || *s == '\r')
                continue;
            if (*s != 'X' && *s != 'x' && *s != '.' && *s != 'U' && *s != 'u')
                return carta_yaml_error(c->err, c->file, v,
                                        "pattern: unexpected '%c' (use X, . and one U)", *s);
            if (w >= 9 || n_rows >= 9)
                return carta_yaml_error(c->err, c->file, v, "pattern larger than 9x9");
            char ch = (char)toupper((unsigned char)*s);
            if (ch == 'U') {
                if (u_row >= 0)
                    return carta_yaml_error(c->err, c->file, v, "pattern has more than one U");
                u_row = n_rows;
                u_col = w;
            }
            rows[n_rows][w++] = ch;
        }
        if (w == 0)
            continue;
        if (width >= 0 && w != width)
            return carta_yaml_error(c->err, c->file, v, "pattern rows differ in length");
        width = w;
        n_rows++;
    }
    if (n_rows == 0 || width != n_rows || n_rows % 2 == 0)
        return carta_yaml_error(c->err, c->file, v,
                                "pattern must be an odd square picture (3x3, 5x5, 7x7, 9x9)");
    if (u_row != n_rows / 2 || u_col != width / 2)
        return carta_yaml_error(c->err, c->file, v, "pattern needs its U in the centre");
    memset(p, 0, sizeof *p);
    p->size = (uint8_t)n_rows;
    for (int r = 0; r < n_rows; r++)
        for (int k = 0; k < width; k++)
            if (rows[r][k] == 'X') {
                p->fwd[p->n] = (int8_t)(u_row - r);
                p->right[p->n] = (int8_t)(k - u_col);
                p->n++;
            }
    cards_pattern_reach(p);
    return CARTA_OK;
}

/* ---- targets and steps ---- */

static carta_status cards_target(cards_ctx *c, struct fy_node *v, leaders_target *t)
{
    static const char *const keys[] = {"side", "what", "class", NULL};
    if (!fy_node_is_mapping(v))
        return carta_yaml_error(c->err, c->file, v, "target must be a map (side, what, class)");
    if (carta_yaml_check_keys(v, keys, "target", c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int side = 0, what = 0, cls = 0;
    if (cards_enum(c, v, "side", side_names, &side) != CARTA_OK ||
        cards_enum(c, v, "what", what_names, &what) != CARTA_OK ||
        cards_enum(c, v, "class", class_names, &cls) != CARTA_OK)
        return CARTA_ERR_INPUT;
    t->side = (uint8_t)side;
    t->what = (uint8_t)what;
    t->cls = (uint8_t)cls;
    return CARTA_OK;
}

/* The default selector of op on a def (see the card-format doc). */
static int cards_default_to(const leaders_def *def, int op, bool has_target, bool ability)
{
    if (has_target || ability) {
        if (op == LEADERS_OP_DAMAGE || op == LEADERS_OP_PUSH || op == LEADERS_OP_EXHAUST ||
            op == LEADERS_OP_HEAL || op == LEADERS_OP_READY)
            return LEADERS_TO_CHOSEN;
    }
    switch (op) {
    case LEADERS_OP_DAMAGE: case LEADERS_OP_PUSH: case LEADERS_OP_EXHAUST:
        if (def->type == LEADERS_T_ATTACK)
            return LEADERS_TO_DEFENDER;
        if (def->type == LEADERS_T_DEFENSE)
            return LEADERS_TO_ATTACKER;
        return def->type == LEADERS_T_REACTION ? LEADERS_TO_ACTOR : LEADERS_TO_ENEMY_LEADER;
    case LEADERS_OP_HEAL: case LEADERS_OP_READY:
        return def->type == LEADERS_T_DEFENSE ? LEADERS_TO_DEFENDER : LEADERS_TO_YOUR_LEADER;
    default:
        return LEADERS_TO_DEFAULT;
    }
}

static carta_status cards_step(cards_ctx *c, struct fy_node *m, bool has_target, bool ability,
                               leaders_step *s)
{
    static const char *const keys[] = {"damage", "heal", "bonus", "prevent", "exhaust", "ready",
                                       "push", "draw", "discard", "summon", "cancel", "to",
                                       "who", "class", NULL};
    leaders_def *def = c->def;
    if (!fy_node_is_mapping(m))
        return carta_yaml_error(c->err, c->file, m, "a step must be a map (e.g. damage: 1)");
    if (carta_yaml_check_keys(m, keys, "step", c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    memset(s, 0, sizeof *s);
    for (int op = 1; op < LEADERS_OP_COUNT; op++) {
        struct fy_node *v = carta_yaml_get(m, op_names[op]);
        if (!v)
            continue;
        if (s->op)
            return carta_yaml_error(c->err, c->file, m, "a step has exactly one operation");
        s->op = (uint8_t)op;
        if (op == LEADERS_OP_EXHAUST || op == LEADERS_OP_READY || op == LEADERS_OP_CANCEL) {
            bool b = false;
            if (carta_yaml_bool(m, op_names[op], false, &b, c->file, c->err) != CARTA_OK)
                return CARTA_ERR_INPUT;
            if (!b)
                return carta_yaml_error(c->err, c->file, v, "'%s' can only be true",
                                        op_names[op]);
            s->amount = 1;
        } else {
            int n = 0;
            if (carta_yaml_int(m, op_names[op], 0, true, 1, 20, &n, c->file, c->err) != CARTA_OK)
                return CARTA_ERR_INPUT;
            s->amount = (int8_t)n;
        }
    }
    if (!s->op)
        return carta_yaml_error(c->err, c->file, m, "a step needs an operation (%s, ...)",
                                "damage, heal, bonus, prevent, exhaust, ready, push, draw");
    int to = 0, who = 0, cls = 0;
    if (cards_enum(c, m, "to", to_names, &to) != CARTA_OK ||
        cards_enum(c, m, "who", who_names, &who) != CARTA_OK ||
        cards_enum(c, m, "class", class_names, &cls) != CARTA_OK)
        return CARTA_ERR_INPUT;
    bool event = def->type == LEADERS_T_EVENT && !ability;
    if (event) {
        if (carta_yaml_get(m, "to"))
            return carta_yaml_error(c->err, c->file, m, "an Event's step takes 'who', not 'to'");
        if (s->op != LEADERS_OP_BONUS && s->op != LEADERS_OP_PREVENT &&
            s->op != LEADERS_OP_SUMMON && s->op != LEADERS_OP_DRAW && s->op != LEADERS_OP_HEAL)
            return carta_yaml_error(c->err, c->file, m,
                                    "an Event's steps are bonus, prevent, summon, draw or heal");
        if (cls && s->op != LEADERS_OP_BONUS)
            return carta_yaml_error(c->err, c->file, m, "'class' only limits an Event's bonus");
    } else if (carta_yaml_get(m, "who") || carta_yaml_get(m, "class")) {
        return carta_yaml_error(c->err, c->file, m, "'who' and 'class' are for Event steps");
    }
    if (!event && !to)
        to = cards_default_to(def, s->op, has_target, ability);
    if (to == LEADERS_TO_CHOSEN && !has_target && !ability)
        return carta_yaml_error(c->err, c->file, m, "'to: chosen' needs the card's 'target'");
    bool battle = def->type == LEADERS_T_ATTACK || def->type == LEADERS_T_DEFENSE ||
                  (def->type == LEADERS_T_REACTION && (def->on & (1u << LEADERS_ACT_ATTACK)) &&
                   def->on != LEADERS_ON_ANY);
    if ((to == LEADERS_TO_ATTACKER || to == LEADERS_TO_DEFENDER) && !battle)
        return carta_yaml_error(c->err, c->file, m,
                                "'to: %s' is only for battle cards and 'on: attack' reactions",
                                to_names[to]);
    if ((s->op == LEADERS_OP_BONUS || s->op == LEADERS_OP_PREVENT) && !event && !battle)
        return carta_yaml_error(c->err, c->file, m, "'%s' is only for battle cards and Events",
                                op_names[s->op]);
    if (to == LEADERS_TO_ACTOR && def->type != LEADERS_T_REACTION)
        return carta_yaml_error(c->err, c->file, m, "'to: actor' is only for reactions");
    if (to == LEADERS_TO_SELF && !ability)
        return carta_yaml_error(c->err, c->file, m, "'to: self' is only for abilities");
    if (s->op == LEADERS_OP_CANCEL && def->type != LEADERS_T_REACTION)
        return carta_yaml_error(c->err, c->file, m, "'cancel' is only for reactions");
    s->to = (uint8_t)to;
    s->who = (uint8_t)who;
    s->cls = (uint8_t)cls;
    return CARTA_OK;
}

static carta_status cards_steps(cards_ctx *c, struct fy_node *v, bool has_target, bool ability,
                                leaders_step *steps, uint8_t *n)
{
    if (!fy_node_is_sequence(v))
        return carta_yaml_error(c->err, c->file, v, "effects must be a list of steps");
    void *it = NULL;
    struct fy_node *item;
    *n = 0;
    while ((item = fy_node_sequence_iterate(v, &it))) {
        if (*n >= LEADERS_STEP_MAX)
            return carta_yaml_error(c->err, c->file, item, "at most %d steps", LEADERS_STEP_MAX);
        if (cards_step(c, item, has_target, ability, &steps[*n]) != CARTA_OK)
            return CARTA_ERR_INPUT;
        (*n)++;
    }
    return CARTA_OK;
}

static carta_status cards_ability(cards_ctx *c, struct fy_node *v)
{
    static const char *const keys[] = {"name", "pattern", "target", "effects", NULL};
    leaders_def *def = c->def;
    if (!fy_node_is_mapping(v))
        return carta_yaml_error(c->err, c->file, v, "ability must be a map");
    if (carta_yaml_check_keys(v, keys, "ability", c->file, c->err) != CARTA_OK ||
        carta_yaml_str(v, "name", "ability", def->ability_name, sizeof def->ability_name,
                       c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *p = carta_yaml_get(v, "pattern"), *e = carta_yaml_get(v, "effects");
    if (!p || !e)
        return carta_yaml_error(c->err, c->file, v, "an ability needs a pattern and effects");
    if (cards_pattern(c, p, &def->ability) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *t = carta_yaml_get(v, "target");
    if (t && cards_target(c, t, &def->ab_target) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (cards_steps(c, e, true, true, def->ab_steps, &def->n_ab_steps) != CARTA_OK)
        return CARTA_ERR_INPUT;
    def->has_ability = true;
    return CARTA_OK;
}

/* ---- references ---- */

static carta_status cards_ref(cards_ctx *c, struct fy_node *node, int kind, int count)
{
    carta_rules *r = c->rules;
    char name[CARTA_NAME_MAX];
    if (!carta_yaml_scalar(node, name, sizeof name) || !name[0])
        return carta_yaml_error(c->err, c->file, node, "expected a name");
    if (r->n_refs >= r->cap_refs) {
        int cap = r->cap_refs ? r->cap_refs * 2 : 128;
        leaders_ref *refs = realloc(r->refs, (size_t)cap * sizeof *refs);
        if (!refs)
            return carta_error_set(c->err, CARTA_ERR_NOMEM, "%s: out of memory", c->file);
        r->refs = refs;
        r->cap_refs = cap;
    }
    leaders_ref *ref = &r->refs[r->n_refs++];
    memset(ref, 0, sizeof *ref);
    ref->def = c->id;
    ref->kind = (uint8_t)kind;
    ref->count = (uint8_t)count;
    ref->line = carta_yaml_line(node);
    snprintf(ref->name, sizeof ref->name, "%s", name);
    snprintf(ref->file, sizeof ref->file, "%s", c->file);
    return CARTA_OK;
}

static carta_status cards_name_list(cards_ctx *c, struct fy_node *card, const char *key, int kind)
{
    struct fy_node *v = carta_yaml_get(card, key), *item;
    if (!v)
        return CARTA_OK;
    if (!fy_node_is_sequence(v))
        return carta_yaml_error(c->err, c->file, v, "'%s' must be a list of names", key);
    void *it = NULL;
    int n = 0;
    while ((item = fy_node_sequence_iterate(v, &it))) {
        if (++n > LEADERS_LINK_MAX)
            return carta_yaml_error(c->err, c->file, item, "at most %d names in '%s'",
                                    LEADERS_LINK_MAX, key);
        if (cards_ref(c, item, kind, 1) != CARTA_OK)
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

static carta_status cards_roster(cards_ctx *c, struct fy_node *v)
{
    static const char *const keys[] = {"unit", "count", NULL};
    if (!fy_node_is_sequence(v))
        return carta_yaml_error(c->err, c->file, v, "roster must be a list of {unit, count}");
    void *it = NULL;
    struct fy_node *item;
    int total = 0;
    while ((item = fy_node_sequence_iterate(v, &it))) {
        int count = 1;
        if (!fy_node_is_mapping(item))
            return carta_yaml_error(c->err, c->file, item, "a roster entry is {unit, count}");
        if (carta_yaml_check_keys(item, keys, "roster entry", c->file, c->err) != CARTA_OK ||
            carta_yaml_int(item, "count", 1, false, 1, 9, &count, c->file, c->err) != CARTA_OK)
            return CARTA_ERR_INPUT;
        struct fy_node *u = carta_yaml_get(item, "unit");
        if (!u)
            return carta_yaml_error(c->err, c->file, item, "a roster entry needs a 'unit'");
        total += count;
        if (total > LEADERS_ROSTER_MAX)
            return carta_yaml_error(c->err, c->file, item, "a roster holds at most %d Units",
                                    LEADERS_ROSTER_MAX);
        if (cards_ref(c, u, 0, count) != CARTA_OK)
            return CARTA_ERR_INPUT;
    }
    if (total == 0)
        return carta_yaml_error(c->err, c->file, v, "a roster needs at least one Unit");
    return CARTA_OK;
}

/* ---- entries ---- */

static carta_status cards_character(cards_ctx *c, struct fy_node *card, bool unit)
{
    leaders_def *def = c->def;
    int health = 0, damage = 0, actions = 1, cls = 0;
    if (carta_yaml_int(card, "health", 0, true, 1, 99, &health, c->file, c->err) != CARTA_OK ||
        carta_yaml_int(card, "damage", 0, true, unit ? 0 : 1, 99, &damage, c->file, c->err) !=
            CARTA_OK ||
        carta_yaml_int(card, "actions", 1, false, 1, 4, &actions, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (unit) {
        if (!carta_yaml_get(card, "class"))
            return carta_yaml_error(c->err, c->file, card, "a unit needs a 'class'");
        if (cards_enum(c, card, "class", class_names, &cls) != CARTA_OK)
            return CARTA_ERR_INPUT;
        if (cls == LEADERS_CLASS_ANY)
            return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "class"),
                                    "class must be melee, ranged or magical");
    }
    def->health = (uint8_t)health;
    def->damage = (uint8_t)damage;
    def->actions = (uint8_t)actions;
    def->cls = (uint8_t)cls;
    struct fy_node *v;
    if (!(v = carta_yaml_get(card, "move")))
        return carta_yaml_error(c->err, c->file, card, "'%s' needs a 'move' pattern", def->name);
    if (cards_pattern(c, v, &def->move) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (!(v = carta_yaml_get(card, "attack")) && !unit)
        return carta_yaml_error(c->err, c->file, card, "a leader needs an 'attack' pattern");
    if (v && cards_pattern(c, v, &def->attack) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if ((v = carta_yaml_get(card, "ability")) && cards_ability(c, v) != CARTA_OK)
        return CARTA_ERR_INPUT;
    return CARTA_OK;
}

static carta_status cards_playable(cards_ctx *c, struct fy_node *card)
{
    leaders_def *def = c->def;
    int rarity = 0, cls = 0, speed = -1, on = -1;
    if (cards_enum(c, card, "rarity", rarity_names, &rarity) != CARTA_OK ||
        cards_enum(c, card, "for", class_names, &cls) != CARTA_OK ||
        cards_enum(c, card, "speed", speed_names, &speed) != CARTA_OK ||
        cards_enum(c, card, "on", on_names, &on) != CARTA_OK)
        return CARTA_ERR_INPUT;
    def->rarity = (uint8_t)rarity;
    def->cls = (uint8_t)cls;
    bool reaction = def->type == LEADERS_T_REACTION;
    if (reaction && (speed < 0 || on < 0))
        return carta_yaml_error(c->err, c->file, card, "a reaction needs 'speed' and 'on'");
    def->speed = (uint8_t)(speed < 0 ? 0 : speed);
    def->on = (uint8_t)(on < 0 ? 0 : on == LEADERS_ACT_COUNT ? LEADERS_ON_ANY : 1u << on);
    struct fy_node *t = carta_yaml_get(card, "target");
    if (t) {
        if (def->type != LEADERS_T_SPELL && !reaction)
            return carta_yaml_error(c->err, c->file, t, "only spells and reactions have a target");
        if (cards_target(c, t, &def->target) != CARTA_OK)
            return CARTA_ERR_INPUT;
        def->has_target = true;
    }
    if (cards_name_list(c, card, "leaders", 1) != CARTA_OK ||
        cards_name_list(c, card, "domains", 2) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *e = carta_yaml_get(card, "effects");
    if (!e)
        return carta_yaml_error(c->err, c->file, card, "a card needs 'effects'");
    return cards_steps(c, e, def->has_target, false, def->steps, &def->n_steps);
}

static const char *const *cards_keys(int type)
{
    static const char *const leader[] = {"name", "type", "health", "damage", "move", "attack",
                                         "ability", "text", NULL};
    static const char *const unit[] = {"name", "type", "class", "subtype", "health", "damage",
                                       "actions", "move", "attack", "ability", "text", NULL};
    static const char *const domain[] = {"name", "type", "summon_limit", "roster", "text", NULL};
    static const char *const battle[] = {"name", "type", "subtype", "rarity", "leaders",
                                         "domains", "for", "effects", "text", NULL};
    static const char *const spell[] = {"name", "type", "subtype", "rarity", "leaders",
                                        "domains", "target", "effects", "text", NULL};
    static const char *const event[] = {"name", "type", "subtype", "rarity", "leaders",
                                        "domains", "effects", "text", NULL};
    static const char *const reaction[] = {"name", "type", "subtype", "rarity", "leaders",
                                           "domains", "target", "speed", "on", "effects", "text",
                                           NULL};
    switch (type) {
    case LEADERS_T_LEADER: return leader;
    case LEADERS_T_UNIT: return unit;
    case LEADERS_T_DOMAIN: return domain;
    case LEADERS_T_ATTACK: case LEADERS_T_DEFENSE: return battle;
    case LEADERS_T_SPELL: return spell;
    case LEADERS_T_EVENT: return event;
    default: return reaction;
    }
}

static carta_status cards_entry(cards_ctx *c, struct fy_node *card)
{
    leaders_def *def = c->def;
    int type = -1;
    if (!carta_yaml_get(card, "type"))
        return carta_yaml_error(c->err, c->file, card, "'%s' needs a 'type'", def->name);
    if (cards_enum(c, card, "type", type_names, &type) != CARTA_OK)
        return CARTA_ERR_INPUT;
    def->type = (uint8_t)type;
    char what[80];
    snprintf(what, sizeof what, "a %s", type_names[type]);
    if (carta_yaml_check_keys(card, cards_keys(type), what, c->file, c->err) != CARTA_OK ||
        carta_yaml_str(card, "text", "", def->text, sizeof def->text, c->file, c->err) !=
            CARTA_OK ||
        carta_yaml_str(card, "subtype", "", def->subtype, sizeof def->subtype, c->file, c->err) !=
            CARTA_OK)
        return CARTA_ERR_INPUT;
    if (def->subtype[0] && !carta_vocab_is_word(def->subtype, LEADERS_WORD_MAX))
        return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "subtype"),
                                "subtype must be a lowercase word of at most %d bytes",
                                LEADERS_WORD_MAX - 1);
    switch (type) {
    case LEADERS_T_LEADER:
        def->cls = LEADERS_CLASS_ANY;
        return cards_character(c, card, false);
    case LEADERS_T_UNIT:
        return cards_character(c, card, true);
    case LEADERS_T_DOMAIN: {
        int limit = 0;
        if (carta_yaml_int(card, "summon_limit", 0, true, 1, 5, &limit, c->file, c->err) !=
            CARTA_OK)
            return CARTA_ERR_INPUT;
        def->summon_limit = (uint8_t)limit;
        struct fy_node *v = carta_yaml_get(card, "roster");
        if (!v)
            return carta_yaml_error(c->err, c->file, card, "a domain needs a 'roster'");
        return cards_roster(c, v);
    }
    default:
        return cards_playable(c, card);
    }
}

carta_status leaders_compile_card(void *ctx, int card_id, struct fy_node *card, const char *file,
                                  carta_error *err)
{
    carta_rules *rules = ctx;
    if (!fy_node_is_mapping(card))
        return carta_yaml_error(err, file, card, "an entry must be a map");
    leaders_def *defs = NULL;
    if (card_id < 0x3FFF)
        defs = carta_mem_grow(rules->defs, &rules->cap_defs, card_id, sizeof *defs, 128);
    if (!defs)
        return carta_error_set(err, CARTA_ERR_NOMEM, "%s: out of memory for cards", file);
    rules->defs = defs;
    leaders_def *def = malloc(sizeof *def);
    if (!def)
        return carta_error_set(err, CARTA_ERR_NOMEM, "%s: out of memory for cards", file);
    memset(def, 0, sizeof *def);
    snprintf(def->name, sizeof def->name, "%s", carta_catalog_name(rules->catalog, card_id));
    int refs_before = rules->n_refs;
    cards_ctx c = {rules, def, card_id, file, err};
    carta_status st = cards_entry(&c, card);
    if (st == CARTA_OK) {
        rules->defs[card_id] = *def;
        if (card_id >= rules->n_defs)
            rules->n_defs = card_id + 1;
    } else {
        rules->n_refs = refs_before;
    }
    free(def);
    return st;
}

/* ---- linking ---- */

static carta_status cards_link_one(carta_rules *rules, const leaders_ref *ref, carta_error *err)
{
    leaders_def *def = &rules->defs[ref->def];
    int id = carta_catalog_find(rules->catalog, ref->name);
    const leaders_def *to = leaders_def_of(rules, id);
    static const int want[3] = {LEADERS_T_UNIT, LEADERS_T_LEADER, LEADERS_T_DOMAIN};
    static const char *const what[3] = {"unit", "leader", "domain"};
    if (!to || to->type != want[ref->kind])
        return carta_error_set(err, CARTA_ERR_INPUT, "%s:%d: error: '%s' is not a known %s",
                               ref->file, ref->line, ref->name, what[ref->kind]);
    if (ref->kind == 0) {
        for (int k = 0; k < ref->count && def->n_roster < LEADERS_ROSTER_MAX; k++)
            def->roster[def->n_roster++] = (uint16_t)id;
    } else if (ref->kind == 1) {
        if (def->n_leaders < LEADERS_LINK_MAX)
            def->leaders[def->n_leaders++] = (uint16_t)id;
    } else if (def->n_domains < LEADERS_LINK_MAX) {
        def->domains[def->n_domains++] = (uint16_t)id;
    }
    return CARTA_OK;
}

carta_status leaders_link(carta_rules *rules, carta_error *err)
{
    carta_status st = CARTA_OK;
    for (int i = 0; i < rules->n_refs && st == CARTA_OK; i++)
        if (rules->refs[i].def < rules->n_defs)
            st = cards_link_one(rules, &rules->refs[i], err);
    rules->n_refs = 0;
    return st;
}

bool leaders_card_allowed(const carta_rules *rules, const leaders_state *st, int seat, int card)
{
    const leaders_def *d = leaders_def_of(rules, card);
    if (!d || d->type < LEADERS_T_ATTACK)
        return false;
    const leaders_seat *s = &st->seat[seat];
    bool ok = d->n_leaders == 0;
    for (int i = 0; i < d->n_leaders && !ok; i++)
        ok = d->leaders[i] == s->leader;
    if (!ok)
        return false;
    ok = d->n_domains == 0;
    for (int i = 0; i < d->n_domains && !ok; i++)
        ok = d->domains[i] == s->domain;
    return ok;
}
