// cuRAND's Philox generator for the clients: the tests' oracle (its host
// generator runs on the CPU) and the bench client's peer. Declared without
// cuRAND's headers, which clash with HIP's.
#pragma once

#include <cstddef>

namespace rocdist_clients
{

class curand_generator
{
public:
    // Whether this build linked libcurand and, for on_device, can run
    // cuRAND's device generator (NVIDIA builds only).
    static bool available(bool on_device);

    // CURAND_RNG_PSEUDO_PHILOX4_32_10; its device generator when on_device,
    // else its host generator. Throws std::runtime_error on any cuRAND error.
    explicit curand_generator(bool on_device);
    ~curand_generator();
    curand_generator(const curand_generator&)            = delete;
    curand_generator& operator=(const curand_generator&) = delete;

    void set_seed(unsigned long long seed);
    void set_offset(unsigned long long offset);
    void generate(unsigned int* out, std::size_t n); // curandGenerate
    void generate(float* out, std::size_t n);        // curandGenerateUniform
    void generate(double* out, std::size_t n);       // curandGenerateUniformDouble
    void generate_normal(float* out, std::size_t n, float mean, float stddev);    // curandGenerateNormal
    void generate_normal(double* out, std::size_t n, double mean, double stddev); // curandGenerateNormalDouble
    void generate_poisson(unsigned int* out, std::size_t n, double lambda);         // curandGeneratePoisson

private:
    void* generator_ = nullptr;
};

} // namespace rocdist_clients
