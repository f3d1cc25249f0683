/* text.c: texts for people: actions as a player types them, moves as a viewer may see them, cards,
 * the board, the current step. */
#include "games/arkhtide/arkhtide.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const phase_names[] = {"resource", "realm", "initiative", "preparation",
                                          "combat",   "harvest", "regroup", "over"};

static const char *text_card(const carta_rules *rules, int id)
{
    if (id == ARK_UNKNOWN)
        return "a hidden card";
    const ark_card_def *d = ark_def(rules, id);
    return d ? d->name : "?";
}

/* A piece's name, with its uid when another piece in play shares its card. */
static void text_piece(const carta_rules *rules, const ark_state *st, int pi, char *buf,
                       size_t cap)
{
    if (pi < 0 || pi >= st->n_pieces) {
        snprintf(buf, cap, "?");
        return;
    }
    const ark_piece *p = &st->pieces[pi];
    bool twin = false;
    for (int i = 0; i < st->n_pieces; i++)
        twin |= i != pi && st->pieces[i].card == p->card;
    if (twin)
        snprintf(buf, cap, "%s#%u", text_card(rules, p->card), (unsigned)p->uid);
    else
        snprintf(buf, cap, "%s", text_card(rules, p->card));
}

/* A Realm slot's name, with its owner when another Realm in play has the same card. */
static const char *text_realm(const carta_rules *rules, const ark_state *st, int slot, char *buf,
                              size_t cap)
{
    if (slot == ARK_LOC_SAFE)
        return "Safe Zone";
    if (slot < 0 || slot >= ARK_REALMS || st->realms[slot].card == ARK_NO_CARD)
        return "?";
    bool twin = false;
    for (int r = 0; r < ARK_REALMS; r++)
        twin |= r != slot && st->realms[r].card == st->realms[slot].card;
    if (!twin)
        return text_card(rules, st->realms[slot].card);
    snprintf(buf, cap, "%s of P%d", text_card(rules, st->realms[slot].card),
             st->realms[slot].owner + 1);
    return buf;
}

static const char *text_hand(const carta_rules *rules, const ark_state *st, int seat, int i)
{
    const ark_seat *s = &st->seat[seat];
    return i < s->hand.n ? text_card(rules, s->hand.cards[i]) : "?";
}

static int text_actor(const ark_state *st)
{
    const carta_pending *top = carta_pending_peek(&st->pending);
    return top ? top->seat : st->active;
}

static const char *text_ability_name(const carta_rules *rules, const ark_state *st, int pi,
                                     int code, char *tmp, size_t cap)
{
    if (code >= 8 && pi < st->n_pieces) {
        snprintf(tmp, cap, "%s",
                 text_card(rules, ARK_ATTACH_CARD(st->pieces[pi].attach[code - 8])));
        return tmp;
    }
    snprintf(tmp, cap, "ability %d", code + 1);
    return tmp;
}

void ark_describe_action(const carta_rules *rules, const void *state, carta_action action,
                         char *buf, size_t cap)
{
    const ark_state *st = state;
    int kind = ARK_ACT_KIND(action), a = ARK_ACT_A(action), b = ARK_ACT_B(action),
        c = ARK_ACT_C(action);
    int seat = text_actor(st);
    const ark_seat *s = &st->seat[seat];
    char p1[96], p2[96], tmp[96];
    switch (kind) {
    case ARK_A_DISCARD:
        snprintf(buf, cap, "discard %s", text_hand(rules, st, seat, a));
        return;
    case ARK_A_MULLIGAN:
        snprintf(buf, cap, "mulligan %s", text_hand(rules, st, seat, a));
        return;
    case ARK_A_DONE:
        snprintf(buf, cap, "done");
        return;
    case ARK_A_PICK: {
        const ark_card_def *d = a < s->look.n ? ark_def(rules, s->look.cards[a]) : NULL;
        bool asym = d && d->n_side_a != d->n_abilities;
        snprintf(buf, cap, "pick %s%s", a < s->look.n ? text_card(rules, s->look.cards[a]) : "?",
                 asym ? (b ? " side B" : " side A") : "");
        return;
    }
    case ARK_A_RETURN:
        snprintf(buf, cap, "return %s to the %s", s->look.n ? text_card(rules, s->look.cards[0]) : "?",
                 a ? "bottom" : "top");
        return;
    case ARK_A_FIRST:
        snprintf(buf, cap, "first P%d", a + 1);
        return;
    case ARK_A_UNIT:
        if (c) {
            text_piece(rules, st, b, p1, sizeof p1);
            snprintf(buf, cap, "play %s replacing %s", text_hand(rules, st, seat, a), p1);
        } else {
            snprintf(buf, cap, "play %s to %s", text_hand(rules, st, seat, a),
                     text_realm(rules, st, b, p2, sizeof p2));
        }
        return;
    case ARK_A_BINDING:
        text_piece(rules, st, b, p1, sizeof p1);
        snprintf(buf, cap, "bind %s to %s%s", text_hand(rules, st, seat, a), p1,
                 b < st->n_pieces && st->pieces[b].owner != seat ? " (enemy)" : "");
        return;
    case ARK_A_MOVE:
        text_piece(rules, st, a, p1, sizeof p1);
        snprintf(buf, cap, "move %s to %s", p1, text_realm(rules, st, b, p2, sizeof p2));
        return;
    case ARK_A_PREPARED:
        snprintf(buf, cap, "prepared");
        return;
    case ARK_A_STRIKE:
        text_piece(rules, st, a, p1, sizeof p1);
        text_piece(rules, st, b, p2, sizeof p2);
        snprintf(buf, cap, "strike %s -> %s %s", p1, p2, c ? "ranged" : "melee");
        return;
    case ARK_A_REPOSITION:
        text_piece(rules, st, a, p1, sizeof p1);
        snprintf(buf, cap, "reposition %s to %s", p1, text_realm(rules, st, b, p2, sizeof p2));
        return;
    case ARK_A_ASSIST:
        text_piece(rules, st, a, p1, sizeof p1);
        snprintf(buf, cap, "assist %s", p1);
        return;
    case ARK_A_ABILITY:
        text_piece(rules, st, a, p1, sizeof p1);
        snprintf(buf, cap, "use %s %s", p1, text_ability_name(rules, st, a, b, tmp, sizeof tmp));
        return;
    case ARK_A_REACT:
        text_piece(rules, st, a, p1, sizeof p1);
        snprintf(buf, cap, "react %s %s", p1, text_ability_name(rules, st, a, b, tmp, sizeof tmp));
        return;
    case ARK_A_REALM:
        text_piece(rules, st, c, p1, sizeof p1);
        snprintf(buf, cap, "realm %s ability %d by %s", text_realm(rules, st, a, p2, sizeof p2),
                 b + 1, p1);
        return;
    case ARK_A_FEAT:
        text_piece(rules, st, b, p1, sizeof p1);
        snprintf(buf, cap, "feat %s by %s", text_hand(rules, st, seat, a), p1);
        return;
    case ARK_A_END_TURN:
        snprintf(buf, cap, "end turn");
        return;
    case ARK_A_PASS:
        snprintf(buf, cap, "pass");
        return;
    case ARK_A_AMPLIFY:
        snprintf(buf, cap, "amplify with %s", text_hand(rules, st, seat, a));
        return;
    case ARK_A_SHIELD:
        snprintf(buf, cap, "shield with %s", text_hand(rules, st, seat, a));
        return;
    case ARK_A_TARGET:
        text_piece(rules, st, a, p1, sizeof p1);
        snprintf(buf, cap, "target %s", p1);
        return;
    case ARK_A_YES:
        snprintf(buf, cap, "yes");
        return;
    case ARK_A_NO:
        snprintf(buf, cap, "no");
        return;
    case ARK_A_DEST:
        snprintf(buf, cap, "to %s", text_realm(rules, st, a, p2, sizeof p2));
        return;
    case ARK_A_HARVEST:
        snprintf(buf, cap, "harvest %s", text_realm(rules, st, a, p2, sizeof p2));
        return;
    case ARK_A_ORDER: {
        const ark_damage *d = a < st->n_queue ? &st->queue[a] : NULL;
        text_piece(rules, st, d ? ark_find_uid(st, d->target) : -1, p1, sizeof p1);
        snprintf(buf, cap, "resolve #%d: %d damage to %s", a + 1, d ? d->amount : 0, p1);
        return;
    }
    case ARK_A_SEEK:
        snprintf(buf, cap, "take %s", a < s->look.n ? text_card(rules, s->look.cards[a]) : "?");
        return;
    case ARK_A_BOTTOM:
        snprintf(buf, cap, "bottom %s", a < s->look.n ? text_card(rules, s->look.cards[a]) : "?");
        return;
    case ARK_A_OPPONENT:
        snprintf(buf, cap, "opponent P%d", a + 1);
        return;
    default:
        snprintf(buf, cap, "? %08x", (unsigned)action);
        return;
    }
}

void ark_describe_move(const carta_rules *rules, const void *state, carta_action action,
                       int viewer, char *buf, size_t cap)
{
    const ark_state *st = state;
    int actor = text_actor(st), kind = ARK_ACT_KIND(action);
    if (actor != viewer) {
        switch (kind) {
        case ARK_A_MULLIGAN:
            snprintf(buf, cap, "mulligan a card");
            return;
        case ARK_A_PICK:
            snprintf(buf, cap, "pick a Realm face down");
            return;
        case ARK_A_RETURN:
            snprintf(buf, cap, "return a Realm to the %s", ARK_ACT_A(action) ? "bottom" : "top");
            return;
        case ARK_A_SEEK:
            snprintf(buf, cap, "take a card");
            return;
        case ARK_A_BOTTOM:
            snprintf(buf, cap, "put a card on the bottom of the Main Deck");
            return;
        default:
            break;
        }
    }
    ark_describe_action(rules, state, action, buf, cap);
}

static const char *const type_names[] = {"Seeker", "Unit", "Feat", "Binding", "Realm", "Status"};

/* The rulebook's Keyword Ability Definitions, by ARK_KW_* bit: each keyword and what it means
 * (N: the number a numbered keyword carries). */
static const struct {
    const char *name;
    const char *meaning;
} keyword_glossary[15] = {
    {"Lethal", "every Wound its Attacks inflict is doubled"},
    {"Evasion", "Shielding it with cards against Melee Attacks gives double Block"},
    {"Stealth", "Shielding it with cards against Ranged Attacks gives double Block"},
    {"Cheat Death", "when it would die, its owner may Exhaust it (if Ready) to keep it alive on "
                    "1 Health"},
    {"Collector", "while extracted, it provides +1 Quintessence"},
    {"Severed", "it may not Assist"},
    {NULL, NULL},
    {NULL, NULL},
    {"Ambush", "it may be Invoked during Combat (a Major Action), onto a Realm"},
    {"Cask", "when the bound Unit is extracted, this Binding is extracted too: +1 "
             "Quintessence"},
    {"Metamorphosis", "in Preparation or Regroup, pay its cost and lose that much Willpower; in "
                      "Combat (a Major Action), pay its cost and kill one of your Units on a "
                      "Realm: it takes that Unit's place"},
    {"Oath", "Damage dealt to another friendly Seeker or Unit on its Realm is redirected to it, "
             "once per Turn"},
    {"Paragon", "when killed by Metamorphosis, it is extracted instead"},
    {"Reaping", "its Attacks also deal N Damage to every other enemy Unit on the Defender's "
                "Realm"},
    {"Penitent", "Shielding it with cards costs N Willpower more per card"},
};

/* One line per keyword of the card: its name (with its number) and what it means. */
static void text_keyword_meanings(const ark_card_def *d, carta_text *out)
{
    for (int k = 0; k < 15; k++) {
        if (!(d->kw & (1u << k)) || !keyword_glossary[k].name)
            continue;
        int n = k == 13 ? d->reaping : k == 14 ? d->penitent : 0;
        carta_text_printf(out, "  %s", keyword_glossary[k].name);
        if (n)
            carta_text_printf(out, " %d", n);
        carta_text_printf(out, ": %s.\n", keyword_glossary[k].meaning);
    }
}

static void text_attack(carta_text *out, const char *name, int v, bool mod)
{
    if (mod)
        carta_text_printf(out, " %s %+d", name, v);
    else if (v == ARK_NO_ATTACK)
        carta_text_printf(out, " %s -", name);
    else
        carta_text_printf(out, " %s %d", name, v);
}

void ark_describe_card(const carta_rules *rules, int card_id, carta_text *out)
{
    const ark_card_def *d = ark_def(rules, card_id);
    if (!d) {
        carta_text_printf(out, "unknown card\n");
        return;
    }
    carta_text_printf(out, "%s — %s%s", d->name, d->token ? "Token " : "",
                      type_names[d->type < 6 ? d->type : 0]);
    if (d->faction)
        carta_text_printf(out, ", %s", ark_faction_name(rules, d->faction));
    if (d->type == ARK_UNIT || d->type == ARK_FEAT || d->type == ARK_BINDING)
        carta_text_printf(out, ", cost %d Arkhé", d->cost);
    carta_text_printf(out, "\n");
    if (d->type == ARK_SEEKER || d->type == ARK_UNIT) {
        carta_text_printf(out, " Soul %d", d->soul);
        text_attack(out, "Melee", d->melee, false);
        text_attack(out, "Ranged", d->ranged, false);
        if (d->type == ARK_UNIT)
            carta_text_printf(out, " Health %d", d->health);
        carta_text_printf(out, "\n");
    } else if (d->type == ARK_BINDING || d->type == ARK_STATUS) {
        if (d->soul || d->melee || d->ranged || d->health) {
            carta_text_printf(out, " Soul %+d", d->soul);
            text_attack(out, "Melee", d->melee, true);
            text_attack(out, "Ranged", d->ranged, true);
            carta_text_printf(out, " Health %+d\n", d->health);
        }
    }
    if (d->type == ARK_FEAT || d->type == ARK_BINDING)
        carta_text_printf(out, " Block %d\n", d->block);
    if (d->type == ARK_REALM) {
        if (d->neutral)
            carta_text_printf(out, " Neutral Realm, Quintessence %d\n", d->quintessence);
        else
            carta_text_printf(out, " Initiative %d, Quintessence %d\n", d->initiative,
                              d->quintessence);
    }
    if (d->traits) {
        carta_text_printf(out, " Traits:");
        for (int t = 0; t < 64; t++)
            if (d->traits & (1ull << t))
                carta_text_printf(out, " %s", ark_trait_name(rules, t));
        carta_text_printf(out, "\n");
    }
    if (d->text[0]) /* the printed text names the keywords; their meanings follow */
        carta_text_printf(out, " %s\n", d->text);
    text_keyword_meanings(d, out);
}

/* One line of a card in a hand: "Name (Unit, cost 3 Arkhé; Soul 1 Melee 2 Ranged - Health 3):
 * text". */
static void text_card_line(const carta_rules *rules, int id, carta_text *out)
{
    const ark_card_def *d = id == ARK_UNKNOWN ? NULL : ark_def(rules, id);
    if (!d) {
        carta_text_printf(out, "%s\n", text_card(rules, id));
        return;
    }
    carta_text_printf(out, "%s (%s", d->name, type_names[d->type < 6 ? d->type : 0]);
    if (d->type == ARK_UNIT || d->type == ARK_FEAT || d->type == ARK_BINDING)
        carta_text_printf(out, ", cost %d Arkh\xc3\xa9", d->cost);
    if (d->type == ARK_UNIT) {
        carta_text_printf(out, ";");
        text_attack(out, "Soul", d->soul, false);
        text_attack(out, "Melee", d->melee, false);
        text_attack(out, "Ranged", d->ranged, false);
        carta_text_printf(out, " Health %d", d->health);
    }
    if (d->type == ARK_FEAT || d->type == ARK_BINDING)
        carta_text_printf(out, "; Block %d", d->block);
    carta_text_printf(out, ")%s%s\n", d->text[0] ? ": " : "", d->text);
}

static void text_render_piece(const carta_rules *rules, const ark_state *st, int i,
                              carta_text *out)
{
    const ark_piece *p = &st->pieces[i];
    char name[96];
    text_piece(rules, st, i, name, sizeof name);
    carta_text_printf(out, "    %s (%splayer %d): soul %d", name,
                      (p->flags & ARK_P_SEEKER) ? "Seeker, " : "", p->owner + 1,
                      ark_stat(rules, st, i, ARK_STAT_SOUL));
    int m = ark_stat(rules, st, i, ARK_STAT_MELEE), r = ark_stat(rules, st, i, ARK_STAT_RANGED);
    if (m != ARK_NO_ATTACK)
        carta_text_printf(out, " melee %d", m);
    if (r != ARK_NO_ATTACK)
        carta_text_printf(out, " ranged %d", r);
    if (!(p->flags & ARK_P_SEEKER))
        carta_text_printf(out, " health %d/%d", ark_stat(rules, st, i, ARK_STAT_HEALTH) - p->wounds,
                          ark_stat(rules, st, i, ARK_STAT_HEALTH));
    if (p->block)
        carta_text_printf(out, " block %d", p->block);
    if (p->flags & ARK_P_EXHAUSTED)
        carta_text_printf(out, " exhausted");
    for (int a = 0; a < p->n_attach; a++)
        carta_text_printf(out, " [%s]", text_card(rules, ARK_ATTACH_CARD(p->attach[a])));
    carta_text_printf(out, "\n");
}

void ark_render(const carta_rules *rules, const void *state, int seat, carta_text *out)
{
    const ark_state *st = state;
    char line[160];
    ark_describe_state(rules, st, line, sizeof line);
    carta_text_printf(out, "%s (%s)\n", line,
                      st->mode == ARK_MODE_DUEL ? "Seeker's Duel" : "Desperate Measures");
    for (int s = 0; s < st->n_seats; s++) {
        const ark_seat *se = &st->seat[s];
        carta_text_printf(out, "player %d %s%s: Willpower %d, Quintessence %d, Arkhé %d/%d, "
                               "hand %d, deck %d, Realm Deck %d, Chronicle %d%s\n",
                          s + 1, text_card(rules, se->seeker), s == seat ? " (you)" : "",
                          se->willpower, se->quintessence, se->arkhe, se->arkhe_max, se->hand.n,
                          se->deck.n, se->realm_deck.n, se->chronicle.n,
                          (se->flags & ARK_S_ELIMINATED) ? " ELIMINATED" : "");
        if (se->pick != ARK_NO_CARD)
            carta_text_printf(out, "  face-down Realm: %s\n", text_card(rules, se->pick));
        if (se->chronicle.n) { /* the discard pile: open to everyone */
            carta_text_printf(out, "  Chronicle:");
            for (int i = 0; i < se->chronicle.n; i++)
                carta_text_printf(out, "%s %s", i ? "," : "", text_card(rules, se->chronicle.cards[i]));
            carta_text_printf(out, "\n");
        }
    }
    for (int r = 0; r < ARK_REALMS; r++) {
        const ark_realm *rm = &st->realms[r];
        if (rm->card == ARK_NO_CARD)
            continue;
        const ark_card_def *d = ark_def(rules, rm->card);
        if (rm->owner >= 0)
            carta_text_printf(out, "Realm %s of player %d (Initiative %d, Quintessence %d):\n",
                              text_card(rules, rm->card), rm->owner + 1, d ? d->initiative : 0,
                              d ? d->quintessence : 0);
        else
            carta_text_printf(out, "Neutral Realm %s (Quintessence %d):\n",
                              text_card(rules, rm->card), d ? d->quintessence : 0);
        for (int i = 0; i < st->n_pieces; i++)
            if (st->pieces[i].loc == r)
                text_render_piece(rules, st, i, out);
    }
    for (int s = 0; s < st->n_seats; s++) {
        bool any = false;
        for (int i = 0; i < st->n_pieces; i++)
            if (st->pieces[i].owner == s && st->pieces[i].loc == ARK_LOC_SAFE) {
                if (!any)
                    carta_text_printf(out, "Safe Zone of player %d:\n", s + 1);
                any = true;
                text_render_piece(rules, st, i, out);
            }
    }
    if (seat >= 0 && seat < st->n_seats) {
        const ark_seat *se = &st->seat[seat];
        carta_text_printf(out, "Your hand (%d):%s\n", se->hand.n, se->hand.n ? "" : " empty");
        for (int i = 0; i < se->hand.n; i++) {
            carta_text_printf(out, "    ");
            text_card_line(rules, se->hand.cards[i], out);
        }
        if (se->look.n) {
            carta_text_printf(out, "Looking at:");
            for (int i = 0; i < se->look.n; i++)
                carta_text_printf(out, "%s %s", i ? "," : "", text_card(rules, se->look.cards[i]));
            carta_text_printf(out, "\n");
        }
    }
    if (st->phase == ARK_PHASE_OVER && st->mode == ARK_MODE_DESPERATE) {
        int pts[ARK_SEATS];
        ark_scores(rules, st, pts);
        carta_text_printf(out, "Tournament points:");
        for (int s = 0; s < st->n_seats; s++)
            carta_text_printf(out, "%s player %d %d", s ? "," : "", s + 1, pts[s]);
        carta_text_printf(out, "\n");
    }
}

/* What the pending decision is about, e.g. " (Cheat Death for Ashen Revenant?)". */
static void text_decision(const carta_rules *rules, const ark_state *st, const carta_pending *top,
                          char *buf, size_t cap)
{
    char p[64];
    switch (top->kind) {
    case ARK_FR_DAMAGE:
        snprintf(buf, cap, " (damage)");
        return;
    case ARK_FR_QUEUE:
        snprintf(buf, cap, " (damage order)");
        return;
    case ARK_FR_CHEAT_DEATH:
        text_piece(rules, st, ark_find_uid(st, (uint16_t)top->arg[0]), p, sizeof p);
        snprintf(buf, cap, " (Cheat Death for %s? yes: Exhaust it, it stays on 1 Health)", p);
        return;
    case ARK_FR_MAY:
        snprintf(buf, cap, " (use the optional effect?)");
        return;
    case ARK_FR_TALENT:
        snprintf(buf, cap, " (use the Talent?)");
        return;
    case ARK_FR_TARGET:
        snprintf(buf, cap, " (choose a target)");
        return;
    case ARK_FR_DEST:
        snprintf(buf, cap, " (choose where it moves)");
        return;
    case ARK_FR_CARD:
        snprintf(buf, cap, " (discard %d)", top->arg[0]);
        return;
    case ARK_FR_SEEK:
        snprintf(buf, cap, " (Seek: take %d)", top->arg[0]);
        return;
    case ARK_FR_OPPONENT:
        snprintf(buf, cap, " (choose an opponent)");
        return;
    default:
        snprintf(buf, cap, " (effect)");
        return;
    }
}

void ark_describe_state(const carta_rules *rules, const void *state, char *buf, size_t cap)
{
    const ark_state *st = state;
    if (st->phase == ARK_PHASE_OVER) {
        if (st->winner >= 0)
            snprintf(buf, cap, "round %d, game over: player %d wins", st->round, st->winner + 1);
        else
            snprintf(buf, cap, "round %d, game over: %s", st->round,
                     (st->result & ARK_R_TRUE_TIE) ? "True Tie" : "draw");
        return;
    }
    const carta_pending *top = carta_pending_peek(&st->pending);
    char what[160] = "";
    if (top)
        text_decision(rules, st, top, what, sizeof what);
    snprintf(buf, cap, "round %d, %s phase, player %d to act%s", st->round,
             phase_names[st->phase < 8 ? st->phase : 7], ark_to_act(rules, st) + 1, what);
}

/* The card an action plays from the actor's hand (Unit, Binding, Feat, Amplify, Shield), or -1:
 * for carta sim's per-card statistics. */
int ark_action_card(const carta_rules *rules, const void *state, carta_action action)
{
    (void)rules;
    const ark_state *st = state;
    int kind = ARK_ACT_KIND(action), a = ARK_ACT_A(action), actor = text_actor(st);
    if (kind != ARK_A_UNIT && kind != ARK_A_BINDING && kind != ARK_A_FEAT &&
        kind != ARK_A_AMPLIFY && kind != ARK_A_SHIELD)
        return -1;
    if (actor < 0 || actor >= st->n_seats)
        return -1;
    const ark_zone *hand = &st->seat[actor].hand;
    if (a >= hand->n || hand->cards[a] == ARK_UNKNOWN)
        return -1;
    return hand->cards[a];
}
