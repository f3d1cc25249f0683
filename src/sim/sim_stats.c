/* sim_stats.c: `carta sim`'s seeds, seat rotation and decks per game, Wilson intervals, and the
 * aggregation of all games' results (in game order) into win rates, per-card statistics and the
 * deck-against-deck matrix. */
#include "sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/perft.h"
#include "core/rng.h"

uint64_t sim_game_seed(uint64_t base, int game) { return carta_mix64(base ^ (uint64_t)game); }

int sim_player_seat(int n_players, int rotate, int game, int player)
{
    return (int)(((long long)player + (rotate ? game : 0)) % n_players);
}

int sim_seat_player(int n_players, int rotate, int game, int seat)
{
    return (int)((((long long)seat - (rotate ? game : 0)) % n_players + n_players) % n_players);
}

int sim_deck_index(const sim_settings *s, int game, int player)
{
    if (!s->pool)
        return s->player_deck[player];
    /* The tuple number counts through every assignment of pool decks to players, in base
     * n_decks with player 0 the lowest digit; each tuple is played with every seat rotation. */
    long long tuple = game / s->n_players;
    for (int p = 0; p < player; p++)
        tuple /= s->n_decks;
    return (int)(tuple % s->n_decks);
}

carta_status sim_player_deck(const sim_settings *s, int game, int player, carta_deck *out,
                             carta_error *err)
{
    int d = sim_deck_index(s, game, player);
    if (!s->deck_random[d]) {
        *out = s->deck[d];
        return CARTA_OK;
    }
    int seat = sim_player_seat(s->n_players, s->rotate, game, player);
    uint64_t seed = carta_perft_deck_seed(sim_game_seed(s->seed, game), seat);
    return s->g->deck_resolve(s->r, s->deck_spec[d], seed, out, err);
}

void sim_wilson(double k, int n, double *lo, double *hi)
{
    if (n <= 0) {
        *lo = 0;
        *hi = 1;
        return;
    }
    const double z = 1.959963984540054; /* the 97.5% quantile of the standard normal */
    double p = k / n, z2n = z * z / n;
    double center = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2n);
    *lo = k <= 0 || center - half < 0 ? 0 : center - half; /* exact at the ends, not 3e-18 */
    *hi = k >= n || center + half > 1 ? 1 : center + half;
}

enum { SIM_CARD_IDS = 65536 }; /* card ids are 16-bit */

/* Counts one (game, player) for every distinct card of the player's deck. */
void sim_points_mean(const sim_summary *sum, int p, double *mean, double *lo, double *hi)
{
    int n = sum->points_games;
    *mean = *lo = *hi = 0;
    if (n == 0)
        return;
    *mean = sum->points_sum[p] / n;
    double var = n > 1 ? (sum->points_sq[p] - n * *mean * *mean) / (n - 1) : 0;
    double half = 1.96 * sqrt(var > 0 ? var : 0) / sqrt(n);
    *lo = *mean - half;
    *hi = *mean + half;
}

static void stats_tally(sim_card_counts *t, int in_deck, int was_played, int won, int drew)
{
    t->in_deck += in_deck;
    if (was_played) {
        t->played++;
        t->played_wins += won;
        t->played_draws += drew;
    } else {
        t->unplayed++;
        t->unplayed_wins += won;
        t->unplayed_draws += drew;
    }
}

/* Counts player p's deck and the cards it played in one game, in all and for p. */
static void stats_cards(sim_card_stat *cards, int p, const carta_deck *deck,
                        const sim_played *played, int won, int drew)
{
    for (int j = 0; j < deck->n_cards; j++) {
        uint16_t c = deck->cards[j];
        int first = 1, was_played = 0;
        for (int k = 0; k < deck->n_cards && first; k++) {
            if (deck->cards[k] != c)
                continue;
            if (k < j)
                first = 0;
            else
                was_played |= (int)(played->bits[k / 64] >> (k % 64) & 1);
        }
        if (!first)
            continue;
        stats_tally(&cards[c].all, 1, was_played, won, drew);
        stats_tally(&cards[c].player[p], 1, was_played, won, drew);
    }
    for (int k = 0; k < played->n_other; k++) { /* played, in no deck: no "not played" */
        stats_tally(&cards[played->other[k]].all, 0, 1, won, drew);
        stats_tally(&cards[played->other[k]].player[p], 0, 1, won, drew);
    }
}

static void stats_matrix(sim_summary *sum, const sim_settings *s, const sim_game *g)
{
    int drew = g->finished && g->winner_player < 0;
    for (int p = 0; p < s->n_players; p++)
        for (int q = 0; q < s->n_players; q++) {
            if (p == q)
                continue;
            int a = g->deck[p], b = g->deck[q];
            sum->matrix_games[a][b]++;
            sum->matrix_wins[a][b] += (g->won >> p) & 1;
            sum->matrix_draws[a][b] += drew;
        }
}

static int stats_card_order(const void *x, const void *y)
{
    const sim_card_stat *a = x, *b = y;
    if (a->all.played != b->all.played)
        return a->all.played > b->all.played ? -1 : 1;
    return (a->card > b->card) - (a->card < b->card);
}

/* Keeps the cards that were in some deck, sorted; frees the id-indexed table. */
static int stats_compact(sim_summary *sum, sim_card_stat *by_id)
{
    int n = 0;
    for (int c = 0; c < SIM_CARD_IDS; c++)
        n += by_id[c].all.in_deck > 0 || by_id[c].all.played > 0;
    sum->cards = calloc(n ? (size_t)n : 1, sizeof *sum->cards);
    if (!sum->cards)
        return 1;
    for (int c = 0; c < SIM_CARD_IDS; c++)
        if (by_id[c].all.in_deck > 0 || by_id[c].all.played > 0) {
            by_id[c].card = c;
            sum->cards[sum->n_cards++] = by_id[c];
        }
    qsort(sum->cards, (size_t)sum->n_cards, sizeof *sum->cards, stats_card_order);
    return 0;
}

/* Counts one more game that ended as end says (nothing if "": unfinished). */
static void stats_end(sim_summary *sum, const char *end)
{
    int k = 0;
    if (!end[0])
        return;
    while (k < sum->n_ends && strcmp(sum->end_name[k], end) != 0)
        k++;
    if (k == sum->n_ends) {
        if (k == SIM_MAX_ENDS)
            return;
        snprintf(sum->end_name[k], SIM_END_NAME, "%s", end);
        sum->n_ends++;
    }
    sum->end_games[k]++;
}

/* Adds game i to sum (and to by_id when there are per-card statistics). */
static carta_status stats_game(sim_summary *sum, sim_card_stat *by_id, const sim_results *res,
                               int i, carta_error *err)
{
    const sim_settings *s = res->s;
    const sim_game *g = &res->games[i];
    sum->actions += g->actions;
    if (g->turns >= 0) {
        sum->turns += g->turns;
        sum->with_turns++;
    }
    if (g->rounds >= 0) {
        sum->rounds += g->rounds;
        sum->with_rounds++;
    }
    stats_end(sum, g->end);
    int drew = g->finished && g->winner_player < 0;
    if (!g->finished)
        sum->unfinished++;
    else if (drew)
        sum->draws++;
    else {
        for (int p = 0; p < s->n_players; p++)
            sum->wins[p] += (g->won >> p) & 1;
        sum->seat_wins[g->winner_seat]++;
    }
    int first = sim_seat_player(s->n_players, s->rotate, i, 0);
    for (int p = 0; p < s->n_players; p++) {
        int won = g->finished && !drew && ((g->won >> p) & 1);
        (p == first ? sum->first_games : sum->later_games)[g->deck[p]]++;
        (p == first ? sum->first_wins : sum->later_wins)[g->deck[p]] += won;
    }
    if (g->has_points) {
        sum->points_games++;
        for (int p = 0; p < s->n_players; p++) {
            sum->points_sum[p] += g->points[p];
            sum->points_sq[p] += (double)g->points[p] * g->points[p];
        }
    }
    stats_matrix(sum, s, g);
    for (int p = 0; by_id && p < s->n_players; p++) {
        carta_deck deck;
        carta_status st = sim_player_deck(s, i, p, &deck, err);
        if (st != CARTA_OK)
            return st;
        stats_cards(by_id, p, &deck, &res->played[(size_t)i * s->n_players + p],
                    (g->won >> p) & 1, drew);
    }
    return CARTA_OK;
}

/* The length of game g in the histogram's unit. */
static int stats_length(const sim_summary *sum, const sim_game *g)
{
    return sum->hist_unit[0] == 'r' ? g->rounds : sum->hist_unit[0] == 't' ? g->turns : g->actions;
}

/* The histogram of finished games' lengths, in Rounds, turns or actions (the first every
 * finished game has), in at most SIM_HIST_BINS bars of equal width. */
static void stats_histogram(sim_summary *sum, const sim_results *res)
{
    int rounds = 1, turns = 1, lo = 0, hi = -1;
    for (int i = 0; i < res->s->n_games; i++)
        if (res->games[i].finished) {
            rounds &= res->games[i].rounds >= 0;
            turns &= res->games[i].turns >= 0;
        }
    sum->hist_unit = rounds ? "rounds" : turns ? "turns" : "actions";
    for (int i = 0; i < res->s->n_games; i++) {
        if (!res->games[i].finished)
            continue;
        int len = stats_length(sum, &res->games[i]);
        lo = hi < lo || len < lo ? len : lo;
        hi = len > hi ? len : hi;
    }
    if (hi < lo)
        return; /* no game finished */
    sum->hist_from = lo;
    sum->hist_width = (hi - lo) / SIM_HIST_BINS + 1;
    sum->hist_bins = (hi - lo) / sum->hist_width + 1;
    for (int i = 0; i < res->s->n_games; i++)
        if (res->games[i].finished)
            sum->hist[(stats_length(sum, &res->games[i]) - lo) / sum->hist_width]++;
}

sim_summary *sim_summarize(const sim_results *res, carta_error *err)
{
    const sim_settings *s = res->s;
    sim_summary *sum = calloc(1, sizeof *sum);
    sim_card_stat *by_id = res->played ? calloc(SIM_CARD_IDS, sizeof *by_id) : NULL;
    if (!sum || (res->played && !by_id)) {
        free(sum);
        free(by_id);
        carta_error_set(err, CARTA_ERR_NOMEM, "sim: out of memory");
        return NULL;
    }
    sum->n_games = s->n_games;
    sum->n_players = s->n_players;
    sum->has_cards = res->played != NULL;
    carta_status st = CARTA_OK;
    for (int i = 0; i < s->n_games && st == CARTA_OK; i++)
        st = stats_game(sum, by_id, res, i, err);
    stats_histogram(sum, res);
    if (st == CARTA_OK && by_id && stats_compact(sum, by_id))
        st = carta_error_set(err, CARTA_ERR_NOMEM, "sim: out of memory");
    free(by_id);
    if (st != CARTA_OK) {
        sim_summary_free(sum);
        return NULL;
    }
    return sum;
}

void sim_summary_free(sim_summary *sum)
{
    if (!sum)
        return;
    free(sum->cards);
    free(sum);
}
