/* damage.c: the rulebook's "Dealing Damage" sequence: the queue of instances (the active player
 * orders them), Oath, Amplify by each player in Turn order from the active one, damage-dealt
 * Reactions, Shielding and Block, Wounds (a Seeker loses exactly 1 Willpower), wound-dealt
 * Reactions, death and Cheat Death. */
#include "games/arkhtide/arkhtide.h"

#include <string.h>

#include "core/assert.h"

void ark_damage_queue(ark_state *st, uint16_t source, uint16_t target, int seat, int amount,
                      int kind, int flags, int reaping)
{
    if (st->n_queue >= ARK_QUEUE_MAX)
        return;
    ark_damage *d = &st->queue[st->n_queue++];
    memset(d, 0, sizeof *d);
    d->source = source;
    d->target = target;
    d->seat = (int8_t)seat;
    d->asker = -1;
    d->amount = (uint8_t)(amount < 0 ? 0 : amount > 99 ? 99 : amount);
    d->kind = (uint8_t)kind;
    d->flags = (uint8_t)flags;
    d->reaping = (uint8_t)reaping;
}

void ark_damage_flush(ark_state *st)
{
    if (st->n_queue)
        carta_pending_push(&st->pending, ARK_FR_QUEUE, st->active);
}

void ark_attack(const carta_rules *rules, ark_state *st, int pi, int ti, int kind, int value,
                int flags)
{
    const ark_piece *p = &st->pieces[pi];
    const ark_piece *t = &st->pieces[ti];
    int reaping = 0;
    uint16_t kw = ark_keywords(rules, st, pi, &reaping);
    flags |= ARK_DF_ATTACK;
    if (kw & ARK_KW_LETHAL)
        flags |= ARK_DF_LETHAL;
    ark_event_add(st, CARTA_EV_FIGHT, p->owner, t->owner, p->card, CARTA_SEEN_ALL, t->card,
                  kind == ARK_DMG_RANGED ? ARK_W_RANGED_ATTACK : ARK_W_MELEE_ATTACK, value, 0);
    ark_damage_queue(st, p->uid, t->uid, p->owner, value, kind, flags, 0);
    if (!reaping || t->loc == ARK_LOC_SAFE)
        return;
    ark_event(st, CARTA_EV_STATUS, p->owner, ARK_W_REAPING, p->card, -1);
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *q = &st->pieces[i];
        if (i != ti && q->loc == t->loc && q->owner != p->owner && !(q->flags & ARK_P_SEEKER))
            ark_damage_queue(st, p->uid, q->uid, p->owner, reaping, kind,
                             (flags & ~ARK_DF_STRIKE) | ARK_DF_REAPING, 0);
    }
}

/* Oath: damage to another friendly piece on the Realm of an Oath Unit goes to it (once a Turn). */
static void damage_oath(const carta_rules *rules, ark_state *st, carta_pending *f)
{
    int ti = ark_find_uid(st, (uint16_t)f->arg[ARK_D_TARGET]);
    if (ti < 0 || st->pieces[ti].loc == ARK_LOC_SAFE)
        return;
    const ark_piece *t = &st->pieces[ti];
    for (int i = 0; i < st->n_pieces; i++) {
        ark_piece *q = &st->pieces[i];
        if (i == ti || q->owner != t->owner || q->loc != t->loc || (q->flags & ARK_P_OATH_USED))
            continue;
        if (!(ark_keywords(rules, st, i, NULL) & ARK_KW_OATH))
            continue;
        q->flags |= ARK_P_OATH_USED;
        f->arg[ARK_D_TARGET] = (int16_t)q->uid;
        ark_event(st, CARTA_EV_NOTE, q->owner, ARK_W_OATH, q->card, -1);
        return;
    }
}

static void damage_start(const carta_rules *rules, ark_state *st, int qi)
{
    ark_damage d = st->queue[qi];
    memmove(&st->queue[qi], &st->queue[qi + 1], (size_t)(st->n_queue - qi - 1) * sizeof d);
    st->n_queue--;
    carta_pending *f = carta_pending_push(&st->pending, ARK_FR_DAMAGE, st->active);
    if (!f)
        return;
    f->arg[ARK_D_SOURCE] = (int16_t)d.source;
    f->arg[ARK_D_TARGET] = (int16_t)d.target;
    f->arg[ARK_D_SEAT] = d.seat;
    f->arg[ARK_D_ASKER] = (int16_t)st->active;
    f->arg[ARK_D_AMOUNT] = d.amount;
    f->arg[ARK_D_KIND] = d.kind;
    f->arg[ARK_D_FLAGS] = d.flags;
    f->arg[ARK_D_STEP] = ARK_DS_AMPLIFY;
    f->arg[ARK_D_REAPING] = d.reaping;
    f->arg[ARK_D_WOUNDS] = 0; /* seats asked so far, until the Wound step */
    damage_oath(rules, st, f);
}

/* ---- who may do what ---- */

static bool damage_hand_distinct(const ark_seat *s, int i)
{
    for (int j = 0; j < i; j++)
        if (s->hand.cards[j] == s->hand.cards[i])
            return false;
    return true;
}

/* Whether ability `code` (0..7 own card, 8 + slot an attached card's) of piece pi, owned by
 * seat, is a Reaction matching a trigger of this instance. */
static bool damage_react_ok(const carta_rules *rules, const ark_state *st,
                            const carta_pending *f, int seat, int pi, const ark_ability *ab,
                            bool wound_step)
{
    if (ab->timing != ARK_TM_REACTION || ab->talent || !ark_ability_works(st, ab))
        return false;
    const ark_piece *p = &st->pieces[pi];
    uint16_t target = (uint16_t)f->arg[ARK_D_TARGET], source = (uint16_t)f->arg[ARK_D_SOURCE];
    int on = ab->on;
    bool hit;
    if (!wound_step)
        hit = (on == ARK_ON_DEALT_DAMAGE && p->uid == target) ||
              (on == ARK_ON_DEALS_DAMAGE && p->uid == source);
    else
        hit = (on == ARK_ON_WOUNDED && p->uid == target) ||
              (on == ARK_ON_WOUNDS && p->uid == source);
    int friendly_on = wound_step ? ARK_ON_FRIENDLY_WOUNDED : ARK_ON_FRIENDLY_DEALT_DAMAGE;
    if (!hit && on == friendly_on && p->uid != target) {
        int ti = ark_find_uid(st, target);
        hit = ti >= 0 && st->pieces[ti].owner == seat && st->pieces[ti].loc == p->loc;
    }
    (void)rules;
    return hit && ark_cond_ok(st, ab->cond, pi) && ark_can_pay(st, ab, seat, pi);
}

/* Lists (or counts, out NULL) the Reactions seat may use now; codes as ARK_A_REACT. */
static int damage_reactions(const carta_rules *rules, const ark_state *st, const carta_pending *f,
                            int seat, bool wound_step, carta_action *out)
{
    int n = 0;
    for (int i = 0; i < st->n_pieces; i++) {
        const ark_piece *p = &st->pieces[i];
        if (p->owner != seat || p->loc == ARK_LOC_SAFE)
            continue;
        const ark_card_def *d = ark_def(rules, p->card);
        for (int a = 0; d && a < d->n_abilities; a++)
            if (ark_ability_ready(p, a) &&
                damage_react_ok(rules, st, f, seat, i, &d->abilities[a], wound_step)) {
                if (out)
                    out[n] = ARK_ACT(ARK_A_REACT, i, a, 0);
                n++;
            }
        for (int s = 0; s < p->n_attach; s++) {
            const ark_card_def *b = ark_def(rules, ARK_ATTACH_CARD(p->attach[s]));
            if (!b || !b->activated || ARK_ATTACH_SEAT(p->attach[s]) != seat ||
                !ark_ability_ready(p, 8 + s))
                continue;
            if (damage_react_ok(rules, st, f, seat, i, &b->abilities[b->activated - 1],
                                wound_step)) {
                if (out)
                    out[n] = ARK_ACT(ARK_A_REACT, i, 8 + s, 0);
                n++;
            }
        }
    }
    return n;
}

static uint8_t damage_add(int a, int b) { return (uint8_t)(a + b > 250 ? 250 : a + b); }

/* Shielding the target of this instance with card c: its Block, doubled against a Melee
 * Attack by Evasion and against a Ranged one by Stealth; the doubling counts only against that
 * kind of Attack for the rest of the Turn. */
static void damage_shield(const carta_rules *rules, ark_state *st, const carta_pending *f, int ti,
                          const ark_card_def *c)
{
    ark_piece *t = &st->pieces[ti];
    uint16_t kw = ark_keywords(rules, st, ti, NULL);
    int kind = f->arg[ARK_D_KIND];
    t->block = damage_add(t->block, c->block);
    if ((kind == ARK_DMG_MELEE && (kw & ARK_KW_EVASION)) ||
        (kind == ARK_DMG_RANGED && (kw & ARK_KW_STEALTH))) {
        t->block = damage_add(t->block, c->block);
        t->block_only[kind] = damage_add(t->block_only[kind], c->block);
        ark_event(st, CARTA_EV_STATUS, t->owner,
                  kind == ARK_DMG_MELEE ? ARK_W_EVASION : ARK_W_STEALTH, t->card, -1);
    }
}

static int damage_penitent(const carta_rules *rules, const ark_state *st, int ti)
{
    const ark_card_def *d = ark_def(rules, st->pieces[ti].card);
    return d ? d->penitent : 0;
}

static bool damage_can_shield(const carta_rules *rules, const ark_state *st, int seat, int ti,
                              uint16_t card)
{
    const ark_card_def *c = ark_def(rules, card);
    if (st->phase != ARK_PHASE_COMBAT) /* "can be used for Shielding during the Combat Phase" */
        return false;
    if (!c || (c->type != ARK_FEAT && c->type != ARK_BINDING))
        return false;
    if (c->cost > st->seat[seat].arkhe)
        return false;
    (void)ti;
    return true; /* Penitent Willpower may take a seat to 0 or below: it is its choice */
}

/* ---- the machine ---- */

/* Moves the asker of a reaction/amplify step to the next seat; false when every seat was
 * asked. */
static bool damage_next_asker(const ark_state *st, carta_pending *f)
{
    int alive = 0;
    for (int s = 0; s < st->n_seats; s++)
        alive += ark_alive(st, s);
    f->arg[ARK_D_WOUNDS]++;
    if (f->arg[ARK_D_WOUNDS] >= alive)
        return false;
    f->arg[ARK_D_ASKER] = (int16_t)ark_next_seat(st, f->arg[ARK_D_ASKER]);
    return true;
}

static void damage_to_step(const ark_state *st, carta_pending *f, int step)
{
    f->arg[ARK_D_STEP] = (int16_t)step;
    f->arg[ARK_D_WOUNDS] = 0;
    int first = f->arg[ARK_D_SEAT];
    if (step == ARK_DS_AMPLIFY || !ark_alive(st, first))
        first = st->active;
    if (!ark_alive(st, first))
        first = ark_next_seat(st, first);
    f->arg[ARK_D_ASKER] = (int16_t)first;
}

/* Tells the Wounds piece ti suffers from this instance (Lethal doubling them first), and the
 * Damage its Block prevented. */
static void damage_tell_wounds(ark_state *st, const carta_pending *f, int ti, int wounds,
                               int prevented)
{
    int si = ark_find_uid(st, (uint16_t)f->arg[ARK_D_SOURCE]);
    if (si >= 0 && wounds > 0 && (f->arg[ARK_D_FLAGS] & ARK_DF_LETHAL))
        ark_event(st, CARTA_EV_STATUS, st->pieces[si].owner, ARK_W_LETHAL, st->pieces[si].card,
                  -1);
    ark_event_damage(st, ti, ark_piece_card(st, si), wounds, prevented);
}

static void damage_wound(const carta_rules *rules, ark_state *st, carta_pending *f, int ti)
{
    ark_piece *t = &st->pieces[ti];
    int block = ark_block_against(t, f->arg[ARK_D_KIND]);
    int dmg = f->arg[ARK_D_AMOUNT] - block;
    if (dmg < 0)
        dmg = 0;
    int wounds = (f->arg[ARK_D_FLAGS] & ARK_DF_LETHAL) ? dmg * 2 : dmg;
    damage_tell_wounds(st, f, ti, wounds, f->arg[ARK_D_AMOUNT] - dmg);
    if (t->flags & ARK_P_SEEKER) {
        if (wounds > 0)
            ark_lose_willpower(st, t->owner, 1, -1); /* exactly 1, whatever the Wounds */
    } else {
        int w = t->wounds + wounds;
        t->wounds = (uint8_t)(w > 250 ? 250 : w);
    }
    (void)rules;
    damage_to_step(st, f, wounds > 0 ? ARK_DS_WOUND_REACT : ARK_DS_DEATH);
    f->arg[ARK_D_REAPING] = (int16_t)wounds; /* reaping was spent at queue time: reuse */
}

bool ark_damage_step(const carta_rules *rules, ark_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    if (f->kind == ARK_FR_QUEUE) {
        if (st->n_queue == 0) {
            carta_pending_pop(&st->pending);
            return false;
        }
        if (st->n_queue == 1 || !ark_alive(st, st->active)) {
            damage_start(rules, st, 0); /* no choice, or nobody left to choose: queued order */
            return false;
        }
        f->seat = st->active;
        return true;
    }
    int ti = ark_find_uid(st, (uint16_t)f->arg[ARK_D_TARGET]);
    if (ti < 0) { /* the target left play: the instance ends */
        carta_pending_pop(&st->pending);
        return false;
    }
    const ark_piece *t = &st->pieces[ti];
    int asker = f->arg[ARK_D_ASKER];
    switch (f->arg[ARK_D_STEP]) {
    case ARK_DS_AMPLIFY:
        if (f->arg[ARK_D_FLAGS] & ARK_DF_AMPLIFIED) {
            damage_to_step(st, f, ARK_DS_DEALT_REACT);
            return false;
        }
        if (ark_alive(st, asker) && st->seat[asker].hand.n > 0) {
            f->seat = (int8_t)asker;
            return true;
        }
        if (!damage_next_asker(st, f))
            damage_to_step(st, f, ARK_DS_DEALT_REACT);
        return false;
    case ARK_DS_DEALT_REACT:
    case ARK_DS_WOUND_REACT: {
        bool wound = f->arg[ARK_D_STEP] == ARK_DS_WOUND_REACT;
        if (ark_alive(st, asker) && damage_reactions(rules, st, f, asker, wound, NULL) > 0) {
            f->seat = (int8_t)asker;
            return true;
        }
        if (!damage_next_asker(st, f))
            damage_to_step(st, f, wound ? ARK_DS_DEATH : ARK_DS_SHIELD);
        return false;
    }
    case ARK_DS_SHIELD: {
        const ark_seat *s = &st->seat[t->owner];
        for (int i = 0; i < s->hand.n; i++)
            if (damage_can_shield(rules, st, t->owner, ti, s->hand.cards[i])) {
                f->seat = (int8_t)t->owner;
                return true;
            }
        damage_wound(rules, st, f, ti);
        return false;
    }
    case ARK_DS_WOUND:
        damage_wound(rules, st, f, ti);
        return false;
    case ARK_DS_DEATH:
    default:
        if (!(t->flags & ARK_P_SEEKER) && t->wounds >= ark_stat(rules, st, ti, ARK_STAT_HEALTH)) {
            if ((ark_keywords(rules, st, ti, NULL) & ARK_KW_CHEAT_DEATH) &&
                !(t->flags & ARK_P_EXHAUSTED)) {
                f->seat = (int8_t)t->owner;
                f->arg[ARK_D_STEP] = ARK_DS_DONE; /* the Cheat Death decision */
                return true;
            }
            ark_remove_piece(rules, st, ti, ARK_TO_CHRONICLE);
        }
        carta_pending_pop(&st->pending);
        return false;
    }
}

int ark_damage_choices(const carta_rules *rules, const ark_state *st, carta_action *out)
{
    const carta_pending *f = carta_pending_peek(&st->pending);
    int n = 0;
    if (f->kind == ARK_FR_QUEUE) {
        for (int i = 0; i < st->n_queue; i++)
            out[n++] = ARK_ACT(ARK_A_ORDER, i, 0, 0);
        return n;
    }
    int ti = ark_find_uid(st, (uint16_t)f->arg[ARK_D_TARGET]);
    const ark_seat *s = &st->seat[f->seat];
    switch (f->arg[ARK_D_STEP]) {
    case ARK_DS_AMPLIFY:
        for (int i = 0; i < s->hand.n; i++)
            if (damage_hand_distinct(s, i))
                out[n++] = ARK_ACT(ARK_A_AMPLIFY, i, 0, 0);
        out[n++] = ARK_ACT(ARK_A_NO, 0, 0, 0);
        return n;
    case ARK_DS_DEALT_REACT:
    case ARK_DS_WOUND_REACT:
        n = damage_reactions(rules, st, f, f->seat, f->arg[ARK_D_STEP] == ARK_DS_WOUND_REACT, out);
        out[n++] = ARK_ACT(ARK_A_NO, 0, 0, 0);
        return n;
    case ARK_DS_SHIELD:
        for (int i = 0; i < s->hand.n; i++)
            if (damage_hand_distinct(s, i) && damage_can_shield(rules, st, f->seat, ti,
                                                                s->hand.cards[i]))
                out[n++] = ARK_ACT(ARK_A_SHIELD, i, 0, 0);
        out[n++] = ARK_ACT(ARK_A_DONE, 0, 0, 0);
        return n;
    case ARK_DS_DONE:
        out[n++] = ARK_ACT(ARK_A_YES, 0, 0, 0);
        out[n++] = ARK_ACT(ARK_A_NO, 0, 0, 0);
        return n;
    default:
        return 0;
    }
}

static void damage_react(const carta_rules *rules, ark_state *st, int seat, int pi, int code,
                         const carta_pending *f)
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
    uint16_t it = (a->on == ARK_ON_DEALS_DAMAGE || a->on == ARK_ON_WOUNDS)
                      ? (uint16_t)f->arg[ARK_D_SOURCE]
                      : (uint16_t)f->arg[ARK_D_TARGET];
    ark_event(st, CARTA_EV_ACT, seat, ARK_W_REACTS_WITH, card, code >= 8 ? p->card : -1);
    ark_run_push(st, card, ab, p->uid, it, seat);
    ark_pay(st, a, seat, pi, card); /* after the push: a discard cost is chosen first */
}

/* Tells the answer of f's asker to Amplify (with hand card h) or a Reaction (react), or
 * its pass (declining both). */
static void damage_tell_answer(ark_state *st, const carta_pending *f, int ti, int h, bool react)
{
    int seat = f->seat, step = f->arg[ARK_D_STEP], target = ark_piece_card(st, ti);
    if (h >= 0)
        ark_event(st, CARTA_EV_ACT, seat, ARK_W_AMPLIFIES_WITH, st->seat[seat].hand.cards[h],
                  target);
    else if (step == ARK_DS_AMPLIFY)
        ark_event(st, CARTA_EV_NOTE, seat, ARK_W_DECLINES_AMPLIFY, target, -1);
    else if (!react)
        ark_event(st, CARTA_EV_NOTE, seat,
                  step == ARK_DS_WOUND_REACT ? ARK_W_DECLINES_WOUND_REACTION
                                             : ARK_W_DECLINES_REACTION,
                  target, -1);
}

/* The target's controller Shields it with hand card h: pays its Arkhé, adds its Block, and
 * loses Willpower for Penitent X; the card goes to the Chronicle. */
static void damage_shield_with(const carta_rules *rules, ark_state *st, const carta_pending *f,
                               int ti, int h)
{
    int seat = f->seat;
    ark_seat *s = &st->seat[seat];
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(&s->hand), h, NULL);
    const ark_card_def *c = ark_def(rules, card);
    ark_event(st, CARTA_EV_ACT, seat, ARK_W_SHIELDS_WITH, card, st->pieces[ti].card);
    ark_set_arkhe(st, seat, s->arkhe - c->cost, card);
    damage_shield(rules, st, f, ti, c);
    ark_lose_willpower(st, seat, damage_penitent(rules, st, ti), st->pieces[ti].card);
    CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&s->chronicle), card, 0));
}

bool ark_damage_choose(const carta_rules *rules, ark_state *st, carta_action action)
{
    carta_pending *f = carta_pending_top(&st->pending);
    int kind = ARK_ACT_KIND(action), a = ARK_ACT_A(action);
    if (f->kind == ARK_FR_QUEUE) {
        ark_event(st, CARTA_EV_NOTE, st->active, ARK_W_RESOLVES_NEXT,
                  ark_piece_card(st, ark_find_uid(st, st->queue[a].target)), -1);
        damage_start(rules, st, a);
        return true;
    }
    int seat = f->seat;
    ark_seat *s = &st->seat[seat];
    int ti = ark_find_uid(st, (uint16_t)f->arg[ARK_D_TARGET]);
    switch (f->arg[ARK_D_STEP]) {
    case ARK_DS_AMPLIFY:
        damage_tell_answer(st, f, ti, kind == ARK_A_AMPLIFY ? a : -1, false);
        if (kind == ARK_A_AMPLIFY) {
            carta_zone_move(CARTA_ZONE_REF(&s->hand), a, CARTA_ZONE_REF(&s->chronicle));
            f->arg[ARK_D_AMOUNT]++;
            f->arg[ARK_D_FLAGS] |= ARK_DF_AMPLIFIED;
            damage_to_step(st, f, ARK_DS_DEALT_REACT);
        } else if (!damage_next_asker(st, f)) {
            damage_to_step(st, f, ARK_DS_DEALT_REACT);
        }
        return true;
    case ARK_DS_DEALT_REACT:
    case ARK_DS_WOUND_REACT:
        damage_tell_answer(st, f, ti, -1, kind == ARK_A_REACT);
        if (kind == ARK_A_REACT) {
            carta_pending copy = *f;
            damage_react(rules, st, seat, a, ARK_ACT_B(action), &copy);
        } else if (!damage_next_asker(st, f)) {
            damage_to_step(st, f, f->arg[ARK_D_STEP] == ARK_DS_WOUND_REACT ? ARK_DS_DEATH
                                                                          : ARK_DS_SHIELD);
        }
        return true;
    case ARK_DS_SHIELD:
        if (kind == ARK_A_SHIELD) {
            damage_shield_with(rules, st, f, ti, a);
        } else {
            ark_event(st, CARTA_EV_NOTE, seat, ARK_W_LETS_THROUGH, ark_piece_card(st, ti), -1);
            f->arg[ARK_D_STEP] = ARK_DS_WOUND;
        }
        return true;
    case ARK_DS_DONE:
        ark_death_settle(rules, st, ti, kind == ARK_A_YES); /* the Cheat Death decision */
        carta_pending_pop(&st->pending);
        return true;
    default:
        return false;
    }
}
