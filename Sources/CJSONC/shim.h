#ifndef TIMELINE_CJSONC_SHIM_H
#define TIMELINE_CJSONC_SHIM_H
#include <json-c/json.h>
#endif
