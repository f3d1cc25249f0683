/* fight.c: fighting (taunt, elusive, assault, hazardous, skirmish, poison, Before Fight: and
 * Fight: abilities) and reaping.
 *
 * A FIGHT frame's args: 0 attacker uid, 1 defender uid, 2 stage, 3 1 if the defender's elusive
 * cancels this fight, 4 the "before fight" parts done, 5 the part the active player chose to
 * resolve next (parts are bits 1 << AEMBER_ORDER_*: the attacker's assault, the defender's
 * hazardous, the attacker's Before Fight: abilities). Stages: 0 elusive; 1 the before-fight
 * parts, one per step, with an ORDER decision (its arg 0: the parts offered) when the order can
 * matter; 2 the fight damage; 3 Fight: abilities if the attacker survived. Destroyed creatures
 * are handled between steps (aember_check_destroyed) and a fight with a creature gone ends at
 * the next step, so "if this destroys the other creature, the rest of the fight does not
 * occur": the parts not yet resolved, the fight damage and Fight: abilities. */
#include "games/aember/aember.h"

#define UID(x) ((uint16_t)(x))

bool aember_can_attack(const carta_rules *rules, const aember_state *st, int seat, int di)
{
    int enemy = !seat;
    const aember_seat *e = &st->seat[enemy];
    if (di < 0 || di >= e->n_line || (e->line[di].flags & AEMBER_F_DYING))
        return false;
    if (aember_keywords(rules, st, enemy, di, NULL, NULL) & AEMBER_KW_TAUNT)
        return true;
    if (di > 0 && (aember_keywords(rules, st, enemy, di - 1, NULL, NULL) & AEMBER_KW_TAUNT))
        return false;
    if (di + 1 < e->n_line &&
        (aember_keywords(rules, st, enemy, di + 1, NULL, NULL) & AEMBER_KW_TAUNT))
        return false;
    return true;
}

void aember_fight_start(const carta_rules *rules, aember_state *st, uint16_t attacker,
                        uint16_t defender)
{
    (void)rules;
    int as, ds;
    aember_card_in_play *a = aember_find_uid(st, attacker, &as, NULL, NULL);
    const aember_card_in_play *d = aember_find_uid_c(st, defender, &ds, NULL, NULL);
    if (!a)
        return;
    a->flags |= AEMBER_F_EXHAUSTED;
    if (d)
        aember_tell(st, CARTA_EV_FIGHT, as, ds, a->card, d->card, 0, 0, 0);
    carta_pending *f = carta_pending_push(&st->pending, AEMBER_FR_FIGHT, st->active);
    if (!f)
        return;
    f->arg[0] = (int16_t)attacker;
    f->arg[1] = (int16_t)defender;
}

static bool fight_alive(const aember_card_in_play *c)
{
    return c && !(c->flags & (AEMBER_F_DYING | AEMBER_F_DOOMED));
}

static bool fight_has_before(const carta_rules *rules, const aember_card_in_play *c)
{
    const aember_card_def *def = aember_def(rules, c->card);
    if (def && (def->triggers & (1u << AEMBER_TRIG_BEFORE_FIGHT)))
        return true;
    for (int u = 0; u < c->n_upgrades; u++) {
        const aember_card_def *ud = aember_def(rules, c->upgrades[u] & ~AEMBER_UPGRADE_OWNER);
        if (ud && (ud->triggers & (1u << AEMBER_TRIG_BEFORE_FIGHT)))
            return true;
    }
    return false;
}

enum {
    PART_ASSAULT = 1 << AEMBER_ORDER_ASSAULT,
    PART_HAZARDOUS = 1 << AEMBER_ORDER_HAZARDOUS,
    PART_BEFORE = 1 << AEMBER_ORDER_BEFORE_FIGHT
};

/* The two creatures of a fight, found by uid (seat and battle-line index). */
typedef struct fight_sides {
    aember_card_in_play *a, *d;
    int as, ai, ds, di;
} fight_sides;

static bool fight_find(aember_state *st, const carta_pending *f, fight_sides *x)
{
    int art;
    x->a = aember_find_uid(st, UID(f->arg[0]), &x->as, &art, &x->ai);
    x->d = aember_find_uid(st, UID(f->arg[1]), &x->ds, &art, &x->di);
    return fight_alive(x->a) && fight_alive(x->d);
}

static int fight_assault(const carta_rules *rules, const aember_state *st, const fight_sides *x)
{
    int assault;
    uint16_t kw = aember_keywords(rules, st, x->as, x->ai, &assault, NULL);
    return (kw & AEMBER_KW_ASSAULT) && assault > 0 ? assault : 0;
}

static int fight_hazardous(const carta_rules *rules, const aember_state *st, const fight_sides *x)
{
    int hazardous;
    uint16_t kw = aember_keywords(rules, st, x->ds, x->di, NULL, &hazardous);
    return (kw & AEMBER_KW_HAZARDOUS) && hazardous > 0 ? hazardous : 0;
}

/* The before-fight parts that apply now and have not resolved yet; elusive cancels the damage
 * (the Before Fight: abilities still resolve). */
static int fight_parts(const carta_rules *rules, const aember_state *st, const carta_pending *f,
                       const fight_sides *x)
{
    int parts = 0;
    if (!f->arg[3] && fight_assault(rules, st, x))
        parts |= PART_ASSAULT;
    if (!f->arg[3] && fight_hazardous(rules, st, x))
        parts |= PART_HAZARDOUS;
    if (fight_has_before(rules, x->a))
        parts |= PART_BEFORE;
    return parts & ~f->arg[4];
}

/* Whether amount damage could destroy the creature at (seat, idx): what its armor leaves of it
 * reaches its power. */
static bool fight_lethal(const carta_rules *rules, const aember_state *st, int seat, int idx,
                         int amount)
{
    const aember_card_in_play *c = &st->seat[seat].line[idx];
    int left = aember_armor(rules, st, seat, idx) - c->armor_used;
    int dealt = amount - (left > 0 ? left : 0);
    return dealt > 0 && c->damage + dealt >= aember_power(rules, st, seat, idx);
}

/* The order can matter when two parts remain and one is a Before Fight: ability (it may change
 * anything) or one of the damages could destroy its creature (ending the fight before the
 * other). Otherwise damage to two creatures comes out the same in either order. */
static bool fight_order_matters(const carta_rules *rules, const aember_state *st,
                                const fight_sides *x, int parts)
{
    if (!(parts & (parts - 1)))
        return false;
    if (parts & PART_BEFORE)
        return true;
    return fight_lethal(rules, st, x->ds, x->di, fight_assault(rules, st, x)) ||
           fight_lethal(rules, st, x->as, x->ai, fight_hazardous(rules, st, x));
}

static void fight_resolve_part(const carta_rules *rules, aember_state *st, const carta_pending *f,
                               const fight_sides *x, int part)
{
    uint16_t au = UID(f->arg[0]), du = UID(f->arg[1]);
    if (part == PART_ASSAULT)
        aember_deal_damage(rules, st, du, fight_assault(rules, st, x), false, x->a->card);
    else if (part == PART_HAZARDOUS)
        aember_deal_damage(rules, st, au, fight_hazardous(rules, st, x), false, x->d->card);
    else
        aember_trigger_in_play(rules, st, au, AEMBER_TRIG_BEFORE_FIGHT, du);
}

/* Stage 1: resolves the next before-fight part (the one chosen, or the only one, or the first
 * of assault, hazardous, Before Fight: when the order cannot matter), or asks for the order. */
static void fight_before(const carta_rules *rules, aember_state *st, carta_pending *f,
                         const fight_sides *x)
{
    int parts = fight_parts(rules, st, f, x);
    if (!parts) {
        f->arg[2] = 2;
        return;
    }
    int next = f->arg[5] & parts;
    if (!next && fight_order_matters(rules, st, x, parts)) {
        carta_pending *o = carta_pending_push(&st->pending, AEMBER_FR_ORDER, st->active);
        if (o) {
            o->arg[0] = (int16_t)parts;
            return;
        }
    }
    if (!next)
        next = parts & -parts;
    f->arg[4] = (int16_t)(f->arg[4] | next);
    f->arg[5] = 0;
    fight_resolve_part(rules, st, f, x, next);
}

/* Stage 0: elusive. */
static void fight_begin(const carta_rules *rules, aember_state *st, carta_pending *f,
                        const fight_sides *x)
{
    uint16_t dkw = aember_keywords(rules, st, x->ds, x->di, NULL, NULL);
    f->arg[3] = (dkw & AEMBER_KW_ELUSIVE) && !(x->d->flags & AEMBER_F_ATTACKED);
    x->d->flags |= AEMBER_F_ATTACKED;
    if (f->arg[3])
        aember_tell(st, CARTA_EV_STATUS, x->ds, CARTA_EV_NO_SEAT, x->d->card, -1,
                    AEMBER_W_ELUSIVE, 0, 0);
    f->arg[4] = 0;
    f->arg[5] = 0;
    f->arg[2] = 1;
}

/* Stage 2: both deal damage equal to their power (none if elusive cancels the fight). */
static void fight_damage(const carta_rules *rules, aember_state *st, carta_pending *f,
                         const fight_sides *x)
{
    f->arg[2] = 3;
    if (f->arg[3])
        return;
    int ap = aember_power(rules, st, x->as, x->ai), dp = aember_power(rules, st, x->ds, x->di);
    uint16_t akw = aember_keywords(rules, st, x->as, x->ai, NULL, NULL);
    uint16_t dkw = aember_keywords(rules, st, x->ds, x->di, NULL, NULL);
    uint16_t acard = x->a->card, dcard = x->d->card; /* damage may move them in the line */
    aember_deal_damage(rules, st, UID(f->arg[1]), ap, (akw & AEMBER_KW_POISON) != 0, acard);
    if (!(akw & AEMBER_KW_SKIRMISH))
        aember_deal_damage(rules, st, UID(f->arg[0]), dp, (dkw & AEMBER_KW_POISON) != 0, dcard);
}

void aember_fight_step(const carta_rules *rules, aember_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    fight_sides x;
    bool both = fight_find(st, f, &x);
    if (f->arg[2] == 3) {
        uint16_t au = UID(f->arg[0]), du = UID(f->arg[1]);
        carta_pending_pop(&st->pending);
        if (fight_alive(x.a))
            aember_trigger_in_play(rules, st, au, AEMBER_TRIG_FIGHT, du);
        return;
    }
    if (!both) {
        carta_pending_pop(&st->pending);
        return;
    }
    switch (f->arg[2]) {
    case 0: fight_begin(rules, st, f, &x); return;
    case 1: fight_before(rules, st, f, &x); return;
    default: fight_damage(rules, st, f, &x); return;
    }
}

/* The choices of an ORDER decision: one per part offered. */
int aember_fight_order_choices(const carta_pending *order, carta_action *out)
{
    int n = 0;
    for (int part = AEMBER_ORDER_ASSAULT; part <= AEMBER_ORDER_BEFORE_FIGHT; part++)
        if (order->arg[0] & (1 << part))
            out[n++] = AEMBER_ACT(AEMBER_A_ORDER, part, 0, 0);
    return n;
}

/* The order decision: part (AEMBER_ORDER_*) resolves next. */
void aember_fight_order(aember_state *st, int part)
{
    carta_pending_pop(&st->pending);
    carta_pending *f = carta_pending_top(&st->pending);
    if (f && f->kind == AEMBER_FR_FIGHT)
        f->arg[5] = (int16_t)(1 << part);
}

void aember_reap(const carta_rules *rules, aember_state *st, uint16_t uid)
{
    int seat;
    aember_card_in_play *c = aember_find_uid(st, uid, &seat, NULL, NULL);
    if (!c)
        return;
    c->flags |= AEMBER_F_EXHAUSTED;
    int a = st->seat[seat].aember + 1;
    st->seat[seat].aember = (uint8_t)(a > 255 ? 255 : a);
    aember_tell(st, CARTA_EV_ACT, seat, CARTA_EV_NO_SEAT, c->card, -1, AEMBER_W_REAPS_WITH, 0, 0);
    aember_tell_aember(st, seat, a > 255 ? 0 : 1, -1);
    aember_trigger_in_play(rules, st, uid, AEMBER_TRIG_REAP, 0);
}
