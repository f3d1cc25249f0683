/* events.c: what an action did, told as events (core/event.h) in the glossary's words: the word
 * table the contract's event_word reads, and the few helpers the rules call as things happen.
 * Each helper is a handful of stores into the state's event list; none looks at a string. */
#include "games/aember/aember.h"

static const char *const event_words[AEMBER_W_COUNT] = {
    [AEMBER_W_AEMBER] = "\xc3\x86mber",
    [AEMBER_W_CHAIN] = "chain",
    [AEMBER_W_CHAINS] = "chains",
    [AEMBER_W_KEY] = "key",
    [AEMBER_W_KEYS] = "keys",
    [AEMBER_W_IN_PLAY] = "play",
    [AEMBER_W_HAND] = "hand",
    [AEMBER_W_DECK] = "deck",
    [AEMBER_W_DISCARD_PILE] = "discard pile",
    [AEMBER_W_ARCHIVES] = "archives",
    [AEMBER_W_PURGED] = "purged cards",
    [AEMBER_W_PLAYS] = "plays",
    [AEMBER_W_REAPS_WITH] = "reaps with",
    /* not "uses": core's say_verb makes "you us" of it (and "you readie" of "readies") */
    [AEMBER_W_TRIGGERS_ACTION] = "triggers the Action: of",
    [AEMBER_W_TRIGGERS_OMNI] = "triggers the Omni: of",
    [AEMBER_W_EXHAUSTS] = "exhausts",
    [AEMBER_W_DRAWS] = "draws",
    [AEMBER_W_DISCARDS] = "discards",
    [AEMBER_W_ARCHIVES_CARD] = "archives",
    [AEMBER_W_PURGES] = "purges",
    [AEMBER_W_FINDS] = "finds",
    [AEMBER_W_SACRIFICES] = "sacrifices",
    [AEMBER_W_SWAPS] = "swaps",
    [AEMBER_W_FIRST_TURN] = "takes the first turn",
    [AEMBER_W_KEEPS] = "keeps the opening hand",
    [AEMBER_W_MULLIGANS] = "mulligans",
    [AEMBER_W_ENDS_TURN] = "ends the turn",
    [AEMBER_W_READIES] = "has each exhausted card readied",
    [AEMBER_W_SHUFFLES_DISCARD] = "shuffles the discard pile into the empty deck",
    [AEMBER_W_STUNNED] = "stunned",
    [AEMBER_W_UNSTUNNED] = "no longer stunned",
    [AEMBER_W_EXHAUSTED] = "exhausted",
    [AEMBER_W_READIED] = "readied",
    [AEMBER_W_ELUSIVE] = "elusive: the fight deals no damage",
    [AEMBER_W_RULE_OF_SIX] = "played or used 6 times: no more this turn (rule of six)",
    [AEMBER_W_POWER_COUNTERS] = "given a +1 power counter",
    [AEMBER_W_POWER_COUNTERS + 1] = "given two +1 power counters",
    [AEMBER_W_POWER_COUNTERS + 2] = "given three +1 power counters",
    [AEMBER_W_POWER_COUNTERS + 3] = "given four +1 power counters",
    [AEMBER_W_POWER_COUNTERS + 4] = "given five +1 power counters",
    [AEMBER_W_POWER_COUNTERS + 5] = "given six +1 power counters",
    [AEMBER_W_THREE_KEYS] = "forged three keys",
    [AEMBER_W_TURN_LIMIT] = "the turn limit is reached",
};

_Static_assert(AEMBER_W_COUNT <= AEMBER_W_BANNED_HOUSE &&
                   AEMBER_W_BANNED_HOUSE + AEMBER_MAX_HOUSES <= AEMBER_W_HOUSE &&
                   AEMBER_W_HOUSE + AEMBER_MAX_HOUSES <= 256,
               "event words are 1..255, the house ranges apart");

const char *aember_event_word(const carta_rules *rules, int word)
{
    if (word >= AEMBER_W_HOUSE && word - AEMBER_W_HOUSE < rules->n_houses)
        return rules->house_words[word - AEMBER_W_HOUSE];
    if (word >= AEMBER_W_BANNED_HOUSE && word - AEMBER_W_BANNED_HOUSE < rules->n_houses)
        return rules->ban_words[word - AEMBER_W_BANNED_HOUSE];
    return word > 0 && word < AEMBER_W_COUNT ? event_words[word] : NULL;
}

void aember_tell_power_counters(aember_state *st, int seat, int card, int k)
{
    enum { MOST = AEMBER_W_POWER_COUNTERS_LAST - AEMBER_W_POWER_COUNTERS + 1 };
    for (; k > 0; k -= MOST) /* more than six at once: told in sixes */
        aember_tell(st, CARTA_EV_STATUS, seat, CARTA_EV_NO_SEAT, card, -1,
                    AEMBER_W_POWER_COUNTERS + (k < MOST ? k : MOST) - 1, k < MOST ? k : MOST, 0);
}

/* The word of one of seat's zones. */
static int events_zone_word(const aember_seat *s, const aember_zone *z)
{
    return z == &s->hand       ? AEMBER_W_HAND
           : z == &s->deck     ? AEMBER_W_DECK
           : z == &s->discard  ? AEMBER_W_DISCARD_PILE
           : z == &s->archives ? AEMBER_W_ARCHIVES
                               : AEMBER_W_PURGED;
}

uint16_t aember_move_told(aember_state *st, int seat, aember_zone *from, int index,
                          aember_zone *to, int verb)
{
    const aember_seat *s = &st->seat[seat];
    uint8_t known;
    uint16_t card = carta_zone_take(CARTA_ZONE_REF(from), index, &known);
    carta_zone_push(CARTA_ZONE_REF(to), card, known);
    carta_event_move(&st->events, seat, card, (uint8_t)(known | to->seen),
                     events_zone_word(s, from), events_zone_word(s, to), verb);
    return card;
}

void aember_tell_left_play(aember_state *st, int owner, uint16_t card, const aember_zone *to)
{
    carta_event_move(&st->events, owner, card, CARTA_SEEN_ALL, AEMBER_W_IN_PLAY,
                     events_zone_word(&st->seat[owner], to), 0);
}
