#!/bin/sh
# Set up everything the referee needs inside this checkout, on Debian or Raspberry Pi OS:
#   - system packages it uses when they are missing (Tesseract OCR, the Swedish word list,
#     espeak-ng, Python's venv module), installed with apt-get when run as root or with
#     password-less sudo, otherwise listed for you to install;
#   - a virtual environment in .venv with the project installed (editable).
# Usage: scripts/setup.sh          the referee itself
#        scripts/setup.sh --dev    plus what the tests and the lexicon build need
set -eu
cd "$(dirname "$0")/.."

extras=""
case "${1:-}" in
    "") ;;
    --dev) extras="[dev]" ;;
    *) echo "usage: scripts/setup.sh [--dev]" >&2; exit 2 ;;
esac

# A Python of at least 3.11.
PY=""
for candidate in python3.13 python3.12 python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        PY=$(command -v "$candidate"); break
    fi
done
if [ -z "$PY" ]; then
    echo "setup: Python 3.11 or newer is needed (apt-get install python3)" >&2; exit 1
fi

# System packages.
need=""
command -v tesseract >/dev/null 2>&1 || need="$need tesseract-ocr"
[ -e /usr/share/dict/swedish ] || need="$need wswedish"
command -v espeak-ng >/dev/null 2>&1 || need="$need espeak-ng"
# typefaces for the synthetic cards (training and held-out sets) and the printable deck
for pkg in fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-urw-base35 fonts-open-sans fonts-lato \
           fonts-comic-neue fonts-crosextra-carlito fonts-crosextra-caladea fonts-cantarell fonts-ebgaramond \
           fonts-texgyre fonts-roboto-unhinted; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || need="$need $pkg"
done
[ -d .venv ] || "$PY" -c 'import ensurepip, venv' 2>/dev/null || need="$need python3-venv"
if [ -n "$need" ]; then
    if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"; else SUDO="none"; fi
    if [ "$SUDO" = none ]; then
        echo "setup: please install these Debian packages, then run this again:$need" >&2
        echo "       sudo apt-get install$need" >&2
    else
        echo "setup: installing Debian packages:$need" >&2
        $SUDO apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null
    fi
fi

# The virtual environment, reinstalled only when pyproject.toml or the extras change.
[ -x .venv/bin/python ] || "$PY" -m venv .venv
stamp="$(cat pyproject.toml | sha1sum | cut -c1-16)$extras"
if [ "$(cat .venv/.setup-stamp 2>/dev/null)" != "$stamp" ]; then
    echo "setup: installing the referee into .venv ..." >&2
    .venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
    .venv/bin/python -m pip install -q -e ".$extras" 2>&1 | grep -v -e "^WARNING: Location" -e "^$" >&2 || true
    .venv/bin/python -c "import referee.cli" || { echo "setup: installation failed" >&2; exit 1; }
    echo "$stamp" > .venv/.setup-stamp
fi
echo "setup: ready (.venv/bin/referee)" >&2
