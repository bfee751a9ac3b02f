// The dynamic loader's relocation tables, given back once start-up has used them
// (tables.c says why).
#ifndef LOADER_TABLES_H
#define LOADER_TABLES_H
#include <stddef.h>

/// One range of memory handed back: whole pages of one loaded object's relocation table.
typedef struct {
  const void *start;
  size_t length;
} LoaderTableRange;

/// Drops the resident pages of every loaded object's relocation table (`DT_RELA`, `DT_REL`,
/// `DT_RELR`; not the PLT's, which lazy binding reads later). Writes up to `capacity` of the
/// ranges to `ranges` (may be NULL) and their count to `count` (may be NULL); returns the
/// bytes handed back.
size_t loader_tables_release(LoaderTableRange *ranges, int capacity, int *count);
#endif
