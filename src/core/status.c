/* status.c: the error context. */
#include "status.h"

#include <stdarg.h>
#include <stdio.h>

carta_status carta_error_set(carta_error *err, carta_status status, const char *fmt, ...)
{
    if (err && err->status == CARTA_OK) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->status = status;
    }
    return status;
}

void carta_error_clear(carta_error *err)
{
    err->status = CARTA_OK;
    err->msg[0] = '\0';
}

const char *carta_status_name(carta_status status)
{
    switch (status) {
    case CARTA_OK: return "ok";
    case CARTA_ERR_INPUT: return "bad input";
    case CARTA_ERR_ILLEGAL: return "illegal action";
    case CARTA_ERR_IO: return "input/output error";
    case CARTA_ERR_CORRUPT: return "corrupt file";
    case CARTA_ERR_NOMEM: return "out of memory";
    case CARTA_ERR_UNKNOWN: return "unknown name";
    case CARTA_ERR_STATE: return "broken invariant";
    }
    return "unknown status";
}
