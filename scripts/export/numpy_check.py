#!/usr/bin/env python3
"""The exported package checked with NumPy alone, for machines that cannot install TensorFlow (CI reaches
only npm and Debian's packages; Debian 12 has NumPy but neither TensorFlow nor Keras).

For each model of the package it rebuilds the forward pass from the package's own files
(<role>_topology.json, weights.npz, check.npz) with the Keras semantics of each layer the export knows,
counts the parameters and compares the outputs with the app's within the package's tolerance.
Usage: numpy_check.py PACKAGE_FOLDER. Prints one JSON line (the same shape as verify.py's) and exits 1
on any mismatch. It checks the weights, their layout and the topology; it does not run train.py.
"""
import json
import os
import sys

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

TOLERANCE = 1e-4


def activate(x, name):
    if name in (None, "linear"):
        return x
    if name == "relu":
        return np.maximum(x, 0)
    if name == "sigmoid":
        return 1 / (1 + np.exp(-x))
    if name == "tanh":
        return np.tanh(x)
    if name == "softmax":
        e = np.exp(x - x.max(axis=-1, keepdims=True))
        return e / e.sum(axis=-1, keepdims=True)
    raise ValueError(f"unknown activation {name}")


def pair(v):
    return (v, v) if isinstance(v, int) else tuple(v)


def same_pads(size, k, s):
    """TensorFlow's 'same': output ceil(size / s), the extra padding at the end."""
    out = -(-size // s)
    total = max((out - 1) * s + k - size, 0)
    return out, total // 2, total - total // 2


def windows(x, k, s, padding, fill):
    (kh, kw), (sh, sw) = k, s
    n, h, w, c = x.shape
    if padding == "same":
        oh, top, bottom = same_pads(h, kh, sh)
        ow, left, right = same_pads(w, kw, sw)
        x = np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)), constant_values=fill)
    else:
        oh, ow = (h - kh) // sh + 1, (w - kw) // sw + 1
    view = sliding_window_view(x, (kh, kw), axis=(1, 2))  # [n, h', w', c, kh, kw]
    return view[:, ::sh, ::sw][:, :oh, :ow]


def conv2d(x, kernel, cfg):
    k, s = kernel.shape[:2], pair(cfg.get("strides", 1))
    view = windows(x, k, s, cfg.get("padding", "valid"), 0.0)
    return np.einsum("nhwcij,ijco->nhwo", view, kernel, optimize=True)


def conv2d_transpose(x, kernel, cfg):
    """Keras's Conv2DTranspose: kernel [kh, kw, out, in]; each input position adds its kernel-weighted copy."""
    (kh, kw), (sh, sw) = kernel.shape[:2], pair(cfg.get("strides", 1))
    n, h, w, _ = x.shape
    full = np.zeros((n, (h - 1) * sh + kh, (w - 1) * sw + kw, kernel.shape[2]), dtype=np.float64)
    for i in range(kh):
        for j in range(kw):
            full[:, i:i + (h - 1) * sh + 1:sh, j:j + (w - 1) * sw + 1:sw, :] += np.einsum("nhwc,oc->nhwo", x, kernel[i, j])
    if cfg.get("padding", "valid") == "same":
        oh, ow = h * sh, w * sw
        top, left = max(kh - sh, 0) // 2, max(kw - sw, 0) // 2
        return full[:, top:top + oh, left:left + ow]
    return full


def forward(topology, weights, x):
    layers = topology["config"]["layers"] if "config" in topology else topology["model_config"]["config"]["layers"]
    x = x.astype(np.float64)
    for layer in layers:
        kind, cfg = layer["class_name"], layer["config"]
        if kind in ("Conv2D", "Conv2DTranspose", "Dense"):
            kernel = weights.pop(0).astype(np.float64)
            if kind == "Conv2D":
                x = conv2d(x, kernel, cfg)
            elif kind == "Conv2DTranspose":
                x = conv2d_transpose(x, kernel, cfg)
            else:
                x = x @ kernel
            if cfg.get("use_bias", True):
                x = x + weights.pop(0)
            x = activate(x, cfg.get("activation"))
        elif kind == "MaxPooling2D":
            pool = pair(cfg["pool_size"])
            strides = pair(cfg.get("strides") or cfg["pool_size"])
            x = windows(x, pool, strides, cfg.get("padding", "valid"), -np.inf).max(axis=(-2, -1))
        elif kind == "Flatten":
            x = x.reshape(x.shape[0], -1)
        elif kind == "Reshape":
            x = x.reshape((x.shape[0], *cfg["target_shape"]))
        elif kind == "LeakyReLU":
            x = np.where(x >= 0, x, x * cfg["alpha"])
        elif kind == "Activation":
            x = activate(x, cfg["activation"])
        else:
            raise ValueError(f"layer {kind} unknown to the NumPy check")
    if weights:
        raise ValueError(f"{len(weights)} weights left over: the topology and weights.npz disagree")
    return x


def main(folder):
    verify = open(os.path.join(folder, "verify.py"), encoding="utf-8").read()
    models = json.loads(next(line for line in verify.splitlines() if line.startswith("MODELS = "))[len("MODELS = "):])
    stored = np.load(os.path.join(folder, "weights.npz"))
    check = np.load(os.path.join(folder, "check.npz"))
    report, ok = {}, True
    for spec in models:
        role = spec["role"]
        names = sorted(n for n in stored.files if n.startswith(role + "_"))
        weights = [stored[n] for n in names]
        params = int(sum(w.size for w in weights))
        topology = json.load(open(os.path.join(folder, f"{role}_topology.json"), encoding="utf-8"))
        outputs = forward(topology, list(weights), check[spec["input"]])
        diff = float(np.max(np.abs(outputs - check[spec["output"]])))
        report[role] = {"params": params, "expected_params": spec["params"], "max_abs_diff": diff, "examples": int(outputs.shape[0])}
        ok = ok and params == spec["params"] and diff <= TOLERANCE
    print(json.dumps(report))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main(sys.argv[1])
