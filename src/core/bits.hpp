// Bits counted inline. The project is built for any x86-64, whose baseline has no POPCNT
// instruction, so std::popcount is a call to the compiler's library at every use; the searches
// count at every step (Crazy Rummy's candidates: the call was a tenth of the time).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace rummy {

namespace detail {

inline constexpr std::array<std::uint8_t, 256> bits_in_byte = [] {
  std::array<std::uint8_t, 256> table{};
  for (std::size_t byte = 1; byte < table.size(); ++byte) {
    table[byte] = static_cast<std::uint8_t>(table[byte / 2] + (byte % 2));
  }
  return table;
}();

}  // namespace detail

// How many bits of `bits` are set: a table's count for each byte, up to the highest byte set
// (the masks counted hold a few dozen bits at most, mostly 16 or fewer: one or two bytes).
constexpr int bit_count(std::uint64_t bits) {
  int count = 0;
  for (; bits != 0; bits >>= 8) count += detail::bits_in_byte[bits & 0xFFU];
  return count;
}

// Whether at most one bit of `bits` is set (no count needed).
constexpr bool at_most_one_bit(std::uint64_t bits) {
  return (bits & (bits - 1)) == 0;
}

static_assert(bit_count(0) == 0 && bit_count(0xFF) == 8 && bit_count(~std::uint64_t{0}) == 64);

}  // namespace rummy
