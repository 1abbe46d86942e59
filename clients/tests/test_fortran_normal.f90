! The Fortran module on the host generator: normals of both kinds through
! the generic rocdist_generate_normal, their sample mean and variance held
! to the true ones within 5 standard errors (two-sided p = 5.7e-7 per check,
! fixed seeds), and exact statuses for a bad stddev and a NULL handle; batched
! categorical samples from rows w(:, r) each with one non-zero weight, which
! every sample of the row must draw (0-based), and a zero temperature's status.
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
    integer :: r
    type(c_ptr) :: gen
    integer :: failures = 0
    integer(c_int) :: version

    allocate(xf(n), xd(n))
    call expect(rocdist_create_generator_host(gen, ROCDIST_RNG_PHILOX4X32_10), ROCDIST_STATUS_SUCCESS, 'create')
    call expect(rocdist_get_version(version), ROCDIST_STATUS_SUCCESS, 'version')

    call expect(rocdist_set_seed(gen, 20260101_c_long_long), ROCDIST_STATUS_SUCCESS, 'seed')
    call expect(rocdist_generate_normal(gen, c_loc(xf), n, -1.5_c_float, 0.25_c_float), ROCDIST_STATUS_SUCCESS, &
                'float normals')
    call check_moments('float', real(xf, c_double), -1.5_c_double, 0.25_c_double)

    call expect(rocdist_set_seed(gen, 20260102_c_long_long), ROCDIST_STATUS_SUCCESS, 'seed')
    call expect(rocdist_set_normal_method(gen, ROCDIST_NORMAL_ZIGGURAT), ROCDIST_STATUS_SUCCESS, 'method')
    call expect(rocdist_generate_normal(gen, c_loc(xd), n, 3.0_c_double, 2.0_c_double), ROCDIST_STATUS_SUCCESS, &
                'double normals')
    call check_moments('double', xd, 3.0_c_double, 2.0_c_double)

    call expect(rocdist_generate_normal(gen, c_loc(xd), n, 0.0_c_double, -1.0_c_double), ROCDIST_STATUS_INVALID_VALUE, &
                'negative stddev')
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
    call expect(rocdist_destroy_generator(gen), ROCDIST_STATUS_SUCCESS, 'destroy')
    call expect(rocdist_set_seed(c_null_ptr, 1_c_long_long), ROCDIST_STATUS_INVALID_HANDLE, 'NULL handle')

    deallocate(xf, xd)

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

    ! Standard errors for n normal samples: sigma / sqrt(n) for the mean,
    ! sigma^2 sqrt(2 / (n - 1)) for the sample variance.
    subroutine check_moments(label, x, mu, sigma)
        character(*), intent(in) :: label
        real(c_double), intent(in) :: x(:), mu, sigma
        real(c_double) :: mean, variance, z_mean, z_variance
        mean = sum(x) / size(x)
        variance = sum((x - mean)**2) / (size(x) - 1)
        z_mean = (mean - mu) / (sigma / sqrt(real(size(x), c_double)))
        z_variance = (variance - sigma**2) / (sigma**2 * sqrt(2 / real(size(x) - 1, c_double)))
        print '(a, a, f10.6, a, f7.3, a, f10.6, a, f7.3, a)', label, ': mean ', mean, ' (z = ', z_mean, &
            '), variance ', variance, ' (z = ', z_variance, ')'
        if (abs(z_mean) > z_limit .or. abs(z_variance) > z_limit) then
            print '(a, a, f4.1)', label, ': moments beyond |z| = ', z_limit
            failures = failures + 1
        end if
    end subroutine
end program
