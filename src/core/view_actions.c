/* view_actions.c: a seat's choices as structured data, for every frontend that lets a person
 * click what an action acts on (docs/view.md, "Actions"). */
#include "view.h"

void carta_view_actions(carta_view *v, const char *key, const carta_game *g,
                        const carta_rules *r, const void *obs, const carta_action *actions, int n)
{
    carta_view_list(v, key);
    for (int i = 0; i < n; i++) {
        char text[256];
        g->describe_action(r, obs, actions[i], text, sizeof text);
        carta_view_map(v, NULL);
        carta_view_str(v, "text", text);
        if (g->action_view) {
            carta_view_map(v, "parts");
            g->action_view(r, obs, actions[i], v);
            carta_view_end(v);
        }
        carta_view_end(v);
    }
    carta_view_end(v);
}
