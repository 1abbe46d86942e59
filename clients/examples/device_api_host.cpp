// The device API (rocdist/rocdist_kernel.h) in host code: the gamma and
// beta variates a kernel would draw element by element, against what the
// C API writes for the same seed. The words are identical; the variates
// agree to the last bits (within the documented host/GPU tolerance where
// the two are compiled differently). The same calls compile in HIP and CUDA
// kernels (see dirichlet_multinomial_gpu.hip).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <rocdist/rocdist.h>
#include <rocdist/rocdist_kernel.h>

int main()
{
    constexpr unsigned long long seed = 2026;
    constexpr size_t             n    = 10000;
    rocdist_generator            gen  = nullptr;
    std::vector<float>           gammas(n);
    std::vector<unsigned>        words(n);
    if(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10) != ROCDIST_STATUS_SUCCESS
       || rocdist_set_seed(gen, seed) != ROCDIST_STATUS_SUCCESS
       || rocdist_generate_gamma(gen, gammas.data(), n, 2.5f, 1.0f) != ROCDIST_STATUS_SUCCESS
       || rocdist_set_offset(gen, 0) != ROCDIST_STATUS_SUCCESS
       || rocdist_generate(gen, words.data(), n) != ROCDIST_STATUS_SUCCESS)
    {
        std::fprintf(stderr, "the host generator failed\n");
        return 1;
    }
    rocdist_destroy_generator(gen);

    double worst = 0;
    size_t same_words = 0;
    for(size_t i = 0; i < n; ++i)
    {
        rocdist::device::philox_state s(seed, i); // element i, as thread i of a kernel would take it
        const float                   g = rocdist::device::gamma(s, 2.5f, 1.0f);
        worst = std::max(worst, std::fabs(double(g) - gammas[i]) / gammas[i]);
        rocdist::device::philox_state w(seed, i);
        same_words += rocdist::device::bits(w) == words[i];
    }
    std::printf("gamma(2.5): largest relative difference %.3g over %zu elements\n", worst, n);
    std::printf("words: %zu of %zu identical\n", same_words, n);
    return worst < 1e-5 && same_words == n ? 0 : 1;
}
