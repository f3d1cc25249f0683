/* sim_plots.c: `carta sim --plots DIR`: the reports as SVG pictures a designer can open in any
 * browser or put in a document, drawn from the summary and comparison JSON (so a plot shows
 * exactly the figures of the report): win rates with their intervals, the deck matrix as a heat
 * map, the histogram of game lengths, and an experiment's forest plot. SVG is text: written
 * here directly, its labels are laid out by whatever shows it (no fonts needed to make it). */
#include "sim.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { PLOT_W = 900, ROW_H = 22, LABEL_W = 250, TOP = 62, BAR_W = 440 };

typedef struct svg {
    FILE *f;
    char path[1024];
} svg;

/* text escaped for XML. */
static void svg_escaped(FILE *f, const char *text)
{
    for (const char *c = text ? text : "?"; *c; c++) {
        if (*c == '&')
            fputs("&amp;", f);
        else if (*c == '<')
            fputs("&lt;", f);
        else if (*c == '>')
            fputs("&gt;", f);
        else
            fputc(*c, f);
    }
}

/* A new picture with a title and, under it, a line saying what it shows (may be NULL). */
static carta_status svg_open(svg *s, const char *dir, const char *name, int height,
                             const char *title, const char *what, carta_error *err)
{
    snprintf(s->path, sizeof s->path, "%s/%s", dir, name);
    if (!(s->f = fopen(s->path, "w")))
        return carta_error_set(err, CARTA_ERR_IO, "--plots: cannot write %s: %s", s->path,
                               strerror(errno));
    fprintf(s->f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                  "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
                  "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            PLOT_W, height, PLOT_W, height);
    fprintf(s->f, "<text x=\"12\" y=\"22\" font-size=\"15\" font-weight=\"bold\">");
    svg_escaped(s->f, title);
    fputs("</text>\n", s->f);
    if (what) {
        fputs("<text x=\"12\" y=\"40\" fill=\"#555\">", s->f);
        svg_escaped(s->f, what);
        fputs("</text>\n", s->f);
    }
    return CARTA_OK;
}

static carta_status svg_close(svg *s, carta_error *err)
{
    fputs("</svg>\n", s->f);
    int bad = ferror(s->f);
    bad |= fclose(s->f) != 0;
    if (bad) {
        remove(s->path);
        return carta_error_set(err, CARTA_ERR_IO, "--plots: cannot write %s", s->path);
    }
    return CARTA_OK;
}

/* Text at (x, y), escaped for XML; anchor "start", "middle" or "end". */
static void svg_text(svg *s, double x, double y, const char *anchor, const char *text)
{
    fprintf(s->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">", x, y, anchor);
    svg_escaped(s->f, text);
    fputs("</text>\n", s->f);
}

static double num(json_t *o, const char *key)
{
    json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

/* One row of a chart on the scale [lo_axis, hi_axis]: label, a dot at value and a line from lo
 * to hi (its 95% interval), and the figures at the right. */
typedef struct plot_row {
    char label[96];
    double value, lo, hi;
    int marked; /* drawn in the accent colour (a changed card) */
} plot_row;

static double axis_x(double v, double lo_axis, double hi_axis)
{
    return LABEL_W + (v - lo_axis) / (hi_axis - lo_axis) * BAR_W;
}

/* The axis: vertical grid lines at ticks, labelled in percent (scale 100) or as is. */
static void svg_axis(svg *s, double lo_axis, double hi_axis, double step, int rows, double zero)
{
    double bottom = TOP + rows * ROW_H;
    for (double t = lo_axis; t <= hi_axis + 1e-9; t += step) {
        double x = axis_x(t, lo_axis, hi_axis);
        char label[32];
        snprintf(label, sizeof label, "%+g", round(t * 1000) / 10);
        if (lo_axis >= 0)
            snprintf(label, sizeof label, "%g%%", round(t * 1000) / 10);
        fprintf(s->f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x,
                TOP - 6, x, bottom, fabs(t - zero) < 1e-9 ? "#555" : "#ddd");
        svg_text(s, x, bottom + 16, "middle", label);
    }
}

static void svg_rows(svg *s, const plot_row *rows, int n, double lo_axis, double hi_axis,
                     const char *unit)
{
    for (int i = 0; i < n; i++) {
        const plot_row *r = &rows[i];
        double y = TOP + i * ROW_H + ROW_H / 2.0;
        const char *colour = r->marked ? "#c0392b" : "#1f5fa8";
        svg_text(s, LABEL_W - 8, y + 4, "end", r->label);
        if (isnan(r->value))
            continue;
        double lo = isnan(r->lo) ? r->value : r->lo, hi = isnan(r->hi) ? r->value : r->hi;
        fprintf(s->f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                      "stroke-width=\"2\"/>\n",
                axis_x(lo, lo_axis, hi_axis), y, axis_x(hi, lo_axis, hi_axis), y, colour);
        fprintf(s->f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n",
                axis_x(r->value, lo_axis, hi_axis), y, colour);
        char figures[96];
        if (lo_axis < 0) /* differences */
            snprintf(figures, sizeof figures, "%+.1f%s [%+.1f, %+.1f]", 100 * r->value, unit,
                     100 * lo, 100 * hi);
        else
            snprintf(figures, sizeof figures, "%.1f%s [%.1f, %.1f]", 100 * r->value, unit,
                     100 * lo, 100 * hi);
        svg_text(s, LABEL_W + BAR_W + 12, y + 4, "start", figures);
    }
}

/* A chart of rates on [0, 1]. */
static carta_status plot_rates(const char *dir, const char *name, const char *title,
                               const char *what, const plot_row *rows, int n, carta_error *err)
{
    svg s;
    carta_status st = svg_open(&s, dir, name, TOP + n * ROW_H + 30, title, what, err);
    if (st != CARTA_OK)
        return st;
    svg_axis(&s, 0, 1, 0.25, n, 0.5);
    svg_rows(&s, rows, n, 0, 1, "%");
    return svg_close(&s, err);
}

/* Each player's win rate, then each deck's in the first seat and in later seats (--deck-pool). */
static carta_status plot_win_rates(const char *dir, const char *prefix, json_t *summary,
                                   carta_error *err)
{
    plot_row rows[CARTA_MAX_SEATS + 2 * SIM_MAX_DECKS];
    int n = 0;
    json_t *p, *d;
    size_t i;
    json_array_foreach(json_object_get(summary, "players"), i, p) {
        if (n == CARTA_MAX_SEATS)
            break;
        rows[n] = (plot_row){.value = num(p, "win_rate"), .lo = num(p, "ci_low"),
                             .hi = num(p, "ci_high")};
        snprintf(rows[n++].label, sizeof rows[0].label, "player %lld (%.60s)",
                 json_integer_value(json_object_get(p, "player")),
                 json_string_value(json_object_get(p, "ai")));
    }
    json_t *by_deck = json_object_get(json_object_get(summary, "first_seat"), "by_deck");
    json_array_foreach(by_deck, i, d) {
        if (n + 2 > (int)(sizeof rows / sizeof rows[0]))
            break;
        const char *deck = json_string_value(json_object_get(d, "deck"));
        rows[n] = (plot_row){.value = num(d, "win_rate"), .lo = num(d, "ci_low"),
                             .hi = num(d, "ci_high")};
        snprintf(rows[n++].label, sizeof rows[0].label, "%.60s, first seat", deck ? deck : "?");
        rows[n] = (plot_row){.value = num(d, "later_win_rate"), .lo = num(d, "later_ci_low"),
                             .hi = num(d, "later_ci_high")};
        snprintf(rows[n++].label, sizeof rows[0].label, "%.60s, later seats", deck ? deck : "?");
    }
    char name[64];
    snprintf(name, sizeof name, "%swin-rates.svg", prefix);
    return plot_rates(dir, name, "Win rates", "each dot a win rate, each line its 95% interval "
                      "(Wilson)", rows, n, err);
}

/* The histogram of game lengths. */
static carta_status plot_lengths(const char *dir, const char *prefix, json_t *summary,
                                 carta_error *err)
{
    json_t *hist = json_object_get(json_object_get(summary, "length"), "histogram");
    json_t *bars = json_object_get(hist, "bars"), *b;
    size_t n = json_array_size(bars), i;
    if (!n)
        return CARTA_OK;
    double most = 1;
    json_array_foreach(bars, i, b)
        most = fmax(most, num(b, "games"));
    char name[64], title[96];
    snprintf(name, sizeof name, "%slengths.svg", prefix);
    snprintf(title, sizeof title, "How long games lasted (%s)",
             json_string_value(json_object_get(hist, "unit")));
    svg s;
    const int height = 300, base = 250, width = PLOT_W - 80;
    carta_status st = svg_open(&s, dir, name, height, title, "games a bar above it, their "
                               "lengths below it", err);
    if (st != CARTA_OK)
        return st;
    double w = (double)width / (double)n;
    json_array_foreach(bars, i, b) {
        double h = num(b, "games") / most * (base - TOP), x = 50 + w * (double)i;
        char label[48];
        fprintf(s.f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                     "fill=\"#1f5fa8\"/>\n",
                x + 2, base - h, w - 4, h);
        snprintf(label, sizeof label, "%.0f", num(b, "games"));
        svg_text(&s, x + w / 2, base - h - 4, "middle", label);
        snprintf(label, sizeof label, "%.0f-%.0f", num(b, "from"), num(b, "to"));
        svg_text(&s, x + w / 2, base + 16, "middle", label);
    }
    return svg_close(&s, err);
}

/* The deck matrix as a heat map: row deck's win rate against the column deck. */
static carta_status plot_matrix(const char *dir, const char *prefix, json_t *summary,
                                carta_error *err)
{
    json_t *m = json_object_get(summary, "matrix"), *decks = json_object_get(m, "decks");
    size_t n = json_array_size(decks);
    if (n < 2)
        return CARTA_OK;
    const int cell = n > 8 ? 44 : 70, left = 200, top = 104; /* column labels stagger */
    char name[64];
    snprintf(name, sizeof name, "%smatrix.svg", prefix);
    svg s;
    carta_status st = svg_open(&s, dir, name, top + (int)n * cell + 40, "Deck against deck",
                               "the row deck's win rate against the column deck: blue above "
                               "50%, red below", err);
    if (st != CARTA_OK)
        return st;
    for (size_t a = 0; a < n; a++) {
        const char *deck = json_string_value(json_array_get(decks, a));
        svg_text(&s, left - 8, top + (double)a * cell + cell / 2.0 + 4, "end", deck);
        svg_text(&s, left + (double)a * cell + cell / 2.0, top - 8 - 14.0 * (double)(a % 2),
                 "middle", deck);
        for (size_t b = 0; b < n; b++) {
            double rate = json_number_value(json_array_get(
                json_array_get(json_object_get(m, "win_rate"), a), b));
            json_int_t games = json_integer_value(json_array_get(
                json_array_get(json_object_get(m, "games"), a), b));
            /* blue above 50%, red below, white at even */
            double t = games ? fmin(1, fabs(rate - 0.5) * 2) : 0;
            int r = rate >= 0.5 ? (int)(255 - 224 * t) : 255, g = (int)(255 - 160 * t);
            int bl = rate >= 0.5 ? 255 : (int)(255 - 224 * t);
            fprintf(s.f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" "
                         "fill=\"rgb(%d,%d,%d)\" stroke=\"#999\"/>\n",
                    left + (double)b * cell, top + (double)a * cell, cell, cell, r, g, bl);
            char label[32];
            snprintf(label, sizeof label, games ? "%.0f%%" : "-", 100 * rate);
            svg_text(&s, left + (double)b * cell + cell / 2.0,
                     top + (double)a * cell + cell / 2.0 + 4, "middle", label);
        }
    }
    return svg_close(&s, err);
}

/* An experiment's forest plot: each player's win rate and each card's play rate, as the paired
 * difference with its 95% interval, in points; the changed cards in red. */
static carta_status plot_forest(const char *dir, json_t *cmp, carta_error *err)
{
    plot_row rows[CARTA_MAX_SEATS + 20];
    int n = 0;
    json_t *o;
    size_t i;
    json_array_foreach(json_object_get(cmp, "players"), i, o) {
        rows[n] = (plot_row){.value = num(o, "diff"), .lo = num(o, "ci_low"),
                             .hi = num(o, "ci_high")};
        if (n == CARTA_MAX_SEATS)
            break;
        snprintf(rows[n++].label, sizeof rows[0].label, "player %lld (%.60s) wins",
                 json_integer_value(json_object_get(o, "player")),
                 json_string_value(json_object_get(o, "ai")));
    }
    json_array_foreach(json_object_get(cmp, "cards"), i, o) {
        if (n == (int)(sizeof rows / sizeof rows[0]))
            break;
        rows[n] = (plot_row){.value = num(o, "diff"), .lo = num(o, "ci_low"),
                             .hi = num(o, "ci_high"),
                             .marked = json_is_true(json_object_get(o, "changed"))};
        snprintf(rows[n++].label, sizeof rows[0].label, "%.70s played",
                 json_string_value(json_object_get(o, "card")));
    }
    double reach = 0.05;
    for (int k = 0; k < n; k++)
        reach = fmax(reach, fmax(fabs(rows[k].lo), fabs(rows[k].hi)));
    reach = ceil(reach * 20) / 20; /* to a multiple of 5 points */
    svg s;
    char title[1100];
    snprintf(title, sizeof title, "Without and with %.1000s",
             json_string_value(json_object_get(json_object_get(cmp, "variant"), "file")));
    carta_status st = svg_open(&s, dir, "forest.svg", TOP + n * ROW_H + 56, title,
                               "the same games' paired differences in points of rate, with "
                               "95% intervals; red: the changed cards", err);
    if (st != CARTA_OK)
        return st;
    svg_axis(&s, -reach, reach, reach / 2, n, 0);
    svg_rows(&s, rows, n, -reach, reach, " pts");
    json_t *len = json_object_get(cmp, "length_actions");
    char note[160];
    snprintf(note, sizeof note, "game length: %+.1f actions [%+.1f, %+.1f]",
             num(len, "diff"), num(len, "ci_low"), num(len, "ci_high"));
    svg_text(&s, 12, TOP + n * ROW_H + 44, "start", note);
    return svg_close(&s, err);
}

carta_status sim_plots_summary(const char *dir, const char *prefix, json_t *summary,
                               carta_error *err)
{
    carta_status st = plot_win_rates(dir, prefix, summary, err);
    if (st == CARTA_OK)
        st = plot_lengths(dir, prefix, summary, err);
    if (st == CARTA_OK)
        st = plot_matrix(dir, prefix, summary, err);
    return st;
}

carta_status sim_plots_comparison(const char *dir, json_t *comparison, carta_error *err)
{
    return plot_forest(dir, comparison, err);
}
