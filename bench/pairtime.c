/* pairtime RUNS A [ARGS...] -- B [ARGS...]: runs A and B alternately RUNS times each
 * (after 10 warm-up pairs), stdout to /dev/null, and prints the median wall time of each
 * in microseconds: "A_US B_US". Alternating makes both see the same load on a shared
 * machine, which back-to-back batches (hyperfine's order) do not. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double run(char **argv) {
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    execv(argv[0], argv);
    _exit(127);
  }
  int status;
  waitpid(pid, &status, 0);
  clock_gettime(CLOCK_MONOTONIC, &end);
  return (end.tv_sec - start.tv_sec) * 1e6 + (end.tv_nsec - start.tv_nsec) / 1e3;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  int runs = atoi(argv[1]);
  char **a = argv + 2, **b = NULL;
  for (int i = 2; i < argc; i++)
    if (strcmp(argv[i], "--") == 0) { argv[i] = NULL; b = argv + i + 1; break; }
  if (!b || !*b || runs < 1) return 2;
  double *ta = malloc(sizeof(double) * runs), *tb = malloc(sizeof(double) * runs);
  for (int i = 0; i < 10; i++) { run(a); run(b); }
  for (int i = 0; i < runs; i++) {
    /* Alternate which goes first, so neither always follows the other. */
    if (i & 1) { tb[i] = run(b); ta[i] = run(a); } else { ta[i] = run(a); tb[i] = run(b); }
  }
  qsort(ta, runs, sizeof(double), compare);
  qsort(tb, runs, sizeof(double), compare);
  printf("%.1f %.1f\n", ta[runs / 2], tb[runs / 2]);
  return 0;
}
