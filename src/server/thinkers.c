/* thinkers.c: the server's pool of AI worker threads (thinkers.h). */
#include "server/thinkers.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { THINKERS_MAX = 16, QUEUE_MAX = 4096, NICER = 10 };

struct srv_thinkers {
    pthread_t worker[THINKERS_MAX];
    int n_workers;
    pthread_mutex_t lock;
    pthread_cond_t work;
    srv_thought queue[QUEUE_MAX]; /* a ring: head is the next thought begun */
    int head, n;
    int stopping;
    void (*done)(void *ctx, const srv_thought *t);
    void *ctx;
};

static void *thinkers_run(void *arg)
{
    srv_thinkers *p = arg;
    /* below the event loop: a person's click is answered before an AI's thinking goes on */
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), NICER);
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (!p->n && !p->stopping)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->stopping) {
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        srv_thought t = p->queue[p->head];
        p->head = (p->head + 1) % QUEUE_MAX;
        p->n--;
        pthread_mutex_unlock(&p->lock);
        t.status = carta_ai_choose(t.brain, t.obs, t.seat, &t.action);
        p->done(p->ctx, &t);
        free(t.obs);
    }
}

srv_thinkers *srv_thinkers_new(int workers, void (*done)(void *ctx, const srv_thought *t),
                               void *ctx)
{
    if (workers <= 0)
        workers = (int)sysconf(_SC_NPROCESSORS_ONLN);
    workers = workers < 1 ? 1 : workers > THINKERS_MAX ? THINKERS_MAX : workers;
    srv_thinkers *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->done = done;
    p->ctx = ctx;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    for (; p->n_workers < workers; p->n_workers++)
        if (pthread_create(&p->worker[p->n_workers], NULL, thinkers_run, p) != 0)
            break;
    if (!p->n_workers) {
        srv_thinkers_free(p);
        return NULL;
    }
    return p;
}

int srv_thinkers_submit(srv_thinkers *p, const srv_thought *t)
{
    pthread_mutex_lock(&p->lock);
    int ok = !p->stopping && p->n < QUEUE_MAX;
    if (ok && t->person_waits) { /* ahead of every thought for AIs alone */
        int at = p->head;
        while (at != (p->head + p->n) % QUEUE_MAX && p->queue[at].person_waits)
            at = (at + 1) % QUEUE_MAX;
        for (int i = (p->head + p->n) % QUEUE_MAX; i != at; i = (i + QUEUE_MAX - 1) % QUEUE_MAX)
            p->queue[i] = p->queue[(i + QUEUE_MAX - 1) % QUEUE_MAX];
        p->queue[at] = *t;
        p->n++;
    } else if (ok) {
        p->queue[(p->head + p->n++) % QUEUE_MAX] = *t;
    }
    if (ok)
        pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
    return ok;
}

void srv_thinkers_free(srv_thinkers *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->n_workers; i++)
        pthread_join(p->worker[i], NULL);
    for (int i = 0; i < p->n; i++)
        free(p->queue[(p->head + i) % QUEUE_MAX].obs);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->work);
    free(p);
}
