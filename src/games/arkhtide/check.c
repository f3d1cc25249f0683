/* check.c: what every Arkhtide state keeps (the contract's check): every card of a seat's deck list
 * and its Seeker in exactly one place, and every count, seat, flag and counter in range. */
#include "games/arkhtide/arkhtide.h"

#include "core/census.h"

#define CHECK_FAIL(err, ...) carta_error_set((err), CARTA_ERR_STATE, "arkhtide: " __VA_ARGS__)

enum {
    CHECK_SANE_WILLPOWER = 99, /* ark_lose_willpower clamps to -99..99 */
    CHECK_SANE_QUINTESSENCE = 250,
    CHECK_PIECE_FLAGS = ARK_P_SEEKER | ARK_P_EXHAUSTED | ARK_P_MOVED | ARK_P_PREP_SAFE |
                        ARK_P_TOKEN | ARK_P_OATH_USED,
    CHECK_SEAT_FLAGS = ARK_S_ELIMINATED | ARK_S_PREPARED | ARK_S_DISCARDED | ARK_S_MULLIGANED |
                       ARK_S_PICKED
};

static const char *const check_pool_name[ARK_SEATS] = {
    "pool of seat 0", "pool of seat 1", "pool of seat 2", "pool of seat 3", "pool of seat 4"};

/* ---- cards: the census ---- */

static void check_count_zones(carta_census *c, const ark_seat *s, int p)
{
    carta_census_add_all(c, p, s->hand.cards, s->hand.n, "hand");
    carta_census_add_all(c, p, s->deck.cards, s->deck.n, "Main Deck");
    carta_census_add_all(c, p, s->chronicle.cards, s->chronicle.n, "Chronicle");
    carta_census_add_all(c, p, s->realm_deck.cards, s->realm_deck.n, "Realm Deck");
    carta_census_add_all(c, p, s->look.cards, s->look.n, "looked-at cards");
    if (s->pick != ARK_NO_CARD)
        carta_census_add(c, p, s->pick, "face-down Realm pick");
}

/* Seat q's pool: each card counts for its owner (pool_owner - 1); 0 is no seat's card. */
static void check_count_pool(const carta_rules *rules, carta_census *c, const ark_seat *s, int q)
{
    for (int i = 0; i < s->pool.n; i++) {
        const ark_card_def *d = ark_def(rules, s->pool.cards[i]);
        if (s->pool_owner[i] == 0 && d && d->type == ARK_REALM)
            continue; /* the Neutral Realm is in no deck list */
        carta_census_add(c, s->pool_owner[i] - 1, s->pool.cards[i], check_pool_name[q]);
    }
}

/* Pieces (a Seeker as its seat's Seeker, Tokens not at all) and the cards Bound to them (to
 * their controllers; Statuses and Token Bindings are in no deck list). */
static void check_count_pieces(const carta_rules *rules, carta_census *c, const ark_state *st)
{
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (!(p->flags & ARK_P_TOKEN))
            carta_census_add(c, p->owner, p->card,
                             (p->flags & ARK_P_SEEKER) ? "Seeker in play" : "Unit in play");
        for (int a = 0; a < p->n_attach && a < ARK_ATTACH_MAX; a++) {
            uint16_t card = ARK_ATTACH_CARD(p->attach[a]);
            const ark_card_def *d = ark_def(rules, card);
            if (d && (d->type == ARK_STATUS || d->token))
                continue;
            carta_census_add(c, ARK_ATTACH_SEAT(p->attach[a]), card, "Bound to a piece");
        }
    }
}

/* The Realms in play (the Neutral Realm, owned by no seat, is in no deck list). */
static void check_count_realms(carta_census *c, const ark_state *st)
{
    for (int r = 0; r < ARK_REALMS; r++) {
        const ark_realm *rm = &st->realms[r];
        if (rm->card != ARK_NO_CARD && rm->owner >= 0)
            carta_census_add(c, rm->owner, rm->card, "Realm in play");
    }
}

static carta_status check_cards(const carta_rules *rules, const ark_state *st, carta_error *err)
{
    carta_census c;
    carta_census_init(&c, &carta_game_arkhtide, rules, st->n_seats, rules->n_defs);
    for (int p = 0; p < st->n_seats; p++) {
        const ark_seat *s = &st->seat[p];
        carta_census_expect(&c, p, s->deck_list, s->n_deck_list);
        carta_census_expect(&c, p, &s->seeker, 1);
        check_count_zones(&c, s, p);
        check_count_pool(rules, &c, s, p);
    }
    check_count_pieces(rules, &c, st);
    check_count_realms(&c, st);
    return carta_census_finish(&c, err);
}

/* ---- counts and counters ---- */

#define CHECK_ZONE(z, want, p, what, err) CARTA_ZONE_CHECK(z, want, "arkhtide", p, what, err)

static carta_status check_zones(const ark_seat *s, int p, carta_error *err)
{
    if (CHECK_ZONE(s->hand, CARTA_SEAT_BIT(p), p, "hand", err) ||
        CHECK_ZONE(s->deck, 0, p, "Main Deck", err) ||
        CHECK_ZONE(s->chronicle, CARTA_SEEN_ALL, p, "Chronicle", err) ||
        CHECK_ZONE(s->pool, CARTA_SEEN_ALL, p, "pool", err) ||
        CHECK_ZONE(s->realm_deck, 0, p, "Realm Deck", err) ||
        CHECK_ZONE(s->look, CARTA_SEAT_BIT(p), p, "looked-at cards", err))
        return CARTA_ERR_STATE;
    return CARTA_OK;
}

/* Whether the n cards are all Realms (realm 1) or all Main Deck cards (realm 0). */
static bool check_kind(const carta_rules *rules, const uint16_t *cards, int n, bool realm)
{
    for (int i = 0; i < n; i++) {
        const ark_card_def *d = ark_def(rules, cards[i]);
        if (!d || (d->type == ARK_REALM) != realm || d->type == ARK_SEEKER ||
            d->type == ARK_STATUS)
            return false;
    }
    return true;
}

/* Whether a Seek decision of seat p is pending (its looked-at cards are Main Deck cards). */
static bool check_seeking(const ark_state *st, int p)
{
    for (int f = 0; f < st->pending.n; f++)
        if (st->pending.frame[f].kind == ARK_FR_SEEK && st->pending.frame[f].seat == p)
            return true;
    return false;
}

/* Each zone holds its kind of card; cards are looked at only while picking a Realm or Seeking,
 * and a Realm pick exists only in the Realm Phase. */
static carta_status check_kinds(const carta_rules *rules, const ark_state *st, int p,
                                carta_error *err)
{
    const ark_seat *s = &st->seat[p];
    bool picking = st->phase == ARK_PHASE_REALM, over = st->phase == ARK_PHASE_OVER;
    if (!check_kind(rules, s->hand.cards, s->hand.n, false) ||
        !check_kind(rules, s->deck.cards, s->deck.n, false) ||
        !check_kind(rules, s->realm_deck.cards, s->realm_deck.n, true))
        return CHECK_FAIL(err, "seat %d has a card of the wrong kind in its hand or decks", p);
    if (s->look.n && !over && (picking ? check_seeking(st, p) : !check_seeking(st, p)))
        return CHECK_FAIL(err, "seat %d looks at %d cards in phase %d with%s a Seek pending", p,
                          s->look.n, st->phase, check_seeking(st, p) ? "" : "out");
    if (!check_kind(rules, s->look.cards, s->look.n, picking && !check_seeking(st, p)))
        return CHECK_FAIL(err, "seat %d looks at a card of the wrong kind", p);
    if (s->pick != ARK_NO_CARD && (!picking || !check_kind(rules, &s->pick, 1, true)))
        return CHECK_FAIL(err, "seat %d has a Realm pick (card %u) in phase %d", p,
                          (unsigned)s->pick, st->phase);
    return CARTA_OK;
}

/* A seat past n_seats holds nothing. */
static carta_status check_empty_seat(const ark_seat *s, int p, carta_error *err)
{
    if (s->n_deck_list || s->hand.n || s->deck.n || s->chronicle.n || s->pool.n ||
        s->realm_deck.n || s->look.n)
        return CHECK_FAIL(err, "seat %d is not in the game but holds cards", p);
    return CARTA_OK;
}

static carta_status check_seat(const carta_rules *rules, const ark_state *st, int p,
                               carta_error *err)
{
    const ark_seat *s = &st->seat[p];
    const ark_card_def *seeker = ark_def(rules, s->seeker);
    if (!seeker || seeker->type != ARK_SEEKER)
        return CHECK_FAIL(err, "seat %d's Seeker is card %u", p, (unsigned)s->seeker);
    if (s->n_deck_list > ARK_DECK_LIST_MAX)
        return CHECK_FAIL(err, "seat %d's deck list has %d cards", p, s->n_deck_list);
    if (s->willpower < -CHECK_SANE_WILLPOWER || s->willpower > CHECK_SANE_WILLPOWER ||
        s->quintessence > CHECK_SANE_QUINTESSENCE)
        return CHECK_FAIL(err, "seat %d has %d Willpower and %d Quintessence", p, s->willpower,
                          s->quintessence);
    if (s->arkhe > s->arkhe_max || s->mulligan_left > ARK_MULLIGAN_MAX ||
        s->mulligan_n > ARK_ZONE_MAX)
        return CHECK_FAIL(err, "seat %d has %d of %d Arkhé, %d mulligans left, %d taken", p,
                          s->arkhe, s->arkhe_max, s->mulligan_left, s->mulligan_n);
    if ((s->flags & ~CHECK_SEAT_FLAGS) || s->place > st->n_seats ||
        (s->place && !(s->flags & ARK_S_ELIMINATED) && st->phase != ARK_PHASE_OVER))
        return CHECK_FAIL(err, "seat %d has flags %#x and place %d", p, s->flags, s->place);
    if (s->pick_side > 1)
        return CHECK_FAIL(err, "seat %d's Realm pick is on side %d", p, s->pick_side);
    if (check_zones(s, p, err) || check_kinds(rules, st, p, err))
        return CARTA_ERR_STATE;
    for (int i = 0; i < s->pool.n; i++)
        if (s->pool_owner[i] > st->n_seats)
            return CHECK_FAIL(err, "seat %d's pool card %d is owned by seat %d", p, i,
                              s->pool_owner[i] - 1);
    return CARTA_OK;
}

/* One piece: owner, place, flags, attached cards. */
static carta_status check_piece(const carta_rules *rules, const ark_state *st, int i,
                                carta_error *err)
{
    const ark_piece *p = &st->pieces[i];
    const ark_card_def *d = ark_def(rules, p->card);
    if (!d || (d->type != ARK_UNIT && d->type != ARK_SEEKER))
        return CHECK_FAIL(err, "piece %d is card %u", i, (unsigned)p->card);
    if (p->owner >= st->n_seats || (st->seat[p->owner].flags & ARK_S_ELIMINATED))
        return CHECK_FAIL(err, "'%s' (piece %d) belongs to seat %d, not in the game", d->name, i,
                          p->owner);
    if (p->loc != ARK_LOC_SAFE && p->loc >= ARK_REALMS)
        return CHECK_FAIL(err, "'%s' of seat %d is at place %d", d->name, p->owner, p->loc);
    if ((p->flags & ~CHECK_PIECE_FLAGS) || ((p->flags & ARK_P_SEEKER) != 0) !=
                                               (d->type == ARK_SEEKER))
        return CHECK_FAIL(err, "'%s' of seat %d has flags %#x", d->name, p->owner, p->flags);
    if (p->uid == 0 || p->uid >= st->next_uid)
        return CHECK_FAIL(err, "'%s' of seat %d has uid %u (next %u)", d->name, p->owner,
                          (unsigned)p->uid, (unsigned)st->next_uid);
    if (p->n_attach > ARK_ATTACH_MAX)
        return CHECK_FAIL(err, "'%s' of seat %d has %d attached cards", d->name, p->owner,
                          p->n_attach);
    for (int a = 0; a < p->n_attach; a++) {
        const ark_card_def *ad = ark_def(rules, ARK_ATTACH_CARD(p->attach[a]));
        if (!ad || (ad->type != ARK_BINDING && ad->type != ARK_STATUS) ||
            ARK_ATTACH_SEAT(p->attach[a]) >= st->n_seats)
            return CHECK_FAIL(err, "'%s' of seat %d has attached %#x", d->name, p->owner,
                              (unsigned)p->attach[a]);
    }
    return CARTA_OK;
}

/* Every piece, unique uids, and exactly one Seeker (its own) per seat still in the game. */
static carta_status check_pieces(const carta_rules *rules, const ark_state *st, carta_error *err)
{
    if (st->n_pieces > ARK_PIECE_MAX)
        return CHECK_FAIL(err, "%d pieces (room for %d)", st->n_pieces, ARK_PIECE_MAX);
    int seekers[ARK_SEATS] = {0};
    for (int i = 0; i < st->n_pieces; i++) {
        if (check_piece(rules, st, i, err))
            return CARTA_ERR_STATE;
        const ark_piece *p = &st->pieces[i];
        if (p->flags & ARK_P_SEEKER) {
            seekers[p->owner]++;
            if (p->card != st->seat[p->owner].seeker)
                return CHECK_FAIL(err, "seat %d's Seeker in play is card %u, not %u", p->owner,
                                  (unsigned)p->card, (unsigned)st->seat[p->owner].seeker);
        }
        for (int j = i + 1; j < st->n_pieces; j++)
            if (st->pieces[j].uid == p->uid)
                return CHECK_FAIL(err, "pieces %d and %d share uid %u", i, j, (unsigned)p->uid);
    }
    for (int s = 0; s < st->n_seats; s++)
        if (seekers[s] != (ark_alive(st, s) ? 1 : 0))
            return CHECK_FAIL(err, "seat %d has %d Seekers in play", s, seekers[s]);
    return CARTA_OK;
}

static carta_status check_realms(const carta_rules *rules, const ark_state *st, carta_error *err)
{
    for (int r = 0; r < ARK_REALMS; r++) {
        const ark_realm *rm = &st->realms[r];
        if (rm->card == ARK_NO_CARD)
            continue;
        const ark_card_def *d = ark_def(rules, rm->card);
        bool neutral = r == ARK_NEUTRAL_SLOT;
        if (!d || d->type != ARK_REALM || rm->side > 1 || rm->owner != (neutral ? -1 : r))
            return CHECK_FAIL(err, "Realm slot %d holds card %u of seat %d, side %d", r,
                              (unsigned)rm->card, rm->owner, rm->side);
    }
    return CARTA_OK;
}

static carta_status check_pending(const ark_state *st, carta_error *err)
{
    if (carta_pending_check(&st->pending, st->phase == ARK_PHASE_OVER, ARK_FR_RUN,
                            ARK_FR_CHEAT_DEATH, st->n_seats, "arkhtide", err))
        return CARTA_ERR_STATE;
    if (st->n_queue > ARK_QUEUE_MAX)
        return CHECK_FAIL(err, "%d damage instances queued (room for %d)", st->n_queue,
                          ARK_QUEUE_MAX);
    for (int q = 0; q < st->n_queue; q++)
        if (st->queue[q].seat < -1 || st->queue[q].seat >= st->n_seats ||
            st->queue[q].kind > ARK_DMG_EFFECT || st->queue[q].step > ARK_DS_DONE)
            return CHECK_FAIL(err, "queued damage %d: seat %d, kind %d, step %d", q,
                              st->queue[q].seat, st->queue[q].kind, st->queue[q].step);
    return CARTA_OK;
}

static bool check_seat_ok(const ark_state *st, int seat, bool none_ok)
{
    return (none_ok && seat == -1) || (seat >= 0 && seat < st->n_seats);
}

/* The Round: seats, mode, phase, Round and Turn numbers. */
static carta_status check_round(const ark_state *st, carta_error *err)
{
    if (st->n_seats < 2 || st->n_seats > ARK_SEATS || st->mode > ARK_MODE_DESPERATE ||
        (st->mode == ARK_MODE_DUEL) != (st->n_seats == 2))
        return CHECK_FAIL(err, "%d seats in mode %d", st->n_seats, st->mode);
    if (st->phase > ARK_PHASE_OVER || st->round > ARK_ROUND_LIMIT + 1 ||
        st->turn > ARK_TURN_LIMIT)
        return CHECK_FAIL(err, "phase %d, Round %d, Turn %d", st->phase, st->round, st->turn);
    if (!check_seat_ok(st, st->active, false) || !check_seat_ok(st, st->first, true) ||
        !check_seat_ok(st, st->combat_first, true) || !check_seat_ok(st, st->winner, true))
        return CHECK_FAIL(err, "active %d, first %d, combat first %d, winner %d", st->active,
                          st->first, st->combat_first, st->winner);
    if (st->winner >= 0 && st->phase != ARK_PHASE_OVER)
        return CHECK_FAIL(err, "seat %d won but the game goes on", st->winner);
    if (st->n_eliminated >= st->n_seats || (st->tied >> st->n_seats) ||
        st->turns.n_seats > st->n_seats || (st->turns.passed >> st->n_seats))
        return CHECK_FAIL(err, "%d eliminated, tied mask %#x, Turns of %d seats passed by %#x",
                          st->n_eliminated, st->tied, st->turns.n_seats, st->turns.passed);
    bool turns = (st->phase == ARK_PHASE_COMBAT || st->phase == ARK_PHASE_REGROUP) &&
                 !st->pending.n;
    if (turns && (!carta_window_is_open(&st->turns) || st->turns.seat != st->active))
        return CHECK_FAIL(err, "the %s Turns ask seat %d, the active seat is %d",
                          st->phase == ARK_PHASE_COMBAT ? "Combat" : "Regroup", st->turns.seat,
                          st->active);
    return CARTA_OK;
}

carta_status ark_check(const carta_rules *rules, const void *state, carta_error *err)
{
    const ark_state *st = state;
    if (st->version != ARK_STATE_VERSION)
        return CHECK_FAIL(err, "state version %u, not %u", st->version, ARK_STATE_VERSION);
    if (check_round(st, err) || check_pending(st, err))
        return CARTA_ERR_STATE;
    int eliminated = 0;
    for (int p = 0; p < ARK_SEATS; p++) {
        if (p >= st->n_seats ? check_empty_seat(&st->seat[p], p, err)
                             : check_seat(rules, st, p, err))
            return CARTA_ERR_STATE;
        eliminated += p < st->n_seats && (st->seat[p].flags & ARK_S_ELIMINATED);
    }
    if (eliminated != st->n_eliminated)
        return CHECK_FAIL(err, "%d seats eliminated, counted %d", eliminated, st->n_eliminated);
    if (check_pieces(rules, st, err) || check_realms(rules, st, err))
        return CARTA_ERR_STATE;
    return check_cards(rules, st, err);
}
