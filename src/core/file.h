/* file.h: writing a file so that a crash or a full disk never leaves half of it: the text goes
 * to path.tmp, is flushed to disk, then renamed over path. */
#ifndef CARTA_FILE_H
#define CARTA_FILE_H

#include <stddef.h>

#include "status.h"

/* Writes len bytes of text to path atomically. On error err names path (never the temporary
 * file) and the reason, and path is as it was. */
carta_status carta_file_write_atomic(const char *path, const char *text, size_t len,
                                     carta_error *err);

#endif
