/* mcts_reuse.c: keeping the search tree from one decision to the next.
 *
 * The tree is open loop: a node is a sequence of actions from the root, its statistics gathered
 * over determinizations of the root's observation. When the seat decides again, the actions seen
 * since (its own choice, then its own forced moves and other seats' actions) are not told to the
 * AI; they are recovered from the observations: from one fixed determinization of the last
 * observation, the tree's action sequences after the last choice are replayed (depth first, a
 * bounded number of tries) until one reaches a state whose observation for the seat equals, byte
 * for byte, the observation now given. Its node becomes the new root: its subtree is moved to the
 * front of the arena and the rest dropped. Nothing but the two observations and the tree is read,
 * so the choice still depends only on what the seat has seen. Chance the seat cannot reproduce (a
 * draw, a shuffle, an opponent playing a hidden card) makes the observations differ: the search
 * then starts afresh, as it always did. */
#include <string.h>

#include "mcts_impl.h"

enum { REUSE_SEED = 0x5eed };

typedef struct replay_search {
    carta_mcts *m;
    const void *observation;
    int seat, tries;
    const mcts_tree *tree;
    carta_action path[MCTS_REUSE_DEPTH];
    int n_path;
} replay_search;

static unsigned char *replay_state(const carta_mcts *m, int d)
{
    return m->replay + (size_t)d * m->g->state_size;
}

/* Whether from replay state d (reached through node) some path of the tree's children leads to
 * the observation; fills s->path[d..]. */
static int replay_from(replay_search *s, int32_t node, int d)
{
    const carta_game *g = s->m->g;
    const carta_rules *r = s->m->r;
    unsigned char *state = replay_state(s->m, d);
    int to_act = g->to_act(r, state);
    if (to_act == CARTA_NO_SEAT)
        return 0;
    if (to_act == s->seat) {
        unsigned char *seen = replay_state(s->m, MCTS_REUSE_DEPTH);
        g->observe(r, state, s->seat, seen);
        if (memcmp(seen, s->observation, g->state_size) == 0) {
            s->n_path = d;
            return 1;
        }
    }
    if (d + 1 >= MCTS_REUSE_DEPTH)
        return 0;
    carta_error err = {0};
    for (int32_t c = s->tree->nodes[node].first_child; c != MCTS_NONE;
         c = s->tree->nodes[c].next_sibling) {
        const mcts_node *nd = &s->tree->nodes[c];
        if (nd->seat != to_act || ++s->tries > MCTS_REUSE_TRIES)
            continue;
        if (!carta_action_is_legal(g, r, state, nd->action))
            continue;
        memcpy(replay_state(s->m, d + 1), state, g->state_size);
        if (g->apply(r, replay_state(s->m, d + 1), nd->action, &err) != CARTA_OK)
            continue;
        s->path[d] = nd->action;
        if (replay_from(s, c, d + 1))
            return 1;
    }
    return 0;
}

/* The child of node reached by action, or MCTS_NONE. */
static int32_t child_by_action(const mcts_tree *t, int32_t node, carta_action action)
{
    for (int32_t c = t->nodes[node].first_child; c != MCTS_NONE; c = t->nodes[c].next_sibling)
        if (t->nodes[c].action == action)
            return c;
    return MCTS_NONE;
}

/* Moves the subtree of node to the front of the arena (node becomes 0) and drops the rest.
 * Children are made after their parent, so a kept node's new id never exceeds its old one and
 * one forward pass moves everything. Returns the nodes kept. */
static long tree_reroot(mcts_tree *t, int32_t node)
{
    int32_t *map = t->remap;
    for (long i = 0; i < t->n_nodes; i++)
        map[i] = MCTS_NONE;
    for (long i = 0; i < t->n_nodes; i++) /* parents first: map holds each node's parent */
        for (int32_t c = t->nodes[i].first_child; c != MCTS_NONE; c = t->nodes[c].next_sibling)
            map[c] = (int32_t)i;
    int32_t kept = 0;
    for (long i = node; i < t->n_nodes; i++) {
        int32_t parent = map[i];
        int keep = i == node || (parent >= node && map[parent] != MCTS_NONE);
        map[i] = keep ? kept++ : MCTS_NONE;
    }
    for (long i = node; i < t->n_nodes; i++) {
        if (map[i] == MCTS_NONE)
            continue;
        mcts_node nd = t->nodes[i];
        nd.first_child = nd.first_child == MCTS_NONE ? MCTS_NONE : map[nd.first_child];
        nd.next_sibling =
            i == node || nd.next_sibling == MCTS_NONE ? MCTS_NONE : map[nd.next_sibling];
        t->nodes[map[i]] = nd;
    }
    t->n_nodes = kept;
    t->full = 0;
    return kept;
}

/* Re-roots tree t along path; 0 (nothing kept) if the path leaves the tree. */
static long follow_path(mcts_tree *t, const carta_action *path, int n)
{
    if (t->n_nodes < 2)
        return 0;
    int32_t node = 0;
    for (int i = 0; i < n && node != MCTS_NONE; i++)
        node = child_by_action(t, node, path[i]);
    return node == MCTS_NONE ? 0 : tree_reroot(t, node);
}

long mcts_reuse(carta_mcts *m, const void *observation, int seat)
{
    const carta_game *g = m->g;
    if (!m->opt.reuse || !m->has_prev || m->prev_seat != seat)
        return 0;
    m->has_prev = 0;
    replay_search s = {.m = m, .observation = observation, .seat = seat,
                       .tree = &m->workers[0].own};
    int32_t first = child_by_action(s.tree, 0, m->prev_choice);
    if (first == MCTS_NONE)
        return 0;
    carta_error err = {0};
    memcpy(replay_state(m, 0), m->prev_obs, g->state_size);
    g->determinize(m->r, replay_state(m, 0), seat, REUSE_SEED);
    memcpy(replay_state(m, 1), replay_state(m, 0), g->state_size);
    if (g->apply(m->r, replay_state(m, 1), m->prev_choice, &err) != CARTA_OK)
        return 0;
    s.path[0] = m->prev_choice;
    if (!replay_from(&s, first, 1))
        return 0;
    long kept = 0;
    int trees = m->opt.tree ? 1 : m->n_workers;
    for (int i = 0; i < trees; i++) {
        long k = follow_path(&m->workers[i].own, s.path, s.n_path);
        if (!k)
            return 0; /* the caller resets every tree: the workers start alike */
        kept += k;
    }
    return kept;
}

void mcts_reuse_remember(carta_mcts *m, const void *observation, int seat, carta_action choice)
{
    if (!m->opt.reuse)
        return;
    memcpy(m->prev_obs, observation, m->g->state_size);
    m->prev_seat = seat;
    m->prev_choice = choice;
    m->has_prev = 1;
}
