/** What the worker hands over for an "Export for TensorFlow" package: plain data, safe to postMessage. */

/** An n-dimensional array as NumPy would hold it; text as fixed-width UTF-32 (NumPy's `<U{chars}`), `chars` code points an item. */
export type NpyArray = { shape: readonly number[] } & (
  | { dtype: 'float32'; data: Float32Array }
  | { dtype: 'uint8'; data: Uint8Array }
  | { dtype: 'int32'; data: Int32Array }
  | { dtype: 'unicode'; chars: number; data: Uint32Array }
);

/** Which model of a run: a classifier's one model, or a GAN's two. */
export type ExportRole = 'model' | 'generator' | 'discriminator';

export interface ExportedWeight {
  name: string;
  shape: number[];
  values: Float32Array;
}

export interface ExportedModel {
  role: ExportRole;
  /** The model as TensorFlow.js wrote it (model.toJSON). */
  topology: unknown;
  weights: ExportedWeight[];
  params: number;
  /** Arrays of the check file this model read and wrote. */
  check: { input: string; output: string };
}

/** A data set of your own as the package's dataset.npz (x_train, y_train, x_test, y_test as uint8, class_names), made in the device worker. */
export interface ExportedDataset {
  /** The .npz file's bytes, handed over (transferred) whole. */
  file: Uint8Array;
  name: string;
  classNames: readonly string[];
  trainCount: number;
  testCount: number;
}

/** A trained run's models and what the app computed with them (the check the Python side repeats); a run on your own data carries that data. */
export interface ExportedRun {
  models: ExportedModel[];
  check: Record<string, NpyArray>;
  dataset?: ExportedDataset;
}
