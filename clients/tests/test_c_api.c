/* The C API from C99: the header compiles with -std=c99 -pedantic -Werror,
 * and a host generator gives the known first block for seed 0 (Philox of
 * counter 0, key 0: Random123's first known answer); a categorical table,
 * and a batch of rows, each with one non-zero weight, always give that
 * category; greedy token sampling gives each row's largest logit. */
#include <math.h>
#include <stdio.h>

#include "rocdist/rocdist.h"

static int failures = 0;

#define CHECK(cond)                                                      \
    do                                                                   \
    {                                                                    \
        if(!(cond))                                                      \
        {                                                                \
            fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
            ++failures;                                                  \
        }                                                                \
    } while(0)

int main(void)
{
    const unsigned int known[4] = {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u};
    unsigned int       words[4] = {0, 0, 0, 0};
    float              u[3];
    const float        weights[3] = {0.0f, 1.0f, 0.0f};
    const double       rows[2][3] = {{0.0, 0.0, 2.0}, {5.0, 0.0, 0.0}};
    unsigned int       row_picks[2][4];
    unsigned int       categories[5] = {9, 9, 9, 9, 9};
    rocdist_categorical table = NULL;
    float              g[3] = {0, 0, 0};
    double             gd[2] = {0, 0};
    rocdist_generator  gen = NULL;
    /* Token sampling: greedy rows give their largest logit's token, a row
       with a NaN logit the invalid token and the deferred status. */
    const float          logits[2][3]  = {{0.5f, 2.0f, 1.0f}, {3.0f, NAN, 1.0f}};
    rocdist_token_params token_params[2] = {{0.0f, 0u, 1.0f, 0.0f}, {0.0f, 0u, 1.0f, 0.0f}};
    unsigned int         tokens[2]       = {7u, 7u};
    rocdist_status       deferred        = ROCDIST_STATUS_INTERNAL_ERROR;
    int                i;

    CHECK(rocdist_create_generator_host(&gen, ROCDIST_RNG_PHILOX4X32_10) == ROCDIST_STATUS_SUCCESS);
    CHECK(rocdist_generate(gen, words, 4) == ROCDIST_STATUS_SUCCESS);
    for(i = 0; i < 4; ++i)
        CHECK(words[i] == known[i]);
    CHECK(rocdist_set_offset(gen, 1) == ROCDIST_STATUS_SUCCESS);
    CHECK(rocdist_generate_uniform(gen, u, 3) == ROCDIST_STATUS_SUCCESS);
    for(i = 0; i < 3; ++i)
        CHECK(u[i] == (float)known[i + 1] * 0x1p-32f + 0x1p-33f);
    CHECK(rocdist_generate_uniform(gen, NULL, 3) == ROCDIST_STATUS_INVALID_POINTER);
    CHECK(rocdist_create_categorical(gen, weights, 3, &table) == ROCDIST_STATUS_SUCCESS);
    CHECK(rocdist_generate_categorical(gen, table, categories, 5) == ROCDIST_STATUS_SUCCESS);
    for(i = 0; i < 5; ++i)
        CHECK(categories[i] == 1u);
    CHECK(rocdist_destroy_categorical(table) == ROCDIST_STATUS_SUCCESS);
    CHECK(rocdist_destroy_categorical(table) == ROCDIST_STATUS_INVALID_HANDLE);
    CHECK(rocdist_create_categorical_double(gen, NULL, 3, &table) == ROCDIST_STATUS_INVALID_POINTER);
    CHECK(rocdist_generate_categorical_rows_double(gen, &rows[0][0], 2, 3, &row_picks[0][0], 4)
          == ROCDIST_STATUS_SUCCESS);
    for(i = 0; i < 4; ++i)
        CHECK(row_picks[0][i] == 2u && row_picks[1][i] == 0u);
    CHECK(rocdist_generate_categorical_logits(gen, weights, 1, 3, -1.0f, &row_picks[0][0], 4)
          == ROCDIST_STATUS_INVALID_VALUE);
    CHECK(rocdist_sample_tokens(gen, &logits[0][0], ROCDIST_VALUE_FLOAT, 2, 3, token_params, NULL, NULL, tokens)
          == ROCDIST_STATUS_SUCCESS);
    CHECK(tokens[0] == 1u && tokens[1] == ROCDIST_INVALID_TOKEN);
    CHECK(rocdist_get_deferred_status(gen, &deferred) == ROCDIST_STATUS_SUCCESS
          && deferred == ROCDIST_STATUS_INVALID_VALUE);
    CHECK(rocdist_sample_tokens(gen, &logits[0][0], (rocdist_value_type)5, 2, 3, token_params, NULL, NULL, tokens)
          == ROCDIST_STATUS_INVALID_VALUE);
    CHECK(rocdist_generate_gamma(gen, g, 3, 2.5f, 1.0f) == ROCDIST_STATUS_SUCCESS);
    for(i = 0; i < 3; ++i)
        CHECK(g[i] > 0.0f);
    CHECK(rocdist_generate_gamma_double(gen, gd, 2, 0.5, 2.0) == ROCDIST_STATUS_SUCCESS);
    CHECK(gd[0] >= 0.0 && gd[1] >= 0.0);
    CHECK(rocdist_generate_gamma(gen, g, 0, -1.0f, 1.0f) == ROCDIST_STATUS_INVALID_VALUE);
    CHECK(rocdist_generate_gamma_double(gen, gd, 2, 1.0, 0.0) == ROCDIST_STATUS_INVALID_VALUE);
    {
        const float  shapes[3]    = {0.5f, 2.0f, 30.0f};
        const double alpha[3]     = {1e-3, 1.0, 100.0};
        float        beta[3]      = {0};
        double       drawn[2][3]  = {{0}};
        double       sum;
        const float  bad_shapes[3] = {1.0f, -1.0f, 1.0f};
        int          r;
        CHECK(rocdist_generate_gamma_shapes(gen, g, 3, shapes, 1.0f) == ROCDIST_STATUS_SUCCESS);
        for(i = 0; i < 3; ++i)
            CHECK(g[i] > 0.0f);
        CHECK(rocdist_generate_gamma_shapes(gen, g, 3, bad_shapes, 1.0f) == ROCDIST_STATUS_INVALID_VALUE);
        CHECK(rocdist_generate_beta(gen, beta, 3, 2.5f, 1.5f) == ROCDIST_STATUS_SUCCESS);
        for(i = 0; i < 3; ++i)
            CHECK(beta[i] > 0.0f && beta[i] < 1.0f);
        CHECK(rocdist_generate_dirichlet_double(gen, &drawn[0][0], 2, alpha, 3) == ROCDIST_STATUS_SUCCESS);
        for(r = 0; r < 2; ++r)
        {
            sum = drawn[r][0] + drawn[r][1] + drawn[r][2];
            CHECK(sum > 1.0 - 1e-15 && sum < 1.0 + 1e-15);
        }
        CHECK(rocdist_generate_dirichlet_double(gen, &drawn[0][0], 2, alpha, 0) == ROCDIST_STATUS_INVALID_VALUE);
    }
    CHECK(rocdist_destroy_generator(gen) == ROCDIST_STATUS_SUCCESS);
    CHECK(rocdist_destroy_generator(gen) == ROCDIST_STATUS_INVALID_HANDLE);

    printf("C API: %d passed, %d failed\n", failures == 0 ? 1 : 0, failures == 0 ? 0 : 1);
    return failures == 0 ? 0 : 1;
}
