// Every generating entry point once, with fixed valid parameters, behind one
// signature, so that tests which must cover all of them (threads, user
// streams, devices, leak cycles) are written once. A new entry point joins
// those tests by one line in all_generate_calls().
#pragma once

#include <cstring>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "backend_buffers.hpp"
#include "normal_calls.hpp"
#include "rocdist/rocdist.h"

namespace rocdist_test
{

struct generate_call
{
    std::string name;
    std::size_t element_size;
    // One call into memory of the generator's kind.
    std::function<rocdist_status(rocdist_generator, void*, size_t)> call;
    // n elements from the generator's position through a fresh guarded
    // buffer of the backend (sentinel and guards checked), as bytes.
    std::function<std::vector<unsigned char>(backend, rocdist_generator, size_t)> run;
};

template <class T, class Call>
generate_call make_generate_call(std::string name, Call call)
{
    generate_call c;
    c.name         = name;
    c.element_size = sizeof(T);
    c.call         = [call](rocdist_generator g, void* out, size_t n) { return call(g, static_cast<T*>(out), n); };
    c.run          = [call, name](backend b, rocdist_generator g, size_t n) {
        backend_buffer<T> buffer(b, n);
        EXPECT_EQ(call(g, buffer.data(), n), ROCDIST_STATUS_SUCCESS) << name;
        const std::vector<T>       values = buffer.outputs();
        std::vector<unsigned char> bytes(values.size() * sizeof(T));
        if(!bytes.empty())
            std::memcpy(bytes.data(), values.data(), bytes.size());
        return bytes;
    };
    return c;
}

// A normal or log-normal entry that sets its method first, so that an entry
// means the same thing wherever it sits in a sequence of calls.
template <class T>
generate_call normal_call(std::string name, rocdist_normal_method method, T mean, T sd, bool log)
{
    return make_generate_call<T>(std::move(name), [=](rocdist_generator g, T* out, size_t n) {
        const rocdist_status s = rocdist_set_normal_method(g, method);
        return s != ROCDIST_STATUS_SUCCESS ? s : generate_normal(g, out, n, mean, sd, log);
    });
}

inline const std::vector<generate_call>& all_generate_calls()
{
    static const std::vector<generate_call> calls = {
        make_generate_call<unsigned int>("words", rocdist_generate),
        make_generate_call<float>("uniform", rocdist_generate_uniform),
        make_generate_call<double>("uniform_double", rocdist_generate_uniform_double),
        normal_call<float>("normal", ROCDIST_NORMAL_BOX_MULLER, -1.0f, 2.0f, false),
        normal_call<double>("normal_double", ROCDIST_NORMAL_BOX_MULLER, 3.0, 0.5, false),
        normal_call<float>("log_normal", ROCDIST_NORMAL_BOX_MULLER, 0.5f, 0.25f, true),
        normal_call<double>("log_normal_double", ROCDIST_NORMAL_INVERSE_CDF, -0.5, 1.5, true),
        // The rejection methods: every element draws from its own substream.
        normal_call<float>("normal_polar", ROCDIST_NORMAL_POLAR, 0.0f, 1.0f, false),
        normal_call<double>("normal_ziggurat_double", ROCDIST_NORMAL_ZIGGURAT, 0.0, 1.0, false),
        make_generate_call<float>("gamma", [](rocdist_generator g, float* out, size_t n) {
            return rocdist_generate_gamma(g, out, n, 2.5f, 1.5f);
        }),
        make_generate_call<double>("gamma_double", [](rocdist_generator g, double* out, size_t n) {
            return rocdist_generate_gamma_double(g, out, n, 0.25, 3.0);
        }),
        // Counts, each element from its own substream (PTRS at lambda 300,
        // inversion at 12 trials with p 0.3; the sentinel 0xA5A5A5A5 is no
        // such count), and exponentials: one entry each, which the
        // ThreadSanitizer step's eight-thread test runs at its slowest.
        make_generate_call<unsigned int>("poisson", [](rocdist_generator g, unsigned int* out, size_t n) {
            return rocdist_generate_poisson(g, out, n, 300.0);
        }),
        make_generate_call<unsigned int>("binomial", [](rocdist_generator g, unsigned int* out, size_t n) {
            return rocdist_generate_binomial(g, out, n, 12, 0.3);
        }),
        make_generate_call<float>("exponential", [](rocdist_generator g, float* out, size_t n) {
            return rocdist_generate_exponential(g, out, n, 2.0f);
        }),
        // 16-bit outputs; the sentinel 0xA5A5 is the half -0.0222, which a
        // normal of mean 100 does not reach.
        make_generate_call<unsigned short>("uniform_half", rocdist_generate_uniform_half),
        make_generate_call<unsigned short>("normal_half", [](rocdist_generator g, unsigned short* out, size_t n) {
            const rocdist_status s = rocdist_set_normal_method(g, ROCDIST_NORMAL_ZIGGURAT);
            return s != ROCDIST_STATUS_SUCCESS ? s : rocdist_generate_normal_half(g, out, n, 100.0f, 1.0f);
        }),
        make_generate_call<unsigned short>("log_normal_bfloat16", [](rocdist_generator g, unsigned short* out, size_t n) {
            const rocdist_status s = rocdist_set_normal_method(g, ROCDIST_NORMAL_BOX_MULLER);
            return s != ROCDIST_STATUS_SUCCESS ? s : rocdist_generate_log_normal_bfloat16(g, out, n, 0.0f, 1.0f);
        }),
    };
    return calls;
}

} // namespace rocdist_test
