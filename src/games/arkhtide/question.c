/* question.c: what the seat to act is asked now, in the rulebook's words: which decision, for
 * which card or effect, about what ("Test Bolt: deal 3 Damage to which enemy Unit or Seeker
 * (Close or Nearby)?"). Written from an observation, so it names only what the viewer sees. */
#include "games/arkhtide/arkhtide.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* An appending writer over a caller's buffer (text past its end is cut). */
typedef struct question_out {
    char *buf;
    size_t cap, len;
} question_out;

static void say(question_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void say(question_out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    carta_buf_vappend(o->buf, o->cap, &o->len, fmt, ap);
    va_end(ap);
}

static const char *question_card(const carta_rules *rules, int card)
{
    const ark_card_def *d = card >= 0 && card < (int)ARK_NO_CARD ? ark_def(rules, card) : NULL;
    return d ? d->name : "a hidden card";
}

/* The name of the piece with uid, or "a Unit" if it has left play. */
static const char *question_piece(const carta_rules *rules, const ark_state *st, int uid)
{
    int pi = ark_find_uid(st, (uint16_t)uid);
    return pi >= 0 ? question_card(rules, st->pieces[pi].card) : "a Unit";
}

static const char *question_s(int n) { return n == 1 ? "" : "s"; }

/* ---- what an effect step does ---- */

/* Whom a targeted step may choose, as the object of its verb: "which enemy Unit (Close)" (which),
 * "an enemy Unit (Close)", "every enemy Unit", "itself", "that Unit or Seeker". */
static void question_object(const ark_step *s, bool which, question_out *o)
{
    static const char *const sides[] = {"enemy ", "friendly ", ""};
    static const char *const kinds[] = {"Unit or Seeker", "Unit", "Seeker"};
    static const char *const ranges[] = {" (Close or Nearby)", " (Close)", " (Nearby)"};
    if (s->tflags & ARK_TG_SELF) {
        say(o, "itself");
        return;
    }
    if (s->tflags & ARK_TG_IT) {
        say(o, "the Unit or Seeker it reacts to");
        return;
    }
    char desc[64];
    snprintf(desc, sizeof desc, "%s%s%s", (s->tflags & ARK_TG_WOUNDED) ? "Wounded " : "",
             sides[s->side <= ARK_SIDE_ANY ? s->side : ARK_SIDE_ANY],
             kinds[s->kind <= ARK_KIND_SEEKER ? s->kind : ARK_KIND_ANY]);
    if (s->tflags & ARK_TG_ALL)
        say(o, "every %s", desc);
    else if (which)
        say(o, "which %s", desc);
    else
        say(o, "%s %s", strchr("aeiouAEIOU", desc[0]) ? "an" : "a", desc);
    if (s->tflags & ARK_TG_NOT_SELF)
        say(o, " other than itself");
    say(o, "%s", ranges[s->range <= ARK_RANGE_NEARBY ? s->range : ARK_RANGE_REACH]);
}

/* A step that takes no target: "draw 2 cards", "steal 1 Willpower from an opponent". */
static void question_player_verb(const carta_rules *rules, const ark_step *s, question_out *o)
{
    int n = s->amount;
    switch (s->op) {
    case ARK_OP_DRAW: say(o, "draw %d card%s", n, question_s(n)); return;
    case ARK_OP_DISCARD: say(o, "discard %d card%s", n, question_s(n)); return;
    case ARK_OP_SEEK:
        say(o, "Seek %d for %d card%s", n, s->amount2, question_s(s->amount2));
        return;
    case ARK_OP_REFRESH: say(o, "refresh %d Arkh\xc3\xa9", n); return;
    case ARK_OP_WILLPOWER: say(o, "gain %d Willpower", n); return;
    case ARK_OP_DRAIN:
        say(o, "make %s lose %d Willpower",
            (s->flags & ARK_ST_CHOSEN)     ? "an opponent"
            : (s->flags & ARK_ST_EVERYONE) ? "every player"
                                           : "every opponent",
            n);
        return;
    case ARK_OP_STEAL: say(o, "steal %d Willpower from an opponent", n); return;
    case ARK_OP_HALVE: say(o, "halve the Damage being dealt"); return;
    case ARK_OP_MANIFEST: say(o, "Manifest %s", question_card(rules, s->ref)); return;
    default: say(o, "resolve its effect"); return;
    }
}

/* What a targeted step does, with its object (from question_object). */
static void question_target_verb(const carta_rules *rules, const ark_step *s, const char *obj,
                                 question_out *o)
{
    static const char *const stats[] = {"Soul", "Melee", "Ranged", "Health"};
    int n = s->amount;
    switch (s->op) {
    case ARK_OP_DAMAGE: say(o, "deal %d Damage to %s", n, obj); return;
    case ARK_OP_MELEE_ATTACK: say(o, "make a Melee Attack on %s", obj); return;
    case ARK_OP_RANGED_ATTACK: say(o, "make a Ranged Attack on %s", obj); return;
    case ARK_OP_HEAL: say(o, "heal %d Wound%s of %s", n, question_s(n), obj); return;
    case ARK_OP_BLOCK: say(o, "give %d Block to %s", n, obj); return;
    case ARK_OP_BUFF:
        say(o, "give");
        for (int k = 0, first = 1; k < 4; k++)
            if (s->buff[k]) {
                say(o, "%s %+d %s", first ? "" : ",", s->buff[k], stats[k]);
                first = 0;
            }
        say(o, " (this Round) to %s", obj);
        return;
    case ARK_OP_KEYWORD: {
        static const char *const keywords[] = {"Lethal",      "Evasion",   "Stealth",
                                               "Cheat Death", "Collector", "Severed"};
        int k = s->ref ? __builtin_ctz(s->ref) : 99;
        say(o, "give %s (this Round) to %s", k < 6 ? keywords[k] : "a keyword", obj);
        return;
    }
    case ARK_OP_EXHAUST: say(o, "Exhaust %s", obj); return;
    case ARK_OP_READY: say(o, "Ready %s", obj); return;
    case ARK_OP_UNLOCK: say(o, "Unlock the abilities of %s", obj); return;
    case ARK_OP_MOVE: say(o, "move %s to a Nearby Realm", obj); return;
    case ARK_OP_TO_SAFE: say(o, "send %s into its Safe Zone", obj); return;
    case ARK_OP_REVERSE:
        say(o, "Reverse %s (to its owner's hand, refreshing its cost)", obj);
        return;
    case ARK_OP_KILL: say(o, "kill %s", obj); return;
    case ARK_OP_UNBIND: say(o, "remove the Bindings of %s", obj); return;
    case ARK_OP_STATUS: say(o, "attach %s to %s", question_card(rules, s->ref), obj); return;
    case ARK_OP_MANIFEST: say(o, "bind %s to %s", question_card(rules, s->ref), obj); return;
    default: say(o, "target %s", obj); return;
    }
}

/* What step s does, its target told as question_object says. */
static void question_step(const carta_rules *rules, const ark_step *s, bool which,
                          question_out *o)
{
    if (s->tflags & ARK_TG_NONE) {
        question_player_verb(rules, s, o);
        return;
    }
    char obj[96];
    question_out ob = {obj, sizeof obj, 0};
    obj[0] = '\0';
    question_object(s, which, &ob);
    question_target_verb(rules, s, obj, o);
}

/* The RUN frame an effect decision on top of the stack belongs to (just below it), or NULL. */
static const carta_pending *question_run(const ark_state *st)
{
    if (st->pending.n < 2)
        return NULL;
    const carta_pending *run = &st->pending.frame[st->pending.n - 2];
    return run->kind == ARK_FR_RUN ? run : NULL;
}

/* The step of the RUN frame run now resolving, or NULL. */
static const ark_step *question_run_step(const carta_rules *rules, const carta_pending *run)
{
    const ark_card_def *d = run ? ark_def(rules, run->arg[0]) : NULL;
    if (!d || run->arg[1] < 0 || run->arg[1] >= d->n_abilities)
        return NULL;
    const ark_ability *ab = &d->abilities[run->arg[1]];
    return run->arg[2] < ab->n ? &d->steps[ab->first + run->arg[2]] : NULL;
}

/* The card of the innermost ability resolving, or NULL. */
static const ark_card_def *question_resolving(const carta_rules *rules, const ark_state *st)
{
    for (int i = st->pending.n - 1; i >= 0; i--)
        if (st->pending.frame[i].kind == ARK_FR_RUN || st->pending.frame[i].kind == ARK_FR_TALENT)
            return ark_def(rules, (uint16_t)st->pending.frame[i].arg[0]);
    return NULL;
}

/* ---- the decisions of effects ---- */

static void question_target(const carta_rules *rules, const ark_state *st, const char *card,
                            question_out *o)
{
    const ark_step *s = question_run_step(rules, question_run(st));
    say(o, "%s: ", card);
    if (s)
        question_step(rules, s, true, o);
    else
        say(o, "choose a target for its effect");
    say(o, "?");
}

static void question_may(const carta_rules *rules, const ark_state *st, const char *card,
                         question_out *o)
{
    const ark_step *s = question_run_step(rules, question_run(st));
    say(o, "%s, optional effect: ", card);
    if (s)
        question_step(rules, s, false, o);
    else
        say(o, "use it");
    say(o, "? (yes or no)");
}

static void question_talent(const carta_rules *rules, const ark_state *st,
                            const carta_pending *f, question_out *o)
{
    const ark_card_def *d = ark_def(rules, f->arg[0]);
    const ark_ability *ab = d && f->arg[1] < d->n_abilities ? &d->abilities[f->arg[1]] : NULL;
    say(o, "%s: use its Talent, performed by %s", d ? d->name : "The Feat",
        question_piece(rules, st, f->arg[3]));
    for (int i = 0; ab && i < ab->n; i++) {
        say(o, i ? ", then " : ": ");
        question_step(rules, &d->steps[ab->first + i], false, o);
    }
    say(o, "?");
    if (!ab || !(ab->cost_arkhe || ab->cost_willpower || ab->cost_discard))
        return;
    say(o, " It costs");
    const char *sep = " ";
    if (ab->cost_arkhe) {
        say(o, "%s%d Arkh\xc3\xa9", sep, ab->cost_arkhe);
        sep = ", ";
    }
    if (ab->cost_willpower) {
        say(o, "%s%d Willpower", sep, ab->cost_willpower);
        sep = ", ";
    }
    if (ab->cost_discard)
        say(o, "%sdiscarding %d card%s", sep, ab->cost_discard, question_s(ab->cost_discard));
    say(o, ".");
}

static void question_seek(const carta_pending *f, const char *card, question_out *o)
{
    if (f->arg[1])
        say(o, "%s, Seek: which card goes on the bottom of your Main Deck next (each under the "
               "ones before)?", card);
    else
        say(o, "%s, Seek: which card you look at do you draw (%d more to draw; the rest go on "
               "the bottom of your Main Deck)?", card, f->arg[0]);
}

static void question_opponent(const carta_pending *f, const char *card, question_out *o)
{
    if (f->arg[0] == ARK_OP_STEAL)
        say(o, "%s: steal %d Willpower from which opponent?", card, f->arg[1]);
    else
        say(o, "%s: which opponent loses %d Willpower?", card, f->arg[1]);
}

/* ---- damage ---- */

/* "4 Damage to Test Grunt from Test Brute" */
static void question_instance(const carta_rules *rules, const ark_state *st,
                              const carta_pending *f, question_out *o)
{
    say(o, "%d Damage to %s", f->arg[ARK_D_AMOUNT],
        question_piece(rules, st, f->arg[ARK_D_TARGET]));
    if (f->arg[ARK_D_SOURCE])
        say(o, " from %s", question_piece(rules, st, f->arg[ARK_D_SOURCE]));
}

static void question_damage(const carta_rules *rules, const ark_state *st, const carta_pending *f,
                            question_out *o)
{
    int ti = ark_find_uid(st, (uint16_t)f->arg[ARK_D_TARGET]);
    const char *target = question_piece(rules, st, f->arg[ARK_D_TARGET]);
    switch (f->arg[ARK_D_STEP]) {
    case ARK_DS_AMPLIFY:
        question_instance(rules, st, f, o);
        say(o, ": Amplify it (discard a card from your hand: +1 Damage, once per instance), or "
               "pass?");
        return;
    case ARK_DS_DEALT_REACT:
        question_instance(rules, st, f, o);
        say(o, " is dealt: use a Reaction it triggers, or pass?");
        return;
    case ARK_DS_WOUND_REACT:
        say(o, "%s suffered %d Wound%s", target, f->arg[ARK_D_REAPING],
            question_s(f->arg[ARK_D_REAPING]));
        if (f->arg[ARK_D_SOURCE])
            say(o, " from %s", question_piece(rules, st, f->arg[ARK_D_SOURCE]));
        say(o, ": use a Reaction it triggers, or pass?");
        return;
    case ARK_DS_SHIELD:
        question_instance(rules, st, f, o);
        say(o, " (Block %d so far): Shield it with a Feat or Binding from your hand (pay its "
               "Arkh\xc3\xa9 cost, add its Block), or let the Damage through?",
            ti >= 0 ? ark_block_against(&st->pieces[ti], f->arg[ARK_D_KIND]) : 0);
        return;
    case ARK_DS_DONE:
        say(o, "%s would die: Cheat Death (Exhaust it to remain alive on 1 Health)?", target);
        return;
    default:
        question_instance(rules, st, f, o);
        say(o, ".");
        return;
    }
}

/* ---- the phases ---- */

static void question_phase(const carta_rules *rules, const ark_state *st, question_out *o)
{
    const ark_seat *se = &st->seat[st->active >= 0 ? st->active : 0];
    switch (st->phase) {
    case ARK_PHASE_RESOURCE:
        if (!(se->flags & ARK_S_DISCARDED))
            say(o, "Resource Phase: discard cards left in your hand from the last Round (then "
                   "draw up to %d), or done?", ARK_HAND_SIZE);
        else
            say(o, "Resource Phase, Mulligan: put up to %d more card%s on the bottom of your "
                   "Main Deck (you draw as many), or done?",
                se->mulligan_left, question_s(se->mulligan_left));
        return;
    case ARK_PHASE_REALM:
        if (se->pick == ARK_NO_CARD)
            say(o, "Realm Phase: which of the top %d cards of your Realm Deck do you place face "
                   "down (and which side of its abilities do you take)?", se->look.n);
        else
            say(o, "Realm Phase: return %s to the top or the bottom of your Realm Deck?",
                se->look.n ? question_card(rules, se->look.cards[0]) : "the card");
        return;
    case ARK_PHASE_INITIATIVE:
        say(o, "Initiative: your Realm has the highest Initiative (or won the tie): who acts "
               "first in the Preparation Phase?");
        return;
    case ARK_PHASE_PREPARATION:
        say(o, "Preparation Phase, your Turn: play a Unit, move a Unit or your Seeker from the "
               "Safe Zone, play a Binding, or be Prepared (your Seeker must be on a Realm)?");
        return;
    case ARK_PHASE_COMBAT:
        if (st->turn_flags & ARK_T_MAJOR)
            say(o, "Combat Phase, your Turn (Major Action taken): a Minor Action, or end the "
                   "Turn?");
        else
            say(o, "Combat Phase, your Turn: a Major Action (an Act, invoking a Unit or Binding, "
                   "a Slow Ability) and any Minor Actions, or %s?",
                (st->turn_flags & ARK_T_ACTED) ? "end the Turn" : "pass");
        return;
    case ARK_PHASE_HARVEST:
        say(o, "Harvest Phase: which Realm is evaluated next (the highest total Soul harvests "
               "it; a tie removes it)?");
        return;
    case ARK_PHASE_REGROUP:
        say(o, "Regroup Phase, your Turn: invoke a Unit into your Safe Zone, play a Binding on a "
               "Unit there, or pass?");
        return;
    default:
        return;
    }
}

void ark_question(const carta_rules *rules, const ark_state *st, char *buf, size_t cap)
{
    question_out o = {buf, cap, 0};
    buf[0] = '\0';
    const carta_pending *top = carta_pending_peek(&st->pending);
    const ark_card_def *d = question_resolving(rules, st);
    const char *card = d ? d->name : "The ability";
    switch (top ? top->kind : 0) {
    case ARK_FR_TARGET: question_target(rules, st, card, &o); return;
    case ARK_FR_MAY: question_may(rules, st, card, &o); return;
    case ARK_FR_DEST:
        say(&o, "%s: move %s to which Nearby Realm?", card, question_piece(rules, st, top->arg[0]));
        return;
    case ARK_FR_CARD:
        say(&o, "%s: discard which card from your hand (%d to discard)?", card, top->arg[0]);
        return;
    case ARK_FR_SEEK: question_seek(top, card, &o); return;
    case ARK_FR_OPPONENT: question_opponent(top, card, &o); return;
    case ARK_FR_TALENT: question_talent(rules, st, top, &o); return;
    case ARK_FR_QUEUE:
        say(&o, "%d Damage instances wait: which resolves next (each in full, in the order you "
                "choose)?", st->n_queue);
        return;
    case ARK_FR_DAMAGE: question_damage(rules, st, top, &o); return;
    case ARK_FR_CHEAT_DEATH:
        say(&o, "%s would die: Cheat Death (Exhaust it to remain alive on 1 Health)?",
            question_piece(rules, st, top->arg[0]));
        return;
    default: question_phase(rules, st, &o); return;
    }
}
