/* game.c: the Arkhtide rule system's descriptor and its rules object (open, close, card lookup). */
#include "games/arkhtide/arkhtide.h"
#include "core/game_yaml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rules_open.h"

static void ark_rules_free(carta_rules *rules)
{
    carta_catalog_free(rules->catalog);
    carta_layout_free(&rules->layout);
    free(rules->defs);
    free(rules->refs);
    free(rules);
}

static carta_rules *ark_open(const char *data_dir, carta_error *err)
{
    carta_rules *rules = calloc(1, sizeof *rules);
    if (!rules) {
        carta_error_set(err, CARTA_ERR_NOMEM, "arkhtide: out of memory");
        return NULL;
    }
    rules->unique_trait = -1;
    rules->neutral_realm = -1;
    carta_rules_parts parts = {&rules->catalog, &rules->layout, rules->data_dir,
                               sizeof rules->data_dir};
    if (carta_rules_open(&parts, "arkhtide", data_dir, ark_layout_build, ark_compile_card, rules,
                         err) != CARTA_OK ||
        (data_dir && ark_resolve_refs(rules, err) != CARTA_OK) ||
        carta_eval_weights_open(data_dir, ark_eval_table, ARK_EVW_COUNT, rules->eval_w, err) !=
            CARTA_OK) {
        ark_rules_free(rules);
        return NULL;
    }
    return rules;
}

static const carta_layout *ark_layout(const carta_rules *rules) { return &rules->layout; }

static void ark_close(carta_rules *rules)
{
    if (rules)
        ark_rules_free(rules);
}

static carta_status ark_add_cards(carta_rules *rules, struct fy_node *cards, const char *file,
                                  carta_error *err)
{
    carta_status st =
        carta_catalog_load_node(rules->catalog, cards, file, ark_compile_card, rules, err);
    if (st == CARTA_OK)
        st = ark_resolve_refs(rules, err);
    if (st != CARTA_OK) { /* the catalog rolled back: forget the definitions past its end */
        rules->n_defs = carta_catalog_count(rules->catalog);
        if (rules->neutral_realm >= rules->n_defs)
            rules->neutral_realm = -1;
    }
    return st;
}

static uint64_t ark_card_digest(const carta_rules *rules)
{
    return carta_catalog_digest(rules->catalog);
}

static const char *ark_card_name(const carta_rules *rules, int card_id)
{
    const ark_card_def *def = ark_def(rules, card_id);
    return def ? def->name : "?";
}

static int ark_card_id(const carta_rules *rules, const char *name)
{
    return carta_catalog_find(rules->catalog, name);
}

static const carta_mode ark_modes[] = {
    {"duel", "Seeker's Duel", 2, 2},
    {"desperate", "Desperate Measures", 3, ARK_SEATS},
};

const carta_game carta_game_arkhtide = {
    .id = "arkhtide",
    .name = "Arkhtide (Seeker's Duel, Desperate Measures)",
    .rules_version = "3",
    .min_seats = 2,
    .max_seats = 5,
    .state_size = sizeof(ark_state),
    .modes = ark_modes,
    .n_modes = 2,
    .open = ark_open,
    .close = ark_close,
    .card_digest = ark_card_digest,
    .card_name = ark_card_name,
    .card_id = ark_card_id,
    .deck_resolve = arkhtide_deck_resolve,
    .deck_sections = ark_deck_sections,
    .n_deck_sections = ARK_DECK_SECTIONS,
    .deck_section = ark_deck_section,
    .deck_check = arkhtide_deck_check,
    .setup = ark_setup,
    .to_act = ark_to_act,
    .deciding = ark_deciding,
    .legal_actions = ark_legal_actions,
    .apply = ark_apply,
    .returns = ark_returns,
    .observe = ark_observe,
    .determinize = ark_determinize,
    .layout = ark_layout,
    .check = ark_check,
    .evaluate = ark_evaluate,
    .evaluate_with = ark_evaluate_with,
    .eval_weights = ark_eval_table,
    .n_eval_weights = ARK_EVW_COUNT,
    .eval_features = ark_eval_features,
    .expert = ark_expert,
    .describe_action = ark_describe_action,
    .describe_move = ark_describe_move,
    .action_card = ark_action_card,
    .describe_card = ark_describe_card,
    .event_word = ark_event_word,
    .points = ark_points,
    .view = ark_view,
    .action_view = ark_action_view,
    .render = ark_render,
    .describe_state = ark_describe_state,
};

/* What the game offers to YAML files (core/game_yaml.h): inline cards, scenario positions and
 * the expectation keys of docs/scenarios.md (scenario.c). */
extern const carta_expect_table arkhtide_expect_table;

const carta_game_yaml carta_game_arkhtide_yaml = {
    &carta_game_arkhtide, ark_add_cards, arkhtide_scenario_position, &arkhtide_expect_table};
