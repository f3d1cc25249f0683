/* yaml_diag.c: libfyaml's diagnostics collected, never printed (docs/inputs.md says why). */
#include "yaml_diag.h"

#include <stdio.h>
#include <string.h>

/* Nothing is printed: a collecting diag writes nothing, and this catches anything else. */
static void yaml_diag_quiet(struct fy_diag *diag, void *user, const char *buf, size_t len)
{
    (void)diag, (void)user, (void)buf, (void)len;
}

/* Collecting, rather than printing, also skips libfyaml 0.7.12's display of the offending source
 * line, which reads out of bounds on some inputs (a multi-line plain key with tabs and CRs). */
int carta_yaml_diag_open(carta_yaml_diag *d)
{
    memset(d, 0, sizeof *d);
    struct fy_diag_cfg dc;
    fy_diag_cfg_default(&dc);
    dc.fp = NULL;
    dc.output_fn = yaml_diag_quiet;
    dc.colorize = false;
    dc.level = FYET_ERROR;
    d->diag = fy_diag_create(&dc);
    if (d->diag)
        fy_diag_set_collect_errors(d->diag, true);
    return d->diag != NULL;
}

int carta_yaml_diag_poll(carta_yaml_diag *d)
{
    void *it = NULL;
    struct fy_diag_error *e;
    while (!d->got && d->diag && (e = fy_diag_errors_iterate(d->diag, &it)))
        if (e->type >= FYET_ERROR) {
            d->got = 1;
            d->line = e->line > 0 ? e->line : 0;
            d->col = e->column > 0 ? e->column : 0;
            snprintf(d->msg, sizeof d->msg, "%s", e->msg ? e->msg : "");
            d->msg[strcspn(d->msg, "\r\n")] = '\0';
        }
    return d->got;
}

void carta_yaml_diag_close(carta_yaml_diag *d)
{
    if (!d->diag)
        return;
    fy_diag_set_collect_errors(d->diag, false); /* frees the collected errors (unref does not) */
    fy_diag_unref(d->diag);
    d->diag = NULL;
}
