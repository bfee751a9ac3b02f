#ifndef TIMELINE_CCURL_SHIM_H
#define TIMELINE_CCURL_SHIM_H
/* The typed wrappers below replace curl's GCC type-check macros. */
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <malloc.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
   wrapper per argument kind the client uses. */
static inline CURLcode timeline_curl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode timeline_curl_set_pointer(CURL *handle, CURLoption option, const void *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode timeline_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode timeline_curl_set_write(CURL *handle, CURLoption option,
                                               size_t (*callback)(char *, size_t, size_t, void *)) {
  return curl_easy_setopt(handle, option, callback);
}
static inline CURLcode timeline_curl_set_progress(CURL *handle,
                                                  int (*callback)(void *, curl_off_t, curl_off_t, curl_off_t, curl_off_t)) {
  return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}
static inline CURLcode timeline_curl_get_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode timeline_curl_get_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode timeline_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

/* At most one malloc arena (Providers' MallocArenas says why); mallopt is not in Swift's
   Glibc module. */
static inline void timeline_malloc_one_arena(void) { mallopt(M_ARENA_MAX, 1); }
#endif
