/* play_card.c: the `card NAME` command of `carta play`: a card found by its name, a unique
 * prefix of it or a unique part of it, and the closest names suggested when none fits. */
#include "play.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

enum { CARD_SUGGESTIONS = 4, CARD_LIST_MAX = 8 };

/* The name of card id, or NULL past the last card (ids are 0, 1, ... in the catalog). */
static const char *card_at(const play_session *s, int id)
{
    const char *name = s->g->card_name(s->r, id);
    return name && s->g->card_id(s->r, name) == id ? name : NULL;
}

/* Whether want (lower case) starts name, ignoring case. */
static int starts_with(const char *name, const char *want)
{
    for (; *want; want++, name++)
        if (tolower((unsigned char)*name) != *want)
            return 0;
    return 1;
}

/* Whether want (lower case) is in name, ignoring case. */
static int contains(const char *name, const char *want)
{
    for (; *name; name++)
        if (starts_with(name, want))
            return 1;
    return 0;
}

/* The edit distance between a and b, ignoring case; b at most 63 bytes are compared. */
static int distance(const char *a, const char *b)
{
    enum { MAXLEN = 64 };
    int row[MAXLEN + 1];
    size_t nb = strlen(b) < MAXLEN ? strlen(b) : MAXLEN;
    for (size_t j = 0; j <= nb; j++)
        row[j] = (int)j;
    for (size_t i = 1; a[i - 1] && i <= MAXLEN; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= nb; j++) {
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int best = diag + cost;
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            diag = row[j];
            row[j] = best;
        }
    }
    return row[nb];
}

/* How far typed is from name: the least edit distance to the whole name or to the start of any
 * of its words cut to typed's length ("Vasca" is 1 from "Vaska the Iron Crown"). */
static int name_distance(const char *typed, const char *name)
{
    char piece[64];
    size_t len = strlen(typed) < sizeof piece ? strlen(typed) : sizeof piece - 1;
    int best = distance(typed, name);
    for (const char *w = name; *w; w++) {
        if (w != name && w[-1] != ' ')
            continue;
        snprintf(piece, len + 1, "%s", w);
        int d = distance(typed, piece);
        if (d < best)
            best = d;
    }
    return best;
}

/* The cards whose names match want (lower case) by test, at most max ids in out; returns how
 * many match (may be more than max). */
static int cards_matching(const play_session *s, const char *want,
                          int (*test)(const char *, const char *), int *out, int max)
{
    int n = 0;
    const char *name;
    for (int id = 0; (name = card_at(s, id)); id++)
        if (test(name, want)) {
            if (n < max)
                out[n] = id;
            n++;
        }
    return n;
}

/* Prints "did you mean" with the names of ids (n of them, more than shown if total > n). */
static void say_candidates(const play_session *s, const char *name, const int *ids, int n,
                           int total, const char *why)
{
    printf("'%s' %s: ", name, why);
    for (int i = 0; i < n; i++)
        printf("%s%s", i ? (i + 1 == n && total == n ? " or " : ", ") : "",
               s->g->card_name(s->r, ids[i]));
    printf("%s?\n", total > n ? ", ..." : "");
}

/* Keeps id among the closest names so far (ids, sorted by distance d, *n of them). */
static void keep_closest(int *ids, int *ds, int *n, int id, int d)
{
    int at = *n;
    while (at > 0 && ds[at - 1] > d)
        at--;
    if (at >= CARD_SUGGESTIONS)
        return;
    int kept = *n < CARD_SUGGESTIONS ? *n : CARD_SUGGESTIONS - 1;
    memmove(ids + at + 1, ids + at, (size_t)(kept - at) * sizeof *ids);
    memmove(ds + at + 1, ds + at, (size_t)(kept - at) * sizeof *ds);
    ids[at] = id;
    ds[at] = d;
    if (*n < CARD_SUGGESTIONS)
        (*n)++;
}

/* Suggests the names closest to an unknown one, if any is close. */
static void suggest_close(const play_session *s, const char *typed)
{
    int ids[CARD_SUGGESTIONS], ds[CARD_SUGGESTIONS], n = 0;
    int limit = ((int)strlen(typed) + 1) / 4 > 1 ? ((int)strlen(typed) + 1) / 4 : 1;
    const char *name;
    for (int id = 0; (name = card_at(s, id)); id++) {
        int d = name_distance(typed, name);
        if (d <= limit)
            keep_closest(ids, ds, &n, id, d);
    }
    const char *example = card_at(s, 0);
    if (n)
        say_candidates(s, typed, ids, n, n, "is no card's name; did you mean");
    else
        printf("'%s' is no card's name (try 'card %s')\n", typed, example ? example : "NAME");
}

/* The card the player means: its exact name, else a unique prefix, else a unique part of a
 * name; -1 after saying which cards it could be, or the closest names. */
static int find_card(const play_session *s, const char *typed)
{
    int id = s->g->card_id(s->r, typed);
    if (id >= 0)
        return id;
    char want[256];
    size_t n = 0;
    for (; typed[n] && n + 1 < sizeof want; n++)
        want[n] = (char)tolower((unsigned char)typed[n]);
    want[n] = '\0';
    int ids[CARD_LIST_MAX];
    int hits = cards_matching(s, want, starts_with, ids, CARD_LIST_MAX);
    if (hits == 0)
        hits = cards_matching(s, want, contains, ids, CARD_LIST_MAX);
    if (hits == 1)
        return ids[0];
    if (hits > 1)
        say_candidates(s, typed, ids, hits < CARD_LIST_MAX ? hits : CARD_LIST_MAX, hits,
                       "could be several cards; did you mean");
    else
        suggest_close(s, typed);
    return -1;
}

void play_show_card(play_session *s, const char *name)
{
    if (!s->g->describe_card) {
        printf("This game does not describe its cards.\n");
        return;
    }
    if (!*name) {
        const char *example = card_at(s, 0);
        printf("card needs a card's name (or the start of it), e.g. 'card %s'\n",
               example ? example : "NAME");
        return;
    }
    int id = find_card(s, name);
    if (id < 0)
        return;
    carta_text text = {0};
    s->g->describe_card(s->r, id, &text);
    cli_print_folded(carta_text_str(&text), cli_width());
    carta_text_free(&text);
}
