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
 * then reads one panel front to back, from L1. One work item per row.
 */
export function packPanels(ctrl: usize, task: usize): void {
  const src = ptr(task, 1), rows = arg(task, 2), cols = arg(task, 3), srcRow = <usize>arg(task, 4);
  const transposed = arg(task, 5) != 0, dst = ptr(task, 6), nr = arg(task, 7);
  const panels = (cols + nr - 1) / nr;
  const panelBytes = <usize>(rows * nr) << 2;
  for (let r = claim(ctrl); r < rows; r = claim(ctrl)) {
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

/**
 * The filter a stride-1 input gradient convolves with, packed in panels of nr columns (as packPanels):
 * f[i,j,o,c] = w[kh-1-i, kw-1-j, c, o]; rows (i,j,o), columns c. w is [kh,kw,c,o]. One item per row.
 */
export function flipFilter(ctrl: usize, task: usize): void {
  const w = ptr(task, 1), kh = arg(task, 2), kw = arg(task, 3), c = arg(task, 4), o = arg(task, 5), dst = ptr(task, 6), nr = arg(task, 7);
  const rows = kh * kw * o;
  const panels = (c + nr - 1) / nr;
  const panelBytes = <usize>(rows * nr) << 2;
  for (let row = claim(ctrl); row < rows; row = claim(ctrl)) {
    const tap = row / o;
    const oc = row - tap * o;
    const i = tap / kw, j = tap - (tap / kw) * kw;
    const src = w + (<usize>(((kh - 1 - i) * kw + (kw - 1 - j)) * c * o + oc) << 2);
    for (let panel = 0; panel < panels; panel++) {
      const d = dst + <usize>panel * panelBytes + (<usize>(row * nr) << 2);
      for (let jj = 0; jj < nr; jj++) {
        const ch = panel * nr + jj;
        store<f32>(d + (<usize>jj << 2), ch < c ? load<f32>(src + (<usize>(ch * o) << 2)) : 0);
      }
    }
  }
}
