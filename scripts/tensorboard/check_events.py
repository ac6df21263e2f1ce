#!/usr/bin/env python3
"""Checks a TensorBoard events file written by the app (src/share/tensorboard) against an EXPECTED.json
(scripts/tensorboard/writeSample.ts writes both).

Usage: check_events.py FILE EXPECTED.json

1. Always: reads the TFRecord framing with its own reader (uint64 LE length, masked CRC-32C of the length,
   data, masked CRC-32C of the data; CRC-32C from a table, no dependency), checks the record count and that
   the first record carries the file version "brain.Event:2". A bad record fails with its index and byte offset.
2. Where `tensorboard` is importable: loads the file with TensorBoard's EventAccumulator (keeping every
   event) and compares the scalar tags, steps and values (float32 precision; NaN and +-Infinity exact), the
   histogram tags, steps, counts and ranges, and the text tags, their markdown and the "text" plugin name.
   It also loads it with plugin_event_accumulator, what the TensorBoard server itself reads (it converts the
   legacy scalars and histograms to tensors), and checks the same tags come through.
Prints which route it took; exits 1 on any mismatch.
"""
import json
import math
import os
import struct
import sys

FILE_VERSION = b"brain.Event:2"
FLOAT32_REL = 1e-6  # float32 keeps ~7 significant digits; the app writes simple_value as float32


def _crc_table():
    table = []
    for n in range(256):
        c = n
        for _ in range(8):
            c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
        table.append(c)
    return table


CRC_TABLE = _crc_table()


def crc32c(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc = CRC_TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data):
    crc = crc32c(data)
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def read_records(blob):
    """The records' data; raises ValueError naming the record and byte offset of the first problem."""
    records, at = [], 0
    while at < len(blob):
        where = "record %d (at byte %d)" % (len(records), at)
        if len(blob) - at < 12:
            raise ValueError("%s: the file ends %d bytes into the 12-byte header; it is truncated" % (where, len(blob) - at))
        length_bytes = blob[at:at + 8]
        (stored,) = struct.unpack("<I", blob[at + 8:at + 12])
        if stored != masked_crc32c(length_bytes):
            raise ValueError("%s: the length's checksum does not match the length bytes; the file is corrupted" % where)
        (length,) = struct.unpack("<Q", length_bytes)
        start = at + 12
        if start + length + 4 > len(blob):
            raise ValueError("%s: the header says %d data bytes, more than the file holds; it is truncated" % (where, length))
        data = blob[start:start + length]
        (stored,) = struct.unpack("<I", blob[start + length:start + length + 4])
        if stored != masked_crc32c(data):
            raise ValueError("%s: the data's checksum does not match its %d bytes; the file is corrupted" % (where, length))
        records.append(data)
        at = start + length + 4
    return records


def as_float(v):
    return float(v)  # "NaN", "Infinity" and "-Infinity" (JSON has no such numbers) parse as floats too


def same_float(got, want):
    if math.isnan(want) or math.isinf(want):
        return math.isnan(got) if math.isnan(want) else got == want
    return math.isclose(got, want, rel_tol=FLOAT32_REL, abs_tol=1e-30)


def check_framing(path, expected, problems):
    with open(path, "rb") as f:
        records = read_records(f.read())
    if len(records) != expected["records"]:
        problems.append("framing: %d records, expected %d" % (len(records), expected["records"]))
    if not records or FILE_VERSION not in records[0]:
        problems.append("framing: the first record does not carry the file version %s" % FILE_VERSION.decode())
    print("framing: %d records, every length and checksum correct" % len(records))


def check_accumulator(path, expected, problems):
    from tensorboard.backend.event_processing import event_accumulator as ea

    keep_all = {kind: 0 for kind in (ea.COMPRESSED_HISTOGRAMS, ea.IMAGES, ea.AUDIO, ea.SCALARS, ea.HISTOGRAMS, ea.TENSORS)}
    acc = ea.EventAccumulator(path, size_guidance=keep_all)
    acc.Reload()
    tags = acc.Tags()
    for kind, key in (("scalars", ea.SCALARS), ("histograms", ea.HISTOGRAMS), ("texts", ea.TENSORS)):
        if sorted(tags[key]) != sorted(expected[kind]):
            problems.append("%s tags: %s, expected %s" % (kind, sorted(tags[key]), sorted(expected[kind])))
    if acc.file_version != float(FILE_VERSION.decode().split(":")[1]):
        problems.append("file version %r" % acc.file_version)
    for tag, points in expected["scalars"].items():
        got = [(e.step, e.value) for e in acc.Scalars(tag)] if tag in tags[ea.SCALARS] else []
        want = [(step, as_float(v)) for step, v in points]
        if len(got) != len(want):
            problems.append("scalar %s: %d points, expected %d" % (tag, len(got), len(want)))
        wrong = [(g, w) for g, w in zip(got, want) if g[0] != w[0] or not same_float(g[1], w[1])]
        for (gs, gv), (ws, wv) in wrong[:5]:
            problems.append("scalar %s: (step, value) = (%d, %r), expected (%d, %r)" % (tag, gs, gv, ws, wv))
    for tag, histos in expected["histograms"].items():
        got = [(e.step, e.histogram_value) for e in acc.Histograms(tag)] if tag in tags[ea.HISTOGRAMS] else []
        for (step, h), want in zip(got, histos):
            counted = sum(h.bucket)
            fields = (step, h.num, counted, len(h.bucket), h.min, h.max)
            if fields != (want["step"], want["num"], want["num"], want["buckets"], want["min"], want["max"]):
                problems.append("histogram %s: (step, num, sum of buckets, buckets, min, max) = %s, expected %s" % (tag, fields, want))
        if len(got) != len(histos):
            problems.append("histogram %s: %d events, expected %d" % (tag, len(got), len(histos)))
    for tag, text in expected["texts"].items():
        if tag not in tags[ea.TENSORS]:
            continue
        events = acc.Tensors(tag)
        got = [e.tensor_proto.string_val[0].decode("utf-8") for e in events]
        if got != [text]:
            problems.append("text %s: got %r, expected %r" % (tag, got, [text]))
        plugin = acc.SummaryMetadata(tag).plugin_data.plugin_name
        if plugin != "text":
            problems.append("text %s: plugin %r, expected 'text'" % (tag, plugin))
    print("EventAccumulator: %d scalar tags, %d histogram tags, %d text tags read"
          % (len(tags[ea.SCALARS]), len(tags[ea.HISTOGRAMS]), len(tags[ea.TENSORS])))


def check_plugin_accumulator(path, expected, problems):
    from tensorboard.backend.event_processing import plugin_event_accumulator as pea
    from tensorboard.util import tensor_util

    acc = pea.EventAccumulator(path, size_guidance={pea.TENSORS: 0})
    acc.Reload()
    for plugin, kind in (("scalars", "scalars"), ("histograms", "histograms"), ("text", "texts")):
        got = sorted(acc.PluginTagToContent(plugin)) if plugin in acc.ActivePlugins() else []
        if got != sorted(expected[kind]):
            problems.append("plugin %s tags: %s, expected %s" % (plugin, got, sorted(expected[kind])))
    for tag, histos in expected["histograms"].items():
        for event, want in zip(acc.Tensors(tag), histos):
            # The server's form: one row per bucket, [left edge, right edge, count].
            counts = tensor_util.make_ndarray(event.tensor_proto)[:, 2]
            if event.step != want["step"] or int(counts.sum()) != want["num"]:
                problems.append("plugin histogram %s step %d: counts sum to %d, expected %d" % (tag, event.step, counts.sum(), want["num"]))
    print("plugin_event_accumulator: plugins %s" % sorted(acc.ActivePlugins()))


def main(argv):
    if len(argv) != 3:
        print("usage: check_events.py FILE EXPECTED.json", file=sys.stderr)
        return 2
    path, expected_path = argv[1], argv[2]
    with open(expected_path, encoding="utf-8") as f:
        expected = json.load(f)
    if "tfevents" not in os.path.basename(path):
        print("FAIL: %s: TensorBoard only reads files whose name contains 'tfevents'" % path)
        return 1
    problems = []
    try:
        check_framing(path, expected, problems)
    except ValueError as error:
        print("FAIL: %s: %s" % (path, error))
        return 1
    try:
        import tensorboard  # noqa: F401
    except ImportError:
        print("route: framing only: tensorboard is not importable")
    else:
        print("route: TensorBoard's EventAccumulator (tensorboard %s)" % tensorboard.__version__)
        check_accumulator(path, expected, problems)
        check_plugin_accumulator(path, expected, problems)
    for problem in problems:
        print("FAIL: %s" % problem)
    if not problems:
        print("OK")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
