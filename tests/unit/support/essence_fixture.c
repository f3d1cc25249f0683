/* essence_fixture.c: see essence_fixture.h. */
#include "essence_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>
#include <jansson.h>

#include "core/view.h"
#include "games/registry.h"

const carta_game *essfx_game;
carta_rules *essfx_rules;

int essfx_open(void **unused)
{
    (void)unused;
    carta_error err = {0};
    essfx_game = carta_game_find("essence");
    essfx_rules = essfx_game ? essfx_game->open(CARTA_DATA_DIR "/essence", &err) : NULL;
    return essfx_rules ? 0 : -1;
}

int essfx_close(void **unused)
{
    (void)unused;
    essfx_game->close(essfx_rules);
    return 0;
}

void essfx_setup(ess_state *st, int seats, uint64_t seed)
{
    carta_config c = {.n_seats = seats, .seed = seed};
    carta_error err = {0};
    for (int s = 0; s < seats; s++)
        assert_int_equal(essfx_game->deck_resolve(essfx_rules, "box", 1, &c.decks[s], &err),
                         CARTA_OK);
    assert_int_equal(essfx_game->setup(essfx_rules, st, &c, &err), CARTA_OK);
}

char *essfx_view_json(const ess_state *obs, int seat)
{
    carta_view *v = carta_view_new(essfx_game, essfx_rules);
    essfx_game->view(essfx_rules, obs, seat, v);
    char *text = json_dumps(carta_view_json(v), JSON_SORT_KEYS | JSON_COMPACT);
    carta_view_free(v);
    return text;
}
