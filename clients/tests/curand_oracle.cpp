#include "curand_oracle.hpp"

#include <stdexcept>
#include <string>

#if ROCDIST_TEST_HAVE_CURAND
#include <curand.h>
#endif

namespace rocdist_test
{

#if ROCDIST_TEST_HAVE_CURAND

namespace
{

void check(curandStatus_t status, const char* call)
{
    if(status != CURAND_STATUS_SUCCESS)
        throw std::runtime_error(std::string(call) + " failed with curandStatus " + std::to_string(status));
}

curandStatus_t generate(curandGenerator_t g, unsigned int* out, std::size_t n) { return curandGenerate(g, out, n); }
curandStatus_t generate(curandGenerator_t g, float* out, std::size_t n) { return curandGenerateUniform(g, out, n); }
curandStatus_t generate(curandGenerator_t g, double* out, std::size_t n) { return curandGenerateUniformDouble(g, out, n); }

class host_generator
{
public:
    host_generator() { check(curandCreateGeneratorHost(&g_, CURAND_RNG_PSEUDO_PHILOX4_32_10), "curandCreateGeneratorHost"); }
    ~host_generator() { curandDestroyGenerator(g_); }
    host_generator(const host_generator&) = delete;
    host_generator& operator=(const host_generator&) = delete;
    curandGenerator_t get() const { return g_; }

private:
    curandGenerator_t g_{};
};

} // namespace

bool have_curand() { return true; }

template <class T>
std::vector<T> curand_stream(unsigned long long seed, unsigned long long offset, const std::vector<std::size_t>& pieces)
{
    host_generator g;
    check(curandSetPseudoRandomGeneratorSeed(g.get(), seed), "curandSetPseudoRandomGeneratorSeed");
    check(curandSetGeneratorOffset(g.get(), offset), "curandSetGeneratorOffset");
    std::vector<T> out;
    for(std::size_t piece : pieces)
    {
        std::vector<T> part(piece);
        check(generate(g.get(), part.data(), piece), "curandGenerate*");
        out.insert(out.end(), part.begin(), part.end());
    }
    return out;
}

std::vector<unsigned int> curand_default_seed_words(std::size_t n)
{
    host_generator            g;
    std::vector<unsigned int> out(n);
    check(curandGenerate(g.get(), out.data(), n), "curandGenerate");
    return out;
}

#else

bool have_curand() { return false; }

template <class T>
std::vector<T> curand_stream(unsigned long long, unsigned long long, const std::vector<std::size_t>&)
{
    throw std::logic_error("libcurand is not linked: check have_curand() first");
}

std::vector<unsigned int> curand_default_seed_words(std::size_t)
{
    throw std::logic_error("libcurand is not linked: check have_curand() first");
}

#endif

template std::vector<unsigned int> curand_stream(unsigned long long, unsigned long long, const std::vector<std::size_t>&);
template std::vector<float> curand_stream(unsigned long long, unsigned long long, const std::vector<std::size_t>&);
template std::vector<double> curand_stream(unsigned long long, unsigned long long, const std::vector<std::size_t>&);

} // namespace rocdist_test
