/* sim_report.c: `carta sim`'s reports: the readable table, the JSON summary (also stored by
 * --db) and the per-card CSV. */
#include "sim.h"

#include <string.h>

#include "core/options.h"

static double rate(double k, int n) { return n > 0 ? k / n : 0.0; }

int sim_report_has_matrix(const sim_settings *s) { return s->n_decks > 1; }

/* The name a report gives deck d: its spec ("random" for generated decks). */
static const char *report_deck_name(const sim_settings *s, int d) { return s->deck_spec[d]; }

/* The deck column of player p. */
static const char *report_player_deck(const sim_settings *s, int p)
{
    return s->pool ? "(pool)" : report_deck_name(s, s->player_deck[p]);
}

json_t *sim_settings_json(const sim_settings *s)
{
    json_t *ais = json_array(), *decks = json_array(), *player_decks = json_array();
    for (int p = 0; p < s->n_players; p++) {
        json_array_append_new(ais, json_string(s->ai_spec[p]));
        json_array_append_new(player_decks,
                              s->pool ? json_null() : json_integer(s->player_deck[p]));
    }
    for (int d = 0; d < s->n_decks; d++)
        json_array_append_new(decks, json_string(s->deck_spec[d]));
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)s->seed);
    json_t *options = json_object();
    for (int i = 0; options && i < s->n_options; i++)
        json_object_set_new(options, s->options[i].key, json_integer(s->options[i].value));
    return json_pack("{s:s, s:s, s:i, s:s, s:i, s:s, s:o, s:s?, s:o, s:o, s:b, s:o, s:i}",
                     "game", s->g->id, "rules_version", s->g->rules_version, "games", s->n_games,
                     "seed", seed, "players", s->n_players, "mode", s->mode, "options", options,
                     "variant", s->variant, "ais", ais, "decks", decks, "deck_pool", s->pool,
                     "player_decks", player_decks, "max_actions", SIM_MAX_ACTIONS);
}

/* {"k": k, "rate": k/n, "ci_low": .., "ci_high": ..} members added to obj under prefix. */
static void report_rate_json(json_t *obj, const char *prefix, int k, int n)
{
    double lo, hi;
    char key[64];
    sim_wilson(k, n, &lo, &hi);
    snprintf(key, sizeof key, "%swin_rate", prefix);
    json_object_set_new(obj, key, json_real(rate(k, n)));
    snprintf(key, sizeof key, "%sci_low", prefix);
    json_object_set_new(obj, key, json_real(lo));
    snprintf(key, sizeof key, "%sci_high", prefix);
    json_object_set_new(obj, key, json_real(hi));
}

static json_t *report_players_json(const sim_settings *s, const sim_summary *sum)
{
    json_t *players = json_array();
    for (int p = 0; p < s->n_players; p++) {
        json_t *o = json_pack("{s:i, s:s, s:s, s:i, s:i, s:i, s:i}", "player", p + 1, "ai",
                              s->ai_spec[p], "deck", report_player_deck(s, p), "wins",
                              sum->wins[p], "draws", sum->draws, "losses",
                              sum->n_games - sum->wins[p] - sum->draws - sum->unfinished,
                              "unfinished", sum->unfinished);
        report_rate_json(o, "", sum->wins[p], sum->n_games);
        if (sum->points_games) {
            double mean, lo, hi;
            sim_points_mean(sum, p, &mean, &lo, &hi);
            json_object_set_new(o, "points_mean", json_real(mean));
            json_object_set_new(o, "points_ci_low", json_real(lo));
            json_object_set_new(o, "points_ci_high", json_real(hi));
        }
        json_array_append_new(players, o);
    }
    return players;
}

static json_t *report_seats_json(const sim_settings *s, const sim_summary *sum)
{
    json_t *seats = json_array();
    for (int seat = 0; seat < s->n_players; seat++) {
        json_t *o = json_pack("{s:i, s:i}", "seat", seat + 1, "wins", sum->seat_wins[seat]);
        report_rate_json(o, "", sum->seat_wins[seat], sum->n_games);
        json_array_append_new(seats, o);
    }
    return seats;
}

/* The first seat's advantage: its win rate minus an even share (1 / players), with interval. */
static json_t *report_first_seat_json(const sim_settings *s, const sim_summary *sum)
{
    double lo, hi, even = 1.0 / sum->n_players;
    sim_wilson(sum->seat_wins[0], sum->n_games, &lo, &hi);
    json_t *o = json_pack("{s:i}", "wins", sum->seat_wins[0]);
    report_rate_json(o, "", sum->seat_wins[0], sum->n_games);
    json_object_set_new(o, "even_share", json_real(even));
    json_object_set_new(o, "advantage", json_real(rate(sum->seat_wins[0], sum->n_games) - even));
    json_object_set_new(o, "advantage_ci_low", json_real(lo - even));
    json_object_set_new(o, "advantage_ci_high", json_real(hi - even));
    json_t *by_deck = json_array();
    for (int d = 0; sim_report_has_matrix(s) && d < s->n_decks; d++) {
        json_t *one = json_pack("{s:s, s:i, s:i, s:i, s:i}", "deck", report_deck_name(s, d),
                                "games", sum->first_games[d], "wins", sum->first_wins[d],
                                "later_games", sum->later_games[d], "later_wins",
                                sum->later_wins[d]);
        report_rate_json(one, "", sum->first_wins[d], sum->first_games[d]);
        report_rate_json(one, "later_", sum->later_wins[d], sum->later_games[d]);
        json_array_append_new(by_deck, one);
    }
    json_object_set_new(o, "by_deck", by_deck);
    return o;
}

/* A card's counts as JSON: in_deck, played and not played, each with wins, draws and rate. */
static json_t *report_counts_json(const sim_card_counts *c)
{
    json_t *o = json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i}", "in_deck", c->in_deck, "played",
                          c->played, "played_wins", c->played_wins, "played_draws",
                          c->played_draws, "not_played", c->unplayed, "not_played_wins",
                          c->unplayed_wins, "not_played_draws", c->unplayed_draws);
    report_rate_json(o, "played_", c->played_wins, c->played);
    report_rate_json(o, "not_played_", c->unplayed_wins, c->unplayed);
    return o;
}

/* Every card: its counts over all players, then "players": each player's own (its AI, its deck),
 * for the players who held or played it. */
static json_t *report_cards_json(const sim_settings *s, const sim_summary *sum)
{
    if (!sum->has_cards)
        return json_null();
    json_t *cards = json_array();
    for (int i = 0; i < sum->n_cards; i++) {
        const sim_card_stat *c = &sum->cards[i];
        const char *name = s->g->card_name(s->r, c->card);
        json_t *o = json_pack("{s:s}", "card", name ? name : "?");
        json_object_update_new(o, report_counts_json(&c->all));
        json_t *players = json_array();
        for (int p = 0; p < s->n_players; p++) {
            if (!c->player[p].in_deck && !c->player[p].played)
                continue;
            json_t *one = json_pack("{s:i, s:s}", "player", p + 1, "ai", s->ai_spec[p]);
            json_object_update_new(one, report_counts_json(&c->player[p]));
            json_array_append_new(players, one);
        }
        json_object_set_new(o, "players", players);
        json_array_append_new(cards, o);
    }
    return cards;
}

static json_t *report_matrix_json(const sim_settings *s, const sim_summary *sum)
{
    if (!sim_report_has_matrix(s))
        return json_null();
    json_t *names = json_array(), *games = json_array(), *wins = json_array(),
           *rates = json_array(), *lows = json_array(), *highs = json_array();
    for (int a = 0; a < s->n_decks; a++) {
        json_t *g = json_array(), *w = json_array(), *r = json_array(), *lo = json_array(),
               *hi = json_array();
        json_array_append_new(names, json_string(report_deck_name(s, a)));
        for (int b = 0; b < s->n_decks; b++) {
            int n = sum->matrix_games[a][b], k = sum->matrix_wins[a][b];
            double l, h;
            sim_wilson(k, n, &l, &h);
            json_array_append_new(g, json_integer(n));
            json_array_append_new(w, json_integer(k));
            json_array_append_new(r, n ? json_real(rate(k, n)) : json_null());
            /* a mirror pairing counts each game from both sides: no interval to give */
            json_array_append_new(lo, n && a != b ? json_real(l) : json_null());
            json_array_append_new(hi, n && a != b ? json_real(h) : json_null());
        }
        json_array_append_new(games, g);
        json_array_append_new(wins, w);
        json_array_append_new(rates, r);
        json_array_append_new(lows, lo);
        json_array_append_new(highs, hi);
    }
    return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "decks", names, "games", games, "wins",
                     wins, "win_rate", rates, "ci_low", lows, "ci_high", highs);
}

/* How the games ended: each ending (the view's "end") with its games and rate. */
static json_t *report_ends_json(const sim_summary *sum)
{
    json_t *ends = json_array();
    for (int k = 0; k < sum->n_ends; k++) {
        double lo, hi;
        sim_wilson(sum->end_games[k], sum->n_games, &lo, &hi);
        json_array_append_new(ends, json_pack("{s:s, s:i, s:f, s:f, s:f}", "end",
                                              sum->end_name[k], "games", sum->end_games[k],
                                              "rate", rate(sum->end_games[k], sum->n_games),
                                              "ci_low", lo, "ci_high", hi));
    }
    return ends;
}

json_t *sim_summary_json(const sim_settings *s, const sim_summary *sum)
{
    int n = sum->n_games;
    json_t *bars = json_array();
    for (int i = 0; i < sum->hist_bins; i++) {
        int from = sum->hist_from + i * sum->hist_width;
        json_array_append_new(bars, json_pack("{s:i, s:i, s:i}", "from", from, "to",
                                              from + sum->hist_width - 1, "games", sum->hist[i]));
    }
    json_t *length = json_pack(
        "{s:f, s:o, s:o, s:{s:s, s:o}}", "avg_actions", n ? (double)sum->actions / n : 0.0,
        "avg_turns",
        sum->with_turns ? json_real((double)sum->turns / sum->with_turns) : json_null(),
        "avg_rounds",
        sum->with_rounds ? json_real((double)sum->rounds / sum->with_rounds) : json_null(),
        "histogram", "unit", sum->hist_unit, "bars", bars);
    return json_pack("{s:o, s:o, s:o, s:o, s:i, s:i, s:o, s:o, s:o, s:o}", "settings",
                     sim_settings_json(s), "players", report_players_json(s, sum), "seats",
                     report_seats_json(s, sum), "first_seat", report_first_seat_json(s, sum),
                     "draws", sum->draws, "unfinished", sum->unfinished, "length", length,
                     "endings", report_ends_json(sum), "cards", report_cards_json(s, sum),
                     "matrix", report_matrix_json(s, sum));
}

/* ---- the readable report ---- */

static void report_interval(FILE *out, int k, int n)
{
    double lo, hi;
    sim_wilson(k, n, &lo, &hi);
    fprintf(out, "%5.1f%% [%5.1f%%, %5.1f%%]", 100 * rate(k, n), 100 * lo, 100 * hi);
}

static void report_players_text(FILE *out, const sim_settings *s, const sim_summary *sum)
{
    fprintf(out, "%-7s %-24s %-20s %6s %6s %6s  %s\n", "player", "ai", "deck", "wins", "draws",
            "losses", "win rate [95% interval]");
    for (int p = 0; p < s->n_players; p++) {
        fprintf(out, "%-7d %-24s %-20s %6d %6d %6d  ", p + 1, s->ai_spec[p],
                report_player_deck(s, p), sum->wins[p], sum->draws,
                sum->n_games - sum->wins[p] - sum->draws - sum->unfinished);
        report_interval(out, sum->wins[p], sum->n_games);
        fputc('\n', out);
    }
}

/* How the games ended, most common first as they were first seen. */
static void report_ends_text(FILE *out, const sim_summary *sum)
{
    if (!sum->n_ends)
        return;
    fprintf(out, "how games ended:");
    for (int k = 0; k < sum->n_ends; k++) {
        fprintf(out, "%s %s %d (", k ? "," : "", sum->end_name[k], sum->end_games[k]);
        report_interval(out, sum->end_games[k], sum->n_games);
        fputc(')', out);
    }
    fputc('\n', out);
}

/* The game's own points (Arkhtide's tournament scoring), when its games give them. */
static void report_points_text(FILE *out, const sim_settings *s, const sim_summary *sum)
{
    if (!sum->points_games)
        return;
    fprintf(out, "points (the rulebook's scoring) per game, over %d games:\n", sum->points_games);
    for (int p = 0; p < s->n_players; p++) {
        double mean, lo, hi;
        sim_points_mean(sum, p, &mean, &lo, &hi);
        fprintf(out, "  player %d: %.1f [%.1f, %.1f]\n", p + 1, mean, lo, hi);
    }
}

static void report_seats_text(FILE *out, const sim_settings *s, const sim_summary *sum)
{
    double lo, hi, even = 1.0 / sum->n_players;
    sim_wilson(sum->seat_wins[0], sum->n_games, &lo, &hi);
    fprintf(out, "first seat (seat 1) wins %d of %d: ", sum->seat_wins[0], sum->n_games);
    report_interval(out, sum->seat_wins[0], sum->n_games);
    fprintf(out, "; advantage over an even share (%.1f%%): %+.1f points [%+.1f, %+.1f]\n",
            100 * even, 100 * (rate(sum->seat_wins[0], sum->n_games) - even), 100 * (lo - even),
            100 * (hi - even));
    for (int seat = 1; sum->n_players > 2 && seat < sum->n_players; seat++) {
        fprintf(out, "seat %d wins %d: ", seat + 1, sum->seat_wins[seat]);
        report_interval(out, sum->seat_wins[seat], sum->n_games);
        fputc('\n', out);
    }
    if (sim_report_has_matrix(s))
        fprintf(out, "each deck in the first seat and in a later one (its win rate there):\n");
    for (int d = 0; sim_report_has_matrix(s) && d < s->n_decks; d++) {
        fprintf(out, "  %-20.20s first %4d of %4d ", report_deck_name(s, d), sum->first_wins[d],
                sum->first_games[d]);
        report_interval(out, sum->first_wins[d], sum->first_games[d]);
        fprintf(out, "   later %4d of %4d ", sum->later_wins[d], sum->later_games[d]);
        report_interval(out, sum->later_wins[d], sum->later_games[d]);
        fputc('\n', out);
    }
}

/* One row of the card table: who (a card, or a player under it) and its counts. */
static void report_counts_text(FILE *out, const char *who, const sim_card_counts *c)
{
    if (c->in_deck)
        fprintf(out, "%-28.28s %7d %7d  ", who, c->in_deck, c->played);
    else /* played from no deck: nothing to say of the games without it */
        fprintf(out, "%-28.28s %7s %7d  ", who, "-", c->played);
    report_interval(out, c->played_wins, c->played);
    if (c->in_deck) {
        fprintf(out, " %7d  ", c->unplayed);
        report_interval(out, c->unplayed_wins, c->unplayed);
    }
    fputc('\n', out);
}

/* Whether two players play different AIs or decks (then each card's players are shown apart). */
static int report_players_differ(const sim_settings *s)
{
    for (int p = 1; p < s->n_players; p++)
        if (strcmp(s->ai_spec[p], s->ai_spec[0]) ||
            (!s->pool && s->player_deck[p] != s->player_deck[0]))
            return 1;
    return 0;
}

static void report_cards_text(FILE *out, const sim_settings *s, const sim_summary *sum,
                              int max_cards)
{
    if (!sum->has_cards) {
        fprintf(out, "no per-card statistics: %s does not say which card an action plays\n",
                s->g->id);
        return;
    }
    if (!sum->n_cards) {
        fprintf(out, "\nno per-card statistics: no card was played\n");
        return;
    }
    int shown = max_cards > 0 && max_cards < sum->n_cards ? max_cards : sum->n_cards, decks = 0;
    for (int i = 0; i < sum->n_cards; i++)
        decks |= sum->cards[i].all.in_deck > 0;
    if (decks)
        fprintf(out, "\ncards (per player and game with the card in the deck; win rate of that "
                     "player):\n");
    else
        fprintf(out, "\ncards (no decks: per player and game in which the player played the card;"
                     " win rate of that player):\n");
    int split = report_players_differ(s);
    if (split)
        fprintf(out, "(each card's players apart below it: a card in a stronger AI's hands wins "
                     "more whatever it does)\n");
    fprintf(out, "%-28s %7s %7s  %-26s %7s  %-26s\n", "card", "in deck", "played",
            "win when played [95%]", "not", "win when not played [95%]");
    for (int i = 0; i < shown; i++) {
        const sim_card_stat *c = &sum->cards[i];
        const char *name = s->g->card_name(s->r, c->card);
        report_counts_text(out, name ? name : "?", &c->all);
        for (int p = 0; split && p < s->n_players; p++) {
            char who[64];
            snprintf(who, sizeof who, "  player %d (%s)", p + 1, s->ai_spec[p]);
            if (c->player[p].in_deck || c->player[p].played)
                report_counts_text(out, who, &c->player[p]);
        }
    }
    if (shown < sum->n_cards)
        fprintf(out, "(the %d most played of %d cards; all of them with --json or --csv FILE, "
                     "or --cards 0)\n",
                shown, sum->n_cards);
}

static void report_matrix_text(FILE *out, const sim_settings *s, const sim_summary *sum)
{
    if (!sim_report_has_matrix(s))
        return;
    fprintf(out, "\ndeck against deck (row deck's win rate against column deck [95%%], "
                 "pairings):\n");
    fprintf(out, "%-20s", "");
    for (int b = 0; b < s->n_decks; b++)
        fprintf(out, " %24.24s", report_deck_name(s, b));
    fputc('\n', out);
    for (int a = 0; a < s->n_decks; a++) {
        fprintf(out, "%-20.20s", report_deck_name(s, a));
        for (int b = 0; b < s->n_decks; b++) {
            int n = sum->matrix_games[a][b], k = sum->matrix_wins[a][b];
            double lo, hi;
            sim_wilson(k, n, &lo, &hi);
            if (n && a == b) /* a mirror pairing counts once from each side */
                fprintf(out, " %15s (%6d)", "mirror", n / 2);
            else if (n)
                fprintf(out, " %4.0f%% [%3.0f,%4.0f] (%6d)", 100 * rate(k, n), 100 * lo,
                        100 * hi, n);
            else
                fprintf(out, " %24s", "-");
        }
        fputc('\n', out);
    }
}

/* The finished games' lengths as bars of # (one per 2% of the games, at least one if any). */
static void report_histogram_text(FILE *out, const sim_summary *sum)
{
    if (!sum->hist_bins)
        return;
    int finished = sum->n_games - sum->unfinished;
    fprintf(out, "how long games lasted (%s):\n", sum->hist_unit);
    for (int i = 0; i < sum->hist_bins; i++) {
        int from = sum->hist_from + i * sum->hist_width, to = from + sum->hist_width - 1;
        char range[32];
        if (to > from)
            snprintf(range, sizeof range, "%d-%d", from, to);
        else
            snprintf(range, sizeof range, "%d", from);
        int marks = finished ? (sum->hist[i] * 50 + finished - 1) / finished : 0;
        fprintf(out, "  %11s %6d%s", range, sum->hist[i], marks ? "  " : "");
        for (int k = 0; k < marks; k++)
            fputc('#', out);
        fputc('\n', out);
    }
}

void sim_report_text(FILE *out, const sim_settings *s, const sim_summary *sum, int max_cards)
{
    int n = sum->n_games;
    carta_config options = {.n_options = s->n_options};
    memcpy(options.options, s->options, sizeof options.options);
    char variants[256];
    carta_options_text(&options, variants, sizeof variants);
    fprintf(out, "%s: %d games, %d players%s%s%s%s, seed %llu\n", s->g->id, n, s->n_players,
            s->mode[0] ? ", mode " : "", s->mode, variants[0] ? ", options " : "", variants,
            (unsigned long long)s->seed);
    report_players_text(out, s, sum);
    report_points_text(out, s, sum);
    report_seats_text(out, s, sum);
    fprintf(out, "draws: %d, unfinished (over %d actions): %d\n", sum->draws, SIM_MAX_ACTIONS,
            sum->unfinished);
    fprintf(out, "average length: %.1f actions", n ? (double)sum->actions / n : 0.0);
    if (sum->with_turns)
        fprintf(out, ", %.1f turns", (double)sum->turns / sum->with_turns);
    if (sum->with_rounds)
        fprintf(out, ", %.1f Rounds", (double)sum->rounds / sum->with_rounds);
    fputc('\n', out);
    report_histogram_text(out, sum);
    report_ends_text(out, sum);
    report_cards_text(out, s, sum, max_cards);
    report_matrix_text(out, s, sum);
}

/* ---- CSV ---- */


static void report_csv_rate(FILE *out, int k, int n)
{
    double lo, hi;
    sim_wilson(k, n, &lo, &hi);
    fprintf(out, ",%d,%.4f,%.4f,%.4f", k, rate(k, n), lo, hi);
}

/* The rest of a CSV row after the card: the player ("" for all of them) and the counts. */
static void report_csv_counts(FILE *out, const char *player, const sim_card_counts *c)
{
    fprintf(out, ",%s,%d,%d", player, c->in_deck, c->played);
    report_csv_rate(out, c->played_wins, c->played);
    fprintf(out, ",%d,%d", c->played_draws, c->unplayed);
    report_csv_rate(out, c->unplayed_wins, c->unplayed);
    fprintf(out, ",%d\n", c->unplayed_draws);
}

void sim_report_csv(FILE *out, const sim_settings *s, const sim_summary *sum)
{
    fputs("card,player,in_deck,played,played_wins,played_win_rate,played_ci_low,played_ci_high,"
          "played_draws,not_played,not_played_wins,not_played_win_rate,not_played_ci_low,"
          "not_played_ci_high,not_played_draws\n",
          out);
    for (int i = 0; sum->has_cards && i < sum->n_cards; i++) {
        const sim_card_stat *c = &sum->cards[i];
        const char *name = s->g->card_name(s->r, c->card);
        sim_csv_field(out, name ? name : "?");
        report_csv_counts(out, "", &c->all);
        for (int p = 0; p < s->n_players; p++)
            if (c->player[p].in_deck || c->player[p].played) {
                char who[16];
                snprintf(who, sizeof who, "%d", p + 1);
                sim_csv_field(out, name ? name : "?");
                report_csv_counts(out, who, &c->player[p]);
            }
    }
}
