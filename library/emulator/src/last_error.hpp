// The calling thread's last error, kept as CUDA documents it: every call
// that fails records its error (a stream query's "not ready" included);
// hipGetLastError returns and clears it, hipPeekAtLastError only returns it.
#pragma once

#include <hip/hip_runtime_api.h>

namespace rocdist_emulator
{

// Records a failure as the thread's last error; returns `error` either way.
hipError_t answer(hipError_t error);

hipError_t take_last_error();
hipError_t peek_last_error();

} // namespace rocdist_emulator
