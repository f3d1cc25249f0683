/* fuzz_common.h: helpers shared by the fuzz harnesses (a temp file for path-based parsers). */
#ifndef CARTA_FUZZ_COMMON_H
#define CARTA_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char fuzz_temp_path[256];

static void fuzz_remove_temp(void)
{
    if (fuzz_temp_path[0])
        remove(fuzz_temp_path);
}

/* Writes data to this process's temp file (created on first use, ending in suffix, removed at
 * exit) and returns its path; NULL if it cannot be written. */
static inline const char *fuzz_write_temp(const uint8_t *data, size_t size, const char *suffix)
{
    if (!fuzz_temp_path[0]) {
        const char *dir = getenv("TMPDIR");
        snprintf(fuzz_temp_path, sizeof fuzz_temp_path, "%s/carta-fuzz-%ld%s",
                 dir && dir[0] ? dir : "/tmp", (long)getpid(), suffix);
        atexit(fuzz_remove_temp);
    }
    FILE *f = fopen(fuzz_temp_path, "wb");
    if (!f)
        return NULL;
    size_t n = size ? fwrite(data, 1, size, f) : 0;
    if (fclose(f) != 0 || n != size)
        return NULL;
    return fuzz_temp_path;
}

#endif
