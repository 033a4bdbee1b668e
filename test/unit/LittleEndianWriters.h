//===- LittleEndianWriters.h - Building binary test inputs ------*- C++ -*-===//
//
// The device-facts readers' tests build their containers byte by byte
// (fatbins, offload bundles, ELF notes), every field little-endian as those
// formats store it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_UNIT_LITTLEENDIANWRITERS_H
#define CUDALINT_TEST_UNIT_LITTLEENDIANWRITERS_H

#include "llvm/Support/Endian.h"

#include <cstdint>
#include <string>

namespace cudalint::bytes {

/// V appended to S, little-endian.
template <typename T> void putLE(std::string &S, T V) {
  char B[sizeof(T)];
  llvm::support::endian::write<T, llvm::endianness::little>(B, V);
  S.append(B, sizeof(T));
}
inline void put16(std::string &S, uint16_t V) { putLE(S, V); }
inline void put32(std::string &S, uint32_t V) { putLE(S, V); }
inline void put64(std::string &S, uint64_t V) { putLE(S, V); }

} // namespace cudalint::bytes

#endif // CUDALINT_TEST_UNIT_LITTLEENDIANWRITERS_H
