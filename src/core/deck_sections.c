/* deck_sections.c: a deck said in its named sections (deck_sections.h). */
#include "deck_sections.h"

#include <stdio.h>
#include <string.h>

/* The section of card, clamped into the game's sections. */
static int sections_of(const carta_game *g, const carta_rules *r, int card)
{
    int s = g->deck_section(r, card);
    return s >= 0 && s < g->n_deck_sections ? s : g->n_deck_sections - 1;
}

void carta_deck_section_counts(const carta_game *g, const carta_rules *r, const carta_deck *d,
                               int *counts)
{
    memset(counts, 0, sizeof *counts * (size_t)g->n_deck_sections);
    for (int i = 0; g->deck_section && i < d->n_cards; i++)
        counts[sections_of(g, r, d->cards[i])]++;
}

void carta_deck_sections_text(const carta_game *g, const carta_rules *r, const carta_deck *d,
                              char *buf, size_t cap)
{
    int counts[16] = {0};
    size_t n = 0;
    buf[0] = '\0';
    if (!g->deck_section || g->n_deck_sections < 1 || g->n_deck_sections > 16)
        return;
    carta_deck_section_counts(g, r, d, counts);
    for (int s = 0; s < g->n_deck_sections && n < cap; s++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s %d", s ? ", " : "", g->deck_sections[s],
                              counts[s]);
}

json_t *carta_deck_sections_json(const carta_game *g, const carta_rules *r, const carta_deck *d)
{
    if (!g->deck_section || g->n_deck_sections < 1)
        return NULL;
    json_t *map = json_object();
    for (int s = 0; map && s < g->n_deck_sections; s++)
        json_object_set_new(map, g->deck_sections[s], json_array());
    for (int i = 0; map && i < d->n_cards; i++) {
        json_t *list = json_object_get(map, g->deck_sections[sections_of(g, r, d->cards[i])]);
        json_array_append_new(list, json_string(g->card_name(r, d->cards[i])));
    }
    return map;
}
