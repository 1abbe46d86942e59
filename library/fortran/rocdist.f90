! rocdist's C API for Fortran, through iso_c_binding. Interfaces only: the
! module needs no object code of its own, link with -lrocdist.
!
! - Every C entry point has an interface of the same name; every function
!   returns the rocdist_status as integer(c_int).
! - Handles (rocdist_generator) are type(c_ptr), passed by value.
! - Output buffers are type(c_ptr), by value: c_loc(array) for host
!   generators (the array needs the target attribute), a device pointer
!   (hipMalloc, cudaMalloc) for GPU generators.
! - unsigned long long arguments are integer(c_long_long); size_t is
!   integer(c_size_t); unsigned int values (counts, trials) are
!   integer(c_int) with the same bits, so one above huge(0_c_int) reads as
!   negative.
! - rocdist_generate_normal, _log_normal, _gamma, _gamma_shapes, _beta and
!   _exponential are also generic names: the kind of their real parameters
!   picks the float or double entry point.
module rocdist
    use iso_c_binding
    implicit none

    ! rocdist_status
    integer(c_int), parameter :: ROCDIST_STATUS_SUCCESS = 0
    integer(c_int), parameter :: ROCDIST_STATUS_INVALID_HANDLE = 1
    integer(c_int), parameter :: ROCDIST_STATUS_INVALID_POINTER = 2
    integer(c_int), parameter :: ROCDIST_STATUS_INVALID_VALUE = 3
    integer(c_int), parameter :: ROCDIST_STATUS_TYPE_ERROR = 4
    integer(c_int), parameter :: ROCDIST_STATUS_NO_DEVICE = 5
    integer(c_int), parameter :: ROCDIST_STATUS_WRONG_MEMORY = 6
    integer(c_int), parameter :: ROCDIST_STATUS_OUT_OF_RANGE = 7
    integer(c_int), parameter :: ROCDIST_STATUS_ALLOCATION_FAILED = 8
    integer(c_int), parameter :: ROCDIST_STATUS_LAUNCH_FAILURE = 9
    integer(c_int), parameter :: ROCDIST_STATUS_INTERNAL_ERROR = 10

    ! rocdist_rng_type
    integer(c_int), parameter :: ROCDIST_RNG_PHILOX4X32_10 = 0

    ! rocdist_ordering
    integer(c_int), parameter :: ROCDIST_ORDERING_REPRODUCIBLE = 0
    integer(c_int), parameter :: ROCDIST_ORDERING_FAST = 1

    ! rocdist_normal_method
    integer(c_int), parameter :: ROCDIST_NORMAL_BOX_MULLER = 0
    integer(c_int), parameter :: ROCDIST_NORMAL_POLAR = 1
    integer(c_int), parameter :: ROCDIST_NORMAL_INVERSE_CDF = 2
    integer(c_int), parameter :: ROCDIST_NORMAL_INVERSE_CDF_FAST = 3
    integer(c_int), parameter :: ROCDIST_NORMAL_ZIGGURAT = 4
    integer(c_int), parameter :: ROCDIST_NORMAL_BOX_MULLER_FAST = 5

    ! rocdist_categorical_view: where a table's entries live (for the device
    ! API's user kernels, rocdist/rocdist_kernel.h).
    ! rocdist_value_type
    integer(c_int), parameter :: ROCDIST_VALUE_FLOAT = 0
    integer(c_int), parameter :: ROCDIST_VALUE_HALF = 1
    integer(c_int), parameter :: ROCDIST_VALUE_BFLOAT16 = 2

    ! ROCDIST_INVALID_TOKEN (0xFFFFFFFF) as Fortran's default integer reads the
    ! unsigned token: -1.
    integer(c_int), parameter :: ROCDIST_INVALID_TOKEN = -1

    ! One row's token-sampling parameters (rocdist_token_params).
    type, bind(c) :: rocdist_token_params
        real(c_float) :: temperature
        integer(c_int) :: top_k
        real(c_float) :: top_p
        real(c_float) :: min_p
    end type

    type, bind(c) :: rocdist_categorical_view
        type(c_ptr) :: entries
        integer(c_int) :: k
    end type

    ! Generators, seeds, positions, streams.
    interface
        function rocdist_create_generator(generator, rng_type) bind(c, name="rocdist_create_generator")
            import :: c_int, c_ptr
            type(c_ptr), intent(out) :: generator
            integer(c_int), value :: rng_type
            integer(c_int) :: rocdist_create_generator
        end function

        function rocdist_create_generator_host(generator, rng_type) bind(c, name="rocdist_create_generator_host")
            import :: c_int, c_ptr
            type(c_ptr), intent(out) :: generator
            integer(c_int), value :: rng_type
            integer(c_int) :: rocdist_create_generator_host
        end function

        function rocdist_destroy_generator(generator) bind(c, name="rocdist_destroy_generator")
            import :: c_int, c_ptr
            type(c_ptr), value :: generator
            integer(c_int) :: rocdist_destroy_generator
        end function

        function rocdist_set_seed(generator, seed) bind(c, name="rocdist_set_seed")
            import :: c_int, c_ptr, c_long_long
            type(c_ptr), value :: generator
            integer(c_long_long), value :: seed
            integer(c_int) :: rocdist_set_seed
        end function

        function rocdist_set_offset(generator, offset) bind(c, name="rocdist_set_offset")
            import :: c_int, c_ptr, c_long_long
            type(c_ptr), value :: generator
            integer(c_long_long), value :: offset
            integer(c_int) :: rocdist_set_offset
        end function

        function rocdist_set_stream(generator, stream) bind(c, name="rocdist_set_stream")
            import :: c_int, c_ptr
            type(c_ptr), value :: generator
            type(c_ptr), value :: stream
            integer(c_int) :: rocdist_set_stream
        end function

        function rocdist_set_ordering(generator, ordering) bind(c, name="rocdist_set_ordering")
            import :: c_int, c_ptr
            type(c_ptr), value :: generator
            integer(c_int), value :: ordering
            integer(c_int) :: rocdist_set_ordering
        end function

        function rocdist_set_normal_method(generator, method) bind(c, name="rocdist_set_normal_method")
            import :: c_int, c_ptr
            type(c_ptr), value :: generator
            integer(c_int), value :: method
            integer(c_int) :: rocdist_set_normal_method
        end function
    end interface

    ! Raw words and uniforms (one entry point per type: the output pointer
    ! alone cannot pick one).
    interface
        function rocdist_generate(generator, output, n) bind(c, name="rocdist_generate")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            integer(c_int) :: rocdist_generate
        end function

        function rocdist_generate_uniform(generator, output, n) bind(c, name="rocdist_generate_uniform")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            integer(c_int) :: rocdist_generate_uniform
        end function

        function rocdist_generate_uniform_double(generator, output, n) bind(c, name="rocdist_generate_uniform_double")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            integer(c_int) :: rocdist_generate_uniform_double
        end function
    end interface

    ! Normals: generic over the kind of mean and stddev.
    interface rocdist_generate_normal
        function rocdist_generate_normal(generator, output, n, mean, stddev) bind(c, name="rocdist_generate_normal")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: mean
            real(c_float), value :: stddev
            integer(c_int) :: rocdist_generate_normal
        end function

        function rocdist_generate_normal_double(generator, output, n, mean, stddev) &
            bind(c, name="rocdist_generate_normal_double")
            import :: c_int, c_ptr, c_size_t, c_double
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_double), value :: mean
            real(c_double), value :: stddev
            integer(c_int) :: rocdist_generate_normal_double
        end function
    end interface

    ! Log-normals: generic over the kind of mean and stddev.
    interface rocdist_generate_log_normal
        function rocdist_generate_log_normal(generator, output, n, mean, stddev) bind(c, name="rocdist_generate_log_normal")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: mean
            real(c_float), value :: stddev
            integer(c_int) :: rocdist_generate_log_normal
        end function

        function rocdist_generate_log_normal_double(generator, output, n, mean, stddev) &
            bind(c, name="rocdist_generate_log_normal_double")
            import :: c_int, c_ptr, c_size_t, c_double
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_double), value :: mean
            real(c_double), value :: stddev
            integer(c_int) :: rocdist_generate_log_normal_double
        end function
    end interface

    ! Gamma variates: generic over the kind of shape and scale.
    interface rocdist_generate_gamma
        function rocdist_generate_gamma(generator, output, n, shape, scale) bind(c, name="rocdist_generate_gamma")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: shape
            real(c_float), value :: scale
            integer(c_int) :: rocdist_generate_gamma
        end function

        function rocdist_generate_gamma_double(generator, output, n, shape, scale) &
            bind(c, name="rocdist_generate_gamma_double")
            import :: c_int, c_ptr, c_size_t, c_double
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_double), value :: shape
            real(c_double), value :: scale
            integer(c_int) :: rocdist_generate_gamma_double
        end function
    end interface

    ! Gamma variates with a shape per element: shapes is the address of n
    ! values of the output's kind in memory of the generator's kind
    ! (c_loc of a host array, or a device pointer).
    interface rocdist_generate_gamma_shapes
        function rocdist_generate_gamma_shapes(generator, output, n, shapes, scale) &
            bind(c, name="rocdist_generate_gamma_shapes")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            type(c_ptr), value :: shapes
            real(c_float), value :: scale
            integer(c_int) :: rocdist_generate_gamma_shapes
        end function

        function rocdist_generate_gamma_shapes_double(generator, output, n, shapes, scale) &
            bind(c, name="rocdist_generate_gamma_shapes_double")
            import :: c_int, c_ptr, c_size_t, c_double
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            type(c_ptr), value :: shapes
            real(c_double), value :: scale
            integer(c_int) :: rocdist_generate_gamma_shapes_double
        end function
    end interface

    ! Beta variates: generic over the kind of a and b.
    interface rocdist_generate_beta
        function rocdist_generate_beta(generator, output, n, a, b) bind(c, name="rocdist_generate_beta")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: a
            real(c_float), value :: b
            integer(c_int) :: rocdist_generate_beta
        end function

        function rocdist_generate_beta_double(generator, output, n, a, b) bind(c, name="rocdist_generate_beta_double")
            import :: c_int, c_ptr, c_size_t, c_double
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_double), value :: a
            real(c_double), value :: b
            integer(c_int) :: rocdist_generate_beta_double
        end function
    end interface

    ! Dirichlet rows: output holds rows x k values, C order (row r's k
    ! components contiguous, so a Fortran array output(k, rows)); alpha is the
    ! address of k values in memory of the generator's kind.
    interface
        function rocdist_generate_dirichlet(generator, output, rows, alpha, k) bind(c, name="rocdist_generate_dirichlet")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: rows
            type(c_ptr), value :: alpha
            integer(c_size_t), value :: k
            integer(c_int) :: rocdist_generate_dirichlet
        end function

        function rocdist_generate_dirichlet_double(generator, output, rows, alpha, k) &
            bind(c, name="rocdist_generate_dirichlet_double")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: rows
            type(c_ptr), value :: alpha
            integer(c_size_t), value :: k
            integer(c_int) :: rocdist_generate_dirichlet_double
        end function
    end interface

    ! Poisson and binomial counts, written into integer(c_int) arrays (a count
    ! above huge(0_c_int) needs lambda or trials above about 2^31). The
    ! per-element forms read lambdas (real(c_double)), trials (integer(c_int))
    ! and p (real(c_double)) at addresses in memory of the generator's kind.
    interface
        function rocdist_generate_poisson(generator, output, n, lambda) bind(c, name="rocdist_generate_poisson")
            import :: c_int, c_ptr, c_size_t, c_double
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_double), value :: lambda
            integer(c_int) :: rocdist_generate_poisson
        end function

        function rocdist_generate_poisson_lambdas(generator, output, n, lambdas) &
            bind(c, name="rocdist_generate_poisson_lambdas")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            type(c_ptr), value :: lambdas
            integer(c_int) :: rocdist_generate_poisson_lambdas
        end function

        function rocdist_generate_binomial(generator, output, n, trials, p) bind(c, name="rocdist_generate_binomial")
            import :: c_int, c_ptr, c_size_t, c_double
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            integer(c_int), value :: trials
            real(c_double), value :: p
            integer(c_int) :: rocdist_generate_binomial
        end function

        function rocdist_generate_binomial_parameters(generator, output, n, trials, p) &
            bind(c, name="rocdist_generate_binomial_parameters")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            type(c_ptr), value :: trials
            type(c_ptr), value :: p
            integer(c_int) :: rocdist_generate_binomial_parameters
        end function
    end interface

    ! Exponential variates: generic over the kind of rate.
    interface rocdist_generate_exponential
        function rocdist_generate_exponential(generator, output, n, rate) bind(c, name="rocdist_generate_exponential")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: rate
            integer(c_int) :: rocdist_generate_exponential
        end function

        function rocdist_generate_exponential_double(generator, output, n, rate) &
            bind(c, name="rocdist_generate_exponential_double")
            import :: c_int, c_ptr, c_size_t, c_double
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_double), value :: rate
            integer(c_int) :: rocdist_generate_exponential_double
        end function
    end interface

    ! 16-bit outputs: the bits of IEEE half or bfloat16 values, written into
    ! integer(c_int16_t) arrays (Fortran has no such real kind), each the
    ! float call's element rounded to nearest even.
    interface
        function rocdist_generate_uniform_half(generator, output, n) bind(c, name="rocdist_generate_uniform_half")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            integer(c_int) :: rocdist_generate_uniform_half
        end function

        function rocdist_generate_normal_half(generator, output, n, mean, stddev) &
            bind(c, name="rocdist_generate_normal_half")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: mean
            real(c_float), value :: stddev
            integer(c_int) :: rocdist_generate_normal_half
        end function

        function rocdist_generate_log_normal_half(generator, output, n, mean, stddev) &
            bind(c, name="rocdist_generate_log_normal_half")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: mean
            real(c_float), value :: stddev
            integer(c_int) :: rocdist_generate_log_normal_half
        end function

        function rocdist_generate_uniform_bfloat16(generator, output, n) bind(c, name="rocdist_generate_uniform_bfloat16")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            integer(c_int) :: rocdist_generate_uniform_bfloat16
        end function

        function rocdist_generate_normal_bfloat16(generator, output, n, mean, stddev) &
            bind(c, name="rocdist_generate_normal_bfloat16")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: mean
            real(c_float), value :: stddev
            integer(c_int) :: rocdist_generate_normal_bfloat16
        end function

        function rocdist_generate_log_normal_bfloat16(generator, output, n, mean, stddev) &
            bind(c, name="rocdist_generate_log_normal_bfloat16")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            real(c_float), value :: mean
            real(c_float), value :: stddev
            integer(c_int) :: rocdist_generate_log_normal_bfloat16
        end function
    end interface

    ! Categorical variates: alias tables from unnormalised weights in memory
    ! of the generator's kind, then samples from them.
    interface
        function rocdist_create_categorical(generator, weights, k, table) bind(c, name="rocdist_create_categorical")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: weights
            integer(c_size_t), value :: k
            type(c_ptr), intent(out) :: table
            integer(c_int) :: rocdist_create_categorical
        end function

        function rocdist_create_categorical_double(generator, weights, k, table) &
            bind(c, name="rocdist_create_categorical_double")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: weights
            integer(c_size_t), value :: k
            type(c_ptr), intent(out) :: table
            integer(c_int) :: rocdist_create_categorical_double
        end function

        function rocdist_destroy_categorical(table) bind(c, name="rocdist_destroy_categorical")
            import :: c_int, c_ptr
            type(c_ptr), value :: table
            integer(c_int) :: rocdist_destroy_categorical
        end function

        function rocdist_get_categorical_view(table, view) bind(c, name="rocdist_get_categorical_view")
            import :: c_int, c_ptr, rocdist_categorical_view
            type(c_ptr), value :: table
            type(rocdist_categorical_view), intent(out) :: view
            integer(c_int) :: rocdist_get_categorical_view
        end function

        function rocdist_generate_categorical(generator, table, output, n) bind(c, name="rocdist_generate_categorical")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: table
            type(c_ptr), value :: output
            integer(c_size_t), value :: n
            integer(c_int) :: rocdist_generate_categorical
        end function
    end interface

    ! Batched categorical variates: rows of weights or logits (row-major, as
    ! C stores them: a Fortran array w(k, rows) holds row r in w(:, r)),
    ! samples_per_row categories of each, 0-based, without a table.
    interface
        function rocdist_generate_categorical_rows(generator, weights, rows, k, output, samples_per_row) &
            bind(c, name="rocdist_generate_categorical_rows")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: weights
            integer(c_size_t), value :: rows
            integer(c_size_t), value :: k
            type(c_ptr), value :: output
            integer(c_size_t), value :: samples_per_row
            integer(c_int) :: rocdist_generate_categorical_rows
        end function

        function rocdist_generate_categorical_rows_double(generator, weights, rows, k, output, samples_per_row) &
            bind(c, name="rocdist_generate_categorical_rows_double")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: weights
            integer(c_size_t), value :: rows
            integer(c_size_t), value :: k
            type(c_ptr), value :: output
            integer(c_size_t), value :: samples_per_row
            integer(c_int) :: rocdist_generate_categorical_rows_double
        end function

        function rocdist_generate_categorical_logits(generator, logits, rows, k, temperature, output, &
                                                     samples_per_row) bind(c, name="rocdist_generate_categorical_logits")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: logits
            integer(c_size_t), value :: rows
            integer(c_size_t), value :: k
            real(c_float), value :: temperature
            type(c_ptr), value :: output
            integer(c_size_t), value :: samples_per_row
            integer(c_int) :: rocdist_generate_categorical_logits
        end function
    end interface

    ! Token sampling: logits, params (type(rocdist_token_params) arrays),
    ! row_seeds, row_positions and tokens are c_loc of arrays in memory of the
    ! generator's kind; row_seeds and row_positions both c_null_ptr, or both given.
    interface
        function rocdist_sample_tokens(generator, logits, value_type, rows, vocab, params, row_seeds, &
                                       row_positions, tokens) bind(c, name="rocdist_sample_tokens")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            type(c_ptr), value :: logits
            integer(c_int), value :: value_type
            integer(c_size_t), value :: rows
            integer(c_size_t), value :: vocab
            type(c_ptr), value :: params
            type(c_ptr), value :: row_seeds
            type(c_ptr), value :: row_positions
            type(c_ptr), value :: tokens
            integer(c_int) :: rocdist_sample_tokens
        end function

        function rocdist_reserve_token_scratch(generator, rows, vocab) bind(c, name="rocdist_reserve_token_scratch")
            import :: c_int, c_ptr, c_size_t
            type(c_ptr), value :: generator
            integer(c_size_t), value :: rows
            integer(c_size_t), value :: vocab
            integer(c_int) :: rocdist_reserve_token_scratch
        end function

        function rocdist_get_deferred_status(generator, status) bind(c, name="rocdist_get_deferred_status")
            import :: c_int, c_ptr
            type(c_ptr), value :: generator
            integer(c_int), intent(out) :: status
            integer(c_int) :: rocdist_get_deferred_status
        end function

        ! Batched categorical sampling from logits of value_type (ROCDIST_VALUE_*).
        function rocdist_generate_categorical_logits_typed(generator, logits, value_type, rows, k, temperature, &
                                                           output, samples_per_row) &
            bind(c, name="rocdist_generate_categorical_logits_typed")
            import :: c_int, c_ptr, c_size_t, c_float
            type(c_ptr), value :: generator
            type(c_ptr), value :: logits
            integer(c_int), value :: value_type
            integer(c_size_t), value :: rows
            integer(c_size_t), value :: k
            real(c_float), value :: temperature
            type(c_ptr), value :: output
            integer(c_size_t), value :: samples_per_row
            integer(c_int) :: rocdist_generate_categorical_logits_typed
        end function
    end interface

    ! Status strings and the version.
    interface
        ! A static NUL-terminated C string; c_f_pointer turns it into characters.
        function rocdist_get_status_string(status) bind(c, name="rocdist_get_status_string")
            import :: c_int, c_ptr
            integer(c_int), value :: status
            type(c_ptr) :: rocdist_get_status_string
        end function

        function rocdist_get_version(version) bind(c, name="rocdist_get_version")
            import :: c_int
            integer(c_int), intent(out) :: version
            integer(c_int) :: rocdist_get_version
        end function
    end interface
end module rocdist
