/* expect.h: scenario expectations, checked once for every rule system against its structured
 * view (view.h, docs/view.md; the syntax is docs/scenarios.md, "Expectations").
 *
 * An `expect:` map holds `view:`, a map of view paths ("seats.1.zones.hand.count") to what must
 * be found there, and the game's own older keys ("hand_count"), which its table below maps onto
 * view paths. Either way core compares: scalars by equality (a card reference by its name,
 * `none` for null or for nothing there), lists item by item, a map's keys as sub-paths, and the
 * forms {at_least: n}, {at_most: n}, {count: n}, {any_order: [...]}.
 *
 * The paths of a table are templates: {player} is the seat the table's seat key names (0 by
 * default), {card} the path of the card its find key found in play, {each} an item of an EMPTY
 * list, and {k} the value of key k of the same expectation (Leaders' {cell}). '*' takes every
 * item of a list, '-1' its last; "a|b" passes when either path does. */
#ifndef CARTA_EXPECT_H
#define CARTA_EXPECT_H

#include <jansson.h>

#include "game.h"

struct fy_node;

enum carta_expect_flag {
    CARTA_EXPECT_ANY_ORDER = 1 << 0,      /* lists compare as multisets */
    CARTA_EXPECT_TOP_FIRST = 1 << 1,      /* written top first; the view lists the bottom first */
    CARTA_EXPECT_COUNT = 1 << 2,          /* the number of items of the list at path */
    CARTA_EXPECT_INDEX = 1 << 3,          /* the index of the found card in its list */
    CARTA_EXPECT_NONE_IF_ABSENT = 1 << 4, /* nothing at path (at any depth) reads as none */
    CARTA_EXPECT_EMPTY = 1 << 5,          /* a list: for each item, nothing at path ({each}) */
    CARTA_EXPECT_PARAM = 1 << 6           /* no check: a value other paths use as {key} */
};

/* One of a game's expectation keys: where the view holds what it checks. */
typedef struct carta_expect_key {
    const char *key;  /* as scenario files write it: "hand_count" */
    const char *path; /* "seats.{player}.zones.hand.count" */
    unsigned flags;   /* carta_expect_flag */
    const char *alias; /* "word=value": the word written reads as that value ("neutral=5") */
} carta_expect_key;

/* A game's expectation keys (data, not code): the game's YAML face points at one. */
typedef struct carta_expect_table {
    const char *what;     /* for messages: "an aember expectation" */
    const char *seat_key; /* names {player}: "player" */
    /* Finding a card in play: find_key names it ("card"), copy_key picks its Nth copy. It is
     * looked for seat by seat (only the seat of seat_key when that is given) in the lists
     * find_in, each a path with {player}; a path without {player} is searched for every seat
     * and its items kept when their field find_owner is that seat. find_order, if set, is an
     * integer field that orders one seat's cards (play order). Then in find_shared, once. */
    const char *find_key, *copy_key;
    const char *const *find_in;
    const char *find_owner, *find_order;
    const char *const *find_shared;
    const carta_expect_key *keys; /* ends with a NULL key */
} carta_expect_table;

/* What a check needs besides the view: the game and rules name the cards (a card name nothing
 * knows is a malformed expectation, not a mismatch). */
typedef struct carta_expect_ctx {
    const carta_game *game;
    const carta_rules *rules;
    const char *file;
} carta_expect_ctx;

/* Checks an `expect:` map against root, the view of the true state (table NULL: only `view:`).
 * CARTA_OK; else CARTA_ERR_INPUT with err "file:line: <what and path>: expected X, found Y", or
 * for a malformed expectation "file:line: error: <reason>". */
carta_status carta_expect_check(const carta_expect_ctx *ctx, json_t *root,
                                const carta_expect_table *table, struct fy_node *map,
                                carta_error *err);

/* Checks that the "events" of root include each expected event, in this order (others may come
 * between): an item is a map of fields the event must have (a subset; `said` is its `text`) or
 * a text (its `text`). want is a list, or one item. Errors as above. */
carta_status carta_expect_events(const carta_expect_ctx *ctx, json_t *root, struct fy_node *want,
                                 carta_error *err);

#endif
