import { engineJourneys } from './journeys';
import { launchFirefox } from '../../scripts/engines/firefox';
import { baseUrl, engineBinaries } from './served';

// Firefox ESR has no WebGPU, and headless without a GPU no WebGL; its WebAssembly runs threads.
engineJourneys('firefox', () => launchFirefox(baseUrl(), engineBinaries().firefox), {
  wasm: /with threads$/,
  webgl: /refused a WebGL 2 context/,
  webgpu: /navigator\.gpu is missing/,
});
