"""The training script end to end on a tiny run. Only where PyTorch and onnx are installed
(`pip install -e '.[train]'`): the referee itself never needs them."""

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("onnx")

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("reader", ["cards", "index", "words"])
def test_a_tiny_training_run_writes_a_quantised_model_that_reads_like_its_float_one(tmp_path, reader):
    out = tmp_path / "tiny.onnx"
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, str(ROOT / "models" / "train.py"), "--reader", reader, "--samples", "2000",
                          "--epochs", "2", "--heldout-samples", "400", "--out", str(out)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "epoch 2/2" in run.stderr and "wrote" in run.stderr
    report = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert abs(report["held_out"]["accuracy"] - report["held_out_float"]) < 0.05
    assert out.stat().st_size < 600 * 1024  # 8-bit weights
    sys.path.insert(0, str(ROOT / "models"))
    try:
        from train import is_quantized
    finally:
        sys.path.pop(0)
    assert is_quantized(out)
    from vision.read import Reader
    from vision.synth.samples import CLASSES, INDEX_CLASSES, WORD_CLASSES

    classes = {"cards": CLASSES, "index": INDEX_CLASSES, "words": WORD_CLASSES}[reader]
    assert report["classes"] == list(classes)
    readings = Reader(out, classes=classes).read(np.zeros((3, 48, 48), np.uint8))
    assert len(readings) == 3 and all(0 <= r.confidence <= 1 and r.label in classes for r in readings)
    # a quantised model is not quantised twice
    again = subprocess.run([sys.executable, str(ROOT / "models" / "train.py"), "--quantize", str(out), "--out",
                            str(tmp_path / "twice.onnx")], capture_output=True, text=True, env=env, timeout=300)
    assert again.returncode == 2 and "quantised already" in again.stderr
