/* Test hooks of rocdist's emulated GPU platform: what the HIP API has no
 * call for. Each also has an environment variable, read once at start-up
 * (docs/emulated_gpu.md). */
#ifndef ROCDIST_EMULATOR_H
#define ROCDIST_EMULATOR_H

#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum rocdist_emulator_event
{
    rocdist_emulator_allocation = 0, /* hipMalloc, hipMallocManaged, hipHostMalloc */
    rocdist_emulator_launch     = 1  /* kernel launches */
} rocdist_emulator_event;

/* The nth next event of that kind, counting from 1, fails with `error`
 * instead of happening; n = 0 disarms. Without this call an event fails
 * only as ROCDIST_EMULATED_FAIL_ALLOCATION / _FAIL_LAUNCH say (once, the
 * nth of the process, with hipErrorOutOfMemory / hipErrorLaunchFailure). */
ROCDIST_EMULATOR_API void rocdist_emulator_fail_nth(rocdist_emulator_event event, unsigned long long n,
                                                    hipError_t error);

/* Events of that kind so far in this process, failed ones included. */
ROCDIST_EMULATOR_API unsigned long long rocdist_emulator_events(rocdist_emulator_event event);

/* Deferred execution (ROCDIST_EMULATED_DEFERRED=1): queued work runs only
 * when a host call waits for it (a synchronisation, a blocking copy, a
 * stream query) or work that such a call waits for needs it. A missing
 * synchronisation then fails every time instead of now and then. */
ROCDIST_EMULATOR_API void rocdist_emulator_set_deferred(int deferred);

/* The message of the last kernel fault (a divergent collective, a kernel
 * that threw), "" when there was none; also printed to stderr. */
ROCDIST_EMULATOR_API const char* rocdist_emulator_last_fault(void);

#ifdef __cplusplus
}
#endif

#endif
