/** Batched matrix products C = A · B with either operand's layout given by strides (tile.ts does the work). */
import { arg, claim, ptr } from './task';
import { tile2x16, tile4x8 } from './tile';

const ROW_BLOCKS_PER_ITEM = 4;

// Task layout after word 0 (kind): 1 a, 2 b, 3 c, 4 batches, 5 m, 6 k, 7 n,
// 8 aRow (bytes from one row of A to the next), 9 aCol (bytes from one column to the next: 4 for [m,k],
// m·4 for A stored transposed), 10 unused, 11 aBatch, 12 bBatch (0 broadcasts one B), 13 cBatch (bytes),
// 14 nr (16 or 8). B is packed in panels of nr columns (layout.ts packPanels), one after another per batch.

export function matMul(ctrl: usize, task: usize): void {
  const a = ptr(task, 1), b = ptr(task, 2), c = ptr(task, 3);
  const batches = arg(task, 4), m = arg(task, 5), k = arg(task, 6), n = arg(task, 7);
  const aRow = <usize>arg(task, 8), aCol = <usize>arg(task, 9);
  const aBatch = <usize>arg(task, 11), bBatch = <usize>arg(task, 12), cBatch = <usize>arg(task, 13), nr = arg(task, 14);
  const mr = nr == 16 ? 2 : 4;
  const rowBlocks = (m + mr - 1) / mr;
  const itemsPerBatch = (rowBlocks + ROW_BLOCKS_PER_ITEM - 1) / ROW_BLOCKS_PER_ITEM;
  const items = batches * itemsPerBatch;
  const panels = (n + nr - 1) / nr;
  const ldo = <usize>n << 2;
  const panelBytes = <usize>(k * nr) << 2;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const batch = item / itemsPerBatch;
    const firstBlock = (item - batch * itemsPerBatch) * ROW_BLOCKS_PER_ITEM;
    const lastBlock = min(rowBlocks, firstBlock + ROW_BLOCKS_PER_ITEM);
    const aBase = a + <usize>batch * aBatch, bBase = b + <usize>batch * bBatch, cBase = c + <usize>batch * cBatch;
    for (let block = firstBlock; block < lastBlock; block++) {
      const m0 = block * mr;
      const rows = min(mr, m - m0);
      const last = m0 + rows - 1;
      const a0 = aBase + <usize>m0 * aRow;
      const a1 = aBase + <usize>min(m0 + 1, last) * aRow;
      const dst = cBase + <usize>m0 * ldo;
      for (let panel = 0; panel < panels; panel++) {
        const n0 = panel * nr;
        const cols = min(nr, n - n0);
        const bp = bBase + <usize>panel * panelBytes;
        const dst0 = dst + (<usize>n0 << 2);
        if (nr == 16) {
          // A row-major ([m,k]: contiguous) or transposed ([k,m]: aCol apart); the literal 4 folds into the loop.
          if (aCol == 4) tile2x16(a0, a1, 0, 4, 1, k, bp, 0, 64, dst0, ldo, rows, cols, false);
          else tile2x16(a0, a1, 0, aCol, 1, k, bp, 0, 64, dst0, ldo, rows, cols, false);
        }
        else {
          const a2 = aBase + <usize>min(m0 + 2, last) * aRow;
          const a3 = aBase + <usize>min(m0 + 3, last) * aRow;
          if (aCol == 4) tile4x8(a0, a1, a2, a3, 0, 4, 1, k, bp, 0, 32, dst0, ldo, rows, cols, false);
          else tile4x8(a0, a1, a2, a3, 0, aCol, 1, k, bp, 0, 32, dst0, ldo, rows, cols, false);
        }
      }
    }
  }
}
