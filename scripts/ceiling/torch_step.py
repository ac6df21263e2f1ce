#!/usr/bin/env python3
"""PyTorch on the CPU, the same network the app trains: the yardstick for the app's WebAssembly step.

  python3 torch_step.py --model model.json --params 93322 --batch 64 --threads 1,2 --warmup 5 --steps 30
  python3 torch_step.py --gan gan.json --params 2021905 --batch 64 --threads 1,2

model.json is the app's CNN as TensorFlow.js writes it (model.toJSON: Keras layer configs); gan.json
holds {"generator": ..., "discriminator": ...} the same way. The same layers (Conv2D, MaxPooling2D,
Flatten, Dense, LeakyReLU, Activation, Reshape; their activations), Glorot-uniform kernels and zero
biases as Keras initialises them, Adam (epsilon 1e-7 as TensorFlow.js uses), float32, one batch of
random images kept in memory.

A CNN step: cross-entropy, backward, Adam, ending in loss.item() as the app's step ends in a read-back;
a forward pass is one no-grad pass. A GAN step is the app's (src/engine/gan/ganSteps.ts): a
discriminator update on real and generated images (binary cross-entropy on logits), then a generator
update through the fixed discriminator, Adam beta1 0.5 for both.

Before timing anything it checks that the network has --params parameters (the app's count) and
stops with exit code 4 if not. Prints one JSON object: the PyTorch version, its default thread count,
what it was built with (CPU capability, BLAS, oneDNN), the parameter count, and per thread count the
median forward (CNN) and step times in ms.
"""
import argparse
import json
import os
import re
import statistics
import sys
import time

try:
    import torch
    from torch import nn
except ImportError:
    print(json.dumps({"error": "PyTorch is not installed for " + sys.executable}))
    sys.exit(3)

ACTIVATIONS = {"relu": nn.ReLU, "tanh": nn.Tanh, "sigmoid": nn.Sigmoid, "linear": None, "softmax": None}
# The GAN's settings the app trains with by default (src/config/ganConfig.ts).
GAN_LEARNING_RATE = 2e-4
GAN_BETA1 = 0.5
ADAM_EPSILON = 1e-7


def layers_of(topology):
    config = topology.get("config", topology)
    layers = config["layers"] if isinstance(config, dict) else config
    return [(layer["class_name"], layer["config"]) for layer in layers]


def pair(value):
    return tuple(value) if isinstance(value, (list, tuple)) else (value, value)


def shape_after(module, shape):
    with torch.no_grad():
        return tuple(module(torch.zeros(1, *shape)).shape[1:])


def build(topology, shape, drop_final_activation):
    """nn.Sequential over NCHW input. The last layer's softmax (a CNN) or sigmoid (a discriminator) is left to the loss."""
    modules = []
    layers = layers_of(topology)
    for index, (kind, cfg) in enumerate(layers):
        last = index == len(layers) - 1
        if kind == "InputLayer":
            continue
        if kind == "Conv2D":
            padding = "same" if cfg.get("padding") == "same" else 0
            module = nn.Conv2d(shape[0], cfg["filters"], pair(cfg["kernel_size"]), stride=pair(cfg.get("strides", 1)), padding=padding)
        elif kind == "MaxPooling2D":
            module = nn.MaxPool2d(pair(cfg["pool_size"]), stride=pair(cfg.get("strides") or cfg["pool_size"]))
        elif kind == "Flatten":
            module = nn.Flatten()
        elif kind == "Dense":
            module = nn.Linear(shape[0], cfg["units"])
        elif kind == "LeakyReLU":
            module = nn.LeakyReLU(cfg.get("alpha", 0.3))
        elif kind == "Reshape":
            target = cfg["target_shape"]  # NHWC as Keras writes it; NCHW here
            module = nn.Unflatten(1, (target[2], target[0], target[1])) if len(target) == 3 else nn.Unflatten(1, tuple(target))
        elif kind == "Activation":
            module = None
        else:
            raise SystemExit(f"torch_step.py: no PyTorch layer for {kind}")
        if module is not None:
            modules.append(module)
            shape = shape_after(module, shape)
        activation = cfg.get("activation") or "linear"
        if activation not in ACTIVATIONS:
            raise SystemExit(f"torch_step.py: no PyTorch activation for {activation}")
        if ACTIVATIONS[activation] and not (last and drop_final_activation):
            modules.append(ACTIVATIONS[activation]())
    model = nn.Sequential(*modules)
    for module in model.modules():
        if isinstance(module, (nn.Conv2d, nn.Linear)):
            nn.init.xavier_uniform_(module.weight)
            nn.init.zeros_(module.bias)
    return model, shape


def parameter_count(*models):
    return sum(p.numel() for model in models for p in model.parameters())


def median_ms(run, warmup, steps):
    for _ in range(warmup):
        run()
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def cnn_workload(topology, args):
    model, _ = build(topology, (args.channels, args.side, args.side), True)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr, betas=(0.9, 0.999), eps=ADAM_EPSILON)
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

    return parameter_count(model), step, forward


def gan_workload(topologies, args):
    latent = topologies["latentSize"]
    generator, image_shape = build(topologies["generator"], (latent,), False)
    discriminator, _ = build(topologies["discriminator"], image_shape, True)
    d_optimizer = torch.optim.Adam(discriminator.parameters(), lr=GAN_LEARNING_RATE, betas=(GAN_BETA1, 0.999), eps=ADAM_EPSILON)
    g_optimizer = torch.optim.Adam(generator.parameters(), lr=GAN_LEARNING_RATE, betas=(GAN_BETA1, 0.999), eps=ADAM_EPSILON)
    bce = nn.BCEWithLogitsLoss()
    real = torch.rand(args.batch, *image_shape) * 2 - 1
    ones, zeros = torch.ones(args.batch, 1), torch.zeros(args.batch, 1)

    def step():
        # The discriminator on real and generated images, scored apart, as the app's discriminatorStep.
        with torch.no_grad():
            fake = generator(torch.randn(args.batch, latent))
        d_optimizer.zero_grad(set_to_none=True)
        logits = discriminator(torch.cat([real, fake]))
        d_loss = bce(logits[: args.batch], ones) + bce(logits[args.batch :], zeros)
        d_real, d_fake = torch.sigmoid(logits[: args.batch]).mean(), torch.sigmoid(logits[args.batch :]).mean()
        d_loss.backward()
        d_optimizer.step()
        # The generator through the fixed discriminator (its weights get no gradient, as the app's varList).
        discriminator.requires_grad_(False)
        g_optimizer.zero_grad(set_to_none=True)
        logits = discriminator(generator(torch.randn(args.batch, latent)))
        g_loss = bce(logits, ones)
        g_fake = torch.sigmoid(logits).mean()
        g_loss.backward()
        g_optimizer.step()
        discriminator.requires_grad_(True)
        return d_loss.item() + g_loss.item() + d_real.item() + d_fake.item() + g_fake.item()

    return parameter_count(generator, discriminator), step, None


def build_facts():
    """What this PyTorch was built with (its own words) and the BLAS library it loaded."""
    config = torch.__config__.show()
    facts = {}
    for key, pattern in (("cpuCapability", r"CPU capability usage: (\S+)"), ("blas", r"BLAS_INFO=([^,\s]+)"), ("onednn", r"MKL-DNN (v[\d.]+)")):
        match = re.search(pattern, config)
        facts[key] = match.group(1) if match else None
    try:
        with open("/proc/self/maps") as maps:
            libraries = {os.path.realpath(line.split()[-1]) for line in maps if "blas" in line.lower() and "/" in line}
        facts["blasLibraries"] = sorted(libraries)
    except OSError:
        facts["blasLibraries"] = []
    return facts


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    kind = ap.add_mutually_exclusive_group(required=True)
    kind.add_argument("--model")
    kind.add_argument("--gan")
    ap.add_argument("--params", type=int, required=True, help="the app's parameter count; nothing is timed if the network here differs")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--threads", default="1")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--steps", type=int, default=30)
    ap.add_argument("--lr", type=float, default=0.001)
    ap.add_argument("--side", type=int, default=28)
    ap.add_argument("--channels", type=int, default=1)
    ap.add_argument("--classes", type=int, default=10)
    args = ap.parse_args()
    with open(args.model or args.gan) as f:
        topology = json.load(f)
    default_threads = torch.get_num_threads()
    torch.manual_seed(0)
    params, step, forward = cnn_workload(topology, args) if args.model else gan_workload(topology, args)
    head = {"torch": torch.__version__, "python": sys.executable, "defaultThreads": default_threads, "build": build_facts(), "params": params}
    if params != args.params:
        print(json.dumps({**head, "error": f"PyTorch's network has {params} parameters, the app's {args.params}: not timed"}))
        sys.exit(4)
    results = []
    for threads in [int(t) for t in args.threads.split(",")]:
        torch.set_num_threads(threads)
        timing = {"threads": threads}
        if forward:
            timing["forwardMs"] = median_ms(forward, args.warmup, args.steps)
        timing["stepMs"] = median_ms(step, args.warmup, args.steps)
        results.append(timing)
    print(json.dumps({**head, "results": results}))


if __name__ == "__main__":
    main()
