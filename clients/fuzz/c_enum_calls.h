/* The C API's enum-taking calls with the enum as a plain int, compiled as
 * C: C callers may pass any int where an enum is expected, while in C++ an
 * enum holding a value outside its enumerators' range is itself undefined
 * behaviour (UBSan would stop the harness, not the library). */
#ifndef ROCDIST_FUZZ_C_ENUM_CALLS_H
#define ROCDIST_FUZZ_C_ENUM_CALLS_H

#include "rocdist/rocdist.h"

#ifdef __cplusplus
extern "C" {
#endif

rocdist_status fuzz_create_generator_host(rocdist_generator* generator, int rng_type);
rocdist_status fuzz_create_generator(rocdist_generator* generator, int rng_type);
rocdist_status fuzz_set_ordering(rocdist_generator generator, int ordering);
rocdist_status fuzz_set_normal_method(rocdist_generator generator, int method);
const char*    fuzz_get_status_string(int status);

#ifdef __cplusplus
}
#endif

#endif
