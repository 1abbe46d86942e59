// C callers may pass any int where the API takes an enum. In C++ an enum
// object holding a value outside its enumerators' range is undefined
// behaviour (UBSan's -fsanitize=enum reports the load), so enum arguments
// are read as the bytes of their underlying integer and only then compared.
#pragma once

#include <cstring>
#include <type_traits>

namespace rocdist
{

template <class Enum>
std::underlying_type_t<Enum> enum_argument(const Enum& argument)
{
    std::underlying_type_t<Enum> value;
    std::memcpy(&value, &argument, sizeof value);
    return value;
}

} // namespace rocdist
