"""The play area's four corners clicked in a window, for a table without the printed mat.

The picture is shown scaled to fit the screen; each click is taken back to picture pixels. A right
click or Backspace takes the last corner back, Enter accepts four, Escape or closing the window
cancels. The window is pygame's, as the desktop display's is (luma.emulator): OpenCV here is the
headless build.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from calibration.homography import CalibrationError

CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
MAX_WINDOW = (1200, 800)  # the largest window, in screen pixels


@dataclass
class CornerClicks:
    """The corners clicked so far, in picture pixels, on a picture shown ``scale`` times its size."""

    scale: float
    points: list[tuple[float, float]] = field(default_factory=list)

    def click(self, x: int, y: int) -> None:
        if len(self.points) < len(CORNERS):
            self.points.append((x / self.scale, y / self.scale))

    def undo(self) -> None:
        if self.points:
            self.points.pop()

    @property
    def done(self) -> bool:
        return len(self.points) == len(CORNERS)

    @property
    def prompt(self) -> str:
        if self.done:
            return "Enter: use these corners - right click: take the last back - Esc: cancel"
        n = len(self.points)
        return f"click the play area's {CORNERS[n]} corner, as the first player sees it ({n + 1} of 4)"


def click_corners(image: np.ndarray, title: str = "referee calibrate") -> list[tuple[float, float]]:
    """The four corners clicked on ``image`` (BGR), clockwise from the first player's top-left."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    height, width = image.shape[:2]
    scale = min(1.0, MAX_WINDOW[0] / width, MAX_WINDOW[1] / height)
    size = (round(width * scale), round(height * scale))
    try:
        try:
            pygame.display.init()
            invisible = pygame.display.get_driver() in ("offscreen", "dummy")
            if invisible and os.environ.get("SDL_VIDEODRIVER") != pygame.display.get_driver():
                raise pygame.error("no screen")  # SDL fell back to drawing nowhere: nobody could click
            screen = pygame.display.set_mode(size)
        except pygame.error as exc:
            raise CalibrationError(f"no window can be opened here ({exc}): give the corners with --corners") from None
        pygame.display.set_caption(title)
        rgb = np.ascontiguousarray(image[:, :, ::-1].swapaxes(0, 1))
        picture = pygame.transform.smoothscale(pygame.surfarray.make_surface(rgb), size)
        pygame.font.init()
        font = pygame.font.Font(None, 26)
        clicks = CornerClicks(scale)
        clock = pygame.time.Clock()
        while True:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    raise CalibrationError("calibration cancelled: no corners saved")
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    clicks.click(*event.pos)
                elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3) or (
                        event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE):
                    clicks.undo()
                elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and clicks.done:
                    return clicks.points
            _draw(screen, picture, font, clicks)
            clock.tick(30)
    finally:
        pygame.quit()


def _draw(screen, picture, font, clicks: CornerClicks) -> None:
    import pygame

    screen.blit(picture, (0, 0))
    shown = [(x * clicks.scale, y * clicks.scale) for x, y in clicks.points]
    if len(shown) >= 2:
        pygame.draw.lines(screen, (255, 210, 0), clicks.done, shown, 2)
    for n, point in enumerate(shown):
        pygame.draw.circle(screen, (255, 210, 0), point, 6, 2)
        screen.blit(font.render(CORNERS[n], True, (255, 210, 0)), (point[0] + 8, point[1] + 4))
    text = font.render(clicks.prompt, True, (255, 255, 255), (0, 0, 0))
    screen.blit(text, (8, 8))
    pygame.display.flip()
