/* game.c: Archmajesty's descriptor and its rules object. */
#include "games/archmajesty/archmajesty.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/rules_open.h"

static void am_close(carta_rules *r)
{
    if (!r)
        return;
    carta_catalog_free(r->catalog);
    carta_layout_free(&r->layout);
    free(r->links);
    free(r);
}

static carta_rules *am_open(const char *data_dir, carta_error *err)
{
    carta_rules *r = calloc(1, sizeof *r);
    if (!r) {
        carta_error_set(err, CARTA_ERR_NOMEM, "archmajesty: out of memory");
        return NULL;
    }
    am_basic_attacks(r);
    carta_rules_parts parts = {&r->catalog, &r->layout, r->data_dir, sizeof r->data_dir};
    if (carta_rules_open(&parts, "archmajesty", data_dir, am_layout_build, am_compile, r, err) !=
            CARTA_OK ||
        am_links_resolve(r, err) != CARTA_OK ||
        carta_eval_weights_open(data_dir, am_eval_table, AM_EVW_COUNT, r->eval_w, err) !=
            CARTA_OK) {
        am_close(r);
        return NULL;
    }
    return r;
}

static uint64_t am_card_digest(const carta_rules *r) { return carta_catalog_digest(r->catalog); }

static const char *am_card_name(const carta_rules *r, int card)
{
    const char *name = carta_catalog_name(r->catalog, card);
    return name ? name : "?";
}

static int am_card_id(const carta_rules *r, const char *name)
{
    return carta_catalog_find(r->catalog, name);
}

static const carta_layout *am_layout(const carta_rules *r) { return &r->layout; }

static const char *const am_sections[] = {"Mage", "Styles", "Equipment", "Abilities", "Deck",
                                          "Encounter"};

static int am_deck_section(const carta_rules *r, int card)
{
    switch (am_type_of(r, card)) {
    case AM_T_STYLE: return 1;
    case AM_T_WEAPON: case AM_T_ARMOUR: case AM_T_CONSUMABLE: case AM_T_ARTEFACT: return 2;
    case AM_T_ABILITY: return 3;
    case AM_T_SPELL: return 4;
    case AM_T_ENCOUNTER: return 5;
    case AM_T_MINION: return 2;
    default: return 0;
    }
}

static const char *am_seat_role(int n_seats, int seat)
{
    return seat == n_seats - 1 ? "Gamemaster" : "mage";
}

static const char *am_deck_role(const carta_rules *r, const carta_deck *deck)
{
    int encounter = am_deck_encounter(r, deck) >= 0, mage = am_deck_has_mage(r, deck);
    return encounter == mage ? NULL : encounter ? "Gamemaster" : "mage"; /* both: any seat */
}

static const carta_option_def am_options[] = {
    {"round_limit", "rounds after which the Gamemaster wins (0: the encounter's own)", 0, 99, 0},
};

/* expert.c: the scripted expert player (carta_game.expert) */
int am_expert(const carta_rules *rules, const void *obs, int seat, const carta_action *legal,
              int n_legal, void *scratch, uint64_t seed);

const carta_game carta_game_archmajesty = {
    .id = "archmajesty",
    .name = "Archmajesty (alpha rulebook: a combat encounter, mages against a Gamemaster)",
    .rules_version = "3", /* 3: objects as targets, forced movement into lingering areas */
    .min_seats = 2,
    .max_seats = AM_SEATS,
    .state_size = sizeof(am_state),
    .options = am_options,
    .n_options = 1,
    .open = am_open,
    .close = am_close,
    .card_digest = am_card_digest,
    .card_name = am_card_name,
    .card_id = am_card_id,
    .deck_resolve = am_deck_resolve,
    .deck_sections = am_sections,
    .n_deck_sections = 6,
    .deck_section = am_deck_section,
    .deck_check = am_deck_check,
    .seat_role = am_seat_role,
    .deck_role = am_deck_role,
    .setup = am_setup,
    .to_act = am_to_act,
    .legal_actions = am_legal_actions,
    .apply = am_apply,
    .returns = am_returns,
    .utility = CARTA_TEAM,
    .team = am_team,
    .observe = am_observe,
    .determinize = am_determinize,
    .layout = am_layout,
    .check = am_check,
    .evaluate = am_evaluate,
    .evaluate_with = am_evaluate_with,
    .eval_weights = am_eval_table,
    .n_eval_weights = AM_EVW_COUNT,
    .eval_features = am_eval_features,
    .expert = am_expert,
    .describe_action = am_describe_action,
    .action_card = am_action_card,
    .describe_card = am_describe_card,
    .event_word = am_event_word,
    .view = am_view,
    .action_view = am_action_view,
    .render = am_render,
    .describe_state = am_describe_state,
};
