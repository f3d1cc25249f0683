/* replay_main.c: runs a fuzz harness over the files named on the command line, without libFuzzer,
 * so the corpus replays in the normal test suite (and under ASan/UBSan with gcc). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads the whole file at path into a malloc'd buffer; NULL on failure. */
static uint8_t *replay_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        uint8_t *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return NULL;
    }
    *size = n;
    return buf;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        size_t size = 0;
        uint8_t *data = replay_read(argv[i], &size);
        if (!data) {
            fprintf(stderr, "%s: error: cannot read\n", argv[i]);
            return 1;
        }
        /* A copy of exactly size bytes, so ASan sees any read past the end of the input. */
        uint8_t *exact = malloc(size ? size : 1);
        if (!exact) {
            free(data);
            return 1;
        }
        for (size_t k = 0; k < size; k++)
            exact[k] = data[k];
        free(data);
        LLVMFuzzerTestOneInput(exact, size);
        free(exact);
    }
    printf("replayed %d input(s)\n", argc - 1);
    return 0;
}
