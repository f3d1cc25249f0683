/* temp_file.h: test support: a fresh temporary file holding a text (a card file, a deck file). */
#ifndef CARTA_TEST_TEMP_FILE_H
#define CARTA_TEST_TEMP_FILE_H

#include <stddef.h>

/* Writes text to a new file /tmp/carta-<prefix>-XXXXXX; its path goes into path (cap bytes).
 * Fails the test if it cannot. The caller unlinks it. */
void temp_file_write(const char *prefix, const char *text, char *path, size_t cap);

#endif
