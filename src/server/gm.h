/* gm.h: the Gamemaster's panel of `carta serve --campaign FILE` (docs/protocol.md, gm): the
 * table tools of Archmajesty's non-combat rules (games/archmajesty/table.h) in the browser, for
 * whoever holds the panel's secret token. One campaign a server; a new session starts when the
 * server does, and the file is saved after every change, as `carta table` does. */
#ifndef CARTA_SERVER_GM_H
#define CARTA_SERVER_GM_H

#include <jansson.h>
#include <stdint.h>

#include "core/game.h"
#include "core/status.h"

typedef struct srv_gm srv_gm;

/* Opens the campaign at path (a missing file: an empty campaign) and starts a session of seed.
 * NULL with err naming the file and the reason. */
srv_gm *srv_gm_open(const char *path, uint64_t seed, carta_error *err);
/* The card set its equip and unequip commands check a mage against (not owned; NULL: they are
 * refused). */
void srv_gm_set_rules(srv_gm *gm, const carta_rules *rules);
void srv_gm_free(srv_gm *gm);
/* The panel's secret: 32 hex digits. */
const char *srv_gm_token(const srv_gm *gm);
/* Answers a "gm" message ({"token", "command"?}): runs the command, if any, saves the campaign if
 * it changed, and returns {"type": "gm", "said", "campaign"}. NULL with err (its status:
 * CARTA_ERR_INPUT for a wrong token or a malformed message) if refused. */
json_t *srv_gm_answer(srv_gm *gm, json_t *msg, carta_error *err);

#endif
