/* expect.h: checks that every rule system's scenario_expect shares: a YAML list of card names
 * against card ids, a whole number, a boolean. On a mismatch each returns CARTA_ERR_INPUT with
 * "file:line: <what>: expected X, found Y"; on a malformed expectation, "file:line: error: ...". */
#ifndef CARTA_EXPECT_H
#define CARTA_EXPECT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>

#include "game.h"

struct fy_node;

/* Compares the card names listed in seq with the n card ids of have: in order if ordered, else as
 * multisets. Ids the game cannot name (hidden cards) print as "?". */
carta_status carta_expect_cards(const carta_game *game, const carta_rules *rules,
                                struct fy_node *seq, const char *what, const uint16_t *have,
                                int n, bool ordered, const char *file, carta_error *err);

/* Reports a failed expectation at node: sets err to "file:line: <printf text>" and returns
 * CARTA_ERR_INPUT. For a game's own checks (the va_list form serves its variadic wrappers). */
carta_status carta_expect_failv(carta_error *err, const char *file, struct fy_node *node,
                                const char *fmt, va_list ap);

/* Compares a whole number. */
carta_status carta_expect_int(struct fy_node *node, const char *what, int have, const char *file,
                              carta_error *err);

/* Compares a boolean (true/false/yes/no). */
carta_status carta_expect_bool(struct fy_node *node, const char *what, bool have,
                               const char *file, carta_error *err);

#endif
