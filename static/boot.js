// Boot: what must happen before Python is running. A real progress bar (bytes of the
// runtime as they arrive), a clear message if Python cannot start, the service worker
// and its "new version ready" prompt. Everything after that is Python (gelateria.web).
(function () {
  "use strict";
  // The player's language, before anything is drawn: the one they chose (kept in the
  // preferences by the app), else the browser's first of ja*/ko*, else English. The
  // app (Python) takes it from <html lang>.
  const LANGUAGES = ["en", "ja", "ko"];
  function pickLanguage() {
    try {
      const chosen = JSON.parse(localStorage.getItem("gelateria.prefs") || "{}").language;
      if (LANGUAGES.includes(chosen)) return chosen;
    } catch (e) { /* blocked or broken storage: the browser's languages decide */ }
    for (const tag of navigator.languages || [navigator.language || ""]) {
      const base = String(tag).toLowerCase().split(/[-_]/)[0];
      if (LANGUAGES.includes(base)) return base;
    }
    return "en";
  }
  const lang = pickLanguage();
  document.documentElement.lang = lang;
  const words = (self.GELATERIA_WORDS || {})[lang] || {};
  // Translate with named placeholders, like the app: t("{n} MB", { n: 2 }).
  const t = (message, values) =>
    (words[message] || message).replace(/\{(\w+)\}/g, (all, name) => (values && name in values ? values[name] : all));
  function translatePage() {
    for (const el of document.querySelectorAll("[data-i18n]")) {
      const english = el.textContent.replace(/\s+/g, " ").trim();
      if (words[english]) el.textContent = words[english];
    }
    const description = document.querySelector('meta[name="description"]');
    if (description) description.content = t("Gelati, Genial Spezial, Gelatinous and It's Mine! in your browser: no install, no account, works offline, share a game by link.");
    const loading = $("loading");
    if (loading) loading.setAttribute("aria-label", t("Loading Gelateria"));
    const link = document.querySelector('link[rel="manifest"]');
    if (link && lang !== "en") link.href = `./static/manifest.${lang}.webmanifest`;
  }

  const manifest = (self.GELATERIA_MANIFEST || { files: {} }).files;
  const base = new URL("./", document.baseURI).href;
  // The files whose download is the wait: the runtime, the packages, the app wheel.
  const tracked = {};
  for (const [path, info] of Object.entries(manifest)) {
    if (/^static\/(vendor\/pyodide|wheels)\/.*\.(wasm|zip|mjs|whl|json)$/.test(path) || /pyscript\/core.*\.js$/.test(path)) {
      tracked[base + path] = { total: info.bytes, got: 0, done: false };
    }
  }
  const totalBytes = Object.values(tracked).reduce((n, f) => n + f.total, 0) || 1;
  let ready = false;
  const DOWNLOADING = "Downloading Python";
  let stage = DOWNLOADING;

  const $ = (id) => document.getElementById(id);
  const mb = (n) => (n / 1048576).toFixed(1);

  function render() {
    if (ready) return;
    const got = Object.values(tracked).reduce((n, f) => n + (f.done ? f.total : Math.min(f.got, f.total)), 0);
    const fraction = Math.min(1, got / totalBytes);
    const bar = $("loading-bar");
    const text = $("loading-text");
    if (!bar || !text) return;
    // Downloads are most of the wait; starting Python and the app is the last tenth.
    const shown = stage === DOWNLOADING ? fraction * 0.9 : Math.max(0.9, fraction * 0.9);
    bar.style.width = (shown * 100).toFixed(1) + "%";
    $("loading").setAttribute("aria-valuenow", Math.round(shown * 100));
    text.textContent = stage === DOWNLOADING
      ? t("Downloading Python: {got} of {total} MB", { got: mb(got), total: mb(totalBytes) })
      : stage;
  }

  // Count bytes as they stream in, for fetches of the tracked files. The count reads a
  // clone: the page gets the browser's own response, so WebAssembly still compiles
  // while it streams and the browser can cache the compiled code.
  const realFetch = self.fetch.bind(self);
  self.fetch = async function (input, init) {
    const response = await realFetch(input, init);
    const entry = tracked[new URL(typeof input === "string" ? input : input.url, document.baseURI).href.split("?")[0]];
    if (!entry || !response.body || ready) return response;
    const reader = response.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) { entry.done = true; render(); return; }
        entry.got += value.byteLength;
        render();
      }
    })().catch(() => {});
    return response;
  };
  // Module imports (pyodide.asm.mjs, PyScript's chunks) are not fetches: mark them
  // done when the browser reports them loaded.
  if (self.PerformanceObserver) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const entry = tracked[e.name.split("?")[0]];
        if (entry) { entry.done = true; }
      }
      render();
    }).observe({ type: "resource", buffered: true });
  }
  addEventListener("py:progress", (event) => {
    const detail = String(event.detail || "");
    if (/^Loaded pyodide/i.test(detail)) stage = t("Starting Python…");
    else if (/packages|micropip/i.test(detail)) stage = t("Installing the games…");
    render();
  });

  function showError(title, detail) {
    if (ready) return;
    ready = true; // stop the loading screen
    const box = $("boot-error");
    const loading = $("loading");
    if (loading) loading.hidden = true;
    if (!box) return;
    box.querySelector("[data-error-title]").textContent = title;
    box.querySelector("[data-error-detail]").textContent = detail || "";
    box.hidden = false;
    document.body.dataset.bootError = "1";
  }
  self.gelateriaBootError = showError;

  if (typeof WebAssembly !== "object") {
    addEventListener("DOMContentLoaded", () =>
      showError(t("This browser cannot run Gelateria."),
        t("Gelateria runs Python in your browser with WebAssembly, which this browser does not offer (or it is switched off). Try a current Firefox, Chrome, Edge or Safari.")));
  }
  addEventListener("error", (e) => {
    if (!ready) showError(t("Gelateria could not start."), e.message || String(e.error || t("Unknown error")));
  });
  addEventListener("unhandledrejection", (e) => {
    if (!ready) showError(t("Gelateria could not start."), String((e.reason && (e.reason.message || e.reason)) || t("Unknown error")));
  });
  // PyScript reports Python errors by adding a .py-error element to the page.
  addEventListener("DOMContentLoaded", () => {
    translatePage();
    render();
    const retry = document.querySelector("[data-reload]");
    if (retry) retry.addEventListener("click", () => location.reload());
    new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) {
        if (node.classList && node.classList.contains("py-error")) {
          node.hidden = true;
          if (!ready) showError(t("Gelateria could not start."), node.textContent);
          else self.dispatchEvent(new CustomEvent("gelateria:python-error", { detail: node.textContent }));
        }
      }
    }).observe(document.body, { childList: true });
  });

  // Called by Python (gelateria.web.app) once the app is interactive.
  self.gelateriaReady = function () {
    ready = true;
    const loading = $("loading");
    if (loading) loading.hidden = true;
    document.body.dataset.ready = "1";
    registerServiceWorker();
  };

  // Offline play: register after the app is up, so the precache never competes
  // with the first start for bandwidth.
  function registerServiceWorker() {
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
    navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" }).then((reg) => {
      const offer = (worker) => {
        if (!worker || !navigator.serviceWorker.controller) return;
        const banner = $("update-banner");
        banner.hidden = false;
        banner.querySelector("button").onclick = () => worker.postMessage("skipWaiting");
      };
      if (reg.waiting) offer(reg.waiting);
      reg.addEventListener("updatefound", () => {
        const worker = reg.installing;
        worker.addEventListener("statechange", () => { if (worker.state === "installed") offer(worker); });
      });
      // Look for a new version now and then while the page stays open.
      setInterval(() => reg.update().catch(() => {}), 30 * 60 * 1000);
    }).catch(() => { /* no offline play, the app still works */ });
    let reloading = false;
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      if (reloading || !document.getElementById("update-banner") || document.getElementById("update-banner").hidden) return;
      reloading = true;
      location.reload();
    });
  }
})();
