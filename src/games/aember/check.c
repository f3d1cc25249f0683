/* check.c: what every Æmber state keeps (the contract's check): every card of a seat's deck list
 * in exactly one place, and every count, seat, flag and counter in range. */
#include "games/aember/aember.h"

#include "core/census.h"

#define CHECK_FAIL(err, ...) carta_error_set((err), CARTA_ERR_STATE, "aember: " __VA_ARGS__)

enum {
    CHECK_SANE_AEMBER = 200, /* Æmber in a pool or on a card: far beyond any real game */
    CHECK_SANE_CHAINS = 99,  /* effects.c caps chains there */
    CHECK_FLAGS = AEMBER_F_EXHAUSTED | AEMBER_F_STUNNED | AEMBER_F_ATTACKED | AEMBER_F_DYING |
                  AEMBER_F_MARKED | AEMBER_F_DOOMED
};

static const char *const check_line_name[AEMBER_SEATS] = {"battle line of seat 0",
                                                          "battle line of seat 1"};
static const char *const check_artifact_name[AEMBER_SEATS] = {"artifacts of seat 0",
                                                              "artifacts of seat 1"};
static const char *const check_upgrade_name[AEMBER_SEATS] = {"an upgrade in seat 0's play area",
                                                             "an upgrade in seat 1's play area"};

/* ---- cards: the census ---- */

static void check_count_zones(carta_census *c, const aember_seat *s, int p)
{
    carta_census_add_all(c, p, s->hand.cards, s->hand.n, "hand");
    carta_census_add_all(c, p, s->deck.cards, s->deck.n, "deck");
    carta_census_add_all(c, p, s->discard.cards, s->discard.n, "discard");
    carta_census_add_all(c, p, s->archives.cards, s->archives.n, "archives");
    carta_census_add_all(c, p, s->purged.cards, s->purged.n, "purged");
}

/* A creature or artifact in seat p's play area, and its upgrades (owner by their bit). */
static void check_count_in_play(carta_census *c, const aember_card_in_play *x, const char *where,
                                int p)
{
    carta_census_add(c, x->owner, x->card, where);
    for (int u = 0; u < x->n_upgrades && u < AEMBER_UPGRADE_MAX; u++)
        carta_census_add(c, (x->upgrades[u] & AEMBER_UPGRADE_OWNER) ? 1 : 0,
                         (uint16_t)(x->upgrades[u] & ~AEMBER_UPGRADE_OWNER),
                         check_upgrade_name[p]);
}

static carta_status check_cards(const carta_rules *rules, const aember_state *st,
                                carta_error *err)
{
    carta_census c;
    carta_census_init(&c, &carta_game_aember, rules, AEMBER_SEATS, rules->n_defs);
    for (int p = 0; p < AEMBER_SEATS; p++) {
        const aember_seat *s = &st->seat[p];
        carta_census_expect(&c, p, s->deck_list, s->n_deck_list);
        check_count_zones(&c, s, p);
        for (int i = 0; i < s->n_line; i++)
            check_count_in_play(&c, &s->line[i], check_line_name[p], p);
        for (int i = 0; i < s->n_artifacts; i++)
            check_count_in_play(&c, &s->artifacts[i], check_artifact_name[p], p);
    }
    for (int f = 0; f < st->pending.n; f++) /* an action card resolving its Play: ability */
        if (st->pending.frame[f].kind == AEMBER_FR_AFTER_PLAY)
            carta_census_add(&c, st->pending.frame[f].seat,
                             (uint16_t)st->pending.frame[f].arg[0],
                             "the action card being played (pending)");
    return carta_census_finish(&c, err);
}

/* ---- counts and counters ---- */

static carta_status check_zones(const aember_seat *s, int p, carta_error *err)
{
    if (CARTA_ZONE_CHECK(s->hand, CARTA_SEAT_BIT(p), "aember", p, "hand", err) ||
        CARTA_ZONE_CHECK(s->deck, 0, "aember", p, "deck", err) ||
        CARTA_ZONE_CHECK(s->discard, CARTA_SEEN_ALL, "aember", p, "discard", err) ||
        CARTA_ZONE_CHECK(s->archives, CARTA_SEAT_BIT(p), "aember", p, "archives", err) ||
        CARTA_ZONE_CHECK(s->purged, CARTA_SEEN_ALL, "aember", p, "purged", err))
        return CARTA_ERR_STATE;
    return CARTA_OK;
}

/* One creature (is_artifact 0) or artifact in seat p's play area. */
static carta_status check_in_play(const carta_rules *rules, const aember_card_in_play *x, int p,
                                  int is_artifact, const aember_state *st, carta_error *err)
{
    const aember_card_def *def = aember_def(rules, x->card);
    const char *what = is_artifact ? "artifact" : "creature";
    if (!def)
        return CHECK_FAIL(err, "seat %d has a %s with card id %u", p, what, (unsigned)x->card);
    if (def->type != (is_artifact ? AEMBER_ARTIFACT : AEMBER_CREATURE))
        return CHECK_FAIL(err, "seat %d's '%s' is among its %ss", p, def->name, what);
    if (x->owner != p)
        return CHECK_FAIL(err, "seat %d controls '%s' of seat %d (control never changes)", p,
                          def->name, x->owner);
    if (x->uid == 0 || x->uid > st->next_uid)
        return CHECK_FAIL(err, "seat %d's '%s' has uid %u (next uid %u)", p, def->name,
                          (unsigned)x->uid, (unsigned)st->next_uid);
    if (x->flags & ~CHECK_FLAGS)
        return CHECK_FAIL(err, "seat %d's '%s' has unknown flags %#x", p, def->name, x->flags);
    if (x->aember > CHECK_SANE_AEMBER)
        return CHECK_FAIL(err, "seat %d's '%s' holds %d Æmber", p, def->name, x->aember);
    if (x->n_upgrades > AEMBER_UPGRADE_MAX || (is_artifact && x->n_upgrades))
        return CHECK_FAIL(err, "seat %d's '%s' has %d upgrades", p, def->name, x->n_upgrades);
    for (int u = 0; u < x->n_upgrades; u++) {
        const aember_card_def *up = aember_def(rules, x->upgrades[u] & ~AEMBER_UPGRADE_OWNER);
        if (!up || up->type != AEMBER_UPGRADE)
            return CHECK_FAIL(err, "seat %d's '%s' has upgrade %u, not an upgrade", p,
                              def->name, (unsigned)x->upgrades[u]);
    }
    return CARTA_OK;
}

/* Every uid in play differs from every other. */
static carta_status check_uids(const aember_state *st, carta_error *err)
{
    uint16_t uids[AEMBER_SEATS * (AEMBER_LINE_MAX + AEMBER_ARTIFACT_MAX)];
    int n = 0;
    for (int p = 0; p < AEMBER_SEATS; p++) {
        for (int i = 0; i < st->seat[p].n_line; i++)
            uids[n++] = st->seat[p].line[i].uid;
        for (int i = 0; i < st->seat[p].n_artifacts; i++)
            uids[n++] = st->seat[p].artifacts[i].uid;
    }
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (uids[i] == uids[j])
                return CHECK_FAIL(err, "two cards in play share uid %u", (unsigned)uids[i]);
    return CARTA_OK;
}

static carta_status check_play_area(const carta_rules *rules, const aember_state *st, int p,
                                    carta_error *err)
{
    const aember_seat *s = &st->seat[p];
    if (s->n_line > AEMBER_LINE_MAX || s->n_artifacts > AEMBER_ARTIFACT_MAX)
        return CHECK_FAIL(err, "seat %d has %d creatures and %d artifacts (room for %d and %d)",
                          p, s->n_line, s->n_artifacts, AEMBER_LINE_MAX, AEMBER_ARTIFACT_MAX);
    for (int i = 0; i < s->n_line; i++)
        if (check_in_play(rules, &s->line[i], p, 0, st, err))
            return CARTA_ERR_STATE;
    for (int i = 0; i < s->n_artifacts; i++)
        if (check_in_play(rules, &s->artifacts[i], p, 1, st, err))
            return CARTA_ERR_STATE;
    return CARTA_OK;
}

static carta_status check_seat(const carta_rules *rules, const aember_state *st, int p,
                               carta_error *err)
{
    const aember_seat *s = &st->seat[p];
    if (s->n_deck_list > AEMBER_DECK_MAX)
        return CHECK_FAIL(err, "seat %d's deck list has %d cards (room for %d)", p,
                          s->n_deck_list, AEMBER_DECK_MAX);
    if (s->n_houses > AEMBER_HOUSE_MAX)
        return CHECK_FAIL(err, "seat %d has %d houses", p, s->n_houses);
    for (int h = 0; h < s->n_houses; h++)
        if (s->houses[h] >= rules->n_houses)
            return CHECK_FAIL(err, "seat %d's house %d is id %d (the set has %d)", p, h,
                              s->houses[h], rules->n_houses);
    if (s->keys > AEMBER_KEYS_TO_WIN ||
        (s->keys == AEMBER_KEYS_TO_WIN && st->phase != AEMBER_PHASE_OVER))
        return CHECK_FAIL(err, "seat %d has %d keys and the game is not over", p, s->keys);
    if (s->aember > CHECK_SANE_AEMBER || s->chains > CHECK_SANE_CHAINS)
        return CHECK_FAIL(err, "seat %d has %d Æmber and %d chains", p, s->aember, s->chains);
    if (check_zones(s, p, err) || check_play_area(rules, st, p, err))
        return CARTA_ERR_STATE;
    return CARTA_OK;
}

static carta_status check_pending(const carta_rules *rules, const aember_state *st,
                                  carta_error *err)
{
    if (carta_pending_check(&st->pending, st->phase == AEMBER_PHASE_OVER, AEMBER_FR_RUN,
                            AEMBER_FR_ORDER, AEMBER_SEATS, "aember", err))
        return CARTA_ERR_STATE;
    for (int f = 0; f < st->pending.n; f++) {
        const carta_pending *fr = &st->pending.frame[f];
        const aember_card_def *d = aember_def(rules, fr->arg[0]);
        if (fr->kind == AEMBER_FR_AFTER_PLAY && (!d || d->type != AEMBER_ACTION))
            return CHECK_FAIL(err, "pending frame %d plays card %d, not an action card", f,
                              fr->arg[0]);
    }
    return CARTA_OK;
}

/* The turn: phase, seats, house, turn number, the rule of six. */
static carta_status check_turn(const carta_rules *rules, const aember_state *st,
                               carta_error *err)
{
    if (st->phase > AEMBER_PHASE_OVER)
        return CHECK_FAIL(err, "phase %d", st->phase);
    if (st->active < 0 || st->active >= AEMBER_SEATS || st->first < 0 ||
        st->first >= AEMBER_SEATS || st->mulligan_seat < 0 || st->mulligan_seat >= AEMBER_SEATS)
        return CHECK_FAIL(err, "active seat %d, first seat %d, mulligan seat %d", st->active,
                          st->first, st->mulligan_seat);
    if (st->winner < -1 || st->winner >= AEMBER_SEATS ||
        (st->winner >= 0 && st->phase != AEMBER_PHASE_OVER))
        return CHECK_FAIL(err, "winner %d in phase %d", st->winner, st->phase);
    if (st->turn > AEMBER_TURN_LIMIT + 1 || (st->turn == 0 && st->phase != AEMBER_PHASE_MULLIGAN))
        return CHECK_FAIL(err, "turn %d in phase %d", st->turn, st->phase);
    if (st->phase > AEMBER_PHASE_HOUSE && st->phase < AEMBER_PHASE_OVER &&
        st->active_house >= rules->n_houses && st->seat[st->active].n_houses)
        return CHECK_FAIL(err, "active house %d (the set has %d)", st->active_house,
                          rules->n_houses);
    if (st->n_six > AEMBER_SIX_MAX)
        return CHECK_FAIL(err, "the rule of six tracks %d titles (room for %d)", st->n_six,
                          AEMBER_SIX_MAX);
    for (int i = 0; i < st->n_six; i++)
        if (!aember_def(rules, st->six[i].card) || st->six[i].count == 0)
            return CHECK_FAIL(err, "rule of six entry %d: card %u counted %d times", i,
                              (unsigned)st->six[i].card, st->six[i].count);
    return CARTA_OK;
}

carta_status aember_check(const carta_rules *rules, const void *state, carta_error *err)
{
    const aember_state *st = state;
    if (st->version != AEMBER_STATE_VERSION)
        return CHECK_FAIL(err, "state version %u, not %u", st->version, AEMBER_STATE_VERSION);
    if (st->key_cost < 1 || st->key_cost > 30 || st->hand_size < 1 || st->hand_size > 12)
        return CHECK_FAIL(err, "key cost %d, hand size %d: out of the options' ranges",
                          st->key_cost, st->hand_size);
    if (check_turn(rules, st, err) || check_pending(rules, st, err))
        return CARTA_ERR_STATE;
    for (int p = 0; p < AEMBER_SEATS; p++)
        if (check_seat(rules, st, p, err))
            return CARTA_ERR_STATE;
    if (check_uids(st, err))
        return CARTA_ERR_STATE;
    return check_cards(rules, st, err);
}
