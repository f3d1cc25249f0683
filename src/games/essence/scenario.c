/* scenario.c: Essence's YAML face (core/game_yaml.h): inline cards, scenario positions, and its
 * expectation keys as paths into its view (checked by core/expect.c). docs/scenarios.md, "Essence
 * positions and expectations", documents both.
 *
 * Every game of Essence uses the whole box, and the state's check wants every card of it in
 * exactly one place: a position names the cards that matter and every other card of the box
 * goes where the setup puts it (a realm card to the bottom of its Realm Stack, a Fate card to the
 * bottom of the Fate Deck, in an order the seed fixes; a Carta Essentia to the box; an Avatar to
 * the ones set aside). A position is a decision point: once built it runs what needs no decision
 * (ess_settle: the Combat Fate drawn, a step with nothing to decide passed...), as after any
 * action. */
#include "games/essence/essence.h"

#include <stdio.h>
#include <string.h>

#include "core/game_yaml.h"
#include "core/options.h"
#include "core/position.h"

extern const carta_game carta_game_essence;

/* ---- inline cards ---- */

static carta_status scen_add_cards(carta_rules *r, struct fy_node *cards, const char *file,
                                   carta_error *err)
{
    if (carta_catalog_load_node(r->catalog, cards, file, ess_compile, r, err))
        return CARTA_ERR_INPUT;
    return ess_link(r, err);
}

/* ---- cards by kind ---- */

static int scen_type_of(const carta_rules *r, int id)
{
    return id >= 0 && id < r->n_cards && r->card[id].kind ? r->card[id].kind : -1;
}

static const char *const scen_type_names[] = {"none",  "essence", "monster", "unicorn blood",
                                              "carta essentia", "avatar", "spell", "fate"};
static const carta_pos_types scen_types = {&carta_game_essence, scen_type_of, scen_type_names};

#define SCEN_BIT(kind) (1u << (kind))
#define SCEN_REALM (SCEN_BIT(ESS_K_ESSENCE) | SCEN_BIT(ESS_K_MONSTER) | SCEN_BIT(ESS_K_UNICORN))

/* What the position has placed so far: copies of each card left in the box. */
typedef struct scen_box {
    int16_t left[CARTA_CATALOG_MAX];
} scen_box;

/* The physical card of an id: a spell card is counted by its light side. */
static int scen_physical(const carta_rules *r, int id)
{
    const ess_card *c = ess_card_of(r, id);
    return c->kind == ESS_K_SPELL && c->dark ? c->back : id;
}

static carta_status scen_place(const carta_rules *r, scen_box *box, int id, struct fy_node *node,
                               const char *file, carta_error *err)
{
    int p = scen_physical(r, id);
    if (box->left[p] <= 0)
        return carta_yaml_error(err, file, node, "the box has only %d of '%s', and the position "
                                "places more", ess_card_of(r, p)->copies,
                                carta_catalog_name(r->catalog, p));
    box->left[p]--;
    return CARTA_OK;
}

/* The list of cards under key (absent: none) into ids, each of a kind in mask, counted out of
 * the box; top_first stores the list's first card last (the top of a pile). */
static carta_status scen_cards(const carta_rules *r, scen_box *box, struct fy_node *map,
                               const char *key, unsigned mask, uint16_t *ids, int cap,
                               uint8_t *n, bool top_first, const char *file, carta_error *err)
{
    if (carta_pos_cards(&scen_types, r, map, key, mask, ids, cap, n, top_first, file, err))
        return CARTA_ERR_INPUT;
    struct fy_node *seq = carta_yaml_get(map, key);
    for (int i = 0; i < *n; i++) {
        int at = top_first ? *n - 1 - i : i;
        if (scen_place(r, box, ids[at], fy_node_sequence_get_by_index(seq, i), file, err))
            return CARTA_ERR_INPUT;
    }
    return CARTA_OK;
}

static carta_status scen_card(const carta_rules *r, scen_box *box, struct fy_node *node,
                              const char *what, unsigned mask, uint16_t *out, const char *file,
                              carta_error *err)
{
    int id;
    if (carta_pos_card(&scen_types, r, node, what, mask, &id, file, err) ||
        scen_place(r, box, id, node, file, err))
        return CARTA_ERR_INPUT;
    *out = (uint16_t)id;
    return CARTA_OK;
}

static const char *const scen_realm_words[] = {"forest", "mines", "underworld", NULL};

/* ---- the turn ---- */

static const carta_pos_field scen_fields[] = {
    CARTA_POS_INT("active", ess_state, active, 0, ESS_SEATS - 1),
    CARTA_POS_INT("turn", ess_state, turn, 1, ESS_TURN_LIMIT),
    CARTA_POS_INT("explore_limit", ess_state, explore_limit, 0, ESS_REVEAL_MAX),
    CARTA_POS_INT("explore_bonus", ess_state, explore_bonus, 0, ESS_REVEAL_MAX),
    CARTA_POS_INT("attack_bonus", ess_state, turn_attack, -100, 100),
    CARTA_POS_INT("spell_fate_bonus", ess_state, turn_spell_fate, 0, 6),
    CARTA_POS_INT("hand_limit", ess_state, hand_limit, 4, 30),
    CARTA_POS_FLAG("acted", ess_state, turn_flags, ESS_T_ACTED),
    CARTA_POS_FLAG("explored", ess_state, turn_flags, ESS_T_EXPLORED),
    CARTA_POS_FLAG("suffocated", ess_state, turn_flags, ESS_T_SUFFOCATED),
};
enum { SCEN_FIELDS = (int)(sizeof scen_fields / sizeof scen_fields[0]) };

/* The phase words: the turn's phases as the rulebook names them, or as the view does. */
static const char *const scen_phase_words[] = {"prepare", "explore", "combat", "arcane", "end",
                                               "discard", "preparation", "exploration", NULL};
static const uint8_t scen_phase_of[] = {ESS_PHASE_PREPARE, ESS_PHASE_EXPLORE, ESS_PHASE_COMBAT,
                                        ESS_PHASE_ARCANE,  ESS_PHASE_END,     ESS_PHASE_DISCARD,
                                        ESS_PHASE_PREPARE, ESS_PHASE_EXPLORE};

/* ---- the players ---- */

static carta_status scen_seat(const carta_rules *r, ess_state *st, scen_box *box, int p,
                              struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const keys[] = {"avatar", "hand", "carta", "uses", NULL};
    ess_seat *s = &st->seat[p];
    int uses = 1;
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "a player is a map {avatar, hand, carta, uses}");
    if (carta_yaml_check_keys(map, keys, "a player", file, err) ||
        carta_yaml_int(map, "uses", 1, false, 0, 9, &uses, file, err) ||
        scen_card(r, box, carta_yaml_get(map, "avatar"), "a player's 'avatar'",
                  SCEN_BIT(ESS_K_AVATAR), &s->avatar, file, err) ||
        scen_cards(r, box, map, "hand", SCEN_REALM, s->hand.cards, ESS_PILE_MAX, &s->hand.n,
                   false, file, err))
        return CARTA_ERR_INPUT;
    s->uses = (uint8_t)uses;
    struct fy_node *carta = carta_yaml_get(map, "carta");
    if (carta) {
        if (scen_card(r, box, carta, "a player's 'carta'", SCEN_BIT(ESS_K_CARTA),
                      &s->carta.cards[0], file, err))
            return CARTA_ERR_INPUT;
        s->carta.n = 1;
    }
    return CARTA_OK;
}

/* Each seat without a named Carta Essentia gets the first one left, in the card set's order. */
static void scen_default_cartas(const carta_rules *r, ess_state *st, scen_box *box)
{
    for (int p = 0; p < st->n_seats; p++)
        for (int id = 0; id < r->n_cards && !st->seat[p].carta.n; id++)
            if (r->card[id].kind == ESS_K_CARTA && box->left[id] > 0) {
                box->left[id]--;
                st->seat[p].carta.cards[0] = (uint16_t)id;
                st->seat[p].carta.n = 1;
            }
}

/* ---- the Aether ---- */

static carta_status scen_aether(const carta_rules *r, ess_state *st, scen_box *box,
                                struct fy_node *seq, const char *file, carta_error *err)
{
    if (!seq) { /* 2.2 step 3: the Light Magic sides, in the card set's order */
        int slot = 0;
        for (int id = 0; id < r->n_cards && slot < ESS_SPELLS; id++)
            if (r->card[id].kind == ESS_K_SPELL && !r->card[id].dark && box->left[id] > 0) {
                box->left[id]--;
                st->aether[slot++] = (uint16_t)id;
            }
        return CARTA_OK;
    }
    if (!fy_node_is_sequence(seq) || fy_node_sequence_item_count(seq) != ESS_SPELLS)
        return carta_yaml_error(err, file, seq, "'aether' needs the %d spell cards' face-up "
                                "sides, in slot order", ESS_SPELLS);
    for (int s = 0; s < ESS_SPELLS; s++) {
        struct fy_node *node = fy_node_sequence_get_by_index(seq, s);
        int id;
        if (carta_pos_card(&scen_types, r, node, "the Aether", SCEN_BIT(ESS_K_SPELL), &id, file,
                           err))
            return CARTA_ERR_INPUT;
        if (box->left[scen_physical(r, id)] <= 0)
            return carta_yaml_error(err, file, node, "the spell card of '%s' is already in the "
                                    "Aether (one side of each card)",
                                    carta_catalog_name(r->catalog, id));
        box->left[scen_physical(r, id)]--;
        st->aether[s] = (uint16_t)id;
    }
    return CARTA_OK;
}

/* ---- the combat ---- */

static carta_status scen_minion(const carta_rules *r, ess_state *st, scen_box *box,
                                struct fy_node *item, int interference, ess_minion *out,
                                const char *file, carta_error *err)
{
    static const char *const keys[] = {"card", "owner", "invulnerable", NULL};
    bool map = fy_node_is_mapping(item), invulnerable = false;
    int owner = st->active;
    if (interference && !map)
        return carta_yaml_error(err, file, item, "an interfering Minion is {card: Name, owner: "
                                "seat}");
    if (map && (carta_yaml_check_keys(item, keys, interference ? "an interfering Minion"
                                                               : "a supporting Minion", file,
                                      err) ||
                carta_yaml_int(item, "owner", st->active, interference, 0, st->n_seats - 1,
                               &owner, file, err) ||
                carta_yaml_bool(item, "invulnerable", false, &invulnerable, file, err)))
        return CARTA_ERR_INPUT;
    if (interference && owner == st->active)
        return carta_yaml_error(err, file, item, "the active player (seat %d) does not interfere",
                                st->active);
    if (!interference && owner != st->active)
        return carta_yaml_error(err, file, item, "the Support Stack is the active player's "
                                "(seat %d)", st->active);
    if (interference && (st->combat.interfered & CARTA_SEAT_BIT(owner)))
        return carta_yaml_error(err, file, item, "seat %d interferes once only", owner);
    uint16_t card;
    if (scen_card(r, box, map ? carta_yaml_get(item, "card") : item,
                  interference ? "the Interference Stack" : "the Support Stack",
                  SCEN_BIT(ESS_K_MONSTER), &card, file, err))
        return CARTA_ERR_INPUT;
    *out = (ess_minion){.card = card, .owner = (uint8_t)owner,
                        .flags = invulnerable ? ESS_M_INVULNERABLE : 0};
    if (interference)
        st->combat.interfered |= CARTA_SEAT_BIT(owner);
    return CARTA_OK;
}

static carta_status scen_combat(const carta_rules *r, ess_state *st, scen_box *box,
                                struct fy_node *map, const char *file, carta_error *err)
{
    static const char *const keys[] = {"monster", "realm", "fate", "support", "interference",
                                       "attack", "willpower", "loot", "invulnerable", NULL};
    ess_combat *c = &st->combat;
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "'combat' needs a map {monster, fate, support, "
                                "interference, ...}");
    int attack, willpower, loot, realm;
    bool invulnerable;
    if (carta_yaml_check_keys(map, keys, "a combat", file, err) ||
        scen_card(r, box, carta_yaml_get(map, "monster"), "the combat's 'monster'",
                  SCEN_BIT(ESS_K_MONSTER), &c->monster, file, err))
        return CARTA_ERR_INPUT;
    if (carta_pos_word(map, "realm", scen_realm_words[ess_card_of(r, c->monster)->realm],
                       scen_realm_words, &realm, file, err) ||
        carta_yaml_int(map, "attack", 0, false, -100, 100, &attack, file, err) ||
        carta_yaml_int(map, "willpower", 0, false, -100, 100, &willpower, file, err) ||
        carta_yaml_int(map, "loot", 0, false, -100, 100, &loot, file, err) ||
        carta_yaml_bool(map, "invulnerable", false, &invulnerable, file, err))
        return CARTA_ERR_INPUT;
    c->realm = (uint8_t)realm;
    c->attack = (int8_t)attack;
    c->willpower = (int8_t)willpower;
    c->loot = (int8_t)loot;
    c->flags = invulnerable ? ESS_C_INVULNERABLE : 0;
    struct fy_node *fate = carta_yaml_get(map, "fate");
    if (fate && scen_card(r, box, fate, "the Combat Fate", SCEN_BIT(ESS_K_FATE), &c->fate, file,
                          err))
        return CARTA_ERR_INPUT;
    static const char *const lists[2] = {"support", "interference"};
    for (int k = 0; k < 2; k++) {
        struct fy_node *seq = carta_yaml_get(map, lists[k]);
        if (!seq)
            continue;
        int n = fy_node_is_sequence(seq) ? fy_node_sequence_item_count(seq) : -1;
        int cap = k ? ESS_INTERFERE_MAX : ESS_SUPPORT_MAX;
        if (n < 0 || n > cap)
            return carta_yaml_error(err, file, seq, "'%s' needs a list of at most %d Minions",
                                    lists[k], cap);
        for (int i = 0; i < n; i++) {
            ess_minion *m = k ? &c->interfere[c->n_interfere++] : &c->support[c->n_support++];
            if (scen_minion(r, st, box, fy_node_sequence_get_by_index(seq, i), k, m, file, err))
                return CARTA_ERR_INPUT;
        }
    }
    return CARTA_OK;
}

/* ---- the exploration under way ---- */

static carta_status scen_explore(const carta_rules *r, ess_state *st, scen_box *box,
                                 struct fy_node *pos, const char *file, carta_error *err)
{
    struct fy_node *realm_node = carta_yaml_get(pos, "explore_realm");
    struct fy_node *revealed = carta_yaml_get(pos, "revealed");
    if (st->phase != ESS_PHASE_EXPLORE) {
        if (realm_node || revealed)
            return carta_yaml_error(err, file, realm_node ? realm_node : revealed,
                                    "'explore_realm' and 'revealed' need phase: explore");
        return CARTA_OK;
    }
    int realm;
    if (!realm_node)
        return carta_yaml_error(err, file, pos, "phase explore needs the 'explore_realm' "
                                "(forest, mines, underworld)");
    if (carta_pos_word(pos, "explore_realm", NULL, scen_realm_words, &realm, file, err) ||
        scen_cards(r, box, pos, "revealed", SCEN_BIT(ESS_K_ESSENCE) | SCEN_BIT(ESS_K_UNICORN),
                   st->revealed.cards, ESS_REVEAL_MAX, &st->revealed.n, false, file, err))
        return CARTA_ERR_INPUT;
    st->explore_realm = (uint8_t)realm;
    for (int i = 0; i < st->revealed.n; i++)
        if (ess_card_of(r, st->revealed.cards[i])->realm != realm)
            return carta_yaml_error(err, file, fy_node_sequence_get_by_index(revealed, i),
                                    "'%s' is not a card of the %s",
                                    carta_catalog_name(r->catalog, st->revealed.cards[i]),
                                    ess_realm_name(realm));
    if (!carta_yaml_get(pos, "explore_limit")) { /* 3.2: fixed by the hand size at the start */
        int limit = ess_explore_limit(r, st);
        if (realm == ESS_FOREST)
            limit += ess_passive(r, st, st->active, ESS_PA_EXPLORE_FOREST);
        st->explore_limit = (uint8_t)limit;
    }
    st->turn_flags |= ESS_T_EXPLORED;
    return CARTA_OK;
}

/* ---- the rest of the box ---- */

/* `rest:` where the cards of each pile the position did not place go: their pile (the
 * default) or its graveyard ({forest: graveyard, fate: fate_graveyard}); bit p of *to_grave. */
static carta_status scen_rest(struct fy_node *map, unsigned *to_grave, const char *file,
                              carta_error *err)
{
    static const char *const keys[] = {"forest", "mines", "underworld", "fate", NULL};
    static const char *const stack_words[] = {"stack", "graveyard", NULL};
    static const char *const fate_words[] = {"fate_deck", "fate_graveyard", NULL};
    *to_grave = 0;
    if (!map)
        return CARTA_OK;
    if (!fy_node_is_mapping(map))
        return carta_yaml_error(err, file, map, "'rest' needs a map {forest: graveyard, fate: "
                                "fate_graveyard, ...}");
    if (carta_yaml_check_keys(map, keys, "'rest'", file, err))
        return CARTA_ERR_INPUT;
    for (int pile = 0; pile <= ESS_REALMS; pile++) {
        int where;
        if (carta_pos_word(map, keys[pile], pile == ESS_REALMS ? "fate_deck" : "stack",
                           pile == ESS_REALMS ? fate_words : stack_words, &where, file, err))
            return CARTA_ERR_INPUT;
        *to_grave |= (unsigned)where << pile;
    }
    return CARTA_OK;
}

/* Every card the position did not place goes where the setup puts it: realm and Fate cards
 * below the named ones of their pile (or on their graveyard, as `rest:` says), in an order the
 * seed fixes. */
static void scen_fill(const carta_rules *r, ess_state *st, scen_box *box, unsigned to_grave)
{
    static uint16_t rest[ESS_PILE_MAX];
    for (int pile = 0; pile <= ESS_REALMS; pile++) {
        int n = 0;
        for (int id = 0; id < r->n_cards; id++) {
            const ess_card *c = &r->card[id];
            int here = pile == ESS_REALMS ? c->kind == ESS_K_FATE
                                          : (SCEN_REALM >> c->kind & 1) && c->realm == pile;
            for (; here && box->left[id] > 0 && n < ESS_PILE_MAX; box->left[id]--)
                rest[n++] = (uint16_t)id;
        }
        for (int i = n - 1; i > 0; i--) {
            int k = (int)carta_rng_below(&st->rng, (uint32_t)(i + 1));
            uint16_t t = rest[i];
            rest[i] = rest[k];
            rest[k] = t;
        }
        carta_zone_ref z = pile == ESS_REALMS ? CARTA_ZONE_REF(&st->fate_deck)
                                              : CARTA_ZONE_REF(&st->stack[pile]);
        if (to_grave >> pile & 1)
            z = pile == ESS_REALMS ? CARTA_ZONE_REF(&st->fate_grave) : CARTA_ZONE_REF(&st->grave);
        for (int i = 0; i < n; i++)
            if (to_grave >> pile & 1)
                carta_zone_push(z, rest[i], 0);
            else
                carta_zone_insert(z, i, rest[i], 0);
    }
    for (int id = 0; id < r->n_cards; id++)
        for (; box->left[id] > 0; box->left[id]--)
            if (r->card[id].kind == ESS_K_CARTA)
                carta_zone_push(CARTA_ZONE_REF(&st->carta_box), (uint16_t)id, 0);
            else if (r->card[id].kind == ESS_K_AVATAR)
                carta_zone_push(CARTA_ZONE_REF(&st->avatars), (uint16_t)id, 0);
}

/* ---- the position ---- */

static carta_status scen_piles(const carta_rules *r, ess_state *st, scen_box *box,
                               struct fy_node *pos, const char *file, carta_error *err)
{
    for (int realm = 0; realm < ESS_REALMS; realm++) {
        ess_pile *stack = &st->stack[realm];
        if (scen_cards(r, box, pos, scen_realm_words[realm], SCEN_REALM, stack->cards,
                       ESS_PILE_MAX, &stack->n, true, file, err))
            return CARTA_ERR_INPUT;
        for (int i = 0; i < stack->n; i++)
            if (ess_card_of(r, stack->cards[i])->realm != realm)
                return carta_yaml_error(err, file, carta_yaml_get(pos, scen_realm_words[realm]),
                                        "'%s' is not a card of the %s",
                                        carta_catalog_name(r->catalog, stack->cards[i]),
                                        ess_realm_name(realm));
    }
    const unsigned fate = SCEN_BIT(ESS_K_FATE);
    return scen_cards(r, box, pos, "graveyard", SCEN_REALM, st->grave.cards, ESS_PILE_MAX,
                      &st->grave.n, false, file, err) ||
                   scen_cards(r, box, pos, "fate_deck", fate, st->fate_deck.cards, ESS_FATE_MAX,
                              &st->fate_deck.n, true, file, err) ||
                   scen_cards(r, box, pos, "fate_graveyard", fate, st->fate_grave.cards,
                              ESS_FATE_MAX, &st->fate_grave.n, false, file, err) ||
                   scen_cards(r, box, pos, "kept", fate, st->kept.cards, ESS_FATE_MAX,
                              &st->kept.n, false, file, err)
               ? CARTA_ERR_INPUT
               : CARTA_OK;
}

static carta_status scen_position(const carta_rules *r, void *state, struct fy_node *pos,
                                  const char *file, carta_error *err)
{
    static const char *const others[] = {
        "seed",      "phase",          "players",  "forest", "mines",  "underworld",
        "fate_deck", "fate_graveyard", "graveyard", "kept",  "aether", "combat",
        "revealed",  "explore_realm",  "rest",     NULL};
    static scen_box box;
    ess_state *st = state;
    const carta_config standard = {0}; /* the options' standard values */
    uint64_t seed;
    int phase;
    memset(st, 0, sizeof *st);
    for (int id = 0; id < r->n_cards; id++)
        box.left[id] = (int16_t)(r->card[id].kind == ESS_K_SPELL && r->card[id].dark
                                     ? 0
                                     : r->card[id].copies);
    st->turn = 1;
    st->winner = -1;
    st->combat.monster = st->combat.fate = ESS_NONE;
    for (int p = 0; p < ESS_SEATS; p++)
        st->seat[p].avatar = ESS_NONE;
    st->hand_limit = (uint8_t)carta_option_value(&carta_game_essence, &standard, "hand_limit");
    st->start_hand = (uint8_t)carta_option_value(&carta_game_essence, &standard, "start_hand");
    if (carta_pos_word(pos, "phase", "prepare", scen_phase_words, &phase, file, err))
        return CARTA_ERR_INPUT;
    st->phase = scen_phase_of[phase];
    if (st->phase != ESS_PHASE_PREPARE)
        st->turn_flags = ESS_T_ACTED | ESS_T_EXPLORED;
    if (carta_pos_fields(pos, scen_fields, SCEN_FIELDS, others, "an essence position", st, file,
                         err) ||
        carta_pos_u64(pos, "seed", 1, &seed, file, err))
        return CARTA_ERR_INPUT;
    carta_rng_seed(&st->rng, seed);
    struct fy_node *players = carta_yaml_get(pos, "players");
    int n = players && fy_node_is_sequence(players) ? fy_node_sequence_item_count(players) : 0;
    if (n < 2 || n > ESS_SEATS)
        return carta_yaml_error(err, file, players ? players : pos,
                                "an essence position needs 'players': a list of 2 to %d players",
                                ESS_SEATS);
    st->n_seats = st->n_picked = (uint8_t)n;
    for (int p = 0; p < n; p++)
        st->pick_order[p] = (uint8_t)p;
    if (st->active >= n)
        return carta_yaml_error(err, file, carta_yaml_get(pos, "active"),
                                "'active' is seat %d of %d players", st->active, n);
    for (int p = 0; p < n; p++)
        if (scen_seat(r, st, &box, p, fy_node_sequence_get_by_index(players, p), file, err))
            return CARTA_ERR_INPUT;
    struct fy_node *combat = carta_yaml_get(pos, "combat");
    if ((combat != NULL) != (st->phase == ESS_PHASE_COMBAT))
        return carta_yaml_error(err, file, combat ? combat : pos,
                                "a combat goes with phase: combat, and phase: combat needs "
                                "'combat'");
    if (scen_piles(r, st, &box, pos, file, err) ||
        scen_aether(r, st, &box, carta_yaml_get(pos, "aether"), file, err) ||
        (combat && scen_combat(r, st, &box, combat, file, err)) ||
        scen_explore(r, st, &box, pos, file, err))
        return CARTA_ERR_INPUT;
    unsigned to_grave;
    if (scen_rest(carta_yaml_get(pos, "rest"), &to_grave, file, err))
        return CARTA_ERR_INPUT;
    scen_default_cartas(r, st, &box);
    scen_fill(r, st, &box, to_grave);
    ess_zones_seen(st);
    carta_error why = {0};
    if (ess_check(r, st, &why))
        return carta_yaml_error(err, file, pos, "not a position of the rules: %s", why.msg);
    /* A position is a decision point: what needs none runs now, as after an action; its events
     * are no action's. */
    ess_settle(r, st);
    carta_events_clear(&st->events);
    return CARTA_OK;
}

/* ---- expectations ---- */

#define SCEN_SEAT(key, path, flags) {key, "seats.{player}." path, flags, NULL}
#define SCEN_TOP(key, path, flags) {key, path, flags, NULL}
#define SCEN_PILE(key, path, flags)                                                            \
    SCEN_TOP(key, path, flags), SCEN_TOP(key "_count", path ".count", 0)

/* The expectation keys of docs/scenarios.md as paths into the view (view.c). */
static const carta_expect_key scen_keys[] = {
    SCEN_SEAT("hand", "zones.hand", CARTA_EXPECT_ANY_ORDER),
    SCEN_SEAT("hand_count", "zones.hand.count", 0),
    SCEN_SEAT("carta", "zones.carta.cards.0", 0),
    SCEN_SEAT("avatar", "avatar", 0),
    SCEN_SEAT("ability_uses", "counters.ability_uses", 0),
    SCEN_SEAT("runes", "counters.runes", 0),
    SCEN_SEAT("declared", "declared", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_SEAT("responding", "responding", 0),
    SCEN_TOP("hands", "seats.*.zones.hand.count", 0),
    SCEN_TOP("avatars", "seats.*.avatar", 0),
    SCEN_PILE("forest", "board.stacks.forest", CARTA_EXPECT_TOP_FIRST),
    SCEN_PILE("mines", "board.stacks.mines", CARTA_EXPECT_TOP_FIRST),
    SCEN_PILE("underworld", "board.stacks.underworld", CARTA_EXPECT_TOP_FIRST),
    SCEN_PILE("graveyard", "board.graveyard", CARTA_EXPECT_ANY_ORDER),
    SCEN_PILE("revealed", "board.revealed", 0),
    SCEN_PILE("fate_deck", "board.fate_deck", CARTA_EXPECT_TOP_FIRST),
    SCEN_PILE("fate_graveyard", "board.fate_graveyard", CARTA_EXPECT_ANY_ORDER),
    SCEN_PILE("kept", "board.kept_fates", CARTA_EXPECT_ANY_ORDER),
    SCEN_PILE("set_aside", "board.avatars", CARTA_EXPECT_ANY_ORDER),
    SCEN_TOP("aether", "board.aether.*.card", 0),
    SCEN_TOP("sides", "board.aether.*.side", 0),
    SCEN_TOP("combat", "board.combat", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP("monster", "board.combat.monster", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP("combat_fate", "board.combat.fate", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP("attack", "board.combat.attack", 0),
    SCEN_TOP("willpower", "board.combat.willpower", 0),
    SCEN_TOP("invulnerable", "board.combat.invulnerable", 0),
    SCEN_TOP("support", "board.combat.support.*.card", 0),
    SCEN_TOP("interference", "board.combat.interference.*.card", 0),
    SCEN_TOP("interference_owners", "board.combat.interference.*.owner", 0),
    SCEN_TOP("explore_limit", "turn_state.explore_limit", 0),
    SCEN_TOP("attack_bonus", "turn_state.attack_bonus", 0),
    SCEN_TOP("spell_fate_bonus", "turn_state.spell_fate_bonus", 0),
    SCEN_TOP("suffocated", "turn_state.suffocated", 0),
    SCEN_TOP("hand_limit", "turn_state.hand_limit", 0),
    SCEN_TOP("resolving", "resolving.*.kind", 0),
    SCEN_TOP("pick_order", "pick_order", 0),
    SCEN_TOP("active", "active", 0),
    SCEN_TOP("turn", "turn", 0),
    SCEN_TOP("phase", "phase", 0),
    SCEN_TOP("question", "question", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP("over", "over", 0),
    SCEN_TOP("winner", "winner", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP("end", "end", CARTA_EXPECT_NONE_IF_ABSENT),
    SCEN_TOP(NULL, NULL, 0),
};

static const carta_expect_table scen_expect = {
    .what = "an essence expectation", .seat_key = "player", .keys = scen_keys};

const carta_game_yaml carta_game_essence_yaml = {&carta_game_essence, scen_add_cards,
                                                 scen_position, &scen_expect};
