/* game.c: the Leaders rule system's descriptor and its rules object (open, close, card lookup). */
#include "games/leaders/leaders.h"
#include "core/game_yaml.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/rules_open.h"

const char *leaders_rules_data_dir(const carta_rules *rules) { return rules->data_dir; }

static void leaders_free(carta_rules *rules)
{
    carta_catalog_free(rules->catalog);
    carta_layout_free(&rules->layout);
    free(rules->defs);
    free(rules->refs);
    free(rules);
}

static carta_rules *leaders_open(const char *data_dir, carta_error *err)
{
    carta_rules *rules = calloc(1, sizeof *rules);
    if (!rules) {
        carta_error_set(err, CARTA_ERR_NOMEM, "leaders: out of memory");
        return NULL;
    }
    carta_rules_parts parts = {&rules->catalog, &rules->layout, rules->data_dir,
                               sizeof rules->data_dir};
    if (carta_rules_open(&parts, "leaders", data_dir, leaders_layout_build, leaders_compile_card,
                         rules, err) != CARTA_OK ||
        (data_dir && leaders_link(rules, err) != CARTA_OK) ||
        carta_eval_weights_open(data_dir, leaders_eval_table, LEADERS_EVW_COUNT, rules->eval_w,
                                err) != CARTA_OK) {
        leaders_free(rules);
        return NULL;
    }
    return rules;
}

static const carta_layout *leaders_layout(const carta_rules *rules) { return &rules->layout; }

static void leaders_close(carta_rules *rules)
{
    if (rules)
        leaders_free(rules);
}

static carta_status leaders_add_cards(carta_rules *rules, struct fy_node *cards, const char *file,
                                      carta_error *err)
{
    carta_status st =
        carta_catalog_load_node(rules->catalog, cards, file, leaders_compile_card, rules, err);
    if (st != CARTA_OK) { /* the catalog rolled back: forget the definitions past its end */
        rules->n_defs = carta_catalog_count(rules->catalog);
        rules->n_refs = 0;
        return st;
    }
    return leaders_link(rules, err);
}

static uint64_t leaders_card_digest(const carta_rules *rules)
{
    return carta_catalog_digest(rules->catalog);
}

static const char *leaders_card_name(const carta_rules *rules, int card_id)
{
    const leaders_def *def = leaders_def_of(rules, card_id);
    return def ? def->name : "?";
}

static int leaders_card_id(const carta_rules *rules, const char *name)
{
    return carta_catalog_find(rules->catalog, name);
}

const carta_game carta_game_leaders = {
    .id = "leaders",
    .name = "Leaders (the 5x6 grid duel)",
    .rules_version = "3",
    .min_seats = 2,
    .max_seats = 2,
    .state_size = sizeof(leaders_state),
    .open = leaders_open,
    .close = leaders_close,
    .card_digest = leaders_card_digest,
    .card_name = leaders_card_name,
    .card_id = leaders_card_id,
    .deck_resolve = leaders_deck_resolve,
    .deck_sections = leaders_deck_sections,
    .n_deck_sections = LEADERS_DECK_SECTIONS,
    .deck_section = leaders_deck_section,
    .deck_check = leaders_deck_check,
    .setup = leaders_setup,
    .to_act = leaders_to_act,
    .legal_actions = leaders_legal_actions,
    .apply = leaders_apply,
    .returns = leaders_returns,
    .observe = leaders_observe,
    .determinize = leaders_determinize,
    .layout = leaders_layout,
    .check = leaders_check,
    .evaluate = leaders_evaluate,
    .evaluate_with = leaders_evaluate_with,
    .eval_weights = leaders_eval_table,
    .n_eval_weights = LEADERS_EVW_COUNT,
    .eval_features = leaders_eval_features,
    .expert = leaders_expert,
    .describe_action = leaders_describe_action,
    .describe_move = leaders_describe_move,
    .action_card = leaders_action_card,
    .describe_card = leaders_describe_card,
    .view = leaders_view,
    .action_view = leaders_action_view,
    .render = leaders_render,
    .describe_state = leaders_describe_state,
    .event_word = leaders_event_word,
};

/* What the game offers to YAML files (core/game_yaml.h): inline cards, scenario positions and
 * the expectation keys of docs/scenarios.md (scenario.c). */
extern const carta_expect_table leaders_expect_table;

const carta_game_yaml carta_game_leaders_yaml = {
    &carta_game_leaders, leaders_add_cards, leaders_scenario_position, &leaders_expect_table};
