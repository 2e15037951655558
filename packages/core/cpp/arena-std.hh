// arena C++ kits, shared by every game (@arena/core): the conveniences players of the original
// kits rely on, which every game's Utils.hh includes: the common standard headers already
// included and `using namespace std`.
#ifndef arena_std_hh
#define arena_std_hh

#include <algorithm>
#include <array>
#include <bitset>
#include <cassert>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <list>
#include <map>
#include <numeric>
#include <queue>
#include <set>
#include <sstream>
#include <stack>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

using namespace std;

#endif
