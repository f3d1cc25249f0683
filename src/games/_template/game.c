/* game.c: High Tide's descriptor and its rules object: the template a sixth rule system starts
 * from (docs/new-game.md). */
#include "games/_template/tide.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/rules_open.h"
#include "core/yaml.h"

carta_status tide_compile(void *ctx, int card_id, struct fy_node *card, const char *file,
                          carta_error *err)
{
    carta_rules *r = ctx;
    static const char *const keys[] = {"name", "power", "text", NULL};
    int power = 0;
    if (carta_yaml_check_keys(card, keys, "a High Tide card", file, err) ||
        carta_yaml_int(card, "power", 0, true, 1, 20, &power, file, err))
        return CARTA_ERR_INPUT;
    r->power[card_id] = (int8_t)power;
    return CARTA_OK;
}

static void tide_close(carta_rules *r)
{
    if (!r)
        return;
    carta_catalog_free(r->catalog);
    carta_layout_free(&r->layout);
    free(r);
}

static carta_rules *tide_open(const char *data_dir, carta_error *err)
{
    carta_rules *r = calloc(1, sizeof *r);
    if (!r) {
        carta_error_set(err, CARTA_ERR_NOMEM, "template: out of memory");
        return NULL;
    }
    carta_rules_parts parts = {&r->catalog, &r->layout, r->data_dir, sizeof r->data_dir};
    if (carta_rules_open(&parts, "template", data_dir, tide_layout_build, tide_compile, r,
                         err) != CARTA_OK) {
        tide_close(r);
        return NULL;
    }
    return r;
}

static uint64_t tide_card_digest(const carta_rules *r) { return carta_catalog_digest(r->catalog); }

static const char *tide_card_name(const carta_rules *r, int card)
{
    const char *name = carta_catalog_name(r->catalog, card);
    return name ? name : "?";
}

static int tide_card_id(const carta_rules *r, const char *name)
{
    return carta_catalog_find(r->catalog, name);
}

static const carta_layout *tide_layout(const carta_rules *r) { return &r->layout; }

const carta_game carta_game_template = {
    .id = "template",
    .name = "High Tide (the template rule system: docs/new-game.md)",
    .rules_version = "1",
    .min_seats = 2,
    .max_seats = TIDE_SEATS,
    .state_size = sizeof(tide_state),
    .options = tide_options,
    .n_options = 2,
    .open = tide_open,
    .close = tide_close,
    .card_digest = tide_card_digest,
    .card_name = tide_card_name,
    .card_id = tide_card_id,
    .deck_resolve = tide_deck_resolve,
    .deck_check = tide_deck_check,
    .setup = tide_setup,
    .to_act = tide_to_act,
    .legal_actions = tide_legal_actions,
    .apply = tide_apply,
    .returns = tide_returns,
    .utility = CARTA_ZERO_SUM,
    .observe = tide_observe,
    .determinize = tide_determinize,
    .layout = tide_layout,
    .check = tide_check,
    .evaluate = tide_evaluate,
    .describe_action = tide_describe_action,
    .describe_move = tide_describe_move,
    .action_card = tide_action_card,
    .describe_card = tide_describe_card,
    .event_word = tide_event_word,
    .view = tide_view,
    .action_view = tide_action_view,
    .render = tide_render,
    .describe_state = tide_describe_state,
};
