//===- kernel_anchors.cpp - hand-written reference kernels ----------------===//
//
// See kernel_anchors.h. Compiled at -O3 -march=native (this file only): the
// loops are blocked over tiles, and contiguous runs move with memcpy of a
// size known at compile time (templates on the tile row and on the shift of
// a cut slice), which the compiler inlines as vector loads and stores.
//
//===----------------------------------------------------------------------===//

#include "kernel_anchors.h"

#include <algorithm>
#include <cstring>

namespace layoutopt::bench {

namespace {

/// Rows of every tile in this file.
constexpr int64_t kTileRows = 8;

/// Identity -> tiled: tile by tile, so the tiled side is written in order
/// and the identity side is read 8 rows at a time.
template <int64_t TB>
void toTiled(const uint8_t *src, uint8_t *dst, int64_t rows,
             int64_t rowBytes) {
  int64_t tilesPerRow = rowBytes / TB;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    const uint8_t *in = src + band * kTileRows * rowBytes;
    for (int64_t t = 0; t < tilesPerRow; ++t, in += TB)
      for (int64_t r = 0; r < kTileRows; ++r, dst += TB)
        std::memcpy(dst, in + r * rowBytes, TB);
  }
}

template <int64_t TB>
void fromTiled(const uint8_t *src, uint8_t *dst, int64_t rows,
               int64_t rowBytes) {
  int64_t tilesPerRow = rowBytes / TB;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    uint8_t *out = dst + band * kTileRows * rowBytes;
    for (int64_t t = 0; t < tilesPerRow; ++t, out += TB)
      for (int64_t r = 0; r < kTileRows; ++r, src += TB)
        std::memcpy(out + r * rowBytes, src, TB);
  }
}

/// Tiled -> identity for 2-byte tile rows (8x4 i4): 2-byte stores to 8
/// rows per tile were 3x slower than the kernel, so each row of a band (8
/// rows, in cache) is written in order from every 8th 2-byte piece, a loop
/// the compiler vectorizes with interleaved loads.
void fromTiled2(const uint8_t *src, uint8_t *dst, int64_t rows,
                int64_t rowBytes) {
  int64_t tilesPerRow = rowBytes / 2;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    const auto *in = reinterpret_cast<const uint16_t *>(
        src + band * kTileRows * rowBytes);
    auto *out = reinterpret_cast<uint16_t *>(dst + band * kTileRows * rowBytes);
    for (int64_t r = 0; r < kTileRows; ++r)
      for (int64_t t = 0; t < tilesPerRow; ++t)
        out[r * tilesPerRow + t] = in[t * kTileRows + r];
  }
}

/// Slot of element (r, c) of an 8x4 tile under the bench's swizzle.
constexpr int64_t swizzledSlot(int64_t r, int64_t c) {
  return (((r % 4) * 2 + c % 2) * 2 + r / 4) * 2 + c / 2;
}

/// The slice with source tile rows shifted by S elements against the
/// result's: each result tile row is the last 4 - S elements of one source
/// tile row and the first S of the next tile's (same band), two memcpys of
/// constant size.
template <int64_t S>
void sliceShifted(const float *src, float *dst, int64_t cols,
                  int64_t offset0, int64_t offset1, int64_t length0,
                  int64_t length1) {
  int64_t srcTilesPerRow = cols / 4;
  int64_t firstTile = offset1 / 4;
  for (int64_t band = 0; band < length0 / kTileRows; ++band) {
    // The source row of each result row of this band, at tile column 0.
    const float *rows[kTileRows];
    for (int64_t r = 0; r < kTileRows; ++r) {
      int64_t i = offset0 + band * kTileRows + r;
      rows[r] = src + ((i / kTileRows * srcTilesPerRow + firstTile) *
                           kTileRows +
                       i % kTileRows) *
                          4;
    }
    for (int64_t t = 0; t < length1 / 4; ++t)
      for (int64_t r = 0; r < kTileRows; ++r, dst += 4) {
        const float *row = rows[r] + t * 4 * kTileRows;
        if constexpr (S == 0) {
          std::memcpy(dst, row, 16);
        } else {
          std::memcpy(dst, row + S, (4 - S) * sizeof(float));
          std::memcpy(dst + 4 - S, row + 4 * kTileRows, S * sizeof(float));
        }
      }
  }
}

/// Calls `fn(tile, tileRow, rowBegin, rowEnd, colBegin, colEnd)` for each
/// 8x4 tile the region touches: `tile` points at its first element,
/// `tileRow` is its first row in the tensor, rows are within the tile and
/// columns in the tensor.
template <typename Fn>
void forEachTile(float *dst, int64_t cols, int64_t offset0, int64_t offset1,
                 int64_t length0, int64_t length1, Fn fn) {
  int64_t tilesPerRow = cols / 4;
  for (int64_t band = offset0 / kTileRows; band * kTileRows < offset0 + length0;
       ++band) {
    int64_t r0 = std::max(band * kTileRows, offset0);
    int64_t r1 = std::min(band * kTileRows + kTileRows, offset0 + length0);
    for (int64_t t = offset1 / 4; t * 4 < offset1 + length1; ++t) {
      int64_t c0 = std::max(t * 4, offset1);
      int64_t c1 = std::min(t * 4 + 4, offset1 + length1);
      fn(dst + (band * tilesPerRow + t) * 4 * kTileRows, band * kTileRows,
         r0 - band * kTileRows, r1 - band * kTileRows, c0, c1);
    }
  }
}

} // namespace

void anchorIdentityToTiled8(const uint8_t *src, uint8_t *dst, int64_t rows,
                            int64_t rowBytes, int64_t tileRowBytes) {
  if (tileRowBytes == 16)
    toTiled<16>(src, dst, rows, rowBytes);
  else
    toTiled<2>(src, dst, rows, rowBytes);
}

void anchorTiledToIdentity8(const uint8_t *src, uint8_t *dst, int64_t rows,
                            int64_t rowBytes, int64_t tileRowBytes) {
  if (tileRowBytes == 16)
    fromTiled<16>(src, dst, rows, rowBytes);
  else
    fromTiled2(src, dst, rows, rowBytes);
}

void anchorIdentityToSwizzled(const float *src, float *dst, int64_t n) {
  for (int64_t band = 0; band < n / kTileRows; ++band) {
    const float *in = src + band * kTileRows * n;
    for (int64_t t = 0; t < n / 4; ++t, in += 4, dst += 4 * kTileRows)
      for (int64_t r = 0; r < kTileRows; ++r)
        for (int64_t c = 0; c < 4; ++c)
          dst[swizzledSlot(r, c)] = in[r * n + c];
  }
}

void anchorSwizzledToIdentity(const float *src, float *dst, int64_t n) {
  for (int64_t band = 0; band < n / kTileRows; ++band) {
    float *out = dst + band * kTileRows * n;
    for (int64_t t = 0; t < n / 4; ++t, out += 4, src += 4 * kTileRows)
      for (int64_t r = 0; r < kTileRows; ++r)
        for (int64_t c = 0; c < 4; ++c)
          out[r * n + c] = src[swizzledSlot(r, c)];
  }
}

void anchorSliceTiled8x4(const float *src, float *dst, int64_t cols,
                         int64_t offset0, int64_t offset1, int64_t length0,
                         int64_t length1) {
  switch (offset1 % 4) {
  case 0:
    return sliceShifted<0>(src, dst, cols, offset0, offset1, length0, length1);
  case 1:
    return sliceShifted<1>(src, dst, cols, offset0, offset1, length0, length1);
  case 2:
    return sliceShifted<2>(src, dst, cols, offset0, offset1, length0, length1);
  default:
    return sliceShifted<3>(src, dst, cols, offset0, offset1, length0, length1);
  }
}

void anchorUpdateTiled8x4(float *dst, const float *src, int64_t cols,
                          int64_t offset0, int64_t offset1, int64_t length0,
                          int64_t length1) {
  forEachTile(dst, cols, offset0, offset1, length0, length1,
              [&](float *tile, int64_t tileRow, int64_t r0, int64_t r1,
                  int64_t c0, int64_t c1) {
                const float *in = src + (tileRow + r0 - offset0) * length1 +
                                  (c0 - offset1);
                if (c1 - c0 == 4) {
                  for (int64_t r = r0; r < r1; ++r, in += length1)
                    std::memcpy(tile + r * 4, in, 16);
                  return;
                }
                for (int64_t r = r0; r < r1; ++r, in += length1)
                  std::memcpy(tile + r * 4 + c0 % 4, in,
                              (c1 - c0) * sizeof(float));
              });
}

void anchorFillTiled8x4(float *dst, float value, int64_t cols,
                        int64_t offset0, int64_t offset1, int64_t length0,
                        int64_t length1) {
  forEachTile(dst, cols, offset0, offset1, length0, length1,
              [&](float *tile, int64_t, int64_t r0, int64_t r1, int64_t c0,
                  int64_t c1) {
                if (r1 - r0 == kTileRows && c1 - c0 == 4) {
                  // A whole tile is 32 contiguous elements.
                  for (int64_t k = 0; k < 4 * kTileRows; ++k)
                    tile[k] = value;
                  return;
                }
                for (int64_t r = r0; r < r1; ++r)
                  for (int64_t c = c0; c < c1; ++c)
                    tile[r * 4 + c % 4] = value;
              });
}

} // namespace layoutopt::bench
