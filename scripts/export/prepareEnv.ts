/**
 * `npm test`'s early step for the export check: makes (or finds) the Python with TensorFlow that
 * `npm run test:export` will use, while the static checks run, so pip's download and unpacking are off the
 * later step's path. Never fails: where pip cannot install, the export check says so and takes its NumPy route.
 */
import { pythonForExport } from './pythonEnv';

const choice = await pythonForExport('python3', true);
console.log(`export check's Python: ${choice.python} (${choice.said})`);
