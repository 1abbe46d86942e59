// cuRAND as the bench client's peer, declared without cuRAND's headers
// (they clash with HIP's). Host generator on the CPU; device generator on
// NVIDIA GPUs.
#pragma once

#include <cstddef>

namespace rocdist_bench
{

class curand_peer
{
public:
    // on_device: cuRAND's device generator (NVIDIA builds only), else its host one.
    explicit curand_peer(bool on_device);
    ~curand_peer();
    curand_peer(const curand_peer&) = delete;
    curand_peer& operator=(const curand_peer&) = delete;

    static bool available(bool on_device);

    void generate(unsigned int* out, std::size_t n);
    void generate(float* out, std::size_t n);
    void generate(double* out, std::size_t n);

private:
    void* generator_ = nullptr;
};

} // namespace rocdist_bench
