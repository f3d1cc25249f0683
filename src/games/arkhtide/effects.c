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

void ark_pay(ark_state *st, const ark_ability *ab, int seat, int pi, int card)
{
    ark_seat *s = &st->seat[seat];
    ark_set_arkhe(st, seat, s->arkhe - ab->cost_arkhe, card);
    ark_lose_willpower(st, seat, ab->cost_willpower, card);
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
    if (t->n_attach >= ARK_ATTACH_MAX)
        return;
    t->attach[t->n_attach++] = ARK_ATTACH(card, seat);
    ark_event(st, CARTA_EV_ACT, seat, ARK_W_ATTACHES, card, t->card);
}

/* A piece's STATUS event (it is exhausted, readied, given a keyword...). */
static void run_tell_status(ark_state *st, const ark_piece *t, int word)
{
    ark_event(st, CARTA_EV_STATUS, t->owner, word, t->card, -1);
}

/* The keyword word of an ARK_KW_* bit effects may grant (ARK_KW_LETHAL .. ARK_KW_SEVERED), 0 for
 * another. */
static int run_keyword_word(unsigned bit)
{
    int k = bit ? __builtin_ctz(bit) : 99;
    return k <= ARK_W_GIVEN_KEYWORD_LAST - ARK_W_GIVEN_KEYWORD ? ARK_W_GIVEN_KEYWORD + k : 0;
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
    case ARK_OP_HEAL: {
        int healed = t->wounds > s->amount ? s->amount : t->wounds;
        t->wounds = (uint8_t)(t->wounds - healed);
        if (healed > 0)
            ark_event_add(st, CARTA_EV_HEAL, t->owner, CARTA_EV_NO_SEAT, t->card, CARTA_SEEN_ALL,
                          -1, 0, healed, t->wounds);
        break;
    }
    case ARK_OP_BLOCK: {
        int b = t->block + s->amount; /* counts against every kind of damage */
        t->block = (uint8_t)(b > 250 ? 250 : b);
        ark_event_add(st, CARTA_EV_ACT, controller, CARTA_EV_NO_SEAT, t->card, CARTA_SEEN_ALL, -1,
                      ARK_W_GIVES_BLOCK, s->amount, t->block);
        break;
    }
    case ARK_OP_BUFF:
        ark_event(st, CARTA_EV_ACT, controller, ARK_W_CHANGES_STATS, t->card, -1);
        t->soul_mod = (int8_t)(t->soul_mod + s->buff[0]);
        t->melee_mod = (int8_t)(t->melee_mod + s->buff[1]);
        t->ranged_mod = (int8_t)(t->ranged_mod + s->buff[2]);
        t->health_mod = (int8_t)(t->health_mod + s->buff[3]);
        if (s->buff[3] < 0)
            ark_check_deaths(rules, st);
        break;
    case ARK_OP_KEYWORD:
        t->kw_round |= (uint8_t)s->ref;
        if (run_keyword_word(s->ref))
            run_tell_status(st, t, run_keyword_word(s->ref));
        break;
    case ARK_OP_EXHAUST:
        t->flags |= ARK_P_EXHAUSTED;
        run_tell_status(st, t, ARK_W_EXHAUSTED);
        break;
    case ARK_OP_READY:
        t->flags &= (uint8_t)~ARK_P_EXHAUSTED;
        run_tell_status(st, t, ARK_W_READIED);
        break;
    case ARK_OP_UNLOCK:
        t->locked = 0;
        t->attach_locked = 0;
        run_tell_status(st, t, ARK_W_UNLOCKED);
        break;
    case ARK_OP_MOVE: {
        int only = -1, n = run_dest_count(st, ti, &only);
        if (n == 1) {
            ark_event(st, CARTA_EV_ACT, controller, ARK_W_MOVES, t->card,
                      ark_realm_card(st, only));
            t->loc = (uint8_t)only;
        } else if (n > 1) {
            carta_pending *d = carta_pending_push(&st->pending, ARK_FR_DEST, controller);
            if (d)
                d->arg[0] = (int16_t)t->uid;
        }
        break;
    }
    case ARK_OP_TO_SAFE:
        if (!(t->flags & ARK_P_SEEKER)) {
            t->loc = ARK_LOC_SAFE;
            run_tell_status(st, t, ARK_W_SENT_TO_SAFE);
        }
        break;
    case ARK_OP_REVERSE:
        if (!(t->flags & ARK_P_SEEKER)) {
            ark_seat *o = &st->seat[t->owner];
            const ark_card_def *d = ark_def(rules, t->card);
            int a = o->arkhe + (d ? d->cost : 0), owner = t->owner, card = t->card;
            ark_remove_piece(rules, st, ti, ARK_TO_HAND);
            ark_set_arkhe(st, owner, a > o->arkhe_max ? o->arkhe_max : a, card);
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
        ark_event(st, CARTA_EV_ACT, controller, ARK_W_MANIFESTS, s->ref, t->card);
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

/* Drain or Steal amount Willpower of opponent opp, by card cause of controller. */
static void run_player_verb_on(ark_state *st, int op, int amount, int controller, int opp,
                               int cause)
{
    if (op == ARK_OP_DRAIN) {
        ark_lose_willpower(st, opp, amount, cause);
    } else if (op == ARK_OP_STEAL) {
        ark_lose_willpower(st, opp, amount, cause);
        ark_lose_willpower(st, controller, -amount, cause);
    }
}

static void seek_next(ark_state *st, carta_pending *f, int seat);

/* A verb that takes no target (the controller's resources, tokens). */
static void run_player_verb(const carta_rules *rules, ark_state *st, const ark_step *s,
                            carta_pending *f, int pi)
{
    int c = f->arg[5], cause = f->arg[0];
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
        while (me->look.n < s->amount && me->deck.n) {
            ark_event_move(st, c, me->deck.cards[me->deck.n - 1], CARTA_SEAT_BIT(c),
                           ARK_W_MAIN_DECK, ARK_W_LOOK, ARK_W_LOOKS_AT);
            carta_zone_move(CARTA_ZONE_REF(&me->deck), me->deck.n - 1, CARTA_ZONE_REF(&me->look));
        }
        if (me->look.n) {
            carta_pending *d = carta_pending_push(&st->pending, ARK_FR_SEEK, c);
            if (d) {
                d->arg[0] = s->amount2;
                seek_next(st, d, c);
            }
        }
        break;
    }
    case ARK_OP_REFRESH: {
        int a = me->arkhe + s->amount;
        ark_set_arkhe(st, c, a > me->arkhe_max ? me->arkhe_max : a, cause);
        break;
    }
    case ARK_OP_WILLPOWER:
        ark_lose_willpower(st, c, -s->amount, cause);
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
                    run_player_verb_on(st, s->op, s->amount, c, o, cause);
        } else if (n == 1) {
            run_player_verb_on(st, s->op, s->amount, c, only, cause);
        } else {
            carta_pending *d = carta_pending_push(&st->pending, ARK_FR_OPPONENT, c);
            if (d) {
                d->arg[0] = s->op;
                d->arg[1] = s->amount;
                d->arg[2] = (int16_t)cause;
            }
        }
        break;
    }
    case ARK_OP_HALVE: /* the damage being resolved, rounded up (Halving) */
        for (int i = st->pending.n - 1; i >= 0; i--)
            if (st->pending.frame[i].kind == ARK_FR_DAMAGE) {
                int16_t *amount = &st->pending.frame[i].arg[ARK_D_AMOUNT];
                *amount = (int16_t)((*amount + 1) / 2);
                int ti = ark_find_uid(st, (uint16_t)st->pending.frame[i].arg[ARK_D_TARGET]);
                ark_event(st, CARTA_EV_NOTE, c, ARK_W_HALVES, ark_piece_card(st, ti), -1);
                break;
            }
        break;
    case ARK_OP_MANIFEST: { /* a Token Unit onto the performer's Realm, or a Token Feat */
        const ark_card_def *r = ark_def(rules, s->ref);
        if (pi < 0)
            break;
        if (r->type == ARK_FEAT) {
            ark_event(st, CARTA_EV_ACT, c, ARK_W_MANIFESTS, s->ref, -1);
            ark_feat_push(rules, st, s->ref, pi, c);
        } else if (!ark_unique_blocked(rules, st, c, s->ref)) {
            int loc = st->pieces[pi].loc;
            ark_piece *p = ark_place(st, c, s->ref, loc, ARK_P_TOKEN);
            if (p) {
                ark_event(st, CARTA_EV_ACT, c, ARK_W_MANIFESTS, s->ref, ark_realm_card(st, loc));
                ark_enter_play(rules, st, st->n_pieces - 1);
            }
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

/* Puts looked-at card i of seat under the Main Deck (its owner knows it is there). */
static void seek_bottom(ark_state *st, int seat, int i)
{
    ark_seat *me = &st->seat[seat];
    uint8_t known;
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&me->look), i, &known);
    CARTA_ENSURE(carta_zone_insert(CARTA_ZONE_REF(&me->deck), 0, card, known));
    ark_event_move(st, seat, card, CARTA_SEAT_BIT(seat), ARK_W_LOOK, ARK_W_MAIN_DECK,
                   ARK_W_PUTS_UNDER);
}

void ark_seek_return(ark_state *st, int seat)
{
    while (st->seat[seat].look.n)
        seek_bottom(st, seat, 0);
}

/* After a take or a card put under: the next Seek decision, or the frame's end. "Place the
 * remaining cards on the bottom of your Main Deck in any order": with two or more left, their
 * owner puts them one by one, each under the ones before. */
static void seek_next(ark_state *st, carta_pending *f, int seat)
{
    const ark_seat *me = &st->seat[seat];
    if (f->arg[0] <= 0 || me->look.n == 0)
        f->arg[1] = 1;
    if (!f->arg[1])
        return;
    if (me->look.n <= 1) {
        ark_seek_return(st, seat);
        carta_pending_pop(&st->pending);
    }
}

/* The Talent of the top frame: used (its performer pays its cost) or declined. */
static void effect_talent(const carta_rules *rules, ark_state *st, bool yes)
{
    carta_pending copy = *carta_pending_top(&st->pending);
    carta_pending_pop(&st->pending);
    ark_event(st, yes ? CARTA_EV_ACT : CARTA_EV_NOTE, copy.arg[5],
              yes ? ARK_W_USES_TALENT : ARK_W_DECLINES_TALENT, copy.arg[0], -1);
    if (!yes)
        return;
    const ark_ability *ab = &ark_def(rules, copy.arg[0])->abilities[copy.arg[1]];
    int pi = ark_find_uid(st, (uint16_t)copy.arg[3]);
    ark_run_push(st, (uint16_t)copy.arg[0], copy.arg[1], (uint16_t)copy.arg[3], 0, copy.arg[5]);
    ark_pay(st, ab, copy.arg[5], pi, copy.arg[0]);
}

/* The answer to a "may" step of the RUN frame below the top one. */
static void effect_may(ark_state *st, bool yes)
{
    int seat = carta_pending_top(&st->pending)->seat;
    carta_pending_pop(&st->pending);
    carta_pending *run = carta_pending_top(&st->pending);
    ark_event(st, CARTA_EV_NOTE, seat, yes ? ARK_W_ACCEPTS_MAY : ARK_W_DECLINES_MAY, run->arg[0],
              -1);
    if (yes)
        run->arg[8] |= RUN_MAY_DONE;
    else
        run_next_step(run);
}

/* Piece pi is the target chosen for the step of the RUN frame below the top one. */
static void effect_target(ark_state *st, int pi)
{
    int seat = carta_pending_top(&st->pending)->seat;
    carta_pending_pop(&st->pending);
    carta_pending *run = carta_pending_top(&st->pending);
    ark_event(st, CARTA_EV_ACT, seat, ARK_W_TARGETS, run->arg[0], st->pieces[pi].card);
    run->arg[6] = (int16_t)st->pieces[pi].uid;
    run->arg[8] |= RUN_CHOSEN;
}

/* Seek: looked-at card i is drawn, or (bottom) put under the Main Deck; seen by its owner. */
static void effect_seek(ark_state *st, carta_pending *f, int i, bool bottom)
{
    int seat = f->seat;
    ark_seat *me = &st->seat[seat];
    if (bottom) {
        seek_bottom(st, seat, i);
    } else {
        ark_event_move(st, seat, me->look.cards[i], CARTA_SEAT_BIT(seat), ARK_W_LOOK, ARK_W_HAND,
                       ARK_W_DRAWS);
        carta_zone_move(CARTA_ZONE_REF(&me->look), i, CARTA_ZONE_REF(&me->hand));
        f->arg[0]--;
    }
    seek_next(st, f, seat);
}

bool ark_effect_choose(const carta_rules *rules, ark_state *st, carta_action action)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int kind = ARK_ACT_KIND(action), a = ARK_ACT_A(action);
    ark_seat *me = &st->seat[f->seat];
    switch (f->kind) {
    case ARK_FR_TALENT:
        effect_talent(rules, st, kind == ARK_A_YES);
        return true;
    case ARK_FR_CHEAT_DEATH:
        ark_death_choose(rules, st, kind == ARK_A_YES);
        return true;
    case ARK_FR_MAY:
        effect_may(st, kind == ARK_A_YES);
        return true;
    case ARK_FR_TARGET:
        effect_target(st, a);
        return true;
    case ARK_FR_DEST: {
        int ti = ark_find_uid(st, (uint16_t)f->arg[0]);
        if (ti >= 0) {
            ark_event(st, CARTA_EV_ACT, f->seat, ARK_W_MOVES, st->pieces[ti].card,
                      ark_realm_card(st, a));
            st->pieces[ti].loc = (uint8_t)a;
        }
        carta_pending_pop(&st->pending);
        return true;
    }
    case ARK_FR_CARD:
        ark_event_move(st, f->seat, me->hand.cards[a], CARTA_SEEN_ALL, ARK_W_HAND,
                       ARK_W_CHRONICLE, ARK_W_DISCARDS);
        carta_zone_move(CARTA_ZONE_REF(&me->hand), a, CARTA_ZONE_REF(&me->chronicle));
        if (--f->arg[0] <= 0 || me->hand.n == 0)
            carta_pending_pop(&st->pending);
        return true;
    case ARK_FR_SEEK:
        effect_seek(st, f, a, kind == ARK_A_BOTTOM);
        return true;
    case ARK_FR_OPPONENT: {
        int op = f->arg[0], amount = f->arg[1], c = f->seat, cause = f->arg[2];
        carta_pending_pop(&st->pending);
        run_player_verb_on(st, op, amount, c, a, cause);
        return true;
    }
    default:
        return false;
    }
}
