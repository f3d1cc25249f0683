/* question.c: what the seat to act is asked now, in words. Outside an ability, the phase's
 * question; inside one, the ability's card and its step said from the step's own op and target
 * ("Reefglider: may you return another friendly creature to its owner's hand?", "Burn the
 * Bridges: choose an enemy creature to destroy"). A step the words below cannot say falls back to
 * the card's text. */
#include "games/aember/aember.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A growing phrase. */
typedef struct question_text {
    char *buf;
    size_t cap, len;
} question_text;

static void question_say(question_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void question_say(question_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    carta_buf_vappend(t->buf, t->cap, &t->len, fmt, ap);
    va_end(ap);
}

static const char *question_plural(int n) { return n == 1 ? "" : "s"; }

/* ---- the ability being resolved ---- */

/* The innermost RUN frame (an ability resolving) below the top frame, or NULL. */
static const carta_pending *question_run(const aember_state *st)
{
    for (int i = st->pending.n - 1; i >= 0; i--)
        if (st->pending.frame[i].kind == AEMBER_FR_RUN)
            return &st->pending.frame[i];
    return NULL;
}

/* The step a RUN frame is at (effects.c's frame args: 0 card, 1 ability, 2 step), or NULL. */
static const aember_step *question_step(const carta_rules *rules, const carta_pending *run)
{
    const aember_card_def *def = run ? aember_def(rules, (uint16_t)run->arg[0]) : NULL;
    if (!def || run->arg[1] < 0 || run->arg[1] >= def->n_abilities)
        return NULL;
    const aember_ability *ab = &def->abilities[run->arg[1]];
    return run->arg[2] >= 0 && run->arg[2] < ab->n ? &def->steps[ab->first + run->arg[2]] : NULL;
}

/* The step's N: its amount, or the count the previous step produced ("this way", arg 5). */
static int question_amount(const carta_pending *run, const aember_step *s)
{
    return (s->flags & AEMBER_STEP_THIS_WAY) ? run->arg[5] : s->amount;
}

/* ---- what a step does to a card, as words around it ---- */

/* The verb before the card and the words after it: "deal 3 damage to" X "", "return" X "to its
 * owner's hand". 0 if the op takes no card in play. */
static int question_card_verb(const aember_step *s, int n, question_text *verb, const char **after)
{
    *after = "";
    switch (s->op) {
    case AEMBER_OP_DAMAGE:
        question_say(verb, "deal %d damage to", n);
        if (s->splash > 0)
            *after = "(with splash)";
        return 1;
    case AEMBER_OP_HEAL:
        if (s->flags & AEMBER_STEP_ALL)
            question_say(verb, "fully heal");
        else
            question_say(verb, "heal %d damage from", n);
        return 1;
    case AEMBER_OP_DESTROY: question_say(verb, "destroy"); return 1;
    case AEMBER_OP_SACRIFICE: question_say(verb, "sacrifice"); return 1;
    case AEMBER_OP_STUN: question_say(verb, "stun"); return 1;
    case AEMBER_OP_EXHAUST: question_say(verb, "exhaust"); return 1;
    case AEMBER_OP_READY: question_say(verb, "ready"); return 1;
    case AEMBER_OP_POWER_COUNTERS:
        question_say(verb, "give %d +1 power counter%s to", n, question_plural(n));
        return 1;
    case AEMBER_OP_POWER:
        question_say(verb, "give %+d power to", n);
        *after = "for the turn";
        return 1;
    case AEMBER_OP_CAPTURE: question_say(verb, "capture %d \xc3\x86mber with", n); return 1;
    case AEMBER_OP_RETURN_TO_HAND:
        question_say(verb, "return");
        *after = "to its owner's hand";
        return 1;
    case AEMBER_OP_RETURN_TO_DECK:
        question_say(verb, (s->flags & AEMBER_STEP_SHUFFLE) ? "shuffle" : "put");
        *after = (s->flags & AEMBER_STEP_SHUFFLE) ? "into its owner's deck"
                                                  : "on top of its owner's deck";
        return 1;
    case AEMBER_OP_ARCHIVE: question_say(verb, "archive"); return 1;
    case AEMBER_OP_PURGE: question_say(verb, "purge"); return 1;
    case AEMBER_OP_FIGHT_WITH: question_say(verb, "fight with"); return 1;
    case AEMBER_OP_READY_AND_FIGHT: question_say(verb, "ready and fight with"); return 1;
    case AEMBER_OP_READY_AND_REAP: question_say(verb, "ready and reap with"); return 1;
    case AEMBER_OP_REAP_WITH: question_say(verb, "reap with"); return 1;
    case AEMBER_OP_USE: question_say(verb, "use"); return 1;
    case AEMBER_OP_SWAP:
        question_say(verb, "swap");
        *after = (s->flags & AEMBER_STEP_SWAP_PAIR) ? "with another" : "with this creature";
        return 1;
    case AEMBER_OP_HANDLER:
        if (s->handler == aember_handler_find("damage_equal_power")) {
            question_say(verb, "deal damage equal to this creature's power to");
            return 1;
        }
        return 0;
    default: return 0;
    }
}

/* What a step that takes no card in play does: "draw 2 cards". 0 if there are no such words. */
static int question_player_verb(const aember_step *s, int n, question_text *t)
{
    bool theirs = s->who == AEMBER_WHO_OPPONENT;
    const char *you = theirs ? "make your opponent " : "";
    switch (s->op) {
    case AEMBER_OP_GAIN: question_say(t, "%sgain %d \xc3\x86mber", you, n); return 1;
    case AEMBER_OP_LOSE: question_say(t, "%slose %d \xc3\x86mber", you, n); return 1;
    case AEMBER_OP_STEAL: question_say(t, "steal %d \xc3\x86mber", n); return 1;
    case AEMBER_OP_PAY: question_say(t, "pay your opponent %d \xc3\x86mber", n); return 1;
    case AEMBER_OP_FORGE: question_say(t, "forge a key"); return 1;
    case AEMBER_OP_UNFORGE:
        question_say(t, "%sunforge %d key%s", you, n, question_plural(n));
        return 1;
    case AEMBER_OP_CHAINS:
        question_say(t, "%sgain %d chain%s", you, n, question_plural(n));
        return 1;
    case AEMBER_OP_DRAW: question_say(t, "%sdraw %d card%s", you, n, question_plural(n)); return 1;
    case AEMBER_OP_DISCARD:
        if (s->from == AEMBER_FROM_DECK)
            question_say(t, "%sdiscard the top %d card%s of %s deck", you, n, question_plural(n),
                         theirs ? "their" : "your");
        else
            question_say(t, "%sdiscard %d card%s%s", you, n, question_plural(n),
                         (s->flags & AEMBER_STEP_RANDOM) ? " at random" : "");
        return 1;
    case AEMBER_OP_ARCHIVE:
        question_say(t, "archive %d card%s from your %s", n, question_plural(n),
                     s->from == AEMBER_FROM_DECK ? "deck" : "hand");
        return 1;
    case AEMBER_OP_PURGE:
        question_say(t, "purge a card from %s discard pile", theirs ? "your opponent's" : "your");
        return 1;
    case AEMBER_OP_RETURN_TO_HAND:
        question_say(t, "return a card from your discard pile to your hand");
        return 1;
    case AEMBER_OP_PLAY: question_say(t, "play a card"); return 1;
    case AEMBER_OP_SEARCH: question_say(t, "search your deck"); return 1;
    default: return 0;
    }
}

/* ---- the cards a step may take ---- */

static const char *question_article(const char *word)
{
    return strchr("aeiou", word[0]) && word[0] ? "an" : "a";
}

/* "damaged enemy ashen creature" (plural: "creatures"), "with power 3 or lower" after. */
static void question_noun(const carta_rules *rules, const aember_step *s, bool many,
                          question_text *t)
{
    static const struct {
        uint16_t filter;
        const char *word;
    } adjectives[] = {
        {AEMBER_FILT_DAMAGED, "damaged"},     {AEMBER_FILT_UNDAMAGED, "undamaged"},
        {AEMBER_FILT_EXHAUSTED, "exhausted"}, {AEMBER_FILT_READY, "ready"},
        {AEMBER_FILT_STUNNED, "stunned"},     {AEMBER_FILT_FLANK, "flank"},
        {AEMBER_FILT_NON_FLANK, "non-flank"},
    };
    for (size_t i = 0; i < sizeof adjectives / sizeof adjectives[0]; i++)
        if (s->filters & adjectives[i].filter)
            question_say(t, "%s ", adjectives[i].word);
    if (s->side != AEMBER_SIDE_ANY)
        question_say(t, "%s ", s->side == AEMBER_SIDE_FRIENDLY ? "friendly" : "enemy");
    if (s->house)
        question_say(t, "%s ", aember_house_name(rules, s->house - 1));
    if (s->trait && s->trait - 1 < rules->n_traits)
        question_say(t, "%s ", rules->traits[s->trait - 1]);
    static const char *const types[] = {"action", "artifact", "creature", "upgrade"};
    question_say(t, "%s%s",
                 s->card_type && s->card_type <= 4 ? types[s->card_type - 1]
                 : s->kind == AEMBER_KIND_ARTIFACT ? "artifact"
                 : s->kind == AEMBER_KIND_CARD     ? "card"
                                                   : "creature",
                 many ? "s" : "");
    if (s->filters & AEMBER_FILT_NEIGHBOR)
        question_say(t, " next to this creature");
    if (s->filters & AEMBER_FILT_HAS_AEMBER)
        question_say(t, " with \xc3\x86mber on it");
    if (s->power_max >= 0)
        question_say(t, " with power %d or lower", s->power_max);
    if (s->power_min >= 0)
        question_say(t, " with power %d or higher", s->power_min);
}

/* The cards a step takes, as the object of its verb: "another friendly creature", "each enemy
 * creature", "the least powerful enemy creature", "this creature". */
static void question_object(const carta_rules *rules, const aember_step *s, question_text *t)
{
    char noun[160];
    question_text n = {noun, sizeof noun, 0};
    noun[0] = 0;
    bool many = s->select == AEMBER_SEL_UP_TO || s->select == AEMBER_SEL_EACH_LEAST ||
                s->select == AEMBER_SEL_EACH_MOST ||
                (s->select == AEMBER_SEL_CHOSEN && s->count > 1);
    question_noun(rules, s, many, &n);
    switch (s->select) {
    case AEMBER_SEL_SELF: question_say(t, "this card"); return;
    case AEMBER_SEL_IT: question_say(t, "it"); return;
    case AEMBER_SEL_OPPOSING: question_say(t, "the opposing creature"); return;
    case AEMBER_SEL_EACH: question_say(t, "each %s", noun); return;
    case AEMBER_SEL_RANDOM: question_say(t, "a random %s", noun); return;
    case AEMBER_SEL_LEAST: question_say(t, "the least powerful %s", noun); return;
    case AEMBER_SEL_MOST: question_say(t, "the most powerful %s", noun); return;
    case AEMBER_SEL_EACH_LEAST: question_say(t, "the least powerful %s", noun); return;
    case AEMBER_SEL_EACH_MOST: question_say(t, "the most powerful %s", noun); return;
    case AEMBER_SEL_UP_TO: question_say(t, "up to %d %s", s->count, noun); return;
    default: break;
    }
    if (s->count > 1)
        question_say(t, "%d %s", s->count, noun);
    else if (s->filters & AEMBER_FILT_NOT_SELF)
        question_say(t, "another %s", noun);
    else
        question_say(t, "%s %s", question_article(noun), noun);
}

/* ---- the decisions inside an ability ---- */

/* "may you <what the step does>?" */
static int question_may(const carta_rules *rules, const carta_pending *run, const aember_step *s,
                        question_text *t)
{
    char verb[96];
    question_text v = {verb, sizeof verb, 0};
    const char *after;
    int n = question_amount(run, s);
    if (s->select != AEMBER_SEL_NONE && question_card_verb(s, n, &v, &after)) {
        question_say(t, "may you %s ", verb);
        question_object(rules, s, t);
        question_say(t, "%s%s?", after[0] ? " " : "", after);
        return 1;
    }
    if (s->select == AEMBER_SEL_NONE && question_player_verb(s, n, &v)) {
        question_say(t, "may you %s?", verb);
        return 1;
    }
    return 0;
}

/* "choose an enemy creature to destroy", with how many are left to choose. */
static int question_target(const carta_rules *rules, const carta_pending *run, const aember_step *s,
                           question_text *t)
{
    char verb[96];
    question_text v = {verb, sizeof verb, 0};
    const char *after;
    if (!question_card_verb(s, question_amount(run, s), &v, &after))
        return 0;
    aember_step one = *s;
    one.select = AEMBER_SEL_CHOSEN;
    one.count = 1;
    int done = run->arg[8] & 0xFF; /* effects.c's progress: targets chosen so far */
    int want = s->count ? s->count : 1;
    if (s->op == AEMBER_OP_SWAP && (s->flags & AEMBER_STEP_SWAP_PAIR))
        want = 2;
    question_say(t, "choose ");
    if (s->select == AEMBER_SEL_LEAST || s->select == AEMBER_SEL_MOST) {
        question_say(t, "one of the %s powerful ",
                     s->select == AEMBER_SEL_LEAST ? "least" : "most");
        question_noun(rules, s, true, t);
    } else {
        question_object(rules, &one, t);
    }
    question_say(t, " to %s%s%s", verb, after[0] ? " " : "", after);
    if (s->select == AEMBER_SEL_UP_TO)
        question_say(t, " (up to %d; %d chosen; done to stop)", want, done);
    else if (want > 1)
        question_say(t, " (%d of %d)", done + 1, want);
    return 1;
}

/* "choose a card from your hand to discard". */
static void question_card(const carta_rules *rules, const carta_pending *top, const aember_step *s,
                          question_text *t)
{
    static const char *const zones[] = {"play", "hand", "deck", "discard pile"};
    int zone = top->arg[0] >= AEMBER_FROM_HAND && top->arg[0] <= AEMBER_FROM_DISCARD
                   ? top->arg[0]
                   : AEMBER_FROM_HAND;
    const char *whose = top->arg[1] == top->seat ? "your" : "your opponent's";
    if (s && s->op == AEMBER_OP_SEARCH) {
        aember_step any = *s;
        any.kind = AEMBER_KIND_CARD;
        question_say(t, "search %s %s: choose ", whose, zones[zone]);
        question_object(rules, &any, t);
        question_say(t, " to put into your %s, or done",
                     (s->flags & AEMBER_STEP_TO_ARCHIVES) ? "archives" : "hand");
        return;
    }
    const char *to = !s                                  ? "choose"
                     : s->op == AEMBER_OP_DISCARD        ? "discard"
                     : s->op == AEMBER_OP_ARCHIVE        ? "archive"
                     : s->op == AEMBER_OP_PURGE          ? "purge"
                     : s->op == AEMBER_OP_PLAY           ? "play"
                     : s->op == AEMBER_OP_RETURN_TO_HAND ? "return to your hand"
                                                         : "choose";
    question_say(t, "choose a card from %s %s to %s", whose, zones[zone], to);
}

/* "play X" (the card an effect put in hand to be played), or "choose a card to play". */
static void question_play(const carta_rules *rules, const aember_state *st,
                          const carta_pending *top, question_text *t)
{
    const aember_zone *hand = &st->seat[top->seat].hand;
    const aember_card_def *d = top->arg[0] >= 0 && top->arg[0] < hand->n
                                   ? aember_def(rules, hand->cards[top->arg[0]])
                                   : NULL;
    if (d)
        question_say(t, "play %s", d->name);
    else
        question_say(t, "choose a card to play, or done");
}

/* A decision inside an ability: "Card: ..." in the step's words, else with the card's text. */
static void question_in_ability(const carta_rules *rules, const aember_state *st,
                                const carta_pending *top, question_text *t)
{
    const carta_pending *run = question_run(st);
    const aember_card_def *d = run ? aember_def(rules, (uint16_t)run->arg[0]) : NULL;
    const aember_step *s = question_step(rules, run);
    if (!d) {
        question_say(t, "%s", top->kind == AEMBER_FR_MAY ? "do you?" : "choose");
        return;
    }
    question_say(t, "%s: ", d->name);
    size_t mark = t->len;
    int said = 0;
    switch (top->kind) {
    case AEMBER_FR_MAY: said = s && question_may(rules, run, s, t); break;
    case AEMBER_FR_TARGET: said = s && question_target(rules, run, s, t); break;
    case AEMBER_FR_CARD: question_card(rules, top, s, t), said = 1; break;
    case AEMBER_FR_PLAY: question_play(rules, st, top, t), said = 1; break;
    default: break;
    }
    if (said)
        return;
    t->len = mark; /* words failed: the card's text and a plain question */
    t->buf[mark] = 0;
    question_say(t, "%s (%s)", top->kind == AEMBER_FR_MAY ? "do you?" : "choose a target", d->text);
}

/* How the card of a "use" decision may be used. */
static void question_use(const carta_rules *rules, const aember_state *st, const carta_pending *top,
                         question_text *t)
{
    const aember_card_in_play *c = aember_find_uid_c(st, (uint16_t)top->arg[0], NULL, NULL, NULL);
    const aember_card_def *d = c ? aember_def(rules, c->card) : NULL;
    const char *name = d ? d->name : "it";
    if (top->arg[1] == 2)
        question_say(t, "Fight with %s: choose an enemy creature to fight, or done.", name);
    else if (top->arg[1] == 1)
        question_say(t, "Reap with %s, or done?", name);
    else
        question_say(t, "How do you use %s: fight, reap or its Action (or done)?", name);
}

/* The question of a phase, when no ability is resolving. */
static void question_phase(const carta_rules *rules, const aember_state *st, question_text *t)
{
    switch (st->phase) {
    case AEMBER_PHASE_MULLIGAN:
        question_say(t, "Keep your opening hand, or mulligan (shuffle it into your deck and "
                        "draw one card fewer)?");
        return;
    case AEMBER_PHASE_HOUSE: question_say(t, "Choose a house for this turn."); return;
    case AEMBER_PHASE_ARCHIVES:
        question_say(t, "Take the cards in your archives into your hand?");
        return;
    case AEMBER_PHASE_MAIN:
        question_say(t, "Play, discard or use cards of house %s, or end your turn.",
                     aember_house_name(rules, st->active_house));
        return;
    default: return;
    }
}

void aember_question(const carta_rules *rules, const aember_state *st, char *buf, size_t cap)
{
    question_text t = {buf, cap, 0};
    buf[0] = 0;
    const carta_pending *top = carta_pending_peek(&st->pending);
    switch (top ? top->kind : 0) {
    case AEMBER_FR_TARGET:
    case AEMBER_FR_MAY:
    case AEMBER_FR_CARD:
    case AEMBER_FR_PLAY: question_in_ability(rules, st, top, &t); return;
    case AEMBER_FR_FLANK:
        question_say(&t, "On which flank of your battle line does the creature enter play?");
        return;
    case AEMBER_FR_USE: question_use(rules, st, top, &t); return;
    case AEMBER_FR_ORDER:
        question_say(&t, "Before the fight: which resolves next, assault, hazardous or the "
                         "Before Fight: abilities?");
        return;
    default: question_phase(rules, st, &t); return;
    }
}
