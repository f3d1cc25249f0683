/* game.c: the Æmber rule system's descriptor and its rules object (open, close, card lookup). */
#include "games/aember/aember.h"
#include "core/game_yaml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/eval_weights.h"
#include "core/rules_open.h"

const char *aember_rules_data_dir(const carta_rules *rules) { return rules->data_dir; }

static void aember_close(carta_rules *rules)
{
    if (!rules)
        return;
    carta_catalog_free(rules->catalog);
    carta_layout_free(&rules->layout);
    free(rules->defs);
    free(rules);
}

static carta_rules *aember_open(const char *data_dir, carta_error *err)
{
    carta_rules *rules = calloc(1, sizeof *rules);
    if (!rules) {
        carta_error_set(err, CARTA_ERR_NOMEM, "aember: out of memory");
        return NULL;
    }
    carta_rules_parts parts = {&rules->catalog, &rules->layout, rules->data_dir,
                               sizeof rules->data_dir};
    if (carta_rules_open(&parts, "aember", data_dir, aember_layout_build, aember_compile_card,
                         rules, err) != CARTA_OK) {
        aember_close(rules);
        return NULL;
    }
    if (carta_eval_weights_open(data_dir, aember_eval_table, AEMBER_EVW_COUNT, rules->eval_w,
                                err) != CARTA_OK) {
        aember_close(rules);
        return NULL;
    }
    return rules;
}

static const carta_layout *aember_layout(const carta_rules *rules) { return &rules->layout; }

static carta_status aember_add_cards(carta_rules *rules, struct fy_node *cards, const char *file,
                                     carta_error *err)
{
    carta_status st =
        carta_catalog_load_node(rules->catalog, cards, file, aember_compile_card, rules, err);
    if (st != CARTA_OK) /* the catalog rolled back: forget the definitions past its end */
        rules->n_defs = carta_catalog_count(rules->catalog);
    return st;
}

static uint64_t aember_card_digest(const carta_rules *rules)
{
    return carta_catalog_digest(rules->catalog);
}

static const char *aember_card_name(const carta_rules *rules, int card_id)
{
    const aember_card_def *def = aember_def(rules, card_id);
    return def ? def->name : "?";
}

static int aember_card_id(const carta_rules *rules, const char *name)
{
    return carta_catalog_find(rules->catalog, name);
}

/* In text.c. */
int aember_action_card(const carta_rules *rules, const void *state, carta_action action);

static const carta_mode aember_modes[] = {
    {"standard", "first player at random", 2, 2},
    {"seat0", "player 1 goes first", 2, 2},
};

/* The rules variants a designer may try (--option): the glossary's values are the standard. */
static const carta_option_def aember_options[] = {
    {"key_cost", "Æmber a key costs before modifiers (glossary: FORGE A KEY, 6)", 1, 30,
     AEMBER_BASE_KEY_COST},
    {"hand_size", "cards a player draws up to at the end of the turn (glossary: DRAW CARDS, 6)",
     1, 12, AEMBER_HAND_SIZE},
};

const carta_game carta_game_aember = {
    .id = "aember",
    .name = "\xc3\x86mber (KeyForge rules glossary)",
    .rules_version = "3",
    .options = aember_options,
    .n_options = 2,
    .min_seats = 2,
    .max_seats = 2,
    .state_size = sizeof(aember_state),
    .modes = aember_modes,
    .n_modes = 2,
    .open = aember_open,
    .close = aember_close,
    .card_digest = aember_card_digest,
    .card_name = aember_card_name,
    .card_id = aember_card_id,
    .deck_resolve = aember_deck_resolve,
    .deck_check = aember_deck_check,
    .setup = aember_setup,
    .to_act = aember_to_act,
    .legal_actions = aember_legal_actions,
    .apply = aember_apply,
    .returns = aember_returns,
    .observe = aember_observe,
    .determinize = aember_determinize,
    .layout = aember_layout,
    .check = aember_check,
    .evaluate = aember_evaluate,
    .evaluate_with = aember_evaluate_with,
    .eval_weights = aember_eval_table,
    .n_eval_weights = AEMBER_EVW_COUNT,
    .eval_features = aember_eval_features,
    .expert = aember_expert,
    .mcts_defaults = "depth=24", /* docs/ai.md, "Longer play-outs in Æmber" */
    .describe_action = aember_describe_action,
    .describe_move = aember_describe_move,
    .action_card = aember_action_card,
    .describe_card = aember_describe_card,
    .event_word = aember_event_word,
    .view = aember_view,
    .action_view = aember_action_view,
    .render = aember_render,
    .describe_state = aember_describe_state,
};

/* What the game offers to YAML files (core/game_yaml.h): inline cards, scenario positions and
 * the expectation keys of docs/scenarios.md (scenario.c). */
extern const carta_expect_table aember_expect_table;

const carta_game_yaml carta_game_aember_yaml = {
    &carta_game_aember, aember_add_cards, aember_scenario_position, &aember_expect_table};
