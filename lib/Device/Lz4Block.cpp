//===- Lz4Block.cpp - LZ4 block decoding for fatbin images ----------------===//
//
// `nvcc --compress-mode=speed` (and fatbins of CUDA 11/12) store images as
// raw LZ4 blocks: no frame, sizes in the fatbin entry header. LLVM has no
// LZ4 and Debian ships only the library, not its headers, so this is the
// block format's decoder (lz4's doc/lz4_Block_format.md): sequences of a
// token, literals, a 2-byte offset and a match. Every length and offset is
// checked against both buffers; the result must have exactly the size the
// entry header promised.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/CudaBinary.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {

namespace {

Error lz4Error(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), "bad LZ4 payload: " + Why);
}

/// Reads an LZ4 length: Base, plus the following bytes while they are 255.
bool readLength(StringRef In, size_t &Pos, uint64_t Base, uint64_t &Length) {
  Length = Base;
  if (Base != 15)
    return true;
  while (true) {
    if (Pos >= In.size())
      return false;
    uint8_t B = In[Pos++];
    Length += B;
    if (B != 255)
      return true;
  }
}

} // namespace

Expected<std::string> decompressLz4Block(StringRef In,
                                         uint64_t DecompressedSize) {
  std::string Out;
  // LZ4 expands at most ~255 times: a lying header reserves no more.
  Out.reserve(std::min<uint64_t>(DecompressedSize, In.size() * 255ull + 64));
  size_t Pos = 0;
  while (Pos < In.size()) {
    uint8_t Token = In[Pos++];
    uint64_t Literals;
    if (!readLength(In, Pos, Token >> 4, Literals))
      return lz4Error("literal length runs past the end");
    if (Literals > In.size() - Pos)
      return lz4Error(formatv("{0} literal bytes at offset {1}, {2} left",
                              Literals, Pos, In.size() - Pos));
    if (Literals > DecompressedSize - Out.size())
      return lz4Error("more data than the entry header's size");
    Out.append(In.data() + Pos, Literals);
    Pos += Literals;
    if (Pos == In.size())
      break; // the last sequence has literals only
    if (In.size() - Pos < 2)
      return lz4Error("match offset cut off");
    uint64_t Offset = uint8_t(In[Pos]) | (uint64_t(uint8_t(In[Pos + 1])) << 8);
    Pos += 2;
    if (Offset == 0 || Offset > Out.size())
      return lz4Error(formatv("match offset {0} with {1} bytes decoded", Offset,
                              Out.size()));
    uint64_t Match;
    if (!readLength(In, Pos, Token & 15, Match))
      return lz4Error("match length runs past the end");
    Match += 4;
    if (Match > DecompressedSize - Out.size())
      return lz4Error("more data than the entry header's size");
    // Byte by byte: a match may overlap the bytes it produces.
    size_t From = Out.size() - Offset;
    for (uint64_t I = 0; I < Match; ++I)
      Out.push_back(Out[From + I]);
  }
  if (Out.size() != DecompressedSize)
    return lz4Error(formatv("{0} bytes decoded, the entry header says {1}",
                            Out.size(), DecompressedSize));
  return Out;
}

} // namespace cudalint
