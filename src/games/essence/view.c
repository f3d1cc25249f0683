/* view.c: Essence's structured view (docs/view.md), the question asked, and the parts of each
 * action. */
#include "games/essence/essence.h"

#include <stdio.h>

#include "core/view.h"

static int view_id(uint16_t card) { return card == ESS_UNKNOWN || card == ESS_NONE ? -1 : card; }

static const char *view_phase(int phase)
{
    static const char *const names[] = {"pick", "preparation", "exploration", "combat",
                                        "arcane", "end", "discard", "over"};
    return phase >= 0 && phase <= ESS_PHASE_OVER ? names[phase] : "?";
}

static const char *view_decl(uint16_t decl)
{
    return decl == ESS_DECL_NONE ? NULL : decl == ESS_DECL_HIDDEN ? "hidden" : "declared";
}

static void view_seat(const carta_rules *r, const ess_state *st, int p, carta_view *v)
{
    const ess_seat *s = &st->seat[p];
    uint16_t carta = s->carta.n ? s->carta.cards[0] : ESS_UNKNOWN;
    carta_view_map(v, NULL);
    carta_view_int(v, "seat", p);
    carta_view_card(v, "avatar", s->avatar == ESS_NONE ? -1 : s->avatar, ESS_UNKNOWN);
    carta_view_map(v, "counters");
    carta_view_int(v, "hand", s->hand.n);
    carta_view_int(v, "ability_uses", s->uses);
    carta_view_int(v, "runes", carta == ESS_UNKNOWN ? -1 : ess_runes_held(r, st, p, carta));
    carta_view_end(v);
    carta_view_map(v, "zones");
    carta_view_zone(v, "hand", s->hand.cards, s->hand.n, ESS_UNKNOWN);
    carta_view_zone(v, "carta", s->carta.cards, s->carta.n, ESS_UNKNOWN);
    carta_view_end(v);
    carta_view_bool(v, "responding", (st->responding >> p) & 1);
    carta_view_str(v, "declared", view_decl(s->decl));
    carta_view_end(v);
}

static void view_minions(const char *key, const ess_minion *m, int n, carta_view *v)
{
    carta_view_list(v, key);
    for (int i = 0; i < n; i++) {
        carta_view_map(v, NULL);
        carta_view_card(v, "card", m[i].card, ESS_UNKNOWN);
        carta_view_int(v, "owner", m[i].owner);
        carta_view_bool(v, "invulnerable", m[i].flags & ESS_M_INVULNERABLE);
        carta_view_bool(v, "mutiny", m[i].flags & ESS_M_MUTINY);
        carta_view_end(v);
    }
    carta_view_end(v);
}

static void view_combat(const carta_rules *r, const ess_state *st, carta_view *v)
{
    const ess_combat *c = &st->combat;
    if (c->monster == ESS_NONE) {
        carta_view_null(v, "combat");
        return;
    }
    carta_view_map(v, "combat");
    carta_view_card(v, "monster", c->monster, ESS_UNKNOWN);
    carta_view_str(v, "realm", ess_realm_name(c->realm));
    carta_view_card(v, "fate", view_id(c->fate), ESS_UNKNOWN);
    carta_view_int(v, "attack", ess_attack_strength(r, st));
    carta_view_int(v, "willpower", ess_monster_willpower(r, st));
    carta_view_bool(v, "invulnerable", c->flags & ESS_C_INVULNERABLE);
    view_minions("support", c->support, c->n_support, v);
    view_minions("interference", c->interfere, c->n_interfere, v);
    carta_view_end(v);
}

static void view_board(const carta_rules *r, const ess_state *st, carta_view *v)
{
    carta_view_map(v, "board");
    carta_view_list(v, "aether");
    for (int s = 0; s < ESS_SPELLS; s++) {
        const ess_card *c = ess_card_of(r, st->aether[s]);
        carta_view_map(v, NULL);
        carta_view_int(v, "slot", s);
        carta_view_card(v, "card", st->aether[s], ESS_UNKNOWN);
        carta_view_str(v, "side", c->dark ? "dark" : "light");
        carta_view_card(v, "back", c->back, ESS_UNKNOWN);
        carta_view_end(v);
    }
    carta_view_end(v);
    carta_view_map(v, "stacks");
    static const char *const keys[ESS_REALMS] = {"forest", "mines", "underworld"};
    for (int k = 0; k < ESS_REALMS; k++)
        carta_view_zone(v, keys[k], st->stack[k].cards, st->stack[k].n, ESS_UNKNOWN);
    carta_view_end(v);
    carta_view_zone(v, "graveyard", st->grave.cards, st->grave.n, ESS_UNKNOWN);
    carta_view_zone(v, "revealed", st->revealed.cards, st->revealed.n, ESS_UNKNOWN);
    carta_view_zone(v, "fate_deck", st->fate_deck.cards, st->fate_deck.n, ESS_UNKNOWN);
    carta_view_zone(v, "fate_graveyard", st->fate_grave.cards, st->fate_grave.n, ESS_UNKNOWN);
    carta_view_zone(v, "kept_fates", st->kept.cards, st->kept.n, ESS_UNKNOWN);
    carta_view_zone(v, "avatars", st->avatars.cards, st->avatars.n, ESS_UNKNOWN);
    view_combat(r, st, v);
    carta_view_end(v);
}

static const char *view_frame_name(int kind)
{
    static const char *const names[] = {"", "declared", "spell", "ability", "carta_essentia",
                                        "fate_bonus", "stack", "graveyard", "perfect_spellcast",
                                        "damage", "retry"};
    return kind > 0 && kind <= ESS_FR_LAST ? names[kind] : "?";
}

static void view_resolving(const ess_state *st, carta_view *v)
{
    carta_view_list(v, "resolving");
    for (int i = 0; i < st->pending.n; i++) {
        const carta_pending *f = &st->pending.frame[i];
        carta_view_map(v, NULL);
        carta_view_str(v, "kind", view_frame_name(f->kind));
        carta_view_int(v, "seat", f->seat);
        if (f->kind == ESS_FR_CAST) {
            carta_view_card(v, "spell", f->arg[1], ESS_UNKNOWN);
            carta_view_zone(v, "payment", (const uint16_t *)&f->arg[4], f->arg[3], ESS_UNKNOWN);
            carta_view_card(v, "fate", view_id((uint16_t)f->arg[7]), ESS_UNKNOWN);
            carta_view_int(v, "spell_fate", f->arg[7] == (int16_t)ESS_NONE ? 0 : f->arg[8]);
        } else if (f->kind == ESS_FR_ABILITY || f->kind == ESS_FR_CLAIM) {
            carta_view_card(v, "fate", view_id((uint16_t)f->arg[1]), ESS_UNKNOWN);
        } else if (f->kind == ESS_FR_DAMAGE) {
            carta_view_int(v, "discards_left", f->arg[0]);
        }
        carta_view_end(v);
    }
    carta_view_end(v);
}

/* What the seat to act is asked, in the rulebook's words. */
static void view_question(const carta_rules *r, const ess_state *st, char *q, size_t cap)
{
    const carta_pending *f = carta_pending_peek(&st->pending);
    int waiting = f && f->kind == ESS_FR_CAST && f->arg[2] == ESS_ST_WAIT;
    if (st->phase == ESS_PHASE_OVER) {
        q[0] = 0;
        return;
    }
    if (f && !waiting) {
        switch (f->kind) {
        case ESS_FR_QUEUE: snprintf(q, cap, "several players want to cast at the same time: "
                                    "who goes first?"); return;
        case ESS_FR_CAST: snprintf(q, cap, "%s: which card pays the next symbol of the Spell "
                                   "Cost?", carta_catalog_name(r->catalog, f->arg[1])); return;
        case ESS_FR_BONUS: snprintf(q, cap, "use the Fate Bonus of %s?",
                                    carta_catalog_name(r->catalog, f->arg[0])); return;
        case ESS_FR_STACK:
            snprintf(q, cap, f->arg[0] == ESS_FOR_DRAW
                                 ? "from which Realm Stack do you draw?"
                             : f->arg[0] == ESS_FOR_SUMMONING
                                 ? "Summoning: from which Realm Stack are cards revealed until a "
                                   "Monster, which you fight?"
                                 : "Instigation: from which Realm Stack are cards revealed until a "
                                   "Monster, which player %d must fight?",
                     st->active + 1);
            return;
        case ESS_FR_GRAVE: snprintf(q, cap, "Restoration: which card do you take from the "
                                    "Graveyard?"); return;
        case ESS_FR_KEEP: snprintf(q, cap, "Perfect Spellcast: keep %s face up, or flip it?",
                                   carta_catalog_name(r->catalog, st->aether[f->arg[0]])); return;
        case ESS_FR_DAMAGE: snprintf(q, cap, "the Monster's Damage: discard a card (%d more)",
                                     f->arg[0]); return;
        case ESS_FR_RETRY: snprintf(q, cap, "the Spell Fate was I: try the Carta Essentia "
                                    "again?"); return;
        default: break;
        }
    }
    if (st->responding && st->respond_phase == ESS_WHEN_COMBAT) {
        snprintf(q, cap, "player %d fights %s, Attack Strength %d against Willpower %d: "
                 "interfere with a Minion, cast a spell, use an ability, or pass?",
                 st->active + 1, carta_catalog_name(r->catalog, st->combat.monster),
                 ess_attack_strength(r, st), ess_monster_willpower(r, st));
        return;
    }
    if (st->responding) {
        snprintf(q, cap, "player %d's %s: cast a spell, or pass?", st->active + 1,
                 st->respond_phase == ESS_WHEN_EXPLORE ? "exploration" : "Arcane Phase");
        return;
    }
    switch (st->phase) {
    case ESS_PHASE_PICK: snprintf(q, cap, "which Avatar do you pick?"); return;
    case ESS_PHASE_PREPARE: snprintf(q, cap, "which Realm Stack do you explore?"); return;
    case ESS_PHASE_EXPLORE: snprintf(q, cap, "reveal the next card, or stop exploring?"); return;
    case ESS_PHASE_COMBAT: snprintf(q, cap, "Attack Strength %d against Willpower %d: play a "
                                    "Minion, cast a spell, or pass?", ess_attack_strength(r, st),
                                    ess_monster_willpower(r, st)); return;
    case ESS_PHASE_ARCANE: snprintf(q, cap, "Arcane Phase: cast a spell, use an ability, or "
                                    "end the phase?"); return;
    case ESS_PHASE_END: snprintf(q, cap, "end of turn: anything before the turn ends?"); return;
    case ESS_PHASE_DISCARD: snprintf(q, cap, "discard down to the hand limit"); return;
    default: q[0] = 0; return;
    }
}

void ess_view(const carta_rules *r, const void *obs, int seat, carta_view *v)
{
    const ess_state *st = obs;
    char q[256];
    carta_view_head(v, seat, st->turn, -1, view_phase(st->phase));
    carta_view_int(v, "active", st->active);
    carta_view_progress(v, st, st->phase == ESS_PHASE_OVER ? st->winner : -1,
                        ess_event_word(r, st->end));
    view_question(r, st, q, sizeof q);
    carta_view_str(v, "question", q[0] ? q : NULL);
    carta_view_list(v, "pick_order");
    for (int p = 0; p < st->n_seats; p++)
        carta_view_int(v, NULL, st->pick_order[p]);
    carta_view_end(v);
    carta_view_map(v, "turn_state");
    carta_view_int(v, "explore_limit", st->explore_limit + st->explore_bonus);
    carta_view_int(v, "attack_bonus", st->turn_attack);
    carta_view_int(v, "spell_fate_bonus", st->turn_spell_fate);
    carta_view_bool(v, "suffocated", st->turn_flags & ESS_T_SUFFOCATED);
    carta_view_int(v, "hand_limit", st->hand_limit);
    carta_view_end(v);
    carta_view_list(v, "seats");
    for (int p = 0; p < st->n_seats; p++)
        view_seat(r, st, p, v);
    carta_view_end(v);
    view_board(r, st, v);
    view_resolving(st, v);
}

int ess_action_card(const carta_rules *r, const void *state, carta_action a)
{
    const ess_state *st = state;
    int x = ESS_ARG(a);
    switch (ESS_KIND(a)) {
    case ESS_A_PICK:
    case ESS_A_MINION: return x;
    case ESS_A_CAST: return x < ESS_SPELLS ? st->aether[x] : -1;
    case ESS_A_ABILITY: {
        int seat = ess_to_act(r, state);
        return seat >= 0 && st->seat[seat].avatar != ESS_NONE ? st->seat[seat].avatar : -1;
    }
    default: return -1;
    }
}

void ess_action_view(const carta_rules *r, const void *obs, carta_action a, carta_view *v)
{
    static const char *const verbs[ESS_A_KINDS] = {
        "", "pick", "ability", "explore", "continue", "stop", "minion", "cast", "pass", "claim",
        "pay", "bonus", "order", "stack", "take", "keep", "discard", "retry"};
    const ess_state *st = obs;
    int kind = ESS_KIND(a), x = ESS_ARG(a);
    carta_view_str(v, "verb", kind > 0 && kind < ESS_A_KINDS ? verbs[kind] : "?");
    switch (kind) {
    case ESS_A_PICK:
        carta_view_card(v, "card", x, ESS_UNKNOWN);
        carta_view_str(v, "from", "avatars");
        break;
    case ESS_A_MINION:
    case ESS_A_PAY:
    case ESS_A_DISCARD:
        carta_view_card(v, "card", x, ESS_UNKNOWN);
        carta_view_str(v, "from", "hand");
        break;
    case ESS_A_TAKE:
        carta_view_card(v, "card", x, ESS_UNKNOWN);
        carta_view_str(v, "from", "graveyard");
        break;
    case ESS_A_CAST:
        carta_view_card(v, "card", st->aether[x % ESS_SPELLS], ESS_UNKNOWN);
        carta_view_str(v, "from", "aether");
        break;
    case ESS_A_ABILITY: {
        int card = ess_action_card(r, obs, a);
        if (card >= 0)
            carta_view_card(v, "card", card, ESS_UNKNOWN);
        break;
    }
    case ESS_A_EXPLORE:
    case ESS_A_STACK: carta_view_str(v, "choice", ess_realm_name(x)); break;
    case ESS_A_ORDER: carta_view_int(v, "seat", x); break;
    case ESS_A_BONUS: carta_view_str(v, "choice", x ? "use" : "decline"); break;
    case ESS_A_KEEP: carta_view_str(v, "choice", x ? "keep" : "flip"); break;
    case ESS_A_RETRY: carta_view_str(v, "choice", x ? "again" : "stop"); break;
    default: break;
    }
}
