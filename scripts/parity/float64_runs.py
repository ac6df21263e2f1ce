"""The runs of scripts/parity/float64.ts again in PyTorch: the same network, weights and batches, TensorFlow.js's
Adam (epsilon 1e-7, its bias correction) and loss (mean categorical cross-entropy of the softmax), in float64 (the
reference) and float32; prints each run's largest loss gap to the float64 run and to TensorFlow.js's cpu backend."""
import json
import sys

import torch
import torch.nn.functional as F

BETA1, BETA2, EPSILON = 0.9, 0.999, 1e-7


def train(d, dtype):
    steps, batch = len(d['cpu']), d['shape'][0]
    xs = torch.tensor(d['xs'], dtype=dtype).reshape([steps] + d['shape']).permute(0, 1, 4, 2, 3)
    ys = torch.tensor(d['ys'], dtype=dtype).reshape(steps, batch, -1)
    weights = {w['name']: torch.tensor(w['values'], dtype=dtype).reshape(w['shape']).requires_grad_() for w in d['weights']}
    order = list(weights.values())
    m = [torch.zeros_like(w) for w in order]
    v = [torch.zeros_like(w) for w in order]
    losses = []
    for s in range(steps):
        a = xs[s]
        for layer in d['layers']:
            w = [weights[n] for n in layer['weights']]
            if layer['kind'] == 'conv2d':
                a = F.conv2d(a, w[0].permute(3, 2, 0, 1), w[1])  # TensorFlow.js keeps [kh, kw, in, out]
            elif layer['kind'] == 'maxPooling2d':
                a = F.max_pool2d(a, layer['poolSize'])
            elif layer['kind'] == 'flatten':
                a = a.permute(0, 2, 3, 1).reshape(batch, -1)  # TensorFlow.js flattens channels last
            else:
                a = a @ w[0] + w[1]
            if layer['activation'] == 'relu':
                a = torch.relu(a)
            elif layer['activation'] not in (None, 'linear', 'softmax'):
                raise SystemExit(f"no float64 twin for the activation {layer['activation']}")
        loss = -(ys[s] * torch.log_softmax(a, 1)).sum(1).mean()
        for w in order:
            w.grad = None
        loss.backward()
        losses.append(loss.item())
        with torch.no_grad():
            for k, w in enumerate(order):
                m[k] = BETA1 * m[k] + (1 - BETA1) * w.grad
                v[k] = BETA2 * v[k] + (1 - BETA2) * w.grad ** 2
                w -= d['lr'] * (m[k] / (1 - BETA1 ** (s + 1))) / ((v[k] / (1 - BETA2 ** (s + 1))).sqrt() + EPSILON)
    return losses


def gap(run, reference):
    gaps = [abs(a - b) for a, b in zip(run, reference)]
    first = next((str(i + 1) for i, g in enumerate(gaps) if g > 1e-4), '-')
    return f"{max(gaps):.2e} | {first}"


def main():
    d = json.load(open(sys.argv[1]))
    torch.set_num_threads(1)
    f64, f32 = train(d, torch.float64), train(d, torch.float32)
    steps, batch = len(d['cpu']), d['shape'][0]
    print(f"\n{d['model']}, batch {batch}, {steps} steps, learning rate {d['lr']}: largest |loss - reference loss| over the steps, and the first step past 1e-4\n")
    print('| run | vs float64 | first > 1e-4 | vs TensorFlow.js cpu | first > 1e-4 | last loss |')
    print('|---|---:|---:|---:|---:|---:|')
    engine = "app's WebGPU engine" + (f" ({d['adapter']})" if d['adapter'] else '')
    for name, run in [('PyTorch float64 (reference)', f64), ('TensorFlow.js cpu (float32)', d['cpu']), (engine, d['engine']), ('PyTorch float32 (CPU)', f32)]:
        print(f"| {name} | {gap(run, f64)} | {gap(run, d['cpu'])} | {run[-1]:.4f} |")


main()
