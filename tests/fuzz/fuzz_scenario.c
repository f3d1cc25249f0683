/* fuzz_scenario.c: libFuzzer harness: the input as a scenario file, run by the generic scenario
 * runner with its report thrown away. Must never crash or leak. */
#include "core/scenario.h"
#include "fuzz_common.h"
#include "games/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    const char *path = fuzz_write_temp(data, size, ".yaml");
    if (!path || !sink)
        return 0;
    int n_passed = 0, n_failed = 0;
    carta_error err = {0};
    (void)carta_scenario_run_file(path, CARTA_DATA_DIR, carta_game_yaml_find, sink, &n_passed,
                                  &n_failed, &err);
    return 0;
}
