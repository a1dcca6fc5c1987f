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
  let lang = pickLanguage();
  document.documentElement.lang = lang;
  // Until Python is ready: the strip at the bottom shows the download (app.css).
  document.documentElement.dataset.booting = "";
  let words = (self.GELATERIA_WORDS || {})[lang] || {};
  // Translate with named placeholders, like the app: t("{n} MB", { n: 2 }).
  const t = (message, values) =>
    (words[message] || message).replace(/\{(\w+)\}/g, (all, name) => (values && name in values ? values[name] : all));
  function translatePage() {
    for (const el of document.querySelectorAll("[data-i18n]")) {
      // The English is kept in the attribute, so a later switch can translate again.
      if (!el.dataset.i18n) el.dataset.i18n = el.textContent.replace(/\s+/g, " ").trim();
      el.textContent = t(el.dataset.i18n);
    }
    const description = document.querySelector('meta[name="description"]');
    if (description) description.content = t("Gelati, Genial Spezial, Gelatinous and It's Mine! in your browser: no install, no account, works offline, share a game by link.");
    const loading = $("loading");
    if (loading) loading.setAttribute("aria-label", t("Loading Gelateria"));
    const link = document.querySelector('link[rel="manifest"]');
    if (link) link.href = lang === "en" ? "./static/manifest.webmanifest" : `./static/manifest.${lang}.webmanifest`;
  }

  // The first paint: the page for this route and language, pre-rendered by the build
  // with the app's own screens (static/pages.js calls gelateriaPaint with them). The
  // route names follow gelateria.web.screens.screen_for: "/", "/<game>" (the new-game
  // panel), "/<game>/rules", any other "/<game>/…" (a link, a saved game: the game is
  // getting ready), "*" for the rest. Python takes over the same DOM when it is ready.
  // One file per language (static/pages.js is English): the visitor's own is asked for
  // here, in the head, and painted as soon as both it and #app are in.
  const pages = {};
  const failedPages = new Set();
  function askForPages(code) {
    if (code === "en" || pages[code] || document.querySelector(`script[data-pages="${code}"]`)) return;
    const script = document.createElement("script");
    script.src = `./static/pages.${code}.js`;
    script.dataset.pages = code;
    script.fetchPriority = "high";  // (the first paint waits on it)
    script.onerror = () => { failedPages.add(code); paint(); };  // then English, rather than nothing
    document.head.appendChild(script);
  }
  askForPages(lang);
  function pageFor(path) {
    const table = pages[lang] || pages.en;
    const parts = path.trim().split("/").filter(Boolean);
    if (!parts.length) return table["/"];
    const game = "/" + parts[0];
    if (!Object.prototype.hasOwnProperty.call(table, game)) return table["*"];
    if (parts.length === 1) return table[game];
    if (parts.length === 2 && parts[1] === "rules") return table[game + "/rules"];
    return table[game + "/*"];
  }
  function paint() {
    const app = $("app");
    if (ready || !app || !(pages[lang] || (pages.en && failedPages.has(lang)))) return;
    const page = pageFor(location.hash.replace(/^#/, ""));
    app.innerHTML = page.html;
    document.title = page.title;
  }
  let followingRoutes = false;  // (one listener, however many pages files come)
  self.gelateriaPaint = function (some) {
    Object.assign(pages, some);
    paint();
    if (followingRoutes) return;
    followingRoutes = true;
    addEventListener("hashchange", () => {
      if (ready) return;
      paint();
      scrollTo(0, 0);
      const heading = document.querySelector("#app h1");
      if (heading) heading.focus();
    });
  };

  // Before Python is ready, links and reading work; controls that need the app say
  // so on the strip instead of doing nothing (and nothing typed is lost on the
  // hand-over: fields take no input until then). The language menu works already.
  function nudge(event) {
    event.preventDefault();
    const loading = $("loading");
    if (!loading) return;
    loading.classList.remove("nudge");
    void loading.offsetWidth; // restart the animation
    loading.classList.add("nudge");
    const region = $("announcer");
    if (region) region.textContent = t("One moment: Gelateria is still getting ready.");
  }
  function controlBeforeReady(event) {
    if (ready || !event.target.closest) return null;
    const app = $("app");
    return app && app.contains(event.target) ? event.target : null;
  }
  addEventListener("click", (event) => {
    const target = controlBeforeReady(event);
    if (target && !target.closest("a[href], select") && target.closest("button, input, label, summary, [data-action]")) nudge(event);
  }, true);
  addEventListener("beforeinput", (event) => { if (controlBeforeReady(event)) nudge(event); }, true);
  addEventListener("submit", (event) => { if (controlBeforeReady(event)) nudge(event); }, true);
  addEventListener("change", (event) => {
    const target = controlBeforeReady(event);
    if (!target || !target.matches("[data-language]") || !LANGUAGES.includes(target.value)) return;
    lang = target.value;
    words = (self.GELATERIA_WORDS || {})[lang] || {};
    try {  // kept in the preferences, as the app keeps it
      const prefs = JSON.parse(localStorage.getItem("gelateria.prefs") || "{}");
      localStorage.setItem("gelateria.prefs", JSON.stringify(Object.assign(prefs && typeof prefs === "object" && !Array.isArray(prefs) ? prefs : {}, { language: lang })));
    } catch (e) { /* blocked or full storage: this visit still switches */ }
    document.documentElement.lang = lang;
    translatePage();
    render();
    askForPages(lang);
    paint();
    const select = document.querySelector("#app [data-language]");
    if (select) select.focus();
  }, true);

  const manifest = (self.GELATERIA_MANIFEST || { files: {} }).files;
  const base = new URL("./", document.baseURI).href;
  // The files whose download is the wait: the runtime, the packages, the app wheel (not
  // the interpreter snapshot's maker, loaded a while after Python is up). Counted in
  // bytes as sent (`sent`: gzip, as GitHub Pages sends most of them), what the phone
  // downloads; what arrives is counted unpacked (`got` of `total`).
  const tracked = {};
  for (const [path, info] of Object.entries(manifest)) {
    if (path.endsWith("snapshot-maker.mjs")) continue;
    if (/^static\/(vendor\/pyodide|wheels)\/.*\.(wasm|zip|mjs|whl|json)$/.test(path) || /pyscript\/core.*\.js$/.test(path)) {
      tracked[base + path] = { total: info.bytes, sent: info.sent || info.bytes, got: 0, done: false };
    }
  }
  const totalSent = Object.values(tracked).reduce((n, f) => n + f.sent, 0) || 1;

  // On a first visit, Python's runtime files are asked for as soon as the page has painted,
  // not when its worker gets to them (~1 s to 2.5 s later on a phone): the worker then
  // reads them from the browser's HTTP cache, or waits on the download under way. With
  // a service worker in control they are on the phone already: nothing to fetch.
  function fetchRuntimeEarly() {
    if (navigator.serviceWorker && navigator.serviceWorker.controller) return;
    const download = ([url, entry]) => fetch(url).then(async (response) => {
      if (!response.ok || !response.body) return;
      const reader = response.body.getReader();
      for (let got = 0; ;) {
        const { done, value } = await reader.read();
        if (done) break;
        got += value.byteLength;
        entry.got = Math.max(entry.got, got);
        render();
      }
    }).catch(() => { /* the worker asks again, and says so if it cannot have it */ });
    // Only what the interpreter starts with (Pyodide's glue, its wasm, the standard
    // library): the app's wheel is asked for by the worker once it runs, and asked for
    // alongside these it only held them up.
    Object.entries(tracked).filter(([url]) => /\.(wasm|zip)$|\.asm\.mjs$/.test(url)).forEach(download);
  }
  // After the page's largest paint has been seen (a lab's simulation, Lighthouse's, would
  // otherwise count the 6 MB as what that paint waited on), else its first.
  function afterThePaint(run) {
    const types = (self.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    const type = ["largest-contentful-paint", "paint"].find((name) => types.includes(name));
    if (!type) return requestAnimationFrame(() => setTimeout(run));
    const seen = new PerformanceObserver(() => { seen.disconnect(); setTimeout(run); });
    seen.observe({ type, buffered: true });
  }
  afterThePaint(fetchRuntimeEarly);
  let ready = false;
  const DOWNLOADING = "Downloading Python";
  let stage = DOWNLOADING;

  const $ = (id) => document.getElementById(id);
  const mb = (n) => (n / 1048576).toFixed(1);

  function render() {
    if (ready) return;
    const got = Object.values(tracked).reduce((n, f) => n + (f.done ? f.sent : f.sent * Math.min(1, f.got / (f.total || 1))), 0);
    const fraction = Math.min(1, got / totalSent);
    const bar = $("loading-bar");
    const text = $("loading-text");
    if (!bar || !text) return;
    // Downloads are most of the wait; starting Python and the app is the last tenth.
    const shown = stage === DOWNLOADING ? fraction * 0.9 : Math.max(0.9, fraction * 0.9);
    bar.style.width = (shown * 100).toFixed(1) + "%";
    $("loading").setAttribute("aria-valuenow", Math.round(shown * 100));
    // Once every byte is in, the wait is Python starting (Pyodide reports nothing in between).
    text.textContent = stage !== DOWNLOADING ? stage
      : fraction >= 1 ? t("Starting Python…")
      : t("Downloading Python: {got} of {total} MB", { got: mb(got), total: mb(totalSent) });
  }

  // Python's downloads happen in its worker, which reports them as they arrive
  // (static/pyodide-progress.mjs, through shell.js): a file's bytes so far, or done,
  // or that Pyodide is up ("loaded"), or could not start ("failed").
  self.gelateriaLoading = function ({ url, got, done, stage: reached, failed }) {
    if (ready) return;
    if (failed) return showError(t("Gelateria could not start."), failed);
    const entry = url && tracked[url];
    if (entry && typeof got === "number") entry.got = Math.max(entry.got, got); // (the page may be reading it too)
    if (entry && done) entry.done = true;
    if (reached === "loaded") stage = t("Installing the games…");
    render();
  };
  // PyScript's own modules load in the page: done when the browser reports them.
  if (self.PerformanceObserver) {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const entry = tracked[e.name.split("?")[0]];
        if (entry) { entry.done = true; }
      }
      render();
    }).observe({ type: "resource", buffered: true });
  }
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
    // The strip's room at the foot of the page goes now, unless the page is scrolled to
    // where it shows (taking it away then would pull the page under the reader's eyes):
    // in that case it goes at the next route.
    const root = document.documentElement;
    const scrolledToRoom = scrollY > 0 && scrollY + innerHeight > root.scrollHeight - 64;  // (app.css: 64px)
    if (scrolledToRoom) addEventListener("hashchange", () => { delete root.dataset.booting; }, { once: true });
    else delete root.dataset.booting;
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
