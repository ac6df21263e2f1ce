/** MaxPool and its gradient (NHWC, float32) for windows that do not overlap (stride >= window), the models' 2 x 2 pools. */
import { arg, claim, ptr } from './task';

// Task layout after word 0: 1 x, 2 y (the pool's output), 3 dy, 4 dx, 5 n, 6 h, 7 w, 8 c, 9 oh, 10 ow,
// 11 fh, 12 fw, 13 sh, 14 sw, 15 padTop, 16 padLeft (maxPool: y is written, dy and dx unused)

/** y = each window's max (windows clipped to the image, as a 'same' pool's padding never wins). One work item per image. */
export function maxPool(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), y = ptr(task, 2);
  const n = arg(task, 5), h = arg(task, 6), w = arg(task, 7), c = arg(task, 8), oh = arg(task, 9), ow = arg(task, 10);
  const fh = arg(task, 11), fw = arg(task, 12), sh = arg(task, 13), sw = arg(task, 14), padTop = arg(task, 15), padLeft = arg(task, 16);
  const imageBytes = <usize>(h * w * c) << 2;
  const outImageBytes = <usize>(oh * ow * c) << 2;
  const vectorChannels = c & ~3;
  for (let img = claim(ctrl); img < n; img = claim(ctrl)) {
    const xi = x + <usize>img * imageBytes, yi = y + <usize>img * outImageBytes;
    for (let oy = 0; oy < oh; oy++) {
      const y0 = max(0, oy * sh - padTop), y1 = min(h, oy * sh - padTop + fh);
      for (let ox = 0; ox < ow; ox++) {
        const x0 = max(0, ox * sw - padLeft), x1 = min(w, ox * sw - padLeft + fw);
        const at = yi + (<usize>((oy * ow + ox) * c) << 2);
        const first = xi + (<usize>((y0 * w + x0) * c) << 2);
        for (let ch = 0; ch < vectorChannels; ch += 4) {
          let top = v128.load(first + (<usize>ch << 2));
          for (let iy = y0; iy < y1; iy++) {
            for (let ix = x0; ix < x1; ix++) top = f32x4.max(top, v128.load(xi + (<usize>((iy * w + ix) * c + ch) << 2)));
          }
          v128.store(at + (<usize>ch << 2), top);
        }
        for (let ch = vectorChannels; ch < c; ch++) {
          let top = load<f32>(first + (<usize>ch << 2));
          for (let iy = y0; iy < y1; iy++) {
            for (let ix = x0; ix < x1; ix++) top = max(top, load<f32>(xi + (<usize>((iy * w + ix) * c + ch) << 2)));
          }
          store<f32>(at + (<usize>ch << 2), top);
        }
      }
    }
  }
}

/**
 * Each window's gradient goes to the first element (in row-major scan order) equal to the window's max,
 * as tfjs's reference kernels choose it (the first strictly greater value). Windows do not overlap, so
 * no element gets two gradients and the choice is a SIMD select over 4 channels at a time. One work
 * item per image: its dx is zeroed where no window covers it (all of it first, unless the windows tile
 * the image exactly), then every window writes its elements.
 */
export function maxPoolGrad(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), y = ptr(task, 2), dy = ptr(task, 3), dx = ptr(task, 4);
  const n = arg(task, 5), h = arg(task, 6), w = arg(task, 7), c = arg(task, 8), oh = arg(task, 9), ow = arg(task, 10);
  const fh = arg(task, 11), fw = arg(task, 12), sh = arg(task, 13), sw = arg(task, 14), padTop = arg(task, 15), padLeft = arg(task, 16);
  const imageBytes = <usize>(h * w * c) << 2;
  const outImageBytes = <usize>(oh * ow * c) << 2;
  const vectorChannels = c & ~3;
  const tiled = padTop == 0 && padLeft == 0 && fh == sh && fw == sw && oh * sh == h && ow * sw == w;
  for (let img = claim(ctrl); img < n; img = claim(ctrl)) {
    const xi = x + <usize>img * imageBytes, dxi = dx + <usize>img * imageBytes;
    const yi = y + <usize>img * outImageBytes, dyi = dy + <usize>img * outImageBytes;
    if (!tiled) memory.fill(dxi, 0, imageBytes);
    for (let oy = 0; oy < oh; oy++) {
      const y0 = max(0, oy * sh - padTop), y1 = min(h, oy * sh - padTop + fh);
      for (let ox = 0; ox < ow; ox++) {
        const x0 = max(0, ox * sw - padLeft), x1 = min(w, ox * sw - padLeft + fw);
        const at = <usize>((oy * ow + ox) * c) << 2;
        for (let ch = 0; ch < vectorChannels; ch += 4) {
          const top = v128.load(yi + at + (<usize>ch << 2));
          const grad = v128.load(dyi + at + (<usize>ch << 2));
          let found = i32x4.splat(0);
          for (let iy = y0; iy < y1; iy++) {
            for (let ix = x0; ix < x1; ix++) {
              const offset = (<usize>((iy * w + ix) * c + ch)) << 2;
              const hit = v128.andnot(f32x4.eq(v128.load(xi + offset), top), found);
              v128.store(dxi + offset, v128.and(grad, hit));
              found = v128.or(found, hit);
            }
          }
        }
        for (let ch = vectorChannels; ch < c; ch++) {
          const top = load<f32>(yi + at + (<usize>ch << 2));
          const grad = load<f32>(dyi + at + (<usize>ch << 2));
          let found = false;
          for (let iy = y0; iy < y1; iy++) {
            for (let ix = x0; ix < x1; ix++) {
              const offset = (<usize>((iy * w + ix) * c + ch)) << 2;
              const hit = !found && load<f32>(xi + offset) == top;
              store<f32>(dxi + offset, hit ? grad : 0);
              found = found || hit;
            }
          }
        }
      }
    }
  }
}
