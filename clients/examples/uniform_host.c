/* Uniform floats on the CPU through the C API. */
#include <stdio.h>
#include <stdlib.h>

#include <rocdist/rocdist.h>

int main(void)
{
    enum { n = 1000000 };
    float*            u   = malloc(n * sizeof *u);
    rocdist_generator gen = NULL;
    rocdist_status    s   = rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10);
    if(s == ROCDIST_STATUS_SUCCESS)
        s = rocdist_set_seed(gen, 2026);
    if(s == ROCDIST_STATUS_SUCCESS)
        s = rocdist_generate_uniform(gen, u, n);
    if(s != ROCDIST_STATUS_SUCCESS)
    {
        fprintf(stderr, "rocdist: %s\n", rocdist_get_status_string(s));
        return 1;
    }
    double sum = 0;
    for(int i = 0; i < n; ++i)
        sum += u[i];
    printf("mean of %d uniforms: %.5f (expect 0.5)\n", n, sum / n);
    rocdist_destroy_generator(gen);
    free(u);
    return 0;
}
