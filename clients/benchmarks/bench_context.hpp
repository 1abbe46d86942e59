// What every benchmark of the bench client shares: the backend chosen for
// this run, one output buffer of that backend's memory, the rocdist
// generator, and the rates measured so far (for the summary tables).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "rocdist/rocdist.h"

namespace rocdist_bench
{

struct bench_context
{
    bool                on_gpu = false;
    std::size_t         n      = std::size_t(1) << 24; // elements per call; the buffer holds n doubles
    bool                n_given = false;                // --n: else 2^28 on a GPU
    rocdist_generator   gen    = nullptr;
    void*               buffer = nullptr;
    std::vector<double> host_buffer;
};

extern bench_context context;

void synchronize();                // waits for the GPU when benchmarking it
// Adds the run's facts (run_facts: backend, GPU platform, n, the host's
// threads and vector target) and, on a GPU, the device's name, compute
// capability, multiprocessors, memory and driver and runtime versions to
// the context of Google Benchmark's reports (the JSON of --benchmark_out
// among them, which --replay reads back).
void add_device_context();
void check(rocdist_status status); // throws with the status sentence

// On a GPU, each timing covers this many back-to-back calls between two
// events: device time, with no host round trip between calls.
constexpr int launches_per_timing = 8;
// Seconds the device spent on the work `launch` queues, between two events
// on the legacy default stream (the generator's and the peers' stream).
double device_seconds(const std::function<void()>& launch);

// The body of every fill benchmark: fill(out, n) into the shared buffer; on
// the host each call waited for and timed by the wall clock, on a GPU
// launches_per_timing calls timed by events. Bytes and items per second
// count n elements of T per call.
template <class T, class Fill>
void time_fill(benchmark::State& state, std::size_t n, Fill&& fill)
{
    auto* out   = static_cast<T*>(context.buffer);
    int   calls = 1;
    if(context.on_gpu)
    {
        calls = launches_per_timing;
        for(auto _ : state)
            state.SetIterationTime(device_seconds([&] {
                for(int i = 0; i < launches_per_timing; ++i)
                    fill(out, n);
            }));
    }
    else
    {
        for(auto _ : state)
        {
            fill(out, n);
            synchronize();
        }
    }
    const auto elements = static_cast<std::int64_t>(state.iterations()) * calls * static_cast<std::int64_t>(n);
    state.SetBytesProcessed(elements * static_cast<std::int64_t>(sizeof(T)));
    state.SetItemsProcessed(elements);
}

// Adds a benchmark reported in milliseconds: wall-clock time on the host,
// the time its body reports (events, time_fill) on a GPU.
benchmark::internal::Benchmark* add(const std::string& name, std::function<void(benchmark::State&)> fn);

// What a run's tables need to know of it besides its rates: in a live run,
// this process's choices; replayed, the record's context (bench_record.cpp).
struct run_facts
{
    bool        on_gpu   = false; // the GPU backend ran (the emulated platform's included)
    bool        emulated = false; // that GPU was the emulated platform
    std::size_t n        = 0;     // elements per fill call
    unsigned    cores    = 0;     // the host backend's threads
    std::string host_target;      // the host kernels' Highway target: the best this CPU runs
};

// This process's facts (after the backend is chosen).
run_facts live_facts();
// The Highway target of the host kernels: the best vector target this CPU
// runs (bench_simd_targets.cpp), else the scalar one.
std::string host_target_name();

// Each run's rates, kept by name, for the summary tables; Google
// Benchmark's console output too in a live run.
class summary_reporter : public benchmark::ConsoleReporter
{
public:
    run_facts facts;

    void ReportRuns(const std::vector<Run>& runs) override;
    // Reads a run's record (--benchmark_out=FILE --benchmark_out_format=json)
    // in place of running: its rates, labels, errors and facts. Throws
    // std::runtime_error, naming the file, when it cannot.
    void load_record(const std::string& path);

    // bytes/s or items/s of the first benchmark whose name starts with
    // prefix; 0 when it did not run.
    double bytes_per_second(const std::string& prefix) const { return find(bytes_, prefix); }
    double items_per_second(const std::string& prefix) const { return find(items_, prefix); }
    double milliseconds(const std::string& prefix) const { return find(ms_, prefix); }
    // The store reference: the fastest of the store_bandwidth/ fills in
    // bytes/s; 0 when none ran.
    double store_bandwidth() const;
    // A user counter of the first benchmark whose name starts with prefix; 0 when absent.
    double counter(const std::string& prefix, const std::string& name) const
    {
        const auto it = counters_.find(name);
        return it == counters_.end() ? 0 : find(it->second, prefix);
    }
    // The benchmarks that ran or failed, by name, with their labels and the
    // errors of those that failed.
    const std::map<std::string, std::string>& labels() const { return labels_; }
    // Their names in the order they ran.
    const std::vector<std::string>& names() const { return names_; }
    const std::map<std::string, std::string>& errors() const { return errors_; }

private:
    static double find(const std::map<std::string, double>& m, const std::string& prefix);
    void          record(const std::string& name, const std::string& label, const std::string& error, double ms,
                         const std::map<std::string, double>& counters);
    std::map<std::string, double>                        bytes_, items_, ms_;
    std::map<std::string, std::map<std::string, double>> counters_; // by counter name, then benchmark
    std::map<std::string, std::string>                   labels_, errors_;
    std::vector<std::string>                             names_;
};

// A table title's account of the run: "on the host backend, n = N, store
// bandwidth B GB/s, C cores" (no cores on a GPU).
std::string run_title(const summary_reporter& r);

void register_uniform_benchmarks();
void print_uniform_summary(const summary_reporter& r);
void register_normal_benchmarks();
void print_normal_summary(const summary_reporter& r);
void register_gamma_benchmarks();
void print_gamma_summary(const summary_reporter& r);
void register_gamma_family_benchmarks();
void print_gamma_family_summary(const summary_reporter& r);
void register_count_benchmarks();
void print_count_summary(const summary_reporter& r);
void register_seed_table_benchmarks();
void print_seed_tables(const summary_reporter& r);
void register_warp_rounds_benchmarks();
void print_warp_rounds_tables(const summary_reporter& r);
void register_categorical_benchmarks();
void print_categorical_summary(const summary_reporter& r);
void register_categorical_rows_benchmarks();
void print_categorical_rows_summary(const summary_reporter& r);
void register_token_benchmarks();
void print_token_summary(const summary_reporter& r);
void register_simd_target_benchmarks();
void print_simd_target_summary(const summary_reporter& r);

} // namespace rocdist_bench
