import { engineJourneys } from './journeys';
import { launchWebKit } from '../../scripts/engines/webkit';
import { baseUrl, webKitDriverPort } from './served';

// WebKitGTK: isolated yet without SharedArrayBuffer, WebGL in the page but not in a worker, no WebGPU.
engineJourneys('webkit', () => launchWebKit(baseUrl(), webKitDriverPort()), {
  wasm: /cross-origin isolated, but this browser gives workers no SharedArrayBuffer/,
  webgl: /works in this page but not in a worker/,
  webgpu: /navigator\.gpu is missing/,
});
