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

/**
 * The register tile's stores as one loop over a local copy of its sums: the store (a layer's activation, an
 * index) is compiled once, not once per sum, which keeps a large tile's kernel quick to compile (SwiftShader).
 * `row` and `col` are WGSL in r and c; `sum` names the register holding sum (r, c).
 */
export function tileStore(rows: number, cols: number, row: string, col: string, split: boolean, spec: { M: number; N: number }, sum = (r: number, c: number) => `acc${r}_${c}`): string {
  return `var sums: array<f32, ${rows * cols}>;
  ${each(rows, cols, (r, c) => `sums[${r * cols + c}] = ${sum(r, c)};`)}
  for (var r = 0u; r < ${rows}u; r = r + 1u) {
    for (var c = 0u; c < ${cols}u; c = c + 1u) {
      let m = ${row};
      let n = ${col};
      if (m < M && n < N) { ${storeOrPartial(split, spec.M, spec.N, `sums[r * ${cols}u + c]`)} }
    }
  }`;
}
