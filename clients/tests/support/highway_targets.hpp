// What the tests of the host's vector code share: the Highway targets this
// build compiles, and a fixture that runs each test with the library's
// dispatch narrowed to one of them (skipped, with the reason, where this
// CPU does not run it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "build_config.hpp" // before Highway: the targets it compiles

#include <hwy/targets.h>

namespace rocdist_test
{

// The Highway targets among `among` that this build compiles, best first:
// the test's own HWY_TARGETS, which the library's vector kernels share
// (same compiler, same build_config.hpp).
inline std::vector<std::int64_t> compiled_targets(std::int64_t among = ~std::int64_t(0))
{
    std::vector<std::int64_t> r;
    for(std::int64_t t = HWY_TARGETS & among; t != 0; t &= t - 1)
        r.push_back(t & -t);
    return r;
}

// The test name of a target: its Highway name (AVX2, SCALAR, ...).
inline std::string target_name(const ::testing::TestParamInfo<std::int64_t>& info)
{
    return hwy::TargetName(info.param);
}

// Each test runs with the library's dispatch narrowed to its target.
class highway_target_test : public ::testing::TestWithParam<std::int64_t>
{
protected:
    void SetUp() override
    {
        if((hwy::SupportedTargets() & GetParam()) == 0)
            GTEST_SKIP() << "this CPU does not run Highway's " << hwy::TargetName(GetParam()) << " target";
        hwy::SetSupportedTargetsForTest(GetParam());
    }
    void TearDown() override { hwy::SetSupportedTargetsForTest(0); }
};

} // namespace rocdist_test
