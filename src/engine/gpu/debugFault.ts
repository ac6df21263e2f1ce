/**
 * A GPU error a test asks for (the page's debug hook; no view arms one): the next sync window of the app's
 * engine records a command on a destroyed buffer, a real validation error its own scopes then catch.
 */

/** GPUBufferUsage.COPY_DST, spelled out (Dawn's Node bindings put the flags on globalThis only when asked). */
const COPY_DST = 0x0008;

let armed = false;

export function armWindowFault(): void {
  armed = true;
}

/** Given a window's last step's encoder: makes its work fail once, if a test armed it. */
export function injectArmedFault(device: GPUDevice, encoder: GPUCommandEncoder): void {
  if (!armed) return;
  armed = false;
  const broken = device.createBuffer({ label: 'fault injected by a test', size: 4, usage: COPY_DST });
  broken.destroy();
  encoder.clearBuffer(broken);
}
