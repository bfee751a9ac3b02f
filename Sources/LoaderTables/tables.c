// The dynamic loader reads each object's relocation table once, while it relocates the
// object before main, and never again (a lazily bound call reads the PLT's own table, which
// is left alone). The pages stay resident all the same: about 1 MB of timeline's own
// (42 000 relative relocations) and as much again of libcurl's libraries, 1.8 MB of a
// refresh's peak (P6 in docs/performance.md). madvise(MADV_DONTNEED) drops them: they are
// clean, read-only file pages, so a later read, if any, faults the same bytes back in
// from the file.
#define _GNU_SOURCE
#include "LoaderTables.h"

#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef DT_RELR
#define DT_RELR 36
#define DT_RELRSZ 35
#endif

typedef struct {
  LoaderTableRange *ranges;
  int capacity;
  int count;
  size_t bytes;
  uintptr_t page;
} Release;

// glibc rewrites the address tags of a writable dynamic section to run-time addresses and
// leaves a read-only one as file addresses: whichever lies in one of the object's
// read-only segments is the table.
static const ElfW(Phdr) *segment(const struct dl_phdr_info *info, uintptr_t start, size_t size) {
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || (ph->p_flags & PF_W)) continue;
    uintptr_t low = info->dlpi_addr + ph->p_vaddr;
    if (start >= low && size <= ph->p_memsz && start - low <= ph->p_memsz - size) return ph;
  }
  return NULL;
}

static void drop(Release *release, const struct dl_phdr_info *info, uintptr_t address, size_t size) {
  if (address == 0 || size == 0) return;
  uintptr_t start = address;
  if (!segment(info, start, size)) {
    start = info->dlpi_addr + address;
    if (start < address || !segment(info, start, size)) return;
  }
  // Only whole pages: a partial page at either end also holds what comes before or after.
  uintptr_t first = (start + release->page - 1) & ~(release->page - 1);
  uintptr_t end = (start + size) & ~(release->page - 1);
  if (end <= first || madvise((void *)first, end - first, MADV_DONTNEED) != 0) return;
  release->bytes += end - first;
  if (release->ranges && release->count < release->capacity) {
    release->ranges[release->count] = (LoaderTableRange){(const void *)first, end - first};
  }
  release->count++;
}

static int each(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  Release *release = data;
  // The vDSO is the kernel's, and carries no relocations.
  if (info->dlpi_name && strstr(info->dlpi_name, "linux-vdso")) return 0;
  const ElfW(Dyn) *dynamic = NULL;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    if (info->dlpi_phdr[i].p_type == PT_DYNAMIC) {
      dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
    }
  }
  if (!dynamic) return 0;
  uintptr_t rela = 0, rel = 0, relr = 0, plt = 0;
  size_t relaSize = 0, relSize = 0, relrSize = 0;
  for (const ElfW(Dyn) *d = dynamic; d->d_tag != DT_NULL; d++) {
    switch (d->d_tag) {
    case DT_RELA: rela = d->d_un.d_ptr; break;
    case DT_RELASZ: relaSize = d->d_un.d_val; break;
    case DT_REL: rel = d->d_un.d_ptr; break;
    case DT_RELSZ: relSize = d->d_un.d_val; break;
    case DT_RELR: relr = d->d_un.d_ptr; break;
    case DT_RELRSZ: relrSize = d->d_un.d_val; break;
    case DT_JMPREL: plt = d->d_un.d_ptr; break;
    default: break;
    }
  }
  // Some linkers count the PLT's table, placed right after, in DT_RELASZ: it stays.
  if (plt > rela && plt < rela + relaSize) relaSize = plt - rela;
  drop(release, info, rela, relaSize);
  drop(release, info, rel, relSize);
  drop(release, info, relr, relrSize);
  return 0;
}

size_t loader_tables_release(LoaderTableRange *ranges, int capacity, int *count) {
  long page = sysconf(_SC_PAGESIZE);
  Release release = {ranges, capacity < 0 ? 0 : capacity, 0, 0, page > 0 ? (uintptr_t)page : 4096};
  dl_iterate_phdr(each, &release);
  if (count) *count = release.count;
  return release.bytes;
}
