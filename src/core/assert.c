/* assert.c: what a failed CARTA_ASSERT does (assert.h). */
#include "assert.h"

#include <stdio.h>
#include <stdlib.h>

void carta_assert_fail(const char *cond, const char *file, int line, const char *func)
{
    fflush(stdout);
    fprintf(stderr, "carta: assertion failed: %s:%d: %s: %s\n", file, line, func, cond);
    abort();
}
