/* effects.c: the effect interpreter: runs an ability's steps (targets, "may", sub-decisions),
 * ability costs, Talents of feats, invoke abilities. */
#include "games/arkhtide/arkhtide.h"

#include <string.h>

#include "core/assert.h"

enum { RUN_MAY_DONE = 1 << 0, RUN_CHOSEN = 1 << 1 };

bool ark_hand_distinct(const ark_zone *hand, int i)
{
    for (int j = 0; j < i; j++)
        if (hand->cards[j] == hand->cards[i])
            return false;
    return true;
}

bool ark_unique_blocked(const carta_rules *rules, const ark_state *st, int seat, uint16_t card)
{
    const ark_card_def *d = ark_def(rules, card);
    if (!d || rules->unique_trait < 0 || !(d->traits & (1ull << rules->unique_trait)))
        return false;
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].owner == seat && st->pieces[i].card == card)
            return true;
    return false;
}

void ark_run_push(ark_state *st, uint16_t card, int ab, uint16_t performer, uint16_t it,
                  int controller)
{
    carta_pending *f = carta_pending_push(&st->pending, ARK_FR_RUN, controller);
    if (!f)
        return;
    f->arg[0] = (int16_t)card;
    f->arg[1] = (int16_t)ab;
    f->arg[3] = (int16_t)performer;
    f->arg[4] = (int16_t)it;
    f->arg[5] = (int16_t)controller;
}

bool ark_can_pay(const ark_state *st, const ark_ability *ab, int seat, int pi)
{
    const ark_seat *s = &st->seat[seat];
    if (ab->cost_arkhe > s->arkhe || ab->cost_discard > s->hand.n)
        return false;
    if (ab->cost_exhaust && (pi < 0 || (st->pieces[pi].flags & ARK_P_EXHAUSTED)))
        return false;
    return true;
}

void ark_pay(ark_state *st, const ark_ability *ab, int seat, int pi)
{
    ark_seat *s = &st->seat[seat];
    s->arkhe = (uint8_t)(s->arkhe - ab->cost_arkhe);
    ark_lose_willpower(st, seat, ab->cost_willpower);
    if (ab->cost_exhaust && pi >= 0)
        st->pieces[pi].flags |= ARK_P_EXHAUSTED;
    if (ab->cost_discard) {
        carta_pending *f = carta_pending_push(&st->pending, ARK_FR_CARD, seat);
        if (f)
            f->arg[0] = ab->cost_discard;
    }
}

bool ark_ability_works(const ark_state *st, const ark_ability *ab)
{
    return st->phase == ARK_PHASE_COMBAT || (st->phase == ARK_PHASE_PREPARATION && ab->omni);
}

/* Pushes card's invoke abilities that work now, performed by piece pi, for seat. */
static void run_invoke(const carta_rules *rules, ark_state *st, uint16_t card, int pi, int seat)
{
    const ark_piece *p = &st->pieces[pi];
    const ark_card_def *d = ark_def(rules, card);
    if (!d || p->loc == ARK_LOC_SAFE)
        return; /* abilities work only on a Realm */
    for (int a = d->n_abilities - 1; a >= 0; a--)
        if (d->abilities[a].timing == ARK_TM_INVOKE && ark_ability_works(st, &d->abilities[a]))
            ark_run_push(st, card, a, p->uid, 0, seat);
}

void ark_enter_play(const carta_rules *rules, ark_state *st, int pi)
{
    run_invoke(rules, st, st->pieces[pi].card, pi, st->pieces[pi].owner);
}

int ark_feat_push(const carta_rules *rules, ark_state *st, uint16_t card, int pi, int seat)
{
    const ark_card_def *c = ark_def(rules, card);
    uint16_t uid = st->pieces[pi].uid;
    int primary = -1;
    for (int a = c->n_abilities - 1; a >= 0; a--) { /* Talents wait below the primary effect */
        if (!c->abilities[a].talent) {
            primary = a;
            continue;
        }
        carta_pending *f = carta_pending_push(&st->pending, ARK_FR_TALENT, seat);
        if (f) {
            f->arg[0] = (int16_t)card;
            f->arg[1] = (int16_t)a;
            f->arg[3] = (int16_t)uid;
            f->arg[5] = (int16_t)seat;
        }
    }
    ark_run_push(st, card, primary, uid, 0, seat);
    return primary;
}

void ark_bind(const carta_rules *rules, ark_state *st, uint16_t card, int pi, int seat)
{
    ark_piece *p = &st->pieces[pi];
    if (p->n_attach >= ARK_ATTACH_MAX)
        return;
    p->attach[p->n_attach++] = ARK_ATTACH(card, seat);
    run_invoke(rules, st, card, pi, seat); /* performed by the card it is Bound to */
    ark_check_deaths(rules, st); /* a Binding lowering Health may kill */
}

/* ---- targets ---- */

static bool run_matches(const ark_state *st, const ark_step *s, int pi, int controller, int qi)
{
    const ark_piece *q = &st->pieces[qi];
    if (q->loc == ARK_LOC_SAFE)
        return false;
    if (s->side == ARK_SIDE_ENEMY && q->owner == controller)
        return false;
    if (s->side == ARK_SIDE_FRIENDLY && q->owner != controller)
        return false;
    bool seeker = (q->flags & ARK_P_SEEKER) != 0;
    if ((s->kind == ARK_KIND_UNIT && seeker) || (s->kind == ARK_KIND_SEEKER && !seeker))
        return false;
    if ((s->tflags & ARK_TG_NOT_SELF) && qi == pi)
        return false;
    if ((s->tflags & ARK_TG_WOUNDED) && q->wounds == 0)
        return false;
    if (pi < 0)
        return true;
    int from = st->pieces[pi].loc;
    if (from == ARK_LOC_SAFE)
        return false;
    bool close = q->loc == from, near = ark_realm_nearby(st, from, q->loc);
    if (s->range == ARK_RANGE_CLOSE)
        return close;
    if (s->range == ARK_RANGE_NEARBY)
        return near;
    return close || near;
}

static int run_candidates(const ark_state *st, const ark_step *s, int pi, int controller,
                          int *out)
{
    int n = 0;
    for (int i = 0; i < st->n_pieces; i++)
        if (run_matches(st, s, pi, controller, i))
            out[n++] = i;
    return n;
}

/* ---- verbs ---- */

static void run_status(const carta_rules *rules, ark_state *st, int ti, uint16_t card, int seat)
{
    (void)rules;
    ark_piece *t = &st->pieces[ti];
    if (t->n_attach < ARK_ATTACH_MAX)
        t->attach[t->n_attach++] = ARK_ATTACH(card, seat);
}

static int run_dest_count(const ark_state *st, int ti, int *only)
{
    int n = 0, from = st->pieces[ti].loc;
    for (int r = 0; r < ARK_REALMS; r++)
        if (from != ARK_LOC_SAFE && ark_realm_nearby(st, from, r)) {
            *only = r;
            n++;
        }
    return n;
}

/* Applies a targeted verb to piece ti (which may leave play). */
static void run_on_target(const carta_rules *rules, ark_state *st, const ark_step *s,
                          carta_pending *f, int pi, int ti)
{
    ark_piece *t = &st->pieces[ti];
    int controller = f->arg[5];
    uint16_t src = pi >= 0 ? st->pieces[pi].uid : 0;
    switch (s->op) {
    case ARK_OP_DAMAGE:
        ark_damage_queue(st, src, t->uid, controller, s->amount, ARK_DMG_EFFECT, 0, 0);
        break;
    case ARK_OP_MELEE_ATTACK:
    case ARK_OP_RANGED_ATTACK: {
        if (pi < 0)
            break;
        int kind = s->op == ARK_OP_MELEE_ATTACK ? ARK_DMG_MELEE : ARK_DMG_RANGED;
        int v = s->amount;
        if (s->flags & ARK_ST_STAT) {
            v = ark_stat(rules, st, pi, kind == ARK_DMG_MELEE ? ARK_STAT_MELEE : ARK_STAT_RANGED);
            if (v == ARK_NO_ATTACK)
                v = 0;
        }
        ark_attack(rules, st, pi, ti, kind, v, 0);
        break;
    }
    case ARK_OP_HEAL:
        t->wounds = (uint8_t)(t->wounds > s->amount ? t->wounds - s->amount : 0);
        break;
    case ARK_OP_BLOCK: {
        int b = t->block + s->amount; /* counts against every kind of damage */
        t->block = (uint8_t)(b > 250 ? 250 : b);
        break;
    }
    case ARK_OP_BUFF:
        t->soul_mod = (int8_t)(t->soul_mod + s->buff[0]);
        t->melee_mod = (int8_t)(t->melee_mod + s->buff[1]);
        t->ranged_mod = (int8_t)(t->ranged_mod + s->buff[2]);
        t->health_mod = (int8_t)(t->health_mod + s->buff[3]);
        if (s->buff[3] < 0)
            ark_check_deaths(rules, st);
        break;
    case ARK_OP_KEYWORD:
        t->kw_round |= (uint8_t)s->ref;
        break;
    case ARK_OP_EXHAUST:
        t->flags |= ARK_P_EXHAUSTED;
        break;
    case ARK_OP_READY:
        t->flags &= (uint8_t)~ARK_P_EXHAUSTED;
        break;
    case ARK_OP_UNLOCK:
        t->locked = 0;
        t->attach_locked = 0;
        break;
    case ARK_OP_MOVE: {
        int only = -1, n = run_dest_count(st, ti, &only);
        if (n == 1) {
            t->loc = (uint8_t)only;
        } else if (n > 1) {
            carta_pending *d = carta_pending_push(&st->pending, ARK_FR_DEST, controller);
            if (d)
                d->arg[0] = (int16_t)t->uid;
        }
        break;
    }
    case ARK_OP_TO_SAFE:
        if (!(t->flags & ARK_P_SEEKER))
            t->loc = ARK_LOC_SAFE;
        break;
    case ARK_OP_REVERSE:
        if (!(t->flags & ARK_P_SEEKER)) {
            ark_seat *o = &st->seat[t->owner];
            const ark_card_def *d = ark_def(rules, t->card);
            int a = o->arkhe + (d ? d->cost : 0);
            o->arkhe = (uint8_t)(a > o->arkhe_max ? o->arkhe_max : a);
            ark_remove_piece(rules, st, ti, ARK_TO_HAND);
        }
        break;
    case ARK_OP_KILL:
        ark_kill(rules, st, ti);
        break;
    case ARK_OP_UNBIND:
        for (int i = t->n_attach - 1; i >= 0; i--) {
            const ark_card_def *d = ark_def(rules, ARK_ATTACH_CARD(t->attach[i]));
            if (d && d->type == ARK_BINDING)
                ark_detach(rules, st, ti, i);
        }
        ark_check_deaths(rules, st); /* a Health Binding removed: recheck Wounds */
        break;
    case ARK_OP_STATUS:
        run_status(rules, st, ti, s->ref, controller);
        break;
    case ARK_OP_MANIFEST: /* a Token Binding */
        ark_bind(rules, st, s->ref, ti, controller);
        break;
    default:
        break;
    }
}

static int run_opponents(const ark_state *st, int seat, int *only)
{
    int n = 0;
    for (int s = 0; s < st->n_seats; s++)
        if (s != seat && ark_alive(st, s)) {
            *only = s;
            n++;
        }
    return n;
}

static void run_player_verb_on(ark_state *st, int op, int amount, int controller, int opp)
{
    if (op == ARK_OP_DRAIN) {
        ark_lose_willpower(st, opp, amount);
    } else if (op == ARK_OP_STEAL) {
        ark_lose_willpower(st, opp, amount);
        ark_lose_willpower(st, controller, -amount);
    }
}

static void seek_next(ark_state *st, carta_pending *f, ark_seat *me);

/* A verb that takes no target (the controller's resources, tokens). */
static void run_player_verb(const carta_rules *rules, ark_state *st, const ark_step *s,
                            carta_pending *f, int pi)
{
    int c = f->arg[5];
    ark_seat *me = &st->seat[c];
    switch (s->op) {
    case ARK_OP_DRAW:
        ark_draw(st, c, s->amount);
        break;
    case ARK_OP_DISCARD:
        if (me->hand.n && s->amount) {
            carta_pending *d = carta_pending_push(&st->pending, ARK_FR_CARD, c);
            if (d)
                d->arg[0] = s->amount;
        }
        break;
    case ARK_OP_SEEK: {
        carta_zone_clear(CARTA_ZONE_REF(&me->look));
        while (me->look.n < s->amount && me->deck.n)
            carta_zone_move(CARTA_ZONE_REF(&me->deck), me->deck.n - 1, CARTA_ZONE_REF(&me->look));
        if (me->look.n) {
            carta_pending *d = carta_pending_push(&st->pending, ARK_FR_SEEK, c);
            if (d) {
                d->arg[0] = s->amount2;
                seek_next(st, d, me);
            }
        }
        break;
    }
    case ARK_OP_REFRESH: {
        int a = me->arkhe + s->amount;
        me->arkhe = (uint8_t)(a > me->arkhe_max ? me->arkhe_max : a);
        break;
    }
    case ARK_OP_WILLPOWER:
        ark_lose_willpower(st, c, -s->amount);
        break;
    case ARK_OP_DRAIN:
    case ARK_OP_STEAL: {
        int only = -1, n = run_opponents(st, c, &only);
        bool chosen = s->op == ARK_OP_STEAL || (s->flags & ARK_ST_CHOSEN);
        if (n == 0)
            break;
        if (!chosen) { /* every opponent, and with `who: everyone` the controller too */
            for (int o = 0; o < st->n_seats; o++)
                if ((o != c || (s->flags & ARK_ST_EVERYONE)) && ark_alive(st, o))
                    run_player_verb_on(st, s->op, s->amount, c, o);
        } else if (n == 1) {
            run_player_verb_on(st, s->op, s->amount, c, only);
        } else {
            carta_pending *d = carta_pending_push(&st->pending, ARK_FR_OPPONENT, c);
            if (d) {
                d->arg[0] = s->op;
                d->arg[1] = s->amount;
            }
        }
        break;
    }
    case ARK_OP_HALVE: /* the damage being resolved, rounded up (Halving) */
        for (int i = st->pending.n - 1; i >= 0; i--)
            if (st->pending.frame[i].kind == ARK_FR_DAMAGE) {
                int16_t *amount = &st->pending.frame[i].arg[ARK_D_AMOUNT];
                *amount = (int16_t)((*amount + 1) / 2);
                break;
            }
        break;
    case ARK_OP_MANIFEST: { /* a Token Unit onto the performer's Realm, or a Token Feat */
        const ark_card_def *r = ark_def(rules, s->ref);
        if (pi < 0)
            break;
        if (r->type == ARK_FEAT) {
            ark_feat_push(rules, st, s->ref, pi, c);
        } else if (!ark_unique_blocked(rules, st, c, s->ref)) {
            ark_piece *p = ark_place(st, c, s->ref, st->pieces[pi].loc, ARK_P_TOKEN);
            if (p)
                ark_enter_play(rules, st, st->n_pieces - 1);
        }
        break;
    }
    default:
        break;
    }
}

static void run_next_step(carta_pending *f)
{
    f->arg[2]++;
    f->arg[6] = 0;
    f->arg[7] = 0;
    f->arg[8] = 0;
}

/* Executes the current step of the RUN frame at stack index fi on its targets. */
static void run_execute(const carta_rules *rules, ark_state *st, int fi, const ark_step *s,
                        int pi)
{
    carta_pending f = st->pending.frame[fi];
    run_next_step(&st->pending.frame[fi]); /* frames pushed below resolve before the next step */
    int before = st->n_queue;
    if (s->tflags & ARK_TG_NONE) {
        run_player_verb(rules, st, s, &f, pi);
    } else if (s->tflags & (ARK_TG_SELF | ARK_TG_IT)) {
        int ti = ark_find_uid(st, (uint16_t)((s->tflags & ARK_TG_SELF) ? f.arg[3] : f.arg[4]));
        if (ti >= 0)
            run_on_target(rules, st, s, &f, pi, ti);
    } else if (s->tflags & ARK_TG_ALL) {
        uint16_t uids[ARK_PIECE_MAX];
        int idx[ARK_PIECE_MAX], n = run_candidates(st, s, pi, f.arg[5], idx);
        for (int i = 0; i < n; i++)
            uids[i] = st->pieces[idx[i]].uid;
        for (int i = 0; i < n; i++) {
            int ti = ark_find_uid(st, uids[i]);
            int p2 = ark_find_uid(st, (uint16_t)f.arg[3]);
            if (ti >= 0)
                run_on_target(rules, st, s, &f, p2, ti);
        }
    } else {
        int ti = ark_find_uid(st, (uint16_t)f.arg[6]);
        if (ti >= 0)
            run_on_target(rules, st, s, &f, pi, ti);
    }
    if (st->n_queue > before)
        ark_damage_flush(st);
}

bool ark_run_step(const carta_rules *rules, ark_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int fi = st->pending.n - 1;
    const ark_card_def *d = ark_def(rules, f->arg[0]);
    if (f->kind == ARK_FR_TALENT) {
        int pi = ark_find_uid(st, (uint16_t)f->arg[3]);
        const ark_ability *ab = &d->abilities[f->arg[1]];
        bool ok = pi >= 0 && st->pieces[pi].loc != ARK_LOC_SAFE &&
                  ark_can_pay(st, ab, f->arg[5], pi);
        if (ok && ab->talent != ARK_TALENT_ANY) {
            const ark_card_def *pd = ark_def(rules, st->pieces[pi].card);
            ok = pd && (pd->traits & (1ull << (ab->talent - 1)));
        }
        if (!ok) {
            carta_pending_pop(&st->pending);
            return false;
        }
        return true; /* yes or no */
    }
    const ark_ability *ab = &d->abilities[f->arg[1]];
    int pi = ark_find_uid(st, (uint16_t)f->arg[3]);
    if (f->arg[2] >= ab->n || (f->arg[3] && pi < 0)) { /* done, or its performer is gone */
        carta_pending_pop(&st->pending);
        return false;
    }
    const ark_step *s = &d->steps[ab->first + f->arg[2]];
    if ((s->flags & ARK_ST_MAY) && !(f->arg[8] & RUN_MAY_DONE)) {
        carta_pending_push(&st->pending, ARK_FR_MAY, f->arg[5]);
        return true;
    }
    bool chosen = !(s->tflags & (ARK_TG_NONE | ARK_TG_SELF | ARK_TG_IT | ARK_TG_ALL));
    if (chosen && !(f->arg[8] & RUN_CHOSEN)) {
        int idx[ARK_PIECE_MAX], n = run_candidates(st, s, pi, f->arg[5], idx);
        if (n == 0) {
            run_next_step(f);
            return false;
        }
        if (n > 1) {
            carta_pending_push(&st->pending, ARK_FR_TARGET, f->arg[5]);
            return true;
        }
        f->arg[6] = (int16_t)st->pieces[idx[0]].uid;
        f->arg[8] |= RUN_CHOSEN;
    }
    run_execute(rules, st, fi, s, pi);
    return false;
}

/* ---- decisions ---- */

int ark_effect_choices(const carta_rules *rules, const ark_state *st, carta_action *out)
{
    const carta_pending *f = carta_pending_peek(&st->pending);
    const ark_seat *me = &st->seat[f->seat];
    int n = 0;
    switch (f->kind) {
    case ARK_FR_TALENT:
    case ARK_FR_MAY:
    case ARK_FR_CHEAT_DEATH:
        out[n++] = ARK_ACT(ARK_A_YES, 0, 0, 0);
        out[n++] = ARK_ACT(ARK_A_NO, 0, 0, 0);
        return n;
    case ARK_FR_TARGET: {
        const carta_pending *run = &st->pending.frame[st->pending.n - 2];
        const ark_card_def *d = ark_def(rules, run->arg[0]);
        const ark_ability *ab = &d->abilities[run->arg[1]];
        const ark_step *s = &d->steps[ab->first + run->arg[2]];
        int idx[ARK_PIECE_MAX];
        int m = run_candidates(st, s, ark_find_uid(st, (uint16_t)run->arg[3]), run->arg[5], idx);
        for (int i = 0; i < m; i++)
            out[n++] = ARK_ACT(ARK_A_TARGET, idx[i], 0, 0);
        return n;
    }
    case ARK_FR_DEST: {
        int ti = ark_find_uid(st, (uint16_t)f->arg[0]);
        for (int r = 0; ti >= 0 && r < ARK_REALMS; r++)
            if (st->pieces[ti].loc != ARK_LOC_SAFE && ark_realm_nearby(st, st->pieces[ti].loc, r))
                out[n++] = ARK_ACT(ARK_A_DEST, r, 0, 0);
        return n;
    }
    case ARK_FR_CARD:
        for (int i = 0; i < me->hand.n; i++)
            if (ark_hand_distinct(&me->hand, i))
                out[n++] = ARK_ACT(ARK_A_DISCARD, i, 0, 0);
        return n;
    case ARK_FR_SEEK:
        for (int i = 0; i < me->look.n; i++) {
            bool dup = false;
            for (int j = 0; j < i; j++)
                dup |= me->look.cards[j] == me->look.cards[i];
            if (!dup)
                out[n++] = ARK_ACT(f->arg[1] ? ARK_A_BOTTOM : ARK_A_SEEK, i, 0, 0);
        }
        return n;
    case ARK_FR_OPPONENT:
        for (int s = 0; s < st->n_seats; s++)
            if (s != f->seat && ark_alive(st, s))
                out[n++] = ARK_ACT(ARK_A_OPPONENT, s, 0, 0);
        return n;
    default:
        return 0;
    }
}

/* Puts looked-at card i under the Main Deck (its owner knows it is there). */
static void seek_bottom(ark_seat *me, int i)
{
    uint8_t known;
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&me->look), i, &known);
    CARTA_ENSURE(carta_zone_insert(CARTA_ZONE_REF(&me->deck), 0, card, known));
}

void ark_seek_return(ark_seat *me)
{
    while (me->look.n)
        seek_bottom(me, 0);
}

/* After a take or a card put under: the next Seek decision, or the frame's end. "Place the
 * remaining cards on the bottom of your Main Deck in any order": with two or more left, their
 * owner puts them one by one, each under the ones before. */
static void seek_next(ark_state *st, carta_pending *f, ark_seat *me)
{
    if (f->arg[0] <= 0 || me->look.n == 0)
        f->arg[1] = 1;
    if (!f->arg[1])
        return;
    if (me->look.n <= 1) {
        ark_seek_return(me);
        carta_pending_pop(&st->pending);
    }
}

bool ark_effect_choose(const carta_rules *rules, ark_state *st, carta_action action)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int kind = ARK_ACT_KIND(action), a = ARK_ACT_A(action);
    ark_seat *me = &st->seat[f->seat];
    switch (f->kind) {
    case ARK_FR_TALENT:
        if (kind == ARK_A_YES) {
            const ark_card_def *d = ark_def(rules, f->arg[0]);
            const ark_ability *ab = &d->abilities[f->arg[1]];
            carta_pending copy = *f;
            int pi = ark_find_uid(st, (uint16_t)copy.arg[3]);
            carta_pending_pop(&st->pending);
            ark_run_push(st, (uint16_t)copy.arg[0], copy.arg[1], (uint16_t)copy.arg[3], 0,
                         copy.arg[5]);
            ark_pay(st, ab, copy.arg[5], pi);
        } else {
            carta_pending_pop(&st->pending);
        }
        return true;
    case ARK_FR_CHEAT_DEATH:
        ark_death_choose(rules, st, kind == ARK_A_YES);
        return true;
    case ARK_FR_MAY: {
        carta_pending_pop(&st->pending);
        carta_pending *run = carta_pending_top(&st->pending);
        if (kind == ARK_A_YES)
            run->arg[8] |= RUN_MAY_DONE;
        else
            run_next_step(run);
        return true;
    }
    case ARK_FR_TARGET: {
        carta_pending_pop(&st->pending);
        carta_pending *run = carta_pending_top(&st->pending);
        run->arg[6] = (int16_t)st->pieces[a].uid;
        run->arg[8] |= RUN_CHOSEN;
        return true;
    }
    case ARK_FR_DEST: {
        int ti = ark_find_uid(st, (uint16_t)f->arg[0]);
        if (ti >= 0)
            st->pieces[ti].loc = (uint8_t)a;
        carta_pending_pop(&st->pending);
        return true;
    }
    case ARK_FR_CARD:
        carta_zone_move(CARTA_ZONE_REF(&me->hand), a, CARTA_ZONE_REF(&me->chronicle));
        if (--f->arg[0] <= 0 || me->hand.n == 0)
            carta_pending_pop(&st->pending);
        return true;
    case ARK_FR_SEEK:
        if (kind == ARK_A_BOTTOM) {
            seek_bottom(me, a);
        } else {
            carta_zone_move(CARTA_ZONE_REF(&me->look), a, CARTA_ZONE_REF(&me->hand));
            f->arg[0]--;
        }
        seek_next(st, f, me);
        return true;
    case ARK_FR_OPPONENT: {
        int op = f->arg[0], amount = f->arg[1], c = f->seat;
        carta_pending_pop(&st->pending);
        run_player_verb_on(st, op, amount, c, a);
        return true;
    }
    default:
        return false;
    }
}
