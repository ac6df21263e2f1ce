/** verify.py: proves the exported package rebuilds the app's model, to the parameter and to 1e-4 on the app's own outputs. */

/** One model of the package and what the app computed with it. */
export interface VerifiedModel {
  /** The weights' prefix in weights.npz and the build function's suffix: model, generator, discriminator. */
  role: string;
  params: number;
  /** Arrays of check.npz: the inputs the app fed and the outputs it got. */
  input: string;
  output: string;
}

/** Largest difference allowed between the app's outputs and Keras's: float32 sums in another order. */
export const VERIFY_TOLERANCE = 1e-4;

export function verifyScript(models: readonly VerifiedModel[]): string {
  const builders = models.map((m) => (m.role === 'model' ? 'build_model' : `build_${m.role}`));
  return `#!/usr/bin/env python3
"""Checks that this package rebuilds the app's model exactly: the same number of parameters, and, with the
browser-trained weights, the same outputs on the app's own check inputs (check.npz) within ${VERIFY_TOLERANCE}."""
import json
import os
import sys

import numpy as np

from train import HERE, load_weights, ${builders.join(', ')}

TOLERANCE = ${VERIFY_TOLERANCE}
MODELS = ${JSON.stringify(models.map((m, i) => ({ ...m, build: builders[i] })))}


def main():
    check = np.load(os.path.join(HERE, "check.npz"))
    report, ok = {}, True
    for spec in MODELS:
        model = globals()[spec["build"]]()
        load_weights(model, os.path.join(HERE, "weights.npz"), spec["role"])
        params = int(model.count_params())
        outputs = np.asarray(model(check[spec["input"]], training=False))
        diff = float(np.max(np.abs(outputs - check[spec["output"]])))
        report[spec["role"]] = {"params": params, "expected_params": spec["params"], "max_abs_diff": diff, "examples": int(outputs.shape[0])}
        ok = ok and params == spec["params"] and diff <= TOLERANCE
    print(json.dumps(report))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
`;
}
