"""The referee box's configuration: one TOML file (``/etc/alpha-referee/config.toml`` on the Pi, the
shipped ``hardware/pi/config.toml`` as defaults)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from referee.errors import UserError

DEFAULTS = Path(__file__).parent / "pi" / "config.toml"
SYSTEM = Path("/etc/alpha-referee/config.toml")


@dataclass
class Config:
    game: dict = field(default_factory=dict)
    camera: dict = field(default_factory=dict)
    display: dict = field(default_factory=dict)
    speech: dict = field(default_factory=dict)
    buttons: dict = field(default_factory=dict)
    state: dict = field(default_factory=dict)

    @property
    def button_pins(self) -> dict[int, int]:
        """Player number (0 for menu) -> BCM pin."""
        pins = {int(k[len("player"):]): int(v) for k, v in self.buttons.items() if k.startswith("player")}
        if "menu" in self.buttons:
            pins[0] = int(self.buttons["menu"])
        return pins


def load(path: str | Path | None = None) -> Config:
    """The defaults, overlaid with ``path`` (or the system file when it exists)."""
    data = tomllib.loads(DEFAULTS.read_text(encoding="utf-8"))
    chosen = Path(path) if path else (SYSTEM if SYSTEM.exists() else None)
    if chosen is not None:
        try:
            mine = tomllib.loads(chosen.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UserError(f"config file not found: {chosen}") from None
        except tomllib.TOMLDecodeError as exc:
            raise UserError(f"{chosen}: not valid TOML: {exc}") from None
        for section, values in mine.items():
            if section not in data:
                raise UserError(f"{chosen}: unknown section [{section}]; sections: {', '.join(data)}")
            data[section].update(values)
    pins = [v for k, v in data["buttons"].items() if k.startswith("player") or k == "menu"]
    if len(pins) != len(set(pins)):
        raise UserError("two buttons share one GPIO pin in the config")
    return Config(**data)
