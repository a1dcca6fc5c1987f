// The Gelati and Genial Spezial boards in the browser: drag to pan, wheel or pinch to
// zoom, Enter/Space on a focused board space, and (on a board marked
// data-arrows="spots") arrow keys from space to space by where they are on screen.
//
// The zoom/pan state lives in Python on the screen (ZoomedBoard.vb), so a redraw keeps
// it. While a drag, pinch or wheel is under way this moves the SVG viewBox itself (no
// redraw per pointer move), then tells Python where it ended up ("view-box"). A drag of
// more than a few pixels swallows the click that follows, so panning never places a
// tile by accident. The board's size on screen goes to Python ("board-size") the first
// time a screen shows a board and when the window changes shape, with how much of it is
// below the screen's edge: what is in view depends on it. Listeners sit on the app root (it outlives every redraw) and window.
(function () {
  "use strict";
  const DRAG_PX = 6; // movement before a press becomes a drag
  const WHEEL_RATE = 0.0015; // zoom factor per wheel pixel (exponential)
  const SWALLOW_MS = 400;
  const TOOLS_ROOM_PX = 6; // kept between what is framed and tools over the board, so nothing sits against them
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  let root = null;
  let send = () => false;
  const pointers = new Map(); // pointerId → [x, y]
  let dragging = false;
  let swallowUntil = 0;
  let measured = ""; // what was last sent of this screen's board: its size and what of it is unseen
  let remeasuring = false; // a measure is asked for the next frame (updated)

  const board = () => root.querySelector("svg[data-board]");
  const boxOf = (svg) => svg.getAttribute("viewBox").split(/\s+/).map(Number);
  const setBox = (svg, x, y, w, h) => svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);

  function report(svg) {
    send({ on: "view-box", box: boxOf(svg) });
    const fit = root.querySelector("[data-action='fit']");
    if (fit) fit.setAttribute("aria-pressed", "false");
  }

  function measure() {
    const svg = board();
    if (!svg) return;
    const rect = svg.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return;
    // The part of the board below the screen's edge (a landscape phone, a notice above)
    // is not seen, nor what tools floating over its right edge cover (a phone's), and
    // 6 px more: the playable spaces are framed in what is. Insets: [top, right, bottom, left] px.
    const tools = root.querySelector("[data-board-tools]");
    const over = tools ? tools.getBoundingClientRect() : null;
    const right = over && over.width && over.left < rect.right ? Math.round(rect.right - over.left + TOOLS_ROOM_PX) : 0;
    const insets = [0, right, Math.max(0, Math.round(rect.bottom - innerHeight)), 0];
    const said = JSON.stringify([Math.round(rect.width), Math.round(rect.height), insets]);
    if (said === measured) return;
    measured = said;
    send({ on: "board-size", width: rect.width, height: rect.height, coarse: matchMedia("(pointer: coarse)").matches,
           insets });
  }

  function toBoard(svg, cx, cy) {
    const point = svg.createSVGPoint();
    point.x = cx;
    point.y = cy;
    const p = point.matrixTransform(svg.getScreenCTM().inverse());
    return [p.x, p.y];
  }

  function zoomAbout(svg, cx, cy, factor) {
    const [x, y, w, h] = boxOf(svg);
    const low = Number(svg.dataset.minW || 200);
    const high = Number(svg.dataset.maxW || 5000);
    factor = Math.max(low / w, Math.min(high / w, factor));
    const [px, py] = toBoard(svg, cx, cy);
    setBox(svg, px - (px - x) * factor, py - (py - y) * factor, w * factor, h * factor);
  }

  function panBy(svg, dx, dy) {
    const scale = svg.getScreenCTM().a || 1;
    const [x, y, w, h] = boxOf(svg);
    setBox(svg, x - dx / scale, y - dy / scale, w, h);
  }

  function down(event) {
    const svg = event.target.closest && event.target.closest("svg[data-board]");
    if (!svg || (event.pointerType === "mouse" && event.button !== 0)) return;
    if (!pointers.size) dragging = false;
    pointers.set(event.pointerId, [event.clientX, event.clientY]);
  }

  function move(event) {
    const old = pointers.get(event.pointerId);
    if (!old) return;
    const svg = board();
    if (!svg) return pointers.clear();
    const now = [event.clientX, event.clientY];
    if (pointers.size === 1) {
      if (!dragging && Math.abs(now[0] - old[0]) + Math.abs(now[1] - old[1]) < DRAG_PX) return;
      dragging = true;
      panBy(svg, now[0] - old[0], now[1] - old[1]);
    } else {
      dragging = true;
      const other = Array.from(pointers).find(([id]) => id !== event.pointerId)[1];
      const before = Math.hypot(old[0] - other[0], old[1] - other[1]) || 1;
      const after = Math.hypot(now[0] - other[0], now[1] - other[1]) || 1;
      const midOld = [(old[0] + other[0]) / 2, (old[1] + other[1]) / 2];
      const midNew = [(now[0] + other[0]) / 2, (now[1] + other[1]) / 2];
      panBy(svg, midNew[0] - midOld[0], midNew[1] - midOld[1]);
      zoomAbout(svg, midNew[0], midNew[1], before / after);
    }
    pointers.set(event.pointerId, now);
    event.preventDefault();
  }

  function up(event) {
    if (!pointers.delete(event.pointerId)) return;
    if (!pointers.size && dragging) {
      dragging = false;
      swallowUntil = performance.now() + SWALLOW_MS;
      const svg = board();
      if (svg) report(svg);
    }
  }

  function click(event) {
    if (swallowUntil && performance.now() < swallowUntil) {
      event.stopPropagation();
      event.preventDefault();
    }
    swallowUntil = 0;
  }

  // A plain wheel scrolls the page (a player on the way to the panel below must not zoom
  // the board instead); Ctrl/Cmd+wheel zooms, and so does a trackpad pinch, which
  // browsers send as a wheel with ctrlKey.
  function wheel(event) {
    const svg = event.target.closest && event.target.closest("svg[data-board]");
    if (!svg || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    const dy = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
    zoomAbout(svg, event.clientX, event.clientY, Math.exp(dy * WHEEL_RATE));
    report(svg);
  }

  // The nearest space within about 60 degrees of the arrow's direction (distance along
  // it plus distance across it), as board_pan.step_towards does for Python's cursor.
  function stepTowards(centres, start, key) {
    const [dx, dy] = ARROWS[key];
    const [sx, sy] = centres.get(start);
    let best = null;
    let bestCost = Infinity;
    for (const [k, [x, y]] of centres) {
      const vx = x - sx;
      const vy = y - sy;
      const along = vx * dx + vy * dy;
      const across = Math.abs(vx * dy - vy * dx);
      if (k === start || along <= 1e-6 || across > along * 1.8) continue;
      if (along + across < bestCost) [best, bestCost] = [k, along + across];
    }
    return best;
  }

  // Move focus to the space that way (from the board itself: to its home space). The
  // spaces' roving tabindex follows, so Tab comes back to the last one.
  function arrow(svg, target, key) {
    const spots = Array.from(svg.querySelectorAll("[data-spot]"));
    if (!spots.length) return false;
    if (target === svg) {
      (svg.querySelector("[data-spot][tabindex='0']") || spots[0]).focus({ preventScroll: true });
      return true;
    }
    if (!target.hasAttribute("data-spot")) return false;
    const centres = new Map(spots.map((spot) => {
      const r = spot.getBoundingClientRect();
      return [spot.getAttribute("data-spot"), [r.x + r.width / 2, r.y + r.height / 2]];
    }));
    const next = stepTowards(centres, target.getAttribute("data-spot"), key);
    const spot = next === null ? null : spots.find((s) => s.getAttribute("data-spot") === next);
    if (spot) {
      target.setAttribute("tabindex", "-1");
      spot.setAttribute("tabindex", "0");
      spot.focus({ preventScroll: true });
    }
    return true; // nothing that way: stay (and do not pan the board instead)
  }

  function key(event) {
    const target = event.target;
    const svg = target && target.closest ? target.closest("svg[data-board]") : null;
    if (!svg) return;
    if (ARROWS[event.key] && svg.getAttribute("data-arrows") === "spots" && !(event.ctrlKey || event.metaKey || event.altKey)) {
      if (arrow(svg, target, event.key)) {
        event.preventDefault();
        event.stopPropagation(); // not also a pan of the board (the page's key handler)
      }
      return;
    }
    // Board spaces are SVG groups with role="button": give them a button's keys.
    if ((event.key !== "Enter" && event.key !== " ") || !target.getAttribute("data-action")) return;
    event.preventDefault();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  }

  self.gelateriaBoard = {
    listen(appRoot, sender) {
      root = appRoot;
      send = sender;
      root.addEventListener("pointerdown", down);
      addEventListener("pointermove", move);
      addEventListener("pointerup", up);
      addEventListener("pointercancel", up);
      root.addEventListener("click", click, { capture: true });
      root.addEventListener("wheel", wheel, { passive: false });
      root.addEventListener("keydown", key);
      // A turned phone or a resized window: the view is worked out for the new shape.
      addEventListener("resize", () => { if (board()) measure(); });
    },
    // After each render: the board is measured again, and said only when that changed
    // (a new screen's first board, or one a notice above it moved down or up).
    rendered(route) {
      if (route) measured = "";
      if (board()) measure();
    },
    // After a part of the screen is drawn again (a notice, a panel): measured once, just
    // before the next frame, however many parts came (each measure forces a layout).
    updated() {
      if (remeasuring) return;
      remeasuring = true;
      requestAnimationFrame(() => {
        remeasuring = false;
        if (board()) measure();
      });
    },
  };
})();
