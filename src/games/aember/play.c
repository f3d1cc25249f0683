/* play.c: cards in play: placing, finding, power/armor/keywords with constant effects, damage,
 * destruction and leaving play. */
#include "games/aember/aember.h"

#include <string.h>

#include "core/assert.h"

aember_card_in_play *aember_state_place(const carta_rules *rules, aember_state *st, int seat,
                                        uint16_t card, int flank, int exhausted)
{
    const aember_card_def *def = aember_def(rules, card);
    aember_seat *s = &st->seat[seat];
    aember_card_in_play *c;
    if (!def)
        return NULL;
    if (def->type == AEMBER_CREATURE) {
        if (s->n_line >= AEMBER_LINE_MAX)
            return NULL;
        if (flank == AEMBER_FLANK_LEFT) {
            memmove(&s->line[1], &s->line[0], (size_t)s->n_line * sizeof s->line[0]);
            c = &s->line[0];
        } else {
            c = &s->line[s->n_line];
        }
        s->n_line++;
    } else if (def->type == AEMBER_ARTIFACT) {
        if (s->n_artifacts >= AEMBER_ARTIFACT_MAX)
            return NULL;
        c = &s->artifacts[s->n_artifacts++];
    } else {
        return NULL;
    }
    memset(c, 0, sizeof *c);
    c->card = card;
    c->uid = ++st->next_uid;
    if (c->uid == 0)
        c->uid = ++st->next_uid;
    c->owner = (uint8_t)seat;
    c->flags = exhausted ? AEMBER_F_EXHAUSTED : 0;
    return c;
}

const aember_card_in_play *aember_find_uid_c(const aember_state *st, uint16_t uid, int *seat,
                                             int *is_artifact, int *index)
{
    if (uid == 0)
        return NULL;
    for (int p = 0; p < AEMBER_SEATS; p++) {
        const aember_seat *s = &st->seat[p];
        for (int i = 0; i < s->n_line; i++)
            if (s->line[i].uid == uid) {
                if (seat)
                    *seat = p;
                if (is_artifact)
                    *is_artifact = 0;
                if (index)
                    *index = i;
                return &s->line[i];
            }
        for (int i = 0; i < s->n_artifacts; i++)
            if (s->artifacts[i].uid == uid) {
                if (seat)
                    *seat = p;
                if (is_artifact)
                    *is_artifact = 1;
                if (index)
                    *index = i;
                return &s->artifacts[i];
            }
    }
    return NULL;
}

aember_card_in_play *aember_find_uid(aember_state *st, uint16_t uid, int *seat, int *is_artifact,
                                     int *index)
{
    return (aember_card_in_play *)aember_find_uid_c(st, uid, seat, is_artifact, index);
}

/* ---- constant effects ---- */

/* Whether a constant step of a card at (sseat, sart, sidx) applies to creature (seat, idx).
 * Filters on power use printed power plus counters (no recursion into constants). */
static bool play_constant_hits(const carta_rules *rules, const aember_state *st,
                               const aember_step *s, int sseat, int sart, int sidx, int seat,
                               int idx)
{
    const aember_card_in_play *c = &st->seat[seat].line[idx];
    if (s->select == AEMBER_SEL_SELF)
        return !sart && sseat == seat && sidx == idx;
    if (s->kind == AEMBER_KIND_ARTIFACT)
        return false;
    if (s->side == AEMBER_SIDE_FRIENDLY && seat != sseat)
        return false;
    if (s->side == AEMBER_SIDE_ENEMY && seat == sseat)
        return false;
    if ((s->filters & AEMBER_FILT_NOT_SELF) && !sart && sseat == seat && sidx == idx)
        return false;
    if ((s->filters & AEMBER_FILT_NEIGHBOR) &&
        (sart || sseat != seat || (idx != sidx - 1 && idx != sidx + 1)))
        return false;
    int n = st->seat[seat].n_line;
    bool flank = idx == 0 || idx == n - 1;
    if ((s->filters & AEMBER_FILT_FLANK) && !flank)
        return false;
    if ((s->filters & AEMBER_FILT_NON_FLANK) && flank)
        return false;
    if ((s->filters & AEMBER_FILT_DAMAGED) && !c->damage)
        return false;
    if ((s->filters & AEMBER_FILT_UNDAMAGED) && c->damage)
        return false;
    const aember_card_def *def = aember_def(rules, c->card);
    if (s->house && def->house != s->house - 1)
        return false;
    if (s->trait && !(def->traits & (1ull << (s->trait - 1))))
        return false;
    int p = def->power + c->power_counters;
    if (s->power_max >= 0 && p > s->power_max)
        return false;
    if (s->power_min >= 0 && p < s->power_min)
        return false;
    return true;
}

/* Whether the condition of a constant step holds for its source. */
static bool play_constant_cond(const aember_state *st, const aember_step *s, int sseat, int sart,
                               int sidx)
{
    switch (s->cond) {
    case AEMBER_COND_NONE:
        return true;
    case AEMBER_COND_ON_FLANK:
        return !sart && (sidx == 0 || sidx == st->seat[sseat].n_line - 1);
    case AEMBER_COND_SELF_DAMAGED:
        return !sart && st->seat[sseat].line[sidx].damage > 0;
    case AEMBER_COND_YOUR_AEMBER_MIN:
        return st->seat[sseat].aember >= s->cond_arg;
    case AEMBER_COND_OPPONENT_AEMBER_MIN:
        return st->seat[!sseat].aember >= s->cond_arg;
    case AEMBER_COND_FRIENDLY_CREATURES_MIN:
        return st->seat[sseat].n_line >= s->cond_arg;
    case AEMBER_COND_ENEMY_CREATURES_MIN:
        return st->seat[!sseat].n_line >= s->cond_arg;
    case AEMBER_COND_FEWER_CREATURES:
        return st->seat[sseat].n_line < st->seat[!sseat].n_line;
    case AEMBER_COND_YOUR_KEYS_MIN:
        return st->seat[sseat].keys >= s->cond_arg;
    case AEMBER_COND_OPPONENT_KEYS_MIN:
        return st->seat[!sseat].keys >= s->cond_arg;
    default:
        return true;
    }
}

typedef struct play_mods {
    int power, armor, assault, hazardous;
    uint16_t keywords;
} play_mods;

/* Adds the constant steps of def (in play at sseat/sart/sidx) that hit creature (seat, idx). */
static void play_apply_constants(const carta_rules *rules, const aember_state *st,
                                 const aember_card_def *def, int sseat, int sart, int sidx,
                                 int seat, int idx, play_mods *m)
{
    for (int a = 0; a < def->n_abilities; a++) {
        const aember_ability *ab = &def->abilities[a];
        if (ab->trigger != AEMBER_TRIG_CONSTANT)
            continue;
        for (int k = 0; k < ab->n; k++) {
            const aember_step *s = &def->steps[ab->first + k];
            if (s->op == AEMBER_OP_KEY_COST || !play_constant_cond(st, s, sseat, sart, sidx) ||
                !play_constant_hits(rules, st, s, sseat, sart, sidx, seat, idx))
                continue;
            if (s->op == AEMBER_OP_POWER)
                m->power += s->amount;
            else if (s->op == AEMBER_OP_ARMOR)
                m->armor += s->amount;
            else if (s->op == AEMBER_OP_KEYWORD) {
                m->keywords |= (uint16_t)(1u << s->amount);
                if (s->amount == 0)
                    m->assault += s->splash;
                if (s->amount == 1)
                    m->hazardous += s->splash;
            }
        }
    }
}

/* Whether def has constant steps of kind want that could hit creature (seat, idx) from where it
 * is: its own self steps (sart/sidx is the creature itself), or aura steps. */
static bool play_def_mods(const aember_card_def *def, bool is_self, uint8_t want)
{
    return def && ((def->aura_ops & want) || (is_self && (def->self_ops & want)));
}

/* Every modifier of kind want on creature (seat, idx): its own constant effects, its upgrades',
 * and every aura in play. */
static void play_mods_of(const carta_rules *rules, const aember_state *st, int seat, int idx,
                         uint8_t want, play_mods *m)
{
    memset(m, 0, sizeof *m);
    const aember_card_in_play *c = &st->seat[seat].line[idx];
    for (int u = 0; u < c->n_upgrades; u++) {
        const aember_card_def *ud = aember_def(rules, c->upgrades[u] & ~AEMBER_UPGRADE_OWNER);
        if (play_def_mods(ud, true, want))
            play_apply_constants(rules, st, ud, seat, 0, idx, seat, idx, m);
    }
    const aember_card_def *own = aember_def(rules, c->card);
    if (!(rules->aura_ops & want)) {
        if (own && (own->self_ops & want))
            play_apply_constants(rules, st, own, seat, 0, idx, seat, idx, m);
        return;
    }
    for (int p = 0; p < AEMBER_SEATS; p++) {
        const aember_seat *s = &st->seat[p];
        for (int i = 0; i < s->n_line; i++) {
            const aember_card_def *d = aember_def(rules, s->line[i].card);
            if (play_def_mods(d, p == seat && i == idx, want))
                play_apply_constants(rules, st, d, p, 0, i, seat, idx, m);
        }
        for (int i = 0; i < s->n_artifacts; i++) {
            const aember_card_def *d = aember_def(rules, s->artifacts[i].card);
            if (play_def_mods(d, false, want))
                play_apply_constants(rules, st, d, p, 1, i, seat, idx, m);
        }
    }
}

/* Whether creature (seat, idx) might have modifiers of kind want. */
static bool play_may_mod(const carta_rules *rules, const aember_state *st, int seat, int idx,
                         uint8_t want)
{
    const aember_card_in_play *c = &st->seat[seat].line[idx];
    if (c->n_upgrades || (rules->aura_ops & want))
        return true;
    const aember_card_def *own = aember_def(rules, c->card);
    return own && (own->self_ops & want);
}

int aember_power(const carta_rules *rules, const aember_state *st, int seat, int index)
{
    const aember_card_in_play *c = &st->seat[seat].line[index];
    const aember_card_def *def = aember_def(rules, c->card);
    int p = (def ? def->power : 0) + c->power_counters + c->power_turn;
    if (play_may_mod(rules, st, seat, index, AEMBER_MOD_POWER)) {
        play_mods m;
        play_mods_of(rules, st, seat, index, AEMBER_MOD_POWER, &m);
        p += m.power;
    }
    return p < 0 ? 0 : p;
}

int aember_armor(const carta_rules *rules, const aember_state *st, int seat, int index)
{
    const aember_card_in_play *c = &st->seat[seat].line[index];
    const aember_card_def *def = aember_def(rules, c->card);
    int a = def ? def->armor : 0;
    if (play_may_mod(rules, st, seat, index, AEMBER_MOD_ARMOR)) {
        play_mods m;
        play_mods_of(rules, st, seat, index, AEMBER_MOD_ARMOR, &m);
        a += m.armor;
    }
    return a < 0 ? 0 : a;
}

uint16_t aember_keywords(const carta_rules *rules, const aember_state *st, int seat, int index,
                         int *assault, int *hazardous)
{
    const aember_card_in_play *c = &st->seat[seat].line[index];
    const aember_card_def *def = aember_def(rules, c->card);
    uint16_t kw = def ? def->keywords : 0;
    int as = def ? def->assault : 0, hz = def ? def->hazardous : 0;
    if (play_may_mod(rules, st, seat, index, AEMBER_MOD_KEYWORD)) {
        play_mods m;
        play_mods_of(rules, st, seat, index, AEMBER_MOD_KEYWORD, &m);
        kw |= m.keywords;
        as += m.assault;
        hz += m.hazardous;
    }
    if (assault)
        *assault = as;
    if (hazardous)
        *hazardous = hz;
    return kw;
}

int aember_key_cost(const carta_rules *rules, const aember_state *st, int seat)
{
    int cost = st->key_cost + st->seat[seat].key_cost_turn;
    if (rules->any_constant) {
        for (int p = 0; p < AEMBER_SEATS; p++) {
            const aember_seat *s = &st->seat[p];
            int total = s->n_line + s->n_artifacts;
            for (int i = 0; i < total; i++) {
                int art = i >= s->n_line, idx = art ? i - s->n_line : i;
                const aember_card_in_play *c = art ? &s->artifacts[idx] : &s->line[idx];
                const aember_card_def *d = aember_def(rules, c->card);
                if (!d || !(d->triggers & (1u << AEMBER_TRIG_CONSTANT)))
                    continue;
                for (int a = 0; a < d->n_abilities; a++) {
                    const aember_ability *ab = &d->abilities[a];
                    if (ab->trigger != AEMBER_TRIG_CONSTANT)
                        continue;
                    for (int k = 0; k < ab->n; k++) {
                        const aember_step *stp = &d->steps[ab->first + k];
                        if (stp->op != AEMBER_OP_KEY_COST ||
                            !play_constant_cond(st, stp, p, art, idx))
                            continue;
                        bool hits = stp->who == AEMBER_WHO_BOTH ||
                                    (stp->who == AEMBER_WHO_YOU) == (seat == p);
                        if (hits)
                            cost += stp->amount;
                    }
                }
            }
        }
    }
    return cost < 0 ? 0 : cost;
}

/* ---- damage, destruction, leaving play ---- */

int aember_deal_damage(const carta_rules *rules, aember_state *st, uint16_t uid, int amount,
                       bool poison, int source)
{
    int seat, art, idx;
    aember_card_in_play *c = aember_find_uid(st, uid, &seat, &art, &idx);
    if (!c || art || amount <= 0 || (c->flags & AEMBER_F_DYING))
        return 0;
    int armor = aember_armor(rules, st, seat, idx);
    int left = armor - c->armor_used, prevented = 0;
    if (left > 0) {
        prevented = amount < left ? amount : left;
        c->armor_used = (uint8_t)(c->armor_used + prevented);
        amount -= prevented;
    }
    aember_tell(st, CARTA_EV_DAMAGE, seat, CARTA_EV_NO_SEAT, c->card, source, 0, amount,
                prevented);
    if (amount <= 0)
        return 0;
    int d = c->damage + amount;
    c->damage = (uint8_t)(d > 255 ? 255 : d);
    if (poison)
        c->flags |= AEMBER_F_DOOMED;
    return amount;
}

void aember_destroy(aember_state *st, uint16_t uid)
{
    aember_card_in_play *c = aember_find_uid(st, uid, NULL, NULL, NULL);
    if (c && !(c->flags & AEMBER_F_DYING))
        c->flags |= AEMBER_F_DOOMED;
}

void aember_leave_play(const carta_rules *rules, aember_state *st, uint16_t uid, int to)
{
    int seat, art, idx;
    aember_card_in_play *c = aember_find_uid(st, uid, &seat, &art, &idx);
    if (!c)
        return;
    aember_card_in_play copy = *c;
    aember_seat *s = &st->seat[seat];
    if (art) {
        memmove(&s->artifacts[idx], &s->artifacts[idx + 1],
                (size_t)(s->n_artifacts - idx - 1) * sizeof *c);
        s->n_artifacts--;
    } else {
        memmove(&s->line[idx], &s->line[idx + 1], (size_t)(s->n_line - idx - 1) * sizeof *c);
        s->n_line--;
    }
    for (int u = 0; u < copy.n_upgrades; u++) {
        uint16_t up = copy.upgrades[u];
        int up_owner = (up & AEMBER_UPGRADE_OWNER) ? 1 : 0;
        CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(&st->seat[up_owner].discard),
                                     (uint16_t)(up & ~AEMBER_UPGRADE_OWNER), CARTA_SEEN_ALL));
        aember_tell_left_play(st, up_owner, (uint16_t)(up & ~AEMBER_UPGRADE_OWNER),
                              &st->seat[up_owner].discard);
    }
    int opp = !seat;
    int a = st->seat[opp].aember + copy.aember;
    st->seat[opp].aember = (uint8_t)(a > 255 ? 255 : a);
    aember_tell_aember(st, opp, st->seat[opp].aember - (a - copy.aember), copy.card);
    aember_seat *own = &st->seat[copy.owner];
    aember_zone *z = to == AEMBER_TO_HAND       ? &own->hand
                     : to == AEMBER_TO_DECK     ? &own->deck
                     : to == AEMBER_TO_ARCHIVES ? &own->archives
                     : to == AEMBER_TO_PURGED   ? &own->purged
                                                : &own->discard;
    /* it left play in plain sight: every seat knows it where it goes */
    CARTA_ENSURE(carta_zone_push(CARTA_ZONE_REF(z), copy.card, CARTA_SEEN_ALL));
    if (to != AEMBER_TO_DISCARD) /* to discard: destroyed or sacrificed, told as such */
        aember_tell_left_play(st, copy.owner, copy.card, z);
    (void)rules;
}

/* Marks one creature or artifact dying: pushes its leave frame and its Destroyed: abilities. */
static void play_dying(const carta_rules *rules, aember_state *st, int seat,
                       aember_card_in_play *c)
{
    c->flags |= AEMBER_F_DYING;
    uint16_t uid = c->uid;
    aember_tell(st, CARTA_EV_DESTROYED, seat, CARTA_EV_NO_SEAT, c->card, -1, 0, 0, 0);
    carta_pending *f = carta_pending_push(&st->pending, AEMBER_FR_LEAVE, seat);
    if (!f) {
        aember_leave_play(rules, st, uid, AEMBER_TO_DISCARD);
        return;
    }
    f->arg[0] = (int16_t)uid;
    aember_trigger_in_play(rules, st, uid, AEMBER_TRIG_DESTROYED, 0);
}

static bool play_should_die(const carta_rules *rules, const aember_state *st, int p, int i)
{
    const aember_card_in_play *c = &st->seat[p].line[i];
    if (c->flags & AEMBER_F_DYING)
        return false;
    if (c->flags & AEMBER_F_DOOMED)
        return true;
    if (!rules->any_negative_power && c->power_turn >= 0) {
        const aember_card_def *def = aember_def(rules, c->card);
        if (def && c->damage < def->power + c->power_counters + c->power_turn)
            return false; /* every other modifier only adds power */
    }
    int power = aember_power(rules, st, p, i);
    return power <= 0 || c->damage >= power;
}

/* Creatures and artifacts destroyed at the same moment resolve in a fixed order (docs/rulings):
 * the active player's first, each side left to right, artifacts after creatures. Frames are
 * pushed in the reverse of that order. */
void aember_check_destroyed(const carta_rules *rules, aember_state *st)
{
    if (st->phase == AEMBER_PHASE_OVER)
        return;
    for (int k = 0; k < AEMBER_SEATS; k++) {
        int p = k == 0 ? !st->active : st->active;
        aember_seat *s = &st->seat[p];
        for (int i = s->n_artifacts - 1; i >= 0; i--) {
            aember_card_in_play *c = &s->artifacts[i];
            if ((c->flags & AEMBER_F_DOOMED) && !(c->flags & AEMBER_F_DYING))
                play_dying(rules, st, p, c);
        }
        for (int i = s->n_line - 1; i >= 0; i--)
            if (i < s->n_line && play_should_die(rules, st, p, i))
                play_dying(rules, st, p, &s->line[i]);
    }
}
