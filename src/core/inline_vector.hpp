// Vectors that keep their elements in place, for the small lists of the hot paths: InlineVector
// holds at most N (what a group's cards stand for, the cards missing from a run); SmallVector
// holds N in place and goes to the heap only beyond (a list short in practice but unbounded).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

namespace rummy {

template <typename T, std::size_t N>
class InlineVector {
 public:
  InlineVector() = default;
  InlineVector(std::initializer_list<T> values) {
    for (const T& value : values) push_back(value);
  }

  void push_back(const T& value) {
    if (size_ == N) throw std::length_error("InlineVector is full");
    data_[size_++] = value;
  }
  void clear() { size_ = 0; }
  void resize(std::size_t size) {
    if (size > N) throw std::length_error("InlineVector is full");
    size_ = size;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity() { return N; }
  T* data() { return data_.data(); }
  const T* data() const { return data_.data(); }
  T* begin() { return data_.data(); }
  T* end() { return data_.data() + size_; }
  const T* begin() const { return data_.data(); }
  const T* end() const { return data_.data() + size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T& front() { return data_[0]; }
  const T& front() const { return data_[0]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }

  bool operator==(const InlineVector& other) const {
    return std::equal(begin(), end(), other.begin(), other.end());
  }

 private:
  std::array<T, N> data_{};
  std::size_t size_ = 0;
};

// Up to N elements in place, any number in all: the first push_back beyond N moves them all to
// the heap, where they stay. For a list that has no bound but is short on the hot paths, such
// as the natural cards of a group (a user may write a group of 40 cards; a valid one has 16 at
// most).
template <typename T, std::size_t N>
class SmallVector {
 public:
  SmallVector() = default;
  SmallVector(const SmallVector&) = default;
  SmallVector& operator=(const SmallVector&) = default;
  // A vector moved from is left empty (its heap part went with the move).
  SmallVector(SmallVector&& other) noexcept
      : in_place_(other.in_place_), heap_(std::move(other.heap_)), size_(other.size_) {
    other.size_ = 0;
  }
  SmallVector& operator=(SmallVector&& other) noexcept {
    in_place_ = other.in_place_;
    heap_ = std::move(other.heap_);
    size_ = other.size_;
    other.size_ = 0;
    return *this;
  }

  void push_back(const T& value) {
    if (size_ < N) {
      in_place_[size_] = value;
    } else {
      if (size_ == N) heap_.assign(in_place_.begin(), in_place_.end());
      heap_.push_back(value);
    }
    ++size_;
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T* data() const { return size_ <= N ? in_place_.data() : heap_.data(); }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  const T& front() const { return data()[0]; }

 private:
  std::array<T, N> in_place_{};
  std::vector<T> heap_;
  std::size_t size_ = 0;
};

}  // namespace rummy
