// The Philox4x32-10 bijection against Random123: its published known answers
// (data/philox4x32_10_kat.txt) and its own implementation on random inputs,
// from the key and from the round keys computed once (philox_round_keys).
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include <Random123/philox.h>
#include <gtest/gtest.h>

#include "rocdist/device/engine/philox4x32_10.hpp"

namespace
{

using rocdist::engine::philox4x32_10;
using rocdist::engine::philox_key;
using rocdist::engine::philox_round_keys;
using rocdist::engine::philox_words;

// The source tree's copy of the known answers, else the one the clients
// package installs.
std::ifstream open_known_answers()
{
    for(const char* dir : {ROCDIST_TEST_DATA_DIR, ROCDIST_TEST_DATA_INSTALLED_DIR})
    {
        std::ifstream file(std::string(dir) + "/philox4x32_10_kat.txt");
        if(file)
            return file;
    }
    return std::ifstream();
}

TEST(philox4x32_10, matches_random123_known_answers)
{
    std::ifstream file = open_known_answers();
    ASSERT_TRUE(file) << "philox4x32_10_kat.txt is in neither " ROCDIST_TEST_DATA_DIR
                         " nor " ROCDIST_TEST_DATA_INSTALLED_DIR;
    int checked = 0;
    for(std::string line; std::getline(file, line);)
    {
        if(line.empty() || line[0] == '#')
            continue;
        std::istringstream in(line);
        std::string        name;
        int                rounds = 0;
        in >> name >> rounds >> std::hex;
        philox_words ctr{}, expected{};
        philox_key   key{};
        for(auto& w : ctr.w)
            in >> w;
        for(auto& k : key.k)
            in >> k;
        for(auto& w : expected.w)
            in >> w;
        ASSERT_TRUE(in) << "unreadable line: " << line;
        ASSERT_EQ(name, "philox4x32");
        ASSERT_EQ(rounds, 10);
        const philox_words got = philox4x32_10(ctr, key);
        SCOPED_TRACE(line);
        for(int i = 0; i < 4; ++i)
            EXPECT_EQ(got.w[i], expected.w[i]) << "word " << i;
        ++checked;
    }
    EXPECT_EQ(checked, 3);
}

TEST(philox4x32_10, matches_random123_on_random_inputs)
{
    std::mt19937_64               rng(20261122);
    r123::Philox4x32_R<10>        reference;
    for(int trial = 0; trial < 100000; ++trial)
    {
        philox_words ctr{};
        philox_key   key{};
        for(auto& w : ctr.w)
            w = static_cast<std::uint32_t>(rng());
        for(auto& k : key.k)
            k = static_cast<std::uint32_t>(rng());
        const r123::Philox4x32_R<10>::ctr_type rc = {{ctr.w[0], ctr.w[1], ctr.w[2], ctr.w[3]}};
        const r123::Philox4x32_R<10>::key_type rk = {{key.k[0], key.k[1]}};
        const auto         expected   = reference(rc, rk);
        const philox_words got        = philox4x32_10(ctr, key);
        const philox_round_keys rounds(key);
        const philox_words      got_rounds = philox4x32_10(ctr, rounds);
        // The paths that take a key (retries, substreams) get it back.
        const philox_key back = rounds;
        ASSERT_EQ(back.k[0], key.k[0]);
        ASSERT_EQ(back.k[1], key.k[1]);
        for(int i = 0; i < 4; ++i)
        {
            ASSERT_EQ(got.w[i], expected[i]) << "trial " << trial << " word " << i;
            ASSERT_EQ(got_rounds.w[i], expected[i]) << "round keys, trial " << trial << " word " << i;
        }
    }
}

} // namespace
