#!/bin/sh
# Install the referee on Raspberry Pi OS (Bookworm). Run from the project's folder: sudo hardware/pi/install.sh
set -eu
if [ "$(id -u)" != 0 ]; then echo "install.sh: run me with sudo" >&2; exit 1; fi
cd "$(dirname "$0")/../.."
SRC=$(pwd)
PREFIX=/opt/alpha-referee
USER_NAME=alpha-referee

echo "1/6 Debian packages"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv python3-picamera2 python3-lgpio \
    tesseract-ocr espeak-ng i2c-tools wswedish fonts-dejavu-core

echo "2/6 I2C (screen) and I2S (amplifier)"
raspi-config nonint do_i2c 0 || true
CONFIG_TXT=/boot/firmware/config.txt
[ -f "$CONFIG_TXT" ] || CONFIG_TXT=/boot/config.txt
grep -q "^dtoverlay=max98357a" "$CONFIG_TXT" || echo "dtoverlay=max98357a" >> "$CONFIG_TXT"

echo "3/6 the service user"
id "$USER_NAME" >/dev/null 2>&1 || useradd --system --home-dir /var/lib/alpha-referee --shell /usr/sbin/nologin "$USER_NAME"
usermod -a -G video,gpio,i2c,audio "$USER_NAME"

echo "4/6 the referee in $PREFIX"
mkdir -p "$PREFIX"
[ -x "$PREFIX/venv/bin/python" ] || python3 -m venv --system-site-packages "$PREFIX/venv"
"$PREFIX/venv/bin/pip" install -q --upgrade pip
"$PREFIX/venv/bin/pip" install -q "$SRC[pi]"

echo "5/6 settings in /etc/alpha-referee"
mkdir -p /etc/alpha-referee
[ -f /etc/alpha-referee/config.toml ] || install -m 644 hardware/pi/config.toml /etc/alpha-referee/config.toml

echo "6/6 the service"
install -m 644 hardware/pi/referee.service /etc/systemd/system/alpha-referee.service
systemctl daemon-reload
systemctl enable alpha-referee.service
echo "done: reboot once, then check the devices with"
echo "  sudo -u $USER_NAME $PREFIX/venv/bin/referee devices"
