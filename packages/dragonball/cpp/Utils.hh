// arena compatibility kit for Bola de Drac (written for arena from the statement and engine notes).
// The conveniences players of the original kit rely on: the common standard headers already
// included and `using namespace std`.
#ifndef Utils_hh
#define Utils_hh

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
