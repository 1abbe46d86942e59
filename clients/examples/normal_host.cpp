// Normal doubles on the CPU through the C++ wrappers in rocdist.hpp: the
// generator frees its handle on scope exit, and a bad argument throws
// rocdist_cpp::error carrying the status.
#include <cstdio>
#include <numeric>
#include <vector>

#include <rocdist/rocdist.hpp>

int main()
{
    try
    {
        rocdist_cpp::generator gen(rocdist_cpp::backend::host);
        gen.set_seed(2026);
        gen.set_normal_method(ROCDIST_NORMAL_ZIGGURAT);
        std::vector<double> x(1000000);
        gen.generate_normal(x.data(), x.size(), 5.0, 0.5);
        const double mean = std::accumulate(x.begin(), x.end(), 0.0) / x.size();
        std::printf("mean of %zu normals: %.5f (expect 5)\n", x.size(), mean);

        try
        {
            gen.generate_normal(x.data(), x.size(), 5.0, -0.5);
        }
        catch(const rocdist_cpp::error& e)
        {
            std::printf("a negative stddev throws: status %d, \"%s\"\n", e.status(), e.what());
            return e.status() == ROCDIST_STATUS_INVALID_VALUE ? 0 : 1;
        }
        std::printf("a negative stddev did not throw\n");
        return 1;
    }
    catch(const rocdist_cpp::error& e)
    {
        std::fprintf(stderr, "rocdist: %s\n", e.what());
        return 1;
    }
}
