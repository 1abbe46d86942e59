// rocdist's bench client: uniforms, normals (every method), gamma, Poisson,
// binomial, exponential and categorical variates and the seed
// articles' tables, on the best backend present (the GPU when a GPU
// generator can be created, else the host), beside cuRAND on the same backend,
// NumPy (and PyTorch) on the host, PyTorch, CuPy and JAX on a GPU
// (script_peers.hpp), and the store bandwidth measured in the same run.
//
//   rocdist_bench [--n=ELEMENTS] [--backend=best|host|gpu] [--markdown]
//                 [--help] [--version] [Google Benchmark flags]
//   rocdist_bench --replay=FILE [--markdown]
//
// On the emulated GPU platform the best backend is the host; --backend=gpu
// runs the emulated device, as a check of the bench's GPU code only.
// --replay prints the summary tables of a run's record (--benchmark_out,
// JSON) without running anything; report.py puts them, as Markdown, into
// docs/performance.md.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "bench_context.hpp"
#include "build_config.hpp"
#include "script_peers.hpp"
#include "summary_table.hpp"
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
                 "Times rocdist's uniform, normal (every method), log-normal, gamma, beta,\n"
                 "Dirichlet, Poisson, binomial, exponential, categorical and batched\n"
                 "categorical generation on the best backend present (a GPU when a GPU\n"
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
                 "  --markdown           print the summary tables as Markdown, each between\n"
                 "                       the markers that report.py looks for\n"
                 "  --replay=FILE        print the summary tables of a run's record (written\n"
                 "                       with --benchmark_out=FILE --benchmark_out_format=json)\n"
                 "                       and run nothing\n"
                 "  --help               print this help and exit\n"
                 "  --version            print the version and exit\n"
                 "\n"
                 "Google Benchmark flags select and report the runs, for example\n"
                 "--benchmark_filter=REGEX, --benchmark_repetitions=N and\n"
                 "--benchmark_out=FILE with --benchmark_out_format=json.\n"
                 "\n"
                 "Environment:\n"
                 "  ROCDIST_PYTHON       Python for the peers, benchmarks named\n"
                 "                       peer/LIBRARY/CALL/TYPE: with NumPy and torch on the\n"
                 "                       host (one thread), with PyTorch, CuPy and JAX on a GPU\n"
                 "                       (default /usr/bin/python3; a peer it lacks is reported\n"
                 "                       absent, with the reason)\n"
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
struct own_flags
{
    std::string backend = "best", replay, filter, min_time;
    bool        markdown = false;
};

int parse_own_flags(int& argc, char** argv, own_flags& flags)
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
            flags.backend = argv[i] + 10;
            if(flags.backend != "best" && flags.backend != "host" && flags.backend != "gpu")
            {
                std::fprintf(stderr, "rocdist_bench: --backend is best, host or gpu, not '%s'\n",
                             flags.backend.c_str());
                return 2;
            }
        }
        else if(std::strncmp(argv[i], "--replay=", 9) == 0)
            flags.replay = argv[i] + 9;
        else if(std::strcmp(argv[i], "--markdown") == 0)
            flags.markdown = true;
        else
        {
            if(std::strncmp(argv[i], "--benchmark_filter=", 19) == 0)
                flags.filter = argv[i] + 19;
            if(std::strncmp(argv[i], "--benchmark_min_time=", 21) == 0)
                flags.min_time = argv[i] + 21;
            argv[kept++] = argv[i];
        }
    }
    argc = kept;
    return -1;
}

void print_summaries(const rocdist_bench::summary_reporter& r)
{
    rocdist_bench::print_uniform_summary(r);
    rocdist_bench::print_normal_summary(r);
    rocdist_bench::print_gamma_summary(r);
    rocdist_bench::print_gamma_family_summary(r);
    rocdist_bench::print_count_summary(r);
    rocdist_bench::print_seed_tables(r);
    rocdist_bench::print_categorical_summary(r);
    rocdist_bench::print_categorical_rows_summary(r);
    rocdist_bench::print_token_summary(r);
    rocdist_bench::print_simd_target_summary(r);
    rocdist_bench::print_peer_summary(r);
    rocdist_bench::print_warp_rounds_tables(r);
}

// --replay: the tables of a recorded run.
int replay(const std::string& path)
{
    rocdist_bench::summary_reporter reporter;
    try
    {
        reporter.load_record(path);
    }
    catch(const std::exception& e)
    {
        std::fprintf(stderr, "rocdist_bench: %s\n", e.what());
        return 1;
    }
    print_summaries(reporter);
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    own_flags flags;
    if(const int status = parse_own_flags(argc, argv, flags); status >= 0)
        return status;
    rocdist_bench::set_markdown_tables(flags.markdown);
    if(!flags.replay.empty())
    {
        if(argc > 1)
        {
            std::fprintf(stderr, "rocdist_bench: --replay runs nothing: '%s' has no use with it\n", argv[1]);
            return 2;
        }
        return replay(flags.replay);
    }
    benchmark::Initialize(&argc, argv);
    if(benchmark::ReportUnrecognizedArguments(argc, argv))
        return 2;
    rocdist_status gpu_status = ROCDIST_STATUS_NO_DEVICE;
    // The emulated GPU platform is for tests: its figures would measure the
    // emulator, so it runs only when asked for by name.
    const bool try_gpu = ROCDIST_GPU_EMULATED ? flags.backend == "gpu" : flags.backend != "host";
    if(try_gpu)
        gpu_status = rocdist_create_generator(&context.gen, ROCDIST_RNG_PHILOX4X32_10);
    if(ROCDIST_GPU_EMULATED && gpu_status == ROCDIST_STATUS_SUCCESS)
        std::printf("GPU generator on the emulated device: these figures measure the emulator, not a GPU.\n");
    context.on_gpu = gpu_status == ROCDIST_STATUS_SUCCESS;
    if(flags.backend == "gpu" && !context.on_gpu)
    {
        std::fprintf(stderr, "rocdist_bench: no GPU generator: %s\n", rocdist_get_status_string(gpu_status));
        return 1;
    }
    if(!context.on_gpu)
    {
        if(flags.backend == "best" && ROCDIST_GPU_EMULATED)
            std::printf("This build's GPU platform is the emulated one (--backend=gpu runs it).\n"
                        "Benchmarking the host backend.\n");
        else if(flags.backend == "best")
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
    rocdist_bench::register_count_benchmarks();
    rocdist_bench::register_seed_table_benchmarks();
    rocdist_bench::register_categorical_benchmarks();
    rocdist_bench::register_categorical_rows_benchmarks();
    rocdist_bench::register_token_benchmarks();
    rocdist_bench::register_simd_target_benchmarks();
    rocdist_bench::register_peer_benchmarks(flags.filter, flags.min_time);
    rocdist_bench::register_warp_rounds_benchmarks();
    rocdist_bench::add_device_context();

    rocdist_bench::summary_reporter reporter;
    reporter.facts = rocdist_bench::live_facts();
    benchmark::RunSpecifiedBenchmarks(&reporter);
    print_summaries(reporter);
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
