#ifndef TIMELINE_CINTL_SHIM_H
#define TIMELINE_CINTL_SHIM_H
// glibc's gettext: part of libc itself, so nothing more is linked.
#include <libintl.h>
#include <locale.h>
#endif
