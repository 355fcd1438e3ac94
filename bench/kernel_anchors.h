//===- kernel_anchors.h - hand-written reference kernels --------*- C++ -*-===//
//
// Hand-written C++ versions of the transfers layout-opt-kernel-bandwidth
// times, compiled alone at -O3 -march=native (bench/CMakeLists.txt), so that
// every kernel row has an anchor measured in the same run. C++17 with
// clang's vector extension (the swizzles' shuffles): no MLIR, no intrinsics. Tiles are stored row-major, one after the other in
// row-major tile order (`#stream_lite.tiled<inner_dims_pos = [0, 1],
// inner_tiles = [T0, T1]>` without outer_dims_perm); every shape the bench
// passes is a multiple of its tiles unless said otherwise. Sizes are in
// bytes where packed elements could make elements ambiguous. With `stream`,
// vector stores of 8 bytes or more are non-temporal and a fence ends the
// anchor (the kernels' non-temporal-store-bytes).
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_BENCH_KERNELANCHORS_H
#define LAYOUTOPT_BENCH_KERNELANCHORS_H

#include <cstdint>

namespace layoutopt::bench {

/// Relayout of a `rows` x (`rowBytes` bytes) identity tensor to 8-row tiles
/// whose rows are `tileRowBytes` bytes (16: 8x4 f32, 2: 8x4 i4), and back.
/// `tileRowBytes` must be 16 or 2.
void anchorIdentityToTiled8(const uint8_t *src, uint8_t *dst, int64_t rows,
                            int64_t rowBytes, int64_t tileRowBytes,
                            bool stream);
/// Into rows, `lines`: the 64-byte stores that write a whole line of a row
/// go past the cache (as the kernels' joined rows do); `stream`: every
/// store does.
void anchorTiledToIdentity8(const uint8_t *src, uint8_t *dst, int64_t rows,
                            int64_t rowBytes, int64_t tileRowBytes,
                            bool lines, bool stream);

/// Relayout of an `n` x `n` f32 tensor to 8x4 tiles swizzled as the bench's
/// `#stream_lite.swizzle<expand_shape = [[2, 4], [2, 2]], permutation =
/// [1, 3, 0, 2]>` (element (r, c) of a tile at slot
/// (((r % 4) * 2 + c % 2) * 2 + r / 4) * 2 + c / 2), and back.
void anchorIdentityToSwizzled(const float *src, float *dst, int64_t n,
                              bool stream);
void anchorSwizzledToIdentity(const float *src, float *dst, int64_t n,
                              bool lines, bool stream);

/// The region at (`offset0`, `offset1`) of (`length0`, `length1`) elements
/// (multiples of 8 and 4) of an 8x4-tiled f32 tensor with `cols` columns,
/// copied to an 8x4-tiled tensor of the region's shape.
void anchorSliceTiled8x4(const float *src, float *dst, int64_t cols,
                         int64_t offset0, int64_t offset1, int64_t length0,
                         int64_t length1, bool stream);

/// A row-major f32 tensor of (`length0`, `length1`) elements written into
/// the region at (`offset0`, `offset1`) of an 8x4-tiled tensor with `cols`
/// columns (any region inside it).
void anchorUpdateTiled8x4(float *dst, const float *src, int64_t cols,
                          int64_t offset0, int64_t offset1, int64_t length0,
                          int64_t length1, bool stream);

/// `value` stored over the region at (`offset0`, `offset1`) of (`length0`,
/// `length1`) elements of an 8x4-tiled f32 tensor with `cols` columns.
void anchorFillTiled8x4(float *dst, float value, int64_t cols,
                        int64_t offset0, int64_t offset1, int64_t length0,
                        int64_t length1, bool stream);

/// 8x4 tiles of i2 (1-byte tile rows), rows * rowBytes bytes.
void anchorIdentityToTiled8x4i2(const uint8_t *src, uint8_t *dst,
                                int64_t rows, int64_t rowBytes, bool stream);
void anchorTiled8x4i2ToIdentity(const uint8_t *src, uint8_t *dst,
                                int64_t rows, int64_t rowBytes, bool lines,
                                bool stream);

/// n x n f32 and 8x1 tiles.
void anchorIdentityToNarrow8x1(const float *src, float *dst, int64_t n,
                               bool stream);
void anchorNarrow8x1ToIdentity(const float *src, float *dst, int64_t n,
                               bool lines, bool stream);

/// n x n f32 from 8x4 tiles to 4x8 tiles; `lines`: the 64-byte stores
/// (two rows of a result tile) past the cache.
void anchorTiled8x4To4x8(const float *src, float *dst, int64_t n,
                         bool lines, bool stream);

/// n x n f32 from 4x8 tiles to 8x4 tiles.
void anchorTiled4x8To8x4(const float *src, float *dst, int64_t n,
                         bool stream);

/// n x n f32 into rows padded by `padding` elements, and back.
void anchorIdentityToPadded(const float *src, float *dst, int64_t n,
                            int64_t padding, bool stream);
void anchorPaddedToIdentity(const float *src, float *dst, int64_t n,
                            int64_t padding, bool stream);

/// memcpy of `bytes` (a multiple of 64; both buffers on 64-byte
/// boundaries) with every line stored past the cache: what the memory
/// takes in when nothing is read for ownership, where memcpy (glibc's
/// below its own, L3-sized threshold) writes through the cache.
void anchorStreamCopy(const uint8_t *src, uint8_t *dst, int64_t bytes);

} // namespace layoutopt::bench

#endif // LAYOUTOPT_BENCH_KERNELANCHORS_H
