/* cards.c: compiles Æmber card maps (docs/card-format/aember.md) into aember_card_def, refusing bad ones
 * with file, line and reason. */
#include "games/aember/aember.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/mem.h"
#include "core/vocab.h"
#include "core/yaml.h"

typedef struct cards_ctx {
    carta_rules *rules;
    aember_card_def *def;
    const char *file;
    carta_error *err;
} cards_ctx;

/* Interns a house name; -1 if the table is full. */
static int cards_house(carta_rules *rules, const char *name)
{
    int id = aember_house_id(rules, name);
    if (id >= 0 || rules->n_houses >= AEMBER_MAX_HOUSES)
        return id;
    memcpy(rules->houses[rules->n_houses], name, strlen(name) + 1); /* < AEMBER_WORD_MAX */
    snprintf(rules->house_words[rules->n_houses], sizeof rules->house_words[0], "house %s", name);
    snprintf(rules->ban_words[rules->n_houses], sizeof rules->ban_words[0],
             "may not choose house %s next turn", name);
    return rules->n_houses++;
}

static int cards_trait(carta_rules *rules, const char *name)
{
    for (int i = 0; i < rules->n_traits; i++)
        if (strcmp(rules->traits[i], name) == 0)
            return i;
    if (rules->n_traits >= AEMBER_MAX_TRAITS)
        return -1;
    memcpy(rules->traits[rules->n_traits], name, strlen(name) + 1); /* < AEMBER_WORD_MAX */
    return rules->n_traits++;
}

int aember_house_id(const carta_rules *rules, const char *name)
{
    for (int i = 0; i < rules->n_houses; i++)
        if (strcmp(rules->houses[i], name) == 0)
            return i;
    return -1;
}

const char *aember_house_name(const carta_rules *rules, int house)
{
    return house >= 0 && house < rules->n_houses ? rules->houses[house] : "?";
}


/* ---- keywords ---- */

static const char *const kw_names[] = {"assault", "hazardous", "elusive", "poison", "skirmish",
                                       "taunt", NULL};

/* Parses "elusive" or "assault 2" into a keyword bit and value. */
static carta_status cards_keyword(cards_ctx *c, struct fy_node *node, uint16_t *bit, int *value)
{
    int k;
    if (carta_vocab_keyword(node, kw_names, 1u << 0 | 1u << 1, 99, &k, value, c->file, c->err))
        return CARTA_ERR_INPUT; /* assault N and hazardous N take a value */
    *bit = (uint16_t)(1u << k);
    return CARTA_OK;
}

/* ---- targets ---- */

static const char *const select_names[] = {
    "", "chosen", "up_to", "each", "random", "least_powerful", "most_powerful",
    "each_least_powerful", "each_most_powerful", "self", "it", "opposing", NULL};
static const char *const kind_names[] = {"creature", "artifact", "card", NULL};
static const char *const side_names[] = {"any", "friendly", "enemy", NULL};
static const char *const type_names[] = {"action", "artifact", "creature", "upgrade", NULL};

/* Reads an optional word field into *out by table index. */
static carta_status cards_enum(cards_ctx *c, struct fy_node *map, const char *key,
                               const char *const *names, int *out)
{
    return carta_vocab_read(map, key, names, out, c->file, c->err);
}

/* Reads an optional tri-state boolean filter: sets on_bit if true, off_bit if false. */
static carta_status cards_tri(cards_ctx *c, struct fy_node *map, const char *key, uint16_t on_bit,
                              uint16_t off_bit, aember_step *s)
{
    if (!carta_yaml_get(map, key))
        return CARTA_OK;
    bool b;
    if (carta_yaml_bool(map, key, false, &b, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (b)
        s->filters |= on_bit;
    else if (off_bit)
        s->filters |= off_bit;
    else
        return carta_yaml_error(c->err, c->file, carta_yaml_get(map, key),
                                "'%s' can only be true", key);
    return CARTA_OK;
}

/* Reads house/trait/card_type filters found in map (a target or a step). */
static carta_status cards_filters(cards_ctx *c, struct fy_node *map, aember_step *s)
{
    char buf[64];
    struct fy_node *v;
    if ((v = carta_yaml_get(map, "house"))) {
        if (!carta_yaml_scalar(v, buf, sizeof buf) || !carta_vocab_is_word(buf, AEMBER_WORD_MAX))
            return carta_yaml_error(c->err, c->file, v, "house must be a lowercase word");
        int h = cards_house(c->rules, buf);
        if (h < 0)
            return carta_yaml_error(c->err, c->file, v, "too many houses (at most %d)",
                                    AEMBER_MAX_HOUSES);
        s->house = (uint8_t)(h + 1);
    }
    if ((v = carta_yaml_get(map, "trait"))) {
        if (!carta_yaml_scalar(v, buf, sizeof buf) || !carta_vocab_is_word(buf, AEMBER_WORD_MAX))
            return carta_yaml_error(c->err, c->file, v, "trait must be a lowercase word");
        int t = cards_trait(c->rules, buf);
        if (t < 0)
            return carta_yaml_error(c->err, c->file, v, "too many traits (at most %d)",
                                    AEMBER_MAX_TRAITS);
        s->trait = (uint8_t)(t + 1);
    }
    int ty = -1;
    if (cards_enum(c, map, "card_type", type_names, &ty) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (ty >= 0)
        s->card_type = (uint8_t)(ty + 1);
    return CARTA_OK;
}

static carta_status cards_target(cards_ctx *c, struct fy_node *t, aember_step *s)
{
    char buf[64];
    s->select = AEMBER_SEL_CHOSEN;
    s->count = 1;
    if (carta_yaml_scalar(t, buf, sizeof buf)) {
        int i = carta_vocab_find(select_names, buf);
        if (i != AEMBER_SEL_SELF && i != AEMBER_SEL_IT && i != AEMBER_SEL_OPPOSING)
            return carta_yaml_error(c->err, c->file, t,
                                    "target must be self, it, opposing or a map");
        s->select = (uint8_t)i;
        return CARTA_OK;
    }
    static const char *const keys[] = {"select", "count", "kind", "side", "not_self",
                                       "power_max", "power_min", "damaged", "flank", "neighbor",
                                       "exhausted", "stunned", "has_aember", "house", "trait",
                                       "card_type", NULL};
    if (carta_yaml_check_keys(t, keys, "a target", c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    int sel = AEMBER_SEL_CHOSEN, kind = 0, side = 0, count = 1, pmax = -1, pmin = -1;
    if (cards_enum(c, t, "select", select_names, &sel) != CARTA_OK ||
        cards_enum(c, t, "kind", kind_names, &kind) != CARTA_OK ||
        cards_enum(c, t, "side", side_names, &side) != CARTA_OK ||
        carta_yaml_int(t, "count", 1, false, 1, 24, &count, c->file, c->err) != CARTA_OK ||
        carta_yaml_int(t, "power_max", -1, false, 0, 99, &pmax, c->file, c->err) != CARTA_OK ||
        carta_yaml_int(t, "power_min", -1, false, 0, 99, &pmin, c->file, c->err) != CARTA_OK ||
        cards_tri(c, t, "not_self", AEMBER_FILT_NOT_SELF, 0, s) != CARTA_OK ||
        cards_tri(c, t, "damaged", AEMBER_FILT_DAMAGED, AEMBER_FILT_UNDAMAGED, s) != CARTA_OK ||
        cards_tri(c, t, "flank", AEMBER_FILT_FLANK, AEMBER_FILT_NON_FLANK, s) != CARTA_OK ||
        cards_tri(c, t, "neighbor", AEMBER_FILT_NEIGHBOR, 0, s) != CARTA_OK ||
        cards_tri(c, t, "exhausted", AEMBER_FILT_EXHAUSTED, AEMBER_FILT_READY, s) != CARTA_OK ||
        cards_tri(c, t, "stunned", AEMBER_FILT_STUNNED, 0, s) != CARTA_OK ||
        cards_tri(c, t, "has_aember", AEMBER_FILT_HAS_AEMBER, 0, s) != CARTA_OK ||
        cards_filters(c, t, s) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (sel == 0)
        sel = AEMBER_SEL_CHOSEN;
    s->select = (uint8_t)sel;
    s->kind = (uint8_t)kind;
    s->side = (uint8_t)side;
    s->count = (uint8_t)count;
    s->power_max = (int8_t)pmax;
    s->power_min = (int8_t)pmin;
    if ((sel == AEMBER_SEL_LEAST || sel == AEMBER_SEL_MOST || sel == AEMBER_SEL_EACH_LEAST ||
         sel == AEMBER_SEL_EACH_MOST) && kind != AEMBER_KIND_CREATURE)
        return carta_yaml_error(c->err, c->file, t, "least/most powerful applies to creatures");
    return CARTA_OK;
}

/* ---- steps ---- */

enum { V_AMOUNT, V_TRUE, V_HEAL, V_SWAP, V_AMOUNT_OR_TRUE };

typedef struct cards_verb {
    const char *name;
    uint8_t op;
    uint8_t value;    /* V_* */
    uint8_t target;   /* 0 none, 1 takes a target, 2 target or from */
    uint8_t who;      /* default who */
    uint8_t from;     /* default from */
} cards_verb;

static const cards_verb verbs[] = {
    {"gain", AEMBER_OP_GAIN, V_AMOUNT, 0, AEMBER_WHO_YOU, 0},
    {"lose", AEMBER_OP_LOSE, V_AMOUNT, 0, AEMBER_WHO_OPPONENT, 0},
    {"steal", AEMBER_OP_STEAL, V_AMOUNT, 0, AEMBER_WHO_YOU, 0},
    {"capture", AEMBER_OP_CAPTURE, V_AMOUNT, 1, AEMBER_WHO_YOU, 0},
    {"pay", AEMBER_OP_PAY, V_AMOUNT, 0, AEMBER_WHO_YOU, 0},
    {"forge", AEMBER_OP_FORGE, V_TRUE, 0, AEMBER_WHO_YOU, 0},
    {"unforge", AEMBER_OP_UNFORGE, V_AMOUNT, 0, AEMBER_WHO_OPPONENT, 0},
    {"key_cost", AEMBER_OP_KEY_COST, V_AMOUNT, 0, AEMBER_WHO_OPPONENT, 0},
    {"forbid_house", AEMBER_OP_FORBID_HOUSE, V_TRUE, 0, AEMBER_WHO_OPPONENT, 0},
    {"chains", AEMBER_OP_CHAINS, V_AMOUNT, 0, AEMBER_WHO_YOU, 0},
    {"draw", AEMBER_OP_DRAW, V_AMOUNT, 0, AEMBER_WHO_YOU, 0},
    {"damage", AEMBER_OP_DAMAGE, V_AMOUNT, 1, 0, 0},
    {"heal", AEMBER_OP_HEAL, V_HEAL, 1, 0, 0},
    {"destroy", AEMBER_OP_DESTROY, V_TRUE, 1, 0, 0},
    {"sacrifice", AEMBER_OP_SACRIFICE, V_TRUE, 1, 0, 0},
    {"stun", AEMBER_OP_STUN, V_TRUE, 1, 0, 0},
    {"exhaust", AEMBER_OP_EXHAUST, V_TRUE, 1, 0, 0},
    {"ready", AEMBER_OP_READY, V_TRUE, 1, 0, 0},
    {"power_counters", AEMBER_OP_POWER_COUNTERS, V_AMOUNT, 1, 0, 0},
    {"power", AEMBER_OP_POWER, V_AMOUNT, 1, 0, 0},
    {"armor", AEMBER_OP_ARMOR, V_AMOUNT, 1, 0, 0},
    {"keyword", AEMBER_OP_KEYWORD, V_AMOUNT, 1, 0, 0},
    {"return_to_hand", AEMBER_OP_RETURN_TO_HAND, V_AMOUNT_OR_TRUE, 2, AEMBER_WHO_YOU,
     AEMBER_FROM_PLAY},
    {"return_to_deck", AEMBER_OP_RETURN_TO_DECK, V_TRUE, 1, 0, 0},
    {"archive", AEMBER_OP_ARCHIVE, V_AMOUNT_OR_TRUE, 2, AEMBER_WHO_YOU, AEMBER_FROM_PLAY},
    {"purge", AEMBER_OP_PURGE, V_AMOUNT_OR_TRUE, 2, AEMBER_WHO_OPPONENT, AEMBER_FROM_PLAY},
    {"discard", AEMBER_OP_DISCARD, V_AMOUNT, 0, AEMBER_WHO_YOU, AEMBER_FROM_HAND},
    {"fight_with", AEMBER_OP_FIGHT_WITH, V_TRUE, 1, 0, 0},
    {"ready_and_fight", AEMBER_OP_READY_AND_FIGHT, V_TRUE, 1, 0, 0},
    {"ready_and_reap", AEMBER_OP_READY_AND_REAP, V_TRUE, 1, 0, 0},
    {"reap_with", AEMBER_OP_REAP_WITH, V_TRUE, 1, 0, 0},
    {"use", AEMBER_OP_USE, V_TRUE, 1, 0, 0},
    {"play", AEMBER_OP_PLAY, V_AMOUNT, 0, AEMBER_WHO_YOU, AEMBER_FROM_HAND},
    {"search", AEMBER_OP_SEARCH, V_AMOUNT, 0, AEMBER_WHO_YOU, AEMBER_FROM_DECK},
    {"swap", AEMBER_OP_SWAP, V_SWAP, 1, 0, 0},
    {"repeat", AEMBER_OP_REPEAT, V_AMOUNT, 0, 0, 0},
    {"handler", AEMBER_OP_HANDLER, V_TRUE, 1, 0, 0},
    {NULL, 0, 0, 0, 0, 0},
};

static const char *const modifier_keys[] = {
    "may", "if_you_do", "if", "who", "from", "to", "random", "shuffle", "splash", "duration",
    "amount", "target", "house", "trait", "card_type", NULL};

static const char *const cond_names[] = {
    "", "your_aember_min", "opponent_aember_min", "your_keys_min", "opponent_keys_min",
    "friendly_creatures_min", "enemy_creatures_min", "fewer_creatures", "it_destroyed",
    "on_flank", "this_way_min", "self_damaged", NULL};

static carta_status cards_condition(cards_ctx *c, struct fy_node *m, aember_step *s)
{
    if (!fy_node_is_mapping(m) || fy_node_mapping_item_count(m) != 1)
        return carta_yaml_error(c->err, c->file, m, "'if' must be a map with one condition");
    void *it = NULL;
    struct fy_node_pair *p = fy_node_mapping_iterate(m, &it);
    char key[64], val[32];
    carta_yaml_scalar(fy_node_pair_key(p), key, sizeof key);
    int k = carta_vocab_find(cond_names, key);
    if (k <= 0)
        return carta_yaml_error(c->err, c->file, fy_node_pair_key(p), "unknown condition '%s'",
                                key);
    struct fy_node *v = fy_node_pair_value(p);
    if (!carta_yaml_scalar(v, val, sizeof val))
        return carta_yaml_error(c->err, c->file, v, "condition '%s' needs a value", key);
    int arg = 0;
    bool is_bool = k == AEMBER_COND_FEWER_CREATURES || k == AEMBER_COND_IT_DESTROYED ||
                   k == AEMBER_COND_ON_FLANK || k == AEMBER_COND_SELF_DAMAGED;
    if (is_bool) {
        if (strcmp(val, "true") != 0)
            return carta_yaml_error(c->err, c->file, v, "condition '%s' takes true", key);
    } else {
        char *end;
        long n = strtol(val, &end, 10);
        if (*end || n < 0 || n > 99)
            return carta_yaml_error(c->err, c->file, v, "condition '%s' needs a number 0..99",
                                    key);
        arg = (int)n;
    }
    s->cond = (uint8_t)k;
    s->cond_arg = (int8_t)arg;
    return CARTA_OK;
}

/* Reads the verb's value into s->amount / flags. */
static carta_status cards_verb_value(cards_ctx *c, const cards_verb *vb, struct fy_node *v,
                                     aember_step *s)
{
    char buf[64];
    if (!carta_yaml_scalar(v, buf, sizeof buf))
        return carta_yaml_error(c->err, c->file, v, "'%s' needs a value", vb->name);
    if (vb->op == AEMBER_OP_KEYWORD) {
        uint16_t bit;
        int value;
        if (cards_keyword(c, v, &bit, &value) != CARTA_OK)
            return CARTA_ERR_INPUT;
        int b = 0;
        while ((1u << b) != bit)
            b++;
        s->amount = (int8_t)b;
        s->splash = (int8_t)value; /* keyword value rides in splash */
        return CARTA_OK;
    }
    if (vb->value == V_SWAP) {
        if (strcmp(buf, "self") == 0)
            return CARTA_OK;
        if (strcmp(buf, "pair") == 0) {
            s->flags |= AEMBER_STEP_SWAP_PAIR;
            return CARTA_OK;
        }
        return carta_yaml_error(c->err, c->file, v, "swap must be 'self' or 'pair'");
    }
    if (vb->value == V_HEAL && strcmp(buf, "all") == 0) {
        s->flags |= AEMBER_STEP_ALL;
        return CARTA_OK;
    }
    if (strcmp(buf, "true") == 0 && (vb->value == V_TRUE || vb->value == V_AMOUNT_OR_TRUE)) {
        s->amount = 1;
        return CARTA_OK;
    }
    if (vb->value == V_TRUE)
        return carta_yaml_error(c->err, c->file, v, "'%s' takes true", vb->name);
    if (strcmp(buf, "this_way") == 0 && vb->op != AEMBER_OP_REPEAT) {
        s->flags |= AEMBER_STEP_THIS_WAY;
        return CARTA_OK;
    }
    char *end;
    long n = strtol(buf, &end, 10);
    bool negative_ok = vb->op == AEMBER_OP_POWER || vb->op == AEMBER_OP_KEY_COST ||
                       vb->op == AEMBER_OP_ARMOR;
    if (*end || n > 99 || n < (negative_ok ? -99 : 0))
        return carta_yaml_error(c->err, c->file, v, "'%s' needs a number %s..99 or this_way",
                                vb->name, negative_ok ? "-99" : "0");
    s->amount = (int8_t)n;
    return CARTA_OK;
}

/* Reads the step's modifiers (everything but the verb). */
static carta_status cards_modifiers(cards_ctx *c, const cards_verb *vb, struct fy_node *m,
                                    aember_step *s, int trigger)
{
    bool b;
    int who = vb->who, from = vb->from, dur = -1, splash = 0, amount = s->amount;
    static const char *const who_names[] = {"you", "opponent", "both", NULL};
    static const char *const from_names[] = {"play", "hand", "deck", "discard", NULL};
    static const char *const dur_names[] = {"constant", "turn", "next_turn", NULL};
    static const char *const to_names[] = {"hand", "archives", NULL};
    int to = 0;
    if (carta_yaml_bool(m, "may", false, &b, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (b)
        s->flags |= AEMBER_STEP_MAY;
    if (carta_yaml_bool(m, "if_you_do", false, &b, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (b)
        s->flags |= AEMBER_STEP_IF_YOU_DO;
    if (carta_yaml_bool(m, "random", false, &b, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (b)
        s->flags |= AEMBER_STEP_RANDOM;
    if (carta_yaml_bool(m, "shuffle", false, &b, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (b)
        s->flags |= AEMBER_STEP_SHUFFLE;
    if (cards_enum(c, m, "who", who_names, &who) != CARTA_OK ||
        cards_enum(c, m, "from", from_names, &from) != CARTA_OK ||
        cards_enum(c, m, "duration", dur_names, &dur) != CARTA_OK ||
        cards_enum(c, m, "to", to_names, &to) != CARTA_OK ||
        carta_yaml_int(m, "splash", 0, false, 0, 99, &splash, c->file, c->err) != CARTA_OK ||
        carta_yaml_int(m, "amount", amount, false, -99, 99, &amount, c->file, c->err) !=
            CARTA_OK ||
        cards_filters(c, m, s) != CARTA_OK)
        return CARTA_ERR_INPUT;
    struct fy_node *v;
    if ((v = carta_yaml_get(m, "if")) && cards_condition(c, v, s) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (to == 1)
        s->flags |= AEMBER_STEP_TO_ARCHIVES;
    s->who = (uint8_t)who;
    s->amount = (int8_t)amount;
    if (vb->op != AEMBER_OP_KEYWORD)
        s->splash = (int8_t)splash;
    else if (splash)
        return carta_yaml_error(c->err, c->file, m, "splash only modifies damage");
    if (splash && vb->op != AEMBER_OP_DAMAGE)
        return carta_yaml_error(c->err, c->file, m, "splash only modifies damage");
    if (dur < 0)
        dur = trigger == AEMBER_TRIG_CONSTANT ? AEMBER_DUR_CONSTANT : AEMBER_DUR_TURN;
    s->duration = (uint8_t)dur;

    struct fy_node *t = carta_yaml_get(m, "target");
    if (t && vb->target == 0)
        return carta_yaml_error(c->err, c->file, t, "'%s' takes no target", vb->name);
    if (vb->target == 2 && !carta_yaml_get(m, "from") && !t)
        return carta_yaml_error(c->err, c->file, m, "'%s' needs a target or 'from'", vb->name);
    if (vb->target == 2 && t && from != AEMBER_FROM_PLAY)
        return carta_yaml_error(c->err, c->file, t, "'%s' takes a target only from play",
                                vb->name);
    if (vb->target == 2 && !t && from == AEMBER_FROM_PLAY)
        return carta_yaml_error(c->err, c->file, m, "'%s' from play needs a target", vb->name);
    s->from = (uint8_t)(vb->target == 2 && t ? AEMBER_FROM_PLAY : from);
    if (t) {
        if (cards_target(c, t, s) != CARTA_OK)
            return CARTA_ERR_INPUT;
    } else if (vb->target == 1) {
        /* default target: self for capture, constants and handlers; else required */
        if (vb->op == AEMBER_OP_CAPTURE || trigger == AEMBER_TRIG_CONSTANT ||
            vb->op == AEMBER_OP_HANDLER)
            s->select = vb->op == AEMBER_OP_HANDLER ? AEMBER_SEL_NONE : AEMBER_SEL_SELF;
        else
            return carta_yaml_error(c->err, c->file, m, "'%s' needs a target", vb->name);
    }
    if (s->select == AEMBER_SEL_OPPOSING && trigger != AEMBER_TRIG_FIGHT &&
        trigger != AEMBER_TRIG_BEFORE_FIGHT)
        return carta_yaml_error(c->err, c->file, t,
                                "target 'opposing' only in fight and before_fight abilities");
    if (s->op == AEMBER_OP_DISCARD && (from != AEMBER_FROM_HAND && from != AEMBER_FROM_DECK))
        return carta_yaml_error(c->err, c->file, m, "discard is from hand or deck");
    if (s->op == AEMBER_OP_SEARCH && from != AEMBER_FROM_DECK && from != AEMBER_FROM_DISCARD)
        return carta_yaml_error(c->err, c->file, m, "search is from deck or discard");
    if (s->op == AEMBER_OP_PLAY && from == AEMBER_FROM_PLAY)
        return carta_yaml_error(c->err, c->file, m, "play is from hand, deck or discard");
    return CARTA_OK;
}

static carta_status cards_constant_check(cards_ctx *c, struct fy_node *m, aember_step *s)
{
    int op = s->op;
    if (op != AEMBER_OP_POWER && op != AEMBER_OP_ARMOR && op != AEMBER_OP_KEYWORD &&
        op != AEMBER_OP_KEY_COST)
        return carta_yaml_error(c->err, c->file, m,
                                "a constant ability may only use power, armor, keyword or "
                                "key_cost");
    if (op != AEMBER_OP_KEY_COST && s->select != AEMBER_SEL_SELF && s->select != AEMBER_SEL_EACH)
        return carta_yaml_error(c->err, c->file, m,
                                "a constant effect targets self or 'select: each'");
    if (s->flags & (AEMBER_STEP_MAY | AEMBER_STEP_IF_YOU_DO | AEMBER_STEP_THIS_WAY))
        return carta_yaml_error(c->err, c->file, m,
                                "a constant effect cannot be may, if_you_do or this_way");
    return CARTA_OK;
}

static carta_status cards_step(cards_ctx *c, struct fy_node *m, int trigger)
{
    aember_card_def *def = c->def;
    if (!fy_node_is_mapping(m))
        return carta_yaml_error(c->err, c->file, m, "an effect step must be a map");
    if (def->n_steps >= AEMBER_STEP_MAX)
        return carta_yaml_error(c->err, c->file, m, "too many effect steps (at most %d a card)",
                                AEMBER_STEP_MAX);
    aember_step *s = &def->steps[def->n_steps];
    memset(s, 0, sizeof *s);
    s->power_min = s->power_max = -1;
    const cards_verb *vb = NULL;
    struct fy_node *verb_value = NULL;
    void *it = NULL;
    struct fy_node_pair *p;
    while ((p = fy_node_mapping_iterate(m, &it))) {
        char key[64];
        struct fy_node *k = fy_node_pair_key(p);
        if (!carta_yaml_scalar(k, key, sizeof key))
            return carta_yaml_error(c->err, c->file, k, "step keys must be words");
        const cards_verb *found = NULL;
        for (int i = 0; verbs[i].name; i++)
            if (strcmp(verbs[i].name, key) == 0)
                found = &verbs[i];
        if (found) {
            if (vb)
                return carta_yaml_error(c->err, c->file, k,
                                        "a step has one effect ('%s' and '%s'): split it", vb->name,
                                        key);
            vb = found;
            verb_value = fy_node_pair_value(p);
        } else if (carta_vocab_find(modifier_keys, key) < 0) {
            return carta_yaml_error(c->err, c->file, k, "unknown effect or modifier '%s'", key);
        }
    }
    if (!vb)
        return carta_yaml_error(c->err, c->file, m, "a step needs an effect (gain, damage, ...)");
    s->op = vb->op;
    if (vb->op == AEMBER_OP_HANDLER) {
        char name[64];
        int h = carta_yaml_scalar(verb_value, name, sizeof name) ? aember_handler_find(name) : -1;
        if (h < 0)
            return carta_yaml_error(c->err, c->file, verb_value, "unknown handler '%s'", name);
        s->handler = (uint16_t)h;
    } else if (cards_verb_value(c, vb, verb_value, s) != CARTA_OK) {
        return CARTA_ERR_INPUT;
    }
    if (cards_modifiers(c, vb, m, s, trigger) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (trigger == AEMBER_TRIG_CONSTANT && cards_constant_check(c, m, s) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (trigger == AEMBER_TRIG_CONSTANT && vb->op != AEMBER_OP_KEY_COST) {
        uint8_t mod = vb->op == AEMBER_OP_POWER   ? AEMBER_MOD_POWER
                      : vb->op == AEMBER_OP_ARMOR ? AEMBER_MOD_ARMOR
                                                  : AEMBER_MOD_KEYWORD;
        if (s->select == AEMBER_SEL_SELF)
            def->self_ops |= mod;
        else
            def->aura_ops |= mod;
    }
    if (trigger != AEMBER_TRIG_CONSTANT &&
        (vb->op == AEMBER_OP_ARMOR || vb->op == AEMBER_OP_KEYWORD))
        return carta_yaml_error(c->err, c->file, m, "'%s' is only a constant effect", vb->name);
    if (vb->op == AEMBER_OP_POWER && s->amount < 0)
        c->rules->any_negative_power = true;
    if (vb->op == AEMBER_OP_REPEAT && def->n_steps == 0)
        return carta_yaml_error(c->err, c->file, m, "repeat needs a step before it");
    def->n_steps++;
    return CARTA_OK;
}

static const char *const trigger_names[] = {"play", "reap", "fight", "before_fight", "action",
                                            "omni", "destroyed", "constant", "start_of_turn",
                                            "end_of_turn", NULL};

static carta_status cards_ability(cards_ctx *c, struct fy_node *a)
{
    aember_card_def *def = c->def;
    static const char *const keys[] = {"trigger", "effects", NULL};
    if (carta_yaml_check_keys(a, keys, "an ability", c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (def->n_abilities >= AEMBER_ABILITY_MAX)
        return carta_yaml_error(c->err, c->file, a, "too many abilities (at most %d)",
                                AEMBER_ABILITY_MAX);
    int trig = -1;
    if (!carta_yaml_get(a, "trigger"))
        return carta_yaml_error(c->err, c->file, a, "an ability needs a 'trigger'");
    if (cards_enum(c, a, "trigger", trigger_names, &trig) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (trig == AEMBER_TRIG_OMNI && def->type != AEMBER_ARTIFACT)
        return carta_yaml_error(c->err, c->file, a, "only artifacts have omni abilities");
    if ((trig == AEMBER_TRIG_REAP || trig == AEMBER_TRIG_FIGHT ||
         trig == AEMBER_TRIG_BEFORE_FIGHT) &&
        def->type != AEMBER_CREATURE && def->type != AEMBER_UPGRADE)
        return carta_yaml_error(c->err, c->file, a, "%s abilities belong to creatures",
                                trigger_names[trig]);
    if (def->type == AEMBER_ACTION && trig != AEMBER_TRIG_PLAY)
        return carta_yaml_error(c->err, c->file, a, "an action card only has a play ability");
    struct fy_node *effects = carta_yaml_get(a, "effects");
    if (!effects || !fy_node_is_sequence(effects) || fy_node_sequence_item_count(effects) == 0)
        return carta_yaml_error(c->err, c->file, a, "'effects' must be a non-empty list of steps");
    aember_ability *ab = &def->abilities[def->n_abilities];
    ab->trigger = (uint8_t)trig;
    ab->first = def->n_steps;
    void *it = NULL;
    struct fy_node *step;
    while ((step = fy_node_sequence_iterate(effects, &it)))
        if (cards_step(c, step, trig) != CARTA_OK)
            return CARTA_ERR_INPUT;
    ab->n = (uint8_t)(def->n_steps - ab->first);
    def->triggers |= (uint16_t)(1u << trig);
    def->n_abilities++;
    if (trig == AEMBER_TRIG_CONSTANT)
        c->rules->any_constant = true;
    return CARTA_OK;
}

static carta_status cards_fields(cards_ctx *c, struct fy_node *card)
{
    aember_card_def *def = c->def;
    char buf[AEMBER_TEXT_MAX];
    int type = -1, rarity = 0, power = 0, armor = 0, aember = 0;
    bool maverick = false;
    static const char *const rarity_names[] = {"common", "uncommon", "rare", "special", NULL};
    if (carta_yaml_str(card, "house", NULL, buf, sizeof buf, c->file, c->err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    if (!carta_vocab_is_word(buf, AEMBER_WORD_MAX))
        return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "house"),
                                "house must be a lowercase word of at most %d bytes",
                                AEMBER_WORD_MAX - 1);
    int h = cards_house(c->rules, buf);
    if (h < 0)
        return carta_yaml_error(c->err, c->file, carta_yaml_get(card, "house"),
                                "too many houses (at most %d)", AEMBER_MAX_HOUSES);
    def->house = (uint8_t)h;
    if (!carta_yaml_get(card, "type"))
        return carta_yaml_error(c->err, c->file, card, "card '%s' needs a 'type'", def->name);
    if (cards_enum(c, card, "type", type_names, &type) != CARTA_OK ||
        cards_enum(c, card, "rarity", rarity_names, &rarity) != CARTA_OK)
        return CARTA_ERR_INPUT;
    def->type = (uint8_t)type;
    def->rarity = (uint8_t)rarity;
    bool creature = type == AEMBER_CREATURE;
    if (!creature && (carta_yaml_get(card, "power") || carta_yaml_get(card, "armor")))
        return carta_yaml_error(c->err, c->file, card, "only creatures have power and armor");
    if (carta_yaml_int(card, "power", 0, creature, 1, 99, &power, c->file, c->err) != CARTA_OK ||
        carta_yaml_int(card, "armor", 0, false, 0, 99, &armor, c->file, c->err) != CARTA_OK ||
        carta_yaml_int(card, "aember", 0, false, 0, 9, &aember, c->file, c->err) != CARTA_OK ||
        carta_yaml_bool(card, "maverick", false, &maverick, c->file, c->err) != CARTA_OK ||
        carta_yaml_str(card, "text", "", def->text, sizeof def->text, c->file, c->err) !=
            CARTA_OK)
        return CARTA_ERR_INPUT;
    def->power = (uint8_t)power;
    def->armor = (uint8_t)armor;
    def->aember = (uint8_t)aember;
    def->maverick = maverick;
    return CARTA_OK;
}

static carta_status cards_lists(cards_ctx *c, struct fy_node *card)
{
    aember_card_def *def = c->def;
    struct fy_node *v, *item;
    void *it = NULL;
    if ((v = carta_yaml_get(card, "traits"))) {
        if (!fy_node_is_sequence(v))
            return carta_yaml_error(c->err, c->file, v, "traits must be a list of words");
        while ((item = fy_node_sequence_iterate(v, &it))) {
            char buf[64];
            if (!carta_yaml_scalar(item, buf, sizeof buf) ||
                !carta_vocab_is_word(buf, AEMBER_WORD_MAX))
                return carta_yaml_error(c->err, c->file, item, "a trait is a lowercase word");
            int t = cards_trait(c->rules, buf);
            if (t < 0)
                return carta_yaml_error(c->err, c->file, item, "too many traits (at most %d)",
                                        AEMBER_MAX_TRAITS);
            def->traits |= 1ull << t;
        }
    }
    if ((v = carta_yaml_get(card, "keywords"))) {
        if (!fy_node_is_sequence(v))
            return carta_yaml_error(c->err, c->file, v, "keywords must be a list");
        if (def->type != AEMBER_CREATURE && fy_node_sequence_item_count(v) > 0)
            return carta_yaml_error(c->err, c->file, v, "only creatures have keywords");
        it = NULL;
        while ((item = fy_node_sequence_iterate(v, &it))) {
            uint16_t bit;
            int value;
            if (cards_keyword(c, item, &bit, &value) != CARTA_OK)
                return CARTA_ERR_INPUT;
            def->keywords |= bit;
            if (bit == AEMBER_KW_ASSAULT)
                def->assault = (uint8_t)value;
            if (bit == AEMBER_KW_HAZARDOUS)
                def->hazardous = (uint8_t)value;
        }
    }
    if ((v = carta_yaml_get(card, "abilities"))) {
        if (!fy_node_is_sequence(v))
            return carta_yaml_error(c->err, c->file, v, "abilities must be a list");
        it = NULL;
        while ((item = fy_node_sequence_iterate(v, &it)))
            if (cards_ability(c, item) != CARTA_OK)
                return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

carta_status aember_compile_card(void *ctx, int card_id, struct fy_node *card, const char *file,
                                 carta_error *err)
{
    carta_rules *rules = ctx;
    static const char *const keys[] = {"name", "house", "type", "rarity", "power", "armor",
                                       "aember", "traits", "keywords", "maverick", "text",
                                       "abilities", NULL};
    if (carta_yaml_check_keys(card, keys, "a card", file, err) != CARTA_OK)
        return CARTA_ERR_INPUT;
    aember_card_def *defs = NULL;
    if (card_id < 0x7FFF)
        defs = carta_mem_grow(rules->defs, &rules->cap_defs, card_id, sizeof *defs, 256);
    if (!defs)
        return carta_error_set(err, CARTA_ERR_NOMEM, "%s: out of memory for cards", file);
    rules->defs = defs;
    aember_card_def def;
    memset(&def, 0, sizeof def);
    snprintf(def.name, sizeof def.name, "%s", carta_catalog_name(rules->catalog, card_id));
    cards_ctx c = {rules, &def, file, err};
    if (cards_fields(&c, card) != CARTA_OK || cards_lists(&c, card) != CARTA_OK)
        return CARTA_ERR_INPUT;
    rules->defs[card_id] = def;
    rules->aura_ops |= def.aura_ops;
    if (card_id >= rules->n_defs)
        rules->n_defs = card_id + 1;
    return CARTA_OK;
}
