// The page side of the app: it draws what Python sends and tells Python what the player
// did, in plain messages (JSON text). Python runs in a web worker (index.html's
// <script type="py" worker>), so it never holds up the page and never holds a DOM
// object. Python says "hello"; the page answers "start" with where it is and what its
// storage holds; then events go in (route, action, key, key-up, hold, flush, storage,
// storage-cleared, language, import, store-failed, and the board's view-box and
// board-size from static/board.js) and commands come out (render, update, attributes,
// focus, announce, set-path, go, copy, download, store, unstore, scroll-key, mark, ready,
// done).
(function () {
  "use strict";
  let worker = null; // PyScript's handle on the app's worker
  let config = {};
  let holding = null; // [name, data] of the [data-hold] control being held
  let sent = 0; // events sent, and the last one Python finished with: idle() when equal
  let done = 0;
  const root = () => document.getElementById("app");
  const byId = (id) => document.getElementById(id);

  // What a screen may want to know about the browser, sent with every event.
  function facts() {
    const board = document.querySelector("#app svg[data-board]");
    const rect = board ? board.getBoundingClientRect() : null;
    const active = document.activeElement;
    return {
      width: innerWidth,
      coarse: matchMedia("(pointer: coarse)").matches,
      board: rect && rect.width > 0 && rect.height > 0 ? [rect.width, rect.height] : null,
      boardFocused: !!(active && active.closest && active.closest("[data-cursor]")),
    };
  }

  function send(message) {
    if (!worker) return;
    message.facts = facts();
    message.seq = ++sent;
    worker.postMessage(JSON.stringify(message));
  }

  const path = () => location.hash.replace(/^#/, "");
  // data-* attributes as a plain object (data-pile-owner="2" → {pileOwner: "2"}).
  const dataOf = (element) => Object.assign({}, element.dataset);
  const fieldsOf = (form) => Object.fromEntries(Array.from(new FormData(form).entries(), ([k, v]) => [k, String(v)]));

  // --- drawing -------------------------------------------------------------------------

  // An element marked data-keep stays as it is while a redraw brings the same mark (a
  // checksum of its markup: gelateria.web.markup.hidden_defs): a game's hidden definitions,
  // most of a Gelati page, are not compared node by node at every tap.
  const unchanged = (old, next) => old.nodeType === 1 && next.nodeType === 1 && old.hasAttribute("data-keep")
    && old.getAttribute("data-keep") === next.getAttribute("data-keep");
  const callbacks = { beforeNodeMorphed: (old, next) => !unchanged(old, next) };

  function morph(element, markup, style) {
    if (self.Idiomorph) self.Idiomorph.morph(element, markup, { morphStyle: style, callbacks });
    else if (style === "innerHTML") element.innerHTML = markup; // the vendored script did not load
    else element.outerHTML = markup;
  }

  // A selector that finds the focused control again after a redraw: its id, or its
  // data-* attributes (a board spot is known by what it stands for).
  function focusSelector() {
    const active = document.activeElement;
    const app = root();
    if (!active || active === document.body || !app.contains(active)) return null;
    if (active.id) return "#" + CSS.escape(active.id);
    if (!active.dataset || !Object.keys(active.dataset).length) return null;
    const dashed = (key) => key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
    return active.tagName.toLowerCase() + Object.keys(active.dataset).sort()
      // These change from one redraw to the next ("open": the More sheet's Close gives
      // focus back to More, which now says it opens the sheet).
      .filter((key) => key !== "state" && key !== "fresh" && key !== "open")
      .map((key) => `[data-${dashed(key)}="${CSS.escape(active.dataset[key])}"]`).join("");
  }

  const shown = (element) => element.getClientRects().length > 0;
  // Focus the app moves itself shows its ring only to a player at the keyboard: after a
  // tap, an end screen's first button is focused without the ring a phone never needs.
  let keyboardUsed = false;
  addEventListener("keydown", () => { keyboardUsed = true; }, true);
  addEventListener("pointerdown", () => { keyboardUsed = false; }, true);
  const focusQuietly = (element) => element.focus({ preventScroll: true, focusVisible: keyboardUsed });

  // Focus never falls to the page after an action: back to the same control if it is
  // still there, else to where the screen says work goes on (focusHome). A modal dialog
  // that is open (a hand-over, the end) takes focus to its first button.
  function restoreFocus(selector, home) {
    const app = root();
    const active = document.activeElement;
    const dialog = app.querySelector("[role='dialog'][aria-modal='true']");
    if (dialog && !dialog.contains(active)) {
      const first = dialog.querySelector("[autofocus], button, a[href]");
      if (first) return focusQuietly(first);
    }
    if (active && active !== document.body && app.contains(active) && shown(active)) return; // a hidden control counts as gone
    let target = selector ? app.querySelector(selector) : null;
    if (target && !shown(target)) target = Array.from(app.querySelectorAll(selector)).find(shown) || null;
    if (!target && selector !== null && home) target = app.querySelector(home);
    if (target) focusQuietly(target);
  }

  const phase = () => {
    const section = root().querySelector("[data-phase]");
    return section ? section.getAttribute("data-phase") : "";
  };

  const commands = {
    // The whole screen. The page is morphed into the new markup, not replaced: what did
    // not change stays the same element, so focus, scroll positions and transitions
    // survive a redraw (and nothing flashes).
    render({ html, title, lang, focusHome, route, takingOver }) {
      const app = root();
      // Set only when it changes: setting the root's lang, even to the same value, has
      // the browser work out every element's style again (a tap cost ~40 ms more on a
      // phone's CPU for it).
      if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
      const focused = focusSelector();
      const before = phase();
      morph(app, html, "innerHTML");
      if (document.title !== title) document.title = title;
      if (phase() !== before) scrollTo(0, 0); // e.g. Start on a long new-game panel: play begins at the top
      restoreFocus(focused, focusHome);
      if (route) {
        // The first route takes over the page boot.js painted from the build's
        // pre-render: where the visitor scrolled to or put focus stays as it is.
        if (!(takingOver && app.contains(document.activeElement))) {
          const heading = app.querySelector("h1");
          if (heading) heading.focus({ preventScroll: takingOver });
        }
        if (!takingOver) scrollTo(0, 0);
      }
      if (self.gelateriaBoard) self.gelateriaBoard.rendered(route);
      if (self.gelateriaLive) self.gelateriaLive.drawn(app);
    },
    // One part of the screen (e.g. the board), the rest untouched.
    update({ selector, html }) {
      const element = root().querySelector(selector);
      if (!element) return;
      const focused = focusSelector();
      morph(element, html, "outerHTML");
      restoreFocus(focused, null);
      if (self.gelateriaBoard) self.gelateriaBoard.updated();
      if (self.gelateriaLive) self.gelateriaLive.drawn(root());
    },
    // One element's own attributes (a board's viewBox), what it holds untouched: `html`
    // is its start tag.
    attributes({ selector, html }) {
      const element = root().querySelector(selector);
      const template = document.createElement("template");
      template.innerHTML = html;
      const drawn = template.content.firstElementChild;
      if (!element || !drawn || drawn.tagName !== element.tagName) return;
      for (const name of element.getAttributeNames()) if (!drawn.hasAttribute(name)) element.removeAttribute(name);
      for (const name of drawn.getAttributeNames()) {
        if (element.getAttribute(name) !== drawn.getAttribute(name)) element.setAttribute(name, drawn.getAttribute(name));
      }
    },
    focus({ selector, ifIdle }) {
      const active = document.activeElement;
      if (ifIdle && active && active !== document.body && !active.hasAttribute("data-board")) return;
      const element = root().querySelector(selector);
      if (element) focusQuietly(element);
    },
    // One polite live region for the whole app.
    announce({ text }) {
      const region = byId("announcer");
      if (!region) return;
      region.textContent = "";
      region.textContent = text;
    },
    // The address bar without routing again (no hashchange), in place of the address
    // Python is at (`was`). If the player went elsewhere since (a link followed while this
    // was on its way), their address stays: its route is on its way to Python.
    "set-path"({ path: wanted, was }) {
      if (path() !== was) return;
      if (path() !== wanted) history.replaceState(null, "", "#" + wanted);
    },
    go({ path: wanted }) {
      location.hash = "#" + wanted;
    },
    // Where the browser refuses, the link stays visible in the share panel.
    copy({ text }) {
      try { navigator.clipboard.writeText(text).catch(() => {}); } catch (e) { /* no clipboard */ }
    },
    download({ name, text }) {
      const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = name;
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
    // Python's copy of storage (storage.PageStorage) writes through the page; a write
    // the browser refuses is said back, with what the key holds now.
    store({ key, value }) {
      try {
        localStorage.setItem(key, value);
      } catch (error) {
        let now = null;
        try { now = localStorage.getItem(key); } catch (e) { /* unreadable too */ }
        send({ on: "store-failed", key, value: now, full: /quota/i.test(`${error.name} ${error.message}`) });
      }
    },
    unstore({ key }) {
      try { localStorage.removeItem(key); } catch (e) { /* blocked: nothing was kept */ }
    },
    // A key that scrolls, held back for Python, which did not use it: scroll as the
    // browser would have.
    "scroll-key"({ key, shift }) {
      const page = innerHeight * 0.875;
      const by = { ArrowDown: [0, 40], ArrowUp: [0, -40], ArrowRight: [40, 0], ArrowLeft: [-40, 0],
                   PageDown: [0, page], PageUp: [0, -page], " ": [0, shift ? -page : page] }[key];
      if (by) scrollBy(by[0], by[1]);
      else if (key === "Home") scrollTo(scrollX, 0);
      else if (key === "End") scrollTo(scrollX, document.documentElement.scrollHeight);
    },
    // A moment in the worker (at: ms since the epoch), on the page's timeline.
    mark({ name, at }) {
      performance.mark(name, typeof at === "number" ? { startTime: Math.max(0, at - performance.timeOrigin) } : undefined);
    },
    // The worker's downloads, counted where they happen (static/pyodide-progress.mjs).
    loading(progress) {
      if (self.gelateriaLoading) self.gelateriaLoading(progress);
    },
    hello({ config: text }) {
      config = JSON.parse(text);
      start();
    },
    done({ seq }) {
      if (typeof seq === "number") done = Math.max(done, seq);
    },
    "console-error"({ text }) {
      console.error(text);
    },
    ready() {
      self.gelateriaReady();
    },
  };

  // --- listening -------------------------------------------------------------------------

  const SCROLLING_KEYS = new Set([" ", "ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "PageDown", "PageUp", "Home", "End"]);

  function holdStart(event) {
    const target = event.target.closest && event.target.closest("[data-hold]");
    if (!target) return;
    event.preventDefault();
    const data = dataOf(target);
    const name = data.hold;
    delete data.hold;
    holding = [name, data];
    send({ on: "hold", name, data, down: true });
  }

  function holdEnd() {
    if (!holding) return;
    const [name, data] = holding;
    holding = null;
    send({ on: "hold", name, data, down: false });
  }

  function listen() {
    const app = root();
    addEventListener("hashchange", () => send({ on: "route", path: path() }));
    app.addEventListener("click", (event) => {
      const target = event.target.closest("[data-action]");
      if (!target) return;
      event.preventDefault();
      const data = dataOf(target);
      const name = data.action;
      delete data.action;
      const form = target.closest("form");
      if (form) data.form = fieldsOf(form); // what the player typed travels with the click
      send({ on: "action", name, data, at: performance.timeOrigin + event.timeStamp });
    });
    // Enter in a form field: never a page load; the form's data-submit action.
    app.addEventListener("submit", (event) => {
      event.preventDefault();
      const name = event.target.getAttribute("data-submit");
      if (name) send({ on: "action", name, data: { form: fieldsOf(event.target) } });
    });
    document.addEventListener("keydown", (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const tag = event.target.tagName.toLowerCase();
      if (tag === "input" || tag === "textarea" || tag === "select") return;
      if ((tag === "button" || tag === "a" || tag === "summary") && (event.key === "Enter" || event.key === " ")) {
        if (event.target.hasAttribute("data-hold") && !event.repeat && !holding) holdStart(event);
        return; // the focused control's own click, not a game shortcut
      }
      // Python cannot answer in time to stop the browser's own scrolling, so on a game
      // table the keys that scroll are held back and Python scrolls them if unused.
      const heldBack = SCROLLING_KEYS.has(event.key) && !!root().querySelector("[data-phase]");
      if (heldBack) event.preventDefault();
      send({ on: "key", key: event.key, shift: event.shiftKey, heldBack, at: performance.timeOrigin + event.timeStamp });
    });
    document.addEventListener("keyup", (event) => {
      if (holding && (event.key === " " || event.key === "Enter")) holdEnd();
      send({ on: "key-up", key: event.key });
    });
    // Controls that work while held (data-hold="name"): a press starts, and letting go
    // anywhere (or the window losing focus) ends it.
    app.addEventListener("pointerdown", holdStart);
    document.addEventListener("pointerup", holdEnd);
    document.addEventListener("pointercancel", holdEnd);
    addEventListener("blur", holdEnd);
    // A phone may close a hidden page without another word: save on the way out.
    addEventListener("pagehide", () => send({ on: "flush" }));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") send({ on: "flush" });
    });
    addEventListener("storage", (event) => {
      if (event.key) send({ on: "storage", key: event.key, value: event.newValue });
      // No key: another page cleared the storage (localStorage.clear()). Python's copy
      // starts over from what it holds now, as after a reload.
      else send({ on: "storage-cleared", storage: storageSnapshot() });
    });
    app.addEventListener("change", (event) => {
      const target = event.target;
      if (target.hasAttribute("data-language")) return send({ on: "language", code: target.value });
      // A file picked in an <input data-import>: its text, read with a size bound first
      // (the record checks the rest).
      if (!target.hasAttribute("data-import") || !target.files.length) return;
      const picked = target.files[0];
      if (picked.size > config.maxImportBytes) return send({ on: "import", text: "" });
      picked.text().then((text) => send({ on: "import", text }));
    });
  }

  // The app's keys in storage, for Python's copy (null: storage is blocked).
  function storageSnapshot() {
    try {
      const keys = [];
      for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i));
      return Object.fromEntries(keys.filter((k) => k && k.startsWith("gelateria.")).map((k) => [k, localStorage.getItem(k)]));
    } catch (e) {
      return null;
    }
  }

  function start() {
    listen();
    if (self.gelateriaBoard) self.gelateriaBoard.listen(root(), send);
    send({ on: "start", path: path(), base: location.href.split("#")[0], lang: document.documentElement.lang,
           storage: storageSnapshot() });
  }

  // PyScript gives the script element its worker once it has made it.
  function findWorker() {
    const script = document.querySelector('script[type="py"][worker]');
    if (!script || !script.xworker) return setTimeout(findWorker, 5);
    worker = script.xworker;
    worker.onmessage = (event) => {
      if (typeof event.data !== "string") return;
      const command = JSON.parse(event.data);
      if (Object.prototype.hasOwnProperty.call(commands, command.do)) commands[command.do](command);
    };
  }
  findWorker();

  // Has Python finished with every event sent? (Tests wait for it, as a player's eye does.)
  const idle = () => done >= sent;
  // Other page files (static/live.js) send events and take commands of their own.
  const extend = (more) => Object.assign(commands, more);
  self.gelateriaShell = { idle, send, extend };
})();
