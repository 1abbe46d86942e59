! The Fortran module on the host generator: normals of both kinds through
! the generic rocdist_generate_normal, Poisson and binomial counts, and
! exponentials of both kinds through the generic
! rocdist_generate_exponential, their sample mean and variance held to the
! true ones within 5 standard errors (two-sided p = 5.7e-7 per check, fixed
! seeds); the per-element Poisson and binomial calls equal to the scalar
! calls' counts element for element; exact statuses for a bad stddev, lambda,
! p and rate, a NULL lambdas array and a NULL handle; batched categorical
! samples from rows w(:, r) each with one non-zero weight, which every sample
! of the row must draw (0-based), bfloat16 logits with one large logit a
! row, which every sample must draw, and a zero temperature's status.
program test_fortran_normal
    use iso_c_binding
    use rocdist
    implicit none

    integer(c_size_t), parameter :: n = 2000000
    real(c_double), parameter :: z_limit = 5
    real(c_float), allocatable, target :: xf(:)
    real(c_double), allocatable, target :: xd(:)
    real(c_float), target :: w(5, 3), logits(5, 3)
    integer(c_int), target :: picks(100, 3)
    integer(c_int16_t), target :: bfloat16_logits(5, 3)
    integer(c_int), allocatable, target :: counts(:)
    integer(c_size_t), parameter :: m = 1000
    integer(c_int), target :: each(m), low(m), high(m), trials(m)
    real(c_double), target :: lambdas(m), p(m)
    integer :: r
    type(c_ptr) :: gen
    integer :: failures = 0
    integer(c_int) :: version

    allocate(xf(n), xd(n), counts(n))
    call expect(rocdist_create_generator_host(gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS, 'create')
    call expect(rocdist_get_version(version), ROCDIST_STATUS_SUCCESS, 'version')

    call expect(rocdist_set_seed(gen, 20260101_c_long_long), ROCDIST_STATUS_SUCCESS, 'seed')
    call expect(rocdist_generate_normal(gen, c_loc(xf), n, -1.5_c_float, 0.25_c_float), ROCDIST_STATUS_SUCCESS, &
                'float normals')
    call check_moments('float', real(xf, c_double), -1.5_c_double, 0.25_c_double**2, 3 * 0.25_c_double**4)

    call expect(rocdist_set_seed(gen, 20260102_c_long_long), ROCDIST_STATUS_SUCCESS, 'seed')
    call expect(rocdist_set_normal_method(gen, ROCDIST_NORMAL_ZIGGURAT), ROCDIST_STATUS_SUCCESS, 'method')
    call expect(rocdist_generate_normal(gen, c_loc(xd), n, 3.0_c_double, 2.0_c_double), ROCDIST_STATUS_SUCCESS, &
                'double normals')
    call check_moments('double', xd, 3.0_c_double, 2.0_c_double**2, 3 * 2.0_c_double**4)

    call expect(rocdist_generate_normal(gen, c_loc(xd), n, 0.0_c_double, -1.0_c_double), ROCDIST_STATUS_INVALID_VALUE, &
                'negative stddev')

    ! Counts: mean lambda, variance lambda, fourth central moment
    ! lambda (1 + 3 lambda); binomial: n p q, n p q (1 + 3 (n - 2) p q).
    call expect(rocdist_set_seed(gen, 20260103_c_long_long), ROCDIST_STATUS_SUCCESS, 'seed')
    call expect(rocdist_generate_poisson(gen, c_loc(counts), n, 4.5_c_double), ROCDIST_STATUS_SUCCESS, 'Poisson')
    call check_moments('Poisson(4.5)', real(counts, c_double), 4.5_c_double, 4.5_c_double, 4.5_c_double * 14.5_c_double)
    call expect(rocdist_generate_poisson(gen, c_loc(counts), n, 1000.0_c_double), ROCDIST_STATUS_SUCCESS, 'Poisson')
    call check_moments('Poisson(1000)', real(counts, c_double), 1000.0_c_double, 1000.0_c_double, &
                       1000.0_c_double * 3001.0_c_double)
    call expect(rocdist_generate_binomial(gen, c_loc(counts), n, 40_c_int, 0.3_c_double), ROCDIST_STATUS_SUCCESS, &
                'binomial')
    call check_moments('binomial(40, 0.3)', real(counts, c_double), 12.0_c_double, 8.4_c_double, &
                       8.4_c_double * (1 + 3 * 38 * 0.21_c_double))

    ! Exponentials of rate r: mean 1 / r, variance 1 / r^2, fourth central
    ! moment 9 / r^4.
    call expect(rocdist_generate_exponential(gen, c_loc(xf), n, 2.0_c_float), ROCDIST_STATUS_SUCCESS, &
                'float exponentials')
    call check_moments('float exponential', real(xf, c_double), 0.5_c_double, 0.25_c_double, 9 / 16.0_c_double)
    call expect(rocdist_generate_exponential(gen, c_loc(xd), n, 0.25_c_double), ROCDIST_STATUS_SUCCESS, &
                'double exponentials')
    call check_moments('double exponential', xd, 4.0_c_double, 16.0_c_double, 9 * 256.0_c_double)

    ! Per-element parameters, alternating between two settings: element i
    ! is the scalar call's element i for its parameters at the same offset.
    lambdas = [(merge(3.0_c_double, 250.0_c_double, mod(r, 2) == 1), r = 1, int(m))]
    trials = [(merge(7_c_int, 100000_c_int, mod(r, 2) == 1), r = 1, int(m))]
    p = [(merge(0.9_c_double, 0.4_c_double, mod(r, 2) == 1), r = 1, int(m))]
    call expect(rocdist_set_offset(gen, 11_c_long_long), ROCDIST_STATUS_SUCCESS, 'offset')
    call expect(rocdist_generate_poisson_lambdas(gen, c_loc(each), m, c_loc(lambdas)), ROCDIST_STATUS_SUCCESS, &
                'Poisson lambdas')
    call expect(rocdist_set_offset(gen, 11_c_long_long), ROCDIST_STATUS_SUCCESS, 'offset')
    call expect(rocdist_generate_poisson(gen, c_loc(low), m, 3.0_c_double), ROCDIST_STATUS_SUCCESS, 'Poisson')
    call expect(rocdist_set_offset(gen, 11_c_long_long), ROCDIST_STATUS_SUCCESS, 'offset')
    call expect(rocdist_generate_poisson(gen, c_loc(high), m, 250.0_c_double), ROCDIST_STATUS_SUCCESS, 'Poisson')
    call expect_alternating('Poisson lambdas', each, low, high)
    call expect(rocdist_set_offset(gen, 11_c_long_long), ROCDIST_STATUS_SUCCESS, 'offset')
    call expect(rocdist_generate_binomial_parameters(gen, c_loc(each), m, c_loc(trials), c_loc(p)), &
                ROCDIST_STATUS_SUCCESS, 'binomial parameters')
    call expect(rocdist_set_offset(gen, 11_c_long_long), ROCDIST_STATUS_SUCCESS, 'offset')
    call expect(rocdist_generate_binomial(gen, c_loc(low), m, 7_c_int, 0.9_c_double), ROCDIST_STATUS_SUCCESS, &
                'binomial')
    call expect(rocdist_set_offset(gen, 11_c_long_long), ROCDIST_STATUS_SUCCESS, 'offset')
    call expect(rocdist_generate_binomial(gen, c_loc(high), m, 100000_c_int, 0.4_c_double), ROCDIST_STATUS_SUCCESS, &
                'binomial')
    call expect_alternating('binomial parameters', each, low, high)

    call expect(rocdist_generate_poisson(gen, c_loc(counts), n, -1.0_c_double), ROCDIST_STATUS_INVALID_VALUE, &
                'negative lambda')
    call expect(rocdist_generate_poisson_lambdas(gen, c_loc(counts), n, c_null_ptr), ROCDIST_STATUS_INVALID_POINTER, &
                'NULL lambdas')
    call expect(rocdist_generate_binomial(gen, c_loc(counts), n, 10_c_int, 1.5_c_double), &
                ROCDIST_STATUS_INVALID_VALUE, 'p above 1')
    call expect(rocdist_generate_exponential(gen, c_loc(xf), n, 0.0_c_float), ROCDIST_STATUS_INVALID_VALUE, &
                'zero rate')
    w = 0
    w(2, 1) = 1
    w(5, 2) = 0.5
    w(1, 3) = 7
    call expect(rocdist_generate_categorical_rows(gen, c_loc(w), 3_c_size_t, 5_c_size_t, c_loc(picks), 100_c_size_t), &
                ROCDIST_STATUS_SUCCESS, 'categorical rows')
    do r = 1, 3
        if (any(picks(:, r) /= maxloc(w(:, r), 1) - 1)) then
            print '(a, i0, a)', 'row ', r, ' drew a category of weight 0'
            failures = failures + 1
        end if
    end do
    logits = 0
    call expect(rocdist_generate_categorical_logits(gen, c_loc(logits), 3_c_size_t, 5_c_size_t, 0.0_c_float, &
                                                    c_loc(picks), 100_c_size_t), ROCDIST_STATUS_INVALID_VALUE, &
                'zero temperature')
    ! bfloat16 logits: 0, and 100 (0x42C8) at category 3 of each row, whose
    ! probability is then 1 - 4e-43.
    bfloat16_logits = 0
    bfloat16_logits(4, :) = int(z'42C8', c_int16_t)
    call expect(rocdist_generate_categorical_logits_typed(gen, c_loc(bfloat16_logits), ROCDIST_VALUE_BFLOAT16, &
                                                          3_c_size_t, 5_c_size_t, 1.0_c_float, c_loc(picks), &
                                                          100_c_size_t), ROCDIST_STATUS_SUCCESS, 'bfloat16 logits')
    if (any(picks /= 3)) then
        print '(a)', 'bfloat16 logits drew a category other than their largest'
        failures = failures + 1
    end if
    call expect(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS, 'destroy')
    call expect(rocdist_set_seed(c_null_ptr, 1_c_long_long), ROCDIST_STATUS_INVALID_HANDLE, 'NULL handle')

    deallocate(xf, xd, counts)

    print '(a, i0, a, i0)', 'rocdist ', version, ' from Fortran: failures ', failures
    if (failures /= 0) error stop 1

contains

    subroutine expect(status, wanted, what)
        integer(c_int), intent(in) :: status, wanted
        character(*), intent(in) :: what
        if (status /= wanted) then
            print '(a, a, i0, a, i0)', what, ': status ', status, ', expected ', wanted
            failures = failures + 1
        end if
    end subroutine

    ! Element i of each against low(i) (odd i) or high(i) (even i).
    subroutine expect_alternating(label, each, low, high)
        character(*), intent(in) :: label
        integer(c_int), intent(in) :: each(:), low(:), high(:)
        integer :: i
        do i = 1, size(each)
            if (each(i) /= merge(low(i), high(i), mod(i, 2) == 1)) then
                print '(a, a, i0, a, i0)', label, ': element ', i, ' differs from the scalar call''s, ', each(i)
                failures = failures + 1
                return
            end if
        end do
    end subroutine

    ! Standard errors for n samples of a distribution with the given
    ! variance and fourth central moment mu4: sqrt(variance / n) for the
    ! mean, sqrt((mu4 - variance^2) / n) for the sample variance (for a
    ! normal, mu4 = 3 sigma^4 and this is sigma^2 sqrt(2 / n)).
    subroutine check_moments(label, x, mu, true_variance, mu4)
        character(*), intent(in) :: label
        real(c_double), intent(in) :: x(:), mu, true_variance, mu4
        real(c_double) :: mean, variance, z_mean, z_variance
        mean = sum(x) / size(x)
        variance = sum((x - mean)**2) / (size(x) - 1)
        z_mean = (mean - mu) / sqrt(true_variance / size(x))
        z_variance = (variance - true_variance) / sqrt((mu4 - true_variance**2) / size(x))
        print '(a, a, f12.6, a, f7.3, a, f12.6, a, f7.3, a)', label, ': mean ', mean, ' (z = ', z_mean, &
            '), variance ', variance, ' (z = ', z_variance, ')'
        if (abs(z_mean) > z_limit .or. abs(z_variance) > z_limit) then
            print '(a, a, f4.1)', label, ': moments beyond |z| = ', z_limit
            failures = failures + 1
        end if
    end subroutine
end program
