// Trivial portable code for the Cortex-M0+ build check: freestanding headers only.
#pragma once
#include <stddef.h>
#include <stdint.h>

template <size_t N>
class Ring {
 public:
  bool push(uint8_t b) {
    size_t next = (head_ + 1) % N;
    if (next == tail_) return false;
    buf_[head_] = b;
    head_ = next;
    return true;
  }
  int pop() {
    if (head_ == tail_) return -1;
    uint8_t b = buf_[tail_];
    tail_ = (tail_ + 1) % N;
    return b;
  }

 private:
  uint8_t buf_[N] = {};
  size_t head_ = 0, tail_ = 0;
};

uint16_t crc16_ccitt(const uint8_t* data, size_t len);
