#include "curand_generator.hpp"

#include <stdexcept>
#include <string>

#if ROCDIST_HAVE_CURAND
#include <curand.h>
#endif

namespace rocdist_clients
{

#if ROCDIST_HAVE_CURAND

namespace
{
void check(curandStatus_t s, const char* call)
{
    if(s != CURAND_STATUS_SUCCESS)
        throw std::runtime_error(std::string(call) + " failed with curandStatus " + std::to_string(s));
}
curandGenerator_t as_generator(void* g) { return static_cast<curandGenerator_t>(g); }
} // namespace

bool curand_generator::available(bool on_device) { return !on_device || ROCDIST_CURAND_DEVICE; }

curand_generator::curand_generator(bool on_device)
{
    curandGenerator_t g{};
    check(on_device ? curandCreateGenerator(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10)
                    : curandCreateGeneratorHost(&g, CURAND_RNG_PSEUDO_PHILOX4_32_10),
          "curandCreateGenerator");
    generator_ = g;
}

curand_generator::~curand_generator() { curandDestroyGenerator(as_generator(generator_)); }

void curand_generator::set_seed(unsigned long long seed)
{
    check(curandSetPseudoRandomGeneratorSeed(as_generator(generator_), seed), "curandSetPseudoRandomGeneratorSeed");
}
void curand_generator::set_offset(unsigned long long offset)
{
    check(curandSetGeneratorOffset(as_generator(generator_), offset), "curandSetGeneratorOffset");
}
void curand_generator::generate(unsigned int* out, std::size_t n)
{
    check(curandGenerate(as_generator(generator_), out, n), "curandGenerate");
}
void curand_generator::generate(float* out, std::size_t n)
{
    check(curandGenerateUniform(as_generator(generator_), out, n), "curandGenerateUniform");
}
void curand_generator::generate(double* out, std::size_t n)
{
    check(curandGenerateUniformDouble(as_generator(generator_), out, n), "curandGenerateUniformDouble");
}
void curand_generator::generate_normal(float* out, std::size_t n, float mean, float stddev)
{
    check(curandGenerateNormal(as_generator(generator_), out, n, mean, stddev), "curandGenerateNormal");
}
void curand_generator::generate_normal(double* out, std::size_t n, double mean, double stddev)
{
    check(curandGenerateNormalDouble(as_generator(generator_), out, n, mean, stddev),
          "curandGenerateNormalDouble");
}
void curand_generator::generate_poisson(unsigned int* out, std::size_t n, double lambda)
{
    check(curandGeneratePoisson(as_generator(generator_), out, n, lambda), "curandGeneratePoisson");
}

#else

namespace
{
[[noreturn]] void not_linked() { throw std::logic_error("libcurand is not linked: check available() first"); }
} // namespace

bool curand_generator::available(bool) { return false; }
curand_generator::curand_generator(bool) { not_linked(); }
curand_generator::~curand_generator() = default;
void curand_generator::set_seed(unsigned long long) { not_linked(); }
void curand_generator::set_offset(unsigned long long) { not_linked(); }
void curand_generator::generate(unsigned int*, std::size_t) { not_linked(); }
void curand_generator::generate(float*, std::size_t) { not_linked(); }
void curand_generator::generate(double*, std::size_t) { not_linked(); }
void curand_generator::generate_normal(float*, std::size_t, float, float) { not_linked(); }
void curand_generator::generate_normal(double*, std::size_t, double, double) { not_linked(); }
void curand_generator::generate_poisson(unsigned int*, std::size_t, double) { not_linked(); }

#endif

} // namespace rocdist_clients
