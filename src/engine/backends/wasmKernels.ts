/** Placeholder until the wasm filter-gradient kernel lands (issue 8): registers nothing yet. */
export function registerWasmTrainingKernels(): void {}
