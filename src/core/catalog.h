/* catalog.h: the card catalog, loaded from YAML card files, shared by every rule system.
 *
 * A card file is a YAML map with a `cards:` sequence of card maps (docs/card-format/<game>.md). The
 * catalog checks what every rule system shares (each card has a unique `name`), gives each card a
 * small integer id in load order, folds every file's bytes into a digest, and hands each card map
 * to the rule system's compile callback, which reads the fields of its own format and refuses bad
 * ones with file, line and reason. Loading stops at the first error. */
#ifndef CARTA_CATALOG_H
#define CARTA_CATALOG_H

#include <stdint.h>

#include "status.h"

struct fy_node;

enum { CARTA_CATALOG_MAX = 4096 };

typedef struct carta_catalog carta_catalog;

/* Called once per card map. card_id is the id the catalog assigned. */
typedef carta_status (*carta_card_compile_fn)(void *ctx, int card_id, struct fy_node *card,
                                              const char *file, carta_error *err);

/* A new empty catalog; NULL on allocation failure. Free with carta_catalog_free. */
carta_catalog *carta_catalog_new(void);
void carta_catalog_free(carta_catalog *cat);

/* Loads one card file. On error the catalog is left as it was before the call. */
carta_status carta_catalog_load_file(carta_catalog *cat, const char *path,
                                     carta_card_compile_fn compile, void *ctx, carta_error *err);
/* Loads every *.yaml file of dir whose name does not start with "deck", in name order. */
carta_status carta_catalog_load_dir(carta_catalog *cat, const char *dir,
                                    carta_card_compile_fn compile, void *ctx, carta_error *err);
/* While on (for loads on this thread), a card whose name the catalog already holds is compiled
 * again under its id, replacing it, instead of being refused as a duplicate: a card-change
 * variant (core/variant.h). Turn it off again after the load. */
void carta_catalog_replacing(int on);
/* Loads a sequence of card maps from an already parsed document (inline cards in a scenario). */
carta_status carta_catalog_load_node(carta_catalog *cat, struct fy_node *cards, const char *file,
                                     carta_card_compile_fn compile, void *ctx, carta_error *err);

int carta_catalog_count(const carta_catalog *cat);
/* Id of a card by name, case-insensitive; -1 if unknown. */
int carta_catalog_find(const carta_catalog *cat, const char *name);
const char *carta_catalog_name(const carta_catalog *cat, int card_id);
uint64_t carta_catalog_digest(const carta_catalog *cat);

#endif
