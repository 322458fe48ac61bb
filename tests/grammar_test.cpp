// The grammars themselves: no rule of any of the four (a hand, the --wild value, a batch line, a
// table sheet) can loop without consuming input (PEGTL's analyze).
#include <doctest/doctest.h>

#include <tao/pegtl/contrib/analyze.hpp>

#include "batch_line.hpp"
#include "hand.hpp"
#include "table_sheet.hpp"

TEST_CASE("no grammar has a rule that can loop without consuming input") {
  CHECK(tao::pegtl::analyze<rummy::grammar::document>(-1) == 0);
  CHECK(tao::pegtl::analyze<rummy::grammar::wild_option>(-1) == 0);
  CHECK(tao::pegtl::analyze<rummy::grammar::batch_line>(-1) == 0);
  CHECK(tao::pegtl::analyze<rummy::grammar::sheet::sheet>(-1) == 0);
}
