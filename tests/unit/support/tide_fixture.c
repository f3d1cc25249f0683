/* tide_fixture.c: High Tide for the unit tests (tide_fixture.h). */
#include "tide_fixture.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "core/game_yaml.h"
#include "core/yaml.h"
#include "games/registry.h"

const carta_game *tidefx_game(void)
{
    const carta_game *g = carta_game_find("template");
    if (!g)
        fail_msg("the template rule system is not registered");
    return g;
}

carta_rules *tidefx_open(void)
{
    carta_error err = {0};
    carta_rules *r = tidefx_game()->open(CARTA_DATA_DIR "/template", &err);
    if (!r)
        fail_msg("cannot open the template: %s", err.msg);
    return r;
}

carta_status tidefx_try_position(const carta_rules *r, tide_state *st, const char *yaml,
                                 carta_error *err)
{
    const carta_game_yaml *y = carta_game_yaml_find("template");
    assert_non_null(y);
    struct fy_document *doc = carta_yaml_load_string(yaml, strlen(yaml), "position", err);
    if (!doc)
        return CARTA_ERR_INPUT;
    carta_status s = y->scenario_position(r, st, fy_document_root(doc), "position", err);
    fy_document_destroy(doc);
    return s;
}

void tidefx_position(const carta_rules *r, tide_state *st, const char *yaml)
{
    carta_error err = {0};
    if (tidefx_try_position(r, st, yaml, &err) != CARTA_OK)
        fail_msg("%s", err.msg);
}
