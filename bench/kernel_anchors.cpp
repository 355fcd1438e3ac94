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
// as in the kernels; with `lines` (the same size, into rows), the 64-byte
// stores that write a whole line of a row. Into tiles past the cache, the
// tile rows that make a line are joined into one 64-byte store, as the
// kernels join them.
//
//===----------------------------------------------------------------------===//

#include "kernel_anchors.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <type_traits>
#include <utility>

namespace layoutopt::bench {

namespace {

/// Rows of every tile in this file.
constexpr int64_t kTileRows = 8;

/// Stores the N bytes at `from` to `to` as one N-byte vector aligned to A.
template <int N, int A>
inline void storeNonTemporal(void *to, const void *from) {
  typedef uint8_t Bytes __attribute__((ext_vector_type(N), aligned(A)));
  Bytes value;
  std::memcpy(&value, from, N);
  __builtin_nontemporal_store(value, static_cast<Bytes *>(to));
}

/// Stores the N bytes at `from` to `to`: non-temporally when `stream`
/// (one N-byte vector; aligned to 16 bytes when `to` is and N is a
/// multiple of 16, as the kernels check), else a memcpy.
template <int N>
inline void storeBytes(void *to, const void *from, bool stream) {
  if (!stream) {
    std::memcpy(to, from, N);
    return;
  }
  if constexpr (N % 16 == 0) {
    if (reinterpret_cast<uintptr_t>(to) % 16 == 0) {
      storeNonTemporal<N, 16>(to, from);
      return;
    }
  }
  storeNonTemporal<N, 1>(to, from);
}

/// Orders the non-temporal stores before the anchor returns.
inline void endStream(bool stream) {
  if (stream)
    std::atomic_thread_fence(std::memory_order_seq_cst);
}

/// Stores the 64 bytes at `from` to `to`, a destination row's line when
/// `to` starts one: then non-temporally with `Lines` (the kernels' joined
/// rows, whose whole-line stores go past the cache from the size on),
/// else as storeBytes does with `Stream`.
template <bool Lines, bool Stream>
inline void storeLine(void *to, const void *from) {
  if (Lines && reinterpret_cast<uintptr_t>(to) % 64 == 0) {
    storeNonTemporal<64, 64>(to, from);
    return;
  }
  storeBytes<64>(to, from, Stream);
}

/// N bytes as one vector.
template <int N>
using Bytes = uint8_t __attribute__((ext_vector_type(N)));

template <int N, size_t... I>
inline Bytes<2 * N> concatBytes(Bytes<N> a, Bytes<N> b,
                                std::index_sequence<I...>) {
  return __builtin_shufflevector(a, b, I...);
}

/// The `Count` pieces of N bytes at `from`, `stride` bytes apart, joined
/// in registers (Count a power of two).
template <int N, int Count>
inline Bytes<N * Count> joinPieces(const uint8_t *from, int64_t stride) {
  if constexpr (Count == 1) {
    Bytes<N> piece;
    std::memcpy(&piece, from, N);
    return piece;
  } else {
    constexpr int kHalf = Count / 2;
    return concatBytes<N * kHalf>(
        joinPieces<N, kHalf>(from, stride),
        joinPieces<N, kHalf>(from + kHalf * stride, stride),
        std::make_index_sequence<N * Count>());
  }
}

/// A line joined from pieces of N bytes in registers: built in memory
/// instead (N-byte stores, then one 64-byte load of the same bytes) it
/// stalls store forwarding, at a quarter of the speed in cache.
template <int N>
inline Bytes<64> joinLine(const uint8_t *from, int64_t stride) {
  return joinPieces<N, 64 / N>(from, stride);
}

/// Calls `fn` with std::bool_constant arguments for `lines` and `stream`:
/// the stores' kinds as template arguments (see relayout2).
template <typename Fn>
inline void withStoreKinds(bool lines, bool stream, Fn fn) {
  if (stream)
    fn(std::true_type(), std::true_type());
  else if (lines)
    fn(std::true_type(), std::false_type());
  else
    fn(std::false_type(), std::false_type());
}

/// Identity -> tiled: tile by tile, so the tiled side is written in order
/// and the identity side is read 8 rows at a time.
/// Past the cache (`stream`), tile rows of 8-64 bytes that make a line of
/// the tile are joined into one 64-byte store, as the kernels join them.
template <int TB>
void toTiled(const uint8_t *src, uint8_t *dst, int64_t rows,
             int64_t rowBytes, bool stream) {
  int64_t tilesPerRow = rowBytes / TB;
  constexpr int64_t kRowsPerLine = TB >= 8 ? 64 / TB : 0;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    const uint8_t *in = src + band * kTileRows * rowBytes;
    for (int64_t t = 0; t < tilesPerRow; ++t, in += TB) {
      if constexpr (kRowsPerLine > 0) {
        if (stream) {
          for (int64_t r = 0; r < kTileRows; r += kRowsPerLine, dst += 64) {
            Bytes<64> line = joinLine<TB>(in + r * rowBytes, rowBytes);
            storeLine<true, true>(dst, &line);
          }
          continue;
        }
      }
      for (int64_t r = 0; r < kTileRows; ++r, dst += TB)
        storeBytes<TB>(dst, in + r * rowBytes, stream);
    }
  }
}

/// Tiled -> identity: tile by tile, so the tiled side is read in order.
/// Tile rows of 8 bytes or more move as the kernels move them: 64 bytes'
/// worth of tiles at a time, each tile row of the group gathered from its
/// tiles into one 64-byte store, which writes a line of the row whole.
template <int TB, bool Lines, bool Stream>
void fromTiled(const uint8_t *src, uint8_t *dst, int64_t rows,
               int64_t rowBytes) {
  int64_t tilesPerRow = rowBytes / TB;
  constexpr int64_t kJoined = TB >= 8 ? 64 / TB : 1;
  constexpr int64_t kTileBytes = TB * kTileRows;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    uint8_t *out = dst + band * kTileRows * rowBytes;
    int64_t t = 0;
    if constexpr (kJoined > 1) {
      for (; t + kJoined <= tilesPerRow;
           t += kJoined, out += kJoined * TB, src += kJoined * kTileBytes)
        for (int64_t r = 0; r < kTileRows; ++r) {
          Bytes<64> line = joinLine<TB>(src + r * TB, kTileBytes);
          storeLine<Lines, Stream>(out + r * rowBytes, &line);
        }
    }
    for (; t < tilesPerRow; ++t, out += TB)
      for (int64_t r = 0; r < kTileRows; ++r, src += TB)
        storeBytes<TB>(out + r * rowBytes, src, Stream);
  }
}

typedef uint16_t U16x8 __attribute__((ext_vector_type(8)));
typedef uint16_t U16x16 __attribute__((ext_vector_type(16)));

/// Transposes 8x8 2-byte pieces in place, in each 16-byte half of `V` (one
/// 8x8 block in U16x8, two side by side in U16x16): three rounds of
/// interleaves (2-, 4-, then 8-byte units), each a constant shuffle of two
/// vectors that stays within the halves (one unpack instruction).
template <typename V>
void transpose8x8(V v[8]) {
  constexpr int kLanes = sizeof(V) / 2;
  V a[8], c[8];
  if constexpr (kLanes == 8) {
    for (int k = 0; k < 8; k += 2) {
      a[k] = __builtin_shufflevector(v[k], v[k + 1], 0, 8, 1, 9, 2, 10, 3, 11);
      a[k + 1] =
          __builtin_shufflevector(v[k], v[k + 1], 4, 12, 5, 13, 6, 14, 7, 15);
    }
    for (int k = 0; k < 8; k += 4)
      for (int h = 0; h < 2; ++h) {
        c[k + 2 * h] = __builtin_shufflevector(a[k + h], a[k + h + 2], 0, 1,
                                               8, 9, 2, 3, 10, 11);
        c[k + 2 * h + 1] = __builtin_shufflevector(a[k + h], a[k + h + 2], 4,
                                                   5, 12, 13, 6, 7, 14, 15);
      }
    for (int k = 0; k < 4; ++k) {
      v[2 * k] =
          __builtin_shufflevector(c[k], c[k + 4], 0, 1, 2, 3, 8, 9, 10, 11);
      v[2 * k + 1] =
          __builtin_shufflevector(c[k], c[k + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
  } else {
    for (int k = 0; k < 8; k += 2) {
      a[k] = __builtin_shufflevector(v[k], v[k + 1], 0, 16, 1, 17, 2, 18, 3,
                                     19, 8, 24, 9, 25, 10, 26, 11, 27);
      a[k + 1] = __builtin_shufflevector(v[k], v[k + 1], 4, 20, 5, 21, 6, 22,
                                         7, 23, 12, 28, 13, 29, 14, 30, 15,
                                         31);
    }
    for (int k = 0; k < 8; k += 4)
      for (int h = 0; h < 2; ++h) {
        c[k + 2 * h] = __builtin_shufflevector(
            a[k + h], a[k + h + 2], 0, 1, 16, 17, 2, 3, 18, 19, 8, 9, 24, 25,
            10, 11, 26, 27);
        c[k + 2 * h + 1] = __builtin_shufflevector(
            a[k + h], a[k + h + 2], 4, 5, 20, 21, 6, 7, 22, 23, 12, 13, 28,
            29, 14, 15, 30, 31);
      }
    for (int k = 0; k < 4; ++k) {
      v[2 * k] = __builtin_shufflevector(c[k], c[k + 4], 0, 1, 2, 3, 16, 17,
                                         18, 19, 8, 9, 10, 11, 24, 25, 26,
                                         27);
      v[2 * k + 1] = __builtin_shufflevector(c[k], c[k + 4], 4, 5, 6, 7, 20,
                                             21, 22, 23, 12, 13, 14, 15, 28,
                                             29, 30, 31);
    }
  }
}

/// Moves `V::size / 8` groups of 8 tiles with 2-byte rows (8x4 i4) from
/// tile `t` on: 8 tiles side by side are 128 contiguous bytes on the tiled
/// side and 16 bytes in each of 8 rows on the identity side, one 8x8
/// transpose of 2-byte pieces apart (its own inverse). With 32-byte
/// vectors, row k holds two groups' pieces, one per half: the rows move
/// as 32-byte vectors, the tiles as 16-byte halves (joining two halves
/// into one 32-byte store takes a cross-half permute, slower).
template <typename V, bool ToTiled, bool Stream>
inline void moveGroups2(const uint8_t *plain, uint8_t *tiled,
                        int64_t rowBytes, int64_t t) {
  constexpr int kGroups = sizeof(V) / 16;
  V v[8];
  for (int k = 0; k < 8; ++k) {
    if (ToTiled) {
      std::memcpy(&v[k], plain + k * rowBytes + t * 2, sizeof(V));
    } else {
      for (int g = 0; g < kGroups; ++g)
        std::memcpy(reinterpret_cast<uint8_t *>(&v[k]) + 16 * g,
                    tiled + (t + 8 * g + k) * 16, 16);
    }
  }
  transpose8x8(v);
  for (int k = 0; k < 8; ++k) {
    const uint8_t *bytes = reinterpret_cast<const uint8_t *>(&v[k]);
    if (ToTiled) {
      for (int g = 0; g < kGroups; ++g)
        storeBytes<16>(tiled + (t + 8 * g + k) * 16, bytes + 16 * g, Stream);
    } else {
      storeBytes<sizeof(V)>(const_cast<uint8_t *>(plain) + k * rowBytes +
                                t * 2,
                            bytes, Stream);
    }
  }
}

/// 32 tiles with 2-byte rows (8x4 i4) from tile `t` on into 64 bytes of
/// each of 8 rows: two transposes of 16 tiles (as moveGroups2), each row's
/// halves joined into one line store.
template <bool Lines, bool Stream>
inline void tilesToRowsJoined2(const uint8_t *tiled, uint8_t *plain,
                               int64_t rowBytes, int64_t t) {
  alignas(64) uint8_t line[8][64];
  for (int half = 0; half < 2; ++half) {
    U16x16 v[8];
    for (int k = 0; k < 8; ++k)
      for (int g = 0; g < 2; ++g)
        std::memcpy(reinterpret_cast<uint8_t *>(&v[k]) + 16 * g,
                    tiled + (t + 16 * half + 8 * g + k) * 16, 16);
    transpose8x8(v);
    for (int k = 0; k < 8; ++k)
      std::memcpy(line[k] + 32 * half, &v[k], 32);
  }
  for (int k = 0; k < 8; ++k)
    storeLine<Lines, Stream>(plain + k * rowBytes + t * 2, line[k]);
}

/// 2-byte tile rows (8x4 i4), 16 tiles at a time (into rows 32 first,
/// their rows joined into line stores with `Lines`), then 8, then a row's
/// remainder piece by piece. `Stream` is a template argument: with a
/// run-time flag the compiler merged the non-temporal stores of one branch
/// with the ordinary ones of the other (dropping the hint from all but the
/// first), and a line written both ways ran at 3-4 GB/s.
template <bool ToTiled, bool Stream, bool Lines = false>
void relayout2(const uint8_t *src, uint8_t *dst, int64_t rows,
               int64_t rowBytes) {
  int64_t tilesPerRow = rowBytes / 2;
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    int64_t bandBytes = band * kTileRows * rowBytes;
    // The identity side's band and the tiled side's (the one written is
    // cast back from const).
    uint8_t *plain =
        const_cast<uint8_t *>(ToTiled ? src : dst) + bandBytes;
    uint8_t *tiled =
        const_cast<uint8_t *>(ToTiled ? dst : src) + bandBytes;
    int64_t t = 0;
    if constexpr (!ToTiled)
      for (; t + 32 <= tilesPerRow; t += 32)
        tilesToRowsJoined2<Lines, Stream>(tiled, plain, rowBytes, t);
    for (; t + 16 <= tilesPerRow; t += 16)
      moveGroups2<U16x16, ToTiled, Stream>(plain, tiled, rowBytes, t);
    for (; t + 8 <= tilesPerRow; t += 8)
      moveGroups2<U16x8, ToTiled, Stream>(plain, tiled, rowBytes, t);
    for (; t < tilesPerRow; ++t)
      for (int64_t r = 0; r < kTileRows; ++r) {
        if (ToTiled)
          std::memcpy(tiled + t * 16 + r * 2, plain + r * rowBytes + t * 2,
                      2);
        else
          std::memcpy(plain + r * rowBytes + t * 2, tiled + t * 16 + r * 2,
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

/// Index sequences that join two vectors of 16 or 32 bytes.
constexpr auto kPairs16 = std::make_index_sequence<32>();
constexpr auto kPairs32 = std::make_index_sequence<64>();

/// The first K bytes of `a`, then the rest of `b`.
template <int K, size_t... I>
inline Bytes<16> selectBytes(Bytes<16> a, Bytes<16> b,
                             std::index_sequence<I...>) {
  return __builtin_shufflevector(a, b, (I < K ? I : 16 + I)...);
}

/// The 16 bytes of a result tile row whose source tile row (`row`) is
/// shifted by S elements: its last 4 - S elements and the first S of the
/// next tile's row (same band). A select of two 16-byte loads, the second
/// ending S elements into the next tile's row (as the kernels do).
template <int64_t S>
inline Bytes<16> shiftedTileRow(const float *row) {
  Bytes<16> first;
  std::memcpy(&first, row + S, 16);
  if constexpr (S == 0) {
    return first;
  } else {
    Bytes<16> second;
    std::memcpy(&second, row + 4 * kTileRows - 4 + S, 16);
    return selectBytes<(4 - S) * 4>(first, second,
                                    std::make_index_sequence<16>());
  }
}

/// The slice with source tile rows shifted by S elements against the
/// result's: each result tile row is the last 4 - S elements of one source
/// tile row and the first S of the next tile's (same band): in cache two
/// memcpys of constant size, past the cache shiftedTileRow.
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
    for (int64_t t = 0; t < length1 / 4; ++t) {
      if (stream) {
        // Past the cache, four result tile rows joined into each line of
        // the tile, as the kernels join them.
        for (int64_t r = 0; r < kTileRows; r += 4, dst += 16) {
          auto row = [&](int64_t k) {
            return shiftedTileRow<S>(rows[r + k] + t * 4 * kTileRows);
          };
          Bytes<64> line =
              concatBytes<32>(concatBytes<16>(row(0), row(1), kPairs16),
                              concatBytes<16>(row(2), row(3), kPairs16),
                              kPairs32);
          storeLine<true, true>(dst, &line);
        }
        continue;
      }
      // In cache, the two pieces loaded as they are (two 8-byte loads for
      // S = 2) and joined: a select of two 16-byte loads ran 25% slower
      // there.
      for (int64_t r = 0; r < kTileRows; ++r, dst += 4) {
        const float *row = rows[r] + t * 4 * kTileRows;
        float joined[4];
        std::memcpy(joined, row + S, (4 - S) * sizeof(float));
        std::memcpy(joined + 4 - S, row + 4 * kTileRows, S * sizeof(float));
        std::memcpy(dst, joined, sizeof(joined));
      }
    }
  }
}

/// Calls `whole(tile, tileRow, tileCol)` for each 8x4 tile the region
/// holds whole, and `cut(tile, tileRow, rowBegin, rowEnd, colBegin, colEnd)`
/// for each tile it cuts: `tile` points at the tile's first element,
/// `tileRow` and `tileCol` are its first row and column in the tensor,
/// rows are within the tile and columns in the tensor. The whole tiles are
/// a loop of their own, without a check per tile (as the kernels peel
/// theirs: a check per tile ran at 60% of the peeled loop from cache).
template <typename Whole, typename Cut>
void forEachTile(float *dst, int64_t cols, int64_t offset0, int64_t offset1,
                 int64_t length0, int64_t length1, Whole whole, Cut cut) {
  int64_t tilesPerRow = cols / 4;
  int64_t end0 = offset0 + length0, end1 = offset1 + length1;
  int64_t bands = (end0 + kTileRows - 1) / kTileRows;
  int64_t tiles = (end1 + 3) / 4;
  int64_t wholeBand = (offset0 + kTileRows - 1) / kTileRows;
  int64_t wholeBandEnd = std::max(wholeBand, end0 / kTileRows);
  int64_t wholeTile = (offset1 + 3) / 4;
  int64_t wholeTileEnd = std::max(wholeTile, end1 / 4);
  auto visitCut = [&](int64_t band, int64_t t) {
    int64_t r0 = std::max(band * kTileRows, offset0);
    int64_t r1 = std::min(band * kTileRows + kTileRows, end0);
    int64_t c0 = std::max(t * 4, offset1);
    int64_t c1 = std::min(t * 4 + 4, end1);
    cut(dst + (band * tilesPerRow + t) * 4 * kTileRows, band * kTileRows,
        r0 - band * kTileRows, r1 - band * kTileRows, c0, c1);
  };
  for (int64_t band = wholeBand; band < wholeBandEnd; ++band) {
    float *tile = dst + (band * tilesPerRow + wholeTile) * 4 * kTileRows;
    for (int64_t t = wholeTile; t < wholeTileEnd; ++t, tile += 4 * kTileRows)
      whole(tile, band * kTileRows, t * 4);
    if (offset1 / 4 < wholeTile)
      visitCut(band, offset1 / 4);
    if (wholeTileEnd < tiles)
      visitCut(band, tiles - 1);
  }
  // The first and last band when cut (never the same band twice: a region
  // inside one band has no whole band, and that band is its first).
  if (offset0 / kTileRows < wholeBand)
    for (int64_t t = offset1 / 4; t < tiles; ++t)
      visitCut(offset0 / kTileRows, t);
  if (wholeBandEnd < bands)
    for (int64_t t = offset1 / 4; t < tiles; ++t)
      visitCut(bands - 1, t);
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
                            bool lines, bool stream) {
  withStoreKinds(lines, stream, [&](auto linesKind, auto streamKind) {
    constexpr bool Lines = decltype(linesKind)::value;
    constexpr bool Stream = decltype(streamKind)::value;
    if (tileRowBytes == 16)
      fromTiled<16, Lines, Stream>(src, dst, rows, rowBytes);
    else
      relayout2</*ToTiled=*/false, Stream, Lines>(src, dst, rows, rowBytes);
  });
  endStream(lines || stream);
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

namespace {

/// Swizzled 8x4 tiles back into rows: 4 tiles at a time (64 bytes of each
/// of 8 rows), each group of 8 slots split into its two tile rows, the
/// rows of the 4 tiles joined into one line store each; then tile by tile.
template <bool Lines, bool Stream>
void swizzledToIdentity(const float *src, float *dst, int64_t n) {
  for (int64_t band = 0; band < n / kTileRows; ++band) {
    float *out = dst + band * kTileRows * n;
    int64_t t = 0;
    for (; t + 4 <= n / 4; t += 4, out += 16) {
      alignas(64) float line[8][16];
      for (int tile = 0; tile < 4; ++tile)
        for (int64_t r = 0; r < 4; ++r, src += 8) {
          Float8 group;
          std::memcpy(&group, src, sizeof(group));
          Float4 lo = __builtin_shufflevector(group, group, 0, 4, 1, 5);
          Float4 hi = __builtin_shufflevector(group, group, 2, 6, 3, 7);
          std::memcpy(&line[r][4 * tile], &lo, sizeof(lo));
          std::memcpy(&line[r + 4][4 * tile], &hi, sizeof(hi));
        }
      for (int64_t r = 0; r < 8; ++r)
        storeLine<Lines, Stream>(out + r * n, line[r]);
    }
    for (; t < n / 4; ++t, out += 4)
      for (int64_t r = 0; r < 4; ++r, src += 8) {
        Float8 group;
        std::memcpy(&group, src, sizeof(group));
        Float4 lo = __builtin_shufflevector(group, group, 0, 4, 1, 5);
        Float4 hi = __builtin_shufflevector(group, group, 2, 6, 3, 7);
        storeBytes<sizeof(lo)>(out + r * n, &lo, Stream);
        storeBytes<sizeof(hi)>(out + (r + 4) * n, &hi, Stream);
      }
  }
}

} // namespace

void anchorSwizzledToIdentity(const float *src, float *dst, int64_t n,
                              bool lines, bool stream) {
  withStoreKinds(lines, stream, [&](auto linesKind, auto streamKind) {
    swizzledToIdentity<decltype(linesKind)::value,
                       decltype(streamKind)::value>(src, dst, n);
  });
  endStream(lines || stream);
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
  auto update = [&](auto stream) {
    forEachTile(
        dst, cols, offset0, offset1, length0, length1,
        [&](float *tile, int64_t tileRow, int64_t tileCol) {
          const float *in =
              src + (tileRow - offset0) * length1 + (tileCol - offset1);
          if constexpr (decltype(stream)::value) {
            // Four tile rows joined into each line, as the kernels do
            // past the cache.
            const auto *bytes = reinterpret_cast<const uint8_t *>(in);
            int64_t rowBytes = length1 * sizeof(float);
            for (int64_t r = 0; r < kTileRows; r += 4) {
              Bytes<64> line = joinLine<16>(bytes + r * rowBytes, rowBytes);
              storeLine<true, true>(tile + r * 4, &line);
            }
            return;
          }
          for (int64_t r = 0; r < kTileRows; ++r, in += length1)
            storeBytes<16>(tile + r * 4, in, stream);
        },
        [&](float *tile, int64_t tileRow, int64_t r0, int64_t r1, int64_t c0,
            int64_t c1) {
          const float *in =
              src + (tileRow + r0 - offset0) * length1 + (c0 - offset1);
          for (int64_t r = r0; r < r1; ++r, in += length1)
            std::memcpy(tile + r * 4 + c0 % 4, in, (c1 - c0) * sizeof(float));
        });
  };
  // The store's kind a template argument (see toTiled): one loop each.
  stream ? update(std::true_type()) : update(std::false_type());
  endStream(stream);
}

void anchorFillTiled8x4(float *dst, float value, int64_t cols,
                        int64_t offset0, int64_t offset1, int64_t length0,
                        int64_t length1, bool stream) {
  auto fill = [&](auto stream) {
    Float8 splat = value;
    forEachTile(
        dst, cols, offset0, offset1, length0, length1,
        // A whole tile is 32 contiguous elements.
        [&](float *tile, int64_t, int64_t) {
          for (int64_t k = 0; k < 4 * kTileRows; k += 8)
            storeBytes<sizeof(splat)>(tile + k, &splat, stream);
        },
        [&](float *tile, int64_t, int64_t r0, int64_t r1, int64_t c0,
            int64_t c1) {
          for (int64_t r = r0; r < r1; ++r)
            for (int64_t c = c0; c < c1; ++c)
              tile[r * 4 + c % 4] = value;
        });
  };
  stream ? fill(std::true_type()) : fill(std::false_type());
  endStream(stream);
}

namespace {

typedef uint8_t U8x16 __attribute__((ext_vector_type(16)));

/// Interleaves of two 16-byte vectors in units of 1, 2, 4 and 8 bytes
/// (their lower or upper halves).
#define LO1(a, b) __builtin_shufflevector(a, b, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23)
#define HI1(a, b) __builtin_shufflevector(a, b, 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31)
#define LO2(a, b) __builtin_shufflevector(a, b, 0, 1, 16, 17, 2, 3, 18, 19, 4, 5, 20, 21, 6, 7, 22, 23)
#define HI2(a, b) __builtin_shufflevector(a, b, 8, 9, 24, 25, 10, 11, 26, 27, 12, 13, 28, 29, 14, 15, 30, 31)
#define LO4(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23)
#define HI4(a, b) __builtin_shufflevector(a, b, 8, 9, 10, 11, 24, 25, 26, 27, 12, 13, 14, 15, 28, 29, 30, 31)
#define LO8(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23)
#define HI8(a, b) __builtin_shufflevector(a, b, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31)

typedef uint8_t U8x32 __attribute__((ext_vector_type(32)));

// The interleaves above within each 16-byte half of two 32-byte vectors
// (one 32-byte unpack each on AVX2).
#define WLO2(a, b) __builtin_shufflevector(a, b, 0, 1, 32, 33, 2, 3, 34, 35, 4, 5, 36, 37, 6, 7, 38, 39, 16, 17, 48, 49, 18, 19, 50, 51, 20, 21, 52, 53, 22, 23, 54, 55)
#define WHI2(a, b) __builtin_shufflevector(a, b, 8, 9, 40, 41, 10, 11, 42, 43, 12, 13, 44, 45, 14, 15, 46, 47, 24, 25, 56, 57, 26, 27, 58, 59, 28, 29, 60, 61, 30, 31, 62, 63)
#define WLO4(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 32, 33, 34, 35, 4, 5, 6, 7, 36, 37, 38, 39, 16, 17, 18, 19, 48, 49, 50, 51, 20, 21, 22, 23, 52, 53, 54, 55)
#define WHI4(a, b) __builtin_shufflevector(a, b, 8, 9, 10, 11, 40, 41, 42, 43, 12, 13, 14, 15, 44, 45, 46, 47, 24, 25, 26, 27, 56, 57, 58, 59, 28, 29, 30, 31, 60, 61, 62, 63)
#define WLO8(a, b) __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39, 16, 17, 18, 19, 20, 21, 22, 23, 48, 49, 50, 51, 52, 53, 54, 55)
#define WHI8(a, b) __builtin_shufflevector(a, b, 8, 9, 10, 11, 12, 13, 14, 15, 40, 41, 42, 43, 44, 45, 46, 47, 24, 25, 26, 27, 28, 29, 30, 31, 56, 57, 58, 59, 60, 61, 62, 63)

/// Three rounds of interleaves over 8 vectors: pairs (k, k + 1) by `lo1`
/// and `hi1`, then (k, k + 2) within fours by `lo2` and `hi2`, then
/// (k, k + 4) by `lo3` and `hi3`: the unpack network of an 8-row transpose.
template <typename V, typename Lo1, typename Hi1, typename Lo2, typename Hi2,
          typename Lo3, typename Hi3>
inline void unpackRounds(V v[8], Lo1 lo1, Hi1 hi1, Lo2 lo2, Hi2 hi2, Lo3 lo3,
                         Hi3 hi3) {
  V a[8], c[8];
  for (int k = 0; k < 8; k += 2) {
    a[k] = lo1(v[k], v[k + 1]);
    a[k + 1] = hi1(v[k], v[k + 1]);
  }
  for (int k = 0; k < 8; k += 4) {
    c[k] = lo2(a[k], a[k + 2]);
    c[k + 1] = hi2(a[k], a[k + 2]);
    c[k + 2] = lo2(a[k + 1], a[k + 3]);
    c[k + 3] = hi2(a[k + 1], a[k + 3]);
  }
  for (int k = 0; k < 4; ++k) {
    v[2 * k] = lo3(c[k], c[k + 4]);
    v[2 * k + 1] = hi3(c[k], c[k + 4]);
  }
}

/// A shuffle macro as a function object.
#define SHUFFLE(M) [](auto x, auto y) { return M(x, y); }

/// 8x4 i2 tiles to rows, 32 tiles at a time: two groups of 16, one in each
/// 16-byte half of 32-byte vectors (load k of the second group joined to
/// the first's), grouped by tile row and transposed within the halves as
/// relayout1 does one group; each row gets 32 contiguous bytes.
inline void tilesToRows1WideRows(const uint8_t *in, U8x32 v[8]) {
  for (int k = 0; k < 8; ++k) {
    U8x16 first, second;
    std::memcpy(&first, in + k * 16, 16);
    std::memcpy(&second, in + 128 + k * 16, 16);
    U8x32 joined = __builtin_shufflevector(
        first, second, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
        16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);
    v[k] = __builtin_shufflevector(joined, joined, 0, 8, 1, 9, 2, 10, 3, 11,
                                   4, 12, 5, 13, 6, 14, 7, 15, 16, 24, 17,
                                   25, 18, 26, 19, 27, 20, 28, 21, 29, 22,
                                   30, 23, 31);
  }
  unpackRounds(v, SHUFFLE(WLO2), SHUFFLE(WHI2), SHUFFLE(WLO4), SHUFFLE(WHI4),
               SHUFFLE(WLO8), SHUFFLE(WHI8));
}

template <bool Stream>
void tilesToRows1Wide(const uint8_t *in, uint8_t *out, int64_t rowBytes) {
  U8x32 v[8];
  tilesToRows1WideRows(in, v);
  for (int k = 0; k < 8; ++k)
    storeBytes<32>(out + k * rowBytes, &v[k], Stream);
}

/// 64 tiles into 64 bytes of each of 8 rows: two of tilesToRows1Wide's
/// steps, each row's halves joined into one line store.
template <bool Lines, bool Stream>
void tilesToRows1Joined(const uint8_t *in, uint8_t *out, int64_t rowBytes) {
  U8x32 first[8], second[8];
  tilesToRows1WideRows(in, first);
  tilesToRows1WideRows(in + 32 * 8, second);
  for (int k = 0; k < 8; ++k) {
    alignas(64) uint8_t line[64];
    std::memcpy(line, &first[k], 32);
    std::memcpy(line + 32, &second[k], 32);
    storeLine<Lines, Stream>(out + k * rowBytes, line);
  }
}

#define WLO1(a, b) __builtin_shufflevector(a, b, 0, 32, 1, 33, 2, 34, 3, 35, 4, 36, 5, 37, 6, 38, 7, 39, 16, 48, 17, 49, 18, 50, 19, 51, 20, 52, 21, 53, 22, 54, 23, 55)
#define WHI1(a, b) __builtin_shufflevector(a, b, 8, 40, 9, 41, 10, 42, 11, 43, 12, 44, 13, 45, 14, 46, 15, 47, 24, 56, 25, 57, 26, 58, 27, 59, 28, 60, 29, 61, 30, 62, 31, 63)

/// Rows to 8x4 i2 tiles, 32 tiles at a time: 32 bytes of each of 8 rows,
/// two groups of 16 tiles, one in each 16-byte half, transposed within the
/// halves; each half of a result is two tiles, stored on its own (a
/// cross-half permute to store 32 bytes at once was slower).
template <bool Stream>
void rowsToTiles1Wide(const uint8_t *in, uint8_t *out, int64_t rowBytes) {
  U8x32 v[8];
  for (int k = 0; k < 8; ++k)
    std::memcpy(&v[k], in + k * rowBytes, 32);
  unpackRounds(v, SHUFFLE(WLO1), SHUFFLE(WHI1), SHUFFLE(WLO2), SHUFFLE(WHI2),
               SHUFFLE(WLO4), SHUFFLE(WHI4));
  for (int k = 0; k < 8; ++k) {
    const uint8_t *bytes = reinterpret_cast<const uint8_t *>(&v[k]);
    storeBytes<16>(out + k * 16, bytes, Stream);
    storeBytes<16>(out + 128 + k * 16, bytes + 16, Stream);
  }
}

/// 1-byte tile rows (8x4 i2): 16 tiles side by side are 128 contiguous
/// bytes on the tiled side (8 vectors of two tiles) and 16 bytes in each
/// of 8 rows on the identity side: an 8x16 transpose of bytes by three
/// rounds of interleaves. Back to rows, each load's lanes are grouped by
/// tile row and 2-byte lanes interleaved. Both ways 32 tiles at a time
/// (rowsToTiles1Wide, tilesToRows1Wide) while a row has them.
template <bool ToTiled, bool Stream, bool Lines = false>
void relayout1(const uint8_t *src, uint8_t *dst, int64_t rows,
               int64_t rowBytes) {
  for (int64_t band = 0; band < rows / kTileRows; ++band) {
    int64_t bandBytes = band * kTileRows * rowBytes;
    int64_t t = 0;
    // Into rows, 64 tiles at a time first: one line store per row.
    if constexpr (!ToTiled)
      for (; t + 64 <= rowBytes; t += 64)
        tilesToRows1Joined<Lines, Stream>(src + bandBytes + t * 8,
                                          dst + bandBytes + t, rowBytes);
    // 32 tiles at a time while they last (as the kernel does).
    for (; t + 32 <= rowBytes; t += 32) {
      if (ToTiled)
        rowsToTiles1Wide<Stream>(src + bandBytes + t,
                                 dst + bandBytes + t * 8, rowBytes);
      else
        tilesToRows1Wide<Stream>(src + bandBytes + t * 8,
                                 dst + bandBytes + t, rowBytes);
    }
    for (; t < rowBytes; t += 16) {
      U8x16 v[8];
      const uint8_t *in = ToTiled ? src + bandBytes + t : src + bandBytes + t * 8;
      for (int k = 0; k < 8; ++k)
        std::memcpy(&v[k], ToTiled ? in + k * rowBytes : in + k * 16, 16);
      if (ToTiled) {
        unpackRounds(v, SHUFFLE(LO1), SHUFFLE(HI1), SHUFFLE(LO2),
                     SHUFFLE(HI2), SHUFFLE(LO4), SHUFFLE(HI4));
      } else {
        // Two 8-byte tiles a load: its bytes grouped by tile row (one
        // pshufb), then the 2-byte runs transposed by word, dword and
        // qword interleaves (24 unpacks; even/odd splits took about 3
        // instructions each).
        for (int k = 0; k < 8; ++k)
          v[k] = __builtin_shufflevector(v[k], v[k], 0, 8, 1, 9, 2, 10, 3,
                                         11, 4, 12, 5, 13, 6, 14, 7, 15);
        unpackRounds(v, SHUFFLE(LO2), SHUFFLE(HI2), SHUFFLE(LO4),
                     SHUFFLE(HI4), SHUFFLE(LO8), SHUFFLE(HI8));
      }
      uint8_t *out = ToTiled ? dst + bandBytes + t * 8 : dst + bandBytes + t;
      for (int k = 0; k < 8; ++k)
        storeBytes<16>(ToTiled ? out + k * 16 : out + k * rowBytes, &v[k],
                       Stream);
    }
  }
}

/// a, b, c, d := their 4x4 transpose.
inline void transpose4(Float4 &a, Float4 &b, Float4 &c, Float4 &d) {
  Float4 t0 = __builtin_shufflevector(a, b, 0, 4, 1, 5);
  Float4 t1 = __builtin_shufflevector(a, b, 2, 6, 3, 7);
  Float4 t2 = __builtin_shufflevector(c, d, 0, 4, 1, 5);
  Float4 t3 = __builtin_shufflevector(c, d, 2, 6, 3, 7);
  a = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
  b = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
  c = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
  d = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
}

/// 8x1 tiles (each 8 floats of one column): 4 columns of a band at a time,
/// two 4x4 transposes of 16-byte rows; the 4 tiles are 128 contiguous
/// bytes.
template <bool ToTiled, bool Stream, bool Lines = false>
void narrow8x1(const float *src, float *dst, int64_t n) {
  for (int64_t band = 0; band < n / kTileRows; ++band) {
    int64_t c = 0;
    // Into rows, 16 columns at a time first: four blocks' rows joined into
    // one line store per row.
    if constexpr (!ToTiled)
      for (; c + 16 <= n; c += 16) {
        alignas(64) float line[8][16];
        for (int block = 0; block < 4; ++block) {
          const float *tiles = src + (band * n + c + 4 * block) * kTileRows;
          Float4 r[8];
          for (int k = 0; k < 8; ++k)
            r[k] = loadFloat4(tiles + (k % 4) * 8 + (k / 4) * 4);
          transpose4(r[0], r[1], r[2], r[3]);
          transpose4(r[4], r[5], r[6], r[7]);
          for (int k = 0; k < 8; ++k)
            std::memcpy(&line[k][4 * block], &r[k], 16);
        }
        for (int k = 0; k < 8; ++k)
          storeLine<Lines, Stream>(dst + (band * kTileRows + k) * n + c,
                                   line[k]);
      }
    for (; c < n; c += 4) {
      const float *rows = (ToTiled ? src : dst) + band * kTileRows * n + c;
      const float *tiles = (ToTiled ? dst : src) + (band * n + c) * kTileRows;
      Float4 r[8];
      for (int k = 0; k < 8; ++k)
        r[k] = loadFloat4(ToTiled ? rows + k * n
                                  : tiles + (k % 4) * 8 + (k / 4) * 4);
      transpose4(r[0], r[1], r[2], r[3]);
      transpose4(r[4], r[5], r[6], r[7]);
      for (int k = 0; k < 8; ++k) {
        float *to = ToTiled ? const_cast<float *>(tiles) + (k % 4) * 8 + (k / 4) * 4
                            : const_cast<float *>(rows) + k * n;
        storeBytes<16>(to, &r[k], Stream);
      }
    }
  }
}

} // namespace

void anchorIdentityToTiled8x4i2(const uint8_t *src, uint8_t *dst,
                                int64_t rows, int64_t rowBytes, bool stream) {
  stream ? relayout1<true, true>(src, dst, rows, rowBytes)
         : relayout1<true, false>(src, dst, rows, rowBytes);
  endStream(stream);
}

void anchorTiled8x4i2ToIdentity(const uint8_t *src, uint8_t *dst,
                                int64_t rows, int64_t rowBytes, bool lines,
                                bool stream) {
  withStoreKinds(lines, stream, [&](auto linesKind, auto streamKind) {
    relayout1</*ToTiled=*/false, decltype(streamKind)::value,
              decltype(linesKind)::value>(src, dst, rows, rowBytes);
  });
  endStream(lines || stream);
}

void anchorIdentityToNarrow8x1(const float *src, float *dst, int64_t n,
                               bool stream) {
  stream ? narrow8x1<true, true>(src, dst, n)
         : narrow8x1<true, false>(src, dst, n);
  endStream(stream);
}

void anchorNarrow8x1ToIdentity(const float *src, float *dst, int64_t n,
                               bool lines, bool stream) {
  withStoreKinds(lines, stream, [&](auto linesKind, auto streamKind) {
    narrow8x1</*ToTiled=*/false, decltype(streamKind)::value,
              decltype(linesKind)::value>(src, dst, n);
  });
  endStream(lines || stream);
}

void anchorTiled8x4To4x8(const float *src, float *dst, int64_t n,
                         bool lines, bool stream) {
  // Row r of result tile (a, b) (4x8) is row (4a + r) % 8 of source tiles
  // (4a / 8, 2b) and (4a / 8, 2b + 1), 16 bytes each; two such rows make
  // a line of the result tile, one 64-byte store (as the kernels join
  // them). Result tiles (2i, b) and (2i + 1, b) come from the same two
  // source tiles.
  withStoreKinds(lines, stream, [&](auto linesKind, auto streamKind) {
    constexpr bool Lines = decltype(linesKind)::value;
    constexpr bool Stream = decltype(streamKind)::value;
    // Both result tiles of a pair of source tiles at once, so that each
    // source tile is read whole, once.
    for (int64_t band = 0; band < n / 8; ++band)
      for (int64_t b = 0; b < n / 8; ++b) {
        const uint8_t *in = reinterpret_cast<const uint8_t *>(
            src + (band * (n / 4) + 2 * b) * 32);
        for (int64_t half = 0; half < 2; ++half) {
          float *out = dst + ((2 * band + half) * (n / 8) + b) * 32;
          for (int64_t r = 0; r < 4; r += 2) {
            // Rows r and r + 1, each from the two source tiles (128 bytes
            // apart): 16-byte pieces at 0, +128, +16, +144.
            const uint8_t *row = in + (4 * half + r) * 16;
            Bytes<32> first = concatBytes<16>(joinPieces<16, 1>(row, 0),
                                              joinPieces<16, 1>(row + 128, 0),
                                              std::make_index_sequence<32>());
            Bytes<32> second = concatBytes<16>(
                joinPieces<16, 1>(row + 16, 0), joinPieces<16, 1>(row + 144, 0),
                std::make_index_sequence<32>());
            Bytes<64> line = concatBytes<32>(first, second,
                                             std::make_index_sequence<64>());
            storeLine<Lines, Stream>(out + r * 8, &line);
          }
        }
      }
  });
  endStream(lines || stream);
}

void anchorTiled4x8To8x4(const float *src, float *dst, int64_t n,
                         bool stream) {
  // Result tiles (A, 2b) and (A, 2b + 1) (8x4, 256 contiguous bytes) come
  // from source tiles (2A, b) and (2A + 1, b) (4x8): each line of the
  // result is the same 16-byte half of the four 32-byte rows of one source
  // tile, joined in registers. Each source tile is read whole, once; the
  // result is written in order, a line per store.
  auto body = [&](auto streamTag) {
    constexpr bool Stream = decltype(streamTag)::value;
    for (int64_t band = 0; band < n / 8; ++band)
      for (int64_t b = 0; b < n / 8; ++b) {
        const uint8_t *upper = reinterpret_cast<const uint8_t *>(
            src + (2 * band * (n / 8) + b) * 32);
        const uint8_t *lower = reinterpret_cast<const uint8_t *>(
            src + ((2 * band + 1) * (n / 8) + b) * 32);
        float *out = dst + (band * (n / 4) + 2 * b) * 32;
        Bytes<64> lines[4] = {
            joinPieces<16, 4>(upper, 32), joinPieces<16, 4>(lower, 32),
            joinPieces<16, 4>(upper + 16, 32),
            joinPieces<16, 4>(lower + 16, 32)};
        for (int k = 0; k < 4; ++k)
          storeBytes<64>(out + 16 * k, &lines[k], Stream);
      }
  };
  if (stream)
    body(std::true_type());
  else
    body(std::false_type());
  endStream(stream);
}

namespace {

/// n rows of n floats, `srcPitch` and `dstPitch` floats apart: each row is
/// one contiguous run on both sides (padding skipped), 64-byte moves.
void copyRows(const float *src, int64_t srcPitch, float *dst,
              int64_t dstPitch, int64_t n, bool stream) {
  auto body = [&](auto streamTag) {
    constexpr bool Stream = decltype(streamTag)::value;
    for (int64_t i = 0; i < n; ++i) {
      const float *in = src + i * srcPitch;
      float *out = dst + i * dstPitch;
      int64_t j = 0;
      for (; j + 16 <= n; j += 16)
        storeBytes<64>(out + j, in + j, Stream);
      std::memcpy(out + j, in + j, (n - j) * sizeof(float));
    }
  };
  if (stream)
    body(std::true_type());
  else
    body(std::false_type());
  endStream(stream);
}

} // namespace

void anchorIdentityToPadded(const float *src, float *dst, int64_t n,
                            int64_t padding, bool stream) {
  copyRows(src, n, dst, n + padding, n, stream);
}

void anchorPaddedToIdentity(const float *src, float *dst, int64_t n,
                            int64_t padding, bool stream) {
  copyRows(src, n + padding, dst, n, n, stream);
}

void anchorStreamCopy(const uint8_t *src, uint8_t *dst, int64_t bytes) {
  for (int64_t i = 0; i < bytes; i += 64) {
    Bytes<64> line;
    std::memcpy(&line, src + i, 64);
    storeNonTemporal<64, 64>(dst + i, &line);
  }
  endStream(true);
}

} // namespace layoutopt::bench
