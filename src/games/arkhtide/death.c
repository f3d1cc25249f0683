/* death.c: Units dying outside a damage sequence (a Health-lowering Binding or modifier, the
 * recheck when a Health Binding leaves, a `kill` effect) and the Cheat Death decision they
 * offer. (Death inside a damage sequence is step 8 of damage.c, with the same choice.) */
#include "games/arkhtide/arkhtide.h"

enum { DEATH_UID = 0, DEATH_KILLED = 1 }; /* ARK_FR_CHEAT_DEATH args */

static bool death_can_cheat(const carta_rules *rules, const ark_state *st, int pi)
{
    const ark_piece *p = &st->pieces[pi];
    return (ark_keywords(rules, st, pi, NULL) & ARK_KW_CHEAT_DEATH) &&
           !(p->flags & ARK_P_EXHAUSTED) && ark_stat(rules, st, pi, ARK_STAT_HEALTH) > 0;
}

static bool death_offered(const ark_state *st, uint16_t uid)
{
    for (int i = 0; i < st->pending.n; i++)
        if (st->pending.frame[i].kind == ARK_FR_CHEAT_DEATH &&
            st->pending.frame[i].arg[DEATH_UID] == (int16_t)uid)
            return true;
    return false;
}

/* The Unit would die: its owner may Cheat Death, else it goes to the Chronicle. Returns true
 * if it left play. */
static bool death_would_die(const carta_rules *rules, ark_state *st, int pi, bool killed)
{
    const ark_piece *p = &st->pieces[pi];
    if (death_offered(st, p->uid))
        return false;
    if (death_can_cheat(rules, st, pi)) {
        carta_pending *f = carta_pending_push(&st->pending, ARK_FR_CHEAT_DEATH, p->owner);
        if (f) {
            f->arg[DEATH_UID] = (int16_t)p->uid;
            f->arg[DEATH_KILLED] = killed;
            return false;
        }
    }
    ark_remove_piece(rules, st, pi, ARK_TO_CHRONICLE);
    return true;
}

void ark_check_deaths(const carta_rules *rules, ark_state *st)
{
    for (int i = 0; i < st->n_pieces;) {
        const ark_piece *p = &st->pieces[i];
        bool dies = !(p->flags & ARK_P_SEEKER) &&
                    p->wounds >= ark_stat(rules, st, i, ARK_STAT_HEALTH);
        if (!dies || !death_would_die(rules, st, i, false))
            i++;
    }
}

void ark_kill(const carta_rules *rules, ark_state *st, int pi)
{
    if (!(st->pieces[pi].flags & ARK_P_SEEKER))
        death_would_die(rules, st, pi, true);
}

/* Settles what the decision no longer needs: the Unit gone, healed meanwhile, or no longer
 * able to Cheat Death (it then dies). Returns true if the owner must decide. */
bool ark_death_step(const carta_rules *rules, ark_state *st)
{
    const carta_pending *f = carta_pending_peek(&st->pending);
    int pi = ark_find_uid(st, (uint16_t)f->arg[DEATH_UID]);
    bool killed = f->arg[DEATH_KILLED];
    if (pi >= 0 && !killed &&
        st->pieces[pi].wounds < ark_stat(rules, st, pi, ARK_STAT_HEALTH))
        pi = -1; /* no longer dying */
    if (pi >= 0 && death_can_cheat(rules, st, pi))
        return true;
    carta_pending_pop(&st->pending);
    if (pi >= 0)
        ark_remove_piece(rules, st, pi, ARK_TO_CHRONICLE);
    return false;
}

void ark_death_settle(const carta_rules *rules, ark_state *st, int pi, bool cheat)
{
    ark_piece *p = &st->pieces[pi];
    if (cheat) { /* "It may be exhausted to remain alive on 1 Health" */
        int health = ark_stat(rules, st, pi, ARK_STAT_HEALTH);
        p->flags |= ARK_P_EXHAUSTED;
        p->wounds = (uint8_t)(health > 0 ? health - 1 : 0);
        ark_event(st, CARTA_EV_STATUS, p->owner, ARK_W_CHEATS_DEATH, p->card, -1);
    } else {
        ark_remove_piece(rules, st, pi, ARK_TO_CHRONICLE);
    }
}

void ark_death_choose(const carta_rules *rules, ark_state *st, bool cheat)
{
    const carta_pending *f = carta_pending_peek(&st->pending);
    int pi = ark_find_uid(st, (uint16_t)f->arg[DEATH_UID]);
    carta_pending_pop(&st->pending);
    ark_death_settle(rules, st, pi, cheat);
}
