/* gm.c: the Gamemaster's panel (gm.h): the command language of `carta table` (table_prompt.c)
 * over the protocol, its words captured as the answer's "said", and the campaign as data for the
 * page to draw. */
#define _GNU_SOURCE /* open_memstream */
#include "server/gm.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "games/archmajesty/table.h"
#include "server/table.h"

enum { GM_COMMAND_MAX = 1024 };

struct srv_gm {
    am_campaign *c;
    char path[1024];
    char token[SRV_TOKEN];
};

srv_gm *srv_gm_open(const char *path, uint64_t seed, carta_error *err)
{
    srv_gm *gm = calloc(1, sizeof *gm);
    am_campaign *c = gm ? calloc(1, sizeof *c) : NULL;
    struct stat sb;
    if (!c) {
        free(gm);
        carta_error_set(err, CARTA_ERR_NOMEM, "out of memory for the campaign");
        return NULL;
    }
    gm->c = c;
    snprintf(gm->path, sizeof gm->path, "%s", path);
    int missing = stat(path, &sb) != 0 && errno == ENOENT;
    if ((!missing && am_campaign_load(c, path, err) != CARTA_OK) ||
        am_table_session(c, seed, err) != CARTA_OK) {
        srv_gm_free(gm);
        return NULL;
    }
    if (!srv_random_hex(gm->token, SRV_TOKEN - 1)) {
        srv_gm_free(gm);
        carta_error_set(err, CARTA_ERR_IO, "no randomness for the Gamemaster's token");
        return NULL;
    }
    return gm;
}

void srv_gm_free(srv_gm *gm)
{
    if (!gm)
        return;
    free(gm->c);
    free(gm);
}

const char *srv_gm_token(const srv_gm *gm) { return gm->token; }

void srv_gm_set_rules(srv_gm *gm, const carta_rules *rules) { gm->c->rules = rules; }

static json_t *gm_names(const char (*names)[AM_TT_NAME], int n)
{
    json_t *list = json_array();
    for (int i = 0; i < n; i++)
        if (names[i][0])
            json_array_append_new(list, json_string(names[i]));
    return list;
}

static json_t *gm_sheet_json(const am_sheet *s)
{
    json_t *circles = json_array();
    for (int i = 0; i < s->n_circles; i++)
        json_array_append_new(circles, json_pack("{s:s, s:b, s:b}", "name", s->circles[i].name,
                                                 "rebel", s->circles[i].rebel, "pretend",
                                                 s->circles[i].pretend));
    return json_pack("{s:s, s:o, s:o, s:o, s:s?}", "name", s->name, "aspects",
                     gm_names(s->aspects, AM_TT_ASPECTS), "circles", circles, "lores",
                     gm_names(s->lores, s->n_lores), "mage", s->mage[0] ? s->mage : NULL);
}

static json_t *gm_clock_json(const am_clock *k)
{
    static const char *const completion[] = {"running", "success", "tie", "opposition"};
    const char *offered[2];
    int n = k->resolved ? 0 : am_clock_choices(am_clock_completion(k), offered);
    json_t *choices = json_array();
    for (int i = 0; i < n; i++)
        json_array_append_new(choices, json_string(offered[i]));
    return json_pack("{s:s, s:i, s:i, s:i, s:s, s:o, s:s?}", "name", k->name, "segments",
                     k->segments, "green", k->green, "red", k->red, "completion",
                     completion[am_clock_completion(k)], "choices", choices, "settled",
                     k->resolved ? k->outcome : NULL);
}

/* What a command says, as text (NULL if out of memory); *changed: 1 if the campaign changed. */
static char *gm_run(srv_gm *gm, const char *command, int *changed)
{
    char line[GM_COMMAND_MAX];
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return NULL;
    snprintf(line, sizeof line, "%s", command);
    *changed = am_table_command(out, gm->c, line) > 0;
    fclose(out);
    return text;
}

static json_t *gm_campaign_json(srv_gm *gm)
{
    json_t *sheets = json_array(), *clocks = json_array();
    for (int i = 0; i < gm->c->n_sheets; i++)
        json_array_append_new(sheets, gm_sheet_json(&gm->c->sheets[i]));
    for (int i = 0; i < gm->c->n_clocks; i++)
        json_array_append_new(clocks, gm_clock_json(&gm->c->clocks[i]));
    int changed = 0;
    char *log = gm_run(gm, "log", &changed);
    json_t *o = json_pack("{s:s, s:i, s:o, s:o, s:s}", "file", gm->path, "session",
                          gm->c->n_sessions, "characters", sheets, "clocks", clocks, "log",
                          log ? log : "");
    free(log);
    return o;
}

json_t *srv_gm_answer(srv_gm *gm, json_t *msg, carta_error *err)
{
    json_t *token = json_object_get(msg, "token"), *command = json_object_get(msg, "command");
    if (!json_is_string(token) || strcmp(json_string_value(token), gm->token) != 0) {
        carta_error_set(err, CARTA_ERR_INPUT, "the Gamemaster's panel needs its token");
        return NULL;
    }
    if (command && (!json_is_string(command) ||
                    json_string_length(command) >= GM_COMMAND_MAX)) {
        carta_error_set(err, CARTA_ERR_INPUT, "'command' is a text of at most %d bytes",
                        GM_COMMAND_MAX - 1);
        return NULL;
    }
    char *said = NULL;
    int changed = 0;
    if (command && !(said = gm_run(gm, json_string_value(command), &changed))) {
        carta_error_set(err, CARTA_ERR_NOMEM, "out of memory");
        return NULL;
    }
    carta_error save_err = {0};
    if (changed && am_campaign_save(gm->c, gm->path, &save_err) != CARTA_OK) {
        size_t n = strlen(said);
        char *more = realloc(said, n + strlen(save_err.msg) + 64);
        if (more) {
            said = more;
            snprintf(said + n, strlen(save_err.msg) + 64, "Not saved: %s\n", save_err.msg);
        }
    }
    json_t *answer = json_pack("{s:s, s:s, s:b, s:o}", "type", "gm", "said", said ? said : "",
                               "changed", changed, "campaign", gm_campaign_json(gm));
    free(said);
    return answer;
}
