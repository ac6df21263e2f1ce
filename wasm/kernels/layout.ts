/** Copies that put operands in the layout the tiles read: padding, column padding, filter flips. */
import { arg, claim, ptr } from './task';

/**
 * xp[n, top + y, left + x, c] = x[n,y,x,c], zero elsewhere; x is [n,h,w,c], xp is [n,hp,wp,c].
 * One work item per padded image row.
 */
export function padImages(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), n = arg(task, 2), h = arg(task, 3), w = arg(task, 4), c = arg(task, 5);
  const top = arg(task, 6), left = arg(task, 7), hp = arg(task, 8), wp = arg(task, 9), out = ptr(task, 10);
  const rowIn = <usize>(w * c) << 2, rowOut = <usize>(wp * c) << 2;
  const items = n * hp;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const img = item / hp;
    const y = item - img * hp - top;
    const dst = out + <usize>item * rowOut;
    if (y < 0 || y >= h) {
      memory.fill(dst, 0, rowOut);
      continue;
    }
    const before = <usize>(left * c) << 2;
    memory.fill(dst, 0, before);
    memory.copy(dst + before, x + <usize>(img * h + y) * rowIn, rowIn);
    const after = rowOut - before - rowIn;
    if (after > 0) memory.fill(dst + before + rowIn, 0, after);
  }
}

/**
 * Packs a [rows, cols] matrix (rows srcRow bytes apart; or, transposed, src holds [cols, rows]) into
 * panels of nr columns, panel after panel: dst[p][r][0..nr) = src[r][p·nr ..], zero past cols. A tile
 * then reads one panel front to back, from L1. `count` such matrices, srcStride and dstStride bytes
 * apart, in one task (a filter's taps). One work item per row.
 */
export function packPanels(ctrl: usize, task: usize): void {
  const src0 = ptr(task, 1), rows = arg(task, 2), cols = arg(task, 3), srcRow = <usize>arg(task, 4);
  const transposed = arg(task, 5) != 0, dst0 = ptr(task, 6), nr = arg(task, 7);
  const count = max(1, arg(task, 8)), srcStride = <usize>arg(task, 9), dstStride = <usize>arg(task, 10);
  const panels = (cols + nr - 1) / nr;
  const panelBytes = <usize>(rows * nr) << 2;
  for (let item = claim(ctrl); item < rows * count; item = claim(ctrl)) {
    const matrix = item / rows;
    const r = item - matrix * rows;
    const src = src0 + <usize>matrix * srcStride, dst = dst0 + <usize>matrix * dstStride;
    for (let panel = 0; panel < panels; panel++) {
      const d = dst + <usize>panel * panelBytes + (<usize>(r * nr) << 2);
      for (let j = 0; j < nr; j++) {
        const col = panel * nr + j;
        let value: f32 = 0;
        if (col < cols) value = transposed ? load<f32>(src + <usize>col * srcRow + (<usize>r << 2)) : load<f32>(src + <usize>r * srcRow + (<usize>col << 2));
        store<f32>(d + (<usize>j << 2), value);
      }
    }
  }
}
