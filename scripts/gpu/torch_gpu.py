#!/usr/bin/env python3
"""PyTorch beside the app's WebGPU engine, on the same GPU: the same models, batches and Adam.

  python3 torch_gpu.py --models OUT/models --batches 64,256,1024 --out OUT/torch.json

Reads the models the engine run wrote (OUT/models/<model>.json, Keras JSON from TensorFlow.js:
Conv2D, MaxPooling2D, Flatten, Dense, LeakyReLU, Activation, Reshape) and times a training step:
float32 (TF32 off), eager, Adam (epsilon 1e-7, as TensorFlow.js), cross-entropy (a GAN: BCE on logits,
one D and one G update), random inputs kept on the device. Two ways: a read-back of the loss after every
step (loss.item()), and steps in flight with one synchronisation per window, as the engine's figures are
timed. Each model's parameter count is printed so it can be checked against the app's.
"""
import argparse
import json
import os
import statistics
import sys
import time

try:
    import torch
    from torch import nn
except ImportError:
    print(json.dumps({"error": "PyTorch is not installed for " + sys.executable}))
    sys.exit(3)

ACTIVATIONS = {"relu": nn.ReLU, "tanh": nn.Tanh, "sigmoid": nn.Sigmoid}


def pair(value):
    return tuple(value) if isinstance(value, (list, tuple)) else (value, value)


class ToChannelsLast(nn.Module):
    """A Reshape to [h, w, c] as Keras means it, handed on as NCHW."""

    def __init__(self, shape):
        super().__init__()
        self.shape = shape

    def forward(self, x):
        return x.reshape(x.shape[0], *self.shape).permute(0, 3, 1, 2)


def build(path, drop_final_sigmoid=False):
    with open(path) as f:
        topology = json.load(f)
    config = topology.get("config", topology)
    layers = [(l["class_name"], l["config"]) for l in (config["layers"] if isinstance(config, dict) else config)]
    if drop_final_sigmoid and layers[-1][0] == "Activation":
        layers = layers[:-1]
    modules, shape = [], None
    for kind, cfg in layers:
        if shape is None:
            dims = cfg.get("batch_input_shape") or cfg.get("batchInputShape")
            shape = tuple(dims[1:])
            if len(shape) == 3:
                shape = (shape[2], shape[0], shape[1])
        if kind == "InputLayer":
            continue
        if kind == "Conv2D":
            conv = nn.Conv2d(shape[0], cfg["filters"], pair(cfg["kernel_size"]))
            modules.append(conv)
            shape = tuple(conv(torch.zeros(1, *shape)).shape[1:])
        elif kind == "MaxPooling2D":
            pool = nn.MaxPool2d(pair(cfg["pool_size"]))
            modules.append(pool)
            shape = tuple(pool(torch.zeros(1, *shape)).shape[1:])
        elif kind == "Flatten":
            modules.append(nn.Flatten())
            shape = (int(torch.tensor(shape).prod()),)
        elif kind == "Dense":
            modules.append(nn.Linear(shape[0], cfg["units"]))
            shape = (cfg["units"],)
        elif kind == "LeakyReLU":
            modules.append(nn.LeakyReLU(cfg.get("alpha", 0.3)))
        elif kind == "Reshape":
            target = tuple(cfg["target_shape"])
            modules.append(ToChannelsLast(target))
            shape = (target[2], target[0], target[1])
            continue
        elif kind != "Activation":
            raise SystemExit(f"torch_gpu.py: no PyTorch layer for {kind}")
        activation = cfg.get("activation") or "linear"
        if activation in ACTIVATIONS:
            modules.append(ACTIVATIONS[activation]())
    return nn.Sequential(*modules)


def timed(step, device, warmup, windows, window):
    """Median ms a step: synced each step, and in flight with one sync per window."""
    for _ in range(warmup):
        step(True)
    each = []
    for _ in range(windows * window):
        start = time.perf_counter()
        step(True)
        each.append((time.perf_counter() - start) * 1000)
    flight = []
    for _ in range(windows):
        start = time.perf_counter()
        for _ in range(window):
            step(False)
        if device.type == "cuda":
            torch.cuda.synchronize()
        flight.append((time.perf_counter() - start) * 1000 / window)
    return statistics.median(each), statistics.median(flight)


def classifier(path, batch, device, args):
    model = build(path).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.9, 0.999), eps=1e-7)
    loss_fn = nn.CrossEntropyLoss()
    first = model[0]
    channels = first.in_channels if isinstance(first, nn.Conv2d) else 1
    images = torch.rand(batch, channels, 28, 28, device=device)
    labels = torch.randint(0, 10, (batch,), device=device)

    def step(read):
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(model(images), labels)
        loss.backward()
        optimizer.step()
        return loss.item() if read else loss

    return sum(p.numel() for p in model.parameters()), timed(step, device, args.warmup, args.windows, args.window)


def gan(folder, batch, device, args):
    g = build(os.path.join(folder, "gan-generator.json")).to(device)
    d = build(os.path.join(folder, "gan-discriminator.json"), drop_final_sigmoid=True).to(device)
    go = torch.optim.Adam(g.parameters(), lr=2e-4, betas=(0.5, 0.999), eps=1e-7)
    do = torch.optim.Adam(d.parameters(), lr=2e-4, betas=(0.5, 0.999), eps=1e-7)
    bce = nn.BCEWithLogitsLoss()
    latent = g[0].in_features
    real = torch.rand(batch, 1, 28, 28, device=device) * 2 - 1
    ones = torch.ones(batch, 1, device=device)
    zeros = torch.zeros(batch, 1, device=device)

    def step(read):
        do.zero_grad(set_to_none=True)
        fake = g(torch.randn(batch, latent, device=device)).detach()
        logits = d(torch.cat([real, fake]))
        d_loss = bce(logits[:batch], ones) + bce(logits[batch:], zeros)
        d_loss.backward()
        do.step()
        go.zero_grad(set_to_none=True)
        g_loss = bce(d(g(torch.randn(batch, latent, device=device))), ones)
        g_loss.backward()
        go.step()
        return (d_loss.item(), g_loss.item()) if read else g_loss

    params = sum(p.numel() for p in g.parameters()) + sum(p.numel() for p in d.parameters())
    return params, timed(step, device, args.warmup, args.windows, args.window)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", required=True)
    ap.add_argument("--batches", default="64,256,1024")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--windows", type=int, default=3)
    ap.add_argument("--window", type=int, default=20)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if device.type == "cuda":
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        torch.backends.cudnn.benchmark = True
    rows = []
    names = sorted(f[:-5] for f in os.listdir(args.models) if f.endswith(".json") and not f.startswith("gan-"))
    for batch in [int(b) for b in args.batches.split(",")]:
        for name in names:
            params, (each, flight) = classifier(os.path.join(args.models, name + ".json"), batch, device, args)
            rows.append({"workload": name, "batch": batch, "params": params, "stepMs": each, "inFlightMs": flight})
            print(json.dumps(rows[-1]), flush=True)
        if os.path.exists(os.path.join(args.models, "gan-generator.json")):
            params, (each, flight) = gan(args.models, batch, device, args)
            rows.append({"workload": "mlp-gan", "batch": batch, "params": params, "stepMs": each, "inFlightMs": flight})
            print(json.dumps(rows[-1]), flush=True)
    info = {"torch": torch.__version__, "device": torch.cuda.get_device_name(0) if device.type == "cuda" else "cpu", "rows": rows}
    with open(args.out, "w") as f:
        json.dump(info, f, indent=2)


if __name__ == "__main__":
    main()
