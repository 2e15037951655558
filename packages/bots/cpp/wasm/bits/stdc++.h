// arena's <bits/stdc++.h> for C++ players compiled to WebAssembly (clang's libc++ has no such
// header; g++'s libstdc++ does, and students include it): the standard headers libc++ for WASI
// provides. Not included: <thread>, <mutex>, <future>, <condition_variable> and the other
// headers of threads, <filesystem>, <random_device>'s entropy aside (it compiles; arena feeds it
// a fixed stream), and exceptions (compiled with -fno-exceptions).
#ifndef arena_bits_stdcxx_h
#define arena_bits_stdcxx_h

#include <cassert>
#include <cctype>
#include <cerrno>
#include <cfloat>
#include <ciso646>
#include <climits>
#include <clocale>
#include <cmath>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cwchar>
#include <cwctype>

#include <algorithm>
#include <array>
#include <bitset>
#include <complex>
#include <deque>
#include <exception>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <iomanip>
#include <ios>
#include <iosfwd>
#include <iostream>
#include <istream>
#include <iterator>
#include <limits>
#include <list>
#include <locale>
#include <map>
#include <memory>
#include <new>
#include <numeric>
#include <optional>
#include <ostream>
#include <queue>
#include <random>
#include <ratio>
#include <set>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <valarray>
#include <variant>
#include <vector>

#endif
