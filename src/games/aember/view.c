/* view.c: an Æmber observation as structured data (docs/view.md): the common keys, then per seat
 * its pool, keys, chains, houses, zones, battle line and artifacts. */
#include "games/aember/aember.h"
#include "core/view.h"

static const char *const view_phases[] = {"mulligan", "house", "archives", "main", "over"};

static void view_cards_in_play(const carta_rules *rules, const aember_state *st, int p, int art,
                               carta_view *v)
{
    const aember_seat *s = &st->seat[p];
    int n = art ? s->n_artifacts : s->n_line;
    carta_view_list(v, art ? "artifacts" : "line");
    for (int i = 0; i < n; i++) {
        const aember_card_in_play *c = art ? &s->artifacts[i] : &s->line[i];
        carta_view_map(v, NULL);
        carta_view_card(v, "card", c->card, AEMBER_UNKNOWN);
        carta_view_int(v, "uid", c->uid);
        carta_view_int(v, "owner", c->owner);
        if (!art) {
            carta_view_int(v, "power", aember_power(rules, st, p, i));
            carta_view_int(v, "armor", aember_armor(rules, st, p, i));
            carta_view_int(v, "damage", c->damage);
            carta_view_int(v, "power_counters", c->power_counters);
            carta_view_bool(v, "stunned", (c->flags & AEMBER_F_STUNNED) != 0);
        }
        carta_view_int(v, "aember", c->aember);
        carta_view_bool(v, "exhausted", (c->flags & AEMBER_F_EXHAUSTED) != 0);
        carta_view_list(v, "upgrades");
        for (int u = 0; u < c->n_upgrades; u++)
            carta_view_card(v, NULL, c->upgrades[u] & ~AEMBER_UPGRADE_OWNER, AEMBER_UNKNOWN);
        carta_view_end(v);
        carta_view_end(v);
    }
    carta_view_end(v);
}

static void view_seat(const carta_rules *rules, const aember_state *st, int p, carta_view *v)
{
    const aember_seat *s = &st->seat[p];
    carta_view_map(v, NULL);
    carta_view_int(v, "seat", p);
    carta_view_map(v, "counters");
    carta_view_int(v, "aember", s->aember);
    carta_view_int(v, "keys", s->keys);
    carta_view_int(v, "key_cost", aember_key_cost(rules, st, p));
    carta_view_int(v, "chains", s->chains);
    carta_view_end(v);
    carta_view_list(v, "houses");
    for (int h = 0; h < s->n_houses; h++)
        carta_view_str(v, NULL, aember_house_name(rules, s->houses[h]));
    carta_view_end(v);
    carta_view_map(v, "zones");
    carta_view_zone(v, "hand", s->hand.cards, s->hand.n, AEMBER_UNKNOWN);
    carta_view_zone(v, "deck", s->deck.cards, s->deck.n, AEMBER_UNKNOWN);
    carta_view_zone(v, "discard", s->discard.cards, s->discard.n, AEMBER_UNKNOWN);
    carta_view_zone(v, "archives", s->archives.cards, s->archives.n, AEMBER_UNKNOWN);
    carta_view_zone(v, "purged", s->purged.cards, s->purged.n, AEMBER_UNKNOWN);
    carta_view_end(v);
    view_cards_in_play(rules, st, p, 0, v);
    view_cards_in_play(rules, st, p, 1, v);
    carta_view_end(v);
}

/* A card in play as an action's part: {"card", "uid"}. */
static void view_in_play(carta_view *v, const char *key, const aember_state *st, int seat, int art,
                         int index)
{
    const aember_seat *s = &st->seat[seat];
    if (seat < 0 || seat >= AEMBER_SEATS || index >= (art ? s->n_artifacts : s->n_line))
        return;
    const aember_card_in_play *c = art ? &s->artifacts[index] : &s->line[index];
    carta_view_map(v, key);
    carta_view_card(v, "card", c->card, AEMBER_UNKNOWN);
    carta_view_int(v, "uid", c->uid);
    carta_view_end(v);
}

/* The hand card an action plays or discards. */
static void view_hand_card(carta_view *v, const aember_state *st, int index)
{
    const aember_zone *h = &st->seat[st->active].hand;
    if (index < h->n)
        carta_view_card(v, "card", h->cards[index], AEMBER_UNKNOWN);
    carta_view_str(v, "from", "hand");
}

static const char *const view_verbs[] = {
    "", "keep", "mulligan", "house", "take archives", "leave archives", "play", "play", "discard",
    "reap", "fight", "action", "omni", "use", "end turn", "target", "yes", "no", "left", "right",
    "done", "pick", "order"};

void aember_action_view(const carta_rules *rules, const void *obs, carta_action action,
                        carta_view *v)
{
    const aember_state *st = obs;
    int kind = AEMBER_ACT_KIND(action), a = AEMBER_ACT_A(action), b = AEMBER_ACT_B(action);
    int me = st->active;
    carta_view_str(v, "verb", kind > 0 && kind <= AEMBER_A_ORDER ? view_verbs[kind] : "?");
    switch (kind) {
    case AEMBER_A_HOUSE: carta_view_str(v, "choice", aember_house_name(rules, a)); break;
    case AEMBER_A_PLAY:
        view_hand_card(v, st, a);
        if (b)
            carta_view_str(v, "choice", b == AEMBER_FLANK_LEFT ? "left" : "right");
        break;
    case AEMBER_A_PLAY_UPGRADE:
        view_hand_card(v, st, a);
        view_in_play(v, "target", st, b / 2, 0, AEMBER_ACT_C(action));
        break;
    case AEMBER_A_DISCARD: view_hand_card(v, st, a); break;
    case AEMBER_A_REAP:
    case AEMBER_A_USE_STUNNED: view_in_play(v, "card", st, me, 0, a); break;
    case AEMBER_A_FIGHT:
        view_in_play(v, "card", st, me, 0, a);
        view_in_play(v, "target", st, !me, 0, b);
        break;
    case AEMBER_A_ACTION: view_in_play(v, "card", st, me, a == AEMBER_POS_ARTIFACT, b); break;
    case AEMBER_A_OMNI: view_in_play(v, "card", st, me, 1, a); break;
    case AEMBER_A_TARGET: view_in_play(v, "target", st, a / 2, a & 1, b); break;
    case AEMBER_A_PICK: { /* a card of a zone: a the zone, b its index, c the seat */
        static const char *const zones[] = {"play", "hand", "deck", "discard"};
        int seat = AEMBER_ACT_C(action);
        const aember_seat *s = &st->seat[seat < AEMBER_SEATS ? seat : 0];
        const aember_zone *z = a == AEMBER_FROM_HAND   ? &s->hand
                               : a == AEMBER_FROM_DECK ? &s->deck
                                                       : &s->discard;
        if (b < z->n)
            carta_view_card(v, "target", z->cards[b], AEMBER_UNKNOWN);
        carta_view_str(v, "from", a >= 0 && a <= AEMBER_FROM_DISCARD ? zones[a] : "?");
        break;
    }
    case AEMBER_A_ORDER: {
        static const char *const parts[] = {"assault", "hazardous", "before fight"};
        carta_view_str(v, "choice", a <= AEMBER_ORDER_BEFORE_FIGHT ? parts[a] : "?");
        break;
    }
    default: break;
    }
}

void aember_view(const carta_rules *rules, const void *obs, int seat, carta_view *v)
{
    const aember_state *st = obs;
    carta_view_head(v, seat, st->turn, -1, view_phases[st->phase < 5 ? st->phase : 4]);
    carta_view_int(v, "active", st->active);
    /* the only victory is three keys; the turn limit is a draw (docs/rulings/aember.md) */
    carta_view_progress(v, st, st->winner, st->winner >= 0 ? "keys forged" : "turn limit");
    if (st->phase >= AEMBER_PHASE_ARCHIVES && st->phase != AEMBER_PHASE_OVER)
        carta_view_str(v, "house", aember_house_name(rules, st->active_house));
    else
        carta_view_null(v, "house");
    char question[AEMBER_TEXT_MAX + 256];
    aember_question(rules, st, question, sizeof question);
    carta_view_str(v, "question", question[0] ? question : NULL);
    carta_view_list(v, "seats");
    for (int p = 0; p < AEMBER_SEATS; p++)
        view_seat(rules, st, p, v);
    carta_view_end(v);
    carta_view_list(v, "resolving");
    for (int i = 0; i < st->pending.n; i++)
        if (st->pending.frame[i].kind == AEMBER_FR_RUN) {
            carta_view_map(v, NULL);
            carta_view_card(v, "card", (uint16_t)st->pending.frame[i].arg[0], AEMBER_UNKNOWN);
            carta_view_int(v, "seat", st->pending.frame[i].seat);
            carta_view_end(v);
        }
    carta_view_end(v);
}
