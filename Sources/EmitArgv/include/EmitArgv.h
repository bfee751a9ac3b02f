// The argument vector of timeline-emit, captured before main (argv.c says why).
#ifndef EMIT_ARGV_H
#define EMIT_ARGV_H
#endif
