/* view.h: a game's observation as structured data (docs/view.md), written once by each game and
 * read by every frontend: JSON for a browser, lines for the terminal, paths for tests.
 *
 * A game writes its view through this small writer: maps, lists, integers, booleans, strings,
 * card references and nothing else. The tree is a jansson value (the JSON sink is jansson's
 * own); a card reference is {"card": NAME, "id": ID}, or {"card": null} for a card the viewer
 * cannot see. Keys are written in the order the game writes them.
 *
 * Inside a map every value needs a key; inside a list the key is NULL. Writing never fails
 * loudly: an allocation failure or a misuse (a value with no open container, a key in a list)
 * marks the view broken, and carta_view_json then returns NULL. */
#ifndef CARTA_VIEW_H
#define CARTA_VIEW_H

#include <jansson.h>

#include "game.h"
#include "text.h"

typedef struct carta_view carta_view;

/* A new view of game (rules name the cards), with the root map open. Free with _free. */
carta_view *carta_view_new(const carta_game *game, const carta_rules *rules);
void carta_view_free(carta_view *v);
/* The whole view of obs (an observation of seat, CARTA_NO_SEAT: a spectator): the game's view,
 * then "events", the events of the last apply as seat may see them. NULL if out of memory. */
carta_view *carta_view_observation(const carta_game *game, const carta_rules *rules,
                                   const void *obs, int seat);

void carta_view_map(carta_view *v, const char *key);  /* opens a map */
void carta_view_list(carta_view *v, const char *key); /* opens a list */
void carta_view_end(carta_view *v);                   /* closes the innermost open container */
void carta_view_int(carta_view *v, const char *key, long long value);
void carta_view_bool(carta_view *v, const char *key, int value);
void carta_view_str(carta_view *v, const char *key, const char *value); /* NULL: null */
void carta_view_null(carta_view *v, const char *key);
/* A card by catalog id; unknown (the game's marker for a hidden card) writes {"card": null}. */
void carta_view_card(carta_view *v, const char *key, int card_id, int unknown);
/* A zone as {"count": n, "cards": [...]} from n card ids. */
void carta_view_zone(carta_view *v, const char *key, const uint16_t *cards, int n, int unknown);

/* The first common keys (docs/view.md): "game" (the game's id), "viewer" (seat, or null for a
 * spectator), "turn", "round" (null for round < 0: a game without Rounds), "phase". */
void carta_view_head(carta_view *v, int viewer, int turn, int round, const char *phase);

/* The common keys of who decides and how it ended (docs/view.md): "to_act" (every seat that
 * decides now, core/simultaneous.h; none once over), "over", "winner" (the seat, or null for a
 * draw or while the game goes on) and "end" (why it ended, null while it goes on). */
void carta_view_progress(carta_view *v, const void *obs, int winner, const char *end);

/* The list key of actions (choices of the seat whose observation obs is), each a map of its
 * "text" (what a player types) and, where the game gives them, its "parts" (action_view). */
void carta_view_actions(carta_view *v, const char *key, const carta_game *g,
                        const carta_rules *r, const void *obs, const carta_action *actions, int n);

/* The finished tree (borrowed: valid until carta_view_free), or NULL if the view is broken or
 * a container is still open. */
json_t *carta_view_json(const carta_view *v);

/* The value at a dotted path ("seats.1.hand.count", "board.C3.unit"): map keys and list
 * indexes. NULL if there is none. Borrowed from root. */
json_t *carta_view_get(json_t *root, const char *path);

/* The tree as indented "key: value" lines, card references by name ("?" when unknown). */
void carta_view_text(json_t *root, carta_text *out);

/* What changed from one view of a seat to the next, one indented line each ("  player 2
 * aember: 3 -> 2", "  player 1 discard: + Brass Colossus", "  game over: keys forged"). Where
 * the game is (turn, phase, who acts) is left to the prompt. (view_diff.c) */
void carta_view_diff(json_t *before, json_t *after, carta_text *out);

#endif
