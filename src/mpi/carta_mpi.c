/* carta_mpi.c: `carta-mpi sim ...`, `carta sim` across the processes of an MPI job
 * (docs/scale.md). Every rank parses the same arguments into the same settings; rank r plays the
 * games i with i % ranks == r (by seed: a game's result depends only on the settings and i) in
 * chunks, and sends each chunk's results (and records, with --db) to rank 0 as JSON, where they
 * fill the one results table that `carta sim` would have filled. Rank 0 plays its own share
 * too, stores every game as it arrives and makes the reports: the summary is `carta sim`'s. A
 * campaign cut off (a rank killed) resumes with --resume from what rank 0 stored.
 *
 * Only this file knows MPI; the simulation is src/sim's, called through cli_sim_main. Only the
 * main thread of each rank calls MPI (MPI_THREAD_FUNNELED). */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "sim/sim.h"

enum {
    TAG_GAMES = 1,   /* a chunk of results: {"games": [{"i", "result", "record"?}...]} */
    TAG_DONE = 2,    /* a rank has played its share (empty) */
    TAG_FAIL = 3,    /* a rank failed: the reason, as text */
    CHUNK_MAX = 4096 /* games a rank plays between two sends, at most */
};
#define CHUNK_SECONDS 0.5 /* a chunk grows until it takes about this long */

typedef struct mpi_job {
    int rank, ranks;
    /* set for one play */
    const sim_settings *s;
    sim_results *res;
    uint8_t *todo;  /* the games still to play (rank 0's marks, told to all) */
    sim_db *db;     /* rank 0 only */
    int records;    /* rank 0 stores records: the others send them */
    char **record;  /* per game: its record JSON, until sent (ranks other than 0) */
    pthread_mutex_t record_lock;
    int expected, received, followers_done;
    long long bytes_in, games_in; /* over the whole job */
    double seconds_in;            /* rank 0's time taking the others' results */
} mpi_job;

/* Keeps each game's record JSON for the next send (a sink of the ranks other than 0). */
static int keep_record(void *ctx, int game, const sim_game *result, const sim_played *played,
                       const carta_config *config, const char *const *seat_names,
                       const carta_action *actions, int n_actions, carta_error *err)
{
    (void)result, (void)played;
    mpi_job *job = ctx;
    char *json = NULL;
    if (sim_record_json(job->s, config, seat_names, actions, n_actions, &json, err) != CARTA_OK)
        return 1;
    pthread_mutex_lock(&job->record_lock);
    job->record[game] = json;
    pthread_mutex_unlock(&job->record_lock);
    return 0;
}

/* A chunk's games as the JSON text sent to rank 0 (malloc'd), their records freed. */
static char *chunk_text(mpi_job *job, const int *games, int n)
{
    json_t *list = json_array();
    for (int k = 0; list && k < n; k++) {
        int i = games[k];
        const sim_played *played =
            job->res->played ? &job->res->played[(size_t)i * job->s->n_players] : NULL;
        json_t *o = json_pack("{s:i, s:o}", "i", i, "result",
                              sim_game_json(job->s, &job->res->games[i], played));
        if (job->record[i])
            json_object_set_new(o, "record", json_string(job->record[i]));
        free(job->record[i]);
        job->record[i] = NULL;
        json_array_append_new(list, o);
    }
    json_t *msg = json_pack("{s:o}", "games", list);
    char *text = msg ? json_dumps(msg, JSON_COMPACT) : NULL;
    json_decref(msg);
    return text;
}

/* Plays the chunk games[0..n) on this rank's threads. */
static carta_status play_chunk(mpi_job *job, const int *games, int n, int progress,
                               carta_error *err)
{
    const sim_settings *s = job->s;
    uint8_t *mark = calloc((size_t)s->n_games, 1);
    if (!mark)
        return carta_error_set(err, CARTA_ERR_NOMEM, "rank %d: out of memory", job->rank);
    for (int k = 0; k < n; k++)
        mark[games[k]] = 1;
    sim_sink db_sink = job->db ? sim_db_sink(job->db) : (sim_sink){0};
    sim_sink keep = {keep_record, job};
    const sim_sink *sink = job->db ? &db_sink : job->rank && job->records ? &keep : NULL;
    carta_status st = sim_run_games(s, job->res, mark, sink, progress, err);
    free(mark);
    return st;
}

/* Rank 0: a received chunk into the results (and the store). Each game must be one of the
 * sender's share still to play. */
static carta_status take_chunk(mpi_job *job, int from, const char *text, carta_error *err)
{
    json_error_t jerr;
    json_t *msg = json_loads(text, 0, &jerr), *list = json_object_get(msg, "games");
    carta_status st = json_is_array(list) ? CARTA_OK
                      : carta_error_set(err, CARTA_ERR_CORRUPT, "rank %d sent a malformed chunk: %s",
                                        from, msg ? "no 'games' list" : jerr.text);
    for (size_t k = 0; st == CARTA_OK && k < json_array_size(list); k++) {
        json_t *o = json_array_get(list, k), *i_json = json_object_get(o, "i");
        json_int_t i = json_is_integer(i_json) ? json_integer_value(i_json) : -1;
        if (i < 0 || i >= job->s->n_games || i % job->ranks != from || !job->todo[i]) {
            st = carta_error_set(err, CARTA_ERR_CORRUPT, "rank %d sent game %lld, not one of "
                                 "its games still to play", from, (long long)i);
            break;
        }
        sim_played *played =
            job->res->played ? &job->res->played[(size_t)i * job->s->n_players] : NULL;
        st = sim_game_from_json(job->s, json_object_get(o, "result"), &job->res->games[i],
                                played, err);
        const char *record = json_string_value(json_object_get(o, "record"));
        if (st == CARTA_OK && job->db)
            st = record ? sim_db_store(job->db, (int)i, &job->res->games[i], played, record, err)
                        : carta_error_set(err, CARTA_ERR_CORRUPT, "rank %d sent game %lld "
                                          "without its record", from, (long long)i);
        job->todo[i] = 0;
        job->received++;
    }
    json_decref(msg);
    return st;
}

/* Rank 0: handles one message from another rank (probed); non-OK on a failure. */
static carta_status take_message(mpi_job *job, const MPI_Status *probe, carta_error *err)
{
    int len = 0;
    MPI_Get_count(probe, MPI_CHAR, &len);
    char *buf = malloc((size_t)len + 1);
    if (!buf)
        return carta_error_set(err, CARTA_ERR_NOMEM, "rank 0: out of memory for a message");
    MPI_Recv(buf, len, MPI_CHAR, probe->MPI_SOURCE, probe->MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    buf[len] = '\0';
    job->bytes_in += len;
    carta_status st = CARTA_OK;
    double start = carta_seconds();
    int before = job->received;
    if (probe->MPI_TAG == TAG_GAMES)
        st = take_chunk(job, probe->MPI_SOURCE, buf, err);
    else if (probe->MPI_TAG == TAG_DONE)
        job->followers_done++;
    else
        st = carta_error_set(err, CARTA_ERR_INPUT, "rank %d: %s", probe->MPI_SOURCE, buf);
    job->games_in += job->received - before;
    job->seconds_in += carta_seconds() - start;
    free(buf);
    return st;
}

/* This rank's share of the games still to play, in order; *n: how many. */
static int *my_share(const mpi_job *job, int *n)
{
    int *games = malloc(((size_t)job->s->n_games / (size_t)job->ranks + 1) * sizeof *games);
    *n = 0;
    for (int i = job->rank; games && i < job->s->n_games; i += job->ranks)
        if (job->todo[i])
            games[(*n)++] = i;
    return games;
}

/* Sends a played chunk to rank 0 (ranks other than 0). The send blocks only until rank 0, which
 * is always listening, has it. */
static carta_status send_chunk(mpi_job *job, const int *games, int n, carta_error *err)
{
    char *text = chunk_text(job, games, n);
    if (!text)
        return carta_error_set(err, CARTA_ERR_NOMEM, "rank %d: out of memory", job->rank);
    MPI_Send(text, (int)strlen(text), MPI_CHAR, 0, TAG_GAMES, MPI_COMM_WORLD);
    free(text);
    return CARTA_OK;
}

/* Plays this rank's share in chunks that grow to about CHUNK_SECONDS each; the ranks other than
 * 0 send each chunk to rank 0 (only the main thread calls MPI: rank 0 plays on another). */
static carta_status play_share(mpi_job *job, int progress, carta_error *err)
{
    int n = 0, chunk = job->s->threads, *games = my_share(job, &n);
    if (!games)
        return carta_error_set(err, CARTA_ERR_NOMEM, "rank %d: out of memory", job->rank);
    carta_status st = CARTA_OK;
    for (int at = 0; st == CARTA_OK && at < n;) {
        int take = n - at < chunk ? n - at : chunk;
        double start = carta_seconds();
        st = play_chunk(job, games + at, take, progress, err);
        if (carta_seconds() - start < CHUNK_SECONDS && chunk < CHUNK_MAX)
            chunk *= 2;
        if (st == CARTA_OK && job->rank != 0)
            st = send_chunk(job, games + at, take, err);
        at += take;
    }
    free(games);
    return st;
}

typedef struct own_share {
    mpi_job *job;
    int progress;
    atomic_int done;
    carta_status status;
    carta_error err;
} own_share;

static void *own_share_thread(void *arg)
{
    own_share *own = arg;
    own->status = play_share(own->job, own->progress, &own->err);
    atomic_store(&own->done, 1);
    return NULL;
}

/* Rank 0: plays its own share on a thread while the main thread takes the others' chunks as
 * they come, until every rank is done. */
static carta_status lead(mpi_job *job, int progress, carta_error *err)
{
    own_share own = {.job = job, .progress = progress && job->ranks == 1};
    atomic_init(&own.done, 0);
    pthread_t thread;
    if (pthread_create(&thread, NULL, own_share_thread, &own) != 0)
        return carta_error_set(err, CARTA_ERR_IO, "rank 0: cannot start a thread");
    const struct timespec nap = {0, 1000 * 1000}; /* a blocking receive would spin a core */
    carta_status st = CARTA_OK;
    while (st == CARTA_OK &&
           (!atomic_load(&own.done) || job->followers_done < job->ranks - 1)) {
        int flag = 0;
        MPI_Status probe;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &probe);
        if (!flag) {
            nanosleep(&nap, NULL);
            continue;
        }
        st = take_message(job, &probe, err);
        if (progress && job->ranks > 1)
            fprintf(stderr, "\r\033[K%d/%d games from the other ranks", job->received,
                    job->expected);
    }
    if (st != CARTA_OK) {
        fprintf(stderr, "carta-mpi: %s\n", err->msg);
        if (job->db)
            sim_db_flush(job->db, NULL); /* keep what was stored: --resume goes on from it */
        MPI_Abort(MPI_COMM_WORLD, 1); /* the others and the thread with them */
    }
    pthread_join(thread, NULL);
    if (progress && job->ranks > 1)
        fputs("\r\033[K", stderr);
    if (own.status != CARTA_OK)
        *err = own.err;
    return own.status;
}

/* The driver's play: rank 0's todo told to all, each rank's share played, rank 0 gathering. */
static carta_status mpi_play(void *ctx, const sim_settings *s, sim_results *res,
                             const unsigned char *todo, sim_db *db, int progress,
                             carta_error *err)
{
    mpi_job *job = ctx;
    int n = s->n_games, header[2] = {db != NULL, 0};
    job->s = s;
    job->res = res;
    job->db = db;
    job->todo = malloc((size_t)n);
    job->record = calloc((size_t)n, sizeof *job->record);
    if (!job->todo || !job->record) {
        fprintf(stderr, "carta-mpi: rank %d: out of memory\n", job->rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memcpy(job->todo, todo, (size_t)n);
    MPI_Bcast(header, 2, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Bcast(job->todo, n, MPI_BYTE, 0, MPI_COMM_WORLD);
    job->records = header[0];
    job->expected = job->received = job->followers_done = 0;
    for (int i = 0; i < n; i++)
        job->expected += job->todo[i] && i % job->ranks != 0;
    carta_status st = job->rank == 0 ? lead(job, progress, err) : play_share(job, 0, err);
    if (job->rank != 0)
        MPI_Send(st == CARTA_OK ? "" : err->msg, st == CARTA_OK ? 0 : (int)strlen(err->msg),
                 MPI_CHAR, 0, st == CARTA_OK ? TAG_DONE : TAG_FAIL, MPI_COMM_WORLD);
    if (job->rank == 0 && st != CARTA_OK) {
        fprintf(stderr, "carta-mpi: %s\n", err->msg);
        sim_db_abort(db); /* keep what was stored: --resume continues from it */
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (int i = 0; i < n; i++)
        free(job->record[i]);
    free(job->record);
    free(job->todo);
    job->record = NULL;
    job->todo = NULL;
    return st;
}

static int mpi_agree(void *ctx, int ready)
{
    (void)ctx;
    MPI_Bcast(&ready, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return ready;
}

static const char usage[] =
    "usage: mpirun -np N carta-mpi sim GAME [the options of carta sim]\n"
    "Plays `carta sim`'s games split between the N ranks of an MPI job (by game number, so by\n"
    "seed) and prints on rank 0 exactly the summary `carta sim` prints for the same settings.\n"
    "Each rank plays on --threads threads (default 1: run a rank per core). With --db FILE,\n"
    "rank 0 stores every game as it arrives; after a rank is lost, run the same command with\n"
    "--resume to play only the games not stored. docs/scale.md shows it under Slurm.\n";

int main(int argc, char **argv)
{
    int provided = 0;
    if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "carta-mpi: MPI could not start\n");
        return 1;
    }
    static mpi_job job;
    MPI_Comm_rank(MPI_COMM_WORLD, &job.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &job.ranks);
    pthread_mutex_init(&job.record_lock, NULL);
    int rc;
    if (argc < 2 || strcmp(argv[1], "sim") != 0) {
        if (job.rank == 0)
            fputs(usage, stderr);
        rc = 2;
    } else {
        if (job.rank != 0 && (!freopen("/dev/null", "w", stdout) ||
                              !freopen("/dev/null", "w", stderr)))
            MPI_Abort(MPI_COMM_WORLD, 1); /* only rank 0 speaks */
        cli_sim_driver driver = {.reports = job.rank == 0, .threads = 1, .play = mpi_play,
                                 .agree = mpi_agree, .ctx = &job};
        snprintf(driver.where, sizeof driver.where, "%d MPI rank%s", job.ranks,
                 job.ranks == 1 ? "" : "s");
        rc = cli_sim_main(argc - 2, argv + 2, &driver);
        if (job.rank == 0 && job.games_in && rc == 0)
            fprintf(stderr, "carta-mpi: %d ranks; rank 0 took %lld games from the others: %lld "
                            "bytes (%.0f a game), %.3f s (%.1f us a game)\n",
                    job.ranks, job.games_in, job.bytes_in, (double)job.bytes_in / job.games_in,
                    job.seconds_in, 1e6 * job.seconds_in / job.games_in);
    }
    pthread_mutex_destroy(&job.record_lock);
    MPI_Finalize();
    return rc;
}
