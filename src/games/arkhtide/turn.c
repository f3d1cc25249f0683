/* turn.c: the Turns of the Preparation, Combat and Regroup Phases: playing Units and Bindings,
 * moving from the Safe Zone, Acts (Strike, Reposition, Assist), abilities of pieces, Realms and
 * feats, Major and Minor Actions, passing. */
#include "games/arkhtide/arkhtide.h"

#include <string.h>

#include "core/assert.h"

/* ---- costs of invoking ---- */

static bool turn_innate(const carta_rules *rules, const ark_state *st, int seat,
                        const ark_card_def *c)
{
    const ark_card_def *seeker = ark_def(rules, st->seat[seat].seeker);
    return !seeker || !c->faction || c->faction == seeker->faction;
}

/* Pays the Arkhé of an Invoked card and the Willpower of a non-Innate one. */
static void turn_invoke_cost(const carta_rules *rules, ark_state *st, int seat, uint16_t card)
{
    const ark_card_def *c = ark_def(rules, card);
    ark_set_arkhe(st, seat, st->seat[seat].arkhe - c->cost, card);
    if (!turn_innate(rules, st, seat, c))
        ark_lose_willpower(st, seat, 1, card);
}

/* ---- listing ---- */

typedef struct turn_list {
    carta_action *out;
    int n;
} turn_list;

static void turn_add(turn_list *l, carta_action a)
{
    if (l->n < CARTA_MAX_ACTIONS)
        l->out[l->n++] = a;
}

static bool turn_on_realm(const ark_piece *p) { return p->loc != ARK_LOC_SAFE; }

/* Units from hand: Preparation (a Realm or the Safe Zone), Regroup (the Safe Zone), Combat
 * (Ambush onto a Realm; Metamorphosis in place of an own Unit). */
static void turn_list_units(const carta_rules *rules, const ark_state *st, int seat, turn_list *l)
{
    const ark_seat *s = &st->seat[seat];
    /* with every piece slot taken, only a Metamorphosis (which frees one) can bring a Unit */
    bool room = st->n_pieces < ARK_PIECE_MAX;
    for (int i = 0; i < s->hand.n; i++) {
        const ark_card_def *c = ark_def(rules, s->hand.cards[i]);
        if (!c || c->type != ARK_UNIT || c->cost > s->arkhe || !ark_hand_distinct(&s->hand, i) ||
            ark_unique_blocked(rules, st, seat, s->hand.cards[i]))
            continue;
        if (st->phase == ARK_PHASE_COMBAT) {
            if ((c->kw & ARK_KW_AMBUSH) && room)
                for (int r = 0; r < ARK_REALMS; r++)
                    if (ark_can_enter(st, seat, ARK_LOC_SAFE, r))
                        turn_add(l, ARK_ACT(ARK_A_UNIT, i, r, 0));
            if (c->kw & ARK_KW_METAMORPHOSIS)
                for (int v = 0; v < st->n_pieces; v++) {
                    const ark_piece *p = &st->pieces[v];
                    if (p->owner == seat && !(p->flags & ARK_P_SEEKER) && turn_on_realm(p))
                        turn_add(l, ARK_ACT(ARK_A_UNIT, i, v, 1));
                }
            continue;
        }
        if (!room)
            continue;
        turn_add(l, ARK_ACT(ARK_A_UNIT, i, ARK_LOC_SAFE, 0));
        if (st->phase == ARK_PHASE_PREPARATION)
            for (int r = 0; r < ARK_REALMS; r++)
                if (ark_can_enter(st, seat, ARK_LOC_SAFE, r))
                    turn_add(l, ARK_ACT(ARK_A_UNIT, i, r, 0));
    }
}

/* Whether binding c of seat may be Bound to piece pi now. */
static bool turn_binding_ok(const ark_state *st, int seat, const ark_card_def *c, int pi)
{
    const ark_piece *p = &st->pieces[pi];
    if (p->n_attach >= ARK_ATTACH_MAX)
        return false;
    if ((p->flags & ARK_P_SEEKER) && !c->binds_seeker)
        return false;
    if (c->binds == ARK_BINDS_FRIENDLY && p->owner != seat)
        return false;
    if (c->binds == ARK_BINDS_ENEMY && p->owner == seat)
        return false;
    if (st->phase == ARK_PHASE_REGROUP) /* a Unit in your Safe Zone */
        return p->owner == seat && p->loc == ARK_LOC_SAFE;
    /* Preparation (and Combat): a Seeker/Unit on a Realm, or in your own Safe Zone
       (docs/rulings) */
    return turn_on_realm(p) || p->owner == seat;
}

static void turn_list_bindings(const carta_rules *rules, const ark_state *st, int seat,
                               turn_list *l)
{
    const ark_seat *s = &st->seat[seat];
    for (int i = 0; i < s->hand.n; i++) {
        const ark_card_def *c = ark_def(rules, s->hand.cards[i]);
        if (!c || c->type != ARK_BINDING || c->cost > s->arkhe || !ark_hand_distinct(&s->hand, i))
            continue;
        if (st->phase == ARK_PHASE_COMBAT && !c->invoke_in_combat)
            continue;
        for (int p = 0; p < st->n_pieces; p++)
            if (turn_binding_ok(st, seat, c, p))
                turn_add(l, ARK_ACT(ARK_A_BINDING, i, p, 0));
    }
}

static void turn_list_abilities(const carta_rules *rules, const ark_state *st, int seat,
                                turn_list *l);
static void turn_list_feats(const carta_rules *rules, const ark_state *st, int seat,
                            turn_list *l);

static int turn_preparation(const carta_rules *rules, const ark_state *st, carta_action *out)
{
    int seat = st->active;
    turn_list l = {out, 0};
    turn_list_units(rules, st, seat, &l);
    turn_list_bindings(rules, st, seat, &l);
    turn_list_abilities(rules, st, seat, &l); /* Omni abilities and Feats only */
    turn_list_feats(rules, st, seat, &l);
    bool seeker_on_realm = false;
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner != seat)
            continue;
        if ((p->flags & ARK_P_SEEKER) && turn_on_realm(p))
            seeker_on_realm = true;
        if (p->loc == ARK_LOC_SAFE && (p->flags & ARK_P_PREP_SAFE) && !(p->flags & ARK_P_MOVED))
            for (int r = 0; r < ARK_REALMS; r++)
                if (ark_can_enter(st, seat, ARK_LOC_SAFE, r))
                    turn_add(&l, ARK_ACT(ARK_A_MOVE, i, r, 0));
    }
    if (seeker_on_realm)
        turn_add(&l, ARK_ACT(ARK_A_PREPARED, 0, 0, 0));
    return l.n;
}

static int turn_regroup(const carta_rules *rules, const ark_state *st, carta_action *out)
{
    turn_list l = {out, 0};
    turn_list_units(rules, st, st->active, &l);
    turn_list_bindings(rules, st, st->active, &l);
    turn_add(&l, ARK_ACT(ARK_A_PASS, 0, 0, 0));
    return l.n;
}

/* The Realm ability side seat uses on Realm slot r: [first, end) of its abilities. */
static void turn_realm_side(const ark_card_def *d, const ark_realm *r, int seat, int *first,
                            int *end)
{
    bool symmetric = d->n_side_a == d->n_abilities;
    int side = r->owner < 0 ? 0 : (r->owner == seat ? r->side : !r->side);
    if (symmetric || side == 0) {
        *first = 0;
        *end = d->n_side_a;
    } else {
        *first = d->n_side_a;
        *end = d->n_abilities;
    }
}

static bool turn_timing_ok(const ark_state *st, const ark_ability *ab)
{
    if (!ark_ability_works(st, ab))
        return false;
    if (ab->timing == ARK_TM_SLOW)
        return !(st->turn_flags & ARK_T_MAJOR);
    return ab->timing == ARK_TM_FAST;
}

static void turn_list_abilities(const carta_rules *rules, const ark_state *st, int seat,
                                turn_list *l)
{
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner != seat || !turn_on_realm(p))
            continue;
        const ark_card_def *d = ark_def(rules, p->card);
        for (int a = 0; d && a < d->n_abilities; a++) {
            const ark_ability *ab = &d->abilities[a];
            if (ark_ability_ready(p, a) && turn_timing_ok(st, ab) &&
                ark_cond_ok(st, ab->cond, i) && ark_can_pay(st, ab, seat, i))
                turn_add(l, ARK_ACT(ARK_A_ABILITY, i, a, 0));
        }
        for (int s = 0; s < p->n_attach; s++) {
            const ark_card_def *b = ark_def(rules, ARK_ATTACH_CARD(p->attach[s]));
            if (!b || !b->activated || ARK_ATTACH_SEAT(p->attach[s]) != seat ||
                !ark_ability_ready(p, 8 + s))
                continue;
            const ark_ability *ab = &b->abilities[b->activated - 1];
            if (turn_timing_ok(st, ab) && ark_cond_ok(st, ab->cond, i) &&
                ark_can_pay(st, ab, seat, i))
                turn_add(l, ARK_ACT(ARK_A_ABILITY, i, 8 + s, 0));
        }
    }
    for (int r = 0; r < ARK_REALMS; r++) {
        const ark_realm *rm = &st->realms[r];
        const ark_card_def *d = ark_def(rules, rm->card);
        if (!d)
            continue;
        int first, end;
        turn_realm_side(d, rm, seat, &first, &end);
        for (int a = first; a < end; a++) {
            const ark_ability *ab = &d->abilities[a];
            if ((rm->locked[seat] & (1u << a)) || !turn_timing_ok(st, ab))
                continue;
            for (int i = 0; i < st->n_pieces; i++) {
                const ark_piece *p = &st->pieces[i];
                if (p->owner == seat && p->loc == r && ark_cond_ok(st, ab->cond, i) &&
                    ark_can_pay(st, ab, seat, i))
                    turn_add(l, ARK_ACT(ARK_A_REALM, r, a, i));
            }
        }
    }
}

static void turn_list_feats(const carta_rules *rules, const ark_state *st, int seat,
                            turn_list *l)
{
    const ark_seat *s = &st->seat[seat];
    for (int h = 0; h < s->hand.n; h++) {
        const ark_card_def *c = ark_def(rules, s->hand.cards[h]);
        if (!c || c->type != ARK_FEAT || c->cost > s->arkhe || !ark_hand_distinct(&s->hand, h))
            continue;
        const ark_ability *primary = NULL;
        for (int a = 0; a < c->n_abilities; a++)
            if (!c->abilities[a].talent)
                primary = &c->abilities[a];
        if (!primary || !turn_timing_ok(st, primary))
            continue;
        for (int i = 0; i < st->n_pieces; i++) {
            const ark_piece *p = &st->pieces[i];
            if (p->owner == seat && turn_on_realm(p) && ark_cond_ok(st, primary->cond, i) &&
                c->cost + primary->cost_arkhe <= s->arkhe &&
                ark_can_pay(st, primary, seat, i))
                turn_add(l, ARK_ACT(ARK_A_FEAT, h, i, 0));
        }
    }
}

static void turn_list_acts(const carta_rules *rules, const ark_state *st, int seat, turn_list *l)
{
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner != seat || !turn_on_realm(p) || (p->flags & ARK_P_EXHAUSTED))
            continue;
        bool melee = ark_stat(rules, st, i, ARK_STAT_MELEE) != ARK_NO_ATTACK;
        bool ranged = ark_stat(rules, st, i, ARK_STAT_RANGED) != ARK_NO_ATTACK;
        for (int t = 0; t < st->n_pieces; t++) {
            const ark_piece *q = &st->pieces[t];
            if (q->owner == seat || !turn_on_realm(q))
                continue;
            if (melee && q->loc == p->loc)
                turn_add(l, ARK_ACT(ARK_A_STRIKE, i, t, 0));
            if (ranged && ark_realm_nearby(st, p->loc, q->loc))
                turn_add(l, ARK_ACT(ARK_A_STRIKE, i, t, 1));
        }
        for (int r = 0; r < ARK_REALMS; r++)
            if (ark_realm_nearby(st, p->loc, r))
                turn_add(l, ARK_ACT(ARK_A_REPOSITION, i, r, 0));
        turn_add(l, ARK_ACT(ARK_A_REPOSITION, i, ARK_LOC_SAFE, 0));
        if (!(ark_keywords(rules, st, i, NULL) & ARK_KW_SEVERED))
            turn_add(l, ARK_ACT(ARK_A_ASSIST, i, 0, 0));
    }
}

static int turn_combat(const carta_rules *rules, const ark_state *st, carta_action *out)
{
    int seat = st->active;
    turn_list l = {out, 0};
    if (!(st->turn_flags & ARK_T_MAJOR)) {
        turn_list_acts(rules, st, seat, &l);
        turn_list_units(rules, st, seat, &l);
        turn_list_bindings(rules, st, seat, &l);
    }
    turn_list_abilities(rules, st, seat, &l);
    turn_list_feats(rules, st, seat, &l);
    turn_add(&l, ARK_ACT((st->turn_flags & ARK_T_ACTED) ? ARK_A_END_TURN : ARK_A_PASS, 0, 0, 0));
    return l.n;
}

int ark_turn_actions(const carta_rules *rules, const ark_state *st, carta_action *out)
{
    switch (st->phase) {
    case ARK_PHASE_PREPARATION:
        return turn_preparation(rules, st, out);
    case ARK_PHASE_COMBAT:
        return turn_combat(rules, st, out);
    case ARK_PHASE_REGROUP:
        return turn_regroup(rules, st, out);
    default:
        return 0;
    }
}

/* ---- applying ---- */

/* Metamorphosis in Combat kills Unit pi of the invoker; with Paragon it is extracted instead. */
static void turn_metamorphosis_kill(const carta_rules *rules, ark_state *st, int pi)
{
    if (ark_keywords(rules, st, pi, NULL) & ARK_KW_PARAGON) {
        ark_event(st, CARTA_EV_STATUS, st->pieces[pi].owner, ARK_W_PARAGON, st->pieces[pi].card,
                  -1);
        ark_extract(rules, st, pi);
    } else {
        ark_remove_piece(rules, st, pi, ARK_TO_CHRONICLE);
    }
}

static void turn_play_unit(const carta_rules *rules, ark_state *st, int seat, int h, int b,
                           int metamorph)
{
    ark_seat *s = &st->seat[seat];
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&s->hand), h, NULL);
    const ark_card_def *c = ark_def(rules, card);
    int loc = metamorph ? st->pieces[b].loc : b;
    if (loc == ARK_LOC_SAFE)
        ark_event(st, CARTA_EV_ACT, seat, ARK_W_INVOKES_SAFE, card, -1);
    else
        ark_event(st, CARTA_EV_ACT, seat, ARK_W_INVOKES, card, ark_realm_card(st, loc));
    turn_invoke_cost(rules, st, seat, card);
    if (metamorph) { /* kill one of your Units and take its place (Paragon: extracted) */
        turn_metamorphosis_kill(rules, st, b);
    } else if ((c->kw & ARK_KW_METAMORPHOSIS) && st->phase != ARK_PHASE_COMBAT) {
        ark_lose_willpower(st, seat, c->cost, card);
    }
    ark_piece *p = ark_place(st, seat, card, loc, 0);
    CARTA_ASSERT(p); /* the legal list offers a Unit only with room for it */
    if (p)
        ark_enter_play(rules, st, st->n_pieces - 1);
}

static void turn_play_binding(const carta_rules *rules, ark_state *st, int seat, int h, int pi)
{
    ark_seat *s = &st->seat[seat];
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&s->hand), h, NULL);
    ark_event(st, CARTA_EV_ACT, seat, ARK_W_BINDS, card, st->pieces[pi].card);
    turn_invoke_cost(rules, st, seat, card);
    ark_bind(rules, st, card, pi, seat);
}

static void turn_use_ability(const carta_rules *rules, ark_state *st, int seat, int pi, int code)
{
    ark_piece *p = &st->pieces[pi];
    uint16_t card = p->card;
    int ab = code;
    if (code >= 8) {
        card = ARK_ATTACH_CARD(p->attach[code - 8]);
        ab = ark_def(rules, card)->activated - 1;
    }
    ark_ability_used(p, code);
    const ark_ability *a = &ark_def(rules, card)->abilities[ab];
    if (a->timing == ARK_TM_SLOW)
        st->turn_flags |= ARK_T_MAJOR;
    ark_event(st, CARTA_EV_ACT, seat, ARK_W_USES, card, code >= 8 ? p->card : -1);
    ark_run_push(st, card, ab, p->uid, 0, seat);
    ark_pay(st, a, seat, pi, card);
}

static void turn_use_realm(const carta_rules *rules, ark_state *st, int seat, int r, int ab,
                           int pi)
{
    ark_realm *rm = &st->realms[r];
    const ark_ability *a = &ark_def(rules, rm->card)->abilities[ab];
    rm->locked[seat] |= (uint8_t)(1u << ab);
    if (a->timing == ARK_TM_SLOW)
        st->turn_flags |= ARK_T_MAJOR;
    ark_event(st, CARTA_EV_ACT, seat, ARK_W_USES, rm->card, st->pieces[pi].card);
    ark_run_push(st, rm->card, ab, st->pieces[pi].uid, 0, seat);
    ark_pay(st, a, seat, pi, rm->card);
}

static void turn_feat(const carta_rules *rules, ark_state *st, int seat, int h, int pi)
{
    ark_seat *s = &st->seat[seat];
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&s->hand), h, NULL);
    const ark_card_def *c = ark_def(rules, card);
    ark_event(st, CARTA_EV_ACT, seat, ARK_W_INVOKES, card, st->pieces[pi].card);
    turn_invoke_cost(rules, st, seat, card);
    /* resolved: to the Chronicle */
    CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&s->chronicle), card, 0));
    const ark_ability *pa = &c->abilities[ark_feat_push(rules, st, card, pi, seat)];
    if (pa->timing == ARK_TM_SLOW)
        st->turn_flags |= ARK_T_MAJOR;
    ark_pay(st, pa, seat, pi, card);
}

/* The Reposition Act: piece pi moves to a Nearby Realm or into its owner's Safe Zone. */
static void turn_reposition(ark_state *st, int seat, int pi, int loc)
{
    ark_piece *p = &st->pieces[pi];
    if (loc == ARK_LOC_SAFE)
        ark_event(st, CARTA_EV_ACT, seat, ARK_W_REPOSITIONS_SAFE, p->card, -1);
    else
        ark_event(st, CARTA_EV_ACT, seat, ARK_W_REPOSITIONS, p->card, ark_realm_card(st, loc));
    p->flags |= ARK_P_EXHAUSTED;
    p->loc = (uint8_t)loc;
    st->turn_flags |= ARK_T_MAJOR;
}

/* Ends the Turn of the active seat: Block and Oath last until then. */
void ark_turn_end(ark_state *st)
{
    for (int i = 0; i < st->n_pieces; i++) {
        ark_piece *p = &st->pieces[i];
        p->block = p->block_only[0] = p->block_only[1] = 0;
        p->used = p->attach_used = 0;
        p->flags &= (uint8_t)~ARK_P_OATH_USED;
    }
    st->turn_flags = 0;
    st->turn++;
}

/* Applies a Turn action (legality already checked); returns true if the Turn ends with it. */
bool ark_turn_apply(const carta_rules *rules, ark_state *st, carta_action action)
{
    int seat = st->active, kind = ARK_ACT_KIND(action);
    int a = ARK_ACT_A(action), b = ARK_ACT_B(action), c = ARK_ACT_C(action);
    bool combat = st->phase == ARK_PHASE_COMBAT;
    switch (kind) {
    case ARK_A_UNIT:
        turn_play_unit(rules, st, seat, a, b, c);
        if (combat)
            st->turn_flags |= ARK_T_MAJOR;
        break;
    case ARK_A_BINDING:
        turn_play_binding(rules, st, seat, a, b);
        if (combat)
            st->turn_flags |= ARK_T_MAJOR;
        break;
    case ARK_A_MOVE:
        ark_event(st, CARTA_EV_ACT, seat, ARK_W_MOVES, st->pieces[a].card, ark_realm_card(st, b));
        st->pieces[a].loc = (uint8_t)b;
        st->pieces[a].flags |= ARK_P_MOVED;
        break;
    case ARK_A_PREPARED:
        ark_event(st, CARTA_EV_NOTE, seat, ARK_W_IS_PREPARED, -1, -1);
        st->seat[seat].flags |= ARK_S_PREPARED;
        if (st->combat_first < 0)
            st->combat_first = (int8_t)seat;
        break;
    case ARK_A_STRIKE: {
        st->pieces[a].flags |= ARK_P_EXHAUSTED;
        st->turn_flags |= ARK_T_MAJOR;
        int kind_dmg = c ? ARK_DMG_RANGED : ARK_DMG_MELEE;
        int v = ark_stat(rules, st, a, c ? ARK_STAT_RANGED : ARK_STAT_MELEE);
        ark_attack(rules, st, a, b, kind_dmg, v, ARK_DF_STRIKE);
        ark_damage_flush(st);
        break;
    }
    case ARK_A_REPOSITION:
        turn_reposition(st, seat, a, b);
        break;
    case ARK_A_ASSIST: {
        ark_seat *s = &st->seat[seat];
        ark_event(st, CARTA_EV_ACT, seat, ARK_W_ASSISTS_WITH, st->pieces[a].card, -1);
        st->pieces[a].flags |= ARK_P_EXHAUSTED;
        if (s->arkhe < s->arkhe_max)
            ark_set_arkhe(st, seat, s->arkhe + 1, st->pieces[a].card);
        st->turn_flags |= ARK_T_MAJOR;
        break;
    }
    case ARK_A_ABILITY:
        turn_use_ability(rules, st, seat, a, b);
        break;
    case ARK_A_REALM:
        turn_use_realm(rules, st, seat, a, b, c);
        break;
    case ARK_A_FEAT:
        turn_feat(rules, st, seat, a, b);
        break;
    case ARK_A_END_TURN:
        ark_event(st, CARTA_EV_NOTE, seat, ARK_W_ENDS_TURN, -1, -1);
        carta_window_answer(&st->turns, 0);
        return true;
    case ARK_A_PASS:
        ark_event(st, CARTA_EV_NOTE, seat, ARK_W_PASSES, -1, -1);
        carta_window_pass(&st->turns);
        return true;
    default:
        return false;
    }
    st->turn_flags |= ARK_T_ACTED;
    if (!combat) { /* Preparation and Regroup: one action is the whole Turn */
        carta_window_answer(&st->turns, 0);
        return true;
    }
    return false;
}
