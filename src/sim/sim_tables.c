/* sim_tables.c: `carta sim --tables DIR`: every table of the report as a CSV file a spreadsheet
 * opens, written from the summary and comparison JSON (the numbers --json prints): players,
 * seats, each deck in the first and later seats, endings, the length histogram, the deck matrix
 * (one row a pairing), and an experiment's paired differences. */
#include "sim.h"

#include <errno.h>
#include <string.h>

void sim_csv_field(FILE *f, const char *text)
{
    if (!strpbrk(text, ",\"\n\r")) {
        fputs(text, f);
        return;
    }
    fputc('"', f);
    for (const char *c = text; *c; c++) {
        if (*c == '"')
            fputc('"', f);
        fputc(*c, f);
    }
    fputc('"', f);
}

/* Whether a JSON value fits in a field (nested lists and objects are left out). */
static int csv_scalar(json_t *v)
{
    return json_is_string(v) || json_is_number(v) || json_is_boolean(v) || json_is_null(v);
}

/* A scalar JSON value as a field ("" for null or absent). */
static void csv_value(FILE *f, json_t *v)
{
    if (json_is_string(v))
        sim_csv_field(f, json_string_value(v));
    else if (json_is_integer(v))
        fprintf(f, "%lld", (long long)json_integer_value(v));
    else if (json_is_real(v))
        fprintf(f, "%.6g", json_real_value(v));
    else if (json_is_boolean(v))
        fputs(json_is_true(v) ? "true" : "false", f);
}

/* Rows: an array of objects; the columns are the first row's scalar members, in order, after
 * the leading columns lead (name, value pairs given for every row; may be NULL). */
static void csv_rows(FILE *f, json_t *rows, json_t *lead)
{
    json_t *first = json_array_get(rows, 0), *v, *row;
    const char *key;
    size_t i;
    int comma = 0;
    json_object_foreach(lead, key, v) {
        fprintf(f, "%s", comma++ ? "," : "");
        sim_csv_field(f, key);
    }
    json_object_foreach(first, key, v)
        if (csv_scalar(v)) {
            fprintf(f, "%s", comma++ ? "," : "");
            sim_csv_field(f, key);
        }
    fputc('\n', f);
    json_array_foreach(rows, i, row) {
        comma = 0;
        json_object_foreach(lead, key, v) {
            fprintf(f, "%s", comma++ ? "," : "");
            csv_value(f, v);
        }
        json_object_foreach(first, key, v)
            if (csv_scalar(v)) {
                fprintf(f, "%s", comma++ ? "," : "");
                csv_value(f, json_object_get(row, key));
            }
        fputc('\n', f);
    }
}

/* The deck matrix, one row a pairing (row deck, column deck). */
static json_t *matrix_rows(json_t *m)
{
    json_t *decks = json_object_get(m, "decks"), *rows = json_array();
    const char *fields[] = {"games", "wins", "win_rate", "ci_low", "ci_high"};
    for (size_t a = 0; a < json_array_size(decks); a++)
        for (size_t b = 0; b < json_array_size(decks); b++) {
            json_t *row = json_pack("{s:O, s:O}", "deck", json_array_get(decks, a), "against",
                                    json_array_get(decks, b));
            for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++)
                json_object_set(row, fields[k],
                                json_array_get(json_array_get(json_object_get(m, fields[k]), a),
                                               b));
            json_array_append_new(rows, row);
        }
    return rows;
}

/* Writes DIR/<prefix><name>.csv with rows (skipped if there are none). */
static carta_status write_table(const char *dir, const char *prefix, const char *name,
                                json_t *rows, json_t *lead, carta_error *err)
{
    if (!json_array_size(rows))
        return CARTA_OK;
    char path[1200];
    snprintf(path, sizeof path, "%s/%s%s.csv", dir, prefix, name);
    FILE *f = fopen(path, "w");
    if (!f)
        return carta_error_set(err, CARTA_ERR_IO, "--tables: cannot write %s: %s", path,
                               strerror(errno));
    csv_rows(f, rows, lead);
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad) {
        remove(path);
        return carta_error_set(err, CARTA_ERR_IO, "--tables: cannot write %s", path);
    }
    return CARTA_OK;
}

carta_status sim_tables_summary(const char *dir, const char *prefix, json_t *summary,
                                carta_error *err)
{
    json_t *hist = json_object_get(json_object_get(summary, "length"), "histogram");
    json_t *unit = json_pack("{s:O}", "unit", json_object_get(hist, "unit"));
    json_t *pairs = matrix_rows(json_object_get(summary, "matrix"));
    carta_status st = write_table(dir, prefix, "players", json_object_get(summary, "players"),
                                  NULL, err);
    if (st == CARTA_OK)
        st = write_table(dir, prefix, "seats", json_object_get(summary, "seats"), NULL, err);
    if (st == CARTA_OK)
        st = write_table(dir, prefix, "first-seat-by-deck",
                         json_object_get(json_object_get(summary, "first_seat"), "by_deck"),
                         NULL, err);
    if (st == CARTA_OK)
        st = write_table(dir, prefix, "endings", json_object_get(summary, "endings"), NULL, err);
    if (st == CARTA_OK)
        st = write_table(dir, prefix, "lengths", json_object_get(hist, "bars"), unit, err);
    if (st == CARTA_OK && json_array_size(json_object_get(json_object_get(summary, "matrix"),
                                                          "decks")) > 1)
        st = write_table(dir, prefix, "matrix", pairs, NULL, err);
    json_decref(unit);
    json_decref(pairs);
    return st;
}

carta_status sim_tables_comparison(const char *dir, json_t *comparison, carta_error *err)
{
    json_t *len = json_pack("[O]", json_object_get(comparison, "length_actions"));
    carta_status st = write_table(dir, "", "experiment-players",
                                  json_object_get(comparison, "players"), NULL, err);
    if (st == CARTA_OK)
        st = write_table(dir, "", "experiment-length", len, NULL, err);
    if (st == CARTA_OK)
        st = write_table(dir, "", "experiment-cards", json_object_get(comparison, "cards"), NULL,
                         err);
    json_decref(len);
    return st;
}
