/* view.c: an Arkhtide observation as structured data (docs/view.md): the common keys, per seat its
 * Seeker, Willpower, Quintessence, Arkhé, zones and face-down pick, the Realms in play with the
 * pieces on them, the Safe Zones, and the damage being resolved. */
#include "games/arkhtide/arkhtide.h"
#include "core/view.h"

static const char *const view_phases[] = {"resource", "realm",   "initiative", "preparation",
                                          "combat",   "harvest", "regroup",    "over"};

/* An Attack stat: null for none. */
static void view_attack(carta_view *v, const char *key, int value)
{
    if (value == ARK_NO_ATTACK)
        carta_view_null(v, key);
    else
        carta_view_int(v, key, value);
}

/* The attached cards of one type (bindings, statuses). */
static void view_attached(const carta_rules *rules, const ark_piece *p, int type, carta_view *v)
{
    carta_view_list(v, type == ARK_BINDING ? "bindings" : "statuses");
    for (int a = 0; a < p->n_attach; a++) {
        const ark_card_def *d = ark_def(rules, ARK_ATTACH_CARD(p->attach[a]));
        if (d && d->type == type)
            carta_view_card(v, NULL, ARK_ATTACH_CARD(p->attach[a]), ARK_UNKNOWN);
    }
    carta_view_end(v);
}

/* Where a piece is (`at`: "safe" or its Realm's name; `slot`), its state this Round and its
 * current Attacks and keywords. */
static void view_piece_more(const carta_rules *rules, const ark_state *st, int pi, carta_view *v)
{
    const ark_piece *p = &st->pieces[pi];
    const ark_card_def *realm =
        p->loc < ARK_REALMS ? ark_def(rules, st->realms[p->loc].card) : NULL;
    carta_view_str(v, "at", p->loc == ARK_LOC_SAFE ? "safe" : realm ? realm->name : "?");
    if (p->loc == ARK_LOC_SAFE)
        carta_view_null(v, "slot");
    else
        carta_view_int(v, "slot", p->loc);
    carta_view_bool(v, "moved", (p->flags & ARK_P_MOVED) != 0);
    carta_view_bool(v, "critically_wounded", ark_critically_wounded(rules, st, pi));
    carta_view_bool(v, "in_group", ark_in_group(st, pi));
    carta_view_list(v, "locked");
    for (int i = 0; i < 8; i++)
        if (p->locked >> i & 1)
            carta_view_int(v, NULL, i);
    carta_view_end(v);
    view_attack(v, "melee", ark_stat(rules, st, pi, ARK_STAT_MELEE));
    view_attack(v, "ranged", ark_stat(rules, st, pi, ARK_STAT_RANGED));
    int reaping = 0;
    uint16_t kw = ark_keywords(rules, st, pi, &reaping);
    carta_view_int(v, "reaping", kw & ARK_KW_REAPING ? reaping : 0);
    view_attached(rules, p, ARK_BINDING, v);
    view_attached(rules, p, ARK_STATUS, v);
}

static void view_piece(const carta_rules *rules, const ark_state *st, int pi, carta_view *v)
{
    const ark_piece *p = &st->pieces[pi];
    carta_view_map(v, NULL);
    carta_view_card(v, "card", p->card, ARK_UNKNOWN);
    carta_view_int(v, "uid", p->uid);
    carta_view_int(v, "owner", p->owner);
    carta_view_bool(v, "seeker", (p->flags & ARK_P_SEEKER) != 0);
    carta_view_bool(v, "token", (p->flags & ARK_P_TOKEN) != 0);
    carta_view_bool(v, "exhausted", (p->flags & ARK_P_EXHAUSTED) != 0);
    carta_view_int(v, "wounds", p->wounds);
    carta_view_int(v, "block", p->block);
    carta_view_int(v, "soul", ark_stat(rules, st, pi, ARK_STAT_SOUL));
    carta_view_int(v, "health", ark_stat(rules, st, pi, ARK_STAT_HEALTH));
    carta_view_list(v, "attached");
    for (int a = 0; a < p->n_attach; a++)
        carta_view_card(v, NULL, ARK_ATTACH_CARD(p->attach[a]), ARK_UNKNOWN);
    carta_view_end(v);
    view_piece_more(rules, st, pi, v);
    carta_view_end(v);
}

/* The pieces at loc (a Realm slot, or ARK_LOC_SAFE with owner). */
static void view_pieces_at(const carta_rules *rules, const ark_state *st, int loc, int owner,
                           carta_view *v)
{
    carta_view_list(v, "pieces");
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].loc == loc && (loc != ARK_LOC_SAFE || st->pieces[i].owner == owner))
            view_piece(rules, st, i, v);
    carta_view_end(v);
}

static void view_seat(const carta_rules *rules, const ark_state *st, int p, carta_view *v)
{
    const ark_seat *s = &st->seat[p];
    carta_view_map(v, NULL);
    carta_view_int(v, "seat", p);
    carta_view_card(v, "seeker", s->seeker, ARK_UNKNOWN);
    carta_view_map(v, "counters");
    carta_view_int(v, "willpower", s->willpower);
    carta_view_int(v, "quintessence", s->quintessence);
    carta_view_int(v, "arkhe", s->arkhe);
    carta_view_int(v, "arkhe_max", s->arkhe_max);
    carta_view_int(v, "place", s->place);
    carta_view_end(v);
    carta_view_bool(v, "eliminated", (s->flags & ARK_S_ELIMINATED) != 0);
    carta_view_bool(v, "prepared", (s->flags & ARK_S_PREPARED) != 0);
    carta_view_map(v, "zones");
    carta_view_zone(v, "hand", s->hand.cards, s->hand.n, ARK_UNKNOWN);
    carta_view_zone(v, "deck", s->deck.cards, s->deck.n, ARK_UNKNOWN);
    carta_view_zone(v, "realm_deck", s->realm_deck.cards, s->realm_deck.n, ARK_UNKNOWN);
    carta_view_zone(v, "chronicle", s->chronicle.cards, s->chronicle.n, ARK_UNKNOWN);
    carta_view_zone(v, "pool", s->pool.cards, s->pool.n, ARK_UNKNOWN);
    carta_view_zone(v, "look", s->look.cards, s->look.n, ARK_UNKNOWN);
    carta_view_end(v);
    if (s->pick == ARK_NO_CARD)
        carta_view_null(v, "pick");
    else
        carta_view_card(v, "pick", s->pick, ARK_UNKNOWN);
    carta_view_map(v, "safe_zone");
    view_pieces_at(rules, st, ARK_LOC_SAFE, p, v);
    carta_view_end(v);
    int scores[ARK_SEATS] = {0};
    ark_scores(rules, st, scores);
    carta_view_int(v, "score", scores[p]);
    carta_view_int(v, "mulligan_left", s->mulligan_left);
    carta_view_list(v, "units"); /* its Units in play, in play order */
    for (int i = 0; i < st->n_pieces; i++)
        if (st->pieces[i].owner == p && !(st->pieces[i].flags & ARK_P_SEEKER))
            carta_view_card(v, NULL, st->pieces[i].card, ARK_UNKNOWN);
    carta_view_end(v);
    carta_view_end(v);
}

static void view_realms(const carta_rules *rules, const ark_state *st, carta_view *v)
{
    carta_view_map(v, "board");
    carta_view_list(v, "realms");
    for (int r = 0; r < ARK_REALMS; r++) {
        const ark_realm *realm = &st->realms[r];
        if (realm->card == ARK_NO_CARD)
            continue;
        carta_view_map(v, NULL);
        carta_view_int(v, "slot", r);
        carta_view_card(v, "card", realm->card, ARK_UNKNOWN);
        if (realm->owner >= 0)
            carta_view_int(v, "owner", realm->owner);
        else
            carta_view_null(v, "owner");
        carta_view_str(v, "side", realm->side ? "B" : "A");
        carta_view_list(v, "nearby");
        for (int n = 0; n < ARK_REALMS; n++)
            if (ark_realm_nearby(st, r, n))
                carta_view_int(v, NULL, n);
        carta_view_end(v);
        view_pieces_at(rules, st, r, -1, v);
        carta_view_end(v);
    }
    carta_view_end(v);
    carta_view_end(v);
}

static void view_damage(const carta_pending *f, carta_view *v)
{
    carta_view_map(v, NULL);
    carta_view_str(v, "kind", "damage");
    carta_view_int(v, "seat", f->arg[ARK_D_SEAT]);
    carta_view_int(v, "source", f->arg[ARK_D_SOURCE]);
    carta_view_int(v, "target", f->arg[ARK_D_TARGET]);
    carta_view_int(v, "amount", f->arg[ARK_D_AMOUNT]);
    carta_view_end(v);
}

static const char *const view_verbs[] = {
    "",        "discard",    "mulligan", "done",   "pick",     "return",  "first",
    "unit",    "bind",       "move",     "prepared", "strike", "reposition", "assist",
    "ability", "realm ability", "feat",  "end turn", "pass",   "amplify", "react",
    "shield",  "target",     "yes",      "no",     "destination", "harvest", "order",
    "seek",    "opponent",   "bottom"};

/* A piece as an action's part: {"card", "uid"}. */
static void view_piece_ref(carta_view *v, const char *key, const ark_state *st, int pi)
{
    if (pi >= st->n_pieces)
        return;
    carta_view_map(v, key);
    carta_view_card(v, "card", st->pieces[pi].card, ARK_UNKNOWN);
    carta_view_int(v, "uid", st->pieces[pi].uid);
    carta_view_end(v);
}

static void view_from(carta_view *v, const char *key, const uint16_t *cards, int n, int i,
                      const char *zone)
{
    if (i < n)
        carta_view_card(v, key, cards[i], ARK_UNKNOWN);
    carta_view_str(v, "from", zone);
}

static void view_location(carta_view *v, int loc)
{
    if (loc == ARK_LOC_SAFE)
        carta_view_str(v, "location", "safe zone");
    else
        carta_view_int(v, "realm_slot", loc);
}

void ark_action_view(const carta_rules *rules, const void *obs, carta_action action,
                     carta_view *v)
{
    const ark_state *st = obs;
    int kind = ARK_ACT_KIND(action), a = ARK_ACT_A(action), b = ARK_ACT_B(action);
    int seat = ark_to_act(rules, st);
    const ark_seat *s = &st->seat[seat >= 0 ? seat : 0];
    carta_view_str(v, "verb", kind > 0 && kind <= ARK_A_BOTTOM ? view_verbs[kind] : "?");
    switch (kind) {
    case ARK_A_DISCARD:
    case ARK_A_MULLIGAN:
    case ARK_A_AMPLIFY:
    case ARK_A_SHIELD: view_from(v, "card", s->hand.cards, s->hand.n, a, "hand"); break;
    case ARK_A_UNIT:
        view_from(v, "card", s->hand.cards, s->hand.n, a, "hand");
        view_location(v, b);
        break;
    case ARK_A_BINDING:
    case ARK_A_FEAT:
        view_from(v, "card", s->hand.cards, s->hand.n, a, "hand");
        view_piece_ref(v, kind == ARK_A_FEAT ? "performer" : "target", st, b);
        break;
    case ARK_A_PICK:
        view_from(v, "card", s->look.cards, s->look.n, a, "look");
        carta_view_str(v, "choice", b ? "side B" : "side A");
        break;
    case ARK_A_SEEK:
    case ARK_A_BOTTOM: view_from(v, "card", s->look.cards, s->look.n, a, "look"); break;
    case ARK_A_RETURN: carta_view_str(v, "choice", a ? "bottom" : "top"); break;
    case ARK_A_FIRST:
    case ARK_A_OPPONENT: carta_view_int(v, "seat", a); break;
    case ARK_A_MOVE:
    case ARK_A_REPOSITION:
        view_piece_ref(v, "card", st, a);
        view_location(v, b);
        break;
    case ARK_A_STRIKE:
        view_piece_ref(v, "card", st, a);
        view_piece_ref(v, "target", st, b);
        carta_view_str(v, "choice", ARK_ACT_C(action) ? "ranged" : "melee");
        break;
    case ARK_A_ASSIST:
    case ARK_A_ABILITY:
    case ARK_A_REACT: view_piece_ref(v, "card", st, a); break;
    case ARK_A_TARGET: view_piece_ref(v, "target", st, a); break;
    case ARK_A_REALM:
        carta_view_int(v, "realm_slot", a);
        view_piece_ref(v, "performer", st, ARK_ACT_C(action));
        break;
    case ARK_A_DEST:
    case ARK_A_HARVEST: carta_view_int(v, "realm_slot", a); break;
    default: break;
    }
}

/* How the game ended, in the rulebook's words ("Victory Conditions"), or NULL if it goes on:
 * the reason word of the game's WON or DRAWN event. */
static const char *view_end(const carta_rules *rules, const ark_state *st)
{
    return ark_event_word(rules, ark_end_reason(st));
}

void ark_view(const carta_rules *rules, const void *obs, int seat, carta_view *v)
{
    const ark_state *st = obs;
    int over = st->phase == ARK_PHASE_OVER;
    carta_view_head(v, seat, st->turn, st->round,
                    view_phases[st->phase <= ARK_PHASE_OVER ? st->phase : ARK_PHASE_OVER]);
    carta_view_str(v, "mode", st->mode == ARK_MODE_DESPERATE ? "desperate" : "duel");
    carta_view_int(v, "active", st->active);
    carta_view_progress(v, st, st->winner, view_end(rules, st));
    carta_view_str(v, "result", !over                         ? "none"
                                : st->result & ARK_R_TRUE_TIE ? "true_tie"
                                : st->winner >= 0             ? "win"
                                                              : "draw");
    carta_view_int(v, "first", st->first);
    carta_view_int(v, "combat_first", st->combat_first);
    carta_view_int(v, "passes", __builtin_popcount(st->turns.passed));
    carta_view_bool(v, "major_used", (st->turn_flags & ARK_T_MAJOR) != 0);
    carta_view_int(v, "queued", st->n_queue);
    char question[384];
    ark_question(rules, st, question, sizeof question);
    carta_view_str(v, "question", question[0] ? question : NULL);
    carta_view_list(v, "seats");
    for (int p = 0; p < st->n_seats; p++)
        view_seat(rules, st, p, v);
    carta_view_end(v);
    view_realms(rules, st, v);
    carta_view_list(v, "resolving");
    for (int i = 0; i < st->pending.n; i++)
        if (st->pending.frame[i].kind == ARK_FR_DAMAGE)
            view_damage(&st->pending.frame[i], v);
    carta_view_end(v);
}
