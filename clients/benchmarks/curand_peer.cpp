#include "curand_peer.hpp"

#include <stdexcept>
#include <string>

#if ROCDIST_BENCH_HAVE_CURAND
#include <curand.h>
#endif

namespace rocdist_bench
{

#if ROCDIST_BENCH_HAVE_CURAND

namespace
{
void check(curandStatus_t s, const char* what)
{
    if(s != CURAND_STATUS_SUCCESS)
        throw std::runtime_error(std::string(what) + ": curandStatus " + std::to_string(s));
}
curandGenerator_t as_generator(void* g) { return static_cast<curandGenerator_t>(g); }
} // namespace

bool curand_peer::available(bool on_device) { return !on_device || ROCDIST_BENCH_CURAND_DEVICE; }

curand_peer::curand_peer(bool on_device)
{
    curandGenerator_t g{};
    check(on_device ? curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10)
                    : curandCreateGeneratorHost(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10),
          "curandCreateGenerator");
    generator_ = g;
}
curand_peer::~curand_peer() { curandDestroyGenerator(as_generator(generator_)); }

void curand_peer::generate(unsigned int* out, std::size_t n) { check(curandGenerate(as_generator(generator_), out, n), "curandGenerate"); }
void curand_peer::generate(float* out, std::size_t n) { check(curandGenerateUniform(as_generator(generator_), out, n), "curandGenerateUniform"); }
void curand_peer::generate(double* out, std::size_t n) { check(curandGenerateUniformDouble(as_generator(generator_), out, n), "curandGenerateUniformDouble"); }

#else

bool curand_peer::available(bool) { return false; }
curand_peer::curand_peer(bool) { throw std::logic_error("cuRAND is not linked"); }
curand_peer::~curand_peer() = default;
void curand_peer::generate(unsigned int*, std::size_t) {}
void curand_peer::generate(float*, std::size_t) {}
void curand_peer::generate(double*, std::size_t) {}

#endif

} // namespace rocdist_bench
