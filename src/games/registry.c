/* registry.c: every compiled-in rule system. Adding one is adding its descriptor here, and its
 * YAML face (game_yaml.h) beside it. */
#include "games/registry.h"

#include <string.h>

extern const carta_game carta_game_aember;
extern const carta_game carta_game_archmajesty;
extern const carta_game carta_game_arkhtide;
extern const carta_game carta_game_essence;
extern const carta_game carta_game_leaders;
extern const carta_game carta_game_template;
extern const carta_game_yaml carta_game_aember_yaml;
extern const carta_game_yaml carta_game_archmajesty_yaml;
extern const carta_game_yaml carta_game_arkhtide_yaml;
extern const carta_game_yaml carta_game_essence_yaml;
extern const carta_game_yaml carta_game_leaders_yaml;
extern const carta_game_yaml carta_game_template_yaml;

static const carta_game *const games[] = {
    &carta_game_aember,
    &carta_game_archmajesty,
    &carta_game_arkhtide,
    &carta_game_essence,
    &carta_game_leaders,
    &carta_game_template,
};

static const carta_game_yaml *const yamls[] = {
    &carta_game_aember_yaml,
    &carta_game_archmajesty_yaml,
    &carta_game_arkhtide_yaml,
    &carta_game_essence_yaml,
    &carta_game_leaders_yaml,
    &carta_game_template_yaml,
};

int carta_game_count(void) { return (int)(sizeof games / sizeof games[0]); }

const carta_game *carta_game_at(int index)
{
    return index >= 0 && index < carta_game_count() ? games[index] : NULL;
}

const carta_game *carta_game_find(const char *id)
{
    for (int i = 0; i < carta_game_count(); i++)
        if (strcmp(games[i]->id, id) == 0)
            return games[i];
    return NULL;
}

const carta_game_yaml *carta_game_yaml_find(const char *id)
{
    for (size_t i = 0; i < sizeof yamls / sizeof yamls[0]; i++)
        if (strcmp(yamls[i]->game->id, id) == 0)
            return yamls[i];
    return NULL;
}
