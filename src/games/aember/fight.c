/* fight.c: fighting (taunt, elusive, assault, hazardous, skirmish, poison, Before Fight: and
 * Fight: abilities) and reaping.
 *
 * A FIGHT frame's args: 0 attacker uid, 1 defender uid, 2 stage, 3 1 if the defender's elusive
 * cancels this fight, 4 the order (0 assault/hazardous first, 1 Before Fight: first). Stages:
 * 0 elusive, and the order decision when it matters; 1 the first of keywords / Before Fight:;
 * 2 the second; 3 the fight damage; 4 Fight: abilities if the attacker survived; 5 waiting for
 * the order decision. Destroyed creatures are handled between stages (aember_check_destroyed),
 * so "if this destroys the other creature, the rest of the fight does not occur". */
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
    aember_card_in_play *a = aember_find_uid(st, attacker, NULL, NULL, NULL);
    if (!a)
        return;
    a->flags |= AEMBER_F_EXHAUSTED;
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

/* Assault (attacker's) and hazardous (defender's) damage, unless elusive cancels the fight. */
static void fight_keywords(const carta_rules *rules, aember_state *st, carta_pending *f)
{
    uint16_t au = UID(f->arg[0]), du = UID(f->arg[1]);
    int as, ai, ds, di;
    if (f->arg[3] || !aember_find_uid(st, au, &as, NULL, &ai) ||
        !aember_find_uid(st, du, &ds, NULL, &di))
        return;
    int assault, hazardous;
    uint16_t akw = aember_keywords(rules, st, as, ai, &assault, NULL);
    uint16_t dkw = aember_keywords(rules, st, ds, di, NULL, &hazardous);
    if ((akw & AEMBER_KW_ASSAULT) && assault > 0)
        aember_deal_damage(rules, st, du, assault, false);
    if ((dkw & AEMBER_KW_HAZARDOUS) && hazardous > 0)
        aember_deal_damage(rules, st, au, hazardous, false);
}

/* Stage 0: elusive, and the order decision if the keywords and Before Fight: both apply. */
static void fight_begin(const carta_rules *rules, aember_state *st, carta_pending *f,
                        aember_card_in_play *a, int as, int ai, aember_card_in_play *d, int ds,
                        int di)
{
    int assault, hazardous;
    aember_keywords(rules, st, as, ai, &assault, NULL);
    uint16_t akw = aember_keywords(rules, st, as, ai, NULL, NULL);
    uint16_t dkw = aember_keywords(rules, st, ds, di, NULL, &hazardous);
    bool elusive = (dkw & AEMBER_KW_ELUSIVE) && !(d->flags & AEMBER_F_ATTACKED);
    d->flags |= AEMBER_F_ATTACKED;
    f->arg[3] = elusive;
    f->arg[4] = 0;
    bool keywords = ((akw & AEMBER_KW_ASSAULT) && assault > 0) ||
                    ((dkw & AEMBER_KW_HAZARDOUS) && hazardous > 0);
    if (!elusive && keywords && fight_has_before(rules, a)) {
        if (carta_pending_push(&st->pending, AEMBER_FR_ORDER, st->active)) {
            f->arg[2] = 5;
            return;
        }
    }
    f->arg[2] = 1;
}

void aember_fight_step(const carta_rules *rules, aember_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    uint16_t au = UID(f->arg[0]), du = UID(f->arg[1]);
    int as, ai, ds, di, art;
    aember_card_in_play *a = aember_find_uid(st, au, &as, &art, &ai);
    aember_card_in_play *d = aember_find_uid(st, du, &ds, &art, &di);
    int stage = f->arg[2];
    if (stage == 4) {
        carta_pending_pop(&st->pending);
        if (fight_alive(a))
            aember_trigger_in_play(rules, st, au, AEMBER_TRIG_FIGHT, du);
        return;
    }
    if (!fight_alive(a) || !fight_alive(d)) {
        carta_pending_pop(&st->pending);
        return;
    }
    switch (stage) {
    case 0: fight_begin(rules, st, f, a, as, ai, d, ds, di); return;
    case 1:
    case 2:
        f->arg[2] = (int16_t)(stage + 1);
        if ((stage == 1) == (f->arg[4] == 0))
            fight_keywords(rules, st, f);
        else
            aember_trigger_in_play(rules, st, au, AEMBER_TRIG_BEFORE_FIGHT, du);
        return;
    case 3: break;
    default: return; /* 5: waiting for the order decision */
    }
    /* stage 3: both deal damage equal to their power */
    f->arg[2] = 4;
    if (f->arg[3])
        return; /* elusive: no damage either way */
    int ap = aember_power(rules, st, as, ai), dp = aember_power(rules, st, ds, di);
    uint16_t akw = aember_keywords(rules, st, as, ai, NULL, NULL);
    uint16_t dkw = aember_keywords(rules, st, ds, di, NULL, NULL);
    aember_deal_damage(rules, st, du, ap, (akw & AEMBER_KW_POISON) != 0);
    if (!(akw & AEMBER_KW_SKIRMISH))
        aember_deal_damage(rules, st, au, dp, (dkw & AEMBER_KW_POISON) != 0);
}

/* The order decision: a = 0 keywords first, 1 Before Fight: first. */
void aember_fight_order(aember_state *st, int before_fight_first)
{
    carta_pending_pop(&st->pending);
    carta_pending *f = carta_pending_top(&st->pending);
    if (f && f->kind == AEMBER_FR_FIGHT) {
        f->arg[4] = (int16_t)before_fight_first;
        f->arg[2] = 1;
    }
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
    aember_trigger_in_play(rules, st, uid, AEMBER_TRIG_REAP, 0);
}
