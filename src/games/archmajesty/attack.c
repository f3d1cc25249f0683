/* attack.c: attacks and damage (CARD BREAKDOWN: Attack Entry, Multi-Attacks, Damage Entry,
 * Elemental Damage; Hit Points & Armour Points; Knocked Out). An attack is a frame that opens a
 * window before its roll and one after (R16), rolls each target (D20 + attribute + X against
 * Defence + Guard), then deals damage to each target hit. */
#include "games/archmajesty/archmajesty.h"

#include <string.h>

#include "core/assert.h"

static int attack_max(int a, int b) { return a > b ? a : b; }

int am_attr(const carta_rules *r, const am_state *st, int ch, int roll)
{
    const am_char *c = &st->ch[ch];
    const int8_t *attr = c->side == AM_ALLIES && !c->minion ? st->mage[c->mage].attr
                                                            : am_enemy_of(r, c->def)->attr;
    switch (roll) {
    case AM_ROLL_MIGHT: return attr[AM_MIGHT];
    case AM_ROLL_AGILITY: return attr[AM_AGILITY];
    case AM_ROLL_WILL: return attr[AM_WILL];
    case AM_ROLL_ANY: return attack_max(attr[AM_MIGHT], attack_max(attr[AM_AGILITY],
                                                                    attr[AM_WILL])); /* R48 */
    default: return 0;
    }
}

/* Defence: 10 + the points invested (Step 1) + armour; an enemy's from its template. */
int am_defence(const carta_rules *r, const am_state *st, int ch)
{
    const am_char *c = &st->ch[ch];
    int lasting = am_smoke_bonus(st, ch) + am_lasting_defence(st, ch);
    if (c->side == AM_ENEMIES || c->minion) /* a minion's from its sheet */
        return am_enemy_of(r, c->def)->defence + lasting;
    const am_mage *g = &st->mage[c->mage];
    int def = 10 + g->attr[AM_DEFENCE] + lasting;
    for (int i = 0; i < g->n_items; i++)
        def += am_thing_of(r, g->item[i])->defence;
    return def;
}

/* Whether s, used by ch, can reach target: within range ("Melee": within 1 square, R14), in line
 * of sight (R88, R89), and a melee attack across layers only on a shared square (Grounded &
 * Airborne). */
int am_reaches(const carta_rules *r, const am_state *st, int ch, const am_spell *s, int target)
{
    (void)r;
    const am_char *a = &st->ch[ch], *t = &st->ch[target];
    if (t->flags & (AM_C_KO | AM_C_GONE))
        return 0;
    int d = am_char_dist(st, ch, target); /* a Large one's nearest square (R123, R124) */
    if (d > s->range || !am_char_sight(st, ch, target))
        return 0;
    return !s->melee || d == 0 || !(a->flags & AM_C_AIRBORNE) == !(t->flags & AM_C_AIRBORNE);
}

/* A D20: the next forced result of a scenario, else the PRNG. */
static int attack_d20(am_state *st)
{
    if (st->n_dice) {
        int v = st->dice[0];
        memmove(st->dice, st->dice + 1, AM_DICE - 1);
        st->dice[AM_DICE - 1] = 0;
        st->n_dice--;
        return v;
    }
    return 1 + (int)carta_rng_below(&st->rng, 20);
}

/* The character's card for events: an enemy's template, else none (the seat names the mage). */
static int attack_card_of(const am_state *st, int ch)
{
    return st->ch[ch].side == AM_ENEMIES || st->ch[ch].minion ? st->ch[ch].def : -1;
}

/* ---- damage ---- */

/* Resistant takes half, weak double (R24: both, neither), rounded down (R1). */
static int attack_elemental(const carta_rules *r, const am_state *st, int ch, int amount,
                            uint32_t types)
{
    const am_char *c = &st->ch[ch];
    uint32_t resist = 0, weak = 0;
    if (c->side == AM_ENEMIES || c->minion) {
        resist = am_enemy_of(r, c->def)->resist | (c->minion ? am_minion_resist(r, c->def) : 0);
        weak = am_enemy_of(r, c->def)->weak;
    } else {
        const am_mage *g = &st->mage[c->mage];
        for (int i = 0; i < g->n_abilities; i++)
            resist |= am_thing_of(r, g->ability[i])->resist;
    }
    int res = (resist & types) != 0, wk = (weak & types) != 0;
    return res && !wk ? amount / 2 : wk && !res ? amount * 2 : amount;
}

/* Damage after resistance and weakness: armour points first unless piercing, then HP. */
static int attack_deal(const carta_rules *r, am_state *st, int ch, int amount, int piercing,
                       int source)
{
    am_char *c = &st->ch[ch];
    int was_bloodied = am_bloodied(st, ch);
    int to_ap = piercing ? 0 : (amount < c->ap ? amount : c->ap);
    c->ap = (int16_t)(c->ap - to_ap);
    int to_hp = amount - to_ap > c->hp ? c->hp : amount - to_ap;
    c->hp = (int16_t)(c->hp - to_hp);
    carta_event_add(&st->events, CARTA_EV_DAMAGE, am_seat_of(st, ch), -1, attack_card_of(st, ch),
                    CARTA_SEEN_ALL, source, 0, amount, 0);
    if (to_ap)
        am_tell(st, ch, AM_W_AP_LOST, to_ap, c->ap);
    if (!was_bloodied && am_bloodied(st, ch) && c->hp > 0)
        am_tell(st, ch, AM_W_BLOODIED, c->hp, 0);
    if (c->hp == 0 && !(c->flags & AM_C_KO) && !am_zero_hp_offer(r, st, ch))
        am_knock_out(r, st, ch);
    return amount;
}

int am_damage(const carta_rules *r, am_state *st, int ch, int amount, uint32_t types,
              int piercing, int source)
{
    return attack_deal(r, st, ch, attack_elemental(r, st, ch, amount, types), piercing, source);
}

void am_knock_out(const carta_rules *r, am_state *st, int ch)
{
    am_char *c = &st->ch[ch];
    c->flags |= AM_C_KO;
    am_tell(st, ch, AM_W_KNOCKED_OUT, 0, 0);
    am_scrap_spill(st, ch); /* SCRAP: what it carried lies on its square (R110) */
    for (int i = 0; i < st->n_chars; i++) /* TAUNT: "If you are defeated, any enemies you
                                             taunted cease to be taunted" (R87) */
        if (st->ch[i].taunter == ch + 1)
            st->ch[i].taunter = 0;
    if (c->minion) { /* a minion at 0 HP is defeated and removed (R97) */
        am_minion_defeated(st, ch);
    } else if (c->rank <= AM_REGULAR) { /* R26 */
        c->flags |= AM_C_GONE;
        am_tell(st, ch, AM_W_REMOVED, 0, 0);
    }
    am_check_end(r, st); /* R57: the encounter ends as soon as a side is down */
}

void am_heal(am_state *st, int ch, int amount)
{
    am_char *c = &st->ch[ch];
    if (c->flags & AM_C_GONE)
        return;
    int healed = c->hp + amount > c->hp_max ? c->hp_max - c->hp : amount; /* R11 */
    c->hp = (int16_t)(c->hp + healed);
    if (c->hp > 0)
        c->flags &= (uint8_t)~AM_C_KO;
    if (healed) /* at full health there is nothing to tell */
        carta_event_add(&st->events, CARTA_EV_HEAL, am_seat_of(st, ch), -1,
                        attack_card_of(st, ch), CARTA_SEEN_ALL, -1, 0, healed, c->hp);
}

/* ---- the attack ---- */

void am_attack_declare(const carta_rules *r, am_state *st, int attacker, const am_spell *s,
                       int templ, int stage, const uint8_t *targets, int n)
{
    CARTA_ASSERT(st->n_attacks < AM_ATTACKS && n > 0 && n <= AM_TARGETS);
    int slot = st->n_attacks++;
    am_attack *a = &st->attack[slot];
    memset(a, 0, sizeof *a);
    a->attacker = (uint8_t)attacker;
    a->source = s->id;
    a->templ = (uint8_t)templ;
    a->stage = (uint8_t)stage;
    a->n = (uint8_t)n;
    for (int i = 0; i < n; i++)
        a->roll[i].target = targets[i];
    carta_pending *f = carta_pending_push(&st->pending, AM_F_ATTACK, am_seat_of(st, attacker));
    f->arg[0] = (int16_t)slot;
    for (int i = 0; i < n; i++)
        am_tell(st, targets[i], AM_W_ATTACKS, 0, 0);
    carta_action buf[AM_TARGETS + 1];
    carta_pending probe = {.kind = AM_F_ALTERNATE, .arg = {(int16_t)slot}};
    if (s->alt_status && am_alternate_actions(r, st, &probe, buf) > 1) {
        carta_pending *alt = carta_pending_push(&st->pending, AM_F_ALTERNATE,
                                                am_seat_of(st, attacker));
        alt->arg[0] = (int16_t)slot;
    }
    am_emotion_offer(r, st, slot);
    am_opportunity_attacked(r, st, slot); /* OPPORTUNITY: targeting a mage or its ally (R117) */
    am_minion_attacked(r, st, slot);      /* Minion Abilities: "when an attack targets you" */
}

/* Alternate Exploit Effects: as its attack is declared, a card may exploit one counter of its
 * status on a target for +X/+Y instead of the status's own effect ("you do not resolve its
 * default exploit effect"); never on an ally (STATUS EFFECTS). */
int am_alternate_actions(const carta_rules *r, const am_state *st, const carta_pending *f,
                         carta_action *out)
{
    const am_attack *a = &st->attack[f->arg[0]];
    const am_spell *s = am_attack_spell(r, a);
    int n = 0, status = s->alt_status - 1;
    for (int i = 0; i < a->n; i++) {
        const am_char *t = &st->ch[a->roll[i].target];
        if (t->status[status] && t->side != st->ch[a->attacker].side)
            out[n++] = AM_ACT(AM_A_ALTERNATE, i, 0);
    }
    out[n++] = AM_ACT(AM_A_NO_ALTERNATE, 0, 0);
    return n;
}

void am_alternate_apply(const carta_rules *r, am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    am_attack *at = &st->attack[f->arg[0]];
    const am_spell *s = am_attack_spell(r, at);
    carta_pending_pop(&st->pending);
    if (AM_KIND(a) != AM_A_ALTERNATE)
        return;
    int t = at->roll[AM_A(a)].target, status = s->alt_status - 1;
    st->ch[t].status[status]--;
    at->alt_x = s->alt_x;
    at->alt_y = s->alt_y;
    am_tell(st, t, AM_W_ALTERNATE + status, s->alt_x, s->alt_y);
}

/* The spell an attack comes from: a card, an enemy's template, or a basic attack. */
const am_spell *am_attack_spell(const carta_rules *r, const am_attack *a)
{
    if (a->templ >= 0x80)
        return &r->basic[a->templ & 1];
    const am_enemy *e = am_enemy_of(r, a->source);
    if (e)
        return &r->spell[e->templ[a->templ]];
    if (am_type_of(r, a->source) == AM_T_ABILITY) /* a minion's active ability (R143) */
        return &r->spell[am_thing_of(r, a->source)->effect - 1];
    return am_choice_variant(r, am_spell_of(r, a->source), a->variant); /* CHOICE (R111) */
}

/* A target still to be attacked: in reach, or for an area's attack still within the area, in
 * sight or not (Line of Sight: "you can target any character or object within that area even if
 * they might not be within line of sight"). */
static int attack_in_reach(const carta_rules *r, const am_state *st, const am_attack *a,
                           const am_spell *s, int target)
{
    if (!a->area_wh)
        return am_reaches(r, st, a->attacker, s, target);
    return !(st->ch[target].flags & (AM_C_KO | AM_C_GONE)) &&
           am_area_holds_char(st, a->area_at, a->area_wh, target);
}

/* Step 1: each target re-checked (R17), then rolled, or fixed (R19). */
static void attack_roll(const carta_rules *r, am_state *st, am_attack *a, const am_spell *s)
{
    for (int i = 0; i < a->n; i++) {
        am_roll *ro = &a->roll[i];
        if (a->chain ? !am_chain_reaches(st, a, ro->target) /* CHAIN: from the last (R112) */
                     : !attack_in_reach(r, st, a, s, ro->target)) {
            ro->flags |= AM_R_GONE;
            am_tell(st, ro->target, AM_W_OUT_OF_REACH, 0, 0);
            continue;
        }
        if (s->roll == AM_ROLL_AUTO)
            continue;
        if (!(ro->flags & AM_R_FIXED))
            ro->natural = (uint8_t)attack_d20(st);
        ro->flags |= AM_R_ROLLED;
        carta_event_add(&st->events, CARTA_EV_ROLL, am_seat_of(st, a->attacker), -1, -1, 0, -1,
                        AM_W_AN_ATTACK, 0, ro->natural);
    }
}

/* The final result of roll i (natural + attribute + X), to meet Defence + Guard; an automatic
 * hit always meets it unless guarded or protected, when it is a natural 20 + X (R21). */
static int attack_final(const carta_rules *r, const am_state *st, const am_attack *a,
                        const am_spell *s, int i)
{
    const am_roll *ro = &a->roll[i];
    int x, y;
    am_lasting_boost(st, a->attacker, &x, &y);
    x += (am_bloodied(st, ro->target) ? s->bx : 0) + am_steady_aim(st, a->attacker, ro->target);
    x += am_vulnerable(st, ro->target) ? s->vx : 0;
    if (s->roll == AM_ROLL_AUTO)
        return ro->guard ? 20 + s->x + a->alt_x + x : 999;
    return ro->natural + am_attr(r, st, a->attacker, s->roll) + s->x + a->alt_x + x;
}

/* CRITICAL/X: a natural X or more, never on an automatic hit; the roll counts as exploited by
 * Empower, its one exploit (R82). */
static int attack_critical(const am_spell *s, const am_roll *ro)
{
    return s->crit && s->roll != AM_ROLL_AUTO && (ro->flags & AM_R_ROLLED) &&
           ro->natural >= s->crit;
}

/* KNELL/X: the attack's Knell, every source added ("Multiple sources of Knell stack"): the card's
 * keywords and its weapon's (s as channelled), and the attacking mage's abilities. */
static int attack_knell_of(const carta_rules *r, const am_state *st, int attacker,
                           const am_spell *s)
{
    int knell = s->knell;
    const am_char *c = &st->ch[attacker];
    if (c->side == AM_ALLIES && !c->minion)
        for (int i = 0; i < st->mage[c->mage].n_abilities; i++)
            knell += am_thing_of(r, st->mage[c->mage].ability[i])->knell;
    return knell;
}

/* KNELL/X: "if it reduces an enemy X or less HP, you deal bonus damage equal to the amount you
 * would need to reduce them to 0 HP" (R80): the hit took HP (hp was before it) and left 1..X, so
 * the rest of its HP is dealt, past armour, resistance and Weaken. */
static void attack_knell(const carta_rules *r, am_state *st, const am_attack *a,
                         const am_spell *s, int target, int hp, int source)
{
    const am_char *t = &st->ch[target];
    int knell = attack_knell_of(r, st, a->attacker, s);
    if (!knell || t->side == st->ch[a->attacker].side || t->hp >= hp || t->hp <= 0 ||
        t->hp > knell || (t->flags & (AM_C_KO | AM_C_GONE)) || st->phase == AM_P_OVER)
        return;
    am_tell(st, target, AM_W_KNELL, knell, t->hp);
    attack_deal(r, st, target, t->hp, 1, source);
}

/* Damage of one hit (R23): the entry + attribute + Y (+10 on a Critical), halved if the attacker
 * is Weakened, then the target's resistance or weakness. */
static void attack_damage(const carta_rules *r, am_state *st, am_attack *a, const am_spell *s,
                          int i)
{
    if (!s->dmg)
        return;
    const am_roll *ro = &a->roll[i];
    int x, y;
    am_lasting_boost(st, a->attacker, &x, &y);
    y += am_bloodied(st, ro->target) ? s->by : 0;
    y += am_vulnerable(st, ro->target) ? s->vy : 0;
    int amount = s->dmg + am_attr(r, st, a->attacker, s->dmg_attr) + s->y + a->alt_y + y;
    /* CRITICAL/X: as if exploited by an Empower counter; Empower: "On hit: That attack gains a
     * +0/+10 bonus. (You may only exploit Empower once per attack.)" (R82) */
    amount += attack_critical(s, ro) || a->empowered ? 10 : 0;
    if (st->ch[a->attacker].flags & AM_C_WEAKENED)
        amount /= 2;
    if (amount < 0)
        amount = 0;
    int piercing = (s->keywords & AM_K_PIERCING) || (st->ch[ro->target].flags & AM_C_EXPOSED);
    int source = a->templ >= 0x80 ? -1 : a->source, hp = st->ch[ro->target].hp;
    am_damage(r, st, ro->target, amount, s->types, piercing, source);
    attack_knell(r, st, a, s, ro->target, hp, source);
}

void am_attack_step(const carta_rules *r, am_state *st, carta_pending *f)
{
    int slot = f->arg[0];
    am_attack *a = &st->attack[slot];
    am_spell buf;
    const am_spell *s = am_channelled(r, st, a->attacker, am_attack_spell(r, a), a->channel, &buf);
    if (st->ch[a->attacker].flags & AM_C_KO) { /* Knocked Out: "cannot take actions" */
        a->hits = 0;
        carta_pending_pop(&st->pending);
        return;
    }
    switch (a->step) {
    case 0: /* the window before the roll */
        a->step = 1;
        am_window_open(r, st, slot, am_seat_of(st, a->attacker));
        return;
    case 1: /* the roll, then the window after it */
        attack_roll(r, st, a, s);
        a->step = 2;
        am_window_open(r, st, slot, am_seat_of(st, a->attacker));
        return;
    case 2: /* hits, then Empower on hit (R10) */
        for (int i = 0; i < a->n; i++) {
            am_roll *ro = &a->roll[i];
            if (ro->flags & AM_R_GONE)
                continue;
            if (ro->flags & AM_R_PARRIED) {
                am_tell(st, ro->target, AM_W_PARRIED, 0, 0);
                continue;
            }
            int final = attack_final(r, st, a, s, i), def = am_defence(r, st, ro->target) +
                                                           ro->guard;
            if (final < def) {
                am_tell(st, ro->target, AM_W_MISSED, final, def);
                continue;
            }
            ro->flags |= AM_R_HIT;
            a->hits++;
            if (s->roll == AM_ROLL_AUTO && !ro->guard)
                am_tell(st, ro->target, AM_W_AUTO_HIT, 0, 0);
            else
                am_tell(st, ro->target, AM_W_HIT, final, def);
        }
        a->step = 3;
        if (a->hits)
            am_rooted_fury(r, st, a->attacker, s);
        am_minion_hit(r, st, slot);
        am_ichor_offer(r, st, slot, s);
        int plain = 0; /* hits not critical: Empower may still add to them (R82) */
        for (int i = 0; i < a->n; i++)
            plain += (a->roll[i].flags & AM_R_HIT) && !attack_critical(s, &a->roll[i]);
        if (plain && s->dmg && st->ch[a->attacker].status[AM_EMPOWER] &&
            !(st->ch[a->attacker].flags & AM_C_KO)) {
            carta_pending *e = carta_pending_push(&st->pending, AM_F_EMPOWER,
                                                  am_seat_of(st, a->attacker));
            e->arg[0] = (int16_t)slot;
        }
        return;
    default: /* damage to each target hit; the frame goes first, so a 0 HP decision comes next */
        carta_pending_pop(&st->pending);
        for (int i = 0; i < a->n && st->phase != AM_P_OVER; i++) {
            am_roll *ro = &a->roll[i];
            if (!(ro->flags & AM_R_HIT))
                continue;
            attack_damage(r, st, a, s, i);
            st->ch[ro->target].flags &= (uint8_t)~AM_C_EXPOSED;
            am_oil_hit(r, st, slot, i);
        }
        st->ch[a->attacker].flags &= (uint8_t)~AM_C_WEAKENED;
        a->step = 4;
        if (st->phase != AM_P_OVER)
            am_check_end(r, st);
        return;
    }
}

/* AUTOMATIC PARRY: "that attack fails to resolve even if it would normally hit" (R83). The
 * innermost attack of the other side with a roll on ch not yet judged; an Overwhelm attack (or
 * an Exposed target's) cannot be parried. */
void am_parry_auto(const carta_rules *r, am_state *st, int ch)
{
    for (int k = st->n_attacks - 1; k >= 0; k--) {
        am_attack *a = &st->attack[k];
        int on_ch = 0;
        for (int i = 0; i < a->n; i++)
            on_ch |= a->roll[i].target == ch;
        if (a->step > 2 || !on_ch || st->ch[a->attacker].side == st->ch[ch].side)
            continue;
        if ((am_attack_spell(r, a)->keywords & AM_K_OVERWHELM) ||
            (st->ch[ch].flags & AM_C_EXPOSED))
            return; /* OVERWHELM: "cannot guard, become protected, or parry against it" */
        for (int i = 0; i < a->n; i++)
            if (a->roll[i].target == ch)
                a->roll[i].flags |= AM_R_PARRIED;
        carta_event_add(&st->events, CARTA_EV_NOTE, am_seat_of(st, ch), -1, -1, CARTA_SEEN_ALL,
                        -1, AM_W_AUTO_PARRY, 0, 0);
        return;
    }
}

/* An enemy's Main Phase: attack with a template it has used fewer than 3 times this round (R54),
 * while it has attacks left this turn and a target in reach. */
int am_enemy_actions(const carta_rules *r, const am_state *st, int ch, carta_action *out)
{
    const am_char *c = &st->ch[ch];
    const am_enemy *e = am_enemy_of(r, c->def);
    int n = 0;
    if (!c->attacks_left || (c->flags & AM_C_KO))
        return 0;
    for (int t = 0; t < e->n_templates; t++) {
        if (c->uses[t] >= 3)
            continue;
        const am_spell *s = &r->spell[e->templ[t]];
        if (s->n_ops && s->op[0].kind == AM_OP_AREA) { /* an area template (R90) */
            if (am_area_offered(r, st, ch, e->templ[t], 0))
                out[n++] = AM_ACT(AM_A_ATTACK, t, 0);
            continue;
        }
        if (am_enemy_can_reach(r, st, ch, s))
            out[n++] = AM_ACT(AM_A_ATTACK, t, 0);
    }
    return n;
}

/* Mages and minions alike are in an enemy's reach (Targeting Specifics: minions are allies). */
int am_enemy_can_reach(const carta_rules *r, const am_state *st, int ch, const am_spell *s)
{
    for (int i = 0; i < st->n_chars; i++)
        if (st->ch[i].side != st->ch[ch].side && am_reaches(r, st, ch, s, i))
            return 1;
    return 0;
}

/* Empower on hit: exploit one counter for +0/+10, once per attack (R10), or keep it. */
void am_empower_apply(am_state *st, carta_action a)
{
    carta_pending *f = carta_pending_top(&st->pending);
    am_attack *at = &st->attack[f->arg[0]];
    carta_pending_pop(&st->pending);
    if (AM_KIND(a) != AM_A_EMPOWER)
        return;
    st->ch[at->attacker].status[AM_EMPOWER]--;
    at->empowered = 1;
    am_tell(st, at->attacker, AM_W_EXPLOITED + AM_EMPOWER,
            st->ch[at->attacker].status[AM_EMPOWER], 0);
}
