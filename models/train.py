"""Train the card classifier, export it to ONNX and quantise it to int8, with its model card.

    pip install -e '.[train]'            # PyTorch (CPU wheel: torch==2.13.0) and onnx
    python models/train.py               # the committed model: --samples 110000 --epochs 12 --seed 1
    python models/train.py --samples 4000 --epochs 1 --out /tmp/smoke.onnx   # a smoke run
    python models/train.py --quantize float.onnx   # quantise a float export of an earlier run only
    python models/train.py --reader index          # the covered cards' index reader (index.onnx)
    python models/train.py --reader framed         # and the second one, read together with it (index_framed.onnx)
    python models/train.py --reader words          # the bird cards' word reader (words.onnx)

Everything is drawn by the synthetic renderer (vision.synth) from the training typefaces and card
designs; the held-out typefaces and designs are used only for the evaluation written to the model
card. Four readers are trained so: ``cards`` reads whole cards (and is the fallback for covered ones),
``index`` and ``framed`` read the corner index at the ends of a covered card's strip together (the
second learns from designs more often framed, :func:`vision.synth.samples.framed_index_batch`),
``words`` reads the action word at a bird card's foot. Same seed, same data, same weights (on the same PyTorch build and device). Generated data is
cached under ~/.cache/alpha-referee/train so a second run with the same settings starts training at
once. Training runs on a CUDA GPU where PyTorch sees one, else on the CPU.

Quantise on the kind of machine that will run the model: train elsewhere with ``--float-out``, then
run ``--quantize`` on that machine and measure the int8 file there. One index reader quantised on a GPU machine
(ONNX Runtime 1.30, 16-core x86) read its held-out crops there as well as its float export (83.8 %),
but 70 % on this project's 2-core AVX2 machine (no VNNI) under ONNX Runtime 1.30 and 1.32 alike,
where the float export read 83 % and a quantisation of it made there 83 % too. The cause was not
pinned down; ONNX Runtime documents that its u8s8 kernels may saturate on AVX2 without VNNI. The
word reader quantised here at full range read 84.2 % of its held-out bands against its float
export's 99.9 %, and 99.9 % with 7-bit weights (``reduce_range``, ONNX Runtime's remedy for that
saturation): quantisation now always takes 7-bit weights. The shipped card and index readers were
quantised before, with 8-bit weights.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from vision.synth import fonts, samples  # noqa: E402

CHUNK = 2000


@dataclass(frozen=True)
class Task:
    """One reader to train: its classes, how its samples are drawn, where it and its card are written."""

    name: str
    classes: tuple[str, ...]
    draw: Callable[[int, int, bool], tuple[np.ndarray, np.ndarray, np.ndarray]]  # (seed, n, held out) -> x, y, r
    out: Path
    card: Path
    samples: int
    epochs: int
    geometric: bool  # crops shifted, turned and scaled a little while training (:func:`augment`)


TASKS = {
    "cards": Task("cards", samples.CLASSES, samples.batch, HERE / "cards.onnx", HERE / "MODEL_CARD.md", 110_000, 12, False),
    "index": Task("index", samples.INDEX_CLASSES, samples.index_batch, HERE / "index.onnx", HERE / "INDEX_MODEL_CARD.md",
                  200_000, 8, True),
    "framed": Task("framed", samples.INDEX_CLASSES, samples.framed_index_batch, HERE / "index_framed.onnx",
                   HERE / "INDEX_FRAMED_MODEL_CARD.md", 200_000, 8, True),
    "words": Task("words", samples.WORD_CLASSES, samples.word_batch, HERE / "words.onnx", HERE / "WORDS_MODEL_CARD.md",
                  40_000, 10, False),
}


def _chunk(args: tuple[str, int, int, bool]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    task, seed, n, held_out = args
    return TASKS[task].draw(seed, n, held_out)


def dataset(task: Task, seed: int, n: int, held_out: bool, workers: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """n samples, generated in chunks of CHUNK by ``workers`` processes, cached on disk."""
    vision = HERE.parent / "vision"
    source = [*(vision / "synth").glob("*.py"), *(vision / name for name in ("crops.py", "detect.py", "__init__.py"))]
    digest = hashlib.sha1(b"".join(p.read_bytes() for p in sorted(source))).hexdigest()[:10]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "alpha-referee" / "train"
    prefix = "" if task.name == "cards" else f"{task.name}-"
    path = cache / f"{prefix}{'heldout' if held_out else 'train'}-{seed}-{n}-{digest}.npz"
    if path.exists():
        data = np.load(path)
        return data["x"], data["y"], data["r"]
    jobs = [(task.name, seed * 1_000_003 + k, min(CHUNK, n - k * CHUNK), held_out) for k in range((n + CHUNK - 1) // CHUNK)]
    parts = []
    started = time.time()
    with ProcessPoolExecutor(workers) as pool:
        for done, part in enumerate(pool.map(_chunk, jobs), 1):
            parts.append(part)
            print(f"  data {'held-out' if held_out else 'train'}: {min(n, done * CHUNK)}/{n} samples, {time.time() - started:.0f} s",
                  file=sys.stderr, flush=True)
    x, y, r = (np.concatenate(p) for p in zip(*parts))
    cache.mkdir(parents=True, exist_ok=True)
    np.savez(path, x=x, y=y, r=r)
    return x, y, r


def build_model(classes: int):
    import torch
    from torch import nn

    def block(cin: int, cout: int) -> nn.Sequential:
        return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    class CardNet(nn.Module):
        """48x48 grey crop -> class logits and own-top side logits."""

        def __init__(self, classes: int) -> None:
            super().__init__()
            self.features = nn.Sequential(
                block(1, 16), nn.MaxPool2d(2),
                block(16, 32), nn.MaxPool2d(2),
                block(32, 64), nn.MaxPool2d(2),
                block(64, 96), nn.MaxPool2d(2),
                block(96, 128),
            )
            self.head = nn.Sequential(nn.Flatten(), nn.Dropout(0.2), nn.Linear(128 * 3 * 3, 192), nn.ReLU(inplace=True))
            self.classes = nn.Linear(192, classes)
            self.sides = nn.Linear(192, 4)

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
            h = self.head(self.features(x))
            return self.classes(h), self.sides(h)

    return CardNet(classes)


def side_targets(classes: tuple[str, ...], y: np.ndarray, r: np.ndarray) -> np.ndarray:
    """Soft targets for the own-top side: spread over the turns under which a class looks the same."""
    t = np.zeros((len(y), 4), np.float32)
    for i, (cls, side) in enumerate(zip(y, r)):
        turns = samples.symmetric_turns(classes[cls])
        same = [(side + k * turns) % 4 for k in range(4 // turns)]
        t[i, same] = 1.0 / len(same)
    return t


def augment(x, rng, geometric: bool = False):
    """Cheap on-the-fly variety on top of the rendered variety: contrast and brightness; with
    ``geometric``, the crop also a little shifted, turned and scaled (a strip's end is found a few
    pixels off its card's corner, and a small index moves more within its crop than a big glyph)."""
    import torch
    import torch.nn.functional as F

    if geometric:
        n = x.shape[0]
        angle, scale = rng.uniform(-0.07, 0.07, n), rng.uniform(0.92, 1.08, n)
        offset = rng.uniform(-0.08, 0.08, (n, 2))
        cos, sin = np.cos(angle) * scale, np.sin(angle) * scale
        theta = np.stack([np.stack([cos, -sin, offset[:, 0]], 1), np.stack([sin, cos, offset[:, 1]], 1)], 1)
        grid = F.affine_grid(torch.from_numpy(theta.astype(np.float32)), list(x.shape), align_corners=False)
        x = F.grid_sample(x, grid, padding_mode="border", align_corners=False)
    gain = torch.from_numpy(rng.uniform(0.8, 1.2, (x.shape[0], 1, 1, 1)).astype(np.float32))
    shift = torch.from_numpy(rng.uniform(-0.2, 0.2, (x.shape[0], 1, 1, 1)).astype(np.float32))
    return x * gain + shift


def evaluate(classes: tuple[str, ...], predict, x: np.ndarray, y: np.ndarray, r: np.ndarray) -> dict:
    """Accuracy overall, of the own-top side and per class; ``predict`` maps normalised crops to
    (class logits, side logits)."""
    from vision.crops import normalise

    preds, sides = [], []
    for k in range(0, len(x), 1024):
        logits, side_logits = predict(normalise(x[k : k + 1024]))
        preds.append(logits.argmax(1))
        sides.append(side_logits.argmax(1))
    pred, side = np.concatenate(preds), np.concatenate(sides)
    per_class = {}
    for c, name in enumerate(classes):
        mask = y == c
        if mask.any():
            per_class[name] = (float((pred[mask] == c).mean()), int(mask.sum()))
    turns = np.array([samples.symmetric_turns(classes[c]) for c in y])
    side_ok = ((side - r) % turns == 0) | (turns == 1)
    return {"accuracy": float((pred == y).mean()), "side_accuracy": float(side_ok[y != classes.index("NOISE")].mean()),
            "per_class": per_class}


def torch_predictor(model, device):
    import torch

    def predict(batch: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        model.eval()
        with torch.no_grad():
            logits, side_logits = model(torch.from_numpy(batch).to(device))
        return logits.cpu().numpy(), side_logits.cpu().numpy()

    return predict


def onnx_predictor(path: Path):
    import onnxruntime as ort

    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return lambda batch: tuple(session.run(None, {"crops": batch}))


def cards_as_index(path: Path):
    """The card reader made to answer in the index classes (its likeliest of those), as the baseline
    the index reader must beat on the same crops."""
    columns = [samples.CLASSES.index(name) for name in samples.INDEX_CLASSES]
    predict = onnx_predictor(path)
    return lambda batch: (lambda logits, sides: (logits[:, columns], sides))(*predict(batch))


def is_quantized(model: Path) -> bool:
    import onnx

    return any(node.op_type == "QuantizeLinear" for node in onnx.load(str(model)).graph.node)


def quantize(float_model: Path, out: Path, calibration: np.ndarray) -> None:
    """Static int8 quantisation: 7-bit weights per output channel, activations scaled from training crops.
    The model shrinks to a quarter and runs about 1.5 times as fast on one core, reading as well."""
    from onnxruntime.quantization import CalibrationDataReader, QuantFormat, QuantType, quantize_static
    from onnxruntime.quantization.shape_inference import quant_pre_process

    from vision.crops import normalise

    class Crops(CalibrationDataReader):
        def __init__(self) -> None:
            self.batches = iter([{"crops": normalise(calibration[k : k + 100])} for k in range(0, len(calibration), 100)])

        def get_next(self):
            return next(self.batches, None)

    with tempfile.TemporaryDirectory() as tmp:
        prepared, quantized = Path(tmp) / "prepared.onnx", Path(tmp) / "int8.onnx"
        quant_pre_process(str(float_model), str(prepared))
        quantize_static(str(prepared), str(quantized), Crops(), quant_format=QuantFormat.QDQ, per_channel=True,
                        activation_type=QuantType.QUInt8, weight_type=QuantType.QInt8, reduce_range=True)
        out.write_bytes(quantized.read_bytes())


def onnx_speed(path: Path) -> float:
    """Median milliseconds for one batch of 20 crops on one thread with ONNX Runtime."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    x = np.random.default_rng(0).normal(size=(20, 1, 48, 48)).astype(np.float32)
    times = []
    for _ in range(30):
        t = time.perf_counter()
        session.run(None, {"crops": x})
        times.append((time.perf_counter() - t) * 1000)
    return float(np.median(times))


# what each reader's model card says it does and learns from (the figures are filled in from the run)
ABOUT = {
    "cards": ("the card classifier", """reads one straightened 48x48 grey crop of a card and says which of {n} classes it
shows - the letters A-Z, Å, Ä, Ö, the Qu card, the wild card, QXZ, Blitz, the three bird cards,
Alfapet's stop tile and arrow, a card back, the 20 ordered two-vowel cards (the vowel in the half
towards the reader first) and NOISE (not a card) - and where the card's own top is in the crop
(4 sides). Covered cards are read by the index reader (`index.onnx`, its own card) and by this one
where that file is missing.""", """whole cards lying on rendered
tables at any angle, with a slightly tilted camera, home lighting, blur, noise and JPEG, straightened
exactly as at run time (`vision/crops.py`) from slightly wrong corners; square ends of covered cards
(corner indices); and card-shaped things that are not cards (tables, papers with print, coins,
hands, crops across a card's edge)."""),
    "index": ("the index reader", """reads the square end of a covered card's strip (a 48x48 grey crop, cut as
`vision.crops.end_squares` cuts it) and says which of {n} classes its corner index shows - the
letters A-Z, Å, Ä, Ö, Qu, the wild card's "?", QXZ - or NOISE (no index there), and which way the
index is turned (4 sides); `vision.indices.index_face` weighs a strip's two ends together. Each end is read by
the second index reader too (`index_framed.onnx`, its own card), and the two answers are weighed
together (`vision.read.agreed`).""",
              """fans of two cards of one design (the
card on top lying beside, above or below the covered one, a little askew, casting a soft shadow),
on rendered tables at any angle, with a slightly tilted camera, home lighting, blur, noise and JPEG;
each strip's two ends cut as at run time, a little off, moved outwards and with a margin, labelled
with the index printed in that corner, or NOISE where none is or the card above leaves less than
about half of it; training designs place and size their index at random, in the top-left corner or
the top-right one (and turned in the corner across; none prints four, as the held-out designs do),
and run their thin frame at a random distance from the edge
(`vision.synth.cards.varied`); about a quarter of the samples are the strip ends that the run-time
detector cuts from rendered tables of fans and piles of those designs, read in the views `vision.see`
reads them in and labelled from the scene's truth (the one uncovered index inside, or NOISE where no
index is near; `samples.detected_ends`); squares from the middle of card faces (parts of a big glyph,
which a wrongly cut strip shows) and card-shaped things that are no card, as NOISE. While training,
each crop is also shifted, turned and scaled a little (`augment`)."""),
    "framed": ("the second index reader", """reads the square end of a covered card's strip as the index
reader (`index.onnx`, its own card) does, in the same {n} classes; `vision.read.index_reader` has the
two read each end and weighs their answers together (the geometric mean of their probabilities,
`vision.read.agreed`). Trained with more designs whose frame line runs through the index, it errs on
other crops than the first: together they name more covered cards than the first alone, and no more
of them wrongly (measured on rendered tables; see the closing notes of the vision issue).""",
               """the index reader's data
(`samples.index_batch`; see its card), drawn with 30 % of the training designs given a thin frame in
place of their own, at a random distance from the edge (through the index, at times):
`samples.framed_index_batch`, `vision.synth.cards.varied`. The held-out designs print a double frame
whose inner line runs through their indices' tops; no double frame is drawn in training."""),
    "words": ("the word reader", """reads the band along the foot of a bird card (a 48x48 grey crop, cut as
`vision.crops.foot_band` cuts it from the card's corners, its own top first) and says which of {n}
classes it shows: the action word STEAL, SWAP or TRIBUTE, or NOISE (no such word). The card reader
tells a bird card from the others surely, but at its 48 pixels a card's word is a few pixels high;
`vision.see` asks this reader which action a bird card is where the card reader is unsure of it.
Its own-top output is trained to say 0 (the band is cut upright) and is not used.""",
              """bird cards (three quarters of the
renders) and other cards lying on rendered tables at any angle, with a slightly tilted camera, home
lighting, blur, noise and JPEG; from each bird card the band at its foot, labelled with its word,
and the band along one of its other sides, as NOISE; from other cards the band at their foot, as
NOISE. Each band is cut from slightly wrong corners and a little higher or lower, wider or narrower
than at run time (`samples.word_bands`)."""),
}


def model_card(report: dict, args) -> str:
    task = TASKS[report.get("reader", "cards")]
    title, does, data = ABOUT[task.name]
    held = report["held_out"]
    rows = "\n".join(f"| `{name}` | {acc * 100:.1f} % | {n} |" for name, (acc, n) in held["per_class"].items())
    separately = ("\nThis file was quantised afterwards (`--quantize`) from that run's float export (`--float-out`);\n"
                  "the held-out figures above were measured then, on the held-out set the renderer draws now."
                  if report.get("quantised_separately") else "")
    typefaces = len(fonts.fonts())  # those installed here, which the data was drawn from
    baseline = (f"\n- the card reader (`cards.onnx`) on the same crops, answering in these classes: "
                f"{report['cards_reader_on_held_out'] * 100:.2f} %" if "cards_reader_on_held_out" in report else "")
    return f"""# Model card: {title} (`{task.out.name}`)

What it does: {does.format(n=len(report["classes"]))}
Used by `vision.see` through ONNX Runtime; the runtime never needs PyTorch.

## Data
Everything is drawn by `vision.synth` (`vision/synth/samples.py`): {data}
{report["samples"]} training samples from {typefaces} typefaces of Debian font packages and the training card
designs; no real photo was used.

## Held-out evaluation
{sum(n for _, n in held["per_class"].values())} samples drawn with typefaces and card designs never used in training (EB Garamond,
TeX Gyre Adventor, Pagella and Schola, Roboto; double frames, other ink hues, four corner indices),
in the same mix as training: runs with another mix were measured on another set.

- class accuracy of the shipped (int8) model: **{held["accuracy"] * 100:.2f} %**; of the float model it was
  quantised from: {report["held_out_float"] * 100:.2f} % (training samples, float model: {report["train_accuracy"] * 100:.2f} %)
- own-top side accuracy (classes whose turns differ): {held["side_accuracy"] * 100:.2f} %{baseline}

| class | held-out accuracy | samples |
|---|---|---|
{rows}

The whole-pipeline figures (finding cards on tables, covered cards, empty tables, real photos)
are measured by `referee bench vision`; see the closing notes of the vision issue.

## Size and speed
{report["parameters"]} parameters, quantised to 8 bits after training (static quantisation by ONNX Runtime:
7-bit weights per output channel, activations scaled on {CHUNK} training crops): {Path(args.out).stat().st_size // 1024} KiB. One batch of 20
crops: {report["ms_per_20_crops"]:.2f} ms median on one CPU thread (ONNX Runtime) of the machine that quantised it.

## How to retrain
    pip install -e '.[train]'        # torch==2.13.0 (CPU wheel), onnx
    python models/train.py --reader {task.name}   # --samples {report["samples"]} --epochs {report["epochs"]} --seed {report["seed"]}

Same seed, same data and weights with the same library builds and device ({report["torch"]}, {report.get("hardware", "2 CPU cores")});
{report["train_seconds"]} s of training there, after drawing the data (cached under ~/.cache/alpha-referee/train).
Another device trains the same network from the same data, not bit for bit the same weights.{separately}
"""


def train(task: Task, args, float_model: Path, held: tuple[np.ndarray, np.ndarray, np.ndarray]) -> tuple[dict, np.ndarray]:
    """Train on freshly drawn (or cached) data and export the float model; returns the training
    report and the training crops that calibrate the quantisation."""
    import torch
    from torch import nn

    from vision.crops import SIZE, normalise

    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    x, y, r = dataset(task, args.seed, args.samples, False, args.workers)
    targets = side_targets(task.classes, y, r)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    hardware = torch.cuda.get_device_name(device) if device.type == "cuda" else f"{torch.get_num_threads()} CPU threads"
    model = build_model(len(task.classes)).to(device)
    params = sum(p.numel() for p in model.parameters())
    print(f"model: {params} parameters; {len(x)} training samples, {len(held[0])} held-out; training on {hardware}",
          file=sys.stderr)

    batch = 256
    steps = args.epochs * ((len(x) + batch - 1) // batch)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps, pct_start=0.15)
    class_loss = nn.CrossEntropyLoss(label_smoothing=0.05)
    started = time.time()
    for epoch in range(args.epochs):
        model.train()
        order = rng.permutation(len(x))
        total = 0.0
        for k in range(0, len(x), batch):
            idx = order[k : k + batch]
            xb = augment(torch.from_numpy(normalise(x[idx])), rng, task.geometric).to(device)
            logits, side_logits = model(xb)
            loss = class_loss(logits, torch.from_numpy(y[idx]).to(device))
            soft = torch.from_numpy(targets[idx]).to(device)
            loss = loss + 0.3 * -(soft * torch.log_softmax(side_logits, 1)).sum(1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            total += loss.item() * len(idx)
        scores = evaluate(task.classes, torch_predictor(model, device), *held)
        print(f"epoch {epoch + 1}/{args.epochs}: loss {total / len(x):.4f}, held-out accuracy {scores['accuracy']:.4f}, "
              f"own-top side {scores['side_accuracy']:.4f}, {time.time() - started:.0f} s", file=sys.stderr, flush=True)

    model.eval().cpu()
    dummy = torch.zeros(1, 1, SIZE, SIZE)
    torch.onnx.export(model, dummy, str(float_model), input_names=["crops"], output_names=["classes", "sides"],
                      dynamic_axes={"crops": {0: "n"}, "classes": {0: "n"}, "sides": {0: "n"}}, opset_version=17,
                      dynamo=False)
    report = {
        "reader": task.name, "classes": list(task.classes), "parameters": params, "samples": args.samples, "epochs": args.epochs,
        "seed": args.seed, "train_seconds": round(time.time() - started), "hardware": hardware,
        "train_accuracy": evaluate(task.classes, torch_predictor(model, "cpu"), x[:8000], y[:8000], r[:8000])["accuracy"],
        "torch": torch.__version__,
    }
    return report, x[:CHUNK]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Train a card reader (PyTorch), export it to ONNX and quantise it to int8.")
    parser.add_argument("--reader", choices=sorted(TASKS), default="cards",
                        help="cards: whole cards (cards.onnx); index: a covered card's corner index (index.onnx); "
                             "framed: the second index reader (index_framed.onnx); "
                             "words: a bird card's action word (words.onnx)")
    parser.add_argument("--samples", type=int, help="training samples (default: 110000 for cards, 200000 for index and framed, 40000 for words)")
    parser.add_argument("--heldout-samples", type=int, default=8_000, help="held-out evaluation samples")
    parser.add_argument("--epochs", type=int, help="default: 12 for cards, 8 for index and framed, 10 for words")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes drawing data")
    parser.add_argument("--out", type=Path, help="default: models/cards.onnx, models/index.onnx, models/index_framed.onnx or models/words.onnx")
    parser.add_argument("--float-out", type=Path, metavar="FLOAT_ONNX",
                        help="also keep the float export here (to quantise again later with --quantize)")
    parser.add_argument("--quantize", type=Path, metavar="FLOAT_ONNX",
                        help="no training: quantise this float export into --out, keeping the training report "
                             "beside --out (its .json) and measuring both models again")
    args = parser.parse_args(argv)
    task = TASKS[args.reader]
    args.samples = args.samples or task.samples
    args.epochs = args.epochs or task.epochs
    args.out = args.out or task.out
    if args.quantize and is_quantized(args.quantize):
        parser.error(f"{args.quantize} is quantised already; give the float model a training run exports")

    held = dataset(task, args.seed + 1000, args.heldout_samples, True, args.workers)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        float_model = Path(tmp) / "float.onnx"
        if args.quantize:
            float_model.write_bytes(args.quantize.read_bytes())  # --out may be the float file itself
            report = json.loads(args.out.with_suffix(".json").read_text(encoding="utf-8"))
            report["quantised_separately"] = True
            calibration = dataset(task, args.seed, CHUNK, False, args.workers)[0]  # the training set's first chunk
        else:
            report, calibration = train(task, args, float_model, held)
            if args.float_out:
                args.float_out.write_bytes(float_model.read_bytes())
        report["held_out_float"] = evaluate(task.classes, onnx_predictor(float_model), *held)["accuracy"]
        quantize(float_model, args.out, calibration)
    report["held_out"] = evaluate(task.classes, onnx_predictor(args.out), *held)
    if task.name in ("index", "framed") and TASKS["cards"].out.exists():
        report["cards_reader_on_held_out"] = evaluate(task.classes, cards_as_index(TASKS["cards"].out), *held)["accuracy"]
    report["ms_per_20_crops"] = onnx_speed(args.out)
    args.out.with_suffix(".json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    if args.out.parent == HERE:
        task.card.write_text(model_card(report, args), encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB); held-out accuracy {report['held_out']['accuracy']:.4f} "
          f"(float model {report['held_out_float']:.4f})", file=sys.stderr)


if __name__ == "__main__":
    main()
