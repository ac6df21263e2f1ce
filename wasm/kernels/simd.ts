/** a * b + c, fused where the engine offers relaxed SIMD (one rounding), else a multiply and an add. */
@inline export function madd(a: v128, b: v128, c: v128): v128 {
  if (ASC_FEATURE_RELAXED_SIMD) return f32x4.relaxed_madd(a, b, c);
  return f32x4.add(f32x4.mul(a, b), c);
}

/** Stores the first `n` (0..4) lanes of `v` at `ptr`. */
@inline export function storeLanes(ptr: usize, v: v128, n: i32): void {
  if (n >= 4) v128.store(ptr, v);
  else if (n == 3) {
    v128.store64_lane(ptr, v, 0);
    v128.store32_lane(ptr, v, 2, 8);
  } else if (n == 2) v128.store64_lane(ptr, v, 0);
  else if (n == 1) v128.store32_lane(ptr, v, 0);
}

/** Loads the first `n` (0..4) lanes at `ptr`, zeros in the rest; never reads past them. */
@inline export function loadLanes(ptr: usize, n: i32): v128 {
  if (n >= 4) return v128.load(ptr);
  let v = f32x4.splat(0);
  if (n >= 1) v = f32x4.replace_lane(v, 0, load<f32>(ptr));
  if (n >= 2) v = f32x4.replace_lane(v, 1, load<f32>(ptr, 4));
  if (n >= 3) v = f32x4.replace_lane(v, 2, load<f32>(ptr, 8));
  return v;
}
