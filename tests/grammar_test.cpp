// The grammar itself: no rule can loop without consuming input (PEGTL's analyze).
#include <doctest/doctest.h>

#include <tao/pegtl/contrib/analyze.hpp>

#include "hand.hpp"

TEST_CASE("the grammar has no rule that can loop without consuming input") {
  CHECK(tao::pegtl::analyze<rummy::grammar::document>(-1) == 0);
  CHECK(tao::pegtl::analyze<rummy::grammar::wild_option>(-1) == 0);
}
