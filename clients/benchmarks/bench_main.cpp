// rocdist's bench client: uniforms, normals (every method), gamma and
// categorical variates and the seed
// articles' tables, on the best backend present (the GPU when a GPU
// generator can be created, else the host), beside cuRAND on the same backend,
// NumPy on the host, and the store bandwidth measured in the same run.
//
//   rocdist_bench [--n=ELEMENTS] [--backend=host|gpu] [--rounds-csv=FILE]
//                 [Google Benchmark flags]
//
// On the emulated GPU platform the best backend is the host; --backend=gpu
// runs the emulated device, as a check of the bench's GPU code only.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench_context.hpp"
#include "config.hpp"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/runtime.hpp"
#endif

namespace
{

using rocdist_bench::context;

// Parses and removes rocdist's own flags; Google Benchmark takes the rest.
void parse_own_flags(int& argc, char** argv, std::string& backend, std::string& rounds_csv)
{
    int kept = 1;
    for(int i = 1; i < argc; ++i)
    {
        if(std::strncmp(argv[i], "--n=", 4) == 0)
            context.n = std::strtoull(argv[i] + 4, nullptr, 10);
        else if(std::strncmp(argv[i], "--backend=", 10) == 0)
            backend = argv[i] + 10;
        else if(std::strncmp(argv[i], "--rounds-csv=", 13) == 0)
            rounds_csv = argv[i] + 13;
        else
            argv[kept++] = argv[i];
    }
    argc = kept;
}

} // namespace

int main(int argc, char** argv)
{
    std::string backend = "best", rounds_csv;
    parse_own_flags(argc, argv, backend, rounds_csv);
    benchmark::Initialize(&argc, argv);

    rocdist_status gpu_status = ROCDIST_STATUS_NO_DEVICE;
    // The emulated GPU platform is for tests: its figures would measure the
    // emulator, so it runs only when asked for by name.
    const bool try_gpu = ROCDIST_GPU_EMULATED ? backend == "gpu" : backend != "host";
    if(try_gpu)
        gpu_status = rocdist_create_generator(&context.gen, ROCDIST_RNG_PHILOX4X32_10);
    if(ROCDIST_GPU_EMULATED && gpu_status == ROCDIST_STATUS_SUCCESS)
        std::printf("GPU generator on the emulated device: these figures measure the emulator, not a GPU.\n");
    context.on_gpu = gpu_status == ROCDIST_STATUS_SUCCESS;
    if(backend == "gpu" && !context.on_gpu)
    {
        std::fprintf(stderr, "rocdist_bench: no GPU generator: %s\n", rocdist_get_status_string(gpu_status));
        return 1;
    }
    if(!context.on_gpu)
    {
        if(backend == "best" && ROCDIST_GPU_EMULATED)
            std::printf("This build's GPU platform is the emulated one (--backend=gpu runs it).\n"
                        "Benchmarking the host backend.\n");
        else if(backend == "best")
            std::printf("No GPU generator (%s)\nBenchmarking the host backend.\n", rocdist_get_status_string(gpu_status));
        rocdist_bench::check(rocdist_create_generator_host(&context.gen, ROCDIST_RNG_PHILOX4X32_10));
        context.host_buffer.resize(context.n);
        context.buffer = context.host_buffer.data();
    }
    else
    {
#if ROCDIST_HAS_GPU_BACKEND
        if(hipMalloc(&context.buffer, context.n * sizeof(double)) != hipSuccess)
        {
            std::fprintf(stderr, "rocdist_bench: cannot allocate %zu doubles on the GPU\n", context.n);
            return 1;
        }
#endif
    }

    rocdist_bench::register_uniform_benchmarks();
    rocdist_bench::register_normal_benchmarks();
    rocdist_bench::register_gamma_benchmarks();
    rocdist_bench::register_seed_table_benchmarks();
    rocdist_bench::register_categorical_benchmarks();

    rocdist_bench::summary_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    rocdist_bench::print_uniform_summary(reporter);
    rocdist_bench::print_normal_summary(reporter);
    rocdist_bench::print_gamma_summary(reporter);
    rocdist_bench::print_seed_tables(reporter);
    rocdist_bench::print_categorical_summary(reporter);
    rocdist_bench::print_warp_rounds_table(rounds_csv);
    benchmark::Shutdown();

#if ROCDIST_HAS_GPU_BACKEND
    if(context.on_gpu)
    {
        (void)hipDeviceSynchronize();
        (void)hipFree(context.buffer);
    }
#endif
    rocdist_destroy_generator(context.gen);
    return 0;
}
