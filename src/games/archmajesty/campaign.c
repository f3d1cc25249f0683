/* campaign.c: the campaign file of the table tools (table.h, docs/table.md): the characters'
 * non-combat sheets, the clocks, and every session's seed and log in YAML. Loading replays the
 * log through the rules and checks every logged roll, so a file edited by hand, or a roll that
 * did not come from its seed, is found out. */
#include "games/archmajesty/table.h"

#include <errno.h>
#include <libfyaml.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/file.h"
#include "core/yaml.h"

static const char *const relevance_names[] = {"none", "marginal", "full", "especially"};

/* ---- reading ---- */

/* The scalar items of a list into names (each < AM_TT_NAME); *n: how many. */
static carta_status read_names(struct fy_node *list, char (*names)[AM_TT_NAME], int max, int *n,
                               const char *what, const char *path, carta_error *err)
{
    *n = 0;
    if (!list)
        return CARTA_OK;
    if (!fy_node_is_sequence(list))
        return carta_yaml_error(err, path, list, "'%s' is a list", what);
    void *it = NULL;
    struct fy_node *item;
    while ((item = fy_node_sequence_iterate(list, &it))) {
        size_t len = 0;
        if (!fy_node_is_scalar(item) || !fy_node_get_scalar(item, &len) || !len ||
            len >= AM_TT_NAME)
            return carta_yaml_error(err, path, item, "each of '%s' is a name of 1 to %d bytes",
                                    what, AM_TT_NAME - 1);
        if (*n == max)
            return carta_yaml_error(err, path, item, "at most %d %s", max, what);
        carta_yaml_scalar(item, names[(*n)++], AM_TT_NAME);
    }
    return CARTA_OK;
}

static carta_status read_circles(struct fy_node *list, am_sheet *s, const char *path,
                                 carta_error *err)
{
    static const char *const keys[] = {"name", "rebel", "pretend", NULL};
    if (list && !fy_node_is_sequence(list))
        return carta_yaml_error(err, path, list, "'circles' is a list");
    void *it = NULL;
    struct fy_node *item;
    while (list && (item = fy_node_sequence_iterate(list, &it))) {
        if (s->n_circles == AM_TT_CIRCLES)
            return carta_yaml_error(err, path, item, "at most %d circles", AM_TT_CIRCLES);
        am_circle *c = &s->circles[s->n_circles++];
        bool rebel = false, pretend = false;
        if (fy_node_is_scalar(item) && carta_yaml_scalar(item, c->name, sizeof c->name))
            continue; /* a plain name */
        carta_status st = carta_yaml_check_keys(item, keys, "a circle", path, err);
        if (st == CARTA_OK)
            st = carta_yaml_str(item, "name", NULL, c->name, sizeof c->name, path, err);
        if (st == CARTA_OK)
            st = carta_yaml_bool(item, "rebel", false, &rebel, path, err);
        if (st == CARTA_OK)
            st = carta_yaml_bool(item, "pretend", false, &pretend, path, err);
        if (st != CARTA_OK)
            return st;
        c->rebel = rebel;
        c->pretend = pretend;
    }
    return CARTA_OK;
}

static carta_status read_sheet(struct fy_node *map, am_sheet *s, const char *path,
                               carta_error *err)
{
    static const char *const keys[] = {"name", "aspects", "circles", "lores", "mage", NULL};
    int n_aspects = 0;
    memset(s, 0, sizeof *s);
    carta_status st = carta_yaml_check_keys(map, keys, "a character", path, err);
    if (st == CARTA_OK)
        st = carta_yaml_str(map, "name", NULL, s->name, sizeof s->name, path, err);
    if (st == CARTA_OK)
        st = read_names(carta_yaml_get(map, "aspects"), s->aspects, AM_TT_ASPECTS, &n_aspects,
                        "aspects", path, err);
    if (st == CARTA_OK)
        st = read_circles(carta_yaml_get(map, "circles"), s, path, err);
    if (st == CARTA_OK)
        st = read_names(carta_yaml_get(map, "lores"), s->lores, AM_TT_LORES, &s->n_lores,
                        "lores", path, err);
    if (st == CARTA_OK) /* its mage file, for equip and unequip (R153) */
        st = carta_yaml_str(map, "mage", "", s->mage, sizeof s->mage, path, err);
    return st;
}

/* The index of name among n names (case aside), or -1. */
static int name_index(const char (*names)[AM_TT_NAME], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcasecmp(names[i], name))
            return i;
    return -1;
}

static int circle_index(const am_sheet *s, const char *name)
{
    for (int i = 0; i < s->n_circles; i++)
        if (!strcasecmp(s->circles[i].name, name))
            return i;
    return -1;
}

static carta_status read_pairings(struct fy_node *list, const am_sheet *s, am_task *t,
                                  const char *path, carta_error *err)
{
    static const char *const keys[] = {"circle", "favourable", "same", "other_rebel",
                                       "convincing", NULL};
    void *it = NULL;
    struct fy_node *item;
    if (list && (!fy_node_is_sequence(list) || !s))
        return carta_yaml_error(err, path, list, "'pairings' is a list, for a character");
    while (list && (item = fy_node_sequence_iterate(list, &it))) {
        char name[AM_TT_NAME];
        bool fav = true, same = false, other_rebel = false, convincing = true;
        carta_status st = carta_yaml_check_keys(item, keys, "a pairing", path, err);
        if (st == CARTA_OK)
            st = carta_yaml_str(item, "circle", NULL, name, sizeof name, path, err);
        if (st == CARTA_OK)
            st = carta_yaml_bool(item, "favourable", true, &fav, path, err);
        if (st == CARTA_OK)
            st = carta_yaml_bool(item, "same", false, &same, path, err);
        if (st == CARTA_OK)
            st = carta_yaml_bool(item, "other_rebel", false, &other_rebel, path, err);
        if (st == CARTA_OK)
            st = carta_yaml_bool(item, "convincing", true, &convincing, path, err);
        if (st != CARTA_OK)
            return st;
        int k = circle_index(s, name);
        if (k < 0 || t->n_pairings == AM_TT_PAIRINGS)
            return carta_yaml_error(err, path, item, "'%s' is not one of %s's circles (or more "
                                    "than %d pairings)", name, s->name, AM_TT_PAIRINGS);
        t->pairings[t->n_pairings++] = (am_pairing){k, fav, same, other_rebel, convincing};
    }
    return CARTA_OK;
}

/* A check entry's task (names resolved against the campaign). */
static carta_status read_task(const am_campaign *c, struct fy_node *e, am_task *t,
                              const char *path, carta_error *err)
{
    char by[AM_TT_NAME] = "", aspect[AM_TT_NAME] = "", rel[16] = "full", lore[AM_TT_NAME] = "";
    char clock[AM_TT_NAME] = "";
    bool knowledge = false;
    memset(t, 0, sizeof *t);
    carta_status st = carta_yaml_str(e, "check", "", by, sizeof by, path, err);
    if (st == CARTA_OK)
        st = carta_yaml_int(e, "dt", 0, true, 1, 99, &t->dt, path, err);
    if (st == CARTA_OK)
        st = carta_yaml_str(e, "aspect", "", aspect, sizeof aspect, path, err);
    if (st == CARTA_OK)
        st = carta_yaml_str(e, "relevance", "full", rel, sizeof rel, path, err);
    if (st == CARTA_OK)
        st = carta_yaml_bool(e, "knowledge", false, &knowledge, path, err);
    if (st == CARTA_OK)
        st = carta_yaml_str(e, "lore", "", lore, sizeof lore, path, err);
    if (st == CARTA_OK)
        st = carta_yaml_int(e, "modifier", 0, false, -99, 99, &t->other, path, err);
    if (st == CARTA_OK)
        st = carta_yaml_str(e, "on", "", clock, sizeof clock, path, err);
    if (st != CARTA_OK)
        return st;
    t->sheet = by[0] ? am_table_find_sheet(c, by) : -1;
    t->clock = clock[0] ? am_table_find_clock(c, clock) : -1;
    t->knowledge = knowledge;
    const am_sheet *s = t->sheet >= 0 ? &c->sheets[t->sheet] : NULL;
    if ((by[0] && !s) || (clock[0] && t->clock < 0))
        return carta_yaml_error(err, path, e, "no %s named '%s'", by[0] && !s ? "character"
                                : "clock", by[0] && !s ? by : clock);
    if (aspect[0]) {
        t->aspect_index = s ? name_index(s->aspects, AM_TT_ASPECTS, aspect) : -1;
        for (int r = 1; r < 4; r++)
            if (!strcasecmp(rel, relevance_names[r]))
                t->aspect = (am_relevance)r;
        if (t->aspect_index < 0 || t->aspect == AM_ASPECT_NONE)
            return carta_yaml_error(err, path, e, "aspect '%s' (%s): one of the character's, "
                                    "marginal, full or especially relevant", aspect, rel);
    }
    if (lore[0]) {
        t->lore = 1;
        t->lore_index = s ? name_index(s->lores, s->n_lores, lore) : -1;
        if (t->lore_index < 0)
            return carta_yaml_error(err, path, e, "lore '%s' is not the character's", lore);
    }
    return read_pairings(carta_yaml_get(e, "pairings"), s, t, path, err);
}

/* An equip or unequip entry: kept in the log, not done again: the mage file holds its result
 * (R154). Its character must be the campaign's, with a mage file. */
static carta_status read_equip(am_campaign *c, struct fy_node *e, const char *path,
                               carta_error *err)
{
    int equip = carta_yaml_get(e, "equip") != NULL;
    char who[AM_TT_NAME];
    am_entry entry = {.kind = equip ? AM_ENTRY_EQUIP : AM_ENTRY_UNEQUIP,
                      .session = c->n_sessions - 1};
    carta_status st = carta_yaml_str(e, equip ? "equip" : "unequip", NULL, who, sizeof who,
                                     path, err);
    if (st == CARTA_OK)
        st = carta_yaml_str(e, "item", NULL, entry.item, sizeof entry.item, path, err);
    if (st != CARTA_OK)
        return st;
    int k = am_table_find_sheet(c, who);
    if (k < 0 || !c->sheets[k].mage[0])
        return carta_yaml_error(err, path, e, "no character named '%s' with a mage file", who);
    if (c->n_entries == AM_TT_LOG)
        return carta_yaml_error(err, path, e, "the campaign's log is full");
    snprintf(entry.name, sizeof entry.name, "%s", c->sheets[k].name);
    c->log[c->n_entries++] = entry;
    return CARTA_OK;
}

/* Replays one logged entry through the rules; a check must roll what the log says. */
static carta_status replay_entry(am_campaign *c, struct fy_node *e, const char *path,
                                 carta_error *err)
{
    static const char *const keys[] = {"check", "dt", "aspect", "relevance", "pairings",
                                       "knowledge", "lore", "modifier", "on", "natural", "final",
                                       "clock", "segments", "settle", "choice", "equip",
                                       "unequip", "item", NULL};
    char name[AM_TT_NAME], choice[16];
    carta_error why = {0};
    carta_status st = carta_yaml_check_keys(e, keys, "a log entry", path, err);
    if (st != CARTA_OK)
        return st;
    if (carta_yaml_get(e, "clock")) {
        int segments = 0;
        if ((st = carta_yaml_str(e, "clock", NULL, name, sizeof name, path, err)) ||
            (st = carta_yaml_int(e, "segments", 0, true, 2, AM_TT_SEGMENTS, &segments, path,
                                 err)))
            return st;
        st = am_table_new_clock(c, name, segments, &why);
    } else if (carta_yaml_get(e, "equip") || carta_yaml_get(e, "unequip")) {
        return read_equip(c, e, path, err);
    } else if (carta_yaml_get(e, "settle")) {
        if ((st = carta_yaml_str(e, "settle", NULL, name, sizeof name, path, err)) ||
            (st = carta_yaml_str(e, "choice", NULL, choice, sizeof choice, path, err)))
            return st;
        st = am_table_settle(c, name, choice, &why);
    } else {
        am_task t;
        am_check got;
        int natural = 0, final = 0;
        if ((st = read_task(c, e, &t, path, err)) ||
            (st = carta_yaml_int(e, "natural", 0, false, 0, 20, &natural, path, err)) ||
            (st = carta_yaml_int(e, "final", 0, false, -999, 999, &final, path, err)))
            return st;
        st = am_table_check(c, &t, &got, &why);
        if (st == CARTA_OK && (got.natural != natural || (!got.automatic && got.final != final)))
            return carta_yaml_error(err, path, e, "this check rolls %d (final %d) from its "
                                    "session's seed, but the log says %d (final %d): the log "
                                    "was changed", got.natural, got.final, natural, final);
    }
    return st == CARTA_OK ? CARTA_OK : carta_yaml_error(err, path, e, "%s", why.msg);
}

static carta_status read_sessions(am_campaign *c, struct fy_node *list, const char *path,
                                  carta_error *err)
{
    static const char *const keys[] = {"seed", "log", NULL};
    void *it = NULL;
    struct fy_node *session;
    if (list && !fy_node_is_sequence(list))
        return carta_yaml_error(err, path, list, "'sessions' is a list");
    while (list && (session = fy_node_sequence_iterate(list, &it))) {
        char seed[32];
        char *end = NULL;
        carta_error why = {0};
        carta_status st = carta_yaml_check_keys(session, keys, "a session", path, err);
        if (st == CARTA_OK)
            st = carta_yaml_str(session, "seed", NULL, seed, sizeof seed, path, err);
        if (st != CARTA_OK)
            return st;
        errno = 0;
        unsigned long long v = strtoull(seed, &end, 10);
        if (errno || !seed[0] || *end || seed[0] == '-')
            return carta_yaml_error(err, path, session, "'seed' is a whole number");
        if (am_table_session(c, v, &why) != CARTA_OK)
            return carta_yaml_error(err, path, session, "%s", why.msg);
        struct fy_node *log = carta_yaml_get(session, "log"), *e;
        void *lit = NULL;
        if (log && !fy_node_is_sequence(log))
            return carta_yaml_error(err, path, log, "'log' is a list");
        while (log && (e = fy_node_sequence_iterate(log, &lit)))
            if ((st = replay_entry(c, e, path, err)) != CARTA_OK)
                return st;
    }
    return CARTA_OK;
}

static carta_status read_campaign(am_campaign *c, struct fy_node *root, const char *path,
                                  carta_error *err)
{
    static const char *const keys[] = {"characters", "clocks", "sessions", NULL};
    static const char *const clock_keys[] = {"name", "segments", NULL};
    carta_status st = carta_yaml_check_keys(root, keys, "a campaign", path, err);
    struct fy_node *sheets = carta_yaml_get(root, "characters"), *item;
    struct fy_node *clocks = carta_yaml_get(root, "clocks");
    void *it = NULL;
    if (st == CARTA_OK && ((sheets && !fy_node_is_sequence(sheets)) ||
                           (clocks && !fy_node_is_sequence(clocks))))
        st = carta_yaml_error(err, path, root, "'characters' and 'clocks' are lists");
    while (st == CARTA_OK && sheets && (item = fy_node_sequence_iterate(sheets, &it))) {
        if (c->n_sheets == AM_TT_SHEETS)
            return carta_yaml_error(err, path, item, "at most %d characters", AM_TT_SHEETS);
        st = read_sheet(item, &c->sheets[c->n_sheets], path, err);
        if (st == CARTA_OK && am_table_find_sheet(c, c->sheets[c->n_sheets].name) >= 0)
            st = carta_yaml_error(err, path, item, "two characters named '%s'",
                                  c->sheets[c->n_sheets].name);
        c->n_sheets++;
    }
    it = NULL;
    while (st == CARTA_OK && clocks && (item = fy_node_sequence_iterate(clocks, &it))) {
        if (c->n_clocks == AM_TT_CLOCKS)
            return carta_yaml_error(err, path, item, "at most %d clocks", AM_TT_CLOCKS);
        am_clock *k = &c->clocks[c->n_clocks];
        memset(k, 0, sizeof *k);
        st = carta_yaml_check_keys(item, clock_keys, "a clock", path, err);
        if (st == CARTA_OK)
            st = carta_yaml_str(item, "name", NULL, k->name, sizeof k->name, path, err);
        if (st == CARTA_OK)
            st = carta_yaml_int(item, "segments", 0, true, 2, AM_TT_SEGMENTS, &k->segments,
                                path, err);
        if (st == CARTA_OK && (k->segments % 2 || am_table_find_clock(c, k->name) >= 0))
            st = carta_yaml_error(err, path, item, "a clock has a name of its own and an even "
                                  "number of segments");
        c->n_clocks++;
    }
    if (st != CARTA_OK)
        return st;
    c->n_start_clocks = c->n_clocks;
    memcpy(c->start_clocks, c->clocks, sizeof c->clocks);
    return read_sessions(c, carta_yaml_get(root, "sessions"), path, err);
}

carta_status am_campaign_load(am_campaign *c, const char *path, carta_error *err)
{
    memset(c, 0, sizeof *c);
    const char *slash = strrchr(path, '/'); /* the folder mage files are named from */
    if (slash)
        snprintf(c->dir, sizeof c->dir, "%.*s", (int)(slash - path), path);
    if (slash == path)
        snprintf(c->dir, sizeof c->dir, "/");
    struct fy_document *doc = carta_yaml_load(path, err);
    if (!doc)
        return CARTA_ERR_INPUT;
    struct fy_node *root = fy_document_root(doc);
    carta_status st = root && fy_node_is_mapping(root)
                          ? read_campaign(c, root, path, err)
                          : carta_yaml_error(err, path, root, "a campaign is a map with "
                                             "'characters', 'clocks' and 'sessions'");
    fy_document_destroy(doc);
    return st;
}

/* ---- writing ---- */

typedef struct yaml_out {
    struct fy_document *doc;
    int failed;
} yaml_out;

static struct fy_node *y_str(yaml_out *y, const char *s)
{
    struct fy_node *n = fy_node_create_scalar_copy(y->doc, s, strlen(s));
    y->failed |= !n;
    return n;
}

static void y_put(yaml_out *y, struct fy_node *map, const char *key, struct fy_node *value)
{
    if (!value || fy_node_mapping_append(map, y_str(y, key), value) != 0)
        y->failed = 1;
}

static void y_put_str(yaml_out *y, struct fy_node *map, const char *key, const char *value)
{
    y_put(y, map, key, y_str(y, value));
}

static void y_put_int(yaml_out *y, struct fy_node *map, const char *key, long long value)
{
    char text[32];
    snprintf(text, sizeof text, "%lld", value);
    y_put(y, map, key, y_str(y, text));
}

static struct fy_node *y_map(yaml_out *y)
{
    struct fy_node *n = fy_node_create_mapping(y->doc);
    y->failed |= !n;
    return n;
}

static struct fy_node *y_list(yaml_out *y)
{
    struct fy_node *n = fy_node_create_sequence(y->doc);
    y->failed |= !n;
    return n;
}

static void y_append(yaml_out *y, struct fy_node *list, struct fy_node *item)
{
    if (!list || !item || fy_node_sequence_append(list, item) != 0)
        y->failed = 1;
}

static struct fy_node *write_sheet(yaml_out *y, const am_sheet *s)
{
    struct fy_node *m = y_map(y), *aspects = y_list(y), *circles = y_list(y), *lores = y_list(y);
    y_put_str(y, m, "name", s->name);
    for (int i = 0; i < AM_TT_ASPECTS; i++)
        if (s->aspects[i][0])
            y_append(y, aspects, y_str(y, s->aspects[i]));
    for (int i = 0; i < s->n_circles; i++) {
        struct fy_node *c = y_map(y);
        y_put_str(y, c, "name", s->circles[i].name);
        if (s->circles[i].rebel)
            y_put_str(y, c, "rebel", "true");
        if (s->circles[i].pretend)
            y_put_str(y, c, "pretend", "true");
        y_append(y, circles, c);
    }
    for (int i = 0; i < s->n_lores; i++)
        y_append(y, lores, y_str(y, s->lores[i]));
    y_put(y, m, "aspects", aspects);
    y_put(y, m, "circles", circles);
    y_put(y, m, "lores", lores);
    if (s->mage[0])
        y_put_str(y, m, "mage", s->mage);
    return m;
}

static struct fy_node *write_check(yaml_out *y, const am_campaign *c, const am_entry *e)
{
    const am_task *t = &e->task;
    const am_sheet *s = t->sheet >= 0 ? &c->sheets[t->sheet] : NULL;
    struct fy_node *m = y_map(y);
    y_put_str(y, m, "check", s ? s->name : "");
    y_put_int(y, m, "dt", t->dt);
    if (t->aspect != AM_ASPECT_NONE && s) {
        y_put_str(y, m, "aspect", s->aspects[t->aspect_index]);
        y_put_str(y, m, "relevance", relevance_names[t->aspect]);
    }
    if (t->n_pairings && s) {
        struct fy_node *list = y_list(y);
        for (int i = 0; i < t->n_pairings; i++) {
            const am_pairing *p = &t->pairings[i];
            struct fy_node *pm = y_map(y);
            y_put_str(y, pm, "circle", s->circles[p->circle].name);
            y_put_str(y, pm, "favourable", p->favourable ? "true" : "false");
            y_put_str(y, pm, "same", p->same_circle ? "true" : "false");
            y_put_str(y, pm, "other_rebel", p->other_rebel ? "true" : "false");
            y_put_str(y, pm, "convincing", p->convincing ? "true" : "false");
            y_append(y, list, pm);
        }
        y_put(y, m, "pairings", list);
    }
    if (t->knowledge)
        y_put_str(y, m, "knowledge", "true");
    if (t->lore && s)
        y_put_str(y, m, "lore", s->lores[t->lore_index]);
    if (t->other)
        y_put_int(y, m, "modifier", t->other);
    if (t->clock >= 0)
        y_put_str(y, m, "on", c->clocks[t->clock].name);
    y_put_int(y, m, "natural", e->check.natural);
    y_put_int(y, m, "final", e->check.final);
    return m;
}

static struct fy_node *write_entry(yaml_out *y, const am_campaign *c, const am_entry *e)
{
    if (e->kind == AM_ENTRY_CHECK)
        return write_check(y, c, e);
    struct fy_node *m = y_map(y);
    if (e->kind == AM_ENTRY_CLOCK) {
        y_put_str(y, m, "clock", e->name);
        y_put_int(y, m, "segments", e->segments);
    } else if (e->kind == AM_ENTRY_SETTLE) {
        y_put_str(y, m, "settle", e->name);
        y_put_str(y, m, "choice", e->choice);
    } else {
        y_put_str(y, m, e->kind == AM_ENTRY_EQUIP ? "equip" : "unequip", e->name);
        y_put_str(y, m, "item", e->item);
    }
    return m;
}

static struct fy_node *write_campaign(yaml_out *y, const am_campaign *c)
{
    struct fy_node *root = y_map(y), *sheets = y_list(y), *clocks = y_list(y);
    struct fy_node *sessions = y_list(y);
    for (int i = 0; i < c->n_sheets; i++)
        y_append(y, sheets, write_sheet(y, &c->sheets[i]));
    for (int i = 0; i < c->n_start_clocks; i++) {
        struct fy_node *k = y_map(y);
        y_put_str(y, k, "name", c->start_clocks[i].name);
        y_put_int(y, k, "segments", c->start_clocks[i].segments);
        y_append(y, clocks, k);
    }
    for (int s = 0, e = 0; s < c->n_sessions; s++) {
        struct fy_node *session = y_map(y), *log = y_list(y);
        char seed[32];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)c->seeds[s]);
        y_put_str(y, session, "seed", seed);
        for (; e < c->n_entries && c->log[e].session == s; e++)
            y_append(y, log, write_entry(y, c, &c->log[e]));
        y_put(y, session, "log", log);
        y_append(y, sessions, session);
    }
    y_put(y, root, "characters", sheets);
    y_put(y, root, "clocks", clocks);
    y_put(y, root, "sessions", sessions);
    return root;
}

carta_status am_campaign_save(const am_campaign *c, const char *path, carta_error *err)
{
    yaml_out y = {.doc = fy_document_create(NULL)};
    struct fy_node *root = y.doc ? write_campaign(&y, c) : NULL;
    char *text = NULL;
    if (root && !y.failed && fy_document_set_root(y.doc, root) == 0)
        text = fy_emit_document_to_string(y.doc, FYECF_MODE_BLOCK | FYECF_WIDTH_INF |
                                                     FYECF_INDENT_2);
    fy_document_destroy(y.doc);
    if (!text)
        return carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: cannot write the campaign",
                               path);
    static const char head[] = "# An Archmajesty campaign for `carta table` (docs/table.md).\n";
    size_t len = strlen(head) + strlen(text);
    char *all = malloc(len + 1);
    carta_status st = all ? CARTA_OK : carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
    if (all) {
        snprintf(all, len + 1, "%s%s", head, text);
        st = carta_file_write_atomic(path, all, len, err);
    }
    free(all);
    free(text);
    return st;
}
