/* event.c: the event list of a state, its hiding per seat and its lines for people (event.h). */
#include "event.h"

#include <stdio.h>
#include <string.h>

#include "game.h"
#include "rng.h"
#include "zone.h"

void carta_events_clear(carta_events *e)
{
    memset(e->ev, 0, sizeof e->ev[0] * (e->n > CARTA_EVENT_MAX ? CARTA_EVENT_MAX : e->n));
    e->n = 0;
    e->dropped = 0;
}

/* Whether viewer (CARTA_NO_SEAT: a spectator, who sees what every seat sees) may see the card of
 * ev: as a zone, by construction (carta_zone_hide). */
static int event_card_hidden(const carta_event *ev, int viewer)
{
    uint8_t need = viewer >= 0 ? CARTA_SEAT_BIT(viewer) : CARTA_SEEN_ALL;
    return ev->card != CARTA_EV_NO_CARD && (ev->seen & need) != need;
}

void carta_events_observe(carta_events *e, int viewer)
{
    for (int i = 0; i < e->n && i < CARTA_EVENT_MAX; i++)
        if (event_card_hidden(&e->ev[i], viewer))
            e->ev[i].card = CARTA_EV_HIDDEN;
}

void carta_events_scramble(carta_events *e, int viewer, uint64_t salt)
{
    carta_rng rng;
    carta_rng_seed(&rng, salt);
    for (int i = 0; i < e->n && i < CARTA_EVENT_MAX; i++)
        if (event_card_hidden(&e->ev[i], viewer))
            e->ev[i].card = (uint16_t)(1 + carta_rng_next(&rng) % 4000);
}

int carta_event_card_id(uint16_t stored)
{
    return stored == CARTA_EV_NO_CARD ? -1 : stored == CARTA_EV_HIDDEN ? -2 : stored - 1;
}

static const char *const kind_names[CARTA_EV_KINDS] = {
    "none",   "turn",   "act",     "move",   "counter", "steal",  "capture",
    "forge",  "fight",  "damage",  "heal",   "destroyed", "status", "reveal",
    "roll",   "choose", "note",    "eliminated", "won", "drawn",
};

const char *carta_event_kind_name(int kind)
{
    return kind >= 0 && kind < CARTA_EV_KINDS ? kind_names[kind] : "none";
}

/* ---- lines for people ---- */

typedef struct event_say {
    const carta_game *game;
    const carta_rules *rules;
    int viewer;
    carta_text *out;
} event_say;

static const char *say_word(const event_say *s, int word)
{
    const char *w = s->game->event_word ? s->game->event_word(s->rules, word) : NULL;
    return w ? w : "";
}

static void say_seat(const event_say *s, int seat, char *buf, size_t cap)
{
    if (seat == s->viewer && seat >= 0)
        snprintf(buf, cap, "you");
    else
        snprintf(buf, cap, "player %d", seat + 1);
}

static void say_card(const event_say *s, uint16_t stored, char *buf, size_t cap)
{
    int id = carta_event_card_id(stored);
    const char *name = id >= 0 ? s->game->card_name(s->rules, id) : NULL;
    snprintf(buf, cap, "%s", id == -2 ? "a card" : name ? name : "?");
}

/* How many letters a third-person verb of len letters ending in s loses for "you": 2 after a
 * hissing sound or o (passes, fixes, pushes, catches, buzzes, goes), else 1 (loses, uses, draws). */
static size_t say_es(const char *verb, size_t len)
{
    if (len < 4 || verb[len - 2] != 'e')
        return 1;
    char c = verb[len - 3], b = verb[len - 4];
    int hiss = (c == 's' && b == 's') || c == 'x' || c == 'z' || c == 'o' ||
               (c == 'h' && (b == 's' || b == 'c'));
    return hiss ? 2 : 1;
}

void carta_event_verb(const char *verb, int you, char *buf, size_t cap)
{
    const char *space = strchr(verb, ' ');
    size_t len = space ? (size_t)(space - verb) : strlen(verb);
    const char *rest = verb + len;
    if (!you || len < 2) {
        snprintf(buf, cap, "%s", verb);
        return;
    }
    if (len == 2 && !strncmp(verb, "is", 2))
        snprintf(buf, cap, "are%s", rest);
    else if (len == 3 && !strncmp(verb, "has", 3))
        snprintf(buf, cap, "have%s", rest);
    else if (verb[len - 1] != 's')
        snprintf(buf, cap, "%s", verb);
    else if (len > 3 && !strncmp(verb + len - 3, "ies", 3))
        snprintf(buf, cap, "%.*sy%s", (int)(len - 3), verb, rest); /* readies, carries */
    else
        snprintf(buf, cap, "%.*s%s", (int)(len - say_es(verb, len)), verb, rest);
}

/* "(you: 3 -> 2)" */
static void say_change(const event_say *s, int seat, int before, int after)
{
    char who[32];
    say_seat(s, seat, who, sizeof who);
    carta_text_printf(s->out, " (%s: %d -> %d)", who, before, after);
}

/* How many events from i on are moves that differ from e->ev[i] only in their card. */
static int say_run(const carta_events *e, int i)
{
    const carta_event *a = &e->ev[i];
    int k = i + 1;
    while (k < e->n && k < CARTA_EVENT_MAX) {
        const carta_event *b = &e->ev[k];
        if (b->kind != CARTA_EV_MOVE || b->seat != a->seat || b->word != a->word ||
            b->from != a->from || b->to != a->to || b->seen != a->seen)
            break;
        k++;
    }
    return k - i;
}

static void say_move(const event_say *s, const carta_events *e, int i, int run)
{
    const carta_event *ev = &e->ev[i];
    char who[32], verb[64], card[CARTA_NAME_MAX];
    say_seat(s, ev->seat, who, sizeof who);
    int hidden = ev->card == CARTA_EV_HIDDEN;
    if (ev->word) {
        carta_event_verb(say_word(s, ev->word), ev->seat == s->viewer, verb, sizeof verb);
        carta_text_printf(s->out, "%s %s ", who, verb);
    } else {
        carta_text_printf(s->out, "%s: ", who);
    }
    if (hidden) {
        if (run == 1)
            carta_text_printf(s->out, "a card");
        else
            carta_text_printf(s->out, "%d cards", run);
    } else {
        for (int k = 0; k < run; k++) {
            say_card(s, e->ev[i + k].card, card, sizeof card);
            carta_text_printf(s->out, "%s%s", k ? ", " : "", card);
        }
    }
    if (!ev->word)
        carta_text_printf(s->out, " from %s to %s", say_word(s, ev->from), say_word(s, ev->to));
}

void carta_event_word_fill(const char *word, int amount, int value, char *buf, size_t cap)
{
    size_t n = 0;
    int slot = 0;
    for (const char *p = word; *p && n + 12 < cap; p++) {
        if (p[0] == '%' && p[1] == 'd' && slot < 2) {
            n += (size_t)snprintf(buf + n, cap - n, "%d", slot++ ? value : amount);
            p++;
        } else if (p[0] == '%' && p[1] == 'L' && slot < 2) { /* a column letter: 1 is A */
            int v = slot++ ? value : amount;
            buf[n++] = v >= 1 && v <= 26 ? (char)('A' + v - 1) : '?';
            p++;
        } else {
            buf[n++] = *p;
        }
    }
    buf[n] = 0;
}

static void say_one(const event_say *s, const carta_event *ev)
{
    char who[32], other[32], verb[128], card[CARTA_NAME_MAX], target[CARTA_NAME_MAX];
    say_seat(s, ev->seat, who, sizeof who);
    say_seat(s, ev->other, other, sizeof other);
    say_card(s, ev->card, card, sizeof card);
    say_card(s, ev->target, target, sizeof target);
    const char *word = say_word(s, ev->word);
    int you = ev->seat == s->viewer && ev->seat >= 0;
    carta_text *o = s->out;
    /* What happens to a seat itself (an Archmajesty mage) names the seat where a card would be. */
    int self = ev->card == CARTA_EV_NO_CARD && ev->seat >= 0;
    if (self)
        snprintf(card, sizeof card, "%s", who);
    switch (ev->kind) {
    case CARTA_EV_TURN:
        if (ev->seat < 0)
            carta_text_printf(o, "-- round %d --", ev->value);
        else if (ev->value && !ev->amount)
            carta_text_printf(o, "-- round %d: %s --", ev->value, who);
        else if (ev->value)
            carta_text_printf(o, "-- round %d, turn %d: %s --", ev->value, ev->amount, who);
        else
            carta_text_printf(o, "-- turn %d: %s --", ev->amount, who);
        return;
    case CARTA_EV_ACT:
    case CARTA_EV_NOTE: {
        char filled[96];
        carta_event_word_fill(word, ev->amount, ev->value, filled, sizeof filled);
        carta_event_verb(filled, you, verb, sizeof verb);
        carta_text_printf(o, "%s %s", who, verb);
        if (ev->card != CARTA_EV_NO_CARD)
            carta_text_printf(o, " %s", card);
        if (ev->target != CARTA_EV_NO_CARD)
            carta_text_printf(o, " -> %s", target);
        return;
    }
    case CARTA_EV_COUNTER:
        carta_text_printf(o, "%s %s %d %s", who, ev->amount >= 0 ? (you ? "gain" : "gains")
                                                                 : (you ? "lose" : "loses"),
                          ev->amount >= 0 ? ev->amount : -ev->amount, word);
        if (ev->card != CARTA_EV_NO_CARD)
            carta_text_printf(o, " (%s)", card);
        say_change(s, ev->seat, ev->value - ev->amount, ev->value);
        return;
    case CARTA_EV_STEAL:
        carta_text_printf(o, "%s %s %d %s from %s", who, you ? "steal" : "steals", ev->amount,
                          word, other);
        if (ev->card != CARTA_EV_NO_CARD)
            carta_text_printf(o, " with %s", card);
        say_change(s, ev->other, ev->value + ev->amount, ev->value);
        return;
    case CARTA_EV_CAPTURE:
        carta_text_printf(o, "%s captures %d %s from %s", card, ev->amount, word, other);
        say_change(s, ev->other, ev->value + ev->amount, ev->value);
        return;
    case CARTA_EV_FORGE:
        carta_text_printf(o, "%s %s a key for %d %s (%d %s)", who, you ? "forge" : "forges",
                          ev->amount, word, ev->value, ev->value == 1 ? "key" : "keys");
        return;
    case CARTA_EV_FIGHT:
        carta_text_printf(o, "%s %s %s", card, ev->word ? word : "fights", target);
        return;
    case CARTA_EV_DAMAGE:
        if (ev->amount || !ev->value)
            carta_text_printf(o, "%s %s %d damage", card, self && you ? "take" : "takes",
                              ev->amount);
        else
            carta_text_printf(o, "%s %s no damage", card, self && you ? "take" : "takes");
        if (ev->target != CARTA_EV_NO_CARD)
            carta_text_printf(o, " from %s", target);
        if (ev->value)
            carta_text_printf(o, " (%d prevented)", ev->value);
        return;
    case CARTA_EV_HEAL:
        carta_text_printf(o, "%s %s %d", card, self && you ? "heal" : "heals", ev->amount);
        return;
    case CARTA_EV_DESTROYED:
        carta_text_printf(o, "%s %s destroyed", card, self && you ? "are" : "is");
        return;
    case CARTA_EV_STATUS: {
        char filled[96];
        carta_event_word_fill(word, ev->amount, ev->value, filled, sizeof filled);
        carta_text_printf(o, "%s %s %s", card, self && you ? "are" : "is", filled);
        return;
    }
    case CARTA_EV_REVEAL:
        carta_text_printf(o, "%s %s %s", who, you ? "reveal" : "reveals", card);
        if (ev->word)
            carta_text_printf(o, " for %s", word);
        return;
    case CARTA_EV_ROLL:
        carta_text_printf(o, "%s %s %d", who, you ? "roll" : "rolls", ev->value);
        if (ev->word)
            carta_text_printf(o, " for %s", word);
        return;
    case CARTA_EV_CHOOSE:
        carta_text_printf(o, "%s %s %s", who, you ? "choose" : "chooses", word);
        return;
    case CARTA_EV_ELIMINATED:
        carta_text_printf(o, "%s %s out of the game: %s", who, you ? "are" : "is", word);
        return;
    case CARTA_EV_WON:
        carta_text_printf(o, "%s %s: %s", who, you ? "win" : "wins", word);
        return;
    case CARTA_EV_DRAWN:
        carta_text_printf(o, "the game is a draw: %s", word);
        return;
    default:
        carta_text_printf(o, "(event %d)", ev->kind);
    }
}

void carta_events_text(const carta_game *game, const carta_rules *rules, const carta_events *e,
                       int viewer, const char *indent, carta_text *out)
{
    event_say s = {game, rules, viewer, out};
    int n = e->n > CARTA_EVENT_MAX ? CARTA_EVENT_MAX : e->n;
    for (int i = 0; i < n;) {
        int run = 1;
        carta_text_printf(out, "%s", indent);
        if (e->ev[i].kind == CARTA_EV_MOVE) {
            run = say_run(e, i);
            say_move(&s, e, i, run);
        } else {
            say_one(&s, &e->ev[i]);
        }
        carta_text_printf(out, "\n");
        i += run;
    }
    if (e->dropped)
        carta_text_printf(out, "%s(and %d more events)\n", indent, e->dropped);
}
