/* text.c: Essence as people read it: event words, action texts, card texts, the table drawn for
 * a seat, the one-line step. */
#include "games/essence/essence.h"

#include <stdio.h>
#include <string.h>

static const char *const ess_words[ESS_W_COUNT] = {
    [ESS_W_HAND] = "hand", [ESS_W_FOREST] = "the Forest", [ESS_W_MINES] = "the Mines",
    [ESS_W_UNDERWORLD] = "the Underworld", [ESS_W_GRAVEYARD] = "the Graveyard",
    [ESS_W_REVEALED] = "the revealed cards", [ESS_W_SUPPORT] = "the Support Stack",
    [ESS_W_INTERFERENCE] = "the Interference Stack", [ESS_W_COMBAT] = "the combat",
    [ESS_W_PAYMENT] = "the Spell Cost", [ESS_W_TABLE] = "the table",
    [ESS_W_BOTTOM] = "the bottom of its Realm Stack", [ESS_W_CARTA] = "their Carta Essentia",
    [ESS_W_BOX] = "the box",
    [ESS_W_PICKS] = "picks the Avatar", [ESS_W_DRAWS] = "draws",
    [ESS_W_EXPLORES] = "explores the Forest (Explore Limit %d)",
    [ESS_W_EXPLORES_MINES] = "explores the Mines (Explore Limit %d)",
    [ESS_W_EXPLORES_UNDERWORLD] = "explores the Underworld (Explore Limit %d)",
    [ESS_W_TAKES] = "takes", [ESS_W_FIGHTS] = "fights",
    [ESS_W_SUPPORTS] = "supports with",
    [ESS_W_CRITICAL] = "scores a Critical Hit (Support Strength %d) with",
    [ESS_W_INTERFERES] = "interferes with", [ESS_W_MUTINY] = "is betrayed by",
    [ESS_W_WINS_COMBAT] = "wins the combat (Attack Strength %d against Willpower %d) against",
    [ESS_W_LOSES_COMBAT] = "loses the combat (Attack Strength %d against Willpower %d) against",
    [ESS_W_LOOTS] = "loots", [ESS_W_DISCARDS] = "discards",
    [ESS_W_RETURNS] = "takes back the Invulnerable", [ESS_W_TAKES_BACK] = "takes back",
    [ESS_W_CASTS] = "casts", [ESS_W_PAYS] = "pays with",
    [ESS_W_SPELL_WORKS] = "succeeds with Spell Fate %d:",
    [ESS_W_SPELL_FAIL] = "suffers a Spell Fail (Spell Fate %d):",
    [ESS_W_PERFECT] = "achieves a Perfect Spellcast (Spell Fate %d):",
    [ESS_W_FLIPS] = "flips spell card %d:", [ESS_W_KEEPS_SIDE] = "keeps face up",
    [ESS_W_FIZZLES] = "cannot do what they declared", [ESS_W_USES] = "uses the ability of",
    [ESS_W_ABILITY_WORKS] = "succeeds with Ability Fate %d (%d needed):",
    [ESS_W_ABILITY_FAILS] = "fails with Ability Fate %d (%d needed):",
    [ESS_W_BONUS] = "uses the Fate Bonus of", [ESS_W_DECLINES] = "declines the Fate Bonus of",
    [ESS_W_PASSES] = "passes", [ESS_W_DECLARES] = "has decided (revealed when all have)",
    [ESS_W_WILL_INTERFERE] = "will interfere with", [ESS_W_WILL_CAST] = "will cast",
    [ESS_W_WILL_USE] = "will use the ability of", [ESS_W_GOES_FIRST] = "lets player %d go first",
    [ESS_W_SHUFFLES] = "shuffles the Graveyard of Fates into the Fate Deck (%d cards)",
    [ESS_W_REBUILDS] = "shuffles %d cards of the Graveyard into a new Realm Stack",
    [ESS_W_STOPS] = "stops exploring",
    [ESS_W_CLAIMS] = "reveals the Runes of their Carta Essentia",
    [ESS_W_CLAIM_FAILS] = "fails the Essence of Eternity (Spell Fate %d)",
    [ESS_W_STEALS] = "card", [ESS_W_DRAWN_AT_RANDOM] = "draws at random and discards",
    [ESS_W_ENDS_EXPLORATION] = "ends the exploration",
    [ESS_W_GIVES_UP] = "stops trying to complete the Carta Essentia",
    [ESS_W_FOR_COMBAT] = "the Combat Fate", [ESS_W_FOR_SPELL] = "the Spell Fate",
    [ESS_W_FOR_ABILITY] = "the Ability Fate", [ESS_W_FOR_ETERNITY] = "the Essence of Eternity",
    [ESS_W_ATTACK] = "stands at Attack Strength %d against Willpower %d",
    [ESS_W_EXPLORE_LIMIT] = "Explore Limit", [ESS_W_PHASE_ARCANE] = "enters the Arcane Phase",
    [ESS_W_SUFFOCATED] = "can cast no more spells this turn",
    [ESS_W_INVULNERABLE] = "makes the Minions of this combat Invulnerable",
    [ESS_W_PICK_ORDER] = "is number %d to pick an Avatar",
    [ESS_W_COMPLETED] = "Essence of Eternity completed",
    [ESS_W_TURN_LIMIT] = "turn limit",
};

const char *ess_event_word(const carta_rules *r, int word)
{
    (void)r;
    return word > 0 && word < ESS_W_COUNT ? ess_words[word] : NULL;
}

const char *ess_realm_name(int realm)
{
    static const char *const names[ESS_REALMS] = {"Forest", "Mines", "Underworld"};
    return realm >= 0 && realm < ESS_REALMS ? names[realm] : "?";
}

static const char *text_card(const carta_rules *r, int card)
{
    if (card == ESS_UNKNOWN)
        return "(hidden)";
    const char *name = card >= 0 && card != ESS_NONE ? carta_catalog_name(r->catalog, card) : NULL;
    return name ? name : "?";
}

static const char *text_when(int when)
{
    static const char *const names[] = {"any phase", "first action", "Exploration Phase",
                                        "Combat Phase", "Arcane Phase", "end of turn",
                                        "an opponent's Combat Phase"};
    return when >= 0 && when <= ESS_WHEN_THEIR_COMBAT ? names[when] : "?";
}

/* The same timing as a phrase: "its active ability is used in the Combat Phase". */
static const char *text_when_phrase(int when)
{
    static const char *const phrases[] = {"in any phase", "as the first action of the turn",
                                          "in the Exploration Phase", "in the Combat Phase",
                                          "in the Arcane Phase", "at the end of the turn",
                                          "in an opponent's Combat Phase"};
    return when >= 0 && when <= ESS_WHEN_THEIR_COMBAT ? phrases[when] : "?";
}

static void text_cost(const ess_card *c, char *buf, size_t cap)
{
    static const char *const colors[] = {"green", "blue", "red", "grey"};
    size_t n = 0;
    buf[0] = 0;
    for (int k = 0; k < c->n_cost && n < cap; k++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", k ? "+" : "", colors[c->cost[k]]);
}

void ess_describe_action(const carta_rules *r, const void *state, carta_action a, char *buf,
                         size_t cap)
{
    const ess_state *st = state;
    int x = ESS_ARG(a), seat = ess_to_act(r, state);
    int responding = ess_deciding(r, state) != 0;
    switch (ESS_KIND(a)) {
    case ESS_A_PICK: snprintf(buf, cap, "pick %s", text_card(r, x)); return;
    case ESS_A_ABILITY:
        snprintf(buf, cap, "use %s's ability",
                 seat >= 0 ? text_card(r, st->seat[seat].avatar) : "?");
        return;
    case ESS_A_EXPLORE: snprintf(buf, cap, "explore the %s", ess_realm_name(x)); return;
    case ESS_A_CONTINUE: snprintf(buf, cap, "reveal the next card"); return;
    case ESS_A_STOP:
        snprintf(buf, cap, st->phase == ESS_PHASE_EXPLORE ? "stop exploring"
                                                          : "go to the Arcane Phase");
        return;
    case ESS_A_MINION:
        snprintf(buf, cap, "%s %s", responding ? "interfere with" : "support with",
                 text_card(r, x));
        return;
    case ESS_A_CAST:
        snprintf(buf, cap, "cast %s", x < ESS_SPELLS ? text_card(r, st->aether[x]) : "?");
        return;
    case ESS_A_PASS:
        snprintf(buf, cap, "%s", responding                      ? "pass"
                                 : st->phase == ESS_PHASE_ARCANE ? "end the Arcane Phase"
                                 : st->phase == ESS_PHASE_END    ? "end the turn"
                                                                 : "pass");
        return;
    case ESS_A_CLAIM: snprintf(buf, cap, "complete the Carta Essentia"); return;
    case ESS_A_PAY: snprintf(buf, cap, "pay with %s", text_card(r, x)); return;
    case ESS_A_BONUS:
        snprintf(buf, cap, x ? "use the Fate Bonus" : "decline the Fate Bonus");
        return;
    case ESS_A_ORDER: snprintf(buf, cap, "player %d goes first", x + 1); return;
    case ESS_A_STACK: snprintf(buf, cap, "choose the %s", ess_realm_name(x)); return;
    case ESS_A_TAKE: snprintf(buf, cap, "take %s from the Graveyard", text_card(r, x)); return;
    case ESS_A_KEEP: {
        const carta_pending *f = carta_pending_peek(&st->pending);
        const char *spell = f ? text_card(r, st->aether[f->arg[0]]) : "the spell";
        snprintf(buf, cap, x ? "keep %s face up" : "flip %s", spell);
        return;
    }
    case ESS_A_DISCARD: snprintf(buf, cap, "discard %s", text_card(r, x)); return;
    case ESS_A_RETRY:
        snprintf(buf, cap, x ? "try the Carta Essentia again" : "stop trying");
        return;
    default: snprintf(buf, cap, "?"); return;
    }
}

/* A move as another seat is told it: what a seat declares in a response stays hidden until all
 * have declared; every other move shows only cards it puts on the table. */
void ess_describe_move(const carta_rules *r, const void *state, carta_action a, int viewer,
                       char *buf, size_t cap)
{
    int mover = ess_to_act(r, state);
    if (ess_deciding(r, state) && viewer != mover) {
        snprintf(buf, cap, "declare (hidden until all have declared)");
        return;
    }
    ess_describe_action(r, state, a, buf, cap);
}

static void describe_card_head(const carta_rules *r, int card, carta_text *out);

void ess_describe_card(const carta_rules *r, int card, carta_text *out)
{
    describe_card_head(r, card, out);
    if (card >= 0 && card < CARTA_CATALOG_MAX && r->text[card])
        carta_text_printf(out, "  %s\n", r->text[card]);
}

static void describe_card_head(const carta_rules *r, int card, carta_text *out)
{
    const ess_card *c = ess_card_of(r, card);
    const char *name = text_card(r, card);
    char cost[64];
    switch (c->kind) {
    case ESS_K_ESSENCE:
        carta_text_printf(out, "%s: Essence of the %s, Rune %s\n", name,
                          ess_realm_name(c->realm), r->rune_name[c->rune]);
        return;
    case ESS_K_MONSTER:
        carta_text_printf(out, "%s: Monster of the %s; Willpower %d, Damage %d, Support Strength "
                          "%d, Loot %d, Interference Strength %d\n", name,
                          ess_realm_name(c->realm), c->willpower, c->damage, c->support, c->loot,
                          c->interference);
        return;
    case ESS_K_UNICORN:
        carta_text_printf(out, "%s: Unicorn Blood (%s stack): any Essence or Rune\n", name,
                          ess_realm_name(c->realm));
        return;
    case ESS_K_CARTA:
        carta_text_printf(out, "%s: Carta Essentia; needs", name);
        for (int k = 0; k < ESS_REALMS; k++)
            carta_text_printf(out, "%s %s and %s or %s", k ? ";" : "", r->rune_name[c->primary[k]],
                              r->rune_name[c->secondary[k][0]], r->rune_name[c->secondary[k][1]]);
        carta_text_printf(out, "\n");
        return;
    case ESS_K_AVATAR:
        carta_text_printf(out, "%s: Avatar; its active ability is used %s, Fate %d or more\n",
                          name, text_when_phrase(c->act_when), c->act_fate);
        return;
    case ESS_K_SPELL:
        text_cost(c, cost, sizeof cost);
        carta_text_printf(out, "%s: %s spell, %s, cost %s (other side: %s)\n", name,
                          c->dark ? "opponents'" : "Active Player", text_when(c->spell_when),
                          cost, text_card(r, c->back));
        return;
    case ESS_K_FATE: {
        static const char *const fates[] = {"Warrior", "Magus", "Trickster"};
        carta_text_printf(out, "%s: Fate of the %s, Fate Number %d\n", name,
                          fates[c->fate_type % 3], c->number);
        return;
    }
    default: carta_text_printf(out, "%s\n", name); return;
    }
}

static void text_cards(const carta_rules *r, const char *label, const uint16_t *cards, int n,
                       carta_text *out)
{
    carta_text_printf(out, "  %s (%d):", label, n);
    for (int i = 0; i < n; i++)
        carta_text_printf(out, "%s %s", i ? "," : "", text_card(r, cards[i]));
    carta_text_printf(out, "\n");
}

static void render_aether(const carta_rules *r, const ess_state *st, carta_text *out)
{
    carta_text_printf(out, "Aether:\n");
    for (int s = 0; s < ESS_SPELLS; s++) {
        const ess_card *c = ess_card_of(r, st->aether[s]);
        char cost[64];
        text_cost(c, cost, sizeof cost);
        carta_text_printf(out, "  %d. %s (%s, %s, cost %s)\n", s + 1, text_card(r, st->aether[s]),
                          c->dark ? "opponents" : "Active Player", text_when(c->spell_when),
                          cost);
    }
}

static void render_combat(const carta_rules *r, const ess_state *st, carta_text *out)
{
    const ess_combat *c = &st->combat;
    if (c->monster == ESS_NONE)
        return;
    carta_text_printf(out, "Combat: %s (Willpower %d) against Attack Strength %d; Combat Fate %s\n",
                      text_card(r, c->monster), ess_monster_willpower(r, st),
                      ess_attack_strength(r, st), text_card(r, c->fate));
    carta_text_printf(out, "  Support Stack:");
    for (int i = 0; i < c->n_support; i++)
        carta_text_printf(out, " %s (%d)", text_card(r, c->support[i].card),
                          ess_card_of(r, c->support[i].card)->support);
    carta_text_printf(out, "\n  Interference Stack:");
    for (int i = 0; i < c->n_interfere; i++)
        carta_text_printf(out, " %s (%d, player %d)", text_card(r, c->interfere[i].card),
                          ess_card_of(r, c->interfere[i].card)->interference,
                          c->interfere[i].owner + 1);
    carta_text_printf(out, "\n");
}

static void render_carta(const carta_rules *r, const ess_state *st, int p, carta_text *out)
{
    uint16_t carta = st->seat[p].carta.n ? st->seat[p].carta.cards[0] : ESS_UNKNOWN;
    if (carta == ESS_UNKNOWN) {
        carta_text_printf(out, "  Carta Essentia: hidden\n");
        return;
    }
    const ess_card *c = ess_card_of(r, carta);
    carta_text_printf(out, "  Carta Essentia %s (%d of 6 Runes held): needs", text_card(r, carta),
                      ess_runes_held(r, st, p, carta));
    for (int k = 0; k < ESS_REALMS; k++)
        carta_text_printf(out, "%s %s + %s/%s", k ? ";" : "", r->rune_name[c->primary[k]],
                          r->rune_name[c->secondary[k][0]], r->rune_name[c->secondary[k][1]]);
    carta_text_printf(out, "\n");
}

static void render_hand(const carta_rules *r, const ess_state *st, int p, carta_text *out)
{
    const ess_pile *hand = &st->seat[p].hand;
    carta_text_printf(out, "  hand (%d):", hand->n);
    for (int i = 0; i < hand->n; i++) {
        const ess_card *c = ess_card_of(r, hand->cards[i]);
        if (hand->cards[i] == ESS_UNKNOWN)
            carta_text_printf(out, "%s (hidden)", i ? "," : "");
        else if (c->kind == ESS_K_ESSENCE)
            carta_text_printf(out, "%s %s [%s %s]", i ? "," : "", text_card(r, hand->cards[i]),
                              ess_realm_name(c->realm), r->rune_name[c->rune]);
        else if (c->kind == ESS_K_MONSTER)
            carta_text_printf(out, "%s %s [Support %d, Interference %d]", i ? "," : "",
                              text_card(r, hand->cards[i]), c->support, c->interference);
        else
            carta_text_printf(out, "%s %s", i ? "," : "", text_card(r, hand->cards[i]));
    }
    carta_text_printf(out, "\n");
}

/* The spells, abilities and Carta Essentia being resolved, with the cards they hold. */
static void render_resolving(const carta_rules *r, const ess_state *st, carta_text *out)
{
    for (int i = 0; i < st->pending.n; i++) {
        const carta_pending *f = &st->pending.frame[i];
        if (f->kind == ESS_FR_CAST) {
            carta_text_printf(out, "Resolving: player %d casts %s; paid:", f->seat + 1,
                              text_card(r, f->arg[1]));
            for (int k = 0; k < f->arg[3]; k++)
                carta_text_printf(out, " %s", text_card(r, (uint16_t)f->arg[4 + k]));
            if ((uint16_t)f->arg[7] != ESS_NONE)
                carta_text_printf(out, "; Spell Fate %s (%d)", text_card(r, (uint16_t)f->arg[7]),
                                  f->arg[8]);
            carta_text_printf(out, "\n");
        } else if (f->kind == ESS_FR_ABILITY && (uint16_t)f->arg[1] != ESS_NONE) {
            carta_text_printf(out, "Resolving: player %d's ability; Ability Fate %s\n",
                              f->seat + 1, text_card(r, (uint16_t)f->arg[1]));
        } else if (f->kind == ESS_FR_CLAIM) {
            carta_text_printf(out, "Resolving: player %d reveals the Runes", f->seat + 1);
            for (int k = 4; k < 10; k++)
                if ((uint16_t)f->arg[k] != ESS_NONE)
                    carta_text_printf(out, " %s", text_card(r, (uint16_t)f->arg[k]));
            if ((uint16_t)f->arg[1] != ESS_NONE)
                carta_text_printf(out, "; Fate %s", text_card(r, (uint16_t)f->arg[1]));
            carta_text_printf(out, "\n");
        }
    }
}

static const char *text_phase(int phase)
{
    static const char *const names[] = {"Avatar picks", "Preparation", "Exploration Phase",
                                        "Combat Phase", "Arcane Phase", "end of turn",
                                        "end of turn (discard)", "game over"};
    return phase >= 0 && phase <= ESS_PHASE_OVER ? names[phase] : "?";
}

void ess_render(const carta_rules *r, const void *state, int seat, carta_text *out)
{
    const ess_state *st = state;
    carta_text_printf(out, "Essence, turn %d, player %d's turn, %s\n", st->turn, st->active + 1,
                      text_phase(st->phase));
    render_aether(r, st, out);
    if (st->phase == ESS_PHASE_PICK) {
        carta_text_printf(out, "Avatars to pick:\n");
        for (int i = 0; i < st->avatars.n; i++) {
            carta_text_printf(out, "  ");
            ess_describe_card(r, st->avatars.cards[i], out);
        }
    }
    carta_text_printf(out, "Realm Stacks: Forest %d, Mines %d, Underworld %d; Fate Deck %d\n",
                      st->stack[0].n, st->stack[1].n, st->stack[2].n, st->fate_deck.n);
    text_cards(r, "Graveyard", st->grave.cards, st->grave.n, out);
    if (st->revealed.n)
        text_cards(r, "revealed", st->revealed.cards, st->revealed.n, out);
    if (st->kept.n)
        text_cards(r, "Fates kept this turn", st->kept.cards, st->kept.n, out);
    render_combat(r, st, out);
    render_resolving(r, st, out);
    for (int p = 0; p < st->n_seats; p++) {
        carta_text_printf(out, "player %d%s: %s\n", p + 1, p == seat ? " (you)" : "",
                          st->seat[p].avatar == ESS_NONE ? "no Avatar yet"
                                                         : text_card(r, st->seat[p].avatar));
        render_hand(r, st, p, out);
        render_carta(r, st, p, out);
    }
}

void ess_describe_state(const carta_rules *r, const void *state, char *buf, size_t cap)
{
    const ess_state *st = state;
    int seat = ess_to_act(r, state);
    if (seat == CARTA_NO_SEAT)
        snprintf(buf, cap, "turn %d, game over", st->turn);
    else
        snprintf(buf, cap, "turn %d, player %d's %s, player %d to decide", st->turn,
                 st->active + 1, text_phase(st->phase), seat + 1);
}
