/* cards.c: Archmajesty's card file format (docs/card-format/archmajesty.md): every entry of the
 * card set (spells, styles, abilities, ancestries, the build's attribute points and bonuses,
 * equipment, artefacts, enemies and encounters) compiled into the rules' tables. A name another
 * entry refers to (a style's cards, an encounter's enemies) may be defined in any file: the
 * references are kept as links and resolved once everything is loaded (am_links_resolve). */
#include "games/archmajesty/archmajesty.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libfyaml.h>

#include "core/yaml.h"

const char *const am_type_names[] = {
    "physical", "magical", "fire", "water", "shock", "wind", "stone", "flora", "bestial",
    "sound", "metal", "toxic", "ice", "mind", "body", "spirit", "cosmic", "void", "dark",
    "light", "summon", NULL};
const char *const am_status_names[] = {
    "empower", "swift", "haste", "surge", "burn", "poison", "whirlwind", "splash", "expose",
    "weaken", "gravity", "stun", "freeze", NULL};
static const char *const kind_names[] = {
    "spell", "style", "ability", "ancestry", "attribute", "bonus", "weapon", "armour",
    "consumable", "artefact", "enemy", "encounter", "minion", "object", NULL};
static const char *const roll_names[] = {"none", "auto", "might", "agility", "will", "any", NULL};
static const char *const attr_names[] = {"might", "agility", "will", "defence", NULL};
static const char *const bonus_names[] = {"hp", "equipment_slot", "ability_slot", "command", NULL};
static const char *const rank_names[] = {"fodder", "regular", "elite", "miniboss", "boss", NULL};
static const char *const wear_names[] = {"none", "head", "body", "shield", NULL};
static const char *const token_names[] = {"none", "strike", "guard", "protect", NULL};
static const char *const mode_names[] = {"passive", "active", "movement", NULL};
static const char *const use_names[] = {"none", "heal", "draw", "leaf", "fire", "smoke", "token",
                                        "oil", "quake", NULL};

const am_thing *am_thing_of(const carta_rules *r, int id)
{
    int t = am_type_of(r, id);
    return t == AM_T_NONE || t == AM_T_SPELL || t == AM_T_STYLE || t == AM_T_ENEMY ||
                   t == AM_T_ENCOUNTER || t == AM_T_MINION
               ? NULL
               : &r->thing[r->index[id]];
}

/* ---- small readers ---- */

static int word_index(const char *word, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (strcasecmp(word, names[i]) == 0)
            return i;
    return -1;
}

/* The word of node as an index of names; -1 with err naming what was expected. */
static int read_word(struct fy_node *node, const char *const *names, const char *what,
                     const char *file, carta_error *err)
{
    char word[48];
    int i = node && carta_yaml_scalar(node, word, sizeof word) ? word_index(word, names) : -1;
    if (i >= 0)
        return i;
    char list[400] = "";
    for (int k = 0; names[k]; k++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", k ? ", " : "",
                 names[k]);
    carta_yaml_error(err, file, node, "%s must be one of: %s", what, list);
    return -1;
}

/* key of map as a word of names; absent gives def (or an error if def < 0). */
static int read_key_word(struct fy_node *map, const char *key, const char *const *names, int def,
                         const char *file, carta_error *err)
{
    struct fy_node *node = carta_yaml_get(map, key);
    if (!node && def >= 0)
        return def;
    char what[64];
    snprintf(what, sizeof what, "'%s'", key);
    return read_word(node ? node : map, names, what, file, err);
}

/* A list of type words (or one word) as a bit mask; 0 with ok = 0 on error. */
static uint32_t read_types(struct fy_node *map, const char *key, const char *file, int *ok,
                           carta_error *err)
{
    struct fy_node *node = carta_yaml_get(map, key);
    uint32_t mask = 0;
    if (!node)
        return 0;
    int n = fy_node_is_sequence(node) ? fy_node_sequence_item_count(node) : 1;
    for (int i = 0; i < n; i++) {
        struct fy_node *item = fy_node_is_sequence(node) ? fy_node_sequence_get_by_index(node, i)
                                                        : node;
        int t = read_word(item, am_type_names, "a card type", file, err);
        if (t < 0) {
            *ok = 0;
            return 0;
        }
        mask |= 1u << t;
    }
    return mask;
}

/* An edge: a colour, two joined by '/', gold or black (Edge Colours). */
static int read_edge(struct fy_node *node, const char *file, carta_error *err)
{
    static const char *const colours[] = {"red", "green", "blue", "gold", "black", NULL};
    char text[48];
    if (!node || !carta_yaml_scalar(node, text, sizeof text))
        return carta_yaml_error(err, file, node, "an edge is red, green, blue, two of them "
                                "joined by '/', gold or black"), -1;
    int mask = 0;
    for (char *save = NULL, *part = strtok_r(text, "/", &save); part;
         part = strtok_r(NULL, "/", &save)) {
        int c = word_index(part, colours);
        if (c < 0)
            return carta_yaml_error(err, file, node, "'%s' is not an edge colour", part), -1;
        mask |= 1 << c;
    }
    if ((mask & (AM_GOLD | AM_BLACK)) && (mask & (mask - 1)))
        return carta_yaml_error(err, file, node, "a gold or black edge has no other colour"), -1;
    return mask;
}

/* ---- links: names resolved once every file is loaded ---- */

static carta_status link_add(carta_rules *r, uint16_t *slot, int want, struct fy_node *node,
                             const char *file, carta_error *err)
{
    char name[CARTA_NAME_MAX];
    if (!node || !carta_yaml_scalar(node, name, sizeof name) || !name[0])
        return carta_yaml_error(err, file, node, "expected a name");
    if (r->n_links == r->cap_links) {
        int cap = r->cap_links ? r->cap_links * 2 : 256;
        am_link *grown = realloc(r->links, (size_t)cap * sizeof *grown);
        if (!grown)
            return carta_error_set(err, CARTA_ERR_NOMEM, "archmajesty: out of memory");
        r->links = grown;
        r->cap_links = cap;
    }
    am_link *l = &r->links[r->n_links++];
    l->slot = slot;
    l->want = (uint8_t)want;
    l->line = carta_yaml_line(node);
    snprintf(l->name, sizeof l->name, "%s", name);
    snprintf(l->file, sizeof l->file, "%s", file);
    return CARTA_OK;
}

carta_status am_links_resolve(carta_rules *r, carta_error *err)
{
    for (int i = 0; i < r->n_links; i++) {
        am_link *l = &r->links[i];
        int id = carta_catalog_find(r->catalog, l->name);
        int t = am_type_of(r, id);
        int ok = l->want == AM_T_NONE ? t != AM_T_NONE : t == l->want;
        if (l->want == AM_T_ABILITY && t == AM_T_NONE)
            ok = 0;
        if (!ok) {
            carta_status s = carta_error_set(err, CARTA_ERR_INPUT, "%s:%d: error: '%s' is %s",
                                             l->file, l->line, l->name,
                                             id < 0 ? "not in the card set"
                                                    : l->want == AM_T_SPELL ? "not a spell card"
                                                    : l->want == AM_T_ABILITY ? "not an ability"
                                                    : l->want == AM_T_MINION ? "not a minion"
                                                    : l->want == AM_T_OBJECT ? "not an object"
                                                    : "not an enemy");
            r->n_links = 0;
            return s;
        }
        *l->slot = (uint16_t)id;
    }
    r->n_links = 0;
    return CARTA_OK;
}

/* A list of names under key, each linked to want, into slots (at most cap); *n gets the count. */
static carta_status read_links(carta_rules *r, struct fy_node *map, const char *key, int want,
                               uint16_t *slots, int cap, uint8_t *n, const char *file,
                               carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(map, key);
    *n = 0;
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) > cap)
        return carta_yaml_error(err, file, seq, "'%s' is a list of at most %d names", key, cap);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++)
        if (link_add(r, &slots[i], want, fy_node_sequence_get_by_index(seq, i), file, err))
            return CARTA_ERR_INPUT;
    *n = (uint8_t)fy_node_sequence_item_count(seq);
    return CARTA_OK;
}

/* ---- effects ---- */

/* [X, Y]: +X to hit (-20..20), +Y damage (-50..50) (ATTACK/DAMAGE BONUSES). */
static carta_status read_bonus(struct fy_node *node, const char *key, int8_t *x, int8_t *y,
                               const char *file, carta_error *err)
{
    char a[8], b[8];
    if (!fy_node_is_sequence(node) || fy_node_sequence_item_count(node) != 2 ||
        !carta_yaml_scalar(fy_node_sequence_get_by_index(node, 0), a, sizeof a) ||
        !carta_yaml_scalar(fy_node_sequence_get_by_index(node, 1), b, sizeof b) ||
        abs(atoi(a)) > 20 || abs(atoi(b)) > 50)
        return carta_yaml_error(err, file, node, "'%s' is [X, Y]: +X to hit, +Y damage", key);
    *x = (int8_t)atoi(a);
    *y = (int8_t)atoi(b);
    return CARTA_OK;
}

/* if: bloodied: an inflict only on the bloodied characters attacked, an effect of the caster's
 * own only while the caster is bloodied (BLOODIED: "Bloodied acts as an effect trigger"; R75).
 * if: vulnerable: an inflict only on the vulnerable characters attacked (VULNERABLE; R81). */
static carta_status read_condition(struct fy_node *map, am_op *op, const char *file,
                                   carta_error *err)
{
    static const char *const conditions[] = {"always", "bloodied", "vulnerable", NULL};
    struct fy_node *node = carta_yaml_get(map, "if");
    if (!node)
        return CARTA_OK;
    int c = read_key_word(map, "if", conditions, 0, file, err);
    if (c < 0)
        return CARTA_ERR_INPUT;
    int k = op->kind;
    if (c == AM_IF_VULNERABLE && k != AM_OP_INFLICT)
        return carta_yaml_error(err, file, node, "'if: vulnerable' is for inflict (the "
                                "vulnerable characters attacked)");
    if (c && k != AM_OP_INFLICT && k != AM_OP_GAIN && k != AM_OP_HEAL && k != AM_OP_DRAW &&
        k != AM_OP_MILL && k != AM_OP_ARMOUR && k != AM_OP_TOKEN && k != AM_OP_DEFENCE &&
        k != AM_OP_BOOST)
        return carta_yaml_error(err, file, node, "'if: bloodied' is for inflict (the bloodied "
                                "characters attacked) or an effect of the caster's own");
    op->cond = (uint8_t)c;
    return CARTA_OK;
}

/* when (a delayed effect of the caster's own) and until (how long a modifier lasts). */
static carta_status read_timing(struct fy_node *map, am_op *op, const char *file,
                                carta_error *err)
{
    static const char *const when_names[] = {"now", "turn_end", "next_turn_start",
                                             "next_turn_end", NULL};
    static const char *const until_names[] = {"now", "turn_end", "next_turn_start",
                                              "next_turn_end", "round_end", NULL};
    int modifier = op->kind == AM_OP_DEFENCE || op->kind == AM_OP_BOOST;
    int self = op->kind == AM_OP_GAIN || op->kind == AM_OP_HEAL || op->kind == AM_OP_DRAW ||
               op->kind == AM_OP_MILL || op->kind == AM_OP_ARMOUR || op->kind == AM_OP_TOKEN;
    struct fy_node *when = carta_yaml_get(map, "when"), *until = carta_yaml_get(map, "until");
    if (modifier && !until)
        return carta_yaml_error(err, file, map, "a modifier needs 'until': turn_end, "
                                "next_turn_start, next_turn_end or round_end");
    if (until && !modifier)
        return carta_yaml_error(err, file, until, "'until' bounds a modifier (defence, boost)");
    if (when && !self)
        return carta_yaml_error(err, file, when, "'when' delays an effect of the caster's own: "
                                "gain, heal, draw, mill, armour or token");
    int t = read_key_word(map, until ? "until" : "when", until ? until_names : when_names,
                          AM_NOW, file, err);
    if (t < 0)
        return CARTA_ERR_INPUT;
    if (modifier && t == AM_NOW)
        return carta_yaml_error(err, file, until, "'until' is turn_end, next_turn_start, "
                                "next_turn_end or round_end");
    op->timing = (uint8_t)t;
    return CARTA_OK;
}

/* to: ally | other_ally: the effect goes to an ally the caster picks (ENCHANTMENT; R118): gain,
 * heal and armour at once, defence and boost with any until, counted in the caster's turns
 * (R150); to: controller, to a
 * minion's controller, any effect of the caster's own (R129). */
static carta_status read_to(struct fy_node *map, am_op *op, const char *file, carta_error *err)
{
    static const char *const to_names[] = {"self", "ally", "other_ally", "controller",
                                           "each_ally", NULL};
    struct fy_node *node = carta_yaml_get(map, "to");
    if (!node)
        return CARTA_OK;
    int to = read_key_word(map, "to", to_names, AM_TO_SELF, file, err), k = op->kind;
    if (to < 0)
        return CARTA_ERR_INPUT;
    int modifier = k == AM_OP_DEFENCE || k == AM_OP_BOOST;
    if (to == AM_TO_CONTROLLER) {
        if (!modifier && k != AM_OP_GAIN && k != AM_OP_HEAL && k != AM_OP_ARMOUR &&
            k != AM_OP_DRAW && k != AM_OP_MILL && k != AM_OP_TOKEN)
            return carta_yaml_error(err, file, node, "'to: controller' takes gain, heal, armour, "
                                    "draw, mill, token, defence or boost");
        op->to = (uint8_t)to;
        return CARTA_OK;
    }
    /* an ally picked: also draw, mill, token, cleanse and shift (R132, R133); each ally: also
     * draw and token (R134) */
    int picked = k == AM_OP_DRAW || k == AM_OP_MILL || k == AM_OP_TOKEN ||
                 k == AM_OP_CLEANSE || k == AM_OP_SHIFT;
    int each = k == AM_OP_DRAW || k == AM_OP_TOKEN;
    if (!(modifier || k == AM_OP_GAIN || k == AM_OP_HEAL || k == AM_OP_ARMOUR ||
          (to == AM_TO_EACH_ALLY ? each : picked)) ||
        (modifier ? op->timing == AM_NOW : op->timing != AM_NOW) || op->cond)
        return carta_yaml_error(err, file, node, "'to: %s' takes gain, heal, armour, %s (at "
                                "once), or defence or boost with 'until'", to_names[to],
                                to == AM_TO_EACH_ALLY ? "draw or token"
                                                      : "draw, mill, token, cleanse or shift");
    op->to = (uint8_t)to;
    return CARTA_OK;
}

/* lasts: round | N (1..9 turns): a lingering area (R137), into *lasts (0: it does not linger). */
static carta_status read_lasts(struct fy_node *map, int *lasts, const char *file,
                               carta_error *err)
{
    struct fy_node *node = carta_yaml_get(map, "lasts");
    char word[8];
    *lasts = 0;
    if (!node)
        return CARTA_OK;
    if (carta_yaml_scalar(node, word, sizeof word) && !strcmp(word, "round")) {
        *lasts = AM_LASTS_ROUND;
        return CARTA_OK;
    }
    return carta_yaml_int(map, "lasts", 0, true, 1, 9, lasts, file, err);
}

/* area: [W, H] (Area Effects), whom: enemies|characters|allies, bound: true (an area "bound to a
 * target", R93), lasts: round | N (a lingering area, R137: into *lasts). */
static carta_status read_area(struct fy_node *map, struct fy_node *head, am_op *op, int *lasts,
                              const char *const *whom_names, const char *file, carta_error *err)
{
    char a[8], b[8];
    if (!fy_node_is_sequence(head) || fy_node_sequence_item_count(head) != 2 ||
        !carta_yaml_scalar(fy_node_sequence_get_by_index(head, 0), a, sizeof a) ||
        !carta_yaml_scalar(fy_node_sequence_get_by_index(head, 1), b, sizeof b) ||
        atoi(a) < 1 || atoi(a) > 8 || atoi(b) < 1 || atoi(b) > 8)
        return carta_yaml_error(err, file, head, "'area' is [W, H], each 1..8 squares");
    int whom = read_key_word(map, "whom", whom_names, AM_WHOM_ENEMIES, file, err);
    bool bound = false;
    if (whom < 0 || carta_yaml_bool(map, "bound", false, &bound, file, err) ||
        read_lasts(map, lasts, file, err))
        return CARTA_ERR_INPUT;
    if (*lasts && bound)
        return carta_yaml_error(err, file, map, "a lingering area ('lasts') is not 'bound'");
    op->x = (int8_t)atoi(a);
    op->y = (int8_t)atoi(b);
    op->arg = (uint8_t)whom;
    op->value = bound;
    return CARTA_OK;
}

/* One effect map of a stage (docs/card-format/archmajesty.md, "Effects"). */
static carta_status read_op(struct fy_node *map, am_op *op, int has_attack, const char *file,
                            carta_error *err)
{
    static const char *const keys[] = {"attack", "inflict", "gain", "heal", "draw", "shift",
                                       "token", "armour", "mill", "push", "pull", "carry",
                                       "teleport", "airborne", "grounded", "lift", "defence",
                                       "boost", "parry", "taunt", "summon", "sacrifice",
                                       "chain", "cleanse", "scrap", "strew", "pay_scrap", "area",
                                       "place_object", "push_object", "pull_object",
                                       "count", "on", "value", "range", "when", "until", "if",
                                       "to", "whom", "bound", "lasts", NULL};
    static const char *const heads[] = {"attack", "inflict", "gain", "heal", "draw", "shift",
                                        "token", "armour", "mill", "push", "pull", "carry",
                                        "teleport", "airborne", "grounded", "lift", "defence",
                                        "boost", "parry", "taunt", "summon", "sacrifice",
                                        "chain", "cleanse", "scrap", "strew", "pay_scrap", "area",
                                        "place_object", "push_object", "pull_object", NULL};
    static const char *const on_names[] = {"always", "hit", "miss", "fixed", "parried", NULL};
    static const char *const whom_names[] = {"enemies", "characters", "allies", NULL};
    if (carta_yaml_check_keys(map, keys, "an effect", file, err))
        return CARTA_ERR_INPUT;
    int kind = 0, count = 1, v = 0, range = 0;
    for (int i = 0; heads[i]; i++)
        if (carta_yaml_get(map, heads[i])) {
            if (kind)
                return carta_yaml_error(err, file, map, "an effect does one thing: '%s' and "
                                        "'%s'", heads[kind - 1], heads[i]);
            kind = i + 1;
        }
    if (!kind)
        return carta_yaml_error(err, file, map, "an effect needs one of: attack, inflict, gain, "
                                "heal, draw, shift, token, armour, mill, push, pull, carry, "
                                "teleport, airborne, grounded, lift, defence, boost, parry, "
                                "taunt, summon, sacrifice, chain, cleanse, scrap, strew, "
                                "pay_scrap, area, place_object, push_object, pull_object");
    struct fy_node *head = carta_yaml_get(map, heads[kind - 1]);
    op->kind = (uint8_t)kind;
    if (kind == AM_OP_INFLICT || kind == AM_OP_GAIN) {
        int s = read_word(head, am_status_names, "a status", file, err);
        if (s < 0)
            return CARTA_ERR_INPUT;
        op->arg = (uint8_t)s;
        if (carta_yaml_int(map, "count", 1, false, 1, AM_COUNTERS, &count, file, err))
            return CARTA_ERR_INPUT;
    } else if (kind == AM_OP_TOKEN) {
        int t = read_word(head, token_names, "a token", file, err);
        if (t <= 0)
            return t == 0 ? carta_yaml_error(err, file, head, "a token is strike, guard or "
                                             "protect") : CARTA_ERR_INPUT;
        op->arg = (uint8_t)t;
        if (carta_yaml_int(map, "value", 0, true, 1, 20, &v, file, err) ||
            carta_yaml_int(map, "range", 0, false, 0, 16, &range, file, err) ||
            carta_yaml_int(map, "count", 1, false, 1, 4, &count, file, err))
            return CARTA_ERR_INPUT;
    } else if (kind == AM_OP_AIRBORNE || kind == AM_OP_GROUNDED || kind == AM_OP_LIFT ||
               kind == AM_OP_PARRY || kind == AM_OP_TAUNT || kind == AM_OP_SUMMON ||
               kind == AM_OP_SACRIFICE) {
        char word[8];
        if (!carta_yaml_scalar(head, word, sizeof word) || strcmp(word, "true"))
            return carta_yaml_error(err, file, head, "'%s' is true", heads[kind - 1]);
    } else if (kind == AM_OP_BOOST) {
        if (read_bonus(head, "boost", &op->x, &op->y, file, err))
            return CARTA_ERR_INPUT;
    } else if (kind == AM_OP_AREA) {
        if (read_area(map, head, op, &count, whom_names, file, err))
            return CARTA_ERR_INPUT;
    } else if (kind >= AM_OP_CHAIN) { /* chain: links; cleanse: counters; scrap; objects */
        int hi = kind == AM_OP_CHAIN ? 6 : kind == AM_OP_CLEANSE ? 5
                 : kind == AM_OP_PLACE_OBJECT ? 4 : kind > AM_OP_AREA ? 8 : AM_SCRAP_MAX;
        if (carta_yaml_int(map, heads[kind - 1], 0, true, 1, hi, &count, file, err) ||
            (kind == AM_OP_CHAIN &&
             carta_yaml_int(map, "range", 0, false, 1, 16, &range, file, err)))
            return CARTA_ERR_INPUT;
    } else {
        int hi = kind == AM_OP_ATTACK ? 6 : kind == AM_OP_DEFENCE ? 20
                 : kind >= AM_OP_SHIFT && kind != AM_OP_TOKEN &&
                 kind != AM_OP_ARMOUR && kind != AM_OP_MILL ? 8 : 99;
        if (carta_yaml_int(map, heads[kind - 1], 0, true, 1, hi, &count, file, err))
            return CARTA_ERR_INPUT;
    }
    int moves_hit = kind == AM_OP_PUSH || kind == AM_OP_PULL || kind == AM_OP_CARRY ||
                    kind == AM_OP_LIFT || kind == AM_OP_TAUNT || kind == AM_OP_STREW;
    int on = read_key_word(map, "on", on_names, moves_hit ? AM_ON_HIT : AM_ON_ALWAYS, file, err);
    if (on < 0)
        return CARTA_ERR_INPUT;
    if (moves_hit && (on == AM_ON_ALWAYS || !has_attack))
        return carta_yaml_error(err, file, map, "'%s' needs an attack earlier in the stage: it "
                                "moves the characters hit (on: hit or miss)", heads[kind - 1]);
    if (on != AM_ON_ALWAYS && !has_attack)
        return carta_yaml_error(err, file, map, "'on: %s' needs an attack earlier in the stage",
                                on_names[on]);
    if (kind == AM_OP_CHAIN && !has_attack)
        return carta_yaml_error(err, file, map, "'chain' needs an attack earlier in the stage: "
                                "it repeats that attack on another target");
    if (kind == AM_OP_INFLICT && !has_attack)
        return carta_yaml_error(err, file, map, "'inflict' needs an attack earlier in the stage: "
                                "it is inflicted on the characters attacked");
    if (read_timing(map, op, file, err) || read_condition(map, op, file, err) ||
        read_to(map, op, file, err))
        return CARTA_ERR_INPUT;
    if (kind != AM_OP_AREA && (carta_yaml_get(map, "whom") || carta_yaml_get(map, "bound") ||
                               carta_yaml_get(map, "lasts")))
        return carta_yaml_error(err, file, map, "'whom', 'bound' and 'lasts' are read only by "
                                "'area'");
    op->count = (uint8_t)count;
    op->on = (uint8_t)on;
    if (kind != AM_OP_AREA)
        op->value = (uint8_t)v;
    op->range = (uint8_t)range;
    return CARTA_OK;
}

/* The effects of seq appended to the stage being read (has_attack, attacks: its attack so far). */
static carta_status read_stage_items(struct fy_node *seq, am_spell *s, int *has_attack,
                                     int *attacks, const char *file, carta_error *err)
{
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        if (s->n_ops >= AM_OPS)
            return carta_yaml_error(err, file, seq, "at most %d effects in all", AM_OPS);
        am_op *op = &s->op[s->n_ops];
        if (read_op(fy_node_sequence_get_by_index(seq, i), op, *has_attack, file, err))
            return CARTA_ERR_INPUT;
        if (am_op_attacks(op->kind) && *has_attack)
            return carta_yaml_error(err, file, seq, "one attack per stage");
        if ((op->kind == AM_OP_PUSH || op->kind == AM_OP_PULL) && *attacks > AM_FORCED_MAX)
            return carta_yaml_error(err, file, fy_node_sequence_get_by_index(seq, i),
                                    "a push or pull moves at most %d characters: the "
                                    "stage's attack has %d targets", AM_FORCED_MAX, *attacks);
        *has_attack |= am_op_attacks(op->kind);
        *attacks = op->kind == AM_OP_ATTACK ? op->count
                   : op->kind == AM_OP_AREA ? (op->x * op->y < AM_TARGETS ? op->x * op->y
                                                                          : AM_TARGETS)
                                            : *attacks;
        s->n_ops++;
    }
    return CARTA_OK;
}

/* stages: a list of stages, each a list of effects (Multi-Stage Cards); or one: one stage. A
 * choice's options add their effects extra[k] to stage extra_stage[k], k < n_extra. */
static carta_status read_stage_nodes(struct fy_node *stages, struct fy_node *one, am_spell *s,
                                     struct fy_node *const *extra, const int *extra_stage,
                                     int n_extra, const char *file, carta_error *err)
{
    int n_stages = stages ? (fy_node_is_sequence(stages) ? fy_node_sequence_item_count(stages)
                                                        : -1)
                          : one ? 1 : 0;
    if (n_stages < 0 || n_stages > AM_STAGES)
        return carta_yaml_error(err, file, stages, "'stages' is a list of 1 to %d stages, each a "
                                "list of effects", AM_STAGES);
    for (int st = 0; st < n_stages; st++) {
        struct fy_node *seq = stages ? fy_node_sequence_get_by_index(stages, st) : one;
        if (!fy_node_is_sequence(seq))
            return carta_yaml_error(err, file, seq, "a stage is a list of effects");
        int has_attack = 0, attacks = 0;
        if (read_stage_items(seq, s, &has_attack, &attacks, file, err))
            return CARTA_ERR_INPUT;
        for (int k = 0; k < n_extra; k++)
            if (st == extra_stage[k] &&
                read_stage_items(extra[k], s, &has_attack, &attacks, file, err))
                return CARTA_ERR_INPUT;
        s->stage_end[st] = s->n_ops;
    }
    s->n_stages = (uint8_t)n_stages;
    return CARTA_OK;
}

static carta_status read_stages(struct fy_node *map, am_spell *s, const char *file,
                                carta_error *err)
{
    struct fy_node *stages = carta_yaml_get(map, "stages"), *one = carta_yaml_get(map, "effect");
    if (stages && one)
        return carta_yaml_error(err, file, map, "give 'stages' or 'effect', not both");
    return read_stage_nodes(stages, one, s, NULL, NULL, 0, file, err);
}

/* How many effects of s place or move an object (R147, R155). */
static int object_ops(const am_spell *s)
{
    int n = 0;
    for (int i = 0; i < s->n_ops; i++)
        n += s->op[i].kind == AM_OP_PLACE_OBJECT || s->op[i].kind == AM_OP_PUSH_OBJECT ||
             s->op[i].kind == AM_OP_PULL_OBJECT;
    return n;
}

/* The options of mask (bit k: option k of seq, {option: NAME, bonus: [X, Y], effect: [...],
 * stage: N}) compiled together as a copy of the card (base, with its stages read again from
 * map) into o: their bonuses added, their effects after the stage's own in the order printed,
 * their names joined (R111, R131). */
static carta_status read_options(struct fy_node *map, struct fy_node *seq, unsigned mask,
                                 const am_spell *base, am_spell *o, const char *file,
                                 carta_error *err)
{
    static const char *const keys[] = {"option", "bonus", "effect", "stage", NULL};
    struct fy_node *extra[4];
    int extra_stage[4], n_extra = 0;
    *o = *base;
    o->n_choices = o->pick = o->n_variants = 0;
    o->n_stages = o->n_ops = 0;
    o->name[0] = 0;
    memset(o->stage_end, 0, sizeof o->stage_end);
    memset(o->op, 0, sizeof o->op);
    for (int k = 0; k < fy_node_sequence_item_count(seq); k++) {
        struct fy_node *opt = fy_node_sequence_get_by_index(seq, k);
        char name[CARTA_NAME_MAX];
        int stage = 1;
        if (!(mask & (1u << k)))
            continue;
        if (carta_yaml_check_keys(opt, keys, "an option", file, err) ||
            carta_yaml_str(opt, "option", NULL, name, sizeof name, file, err) ||
            carta_yaml_int(opt, "stage", 1, false, 1, AM_STAGES, &stage, file, err))
            return CARTA_ERR_INPUT;
        size_t len = strlen(o->name);
        snprintf(o->name + len, sizeof o->name - len, "%s%s", len ? " and " : "", name);
        struct fy_node *bonus = carta_yaml_get(opt, "bonus"), *eff = carta_yaml_get(opt, "effect");
        int8_t x = 0, y = 0;
        if (bonus && read_bonus(bonus, "bonus", &x, &y, file, err))
            return CARTA_ERR_INPUT;
        o->x = (int8_t)(o->x + x);
        o->y = (int8_t)(o->y + y);
        if (eff && !fy_node_is_sequence(eff))
            return carta_yaml_error(err, file, eff, "an option's 'effect' is a list of effects");
        if (stage > base->n_stages && eff)
            return carta_yaml_error(err, file, opt, "the card has no stage %d", stage);
        if (eff) {
            extra[n_extra] = eff;
            extra_stage[n_extra++] = stage - 1;
        }
    }
    struct fy_node *stages = carta_yaml_get(map, "stages"), *one = carta_yaml_get(map, "effect");
    if (read_stage_nodes(stages, one, o, extra, extra_stage, n_extra, file, err))
        return CARTA_ERR_INPUT;
    if (object_ops(o) > object_ops(base))
        return carta_yaml_error(err, file, seq, "an option cannot place or move an object (only "
                                "the card's own stages do, R147, R155)");
    return CARTA_OK;
}

static int popcount4(unsigned m) { return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1); }

/* choice: CHOICE, 2 to 4 options, and choose: N (default 1) of them; each option is compiled as a
 * copy of the card in the slots of r->spell after the card (and its pitch effect), then with
 * choose: N each set of N options, in the order of their bit masks (R111, R131). */
static carta_status read_choice(carta_rules *r, struct fy_node *map, am_spell *s,
                                const char *file, carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(map, "choice");
    int pick = 1;
    if (!seq)
        return carta_yaml_get(map, "choose") ? carta_yaml_error(err, file, map, "'choose' needs "
                                                                "'choice': its options")
                                             : CARTA_OK;
    int n = fy_node_is_sequence(seq) ? fy_node_sequence_item_count(seq) : 0;
    if (n < 2 || n > 4)
        return carta_yaml_error(err, file, seq, "'choice' is a list of 2 to 4 options");
    if (carta_yaml_int(map, "choose", 1, false, 1, n - 1, &pick, file, err))
        return CARTA_ERR_INPUT;
    int first = r->n_spells + 1 + (s->pitch ? 1 : 0) + (s->opportunity ? 1 : 0), v = 0;
    for (unsigned mask = 1; mask < (1u << n); mask++) {
        int bits = popcount4(mask);
        if (bits != 1 && bits != pick)
            continue;
        if (first + v >= AM_SPELLS_MAX)
            return carta_yaml_error(err, file, map, "more than %d spells", AM_SPELLS_MAX);
        v++;
    }
    for (int k = 0; k < n; k++) /* the options alone first: option k is variant k + 1 */
        if (read_options(map, seq, 1u << k, s, &r->spell[first + k], file, err))
            return CARTA_ERR_INPUT;
    v = n;
    for (unsigned mask = 1; pick > 1 && mask < (1u << n); mask++)
        if (popcount4(mask) == pick &&
            read_options(map, seq, mask, s, &r->spell[first + v++], file, err))
            return CARTA_ERR_INPUT;
    s->choice = (uint16_t)first;
    s->n_choices = (uint8_t)n;
    s->pick = (uint8_t)pick;
    s->n_variants = (uint8_t)v;
    return CARTA_OK;
}

/* pitch (PITCH) or opportunity (OPPORTUNITY): effects of the card out of its combos, compiled as
 * a copy of the card (its range, attack and damage: "the range of a [Pitch] effect is equal to
 * the card's range") with these effects as its one stage, stored in the next free slot of
 * r->spell after the card's (R85, R151); *slot gets its index. */
static carta_status read_extra(carta_rules *r, struct fy_node *map, am_spell *s, const char *key,
                               uint16_t *slot, const char *file, carta_error *err)
{
    struct fy_node *list = carta_yaml_get(map, key);
    if (!list)
        return CARTA_OK;
    int at = r->n_spells + 1 + (s->pitch ? 1 : 0);
    if (at >= AM_SPELLS_MAX)
        return carta_yaml_error(err, file, map, "more than %d spells", AM_SPELLS_MAX);
    am_spell *p = &r->spell[at];
    *p = *s;
    p->n_stages = p->n_ops = 0;
    p->pitch = 0;
    memset(p->stage_end, 0, sizeof p->stage_end);
    memset(p->op, 0, sizeof p->op);
    if (read_stage_nodes(NULL, list, p, NULL, NULL, 0, file, err))
        return CARTA_ERR_INPUT;
    if (p->n_ops == 0)
        return carta_yaml_error(err, file, list, "'%s' is a list of at least one effect", key);
    if (object_ops(p))
        return carta_yaml_error(err, file, list, "a '%s' effect cannot place or move an object "
                                "(only the card's own stages do, R147, R155)", key);
    if (am_op_attacks(p->op[0].kind) && s->roll == AM_ROLL_NONE)
        return carta_yaml_error(err, file, list, "a %s attack needs the card's 'attack'", key);
    *slot = (uint16_t)at;
    return CARTA_OK;
}

/* keywords: piercing, overwhelm, trick, cantrip, {critical: X}, {protect: X}, {knell: X} (each
 * Knell keyword adds to the card's Knell: "Multiple sources of Knell stack"). */
static carta_status read_keywords(struct fy_node *map, am_spell *s, const char *file,
                                  carta_error *err)
{
    static const char *const flags[] = {"piercing", "overwhelm", "trick", "cantrip", "opener",
                                        "enchantment", "slow_pitch", NULL};
    struct fy_node *seq = carta_yaml_get(map, "keywords");
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq))
        return carta_yaml_error(err, file, seq, "'keywords' is a list");
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        struct fy_node *k = fy_node_sequence_get_by_index(seq, i);
        if (fy_node_is_mapping(k)) {
            static const char *const keys[] = {"critical", "protect", "knell", "foretold",
                                               "upkeep", NULL};
            int crit = 0, protect = 0, knell = 0, foretold = 0, upkeep = 0;
            if (carta_yaml_check_keys(k, keys, "a keyword", file, err) ||
                carta_yaml_int(k, "upkeep", 0, false, 1, 3, &upkeep, file, err) ||
                carta_yaml_int(k, "foretold", 0, false, 1, 9, &foretold, file, err) ||
                carta_yaml_int(k, "critical", 0, false, 1, 20, &crit, file, err) ||
                carta_yaml_int(k, "protect", 0, false, 1, 16, &protect, file, err) ||
                carta_yaml_int(k, "knell", 0, false, 1, 99, &knell, file, err))
                return CARTA_ERR_INPUT;
            if (s->knell + knell > 200)
                return carta_yaml_error(err, file, k, "Knell adds up to at most 200");
            s->knell = (uint8_t)(s->knell + knell);
            s->foretold = foretold ? (uint8_t)foretold : s->foretold;
            s->upkeep = upkeep ? (uint8_t)upkeep : s->upkeep;
            s->crit = crit ? (uint8_t)crit : s->crit;
            s->protect = protect ? (uint8_t)protect : s->protect;
            continue;
        }
        int f = read_word(k, flags, "a keyword", file, err);
        if (f < 0)
            return CARTA_ERR_INPUT;
        s->keywords |= (uint8_t)(1 << f);
    }
    return CARTA_OK;
}

/* range: N squares or melee; attack: a roll; damage: N or {base, attr}; bonus: [X, Y]. */
/* alternate: {exploit: STATUS, bonus: [X, Y]} (STATUS EFFECTS, Alternate Exploit Effects). */
static carta_status read_alternate(struct fy_node *map, am_spell *s, const char *file,
                                   carta_error *err)
{
    static const char *const keys[] = {"exploit", "bonus", NULL};
    struct fy_node *alt = carta_yaml_get(map, "alternate"), *bonus;
    char x[8], y[8];
    if (!alt)
        return CARTA_OK;
    if (carta_yaml_check_keys(alt, keys, "'alternate'", file, err))
        return CARTA_ERR_INPUT;
    int status = read_word(carta_yaml_get(alt, "exploit"), am_status_names, "'exploit'", file, err);
    if (status < 0)
        return CARTA_ERR_INPUT;
    if (AM_POSITIVE(status) || status == AM_STUN || status == AM_FREEZE)
        return carta_yaml_error(err, file, alt, "an alternate exploit takes a negative status with "
                                "an exploit effect, not %s", am_status_names[status]);
    bonus = carta_yaml_get(alt, "bonus");
    if (!bonus || !fy_node_is_sequence(bonus) || fy_node_sequence_item_count(bonus) != 2 ||
        !carta_yaml_scalar(fy_node_sequence_get_by_index(bonus, 0), x, sizeof x) ||
        !carta_yaml_scalar(fy_node_sequence_get_by_index(bonus, 1), y, sizeof y) ||
        abs(atoi(x)) > 20 || abs(atoi(y)) > 50)
        return carta_yaml_error(err, file, alt, "'alternate' gives 'bonus: [X, Y]'");
    s->alt_status = (uint8_t)(status + 1);
    s->alt_x = (int8_t)atoi(x);
    s->alt_y = (int8_t)atoi(y);
    return CARTA_OK;
}

static carta_status read_attack_entries(struct fy_node *map, am_spell *s, const char *file,
                                        carta_error *err)
{
    struct fy_node *range = carta_yaml_get(map, "range");
    char text[32] = "";
    if (range && carta_yaml_scalar(range, text, sizeof text) && strcasecmp(text, "melee") == 0) {
        s->melee = 1;
        s->range = 1;
    } else {
        int squares = 0;
        if (carta_yaml_int(map, "range", 0, false, 0, 16, &squares, file, err))
            return CARTA_ERR_INPUT;
        s->range = (uint8_t)squares;
    }
    int roll = read_key_word(map, "attack", roll_names, AM_ROLL_NONE, file, err);
    if (roll < 0)
        return CARTA_ERR_INPUT;
    s->roll = (uint8_t)roll;
    struct fy_node *dmg = carta_yaml_get(map, "damage");
    int base = 0, attr = AM_ROLL_NONE;
    if (dmg && fy_node_is_mapping(dmg)) {
        static const char *const keys[] = {"base", "attr", NULL};
        if (carta_yaml_check_keys(dmg, keys, "a damage entry", file, err) ||
            carta_yaml_int(dmg, "base", 0, true, 1, 200, &base, file, err) ||
            (attr = read_key_word(dmg, "attr", roll_names, AM_ROLL_NONE, file, err)) < 0)
            return CARTA_ERR_INPUT;
    } else if (carta_yaml_int(map, "damage", 0, false, 0, 200, &base, file, err)) {
        return CARTA_ERR_INPUT;
    }
    s->dmg = (int16_t)base;
    s->dmg_attr = (uint8_t)attr;
    struct fy_node *bonus = carta_yaml_get(map, "bonus");
    if (bonus && read_bonus(bonus, "bonus", &s->x, &s->y, file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *bloodied = carta_yaml_get(map, "bloodied");
    if (bloodied && read_bonus(bloodied, "bloodied", &s->bx, &s->by, file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *vulnerable = carta_yaml_get(map, "vulnerable");
    if (vulnerable && read_bonus(vulnerable, "vulnerable", &s->vx, &s->vy, file, err))
        return CARTA_ERR_INPUT;
    if (vulnerable && s->roll == AM_ROLL_NONE)
        return carta_yaml_error(err, file, vulnerable, "'vulnerable' is a bonus to an attack: "
                                "the card needs 'attack'");
    if (bloodied && s->roll == AM_ROLL_NONE)
        return carta_yaml_error(err, file, bloodied, "'bloodied' is a bonus to an attack: the "
                                "card needs 'attack'");
    if (s->roll != AM_ROLL_NONE && !s->range)
        return carta_yaml_error(err, file, map, "an attack needs a range (squares or melee)");
    return read_keywords(map, s, file, err) || read_alternate(map, s, file, err);
}

/* The `object` a card's {place_object: N} places (R147); one needs the other. */
static carta_status read_placed_object(carta_rules *r, struct fy_node *map, am_spell *s,
                                       const char *file, carta_error *err)
{
    int ops = 0;
    for (int i = 0; i < s->n_ops; i++)
        ops += s->op[i].kind == AM_OP_PLACE_OBJECT;
    struct fy_node *object = carta_yaml_get(map, "object");
    if (!object != !ops || ops > 1)
        return carta_yaml_error(err, file, object ? object : map, "a card with 'object' has one "
                                "{place_object: N} effect, and one placing objects names its "
                                "'object'");
    if (!object)
        return CARTA_OK;
    if (!s->range && !s->melee)
        return carta_yaml_error(err, file, map, "a card placing objects needs 'range': the "
                                "squares within which they are placed (R147)");
    return link_add(r, &s->object, AM_T_OBJECT, object, file, err);
}

/* SUMMON: the `minion` a card's {summon: true} places; one needs the other. */
static carta_status read_summon(carta_rules *r, struct fy_node *map, am_spell *s,
                                const char *file, carta_error *err)
{
    int ops = 0;
    for (int i = 0; i < s->n_ops; i++)
        ops += s->op[i].kind == AM_OP_SUMMON;
    struct fy_node *minion = carta_yaml_get(map, "minion");
    if (!minion != !ops || ops > 1)
        return carta_yaml_error(err, file, minion ? minion : map, "a card with 'minion' has one "
                                "{summon: true} effect, and one with a summon names its 'minion'");
    if (!minion)
        return CARTA_OK;
    if (!(s->types & (1u << AM_TYPE_SUMMON)))
        return carta_yaml_error(err, file, map, "a summoning card has the Summon type (CARD "
                                "BREAKDOWN, Card Types)");
    if (!s->range && !s->melee && !carta_yaml_get(map, "range"))
        return carta_yaml_error(err, file, map, "a summoning card needs 'range': the squares "
                                "within which the minion is placed (SUMMON)");
    return link_add(r, &s->minion, AM_T_MINION, minion, file, err);
}

static carta_status compile_spell(carta_rules *r, int id, struct fy_node *map, const char *file,
                                  carta_error *err)
{
    static const char *const keys[] = {"name", "type", "colour", "edges", "types", "strike",
                                       "guard", "range", "attack", "damage", "bonus", "bloodied",
                                       "vulnerable", "keywords", "requires", "stages", "effect",
                                       "alternate", "pitch", "minion", "object", "choice",
                                       "choose", "text", "opportunity", NULL};
    static const char *const colours[] = {"red", "green", "blue", NULL};
    if (carta_yaml_check_keys(map, keys, "a spell card", file, err))
        return CARTA_ERR_INPUT;
    if (r->n_spells >= AM_SPELLS_MAX)
        return carta_yaml_error(err, file, map, "more than %d spells", AM_SPELLS_MAX);
    am_spell *s = &r->spell[r->n_spells];
    memset(s, 0, sizeof *s);
    s->id = (uint16_t)id;
    int colour = read_key_word(map, "colour", colours, -1, file, err), strike = 0, guard = 0,
        ok = 1;
    if (colour < 0)
        return CARTA_ERR_INPUT;
    s->colour = (uint8_t)(1 << colour);
    struct fy_node *edges = carta_yaml_get(map, "edges");
    if (!edges || !fy_node_is_sequence(edges) || fy_node_sequence_item_count(edges) != 2)
        return carta_yaml_error(err, file, edges ? edges : map, "'edges' is [left, right]");
    for (int e = 0; e < 2; e++) {
        int m = read_edge(fy_node_sequence_get_by_index(edges, e), file, err);
        if (m < 0)
            return CARTA_ERR_INPUT;
        s->edge[e] = (uint8_t)m;
    }
    s->types = read_types(map, "types", file, &ok, err);
    if (!ok)
        return CARTA_ERR_INPUT;
    if (!(s->types & 3u) || (s->types & 3u) == 3u || !(s->types & ~3u))
        return carta_yaml_error(err, file, carta_yaml_get(map, "types") ? carta_yaml_get(map,
                                "types") : map, "a spell has Physical or Magical and at least "
                                "one common type (CARD BREAKDOWN, Card Types)");
    if (carta_yaml_int(map, "strike", 0, true, 1, 20, &strike, file, err) ||
        carta_yaml_int(map, "guard", 0, true, 0, 20, &guard, file, err) ||
        read_attack_entries(map, s, file, err) || read_stages(map, s, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; i < s->n_ops; i++)
        if (s->op[i].kind == AM_OP_AREA && s->roll == AM_ROLL_NONE)
            return carta_yaml_error(err, file, map, "an 'area' attacks: the card needs 'attack' "
                                    "(a roll or auto)");
    s->strike = (uint8_t)strike;
    s->guard = (uint8_t)guard;
    if (s->edge[0] == AM_BLACK && s->edge[1] == AM_BLACK)
        s->keywords |= AM_K_CANTRIP;
    struct fy_node *req = carta_yaml_get(map, "requires");
    if (req) {
        static const char *const rkeys[] = {"cards", "red", "green", "blue", NULL};
        int cards = 0, c[3] = {0, 0, 0};
        if (carta_yaml_check_keys(req, rkeys, "'requires'", file, err) ||
            carta_yaml_int(req, "cards", 0, false, 1, AM_COMBO, &cards, file, err) ||
            carta_yaml_int(req, "red", 0, false, 0, AM_COMBO, &c[0], file, err) ||
            carta_yaml_int(req, "green", 0, false, 0, AM_COMBO, &c[1], file, err) ||
            carta_yaml_int(req, "blue", 0, false, 0, AM_COMBO, &c[2], file, err))
            return CARTA_ERR_INPUT;
        s->req_cards = (uint8_t)cards;
        for (int k = 0; k < 3; k++)
            s->req_colour[k] = (uint8_t)c[k];
    }
    if (read_extra(r, map, s, "pitch", &s->pitch, file, err) ||
        read_extra(r, map, s, "opportunity", &s->opportunity, file, err) ||
        read_summon(r, map, s, file, err) || read_placed_object(r, map, s, file, err) ||
        read_choice(r, map, s, file, err))
        return CARTA_ERR_INPUT;
    r->type[id] = AM_T_SPELL;
    r->index[id] = (uint16_t)r->n_spells++;
    /* the pitch effect's, the opportunity effect's, the options' */
    r->n_spells += (s->pitch ? 1 : 0) + (s->opportunity ? 1 : 0) + s->n_variants;
    return CARTA_OK;
}

static carta_status compile_template(carta_rules *r, int enemy_id, struct fy_node *map,
                                     const char *file, uint16_t *out, carta_error *err)
{
    static const char *const keys[] = {"name", "types", "range", "attack", "damage", "bonus",
                                       "bloodied", "vulnerable", "keywords", "effect", NULL};
    if (carta_yaml_check_keys(map, keys, "an attack template", file, err))
        return CARTA_ERR_INPUT;
    if (r->n_spells >= AM_SPELLS_MAX)
        return carta_yaml_error(err, file, map, "more than %d spells and templates",
                                AM_SPELLS_MAX);
    am_spell *s = &r->spell[r->n_spells];
    memset(s, 0, sizeof *s);
    s->id = (uint16_t)enemy_id;
    int ok = 1;
    if (carta_yaml_str(map, "name", NULL, s->name, sizeof s->name, file, err))
        return CARTA_ERR_INPUT;
    s->types = read_types(map, "types", file, &ok, err);
    if (!ok || read_attack_entries(map, s, file, err) || read_stages(map, s, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; i < s->n_ops; i++)
        if (s->op[i].kind >= AM_OP_PLACE_OBJECT)
            return carta_yaml_error(err, file, map, "'place_object', 'push_object' and "
                                    "'pull_object' are a spell card's (R147, R155)");
    if (s->roll == AM_ROLL_NONE || !s->dmg)
        return carta_yaml_error(err, file, map, "an enemy's attack needs 'attack' (a roll or "
                                "auto) and 'damage'");
    *out = (uint16_t)r->n_spells++;
    return CARTA_OK;
}

static carta_status compile_enemy(carta_rules *r, int id, struct fy_node *map, const char *file,
                                  int minion, carta_error *err)
{
    static const char *const keys[] = {"name", "type", "rank", "might", "agility", "will",
                                       "defence", "hp", "armour", "move", "attacks", "airborne",
                                       "resist", "weak", "templates", "text", "large", NULL};
    static const char *const minion_keys[] = {
        "name", "type", "rank", "might", "agility", "will", "defence", "hp", "armour", "move",
        "airborne", "resist", "weak", "templates", "text", "upkeep", "control", "nature",
        "command_points", "commands", "abilities", "large", NULL};
    if (carta_yaml_check_keys(map, minion ? minion_keys : keys, minion ? "a minion" : "an enemy",
                              file, err))
        return CARTA_ERR_INPUT;
    if (r->n_enemies >= AM_ENEMIES_MAX)
        return carta_yaml_error(err, file, map, "more than %d enemies", AM_ENEMIES_MAX);
    am_enemy *e = &r->enemy[r->n_enemies];
    memset(e, 0, sizeof *e);
    int v[8], ok = 1;
    bool air = false, large = false;
    int rank = read_key_word(map, "rank", rank_names, -1, file, err);
    if (rank < 0 || carta_yaml_int(map, "might", 0, false, -5, 10, &v[0], file, err) ||
        carta_yaml_int(map, "agility", 0, false, -5, 10, &v[1], file, err) ||
        carta_yaml_int(map, "will", 0, false, -5, 10, &v[2], file, err) ||
        carta_yaml_int(map, "defence", 0, true, 1, 30, &v[3], file, err) ||
        carta_yaml_int(map, "hp", 0, true, 1, 999, &v[4], file, err) ||
        carta_yaml_int(map, "armour", 0, false, 0, 999, &v[5], file, err) ||
        carta_yaml_int(map, "move", 0, true, 0, 20, &v[6], file, err) ||
        carta_yaml_int(map, "attacks", 1, false, 1, 6, &v[7], file, err) ||
        carta_yaml_bool(map, "airborne", false, &air, file, err) ||
        carta_yaml_bool(map, "large", false, &large, file, err)) /* LARGE (R121) */
        return CARTA_ERR_INPUT;
    for (int k = 0; k < 3; k++)
        e->attr[k] = (int8_t)v[k];
    e->defence = (uint8_t)v[3];
    e->hp = (int16_t)v[4];
    e->armour = (int16_t)v[5];
    e->move = (uint8_t)v[6];
    e->attacks = (uint8_t)v[7];
    e->rank = (uint8_t)rank;
    e->airborne = air;
    e->large = large;
    e->resist = read_types(map, "resist", file, &ok, err);
    e->weak = ok ? read_types(map, "weak", file, &ok, err) : 0;
    if (!ok)
        return CARTA_ERR_INPUT;
    struct fy_node *seq = carta_yaml_get(map, "templates");
    if (!seq || !fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) < 1 ||
        fy_node_sequence_item_count(seq) > AM_TEMPLATES)
        return carta_yaml_error(err, file, seq ? seq : map, "%s needs 'templates', 1 to "
                                "%d attack templates", minion ? "a minion" : "an enemy",
                                AM_TEMPLATES);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++)
        if (compile_template(r, id, fy_node_sequence_get_by_index(seq, i), file, &e->templ[i],
                             err))
            return CARTA_ERR_INPUT;
    e->n_templates = (uint8_t)fy_node_sequence_item_count(seq);
    if (minion && (am_minion_compile(r, e, map, file, err) ||
                   read_links(r, map, "abilities", AM_T_ABILITY, e->minion.ability,
                              AM_MINION_ABILITIES, &e->minion.n_abilities, file, err)))
        return CARTA_ERR_INPUT;
    r->type[id] = minion ? AM_T_MINION : AM_T_ENEMY;
    r->index[id] = (uint16_t)r->n_enemies++;
    return CARTA_OK;
}

/* map: rows of '.', '#' (a wall) and '1'..'3' (the mages' starting squares). */
static carta_status read_map(struct fy_node *map, am_encounter *e, const char *file,
                             carta_error *err)
{
    struct fy_node *rows = carta_yaml_get(map, "map");
    if (!rows || !fy_node_is_sequence(rows) || fy_node_sequence_item_count(rows) < 2 ||
        fy_node_sequence_item_count(rows) > AM_H)
        return carta_yaml_error(err, file, rows ? rows : map, "'map' is a list of 2 to %d rows",
                                AM_H);
    e->h = (uint8_t)fy_node_sequence_item_count(rows);
    int starts = 0;
    for (int y = 0; y < e->h; y++) {
        struct fy_node *row = fy_node_sequence_get_by_index(rows, y);
        char text[AM_W + 2];
        if (!carta_yaml_scalar(row, text, sizeof text) || strlen(text) < 2 ||
            strlen(text) > AM_W || (y && strlen(text) != e->w))
            return carta_yaml_error(err, file, row, "each row of the map has the same width, 2 "
                                    "to %d squares", AM_W);
        e->w = (uint8_t)strlen(text);
        for (int x = 0; x < e->w; x++) {
            char c = text[x];
            if (c >= '1' && c <= '3') {
                if (starts & (1 << (c - '1')))
                    return carta_yaml_error(err, file, row, "start '%c' is on the map twice", c);
                starts |= 1 << (c - '1');
                e->start[c - '1'] = (uint8_t)am_cell(x, y);
                e->n_starts = (uint8_t)(e->n_starts > c - '0' ? e->n_starts : c - '0');
            } else if (c != '.' && c != '#') {
                return carta_yaml_error(err, file, row, "'%c' is not a square: '.' floor, '#' "
                                        "wall, '1'..'3' a mage's start", c);
            }
            e->terrain[am_cell(x, y)] = c == '#' ? AM_TER_WALL | AM_TER_OPAQUE : 0;
        }
    }
    if (e->n_starts < 1)
        return carta_yaml_error(err, file, rows, "the map needs the mages' starts '1' to '3'");
    for (int k = 0; k < e->n_starts; k++)
        if (!(starts & (1 << k)))
            return carta_yaml_error(err, file, rows, "start '%d' is missing (the starts are '1' "
                                    "up to the highest)", k + 1);
    return CARTA_OK;
}

static carta_status read_wave(carta_rules *r, am_encounter *e, struct fy_node *map, am_wave *w,
                              const char *file, carta_error *err)
{
    static const char *const keys[] = {"round", "after", "enemies", NULL};
    int round = 0;
    char after[16] = "";
    if (carta_yaml_check_keys(map, keys, "a wave", file, err) ||
        carta_yaml_int(map, "round", 0, false, 1, 99, &round, file, err) ||
        carta_yaml_str(map, "after", "", after, sizeof after, file, err))
        return CARTA_ERR_INPUT;
    if ((round > 0) == (after[0] != 0) || (after[0] && strcmp(after, "cleared")))
        return carta_yaml_error(err, file, map, "a wave comes on 'round: N' or 'after: cleared'");
    w->round = (uint8_t)round;
    struct fy_node *seq = carta_yaml_get(map, "enemies");
    if (!seq || !fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) < 1 ||
        fy_node_sequence_item_count(seq) > AM_WAVE_ENEMIES)
        return carta_yaml_error(err, file, seq ? seq : map, "a wave has 'enemies', 1 to %d of "
                                "{name, at}", AM_WAVE_ENEMIES);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        static const char *const ekeys[] = {"name", "at", NULL};
        struct fy_node *it = fy_node_sequence_get_by_index(seq, i);
        char at[8];
        if (carta_yaml_check_keys(it, ekeys, "a wave's enemy", file, err) ||
            carta_yaml_str(it, "at", NULL, at, sizeof at, file, err) ||
            link_add(r, &w->enemy[i], AM_T_ENEMY, carta_yaml_get(it, "name"), file, err))
            return CARTA_ERR_INPUT;
        int cell = am_cell_parse(at);
        if (cell < 0 || cell % AM_W >= e->w || cell / AM_W >= e->h || e->terrain[cell])
            return carta_yaml_error(err, file, it, "'%s' is not a floor square of the map", at);
        w->cell[i] = (uint8_t)cell;
    }
    w->n = (uint8_t)fy_node_sequence_item_count(seq);
    return CARTA_OK;
}

/* objects: [{name, at}]: objects on floor squares, none on a start or a wave's square. */
static carta_status read_objects(carta_rules *r, am_encounter *e, struct fy_node *map,
                                 const char *file, carta_error *err)
{
    struct fy_node *seq = carta_yaml_get(map, "objects");
    if (!seq)
        return CARTA_OK;
    if (!fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) > AM_OBJECTS)
        return carta_yaml_error(err, file, seq, "'objects' is a list of at most %d {name, at}",
                                AM_OBJECTS);
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        static const char *const okeys[] = {"name", "at", NULL};
        struct fy_node *it = fy_node_sequence_get_by_index(seq, i);
        char at[8];
        if (carta_yaml_check_keys(it, okeys, "an object", file, err) ||
            carta_yaml_str(it, "at", NULL, at, sizeof at, file, err) ||
            link_add(r, &e->object[i], AM_T_OBJECT, carta_yaml_get(it, "name"), file, err))
            return CARTA_ERR_INPUT;
        int cell = am_cell_parse(at), taken = 0;
        for (int k = 0; k < e->n_starts; k++)
            taken |= e->start[k] == cell;
        for (int k = 0; k < i; k++)
            taken |= e->object_cell[k] == cell;
        for (int w = 0; w < e->n_waves; w++)
            for (int k = 0; k < e->wave[w].n; k++)
                taken |= e->wave[w].cell[k] == cell;
        if (cell < 0 || cell % AM_W >= e->w || cell / AM_W >= e->h || e->terrain[cell] || taken)
            return carta_yaml_error(err, file, it, "'%s' is not a free floor square of the map "
                                    "(a wall, a start, an enemy's or another object's)", at);
        e->object_cell[i] = (uint8_t)cell;
        e->n_objects++;
    }
    return CARTA_OK;
}

/* An object (Occupancy and Objects): sight: block (default) or clear (R92). */
static carta_status compile_object(carta_rules *r, int id, struct fy_node *map, const char *file,
                                   carta_error *err)
{
    static const char *const keys[] = {"name", "type", "sight", "hp", "text", NULL};
    static const char *const sight_names[] = {"clear", "block", NULL};
    int hp = 0; /* Hit Points: an area may destroy it (R141); 0 none */
    if (carta_yaml_check_keys(map, keys, "an object", file, err) ||
        carta_yaml_int(map, "hp", 0, false, 1, 99, &hp, file, err))
        return CARTA_ERR_INPUT;
    if (r->n_things >= AM_THINGS_MAX)
        return carta_yaml_error(err, file, map, "more than %d abilities, items and objects",
                                AM_THINGS_MAX);
    int opaque = read_key_word(map, "sight", sight_names, 1, file, err);
    if (opaque < 0)
        return CARTA_ERR_INPUT;
    am_thing *t = &r->thing[r->n_things];
    memset(t, 0, sizeof *t);
    t->opaque = (uint8_t)opaque;
    t->hp = (int8_t)hp;
    r->type[id] = AM_T_OBJECT;
    r->index[id] = (uint16_t)r->n_things++;
    return CARTA_OK;
}

static carta_status compile_encounter(carta_rules *r, int id, struct fy_node *map,
                                      const char *file, carta_error *err)
{
    static const char *const keys[] = {"name", "type", "map", "rounds", "waves", "objects",
                                       "text", NULL};
    if (carta_yaml_check_keys(map, keys, "an encounter", file, err))
        return CARTA_ERR_INPUT;
    if (r->n_encounters >= AM_ENCOUNTERS_MAX)
        return carta_yaml_error(err, file, map, "more than %d encounters", AM_ENCOUNTERS_MAX);
    am_encounter *e = &r->encounter[r->n_encounters];
    memset(e, 0, sizeof *e);
    int rounds = 0;
    if (read_map(map, e, file, err) ||
        carta_yaml_int(map, "rounds", 12, false, 1, 99, &rounds, file, err))
        return CARTA_ERR_INPUT;
    e->rounds = (uint8_t)rounds;
    struct fy_node *seq = carta_yaml_get(map, "waves");
    if (!seq || !fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) < 1 ||
        fy_node_sequence_item_count(seq) > AM_WAVES)
        return carta_yaml_error(err, file, seq ? seq : map, "an encounter has 'waves', 1 to %d",
                                AM_WAVES);
    int total = 0;
    for (int i = 0; i < fy_node_sequence_item_count(seq); i++) {
        if (read_wave(r, e, fy_node_sequence_get_by_index(seq, i), &e->wave[i], file, err))
            return CARTA_ERR_INPUT;
        total += e->wave[i].n;
    }
    if (e->wave[0].round != 1)
        return carta_yaml_error(err, file, seq, "the first wave comes on round 1");
    if (total > AM_CHARS - AM_MAGES - AM_MINIONS)
        return carta_yaml_error(err, file, seq, "at most %d enemies in all",
                                AM_CHARS - AM_MAGES - AM_MINIONS);
    e->n_waves = (uint8_t)fy_node_sequence_item_count(seq);
    if (read_objects(r, e, map, file, err))
        return CARTA_ERR_INPUT;
    r->type[id] = AM_T_ENCOUNTER;
    r->index[id] = (uint16_t)r->n_encounters++;
    return CARTA_OK;
}

static carta_status compile_style(carta_rules *r, int id, struct fy_node *map, const char *file,
                                  carta_error *err)
{
    static const char *const keys[] = {"name", "type", "size", "cards", "abilities", "text",
                                       NULL};
    static const char *const sizes[] = {"minor", "major", NULL};
    if (carta_yaml_check_keys(map, keys, "a style", file, err))
        return CARTA_ERR_INPUT;
    if (r->n_styles >= AM_STYLES_MAX)
        return carta_yaml_error(err, file, map, "more than %d styles", AM_STYLES_MAX);
    am_style *s = &r->style[r->n_styles];
    memset(s, 0, sizeof *s);
    int major = read_key_word(map, "size", sizes, -1, file, err);
    if (major < 0 ||
        read_links(r, map, "cards", AM_T_SPELL, s->card, AM_STYLE_CARDS, &s->n_cards, file,
                   err) ||
        read_links(r, map, "abilities", AM_T_ABILITY, s->ability, AM_STYLE_ABILITIES,
                   &s->n_abilities, file, err))
        return CARTA_ERR_INPUT;
    s->major = (uint8_t)major;
    int cards = major ? 8 : 4, abilities = major ? 2 : 1;
    if (s->n_cards != cards || s->n_abilities != abilities)
        return carta_yaml_error(err, file, map, "a %s style has %d cards and %d %s, this one %d "
                                "and %d (CREATE-A-MAGE, Step 3)", sizes[major], cards, abilities,
                                abilities == 1 ? "ability" : "abilities", s->n_cards,
                                s->n_abilities);
    r->type[id] = AM_T_STYLE;
    r->index[id] = (uint16_t)r->n_styles++;
    return CARTA_OK;
}

/* use, uses (Expendable/N), slow, range, amount: what expending a consumable does. */
static carta_status compile_consumable(struct fy_node *map, am_thing *t, const char *file,
                                       carta_error *err)
{
    int use = read_key_word(map, "use", use_names, AM_USE_NONE, file, err), v[3];
    bool slow = false;
    if (use < 0 || carta_yaml_int(map, "uses", 1, false, 1, 9, &v[0], file, err) ||
        carta_yaml_int(map, "range", 0, false, 0, 16, &v[1], file, err) ||
        carta_yaml_int(map, "amount", 0, false, 0, 99, &v[2], file, err) ||
        carta_yaml_bool(map, "slow", false, &slow, file, err))
        return CARTA_ERR_INPUT;
    t->use = (uint8_t)use;
    t->uses = (uint8_t)(use ? v[0] : 0);
    t->reach = (uint8_t)v[1];
    t->amount = (uint8_t)v[2];
    t->slow = slow;
    return CARTA_OK;
}

/* An active minion ability's `cost` (Command Points), `repeat` and `template`: the entries of
 * an attack template (types, range, attack, damage, bonus) its attack uses (R142, R143). */
static carta_status read_active(struct fy_node *map, am_thing *t, am_spell *s, const char *file,
                                carta_error *err)
{
    static const char *const keys[] = {"types", "range", "attack", "damage", "bonus",
                                       "bloodied", "vulnerable", "keywords", NULL};
    int cost = 1, ok = 1;
    bool repeat = false;
    if (carta_yaml_int(map, "cost", 1, false, 1, 9, &cost, file, err) ||
        carta_yaml_bool(map, "repeat", false, &repeat, file, err))
        return CARTA_ERR_INPUT;
    t->cost = (uint8_t)cost;
    t->repeat = repeat;
    struct fy_node *tmpl = carta_yaml_get(map, "template");
    if (!tmpl)
        return CARTA_OK;
    if (!fy_node_is_mapping(tmpl) ||
        carta_yaml_check_keys(tmpl, keys, "an ability's 'template'", file, err))
        return carta_yaml_error(err, file, tmpl, "'template' is an attack's entries: types, "
                                "range, attack, damage, bonus (Minion Attacks)");
    s->types = read_types(tmpl, "types", file, &ok, err);
    if (!ok || read_attack_entries(tmpl, s, file, err))
        return CARTA_ERR_INPUT;
    if (s->roll == AM_ROLL_NONE)
        return carta_yaml_error(err, file, tmpl, "a template needs 'attack' (a roll or auto)");
    return CARTA_OK;
}

/* Whether spell s attacks (one of its ops is an attack). */
static int spell_attacks(const am_spell *s)
{
    for (int i = 0; i < s->n_ops; i++)
        if (s->op[i].kind == AM_OP_ATTACK)
            return 1;
    return 0;
}

/* A minion's ability (Minion Abilities; R128, R142): trigger: turn_start | turn_end | hit |
 * attacked | opportunity, or none (active: its controller uses it as a Command), and effect: its
 * effects (of the caster's own, or `to` an ally or the controller; an active one's may act on
 * the map), compiled as a utility card, or with `template` an attack, in the next slot of
 * r->spell. */
static carta_status read_minion_ability(carta_rules *r, int id, int type, struct fy_node *map,
                                        am_thing *t, const char *file, carta_error *err)
{
    static const char *const triggers[] = {"none", "turn_start", "turn_end", "hit", "attacked",
                                           "opportunity", "active", NULL};
    struct fy_node *trig = carta_yaml_get(map, "trigger"), *effect = carta_yaml_get(map, "effect");
    struct fy_node *active_key = carta_yaml_get(map, "cost") ? carta_yaml_get(map, "cost")
                                 : carta_yaml_get(map, "repeat") ? carta_yaml_get(map, "repeat")
                                                                 : carta_yaml_get(map, "template");
    if (!trig && !effect && !active_key)
        return CARTA_OK;
    int trigger = read_key_word(map, "trigger", triggers, AM_TRIG_ACTIVE, file, err);
    if (trigger < 0)
        return CARTA_ERR_INPUT;
    if (type != AM_T_ABILITY || !trigger || !effect || !fy_node_is_sequence(effect))
        return carta_yaml_error(err, file, trig ? trig : effect ? effect : active_key,
                                "a minion's ability has 'trigger' (turn_start, turn_end, hit, "
                                "attacked, opportunity; none: active) and 'effect', a list of "
                                "effects (Minion Abilities)");
    int active = trigger == AM_TRIG_ACTIVE;
    if (!active && active_key)
        return carta_yaml_error(err, file, active_key, "'cost', 'repeat' and 'template' are an "
                                "active ability's (one without 'trigger')");
    if (r->n_spells >= AM_SPELLS_MAX)
        return carta_yaml_error(err, file, map, "more than %d spells", AM_SPELLS_MAX);
    am_spell *s = &r->spell[r->n_spells];
    memset(s, 0, sizeof *s);
    s->id = (uint16_t)id;
    if ((active && read_active(map, t, s, file, err)) ||
        read_stage_nodes(NULL, effect, s, NULL, NULL, 0, file, err))
        return CARTA_ERR_INPUT;
    for (int i = 0; i < s->n_ops; i++)
        if (!am_minion_op_ok(&s->op[i], active))
            return carta_yaml_error(err, file, effect, "a minion's ability does gain, heal, "
                                    "armour, defence or boost (on the minion, `to: ally` or `to: "
                                    "controller`), or draw, mill or token `to: controller`; an "
                                    "active one also attack, inflict, push, pull or shift");
    if (spell_attacks(s) != (s->roll != AM_ROLL_NONE))
        return carta_yaml_error(err, file, effect, "an ability's attack and its 'template' go "
                                "together (R143)");
    t->trigger = (uint8_t)trigger;
    t->effect = (uint16_t)(++r->n_spells);
    return CARTA_OK;
}

/* Everything else is a thing: the build's entries, ancestries, abilities, items, artefacts. */
static carta_status compile_thing(carta_rules *r, int id, int type, struct fy_node *map,
                                  const char *file, carta_error *err)
{
    static const char *const keys[] = {"name", "type", "attr", "bonus", "points", "slots",
                                       "wear", "melee", "ranged", "channel", "defence",
                                       "round_armour", "token", "mode", "mp", "hand", "hp", "es",
                                       "guard_bonus", "protect_bonus", "piercing",
                                       "use", "uses", "slow", "range", "amount", "handler",
                                       "resist", "abilities", "knell", "object", "trigger",
                                       "effect", "cost", "repeat", "template", "text", NULL};
    if (carta_yaml_check_keys(map, keys, kind_names[type - 1], file, err))
        return CARTA_ERR_INPUT;
    if (r->n_things >= AM_THINGS_MAX)
        return carta_yaml_error(err, file, map, "more than %d abilities and items",
                                AM_THINGS_MAX);
    am_thing *t = &r->thing[r->n_things];
    memset(t, 0, sizeof *t);
    int v[13] = {0}, ok = 1;
    int attr = type == AM_T_ATTRIBUTE ? read_key_word(map, "attr", attr_names, -1, file, err)
               : type == AM_T_BONUS   ? read_key_word(map, "bonus", bonus_names, -1, file, err)
                                      : 0;
    int wear = read_key_word(map, "wear", wear_names, AM_WEAR_NONE, file, err);
    int mode = read_key_word(map, "mode", mode_names, 0, file, err);
    if (attr < 0 || wear < 0 || mode < 0 ||
        carta_yaml_int(map, "points", type == AM_T_ABILITY || type == AM_T_ARTEFACT, false, 0,
                       4, &v[0], file, err) ||
        carta_yaml_int(map, "slots", type >= AM_T_WEAPON && type <= AM_T_CONSUMABLE, false, 0,
                       4, &v[1], file, err) ||
        carta_yaml_int(map, "melee", 0, false, 0, 3, &v[2], file, err) ||
        carta_yaml_int(map, "ranged", 0, false, 0, 16, &v[3], file, err) ||
        carta_yaml_int(map, "defence", 0, false, 0, 10, &v[4], file, err) ||
        carta_yaml_int(map, "round_armour", 0, false, 0, 99, &v[5], file, err) ||
        carta_yaml_int(map, "mp", 0, false, 0, 10, &v[6], file, err) ||
        carta_yaml_int(map, "hand", 0, false, 0, 3, &v[7], file, err) ||
        carta_yaml_int(map, "hp", 0, false, -50, 100, &v[8], file, err) ||
        carta_yaml_int(map, "es", 0, false, 0, 4, &v[9], file, err) ||
        carta_yaml_int(map, "guard_bonus", 0, false, 0, 10, &v[10], file, err) ||
        carta_yaml_int(map, "protect_bonus", 0, false, 0, 10, &v[11], file, err) ||
        carta_yaml_int(map, "knell", 0, false, 0, 99, &v[12], file, err))
        return CARTA_ERR_INPUT;
    t->knell = (uint8_t)v[12];
    t->es = (uint8_t)v[9];
    t->guard_bonus = (uint8_t)v[10];
    t->protect_bonus = (uint8_t)v[11];
    t->attr = (uint8_t)attr;
    t->wear = (uint8_t)wear;
    t->points = (uint8_t)v[0];
    t->slots = (uint8_t)v[1];
    t->melee = (uint8_t)v[2];
    t->ranged = (uint8_t)v[3];
    t->defence = (uint8_t)v[4];
    t->round_ap = (uint8_t)v[5];
    t->mp = (uint8_t)v[6];
    t->hand = (uint8_t)v[7];
    t->hp = (int8_t)v[8];
    bool piercing = false;
    if (carta_yaml_bool(map, "piercing", false, &piercing, file, err) ||
        compile_consumable(map, t, file, err))
        return CARTA_ERR_INPUT;
    t->piercing = piercing;
    int handler = read_key_word(map, "handler", am_handler_names, 0, file, err);
    if (handler < 0)
        return CARTA_ERR_INPUT;
    t->handler = (uint8_t)handler;
    t->resist = read_types(map, "resist", file, &ok, err);
    if (!ok)
        return CARTA_ERR_INPUT;
    struct fy_node *ch = carta_yaml_get(map, "channel");
    if (ch) {
        char x[8], y[8];
        if (!fy_node_is_sequence(ch) || fy_node_sequence_item_count(ch) != 2 ||
            !carta_yaml_scalar(fy_node_sequence_get_by_index(ch, 0), x, sizeof x) ||
            !carta_yaml_scalar(fy_node_sequence_get_by_index(ch, 1), y, sizeof y))
            return carta_yaml_error(err, file, ch, "'channel' is [X, Y]");
        t->x = (int8_t)atoi(x);
        t->y = (int8_t)atoi(y);
    }
    struct fy_node *tok = carta_yaml_get(map, "token");
    if (tok) {
        static const char *const tkeys[] = {"kind", "value", "range", "count", NULL};
        int kind, value = 0, range = 0, count = 1;
        if (carta_yaml_check_keys(tok, tkeys, "a token", file, err) ||
            (kind = read_key_word(tok, "kind", token_names, -1, file, err)) <= 0 ||
            carta_yaml_int(tok, "value", 0, true, 1, 20, &value, file, err) ||
            carta_yaml_int(tok, "range", 0, false, 0, 16, &range, file, err) ||
            carta_yaml_int(tok, "count", 1, false, 1, 3, &count, file, err))
            return carta_yaml_error(err, file, tok, "a token is {kind: strike|guard|protect, "
                                    "value, range, count}");
        t->token_count = (uint8_t)count;
        t->token_kind = (uint8_t)kind;
        t->token_value = (uint8_t)value;
        t->token_range = (uint8_t)range;
    }
    uint8_t n = 0;
    if (read_links(r, map, "abilities", AM_T_ABILITY, t->ability, 2, &n, file, err))
        return CARTA_ERR_INPUT;
    t->n_abilities = n;
    struct fy_node *object = carta_yaml_get(map, "object");
    if ((t->use == AM_USE_QUAKE) != (object != NULL))
        return carta_yaml_error(err, file, object ? object : map, "'use: quake' and 'object' go "
                                "together: the object it places");
    if (object && link_add(r, &t->object, AM_T_OBJECT, object, file, err))
        return CARTA_ERR_INPUT;
    if (type == AM_T_ANCESTRY && n != 2)
        return carta_yaml_error(err, file, map, "an ancestry has 2 abilities (CREATE-A-MAGE, "
                                "Step 5)");
    if (read_minion_ability(r, id, type, map, t, file, err))
        return CARTA_ERR_INPUT;
    r->type[id] = (uint8_t)type;
    r->index[id] = (uint16_t)r->n_things++;
    return CARTA_OK;
}

carta_status am_compile(void *ctx, int card_id, struct fy_node *card, const char *file,
                        carta_error *err)
{
    carta_rules *r = ctx;
    if (card_id >= CARTA_CATALOG_MAX)
        return carta_yaml_error(err, file, card, "too many entries");
    int kind = read_key_word(card, "type", kind_names, -1, file, err);
    if (kind < 0)
        return CARTA_ERR_INPUT;
    switch (kind + 1) {
    case AM_T_SPELL: return compile_spell(r, card_id, card, file, err);
    case AM_T_STYLE: return compile_style(r, card_id, card, file, err);
    case AM_T_ENEMY: return compile_enemy(r, card_id, card, file, 0, err);
    case AM_T_MINION: return compile_enemy(r, card_id, card, file, 1, err);
    case AM_T_ENCOUNTER: return compile_encounter(r, card_id, card, file, err);
    case AM_T_OBJECT: return compile_object(r, card_id, card, file, err);
    default: return compile_thing(r, card_id, kind + 1, card, file, err);
    }
}

/* BASIC ATTACKS: melee "Melee, D20 + Any, 10 + Any"; ranged "5 squares, D20 + Any, 8 + Any";
 * both Physical (R48: Any is the highest attribute). */
void am_basic_attacks(carta_rules *r)
{
    for (int k = 0; k < 2; k++) {
        am_spell *s = &r->basic[k];
        memset(s, 0, sizeof *s);
        snprintf(s->name, sizeof s->name, "%s", k ? "basic ranged attack" : "basic melee attack");
        s->melee = (uint8_t)!k;
        s->range = k ? 5 : 1;
        s->roll = s->dmg_attr = AM_ROLL_ANY;
        s->dmg = k ? 8 : 10;
        s->types = 1u;
        s->keywords = AM_K_TRICK;
        s->n_stages = 1;
        s->n_ops = 1;
        s->stage_end[0] = 1;
        s->op[0] = (am_op){.kind = AM_OP_ATTACK, .count = 1};
    }
}
