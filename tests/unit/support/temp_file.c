/* temp_file.c: test support (temp_file.h). */
#include "support/temp_file.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

void temp_file_write(const char *prefix, const char *text, char *path, size_t cap)
{
    snprintf(path, cap, "/tmp/carta-%s-XXXXXX", prefix);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}
