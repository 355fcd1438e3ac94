//===- kernel_anchors.cpp - hand-written reference kernels ----------------===//
//
// See kernel_anchors.h. Compiled at -O3 -march=native (this file only): the
// loops are blocked over tiles, and contiguous runs move with memcpy of a
// size known at compile time (templates on the tile row and on the shift of
// a cut slice), which the compiler inlines as vector loads and stores; the
// swizzles move whole groups of slots as vectors through constant shuffles.
// With `stream` (the caller sets it where the kernels use non-temporal
// stores: regions of kDefaultNonTemporalStoreBytes or more), every vector
// store of 8 bytes or more goes past the cache and a fence ends the anchor,
// as in the kernels.
//
//===----------------------------------------------------------------------===//

#include "kernel_anchors.h"

#include <algorithm>
#include <atomic>
#include <cstring>

namespace layoutopt::bench {

namespace {

/// Rows of every tile in this file.
constexpr int64_t kTileRows = 8;

/// Stores the N bytes at `from` to `to`: non-temporally when `stream`
/// (one N-byte vector, alignment 1 as in the kernels), else a memcpy.
template <int N>
inline void storeBytes(void *to, const void *from, bool stream) {
  if (!stream) {
    std::memcpy(to, from, N);
    return;
  }
  typedef uint8_t Bytes __attribute__((ext_vector_type(N), aligned(1)));
  Bytes value;
  std::memcpy(&value, from, N);
  __builtin_nontemporal_store(value, static_cast<Bytes *>(to));
}

/// Orders the non-temporal stores before the anchor returns.
inline void endStream(bool stream) {
  if (stream)
    std::atomic_thread_fence(std::memory_order_seq_cst);
}

/// Identity -> tiled: tile by tile, so the tiled side is written in order
/// and the identity side is read 8 rows at a time.
template <int TB>
void toTiled(const uint8_t *src, uint8_t *dst, int64_t rows,
             int64_t rowBytes, bool stream) {
  int64_t tilesPerRow = rowBytes / TB;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    const uint8_t *in = src + band * kTileRows * rowBytes;
    for (int64_t t = 0; t < tilesPerRow; ++t, in += TB)
      for (int64_t r = 0; r < kTileRows; ++r, dst += TB)
        storeBytes<TB>(dst, in + r * rowBytes, stream);
  }
}

template <int TB>
void fromTiled(const uint8_t *src, uint8_t *dst, int64_t rows,
               int64_t rowBytes, bool stream) {
  int64_t tilesPerRow = rowBytes / TB;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    uint8_t *out = dst + band * kTileRows * rowBytes;
    for (int64_t t = 0; t < tilesPerRow; ++t, out += TB)
      for (int64_t r = 0; r < kTileRows; ++r, src += TB)
        storeBytes<TB>(out + r * rowBytes, src, stream);
  }
}

typedef uint16_t U16x8 __attribute__((ext_vector_type(8)));

/// Transposes 8x8 2-byte pieces in place: three rounds of interleaves (2-,
/// 4-, then 8-byte units), each a constant shuffle of two vectors.
void transpose8x8(U16x8 v[8]) {
  U16x8 a[8], c[8];
  for (int k = 0; k < 8; k += 2) {
    a[k] = __builtin_shufflevector(v[k], v[k + 1], 0, 8, 1, 9, 2, 10, 3, 11);
    a[k + 1] =
        __builtin_shufflevector(v[k], v[k + 1], 4, 12, 5, 13, 6, 14, 7, 15);
  }
  for (int k = 0; k < 8; k += 4)
    for (int h = 0; h < 2; ++h) {
      c[k + 2 * h] = __builtin_shufflevector(a[k + h], a[k + h + 2], 0, 1, 8,
                                             9, 2, 3, 10, 11);
      c[k + 2 * h + 1] = __builtin_shufflevector(a[k + h], a[k + h + 2], 4,
                                                 5, 12, 13, 6, 7, 14, 15);
    }
  for (int k = 0; k < 4; ++k) {
    v[2 * k] =
        __builtin_shufflevector(c[k], c[k + 4], 0, 1, 2, 3, 8, 9, 10, 11);
    v[2 * k + 1] =
        __builtin_shufflevector(c[k], c[k + 4], 4, 5, 6, 7, 12, 13, 14, 15);
  }
}

/// 2-byte tile rows (8x4 i4): 8 tiles side by side are 128 contiguous
/// bytes on the tiled side and 16 bytes in each of 8 rows on the identity
/// side, one 8x8 transpose of 2-byte pieces apart (its own inverse), so
/// both sides move as 16-byte vectors. `Stream` is a template argument:
/// with a run-time flag the compiler merged the non-temporal stores of one
/// branch with the ordinary ones of the other (dropping the hint from all
/// but the first), and a line written both ways ran at 3-4 GB/s. A row of
/// fewer than 8 tiles' remainder moves piece by piece.
template <bool ToTiled, bool Stream>
void relayout2(const uint8_t *src, uint8_t *dst, int64_t rows,
               int64_t rowBytes) {
  int64_t tilesPerRow = rowBytes / 2;
  int64_t blocked = tilesPerRow / 8 * 8;
  const uint8_t *from = src;
  uint8_t *to = dst;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    int64_t bandBytes = band * kTileRows * rowBytes;
    const uint8_t *tiled = ToTiled ? nullptr : from + bandBytes;
    const uint8_t *plain = ToTiled ? from + bandBytes : nullptr;
    uint8_t *tiledOut = ToTiled ? to + bandBytes : nullptr;
    uint8_t *plainOut = ToTiled ? nullptr : to + bandBytes;
    for (int64_t t = 0; t < blocked; t += 8) {
      U16x8 v[8];
      for (int k = 0; k < 8; ++k)
        std::memcpy(&v[k],
                    ToTiled ? plain + k * rowBytes + t * 2
                            : tiled + (t + k) * 16,
                    16);
      transpose8x8(v);
      for (int k = 0; k < 8; ++k)
        storeBytes<16>(ToTiled ? tiledOut + (t + k) * 16
                               : plainOut + k * rowBytes + t * 2,
                       &v[k], Stream);
    }
    for (int64_t t = blocked; t < tilesPerRow; ++t)
      for (int64_t r = 0; r < kTileRows; ++r) {
        if (ToTiled)
          std::memcpy(tiledOut + t * 16 + r * 2, plain + r * rowBytes + t * 2,
                      2);
        else
          std::memcpy(plainOut + r * rowBytes + t * 2, tiled + t * 16 + r * 2,
                      2);
      }
  }
}

/// Four and eight floats as one vector value (clang's vector extension,
/// lowered to SSE/AVX moves and shuffles by the compiler, no intrinsics).
typedef float Float4 __attribute__((ext_vector_type(4)));
typedef float Float8 __attribute__((ext_vector_type(8)));

Float4 loadFloat4(const float *p) {
  Float4 v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}

/// The slice with source tile rows shifted by S elements against the
/// result's: each result tile row is the last 4 - S elements of one source
/// tile row and the first S of the next tile's (same band), two memcpys of
/// constant size.
template <int64_t S>
void sliceShifted(const float *src, float *dst, int64_t cols,
                  int64_t offset0, int64_t offset1, int64_t length0,
                  int64_t length1, bool stream) {
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
          storeBytes<16>(dst, row, stream);
        } else {
          // Joined in registers, one 16-byte store.
          float joined[4];
          std::memcpy(joined, row + S, (4 - S) * sizeof(float));
          std::memcpy(joined + 4 - S, row + 4 * kTileRows, S * sizeof(float));
          storeBytes<16>(dst, joined, stream);
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
                            int64_t rowBytes, int64_t tileRowBytes,
                            bool stream) {
  if (tileRowBytes == 16)
    toTiled<16>(src, dst, rows, rowBytes, stream);
  else
    stream ? relayout2</*ToTiled=*/true, true>(src, dst, rows, rowBytes)
           : relayout2</*ToTiled=*/true, false>(src, dst, rows, rowBytes);
  endStream(stream);
}

void anchorTiledToIdentity8(const uint8_t *src, uint8_t *dst, int64_t rows,
                            int64_t rowBytes, int64_t tileRowBytes,
                            bool stream) {
  if (tileRowBytes == 16)
    fromTiled<16>(src, dst, rows, rowBytes, stream);
  else
    stream ? relayout2</*ToTiled=*/false, true>(src, dst, rows, rowBytes)
           : relayout2</*ToTiled=*/false, false>(src, dst, rows, rowBytes);
  endStream(stream);
}

void anchorIdentityToSwizzled(const float *src, float *dst, int64_t n,
                              bool stream) {
  // Slots r%4, c%2, r/4, c/2 (major to minor): each 8 slots of a tile are
  // rows r and r + 4 interleaved by column parity, one shuffle of two row
  // loads into one 32-byte store. The band's 8 rows (8 * n floats) stay in
  // cache while its tiles are written in order.
  for (int64_t band = 0; band < n / kTileRows; ++band) {
    const float *in = src + band * kTileRows * n;
    for (int64_t t = 0; t < n / 4; ++t, in += 4)
      for (int64_t r = 0; r < 4; ++r, dst += 8) {
        Float4 lo = loadFloat4(in + r * n), hi = loadFloat4(in + (r + 4) * n);
        Float8 group = __builtin_shufflevector(lo, hi, 0, 2, 4, 6, 1, 3, 5, 7);
        storeBytes<sizeof(group)>(dst, &group, stream);
      }
  }
  endStream(stream);
}

void anchorSwizzledToIdentity(const float *src, float *dst, int64_t n,
                              bool stream) {
  // The inverse shuffle: each 8 slots back into two tile rows.
  for (int64_t band = 0; band < n / kTileRows; ++band) {
    float *out = dst + band * kTileRows * n;
    for (int64_t t = 0; t < n / 4; ++t, out += 4)
      for (int64_t r = 0; r < 4; ++r, src += 8) {
        Float8 group;
        std::memcpy(&group, src, sizeof(group));
        Float4 lo = __builtin_shufflevector(group, group, 0, 4, 1, 5);
        Float4 hi = __builtin_shufflevector(group, group, 2, 6, 3, 7);
        storeBytes<sizeof(lo)>(out + r * n, &lo, stream);
        storeBytes<sizeof(hi)>(out + (r + 4) * n, &hi, stream);
      }
  }
  endStream(stream);
}

void anchorSliceTiled8x4(const float *src, float *dst, int64_t cols,
                         int64_t offset0, int64_t offset1, int64_t length0,
                         int64_t length1, bool stream) {
  switch (offset1 % 4) {
  case 0:
    sliceShifted<0>(src, dst, cols, offset0, offset1, length0, length1,
                    stream);
    break;
  case 1:
    sliceShifted<1>(src, dst, cols, offset0, offset1, length0, length1,
                    stream);
    break;
  case 2:
    sliceShifted<2>(src, dst, cols, offset0, offset1, length0, length1,
                    stream);
    break;
  default:
    sliceShifted<3>(src, dst, cols, offset0, offset1, length0, length1,
                    stream);
  }
  endStream(stream);
}

void anchorUpdateTiled8x4(float *dst, const float *src, int64_t cols,
                          int64_t offset0, int64_t offset1, int64_t length0,
                          int64_t length1, bool stream) {
  forEachTile(dst, cols, offset0, offset1, length0, length1,
              [&](float *tile, int64_t tileRow, int64_t r0, int64_t r1,
                  int64_t c0, int64_t c1) {
                const float *in = src + (tileRow + r0 - offset0) * length1 +
                                  (c0 - offset1);
                if (c1 - c0 == 4) {
                  for (int64_t r = r0; r < r1; ++r, in += length1)
                    storeBytes<16>(tile + r * 4, in, stream);
                  return;
                }
                for (int64_t r = r0; r < r1; ++r, in += length1)
                  std::memcpy(tile + r * 4 + c0 % 4, in,
                              (c1 - c0) * sizeof(float));
              });
  endStream(stream);
}

void anchorFillTiled8x4(float *dst, float value, int64_t cols,
                        int64_t offset0, int64_t offset1, int64_t length0,
                        int64_t length1, bool stream) {
  forEachTile(dst, cols, offset0, offset1, length0, length1,
              [&](float *tile, int64_t, int64_t r0, int64_t r1, int64_t c0,
                  int64_t c1) {
                if (r1 - r0 == kTileRows && c1 - c0 == 4) {
                  // A whole tile is 32 contiguous elements.
                  if (stream) {
                    Float8 splat = value;
                    for (int64_t k = 0; k < 4 * kTileRows; k += 8)
                      storeBytes<sizeof(splat)>(tile + k, &splat, stream);
                    return;
                  }
                  for (int64_t k = 0; k < 4 * kTileRows; ++k)
                    tile[k] = value;
                  return;
                }
                for (int64_t r = r0; r < r1; ++r)
                  for (int64_t c = c0; c < c1; ++c)
                    tile[r * 4 + c % 4] = value;
              });
  endStream(stream);
}

} // namespace layoutopt::bench
