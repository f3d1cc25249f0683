/* cards.c: compiles Arkhtide card maps (docs/card-format/arkhtide.md) into ark_card_def, refusing
 * bad ones with file, line and reason. */
#include "games/arkhtide/arkhtide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "core/vocab.h"
#include "core/yaml.h"

typedef struct cards_ctx {
    carta_rules *rules;
    ark_card_def *def;
    const char *file;
    carta_error *err;
} cards_ctx;

static int cards_intern(char (*table)[ARK_WORD_MAX], int *n, int max, const char *name)
{
    for (int i = 0; i < *n; i++)
        if (strcmp(table[i], name) == 0)
            return i;
    if (*n >= max)
        return -1;
    memcpy(table[*n], name, strlen(name) + 1);
    return (*n)++;
}

const char *ark_faction_name(const carta_rules *rules, int faction)
{
    return faction > 0 && faction <= rules->n_factions ? rules->factions[faction - 1] : "none";
}

const char *ark_trait_name(const carta_rules *rules, int trait)
{
    return trait >= 0 && trait < rules->n_traits ? rules->traits[trait] : "?";
}

int ark_trait_id(const carta_rules *rules, const char *name)
{
    for (int i = 0; i < rules->n_traits; i++)
        if (strcmp(rules->traits[i], name) == 0)
            return i;
    return -1;
}

/* Reads an optional word field into *out by table index. */
static carta_status cards_enum(cards_ctx *c, struct fy_node *map, const char *key,
                               const char *const *names, int *out)
{
    return carta_vocab_read(map, key, names, out, c->file, c->err);
}

static carta_status cards_int(cards_ctx *c, struct fy_node *map, const char *key, int def,
                              int lo, int hi, int *out)
{
    return carta_yaml_int(map, key, def, false, lo, hi, out, c->file, c->err);
}

/* An attack value: an integer 0..20 or "-" (none). */
static carta_status cards_attack(cards_ctx *c, struct fy_node *map, const char *key, int8_t *out)
{
    struct fy_node *v = carta_yaml_get(map, key);
    char buf[16];
    if (!v) {
        *out = ARK_NO_ATTACK;
        return CARTA_OK;
    }
    if (carta_yaml_scalar(v, buf, sizeof buf) && strcmp(buf, "-") == 0) {
        *out = ARK_NO_ATTACK;
        return CARTA_OK;
    }
    int x;
    if (carta_yaml_int(map, key, 0, true, 0, 20, &x, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    *out = (int8_t)x;
    return CARTA_OK;
}

/* ---- keywords ---- */

static const char *const kw_names[] = {"lethal", "evasion", "stealth", "cheat_death", "collector",
                                       "severed", "", "", "ambush", "cask", "metamorphosis",
                                       "oath", "paragon", "reaping", "penitent", NULL};

/* Parses "lethal" or "reaping 2" into a keyword bit and value. */
static carta_status cards_keyword(cards_ctx *c, struct fy_node *node, uint16_t *bit, int *value)
{
    int k;
    if (carta_vocab_keyword(node, kw_names, 1u << 13 | 1u << 14, 9, &k, value, c->file, c->err))
        return CARTA_ERR_INPUT; /* reaping N and penitent N take a value */
    *bit = (uint16_t)(1u << k);
    return CARTA_OK;
}

static carta_status cards_keywords(cards_ctx *c, struct fy_node *v)
{
    if (!fy_node_is_sequence(v))
        return carta_yaml_error(c->err, c->file, v, "keywords must be a sequence");
    void *it = NULL;
    struct fy_node *item;
    while ((item = fy_node_sequence_iterate(v, &it))) {
        uint16_t bit;
        int value;
        if (cards_keyword(c, item, &bit, &value) != CARTA_OK)
            return CARTA_ERR_INPUT;
        /* Ability Accumulation: the same numbered keyword twice adds up */
        if (bit == ARK_KW_REAPING)
            c->def->reaping = (uint8_t)(c->def->reaping + value);
        else if (bit == ARK_KW_PENITENT)
            c->def->penitent = (uint8_t)(c->def->penitent + value);
        c->def->kw |= bit;
    }
    return CARTA_OK;
}

/* ---- steps ---- */

typedef struct verb_info {
    const char *name;
    uint8_t op;
    uint8_t arg;       /* V_* */
    uint8_t targeted;  /* 0 none, 1 default enemy chosen, 2 default self, 3 none unless given */
} verb_info;
enum { V_INT = 0, V_TRUE, V_NAME, V_BUFF, V_KEYWORD, V_SEEK, V_ATTACK };

static const verb_info verbs[] = {
    {"damage", ARK_OP_DAMAGE, V_INT, 1},
    {"melee_attack", ARK_OP_MELEE_ATTACK, V_ATTACK, 1},
    {"ranged_attack", ARK_OP_RANGED_ATTACK, V_ATTACK, 1},
    {"heal", ARK_OP_HEAL, V_INT, 2},
    {"block", ARK_OP_BLOCK, V_INT, 2},
    {"buff", ARK_OP_BUFF, V_BUFF, 2},
    {"keyword", ARK_OP_KEYWORD, V_KEYWORD, 2},
    {"exhaust", ARK_OP_EXHAUST, V_TRUE, 1},
    {"ready", ARK_OP_READY, V_TRUE, 2},
    {"unlock", ARK_OP_UNLOCK, V_TRUE, 2},
    {"move", ARK_OP_MOVE, V_TRUE, 1},
    {"to_safe_zone", ARK_OP_TO_SAFE, V_TRUE, 1},
    {"reverse", ARK_OP_REVERSE, V_TRUE, 1},
    {"kill", ARK_OP_KILL, V_TRUE, 1},
    {"unbind", ARK_OP_UNBIND, V_TRUE, 1},
    {"status", ARK_OP_STATUS, V_NAME, 1},
    {"manifest", ARK_OP_MANIFEST, V_NAME, 3},
    {"draw", ARK_OP_DRAW, V_INT, 0},
    {"discard", ARK_OP_DISCARD, V_INT, 0},
    {"seek", ARK_OP_SEEK, V_SEEK, 0},
    {"refresh", ARK_OP_REFRESH, V_INT, 0},
    {"willpower", ARK_OP_WILLPOWER, V_INT, 0},
    {"drain", ARK_OP_DRAIN, V_INT, 0},
    {"steal", ARK_OP_STEAL, V_INT, 0},
    {"halve", ARK_OP_HALVE, V_TRUE, 0},
    {NULL, 0, 0, 0},
};

static const char *const side_names[] = {"enemy", "friendly", "any", NULL};
static const char *const kind_names[] = {"any", "unit", "seeker", NULL};
static const char *const range_names[] = {"reach", "close", "nearby", NULL};

static carta_status cards_flag(cards_ctx *c, struct fy_node *map, const char *key, uint8_t bit,
                               uint8_t *flags)
{
    bool b = false;
    if (carta_yaml_bool(map, key, false, &b, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (b)
        *flags |= bit;
    return CARTA_OK;
}

static carta_status cards_target(cards_ctx *c, struct fy_node *t, ark_step *s)
{
    static const char *const keys[] = {"self", "it", "side", "kind", "range", "all", "not_self",
                                       "wounded", NULL};
    if (carta_yaml_check_keys(t, keys, "a target", c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int side = ARK_SIDE_ENEMY, kind = ARK_KIND_ANY, range = ARK_RANGE_REACH;
    s->tflags = 0;
    if (cards_enum(c, t, "side", side_names, &side) != CARTA_OK ||
        cards_enum(c, t, "kind", kind_names, &kind) != CARTA_OK ||
        cards_enum(c, t, "range", range_names, &range) != CARTA_OK ||
        cards_flag(c, t, "self", ARK_TG_SELF, &s->tflags) != CARTA_OK ||
        cards_flag(c, t, "it", ARK_TG_IT, &s->tflags) != CARTA_OK ||
        cards_flag(c, t, "all", ARK_TG_ALL, &s->tflags) != CARTA_OK ||
        cards_flag(c, t, "not_self", ARK_TG_NOT_SELF, &s->tflags) != CARTA_OK ||
        cards_flag(c, t, "wounded", ARK_TG_WOUNDED, &s->tflags) != CARTA_OK)
        return CARTA_ERR_INPUT;
    s->side = (uint8_t)side;
    s->kind = (uint8_t)kind;
    s->range = (uint8_t)range;
    return CARTA_OK;
}

static int cards_ref(carta_rules *rules, const char *name)
{
    for (int i = 0; i < rules->n_refs; i++)
        if (strcmp(rules->refs[i], name) == 0)
            return i;
    if (rules->n_refs >= rules->cap_refs) {
        int cap = rules->cap_refs ? rules->cap_refs * 2 : 32;
        void *p = realloc(rules->refs, (size_t)cap * sizeof *rules->refs);
        if (!p)
            return -1;
        rules->refs = p;
        rules->cap_refs = cap;
    }
    snprintf(rules->refs[rules->n_refs], CARTA_NAME_MAX, "%s", name);
    return rules->n_refs++;
}

static carta_status cards_verb_value(cards_ctx *c, const verb_info *v, struct fy_node *val,
                                     ark_step *s)
{
    char buf[CARTA_NAME_MAX];
    bool scalar = carta_yaml_scalar(val, buf, sizeof buf);
    switch (v->arg) {
    case V_INT:
    case V_ATTACK: {
        if (v->arg == V_ATTACK && scalar && strcmp(buf, "stat") == 0) {
            s->flags |= ARK_ST_STAT;
            return CARTA_OK;
        }
        char *end;
        long n = scalar ? strtol(buf, &end, 10) : 0;
        bool neg_ok = s->op == ARK_OP_WILLPOWER;
        if (!scalar || !buf[0] || *end || n > 20 || n < (neg_ok ? -20 : 0))
            return carta_yaml_error(c->err, c->file, val, "'%s' needs a number %s..20%s", v->name,
                                    neg_ok ? "-20" : "0", v->arg == V_ATTACK ? " or stat" : "");
        s->amount = (int8_t)n;
        return CARTA_OK;
    }
    case V_TRUE:
        if (!scalar || strcmp(buf, "true") != 0)
            return carta_yaml_error(c->err, c->file, val, "'%s' takes true", v->name);
        return CARTA_OK;
    case V_NAME: {
        if (!scalar || !buf[0])
            return carta_yaml_error(c->err, c->file, val, "'%s' needs a card name", v->name);
        int r = cards_ref(c->rules, buf);
        if (r < 0)
            return carta_error_set(c->err, CARTA_ERR_NOMEM, "%s: out of memory", c->file);
        s->ref_name = (uint16_t)r;
        return CARTA_OK;
    }
    case V_KEYWORD: {
        uint16_t bit;
        int value;
        if (cards_keyword(c, val, &bit, &value) != CARTA_OK)
            return CARTA_ERR_INPUT;
        if (bit > 0xFF)
            return carta_yaml_error(c->err, c->file, val,
                                    "keyword: only lethal, evasion, stealth, cheat_death, "
                                    "collector or severed can be given for a Round");
        s->ref = bit;
        return CARTA_OK;
    }
    case V_SEEK: {
        if (!fy_node_is_sequence(val) || fy_node_sequence_item_count(val) != 2)
            return carta_yaml_error(c->err, c->file, val, "seek needs [X, Y]");
        int xy[2];
        for (int i = 0; i < 2; i++) {
            struct fy_node *n = fy_node_sequence_get_by_index(val, i);
            char nb[16], *end;
            long x = carta_yaml_scalar(n, nb, sizeof nb) ? strtol(nb, &end, 10) : -1;
            if (x < 1 || x > ARK_LOOK || (nb[0] && *end))
                return carta_yaml_error(c->err, c->file, n, "seek values must be 1..%d", ARK_LOOK);
            xy[i] = (int)x;
        }
        if (xy[1] > xy[0])
            return carta_yaml_error(c->err, c->file, val, "seek [X, Y] needs Y <= X");
        s->amount = (int8_t)xy[0];
        s->amount2 = (int8_t)xy[1];
        return CARTA_OK;
    }
    case V_BUFF: {
        static const char *const keys[] = {"soul", "melee", "ranged", "health", NULL};
        if (carta_yaml_check_keys(val, keys, "a buff", c->file, c->err) != CARTA_OK)
            return CARTA_ERR_INPUT;
        for (int i = 0; i < 4; i++) {
            int x;
            if (cards_int(c, val, keys[i], 0, -9, 9, &x) != CARTA_OK)
                return CARTA_ERR_INPUT;
            s->buff[i] = (int8_t)x;
        }
        return CARTA_OK;
    }
    }
    return CARTA_OK;
}

static carta_status cards_step(cards_ctx *c, struct fy_node *m, ark_step *s, int timing)
{
    static const char *const mods[] = {"target", "may", "who", NULL};
    if (!fy_node_is_mapping(m))
        return carta_yaml_error(c->err, c->file, m, "a step must be a map with one verb");
    memset(s, 0, sizeof *s);
    const verb_info *found = NULL;
    struct fy_node *found_val = NULL;
    void *it = NULL;
    struct fy_node_pair *p;
    while ((p = fy_node_mapping_iterate(m, &it))) {
        char key[64];
        if (!carta_yaml_scalar(fy_node_pair_key(p), key, sizeof key))
            return carta_yaml_error(c->err, c->file, m, "step keys must be words");
        if (carta_vocab_find(mods, key) >= 0)
            continue;
        const verb_info *v = NULL;
        for (int i = 0; verbs[i].name; i++)
            if (strcmp(verbs[i].name, key) == 0)
                v = &verbs[i];
        if (!v)
            return carta_yaml_error(c->err, c->file, fy_node_pair_key(p),
                                    "unknown verb or modifier '%s'", key);
        if (found)
            return carta_yaml_error(c->err, c->file, fy_node_pair_key(p),
                                    "a step has exactly one verb ('%s' and '%s')", found->name,
                                    key);
        found = v;
        found_val = fy_node_pair_value(p);
    }
    if (!found)
        return carta_yaml_error(c->err, c->file, m, "a step needs a verb");
    s->op = found->op;
    if (cards_verb_value(c, found, found_val, s) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (timing == ARK_TM_CONSTANT && s->op != ARK_OP_BUFF && s->op != ARK_OP_KEYWORD)
        return carta_yaml_error(c->err, c->file, m,
                                "a constant ability may only have buff and keyword steps");
    struct fy_node *t = carta_yaml_get(m, "target");
    if (found->targeted == 0 || (found->targeted == 3 && !t)) {
        s->tflags = ARK_TG_NONE;
        if (t)
            return carta_yaml_error(c->err, c->file, t, "'%s' takes no target", found->name);
    } else if (t) {
        if (timing == ARK_TM_CONSTANT)
            return carta_yaml_error(c->err, c->file, t,
                                    "constant steps apply to the card itself: no target");
        if (cards_target(c, t, s) != CARTA_OK)
            return CARTA_ERR_INPUT;
    } else if (found->targeted == 2) {
        s->tflags = ARK_TG_SELF;
    } else {
        s->side = ARK_SIDE_ENEMY;
        if (s->op == ARK_OP_MELEE_ATTACK)
            s->range = ARK_RANGE_CLOSE;
        else if (s->op == ARK_OP_RANGED_ATTACK)
            s->range = ARK_RANGE_NEARBY;
    }
    if (cards_flag(c, m, "may", ARK_ST_MAY, &s->flags) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *who = carta_yaml_get(m, "who");
    if (who) {
        char buf[16];
        if (s->op != ARK_OP_DRAIN || !carta_yaml_scalar(who, buf, sizeof buf) ||
            (strcmp(buf, "chosen") != 0 && strcmp(buf, "each") != 0 &&
             strcmp(buf, "everyone") != 0))
            return carta_yaml_error(c->err, c->file, who,
                                    "'who' is only for drain: chosen, each or everyone");
        if (strcmp(buf, "chosen") == 0)
            s->flags |= ARK_ST_CHOSEN;
        if (strcmp(buf, "everyone") == 0)
            s->flags |= ARK_ST_EVERYONE;
    }
    return CARTA_OK;
}

/* ---- abilities ---- */

static const char *const timing_names[] = {"slow", "fast", "reaction", "constant", "invoke", NULL};
static const char *const on_names[] = {"", "dealt_damage", "deals_damage", "wounded", "wounds",
                                       "friendly_dealt_damage", "friendly_wounded", NULL};
static const char *const cond_names[] = {"", "in_group", "separated", NULL};

static carta_status cards_cost(cards_ctx *c, struct fy_node *m, ark_ability *a)
{
    static const char *const keys[] = {"arkhe", "willpower", "discard", "exhaust", NULL};
    if (carta_yaml_check_keys(m, keys, "a cost", c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int ar, wp, dc;
    bool ex = false;
    if (cards_int(c, m, "arkhe", 0, 0, 9, &ar) != CARTA_OK ||
        cards_int(c, m, "willpower", 0, 0, 9, &wp) != CARTA_OK ||
        cards_int(c, m, "discard", 0, 0, 6, &dc) != CARTA_OK ||
        carta_yaml_bool(m, "exhaust", false, &ex, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    a->cost_arkhe = (uint8_t)ar;
    a->cost_willpower = (uint8_t)wp;
    a->cost_discard = (uint8_t)dc;
    a->cost_exhaust = ex;
    return CARTA_OK;
}

static carta_status cards_ability(cards_ctx *c, struct fy_node *m, ark_ability *a)
{
    static const char *const keys[] = {"timing", "on", "cost", "talent", "condition", "effects",
                                       "omni", NULL};
    if (carta_yaml_check_keys(m, keys, "an ability", c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    memset(a, 0, sizeof *a);
    int timing = -1, on = 0, cond = 0;
    if (cards_enum(c, m, "timing", timing_names, &timing) != CARTA_OK ||
        cards_enum(c, m, "on", on_names, &on) != CARTA_OK ||
        cards_enum(c, m, "condition", cond_names, &cond) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *talent = carta_yaml_get(m, "talent");
    if (timing < 0 && !talent)
        return carta_yaml_error(c->err, c->file, m, "an ability needs a timing");
    if (timing < 0)
        timing = ARK_TM_SLOW;
    if (timing == ARK_TM_REACTION && !on)
        return carta_yaml_error(c->err, c->file, m, "a reaction needs 'on' (its trigger)");
    if (timing != ARK_TM_REACTION && on)
        return carta_yaml_error(c->err, c->file, carta_yaml_get(m, "on"),
                                "'on' is only for reactions");
    a->timing = (uint8_t)timing;
    a->on = (uint8_t)on;
    a->cond = (uint8_t)cond;
    bool omni = false;
    if (carta_yaml_bool(m, "omni", false, &omni, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (omni && (timing == ARK_TM_CONSTANT || talent))
        return carta_yaml_error(c->err, c->file, carta_yaml_get(m, "omni"),
                                "'omni' is for slow, fast, reaction and invoke abilities");
    a->omni = omni;
    if (talent) {
        char buf[ARK_WORD_MAX + 8];
        if (c->def->type != ARK_FEAT)
            return carta_yaml_error(c->err, c->file, talent, "only feats have Talent abilities");
        if (!carta_yaml_scalar(talent, buf, sizeof buf) ||
            (strcmp(buf, "any") != 0 && !carta_vocab_is_word(buf, ARK_WORD_MAX)))
            return carta_yaml_error(c->err, c->file, talent, "talent must be a trait or 'any'");
        if (strcmp(buf, "any") == 0) {
            a->talent = ARK_TALENT_ANY;
        } else {
            int t = cards_intern(c->rules->traits, &c->rules->n_traits, ARK_MAX_TRAITS, buf);
            if (t < 0)
                return carta_yaml_error(c->err, c->file, talent, "too many traits");
            a->talent = (uint8_t)(t + 1);
        }
    }
    struct fy_node *cost = carta_yaml_get(m, "cost");
    if (cost && cards_cost(c, cost, a) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *effects = carta_yaml_get(m, "effects");
    if (!effects || !fy_node_is_sequence(effects) || fy_node_sequence_item_count(effects) == 0)
        return carta_yaml_error(c->err, c->file, effects ? effects : m,
                                "an ability needs a non-empty 'effects' sequence");
    a->first = c->def->n_steps;
    void *it = NULL;
    struct fy_node *step;
    while ((step = fy_node_sequence_iterate(effects, &it))) {
        if (c->def->n_steps >= ARK_STEP_MAX)
            return carta_yaml_error(c->err, c->file, step, "too many steps (at most %d a card)",
                                    ARK_STEP_MAX);
        if (cards_step(c, step, &c->def->steps[c->def->n_steps], timing) != CARTA_OK)
            return CARTA_ERR_INPUT;
        c->def->n_steps++;
        a->n++;
    }
    if (timing == ARK_TM_CONSTANT)
        c->def->has_constant = 1;
    return CARTA_OK;
}

static carta_status cards_abilities(cards_ctx *c, struct fy_node *v)
{
    if (!fy_node_is_sequence(v))
        return carta_yaml_error(c->err, c->file, v, "abilities must be a sequence");
    void *it = NULL;
    struct fy_node *item;
    while ((item = fy_node_sequence_iterate(v, &it))) {
        if (c->def->n_abilities >= ARK_ABILITY_MAX)
            return carta_yaml_error(c->err, c->file, item, "too many abilities (at most %d)",
                                    ARK_ABILITY_MAX);
        if (cards_ability(c, item, &c->def->abilities[c->def->n_abilities]) != CARTA_OK)
            return CARTA_ERR_INPUT;
        c->def->n_abilities++;
    }
    return CARTA_OK;
}

/* ---- card fields ---- */

static const char *const type_names[] = {"seeker", "unit", "feat", "binding", "realm", "status",
                                         NULL};
static const char *const binds_names[] = {"any", "friendly", "enemy", NULL};

static carta_status cards_need(cards_ctx *c, struct fy_node *card, const char *key, bool need)
{
    struct fy_node *v = carta_yaml_get(card, key);
    if (need && !v)
        return carta_yaml_error(c->err, c->file, card, "a %s needs '%s'",
                                type_names[c->def->type], key);
    if (!need && v)
        return carta_yaml_error(c->err, c->file, v, "a %s has no '%s'", type_names[c->def->type],
                                key);
    return CARTA_OK;
}

static carta_status cards_stats(cards_ctx *c, struct fy_node *card)
{
    ark_card_def *d = c->def;
    int t = d->type, x;
    bool piece = t == ARK_SEEKER || t == ARK_UNIT, mods = t == ARK_BINDING || t == ARK_STATUS;
    if (cards_need(c, card, "cost", t == ARK_UNIT || t == ARK_FEAT || t == ARK_BINDING) ||
        (!mods && cards_need(c, card, "health", t == ARK_UNIT)) ||
        cards_need(c, card, "quintessence", t == ARK_REALM))
        return CARTA_ERR_INPUT;
    if (!piece && !mods)
        for (int i = 0; i < 4; i++) {
            static const char *const keys[] = {"soul", "melee", "ranged", "health"};
            if (carta_yaml_get(card, keys[i]))
                return cards_need(c, card, keys[i], false);
        }
    if (t == ARK_SEEKER && cards_need(c, card, "health", false))
        return CARTA_ERR_INPUT;
    if (cards_int(c, card, "cost", 0, 0, 9, &x))
        return CARTA_ERR_INPUT;
    d->cost = (uint8_t)x;
    if (piece) {
        if (cards_int(c, card, "soul", 0, 0, 20, &x))
            return CARTA_ERR_INPUT;
        d->soul = (int8_t)x;
        if (cards_attack(c, card, "melee", &d->melee) ||
            cards_attack(c, card, "ranged", &d->ranged))
            return CARTA_ERR_INPUT;
        if (t == ARK_UNIT) {
            if (cards_int(c, card, "health", 1, 1, 30, &x))
                return CARTA_ERR_INPUT;
            d->health = (int8_t)x;
        }
    } else if (mods) {
        static const char *const keys[] = {"soul", "melee", "ranged", "health"};
        int8_t *dst[] = {&d->soul, &d->melee, &d->ranged, &d->health};
        for (int i = 0; i < 4; i++) {
            if (cards_int(c, card, keys[i], 0, -9, 9, &x))
                return CARTA_ERR_INPUT;
            *dst[i] = (int8_t)x;
        }
    }
    if ((t != ARK_FEAT && t != ARK_BINDING && cards_need(c, card, "block", false)) ||
        cards_int(c, card, "block", 0, 0, 9, &x))
        return CARTA_ERR_INPUT;
    d->block = (uint8_t)x;
    if ((t != ARK_REALM && (cards_need(c, card, "initiative", false) ||
                            cards_need(c, card, "neutral", false) ||
                            cards_need(c, card, "abilities_b", false))) ||
        cards_int(c, card, "initiative", 0, 0, 9, &x))
        return CARTA_ERR_INPUT;
    d->initiative = (uint8_t)x;
    if (cards_int(c, card, "quintessence", 0, 1, 9, &x))
        return CARTA_ERR_INPUT;
    d->quintessence = (uint8_t)x;
    return CARTA_OK;
}

static carta_status cards_fields(cards_ctx *c, struct fy_node *card)
{
    ark_card_def *d = c->def;
    int type = -1;
    if (!carta_yaml_get(card, "type"))
        return carta_yaml_error(c->err, c->file, card, "a card needs 'type'");
    if (cards_enum(c, card, "type", type_names, &type) != CARTA_OK)
        return CARTA_ERR_INPUT;
    d->type = (uint8_t)type;
    char faction[64] = "";
    if (carta_yaml_str(card, "faction", "", faction, sizeof faction, c->file, c->err))
        return CARTA_ERR_INPUT;
    if (faction[0]) {
        if (!carta_vocab_is_word(faction, ARK_WORD_MAX))
            return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "faction"),
                                    "faction must be a lowercase word of at most %d bytes",
                                    ARK_WORD_MAX - 1);
        int f = cards_intern(c->rules->factions, &c->rules->n_factions, ARK_MAX_FACTIONS, faction);
        if (f < 0)
            return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "faction"),
                                    "too many factions (at most %d)", ARK_MAX_FACTIONS);
        d->faction = (uint8_t)(f + 1);
    }
    bool token = false, neutral = false, seeker = false, in_combat = false;
    if (carta_yaml_bool(card, "invoke_in_combat", false, &in_combat, c->file, c->err) ||
        carta_yaml_bool(card, "token", false, &token, c->file, c->err) ||
        carta_yaml_bool(card, "neutral", false, &neutral, c->file, c->err) ||
        carta_yaml_bool(card, "seeker", false, &seeker, c->file, c->err))
        return CARTA_ERR_INPUT;
    bool main_deck = type == ARK_UNIT || type == ARK_FEAT || type == ARK_BINDING;
    if (token && !main_deck)
        return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "token"),
                                "only units, feats and bindings can be Tokens");
    if (!d->faction && (type == ARK_SEEKER || (main_deck && !token)))
        return carta_yaml_error(c->err, c->file, card, "a %s needs 'faction'", type_names[type]);
    if (seeker && type != ARK_BINDING)
        return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "seeker"),
                                "'seeker' is only for bindings");
    if (in_combat && (type != ARK_BINDING || token))
        return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "invoke_in_combat"),
                                "'invoke_in_combat' is only for bindings from a deck");
    d->invoke_in_combat = in_combat;
    d->token = token;
    d->neutral = neutral;
    d->binds_seeker = seeker;
    int binds = 0;
    if (carta_yaml_get(card, "binds") && type != ARK_BINDING)
        return cards_need(c, card, "binds", false);
    if (cards_enum(c, card, "binds", binds_names, &binds) != CARTA_OK)
        return CARTA_ERR_INPUT;
    d->binds = (uint8_t)binds;
    if (cards_stats(c, card) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (neutral && carta_yaml_get(card, "initiative"))
        return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "initiative"),
                                "the Neutral Realm has no Initiative");
    if (carta_yaml_str(card, "text", "", d->text, sizeof d->text, c->file, c->err))
        return CARTA_ERR_INPUT;
    return CARTA_OK;
}

static carta_status cards_lists(cards_ctx *c, struct fy_node *card)
{
    ark_card_def *d = c->def;
    struct fy_node *v = carta_yaml_get(card, "traits");
    if (v) {
        if (!fy_node_is_sequence(v))
            return carta_yaml_error(c->err, c->file, v, "traits must be a sequence");
        void *it = NULL;
        struct fy_node *item;
        while ((item = fy_node_sequence_iterate(v, &it))) {
            char buf[64];
            if (!carta_yaml_scalar(item, buf, sizeof buf) ||
                !carta_vocab_is_word(buf, ARK_WORD_MAX))
                return carta_yaml_error(c->err, c->file, item,
                                        "a trait must be a lowercase word of at most %d bytes",
                                        ARK_WORD_MAX - 1);
            int t = cards_intern(c->rules->traits, &c->rules->n_traits, ARK_MAX_TRAITS, buf);
            if (t < 0)
                return carta_yaml_error(c->err, c->file, item, "too many traits (at most %d)",
                                        ARK_MAX_TRAITS);
            d->traits |= 1ull << t;
            if (strcmp(buf, "unique") == 0)
                c->rules->unique_trait = t;
        }
    }
    v = carta_yaml_get(card, "keywords");
    if (v && cards_keywords(c, v) != CARTA_OK)
        return CARTA_ERR_INPUT;
    v = carta_yaml_get(card, "abilities");
    if (v && cards_abilities(c, v) != CARTA_OK)
        return CARTA_ERR_INPUT;
    d->n_side_a = d->n_abilities;
    v = carta_yaml_get(card, "abilities_b");
    if (v && cards_abilities(c, v) != CARTA_OK)
        return CARTA_ERR_INPUT;
    return CARTA_OK;
}

/* Checks what a card of each type may have. */
static carta_status cards_check(cards_ctx *c, struct fy_node *card)
{
    ark_card_def *d = c->def;
    int n_primary = 0, n_activated = 0;
    for (int i = 0; i < d->n_abilities; i++) {
        const ark_ability *a = &d->abilities[i];
        if (d->type == ARK_FEAT && !a->talent) {
            if (a->timing != ARK_TM_SLOW && a->timing != ARK_TM_FAST)
                return carta_yaml_error(c->err, c->file, card,
                                        "a feat's primary ability is slow or fast");
            n_primary++;
        }
        if (a->timing == ARK_TM_SLOW || a->timing == ARK_TM_FAST || a->timing == ARK_TM_REACTION)
            if (!a->talent) {
                n_activated++;
                if (!d->activated)
                    d->activated = (uint8_t)(i + 1);
            }
        if (d->type == ARK_REALM && a->timing != ARK_TM_SLOW && a->timing != ARK_TM_FAST)
            return carta_yaml_error(c->err, c->file, card, "Realm abilities are slow or fast");
    }
    if (d->type == ARK_FEAT && n_primary != 1)
        return carta_yaml_error(c->err, c->file, card,
                                "a feat needs exactly one slow or fast ability without talent");
    if ((d->type == ARK_BINDING || d->type == ARK_STATUS) && n_activated > 1)
        return carta_yaml_error(c->err, c->file, card,
                                "a %s has at most one slow, fast or reaction ability",
                                type_names[d->type]);
    uint16_t unit_only = ARK_KW_AMBUSH | ARK_KW_METAMORPHOSIS | ARK_KW_OATH | ARK_KW_PARAGON |
                         ARK_KW_PENITENT | ARK_KW_SEVERED;
    if ((d->kw & unit_only) && d->type != ARK_UNIT)
        return carta_yaml_error(c->err, c->file, card,
                                "ambush, metamorphosis, oath, paragon, penitent and severed are "
                                "for units");
    if ((d->kw & ARK_KW_CASK) && d->type != ARK_BINDING)
        return carta_yaml_error(c->err, c->file, card, "cask is for bindings");
    if (d->kw && (d->type == ARK_FEAT || d->type == ARK_REALM))
        return carta_yaml_error(c->err, c->file, card, "a %s has no keywords",
                                type_names[d->type]);
    return CARTA_OK;
}

carta_status ark_compile_card(void *ctx, int card_id, struct fy_node *card, const char *file,
                              carta_error *err)
{
    carta_rules *rules = ctx;
    static const char *const keys[] = {
        "name", "faction", "type", "token", "cost", "soul", "melee", "ranged", "health",
        "block", "binds", "seeker", "invoke_in_combat", "initiative", "quintessence", "neutral", "traits", "keywords",
        "text", "abilities", "abilities_b", NULL};
    if (carta_yaml_check_keys(card, keys, "a card", file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    ark_card_def *defs = NULL;
    if (card_id < 0x0FFF)
        defs = carta_mem_grow(rules->defs, &rules->cap_defs, card_id, sizeof *defs, 256);
    if (!defs)
        return carta_error_set(err, CARTA_ERR_NOMEM, "%s: out of memory for cards", file);
    rules->defs = defs;
    ark_card_def def;
    memset(&def, 0, sizeof def);
    snprintf(def.name, sizeof def.name, "%s", carta_catalog_name(rules->catalog, card_id));
    cards_ctx c = {rules, &def, file, err};
    if (cards_fields(&c, card) != CARTA_OK || cards_lists(&c, card) != CARTA_OK ||
        cards_check(&c, card) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (def.neutral) {
        if (rules->neutral_realm >= 0 && rules->neutral_realm != card_id)
            return carta_yaml_error(err, file, card, "a second Neutral Realm ('%s' is one)",
                                    rules->defs[rules->neutral_realm].name);
        rules->neutral_realm = card_id;
    }
    rules->defs[card_id] = def;
    if (card_id >= rules->n_defs)
        rules->n_defs = card_id + 1;
    return CARTA_OK;
}

/* Why a `manifest` step cannot bring card r into play (NULL if it can). A Token Unit enters the
 * performer's Realm and a Token Feat resolves at once, both without a target; a Token Binding is
 * Bound to the step's target. A manifested Feat pays nothing, so its primary ability has no
 * cost. */
static const char *cards_manifest_problem(const ark_card_def *r, bool has_target)
{
    if (!r->token)
        return "only Tokens are Manifested (it needs token: true)";
    if (r->type == ARK_BINDING)
        return has_target ? NULL : "a Token binding is Bound to a target: give the step a target";
    if (r->type != ARK_UNIT && r->type != ARK_FEAT)
        return "a Token is a unit, feat or binding";
    if (has_target)
        return "a Token unit or feat takes no target";
    for (int a = 0; r->type == ARK_FEAT && a < r->n_abilities; a++) {
        const ark_ability *ab = &r->abilities[a];
        if (!ab->talent && (ab->cost_arkhe || ab->cost_willpower || ab->cost_discard ||
                            ab->cost_exhaust))
            return "a Token feat's primary ability has no cost (Manifesting pays nothing)";
    }
    return NULL;
}

carta_status ark_resolve_refs(carta_rules *rules, carta_error *err)
{
    for (int id = 0; id < rules->n_defs; id++) {
        ark_card_def *d = &rules->defs[id];
        for (int i = 0; i < d->n_steps; i++) {
            ark_step *s = &d->steps[i];
            if (s->op != ARK_OP_STATUS && s->op != ARK_OP_MANIFEST)
                continue;
            const char *name = s->ref_name < rules->n_refs ? rules->refs[s->ref_name] : "?";
            int ref = carta_catalog_find(rules->catalog, name);
            const ark_card_def *r = ark_def(rules, ref);
            if (!r)
                return carta_error_set(err, CARTA_ERR_INPUT,
                                       "card '%s': error: unknown card '%s' in %s", d->name, name,
                                       s->op == ARK_OP_STATUS ? "status" : "manifest");
            if (s->op == ARK_OP_STATUS && r->type != ARK_STATUS)
                return carta_error_set(err, CARTA_ERR_INPUT,
                                       "card '%s': error: '%s' is not a status card", d->name,
                                       name);
            if (s->op == ARK_OP_MANIFEST) {
                const char *why = cards_manifest_problem(r, !(s->tflags & ARK_TG_NONE));
                if (why)
                    return carta_error_set(err, CARTA_ERR_INPUT,
                                           "card '%s': error: manifest '%s': %s", d->name, name,
                                           why);
            }
            s->ref = (uint16_t)ref;
        }
    }
    return CARTA_OK;
}
