#!/usr/bin/env bash
# npm run gpu:bundle — builds .gpu/, everything the `device` tool's GPU machine needs to run the app's WebGPU
# engine beside PyTorch (that machine has Python and PyTorch, but no Node.js, no browser and no network):
#   node            this machine's Node.js (an official x64 build: glibc and libstdc++ only), stripped, xz
#   dawn.node       Dawn's Node bindings from npm `webgpu` (this project's devDependency), stripped, xz
#   engine.bundle.mjs   scripts/gpu/onDevice.ts with the app's engine and TensorFlow.js inlined (esbuild, ESM builds)
#   torch_gpu.py, run.sh, data/mnist (the app's own assets), debs/ (Vulkan loader and GL dispatch, Debian's)
# Then, on the GPU machine, from a copy of the repo: bash scripts/gpu/run.sh   (carry [".gpu"], timeout 600).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DEST="$ROOT/.gpu"
NODE_BIN=${NODE_BIN:-$(command -v node)}
DEBS="libvulkan1 libglvnd0 libegl1 libgl1 libglx0 libopengl0 libgles2 libx11-6 libxext6 libxcb1 libxau6 libxdmcp6 libbsd0 libmd0"

for tool in xz apt-get dpkg-deb sha256sum; do
  command -v "$tool" >/dev/null || { echo "gpu:bundle: $tool is missing" >&2; exit 1; }
done
"$NODE_BIN" -e 'if (process.arch !== "x64" || process.platform !== "linux") { console.error(`need node on linux-x64, got ${process.platform}-${process.arch}`); process.exit(1); }'
if ldd "$NODE_BIN" | grep -qE 'libnode|libuv|libicu|libssl|libcrypto|not found'; then
  echo "gpu:bundle: $NODE_BIN needs shared libraries the GPU machine lacks; set NODE_BIN to an official Node.js x64 build" >&2
  exit 1
fi
[ -f "$ROOT/public/data/mnist/train-images.u8.gz" ] || (cd "$ROOT" && npm run data >/dev/null)

WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpu-bundle.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
echo "== esbuild"
(cd "$ROOT" && npx esbuild scripts/gpu/onDevice.ts --bundle --platform=node --format=esm --target=node20 \
  --main-fields=module,main --external:webgpu --log-level=warning \
  --banner:js="import { createRequire as __cjsRequire } from 'node:module'; import { fileURLToPath as __fileURLToPath } from 'node:url'; import { dirname as __pathDirname } from 'node:path'; const require = __cjsRequire(import.meta.url); const __filename = __fileURLToPath(import.meta.url); const __dirname = __pathDirname(__filename);" \
  --outfile="$WORK/engine.bundle.mjs")

rm -rf "$DEST"
mkdir -p "$DEST/debs" "$DEST/data/mnist"
cp "$WORK/engine.bundle.mjs" "$ROOT/scripts/gpu/torch_gpu.py" "$DEST/"
cp "$ROOT"/public/data/mnist/* "$DEST/data/mnist/"
cp "$ROOT/node_modules/webgpu/dist/linux-x64/dawn.node" "$WORK/dawn.node"
cp "$NODE_BIN" "$WORK/node"
if command -v strip >/dev/null; then strip "$WORK/dawn.node" "$WORK/node"; fi
"$WORK/node" -e "const m = require('$WORK/dawn.node'); if (typeof m.create !== 'function') process.exit(1)"
echo "== compress"
xz -9 -T2 --x86 --lzma2=preset=9 -c "$WORK/dawn.node" > "$DEST/dawn.node.xz" &
xz -9 -T2 --x86 --lzma2=preset=9 -c "$WORK/node" > "$DEST/node.xz"
wait

echo "== debs"
download_debs() {
  # shellcheck disable=SC2086 # DEBS is a word list
  (cd "$DEST/debs" && apt-get download -qq $DEBS 2>&1 | grep -v 'unsandboxed' || true)
  ls "$DEST"/debs/libvulkan1_*.deb >/dev/null 2>&1
}
download_debs || { apt-get update -qq && download_debs; } || { echo "gpu:bundle: apt-get download failed" >&2; exit 1; }
for f in "$DEST"/debs/*.deb; do mv "$f" "$DEST/debs/$(dpkg-deb -f "$f" Package).deb"; done

{
  echo "built $(date -u +%Y-%m-%dT%H:%M:%SZ) by scripts/gpu/bundle.sh from $(cd "$ROOT" && git rev-parse --short HEAD)$(cd "$ROOT" && git diff --quiet || echo ' (with uncommitted changes)')"
  echo "node $("$NODE_BIN" -v) | webgpu $(node -p "require('$ROOT/node_modules/webgpu/package.json').version")"
  (cd "$DEST" && find . -type f ! -name MANIFEST.txt | sort | xargs sha256sum)
} > "$DEST/MANIFEST.txt"
du -sh "$DEST"
