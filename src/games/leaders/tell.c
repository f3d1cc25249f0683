/* tell.c: what an apply did, as events in the state (core/event.h), in the rulebook's words: a
 * turn begun, cards drawn (seen by their owner only), played, placed face down and revealed,
 * Units summoned, moved and turned, battles, damage dealt and prevented, a Leader's health, Units
 * destroyed, the active Event, and how the game ended. Each teller is a few stores. */
#include "games/leaders/leaders.h"

_Static_assert(LEADERS_W_COUNT <= 256, "an event's word is one byte");

static const char *const tell_words[LEADERS_W_COUNT] = {
    [LEADERS_W_DECK] = "deck",
    [LEADERS_W_HAND] = "hand",
    [LEADERS_W_DISCARD] = "Discard Pile",
    [LEADERS_W_BARRACKS] = "Barracks",
    [LEADERS_W_GRAVEYARD] = "Graveyard",
    [LEADERS_W_FACE_DOWN] = "face down",
    [LEADERS_W_DRAWS] = "draws",
    [LEADERS_W_DISCARDS] = "discards",
    [LEADERS_W_PLAYS] = "plays",
    [LEADERS_W_REACTS_WITH] = "reacts with",
    [LEADERS_W_DEFENDS_WITH] = "defends with",
    [LEADERS_W_PASSES] = "passes",
    [LEADERS_W_PLACES_FACE_DOWN] = "places face down",
    [LEADERS_W_NO_ATTACK_CARD] = "places no Attack card",
    [LEADERS_W_ACTIVATES] = "activates the ability of",
    [LEADERS_W_WINS_TOSS] = "wins the coin toss",
    [LEADERS_W_DECK_EMPTY] = "has no cards left in the deck",
    [LEADERS_W_EXHAUSTED] = "exhausted",
    [LEADERS_W_READIED] = "readied",
    [LEADERS_W_ACTIVE_EVENT] = "the active Event",
    [LEADERS_W_EVENT_REPLACED] = "no longer the active Event",
    [LEADERS_W_CANCELLED] = "stopped: its action is cancelled",
    [LEADERS_W_FACING + LEADERS_NORTH] = "facing north",
    [LEADERS_W_FACING + LEADERS_EAST] = "facing east",
    [LEADERS_W_FACING + LEADERS_SOUTH] = "facing south",
    [LEADERS_W_FACING + LEADERS_WEST] = "facing west",
    [LEADERS_W_HEALTH] = "health",
    [LEADERS_W_EXTRA_SUMMONS] = "extra summons",
    [LEADERS_W_LEADER_DEFEATED] = "Leader defeated",
    [LEADERS_W_BOTH_DEFEATED] = "both Leaders defeated",
    [LEADERS_W_TURN_LIMIT] = "turn limit",
#define TELL_ROW(r)                                                                           \
    [LEADERS_W_CELL + 5 * (r - 1) + 0] = "A" #r, [LEADERS_W_CELL + 5 * (r - 1) + 1] = "B" #r, \
    [LEADERS_W_CELL + 5 * (r - 1) + 2] = "C" #r, [LEADERS_W_CELL + 5 * (r - 1) + 3] = "D" #r, \
    [LEADERS_W_CELL + 5 * (r - 1) + 4] = "E" #r
    TELL_ROW(1), TELL_ROW(2), TELL_ROW(3), TELL_ROW(4), TELL_ROW(5), TELL_ROW(6),
#undef TELL_ROW
};

const char *leaders_event_word(const carta_rules *rules, int word)
{
    (void)rules;
    return word > 0 && word < LEADERS_W_COUNT ? tell_words[word] : NULL;
}

void leaders_tell_turn(leaders_state *st)
{
    carta_event_add(&st->happened, CARTA_EV_TURN, st->active, -1, -1, 0, -1, 0, st->turn, 0);
}

void leaders_tell_draw(leaders_state *st, int seat, int card)
{
    carta_event_move(&st->happened, seat, card, CARTA_SEAT_BIT(seat), LEADERS_W_DECK,
                     LEADERS_W_HAND, LEADERS_W_DRAWS);
}

void leaders_tell_discard(leaders_state *st, int seat, int card)
{
    carta_event_move(&st->happened, seat, card, CARTA_SEEN_ALL, LEADERS_W_HAND,
                     LEADERS_W_DISCARD, LEADERS_W_DISCARDS);
}

void leaders_tell_face_down(leaders_state *st, int seat, int card)
{
    carta_event_move(&st->happened, seat, card, CARTA_SEAT_BIT(seat), LEADERS_W_HAND,
                     LEADERS_W_FACE_DOWN, LEADERS_W_PLACES_FACE_DOWN);
}

void leaders_tell_reveal(leaders_state *st, int seat, int card)
{
    carta_event_add(&st->happened, CARTA_EV_REVEAL, seat, -1, card, CARTA_SEEN_ALL, -1, 0, 0, 0);
}

void leaders_tell_card(leaders_state *st, int seat, int verb, int card)
{
    carta_event_add(&st->happened, CARTA_EV_ACT, seat, -1, card, CARTA_SEEN_ALL, -1, verb, 0, 0);
}

void leaders_tell_note(leaders_state *st, int seat, int verb)
{
    carta_event_add(&st->happened, CARTA_EV_NOTE, seat, -1, -1, 0, -1, verb, 0, 0);
}

/* A STATUS of card (played by seat): "card is word". */
static void tell_card_status(leaders_state *st, int seat, int card, int word)
{
    carta_event_add(&st->happened, CARTA_EV_STATUS, seat, -1, card, CARTA_SEEN_ALL, -1, word, 0,
                    0);
}

/* The card of the Event pile at index i is what word says. */
static void tell_pile_card(leaders_state *st, int i, int word)
{
    uint16_t entry = st->events[i];
    tell_card_status(st, (entry & LEADERS_EVENT_SEAT1) ? 1 : 0, entry & ~LEADERS_EVENT_SEAT1,
                     word);
}

void leaders_tell_event_pile(leaders_state *st)
{
    if (st->n_events >= 2)
        tell_pile_card(st, st->n_events - 2, LEADERS_W_EVENT_REPLACED);
    if (st->n_events >= 1)
        tell_pile_card(st, st->n_events - 1, LEADERS_W_ACTIVE_EVENT);
}

void leaders_tell_summon(leaders_state *st, int cell)
{
    const leaders_char *ch = &st->board[cell];
    carta_event_move(&st->happened, ch->owner, ch->kind, CARTA_SEEN_ALL, LEADERS_W_BARRACKS,
                     LEADERS_W_CELL + cell, 0);
    leaders_tell_status(st, cell, LEADERS_W_FACING + ch->dir);
}

void leaders_tell_step(leaders_state *st, int from, int to)
{
    const leaders_char *ch = &st->board[to];
    carta_event_move(&st->happened, ch->owner, ch->kind, CARTA_SEEN_ALL, LEADERS_W_CELL + from,
                     LEADERS_W_CELL + to, 0);
}

void leaders_tell_status(leaders_state *st, int cell, int word)
{
    tell_card_status(st, st->board[cell].owner, st->board[cell].kind, word);
}

void leaders_tell_cancelled(leaders_state *st, int seat, int kind)
{
    tell_card_status(st, seat, kind, LEADERS_W_CANCELLED);
}

void leaders_tell_ability(leaders_state *st, int from, int to)
{
    const leaders_char *a = &st->board[from], *t = &st->board[to];
    carta_event_add(&st->happened, CARTA_EV_ACT, a->owner, -1, a->kind, CARTA_SEEN_ALL,
                    t->kind == LEADERS_NONE ? -1 : t->kind, LEADERS_W_ACTIVATES, 0, 0);
}

void leaders_tell_fight(leaders_state *st, int from, int to)
{
    const leaders_char *a = &st->board[from], *t = &st->board[to];
    carta_event_add(&st->happened, CARTA_EV_FIGHT, a->owner, t->owner, a->kind, CARTA_SEEN_ALL,
                    t->kind, 0, 0, 0);
}

/* A change of amount to the health of the Leader on cell, now at its health. */
static void tell_leader_health(leaders_state *st, int cell, int amount)
{
    const leaders_char *ch = &st->board[cell];
    if (amount && (ch->flags & LEADERS_C_LEADER))
        carta_event_add(&st->happened, CARTA_EV_COUNTER, ch->owner, -1, -1, 0, -1,
                        LEADERS_W_HEALTH, amount, ch->health);
}

void leaders_tell_damage(leaders_state *st, int cell, int n, int source, int prevented,
                         int dealt)
{
    const leaders_char *ch = &st->board[cell];
    carta_event_add(&st->happened, CARTA_EV_DAMAGE, ch->owner, -1, ch->kind, CARTA_SEEN_ALL,
                    source, 0, n, prevented);
    tell_leader_health(st, cell, -dealt);
}

void leaders_tell_heal(leaders_state *st, int cell, int healed)
{
    const leaders_char *ch = &st->board[cell];
    if (healed <= 0)
        return;
    carta_event_add(&st->happened, CARTA_EV_HEAL, ch->owner, -1, ch->kind, CARTA_SEEN_ALL, -1, 0,
                    healed, 0);
    tell_leader_health(st, cell, healed);
}

void leaders_tell_destroyed(leaders_state *st, int owner, int kind, int cell)
{
    carta_event_add(&st->happened, CARTA_EV_DESTROYED, owner, -1, kind, CARTA_SEEN_ALL, -1, 0, 0,
                    0);
    carta_event_move(&st->happened, owner, kind, CARTA_SEEN_ALL, LEADERS_W_CELL + cell,
                     LEADERS_W_GRAVEYARD, 0);
}

void leaders_tell_extra_summons(leaders_state *st, int seat, int amount)
{
    carta_event_add(&st->happened, CARTA_EV_COUNTER, seat, -1, -1, 0, -1, LEADERS_W_EXTRA_SUMMONS,
                    amount, st->seat[seat].summon_bonus);
}

/* The slot the end of the game is told in: a win told earlier in this apply (the winner's
 * Leader fell too), else the next one, else the last one (the event there counted as dropped). */
static carta_event *tell_end_slot(carta_events *e)
{
    for (int i = e->n - 1; i >= 0; i--)
        if (e->ev[i].kind == CARTA_EV_WON)
            return &e->ev[i];
    if (e->n < CARTA_EVENT_MAX)
        return &e->ev[e->n++];
    if (e->dropped < UINT8_MAX)
        e->dropped++;
    return &e->ev[CARTA_EVENT_MAX - 1];
}

void leaders_tell_end(leaders_state *st)
{
    int won = st->winner >= 0;
    int word = won                              ? LEADERS_W_LEADER_DEFEATED
               : st->turn > LEADERS_TURN_LIMIT ? LEADERS_W_TURN_LIMIT
                                                : LEADERS_W_BOTH_DEFEATED;
    *tell_end_slot(&st->happened) = (carta_event){
        .kind = won ? CARTA_EV_WON : CARTA_EV_DRAWN,
        .seat = (int8_t)(won ? st->winner : CARTA_EV_NO_SEAT),
        .other = CARTA_EV_NO_SEAT,
        .card = CARTA_EV_NO_CARD,
        .target = CARTA_EV_NO_CARD,
        .word = (uint8_t)word,
    };
}
