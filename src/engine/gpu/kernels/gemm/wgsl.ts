/** Small helpers the product generators write WGSL with: straight-line code, no arrays in registers. */

/** One line per (r, c) of a register tile: software adapters (Subzero) neither unroll loops nor keep arrays in registers. */
export function each(rows: number, cols: number, line: (r: number, c: number) => string): string {
  const lines: string[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) lines.push(line(r, c));
  return lines.join('\n');
}

/** One line per i in [0, count). */
export function range(count: number, line: (i: number) => string): string {
  return Array.from({ length: count }, (_, i) => line(i)).join('\n');
}

/** The WGSL that sends one finished sum to its place: the layer's store, or the split's partial sums. */
export function storeOrPartial(split: boolean, M: number, N: number, value: string): string {
  return split ? `partial[(wg.z * ${M}u + m) * ${N}u + n] = ${value};` : `store(m, n, ${value});`;
}
