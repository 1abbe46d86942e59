/* One global stream over MPI ranks: rank r generates its slice
 * [begin_r, end_r) of N normals by setting its offset to begin_r, and
 * rank 0 gathers the slices. Because element i of the stream depends only
 * on the seed and i, the gathered array equals what one process generating
 * all N elements gets; rank 0 checks that, bit for bit, and the exit status
 * says whether they were equal. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rocdist/rocdist.h>

enum { total = 1000003 }; /* odd, so that slices start at odd offsets */

static void check(rocdist_status s)
{
    if(s != ROCDIST_STATUS_SUCCESS)
    {
        fprintf(stderr, "rocdist: %s\n", rocdist_get_status_string(s));
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
}

int main(int argc, char** argv)
{
    int rank = 0, ranks = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);

    int* counts = malloc(ranks * sizeof *counts);
    int* begins = malloc(ranks * sizeof *begins);
    for(int r = 0; r < ranks; ++r)
    {
        begins[r] = (int)((long long)total * r / ranks);
        counts[r] = (int)((long long)total * (r + 1) / ranks) - begins[r];
    }

    rocdist_generator gen = NULL;
    float*            mine = malloc((counts[rank] > 0 ? counts[rank] : 1) * sizeof *mine);
    check(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10));
    check(rocdist_set_seed(gen, 42));
    check(rocdist_set_offset(gen, (unsigned long long)begins[rank]));
    check(rocdist_generate_normal(gen, mine, (size_t)counts[rank], 0.0f, 1.0f));

    float* gathered = rank == 0 ? malloc(total * sizeof *gathered) : NULL;
    MPI_Gatherv(mine, counts[rank], MPI_FLOAT, gathered, counts, begins, MPI_FLOAT, 0, MPI_COMM_WORLD);

    int equal = 1;
    if(rank == 0)
    {
        float* whole = malloc(total * sizeof *whole);
        check(rocdist_set_seed(gen, 42));
        check(rocdist_generate_normal(gen, whole, total, 0.0f, 1.0f));
        equal = memcmp(whole, gathered, total * sizeof *whole) == 0;
        printf("%d normals from %d ranks %s one process's stream\n", total, ranks, equal ? "equal" : "DIFFER FROM");
        free(whole);
        free(gathered);
    }
    MPI_Bcast(&equal, 1, MPI_INT, 0, MPI_COMM_WORLD);

    check(rocdist_destroy_generator(gen));
    free(mine);
    free(begins);
    free(counts);
    MPI_Finalize();
    return equal ? 0 : 1;
}
