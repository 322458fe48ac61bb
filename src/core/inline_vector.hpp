// Vectors that keep their elements in place, for the small lists of the hot paths: InlineVector
// holds at most N (what a group's cards stand for, the cards missing from a run); SmallVector
// holds N in place and goes to the heap only beyond (a list short in practice but unbounded).
#pragma once

#include <algorithm>
#include <array>
#include <compare>
#include <cstddef>
#include <functional>
#include <initializer_list>
#include <iterator>
#include <new>
#include <span>
#include <stdexcept>
#include <type_traits>
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
// the heap, where they stay while there are more than N. For a list that has no bound but is
// short on the hot paths, such as the natural cards of a group (a user may write a group of 40
// cards; a valid one has 16 at most) or the problems of a hand's check. The room in place is left
// uninitialized, and a copy copies the elements only (a SmallVector of large elements costs what
// it holds, not N of them): the elements are plain data.
template <typename T, std::size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "a SmallVector copies its elements as bytes and never destroys them");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  SmallVector() {}  // (the room in place left as it is)
  SmallVector(std::initializer_list<T> values) {
    append(values.begin(), values.begin() + values.size());
  }
  template <std::input_iterator Iterator>
  SmallVector(Iterator first, Iterator last) {
    for (; first != last; ++first) push_back(*first);
  }
  // (From a std::vector without a cast: the lists a SmallVector took the place of were vectors,
  // and their callers make them from vectors.)
  SmallVector(const std::vector<T>& values) {
    append(values.data(), values.data() + values.size());
  }
  SmallVector(const SmallVector& other) { copy_from(other); }
  SmallVector& operator=(const SmallVector& other) {
    if (this != &other) copy_from(other);
    return *this;
  }
  // A vector moved from is left empty (its heap part, if any, went with the move).
  SmallVector(SmallVector&& other) noexcept { take_from(other); }
  SmallVector& operator=(SmallVector&& other) noexcept {
    if (this != &other) take_from(other);
    return *this;
  }
  ~SmallVector() = default;
  // The elements of any contiguous list (a std::vector, say), in place of these; its own
  // elements too (copied aside first).
  SmallVector& operator=(std::span<const T> values) {
    if (holds(values.data())) {
      const std::vector<T> own(values.begin(), values.end());
      return *this = std::span<const T>(own);
    }
    clear();
    append(values.data(), values.data() + values.size());
    return *this;
  }
  SmallVector& operator=(const std::vector<T>& values) {
    return *this = std::span<const T>(values);
  }
  // (`= {}` empties it, as it empties a std::vector.)
  SmallVector& operator=(std::initializer_list<T> values) {
    return *this = std::span<const T>(values.begin(), values.size());
  }

  void push_back(const T& value) {
    if (size_ < N) {
      in_place_[size_++] = value;
    } else {
      push_back_on_heap(value);
    }
  }
  // A value-initialised element at the end, to be filled in place.
  T& emplace_back() {
    if (size_ < N) return in_place_[size_++] = T{};
    push_back_on_heap(T{});
    return heap_.back();
  }
  // The value `make()` returns, at the end: made in its place there, not copied to it (a value
  // of ninety bytes, as a group's verdict, was copied at each push_back).
  template <typename Make>
  T& emplace_back_from(Make&& make) {
    if (size_ < N) {
      T* made = ::new (static_cast<void*>(in_place_ + size_)) T(make());
      ++size_;
      return *made;
    }
    push_back_on_heap(make());
    return heap_.back();
  }
  // The elements of [first, last), at the end (no more than one move to the heap); a range of
  // its own elements too.
  void append(const T* first, const T* last) {
    const auto count = static_cast<std::size_t>(last - first);
    if (size_ + count <= N) {
      std::copy(first, last, in_place_ + size_);
      size_ += count;
    } else {
      append_on_heap(first, last);
    }
  }
  void clear() {
    size_ = 0;
    heap_.clear();
  }
  template <std::input_iterator Iterator>
  void assign(Iterator first, Iterator last) {
    *this = SmallVector(first, last);  // (made aside: the range may be of these elements)
  }
  void pop_back() { erase(end() - 1); }
  // Removes [first, last) and returns where the element after them now is.
  T* erase(const T* first, const T* last) {
    const auto at = static_cast<std::size_t>(first - data());
    const auto count = static_cast<std::size_t>(last - first);
    if (size_ <= N) {
      std::copy(in_place_ + at + count, in_place_ + size_, in_place_ + at);
    } else {
      erase_on_heap(at, count);
    }
    size_ -= count;
    return data() + at;
  }
  T* erase(const T* position) { return erase(position, position + 1); }
  // Puts [first, last) before `position` (a range of its own elements too) and returns where the
  // first of them now is.
  template <std::input_iterator Iterator>
  T* insert(const T* position, Iterator first, Iterator last) {
    const auto at = static_cast<std::size_t>(position - data());
    const SmallVector added(first, last);  // (aside: the range may be of these elements)
    const std::size_t count = added.size();
    if (size_ + count <= N) {
      std::copy_backward(in_place_ + at, in_place_ + size_, in_place_ + size_ + count);
      std::copy_n(added.data(), count, in_place_ + at);
      size_ += count;
    } else {
      insert_on_heap(at, added.data(), count);
    }
    return data() + at;
  }
  T* insert(const T* position, const T& value) { return insert(position, 1, value); }
  T* insert(const T* position, std::size_t count, const T& value) {
    SmallVector added;
    for (std::size_t k = 0; k < count; ++k) added.push_back(value);
    return insert(position, added.begin(), added.end());
  }
  // `size` elements: the first ones kept, new ones value-initialised.
  void resize(std::size_t size) {
    if (size <= N && size_ <= N) {  // (in place before and after: no more than a fill)
      if (size > size_) std::fill(in_place_ + size_, in_place_ + size, T{});
      size_ = size;
    } else if (size < size_) {
      erase(begin() + size, end());
    } else {
      while (size_ < size) push_back(T{});
    }
  }
  // Room for `count` elements without a move to the heap (at most N: nothing to do).
  void reserve(std::size_t count) {
    if (count > N) heap_.reserve(count);
  }

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  static constexpr std::size_t capacity_in_place() { return N; }
  // How many it holds without taking more memory: N, or what its heap part has room for.
  std::size_t capacity() const { return std::max(N, heap_.capacity()); }
  T* data() { return size_ <= N ? in_place_ : heap_.data(); }
  const T* data() const { return size_ <= N ? in_place_ : heap_.data(); }
  T* begin() { return data(); }
  T* end() { return data() + size_; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size_; }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& front() { return data()[0]; }
  const T& front() const { return data()[0]; }
  T& back() { return data()[size_ - 1]; }
  const T& back() const { return data()[size_ - 1]; }

  bool operator==(const SmallVector& other) const {
    return std::equal(begin(), end(), other.begin(), other.end());
  }
  // Ordered as a std::vector is: element by element, a shorter list first. (Written out: the
  // page's libc++ has no std::lexicographical_compare_three_way.)
  // (Its type deduced where it is used: for elements strongly ordered, as cards are.)
  friend auto operator<=>(const SmallVector& a, const SmallVector& b) {
    const std::size_t common = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < common; ++i) {
      if (const auto order = a[i] <=> b[i]; order != 0) return order;
    }
    return a.size() <=> b.size();
  }

 private:
  // Copies and the ways to the heap are kept out of line: their callers' code stays small (a
  // search that moves its answers about was compiled otherwise when they were inline).
  // (size_ is set once the elements are there: a copy to the heap that throws leaves this one
  // as it was.)
  [[gnu::noinline]] void copy_from(const SmallVector& other) {
    if (other.size_ <= N) {
      std::copy_n(other.in_place_, other.size_, in_place_);
    } else {
      copy_heap(other);
    }
    size_ = other.size_;
  }
  // (A move into a list that had gone to the heap lets that memory go, as a vector's does: a
  // batch lets a line's room go by a move, after a line of thousands of cards.)
  [[gnu::noinline]] void take_from(SmallVector& other) {
    size_ = other.size_;
    if (size_ <= N) {
      std::copy_n(other.in_place_, size_, in_place_);
      if (heap_.capacity() != 0) std::vector<T>().swap(heap_);
    } else {
      take_heap(other);
    }
    other.size_ = 0;
  }
  [[gnu::noinline]] void copy_heap(const SmallVector& other) { heap_ = other.heap_; }
  [[gnu::noinline]] void take_heap(SmallVector& other) { heap_ = std::move(other.heap_); }
  [[gnu::noinline]] void push_back_on_heap(const T& value) {
    if (size_ == N) heap_.assign(in_place_, in_place_ + N);
    heap_.push_back(value);
    ++size_;
  }
  [[gnu::noinline]] void append_on_heap(const T* first, const T* last) {
    if (size_ > N && holds(first)) {  // (vector::insert may not read from the vector itself)
      const std::vector<T> own(first, last);
      return append_on_heap(own.data(), own.data() + own.size());
    }
    if (size_ <= N) heap_.assign(in_place_, in_place_ + size_);
    heap_.insert(heap_.end(), first, last);
    size_ += static_cast<std::size_t>(last - first);
  }

  // (Back in place when no more than N are left.)
  [[gnu::noinline]] void erase_on_heap(std::size_t at, std::size_t count) {
    const auto from = heap_.begin() + static_cast<std::ptrdiff_t>(at);
    heap_.erase(from, from + static_cast<std::ptrdiff_t>(count));
    if (heap_.size() <= N) {
      std::copy(heap_.begin(), heap_.end(), in_place_);
      heap_.clear();
    }
  }
  [[gnu::noinline]] void insert_on_heap(std::size_t at, const T* added, std::size_t count) {
    if (size_ <= N) heap_.assign(in_place_, in_place_ + size_);
    heap_.insert(heap_.begin() + static_cast<std::ptrdiff_t>(at), added, added + count);
    size_ += count;
  }

  // Whether `element` points at one of these elements.
  bool holds(const T* element) const {
    return size_ > 0 && std::less_equal<const T*>()(data(), element) &&
           std::less<const T*>()(element, data() + size_);
  }

  // (The elements in place are written by copies of their bytes into this array, which creates
  // them: T is trivially copyable.)
  union {
    T in_place_[N];  // the first size_ elements while size_ <= N
  };
  std::vector<T> heap_;  // every element while size_ > N
  std::size_t size_ = 0;
};

}  // namespace rummy
