/* text.c: action texts (what players type), the board drawn for a seat, and the one-line step. */
#include "games/aember/aember.h"

#include <stdio.h>
#include <string.h>

static const char *text_card(const carta_rules *rules, uint16_t card)
{
    const aember_card_def *def = aember_def(rules, card);
    return card == AEMBER_UNKNOWN ? "(unknown card)" : def ? def->name : "?";
}

/* The name of a card in play as the viewer types it: "Title", "Title #2" for a later copy on the
 * same side, "enemy Title" when the viewer's side has a card of the same title. */
static void text_in_play(const carta_rules *rules, const aember_state *st, int viewer, int seat,
                         int art, int idx, char *buf, size_t cap)
{
    const aember_seat *s = &st->seat[seat];
    uint16_t card = art ? s->artifacts[idx].card : s->line[idx].card;
    int ordinal = 1;
    for (int i = 0; i < idx; i++)
        ordinal += (art ? s->artifacts[i].card : s->line[i].card) == card;
    if (art)
        for (int i = 0; i < s->n_line; i++)
            ordinal += s->line[i].card == card;
    bool clash = false;
    if (seat != viewer) {
        const aember_seat *v = &st->seat[viewer];
        for (int i = 0; i < v->n_line && !clash; i++)
            clash = v->line[i].card == card;
        for (int i = 0; i < v->n_artifacts && !clash; i++)
            clash = v->artifacts[i].card == card;
    }
    char suffix[16] = "";
    if (ordinal > 1)
        snprintf(suffix, sizeof suffix, " #%d", ordinal);
    snprintf(buf, cap, "%s%s%s", clash ? "enemy " : "", text_card(rules, card), suffix);
}

static int text_viewer(const aember_state *st)
{
    const carta_pending *top = carta_pending_peek(&st->pending);
    if (top)
        return top->seat;
    return st->phase == AEMBER_PHASE_MULLIGAN ? st->mulligan_seat : st->active;
}

/* The card at index of a zone, or -1. */
static int text_zone_card(const aember_state *st, int zone, int seat, int index)
{
    const aember_seat *s = &st->seat[seat];
    const aember_zone *z = zone == AEMBER_FROM_HAND ? &s->hand
                           : zone == AEMBER_FROM_DECK ? &s->deck : &s->discard;
    return index < z->n ? z->cards[index] : -1;
}

void aember_describe_action(const carta_rules *rules, const void *state, carta_action action,
                            char *buf, size_t cap)
{
    const aember_state *st = state;
    int me = st->active, viewer = text_viewer(st);
    const aember_seat *my = &st->seat[me];
    int a = AEMBER_ACT_A(action), b = AEMBER_ACT_B(action), c = AEMBER_ACT_C(action);
    char n1[96], n2[96];
    static const char *const flank[] = {"", " left", " right"};
    switch (AEMBER_ACT_KIND(action)) {
    case AEMBER_A_KEEP: snprintf(buf, cap, "keep"); return;
    case AEMBER_A_MULLIGAN: snprintf(buf, cap, "mulligan"); return;
    case AEMBER_A_HOUSE: snprintf(buf, cap, "house %s", aember_house_name(rules, a)); return;
    case AEMBER_A_TAKE_ARCHIVES: snprintf(buf, cap, "take archives"); return;
    case AEMBER_A_LEAVE_ARCHIVES: snprintf(buf, cap, "leave archives"); return;
    case AEMBER_A_PLAY:
        if (a < my->hand.n && b <= 2) {
            snprintf(buf, cap, "play %s%s", text_card(rules, my->hand.cards[a]), flank[b]);
            return;
        }
        break;
    case AEMBER_A_PLAY_UPGRADE:
        if (a < my->hand.n && b / 2 < AEMBER_SEATS && c < st->seat[b / 2].n_line) {
            text_in_play(rules, st, me, b / 2, 0, c, n1, sizeof n1);
            snprintf(buf, cap, "play %s on %s", text_card(rules, my->hand.cards[a]), n1);
            return;
        }
        break;
    case AEMBER_A_DISCARD:
        if (a < my->hand.n) {
            snprintf(buf, cap, "discard %s", text_card(rules, my->hand.cards[a]));
            return;
        }
        break;
    case AEMBER_A_REAP:
    case AEMBER_A_USE_STUNNED:
        if (a < my->n_line) {
            text_in_play(rules, st, me, me, 0, a, n1, sizeof n1);
            snprintf(buf, cap, "%s %s",
                     AEMBER_ACT_KIND(action) == AEMBER_A_REAP ? "reap" : "use", n1);
            return;
        }
        break;
    case AEMBER_A_FIGHT:
        if (a < my->n_line && b < st->seat[!me].n_line) {
            text_in_play(rules, st, me, me, 0, a, n1, sizeof n1);
            text_in_play(rules, st, me, !me, 0, b, n2, sizeof n2);
            snprintf(buf, cap, "fight %s -> %s", n1, n2);
            return;
        }
        break;
    case AEMBER_A_ACTION:
        if ((a == AEMBER_POS_LINE && b < my->n_line) ||
            (a == AEMBER_POS_ARTIFACT && b < my->n_artifacts)) {
            text_in_play(rules, st, me, me, a == AEMBER_POS_ARTIFACT, b, n1, sizeof n1);
            snprintf(buf, cap, "action %s", n1);
            return;
        }
        break;
    case AEMBER_A_OMNI:
        if (a < my->n_artifacts) {
            text_in_play(rules, st, me, me, 1, a, n1, sizeof n1);
            snprintf(buf, cap, "omni %s", n1);
            return;
        }
        break;
    case AEMBER_A_END_TURN: snprintf(buf, cap, "end turn"); return;
    case AEMBER_A_TARGET:
        if (a / 2 < AEMBER_SEATS &&
            b < ((a & 1) ? st->seat[a / 2].n_artifacts : st->seat[a / 2].n_line)) {
            text_in_play(rules, st, viewer, a / 2, a & 1, b, n1, sizeof n1);
            snprintf(buf, cap, "target %s", n1);
            return;
        }
        break;
    case AEMBER_A_PICK:
        if (c < AEMBER_SEATS && text_zone_card(st, a, c, b) >= 0) {
            snprintf(buf, cap, "target %s",
                     text_card(rules, (uint16_t)text_zone_card(st, a, c, b)));
            return;
        }
        break;
    case AEMBER_A_YES: snprintf(buf, cap, "yes"); return;
    case AEMBER_A_NO: snprintf(buf, cap, "no"); return;
    case AEMBER_A_LEFT: snprintf(buf, cap, "left"); return;
    case AEMBER_A_RIGHT: snprintf(buf, cap, "right"); return;
    case AEMBER_A_DONE: snprintf(buf, cap, "done"); return;
    case AEMBER_A_ORDER:
        if (a <= AEMBER_ORDER_BEFORE_FIGHT) {
            static const char *const parts[] = {"assault", "hazardous", "before fight"};
            snprintf(buf, cap, "order %s", parts[a]);
            return;
        }
        break;
    default: break;
    }
    snprintf(buf, cap, "(action %08x)", (unsigned)action);
}

static const char *const phase_names[] = {"mulligan", "choose a house", "archives", "main step",
                                          "game over"};

void aember_describe_state(const carta_rules *rules, const void *state, char *buf, size_t cap)
{
    (void)rules;
    const aember_state *st = state;
    if (st->phase == AEMBER_PHASE_OVER) {
        if (st->winner >= 0)
            snprintf(buf, cap, "turn %d, game over: player %d wins", st->turn, st->winner + 1);
        else
            snprintf(buf, cap, "turn %d, game over: a draw", st->turn);
        return;
    }
    if (st->phase == AEMBER_PHASE_MULLIGAN) {
        snprintf(buf, cap, "setup, player %d, mulligan", st->mulligan_seat + 1);
        return;
    }
    const carta_pending *top = carta_pending_peek(&st->pending);
    static const char *const frame_names[] = {
        "", "resolving", "choose a target", "may", "choose a flank", "choose a card", "fight",
        "destroyed", "play", "end of turn", "start of turn", "use a card", "play a card",
        "order assault, hazardous and Before Fight"};
    const char *step = top && top->kind < sizeof frame_names / sizeof frame_names[0]
                           ? frame_names[top->kind]
                           : phase_names[st->phase];
    snprintf(buf, cap, "turn %d, player %d, %s", st->turn, st->active + 1, step);
}

/* "  discard: A, B" for an open zone, nothing when it is empty. */
static void text_zone(const carta_rules *rules, const char *label, const aember_zone *z,
                      carta_text *out)
{
    if (!z->n)
        return;
    carta_text_printf(out, "  %s:", label);
    for (int i = 0; i < z->n; i++)
        carta_text_printf(out, "%s %s", i ? "," : "", text_card(rules, z->cards[i]));
    carta_text_printf(out, "\n");
}

static void text_line(const carta_rules *rules, const aember_state *st, int seat, carta_text *out)
{
    const aember_seat *s = &st->seat[seat];
    carta_text_printf(out, "  battle line:");
    if (!s->n_line)
        carta_text_printf(out, " (empty)");
    for (int i = 0; i < s->n_line; i++) {
        const aember_card_in_play *c = &s->line[i];
        carta_text_printf(out, "\n    [%s %d/%d", text_card(rules, c->card),
                          aember_power(rules, st, seat, i), aember_armor(rules, st, seat, i));
        if (c->damage)
            carta_text_printf(out, " dmg %d", c->damage);
        if (c->aember)
            carta_text_printf(out, " A%d", c->aember);
        if (c->power_counters)
            carta_text_printf(out, " +%d", c->power_counters);
        if (c->flags & AEMBER_F_EXHAUSTED)
            carta_text_printf(out, " exhausted");
        if (c->flags & AEMBER_F_STUNNED)
            carta_text_printf(out, " stunned");
        for (int u = 0; u < c->n_upgrades; u++)
            carta_text_printf(out, " +%s", text_card(rules, c->upgrades[u] & ~AEMBER_UPGRADE_OWNER));
        carta_text_printf(out, "]");
    }
    carta_text_printf(out, "\n  artifacts:");
    if (!s->n_artifacts)
        carta_text_printf(out, " (none)");
    for (int i = 0; i < s->n_artifacts; i++)
        carta_text_printf(out, " [%s%s]", text_card(rules, s->artifacts[i].card),
                          (s->artifacts[i].flags & AEMBER_F_EXHAUSTED) ? " exhausted" : "");
    carta_text_printf(out, "\n");
}

static const char *const type_names[] = {"action", "artifact", "creature", "upgrade"};
static const char *const rarity_names[] = {"common", "uncommon", "rare", "special"};

/* One line: "Name (house creature, power 3, armor 1, 1 Æmber): text". */
static void text_card_summary(const carta_rules *rules, int id, carta_text *out)
{
    if (id == AEMBER_UNKNOWN || id < 0 || id >= rules->n_defs) {
        carta_text_printf(out, "(unknown card)\n");
        return;
    }
    const aember_card_def *d = aember_def(rules, id);
    carta_text_printf(out, "%s (%s %s", d->name, aember_house_name(rules, d->house),
                      type_names[d->type]);
    if (d->type == AEMBER_CREATURE)
        carta_text_printf(out, ", power %d", d->power);
    if (d->armor)
        carta_text_printf(out, ", armor %d", d->armor);
    if (d->aember)
        carta_text_printf(out, ", %d \xc3\x86mber", d->aember);
    carta_text_printf(out, ")%s%s\n", d->text[0] ? ": " : "", d->text);
}

/* The glossary's keywords, in the order of their AEMBER_KW_* bits: what each means. */
static const struct {
    const char *name;
    const char *meaning;
} keyword_glossary[] = {
    {"Assault", "when it fights, before the fight it deals that much damage to the creature it "
                "attacks (if that destroys it, the rest of the fight does not occur)"},
    {"Hazardous", "when it is attacked, before the fight it deals that much damage to the "
                  "attacker (if that destroys it, the rest of the fight does not occur)"},
    {"Elusive", "the first time it is attacked each turn, it is dealt no damage and deals none"},
    {"Poison", "damage it deals in a fight that gets past armor destroys the damaged creature"},
    {"Skirmish", "when it is used to fight, it is dealt no damage in return"},
    {"Taunt", "its neighbors cannot be attacked unless they have taunt too"},
};

/* One line per keyword of the card, with what it means (its text already names it). */
static void text_keyword_meanings(const aember_card_def *d, carta_text *out)
{
    for (int k = 0; k < (int)(sizeof keyword_glossary / sizeof keyword_glossary[0]); k++) {
        if (!(d->keywords & (1u << k)))
            continue;
        int value = k == 0 ? d->assault : k == 1 ? d->hazardous : 0;
        carta_text_printf(out, "  %s", keyword_glossary[k].name);
        if (value)
            carta_text_printf(out, " %d", value);
        carta_text_printf(out, ": %s.\n", keyword_glossary[k].meaning);
    }
}

void aember_describe_card(const carta_rules *rules, int card_id, carta_text *out)
{
    text_card_summary(rules, card_id, out);
    if (card_id < 0 || card_id >= rules->n_defs)
        return;
    const aember_card_def *d = aember_def(rules, card_id);
    text_keyword_meanings(d, out);
    carta_text_printf(out, "  rarity: %s%s\n", rarity_names[d->rarity],
                      d->maverick ? ", maverick" : "");
}

void aember_render(const carta_rules *rules, const void *state, int seat, carta_text *out)
{
    const aember_state *st = state;
    char line[128];
    aember_describe_state(rules, st, line, sizeof line);
    carta_text_printf(out, "%s\n", line);
    /* what is resolving now: the abilities in progress, innermost last (an action card being
     * played is in no zone until it resolves) */
    for (int i = 0; i < st->pending.n; i++)
        if (st->pending.frame[i].kind == AEMBER_FR_RUN)
            carta_text_printf(out, "resolving: %s\n",
                              text_card(rules, (uint16_t)st->pending.frame[i].arg[0]));
    for (int k = 0; k < AEMBER_SEATS; k++) {
        /* the other player above, the viewer below; a spectator sees player 1 above */
        int p = seat < 0 ? k : k == 0 ? !seat : seat;
        const aember_seat *s = &st->seat[p];
        carta_text_printf(out, "player %d%s: %d \xc3\x86mber, %d key%s (cost %d), %d chain%s, "
                               "deck %d, discard %d, archives %d, purged %d, houses",
                          p + 1, p == seat ? " (you)" : "", s->aember, s->keys,
                          s->keys == 1 ? "" : "s", aember_key_cost(rules, st, p), s->chains,
                          s->chains == 1 ? "" : "s", s->deck.n, s->discard.n, s->archives.n,
                          s->purged.n);
        for (int h = 0; h < s->n_houses; h++)
            carta_text_printf(out, " %s%s", aember_house_name(rules, s->houses[h]),
                              st->active == p && st->phase >= AEMBER_PHASE_ARCHIVES &&
                                      st->active_house == s->houses[h]
                                  ? "*"
                                  : "");
        carta_text_printf(out, "\n");
        text_line(rules, st, p, out);
        text_zone(rules, "discard", &s->discard, out);
        text_zone(rules, "purged", &s->purged, out);
        carta_text_printf(out, "  hand (%d):", s->hand.n);
        if (p != seat) {
            carta_text_printf(out, " %d card%s\n", s->hand.n, s->hand.n == 1 ? "" : "s");
            continue;
        }
        carta_text_printf(out, "\n");
        for (int i = 0; i < s->hand.n; i++) {
            carta_text_printf(out, "    ");
            text_card_summary(rules, s->hand.cards[i], out);
        }
    }
}

/* A move as viewer sees it: described on viewer's observation, except that a card played or
 * discarded from the mover's hand is revealed by that very action, so it is named. */
void aember_describe_move(const carta_rules *rules, const void *state, carta_action action,
                          int viewer, char *buf, size_t cap)
{
    const aember_state *st = state;
    aember_state view;
    aember_observe(rules, st, viewer, &view);
    int kind = AEMBER_ACT_KIND(action), a = AEMBER_ACT_A(action);
    int reveals = kind == AEMBER_A_PLAY || kind == AEMBER_A_PLAY_UPGRADE || kind == AEMBER_A_DISCARD;
    const aember_seat *mover = &st->seat[st->active];
    if (reveals && a < mover->hand.n)
        view.seat[st->active].hand.cards[a] = mover->hand.cards[a];
    aember_describe_action(rules, &view, action, buf, cap);
}

/* The card a play action takes from the active seat's hand (carta_game.action_card), or -1. */
int aember_action_card(const carta_rules *rules, const void *state, carta_action action)
{
    (void)rules;
    const aember_state *st = state;
    int kind = AEMBER_ACT_KIND(action), a = AEMBER_ACT_A(action);
    if (kind != AEMBER_A_PLAY && kind != AEMBER_A_PLAY_UPGRADE)
        return -1;
    if (st->active < 0 || st->active >= AEMBER_SEATS)
        return -1;
    const aember_seat *s = &st->seat[st->active];
    if (a >= s->hand.n || s->hand.cards[a] == AEMBER_UNKNOWN)
        return -1;
    return s->hand.cards[a];
}
