"""Encoder runtimes on this CPU, on the same rows: torch fp32 / bf16, ONNX Runtime fp32 / int8, OpenVINO.

    OMP_NUM_THREADS=1 python scripts/measure_runtimes.py --rows 400 --threads 1

Needs `pip install onnxruntime onnx` (and `openvino` for its row); the judge itself runs torch.
Prints, per runtime, wall and CPU ms per sample over length-sorted batches of 16 pre-tokenised
rows, and the verdict flips (margin sign) and max |margin difference| against torch fp32.
This is how docs/speed.md chose the runtime; a runtime only counts if flips <= 0.1%.
"""
from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

import numpy as np
import torch

from judgesuite.judges.encoder.inputs import InputBuilder, length_sorted_batches, pad_arrays
from judgesuite.judges.encoder.judge import default_checkpoint, load_classifier
from judgesuite import dataset_names, load_dataset


def export(model, folder: Path) -> Path:
    path = folder / "model.onnx"
    ids = torch.tensor([[101, 2054, 2003, 102, 0, 0], [101, 2054, 2003, 1037, 2518, 102]])
    kw = {"input_ids": ids, "attention_mask": (ids != 0).long(), "token_type_ids": torch.zeros_like(ids)}
    axes = {n: {0: "b", 1: "s"} for n in kw} | {"logits": {0: "b"}}
    torch.onnx.export(model, (), str(path), kwargs=kw, input_names=list(kw), output_names=["logits"],
                      dynamic_axes=axes, opset_version=17, dynamo=False)
    return path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=400)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    tokenizer, model = load_classifier(default_checkpoint(), "float32")
    pool = [r.sample for n in dataset_names(probes=False) for r in load_dataset(n, "test").scorable()]
    samples = random.Random(1).sample(pool, args.rows)
    enc = InputBuilder(tokenizer, "qcr", 192).build(samples)
    batches = length_sorted_batches([len(e[0]) for e in enc], 16)
    print(f"{len(enc)} rows, {np.mean([len(e[0]) for e in enc]):.1f} tokens/row, load {os.getloadavg()[0]:.1f}")

    def run(forward) -> np.ndarray:
        out = np.zeros(len(enc))
        for idx in batches:
            logits = np.asarray(forward(pad_arrays([enc[i] for i in idx], 0, True)), dtype=np.float64)
            out[idx] = logits[:, 1] - logits[:, 0]
        return out

    def torch_forward(dtype):
        def f(batch):
            with torch.inference_mode(), torch.autocast("cpu", torch.bfloat16, enabled=dtype == "bf16"):
                return model(**{k: torch.from_numpy(v) for k, v in batch.items()}).logits.float().numpy()
        return f

    _, model_bf16 = load_classifier(default_checkpoint(), "bfloat16")

    def torch_bf16_weights(batch):  # the judge's dtype="bfloat16" (its default on CPUs with bf16 units)
        with torch.inference_mode():
            return model_bf16(**{k: torch.from_numpy(v) for k, v in batch.items()}).logits.float().numpy()

    runtimes = {"torch fp32": torch_forward("fp32"), "torch bf16 autocast": torch_forward("bf16"),
                "torch bf16 weights": torch_bf16_weights}
    tmp = Path(tempfile.mkdtemp())
    try:
        import onnxruntime as ort
        from onnxruntime.quantization import QuantType, quantize_dynamic

        fp32 = export(model, tmp)
        int8 = tmp / "int8.onnx"
        quantize_dynamic(str(fp32), str(int8), weight_type=QuantType.QInt8, per_channel=True)
        opts = ort.SessionOptions()
        opts.intra_op_num_threads, opts.inter_op_num_threads = args.threads, 1
        for name, p in (("onnxruntime fp32", fp32), ("onnxruntime int8 dynamic", int8)):
            sess = ort.InferenceSession(str(p), opts, providers=["CPUExecutionProvider"])
            runtimes[name] = lambda b, s=sess: s.run(None, b)[0]
        try:
            import openvino as ov

            compiled = ov.Core().compile_model(str(fp32), "CPU", {"INFERENCE_NUM_THREADS": args.threads,
                                                                 "INFERENCE_PRECISION_HINT": "f32"})
            runtimes["openvino fp32"] = lambda b: compiled(b)[compiled.output(0)]
        except ImportError:
            print("openvino not installed")
    except ImportError:
        print("onnxruntime not installed")
    ref = None
    for rep in range(2):
        for name, fwd in runtimes.items():
            t0, c0 = time.perf_counter(), time.process_time()
            m = run(fwd)
            wall, cpu = time.perf_counter() - t0, time.process_time() - c0
            ref = m if ref is None else ref
            print(f"round {rep} {name:26s} wall {1000 * wall / len(enc):7.2f} cpu {1000 * cpu / len(enc):7.2f} ms/sample "
                  f"flips {int(((m > 0) != (ref > 0)).sum())}/{len(enc)} max|dm| {np.abs(m - ref).max():.1e} "
                  f"load {os.getloadavg()[0]:.1f}", flush=True)


if __name__ == "__main__":
    main()
