/* replay_main.c: runs a fuzz harness over the files named on the command line, without libFuzzer,
 * so the corpus replays in the normal test suite (and under ASan/UBSan with gcc). Each input is
 * read into a buffer of exactly its size (ASan sees any read past its end) and run in a child
 * process under a time limit, so a hang or a crash fails the replay and names the file. */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
    REPLAY_CPU_SECONDS = 5,  /* CPU time an input may use (SIGXCPU past it) */
    REPLAY_WALL_SECONDS = 20 /* wall-clock backstop for an input that blocks (SIGALRM) */
};

/* Reads the whole file at path into a malloc'd buffer of exactly its size; NULL on failure. */
static uint8_t *replay_read(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f)
        return NULL;
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size < 0) {
        fclose(f);
        return NULL;
    }
    size_t n = (size_t)st.st_size;
    uint8_t *buf = malloc(n ? n : 1);
    if (buf && fread(buf, 1, n, f) != n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *size = n;
    return buf;
}

/* In the child: the harness on one input, under the limits; exits 0 if it returns. */
static void replay_child(const char *path)
{
    struct rlimit cpu = {REPLAY_CPU_SECONDS, REPLAY_CPU_SECONDS + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    alarm(REPLAY_WALL_SECONDS);
    size_t size = 0;
    uint8_t *data = replay_read(path, &size);
    if (!data) {
        fprintf(stderr, "%s: error: cannot read: %s\n", path, strerror(errno));
        exit(3);
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    exit(0); /* exit, not _exit: atexit handlers and LeakSanitizer run */
}

/* Runs one input in a child; 0 if it passed, else says why on stderr. */
static int replay_one(const char *path)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: error: cannot fork: %s\n", path, strerror(errno));
        return 1;
    }
    if (pid == 0)
        replay_child(path);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "%s: error: waitpid: %s\n", path, strerror(errno));
            return 1;
        }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;
    if (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGALRM))
        fprintf(stderr, "%s: error: timed out (over %d s of CPU or %d s in all)\n", path,
                REPLAY_CPU_SECONDS, REPLAY_WALL_SECONDS);
    else if (WIFSIGNALED(status))
        fprintf(stderr, "%s: error: crashed (signal %d, %s)\n", path, WTERMSIG(status),
                strsignal(WTERMSIG(status)));
    else
        fprintf(stderr, "%s: error: failed (exit status %d)\n", path, WEXITSTATUS(status));
    return 1;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE...\n", argv[0]);
        return 2;
    }
    int failed = 0;
    for (int i = 1; i < argc; i++)
        failed += replay_one(argv[i]);
    printf("replayed %d input(s), %d failed\n", argc - 1, failed);
    return failed ? 1 : 0;
}
