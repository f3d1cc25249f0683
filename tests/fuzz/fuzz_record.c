/* fuzz_record.c: libFuzzer harness: the input as a record file, peeked and loaded against every
 * registered game (rules opened once). Must never crash or leak. */
#include "core/game.h"
#include "core/record.h"
#include "fuzz_common.h"
#include "games/registry.h"

static carta_rules *fuzz_record_rules[16];

/* Opens every game's rules on first use; they are shared read-only by every input. */
static void fuzz_record_open(void)
{
    static int opened;
    if (opened)
        return;
    opened = 1;
    for (int i = 0; i < carta_game_count() && i < 16; i++) {
        const carta_game *g = carta_game_at(i);
        char dir[512];
        snprintf(dir, sizeof dir, "%s/%s", CARTA_DATA_DIR, g->id);
        carta_error err = {0};
        fuzz_record_rules[i] = g->open(dir, &err);
        if (!fuzz_record_rules[i]) {
            fprintf(stderr, "fuzz_record: cannot open %s: %s\n", dir, err.msg);
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_record_open();
    const char *path = fuzz_write_temp(data, size, ".json");
    if (!path)
        return 0;
    char id[CARTA_NAME_MAX];
    carta_error err = {0};
    (void)carta_record_peek(path, id, sizeof id, &err);
    for (int i = 0; i < carta_game_count() && i < 16; i++) {
        const carta_game *g = carta_game_at(i);
        carta_record rec;
        memset(&rec, 0, sizeof rec);
        carta_error why = {0};
        if (carta_record_load_game(&rec, g, fuzz_record_rules[i], path, &why) == CARTA_OK) {
            void *state = malloc(g->state_size);
            if (state) {
                carta_error rerr = {0};
                (void)carta_record_replay(&rec, fuzz_record_rules[i], state, -1, 1, &rerr);
                free(state);
            }
        }
        carta_record_free(&rec);
    }
    return 0;
}
