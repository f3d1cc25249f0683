/* events.c: what an Arkhtide action did, as events (core/event.h) told in the rulebook's words:
 * the words (carta_game.event_word). The rules emit events where something happens with the
 * inline stores of arkhtide.h (ark_event...). Every card an event names is public unless the
 * caller says who sees it (a draw, a face-down Realm pick, a card looked at or put under a
 * deck: its owner only). */
#include "games/arkhtide/arkhtide.h"

static const char *const event_words[ARK_W_COUNT] = {
    [ARK_W_QUINTESSENCE] = "Quintessence",
    [ARK_W_WILLPOWER] = "Willpower",
    [ARK_W_ARKHE] = "Arkh\xc3\xa9",
    [ARK_W_HAND] = "hand",
    [ARK_W_MAIN_DECK] = "Main Deck",
    [ARK_W_REALM_DECK] = "Realm Deck",
    [ARK_W_LOOK] = "the cards looked at",
    [ARK_W_FACE_DOWN] = "face down",
    [ARK_W_PLAY] = "play",
    [ARK_W_CHRONICLE] = "Chronicle",
    [ARK_W_POOL] = "Quintessence Pool",
    [ARK_W_DRAWS] = "draws",
    [ARK_W_DISCARDS] = "discards",
    [ARK_W_MULLIGANS] = "mulligans",
    [ARK_W_LOOKS_AT] = "looks at",
    [ARK_W_PICKS] = "picks face down:",
    [ARK_W_RETURNS_TOP] = "returns to the top of the Realm Deck:",
    [ARK_W_RETURNS_BOTTOM] = "returns to the bottom of the Realm Deck:",
    [ARK_W_PUTS_UNDER] = "puts on the bottom of the Main Deck:",
    [ARK_W_HARVESTS] = "harvests",
    [ARK_W_EXTRACTS] = "extracts",
    [ARK_W_INVOKES] = "invokes",
    [ARK_W_INVOKES_SAFE] = "invokes into the Safe Zone:",
    [ARK_W_BINDS] = "binds",
    [ARK_W_MOVES] = "moves",
    [ARK_W_REPOSITIONS] = "repositions",
    [ARK_W_REPOSITIONS_SAFE] = "repositions into the Safe Zone:",
    [ARK_W_ASSISTS_WITH] = "assists with",
    [ARK_W_USES] = "uses",
    [ARK_W_REACTS_WITH] = "reacts with",
    [ARK_W_USES_TALENT] = "uses the Talent of",
    [ARK_W_AMPLIFIES_WITH] = "amplifies with",
    [ARK_W_SHIELDS_WITH] = "shields with",
    [ARK_W_TARGETS] = "chooses a target for",
    [ARK_W_MANIFESTS] = "manifests",
    [ARK_W_ATTACHES] = "attaches",
    [ARK_W_GIVES_BLOCK] = "gives Block to",
    [ARK_W_CHANGES_STATS] = "changes the stats of",
    [ARK_W_STARTS_PHASE + ARK_PHASE_RESOURCE] = "starts the Resource Phase",
    [ARK_W_STARTS_PHASE + ARK_PHASE_REALM] = "starts the Realm Phase",
    [ARK_W_STARTS_PHASE + ARK_PHASE_PREPARATION] = "starts the Preparation Phase",
    [ARK_W_STARTS_PHASE + ARK_PHASE_COMBAT] = "starts the Combat Phase",
    [ARK_W_STARTS_PHASE + ARK_PHASE_HARVEST] = "starts the Harvest Phase",
    [ARK_W_STARTS_PHASE + ARK_PHASE_REGROUP] = "starts the Regroup Phase",
    [ARK_W_IS_PREPARED] = "is Prepared",
    [ARK_W_PASSES] = "passes",
    [ARK_W_ENDS_TURN] = "ends the Turn",
    [ARK_W_HIGHEST_INITIATIVE] = "has the highest Initiative",
    [ARK_W_WINS_INITIATIVE_TIE] = "wins the Initiative tie at random",
    [ARK_W_FIRST_AT_RANDOM] = "is drawn at random to act first (equal Initiative)",
    [ARK_W_TAKES_SIDE_A] = "takes side A of",
    [ARK_W_TAKES_SIDE_B] = "takes side B of",
    [ARK_W_DECLINES_AMPLIFY] = "declines to Amplify the Damage to",
    [ARK_W_DECLINES_REACTION] = "declines to react to the Damage to",
    [ARK_W_DECLINES_WOUND_REACTION] = "declines to react to the Wounds of",
    [ARK_W_LETS_THROUGH] = "lets the Damage through to",
    [ARK_W_RESOLVES_NEXT] = "resolves next the Damage to",
    [ARK_W_DECLINES_TALENT] = "declines the Talent of",
    [ARK_W_ACCEPTS_MAY] = "uses the optional effect of",
    [ARK_W_DECLINES_MAY] = "declines the optional effect of",
    [ARK_W_HALVES] = "halves the Damage to",
    [ARK_W_OATH] = "redirects the Damage by Oath to",
    [ARK_W_EXHAUSTED] = "exhausted",
    [ARK_W_READIED] = "readied",
    [ARK_W_UNLOCKED] = "unlocked",
    [ARK_W_CHEATS_DEATH] = "exhausted to Cheat Death, alive on 1 Health",
    [ARK_W_LETHAL] = "Lethal: every Wound of its Attack is doubled",
    [ARK_W_REAPING] = "Reaping: its Attack also deals Damage to the other enemy Units there",
    [ARK_W_EVASION] = "Shielded with double Block (Evasion)",
    [ARK_W_STEALTH] = "Shielded with double Block (Stealth)",
    [ARK_W_PARAGON] = "extracted instead (Paragon)",
    [ARK_W_SENT_TO_SAFE] = "moved into its Safe Zone",
    [ARK_W_REMOVED] = "removed",
    [ARK_W_NOT_HARVESTED] = "not harvested (tied Soul) and removed from play",
    [ARK_W_GIVEN_KEYWORD + 0] = "given Lethal",
    [ARK_W_GIVEN_KEYWORD + 1] = "given Evasion",
    [ARK_W_GIVEN_KEYWORD + 2] = "given Stealth",
    [ARK_W_GIVEN_KEYWORD + 3] = "given Cheat Death",
    [ARK_W_GIVEN_KEYWORD + 4] = "given Collector",
    [ARK_W_GIVEN_KEYWORD + 5] = "given Severed",
    [ARK_W_MELEE_ATTACK] = "makes a Melee Attack on",
    [ARK_W_RANGED_ATTACK] = "makes a Ranged Attack on",
    [ARK_W_WHO_ACTS_FIRST] = "who acts first",
    [ARK_W_WILLPOWER_ZERO] = "Willpower reduced to 0",
    [ARK_W_QUINTESSENCE_VICTORY] = "Quintessence Victory",
    [ARK_W_LAST_STANDING] = "last Seeker standing",
    [ARK_W_TRUE_TIE] = "True Tie",
    [ARK_W_ROUND_LIMIT] = "round limit",
};

_Static_assert(ARK_W_COUNT <= 256, "event words are one byte");

const char *ark_event_word(const carta_rules *rules, int word)
{
    (void)rules;
    return word > 0 && word < ARK_W_COUNT ? event_words[word] : NULL;
}

int ark_piece_card(const ark_state *st, int pi)
{
    return pi >= 0 && pi < st->n_pieces ? st->pieces[pi].card : -1;
}

int ark_realm_card(const ark_state *st, int loc)
{
    return loc >= 0 && loc < ARK_REALMS && st->realms[loc].card != ARK_NO_CARD
               ? st->realms[loc].card
               : -1;
}
