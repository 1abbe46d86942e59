#include "c_enum_calls.h"

rocdist_status fuzz_create_generator_host(rocdist_generator* generator, int rng_type)
{
    return rocdist_create_generator_host(generator, (rocdist_rng_type)rng_type);
}

rocdist_status fuzz_create_generator(rocdist_generator* generator, int rng_type)
{
    return rocdist_create_generator(generator, (rocdist_rng_type)rng_type);
}

rocdist_status fuzz_set_ordering(rocdist_generator generator, int ordering)
{
    return rocdist_set_ordering(generator, (rocdist_ordering)ordering);
}

rocdist_status fuzz_set_normal_method(rocdist_generator generator, int method)
{
    return rocdist_set_normal_method(generator, (rocdist_normal_method)method);
}

const char* fuzz_get_status_string(int status)
{
    return rocdist_get_status_string((rocdist_status)status);
}
