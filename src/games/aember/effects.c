/* effects.c: the effect interpreter: runs an ability's compiled steps one at a time on the
 * pending stack, pausing for target, card and may decisions.
 *
 * A RUN frame's args:
 *   0 card id whose ability runs   1 ability index        2 step index within the ability
 *   3 source uid (0 if not in play; an upgrade's ability runs with its creature as source)
 *   4 opposing creature uid (fight abilities)              5 "this way": previous step's count
 *   6 RF_* flags    7 "it": uid the last step affected     8 progress | repeats done << 8
 *   9 count produced so far by the current step
 * frame.seat is the controller (whose ability it is). Decisions are always the active
 * player's ("unless otherwise specified, the active player makes all decisions"). */
#include "games/aember/aember.h"

#include <string.h>

enum { R_CARD = 0, R_ABIL, R_STEP, R_SRC, R_OTHER, R_THISWAY, R_FLAGS, R_IT, R_PROG, R_COUNT };
enum {
    RF_PREV_OK = 1 << 0, /* the previous step fully resolved ("if you do") */
    RF_STARTED = 1 << 1, /* the current step has begun (choices in progress) */
    RF_ASKED = 1 << 2,   /* the current step's "may" was asked */
    RF_YES = 1 << 3,     /* ... and answered yes */
    RF_DONE = 1 << 4,    /* the player said "done" to an up-to choice */
    RF_FAILED = 1 << 5   /* the current step could not resolve fully */
};
/* FR_CARD args: 0 zone (AEMBER_FROM_*), 1 seat whose zone. FR_TARGET: none. */

#define UID(x) ((uint16_t)(x))

typedef int (*effects_handler_fn)(const carta_rules *rules, aember_state *st, carta_pending *fr,
                                  const aember_step *s, uint16_t target);

static const aember_step *effects_step(const carta_rules *rules, const carta_pending *fr)
{
    const aember_card_def *def = aember_def(rules, fr->arg[R_CARD]);
    const aember_ability *ab = &def->abilities[fr->arg[R_ABIL]];
    return fr->arg[R_STEP] < ab->n ? &def->steps[ab->first + fr->arg[R_STEP]] : NULL;
}

static int prog_of(const carta_pending *fr) { return fr->arg[R_PROG] & 0xFF; }
static void prog_set(carta_pending *fr, int p)
{
    fr->arg[R_PROG] = (int16_t)((fr->arg[R_PROG] & 0xFF00) | (p & 0xFF));
}

/* ---- triggering abilities ---- */

static void effects_push_run(const carta_rules *rules, aember_state *st, uint16_t card, int abil,
                             int controller, uint16_t src, uint16_t other)
{
    (void)rules;
    carta_pending *f = carta_pending_push(&st->pending, AEMBER_FR_RUN, controller);
    if (!f)
        return; /* the stack is full: the ability cannot resolve (never seen in practice) */
    f->arg[R_CARD] = (int16_t)card;
    f->arg[R_ABIL] = (int16_t)abil;
    f->arg[R_SRC] = (int16_t)src;
    f->arg[R_OTHER] = (int16_t)other;
    f->arg[R_FLAGS] = RF_PREV_OK;
}

void aember_trigger(const carta_rules *rules, aember_state *st, uint16_t card, int trigger,
                    int controller, uint16_t source_uid, uint16_t other_uid)
{
    const aember_card_def *def = aember_def(rules, card);
    if (!def || !(def->triggers & (1u << trigger)))
        return;
    /* pushed last-first so that the first ability resolves first */
    for (int a = def->n_abilities - 1; a >= 0; a--)
        if (def->abilities[a].trigger == trigger)
            effects_push_run(rules, st, card, a, controller, source_uid, other_uid);
}

void aember_trigger_in_play(const carta_rules *rules, aember_state *st, uint16_t uid, int trigger,
                            uint16_t other_uid)
{
    int seat;
    aember_card_in_play *c = aember_find_uid(st, uid, &seat, NULL, NULL);
    if (!c)
        return;
    uint16_t card = c->card;
    int n = c->n_upgrades;
    uint16_t ups[AEMBER_UPGRADE_MAX];
    memcpy(ups, c->upgrades, sizeof ups);
    for (int u = n - 1; u >= 0; u--)
        aember_trigger(rules, st, (uint16_t)(ups[u] & ~AEMBER_UPGRADE_OWNER), trigger, seat, uid,
                       other_uid);
    aember_trigger(rules, st, card, trigger, seat, uid, other_uid);
}

/* ---- conditions and targets ---- */

static bool effects_gone(const aember_state *st, uint16_t uid)
{
    const aember_card_in_play *c = aember_find_uid_c(st, uid, NULL, NULL, NULL);
    return !c || (c->flags & (AEMBER_F_DYING | AEMBER_F_DOOMED));
}

static bool effects_cond(const aember_state *st, const carta_pending *fr, const aember_step *s)
{
    int me = fr->seat, op = !me;
    int seat, art, idx;
    const aember_card_in_play *src = aember_find_uid_c(st, UID(fr->arg[R_SRC]), &seat, &art, &idx);
    switch (s->cond) {
    case AEMBER_COND_YOUR_AEMBER_MIN: return st->seat[me].aember >= s->cond_arg;
    case AEMBER_COND_OPPONENT_AEMBER_MIN: return st->seat[op].aember >= s->cond_arg;
    case AEMBER_COND_YOUR_KEYS_MIN: return st->seat[me].keys >= s->cond_arg;
    case AEMBER_COND_OPPONENT_KEYS_MIN: return st->seat[op].keys >= s->cond_arg;
    case AEMBER_COND_FRIENDLY_CREATURES_MIN: return st->seat[me].n_line >= s->cond_arg;
    case AEMBER_COND_ENEMY_CREATURES_MIN: return st->seat[op].n_line >= s->cond_arg;
    case AEMBER_COND_FEWER_CREATURES: return st->seat[me].n_line < st->seat[op].n_line;
    case AEMBER_COND_IT_DESTROYED: return fr->arg[R_IT] != 0 && effects_gone(st, UID(fr->arg[R_IT]));
    case AEMBER_COND_ON_FLANK:
        return src && !art && (idx == 0 || idx == st->seat[seat].n_line - 1);
    case AEMBER_COND_THIS_WAY_MIN: return fr->arg[R_THISWAY] >= s->cond_arg;
    case AEMBER_COND_SELF_DAMAGED: return src && !art && src->damage > 0;
    default: return true;
    }
}

/* Whether the card in play at (seat, art, idx) matches the step's target filters. */
static bool effects_target_ok(const carta_rules *rules, const aember_state *st,
                              const carta_pending *fr, const aember_step *s, int seat, int art,
                              int idx)
{
    const aember_seat *side = &st->seat[seat];
    const aember_card_in_play *c = art ? &side->artifacts[idx] : &side->line[idx];
    if (c->flags & (AEMBER_F_DYING | AEMBER_F_MARKED))
        return false;
    if (s->kind == AEMBER_KIND_CREATURE && art)
        return false;
    if (s->kind == AEMBER_KIND_ARTIFACT && !art)
        return false;
    if (s->side == AEMBER_SIDE_FRIENDLY && seat != fr->seat)
        return false;
    if (s->side == AEMBER_SIDE_ENEMY && seat == fr->seat)
        return false;
    uint16_t f = s->filters;
    if ((f & AEMBER_FILT_NOT_SELF) && c->uid == UID(fr->arg[R_SRC]))
        return false;
    if (f & AEMBER_FILT_NEIGHBOR) {
        int sseat, sart, sidx;
        if (art || !aember_find_uid_c(st, UID(fr->arg[R_SRC]), &sseat, &sart, &sidx) || sart ||
            sseat != seat || (idx != sidx - 1 && idx != sidx + 1))
            return false;
    }
    if (!art) {
        bool flank = idx == 0 || idx == side->n_line - 1;
        if (((f & AEMBER_FILT_FLANK) && !flank) || ((f & AEMBER_FILT_NON_FLANK) && flank))
            return false;
        if (((f & AEMBER_FILT_DAMAGED) && !c->damage) || ((f & AEMBER_FILT_UNDAMAGED) && c->damage))
            return false;
        if ((f & AEMBER_FILT_HAS_AEMBER) && !c->aember)
            return false;
    }
    if ((f & AEMBER_FILT_EXHAUSTED) && !(c->flags & AEMBER_F_EXHAUSTED))
        return false;
    if ((f & AEMBER_FILT_READY) && (c->flags & AEMBER_F_EXHAUSTED))
        return false;
    if ((f & AEMBER_FILT_STUNNED) && !(c->flags & AEMBER_F_STUNNED))
        return false;
    const aember_card_def *def = aember_def(rules, c->card);
    if (s->house && def->house != s->house - 1)
        return false;
    if (s->trait && !(def->traits & (1ull << (s->trait - 1))))
        return false;
    if (!art && (s->power_max >= 0 || s->power_min >= 0)) {
        int p = aember_power(rules, st, seat, idx);
        if ((s->power_max >= 0 && p > s->power_max) || (s->power_min >= 0 && p < s->power_min))
            return false;
    }
    return true;
}

/* The uids matching the step's filters, friendly side first, creatures left to right then
 * artifacts. For least/most powerful selections only the extreme ones. */
static int effects_candidates(const carta_rules *rules, const aember_state *st,
                              const carta_pending *fr, const aember_step *s, uint16_t *out)
{
    int n = 0;
    int pw[2 * (AEMBER_LINE_MAX + AEMBER_ARTIFACT_MAX)];
    for (int k = 0; k < AEMBER_SEATS; k++) {
        int seat = k == 0 ? fr->seat : !fr->seat;
        const aember_seat *side = &st->seat[seat];
        for (int i = 0; i < side->n_line; i++)
            if (effects_target_ok(rules, st, fr, s, seat, 0, i)) {
                pw[n] = aember_power(rules, st, seat, i);
                out[n++] = side->line[i].uid;
            }
        for (int i = 0; i < side->n_artifacts; i++)
            if (effects_target_ok(rules, st, fr, s, seat, 1, i)) {
                pw[n] = 0;
                out[n++] = side->artifacts[i].uid;
            }
    }
    bool least = s->select == AEMBER_SEL_LEAST || s->select == AEMBER_SEL_EACH_LEAST;
    bool most = s->select == AEMBER_SEL_MOST || s->select == AEMBER_SEL_EACH_MOST;
    if ((!least && !most) || n == 0)
        return n;
    int best = pw[0];
    for (int i = 1; i < n; i++)
        if (least ? pw[i] < best : pw[i] > best)
            best = pw[i];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (pw[i] == best)
            out[m++] = out[i];
    return m;
}

/* ---- applying an op ---- */

static int effects_amount(const carta_pending *fr, const aember_step *s)
{
    return (s->flags & AEMBER_STEP_THIS_WAY) ? fr->arg[R_THISWAY] : s->amount;
}

static int effects_move_aember(aember_state *st, int from, int to, int n)
{
    int have = st->seat[from].aember;
    if (n > have)
        n = have;
    if (n <= 0)
        return 0;
    st->seat[from].aember = (uint8_t)(have - n);
    int t = st->seat[to].aember + n;
    st->seat[to].aember = (uint8_t)(t > 255 ? 255 : t);
    return n;
}

/* seat gains n Æmber because of card. */
static void effects_gain(aember_state *st, int seat, int n, int card)
{
    int before = st->seat[seat].aember, t = before + (n > 0 ? n : 0);
    st->seat[seat].aember = (uint8_t)(t > 255 ? 255 : t);
    aember_tell_aember(st, seat, st->seat[seat].aember - before, card);
}

/* The ability of fr steals n Æmber for its controller (n taken already). */
static int effects_tell_steal(aember_state *st, const carta_pending *fr, int n)
{
    if (n > 0)
        aember_tell(st, CARTA_EV_STEAL, fr->seat, !fr->seat, fr->arg[R_CARD], -1,
                    AEMBER_W_AEMBER, n, st->seat[!fr->seat].aember);
    return n;
}

static void effects_swap(aember_state *st, uint16_t a, uint16_t b)
{
    int sa, aa, ia, sb, ab, ib;
    aember_card_in_play *ca = aember_find_uid(st, a, &sa, &aa, &ia);
    aember_card_in_play *cb = aember_find_uid(st, b, &sb, &ab, &ib);
    if (!ca || !cb || sa != sb || aa != ab || ca == cb)
        return;
    aember_card_in_play t = *ca;
    *ca = *cb;
    *cb = t;
    aember_tell(st, CARTA_EV_NOTE, st->active, CARTA_EV_NO_SEAT, t.card, ca->card,
                AEMBER_W_SWAPS, 0, 0);
}

static int effects_handler(const carta_rules *rules, aember_state *st, carta_pending *fr,
                           const aember_step *s, uint16_t target);

/* Pushes a "use" decision for a friendly creature or artifact (fight_with etc.). */
static void effects_push_use(aember_state *st, uint16_t uid, int mask)
{
    carta_pending *u = carta_pending_push(&st->pending, AEMBER_FR_USE, st->active);
    if (u) {
        u->arg[0] = (int16_t)uid;
        u->arg[1] = (int16_t)mask;
    }
}

/* A card being destroyed is out of reach of every effect but one: its own Destroyed: ability
 * (or its upgrade's) moving it out of play, to hand, deck, archives or the purged pile. It goes
 * there and not to the discard pile: its leave frame then finds it gone ("Destroyed: Return
 * Sproutling to its owner's hand"). */
static bool effects_moves_itself(const carta_rules *rules, const carta_pending *fr,
                                 const aember_step *s, uint16_t uid)
{
    const aember_card_def *def = aember_def(rules, fr->arg[R_CARD]);
    int trigger = def->abilities[fr->arg[R_ABIL]].trigger;
    if (uid != UID(fr->arg[R_SRC]) || trigger != AEMBER_TRIG_DESTROYED)
        return false;
    return s->op == AEMBER_OP_RETURN_TO_HAND || s->op == AEMBER_OP_RETURN_TO_DECK ||
           s->op == AEMBER_OP_ARCHIVE || s->op == AEMBER_OP_PURGE;
}

/* A card in play (seat's) is stunned, exhausted, readied: word. */
static void effects_tell_status(aember_state *st, int seat, const aember_card_in_play *c,
                                int word)
{
    aember_tell(st, CARTA_EV_STATUS, seat, CARTA_EV_NO_SEAT, c->card, -1, word, 0, 0);
}

/* Applies a targeted op to one card in play; returns the count it produced (or -1 if it could
 * not be applied at all). fr may be moved by pushes: callers re-read the top frame. */
static int effects_apply_one(const carta_rules *rules, aember_state *st, int fr_index,
                             const aember_step *s, uint16_t uid)
{
    carta_pending *fr = &st->pending.frame[fr_index];
    int seat, art, idx;
    aember_card_in_play *c = aember_find_uid(st, uid, &seat, &art, &idx);
    if (!c || ((c->flags & AEMBER_F_DYING) && !effects_moves_itself(rules, fr, s, uid)))
        return -1;
    int n = effects_amount(fr, s);
    fr->arg[R_IT] = (int16_t)uid;
    switch (s->op) {
    case AEMBER_OP_DAMAGE: {
        if (art)
            return -1;
        int left = idx > 0 ? st->seat[seat].line[idx - 1].uid : 0;
        int right = idx + 1 < st->seat[seat].n_line ? st->seat[seat].line[idx + 1].uid : 0;
        int source = fr->arg[R_CARD];
        int dealt = aember_deal_damage(rules, st, uid, n, false, source);
        if (s->splash > 0) {
            if (left)
                aember_deal_damage(rules, st, UID(left), s->splash, false, source);
            if (right)
                aember_deal_damage(rules, st, UID(right), s->splash, false, source);
        }
        return dealt;
    }
    case AEMBER_OP_HEAL: {
        if (art)
            return -1;
        int h = (s->flags & AEMBER_STEP_ALL) || n > c->damage ? c->damage : n;
        c->damage = (uint8_t)(c->damage - h);
        if (h > 0)
            aember_tell(st, CARTA_EV_HEAL, seat, CARTA_EV_NO_SEAT, c->card, -1, 0, h, 0);
        return h;
    }
    case AEMBER_OP_DESTROY: aember_destroy(st, uid); return 1;
    case AEMBER_OP_SACRIFICE:
        if (seat != fr->seat)
            return -1;
        aember_tell(st, CARTA_EV_NOTE, seat, CARTA_EV_NO_SEAT, c->card, -1, AEMBER_W_SACRIFICES,
                    0, 0);
        aember_leave_play(rules, st, uid, AEMBER_TO_DISCARD);
        return 1;
    case AEMBER_OP_STUN:
        if (art)
            return -1;
        c->flags |= AEMBER_F_STUNNED;
        effects_tell_status(st, seat, c, AEMBER_W_STUNNED);
        return 1;
    case AEMBER_OP_EXHAUST:
        c->flags |= AEMBER_F_EXHAUSTED;
        effects_tell_status(st, seat, c, AEMBER_W_EXHAUSTED);
        return 1;
    case AEMBER_OP_READY:
        c->flags &= (uint8_t)~AEMBER_F_EXHAUSTED;
        effects_tell_status(st, seat, c, AEMBER_W_READIED);
        return 1;
    case AEMBER_OP_POWER_COUNTERS:
        if (art)
            return -1;
        c->power_counters = (uint8_t)(c->power_counters + n > 255 ? 255 : c->power_counters + n);
        aember_tell_power_counters(st, seat, c->card, n);
        return n;
    case AEMBER_OP_POWER:
        if (art)
            return -1;
        c->power_turn = (int8_t)(c->power_turn + n > 99 ? 99 : c->power_turn + n);
        return 1;
    case AEMBER_OP_CAPTURE: {
        if (art)
            return -1;
        int got = effects_move_aember(st, !seat, seat, n);
        st->seat[seat].aember = (uint8_t)(st->seat[seat].aember - got);
        c->aember = (uint8_t)(c->aember + got);
        if (got > 0)
            aember_tell(st, CARTA_EV_CAPTURE, seat, !seat, c->card, -1, AEMBER_W_AEMBER, got,
                        st->seat[!seat].aember);
        return got;
    }
    case AEMBER_OP_RETURN_TO_HAND: aember_leave_play(rules, st, uid, AEMBER_TO_HAND); return 1;
    case AEMBER_OP_RETURN_TO_DECK: {
        int owner = c->owner;
        aember_leave_play(rules, st, uid, AEMBER_TO_DECK);
        if (s->flags & AEMBER_STEP_SHUFFLE)
            carta_zone_shuffle(CARTA_ZONE_REF(&st->seat[owner].deck), &st->rng);
        return 1;
    }
    case AEMBER_OP_ARCHIVE: aember_leave_play(rules, st, uid, AEMBER_TO_ARCHIVES); return 1;
    case AEMBER_OP_PURGE: aember_leave_play(rules, st, uid, AEMBER_TO_PURGED); return 1;
    case AEMBER_OP_FIGHT_WITH:
    case AEMBER_OP_READY_AND_FIGHT:
        if (art || seat != st->active)
            return -1;
        if (s->op == AEMBER_OP_READY_AND_FIGHT && (c->flags & AEMBER_F_EXHAUSTED)) {
            c->flags &= (uint8_t)~AEMBER_F_EXHAUSTED;
            effects_tell_status(st, seat, c, AEMBER_W_READIED);
        }
        effects_push_use(st, uid, 2);
        return 1;
    case AEMBER_OP_READY_AND_REAP:
    case AEMBER_OP_REAP_WITH:
        if (art || seat != st->active)
            return -1;
        if (s->op == AEMBER_OP_READY_AND_REAP && (c->flags & AEMBER_F_EXHAUSTED)) {
            c->flags &= (uint8_t)~AEMBER_F_EXHAUSTED;
            effects_tell_status(st, seat, c, AEMBER_W_READIED);
        }
        effects_push_use(st, uid, 1);
        return 1;
    case AEMBER_OP_USE:
        if (seat != st->active)
            return -1;
        effects_push_use(st, uid, 7);
        return 1;
    case AEMBER_OP_HANDLER: return effects_handler(rules, st, fr, s, uid);
    default: return -1;
    }
}

/* ---- finishing a step ---- */

static void effects_finish(const carta_rules *rules, aember_state *st, carta_pending *fr, bool ok)
{
    const aember_step *s = effects_step(rules, fr);
    /* unmark the cards chosen by an up-to or swap choice */
    for (int p = 0; p < AEMBER_SEATS; p++) {
        for (int i = 0; i < st->seat[p].n_line; i++)
            st->seat[p].line[i].flags &= (uint8_t)~AEMBER_F_MARKED;
        for (int i = 0; i < st->seat[p].n_artifacts; i++)
            st->seat[p].artifacts[i].flags &= (uint8_t)~AEMBER_F_MARKED;
    }
    if (s && s->op == AEMBER_OP_SEARCH && s->from == AEMBER_FROM_DECK &&
        (fr->arg[R_FLAGS] & RF_STARTED)) {
        aember_zone *d = &st->seat[fr->seat].deck;
        carta_zone_shuffle(CARTA_ZONE_REF(d), &st->rng);
    }
    fr->arg[R_THISWAY] = fr->arg[R_COUNT];
    fr->arg[R_COUNT] = 0;
    fr->arg[R_FLAGS] = (int16_t)(ok && !(fr->arg[R_FLAGS] & RF_FAILED) ? RF_PREV_OK : 0);
    prog_set(fr, 0);
    fr->arg[R_STEP]++;
}

/* ---- choices from zones (hand, deck, discard) ---- */

static aember_zone *effects_zone(aember_state *st, int zone, int seat)
{
    aember_seat *s = &st->seat[seat];
    return zone == AEMBER_FROM_HAND ? &s->hand : zone == AEMBER_FROM_DECK ? &s->deck : &s->discard;
}

static bool effects_card_ok(const carta_rules *rules, const aember_step *s, uint16_t card)
{
    const aember_card_def *def = aember_def(rules, card);
    if (!def)
        return false;
    if (s->op != AEMBER_OP_SEARCH)
        return true;
    if (s->house && def->house != s->house - 1)
        return false;
    if (s->trait && !(def->traits & (1ull << (s->trait - 1))))
        return false;
    if (s->card_type && def->type != s->card_type - 1)
        return false;
    return true;
}

/* Moves the chosen card (zone index) where the op says; returns false if it could not. */
static void effects_card_apply(const carta_rules *rules, aember_state *st, carta_pending *fr,
                               const aember_step *s, int zone, int zseat, int index)
{
    (void)rules;
    aember_zone *z = effects_zone(st, zone, zseat);
    aember_seat *own = &st->seat[zseat];
    aember_zone *to = z;
    int verb = 0;
    switch (s->op) {
    case AEMBER_OP_DISCARD: to = &own->discard, verb = AEMBER_W_DISCARDS; break;
    case AEMBER_OP_ARCHIVE: to = &own->archives, verb = AEMBER_W_ARCHIVES_CARD; break;
    case AEMBER_OP_PURGE: to = &own->purged, verb = AEMBER_W_PURGES; break;
    case AEMBER_OP_RETURN_TO_HAND:
    case AEMBER_OP_PLAY: to = &own->hand; break;
    case AEMBER_OP_SEARCH:
        to = (s->flags & AEMBER_STEP_TO_ARCHIVES) ? &own->archives : &own->hand;
        verb = AEMBER_W_FINDS;
        break;
    default: break;
    }
    /* "player 2 discards X" only when player 2 does it; else "player 2: X from hand to ..." */
    aember_move_told(st, zseat, z, index, to, zseat == fr->seat ? verb : 0);
    if (s->op == AEMBER_OP_PLAY) {
        carta_pending *p = carta_pending_push(&st->pending, AEMBER_FR_PLAY, st->active);
        if (p) {
            p->arg[0] = (int16_t)(own->hand.n - 1);
            p->arg[1] = 1;
        }
    }
    fr->arg[R_COUNT]++;
}

/* Plays cards from hand, deck or discard: pushes the play decision. */
static void effects_play(aember_state *st, carta_pending *fr, const aember_step *s, int n)
{
    aember_seat *me = &st->seat[fr->seat];
    if (fr->seat != st->active || n <= 0)
        return;
    if (s->from == AEMBER_FROM_DECK) {
        if (me->deck.n == 0)
            return;
        aember_move_told(st, fr->seat, &me->deck, me->deck.n - 1, &me->hand, 0);
        carta_pending *p = carta_pending_push(&st->pending, AEMBER_FR_PLAY, st->active);
        if (p) {
            p->arg[0] = (int16_t)(me->hand.n - 1);
            p->arg[1] = 1;
        }
        return;
    }
    carta_pending *p = carta_pending_push(&st->pending, AEMBER_FR_PLAY, st->active);
    if (p) {
        p->arg[0] = -1;
        p->arg[1] = (int16_t)n;
    }
}

/* ---- the step machine ---- */

static bool effects_needs_card_choice(const aember_step *s)
{
    switch (s->op) {
    case AEMBER_OP_DISCARD: return s->from == AEMBER_FROM_HAND && !(s->flags & AEMBER_STEP_RANDOM);
    case AEMBER_OP_ARCHIVE: return s->from == AEMBER_FROM_HAND;
    case AEMBER_OP_PURGE:
    case AEMBER_OP_RETURN_TO_HAND: return s->from == AEMBER_FROM_DISCARD;
    case AEMBER_OP_PLAY: return s->from == AEMBER_FROM_DISCARD;
    case AEMBER_OP_SEARCH: return true;
    default: return false;
    }
}

/* The zone and seat a card choice looks at. */
static void effects_card_zone(const carta_pending *fr, const aember_step *s, int *zone, int *seat)
{
    *zone = s->op == AEMBER_OP_SEARCH ? s->from
            : (s->op == AEMBER_OP_PURGE || s->op == AEMBER_OP_RETURN_TO_HAND ||
               s->op == AEMBER_OP_PLAY)
                ? AEMBER_FROM_DISCARD
                : AEMBER_FROM_HAND;
    int who = s->op == AEMBER_OP_PURGE ? s->who : AEMBER_WHO_YOU;
    *seat = who == AEMBER_WHO_OPPONENT ? !fr->seat : fr->seat;
}

static int effects_card_candidates(const carta_rules *rules, const aember_state *st,
                                   const carta_pending *fr, const aember_step *s, int *first)
{
    int zone, seat, n = 0;
    effects_card_zone(fr, s, &zone, &seat);
    const aember_seat *p = &st->seat[seat];
    const aember_zone *z = zone == AEMBER_FROM_HAND ? &p->hand
                           : zone == AEMBER_FROM_DECK ? &p->deck : &p->discard;
    if (first)
        *first = -1;
    for (int i = 0; i < z->n; i++)
        if (z->cards[i] != AEMBER_UNKNOWN && effects_card_ok(rules, s, z->cards[i])) {
            if (first && *first < 0)
                *first = i;
            n++;
        }
    return n;
}

/* Resolves a step that needs no decision (player-directed ops). */
static void effects_player_op(const carta_rules *rules, aember_state *st, carta_pending *fr,
                              const aember_step *s)
{
    int me = fr->seat, n = effects_amount(fr, s), card = fr->arg[R_CARD];
    int who = s->who == AEMBER_WHO_OPPONENT ? !me : me;
    int lo = s->who == AEMBER_WHO_BOTH ? 0 : who, hi = s->who == AEMBER_WHO_BOTH ? 1 : who;
    int count = 0;
    bool ok = true;
    for (int p = lo; p <= hi; p++) {
        aember_seat *sp = &st->seat[p];
        switch (s->op) {
        case AEMBER_OP_GAIN: effects_gain(st, p, n, card); count += n; break;
        case AEMBER_OP_LOSE: {
            int l = n < sp->aember ? n : sp->aember;
            sp->aember = (uint8_t)(sp->aember - l);
            aember_tell_aember(st, p, -l, card);
            count += l;
            ok = ok && l == n;
            break;
        }
        case AEMBER_OP_PAY: {
            int m = effects_move_aember(st, p, !p, n);
            aember_tell_aember(st, p, -m, card);
            aember_tell_aember(st, !p, m, card);
            count += m;
            ok = ok && m == n;
            break;
        }
        case AEMBER_OP_UNFORGE: {
            int u = n < sp->keys ? n : sp->keys;
            sp->keys = (uint8_t)(sp->keys - u);
            aember_tell_count(st, p, -u, card, AEMBER_W_KEY, AEMBER_W_KEYS, sp->keys);
            count += u;
            ok = ok && u == n;
            break;
        }
        case AEMBER_OP_CHAINS: {
            int before = sp->chains, c = before + n;
            sp->chains = (uint8_t)(c > 99 ? 99 : c);
            aember_tell_count(st, p, sp->chains - before, card, AEMBER_W_CHAIN, AEMBER_W_CHAINS,
                              sp->chains);
            count += n;
            break;
        }
        case AEMBER_OP_DRAW: {
            int d = aember_draw(st, p, n);
            count += d;
            ok = ok && d == n;
            break;
        }
        case AEMBER_OP_KEY_COST:
            if (s->duration == AEMBER_DUR_NEXT_TURN)
                sp->key_cost_next = (int8_t)(sp->key_cost_next + n);
            else
                sp->key_cost_turn = (int8_t)(sp->key_cost_turn + n);
            count += n;
            break;
        case AEMBER_OP_FORBID_HOUSE: {
            int house = aember_def(rules, fr->arg[R_CARD])->house;
            for (int h = 0; h < sp->n_houses; h++)
                if (sp->houses[h] == house) {
                    sp->house_ban |= (uint8_t)(1u << h);
                    aember_tell(st, CARTA_EV_NOTE, p, CARTA_EV_NO_SEAT, -1, -1,
                                AEMBER_W_BANNED_HOUSE + house, 0, 0);
                }
            count++;
            break;
        }
        case AEMBER_OP_FORGE: {
            int f = aember_try_forge(rules, st, p);
            count += f;
            ok = ok && f;
            break;
        }
        case AEMBER_OP_DISCARD:
        case AEMBER_OP_ARCHIVE: {
            /* from the deck's top, or a random / hidden hand's cards at random */
            aember_zone *src = s->from == AEMBER_FROM_DECK ? &sp->deck : &sp->hand;
            aember_zone *dst = s->op == AEMBER_OP_DISCARD ? &sp->discard : &sp->archives;
            int verb = p != me                      ? 0
                       : s->op == AEMBER_OP_DISCARD ? AEMBER_W_DISCARDS
                                                    : AEMBER_W_ARCHIVES_CARD;
            int k = 0;
            for (; k < n && src->n > 0; k++) {
                int i = s->from == AEMBER_FROM_DECK ? src->n - 1
                                                    : (int)carta_rng_below(&st->rng, src->n);
                aember_move_told(st, p, src, i, dst, verb);
            }
            count += k;
            ok = ok && k == n;
            break;
        }
        default: break;
        }
    }
    if (s->op == AEMBER_OP_STEAL) {
        count = effects_tell_steal(st, fr, effects_move_aember(st, !me, me, n));
        ok = count == n;
    }
    if (s->op == AEMBER_OP_PLAY) {
        effects_play(st, fr, s, n);
        count = n;
    }
    if (s->op == AEMBER_OP_HANDLER) {
        count = effects_handler(rules, st, fr, s, 0);
        ok = count >= 0;
    }
    fr->arg[R_COUNT] = (int16_t)(count < 0 ? 0 : count);
    /* a play decision may sit above this frame now: the step finishes underneath it */
    effects_finish(rules, st, fr, ok);
}

/* Does the target selection (and swap) for the current step; pushes a decision if needed. */
static void effects_target_op(const carta_rules *rules, aember_state *st, int fi,
                              const aember_step *s)
{
    carta_pending *fr = &st->pending.frame[fi];
    uint16_t cand[2 * (AEMBER_LINE_MAX + AEMBER_ARTIFACT_MAX)];
    int want = s->count ? s->count : 1;
    if (s->op == AEMBER_OP_SWAP && (s->flags & AEMBER_STEP_SWAP_PAIR))
        want = 2;
    switch (s->select) {
    case AEMBER_SEL_NONE:
        effects_player_op(rules, st, fr, s);
        return;
    case AEMBER_SEL_SELF:
    case AEMBER_SEL_IT:
    case AEMBER_SEL_OPPOSING: {
        uint16_t uid = UID(fr->arg[s->select == AEMBER_SEL_SELF ? R_SRC
                                   : s->select == AEMBER_SEL_IT ? R_IT
                                                                : R_OTHER]);
        int r = effects_apply_one(rules, st, fi, s, uid);
        fr = &st->pending.frame[fi];
        fr->arg[R_COUNT] = (int16_t)(r > 0 ? r : 0);
        effects_finish(rules, st, fr, r >= 0);
        return;
    }
    case AEMBER_SEL_EACH:
    case AEMBER_SEL_EACH_LEAST:
    case AEMBER_SEL_EACH_MOST: {
        int n = effects_candidates(rules, st, fr, s, cand), total = 0;
        for (int i = 0; i < n; i++) {
            int r = effects_apply_one(rules, st, fi, s, cand[i]);
            total += r > 0 ? r : 0;
        }
        fr = &st->pending.frame[fi];
        fr->arg[R_COUNT] = (int16_t)total;
        effects_finish(rules, st, fr, n > 0);
        return;
    }
    case AEMBER_SEL_RANDOM: {
        int n = effects_candidates(rules, st, fr, s, cand), r = -1;
        if (n > 0)
            r = effects_apply_one(rules, st, fi, s, cand[carta_rng_below(&st->rng, (uint32_t)n)]);
        fr = &st->pending.frame[fi];
        fr->arg[R_COUNT] = (int16_t)(r > 0 ? r : 0);
        effects_finish(rules, st, fr, r >= 0);
        return;
    }
    default: break;
    }
    /* chosen, up_to, least, most: one decision per pick */
    if (s->select == AEMBER_SEL_LEAST || s->select == AEMBER_SEL_MOST)
        want = 1;
    int n = effects_candidates(rules, st, fr, s, cand);
    int prog = prog_of(fr);
    bool done = (fr->arg[R_FLAGS] & RF_DONE) != 0;
    if (prog < want && n > 0 && !done) {
        if ((s->select == AEMBER_SEL_LEAST || s->select == AEMBER_SEL_MOST) && n == 1) {
            aember_effect_choose_uid(rules, st, fi, cand[0]);
            return;
        }
        if (carta_pending_push(&st->pending, AEMBER_FR_TARGET, st->active))
            return;
        done = true; /* no room to ask (never seen): resolve what was chosen */
    }
    bool ok = s->select == AEMBER_SEL_UP_TO ? true : prog >= want;
    if (s->op == AEMBER_OP_SWAP && (s->flags & AEMBER_STEP_SWAP_PAIR)) {
        ok = prog == 2;
        if (ok) {
            uint16_t a = 0, b = 0;
            for (int p = 0; p < AEMBER_SEATS; p++)
                for (int i = 0; i < st->seat[p].n_line; i++)
                    if (st->seat[p].line[i].flags & AEMBER_F_MARKED) {
                        if (!a)
                            a = st->seat[p].line[i].uid;
                        else
                            b = st->seat[p].line[i].uid;
                    }
            effects_swap(st, a, b);
        }
    }
    effects_finish(rules, st, fr, ok);
}

/* Applies a chosen target (uid) to the RUN frame at index fi. */
void aember_effect_choose_uid(const carta_rules *rules, aember_state *st, int fi, uint16_t uid)
{
    carta_pending *fr = &st->pending.frame[fi];
    const aember_step *s = effects_step(rules, fr);
    aember_card_in_play *c = aember_find_uid(st, uid, NULL, NULL, NULL);
    if (!s || !c)
        return;
    c->flags |= AEMBER_F_MARKED;
    prog_set(fr, prog_of(fr) + 1);
    if (s->op == AEMBER_OP_SWAP) {
        if (!(s->flags & AEMBER_STEP_SWAP_PAIR)) {
            effects_swap(st, UID(fr->arg[R_SRC]), uid);
            fr->arg[R_IT] = (int16_t)uid;
            fr->arg[R_COUNT]++;
        }
        return;
    }
    int r = effects_apply_one(rules, st, fi, s, uid);
    fr = &st->pending.frame[fi];
    if (r > 0)
        fr->arg[R_COUNT] = (int16_t)(fr->arg[R_COUNT] + r);
    if (r < 0)
        fr->arg[R_FLAGS] |= RF_FAILED;
}

void aember_run_step(const carta_rules *rules, aember_state *st)
{
    int fi = st->pending.n - 1;
    carta_pending *fr = &st->pending.frame[fi];
    const aember_step *s = effects_step(rules, fr);
    if (!s) {
        carta_pending_pop(&st->pending);
        return;
    }
    int flags = fr->arg[R_FLAGS];
    if (!(flags & RF_STARTED)) {
        if (s->op == AEMBER_OP_REPEAT) {
            int done = (fr->arg[R_PROG] >> 8) & 0xFF;
            if (done < s->amount && (!(s->flags & AEMBER_STEP_IF_YOU_DO) || (flags & RF_PREV_OK))) {
                fr->arg[R_PROG] = (int16_t)((done + 1) << 8);
                fr->arg[R_STEP] = 0;
                fr->arg[R_FLAGS] = RF_PREV_OK;
            } else {
                fr->arg[R_STEP]++;
            }
            return;
        }
        if (((s->flags & AEMBER_STEP_IF_YOU_DO) && !(flags & RF_PREV_OK)) ||
            !effects_cond(st, fr, s)) {
            effects_finish(rules, st, fr, false);
            return;
        }
        if ((s->flags & AEMBER_STEP_MAY) && !(flags & RF_ASKED)) {
            fr->arg[R_FLAGS] = (int16_t)(flags | RF_ASKED);
            if (carta_pending_push(&st->pending, AEMBER_FR_MAY, st->active))
                return;
            effects_finish(rules, st, fr, false); /* no room to ask: as if "no" */
            return;
        }
        if ((s->flags & AEMBER_STEP_MAY) && !(flags & RF_YES)) {
            effects_finish(rules, st, fr, false);
            return;
        }
        fr->arg[R_FLAGS] = (int16_t)(flags | RF_STARTED);
        fr->arg[R_COUNT] = 0;
        prog_set(fr, 0);
    }
    if (effects_needs_card_choice(s)) {
        int zone, zseat;
        effects_card_zone(fr, s, &zone, &zseat);
        int want = s->op == AEMBER_OP_PLAY ? 1 : effects_amount(fr, s);
        /* a hidden hand that is not the active player's is chosen from at random */
        if (zone == AEMBER_FROM_HAND && zseat != st->active) {
            aember_zone *h = &st->seat[zseat].hand;
            while (prog_of(fr) < want && h->n > 0) {
                effects_card_apply(rules, st, fr, s, zone, zseat,
                                   (int)carta_rng_below(&st->rng, h->n));
                prog_set(fr, prog_of(fr) + 1);
            }
        }
        if (prog_of(fr) < want && !(fr->arg[R_FLAGS] & RF_DONE) &&
            effects_card_candidates(rules, st, fr, s, NULL) > 0) {
            carta_pending *d = carta_pending_push(&st->pending, AEMBER_FR_CARD, st->active);
            if (d) {
                d->arg[0] = (int16_t)zone;
                d->arg[1] = (int16_t)zseat;
                return;
            }
        }
        effects_finish(rules, st, fr, s->op == AEMBER_OP_SEARCH || prog_of(fr) >= want);
        return;
    }
    effects_target_op(rules, st, fi, s);
}

/* ---- decisions ---- */

static int effects_pos_code(const aember_state *st, uint16_t uid, int *index)
{
    int seat, art, idx;
    if (!aember_find_uid_c(st, uid, &seat, &art, &idx))
        return -1;
    *index = idx;
    return (art ? AEMBER_POS_ARTIFACT : AEMBER_POS_LINE) + 2 * seat;
}

int aember_effect_choices(const carta_rules *rules, const aember_state *st, carta_action *out)
{
    const carta_pending *top = carta_pending_peek(&st->pending);
    int n = 0;
    if (!top)
        return 0;
    if (top->kind == AEMBER_FR_MAY) {
        out[n++] = AEMBER_ACT(AEMBER_A_YES, 0, 0, 0);
        out[n++] = AEMBER_ACT(AEMBER_A_NO, 0, 0, 0);
        return n;
    }
    const carta_pending *fr = &st->pending.frame[st->pending.n - 2];
    const aember_step *s = effects_step(rules, fr);
    if (!s)
        return 0;
    if (top->kind == AEMBER_FR_TARGET) {
        uint16_t cand[2 * (AEMBER_LINE_MAX + AEMBER_ARTIFACT_MAX)];
        int k = effects_candidates(rules, st, fr, s, cand);
        for (int i = 0; i < k; i++) {
            int idx = 0, code = effects_pos_code(st, cand[i], &idx);
            out[n++] = AEMBER_ACT(AEMBER_A_TARGET, code, idx, 0);
        }
        if (s->select == AEMBER_SEL_UP_TO)
            out[n++] = AEMBER_ACT(AEMBER_A_DONE, 0, 0, 0);
        return n;
    }
    if (top->kind == AEMBER_FR_CARD) {
        int zone = top->arg[0], zseat = top->arg[1];
        const aember_seat *p = &st->seat[zseat];
        const aember_zone *z = zone == AEMBER_FROM_HAND ? &p->hand
                               : zone == AEMBER_FROM_DECK ? &p->deck : &p->discard;
        for (int i = 0; i < z->n; i++) {
            uint16_t c = z->cards[i];
            if (c == AEMBER_UNKNOWN || !effects_card_ok(rules, s, c))
                continue;
            bool dup = false;
            for (int j = 0; j < i && !dup; j++)
                dup = z->cards[j] == c;
            if (!dup)
                out[n++] = AEMBER_ACT(AEMBER_A_PICK, zone, i, zseat);
        }
        if (s->op == AEMBER_OP_SEARCH)
            out[n++] = AEMBER_ACT(AEMBER_A_DONE, 0, 0, 0);
        return n;
    }
    return 0;
}

void aember_effect_choose(const carta_rules *rules, aember_state *st, carta_action action)
{
    carta_pending *top = carta_pending_top(&st->pending);
    int kind = AEMBER_ACT_KIND(action);
    int fi = st->pending.n - 2;
    carta_pending_pop(&st->pending);
    carta_pending *fr = &st->pending.frame[fi];
    (void)top;
    switch (kind) {
    case AEMBER_A_YES: fr->arg[R_FLAGS] |= RF_YES; break;
    case AEMBER_A_NO: break;
    case AEMBER_A_DONE: fr->arg[R_FLAGS] |= RF_DONE; break;
    case AEMBER_A_TARGET: {
        int code = AEMBER_ACT_A(action), idx = AEMBER_ACT_B(action);
        const aember_seat *p = &st->seat[code / 2];
        uint16_t uid = (code & 1) ? p->artifacts[idx].uid : p->line[idx].uid;
        aember_effect_choose_uid(rules, st, fi, uid);
        break;
    }
    case AEMBER_A_PICK: {
        const aember_step *s = effects_step(rules, fr);
        effects_card_apply(rules, st, fr, s, AEMBER_ACT_A(action), AEMBER_ACT_C(action),
                           AEMBER_ACT_B(action));
        prog_set(fr, prog_of(fr) + 1);
        break;
    }
    default: break;
    }
}

/* ---- handlers: card texts the vocabulary cannot say ---- */

/* "Gain 1 Æmber for each enemy creature" (amount per creature, default 1). */
static int handler_gain_per_enemy_creature(const carta_rules *rules, aember_state *st,
                                           carta_pending *fr, const aember_step *s,
                                           uint16_t target)
{
    (void)rules, (void)target;
    int n = st->seat[!fr->seat].n_line * (s->amount ? s->amount : 1);
    effects_gain(st, fr->seat, n, fr->arg[R_CARD]);
    return n;
}

/* "Steal half of your opponent's Æmber, rounded down." */
static int handler_steal_half(const carta_rules *rules, aember_state *st, carta_pending *fr,
                              const aember_step *s, uint16_t target)
{
    (void)rules, (void)s, (void)target;
    return effects_tell_steal(st, fr,
                              effects_move_aember(st, !fr->seat, fr->seat,
                                                  st->seat[!fr->seat].aember / 2));
}

/* "Deal damage to the target equal to this creature's power." */
static int handler_damage_equal_power(const carta_rules *rules, aember_state *st,
                                      carta_pending *fr, const aember_step *s, uint16_t target)
{
    (void)s;
    int seat, art, idx;
    if (!aember_find_uid(st, UID(fr->arg[R_SRC]), &seat, &art, &idx) || art || !target)
        return -1;
    return aember_deal_damage(rules, st, target, aember_power(rules, st, seat, idx), false,
                              fr->arg[R_CARD]);
}

/* "Each player discards down to the smaller hand" is not here; add handlers as cards need. */
typedef struct effects_handler_entry {
    const char *name;
    effects_handler_fn fn;
} effects_handler_entry;

static const effects_handler_entry handlers[] = {
    {"gain_per_enemy_creature", handler_gain_per_enemy_creature},
    {"steal_half", handler_steal_half},
    {"damage_equal_power", handler_damage_equal_power},
    {NULL, NULL},
};

int aember_handler_find(const char *name)
{
    for (int i = 0; handlers[i].name; i++)
        if (strcmp(handlers[i].name, name) == 0)
            return i;
    return -1;
}

static int effects_handler(const carta_rules *rules, aember_state *st, carta_pending *fr,
                           const aember_step *s, uint16_t target)
{
    return handlers[s->handler].fn(rules, st, fr, s, target);
}
