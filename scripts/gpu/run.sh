#!/usr/bin/env bash
# On the `device` tool's GPU machine, from the repo root with .gpu/ carried (npm run gpu:bundle builds it here):
#   bash scripts/gpu/run.sh [engine flags…]       e.g. --models classic --batches 64,1024 --skip full
# Unpacks Node.js and Dawn, makes Vulkan find NVIDIA's driver, runs the app's engine (scripts/gpu/onDevice.ts)
# and PyTorch (torch_gpu.py) on the same models and batches, and leaves in $OUT: report.md, engine.json,
# torch.json, log.txt, env.txt. GPU_EXPECT_ADAPTER (default nvidia; '.' for any, e.g. SwiftShader here with
# VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json) refuses to time another adapter.
set -u
set -o pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
B="$ROOT/.gpu"
OUT=${OUT:-$(mktemp -d "${TMPDIR:-/tmp}/gpu-out.XXXXXX")}
W=$(mktemp -d "${TMPDIR:-/tmp}/gpu-run.XXXXXX")
EXPECT=${GPU_EXPECT_ADAPTER:-nvidia}
mkdir -p "$OUT"
trap 'rm -rf "$W"' EXIT

unpack() {
  [ -f "$B/engine.bundle.mjs" ] || { echo "no .gpu/engine.bundle.mjs: run npm run gpu:bundle where npm works, and carry .gpu"; return 1; }
  for f in node dawn.node; do
    if command -v xz >/dev/null; then xz -dc "$B/$f.xz" >"$W/$f"; else python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' "$B/$f.xz" "$W/$f"; fi || return 1
  done
  chmod +x "$W/node"
  echo "node $("$W/node" -v)"
}

# Debian's Vulkan loader and GL dispatch, unpacked only where the machine lacks their libraries; then NVIDIA's ICD.
setup_vulkan() {
  local deb lib
  for deb in "$B"/debs/*.deb; do
    for lib in $(dpkg-deb -c "$deb" 2>/dev/null | awk '{print $6}' | grep -oE '[^/]+\.so\.[0-9]+$' | sort -u); do
      if ! ldconfig -p | grep -q " $lib "; then dpkg-deb -x "$deb" / && echo "unpacked $(basename "$deb")"; break; fi
    done
  done
  ldconfig 2>/dev/null || true
  if [ -z "${VK_ICD_FILENAMES:-}${VK_DRIVER_FILES:-}" ]; then
    local icd
    icd=$(ls /etc/vulkan/icd.d/*nvidia*.json /usr/share/vulkan/icd.d/*nvidia*.json /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json 2>/dev/null | head -1)
    [ -z "$icd" ] && icd=$(timeout 20 find /usr/local/nvidia /usr/share /etc -name 'nvidia_icd*.json' 2>/dev/null | head -1)
    if [ -n "$icd" ]; then export VK_DRIVER_FILES=$icd VK_ICD_FILENAMES=$icd; echo "Vulkan ICD: $icd"; else echo "no NVIDIA Vulkan ICD found"; fi
    export __EGL_VENDOR_LIBRARY_FILENAMES=${__EGL_VENDOR_LIBRARY_FILENAMES:-/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json}
  fi
  local glx
  glx=$(ldconfig -p | awk '/libGLX_nvidia\.so\.0 /{print $NF; exit}')
  [ -z "$glx" ] && glx=$(timeout 20 find /usr/local/nvidia /usr/lib -name 'libGLX_nvidia.so.0' 2>/dev/null | head -1) && [ -n "$glx" ] && export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$(dirname "$glx")"
}

environment() {
  {
    date -u +%FT%TZ; uname -a; nproc
    nvidia-smi 2>&1 | head -20
    python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.is_available())' 2>&1
    cat "$B/MANIFEST.txt"
    env | grep -E '^(VK_|LD_LIBRARY_PATH|__EGL)' | sort
  } >"$OUT/env.txt" 2>&1
}

main() {
  unpack || return 1
  setup_vulkan
  environment
  local engine_args=(--dawn "$W/dawn.node" --data "$B/data" --out "$OUT" --expect-adapter "$EXPECT" "$@")
  echo "== engine $(date +%T)"
  timeout -k 5 "${GPU_ENGINE_S:-420}" "$W/node" --max-old-space-size=8192 "$B/engine.bundle.mjs" "${engine_args[@]}"
  echo "== engine: exit $?"
  local batches
  batches=$(printf '%s\n' "$@" | awk 'f{print; exit} $0=="--batches"{f=1}')
  echo "== torch $(date +%T)"
  PYTHONUNBUFFERED=1 timeout -k 5 "${GPU_TORCH_S:-120}" python3 "$B/torch_gpu.py" --models "$OUT/models" --batches "${batches:-64,256,1024}" --out "$OUT/torch.json"
  echo "== torch: exit $?"
  "$W/node" "$B/engine.bundle.mjs" --merge "$OUT"
}

main "$@" 2>&1 | tee "$OUT/log.txt"
