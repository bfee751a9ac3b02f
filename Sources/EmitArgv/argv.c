// The Swift runtime finds argv for `CommandLine` in an initializer that reads
// /proc/self/maps with sscanf to locate the stack, ~51 k instructions before main: a
// sixth of a one-shot emit. glibc hands every init_array function argc and argv, so
// timeline-emit defines the runtime's two entry points itself and the static link never
// pulls in the runtime's copy (a duplicate definition would fail the link, not pass it).
static char **savedArgv;
static int savedArgc;
static char *emptyArgv[] = {0};

static void grab(int argc, char **argv, char **envp) {
  (void)envp;
  savedArgc = argc;
  savedArgv = argv;
}

__attribute__((section(".init_array"), used)) static void (*const grabber)(int, char **, char **) = grab;

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  if (savedArgv == 0) {
    *outArgLen = 0;
    return emptyArgv;
  }
  *outArgLen = savedArgc;
  return savedArgv;
}

void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
  savedArgv = argv;
  savedArgc = argc;
}
