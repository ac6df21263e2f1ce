import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildOwnDataset } from '../../data/own/document';
import { OPTIONS, classNames, shapesPool } from '../../data/own/testing/fixtures';
import { trainableDataset } from '../../data/own/trainable';
import { english } from '../../i18n/testing/english';
import { MessageError } from '../../i18n/message';
import { encodeNpy, unicodeArray } from '../protocol/npy';
import { ownDatasetNpz } from './datasetNpz';

const data = trainableDataset('own:0123456789abcdef', buildOwnDataset(shapesPool(10), classNames(3), OPTIONS));

describe('a data set of your own as dataset.npz', () => {
  it('holds both whole splits as uint8 arrays and the class names, deflated', () => {
    const exported = ownDatasetNpz(data);
    expect(exported).toMatchObject({ name: 'Shapes', classNames: ['cross', 'ring', 'square'], trainCount: data.train.count, testCount: data.test.count });
    expect(data.train.count + data.test.count).toBe(30);
    const files = unzipSync(exported.file);
    expect(Object.keys(files).sort()).toEqual(['class_names.npy', 'x_test.npy', 'x_train.npy', 'y_test.npy', 'y_train.npy']);
    const same = (name: string, expected: Uint8Array) => expect(Buffer.compare(files[name], expected)).toBe(0);
    same('x_train.npy', encodeNpy({ dtype: 'uint8', shape: [data.train.count, 28, 28], data: data.train.images }));
    same('y_train.npy', encodeNpy({ dtype: 'uint8', shape: [data.train.count], data: data.train.labels }));
    same('x_test.npy', encodeNpy({ dtype: 'uint8', shape: [data.test.count, 28, 28], data: data.test.images }));
    same('y_test.npy', encodeNpy({ dtype: 'uint8', shape: [data.test.count], data: data.test.labels }));
    same('class_names.npy', encodeNpy(unicodeArray(['cross', 'ring', 'square'])));
    // Deflated: the shapes are mostly black.
    expect(exported.file.length).toBeLessThan(30 * 784);
    // Its own buffer, so the worker can transfer it whole.
    expect(exported.file.byteLength).toBe(exported.file.buffer.byteLength);
  });

  it('refuses a set over the cap in a sentence, before writing anything', () => {
    const big = trainableDataset('own:0123456789abcdef', buildOwnDataset(shapesPool(200), classNames(3), OPTIONS));
    let refusal: unknown;
    try {
      ownDatasetNpz(big, 256 * 1024);
    } catch (err) {
      refusal = err;
    }
    expect(600 * 785).toBeGreaterThan(256 * 1024);
    if (!(refusal instanceof MessageError)) throw new Error(`expected a refusal, got ${String(refusal)}`);
    expect(english(refusal.said)).toBe(
      'The data set Shapes takes 0.5 MB of images and labels, over the 0.3 MB an export for TensorFlow carries: make a smaller data set and train on it to export.',
    );
    expect(() => ownDatasetNpz({ ...data, id: 'mnist', own: undefined })).toThrow('mnist is not a data set of your own');
  });
});
