/* rules.c: setup, the Round (Resource, Realm, Initiative, Preparation, Combat, Harvest, Regroup),
 * legal actions and apply, and the end of the game (Quintessence and Willpower victories, ties,
 * elimination in Desperate Measures, the Harvest-phase exception). */
#include "games/arkhtide/arkhtide.h"

#include <stdio.h>
#include <string.h>

#include "core/assert.h"

/* ---- setup ---- */

static carta_status rules_seat_deck(const carta_rules *rules, ark_state *st, int seat,
                                    const carta_deck *deck, carta_error *err)
{
    ark_seat *s = &st->seat[seat];
    int seekers = 0;
    s->seeker = ARK_NO_CARD;
    for (int i = 0; i < deck->n_cards; i++) {
        uint16_t id = deck->cards[i];
        const ark_card_def *d = ark_def(rules, id);
        if (!d)
            return carta_error_set(err, CARTA_ERR_INPUT, "arkhtide: seat %d: unknown card id %u",
                                   seat + 1, (unsigned)id);
        if (d->type == ARK_SEEKER) {
            s->seeker = id;
            seekers++;
        } else if (d->type == ARK_REALM && !d->neutral) {
            if (s->realm_deck.n >= ARK_REALM_DECK_MAX)
                return carta_error_set(err, CARTA_ERR_INPUT,
                                       "arkhtide: seat %d: more than %d Realms", seat + 1,
                                       ARK_REALM_DECK_MAX);
            s->realm_deck.cards[s->realm_deck.n++] = id;
        } else if ((d->type == ARK_UNIT || d->type == ARK_FEAT || d->type == ARK_BINDING) &&
                   !d->token) {
            if (s->deck.n >= ARK_ZONE_MAX)
                return carta_error_set(err, CARTA_ERR_INPUT,
                                       "arkhtide: seat %d: more than %d Main Deck cards",
                                       seat + 1, ARK_ZONE_MAX);
            s->deck.cards[s->deck.n++] = id;
        } else {
            return carta_error_set(err, CARTA_ERR_INPUT,
                                   "arkhtide: seat %d: '%s' cannot be in a deck", seat + 1,
                                   d->name);
        }
    }
    if (seekers != 1)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "arkhtide: seat %d: a deck needs exactly one Seeker (has %d)",
                               seat + 1, seekers);
    for (int i = 0; i < s->deck.n && s->n_deck_list < ARK_DECK_LIST_MAX; i++)
        s->deck_list[s->n_deck_list++] = s->deck.cards[i];
    for (int i = 0; i < s->realm_deck.n && s->n_deck_list < ARK_DECK_LIST_MAX; i++)
        s->deck_list[s->n_deck_list++] = s->realm_deck.cards[i];
    carta_zone_shuffle(CARTA_ZONE_REF(&s->deck), &st->rng);
    carta_zone_shuffle(CARTA_ZONE_REF(&s->realm_deck), &st->rng);
    s->willpower = ARK_WILLPOWER;
    s->arkhe = s->arkhe_max = ARK_ARKHE;
    s->pick = ARK_NO_CARD;
    if (!ark_place(st, seat, s->seeker, ARK_LOC_SAFE, ARK_P_SEEKER))
        return carta_error_set(err, CARTA_ERR_INPUT, "arkhtide: too many pieces");
    return CARTA_OK;
}

static void rules_round_start(const carta_rules *rules, ark_state *st);

carta_status ark_setup(const carta_rules *rules, void *state, const carta_config *config,
                       carta_error *err)
{
    ark_state *st = state;
    memset(st, 0, sizeof *st);
    carta_events_clear(&st->events); /* setup's events: Round 1 begins, the first draws */
    int n = config->n_seats;
    if (n < 2 || n > ARK_SEATS)
        return carta_error_set(err, CARTA_ERR_INPUT, "arkhtide: %d players (2 to 5 play)", n);
    if (config->mode[0] == '\0')
        st->mode = n == 2 ? ARK_MODE_DUEL : ARK_MODE_DESPERATE;
    else if (strcmp(config->mode, "duel") == 0)
        st->mode = ARK_MODE_DUEL;
    else if (strcmp(config->mode, "desperate") == 0)
        st->mode = ARK_MODE_DESPERATE;
    else
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "arkhtide: unknown mode '%s' (expected duel or desperate)",
                               config->mode);
    if (st->mode == ARK_MODE_DUEL && n != 2)
        return carta_error_set(err, CARTA_ERR_INPUT, "arkhtide: Seeker's Duel is for 2 players");
    if (st->mode == ARK_MODE_DESPERATE && n < 3)
        return carta_error_set(err, CARTA_ERR_INPUT,
                               "arkhtide: Desperate Measures is for 3 to 5 players");
    st->version = ARK_STATE_VERSION;
    ark_zones_seen(st);
    st->n_seats = (uint8_t)n;
    st->winner = -1;
    st->first = st->combat_first = -1;
    st->next_uid = 1;
    carta_rng_seed(&st->rng, config->seed);
    for (int r = 0; r < ARK_REALMS; r++) {
        st->realms[r].card = ARK_NO_CARD;
        st->realms[r].owner = -1;
    }
    for (int s = 0; s < n; s++)
        if (rules_seat_deck(rules, st, s, &config->decks[s], err) != CARTA_OK)
            return CARTA_ERR_INPUT;
    rules_round_start(rules, st);
    ark_advance(rules, st);
    return CARTA_OK;
}

/* ---- the end of the game ---- */

static int rules_alive_count(const ark_state *st)
{
    int n = 0;
    for (int s = 0; s < st->n_seats; s++)
        n += ark_alive(st, s);
    return n;
}

static void rules_over(ark_state *st, int winner, uint8_t tied, uint8_t result)
{
    st->phase = ARK_PHASE_OVER;
    st->winner = (int8_t)winner;
    st->tied = tied;
    st->result |= result;
    st->pending.n = 0;
    if (winner >= 0)
        st->seat[winner].place = 1;
    ark_event(st, winner >= 0 ? CARTA_EV_WON : CARTA_EV_DRAWN, winner, ark_end_reason(st), -1,
              -1);
}

int ark_end_reason(const ark_state *st)
{
    if (st->phase != ARK_PHASE_OVER)
        return ARK_W_NONE;
    if (st->result & ARK_R_ROUND_LIMIT)
        return ARK_W_ROUND_LIMIT;
    if (st->result & ARK_R_TRUE_TIE)
        return ARK_W_TRUE_TIE;
    if (st->winner >= 0 && st->seat[st->winner].quintessence >= ARK_QUINTESSENCE_TO_WIN)
        return ARK_W_QUINTESSENCE_VICTORY;
    return ARK_W_LAST_STANDING;
}

/* Among the seats in mask: the one with most Quintessence, then most Willpower (if use_wp);
 * sets *tied to the seats still level. */
static int rules_best(const ark_state *st, uint8_t mask, bool use_wp, uint8_t *tied)
{
    int best = -1;
    *tied = 0;
    for (int s = 0; s < st->n_seats; s++) {
        if (!(mask & (1u << s)))
            continue;
        if (best < 0) {
            best = s;
            *tied = (uint8_t)(1u << s);
            continue;
        }
        const ark_seat *a = &st->seat[s], *b = &st->seat[best];
        int cmp = a->quintessence - b->quintessence;
        if (cmp == 0 && use_wp)
            cmp = a->willpower - b->willpower;
        if (cmp > 0) {
            best = s;
            *tied = (uint8_t)(1u << s);
        } else if (cmp == 0) {
            *tied |= (uint8_t)(1u << s);
        }
    }
    return (*tied & (*tied - 1)) ? -1 : best; /* more than one level: no single best */
}

/* Desperate Measures: seat leaves the game; its Seeker, Units and Bindings go to its Chronicle,
 * its Quintessence Pool stays. */
static void rules_eliminate(const carta_rules *rules, ark_state *st, int seat, int place)
{
    ark_seat *s = &st->seat[seat];
    s->flags |= ARK_S_ELIMINATED;
    s->place = (uint8_t)place;
    st->n_eliminated++;
    ark_event(st, CARTA_EV_ELIMINATED, seat, ARK_W_WILLPOWER_ZERO, -1, -1);
    for (int i = 0; i < st->n_pieces; i++) {
        ark_piece *p = &st->pieces[i];
        for (int a = p->n_attach - 1; a >= 0; a--)
            if (ARK_ATTACH_SEAT(p->attach[a]) == seat && p->owner != seat)
                ark_detach(rules, st, i, a);
    }
    for (int i = st->n_pieces - 1; i >= 0; i--)
        if (st->pieces[i].owner == seat)
            ark_remove_piece(rules, st, i, ARK_TO_CHRONICLE_PLACED);
}

/* Defeat is immediate ("that player immediately loses the game"): checked before every step of
 * an effect, not only once the whole action has resolved. A seat eliminated meanwhile (Desperate
 * Measures) decides nothing more, so its frames leave the stack; damage frames stay (they skip
 * seats no longer in the game, and end when their target has left play). */
static void rules_check_defeat(const carta_rules *rules, ark_state *st)
{
    bool fallen = false;
    for (int s = 0; s < st->n_seats; s++)
        fallen |= ark_alive(st, s) && st->seat[s].willpower <= 0;
    if (!fallen)
        return;
    ark_check_end(rules, st);
    if (st->phase == ARK_PHASE_OVER)
        return;
    carta_pending_stack *ps = &st->pending;
    int kept = 0;
    for (int i = 0; i < ps->n; i++) {
        carta_pending *f = &ps->frame[i];
        if (f->kind == ARK_FR_QUEUE || f->kind == ARK_FR_DAMAGE || ark_alive(st, f->seat))
            ps->frame[kept++] = *f;
        else if (f->kind == ARK_FR_SEEK)
            ark_seek_return(st, f->seat);
    }
    ps->n = kept;
}

void ark_check_end(const carta_rules *rules, ark_state *st)
{
    if (st->phase == ARK_PHASE_OVER || st->phase == ARK_PHASE_HARVEST)
        return; /* the Harvest Phase resolves fully first */
    uint8_t alive = 0, dead = 0;
    for (int s = 0; s < st->n_seats; s++)
        if (ark_alive(st, s)) {
            alive |= (uint8_t)(1u << s);
            if (st->seat[s].willpower <= 0)
                dead |= (uint8_t)(1u << s);
        }
    uint8_t tied;
    if (dead && dead == alive) { /* every remaining Seeker falls at once */
        int w = rules_best(st, dead, false, &tied);
        rules_over(st, w, w >= 0 ? 0 : tied, w >= 0 ? 0 : ARK_R_TRUE_TIE);
        return;
    }
    if (dead) {
        int n_alive = rules_alive_count(st), n_dead = 0;
        for (int s = 0; s < st->n_seats; s++)
            n_dead += (dead >> s) & 1;
        for (int s = 0; s < st->n_seats; s++)
            if (dead & (1u << s))
                rules_eliminate(rules, st, s, n_alive - n_dead + 1);
        alive &= (uint8_t)~dead;
        if (!(alive & (alive - 1))) { /* one left standing */
            for (int s = 0; s < st->n_seats; s++)
                if (alive & (1u << s))
                    rules_over(st, s, 0, 0);
            return;
        }
    }
    int top = rules_best(st, alive, false, &tied);
    int q = st->seat[top >= 0 ? top : __builtin_ctz(tied)].quintessence;
    if (q < ARK_QUINTESSENCE_TO_WIN)
        return;
    int w = rules_best(st, tied, true, &tied);
    rules_over(st, w, w >= 0 ? 0 : tied, w >= 0 ? 0 : ARK_R_TRUE_TIE);
}

void ark_returns(const carta_rules *rules, const void *state, double *out)
{
    (void)rules;
    const ark_state *st = state;
    int k = __builtin_popcount(st->tied);
    for (int s = 0; s < st->n_seats; s++)
        out[s] = st->phase != ARK_PHASE_OVER ? 0.0
                 : st->winner >= 0           ? (s == st->winner ? 1.0 : 0.0)
                 : (st->tied & (1u << s))    ? 1.0 / k
                                             : 0.0;
}

void ark_scores(const carta_rules *rules, const ark_state *st, int *out)
{
    (void)rules;
    static const int points[] = {100, 60, 20};
    int place[ARK_SEATS] = {0};
    for (int s = 0; s < st->n_seats; s++) {
        out[s] = 0;
        place[s] = st->seat[s].place;
    }
    if (st->phase != ARK_PHASE_OVER)
        return;
    /* seats still in the game but not first: ranked by Quintessence, then Willpower */
    for (int s = 0; s < st->n_seats; s++) {
        if (place[s])
            continue;
        int better = 1;
        for (int o = 0; o < st->n_seats; o++) {
            if (o == s || (st->seat[o].flags & ARK_S_ELIMINATED))
                continue;
            const ark_seat *a = &st->seat[o], *b = &st->seat[s];
            if (place[o] == 1 || a->quintessence > b->quintessence ||
                (a->quintessence == b->quintessence && a->willpower > b->willpower))
                better++;
        }
        place[s] = better;
    }
    for (int s = 0; s < st->n_seats; s++) {
        int p = place[s];
        int wp = st->seat[s].willpower > 0 ? st->seat[s].willpower : 0;
        out[s] = (p >= 1 && p <= 3 ? points[p - 1] : 0) + st->seat[s].quintessence + wp;
    }
}

int ark_points(const carta_rules *rules, const void *state, int *out)
{
    const ark_state *st = state;
    if (st->mode != ARK_MODE_DESPERATE || st->phase != ARK_PHASE_OVER)
        return 0;
    ark_scores(rules, st, out);
    return 1;
}

/* ---- the Round ---- */

/* The phase begins, started by the active seat ("starts the Combat Phase"). */
static void rules_phase_begins(ark_state *st, int phase)
{
    st->phase = (uint8_t)phase;
    ark_event(st, CARTA_EV_NOTE, st->active, ARK_W_STARTS_PHASE + phase, -1, -1);
}

/* The active seat begins a Turn of the phase. */
static void rules_turn_begins(ark_state *st)
{
    ark_event_turn(st, st->turn + 1);
}

static void rules_round_start(const carta_rules *rules, ark_state *st)
{
    st->round++;
    if (st->round > ARK_ROUND_LIMIT) {
        uint8_t alive = 0;
        for (int s = 0; s < st->n_seats; s++)
            if (ark_alive(st, s))
                alive |= (uint8_t)(1u << s);
        rules_over(st, -1, alive, ARK_R_DRAW | ARK_R_ROUND_LIMIT);
        return;
    }
    st->active = (int8_t)ark_next_seat(st, st->n_seats - 1);
    ark_event_turn(st, 0);
    rules_phase_begins(st, ARK_PHASE_RESOURCE);
    for (int s = 0; s < st->n_seats; s++) {
        ark_seat *se = &st->seat[s];
        if (ark_alive(st, s))
            ark_set_arkhe(st, s, se->arkhe_max, -1); /* Refresh Arkhé */
        else
            se->arkhe = se->arkhe_max;
        se->flags &= ARK_S_ELIMINATED;
        se->mulligan_left = ARK_MULLIGAN_MAX;
        se->mulligan_n = 0;
        se->pick = ARK_NO_CARD;
        se->pick_side = 0;
        carta_zone_clear(CARTA_ZONE_REF(&se->look));
    }
    for (int i = 0; i < st->n_pieces; i++) {
        ark_piece *p = &st->pieces[i];
        if (p->flags & ARK_P_SEEKER)
            p->loc = ARK_LOC_SAFE; /* a Seeker starts each Round in the Safe Zone */
        if (p->loc == ARK_LOC_SAFE && (p->flags & ARK_P_EXHAUSTED)) { /* Ready cards */
            p->flags &= (uint8_t)~ARK_P_EXHAUSTED;
            ark_event(st, CARTA_EV_STATUS, p->owner, ARK_W_READIED, p->card, -1);
        }
        p->flags &= (uint8_t)(ARK_P_SEEKER | ARK_P_TOKEN | ARK_P_EXHAUSTED);
        p->locked = p->attach_locked = p->used = p->attach_used = 0;
        p->soul_mod = p->melee_mod = p->ranged_mod = p->health_mod = 0;
        p->kw_round = 0;
        p->block = p->block_only[0] = p->block_only[1] = 0;
        for (int a = p->n_attach - 1; a >= 0; a--) { /* Statuses last for the Round */
            const ark_card_def *d = ark_def(rules, ARK_ATTACH_CARD(p->attach[a]));
            if (d && d->type == ARK_STATUS)
                ark_detach(rules, st, i, a);
        }
    }
    ark_check_deaths(rules, st);
    for (int r = 0; r < ARK_REALMS; r++) {
        memset(&st->realms[r], 0, sizeof st->realms[r]);
        st->realms[r].card = ARK_NO_CARD;
        st->realms[r].owner = -1;
    }
    st->first = st->combat_first = -1;
    st->turn = 0;
    carta_window_close(&st->turns);
    st->turn_flags = 0;
}

static void rules_draw_to(ark_state *st, int seat)
{
    int need = ARK_HAND_SIZE - st->seat[seat].hand.n;
    if (need > 0)
        ark_draw(st, seat, need);
}

/* Resource Phase: returns true if `active` has a decision. */
static bool rules_resource(ark_state *st)
{
    for (int k = 0; k < st->n_seats; k++) {
        int s = st->active;
        ark_seat *se = &st->seat[s];
        if (ark_alive(st, s)) {
            if (!(se->flags & ARK_S_DISCARDED)) {
                if (se->hand.n > 0)
                    return true;
                se->flags |= ARK_S_DISCARDED;
                rules_draw_to(st, s);
            }
            if (!(se->flags & ARK_S_MULLIGANED)) {
                if (se->hand.n > 0 && se->mulligan_left > 0)
                    return true;
                se->flags |= ARK_S_MULLIGANED;
                ark_draw(st, s, se->mulligan_n);
            }
        }
        if (k + 1 < st->n_seats)
            st->active = (int8_t)ark_next_seat(st, s);
        bool all = true;
        for (int o = 0; o < st->n_seats; o++)
            if (ark_alive(st, o) && !(st->seat[o].flags & ARK_S_MULLIGANED))
                all = false;
        if (all)
            break;
    }
    st->active = (int8_t)ark_next_seat(st, st->n_seats - 1);
    rules_phase_begins(st, ARK_PHASE_REALM);
    return false;
}

static void rules_reveal(const carta_rules *rules, ark_state *st);

/* "Looks at the top 3 cards of their Realm Deck": seen by their owner only. */
static void rules_look_at_realms(ark_state *st, int seat)
{
    ark_seat *se = &st->seat[seat];
    while (se->look.n < ARK_LOOK && se->realm_deck.n) {
        ark_event_move(st, seat, se->realm_deck.cards[se->realm_deck.n - 1],
                       CARTA_SEAT_BIT(seat), ARK_W_REALM_DECK, ARK_W_LOOK, ARK_W_LOOKS_AT);
        carta_zone_move(CARTA_ZONE_REF(&se->realm_deck), se->realm_deck.n - 1,
                        CARTA_ZONE_REF(&se->look));
    }
}

/* Realm Phase: every Seeker still to pick chooses its Realm face down, unseen by the others and
 * from its own Realm Deck, so they all decide at the same moment (core/simultaneous.h). */
unsigned ark_deciding(const carta_rules *rules, const void *state)
{
    (void)rules;
    const ark_state *st = state;
    unsigned seats = 0;
    if (st->phase != ARK_PHASE_REALM || st->pending.n)
        return 0;
    for (int s = 0; s < st->n_seats; s++)
        if (ark_alive(st, s) && !(st->seat[s].flags & ARK_S_PICKED))
            seats |= 1u << s;
    return seats;
}

/* Realm Phase: returns true if `active` has a decision. Every Seeker still to pick looks at its
 * cards at once ("each player looks at the top 3 cards of their Realm Deck"), not when its turn to
 * choose comes: they choose at the same moment, each knowing its own cards. */
static bool rules_realm(const carta_rules *rules, ark_state *st)
{
    for (int s = 0; s < st->n_seats; s++) {
        const ark_seat *se = &st->seat[s];
        if (ark_alive(st, s) && !(se->flags & ARK_S_PICKED) && se->pick == ARK_NO_CARD &&
            se->look.n == 0)
            rules_look_at_realms(st, s);
    }
    for (int k = 0; k <= st->n_seats; k++) {
        int s = st->active;
        ark_seat *se = &st->seat[s];
        if (ark_alive(st, s) && !(se->flags & ARK_S_PICKED)) {
            if (se->pick == ARK_NO_CARD && se->look.n == 0)
                rules_look_at_realms(st, s);
            if (se->look.n)
                return true;
            se->flags |= ARK_S_PICKED;
        }
        bool all = true;
        for (int o = 0; o < st->n_seats; o++)
            if (ark_alive(st, o) && !(st->seat[o].flags & ARK_S_PICKED))
                all = false;
        if (all)
            break;
        st->active = (int8_t)ark_next_seat(st, s);
    }
    rules_reveal(rules, st);
    return false;
}

static void rules_preparation_start(ark_state *st, int first)
{
    st->first = (int8_t)first;
    st->active = (int8_t)first;
    st->combat_first = -1;
    st->turn = 0;
    st->turn_flags = 0;
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].loc == ARK_LOC_SAFE)
            st->pieces[i].flags |= ARK_P_PREP_SAFE;
    rules_phase_begins(st, ARK_PHASE_PREPARATION);
    rules_turn_begins(st);
}

/* "All chosen Realm cards are revealed", each with the side its owner took. */
static void rules_reveal_pick(const carta_rules *rules, ark_state *st, int seat)
{
    const ark_seat *se = &st->seat[seat];
    const ark_card_def *d = ark_def(rules, se->pick);
    ark_event(st, CARTA_EV_REVEAL, seat, 0, se->pick, -1);
    if (d && d->n_side_a != d->n_abilities)
        ark_event(st, CARTA_EV_NOTE, seat,
                  se->pick_side ? ARK_W_TAKES_SIDE_B : ARK_W_TAKES_SIDE_A, se->pick, -1);
}

/* All picks are revealed; the highest Initiative chooses who acts first. */
static void rules_reveal(const carta_rules *rules, ark_state *st)
{
    int best = -1;
    uint8_t tied = 0;
    for (int s = 0; s < st->n_seats; s++) {
        ark_seat *se = &st->seat[s];
        if (!ark_alive(st, s))
            continue;
        int ini = -1;
        if (se->pick != ARK_NO_CARD) {
            rules_reveal_pick(rules, st, s);
            st->realms[s].card = se->pick;
            st->realms[s].owner = (int8_t)s;
            st->realms[s].side = se->pick_side;
            ini = ark_def(rules, se->pick)->initiative;
        }
        if (ini > best) {
            best = ini;
            tied = (uint8_t)(1u << s);
        } else if (ini == best) {
            tied |= (uint8_t)(1u << s);
        }
        se->pick = ARK_NO_CARD;
    }
    if (st->mode == ARK_MODE_DUEL && rules->neutral_realm >= 0) {
        st->realms[ARK_NEUTRAL_SLOT].card = (uint16_t)rules->neutral_realm;
        st->realms[ARK_NEUTRAL_SLOT].owner = -1;
    }
    int k = __builtin_popcount(tied), chooser = -1;
    int pick = (int)carta_rng_below(&st->rng, (uint32_t)k);
    for (int s = 0; s < st->n_seats; s++)
        if ((tied & (1u << s)) && pick-- == 0)
            chooser = s;
    st->active = (int8_t)chooser;
    if (k > 1 && st->mode == ARK_MODE_DUEL) { /* equal Initiative: a random first player */
        ark_event(st, CARTA_EV_NOTE, chooser, ARK_W_FIRST_AT_RANDOM, -1, -1);
        rules_preparation_start(st, chooser);
        return;
    }
    st->phase = ARK_PHASE_INITIATIVE;
    ark_event(st, CARTA_EV_NOTE, chooser,
              k > 1 ? ARK_W_WINS_INITIATIVE_TIE : ARK_W_HIGHEST_INITIATIVE, -1, -1);
}

static void rules_harvest_start(ark_state *st)
{
    st->harvest_left = 0;
    for (int r = 0; r < ARK_REALMS; r++)
        if (st->realms[r].card != ARK_NO_CARD)
            st->harvest_left |= (uint8_t)(1u << r);
    int s = st->combat_first >= 0 ? st->combat_first : st->first;
    st->active = (int8_t)(ark_alive(st, s) ? s : ark_next_seat(st, s));
    rules_phase_begins(st, ARK_PHASE_HARVEST);
}

/* Evaluates Realm slot r: the highest Soul total harvests it; a tie removes it. */
static void rules_evaluate(const carta_rules *rules, ark_state *st, int r)
{
    int soul[ARK_SEATS] = {0};
    bool present[ARK_SEATS] = {false};
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].loc == r) {
            soul[st->pieces[i].owner] += ark_stat(rules, st, i, ARK_STAT_SOUL);
            present[st->pieces[i].owner] = true;
        }
    int best = -1, n_best = 0;
    for (int s = 0; s < st->n_seats; s++) {
        if (!ark_alive(st, s))
            continue;
        int v = present[s] ? soul[s] : -1;
        int b = best < 0 ? -2 : (present[best] ? soul[best] : -1);
        if (v > b) {
            best = s;
            n_best = 1;
        } else if (v == b) {
            n_best++;
        }
    }
    uint16_t card = st->realms[r].card;
    if (best >= 0 && n_best == 1 && present[best]) {
        ark_pool_push(&st->seat[best], card, st->realms[r].owner);
        ark_event_move(st, best, card, CARTA_SEEN_ALL, ARK_W_PLAY, ARK_W_POOL, ARK_W_HARVESTS);
        ark_gain_quintessence(st, best, ark_def(rules, card)->quintessence, card);
    } else {
        ark_event(st, CARTA_EV_STATUS, st->realms[r].owner, ARK_W_NOT_HARVESTED, card, -1);
        if (st->realms[r].owner >= 0) /* removed from play: to its owner's Chronicle */
            CARTA_ENSURE(carta_zone_push(
                CARTA_ZONE_REF(&st->seat[st->realms[r].owner].chronicle), card, 0));
    }
    st->realms[r].card = ARK_NO_CARD;
    st->realms[r].owner = -1;
    st->harvest_left &= (uint8_t)~(1u << r);
}

/* After every Realm: Units on Realms are extracted (1 Quintessence, Collector, Cask) or, if
 * Critically Wounded, die; Seekers return to their Safe Zone ("where the Seeker ... [is]
 * stationed between Rounds"). */
static void rules_extract(const carta_rules *rules, ark_state *st)
{
    for (int i = st->n_pieces - 1; i >= 0; i--) {
        ark_piece *p = &st->pieces[i];
        if (p->flags & ARK_P_SEEKER) {
            p->loc = ARK_LOC_SAFE; /* every Realm has left play: the Seeker is stationed */
            continue;
        }
        if (p->loc == ARK_LOC_SAFE)
            continue;
        if (ark_critically_wounded(rules, st, i)) {
            ark_remove_piece(rules, st, i, ARK_TO_CHRONICLE);
            continue;
        }
        ark_extract(rules, st, i);
    }
}

/* Harvest Phase: true if `active` must choose the next Realm. */
static bool rules_harvest(const carta_rules *rules, ark_state *st)
{
    if (__builtin_popcount(st->harvest_left) > 1)
        return true;
    if (st->harvest_left)
        rules_evaluate(rules, st, __builtin_ctz(st->harvest_left));
    rules_extract(rules, st);
    st->phase = ARK_PHASE_REGROUP; /* the Harvest Phase is fully resolved: now check the end */
    ark_check_end(rules, st);
    if (st->phase == ARK_PHASE_OVER)
        return false;
    int s = st->combat_first >= 0 ? st->combat_first : st->first;
    st->active = (int8_t)(ark_alive(st, s) ? s : ark_next_seat(st, s));
    ark_turns_open(st);
    st->turn = 0;
    st->turn_flags = 0;
    rules_phase_begins(st, ARK_PHASE_REGROUP);
    rules_turn_begins(st);
    return false;
}

static void rules_combat_start(ark_state *st)
{
    int s = st->combat_first >= 0 ? st->combat_first : st->first;
    st->active = (int8_t)(ark_alive(st, s) ? s : ark_next_seat(st, s));
    ark_turns_open(st);
    st->turn = 0;
    st->turn_flags = 0;
    rules_phase_begins(st, ARK_PHASE_COMBAT);
    rules_turn_begins(st);
}

/* The seats out of the game (eliminated), as a window's seats that sit out. */
static uint8_t rules_out(const ark_state *st)
{
    uint8_t out = 0;
    for (int s = 0; s < st->n_seats; s++)
        if (!ark_alive(st, s))
            out |= (uint8_t)(1u << s);
    return out;
}

void ark_turns_open(ark_state *st)
{
    carta_window_open(&st->turns, st->active, st->n_seats, rules_out(st));
}

/* Whether the Combat or Regroup Turns go on: a Seeker eliminated since leaves them; they end when
 * every Seeker still in has passed since the last action, or at the Turn limit. */
static bool rules_turns_go_on(ark_state *st)
{
    uint8_t left = (uint8_t)(rules_out(st) & ~st->turns.out);
    for (int s = 0; s < st->n_seats; s++)
        if (left & (1u << s))
            carta_window_leave(&st->turns, s);
    return carta_window_is_open(&st->turns) && st->turn < ARK_TURN_LIMIT;
}

/* Moves the Turn on after the active seat's Turn ended. */
static void rules_next_turn(const carta_rules *rules, ark_state *st)
{
    ark_turn_end(st);
    switch (st->phase) {
    case ARK_PHASE_PREPARATION: {
        int s = st->active;
        for (int k = 0; k < st->n_seats; k++) {
            s = ark_next_seat(st, s);
            if (!(st->seat[s].flags & ARK_S_PREPARED)) {
                st->active = (int8_t)s;
                rules_turn_begins(st);
                return;
            }
        }
        rules_combat_start(st);
        return;
    }
    case ARK_PHASE_COMBAT:
        if (!rules_turns_go_on(st)) {
            rules_harvest_start(st);
            return;
        }
        st->active = st->turns.seat;
        rules_turn_begins(st);
        return;
    case ARK_PHASE_REGROUP:
        if (!rules_turns_go_on(st)) {
            rules_round_start(rules, st);
            return;
        }
        st->active = st->turns.seat;
        rules_turn_begins(st);
        return;
    default:
        return;
    }
}

void ark_advance(const carta_rules *rules, ark_state *st)
{
    for (int guard = 0; guard < 100000; guard++) {
        if (st->phase == ARK_PHASE_OVER) {
            st->pending.n = 0;
            return;
        }
        rules_check_defeat(rules, st);
        if (st->phase == ARK_PHASE_OVER)
            continue;
        const carta_pending *top = carta_pending_peek(&st->pending);
        if (top) {
            bool decide;
            switch (top->kind) {
            case ARK_FR_RUN:
            case ARK_FR_TALENT:
                decide = ark_run_step(rules, st);
                break;
            case ARK_FR_QUEUE:
            case ARK_FR_DAMAGE:
                decide = ark_damage_step(rules, st);
                break;
            case ARK_FR_CHEAT_DEATH:
                decide = ark_death_step(rules, st);
                break;
            default:
                decide = true;
                break;
            }
            if (decide)
                return;
            continue;
        }
        /* a Health modifier may have stopped applying (a Constant's Unit moved or lost its
           group): Wounds are rechecked, as when a Health Binding leaves */
        ark_check_deaths(rules, st);
        if (st->pending.n)
            continue;
        ark_check_end(rules, st);
        if (st->phase == ARK_PHASE_OVER)
            continue;
        if (!ark_alive(st, st->active) &&
            (st->phase == ARK_PHASE_PREPARATION || st->phase == ARK_PHASE_COMBAT ||
             st->phase == ARK_PHASE_REGROUP)) {
            st->seat[st->active].flags |= ARK_S_PREPARED;
            rules_next_turn(rules, st);
            continue;
        }
        switch (st->phase) {
        case ARK_PHASE_RESOURCE:
            if (rules_resource(st))
                return;
            continue;
        case ARK_PHASE_REALM:
            if (rules_realm(rules, st))
                return;
            continue;
        case ARK_PHASE_HARVEST:
            if (rules_harvest(rules, st))
                return;
            continue;
        default:
            return; /* Initiative, Preparation, Combat, Regroup: the active seat decides */
        }
    }
}

/* ---- the contract ---- */

int ark_to_act(const carta_rules *rules, const void *state)
{
    (void)rules;
    const ark_state *st = state;
    if (st->phase == ARK_PHASE_OVER)
        return CARTA_NO_SEAT;
    const carta_pending *top = carta_pending_peek(&st->pending);
    return top ? top->seat : st->active;
}

static int rules_phase_actions(const carta_rules *rules, const ark_state *st, carta_action *out)
{
    const ark_seat *se = &st->seat[st->active];
    int n = 0;
    switch (st->phase) {
    case ARK_PHASE_RESOURCE:
        if (!(se->flags & ARK_S_DISCARDED)) {
            for (int i = 0; i < se->hand.n; i++)
                if (ark_hand_distinct(&se->hand, i))
                    out[n++] = ARK_ACT(ARK_A_DISCARD, i, 0, 0);
        } else {
            for (int i = 0; i < se->hand.n; i++)
                if (ark_hand_distinct(&se->hand, i))
                    out[n++] = ARK_ACT(ARK_A_MULLIGAN, i, 0, 0);
        }
        out[n++] = ARK_ACT(ARK_A_DONE, 0, 0, 0);
        return n;
    case ARK_PHASE_REALM:
        if (se->pick == ARK_NO_CARD) {
            for (int i = 0; i < se->look.n; i++) {
                const ark_card_def *d = ark_def(rules, se->look.cards[i]);
                out[n++] = ARK_ACT(ARK_A_PICK, i, 0, 0);
                if (d && d->n_side_a != d->n_abilities)
                    out[n++] = ARK_ACT(ARK_A_PICK, i, 1, 0);
            }
        } else {
            out[n++] = ARK_ACT(ARK_A_RETURN, 0, 0, 0);
            out[n++] = ARK_ACT(ARK_A_RETURN, 1, 0, 0);
        }
        return n;
    case ARK_PHASE_INITIATIVE:
        for (int s = 0; s < st->n_seats; s++)
            if (ark_alive(st, s))
                out[n++] = ARK_ACT(ARK_A_FIRST, s, 0, 0);
        return n;
    case ARK_PHASE_HARVEST:
        for (int r = 0; r < ARK_REALMS; r++)
            if (st->harvest_left & (1u << r))
                out[n++] = ARK_ACT(ARK_A_HARVEST, r, 0, 0);
        return n;
    default:
        return ark_turn_actions(rules, st, out);
    }
}

int ark_legal_actions(const carta_rules *rules, const void *state, carta_action *out)
{
    const ark_state *st = state;
    if (st->phase == ARK_PHASE_OVER)
        return 0;
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (!top)
        return rules_phase_actions(rules, st, out);
    if (top->kind == ARK_FR_QUEUE || top->kind == ARK_FR_DAMAGE)
        return ark_damage_choices(rules, st, out);
    return ark_effect_choices(rules, st, out);
}

/* Resource Phase: a discard, a mulligan, or done with either. */
static void rules_apply_resource(ark_state *st, int kind, int a)
{
    int seat = st->active;
    ark_seat *se = &st->seat[seat];
    if (kind == ARK_A_DISCARD) {
        ark_event_move(st, seat, se->hand.cards[a], CARTA_SEEN_ALL, ARK_W_HAND, ARK_W_CHRONICLE,
                       ARK_W_DISCARDS);
        carta_zone_move(CARTA_ZONE_REF(&se->hand), a, CARTA_ZONE_REF(&se->chronicle));
    } else if (kind == ARK_A_MULLIGAN) { /* to the bottom of the Main Deck */
        uint8_t known;
        uint16_t card = carta_zone_take(CARTA_ZONE_REF(&se->hand), a, &known);
        CARTA_ENSURE(carta_zone_insert(CARTA_ZONE_REF(&se->deck), 0, card, known));
        ark_event_move(st, seat, card, CARTA_SEAT_BIT(seat), ARK_W_HAND, ARK_W_MAIN_DECK,
                       ARK_W_MULLIGANS);
        se->mulligan_n++;
        se->mulligan_left--;
    } else if (!(se->flags & ARK_S_DISCARDED)) {
        se->flags |= ARK_S_DISCARDED;
        rules_draw_to(st, seat);
    } else {
        se->flags |= ARK_S_MULLIGANED;
        ark_draw(st, seat, se->mulligan_n);
    }
}

/* Realm Phase: the face-down pick (seen by its picker only until the reveal), or a looked-at
 * card returned to the top or the bottom of the Realm Deck (its owner knows which). */
static void rules_apply_realm(ark_state *st, int kind, int a, int b)
{
    int seat = st->active;
    ark_seat *se = &st->seat[seat];
    if (kind == ARK_A_PICK) {
        se->pick = carta_zone_take(CARTA_ZONE_REF(&se->look), a, NULL);
        se->pick_side = (uint8_t)b;
        ark_event_move(st, seat, se->pick, CARTA_SEAT_BIT(seat), ARK_W_LOOK, ARK_W_FACE_DOWN,
                       ARK_W_PICKS);
    } else {
        uint8_t known;
        uint16_t card = carta_zone_take(CARTA_ZONE_REF(&se->look), 0, &known);
        carta_zone_ref z = CARTA_ZONE_REF(&se->realm_deck);
        CARTA_ENSURE(carta_zone_insert(z, a == 0 ? *z.n : 0, card, known));
        ark_event_move(st, seat, card, CARTA_SEAT_BIT(seat), ARK_W_LOOK, ARK_W_REALM_DECK,
                       a == 0 ? ARK_W_RETURNS_TOP : ARK_W_RETURNS_BOTTOM);
    }
    if (se->pick != ARK_NO_CARD && se->look.n == 0) {
        se->flags |= ARK_S_PICKED;
        st->active = (int8_t)ark_next_seat(st, seat);
    }
}

static void rules_apply_phase(const carta_rules *rules, ark_state *st, carta_action action)
{
    int kind = ARK_ACT_KIND(action), a = ARK_ACT_A(action), b = ARK_ACT_B(action);
    switch (st->phase) {
    case ARK_PHASE_RESOURCE:
        rules_apply_resource(st, kind, a);
        return;
    case ARK_PHASE_REALM:
        rules_apply_realm(st, kind, a, b);
        return;
    case ARK_PHASE_INITIATIVE:
        ark_event_add(st, CARTA_EV_CHOOSE, st->active, a, -1, 0, -1, ARK_W_WHO_ACTS_FIRST, 0, 0);
        rules_preparation_start(st, a);
        return;
    case ARK_PHASE_HARVEST:
        rules_evaluate(rules, st, a);
        return;
    default:
        if (ark_turn_apply(rules, st, action))
            rules_next_turn(rules, st);
        return;
    }
}

carta_status ark_apply(const carta_rules *rules, void *state, carta_action action,
                       carta_error *err)
{
    (void)err;
    ark_state *st = state;
    CARTA_ASSERT(carta_action_is_legal(&carta_game_arkhtide, rules, st, action));
    carta_events_clear(&st->events);
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (!top)
        rules_apply_phase(rules, st, action);
    else if (top->kind == ARK_FR_QUEUE || top->kind == ARK_FR_DAMAGE)
        ark_damage_choose(rules, st, action);
    else
        ark_effect_choose(rules, st, action);
    ark_advance(rules, st);
    return CARTA_OK;
}
