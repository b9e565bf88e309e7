"""The referee installed as a wheel (as the Pi's install script does, not editable) carries what it
loads at run time: the readers' models, the decks, the lexicon and the table layouts."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_an_installed_wheel_finds_its_models_and_layouts(tmp_path):
    pytest.importorskip("setuptools")  # the wheel is built with the environment's own setuptools (offline)
    # from a copy: setuptools reuses a build/ folder left in the checkout
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "__pycache__",
                                                                ".pytest_cache", ".hypothesis", "display", "out"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w",
                            str(tmp_path / "dist"), str(source)], capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("*.whl"))
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = (f"import sys; sys.path.insert(0, {str(site)!r}); import numpy, vision.read as read; "
            "from calibration import layout; from referee import decks; "
            "assert str(read.MODEL).startswith(sys.path[0]), read.MODEL; "
            "blank = numpy.zeros((1, 48, 48), numpy.uint8); "
            "print(read.reader().read(blank)[0].label, read.index_reader().read(blank)[0].label, "
            "len(layout.load('alpha').zones) > 0, decks.load('alpha').name)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["NOISE", "NOISE", "True", "alpha"]
