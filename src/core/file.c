/* file.c: atomic file writes (file.h). */
#include "file.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

carta_status carta_file_write_atomic(const char *path, const char *text, size_t len,
                                     carta_error *err)
{
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp)
        return carta_error_set(err, CARTA_ERR_IO, "%s: error: path too long", path);
    FILE *f = fopen(tmp, "w");
    if (!f) /* the message names the file asked for, not the temporary one beside it */
        return carta_error_set(err, CARTA_ERR_IO, "%s: error: cannot write: %s", path,
                               strerror(errno));
    int bad = fwrite(text, 1, len, f) != len;
    bad |= fflush(f) != 0;
    bad |= fsync(fileno(f)) != 0;
    bad |= fclose(f) != 0;
    if (bad || rename(tmp, path) != 0) {
        int e = errno;
        remove(tmp);
        return carta_error_set(err, CARTA_ERR_IO, "%s: error: cannot write: %s", path,
                               strerror(e));
    }
    return CARTA_OK;
}
