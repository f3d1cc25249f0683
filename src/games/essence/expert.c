/* expert.c: a scripted Essence player (the "expert" AI kind; docs/ai.md, "Expert players"), from
 * how good players of such race games play: know which Runes the Carta Essentia still lacks and
 * explore the realm that holds most of them (the Forest when the Minions in hand are too weak
 * for the deeper realms), never give up a Rune the Carta needs (pay spells and discard with the
 * cards worth least to it), spend Minions only where they turn a combat (just enough to win it,
 * or to make an opponent lose theirs), use the Avatar's ability where it helps, and complete the
 * Carta the moment it can. It reads only the seat's observation (rulebook essence.txt). */
#include "games/essence/essence.h"

#include "core/rng.h"

#define EX_NEEDED_PRIMARY 10.0 /* the only card in hand of a primary Rune the Carta needs */
#define EX_NEEDED_SECONDARY 8.0
#define EX_UNICORN 9.0         /* Unicorn Blood: stands for any Rune */
#define EX_SPARE_RUNE 1.5      /* a second copy of a Rune already held */
#define EX_OTHER 0.5           /* an Essence the Carta does not need: payment */
#define EX_MINION 1.0          /* a Monster in hand, plus EX_MINION_SUPPORT per Support */
#define EX_MINION_SUPPORT 0.5
#define EX_TIE 1e-9

/* What a seat's Carta Essentia still lacks, from its hand. */
typedef struct ex_need {
    const ess_card *goal; /* NULL: the Carta is not known */
    int primary[ESS_REALMS], secondary[ESS_REALMS]; /* copies held */
    int unicorns, support;                           /* Unicorn Blood; Minions' Support */
} ex_need;

typedef struct ex_ctx {
    const carta_rules *r;
    const ess_state *st;
    int seat;
    ex_need need;
    carta_rng rng;
} ex_ctx;

static void ex_need_of(const carta_rules *r, const ess_state *st, int seat, ex_need *out)
{
    *out = (ex_need){0};
    const ess_seat *s = &st->seat[seat];
    if (s->carta.n && s->carta.cards[0] != ESS_UNKNOWN)
        out->goal = ess_card_of(r, s->carta.cards[0]);
    for (int i = 0; i < s->hand.n; i++) {
        const ess_card *c = ess_card_of(r, s->hand.cards[i]);
        if (c->kind == ESS_K_UNICORN)
            out->unicorns++;
        else if (c->kind == ESS_K_MONSTER)
            out->support += c->support;
        else if (c->kind == ESS_K_ESSENCE && out->goal && c->realm < ESS_REALMS) {
            out->primary[c->realm] += c->rune == out->goal->primary[c->realm];
            out->secondary[c->realm] += c->rune == out->goal->secondary[c->realm][0] ||
                                        c->rune == out->goal->secondary[c->realm][1];
        }
    }
}

/* Runes of the Carta realm still lacks (0 to 2). */
static int ex_missing(const ex_need *n, int realm)
{
    return (n->primary[realm] == 0) + (n->secondary[realm] == 0);
}

/* What card is worth to the seat: a Rune its Carta needs and holds no other copy of most. */
static double ex_value(const ex_ctx *x, int card)
{
    const ess_card *c = ess_card_of(x->r, card);
    const ex_need *n = &x->need;
    if (c->kind == ESS_K_UNICORN)
        return EX_UNICORN;
    if (c->kind == ESS_K_MONSTER)
        return EX_MINION + EX_MINION_SUPPORT * c->support;
    if (c->kind != ESS_K_ESSENCE || !n->goal || c->realm >= ESS_REALMS)
        return EX_OTHER;
    int realm = c->realm;
    if (c->rune == n->goal->primary[realm])
        return n->primary[realm] <= 1 ? EX_NEEDED_PRIMARY : EX_SPARE_RUNE;
    if (c->rune == n->goal->secondary[realm][0] || c->rune == n->goal->secondary[realm][1])
        return n->secondary[realm] <= 1 ? EX_NEEDED_SECONDARY : EX_SPARE_RUNE;
    return EX_OTHER;
}

/* The index of the legal action of kind with the lowest (sign 1) or highest (sign -1) value of
 * its card; -1 if there is none of that kind. */
static int ex_by_value(ex_ctx *x, const carta_action *legal, int n, int kind, double sign)
{
    double score[CARTA_MAX_ACTIONS];
    int any = 0;
    for (int i = 0; i < n; i++) {
        score[i] = -1e9;
        if (ESS_KIND(legal[i]) == kind) {
            score[i] = -sign * ex_value(x, ESS_ARG(legal[i]));
            any = 1;
        }
    }
    return any ? carta_rng_argmax(&x->rng, score, n, EX_TIE) : -1;
}

static int ex_find(const carta_action *legal, int n, carta_action a)
{
    for (int i = 0; i < n; i++)
        if (legal[i] == a)
            return i;
    return -1;
}

/* The first legal action of kind whose spell (cast) or Avatar ability does effect; -1 if none. */
static int ex_cast_of(const ex_ctx *x, const carta_action *legal, int n, int effect)
{
    for (int i = 0; i < n; i++)
        if (ESS_KIND(legal[i]) == ESS_A_CAST &&
            ess_card_of(x->r, x->st->aether[ESS_ARG(legal[i])])->effect == effect)
            return i;
    return -1;
}

static int ex_ability_does(const ex_ctx *x, const carta_action *legal, int n, int effect)
{
    const ess_card *avatar = ess_card_of(x->r, x->st->seat[x->seat].avatar);
    int i = ex_find(legal, n, ESS_ACT(ESS_A_ABILITY, 0));
    return i >= 0 && avatar->act_effect == effect ? i : -1;
}

/* How much a Monster of realm asks of the Minions in hand beyond an average Fate (III or IV). */
static double ex_danger(const ex_ctx *x, int realm)
{
    static const double typical_willpower[ESS_REALMS] = {3.5, 8.5, 14.0};
    double short_by = typical_willpower[realm] - 3.5 - x->need.support;
    return short_by > 0 ? short_by : 0.0;
}

/* The realm to explore or draw from: most Runes still lacking, less its danger. */
static int ex_realm(ex_ctx *x, const carta_action *legal, int n, int kind, double danger_share)
{
    double score[CARTA_MAX_ACTIONS];
    for (int i = 0; i < n; i++) {
        int realm = ESS_ARG(legal[i]);
        score[i] = -1e9;
        if (ESS_KIND(legal[i]) == kind && realm < ESS_REALMS)
            score[i] = 3.0 * ex_missing(&x->need, realm) - danger_share * ex_danger(x, realm) -
                       0.1 * realm; /* the Forest first when all is even */
    }
    return carta_rng_argmax(&x->rng, score, n, EX_TIE);
}

/* The Attack Strength a Minion adds: its Support, doubled when it matches the Combat Fate. */
static int ex_support(const ex_ctx *x, int card)
{
    const ess_combat *c = &x->st->combat;
    int s = ess_card_of(x->r, card)->support;
    int fate = c->fate == ESS_NONE ? -1 : ess_card_of(x->r, c->fate)->number;
    return s == fate ? 2 * s : s;
}

/* The legal Minion (support or interference) that closes gap at the least value, or, if none
 * does alone, the strongest (when all of them together would); -1: none worth playing. */
static int ex_minion(ex_ctx *x, const carta_action *legal, int n, int gap, int interfering)
{
    int best = -1, strongest = -1, strongest_v = 0, total = 0;
    double best_value = 1e9;
    for (int i = 0; i < n; i++) {
        if (ESS_KIND(legal[i]) != ESS_A_MINION)
            continue;
        int card = ESS_ARG(legal[i]);
        int v = interfering ? ess_card_of(x->r, card)->interference +
                                  ess_passive(x->r, x->st, x->seat, ESS_PA_INTERFERENCE)
                            : ex_support(x, card);
        total += v;
        if (v >= gap && ex_value(x, card) < best_value) {
            best = i;
            best_value = ex_value(x, card);
        }
        if (v > strongest_v) {
            strongest = i;
            strongest_v = v;
        }
    }
    if (best >= 0)
        return best;
    return !interfering && total >= gap ? strongest : -1;
}

/* The active player's combat: nothing spent while winning; else the ability, then a Minion,
 * then a spell that adds Attack Strength, if that can turn it. */
static int ex_combat(ex_ctx *x, const carta_action *legal, int n)
{
    int gap = ess_monster_willpower(x->r, x->st) - ess_attack_strength(x->r, x->st);
    int pass = ex_find(legal, n, ESS_ACT(ESS_A_PASS, 0));
    if (gap <= 0)
        return pass;
    int i = ex_ability_does(x, legal, n, ESS_AB_ATTACK_FATE);
    if (i < 0)
        i = ex_minion(x, legal, n, gap, 0);
    if (i < 0)
        i = ex_cast_of(x, legal, n, ESS_SP_FURY);
    if (i < 0)
        i = ex_cast_of(x, legal, n, ESS_SP_EMPOWER);
    return i >= 0 ? i : pass;
}

/* An opponent's response: make a combat the active player would win a lost one. */
static int ex_respond(ex_ctx *x, const carta_action *legal, int n)
{
    int pass = ex_find(legal, n, ESS_ACT(ESS_A_PASS, 0));
    if (x->st->respond_phase != ESS_WHEN_COMBAT)
        return pass;
    int lead = ess_attack_strength(x->r, x->st) - ess_monster_willpower(x->r, x->st);
    if (lead < 0)
        return pass;
    int i = ex_minion(x, legal, n, lead + 1, 1);
    if (i < 0)
        i = ex_ability_does(x, legal, n, ESS_AB_WILLPOWER_FATE);
    if (i < 0)
        i = ex_cast_of(x, legal, n, ESS_SP_DREAD);
    if (i < 0)
        i = ex_cast_of(x, legal, n, ESS_SP_MUTINY);
    return i >= 0 ? i : pass;
}

/* A spell from the Graveyard worth casting: Restoration when it holds a Rune the Carta needs. */
static int ex_restore(ex_ctx *x, const carta_action *legal, int n)
{
    int i = ex_cast_of(x, legal, n, ESS_SP_RESTORATION);
    if (i < 0)
        return -1;
    for (int g = 0; g < x->st->grave.n; g++)
        if (ex_value(x, x->st->grave.cards[g]) >= EX_NEEDED_SECONDARY)
            return i;
    return -1;
}

/* The active player's step outside combat. */
static int ex_active(ex_ctx *x, const carta_action *legal, int n)
{
    const ess_state *st = x->st;
    int i;
    switch (st->phase) {
    case ESS_PHASE_PREPARE:
        if ((i = ex_ability_does(x, legal, n, ESS_AB_EXPLORE)) >= 0 ||
            (i = ex_ability_does(x, legal, n, ESS_AB_DRAW_FOREST)) >= 0)
            return i;
        if (ex_find(legal, n, ESS_ACT(ESS_A_EXPLORE, ESS_FOREST)) < 0 &&
            ex_find(legal, n, ESS_ACT(ESS_A_EXPLORE, ESS_MINES)) < 0 &&
            ex_find(legal, n, ESS_ACT(ESS_A_EXPLORE, ESS_UNDERWORLD)) < 0)
            return ex_find(legal, n, ESS_ACT(ESS_A_STOP, 0));
        return ex_realm(x, legal, n, ESS_A_EXPLORE, 1.0);
    case ESS_PHASE_EXPLORE: return ex_find(legal, n, ESS_ACT(ESS_A_CONTINUE, 0));
    case ESS_PHASE_COMBAT: return ex_combat(x, legal, n);
    default:
        if ((i = ex_ability_does(x, legal, n, ESS_AB_DRAW_STACK)) >= 0 ||
            (i = ex_ability_does(x, legal, n, ESS_AB_DRAW_FOREST)) >= 0 ||
            (i = ex_restore(x, legal, n)) >= 0)
            return i;
        return ex_find(legal, n, ESS_ACT(ESS_A_PASS, 0));
    }
}

/* A realm stack chosen for a spell or an ability: the weakest Monsters to fight oneself, the
 * strongest for an opponent to fight, the most Runes lacking to draw from. */
static int ex_stack(ex_ctx *x, const carta_action *legal, int n)
{
    const carta_pending *f = carta_pending_peek(&x->st->pending);
    int why = f && f->kind == ESS_FR_STACK ? f->arg[0] : ESS_FOR_DRAW;
    int fights_self = why == ESS_FOR_SUMMONING || x->st->active == x->seat;
    if (why == ESS_FOR_DRAW)
        return ex_realm(x, legal, n, ESS_A_STACK, 0.0);
    return fights_self ? 0 : n - 1; /* the stacks are offered Forest first */
}

/* A decision inside a step (a payment, a bonus, a discard...); -1 if legal is not one. */
static int ex_frame(ex_ctx *x, const carta_action *legal, int n)
{
    switch (ESS_KIND(legal[0])) {
    case ESS_A_PICK: return (int)carta_rng_below(&x->rng, (uint32_t)n);
    case ESS_A_PAY: return ex_by_value(x, legal, n, ESS_A_PAY, 1.0);
    case ESS_A_DISCARD: return ex_by_value(x, legal, n, ESS_A_DISCARD, 1.0);
    case ESS_A_TAKE: return ex_by_value(x, legal, n, ESS_A_TAKE, -1.0);
    case ESS_A_BONUS: return ex_find(legal, n, ESS_ACT(ESS_A_BONUS, 1));
    case ESS_A_KEEP: return ex_find(legal, n, ESS_ACT(ESS_A_KEEP, 1));
    case ESS_A_RETRY: return ex_find(legal, n, ESS_ACT(ESS_A_RETRY, 1));
    case ESS_A_ORDER: return 0;
    case ESS_A_STACK: return ex_stack(x, legal, n);
    default: return -1;
    }
}

int ess_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
               int n_legal, void *scratch, uint64_t seed)
{
    (void)scratch;
    ex_ctx x = {.r = rules, .st = obs, .seat = seat};
    carta_rng_seed(&x.rng, seed);
    ex_need_of(rules, x.st, seat, &x.need);
    int i = ex_frame(&x, legal, n_legal);
    if (i < 0)
        i = ex_find(legal, n_legal, ESS_ACT(ESS_A_CLAIM, 0));
    if (i < 0)
        i = seat != x.st->active ? ex_respond(&x, legal, n_legal)
                                 : ex_active(&x, legal, n_legal);
    return i >= 0 ? i : (int)carta_rng_below(&x.rng, (uint32_t)n_legal);
}
