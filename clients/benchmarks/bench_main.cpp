// rocdist's bench client: uniforms, normals (every method), gamma and
// categorical variates and the seed
// articles' tables, on the best backend present (the GPU when a GPU
// generator can be created, else the host), beside cuRAND on the same backend,
// NumPy on the host, PyTorch, CuPy and JAX on a GPU (gpu_peers.hpp), and the
// store bandwidth measured in the same run.
//
//   rocdist_bench [--n=ELEMENTS] [--backend=best|host|gpu] [--rounds-csv=FILE]
//                 [--help] [--version] [Google Benchmark flags]
//
// On the emulated GPU platform the best backend is the host; --backend=gpu
// runs the emulated device, as a check of the bench's GPU code only.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "bench_context.hpp"
#include "build_config.hpp"
#include "gpu_peers.hpp"
#include "rocdist/rocdist_version.h"

#if ROCDIST_HAS_GPU_BACKEND
#include "backend/gpu/runtime.hpp"
#endif

namespace
{

using rocdist_bench::context;

void print_usage(std::FILE* to)
{
    std::fprintf(to,
                 "Usage: rocdist_bench [OPTION]... [Google Benchmark flag]...\n"
                 "Times rocdist's uniform, normal (every method), log-normal, gamma,\n"
                 "categorical and batched categorical generation on the best backend present (a GPU when a GPU\n"
                 "generator can be created, else the host), beside cuRAND on the same\n"
                 "backend, NumPy on the host, PyTorch, CuPy and JAX on a GPU, and the store\n"
                 "bandwidth measured in the same run, and prints summary tables of\n"
                 "throughput against those peers. On a\n"
                 "GPU, each timing covers 8 back-to-back calls between two events. On\n"
                 "a CPU that runs two of the host kernels' vector instruction sets (AVX-512\n"
                 "and AVX2, say), the host kernels also run under the second, and the\n"
                 "ratio of the two is printed.\n"
                 "\n"
                 "Options:\n"
                 "  --n=ELEMENTS         elements per generate call (default %zu on the host,\n"
                 "                       2^28 on a GPU)\n"
                 "  --backend=WHICH      best (default), host or gpu; gpu fails when no GPU\n"
                 "                       generator can be created\n"
                 "  --rounds-csv=FILE    also read measured warp rounds from FILE for the\n"
                 "                       warp-rounds table\n"
                 "  --help               print this help and exit\n"
                 "  --version            print the version and exit\n"
                 "\n"
                 "Google Benchmark flags select and report the runs, for example\n"
                 "--benchmark_filter=REGEX, --benchmark_repetitions=N and\n"
                 "--benchmark_out=FILE with --benchmark_out_format=json.\n"
                 "\n"
                 "Environment:\n"
                 "  ROCDIST_PYTHON       Python with NumPy for the host's NumPy peer, with torch\n"
                 "                       for the PyTorch peer of batched categorical sampling,\n"
                 "                       and on a GPU with PyTorch, CuPy and JAX for the GPU\n"
                 "                       peers, benchmarks named peer/LIBRARY/CALL/TYPE (default\n"
                 "                       /usr/bin/python3; a peer it lacks is reported absent,\n"
                 "                       with the reason)\n"
                 "  ROCDIST_BENCH_SCRIPT_DIR  the folder of the peer scripts (default the source\n"
                 "                       tree's clients/benchmarks, else the installed copies)\n"
                 "\n"
                 "Exit status: 0 on success, 1 when the run fails, 2 for a bad option.\n",
                 rocdist_bench::bench_context{}.n);
}

// Parses and removes rocdist's own flags; Google Benchmark takes the rest.
// Returns -1 to go on, else the exit status (after --help, --version or a
// bad value).
// Google Benchmark's --benchmark_filter and --benchmark_min_time are read
// (for the GPU peers) and kept.
int parse_own_flags(int& argc, char** argv, std::string& backend, std::string& rounds_csv, std::string& filter,
                    std::string& min_time)
{
    int kept = 1;
    for(int i = 1; i < argc; ++i)
    {
        if(std::strcmp(argv[i], "--help") == 0)
        {
            print_usage(stdout);
            return 0;
        }
        if(std::strcmp(argv[i], "--version") == 0)
        {
            std::printf("rocdist_bench (rocdist) %s\n", ROCDIST_VERSION_STRING);
            return 0;
        }
        if(std::strncmp(argv[i], "--n=", 4) == 0)
        {
            const char* digits = argv[i] + 4;
            char*       end    = nullptr;
            errno              = 0;
            const unsigned long long n = std::strtoull(digits, &end, 10);
            if(*digits < '0' || *digits > '9' || *end != '\0' || errno == ERANGE || n == 0)
            {
                std::fprintf(stderr, "rocdist_bench: --n takes a positive number of elements, not '%s'\n", digits);
                return 2;
            }
            context.n       = n;
            context.n_given = true;
        }
        else if(std::strncmp(argv[i], "--backend=", 10) == 0)
        {
            backend = argv[i] + 10;
            if(backend != "best" && backend != "host" && backend != "gpu")
            {
                std::fprintf(stderr, "rocdist_bench: --backend is best, host or gpu, not '%s'\n", backend.c_str());
                return 2;
            }
        }
        else if(std::strncmp(argv[i], "--rounds-csv=", 13) == 0)
            rounds_csv = argv[i] + 13;
        else
        {
            if(std::strncmp(argv[i], "--benchmark_filter=", 19) == 0)
                filter = argv[i] + 19;
            if(std::strncmp(argv[i], "--benchmark_min_time=", 21) == 0)
                min_time = argv[i] + 21;
            argv[kept++] = argv[i];
        }
    }
    argc = kept;
    return -1;
}

} // namespace

int main(int argc, char** argv)
{
    std::string backend = "best", rounds_csv, filter, min_time;
    if(const int status = parse_own_flags(argc, argv, backend, rounds_csv, filter, min_time); status >= 0)
        return status;
    benchmark::Initialize(&argc, argv);
    if(benchmark::ReportUnrecognizedArguments(argc, argv))
        return 2;

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
        try
        {
            context.host_buffer.resize(context.n);
        }
        catch(const std::exception&)
        {
            std::fprintf(stderr, "rocdist_bench: cannot allocate %zu doubles on the host\n", context.n);
            return 1;
        }
        context.buffer = context.host_buffer.data();
    }
    else
    {
#if ROCDIST_HAS_GPU_BACKEND
        // 2^28 elements keep a launch long beside its fixed cost on any
        // data-centre GPU (a 1 GiB float fill: about 0.35 ms at 3 TB/s). The
        // emulated device keeps the host's size.
        if(!context.n_given && !ROCDIST_GPU_EMULATED)
            context.n = std::size_t(1) << 28;
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
    rocdist_bench::register_gamma_family_benchmarks();
    rocdist_bench::register_seed_table_benchmarks();
    rocdist_bench::register_categorical_benchmarks();
    rocdist_bench::register_categorical_rows_benchmarks();
    rocdist_bench::register_simd_target_benchmarks();
    rocdist_bench::register_gpu_peer_benchmarks(filter, min_time);
    rocdist_bench::add_device_context();

    rocdist_bench::summary_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    rocdist_bench::print_uniform_summary(reporter);
    rocdist_bench::print_normal_summary(reporter);
    rocdist_bench::print_gamma_summary(reporter);
    rocdist_bench::print_gamma_family_summary(reporter);
    rocdist_bench::print_seed_tables(reporter);
    rocdist_bench::print_categorical_summary(reporter);
    rocdist_bench::print_categorical_rows_summary(reporter);
    rocdist_bench::print_simd_target_summary(reporter);
    rocdist_bench::print_gpu_peer_summary(reporter);
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
