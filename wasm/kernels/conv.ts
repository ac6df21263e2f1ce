/**
 * Convolutions (NHWC, float32, dilation 1) as tiles of tile.ts, without an im2col buffer.
 * The input is given already zero-padded (pad.ts), so every window lies inside it.
 */
import { arg, claim, ptr } from './task';
import { tile2x16, tile4x8 } from './tile';

/** Row blocks a forward work item takes: their x slice and one filter panel stay in L1 across the item. */
const ROW_BLOCKS_PER_ITEM = 32;
/** Output positions a filter-gradient chunk covers: its x and dy slices stay in L1/L2 across the tiles. */
const CHUNK_POSITIONS = 96;
/**
 * Filter-gradient tiles per work item: up to 16 (each chunk's data is read once per item), but at least
 * 32 items when there are that many tiles, so small filters (a first layer's 10 tiles) still spread over
 * the threads.
 */
const FILTER_TILES_PER_ITEM = 16;
const FILTER_ITEMS_WANTED = 32;

// Task layout shared by both kernels (word index: meaning), after word 0 (kind):
// 1 x, 2 n, 3 h, 4 w, 5 c (padded input), 6 kh, 7 kw, 8 sh, 9 sw, 10 oh, 11 ow, 12 o,
// 13 b: forward, the filter packed in panels of nr columns (layout.ts packPanels: [o/nr][kh·kw·c][nr]);
//   filter gradient, dy [n,oh,ow,o] with o a multiple of nr (else padded by packPanels into one panel,
//   so its rows are 14 bStride bytes apart either way), 15 out, 16 nr (16 or 8 columns per tile)

/** out[n,oy,ox,o] = Σ_{i,j,c} x[n, oy·sh + i, ox·sw + j, c] · w[i,j,c,o]. */
export function convForward(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), n = arg(task, 2), h = arg(task, 3), w = arg(task, 4), c = arg(task, 5);
  const kh = arg(task, 6), kw = arg(task, 7), sh = arg(task, 8), sw = arg(task, 9), oh = arg(task, 10), ow = arg(task, 11), o = arg(task, 12);
  const panels = ptr(task, 13), out = ptr(task, 15), nr = arg(task, 16);
  const mr = nr == 16 ? 2 : 4;
  const positions = n * oh * ow;
  const rowBlocks = (positions + mr - 1) / mr;
  const panelCount = (o + nr - 1) / nr;
  const items = (rowBlocks + ROW_BLOCKS_PER_ITEM - 1) / ROW_BLOCKS_PER_ITEM;
  const ldo = <usize>o << 2;
  const rowBytes = <usize>(w * c) << 2;
  const len = kw * c;
  const bSeg = <usize>(len * nr) << 2;
  const panelBytes = <usize>kh * bSeg;
  const perImage = oh * ow;
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const lastBlock = min(rowBlocks, (item + 1) * ROW_BLOCKS_PER_ITEM);
    for (let panel = 0; panel < panelCount; panel++) {
      const n0 = panel * nr;
      const b = panels + <usize>panel * panelBytes;
      const cols = min(nr, o - n0);
      for (let block = item * ROW_BLOCKS_PER_ITEM; block < lastBlock; block++) {
        const p0 = block * mr;
        const rows = min(mr, positions - p0);
        // Origins of the tile's rows; a missing row repeats the last one (computed, not stored).
        let a0: usize = 0, a1: usize = 0, a2: usize = 0, a3: usize = 0;
        for (let r = 0; r < mr; r++) {
          const p = p0 + min(r, rows - 1);
          const img = p / perImage;
          const rest = p - img * perImage;
          const oy = rest / ow;
          const ox = rest - oy * ow;
          const origin = x + <usize>(img * h + oy * sh) * rowBytes + (<usize>(ox * sw * c) << 2);
          if (r == 0) a0 = origin;
          else if (r == 1) a1 = origin;
          else if (r == 2) a2 = origin;
          else a3 = origin;
        }
        const dst = out + <usize>p0 * ldo + (<usize>n0 << 2);
        if (nr == 16) tile2x16(a0, a1, rowBytes, 4, kh, len, b, bSeg, 64, dst, ldo, rows, cols, false);
        else tile4x8(a0, a1, a2, a3, rowBytes, 4, kh, len, b, bSeg, 32, dst, ldo, rows, cols, false);
      }
    }
  }
}

/**
 * dW[i,j,c,o] = Σ_{n,oy,ox} x[n, oy·sh + i, ox·sw + j, c] · dy[n,oy,ox,o]: tile rows are filter rows
 * k = (i,j,c), the reduction runs over chunks of (one output row, a run of images), chunk by chunk for a
 * group of tiles, so each chunk's x and dy are read from cache by every tile of the group.
 */
export function convFilterGrad(ctrl: usize, task: usize): void {
  const x = ptr(task, 1), n = arg(task, 2), h = arg(task, 3), w = arg(task, 4), c = arg(task, 5);
  const kh = arg(task, 6), kw = arg(task, 7), sh = arg(task, 8), sw = arg(task, 9), oh = arg(task, 10), ow = arg(task, 11), o = arg(task, 12);
  const dy = ptr(task, 13), bStep = <usize>arg(task, 14), out = ptr(task, 15), nr = arg(task, 16);
  const mr = nr == 16 ? 2 : 4;
  const k = kh * kw * c;
  const rowBlocks = (k + mr - 1) / mr;
  const panels = (o + nr - 1) / nr;
  const tiles = rowBlocks * panels;
  const perItem = max(1, min(FILTER_TILES_PER_ITEM, tiles / FILTER_ITEMS_WANTED));
  const items = (tiles + perItem - 1) / perItem;
  const ldo = <usize>o << 2;
  const rowBytes = <usize>(w * c) << 2;
  const imageBytes = <usize>h * rowBytes;
  const aStep = <usize>(sw * c) << 2;
  const bSeg = <usize>(oh * ow) * bStep;
  const imagesPerChunk = max(1, min(n, CHUNK_POSITIONS / max(1, ow)));
  for (let item = claim(ctrl); item < items; item = claim(ctrl)) {
    const firstTile = item * perItem;
    const lastTile = min(tiles, firstTile + perItem);
    let first = true;
    for (let oy = 0; oy < oh; oy++) {
      for (let img0 = 0; img0 < n; img0 += imagesPerChunk) {
        const images = min(imagesPerChunk, n - img0);
        const xChunk = x + <usize>img0 * imageBytes + <usize>(oy * sh) * rowBytes;
        const dyChunk = dy + <usize>((img0 * oh + oy) * ow) * bStep;
        for (let tile = firstTile; tile < lastTile; tile++) {
          const block = tile / panels;
          const panel = tile - block * panels;
          const k0 = block * mr;
          const rows = min(mr, k - k0);
          let a0: usize = 0, a1: usize = 0, a2: usize = 0, a3: usize = 0;
          for (let r = 0; r < mr; r++) {
            const kk = k0 + min(r, rows - 1);
            const i = kk / (kw * c);
            const rest = kk - i * kw * c; // = j·c + ch, contiguous within the kernel row
            const offset = xChunk + <usize>i * rowBytes + (<usize>rest << 2);
            if (r == 0) a0 = offset;
            else if (r == 1) a1 = offset;
            else if (r == 2) a2 = offset;
            else a3 = offset;
          }
          const n0 = panel * nr;
          const cols = min(nr, o - n0);
          const dst = out + <usize>k0 * ldo + (<usize>n0 << 2);
          const b = dyChunk + (<usize>n0 << 2);
          if (nr == 16) tile2x16(a0, a1, imageBytes, aStep, images, ow, b, bSeg, bStep, dst, ldo, rows, cols, !first);
          else tile4x8(a0, a1, a2, a3, imageBytes, aStep, images, ow, b, bSeg, bStep, dst, ldo, rows, cols, !first);
        }
        first = false;
      }
    }
  }
}

// convInputGrad: 1 dy, 2 n, 3 oh, 4 ow, 5 o (dy's channels), 6 h, 7 w, 8 c (dx's), 9 kh, 10 kw, 11 sh,
// 12 sw, 13 padTop, 14 padLeft, 15 panels (the filter per tap, transposed and packed: [kh·kw][c/nr][o][nr]),
// 16 dx, 17 nr (16 or 8 columns per tile: dx channels)

/**
 * dx[n, oy·sh + i − padTop, ox·sw + j − padLeft, c] += Σ_o dy[n,oy,ox,o] · w[i,j,c,o] (col2im without
 * the columns): a tile of mr output positions on one output row and nr channels of one tap adds straight
 * into dx, whose rows for consecutive positions are sw·c floats apart. Every multiply-add is needed, where
 * convolving a zero-padded dy wastes up to (k−1)/k of them on small images (2.8x on the classic CNN's
 * conv3), and any stride works. One work item per image: no two threads add into the same dx.
 */
export function convInputGrad(ctrl: usize, task: usize): void {
  const dy = ptr(task, 1), n = arg(task, 2), oh = arg(task, 3), ow = arg(task, 4), o = arg(task, 5);
  const h = arg(task, 6), w = arg(task, 7), c = arg(task, 8), kh = arg(task, 9), kw = arg(task, 10);
  const sh = arg(task, 11), sw = arg(task, 12), padTop = arg(task, 13), padLeft = arg(task, 14);
  const panels = ptr(task, 15), dx = ptr(task, 16), nr = arg(task, 17);
  const mr = nr == 16 ? 2 : 4;
  const cPanels = (c + nr - 1) / nr;
  const panelBytes = <usize>(o * nr) << 2;
  const dyRow = <usize>o << 2;
  const pixel = <usize>c << 2;
  const imageBytes = <usize>(h * w) * pixel;
  const ldo = <usize>sw * pixel;
  for (let img = claim(ctrl); img < n; img = claim(ctrl)) {
    const dxi = dx + <usize>img * imageBytes;
    memory.fill(dxi, 0, imageBytes);
    for (let oy = 0; oy < oh; oy++) {
      for (let ox0 = 0; ox0 < ow; ox0 += mr) {
        const count = min(mr, ow - ox0);
        const a0 = dy + <usize>((img * oh + oy) * ow + ox0) * dyRow;
        for (let i = 0; i < kh; i++) {
          const y = oy * sh + i - padTop;
          if (y < 0 || y >= h) continue;
          for (let j = 0; j < kw; j++) {
            // The tile's positions land on x, x + sw, …; those outside the image (padding) are left out.
            const x0 = ox0 * sw + j - padLeft;
            let first = 0;
            while (first < count && x0 + first * sw < 0) first++;
            let rows = count - first;
            while (rows > 0 && x0 + (first + rows - 1) * sw >= w) rows--;
            if (rows <= 0) continue;
            const a = a0 + <usize>first * dyRow;
            const out0 = dxi + <usize>(y * w + x0 + first * sw) * pixel;
            const tapPanels = panels + <usize>((i * kw + j) * cPanels) * panelBytes;
            for (let cp = 0; cp < cPanels; cp++) {
              const b = tapPanels + <usize>cp * panelBytes;
              const out = out0 + (<usize>(cp * nr) << 2);
              const cols = min(nr, c - cp * nr);
              const last = a + <usize>(rows - 1) * dyRow;
              if (nr == 16) tile2x16(a, min(a + dyRow, last), 0, 4, 1, o, b, 0, 64, out, ldo, rows, cols, true);
              else tile4x8(a, min(a + dyRow, last), min(a + 2 * dyRow, last), min(a + 3 * dyRow, last), 0, 4, 1, o, b, 0, 32, out, ldo, rows, cols, true);
            }
          }
        }
      }
    }
  }
}
