"""What the Gelati and Genial boards share: an SVG board that pans and zooms (wheel,
drag, pinch: static/board.js in the page, which says where it left the board: View.panned).
Camera adds zoom and pan by buttons and keys to a board that fits itself, a view that
stays put between moves (kept in a view's ui), and framing: where the player can play is
brought into view, in the part of the board on screen. step_towards() is how arrow keys move
between board spaces: by where they are on screen, not by page order."""

from __future__ import annotations

from dataclasses import dataclass

ARROWS = {"ArrowLeft": (-1.0, 0.0), "ArrowRight": (1.0, 0.0), "ArrowUp": (0.0, -1.0), "ArrowDown": (0.0, 1.0)}


def step_towards(points: dict, start, key: str):
    """The key of the point an arrow key moves to from `start` ({key: (x, y)} in screen
    units, y down): the nearest one within about 60 degrees of the arrow's direction
    (distance along it plus distance across it, so a hex's diagonal neighbour beats a
    space two columns straight ahead); None when there is none that way."""
    if key not in ARROWS or start not in points:
        return None
    dx, dy = ARROWS[key]
    sx, sy = points[start]
    best, best_cost = None, None
    for k, (x, y) in points.items():
        vx, vy = x - sx, y - sy
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if k == start or along <= 1e-6 or across > along * 1.8:
            continue
        cost = along + across
        if best_cost is None or cost < best_cost:
            best, best_cost = k, cost
    return best


def visible_box(box, aspect: float):
    """What an SVG with preserveAspectRatio "meet" shows of `box` in an element of
    that width/height ratio: the box, widened or heightened about its centre."""
    x, y, w, h = box
    if w / h < aspect:
        nw = h * aspect
        return (x - (nw - w) / 2, y, nw, h)
    nh = w / aspect
    return (x, y - (nh - h) / 2, w, nh)


def nudge(start: float, size: float, area_start: float, area_size: float) -> float:
    """How far to move a span (start, size) so it lies in the area: the least way, 0 if it does."""
    if start < area_start:
        return area_start - start
    if start + size > area_start + area_size:
        return area_start + area_size - (start + size)
    return 0.0


def lean(start: float, size: float, extras, area_start: float, area_size: float) -> float:
    """How far to move a span (start, size) so it lies in the area, the least way, with
    the first of `extras` (spans beside it, best first) that fits in the area with it;
    when none does, it goes to the area's far edge from the last one, to show as much
    of that as it can."""
    for extra_start, extra_size in extras:
        low, high = min(start, extra_start), max(start + size, extra_start + extra_size)
        if high - low <= area_size:
            return nudge(low, high - low, area_start, area_size)
    if extras:
        extra_start, extra_size = extras[-1]
        if extra_start < start:
            return area_start + area_size - (start + size)
        if extra_start + extra_size > start + size:
            return area_start - start
    return nudge(start, size, area_start, area_size)


def covers(outer, inner) -> bool:
    ox, oy, ow, oh = outer
    ix, iy, iw, ih = inner
    return ox <= ix + 1e-6 and oy <= iy + 1e-6 and ix + iw <= ox + ow + 1e-6 and iy + ih <= oy + oh + 1e-6


@dataclass
class Camera:
    """Zoom and pan by buttons and keys, as a viewBox kept in a view's ui (`vb`, None:
    fit the board). Every question takes `need`, the viewBox that shows the whole board
    as it is now (the view's fit box)."""

    CAM_PAD = 50  # board units of room kept around the board when the camera moves (a tile is 100 across)
    TAP_SCALE = 44 / 78  # px per board unit at which a space (78 units tall) is 44 px: the least on touch
    ZOOM_STEP = 1.25
    MIN_WIDTH = 260  # the closest zoom, in board units across
    FRAME_MARGIN_PX = 4  # room kept between a framed space and the edge of what is clear
    FRAME_MIN_WIDTH = 520  # framing zooms in no closer: about five tiles across, the spaces' surroundings in view
    MAX_FIT = 2.5  # the farthest zoom, in fitted boards across
    PAN_STEP = 0.2  # of the visible width, per arrow key / button
    ZOOM_KEYS = {"+": "zoom-in", "=": "zoom-in", "-": "zoom-out", "0": "fit"}
    PAN_KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}

    vb: tuple[float, float, float, float] | None = None  # kept across games, like the page's scroll
    cam: tuple[float, float, float, float] | None = None  # the automatic view while vb is None
    aspect: float = 1.2  # the board element's width / height, as the browser helper measured it
    board_px: tuple[int, int] | None = None  # the board element's size, as measured
    min_scale: float = 0.0  # px per board unit the camera keeps to (touch screens)
    insets: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # px of the board element not seen (below the screen's edge): t, r, b, l
    framed: object = None  # what was framed last (a view's key: the position and the tile chosen)
    fitted_play: bool = False  # Fit framed the playable spaces: the next Fit shows the whole board

    def camera(self, need) -> tuple[float, float, float, float]:
        """The view while the player has not zoomed or panned: it stays where it is from
        move to move (no tile jumps) and moves only when the board outgrows what is in
        view, or shrank to much less (another game, a replay from the start); then it
        fits the board with room to grow. On a touch screen it never zooms out so far
        that a space is under a finger's 44 px: a bigger board is then shown round its
        middle (drag or zoom out for the rest), following it by whole tiles."""
        cam = self.cam
        if cam is None or self.outgrown(cam, need):
            pad = self.CAM_PAD
            cam = self.cam = self.tappable((need[0] - pad, need[1] - pad, need[2] + 2 * pad, need[3] + 2 * pad), need)
        return cam

    def outgrown(self, cam, need) -> bool:
        if self.tap_box(need) is not None and abs(cam[2] - self.tap_box(need)[2]) < 0.5:  # shown round its middle
            (cx, cy), (nx, ny) = (cam[0] + cam[2] / 2, cam[1] + cam[3] / 2), (need[0] + need[2] / 2, need[1] + need[3] / 2)
            return abs(cx - nx) > 2 * self.CAM_PAD or abs(cy - ny) > 2 * self.CAM_PAD
        return not covers(visible_box(cam, self.aspect), need) or need[2] * need[3] < cam[2] * cam[3] / 4

    def tap_box(self, need):
        """The view at the smallest scale a finger can use, round the board's middle
        (None: not a touch screen, or not measured yet)."""
        if not self.min_scale or not self.board_px:
            return None
        w, h = self.board_px[0] / self.min_scale, self.board_px[1] / self.min_scale
        return (need[0] + need[2] / 2 - w / 2, need[1] + need[3] / 2 - h / 2, w, h)

    def tappable(self, cam, need):
        box = self.tap_box(need)
        if box is None or self.board_px[0] / visible_box(cam, self.aspect)[2] >= self.min_scale:
            return cam
        return box

    def view_box(self, need) -> tuple[float, float, float, float]:
        return self.vb or self.camera(need)

    def set_board_size(self, width: float, height: float, coarse: bool = False,
                       insets: tuple = (0.0, 0.0, 0.0, 0.0)) -> bool:
        """The helper measured the board element (its shape decides what is in view), the
        pointer (a finger needs bigger spaces) and what of it is not seen. True
        if that changed the view."""
        if width <= 0 or height <= 0:
            return False
        size = (round(width), round(height))
        min_scale = self.TAP_SCALE if coarse else 0.0
        insets = tuple(round(v) for v in insets)
        if size == self.board_px and min_scale == self.min_scale and insets == self.insets:
            return False
        if size != self.board_px or min_scale != self.min_scale:
            self.cam = None  # a new shape: the view is worked out anew
        self.board_px, self.aspect, self.min_scale, self.insets = size, width / height, min_scale, insets
        self.framed = None  # and the playable spaces framed again in what is seen of it
        return True

    def clear_area(self) -> tuple[float, float, float, float]:
        """The part of the board element that is seen, in px (x, y, w, h),
        less a margin (a space's outline, a finger's room); the whole element when the
        part seen would be too little."""
        width, height = self.board_px
        top, right, bottom, left = self.insets
        if width - left - right < width / 2 or height - top - bottom < height / 2:
            top = right = bottom = left = 0.0
        m = self.FRAME_MARGIN_PX
        return (left + m, top + m, width - left - right - 2 * m, height - top - bottom - 2 * m)

    def frame(self, key, play, need, also=()) -> None:
        """Bring `play` (the box, in board units, of every space the player can play now)
        into the clear area, once per `key`: the view stays if it shows them all; else it
        pans the least it must at the same scale, or, if they do not fit at that scale,
        zooms out until they do and centres them. `also`: boxes worth showing with them,
        best first (the whole board, the last move): across and down, the first that fits
        beside them at this scale is brought in too, and when none does the spaces go to
        the far side from the last, to show as much of it as fits; so the last move is not
        left under a control while the board is empty on the other side. Not before the
        board is measured."""
        if self.board_px is None or key == self.framed:
            return
        self.framed = key
        box = None if play is None else self.framed_box(play, need, keep_scale=True, also=also)
        if box is not None:
            self.vb, self.fitted_play = box, False

    def framed_box(self, play, need, keep_scale: bool, also=()):
        """The viewBox that shows `play` in the clear area, with as much of `also` as fits
        (see frame); None when keep_scale and the view already does. keep_scale=False:
        the closest zoom that shows `play`."""
        width, height = self.board_px
        ax, ay, aw, ah = self.clear_area()
        vx, vy, vw, _ = visible_box(self.view_box(need), self.aspect)
        scale = width / vw  # px per board unit now
        px, py, pw, ph = play
        moved = not (keep_scale and pw * scale <= aw and ph * scale <= ah)
        if moved:  # zoomed out (or in) until the spaces fit, centred in the clear area
            scale = min(aw / pw, ah / ph, width / self.FRAME_MIN_WIDTH)
            vx, vy = px + pw / 2 - (ax + aw / 2) / scale, py + ph / 2 - (ay + ah / 2) / scale
        on_screen = [((x - vx) * scale, (y - vy) * scale, w * scale, h * scale) for x, y, w, h in also]
        left, top = (px - vx) * scale, (py - vy) * scale
        shift_x = lean(left, pw * scale, [(x, w) for x, _, w, _ in on_screen], ax, aw)
        shift_y = lean(top, ph * scale, [(y, h) for _, y, _, h in on_screen], ay, ah)
        if not moved and abs(shift_x) < 0.5 and abs(shift_y) < 0.5:
            return None
        return (vx - shift_x / scale, vy - shift_y / scale, width / scale, height / scale)

    def max_width(self, need) -> float:
        _, _, w, hh = need
        return max(w, hh) * self.MAX_FIT

    def zoom_action(self, action: str, data: dict, need, play=None) -> None:
        """"zoom-in", "zoom-out", "fit" or "pan" (by data dx, dy in steps). Fit shows the
        spaces the player can play (`play`, a box in board units) as close as they all fit,
        then, pressed again (or with nothing to play), the whole board."""
        if action == "fit":
            if play is not None and not self.fitted_play and self.board_px is not None:
                self.vb = self.framed_box(play, need, keep_scale=False)
                self.fitted_play = True
            else:
                self.vb = self.cam = None  # fitted afresh, around the board as it is now
                self.fitted_play = False
            return
        self.fitted_play = False
        x, y, w, hh = self.view_box(need)
        if action == "pan":
            x += float(data.get("dx", 0)) * self.PAN_STEP * w
            y += float(data.get("dy", 0)) * self.PAN_STEP * w
        else:
            f = 1 / self.ZOOM_STEP if action == "zoom-in" else self.ZOOM_STEP
            f = max(self.MIN_WIDTH / w, min(self.max_width(need) / w, f))
            cx, cy = x + w / 2, y + hh / 2
            w, hh = w * f, hh * f
            x, y = cx - w / 2, cy - hh / 2
        self.vb = (x, y, w, hh)

    def key_action(self, key: str) -> tuple[str, dict] | None:
        """+ and − zoom, 0 fits, arrows pan: the action `key` stands for, if any."""
        if key in self.ZOOM_KEYS:
            return self.ZOOM_KEYS[key], {}
        if key in self.PAN_KEYS:
            dx, dy = self.PAN_KEYS[key]
            return "pan", {"dx": dx, "dy": dy}
        return None

    def set_view_box(self, x: float, y: float, w: float, h: float) -> None:
        """The page reports where a drag, pinch or wheel left the board."""
        self.vb = (float(x), float(y), float(w), float(h))
        self.fitted_play = False
