/* record.c: game records as JSON: save (atomic), load (fully checked), replay. */
#include "record.h"

#include "file.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "deck_sections.h"
#include "file.h"
#include "options.h"

void carta_record_init(carta_record *rec, const carta_game *game, const carta_config *config)
{
    memset(rec, 0, sizeof *rec);
    rec->game = game;
    rec->saved_by = CARTA_NO_SEAT;
    if (config)
        rec->config = *config;
}

carta_status carta_record_push(carta_record *rec, carta_action action)
{
    if (rec->n_actions == rec->cap_actions) {
        int cap = rec->cap_actions ? rec->cap_actions * 2 : 64;
        carta_action *a = realloc(rec->actions, (size_t)cap * sizeof *a);
        if (!a)
            return CARTA_ERR_NOMEM;
        rec->actions = a;
        rec->cap_actions = cap;
    }
    rec->actions[rec->n_actions++] = action;
    return CARTA_OK;
}

void carta_record_free(carta_record *rec)
{
    free(rec->actions);
    memset(rec, 0, sizeof *rec);
}

/* ---- replay ---- */


/* Where record_run writes each action's text, and for whom. */
typedef struct record_texts {
    json_t *out;   /* the texts, appended in order */
    int viewer;    /* the seat they are told to, or CARTA_NO_SEAT: in full */
    void *scratch; /* game->state_size bytes, for carta_describe_move */
} record_texts;

/* Appends the text of action a, about to be applied to the true state, as texts->viewer saw it. */
static void record_append_text(const carta_game *g, const carta_rules *rules, const void *state,
                               carta_action a, const record_texts *texts)
{
    char text[256];
    if (texts->viewer == CARTA_NO_SEAT)
        g->describe_action(rules, state, a, text, sizeof text);
    else
        carta_describe_move(g, rules, state, a, texts->viewer, texts->scratch, text, sizeof text);
    json_array_append_new(texts->out, json_string(text));
}

/* Sets up and applies actions [0, upto) of rec; if texts, writes each action's text first. */
static carta_status record_run(const carta_record *rec, const carta_rules *rules, void *state,
                               int upto, const record_texts *texts, carta_error *err)
{
    const carta_game *g = rec->game;
    carta_error why = {0};
    memset(state, 0, g->state_size);
    if (g->setup(rules, state, &rec->config, &why) != CARTA_OK)
        return carta_error_set(err, why.status ? why.status : CARTA_ERR_INPUT,
                               "the game could not be set up: %s", why.msg);
    for (int i = 0; i < upto; i++) {
        carta_action a = rec->actions[i];
        char desc[160];
        if (!carta_action_is_legal(g, rules, state, a)) {
            g->describe_state(rules, state, desc, sizeof desc);
            return carta_error_set(err, CARTA_ERR_ILLEGAL,
                                   "action %d (number %" PRIu32 ") is not legal at %s", i, a, desc);
        }
        if (texts)
            record_append_text(g, rules, state, a, texts);
        if (g->apply(rules, state, a, &why) != CARTA_OK) {
            g->describe_state(rules, state, desc, sizeof desc);
            return carta_error_set(err, CARTA_ERR_ILLEGAL,
                                   "action %d (number %" PRIu32 ") was refused at %s: %s", i, a,
                                   desc, why.msg);
        }
    }
    return CARTA_OK;
}

carta_status carta_record_replay(const carta_record *rec, const carta_rules *rules, void *state,
                                 int upto, int check_digest, carta_error *err)
{
    if (!rec->game)
        return carta_error_set(err, CARTA_ERR_INPUT, "the record names no game");
    int n = upto >= 0 && upto < rec->n_actions ? upto : rec->n_actions;
    carta_status st = record_run(rec, rules, state, n, NULL, err);
    if (st != CARTA_OK || !check_digest || n != rec->n_actions)
        return st;
    uint64_t d = carta_digest(state, rec->game->state_size);
    if (d != rec->final_digest)
        return carta_error_set(err, CARTA_ERR_CORRUPT,
                               "the replayed final state differs from the recorded one (digest "
                               "%016" PRIx64 ", recorded %016" PRIx64 ")",
                               d, rec->final_digest);
    return CARTA_OK;
}

int carta_record_viewer(const carta_record *rec, const carta_rules *rules, const void *final)
{
    if (rec->game->to_act(rules, final) == CARTA_NO_SEAT)
        return CARTA_NO_SEAT; /* the game is over: everything may be told */
    return rec->saved_by;
}

/* ---- save ---- */

static json_t *record_decks_json(const carta_record *rec, const carta_rules *rules,
                                 carta_error *err)
{
    const carta_game *g = rec->game;
    json_t *decks = json_array();
    for (int s = 0; decks && s < rec->config.n_seats; s++) {
        const carta_deck *d = &rec->config.decks[s];
        json_t *cards = json_array();
        for (int i = 0; cards && i < d->n_cards; i++) {
            const char *name = g->card_name(rules, d->cards[i]);
            if (!name) {
                json_decref(cards);
                json_decref(decks);
                carta_error_set(err, CARTA_ERR_INPUT, "deck %d holds unknown card id %d", s,
                                d->cards[i]);
                return NULL;
            }
            json_array_append_new(cards, json_string(name));
        }
        json_t *deck = json_pack("{s:s, s:o}", "name", d->name, "cards", cards);
        json_t *sections = carta_deck_sections_json(g, rules, d);
        if (deck && sections)
            json_object_set_new(deck, "sections", sections); /* for readers: said, not read */
        json_array_append_new(decks, deck);
    }
    return decks;
}

static void record_hex(uint64_t v, char out[17]) { snprintf(out, 17, "%016" PRIx64, v); }

/* Writes root to path atomically (file.h). */
static carta_status record_write_atomic(json_t *root, const char *path, carta_error *err)
{
    char *text = json_dumps(root, JSON_INDENT(1));
    if (!text)
        return carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
    size_t len = strlen(text);
    text[len] = '\n'; /* json_dumps leaves room for its NUL: the file ends with a new line */
    carta_status st = carta_file_write_atomic(path, text, len + 1, err);
    free(text);
    return st;
}

/* Replays rec into state, then again writing each move's text into moves as the seat whose view
 * rec is told from saw it (carta_record_viewer); writes that seat, or CARTA_NO_SEAT, to viewer. */
static carta_status record_replay_texts(const carta_record *rec, const carta_rules *rules,
                                        void *state, json_t *moves, int *viewer, carta_error *err)
{
    carta_status st = record_run(rec, rules, state, rec->n_actions, NULL, err);
    if (st != CARTA_OK)
        return st;
    *viewer = carta_record_viewer(rec, rules, state);
    void *scratch = malloc(rec->game->state_size);
    if (!scratch)
        return carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
    record_texts texts = {moves, *viewer, scratch};
    st = record_run(rec, rules, state, rec->n_actions, &texts, err);
    free(scratch);
    return st;
}

/* The record's JSON object, given the replayed final state, the move texts and the seat they
 * were told to (written as "saved_by" if there is one). NULL with err set on failure. */
static json_t *record_root_json(const carta_record *rec, const carta_rules *rules,
                                const void *final, json_t *moves, int viewer, const char *where,
                                carta_error *err)
{
    const carta_game *g = rec->game;
    json_t *decks = record_decks_json(rec, rules, err);
    if (!decks)
        return NULL;
    json_t *actions = json_array(), *seat_names = json_array();
    for (int i = 0; actions && i < rec->n_actions; i++)
        json_array_append_new(actions, json_integer(rec->actions[i]));
    for (int s = 0; seat_names && s < rec->config.n_seats; s++)
        json_array_append_new(seat_names, json_string(rec->seat_names[s]));
    char card_digest[17], final_digest[17], seed[24];
    record_hex(g->card_digest(rules), card_digest);
    record_hex(carta_digest(final, g->state_size), final_digest);
    snprintf(seed, sizeof seed, "%" PRIu64, rec->config.seed);
    json_t *root = json_pack("{s:i, s:s, s:s, s:s, s:i, s:s, s:s, s:O, s:O, s:O}", "format",
                             CARTA_RECORD_FORMAT, "game", g->id, "rules_version",
                             g->rules_version, "card_digest", card_digest, "seats",
                             rec->config.n_seats, "mode", rec->config.mode, "seed", seed, "decks",
                             decks, "seat_names", seat_names, "actions", actions);
    int bad = !root;
    if (root && rec->config.n_options) {
        json_t *options = json_object();
        for (int i = 0; options && i < rec->config.n_options; i++)
            bad |= json_object_set_new(options, rec->config.options[i].key,
                                       json_integer(rec->config.options[i].value)) != 0;
        bad |= !options || json_object_set_new(root, "options", options) != 0;
    }
    if (root && viewer != CARTA_NO_SEAT)
        bad |= json_object_set_new(root, "saved_by", json_integer(viewer)) != 0;
    if (root) {
        bad |= json_object_set(root, "moves", moves) != 0;
        bad |= json_object_set_new(root, "final_digest", json_string(final_digest)) != 0;
    }
    json_decref(decks);
    json_decref(actions);
    json_decref(seat_names);
    if (bad) {
        json_decref(root);
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: cannot build the record", where);
        return NULL;
    }
    return root;
}

/* Builds the JSON of rec (replaying it for the move texts and the final digest); where names
 * the destination in messages. NULL with err set on failure. */
static json_t *record_build_json(const carta_record *rec, const carta_rules *rules,
                                 const char *where, carta_error *err)
{
    const carta_game *g = rec->game;
    if (!g) {
        carta_error_set(err, CARTA_ERR_INPUT, "%s: error: the record names no game", where);
        return NULL;
    }
    if (rec->saved_by != CARTA_NO_SEAT &&
        (rec->saved_by < 0 || rec->saved_by >= rec->config.n_seats)) {
        carta_error_set(err, CARTA_ERR_INPUT, "%s: error: saved by seat %d, but the game has "
                        "seats 0 to %d", where, rec->saved_by, rec->config.n_seats - 1);
        return NULL;
    }
    void *state = malloc(g->state_size);
    json_t *moves = json_array(), *root = NULL;
    int viewer = CARTA_NO_SEAT;
    carta_error why = {0};
    if (!state || !moves)
        carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", where);
    else if (record_replay_texts(rec, rules, state, moves, &viewer, &why) != CARTA_OK)
        carta_error_set(err, why.status, "%s: error: the record does not replay: %s", where,
                        why.msg);
    else
        root = record_root_json(rec, rules, state, moves, viewer, where, err);
    json_decref(moves);
    free(state);
    return root;
}

carta_status carta_record_save(const carta_record *rec, const carta_rules *rules, const char *path,
                               carta_error *err)
{
    json_t *root = record_build_json(rec, rules, path, err);
    if (!root)
        return err && err->status ? err->status : CARTA_ERR_INPUT;
    carta_status st = record_write_atomic(root, path, err);
    json_decref(root);
    return st;
}

carta_status carta_record_to_json(const carta_record *rec, const carta_rules *rules,
                                  char **out_json, carta_error *err)
{
    *out_json = NULL;
    json_t *root = record_build_json(rec, rules, "record", err);
    if (!root)
        return err && err->status ? err->status : CARTA_ERR_INPUT;
    *out_json = json_dumps(root, JSON_COMPACT);
    json_decref(root);
    if (!*out_json)
        return carta_error_set(err, CARTA_ERR_NOMEM, "record: error: out of memory");
    return CARTA_OK;
}

/* ---- load ---- */

/* Reads path as a JSON object; NULL with err set (IO if unreadable, CORRUPT if not JSON). */
static json_t *record_read_json(const char *path, carta_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        carta_error_set(err, CARTA_ERR_IO, "%s: error: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    json_error_t jerr;
    json_t *root = json_loadf(f, JSON_REJECT_DUPLICATES, &jerr);
    fclose(f);
    if (!root) {
        carta_error_set(err, CARTA_ERR_CORRUPT, "%s:%d:%d: error: not a valid record (bad JSON: %s)",
                        path, jerr.line, jerr.column, jerr.text);
        return NULL;
    }
    if (!json_is_object(root)) {
        json_decref(root);
        carta_error_set(err, CARTA_ERR_CORRUPT, "%s: error: not a valid record (not a JSON object)",
                        path);
        return NULL;
    }
    return root;
}

carta_status carta_record_peek(const char *path, char *game_id, size_t cap, carta_error *err)
{
    json_t *root = record_read_json(path, err);
    if (!root)
        return err && err->status ? err->status : CARTA_ERR_CORRUPT;
    const char *id = json_string_value(json_object_get(root, "game"));
    carta_status st = CARTA_OK;
    if (!id || !id[0])
        st = carta_error_set(err, CARTA_ERR_CORRUPT, "%s: error: the record names no game", path);
    else if (strlen(id) >= cap)
        st = carta_error_set(err, CARTA_ERR_CORRUPT, "%s: error: game id too long", path);
    else
        memcpy(game_id, id, strlen(id) + 1);
    json_decref(root);
    return st;
}

#define CORRUPT(...) carta_error_set(err, CARTA_ERR_CORRUPT, __VA_ARGS__)

/* A required string member; NULL with err set if absent or not a string. */
static const char *record_str(json_t *root, const char *key, const char *path, carta_error *err)
{
    const char *s = json_string_value(json_object_get(root, key));
    if (!s)
        CORRUPT("%s: error: '%s' is missing or not a string", path, key);
    return s;
}

static int record_parse_hex(const char *s, uint64_t *out)
{
    if (!s || strlen(s) != 16)
        return 0;
    uint64_t v = 0;
    for (int i = 0; i < 16; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return 0;
        v = v << 4 | (uint64_t)d;
    }
    *out = v;
    return 1;
}

/* The seed: a decimal string (64-bit safe), or a plain non-negative JSON integer. */
static int record_parse_seed(json_t *seed, uint64_t *out)
{
    const char *s = json_string_value(seed);
    if (s) {
        char *end;
        errno = 0;
        if (s[0] < '0' || s[0] > '9')
            return 0;
        *out = strtoull(s, &end, 10);
        return !errno && !*end;
    }
    if (json_is_integer(seed) && json_integer_value(seed) >= 0) {
        *out = (uint64_t)json_integer_value(seed);
        return 1;
    }
    return 0;
}

/* The optional "options" map: each a rules variant the game takes, in its range. */
static carta_status record_load_options(carta_record *rec, json_t *options, const char *path,
                                        carta_error *err)
{
    if (!options)
        return CARTA_OK;
    if (!json_is_object(options) || json_object_size(options) > CARTA_OPTIONS_MAX)
        return CORRUPT("%s: error: 'options' must be a map of at most %d options", path,
                       CARTA_OPTIONS_MAX);
    const char *key;
    json_t *value;
    carta_config *c = &rec->config;
    json_object_foreach(options, key, value) {
        if (!json_is_integer(value) || strlen(key) >= CARTA_OPTION_KEY ||
            json_integer_value(value) < INT_MIN || json_integer_value(value) > INT_MAX)
            return CORRUPT("%s: error: option '%.40s' must be a whole number", path, key);
        snprintf(c->options[c->n_options].key, CARTA_OPTION_KEY, "%s", key);
        c->options[c->n_options++].value = (int)json_integer_value(value);
    }
    carta_error why = {0};
    if (carta_options_check(rec->game, c, &why))
        return CORRUPT("%s: error: %s", path, why.msg);
    return CARTA_OK;
}

static carta_status record_load_header(carta_record *rec, json_t *root, const carta_rules *rules,
                                       const char *path, carta_error *err)
{
    const carta_game *g = rec->game;
    json_t *format = json_object_get(root, "format");
    if (!json_is_integer(format))
        return CORRUPT("%s: error: not a Carta record ('format' missing)", path);
    if (json_integer_value(format) != CARTA_RECORD_FORMAT)
        return CORRUPT("%s: error: record format %" JSON_INTEGER_FORMAT
                       " is not supported (this build reads format %d)",
                       path, json_integer_value(format), CARTA_RECORD_FORMAT);
    const char *id = record_str(root, "game", path, err);
    if (!id)
        return CARTA_ERR_CORRUPT;
    if (strcmp(id, g->id) != 0)
        return CORRUPT("%s: error: the record is of game '%s', not '%s'", path, id, g->id);
    const char *version = record_str(root, "rules_version", path, err);
    if (!version)
        return CARTA_ERR_CORRUPT;
    if (strcmp(version, g->rules_version) != 0)
        return CORRUPT("%s: error: recorded with %s rules version '%s'; this build has '%s'", path,
                       g->id, version, g->rules_version);
    uint64_t digest;
    const char *cd = record_str(root, "card_digest", path, err);
    if (!cd)
        return CARTA_ERR_CORRUPT;
    if (!record_parse_hex(cd, &digest))
        return CORRUPT("%s: error: 'card_digest' must be 16 hex digits", path);
    if (digest != g->card_digest(rules))
        return CORRUPT("%s: error: recorded with another card set (card digest %s, loaded "
                       "%016" PRIx64 ")",
                       path, cd, g->card_digest(rules));
    json_t *seats = json_object_get(root, "seats");
    if (!json_is_integer(seats) || json_integer_value(seats) < g->min_seats ||
        json_integer_value(seats) > g->max_seats)
        return CORRUPT("%s: error: 'seats' must be a number %d..%d", path, g->min_seats,
                       g->max_seats);
    rec->config.n_seats = (int)json_integer_value(seats);
    const char *mode = record_str(root, "mode", path, err);
    if (!mode)
        return CARTA_ERR_CORRUPT;
    if (strlen(mode) >= sizeof rec->config.mode)
        return CORRUPT("%s: error: 'mode' is too long", path);
    strcpy(rec->config.mode, mode);
    if (!record_parse_seed(json_object_get(root, "seed"), &rec->config.seed))
        return CORRUPT("%s: error: 'seed' must be a decimal string", path);
    if (record_load_options(rec, json_object_get(root, "options"), path, err))
        return CARTA_ERR_CORRUPT;
    const char *fd = record_str(root, "final_digest", path, err);
    if (!fd)
        return CARTA_ERR_CORRUPT;
    if (!record_parse_hex(fd, &rec->final_digest))
        return CORRUPT("%s: error: 'final_digest' must be 16 hex digits", path);
    return CARTA_OK;
}

static carta_status record_load_decks(carta_record *rec, json_t *root, const carta_rules *rules,
                                      const char *path, carta_error *err)
{
    const carta_game *g = rec->game;
    json_t *decks = json_object_get(root, "decks");
    if (!json_is_array(decks) || (int)json_array_size(decks) != rec->config.n_seats)
        return CORRUPT("%s: error: 'decks' must be a list of %d decks, one per seat", path,
                       rec->config.n_seats);
    for (int s = 0; s < rec->config.n_seats; s++) {
        json_t *d = json_array_get(decks, (size_t)s);
        const char *name = json_string_value(json_object_get(d, "name"));
        json_t *cards = json_object_get(d, "cards");
        if (!name || !json_is_array(cards))
            return CORRUPT("%s: error: deck %d needs a 'name' and a 'cards' list", path, s);
        carta_deck *deck = &rec->config.decks[s];
        if (strlen(name) >= sizeof deck->name)
            return CORRUPT("%s: error: deck %d: name too long", path, s);
        strcpy(deck->name, name);
        if (json_array_size(cards) > CARTA_DECK_MAX)
            return CORRUPT("%s: error: deck %d has more than %d cards", path, s, CARTA_DECK_MAX);
        deck->n_cards = (int)json_array_size(cards);
        for (int i = 0; i < deck->n_cards; i++) {
            const char *card = json_string_value(json_array_get(cards, (size_t)i));
            int id = card ? g->card_id(rules, card) : -1;
            if (!card)
                return CORRUPT("%s: error: deck %d card %d is not a name", path, s, i);
            if (id < 0)
                return CORRUPT("%s: error: deck %d ('%s') card %d: unknown card '%s'", path, s,
                               name, i, card);
            deck->cards[i] = (uint16_t)id;
        }
    }
    json_t *names = json_object_get(root, "seat_names");
    if (names && (!json_is_array(names) || (int)json_array_size(names) > rec->config.n_seats))
        return CORRUPT("%s: error: 'seat_names' must be a list of at most %d names", path,
                       rec->config.n_seats);
    for (size_t s = 0; names && s < json_array_size(names); s++) {
        const char *n = json_string_value(json_array_get(names, s));
        if (!n)
            return CORRUPT("%s: error: seat name %zu is not a string", path, s);
        snprintf(rec->seat_names[s], sizeof rec->seat_names[s], "%s", n);
    }
    return CARTA_OK;
}

/* "saved_by": the seat whose file it is; absent or null (older records, finished games): none. */
static carta_status record_load_saved_by(carta_record *rec, json_t *root, const char *path,
                                         carta_error *err)
{
    json_t *by = json_object_get(root, "saved_by");
    rec->saved_by = CARTA_NO_SEAT;
    if (!by || json_is_null(by))
        return CARTA_OK;
    if (!json_is_integer(by) || json_integer_value(by) < 0 ||
        json_integer_value(by) >= rec->config.n_seats)
        return CORRUPT("%s: error: 'saved_by' must be a seat 0..%d", path,
                       rec->config.n_seats - 1);
    rec->saved_by = (int)json_integer_value(by);
    return CARTA_OK;
}

static carta_status record_load_actions(carta_record *rec, json_t *root, const char *path,
                                        carta_error *err)
{
    json_t *actions = json_object_get(root, "actions");
    if (!json_is_array(actions))
        return CORRUPT("%s: error: 'actions' must be a list of numbers", path);
    json_t *moves = json_object_get(root, "moves");
    if (moves && !json_is_array(moves))
        return CORRUPT("%s: error: 'moves' must be a list of texts", path);
    for (size_t i = 0; i < json_array_size(actions); i++) {
        json_t *a = json_array_get(actions, i);
        if (!json_is_integer(a) || json_integer_value(a) < 0 ||
            json_integer_value(a) > (json_int_t)UINT32_MAX)
            return CORRUPT("%s: error: action %zu is not a number 0..%" PRIu32, path, i,
                           UINT32_MAX);
        if (carta_record_push(rec, (carta_action)json_integer_value(a)) != CARTA_OK)
            return carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
    }
    return CARTA_OK;
}

/* Checks that the actions replay to the recorded final digest. */
static carta_status record_verify(carta_record *rec, const carta_rules *rules, const char *path,
                                  carta_error *err)
{
    void *state = malloc(rec->game->state_size);
    if (!state)
        return carta_error_set(err, CARTA_ERR_NOMEM, "%s: error: out of memory", path);
    carta_error why = {0};
    carta_status st = carta_record_replay(rec, rules, state, -1, 1, &why);
    free(state);
    if (st != CARTA_OK)
        return CORRUPT("%s: error: %s", path, why.msg);
    return CARTA_OK;
}

/* Loads rec from a parsed record root (path names it in messages); rec is zeroed on failure. */
static carta_status record_load_root(carta_record *rec, const carta_game *game,
                                     const carta_rules *rules, json_t *root, const char *path,
                                     carta_error *err)
{
    rec->game = game;
    carta_status st = record_load_header(rec, root, rules, path, err);
    if (st == CARTA_OK)
        st = record_load_decks(rec, root, rules, path, err);
    if (st == CARTA_OK)
        st = record_load_saved_by(rec, root, path, err);
    if (st == CARTA_OK)
        st = record_load_actions(rec, root, path, err);
    if (st == CARTA_OK)
        st = record_verify(rec, rules, path, err);
    if (st != CARTA_OK)
        carta_record_free(rec);
    return st;
}

carta_status carta_record_load_game(carta_record *rec, const carta_game *game,
                                    const carta_rules *rules, const char *path, carta_error *err)
{
    memset(rec, 0, sizeof *rec);
    json_t *root = record_read_json(path, err);
    if (!root)
        return err && err->status ? err->status : CARTA_ERR_CORRUPT;
    carta_status st = record_load_root(rec, game, rules, root, path, err);
    json_decref(root);
    return st;
}

carta_status carta_record_from_json(carta_record *rec, const carta_game *game,
                                    const carta_rules *rules, const char *json, const char *where,
                                    carta_error *err)
{
    memset(rec, 0, sizeof *rec);
    json_error_t jerr;
    json_t *root = json_loads(json ? json : "", JSON_REJECT_DUPLICATES, &jerr);
    if (!root)
        return CORRUPT("%s:%d:%d: error: not a valid record (bad JSON: %s)", where, jerr.line,
                       jerr.column, jerr.text);
    carta_status st = json_is_object(root)
                          ? record_load_root(rec, game, rules, root, where, err)
                          : CORRUPT("%s: error: not a valid record (not a JSON object)", where);
    json_decref(root);
    return st;
}

carta_status carta_record_load(carta_record *rec, carta_game_find_fn find,
                               const carta_rules *rules, const char *path, carta_error *err)
{
    char id[CARTA_NAME_MAX];
    memset(rec, 0, sizeof *rec);
    carta_status st = carta_record_peek(path, id, sizeof id, err);
    if (st != CARTA_OK)
        return st;
    const carta_game *game = find ? find(id) : NULL;
    if (!game)
        return carta_error_set(err, CARTA_ERR_UNKNOWN, "%s: error: unknown game '%s'", path, id);
    return carta_record_load_game(rec, game, rules, path, err);
}
