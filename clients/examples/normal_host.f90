! Normal variates on the CPU from Fortran, through the rocdist module.
!   gfortran -I<dir of rocdist.mod> normal_host.f90 -lrocdist
program normal_host
    use iso_c_binding
    use rocdist
    implicit none

    integer(c_size_t), parameter :: n = 1000000
    real(c_double), allocatable, target :: x(:)
    type(c_ptr) :: gen
    real(c_double) :: mean

    allocate(x(n))
    call check(rocdist_create_generator_host(gen, ROCDIST_RNG_PHILOX4X32_10))
    call check(rocdist_set_seed(gen, 2026_c_long_long))
    ! Double-precision mean and stddev pick rocdist_generate_normal_double.
    call check(rocdist_generate_normal(gen, c_loc(x), n, 10.0_c_double, 2.0_c_double))
    mean = sum(x) / n
    print '(a, i0, a, f8.4, a, f8.4, a)', 'mean and variance of ', n, ' normals: ', &
        mean, ', ', sum((x - mean)**2) / (n - 1), ' (expect 10 and 4)'
    call check(rocdist_destroy_generator(gen))
    deallocate(x)

contains

    subroutine check(s)
        integer(c_int), intent(in) :: s
        character(kind=c_char), pointer :: message(:)
        integer :: length
        if (s == ROCDIST_STATUS_SUCCESS) return
        ! The status sentence is a NUL-terminated C string.
        call c_f_pointer(rocdist_get_status_string(s), message, [256])
        length = 0
        do while (message(length + 1) /= c_null_char)
            length = length + 1
        end do
        print '(a, 256a)', 'rocdist: ', message(1:length)
        error stop 1
    end subroutine
end program
