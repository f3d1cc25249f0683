/* sim_result.c: one game's result as JSON and back: what `--db` keeps of each game so that an
 * interrupted run resumes without playing it again, and what carta-mpi's ranks send rank 0.
 * Reading checks every field against the settings: a store is a file anyone can edit. */
#include "sim.h"

#include <string.h>

/* The deck slots a player played, as a list of slot numbers. */
static json_t *result_slots(const sim_played *pl)
{
    json_t *slots = json_array();
    for (int j = 0; slots && j < SIM_PLAYED_WORDS * 64; j++)
        if (pl->bits[j / 64] >> (j % 64) & 1)
            json_array_append_new(slots, json_integer(j));
    return slots;
}

static json_t *result_played(const sim_settings *s, const sim_played *played)
{
    json_t *list = json_array();
    for (int p = 0; list && p < s->n_players; p++) {
        json_t *other = json_array();
        for (int k = 0; other && k < played[p].n_other; k++)
            json_array_append_new(other, json_integer(played[p].other[k]));
        json_array_append_new(list, json_pack("{s:o, s:o}", "slots", result_slots(&played[p]),
                                              "other", other));
    }
    return list;
}

json_t *sim_game_json(const sim_settings *s, const sim_game *g, const sim_played *played)
{
    json_t *deck = json_array(), *points = g->has_points ? json_array() : json_null();
    for (int p = 0; p < s->n_players; p++) {
        json_array_append_new(deck, json_integer(g->deck[p]));
        if (g->has_points)
            json_array_append_new(points, json_integer(g->points[p]));
    }
    return json_pack("{s:i, s:i, s:i, s:b, s:o, s:i, s:i, s:i, s:s, s:o, s:o}", "winner_player",
                     g->winner_player, "winner_seat", g->winner_seat, "won", g->won, "finished",
                     g->finished, "deck", deck, "actions", g->actions, "turns", g->turns,
                     "rounds", g->rounds, "end", g->end, "points", points, "played",
                     played ? result_played(s, played) : json_null());
}

/* An integer of list[k] in [lo, hi] into *out; 0 if it is not one. */
static int result_int(json_t *list, size_t k, long lo, long hi, long *out)
{
    json_t *v = json_array_get(list, k);
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
        return 0;
    *out = (long)json_integer_value(v);
    return 1;
}

static carta_status result_bad(carta_error *err, const char *what)
{
    return carta_error_set(err, CARTA_ERR_CORRUPT, "a game's result: %s", what);
}

/* Each player's played cards into played[] (unchanged on error). */
static carta_status result_read_played(const sim_settings *s, json_t *list, sim_played *out,
                                       carta_error *err)
{
    sim_played played[CARTA_MAX_SEATS];
    if (!json_is_array(list) || (int)json_array_size(list) != s->n_players)
        return result_bad(err, "'played' is not a list with one entry per player");
    for (int p = 0; p < s->n_players; p++) {
        json_t *slots = json_object_get(json_array_get(list, (size_t)p), "slots");
        json_t *other = json_object_get(json_array_get(list, (size_t)p), "other");
        if (!json_is_array(slots) || !json_is_array(other) ||
            json_array_size(other) > SIM_PLAYED_OTHER)
            return result_bad(err, "a player's 'slots' or 'other' is not a list (or too long)");
        memset(&played[p], 0, sizeof played[p]);
        long v;
        for (size_t k = 0; k < json_array_size(slots); k++) {
            if (!result_int(slots, k, 0, CARTA_DECK_MAX - 1, &v))
                return result_bad(err, "a played slot is not a deck slot");
            played[p].bits[v / 64] |= (uint64_t)1 << (v % 64);
        }
        for (size_t k = 0; k < json_array_size(other); k++) {
            if (!result_int(other, k, 0, UINT16_MAX, &v))
                return result_bad(err, "a played card is not a card id");
            played[p].other[played[p].n_other++] = (uint16_t)v;
        }
    }
    memcpy(out, played, (size_t)s->n_players * sizeof *played);
    return CARTA_OK;
}

/* The per-player lists: decks (indices of s's decks) and points. */
static carta_status result_read_players(const sim_settings *s, json_t *deck, json_t *points,
                                        sim_game *g, carta_error *err)
{
    if (!json_is_array(deck) || (int)json_array_size(deck) != s->n_players)
        return result_bad(err, "'deck' is not a list with one deck a player");
    if (!json_is_null(points) &&
        (!json_is_array(points) || (int)json_array_size(points) != s->n_players))
        return result_bad(err, "'points' is neither null nor one number a player");
    g->has_points = json_is_array(points);
    for (int p = 0; p < s->n_players; p++) {
        long d, pts = 0;
        if (!result_int(deck, (size_t)p, 0, s->n_decks - 1, &d) ||
            (g->has_points && !result_int(points, (size_t)p, INT16_MIN, INT16_MAX, &pts)))
            return result_bad(err, "a deck or points entry is out of range");
        g->deck[p] = (uint8_t)d;
        g->points[p] = (int16_t)pts;
    }
    return CARTA_OK;
}

carta_status sim_game_from_json(const sim_settings *s, json_t *j, sim_game *g,
                                sim_played *played, carta_error *err)
{
    json_t *deck, *points, *list;
    json_int_t winner, seat, won, actions, turns, rounds;
    int finished;
    const char *end;
    json_error_t jerr;
    if (json_unpack_ex(j, &jerr, JSON_STRICT, "{s:I, s:I, s:I, s:b, s:o, s:I, s:I, s:I, s:s, s:o, s:o}",
                       "winner_player", &winner, "winner_seat", &seat, "won", &won, "finished",
                       &finished, "deck", &deck, "actions", &actions, "turns", &turns, "rounds",
                       &rounds, "end", &end, "points", &points, "played", &list) != 0)
        return result_bad(err, jerr.text);
    int n = s->n_players;
    if (winner < -1 || winner >= n || seat < -1 || seat >= n || won < 0 || won >= 1 << n ||
        actions < 0 || actions > SIM_MAX_ACTIONS || turns < -1 || turns > INT32_MAX ||
        rounds < -1 || rounds > INT32_MAX || strlen(end) >= SIM_END_NAME)
        return result_bad(err, "a number or the ending's name is out of range");
    sim_game out = {.winner_player = (int8_t)winner, .winner_seat = (int8_t)seat,
                    .won = (uint8_t)won, .finished = (uint8_t)finished, .actions = (int)actions,
                    .turns = (int)turns, .rounds = (int)rounds};
    snprintf(out.end, sizeof out.end, "%s", end);
    carta_status st = result_read_players(s, deck, points, &out, err);
    if (st == CARTA_OK && played)
        st = result_read_played(s, list, played, err);
    if (st == CARTA_OK)
        *g = out;
    return st;
}
