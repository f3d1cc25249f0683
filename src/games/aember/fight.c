/* fight.c: fighting (taunt, elusive, assault, hazardous, skirmish, poison, Before Fight: and
 * Fight: abilities) and reaping.
 *
 * A FIGHT frame's args: 0 attacker uid, 1 defender uid, 2 stage, 3 1 if the defender's elusive
 * cancels this fight. Stages: 0 elusive, assault and hazardous; 1 Before Fight: abilities;
 * 2 the fight damage; 3 Fight: abilities if the attacker survived. Destroyed creatures are
 * handled between stages (aember_check_destroyed), so "if this destroys the other creature, the
 * rest of the fight does not occur". */
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

void aember_fight_step(const carta_rules *rules, aember_state *st)
{
    carta_pending *f = carta_pending_top(&st->pending);
    uint16_t au = UID(f->arg[0]), du = UID(f->arg[1]);
    int as, ai, ds, di, art;
    aember_card_in_play *a = aember_find_uid(st, au, &as, &art, &ai);
    aember_card_in_play *d = aember_find_uid(st, du, &ds, &art, &di);
    int stage = f->arg[2];
    if (stage == 3) {
        carta_pending_pop(&st->pending);
        if (fight_alive(a))
            aember_trigger_in_play(rules, st, au, AEMBER_TRIG_FIGHT, du);
        return;
    }
    if (!fight_alive(a) || !fight_alive(d)) {
        carta_pending_pop(&st->pending);
        return;
    }
    if (stage == 0) {
        int assault, hazardous;
        aember_keywords(rules, st, as, ai, &assault, NULL);
        uint16_t dkw = aember_keywords(rules, st, ds, di, NULL, &hazardous);
        bool elusive = (dkw & AEMBER_KW_ELUSIVE) && !(d->flags & AEMBER_F_ATTACKED);
        d->flags |= AEMBER_F_ATTACKED;
        f->arg[3] = elusive;
        if (!elusive) {
            uint16_t akw = aember_keywords(rules, st, as, ai, NULL, NULL);
            if ((akw & AEMBER_KW_ASSAULT) && assault > 0)
                aember_deal_damage(rules, st, du, assault, false);
            if ((dkw & AEMBER_KW_HAZARDOUS) && hazardous > 0)
                aember_deal_damage(rules, st, au, hazardous, false);
        }
        f->arg[2] = 1;
        return;
    }
    if (stage == 1) {
        f->arg[2] = 2;
        aember_trigger_in_play(rules, st, au, AEMBER_TRIG_BEFORE_FIGHT, du);
        return;
    }
    /* stage 2: both deal damage equal to their power */
    f->arg[2] = 3;
    if (f->arg[3])
        return; /* elusive: no damage either way */
    int ap = aember_power(rules, st, as, ai), dp = aember_power(rules, st, ds, di);
    uint16_t akw = aember_keywords(rules, st, as, ai, NULL, NULL);
    uint16_t dkw = aember_keywords(rules, st, ds, di, NULL, NULL);
    aember_deal_damage(rules, st, du, ap, (akw & AEMBER_KW_POISON) != 0);
    if (!(akw & AEMBER_KW_SKIRMISH))
        aember_deal_damage(rules, st, au, dp, (dkw & AEMBER_KW_POISON) != 0);
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
