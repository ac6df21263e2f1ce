#!/usr/bin/env python3
"""PyTorch on the CPU, the same CNN the app trains: the yardstick for the app's WebAssembly step.

  python3 torch_step.py --model model.json --batch 64 --threads 1,2 --warmup 5 --steps 30

model.json is the app's model as TensorFlow.js writes it (model.toJSON: Keras layer configs). The
same layers (Conv2D, MaxPooling2D, Flatten, Dense; their activations), Glorot-uniform kernels and zero
biases as Keras initialises them, Adam (beta 0.9 / 0.999, epsilon 1e-7 as TensorFlow.js uses),
cross-entropy, float32, one batch of random images kept in memory. A training step ends in
loss.item(), as the app's step ends in a read-back; a forward pass is one no-grad pass.
Prints one JSON object: the PyTorch version, its default thread count, and per thread count the
median forward and step times in ms.
"""
import argparse
import json
import statistics
import sys
import time

try:
    import torch
    from torch import nn
except ImportError:
    print(json.dumps({"error": "PyTorch is not installed for " + sys.executable}))
    sys.exit(3)

ACTIVATIONS = {"relu": nn.ReLU, "linear": None, "softmax": None}


def layers_of(topology):
    config = topology.get("config", topology)
    layers = config["layers"] if isinstance(config, dict) else config
    return [(layer["class_name"], layer["config"]) for layer in layers]


def pair(value):
    return tuple(value) if isinstance(value, (list, tuple)) else (value, value)


def build(topology, side, channels):
    """nn.Sequential over NCHW input; 'softmax' on the last Dense is left to the loss (CrossEntropyLoss)."""
    modules, shape = [], (channels, side, side)
    for kind, cfg in layers_of(topology):
        if kind == "InputLayer":
            continue
        if kind == "Conv2D":
            kh, kw = pair(cfg["kernel_size"])
            padding = "same" if cfg.get("padding") == "same" else 0
            conv = nn.Conv2d(shape[0], cfg["filters"], (kh, kw), stride=pair(cfg.get("strides", 1)), padding=padding)
            modules.append(conv)
            with torch.no_grad():
                shape = tuple(conv(torch.zeros(1, *shape)).shape[1:])
        elif kind == "MaxPooling2D":
            pool = nn.MaxPool2d(pair(cfg["pool_size"]), stride=pair(cfg.get("strides") or cfg["pool_size"]))
            modules.append(pool)
            with torch.no_grad():
                shape = tuple(pool(torch.zeros(1, *shape)).shape[1:])
        elif kind == "Flatten":
            modules.append(nn.Flatten())
            shape = (shape[0] * shape[1] * shape[2],)
        elif kind == "Dense":
            modules.append(nn.Linear(shape[0], cfg["units"]))
            shape = (cfg["units"],)
        else:
            raise SystemExit(f"torch_step.py: no PyTorch layer for {kind}")
        activation = cfg.get("activation") or "linear"
        if activation not in ACTIVATIONS:
            raise SystemExit(f"torch_step.py: no PyTorch activation for {activation}")
        if ACTIVATIONS[activation]:
            modules.append(ACTIVATIONS[activation]())
    model = nn.Sequential(*modules)
    for module in model.modules():
        if isinstance(module, (nn.Conv2d, nn.Linear)):
            nn.init.xavier_uniform_(module.weight)
            nn.init.zeros_(module.bias)
    return model


def median_ms(run, warmup, steps):
    for _ in range(warmup):
        run()
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--threads", default="1")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--side", type=int, default=28)
    ap.add_argument("--channels", type=int, default=1)
    ap.add_argument("--classes", type=int, default=10)
    args = ap.parse_args()
    with open(args.model) as f:
        topology = json.load(f)
    default_threads = torch.get_num_threads()
    torch.manual_seed(0)
    model = build(topology, args.side, args.channels)
    params = sum(p.numel() for p in model.parameters())
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, betas=(0.9, 0.999), eps=1e-7)
    loss_fn = nn.CrossEntropyLoss()
    images = torch.rand(args.batch, args.channels, args.side, args.side)
    labels = torch.randint(0, args.classes, (args.batch,))

    def step():
        optimizer.zero_grad(set_to_none=True)
        loss = loss_fn(model(images), labels)
        loss.backward()
        optimizer.step()
        return loss.item()

    def forward():
        with torch.no_grad():
            return model(images)[0, 0].item()

    results = []
    for threads in [int(t) for t in args.threads.split(",")]:
        torch.set_num_threads(threads)
        results.append({"threads": threads, "forwardMs": median_ms(forward, args.warmup, args.steps), "stepMs": median_ms(step, args.warmup, args.steps)})
    print(json.dumps({"torch": torch.__version__, "python": sys.executable, "defaultThreads": default_threads, "params": params, "results": results}))


if __name__ == "__main__":
    main()
