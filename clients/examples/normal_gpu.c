/* Normal floats on the GPU through the C API: device memory from the GPU
 * runtime's C interface (HIP on AMD builds, CUDA on NVIDIA builds), one
 * generate call queued on the default stream, the result copied back.
 * Without a GPU, rocdist_create_generator answers ROCDIST_STATUS_NO_DEVICE
 * and the example says so and exits with 77 (CTest's "skipped"). */
#include <stdio.h>
#include <stdlib.h>

#include <rocdist/rocdist.h>

#if defined(ROCDIST_EXAMPLE_HIP)
#include <hip/hip_runtime_api.h>
#define gpu_malloc hipMalloc
#define gpu_free hipFree
#define gpu_copy_to_host(dst, src, bytes) hipMemcpy(dst, src, bytes, hipMemcpyDeviceToHost)
#define gpu_success hipSuccess
#else
#include <cuda_runtime_api.h>
#define gpu_malloc cudaMalloc
#define gpu_free cudaFree
#define gpu_copy_to_host(dst, src, bytes) cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost)
#define gpu_success cudaSuccess
#endif

int main(void)
{
    enum { n = 1 << 20 };
    rocdist_generator gen    = NULL;
    float*            device = NULL;
    float*            host   = malloc(n * sizeof *host);
    rocdist_status    s      = rocdist_create_generator(&gen, ROCDIST_RNG_PHILOX4X32_10);
    if(s == ROCDIST_STATUS_NO_DEVICE)
    {
        printf("no GPU generator: %s\n", rocdist_get_status_string(s));
        free(host);
        return 77;
    }
    if(s == ROCDIST_STATUS_SUCCESS && gpu_malloc((void**)&device, n * sizeof *device) != gpu_success)
        s = ROCDIST_STATUS_ALLOCATION_FAILED;
    if(s == ROCDIST_STATUS_SUCCESS)
        s = rocdist_set_seed(gen, 2026);
    if(s == ROCDIST_STATUS_SUCCESS)
        s = rocdist_generate_normal(gen, device, n, 0.0f, 1.0f);
    /* The copy on the default stream waits for the generation queued there. */
    if(s == ROCDIST_STATUS_SUCCESS && gpu_copy_to_host(host, device, n * sizeof *host) != gpu_success)
        s = ROCDIST_STATUS_LAUNCH_FAILURE;
    if(s != ROCDIST_STATUS_SUCCESS)
    {
        fprintf(stderr, "rocdist: %s\n", rocdist_get_status_string(s));
        return 1;
    }
    double sum = 0, sum2 = 0;
    for(int i = 0; i < n; ++i)
    {
        sum += host[i];
        sum2 += (double)host[i] * host[i];
    }
    printf("mean and variance of %d normals on the GPU: %.5f %.5f (expect 0 and 1)\n", n, sum / n,
           sum2 / n - (sum / n) * (sum / n));
    gpu_free(device);
    rocdist_destroy_generator(gen);
    free(host);
    return 0;
}
