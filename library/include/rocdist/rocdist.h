/**
 * \file rocdist.h
 * \brief rocdist: normal, log-normal, gamma and categorical variates on AMD
 * and NVIDIA GPUs and on the CPU, behind one C API.
 *
 * This header compiles as C99 and as C++, and includes no GPU header: streams
 * are passed as void* (a hipStream_t on AMD builds, a cudaStream_t on NVIDIA
 * builds, NULL for the default stream).
 */
#ifndef ROCDIST_ROCDIST_H
#define ROCDIST_ROCDIST_H

#include <stddef.h>

/** \brief Marks the library's exported functions (default visibility). */
#if defined(_WIN32)
#define ROCDIST_EXPORT
#else
#define ROCDIST_EXPORT __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * \brief Opaque handle to a generator (an engine, a seed, a position).
 *
 * Threads: generators are independent objects. Threads that each use their
 * own generator run in parallel and get exactly what one thread making the
 * same calls would get. A generator shared by threads stays consistent: each
 * call on one handle runs alone (calls are serialised by a lock in the
 * generator), so every generate call takes the next n elements of the stream
 * as one contiguous piece and advances the position by n, and no element is
 * written twice or skipped; which thread gets which piece depends on the
 * order in which their calls take the lock, so shared use is deterministic
 * only if the caller orders the calls. Destroying a handle while another
 * thread is inside a call on it lets that call finish normally; later calls
 * with the handle return ROCDIST_STATUS_INVALID_HANDLE. Handles are never
 * reused, so a destroyed handle never reaches a newer generator.
 */
typedef struct rocdist_generator_handle* rocdist_generator;

/** \brief Opaque handle to a categorical distribution's alias table, held in
 *         memory of the generator kind that built it. */
typedef struct rocdist_categorical_handle* rocdist_categorical;

/**
 * \brief Result of every rocdist call. The numbers are stable across versions.
 */
typedef enum rocdist_status
{
    ROCDIST_STATUS_SUCCESS          = 0, /**< The call did what it says. */
    ROCDIST_STATUS_INVALID_HANDLE   = 1, /**< NULL, destroyed or never-created handle. */
    ROCDIST_STATUS_INVALID_POINTER  = 2, /**< NULL or misaligned pointer argument. */
    ROCDIST_STATUS_INVALID_VALUE    = 3, /**< A parameter is outside its domain. */
    ROCDIST_STATUS_TYPE_ERROR       = 4, /**< Unknown engine, ordering or method. */
    ROCDIST_STATUS_NO_DEVICE        = 5, /**< No GPU backend was built, or no GPU is present. */
    ROCDIST_STATUS_WRONG_MEMORY     = 6, /**< Output memory is not of the generator's kind. */
    ROCDIST_STATUS_OUT_OF_RANGE     = 7, /**< The request runs past the end of the stream. */
    ROCDIST_STATUS_ALLOCATION_FAILED = 8, /**< Host or device memory could not be allocated. */
    ROCDIST_STATUS_LAUNCH_FAILURE   = 9, /**< The GPU runtime reported an error. */
    ROCDIST_STATUS_INTERNAL_ERROR   = 10 /**< A bug in rocdist; please report it. */
} rocdist_status;

/** \brief Random engine. */
typedef enum rocdist_rng_type
{
    /** Philox4x32-10; raw words and uniform floats equal cuRAND's
     *  CURAND_RNG_PSEUDO_PHILOX4_32_10 stream for the same seed and offset. */
    ROCDIST_RNG_PHILOX4X32_10 = 0
} rocdist_rng_type;

/** \brief How output elements map onto the engine's stream. */
typedef enum rocdist_ordering
{
    /** Element i depends only on (seed, i, distribution, parameters, method):
     *  chunk- and offset-invariant, identical on host and GPU. The default. */
    ROCDIST_ORDERING_REPRODUCIBLE = 0,
    /** Same distributions, fastest layout for the hardware. Rejection
     *  samplers (polar and ziggurat normals, gamma) fill chunks of 8192 outputs
     *  from a per-chunk sequence of candidates, which a GPU warp runs
     *  warpSize at a time and compacts (ballot, popcount, prefix); the host
     *  runs the same sequence, so host and GPU agree as in the reproducible
     *  ordering, whatever the warp size. Not chunk-invariant, except for
     *  splits at multiples of 8192 outputs; the position still advances by
     *  n. For the other methods, raw words and uniforms it is the
     *  reproducible layout, which is already the fastest. */
    ROCDIST_ORDERING_FAST = 1
} rocdist_ordering;

/** \brief How normal (and log-normal) variates are made from the engine's bits. */
typedef enum rocdist_normal_method
{
    /** Box-Muller on pairs of words, paired as cuRAND pairs them: values agree
     *  with cuRAND's curandGenerateNormal to a few ulp. The default. */
    ROCDIST_NORMAL_BOX_MULLER = 0,
    /** Marsaglia's polar method: rejection with acceptance pi/4; rejected
     *  pairs retry from the pair's own substream. */
    ROCDIST_NORMAL_POLAR = 1,
    /** Inverse CDF through an accurate erfinv (Giles-style polynomial in
     *  single precision; polynomial plus one Halley step in double). */
    ROCDIST_NORMAL_INVERSE_CDF = 2,
    /** Inverse CDF through Winitzki's closed-form erfinv (a = 0.147): fast,
     *  relative error up to about 2e-3. */
    ROCDIST_NORMAL_INVERSE_CDF_FAST = 3,
    /** Ziggurat with 256 layers; the tail and wedges are sampled exactly,
     *  from the element's own substream. */
    ROCDIST_NORMAL_ZIGGURAT = 4,
    /** Box-Muller from the same words as ROCDIST_NORMAL_BOX_MULLER, with the
     *  GPU's hardware sine and cosine on NVIDIA GPUs (as cuRAND's device
     *  API computes them): within an absolute 2^-17 (plus a relative 2^-20)
     *  of the default's values. Float only; doubles, the host and AMD GPUs
     *  give the default's values. */
    ROCDIST_NORMAL_BOX_MULLER_FAST = 5
} rocdist_normal_method;

/**
 * \brief Creates a generator that writes into device memory of the current GPU.
 *        The generator belongs to that device for its whole life: a call made
 *        while another device is current runs on the generator's device and
 *        leaves the caller's current device as it was.
 * \param generator receives the new handle; untouched on failure.
 * \param rng_type  the engine.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_POINTER if generator
 *         is NULL; ROCDIST_STATUS_TYPE_ERROR for an unknown rng_type;
 *         ROCDIST_STATUS_NO_DEVICE if the library has no GPU backend or no GPU
 *         is present; ROCDIST_STATUS_ALLOCATION_FAILED.
 */
ROCDIST_EXPORT rocdist_status rocdist_create_generator(rocdist_generator* generator,
                                                       rocdist_rng_type   rng_type);

/**
 * \brief Creates a generator that writes into host memory using all CPU cores.
 * \param generator receives the new handle; untouched on failure.
 * \param rng_type  the engine.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_POINTER if generator
 *         is NULL; ROCDIST_STATUS_TYPE_ERROR for an unknown rng_type;
 *         ROCDIST_STATUS_ALLOCATION_FAILED.
 */
ROCDIST_EXPORT rocdist_status rocdist_create_generator_host(rocdist_generator* generator,
                                                            rocdist_rng_type   rng_type);

/**
 * \brief Destroys a generator. The handle is invalid afterwards; using it
 *        again returns ROCDIST_STATUS_INVALID_HANDLE.
 * \param generator the handle.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE.
 */
ROCDIST_EXPORT rocdist_status rocdist_destroy_generator(rocdist_generator generator);

/**
 * \brief Sets the seed (the Philox key) and resets the offset to 0.
 *        A new generator has seed 0, as cuRAND's does.
 * \param generator the handle.
 * \param seed      64-bit seed.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE.
 */
ROCDIST_EXPORT rocdist_status rocdist_set_seed(rocdist_generator generator,
                                               unsigned long long seed);

/**
 * \brief Sets the position of the next element: the next call writes elements
 *        offset, offset+1, ... of the stream of the type it generates. Every
 *        call advances the position by the number of elements it wrote.
 * \param generator the handle.
 * \param offset    element position.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE.
 */
ROCDIST_EXPORT rocdist_status rocdist_set_offset(rocdist_generator generator,
                                                 unsigned long long offset);

/**
 * \brief Sets the stream that GPU work is queued on. Generation is
 *        asynchronous with respect to the host, as in cuRAND and rocRAND.
 *
 * NULL is the default stream of the GPU runtime that rocdist itself links
 * (the legacy default stream; on NVIDIA builds rocdist links the CUDA
 * runtime statically, so a program's own default stream is a different
 * runtime instance's): work on it is ordered with the blocking streams of
 * the generator's device, not with non-blocking ones. A program that orders
 * rocdist's work with its own should pass its own stream.
 *
 * Checked: where the runtime can tell (HIP from ROCm 6, CUDA from 12.8),
 * that the stream belongs to the generator's device. Not checked, and the
 * caller's duty as in cuRAND: that the stream is live when it is set and for
 * as long as the generator uses it, and that it is not being captured into a
 * graph (runtimes cannot tell a destroyed handle from a live one safely).
 * \param generator the handle.
 * \param stream    a hipStream_t (AMD build) or cudaStream_t (NVIDIA build)
 *                  of the generator's device, or NULL.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_VALUE for a non-NULL stream on a host
 *         generator, which runs synchronously on the calling thread, or for
 *         a stream the GPU runtime refuses or places on another device (the
 *         generator keeps its previous stream); ROCDIST_STATUS_LAUNCH_FAILURE
 *         if the generator's device cannot be made current.
 */
ROCDIST_EXPORT rocdist_status rocdist_set_stream(rocdist_generator generator, void* stream);

/**
 * \brief Sets how output elements map onto the stream.
 * \param generator the handle.
 * \param ordering  ROCDIST_ORDERING_REPRODUCIBLE or ROCDIST_ORDERING_FAST.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_TYPE_ERROR for an unknown ordering.
 */
ROCDIST_EXPORT rocdist_status rocdist_set_ordering(rocdist_generator generator,
                                                   rocdist_ordering  ordering);

/**
 * \brief Writes n raw 32-bit words of the engine's stream.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind (device
 *                  memory for GPU generators, host memory for host ones).
 *                  A GPU generator takes memory its device can write: the
 *                  device's own, managed memory, and pinned host memory
 *                  mapped into the device; pageable host memory is refused,
 *                  even on systems that could map it (HMM, ATS).
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or misaligned and
 *         n > 0; ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is given host
 *         memory or another device's memory; ROCDIST_STATUS_OUT_OF_RANGE if
 *         offset + n exceeds 2^64 (the stream's length);
 *         ROCDIST_STATUS_ALLOCATION_FAILED if the GPU runtime refuses the
 *         launch for lack of memory (rocdist itself allocates nothing here);
 *         ROCDIST_STATUS_LAUNCH_FAILURE if it refuses it otherwise (for
 *         example a stream destroyed after rocdist_set_stream). On failure
 *         nothing is written, the position does not move, and the generator
 *         stays usable.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate(rocdist_generator generator,
                                               unsigned int*     output,
                                               size_t            n);

/**
 * \brief Writes n uniform floats in (0, 1]: u * 2^-32 + 2^-33 of each word,
 *        bit-identical to cuRAND's curandGenerateUniform.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or misaligned and
 *         n > 0; ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is given host
 *         memory; ROCDIST_STATUS_OUT_OF_RANGE if offset + n exceeds 2^64;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_uniform(rocdist_generator generator,
                                                       float*            output,
                                                       size_t            n);

/**
 * \brief Writes n uniform doubles in (0, 1) with 53 random bits each,
 *        bit-identical to cuRAND's curandGenerateUniformDouble at offset 0.
 *        A nonzero offset k shifts this stream by k elements; cuRAND's double
 *        stream under an offset is not such a shift.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or misaligned and
 *         n > 0; ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is given host
 *         memory; ROCDIST_STATUS_OUT_OF_RANGE if offset + n exceeds 2^64;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_uniform_double(rocdist_generator generator,
                                                              double*           output,
                                                              size_t            n);

/**
 * \brief Chooses how normal and log-normal variates are made. The method is
 *        part of what element i depends on: changing it changes the values,
 *        not the position.
 * \param generator the handle.
 * \param method    a rocdist_normal_method.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_TYPE_ERROR for an unknown method.
 */
ROCDIST_EXPORT rocdist_status rocdist_set_normal_method(rocdist_generator     generator,
                                                        rocdist_normal_method method);

/**
 * \brief Writes n normal floats with the given mean and standard deviation,
 *        made by the generator's normal method. Any n, odd included: element
 *        i of the stream is the same whatever the call sizes.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param mean      finite.
 * \param stddev    finite and greater than 0.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or misaligned and
 *         n > 0; ROCDIST_STATUS_INVALID_VALUE for a mean that is NaN or
 *         infinite or a stddev that is not finite and positive;
 *         ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is given host memory;
 *         ROCDIST_STATUS_OUT_OF_RANGE if offset + n exceeds 2^64;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_normal(rocdist_generator generator,
                                                      float*            output,
                                                      size_t            n,
                                                      float             mean,
                                                      float             stddev);

/**
 * \brief Writes n normal doubles with the given mean and standard deviation;
 *        as rocdist_generate_normal.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param mean      finite.
 * \param stddev    finite and greater than 0.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or misaligned and
 *         n > 0; ROCDIST_STATUS_INVALID_VALUE for a mean that is NaN or
 *         infinite or a stddev that is not finite and positive;
 *         ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is given host memory;
 *         ROCDIST_STATUS_OUT_OF_RANGE if offset + n exceeds 2^64;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_normal_double(rocdist_generator generator,
                                                             double*           output,
                                                             size_t            n,
                                                             double            mean,
                                                             double            stddev);

/**
 * \brief Writes n log-normal floats exp(mean + stddev * z), z standard normal
 *        from the generator's normal method (mean and stddev are those of the
 *        logarithm, as in cuRAND).
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param mean      mean of the logarithm; finite.
 * \param stddev    standard deviation of the logarithm; finite and greater
 *                  than 0.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or misaligned and
 *         n > 0; ROCDIST_STATUS_INVALID_VALUE for a mean that is NaN or
 *         infinite or a stddev that is not finite and positive;
 *         ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is given host memory;
 *         ROCDIST_STATUS_OUT_OF_RANGE if offset + n exceeds 2^64;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_log_normal(rocdist_generator generator,
                                                          float*            output,
                                                          size_t            n,
                                                          float             mean,
                                                          float             stddev);

/**
 * \brief Writes n log-normal doubles exp(mean + stddev * z), z standard normal
 *        from the generator's normal method (mean and stddev are those of the
 *        logarithm, as in cuRAND).
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param mean      mean of the logarithm; finite.
 * \param stddev    standard deviation of the logarithm; finite and greater
 *                  than 0.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or misaligned and
 *         n > 0; ROCDIST_STATUS_INVALID_VALUE for a mean that is NaN or
 *         infinite or a stddev that is not finite and positive;
 *         ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is given host memory;
 *         ROCDIST_STATUS_OUT_OF_RANGE if offset + n exceeds 2^64;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_log_normal_double(rocdist_generator generator,
                                                                 double*           output,
                                                                 size_t            n,
                                                                 double            mean,
                                                                 double            stddev);

/**
 * \brief Writes n gamma floats with the given shape and scale (mean
 *        shape * scale, variance shape * scale^2), by Marsaglia and Tsang's
 *        method; for shape < 1 as Gamma(shape + 1) U^(1/shape). In the
 *        reproducible ordering element i takes all its attempts from its own
 *        substream, so it depends only on (seed, i, shape, scale): any split
 *        and any offset give the same elements, and host and GPU generators
 *        agree within the tolerance of docs/gamma.md. Values below the
 *        smallest subnormal are 0 (tiny shapes make this common: about 90% of
 *        Gamma(0.001) floats), exactly as often as the scaled variate rounds
 *        to 0; values past the largest float are infinity.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing (after
 *                  the parameters are checked).
 * \param shape     finite and greater than 0.
 * \param scale     finite and greater than 0.
 * \return as rocdist_generate, and ROCDIST_STATUS_INVALID_VALUE (nothing
 *         written, even for n = 0) for a shape or scale that is NaN,
 *         infinite, zero or negative.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_gamma(rocdist_generator generator,
                                                     float*            output,
                                                     size_t            n,
                                                     float             shape,
                                                     float             scale);

/**
 * \brief Writes n gamma doubles; as rocdist_generate_gamma (about 47% of
 *        Gamma(0.001) doubles are below the smallest subnormal and are 0).
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param shape     finite and greater than 0.
 * \param scale     finite and greater than 0.
 * \return as rocdist_generate_gamma.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_gamma_double(rocdist_generator generator,
                                                            double*           output,
                                                            size_t            n,
                                                            double            shape,
                                                            double            scale);

/**
 * \brief Writes n gamma floats, element i with its own shape shapes[i]
 *        (PyTorch's torch._standard_gamma on an array, NumPy's
 *        standard_gamma(shape_array)). Element i is the variate that
 *        rocdist_generate_gamma's reproducible ordering gives element i for
 *        that shape on the same generator, bit for bit, so it depends only
 *        on (seed, i, shapes[i], scale), in both orderings:
 *        the fast ordering's compaction would move a variate to another
 *        element's shape.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing (after
 *                  scale is checked).
 * \param shapes    n shapes, finite and greater than 0, in memory of the
 *                  generator's kind (device memory for GPU generators),
 *                  aligned for float.
 * \param scale     finite and greater than 0.
 * \return as rocdist_generate_gamma, and ROCDIST_STATUS_INVALID_POINTER for
 *         a NULL or misaligned shapes, ROCDIST_STATUS_WRONG_MEMORY for
 *         shapes the GPU generator's device cannot read, and
 *         ROCDIST_STATUS_INVALID_VALUE for a shape that is NaN, infinite,
 *         zero or negative; nothing is written and the position is
 *         unchanged. A GPU generator checks the shapes in one pass on its
 *         stream and waits for it before queueing the variates.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_gamma_shapes(rocdist_generator generator,
                                                            float*            output,
                                                            size_t            n,
                                                            const float*      shapes,
                                                            float             scale);

/**
 * \brief Writes n gamma doubles, element i with shape shapes[i]; as
 *        rocdist_generate_gamma_shapes, with rocdist_generate_gamma_double's
 *        variates.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param shapes    n shapes in memory of the generator's kind, aligned for
 *                  double.
 * \param scale     finite and greater than 0.
 * \return as rocdist_generate_gamma_shapes.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_gamma_shapes_double(rocdist_generator generator,
                                                                   double*           output,
                                                                   size_t            n,
                                                                   const double*     shapes,
                                                                   double            scale);

/**
 * \brief Writes n Beta(a, b) floats in [0, 1] (mean a / (a + b)): element i
 *        is X / (X + Y) for X, Y the gamma variates of elements 2i and
 *        2i + 1 of rocdist_generate_gamma_shapes with shapes a and b, formed
 *        from their logarithms (on host generators with a and b at least
 *        1/2, from the variates themselves, within the host/GPU
 *        tolerance of docs/gamma_family.md), so that tiny a and b keep the
 *        distribution where X and Y underflow (values below the smallest
 *        subnormal are 0, those within half an ulp of 1 are 1, as rounding
 *        gives them: at a = b = 0.01, 18% of floats are 0 and 42% are 1). Both
 *        orderings give the reproducible stream: element i depends only on
 *        (seed, i, a, b).
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing (after
 *                  the parameters are checked).
 * \param a         finite and greater than 0.
 * \param b         finite and greater than 0.
 * \return as rocdist_generate, and ROCDIST_STATUS_INVALID_VALUE (nothing
 *         written, even for n = 0) for an a or b that is NaN, infinite, zero
 *         or negative.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_beta(rocdist_generator generator,
                                                    float*            output,
                                                    size_t            n,
                                                    float             a,
                                                    float             b);

/**
 * \brief Writes n Beta(a, b) doubles; as rocdist_generate_beta.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param a         finite and greater than 0.
 * \param b         finite and greater than 0.
 * \return as rocdist_generate_beta.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_beta_double(rocdist_generator generator,
                                                           double*           output,
                                                           size_t            n,
                                                           double            a,
                                                           double            b);

/**
 * \brief Writes rows Dirichlet(alpha) rows of k floats, row-major: each row
 *        is non-negative and sums to 1 (within an ulp or two of float when
 *        summed exactly). Component j of row r is X_j / sum X for X_j the
 *        gamma variate of element r k + j of rocdist_generate_gamma_shapes
 *        with shape alpha[j], formed from the variates' logarithms (on host
 *        generators with every alpha_j at least 1/2, from the variates
 *        themselves, within the host/GPU tolerance), so that rows
 *        stay valid and follow the distribution when every variate
 *        underflows (every alpha_j at 1e-3). The generator's position counts
 *        rows: row r depends only on (seed, r, alpha), in both orderings.
 * \param generator the handle.
 * \param output    rows x k elements of memory of the generator's kind.
 * \param rows      number of rows; 0 succeeds and touches nothing (after k
 *                  is checked).
 * \param alpha     k concentrations, finite and greater than 0, in memory
 *                  of the generator's kind (device memory for GPU
 *                  generators), aligned for float.
 * \param k         components per row, at least 1.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_VALUE for k = 0 or
 *         an alpha that is NaN, infinite, zero or negative;
 *         ROCDIST_STATUS_INVALID_POINTER for a NULL or misaligned output or
 *         alpha; ROCDIST_STATUS_OUT_OF_RANGE when rows x k elements cannot
 *         exist or the rows run past the stream's end (row r needs
 *         r k + k - 1 below 2^64); ROCDIST_STATUS_WRONG_MEMORY for memory
 *         the GPU generator's device cannot reach; as rocdist_generate
 *         otherwise. Nothing is written and the position is unchanged on
 *         failure. A GPU generator checks alpha in one pass on its stream
 *         and waits for it before queueing the rows.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_dirichlet(rocdist_generator generator,
                                                         float*            output,
                                                         size_t            rows,
                                                         const float*      alpha,
                                                         size_t            k);

/**
 * \brief Writes rows Dirichlet(alpha) rows of k doubles; as
 *        rocdist_generate_dirichlet.
 * \param generator the handle.
 * \param output    rows x k elements of memory of the generator's kind.
 * \param rows      number of rows.
 * \param alpha     k concentrations in memory of the generator's kind,
 *                  aligned for double.
 * \param k         components per row, at least 1.
 * \return as rocdist_generate_dirichlet.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_dirichlet_double(rocdist_generator generator,
                                                                double*           output,
                                                                size_t            rows,
                                                                const double*     alpha,
                                                                size_t            k);

/**
 * \brief Writes n Poisson(lambda) counts (cuRAND's curandGeneratePoisson,
 *        NumPy's Generator.poisson, torch.poisson). Exact at every lambda,
 *        with no normal approximation: inversion below lambda = 10,
 *        Hormann's transformed rejection (PTRS) from 10 on. Every decision
 *        is made in arithmetic that rounds the same everywhere, so a host
 *        generator and a GPU generator of any make give the same counts,
 *        bit for bit. Element i depends only on (seed, i, lambda), in both
 *        orderings.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing (after
 *                  lambda is checked).
 * \param lambda    the mean, 0 <= lambda <= 2^31 (lambda 0 gives 0).
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_VALUE for a lambda that is NaN, negative or
 *         above 2^31; ROCDIST_STATUS_INVALID_POINTER if output is NULL or not
 *         4-byte aligned and n > 0; ROCDIST_STATUS_WRONG_MEMORY if a GPU
 *         generator is given memory its device cannot reach;
 *         ROCDIST_STATUS_OUT_OF_RANGE if offset + n exceeds 2^64;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_poisson(rocdist_generator generator,
                                                       unsigned int*     output,
                                                       size_t            n,
                                                       double            lambda);

/**
 * \brief Writes n Poisson counts, element i with its own mean lambdas[i]
 *        (torch.poisson on an array): element i is the count that
 *        rocdist_generate_poisson gives element i for that lambda on the
 *        same generator, bit for bit.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param lambdas   n means, each 0 <= lambda <= 2^31, in memory of the
 *                  generator's kind (device memory for GPU generators),
 *                  aligned for double.
 * \return as rocdist_generate_poisson, and ROCDIST_STATUS_INVALID_POINTER for
 *         a NULL or misaligned lambdas, ROCDIST_STATUS_WRONG_MEMORY for
 *         lambdas the GPU generator's device cannot read, and
 *         ROCDIST_STATUS_INVALID_VALUE for a lambda that is NaN, negative or
 *         above 2^31; nothing is written and the position is unchanged. A
 *         GPU generator checks the lambdas in one pass on its stream and
 *         waits for it before queueing the counts.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_poisson_lambdas(rocdist_generator generator,
                                                               unsigned int*     output,
                                                               size_t            n,
                                                               const double*     lambdas);

/**
 * \brief Writes n Binomial(trials, p) counts (NumPy's Generator.binomial,
 *        torch.distributions.Binomial). Exact for every (trials, p), with no
 *        normal approximation: inversion where trials min(p, 1 - p) < 10,
 *        Hormann's transformed rejection (BTRS) elsewhere; the same counts
 *        on host and GPU, bit for bit. Element i depends only on (seed, i,
 *        trials, p), in both orderings.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing (after
 *                  p is checked).
 * \param trials    the number of trials, any unsigned int (0 gives 0).
 * \param p         the success probability, 0 <= p <= 1.
 * \return as rocdist_generate_poisson, with ROCDIST_STATUS_INVALID_VALUE for
 *         a p that is NaN or outside [0, 1].
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_binomial(rocdist_generator generator,
                                                        unsigned int*     output,
                                                        size_t            n,
                                                        unsigned int      trials,
                                                        double            p);

/**
 * \brief Writes n binomial counts, element i with trials[i] and p[i]:
 *        element i is the count that rocdist_generate_binomial gives element
 *        i for those parameters on the same generator, bit for bit.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param trials    n trial counts in memory of the generator's kind,
 *                  aligned for unsigned int.
 * \param p         n probabilities, each 0 <= p <= 1, in memory of the
 *                  generator's kind, aligned for double.
 * \return as rocdist_generate_binomial, and ROCDIST_STATUS_INVALID_POINTER
 *         for a NULL or misaligned trials or p, ROCDIST_STATUS_WRONG_MEMORY
 *         for arrays the GPU generator's device cannot read, and
 *         ROCDIST_STATUS_INVALID_VALUE for a p that is NaN or outside [0, 1];
 *         nothing is written and the position is unchanged. A GPU generator
 *         checks p in one pass on its stream and waits for it before
 *         queueing the counts.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_binomial_parameters(rocdist_generator   generator,
                                                                   unsigned int*       output,
                                                                   size_t              n,
                                                                   const unsigned int* trials,
                                                                   const double*       p);

/**
 * \brief Writes n exponential floats of mean 1 / rate (NumPy's
 *        Generator.exponential with scale 1 / rate, torch's exponential_):
 *        element i is -log(u_i) / rate for the uniform u_i = (w_i + 1/2)
 *        2^-32 of stream word i, the word of rocdist_generate_uniform's
 *        element i, computed in double in arithmetic that rounds the same
 *        everywhere, so host and GPU give the same bits. Values are
 *        positive, except that they round to 0 where -log(u) / rate is
 *        below the smallest float (rate above about 1e35) and to infinity
 *        where it passes the largest (rate below about 1e-37). Both
 *        orderings give these values.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing (after
 *                  rate is checked).
 * \param rate      finite and greater than 0.
 * \return as rocdist_generate_poisson, with ROCDIST_STATUS_INVALID_VALUE for
 *         a rate that is NaN, infinite, zero or negative.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_exponential(rocdist_generator generator,
                                                           float*            output,
                                                           size_t            n,
                                                           float             rate);

/**
 * \brief Writes n exponential doubles of mean 1 / rate: element i from the
 *        53-bit uniform of rocdist_generate_uniform_double's element i; as
 *        rocdist_generate_exponential.
 * \param generator the handle.
 * \param output    n elements of memory of the generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param rate      finite and greater than 0.
 * \return as rocdist_generate_exponential.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_exponential_double(rocdist_generator generator,
                                                                  double*           output,
                                                                  size_t            n,
                                                                  double            rate);

/**
 * \brief Writes n uniforms in (0, 1] as IEEE binary16 (half) bits: element i
 *        is rocdist_generate_uniform's element i rounded to nearest even,
 *        except that a float below 2^-25, which would round to 0, gives the
 *        smallest half, 2^-24 (about 3e-8 of the elements).
 * \param generator the handle.
 * \param output    n elements (bits of half values) of memory of the
 *                  generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or not 2-byte
 *         aligned and n > 0; ROCDIST_STATUS_WRONG_MEMORY if a GPU
 *         generator is given host memory; ROCDIST_STATUS_OUT_OF_RANGE if
 *         offset + n exceeds 2^64; ROCDIST_STATUS_ALLOCATION_FAILED if the
 *         host generator cannot get its 4 MiB buffer of floats;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_uniform_half(rocdist_generator generator,
                                                            unsigned short*   output,
                                                            size_t            n);

/**
 * \brief Writes n normal variates as IEEE binary16 (half) bits: element i is
 *        rocdist_generate_normal's element i (the generator's normal method
 *        and ordering) rounded to nearest even; beyond +-65504 it is infinite.
 * \param generator the handle.
 * \param output    n elements (bits of half values) of memory of the
 *                  generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param mean      finite.
 * \param stddev    finite and greater than 0.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or not 2-byte
 *         aligned and n > 0; ROCDIST_STATUS_INVALID_VALUE
 *         for a mean that is NaN or infinite or a stddev that is not finite
 *         and positive; ROCDIST_STATUS_WRONG_MEMORY if a GPU
 *         generator is given host memory; ROCDIST_STATUS_OUT_OF_RANGE if
 *         offset + n exceeds 2^64; ROCDIST_STATUS_ALLOCATION_FAILED if the
 *         host generator cannot get its 4 MiB buffer of floats;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_normal_half(rocdist_generator generator,
                                                           unsigned short*   output,
                                                           size_t            n,
                                                           float             mean,
                                                           float             stddev);

/**
 * \brief Writes n log-normal variates as IEEE binary16 (half) bits: element i
 *        is rocdist_generate_log_normal's element i rounded to nearest even
 *        (0 below 2^-25, infinite beyond 65504).
 * \param generator the handle.
 * \param output    n elements (bits of half values) of memory of the
 *                  generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param mean      mean of the logarithm; finite.
 * \param stddev    standard deviation of the logarithm; finite and greater
 *                  than 0.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or not 2-byte
 *         aligned and n > 0; ROCDIST_STATUS_INVALID_VALUE
 *         for a mean that is NaN or infinite or a stddev that is not finite
 *         and positive; ROCDIST_STATUS_WRONG_MEMORY if a GPU
 *         generator is given host memory; ROCDIST_STATUS_OUT_OF_RANGE if
 *         offset + n exceeds 2^64; ROCDIST_STATUS_ALLOCATION_FAILED if the
 *         host generator cannot get its 4 MiB buffer of floats;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_log_normal_half(rocdist_generator generator,
                                                               unsigned short*   output,
                                                               size_t            n,
                                                               float             mean,
                                                               float             stddev);

/**
 * \brief Writes n uniforms in (0, 1] as bfloat16 bits (the upper half of a
 *        float): element i is rocdist_generate_uniform's element i rounded
 *        to nearest even (never 0: bfloat16 reaches float's smallest values).
 * \param generator the handle.
 * \param output    n elements (bits of bfloat16 values) of memory of the
 *                  generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or not 2-byte
 *         aligned and n > 0; ROCDIST_STATUS_WRONG_MEMORY if a GPU
 *         generator is given host memory; ROCDIST_STATUS_OUT_OF_RANGE if
 *         offset + n exceeds 2^64; ROCDIST_STATUS_ALLOCATION_FAILED if the
 *         host generator cannot get its 4 MiB buffer of floats;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_uniform_bfloat16(rocdist_generator generator,
                                                                unsigned short*   output,
                                                                size_t            n);

/**
 * \brief Writes n normal variates as bfloat16 bits: element i is
 *        rocdist_generate_normal's element i rounded to nearest even.
 * \param generator the handle.
 * \param output    n elements (bits of bfloat16 values) of memory of the
 *                  generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param mean      finite.
 * \param stddev    finite and greater than 0.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or not 2-byte
 *         aligned and n > 0; ROCDIST_STATUS_INVALID_VALUE
 *         for a mean that is NaN or infinite or a stddev that is not finite
 *         and positive; ROCDIST_STATUS_WRONG_MEMORY if a GPU
 *         generator is given host memory; ROCDIST_STATUS_OUT_OF_RANGE if
 *         offset + n exceeds 2^64; ROCDIST_STATUS_ALLOCATION_FAILED if the
 *         host generator cannot get its 4 MiB buffer of floats;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_normal_bfloat16(rocdist_generator generator,
                                                               unsigned short*   output,
                                                               size_t            n,
                                                               float             mean,
                                                               float             stddev);

/**
 * \brief Writes n log-normal variates as bfloat16 bits: element i is
 *        rocdist_generate_log_normal's element i rounded to nearest even.
 * \param generator the handle.
 * \param output    n elements (bits of bfloat16 values) of memory of the
 *                  generator's kind.
 * \param n         number of elements; 0 succeeds and touches nothing.
 * \param mean      mean of the logarithm; finite.
 * \param stddev    standard deviation of the logarithm; finite and greater
 *                  than 0.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if output is NULL or not 2-byte
 *         aligned and n > 0; ROCDIST_STATUS_INVALID_VALUE
 *         for a mean that is NaN or infinite or a stddev that is not finite
 *         and positive; ROCDIST_STATUS_WRONG_MEMORY if a GPU
 *         generator is given host memory; ROCDIST_STATUS_OUT_OF_RANGE if
 *         offset + n exceeds 2^64; ROCDIST_STATUS_ALLOCATION_FAILED if the
 *         host generator cannot get its 4 MiB buffer of floats;
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_log_normal_bfloat16(rocdist_generator generator,
                                                                   unsigned short*   output,
                                                                   size_t            n,
                                                                   float             mean,
                                                                   float             stddev);
/**
 * \brief Builds the alias table of a categorical distribution over
 *        0 .. k-1 with probabilities proportional to weights.
 *
 * The table is a pure function of the weights (fixed-point integers, see
 * docs/categorical.md): host and GPU generators build bit-identical tables,
 * on any GPU. Each category's probability in the table is within
 * 1 / (k * 2^32) of its share of the weights after they are truncated to
 * 64-bit fixed point relative to the largest (a weight below about
 * 2^-63 / k of the largest may get probability 0). A zero weight always gets
 * probability 0. Weights whose floating-point sum would overflow are fine.
 * Construction runs on the generator's stream and has finished when the call
 * returns. Linear time; scratch of about 24 bytes per weight on the host and
 * 40 on GPUs.
 *
 * \param generator a generator; the table lives in memory of its kind and
 *                  can only be used with generators of that kind (and GPU).
 * \param weights   k unnormalised weights, finite and not negative, not all
 *                  zero; device memory for a GPU generator, host memory for a
 *                  host generator.
 * \param k         number of categories, 1 to 2^32 - 1.
 * \param table     receives the new handle; untouched on failure.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE for a bad
 *         generator; ROCDIST_STATUS_INVALID_POINTER if weights or table is
 *         NULL or weights is misaligned; ROCDIST_STATUS_INVALID_VALUE for
 *         k = 0, k > 2^32 - 1, a negative, NaN or infinite weight, or all
 *         weights zero; ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is
 *         given host weights; ROCDIST_STATUS_ALLOCATION_FAILED;
 *         ROCDIST_STATUS_LAUNCH_FAILURE.
 */
ROCDIST_EXPORT rocdist_status rocdist_create_categorical(rocdist_generator    generator,
                                                         const float*         weights,
                                                         size_t               k,
                                                         rocdist_categorical* table);

/**
 * \brief As rocdist_create_categorical, from double weights. Weights that
 *        are floats give the same table as rocdist_create_categorical.
 * \param generator a generator.
 * \param weights   k weights in memory of the generator's kind.
 * \param k         number of categories, 1 to 2^32 - 1.
 * \param table     receives the new handle; untouched on failure.
 * \return as rocdist_create_categorical.
 */
ROCDIST_EXPORT rocdist_status rocdist_create_categorical_double(rocdist_generator    generator,
                                                                const double*        weights,
                                                                size_t               k,
                                                                rocdist_categorical* table);

/**
 * \brief Destroys a table and frees its memory. Using the handle again
 *        returns ROCDIST_STATUS_INVALID_HANDLE. A GPU table is freed once
 *        the work queued on its device, on every stream, has finished (the
 *        call waits for it), so generate calls still queued that read the
 *        table complete normally.
 * \param table the handle.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE for NULL, a
 *         destroyed or an invented handle.
 */
ROCDIST_EXPORT rocdist_status rocdist_destroy_categorical(rocdist_categorical table);

/** \brief Where a table's alias entries live, for the device API's
 *         rocdist::device::categorical (rocdist/rocdist_kernel.h). */
typedef struct rocdist_categorical_view
{
    const void*  entries; /**< k entries, in the memory of the generator that built the table. */
    unsigned int k;       /**< The number of categories. */
} rocdist_categorical_view;

/**
 * \brief The view of a table that user kernels sample from with
 *        rocdist::device::categorical: its entries (device memory for a GPU
 *        generator's table, host memory for a host generator's) and k,
 *        without a copy. The view is valid until the table is destroyed.
 * \param table the handle.
 * \param view where the view is written.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_POINTER if view is
 *         NULL; ROCDIST_STATUS_INVALID_HANDLE for NULL, a destroyed or an
 *         invented table (view is then left unchanged).
 */
ROCDIST_EXPORT rocdist_status rocdist_get_categorical_view(rocdist_categorical table, rocdist_categorical_view* view);

/**
 * \brief Writes n categories drawn from a table.
 *
 * Element i of the stream takes the 64 bits of uniform double i (so offsets
 * and chunks behave as for rocdist_generate_uniform_double), x, and returns
 * column c = floor(x * k / 2^64) or its alias, by comparing the next 32 bits
 * of x * k with the column's threshold. Host and GPU generators give
 * identical outputs for the same seed, offset and weights; each category's
 * probability is off the table's by less than 2^-32.
 *
 * \param generator a generator of the kind (and GPU) that built the table.
 * \param table     the table.
 * \param output    n unsigned ints in memory of the generator's kind.
 * \param n         number of categories to write.
 * \return as rocdist_generate, and ROCDIST_STATUS_INVALID_HANDLE for a bad
 *         table; ROCDIST_STATUS_INVALID_VALUE when the table belongs to a
 *         generator of the other kind or another GPU.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_categorical(rocdist_generator   generator,
                                                           rocdist_categorical table,
                                                           unsigned int*       output,
                                                           size_t              n);

/**
 * \brief Draws samples_per_row categories from each of rows categorical
 *        distributions, row r's given by k unnormalised weights, without
 *        building a table (batched sampling: torch.multinomial on a matrix,
 *        numpy.random.Generator.choice per row).
 *
 * output[r * samples_per_row + j] is sample j of row r, in 0 .. k-1, and
 * takes the 64 bits of uniform double r * samples_per_row + j of the stream
 * (as rocdist_generate_categorical does): it depends only on the seed, the
 * offset plus that index, and row r's weights. So splitting the rows over
 * calls, or shifting a call with rocdist_set_offset, gives the same
 * categories, and host and GPU generators give identical categories. The
 * position advances by rows * samples_per_row.
 *
 * Exactness: each row's weights are made 64-bit fixed point relative to the
 * largest of each run of 4096 categories; the row's integer masses m_i sum
 * exactly to its total W < 2^64, and category i is drawn with probability
 * m_i / W within 2^-64. A zero weight has mass 0 and is never drawn; a row
 * with one non-zero weight always gives that category. With
 * b = ceil(log2 k), p_i = w_i / sum(w), v_i = w_i 2^(64 - b - R) (R the
 * exponent of the row's largest weight, 2^(R-1) <= max(w) < 2^R) and
 * E = sum(min(1, v_i)) <= k, each category's probability is within
 * (2 + 2 E p_i) / W + 2^-64 of p_i, and W >= 2^(63-b) - 2
 * (docs/categorical_rows.md).
 *
 * A host generator checks and sums each run of 4096 weights while it is in
 * cache, on all cores, then draws. A GPU generator reads each weight at most
 * twice (once more per further 16384 samples drawn from one run of 4096): a
 * checking and summing pass, then a pass over each run of 4096 categories
 * that holds samples, which writes nothing when the first found an invalid
 * input; the call returns when the samples are written. Scratch: about 1/8
 * byte per weight on the host; on GPUs 16 bytes per 4096 weights and 8 per
 * row, and when k > 4096 another 16 bytes per 4096 weights and 8 bytes per
 * sample, in device memory that the generator keeps between calls (up to
 * 64 MiB) and frees when it is destroyed.
 *
 * \param generator       a generator.
 * \param weights         rows * k unnormalised weights, row-major, finite and
 *                        not negative, no row all zero; in memory of the
 *                        generator's kind (device memory for a GPU generator).
 * \param rows            number of rows.
 * \param k               categories per row, 1 to 2^32 - 1.
 * \param output          rows * samples_per_row unsigned ints in memory of
 *                        the generator's kind.
 * \param samples_per_row samples drawn from each row.
 * \return ROCDIST_STATUS_SUCCESS (also when rows * samples_per_row is 0: then
 *         nothing is read or written); ROCDIST_STATUS_INVALID_HANDLE for a
 *         bad generator; ROCDIST_STATUS_INVALID_VALUE for k > 2^32 - 1, for
 *         rows * k weights more than a size_t can address, for k = 0 when
 *         rows * samples_per_row > 0, and for a negative, NaN or infinite
 *         weight or a row of zeros anywhere in the rows;
 *         ROCDIST_STATUS_INVALID_POINTER if weights or output is NULL or
 *         misaligned; ROCDIST_STATUS_OUT_OF_RANGE if rows * samples_per_row
 *         overflows a size_t or offset + rows * samples_per_row exceeds
 *         2^64; ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is given host
 *         weights or output (or another device's);
 *         ROCDIST_STATUS_ALLOCATION_FAILED if its scratch cannot be
 *         allocated; ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is
 *         written and the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_categorical_rows(rocdist_generator generator,
                                                                const float*      weights,
                                                                size_t            rows,
                                                                size_t            k,
                                                                unsigned int*     output,
                                                                size_t            samples_per_row);

/**
 * \brief As rocdist_generate_categorical_rows, from double weights. Weights
 *        that are floats give the same categories as
 *        rocdist_generate_categorical_rows.
 * \param generator       a generator.
 * \param weights         rows * k weights in memory of the generator's kind.
 * \param rows            number of rows.
 * \param k               categories per row, 1 to 2^32 - 1.
 * \param output          rows * samples_per_row unsigned ints in memory of
 *                        the generator's kind.
 * \param samples_per_row samples drawn from each row.
 * \return as rocdist_generate_categorical_rows.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_categorical_rows_double(rocdist_generator generator,
                                                                       const double*     weights,
                                                                       size_t            rows,
                                                                       size_t            k,
                                                                       unsigned int*     output,
                                                                       size_t            samples_per_row);

/**
 * \brief As rocdist_generate_categorical_rows, with row r's probabilities
 *        softmax(logits_r / temperature) (torch.distributions.Categorical
 *        with logits, jax.random.categorical).
 *
 * Logit l becomes the weight 2^(l c), c = log2(e) / temperature rounded to
 * double, relative to the largest logit of its run of 4096 categories, by
 * integer arithmetic only (no exp from a math library), so host and GPU
 * generators give identical categories. A logit of -inf has probability 0
 * and is never drawn. Each weight's exponent h carries the rounding of two
 * double products and a sum (about 2^-52 (1 + |l - max l| c) in the
 * probability, relatively), and its fixed point an error below 5 units, so
 * the bound of rocdist_generate_categorical_rows holds for the weights 2^h
 * with 7 in place of 2 (docs/categorical_rows.md).
 *
 * \param generator       a generator.
 * \param logits          rows * k logits, row-major, each finite or -inf, not
 *                        all -inf in any row; in memory of the generator's
 *                        kind.
 * \param rows            number of rows.
 * \param k               categories per row, 1 to 2^32 - 1.
 * \param temperature     greater than 0; +inf gives every category with a
 *                        finite logit the same probability.
 * \param output          rows * samples_per_row unsigned ints in memory of
 *                        the generator's kind.
 * \param samples_per_row samples drawn from each row.
 * \return as rocdist_generate_categorical_rows, with
 *         ROCDIST_STATUS_INVALID_VALUE (even when nothing is drawn) for a
 *         temperature that is NaN, zero or negative, and (instead of the
 *         weights' cases) for a NaN or +inf logit or a row of -inf logits.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_categorical_logits(rocdist_generator generator,
                                                                  const float*      logits,
                                                                  size_t            rows,
                                                                  size_t            k,
                                                                  float             temperature,
                                                                  unsigned int*     output,
                                                                  size_t            samples_per_row);

/**
 * \brief The element type of an array of logits.
 */
typedef enum rocdist_value_type
{
    ROCDIST_VALUE_FLOAT    = 0, /**< IEEE binary32 (float). */
    ROCDIST_VALUE_HALF     = 1, /**< IEEE binary16, as unsigned 16-bit words. */
    ROCDIST_VALUE_BFLOAT16 = 2  /**< bfloat16 (a float's upper 16 bits), as unsigned 16-bit words. */
} rocdist_value_type;

/**
 * \brief As rocdist_generate_categorical_logits, with logits of `type`:
 *        float, half or bfloat16.
 *
 * A half or bfloat16 logit is read as the float it stands for (exactly), so
 * an array of them gives the categories of the float array of their values,
 * on every generator. ROCDIST_VALUE_FLOAT is rocdist_generate_categorical_logits.
 *
 * \param generator       a generator.
 * \param logits          rows * k logits of `type`, row-major, aligned to
 *                        their size, each finite or -inf, not all -inf in
 *                        any row; in memory of the generator's kind.
 * \param type            the logits' type.
 * \param rows            number of rows.
 * \param k               categories per row, 1 to 2^32 - 1.
 * \param temperature     greater than 0.
 * \param output          rows * samples_per_row unsigned ints in memory of
 *                        the generator's kind.
 * \param samples_per_row samples drawn from each row.
 * \return as rocdist_generate_categorical_logits, with
 *         ROCDIST_STATUS_INVALID_VALUE for a `type` that is not a
 *         rocdist_value_type.
 */
ROCDIST_EXPORT rocdist_status rocdist_generate_categorical_logits_typed(rocdist_generator  generator,
                                                                        const void*        logits,
                                                                        rocdist_value_type type,
                                                                        size_t             rows,
                                                                        size_t             k,
                                                                        float              temperature,
                                                                        unsigned int*      output,
                                                                        size_t             samples_per_row);

/**
 * \brief One row's token-sampling parameters (docs/token_sampling.md).
 *
 * Filters apply in this order: temperature, top-k, top-p on the top-k
 * distribution renormalised, then min-p relative to the largest probability.
 */
typedef struct rocdist_token_params
{
    float        temperature; /**< 0 (greedy: the largest logit, the lowest index among ties), or > 0; +inf gives every finite logit the same weight. */
    unsigned int top_k;       /**< keep the top_k most probable tokens (ties at the k-th by lower index); 0 keeps all. */
    float        top_p;       /**< in (0, 1]: keep the fewest most probable tokens whose mass reaches top_p; 1 keeps all. */
    float        min_p;       /**< in [0, 1): keep the tokens of probability at least min_p times the largest; 0 keeps all. */
} rocdist_token_params;

/** \brief The token of a row whose logits or parameters are invalid. */
#define ROCDIST_INVALID_TOKEN 0xFFFFFFFFu

/**
 * \brief One token per row of logits after temperature, top-k, top-p and
 *        min-p, exactly, each row from its own stream if asked (serving
 *        engines' sampling step; FlashInfer's
 *        top_k_top_p_sampling_from_logits, vLLM's sampler).
 *
 * Row r's token is drawn from the distribution the filters leave,
 * renormalised, by one uniform: the 64 bits of double element offset + r of
 * the generator's stream when row_seeds and row_positions are NULL (the
 * position then advances by rows), or of element row_positions[r] of the
 * stream of seed row_seeds[r] when both are given (the generator's position
 * does not move). A row's token depends only on that stream element, its
 * logits and its parameters: not on the other rows, the batch size, the
 * row's place in the batch, the backend or the GPU. Logits become 64-bit
 * fixed-point weights by integer arithmetic, relative to the row's largest
 * logit, and every filter compares integers, so host and GPU generators give
 * identical tokens; each kept token's probability is its weight's share
 * within 2^-64 (docs/token_sampling.md states the bound against exact
 * softmax). A greedy row reads no uniform, and its element is still used up.
 *
 * A GPU generator queues the call on its stream and returns without waiting.
 * A row with a NaN or +inf logit, no logit above -inf, or parameters outside
 * their domain gets ROCDIST_INVALID_TOKEN, and the generator's deferred
 * status becomes ROCDIST_STATUS_INVALID_VALUE (rocdist_get_deferred_status);
 * the other rows get their tokens. A host generator does the same, so the
 * two give the same tokens for any input.
 *
 * \param generator     a generator.
 * \param logits        rows * vocab logits of `type`, row-major, in memory of
 *                      the generator's kind.
 * \param type          the logits' element type.
 * \param rows          number of rows.
 * \param vocab         tokens per row, 1 to 2^32 - 1.
 * \param params        rows parameter sets, in memory of the generator's kind.
 * \param row_seeds     NULL, or rows seeds in memory of the generator's kind.
 * \param row_positions NULL (exactly when row_seeds is), or rows stream
 *                      positions in memory of the generator's kind.
 * \param tokens        rows unsigned ints in memory of the generator's kind.
 * \return ROCDIST_STATUS_SUCCESS (also when rows is 0: then nothing is read
 *         or written); ROCDIST_STATUS_INVALID_HANDLE for a bad generator;
 *         ROCDIST_STATUS_INVALID_VALUE for an unknown type, vocab of 0 or
 *         above 2^32 - 1, or rows * vocab logits or rows parameter sets
 *         more than a size_t addresses; ROCDIST_STATUS_INVALID_POINTER if
 *         logits, params or tokens is NULL or misaligned, or just one of
 *         row_seeds and row_positions is NULL, or either is misaligned;
 *         ROCDIST_STATUS_OUT_OF_RANGE if, without row streams, offset + rows
 *         exceeds 2^64; ROCDIST_STATUS_WRONG_MEMORY if a GPU generator is
 *         given host memory (or another device's);
 *         ROCDIST_STATUS_ALLOCATION_FAILED if the deferred status word
 *         cannot be allocated (see rocdist_reserve_token_scratch);
 *         ROCDIST_STATUS_LAUNCH_FAILURE. On failure nothing is written and
 *         the position does not move.
 */
ROCDIST_EXPORT rocdist_status rocdist_sample_tokens(rocdist_generator           generator,
                                                    const void*                 logits,
                                                    rocdist_value_type          type,
                                                    size_t                      rows,
                                                    size_t                      vocab,
                                                    const rocdist_token_params* params,
                                                    const unsigned long long*   row_seeds,
                                                    const unsigned long long*   row_positions,
                                                    unsigned int*               tokens);

/**
 * \brief Allocates what rocdist_sample_tokens needs for calls of up to rows
 *        x vocab, so that those calls allocate nothing (and can be captured
 *        into a CUDA or HIP graph).
 *
 * A GPU generator's token sampling needs one device word, for the deferred
 * status, whatever rows and vocab; a host generator needs nothing kept. The
 * arguments are checked as rocdist_sample_tokens checks them.
 *
 * \param generator a generator.
 * \param rows      the most rows a call will have.
 * \param vocab     the largest vocabulary, 1 to 2^32 - 1.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_VALUE for vocab of 0 or above 2^32 - 1 or
 *         rows * vocab float logits or rows parameter sets more than a
 *         size_t addresses;
 *         ROCDIST_STATUS_ALLOCATION_FAILED.
 */
ROCDIST_EXPORT rocdist_status rocdist_reserve_token_scratch(rocdist_generator generator, size_t rows, size_t vocab);

/**
 * \brief The status that calls queued since the last read found only on the
 *        device (a row given ROCDIST_INVALID_TOKEN), and clears it.
 *
 * Waits for the generator's stream. *status becomes
 * ROCDIST_STATUS_INVALID_VALUE if any rocdist_sample_tokens call since the
 * last read had an invalid row, and ROCDIST_STATUS_SUCCESS otherwise.
 *
 * \param generator a generator.
 * \param status    receives the deferred status.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_HANDLE;
 *         ROCDIST_STATUS_INVALID_POINTER if status is NULL;
 *         ROCDIST_STATUS_LAUNCH_FAILURE if waiting for the stream fails.
 */
ROCDIST_EXPORT rocdist_status rocdist_get_deferred_status(rocdist_generator generator, rocdist_status* status);

/**
 * \brief A sentence describing a status, for messages to users.
 * \param status any value; unknown values get a sentence saying so.
 * \return a static NUL-terminated string; never NULL.
 */
ROCDIST_EXPORT const char* rocdist_get_status_string(rocdist_status status);

/**
 * \brief The library's version as major * 10000 + minor * 100 + patch.
 * \param version receives the number.
 * \return ROCDIST_STATUS_SUCCESS; ROCDIST_STATUS_INVALID_POINTER if version is NULL.
 */
ROCDIST_EXPORT rocdist_status rocdist_get_version(int* version);

#ifdef __cplusplus
}
#endif

#endif
