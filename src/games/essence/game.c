/* game.c: Essence's descriptor and its rules object (../shared/rulebooks/essence.txt). */
#include "games/essence/essence.h"

#include <stdlib.h>

#include "core/rules_open.h"

static void ess_close(carta_rules *r)
{
    if (!r)
        return;
    for (int id = 0; id < CARTA_CATALOG_MAX; id++)
        free(r->text[id]);
    carta_catalog_free(r->catalog);
    carta_layout_free(&r->layout);
    free(r);
}

static carta_rules *ess_open(const char *data_dir, carta_error *err)
{
    carta_rules *r = calloc(1, sizeof *r);
    if (!r) {
        carta_error_set(err, CARTA_ERR_NOMEM, "essence: out of memory");
        return NULL;
    }
    carta_rules_parts parts = {&r->catalog, &r->layout, r->data_dir, sizeof r->data_dir};
    if (carta_rules_open(&parts, "essence", data_dir, ess_layout_build, ess_compile, r, err) !=
            CARTA_OK ||
        ess_link(r, err) != CARTA_OK ||
        carta_eval_weights_open(data_dir, ess_eval_table, ESS_EVW_COUNT, r->eval_w, err) !=
            CARTA_OK) {
        ess_close(r);
        return NULL;
    }
    return r;
}

static uint64_t ess_card_digest(const carta_rules *r) { return carta_catalog_digest(r->catalog); }

static const char *ess_card_name(const carta_rules *r, int card)
{
    const char *name = carta_catalog_name(r->catalog, card);
    return name ? name : "?";
}

static int ess_card_id(const carta_rules *r, const char *name)
{
    return carta_catalog_find(r->catalog, name);
}

static const carta_layout *ess_layout(const carta_rules *r) { return &r->layout; }

const carta_game carta_game_essence = {
    .id = "essence",
    .name = "Essence (2-4 Avatars race for the Essence of Eternity)",
    .rules_version = "1",
    .min_seats = 2,
    .max_seats = ESS_SEATS,
    .state_size = sizeof(ess_state),
    .options = ess_options,
    .n_options = 2,
    .open = ess_open,
    .close = ess_close,
    .card_digest = ess_card_digest,
    .card_name = ess_card_name,
    .card_id = ess_card_id,
    .deck_resolve = ess_deck_resolve,
    .deck_check = ess_deck_check,
    .setup = ess_setup,
    .to_act = ess_to_act,
    .deciding = ess_deciding,
    .legal_actions = ess_legal_actions,
    .apply = ess_apply,
    .returns = ess_returns,
    .utility = CARTA_ZERO_SUM,
    .observe = ess_observe,
    .determinize = ess_determinize,
    .layout = ess_layout,
    .check = ess_check,
    .evaluate = ess_evaluate,
    .evaluate_with = ess_evaluate_with,
    .eval_weights = ess_eval_table,
    .n_eval_weights = ESS_EVW_COUNT,
    .eval_features = ess_eval_features,
    .expert = ess_expert,
    .mcts_defaults = "playout=expert", /* docs/ai.md, "Play-outs by the expert" */
    .describe_action = ess_describe_action,
    .describe_move = ess_describe_move,
    .action_card = ess_action_card,
    .describe_card = ess_describe_card,
    .event_word = ess_event_word,
    .view = ess_view,
    .action_view = ess_action_view,
    .render = ess_render,
    .describe_state = ess_describe_state,
};
