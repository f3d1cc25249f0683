/* text.c: Archmajesty as people read it: event words, action texts, cards, the battle map. */
#include "games/archmajesty/archmajesty.h"

#include <stdio.h>
#include <string.h>

static const char *const am_words[AM_W_COUNT] = {
    [AM_W_DECK] = "deck", [AM_W_HAND] = "hand", [AM_W_VOID] = "Void", [AM_W_COMBO] = "combo",
    [AM_W_DRAWS] = "draws", [AM_W_CYCLES] = "cycles", [AM_W_DISCARDS] = "discards",
    [AM_W_CASTS] = "starts a combo with", [AM_W_ADDS] = "adds to the combo:",
    [AM_W_RELEASES] = "releases a combo of %d card(s)", [AM_W_TO_VOID] = "puts into the Void:",
    [AM_W_NOW_AT] = "now at %L%d", [AM_W_JUMPED_TO] = "airborne at %L%d",
    [AM_W_SHIFTED_TO] = "shifted to %L%d", [AM_W_ARRIVED_AT] = "brought in at %L%d",
    [AM_W_TAKING_TURN] = "taking its turn at %L%d", [AM_W_DONE_TURN] = "done with the turn",
    [AM_W_ATTACKS] = "attacked", [AM_W_AN_ATTACK] = "the attack",
    [AM_W_HIT] = "hit: %d against Defence %d", [AM_W_MISSED] = "missed: %d against Defence %d",
    [AM_W_AUTO_HIT] = "hit automatically", [AM_W_OUT_OF_REACH] =
        "out of reach: the attack on it fails to resolve",
    [AM_W_CANNOT_RESOLVE] = "fails to resolve", [AM_W_FIXES] = "fixes the roll with",
    [AM_W_GUARDS] = "guards with", [AM_W_PROTECTS] = "protects with",
    [AM_W_TOKEN_FIX] = "fixes the roll at %d with a Strike token",
    [AM_W_TOKEN_GUARD] = "guards with a Guard/%d token",
    [AM_W_TOKEN_PROTECT] = "protects with a Protect token of Guard Value %d",
    [AM_W_PASSES] = "passes", [AM_W_LETS_GO] = "lets another mage take the turn",
    [AM_W_PICKS] = "picked for this enemy turn, at %L%d", [AM_W_KNOCKED_OUT] = "knocked out",
    [AM_W_REMOVED] = "removed from the battlefield",
    [AM_W_AP_LOST] = "down %d armour points (%d left)",
    [AM_W_AP_GAINED] = "given %d armour points (%d in all)", [AM_W_TOKENS] = "gains %d token(s)",
    [AM_W_ILLUMINATES] = "illuminates: the Void is shuffled back into the deck",
    [AM_W_MILLS] = "mills", [AM_W_CANTRIPS] = "plays the cantrip",
    [AM_W_CONVERTED] = "converted: its new statuses become %d damage",
    [AM_W_CLEANSES] = "cleanses, paying with",
    [AM_W_USES] = "expends, with %d use(s) left,",
    [AM_W_SCRAP] = "has %d Scrap (Machine Heart): %d armour points",
    [AM_W_TENDENCY] = "forms a combo with a card of each colour (Battle Tendency)",
    [AM_W_KIN_AIR] = "airborne at %L%d (Kin of the Cosmos)",
    [AM_W_KIN_GROUND] = "grounded at %L%d (Kin of the Cosmos)",
    [AM_W_BREATH] = "pays %d HP for Dragon Breath (%d left)",
    [AM_W_SMOKE] = "places a smoke area centred on %L%d",
    [AM_W_AREA] = "places a %dx%d area", [AM_W_AREA_CENTRE] = "centres the area on %L%d",
    [AM_W_OBJECT_PUT] = "puts on %L%d the object",
    [AM_W_OBJECT_PUSHED] = "pushes to %L%d the object",
    [AM_W_OBJECT_PULLED] = "pulls to %L%d the object",
    [AM_W_OBJECT_BASHES] = "forces into %L%d (it bashes; the movement ends) the object",
    [AM_W_OBJECT_NO_ROOM] = "has no free square for the object",
    [AM_W_LINGERS_ROUND] = "leaves the area lingering until the end of the round",
    [AM_W_LINGERS_TURNS] = "leaves the area lingering for %d turn(s)",
    [AM_W_LINGER_CAUGHT] = "caught in a lingering area",
    [AM_W_LINGER_FADES] = "sees the lingering area fade:",
    [AM_W_OBJECT_HIT] = "deals %d damage (%d HP left) to the object",
    [AM_W_OBJECT_DESTROYED] = "destroys the object at %L%d:",
    [AM_W_ONE_HP] = "reduced to 1 HP instead",
    [AM_W_CHANNELS] = "channels the card through", [AM_W_CHANNELS + 1] =
        "channels the card as Metal through", [AM_W_CHANNELS + 2] =
        "channels the card as Flora through", [AM_W_EMPOWERED] = "exploits Empower: +%d damage",
    [AM_W_EXPLOITED + AM_EMPOWER] = "exploited: Empower (%d left)",
    [AM_W_EXPLOITED + AM_SWIFT] = "exploited: Swift, 2 move points (%d left)",
    [AM_W_EXPLOITED + AM_HASTE] = "exploited: Haste, the next combo 1 card longer (%d left)",
    [AM_W_EXPLOITED + AM_SURGE] = "exploited: Surge, healing 5 (%d left)",
    [AM_W_EXPLOITED + AM_BURN] = "exploited: Burn, 5 Fire damage (%d left)",
    [AM_W_EXPLOITED + AM_POISON] = "exploited: Poison, 5 Toxic damage (%d left)",
    [AM_W_EXPLOITED + AM_WHIRLWIND] = "exploited: Whirlwind, 5 Wind damage (%d left)",
    [AM_W_EXPLOITED + AM_SPLASH] = "exploited: Splash, shifted 1-2 squares (%d left)",
    [AM_W_EXPLOITED + AM_EXPOSE] = "exploited: Expose, the next attack on it Piercing and "
                                   "Overwhelm (%d left)",
    [AM_W_EXPLOITED + AM_WEAKEN] = "exploited: Weaken, its next attack deals half (%d left)",
    [AM_W_EXPLOITED + AM_GRAVITY] = "exploited: Gravity, grounded (%d left)",
    [AM_W_ALTERNATE + AM_BURN] = "exploited: Burn, for +%d/+%d instead of its effect",
    [AM_W_ALTERNATE + AM_POISON] = "exploited: Poison, for +%d/+%d instead of its effect",
    [AM_W_ALTERNATE + AM_WHIRLWIND] = "exploited: Whirlwind, for +%d/+%d instead of its effect",
    [AM_W_ALTERNATE + AM_SPLASH] = "exploited: Splash, for +%d/+%d instead of its effect",
    [AM_W_ALTERNATE + AM_EXPOSE] = "exploited: Expose, for +%d/+%d instead of its effect",
    [AM_W_ALTERNATE + AM_WEAKEN] = "exploited: Weaken, for +%d/+%d instead of its effect",
    [AM_W_ALTERNATE + AM_GRAVITY] = "exploited: Gravity, for +%d/+%d instead of its effect",
    [AM_W_CLEANSED + AM_EMPOWER] = "cleansed of 1 Empower (%d left)",
    [AM_W_CLEANSED + AM_SWIFT] = "cleansed of 1 Swift (%d left)",
    [AM_W_CLEANSED + AM_HASTE] = "cleansed of 1 Haste (%d left)",
    [AM_W_CLEANSED + AM_SURGE] = "cleansed of 1 Surge (%d left)",
    [AM_W_CLEANSED + AM_BURN] = "cleansed of 1 Burn (%d left)",
    [AM_W_CLEANSED + AM_POISON] = "cleansed of 1 Poison (%d left)",
    [AM_W_CLEANSED + AM_WHIRLWIND] = "cleansed of 1 Whirlwind (%d left)",
    [AM_W_CLEANSED + AM_SPLASH] = "cleansed of 1 Splash (%d left)",
    [AM_W_CLEANSED + AM_EXPOSE] = "cleansed of 1 Expose (%d left)",
    [AM_W_CLEANSED + AM_WEAKEN] = "cleansed of 1 Weaken (%d left)",
    [AM_W_CLEANSED + AM_GRAVITY] = "cleansed of 1 Gravity (%d left)",
    [AM_W_CLEANSED + AM_STUN] = "cleansed of 1 Stun (%d left)",
    [AM_W_CLEANSED + AM_FREEZE] = "cleansed of 1 Freeze (%d left)",
    [AM_W_MAGES_WIN] = "every enemy is defeated and no wave is left",
    [AM_W_MAGES_FALL] = "every mage is knocked out",
    [AM_W_ROUND_LIMIT] = "the round limit passed",
    [AM_W_PUSHED_TO] = "pushed to %L%d", [AM_W_PULLED_TO] = "pulled to %L%d",
    [AM_W_CARRIED_TO] = "carried to %L%d", [AM_W_TELEPORTED_TO] = "teleported to %L%d",
    [AM_W_BASHES] = "bashing into %L%d: the movement ends",
    [AM_W_PASSES_THROUGH] = "passing through, not bashing", [AM_W_LANDED_AT] = "grounded at %L%d",
    [AM_W_STAYS_AIRBORNE] = "staying airborne", [AM_W_AIRBORNE] = "airborne",
    [AM_W_GROUNDED] = "grounded",
    [AM_W_DEFENCE_UNTIL + AM_TURN_END] = "given +%d Defence until the end of its turn",
    [AM_W_DEFENCE_UNTIL + AM_NEXT_TURN_START] = "given +%d Defence until the start of its next "
                                                "turn",
    [AM_W_DEFENCE_UNTIL + AM_NEXT_TURN_END] = "given +%d Defence until the end of its next turn",
    [AM_W_DEFENCE_UNTIL + AM_ROUND_END] = "given +%d Defence until the end of the round",
    [AM_W_BOOST_UNTIL + AM_TURN_END] = "given +%d/+%d to its attacks until the end of its turn",
    [AM_W_BOOST_UNTIL + AM_NEXT_TURN_START] = "given +%d/+%d to its attacks until the start "
                                              "of its next turn",
    [AM_W_BOOST_UNTIL + AM_NEXT_TURN_END] = "given +%d/+%d to its attacks until the end of "
                                            "its next turn",
    [AM_W_BOOST_UNTIL + AM_ROUND_END] = "given +%d/+%d to its attacks until the end of the round",
    [AM_W_WAITS + AM_TURN_END] = "owed an effect at the end of its turn",
    [AM_W_WAITS + AM_NEXT_TURN_START] = "owed an effect at the start of its next turn",
    [AM_W_WAITS + AM_NEXT_TURN_END] = "owed an effect at the end of its next turn",
    [AM_W_DEFENCE_ENDS] = "no longer given +%d Defence",
    [AM_W_BOOST_ENDS] = "no longer given +%d/+%d to its attacks",
    [AM_W_WAITED] = "given the effect it was owed",
    [AM_W_START_PHASE] = "Start Phase", [AM_W_END_PHASE] = "End Phase",
    [AM_W_BLOODIED] = "bloodied: at %d HP, half its maximum or less",
    [AM_W_ROOTED_FURY] = "given %d armour points by Rooted Fury (%d in all)",
    [AM_W_STATUS + AM_EMPOWER] = "given %d Empower (%d in all)",
    [AM_W_STATUS + AM_SWIFT] = "given %d Swift (%d in all)",
    [AM_W_STATUS + AM_HASTE] = "given %d Haste (%d in all)",
    [AM_W_STATUS + AM_SURGE] = "given %d Surge (%d in all)",
    [AM_W_STATUS + AM_BURN] = "given %d Burn (%d in all)",
    [AM_W_STATUS + AM_POISON] = "given %d Poison (%d in all)",
    [AM_W_STATUS + AM_WHIRLWIND] = "given %d Whirlwind (%d in all)",
    [AM_W_STATUS + AM_SPLASH] = "given %d Splash (%d in all)",
    [AM_W_STATUS + AM_EXPOSE] = "given %d Expose (%d in all)",
    [AM_W_STATUS + AM_WEAKEN] = "given %d Weaken (%d in all)",
    [AM_W_STATUS + AM_GRAVITY] = "given %d Gravity (%d in all)",
    [AM_W_STATUS + AM_STUN] = "given %d Stun (%d in all)",
    [AM_W_STATUS + AM_FREEZE] = "given %d Freeze (%d in all)",
    [AM_W_EXPLOITED + AM_STUN] = "exploited: Stun (%d left)",
    [AM_W_EXPLOITED + AM_FREEZE] = "exploited: Freeze (%d left)",
    [AM_W_EMOTION + AM_BURN] = "chooses Burn for Emotion Eater",
    [AM_W_EMOTION + AM_POISON] = "chooses Poison for Emotion Eater",
    [AM_W_EMOTION + AM_WHIRLWIND] = "chooses Whirlwind for Emotion Eater",
    [AM_W_EMOTION + AM_SPLASH] = "chooses Splash for Emotion Eater",
    [AM_W_EMOTION + AM_EXPOSE] = "chooses Expose for Emotion Eater",
    [AM_W_EMOTION + AM_WEAKEN] = "chooses Weaken for Emotion Eater",
    [AM_W_EMOTION + AM_GRAVITY] = "chooses Gravity for Emotion Eater",
    [AM_W_EMOTION + AM_STUN] = "chooses Stun for Emotion Eater",
    [AM_W_EMOTION + AM_FREEZE] = "chooses Freeze for Emotion Eater",
    [AM_W_OIL] = "applies Fire & Burn oil, until the round's end, to player %d's",
    [AM_W_OIL + 1] = "applies Toxic & Poison oil, until the round's end, to player %d's",
    [AM_W_OIL + 2] = "applies Wind & Whirlwind oil, until the round's end, to player %d's",
    [AM_W_OIL + 3] = "applies Water & Splash oil, until the round's end, to player %d's",
    [AM_W_OIL + 4] = "applies Metal & Expose oil, until the round's end, to player %d's",
    [AM_W_WARD] = "grants a +%d bonus to a single guard or protect action",
    [AM_W_KNELL] = "tolled by Knell/%d: %d bonus damage, down to 0 HP",
    [AM_W_AUTO_PARRY] = "parries the attack automatically",
    [AM_W_OPENS] = "searches the deck for an Opener:",
    [AM_W_OPENED] = "shuffles the deck after searching it for Opener cards",
    [AM_W_PITCHES] = "pitches",
    [AM_W_TAUNTED] = "taunted until the end of the round", [AM_W_UNTAUNTED] = "no longer taunted",
    [AM_W_NO_STACK] = "already enchanted by the card: the enchantment does not stack",
    [AM_W_PARRIED] = "parried automatically: the attack on it fails to resolve",
    [AM_W_SUMMONED] = "summoned at %L%d", [AM_W_COMPANION] = "at %L%d, a companion",
    [AM_W_SUMMON_SHORT] = "has %d command limit left, short of the upkeep %d: the summoning "
                          "fails to resolve for",
    [AM_W_SUMMON_NO_ROOM] = "finds no unoccupied square in range: the summoning fails to "
                            "resolve for",
    [AM_W_CONTROL_LIMIT] = "removed at its Control Limit: reduced to 0 HP, defeated",
    [AM_W_GRANTS] = "commands: grants %d Command Point(s) (%d stored) to",
    [AM_W_COMMAND_DISCARD] = "discards for a Command action:",
    [AM_W_COMMAND_HP] = "down %d HP for a Command action (%d left)",
    [AM_W_COMMAND_SCRAP] = "down %d Scrap for a Command action (%d left)",
    [AM_W_ORDER_MOVE] = "commanded to move: %d Command Point(s) spent (%d left)",
    [AM_W_ORDER_ATTACK] = "commanded to attack: %d Command Point(s) spent (%d left)",
    [AM_W_CP_LOST] = "defeated: its %d stored Command Point(s) are lost",
    [AM_W_SACRIFICED] = "sacrificed: reduced to 0 HP and removed from the battlefield",
    [AM_W_NO_SACRIFICE] = "has no minion to sacrifice: the effect fails to resolve",
    [AM_W_CHOOSES] = "chooses option %d of",
    [AM_W_OPPORTUNITY] = "providing opportunity to player %d",
    [AM_W_MINION_ABILITY] = "resolves the Minion Ability",
    [AM_W_ALLY_DEFENCE_UNTIL + AM_TURN_END] = "given +%d Defence until the end of the "
                                              "caster's turn",
    [AM_W_ALLY_DEFENCE_UNTIL + AM_NEXT_TURN_START] = "given +%d Defence until the start of the "
                                                     "caster's next turn",
    [AM_W_ALLY_DEFENCE_UNTIL + AM_NEXT_TURN_END] = "given +%d Defence until the end of the "
                                                   "caster's next turn",
    [AM_W_ALLY_BOOST_UNTIL + AM_TURN_END] = "given +%d/+%d to its attacks until the end of the "
                                            "caster's turn",
    [AM_W_ALLY_BOOST_UNTIL + AM_NEXT_TURN_START] = "given +%d/+%d to its attacks until the start "
                                                   "of the caster's next turn",
    [AM_W_ALLY_BOOST_UNTIL + AM_NEXT_TURN_END] = "given +%d/+%d to its attacks until the end of "
                                                 "the caster's next turn",
    [AM_W_OPPORTUNITY_CARD] = "answers the opportunity with",
    [AM_W_ORDER_ABILITY] = "commanded to use an ability: %d Command Point(s) spent (%d left)",
    [AM_W_ENCHANTS] = "picked as the ally the effect goes to",
    [AM_W_UPKEEP] = "pays an enchantment's upkeep with",
    [AM_W_UPKEEP_ENDS] = "no longer enchanted: its upkeep was not met",
    [AM_W_FORETELLS] = "foretells", [AM_W_FORESEEN] = "foreseen as a target of the foretold card",
    [AM_W_FORETOLD_RESOLVES] = "sees the foretold card resolve, as a Trick:",
    [AM_W_CHAINED] = "the next target of the chained effect",
    [AM_W_SCRAP_GAINS] = "given %d scrap (%d carried)",
    [AM_W_SCRAP_GRABS] = "carrying %d scrap after grabbing 1 (%d left on the square)",
    [AM_W_SCRAP_DROPS] = "carrying %d scrap after dropping 1 (%d on the square)",
    [AM_W_SCRAP_PAYS] = "down %d scrap, paid for the effect (%d carried)",
    [AM_W_SCRAP_STREWN] = "hit: %d scrap falls on its square (%d there)",
    [AM_W_SCRAP_SPILLS] = "parted from the %d scrap it carried, left on its square (%d there)",
};

const char *am_event_word(const carta_rules *r, int word)
{
    (void)r;
    return word > 0 && word < AM_W_COUNT ? am_words[word] : NULL;
}

const char *const am_status_title[AM_STATUS] = {
    "Empower", "Swift", "Haste", "Surge", "Burn", "Poison", "Whirlwind", "Splash", "Expose",
    "Weaken", "Gravity", "Stun", "Freeze"};

static const char *text_card(const carta_rules *r, uint16_t card)
{
    return card == AM_UNKNOWN ? "?" : carta_catalog_name(r->catalog, card);
}

void am_char_name(const carta_rules *r, const am_state *st, int ch, char *buf, size_t cap)
{
    char cell[8];
    const am_char *c = &st->ch[ch];
    am_cell_name(c->cell, cell, sizeof cell);
    if (c->minion) /* MINIONS: by its sheet and its controller */
        snprintf(buf, cap, "%s (player %d's) at %s", carta_catalog_name(r->catalog, c->def),
                 c->mage + 1, cell);
    else if (c->side == AM_ALLIES)
        snprintf(buf, cap, "mage %d at %s", c->mage + 1, cell);
    else
        snprintf(buf, cap, "%s at %s", carta_catalog_name(r->catalog, c->def), cell);
}

/* What b pays with: a hand card of ch's mage, or a token. */
static void text_payment(const carta_rules *r, const am_state *st, int ch, int b, char *buf,
                         size_t cap)
{
    static const char *const kinds[] = {"", "Strike", "Guard", "Protect"};
    if (b >= AM_TOKEN_PAY) {
        const am_token *t = &st->token[b - AM_TOKEN_PAY];
        if (t->kind == AM_TOKEN_PROTECT)
            snprintf(buf, cap, "a Protect/%d/%d token", t->range, t->value);
        else
            snprintf(buf, cap, "a %s/%d token", kinds[t->kind], t->value);
        return;
    }
    const am_mage *g = &st->mage[st->ch[ch].mage];
    snprintf(buf, cap, "%s", b < g->hand.n ? text_card(r, g->hand.cards[b]) : "?");
}

/* "use Ygg Sap on mage 2 at B8", "use Grenado, Fire centred on C4", "use Ward Stone". */
static void text_use(const carta_rules *r, const am_state *st, int seat, carta_action a,
                     char *buf, size_t cap)
{
    static const char *const oils[] = {"Fire & Burn", "Toxic & Poison", "Wind & Whirlwind",
                                       "Water & Splash", "Metal & Expose"};
    int id = st->mage[seat].item[AM_A(a)], use = am_thing_of(r, id)->use, b = AM_B(a);
    char where[160] = "";
    if (use == AM_USE_OIL) {
        int m = b / 40;
        char whose[24] = "";
        if (m != seat)
            snprintf(whose, sizeof whose, "player %d's ", m + 1);
        snprintf(where, sizeof where, " on %s%s: %s", whose,
                 text_card(r, st->mage[m].item[b / 5 % 8]), oils[b % 5]);
    } else if (use == AM_USE_TOKEN) {
        const am_thing *t = am_thing_of(r, id);
        const carta_pending *f = b ? &st->pending.frame[b - 1] : NULL;
        char who[64] = "";
        if (f) { /* Ward Stone's bonus to a declared guard or protect (R74) */
            am_char_name(r, st, f->arg[1], who, sizeof who);
            snprintf(where, sizeof where, ": +%d to the %s by %s", t->amount,
                     f->arg[0] == AM_A_GUARD ? "guard" : "protect", who);
        } else if (t->token_kind == AM_TOKEN_PROTECT)
            snprintf(where, sizeof where, ": gain a Protect/%d/%d token", t->token_range,
                     t->token_value);
        else
            snprintf(where, sizeof where, ": gain a %s/%d token",
                     t->token_kind == AM_TOKEN_GUARD ? "Guard" : "Strike", t->token_value);
    } else if (use == AM_USE_FIRE || use == AM_USE_SMOKE) {
        char cell[8];
        am_cell_name(AM_B(a), cell, sizeof cell);
        snprintf(where, sizeof where, " centred on %s", cell);
    } else {
        char who[64];
        am_char_name(r, st, AM_B(a), who, sizeof who);
        snprintf(where, sizeof where, " on %s", who);
    }
    snprintf(buf, cap, "use %s%s", text_card(r, id), where);
}

/* Area Effects: "place the area on C3-E5" (its top left and bottom right squares). */
static void text_area(int at, int wh, char *buf, size_t cap)
{
    char from[8], to[8];
    am_cell_name(at, from, sizeof from);
    am_cell_name(at + ((wh & 15) - 1) * AM_W + (wh >> 4) - 1, to, sizeof to);
    snprintf(buf, cap, "place the %dx%d area on %s-%s", wh >> 4, wh & 15, from, to);
}

/* "the object Boulder at C2" (k: its index in st->obj). */
static void text_object(const carta_rules *r, const am_state *st, int k, char *buf, size_t cap)
{
    const am_object *o = &st->obj[k];
    snprintf(buf, cap, "the object %s at %c%d", text_card(r, o->def), 'A' + o->cell % AM_W,
             o->cell / AM_W + 1);
}

/* A card's objects (R147, R155): "place Boulder at E2", "move the object Boulder at C2". */
static void text_object_action(const carta_rules *r, const am_state *st, carta_action a,
                               char *buf, size_t cap)
{
    char what[80];
    if (AM_KIND(a) == AM_A_MOVE_OBJECT) {
        text_object(r, st, AM_A(a), what, sizeof what);
        snprintf(buf, cap, "move %s", what);
        return;
    }
    const carta_pending *f = carta_pending_peek(&st->pending);
    am_cell_name(AM_A(a), what, sizeof what);
    snprintf(buf, cap, "place %s at %s", f ? text_card(r, (uint16_t)f->arg[1]) : "?", what);
}

/* Forced movement and landing (forced.c): "push Bandit Cutthroat at F2 east", "land at C4". */
static void text_forced(const carta_rules *r, const am_state *st, carta_action a, char *buf,
                        size_t cap)
{
    static const char *const verbs[] = {"push", "pull", "carry"};
    char who[80], cell[8];
    int kind = AM_KIND(a);
    am_cell_name(AM_A(a) & 0xFF, cell, sizeof cell);
    if (kind == AM_A_PUSH || kind == AM_A_PULL || kind == AM_A_CARRY) {
        const carta_pending *f = carta_pending_peek(&st->pending);
        int moved = kind == AM_A_CARRY && f ? f->arg[4] : AM_B(a);
        if (moved >= AM_OBJECT_TARGET) /* an object (R155) */
            text_object(r, st, moved - AM_OBJECT_TARGET, who, sizeof who);
        else
            am_char_name(r, st, moved, who, sizeof who);
        snprintf(buf, cap, "%s %s %s", verbs[kind - AM_A_PUSH], who, am_dir_names[AM_A(a)]);
        return;
    }
    if (kind == AM_A_BASH || kind == AM_A_NO_BASH) {
        am_cell_name(am_step(st, st->ch[AM_B(a)].cell, AM_A(a)), cell, sizeof cell);
        snprintf(buf, cap, "%s %s", kind == AM_A_BASH ? "bash into" : "pass through", cell);
        return;
    }
    if (kind == AM_A_TELEPORT || kind == AM_A_LAND_AT) {
        snprintf(buf, cap, "%s %s", kind == AM_A_TELEPORT ? "teleport to" : "land at", cell);
        return;
    }
    snprintf(buf, cap, "%s", kind == AM_A_LAND ? "land" : "stay airborne");
}

/* MINIONS: "command Stone Hound (player 1's) at C3: discard 1 card for 1 Command Point",
 * "order Stone Hound (player 1's) at C3: Maul (1 CP)", "summon at C3", "sacrifice ...". */
static void text_minion_action(const carta_rules *r, const am_state *st, carta_action a,
                               char *buf, size_t cap)
{
    static const char *const pays[] = {"", "discard %d card", "pay %d HP", "pay %d Scrap"};
    char who[96], cell[8], how[64];
    int kind = AM_KIND(a);
    if (kind == AM_A_SUMMON_AT) {
        am_cell_name(AM_A(a), cell, sizeof cell);
        snprintf(buf, cap, "summon at %s", cell);
        return;
    }
    am_char_name(r, st, AM_A(a), who, sizeof who);
    const am_minion_sheet *m = am_minion_of(r, st->ch[AM_A(a)].def);
    const carta_pending *f = carta_pending_peek(&st->pending);
    if (kind == AM_A_COMMAND && f && f->kind == AM_F_COMMAND) {
        const am_hand *h = &st->mage[f->seat].hand;
        snprintf(buf, cap, "discard %s", AM_B(a) < h->n ? text_card(r, h->cards[AM_B(a)]) : "?");
    } else if (kind == AM_A_COMMAND && m) {
        const am_cp_way *w = &m->way[(AM_B(a) - AM_TOKEN_PAY) & 1];
        snprintf(how, sizeof how, pays[w->pay], w->amount);
        snprintf(buf, cap, "command %s: %s for %d Command Point(s)", who, how, w->points);
    } else if (kind == AM_A_ORDER && m && AM_B(a) >= AM_COMMANDS) { /* R142 */
        int id = m->ability[(AM_B(a) - AM_COMMANDS) % AM_MINION_ABILITIES];
        snprintf(buf, cap, "order %s: use %s (%d CP)", who, text_card(r, id),
                 am_thing_of(r, id)->cost);
    } else if (kind == AM_A_ORDER && m) {
        const am_command *c = &m->command[AM_B(a) % AM_COMMANDS];
        snprintf(buf, cap, "order %s: %s (%d CP)", who, c->name, c->cost);
    } else {
        snprintf(buf, cap, "%s %s", kind == AM_A_REPLACE ? "remove" : "sacrifice", who);
    }
}

void am_describe_action(const carta_rules *r, const void *state, carta_action a, char *buf,
                        size_t cap)
{
    const am_state *st = state;
    int seat = am_to_act(r, state);
    const am_hand *hand = &st->mage[am_hand_owner(st, seat)].hand;
    const char *card = AM_B(a) < hand->n ? text_card(r, hand->cards[AM_B(a)]) : "?";
    char who[80], pay[80];
    switch (AM_KIND(a)) {
    case AM_A_CYCLE: snprintf(buf, cap, "cycle %s", card); return;
    case AM_A_KEEP: snprintf(buf, cap, "keep the rest"); return;
    case AM_A_TAKE_TURN: snprintf(buf, cap, "take this turn"); return;
    case AM_A_LET_GO: snprintf(buf, cap, "let another mage go"); return;
    case AM_A_PICK:
        am_char_name(r, st, AM_A(a), who, sizeof who);
        snprintf(buf, cap, "pick %s", who);
        return;
    case AM_A_RUN: snprintf(buf, cap, "run %s", am_dir_names[AM_A(a)]); return;
    case AM_A_JUMP: snprintf(buf, cap, "jump"); return;
    case AM_A_STEP: snprintf(buf, cap, "move %s", am_dir_names[AM_A(a)]); return;
    case AM_A_STAY: snprintf(buf, cap, "stay"); return;
    case AM_A_CAST: snprintf(buf, cap, "cast %s", card); return;
    case AM_A_ADD: snprintf(buf, cap, "add %s", card); return;
    case AM_A_RELEASE: snprintf(buf, cap, "release the combo"); return;
    case AM_A_NEXT: snprintf(buf, cap, "next card"); return;
    case AM_A_TARGET:
        if (AM_A(a) >= AM_OBJECT_TARGET) { /* R146 */
            const am_object *o = &st->obj[AM_A(a) - AM_OBJECT_TARGET];
            snprintf(buf, cap, "target the object %s at %c%d", text_card(r, o->def),
                     'A' + o->cell % AM_W, o->cell / AM_W + 1);
            return;
        }
        am_char_name(r, st, AM_A(a), who, sizeof who);
        snprintf(buf, cap, "target %s", who);
        return;
    case AM_A_TARGETS_DONE: snprintf(buf, cap, "no more targets"); return;
    case AM_A_AREA: text_area(AM_A(a), AM_B(a), buf, cap); return;
    case AM_A_QUAKE: {
        const carta_pending *f = carta_pending_peek(&st->pending);
        const am_mage *g = &st->mage[f->arg[0]];
        char cell[8];
        am_cell_name(AM_A(a), cell, sizeof cell);
        snprintf(buf, cap, "place %s at %s",
                 text_card(r, am_thing_of(r, g->item[f->arg[2]])->object), cell);
        return;
    }
    case AM_A_QUAKE_DONE: snprintf(buf, cap, "place no more objects"); return;
    case AM_A_PLACE: case AM_A_MOVE_OBJECT: text_object_action(r, st, a, buf, cap); return;
    case AM_A_ATTACK: {
        const am_enemy *e = am_enemy_of(r, st->ch[st->active].def);
        snprintf(buf, cap, "attack with %s", e ? r->spell[e->templ[AM_A(a)]].name : "?");
        return;
    }
    case AM_A_END_TURN: snprintf(buf, cap, "end turn"); return;
    case AM_A_PASS: snprintf(buf, cap, "pass"); return;
    case AM_A_FIX:
        text_payment(r, st, st->attack[st->window_attack].attacker, AM_B(a), pay, sizeof pay);
        snprintf(buf, cap, "fix with %s", pay);
        return;
    case AM_A_GUARD: {
        int t = st->attack[st->window_attack].roll[AM_A(a) & 7].target;
        am_char_name(r, st, t, who, sizeof who);
        text_payment(r, st, t, AM_B(a), pay, sizeof pay);
        snprintf(buf, cap, "guard %s with %s", who, pay);
        return;
    }
    case AM_A_PROTECT: {
        int t = st->attack[st->window_attack].roll[AM_A(a) & 7].target, p = AM_A(a) >> 3;
        am_char_name(r, st, t, who, sizeof who);
        text_payment(r, st, p, AM_B(a), pay, sizeof pay);
        snprintf(buf, cap, "protect %s with %s", who, pay);
        return;
    }
    case AM_A_DISCARD: snprintf(buf, cap, "discard %s", card); return;
    case AM_A_ILLUMINATE: snprintf(buf, cap, "illuminate"); return;
    case AM_A_CANTRIP: snprintf(buf, cap, "cantrip %s", card); return;
    case AM_A_PITCH: snprintf(buf, cap, "pitch %s", card); return;
    case AM_A_SHIFT: snprintf(buf, cap, "shift %s", am_dir_names[AM_A(a)]); return;
    case AM_A_STOP: snprintf(buf, cap, "stop shifting"); return;
    case AM_A_EXPLOIT:
        am_char_name(r, st, AM_A(a), who, sizeof who);
        snprintf(buf, cap, "exploit %s on %s", am_status_title[AM_B(a)], who);
        return;
    case AM_A_EMPOWER: snprintf(buf, cap, "exploit Empower (+10 damage)"); return;
    case AM_A_KEEP_EMPOWER: snprintf(buf, cap, "keep Empower"); return;
    case AM_A_CONVERT:
        snprintf(buf, cap, "convert to 5 %s damage", AM_A(a) ? "Magical" : "Physical");
        return;
    case AM_A_KEEP_STATUS: snprintf(buf, cap, "keep the statuses"); return;
    case AM_A_ALTERNATE: {
        const am_attack *at = &st->attack[carta_pending_peek(&st->pending)->arg[0]];
        const am_spell *sp = am_attack_spell(r, at);
        am_char_name(r, st, at->roll[AM_A(a)].target, who, sizeof who);
        snprintf(buf, cap, "exploit %s on %s for +%d/+%d", am_status_title[sp->alt_status - 1],
                 who, sp->alt_x, sp->alt_y);
        return;
    }
    case AM_A_NO_ALTERNATE: snprintf(buf, cap, "no alternate exploit"); return;
    case AM_A_CLEANSE:
        text_payment(r, st, seat < st->n_mages ? st->mage[seat].ch : 0, AM_B(a), pay, sizeof pay);
        snprintf(buf, cap, "cleanse with %s", pay);
        return;
    case AM_A_CHANNEL: {
        static const char *const as[] = {"", " as Metal", " as Flora"};
        const am_mage *g = &st->mage[st->ch[carta_pending_peek(&st->pending)->arg[0]].mage];
        snprintf(buf, cap, "channel through %s%s", text_card(r, g->item[AM_A(a)]), as[AM_B(a) % 3]);
        return;
    }
    case AM_A_NO_WEAPON: snprintf(buf, cap, "no weapon"); return;
    case AM_A_USE: text_use(r, st, seat, a, buf, cap); return;
    case AM_A_STAND:
        if (AM_A(a) == 0)
            snprintf(buf, cap, "expend %s: 1 HP instead",
                     text_card(r, st->mage[seat].item[AM_B(a)]));
        else
            snprintf(buf, cap, "%s: 2 Empower and 1 HP instead",
                     text_card(r, st->mage[seat].ability[AM_B(a)]));
        return;
    case AM_A_FALL: snprintf(buf, cap, "be knocked out"); return;
    case AM_A_BREATH:
        snprintf(buf, cap, "Dragon Breath: pay 5 HP, discard %s, basic %s attack", card,
                 AM_A(a) ? "ranged" : "melee");
        return;
    case AM_A_ICHOR:
        if (AM_B(a) == 2) {
            snprintf(buf, cap, "Ichor Guard: no");
            return;
        }
        am_char_name(r, st, AM_A(a), who, sizeof who);
        snprintf(buf, cap, "Ichor Guard: a basic %s attack on %s", AM_B(a) ? "ranged" : "melee",
                 who);
        return;
    case AM_A_EMOTION: snprintf(buf, cap, "Emotion Eater: choose %s", am_status_title[AM_B(a)]);
        return;
    case AM_A_EAT:
        am_char_name(r, st, AM_A(a), who, sizeof who);
        snprintf(buf, cap, "Emotion Eater: exploit %s on %s and gain 1 Surge",
                 am_status_title[AM_B(a)], who);
        return;
    case AM_A_NO_EAT: snprintf(buf, cap, "Emotion Eater: no"); return;
    case AM_A_OPENER: snprintf(buf, cap, "open with %s", text_card(r, AM_B(a))); return;
    case AM_A_OPENED: snprintf(buf, cap, "done opening"); return;
    case AM_A_COMMAND: case AM_A_ORDER: case AM_A_SUMMON_AT: case AM_A_REPLACE:
    case AM_A_SACRIFICE:
        text_minion_action(r, st, a, buf, cap);
        return;
    case AM_A_KIN:
        snprintf(buf, cap, "%s: become %s", text_card(r, st->mage[seat].ability[AM_B(a)]),
                 AM_A(a) ? "airborne" : "grounded");
        return;
    case AM_A_REMOVE: snprintf(buf, cap, "remove 1 %s", am_status_title[AM_B(a)]); return;
    case AM_A_CLEANSE_DONE: snprintf(buf, cap, "done cleansing"); return;
    case AM_A_CHOOSE: /* CHOICE: the option by its name (R111) */
        snprintf(buf, cap, "choose %s", r->spell[r->spell[AM_B(a)].choice + AM_A(a)].name);
        return;
    case AM_A_CHAIN:
        am_char_name(r, st, AM_A(a), who, sizeof who);
        snprintf(buf, cap, "chain to %s", who);
        return;
    case AM_A_FORETELL: snprintf(buf, cap, "foretell %s", card); return;
    case AM_A_ENCHANT:
        am_char_name(r, st, AM_A(a), who, sizeof who);
        snprintf(buf, cap, "to %s", who);
        return;
    case AM_A_UPKEEP: snprintf(buf, cap, "upkeep: discard %s", card); return;
    case AM_A_UPKEEP_END: snprintf(buf, cap, "let the enchantment end"); return;
    case AM_A_SEIZE:
        am_char_name(r, st, AM_A(a), who, sizeof who);
        if (AM_B(a) == 2)
            snprintf(buf, cap, "let the opportunity pass");
        else if (AM_B(a) >= 3) /* a card's Opportunity effect (R151) */
            snprintf(buf, cap, "answer the opportunity with %s",
                     AM_B(a) - 3 < hand->n ? text_card(r, hand->cards[AM_B(a) - 3]) : "?");
        else
            snprintf(buf, cap, "seize the opportunity: a basic %s attack on %s",
                     AM_B(a) ? "ranged" : "melee", who);
        return;
    case AM_A_FORESEE:
        am_char_name(r, st, AM_A(a), who, sizeof who);
        snprintf(buf, cap, "foresee %s", who);
        return;
    case AM_A_FORESEEN: snprintf(buf, cap, "done foreseeing"); return;
    case AM_A_GRAB: snprintf(buf, cap, "grab 1 scrap"); return;
    case AM_A_DROP: snprintf(buf, cap, "drop 1 scrap"); return;
    case AM_A_SCRAP_DONE: snprintf(buf, cap, "leave the scrap"); return;
    case AM_A_PAY_SCRAP: snprintf(buf, cap, "pay %d scrap", AM_A(a)); return;
    case AM_A_NO_PAY: snprintf(buf, cap, "do not pay scrap"); return;
    default: text_forced(r, st, a, buf, cap); return;
    }
}

/* ---- cards ---- */

static void text_edge(int edge, carta_text *out)
{
    static const char *const names[] = {"red", "green", "blue", "gold", "black"};
    int first = 1;
    for (int k = 0; k < 5; k++)
        if (edge & (1 << k)) {
            carta_text_printf(out, "%s%s", first ? "" : "/", names[k]);
            first = 0;
        }
}

static void text_types(uint32_t types, carta_text *out)
{
    int first = 1;
    for (int k = 0; am_type_names[k]; k++)
        if (types & (1u << k)) {
            carta_text_printf(out, "%s%s", first ? "" : ", ", am_type_names[k]);
            first = 0;
        }
}

/* One effect: "heal 10", "gain 2 Swift", "3 x Guard/10", "+4 Defence until ...". */
static void text_op(const am_op *o, carta_text *out)
{
    static const char *const ops[] = {"", "attack", "inflict", "gain", "heal", "draw", "shift",
                                      "token", "armour", "mill", "push", "pull", "carry",
                                      "teleport", "airborne", "grounded", "lift", "defence",
                                      "boost", "automatically parry an attack on you",
                                      "taunt", "summon", "sacrifice a minion you control",
                                      "chain", "cleanse", "gain", "strew", "pay", "place a",
                                      "place", "push an object in range and sight",
                                      "pull an object in range and sight"};
    _Static_assert(sizeof ops / sizeof ops[0] == AM_OP_PULL_OBJECT + 1, "a word per effect kind");
    static const char *const timings[] = {"", "the end of your turn", "the start of your next "
                                          "turn", "the end of your next turn",
                                          "the end of the round"};
    if (o->kind == AM_OP_DEFENCE)
        carta_text_printf(out, "+%d Defence", o->count);
    else if (o->kind == AM_OP_BOOST)
        carta_text_printf(out, "attacks +%d/+%d", o->x, o->y);
    else
        carta_text_printf(out, "%s", ops[o->kind]);
    if (o->kind == AM_OP_INFLICT || o->kind == AM_OP_GAIN)
        carta_text_printf(out, " %d %s", o->count, am_status_title[o->arg]);
    else if (o->kind == AM_OP_TOKEN)
        carta_text_printf(out, " %d x %s/%d", o->count, o->arg == AM_TOKEN_STRIKE ? "Strike"
                          : o->arg == AM_TOKEN_GUARD ? "Guard" : "Protect", o->value);
    else if (o->kind == AM_OP_SCRAP || o->kind == AM_OP_STREW || o->kind == AM_OP_PAY_SCRAP)
        carta_text_printf(out, " %d scrap", o->count); /* SCRAP (R110) */
    else if (o->kind == AM_OP_PLACE_OBJECT) /* R147 */
        carta_text_printf(out, " %d object(s) in range and sight", o->count);
    else if (o->kind == AM_OP_PUSH_OBJECT || o->kind == AM_OP_PULL_OBJECT) /* R155 */
        carta_text_printf(out, " %d square(s)", o->count);
    else if (o->kind == AM_OP_AREA && o->count) /* a lingering area (R137) */
        carta_text_printf(out, " %dx%d area lingering %s%.0d%s: it attacks each %s entering it or "
                          "starting a turn within it", o->x, o->y,
                          o->count == AM_LASTS_ROUND ? "until the end of the round" : "for ",
                          o->count == AM_LASTS_ROUND ? 0 : o->count,
                          o->count == AM_LASTS_ROUND ? "" : " turn(s)",
                          o->arg == AM_WHOM_CHARACTERS ? "character"
                          : o->arg == AM_WHOM_ALLIES ? "ally" : "enemy");
    else if (o->kind == AM_OP_AREA) /* Area Effects: "Place a 2x2 area, then attack each enemy" */
        carta_text_printf(out, " %dx%d area%s, then attack each %s within it", o->x, o->y,
                          o->value ? " bound to a target" : "",
                          o->arg == AM_WHOM_CHARACTERS ? "character"
                          : o->arg == AM_WHOM_ALLIES ? "ally" : "enemy");
    else if (o->kind != AM_OP_DEFENCE && o->kind != AM_OP_BOOST && o->kind != AM_OP_PARRY &&
             o->kind != AM_OP_TAUNT && o->kind != AM_OP_SUMMON && o->kind != AM_OP_SACRIFICE)
        carta_text_printf(out, " %d", o->count);
    if (o->timing)
        carta_text_printf(out, " %s %s", o->kind == AM_OP_DEFENCE || o->kind == AM_OP_BOOST
                          ? "until" : "at", timings[o->timing]);
    if (o->cond)
        carta_text_printf(out, " if %s", o->cond == AM_IF_BLOODIED ? "bloodied" : "vulnerable");
    static const char *const tos[] = {"", "an ally", "another ally", "your controller",
                                      "each ally"};
    _Static_assert(sizeof tos / sizeof tos[0] == AM_TO_EACH_ALLY + 1, "a word per 'to'");
    if (o->to)
        carta_text_printf(out, " (%s)", tos[o->to]);
}

static void text_spell_entries(const am_spell *s, carta_text *out)
{
    static const char *const rolls[] = {"-", "automatic hit", "D20 + Might", "D20 + Agility",
                                        "D20 + Will", "D20 + Any"};
    static const char *const attrs[] = {"", "", " + Might", " + Agility", " + Will", " + Any"};
    static const char *const ons[] = {"", " on hit", " on miss", " if the roll was fixed",
                                      " if the attack is parried"};
    _Static_assert(sizeof ons / sizeof ons[0] == AM_ON_PARRIED + 1, "a word per trigger");
    if (s->melee)
        carta_text_printf(out, "  range Melee");
    else
        carta_text_printf(out, "  range %d", s->range);
    carta_text_printf(out, "; attack %s; damage ", rolls[s->roll]);
    if (s->dmg)
        carta_text_printf(out, "%d%s", s->dmg, attrs[s->dmg_attr]);
    else
        carta_text_printf(out, "-");
    if (s->x || s->y)
        carta_text_printf(out, "; +%d/+%d", s->x, s->y);
    if (s->bx || s->by)
        carta_text_printf(out, "; +%d/+%d against a bloodied target", s->bx, s->by);
    if (s->vx || s->vy)
        carta_text_printf(out, "; +%d/+%d against a vulnerable target", s->vx, s->vy);
    carta_text_printf(out, "\n  types: ");
    text_types(s->types, out);
    if (s->keywords & AM_K_OPENER)
        carta_text_printf(out, "; [Opener]");
    if (s->keywords & AM_K_ENCHANTMENT)
        carta_text_printf(out, "; [Enchantment]");
    carta_text_printf(out, "%s%s%s%s", s->keywords & AM_K_PIERCING ? "; [Piercing]" : "",
                      s->keywords & AM_K_OVERWHELM ? "; [Overwhelm]" : "",
                      s->keywords & AM_K_TRICK ? "; [Trick]" : "",
                      s->keywords & AM_K_CANTRIP ? "; [Cantrip]" : "");
    if (s->crit)
        carta_text_printf(out, "; [Critical/%d]", s->crit);
    if (s->protect)
        carta_text_printf(out, "; [Protect/%d]", s->protect);
    if (s->knell)
        carta_text_printf(out, "; [Knell/%d]", s->knell);
    carta_text_printf(out, "\n");
    for (int st = 0, op = 0; st < s->n_stages; st++) {
        carta_text_printf(out, "  stage %d:", st + 1);
        for (; op < s->stage_end[st]; op++) {
            const am_op *o = &s->op[op];
            carta_text_printf(out, " ");
            text_op(o, out);
            carta_text_printf(out, "%s;", ons[o->on]);
        }
        carta_text_printf(out, "\n");
    }
}

/* A card's effects out of its combos, "pitch: ...;" or "opportunity: ...;" (R85, R151). */
static void text_extra(const am_spell *p, const char *what, carta_text *out)
{
    carta_text_printf(out, "  %s:", what);
    for (int op = 0; op < p->n_ops; op++) {
        carta_text_printf(out, " ");
        text_op(&p->op[op], out);
        carta_text_printf(out, ";");
    }
    carta_text_printf(out, "\n");
}

/* An enemy's or a minion's body: airborne, Large (a 2x2 block of squares, R121). */
static const char *text_body(const am_enemy *e)
{
    static const char *const bodies[] = {"", ", airborne", ", Large", ", airborne, Large"};
    return bodies[(e->airborne != 0) | (e->large != 0) << 1];
}

void am_describe_card(const carta_rules *r, int card, carta_text *out)
{
    const char *name = carta_catalog_name(r->catalog, card);
    const am_spell *s = am_spell_of(r, card);
    const am_enemy *e = am_enemy_of(r, card);
    if (s) {
        carta_text_printf(out, "%s: spell, main colour ", name);
        text_edge(s->colour, out);
        carta_text_printf(out, ", edges ");
        text_edge(s->edge[0], out);
        carta_text_printf(out, " | ");
        text_edge(s->edge[1], out);
        carta_text_printf(out, ", Strike %d, Guard %d\n", s->strike, s->guard);
        if (s->req_cards || s->req_colour[0] || s->req_colour[1] || s->req_colour[2])
            carta_text_printf(out, "  requires a combo of %d+ cards, %d red, %d green, %d blue\n",
                              s->req_cards, s->req_colour[0], s->req_colour[1], s->req_colour[2]);
        text_spell_entries(s, out);
        if (s->minion) /* SUMMON: the minion it places */
            carta_text_printf(out, "  summons %s (upkeep %d; `card %s`)\n",
                              carta_catalog_name(r->catalog, s->minion),
                              am_minion_of(r, s->minion)->upkeep,
                              carta_catalog_name(r->catalog, s->minion));
        if (s->pitch) /* PITCH (R85) */
            text_extra(&r->spell[s->pitch], "pitch", out);
        if (s->opportunity) /* OPPORTUNITY (R151) */
            text_extra(&r->spell[s->opportunity], "opportunity", out);
        return;
    }
    const am_minion_sheet *m = am_minion_of(r, card);
    if (m) { /* MINIONS: the sheet's attributes, limits, Command Points and Commands */
        carta_text_printf(out, "%s: minion (%s), MT %+d AG %+d WL %+d, Defence %d, %d HP%s, "
                          "move %d; upkeep %d, Control Limit %d%s\n", name,
                          (const char *[]){"Fodder", "Regular", "Elite", "Mini-boss",
                                           "Boss"}[e->rank],
                          e->attr[0], e->attr[1], e->attr[2], e->defence, e->hp,
                          text_body(e), e->move, m->upkeep, m->control,
                          m->control_attr ? " + your highest attribute" : "");
        for (int w = 0; w < m->n_ways; w++)
            carta_text_printf(out, "  %s %d%s: %d Command Point(s)\n",
                              (const char *[]){"", "discard", "pay", "pay"}[m->way[w].pay],
                              m->way[w].amount,
                              (const char *[]){"", " card", " HP", " Scrap"}[m->way[w].pay],
                              m->way[w].points);
        for (int k = 0; k < m->n_commands; k++) {
            const am_command *c = &m->command[k];
            carta_text_printf(out, "  %s (%d CP):", c->name, c->cost);
            if (c->kind == AM_CMD_MOVE)
                carta_text_printf(out, " move up to %d squares\n", c->arg);
            else
                text_spell_entries(&r->spell[e->templ[c->arg]], out);
        }
        for (int k = 0; k < m->n_abilities; k++) { /* Minion Abilities (R128, R142) */
            const am_thing *t = am_thing_of(r, m->ability[k]);
            const char *ability = carta_catalog_name(r->catalog, m->ability[k]);
            if (t->trigger == AM_TRIG_ACTIVE)
                carta_text_printf(out, "  ability: %s (active, a Command: %d CP, %s; "
                                  "`card %s`)\n", ability, t->cost,
                                  t->repeat ? "any number a turn" : "once a turn", ability);
            else
                carta_text_printf(out, "  ability: %s (`card %s`)\n", ability, ability);
        }
        return;
    }
    if (e) {
        carta_text_printf(out, "%s: enemy (%s), MT %+d AG %+d WL %+d, Defence %d, %d HP%s, "
                          "move %d, %d attack(s) a turn\n", name,
                          (const char *[]){"Fodder", "Regular", "Elite", "Mini-boss",
                                           "Boss"}[e->rank],
                          e->attr[0], e->attr[1], e->attr[2], e->defence, e->hp,
                          text_body(e), e->move, e->attacks);
        for (int t = 0; t < e->n_templates; t++) {
            carta_text_printf(out, " %s:", r->spell[e->templ[t]].name);
            text_spell_entries(&r->spell[e->templ[t]], out);
        }
        return;
    }
    carta_text_printf(out, "%s\n", name);
}

/* ---- the board ---- */

/* One line a player reads a hand card by: colour, edges, values, entries, effects. */
static void text_card_line(const carta_rules *r, uint16_t card, carta_text *out)
{
    static const char *const rolls[] = {"utility", "auto-hit", "D20+MT", "D20+AG", "D20+WL",
                                        "D20+Any"};
    const am_spell *s = am_spell_of(r, card);
    if (!s)
        return;
    carta_text_printf(out, "      %s: ", text_card(r, card));
    text_edge(s->edge[0], out);
    carta_text_printf(out, "|");
    text_edge(s->edge[1], out);
    carta_text_printf(out, " S%d G%d, %s", s->strike, s->guard, rolls[s->roll]);
    if (s->range)
        carta_text_printf(out, s->melee ? ", melee" : ", range %d", s->range);
    static const char *const attrs[] = {"", "", "+MT", "+AG", "+WL", "+Any"};
    if (s->dmg)
        carta_text_printf(out, ", %d%s dmg", s->dmg, attrs[s->dmg_attr]);
    if (s->bx || s->by)
        carta_text_printf(out, ", +%d/+%d vs bloodied", s->bx, s->by);
    for (int i = 0; i < s->n_ops; i++) {
        carta_text_printf(out, "%s", i ? "; " : ": ");
        text_op(&s->op[i], out);
    }
    carta_text_printf(out, "%s%s\n", s->keywords & AM_K_TRICK ? " [Trick]" : "",
                      s->keywords & AM_K_CANTRIP ? " [Cantrip]" : "");
}

/* A mage's items, a consumable's uses left, and Machine Heart's Scrap. */
static void text_items(const carta_rules *r, const am_state *st, const am_mage *g,
                       carta_text *out)
{
    carta_text_printf(out, "    items:");
    for (int i = 0; i < g->n_items; i++) {
        carta_text_printf(out, "%s %s", i ? "," : "", text_card(r, g->item[i]));
        if (am_type_of(r, g->item[i]) == AM_T_CONSUMABLE)
            carta_text_printf(out, " (%d left)", am_thing_of(r, g->item[i])->uses - g->used[i]);
    }
    carta_text_printf(out, "%s", g->n_items ? "" : " none");
    if (st->ch[g->ch].scrap)
        carta_text_printf(out, "; Scrap %d", st->ch[g->ch].scrap);
    carta_text_printf(out, "\n    abilities:"); /* public, as in the view */
    for (int i = 0; i < g->n_abilities; i++)
        carta_text_printf(out, "%s %s", i ? "," : "", text_card(r, g->ability[i]));
    carta_text_printf(out, "%s\n", g->n_abilities ? "" : " none");
}

static char text_mark(const am_state *st, int ch)
{
    if (st->ch[ch].minion) /* a minion: its controller's mark shifted to a symbol */
        return "!@$"[st->ch[ch].mage % 3];
    return st->ch[ch].side == AM_ALLIES ? (char)('1' + st->ch[ch].mage)
                                        : (char)('a' + (ch - st->n_mages) % 26);
}

static int text_in_smoke(const am_state *st, int cell)
{
    for (int k = 0; k < st->n_smoke; k++)
        if (am_area_holds(am_smoke_at(st, k), 0x33, cell))
            return 1;
    for (int k = 0; k < st->n_linger; k++) /* lingering areas (R137) */
        if (am_area_holds(st->linger[k].at, st->linger[k].wh, cell))
            return 1;
    return 0;
}

static void text_map(const am_state *st, carta_text *out)
{
    carta_text_printf(out, "    ");
    for (int x = 0; x < st->w; x++)
        carta_text_printf(out, " %c ", 'A' + x);
    carta_text_printf(out, "\n");
    for (int y = 0; y < st->h; y++) {
        carta_text_printf(out, "%3d ", y + 1);
        for (int x = 0; x < st->w; x++) {
            int cell = am_cell(x, y), g = am_char_at(st, cell, 0), a = am_char_at(st, cell, 1);
            char ground = st->terrain[cell] ? am_map_mark(st, cell)
                          : g >= 0                       ? text_mark(st, g)
                          : text_in_smoke(st, cell)      ? '*' : '.';
            char air = a >= 0 ? text_mark(st, a) : ' ';
            carta_text_printf(out, "%c%c ", ground, air);
        }
        carta_text_printf(out, "\n");
    }
}

static void text_statuses(const am_char *c, carta_text *out)
{
    for (int s = 0; s < AM_STATUS; s++)
        if (c->status[s])
            carta_text_printf(out, ", %s %d", am_status_names[s], c->status[s]);
}

static void text_zone(const carta_rules *r, const char *label, const uint16_t *cards, int n,
                      carta_text *out)
{
    carta_text_printf(out, "    %s (%d):", label, n);
    for (int i = 0; i < n; i++)
        carta_text_printf(out, "%s %s", i ? "," : "", text_card(r, cards[i]));
    carta_text_printf(out, "\n");
}

/* Objects (R92) and lasting areas, named. */
static void text_objects(const carta_rules *r, const am_state *st, carta_text *out)
{
    for (int k = 0; k < st->n_objects; k++) {
        char cell[8];
        am_cell_name(st->obj[k].cell, cell, sizeof cell);
        carta_text_printf(out, "  %s at %s%s", carta_catalog_name(r->catalog, st->obj[k].def),
                          cell, st->terrain[st->obj[k].cell] & AM_TER_OPAQUE
                                    ? " (blocks line of sight)" : "");
        carta_text_printf(out, st->obj[k].hp ? ", %d HP\n" : "\n", st->obj[k].hp);
    }
    for (int k = 0; k < st->n_smoke; k++) {
        char cell[8];
        am_cell_name(am_smoke_at(st, k), cell, sizeof cell);
        carta_text_printf(out, "  a 3x3 smoke area from %s: +5 Defence within it this round\n",
                          cell);
    }
    for (int k = 0; k < st->n_linger; k++) {
        const am_linger *l = &st->linger[k];
        char cell[8];
        am_cell_name(l->at, cell, sizeof cell);
        carta_text_printf(out, "  a %dx%d lingering area of %s from %s: ", l->wh >> 4, l->wh & 15,
                          carta_catalog_name(r->catalog, l->card), cell);
        if (l->lasts == AM_LASTS_ROUND)
            carta_text_printf(out, "until the end of the round\n");
        else
            carta_text_printf(out, "%d more turn(s)\n", l->lasts);
    }
}

void am_render(const carta_rules *r, const void *state, int seat, carta_text *out)
{
    const am_state *st = state;
    carta_text_printf(out, "Archmajesty: %s, round %d of %d\n",
                      carta_catalog_name(r->catalog, st->encounter), st->round, st->round_limit);
    text_map(st, out);
    carta_text_printf(out, "(the second mark of a square is who is airborne over it; # a wall, o "
                      "an object, * a lasting area)\n");
    text_objects(r, st, out);
    for (int i = 0; i < st->n_chars; i++) {
        const am_char *c = &st->ch[i];
        if (c->flags & AM_C_GONE)
            continue;
        char name[80];
        am_char_name(r, st, i, name, sizeof name);
        carta_text_printf(out, "%c %s%s: %d/%d HP, %d AP, %d MP, Defence %d%s%s%s%s",
                          text_mark(st, i), name,
                          c->side == AM_ALLIES && c->mage == seat ? " (you)" : "", c->hp,
                          c->hp_max, c->ap, c->mp, am_defence(r, st, i),
                          am_bloodied(st, i) && c->hp > 0 ? ", bloodied" : "",
                          c->flags & AM_C_AIRBORNE ? ", airborne" : "",
                          c->flags & AM_C_KO ? ", knocked out" : "",
                          c->flags & AM_C_ACTED ? ", has acted" : "");
        if (c->large) { /* LARGE: the 2x2 block it holds (R121) */
            char far[8];
            am_cell_name(c->cell + AM_W + 1, far, sizeof far);
            carta_text_printf(out, ", Large (to %s)", far);
        }
        text_statuses(c, out);
        if (c->minion)
            carta_text_printf(out, ", %d Command Point(s)%s", c->cp,
                              c->minion == AM_COMPANION ? ", companion" : "");
        carta_text_printf(out, "\n");
        if (c->side != AM_ALLIES || c->minion)
            continue;
        const am_mage *g = &st->mage[c->mage];
        carta_text_printf(out, "    deck %d, Void %d: %s%s; command limit %d of %d left\n",
                          g->deck.n, g->void_.n, am_fading(st, c->mage) ? "Fading" : "Bright",
                          g->deck.n ? "" : ", Dark", am_command_left(r, st, c->mage), g->command);
        text_items(r, st, g, out);
        text_zone(r, "hand", g->hand.cards, g->hand.n, out);
        for (int i = 0; i < g->hand.n && c->mage == seat; i++)
            if (am_first_copy(&g->hand, i))
                text_card_line(r, g->hand.cards[i], out);
        if (g->combo.n)
            text_zone(r, "combo", g->combo.cards, g->combo.n, out);
    }
    for (int t = 0; t < st->n_tokens; t++)
        carta_text_printf(out, "token: %c has %s/%d\n", text_mark(st, st->token[t].owner),
                          st->token[t].kind == AM_TOKEN_STRIKE ? "Strike" : st->token[t].kind ==
                          AM_TOKEN_GUARD ? "Guard" : "Protect", st->token[t].value);
    for (int i = 0; i < st->n_lasting; i++) {
        char line[160];
        am_lasting_text(r, &st->lasting[i], line, sizeof line);
        carta_text_printf(out, "lasting: %c %s\n", text_mark(st, st->lasting[i].ch), line);
    }
    for (int i = 0; i < st->n_foretold; i++) { /* FORETOLD (R116) */
        const am_foretold *fo = &st->foretold[i];
        carta_text_printf(out, "foretold: %s by %c, %d turn(s) to wait, on", text_card(r, fo->card),
                          text_mark(st, st->mage[fo->mage].ch), fo->turns);
        for (int k = 0; k < fo->n; k++)
            carta_text_printf(out, " %c", text_mark(st, fo->target[k]));
        carta_text_printf(out, "%s\n", fo->n ? "" : " nobody");
    }
}

/* A lasting or waiting effect as a player reads it (R73). */
void am_lasting_text(const carta_rules *r, const am_lasting *l, char *buf, size_t cap)
{
    static const char *const own[] = {"now", "the end of its turn", "the start of its next turn",
                                      "the end of its next turn", "the end of the round"};
    static const char *const caster[] = {"now", "the end of the caster's turn",
                                         "the start of the caster's next turn",
                                         "the end of the caster's next turn",
                                         "the end of the round"};
    const char *const *when = l->clock == l->ch ? own : caster; /* R150 */
    const char *card = carta_catalog_name(r->catalog, l->card);
    if (l->kind == AM_OP_DEFENCE)
        snprintf(buf, cap, "+%d Defence until %s (%s)", l->count, when[l->timing], card);
    else if (l->kind == AM_OP_BOOST)
        snprintf(buf, cap, "+%d/+%d to its attacks until %s (%s)", l->x, l->y, when[l->timing],
                 card);
    else
        snprintf(buf, cap, "%s resolves at %s", card, when[l->timing]);
}

void am_describe_state(const carta_rules *r, const void *state, char *buf, size_t cap)
{
    const am_state *st = state;
    int seat = am_to_act(r, state);
    if (seat == CARTA_NO_SEAT)
        snprintf(buf, cap, "round %d, the encounter is over", st->round);
    else
        snprintf(buf, cap, "round %d, player %d to decide", st->round, seat + 1);
}

/* What the seat to act is asked, in the rulebook's words. */
void am_question(const carta_rules *r, const am_state *st, char *buf, size_t cap)
{
    const carta_pending *f = carta_pending_peek(&st->pending);
    char who[80] = "";
    if (st->phase == AM_P_OVER) {
        snprintf(buf, cap, "the encounter is over");
        return;
    }
    switch (f && am_frame_decides(f->kind) ? f->kind : 0) {
    case AM_F_CYCLE:
        snprintf(buf, cap, "Cycling Step: choose up to 3 cards to discard and draw again (%d so "
                 "far), or keep the rest", f->arg[1]);
        return;
    case AM_F_REQUEST:
        snprintf(buf, cap, "an allied turn: do you request this turn slot, or let another mage "
                 "take it?");
        return;
    case AM_F_GROUP:
        snprintf(buf, cap, "an enemy turn: choose 3 Fodder, 2 Regular, or 1 Elite, Mini-boss or "
                 "Boss that has yet to take a turn (%d chosen)", st->n_group);
        return;
    case AM_F_JUMP: snprintf(buf, cap, "Jump: move up to 1 square while airborne?"); return;
    case AM_F_COMBO:
        snprintf(buf, cap, "Cast: add a card whose edge matches the combo's right edge, or "
                 "release the combo (%d cards)", st->mage[f->arg[0]].combo.n);
        return;
    case AM_F_BETWEEN:
        snprintf(buf, cap, "Moving & Casting: use Run or Jump before the next card, or go on");
        return;
    case AM_F_TARGET:
        snprintf(buf, cap, "choose the targets of the attack (up to %d; %d chosen)",
                 f->arg[2], f->arg[3]);
        return;
    case AM_F_SHIFT:
        am_char_name(r, st, f->arg[0], who, sizeof who);
        snprintf(buf, cap, "shift %s: up to %d more square(s)", who, f->arg[1]);
        return;
    case AM_F_QUAKE:
        snprintf(buf, cap, "Quake Stone: place an object on a free square within range (%d "
                 "placed; at least 1)", f->arg[1]);
        return;
    case AM_F_PLACE:
        snprintf(buf, cap, "place %s on a free square within range and sight (%d more)",
                 text_card(r, (uint16_t)f->arg[1]), f->arg[2]);
        return;
    case AM_F_MOVE_OBJECT:
        snprintf(buf, cap, "pick an object within range and sight to %s %d square(s)",
                 f->arg[1] == AM_OP_PUSH_OBJECT ? "push" : "pull", f->arg[2]);
        return;
    case AM_F_AREA: {
        const am_op *op = &am_spell_ref(r, f->arg[1])->op[f->arg[3]];
        snprintf(buf, cap, "Area Effects: place a %dx%d area (it may be turned) whose centre "
                 "square is within range and in sight%s", op->x, op->y,
                 op->count ? "; it lingers, and attacks those entering it" : "");
        return;
    }
    case AM_F_DISCARD:
        snprintf(buf, cap, "Discard Step: discard down to your maximum hand size of %d",
                 st->mage[f->arg[0]].hand_max);
        return;
    case AM_F_EMPOWER: snprintf(buf, cap, "the attack hits: exploit Empower for +10 damage?");
        return;
    case AM_F_CONVERT:
        am_char_name(r, st, f->arg[0], who, sizeof who);
        snprintf(buf, cap, "Status Conversion: turn the statuses just inflicted on %s into 5 "
                 "damage?", who);
        return;
    case AM_F_CHANNEL:
        snprintf(buf, cap, "channel %s through a weapon (its range and effect), or not?",
                 text_card(r, am_spell_ref(r, f->arg[1])->id));
        return;
    case AM_F_ZERO_HP:
        am_char_name(r, st, f->arg[0], who, sizeof who);
        snprintf(buf, cap, "%s is reduced to 0 HP: stay at 1 HP instead, or be knocked out?",
                 who);
        return;
    case AM_F_ICHOR:
        am_char_name(r, st, f->arg[1], who, sizeof who);
        snprintf(buf, cap, "Ichor Guard: force %s to make a basic attack on an enemy of your "
                 "choice?", who);
        return;
    case AM_F_OPENER:
        snprintf(buf, cap, "Opener: before your initial hand is drawn, take a card with the Opener "
                 "keyword from your deck into your hand (%d of up to 7), or stop and shuffle",
                 f->arg[1]);
        return;
    case AM_F_EMOTION:
        snprintf(buf, cap, "Emotion Eater: at the start of each encounter, choose a negative "
                 "status effect");
        return;
    case AM_F_EAT:
        am_char_name(r, st, f->arg[1], who, sizeof who);
        snprintf(buf, cap, "Emotion Eater: you target %s, who has %s; exploit it once and gain 1 "
                 "Surge counter?", who, am_status_title[f->arg[2]]);
        return;
    case AM_F_ALTERNATE:
        snprintf(buf, cap, "Alternate Exploit Effect: exploit a target's counter for this attack's "
                 "bonus instead of its own effect?");
        return;
    case AM_F_CLEANSE: snprintf(buf, cap, "Cleanse: remove a status counter (%d of %d so far)",
                                f->arg[1], f->arg[2] ? f->arg[2] : 5);
        return;
    case AM_F_CHOICE: {
        const am_spell *s = &r->spell[f->arg[1]];
        if (s->pick > 1) /* "option(s)", one at a time (R131) */
            snprintf(buf, cap, "Choice: pick %d options of %s, one at a time (%d picked so far); "
                     "only those resolve", s->pick, text_card(r, s->id),
                     __builtin_popcount((unsigned)f->arg[2]));
        else
            snprintf(buf, cap, "Choice: pick an option of %s; only that option resolves",
                     text_card(r, s->id));
        return;
    }
    case AM_F_CHAIN:
        snprintf(buf, cap, "Chain: the effect repeats on a different enemy within %d squares of "
                 "the previous target; choose it", f->arg[2]);
        return;
    case AM_F_SCRAP:
        am_char_name(r, st, f->arg[0], who, sizeof who);
        snprintf(buf, cap, "Scrap: %s entered a square with %d scrap; grab or drop any amount "
                 "(carrying %d)", who, st->scrap[st->ch[f->arg[0]].cell],
                 st->ch[f->arg[0]].scrap);
        return;
    case AM_F_OPPORTUNITY:
        am_char_name(r, st, f->arg[1], who, sizeof who);
        snprintf(buf, cap, "Opportunity: %s provides opportunity; %s?", who,
                 f->arg[2] ? "make a basic attack on it, or answer with a card"
                           : "answer it with a card");
        return;
    case AM_F_ALLY:
        snprintf(buf, cap, "the effect goes to an ally: choose which");
        return;
    case AM_F_UPKEEP:
        snprintf(buf, cap, "Upkeep of %s: discard %d more card(s) to maintain its enchantment, "
                 "or let it end", text_card(r, f->arg[1]),
                 am_spell_of(r, f->arg[1])->upkeep - f->arg[2]);
        return;
    case AM_F_FORETELL:
        if (am_foretell_asks_area(f)) /* R136 */
            snprintf(buf, cap, "Foretold: place its area now; it resolves later on those "
                     "within it then");
        else
            snprintf(buf, cap, "Foretold: choose its targets now (up to %d); it resolves against "
                     "them later", f->arg[2]);
        return;
    case AM_F_PAY_SCRAP:
        snprintf(buf, cap, "pay %d scrap (you carry %d) for the rest of the effect?", f->arg[1],
                 st->ch[f->arg[0]].scrap);
        return;
    case AM_F_FORCED:
        if (f->arg[0] >= AM_OBJECT_TARGET) /* an object moved by a card (R155) */
            text_object(r, st, f->arg[0] - AM_OBJECT_TARGET, who, sizeof who);
        else
            am_char_name(r, st, f->arg[0], who, sizeof who);
        snprintf(buf, cap, "Forced Movement: the next square for %s (%d left)", who, f->arg[1]);
        return;
    case AM_F_BASH:
        snprintf(buf, cap, "Bashing: you or an ally forces you into an occupied square; bash "
                 "(the movement ends) or pass through?");
        return;
    case AM_F_TELEPORT: snprintf(buf, cap, "Teleportation: the square to teleport to (up to %d "
                                 "squares)", f->arg[1]);
        return;
    case AM_F_LAND:
        am_char_name(r, st, f->arg[0], who, sizeof who);
        snprintf(buf, cap, "the round ends: %s is airborne; become grounded, or stay airborne?",
                 who);
        return;
    case AM_F_SUMMON:
        snprintf(buf, cap, "Summon %s: choose an unoccupied square within %d squares",
                 carta_catalog_name(r->catalog, f->arg[1]), f->arg[2]);
        return;
    case AM_F_REPLACE:
        snprintf(buf, cap, "Control Limit: remove another %s from the battlefield",
                 carta_catalog_name(r->catalog, f->arg[1]));
        return;
    case AM_F_SACRIFICE: snprintf(buf, cap, "Sacrifice: choose a minion you control"); return;
    case AM_F_COMMAND:
        am_char_name(r, st, f->arg[0], who, sizeof who);
        snprintf(buf, cap, "Command action: discard a card to grant %s %d Command Point(s)", who,
                 f->arg[1]);
        return;
    case AM_F_LAND_AT: snprintf(buf, cap, "Falling onto Occupied Squares: choose the nearest "
                                "unoccupied square to land on");
        return;
    default: break;
    }
    if (carta_window_is_open(&st->window) && st->window_attack == AM_WIN_FREE) {
        am_char_name(r, st, st->active, who, sizeof who);
        snprintf(buf, cap, "%s of the turn of %s: an interrupt (a Trick, an exploit, a Cleanse, "
                 "an ability), or pass?", st->phase == AM_P_START ? "Start Phase"
                 : st->phase == AM_P_END ? "End Phase" : "An action declared in the Main Phase",
                 who);
        return;
    }
    if (carta_window_is_open(&st->window)) {
        const am_attack *a = &st->attack[st->window_attack];
        am_char_name(r, st, a->attacker, who, sizeof who);
        snprintf(buf, cap, "%s attacks (%s its roll): fix, guard, protect, or another "
                 "interrupt, or pass?", who, a->step <= 1 ? "before" : "after");
        return;
    }
    am_char_name(r, st, st->active, who, sizeof who);
    snprintf(buf, cap, "Main Phase of %s: cast, move, command a minion, use an action, or end the "
             "turn", who);
}
