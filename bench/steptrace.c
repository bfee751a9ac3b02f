/* steptrace OUT CMD [ARGS...]: runs CMD (stdout to /dev/null) one instruction at a time
 * under ptrace and writes to OUT, in hex, one line per distinct instruction address, in
 * the order first executed. For bench/emit_order.py: valgrind shows the code on its own
 * virtual CPU and without the kernel's vDSO, so the code a native run adds (glibc's vDSO
 * set-up, the string functions it picks for this CPU) is only seen this way. */
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#define SLOTS (1u << 20) /* open addressing; far more than a one-shot emit executes */

static uint64_t seen[SLOTS];

static int insert(uint64_t address) {
  uint64_t slot = (address * 0x9E3779B97F4A7C15ull) >> 44;
  for (;;) {
    if (seen[slot] == address) return 0;
    if (seen[slot] == 0) {
      seen[slot] = address;
      return 1;
    }
    slot = (slot + 1) & (SLOTS - 1);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: steptrace OUT CMD [ARGS...]\n");
    return 2;
  }
  FILE *out = fopen(argv[1], "w");
  if (!out) {
    perror(argv[1]);
    return 1;
  }
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    ptrace(PTRACE_TRACEME, 0, 0, 0);
    execv(argv[2], argv + 2);
    _exit(127);
  }
  int status;
  waitpid(pid, &status, 0); /* stopped after exec */
  long unique = 0;
  while (WIFSTOPPED(status)) {
    int signal = WSTOPSIG(status) == SIGTRAP ? 0 : WSTOPSIG(status);
    long rip = ptrace(PTRACE_PEEKUSER, pid, offsetof(struct user_regs_struct, rip), 0);
    if (rip != -1 && insert((uint64_t)rip)) {
      fprintf(out, "%lx\n", rip);
      unique++;
    }
    if (ptrace(PTRACE_SINGLESTEP, pid, 0, signal) < 0) break;
    if (waitpid(pid, &status, 0) < 0) break;
  }
  fclose(out);
  fprintf(stderr, "steptrace: %ld distinct instruction addresses\n", unique);
  return 0;
}
