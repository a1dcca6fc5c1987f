// Pyodide as the app's worker loads it (pyscript.toml's interpreter; the build puts
// this file beside pyodide.mjs, so Pyodide finds its own files as before), with its
// downloads counted: they happen in the worker, out of the page's sight, so this tells
// the page (static/shell.js → boot.js's progress bar) as the bytes arrive. The app's
// wheel (pyscript.toml's packages) is not installed but imported from as it is: see
// loadPyodide below.
import * as pyodide from "./pyodide.mjs";
import { forgetSnapshot, importFrom, storedSnapshot } from "./snapshot.mjs";

export * from "./pyodide.mjs";

const say = (progress) => self.postMessage(JSON.stringify({ do: "loading", ...progress }));
// A moment for the page's performance timeline (tests/bench/startup.py reads them).
const mark = (name) => self.postMessage(JSON.stringify({ do: "mark", name, at: performance.timeOrigin + performance.now() }));

// The runtime's own big files, each a promise kept when its last byte is in.
const downloaded = {};
for (const file of ["pyodide.asm.wasm", "python_stdlib.zip"]) {
  let arrived;
  downloaded[file] = { promise: new Promise((resolve) => { arrived = resolve; }) };
  downloaded[file].arrived = arrived;
}

if (typeof document === "undefined") {
  // Count a clone: Pyodide gets the browser's own response, so WebAssembly still
  // compiles while it streams and the browser can cache the compiled code.
  const realFetch = self.fetch.bind(self);
  self.fetch = async function (input, init) {
    let response;
    // (A worker made from a blob: URL has no base of its own: this module's is used.)
    const url = new URL(input instanceof Request ? input.url : String(input), import.meta.url).href.split("?")[0];
    const file = url.slice(url.lastIndexOf("/") + 1);
    mark(`fetch:${file}`);
    try {
      response = await realFetch(input, init);
    } catch (error) { // Python's own files could not be had: Pyodide would wait for ever
      say({ failed: String((error && error.message) || error) });
      throw error;
    }
    mark(`fetched:${file}`);
    if (!response.body) return response;
    const reader = response.clone().body.getReader();
    (async () => {
      let got = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          mark(`downloaded:${file}`);
          if (downloaded[file]) downloaded[file].arrived();
          return say({ url, got, done: true });
        }
        got += value.byteLength;
        say({ url, got });
      }
    })().catch(() => {});
    return response;
  };
  // When the wasm compiles (bench marks: not seen from the page, Python's in a worker).
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const real = WebAssembly[name];
    WebAssembly[name] = function (...args) {
      mark(`wasm:${name}`);
      return real.apply(this, args).then((made) => { mark("wasm:instantiated"); return made; });
    };
  }
  // Module imports (pyodide.asm.mjs) are not fetches: done when the worker has them.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) say({ url: entry.name.split("?")[0], done: true });
  }).observe({ type: "resource", buffered: true });
}

// The app's wheels (pyscript.toml's packages, PyScript hands them over as URLs) go on
// sys.path as they are, zips Python imports from, as it does from the standard library:
// Pyodide's installer would import tarfile, email and importlib.metadata to write the
// wheel's ~190 files out (~0.2 s of a phone's first visit). They are asked for once the
// runtime's wasm and standard library are in: on a first visit those have the bandwidth
// to themselves, and the wheel comes down while the interpreter starts.
async function wheelBytes(url) {
  const response = await self.fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  return new Uint8Array(await response.arrayBuffer());
}

// A return visit's interpreter: the snapshot, looked for as soon as the worker has
// this file (pyodide-snapshot.mjs).
const stored = typeof document === "undefined" ? storedSnapshot() : Promise.resolve(null);

// The interpreter from the stored snapshot; on any trouble with it (damaged, refused by
// Pyodide), the snapshot is forgotten and this says null.
async function fromSnapshot(snapshot, options) {
  try {
    const runtime = await pyodide.loadPyodide({ ...options, _loadSnapshot: snapshot.bytes });
    mark("snapshot:restored");
    // Every visit its own random numbers (the snapshot's generator would repeat them).
    runtime.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()\ndel sys");
    return runtime;
  } catch (error) {
    mark(`snapshot:refused ${(error && error.message) || error}`);
    await forgetSnapshot();
    return null;
  }
}

// The snapshot for the next visit, made in a worker of its own (a second interpreter's
// start, ~1 s of a phone's core) once Python has been up a while and the page has sent
// it nothing for a few seconds: the player never waits for it, and it never runs beside
// Python's start, a tap's answer or a live table's traffic. Not where Cache Storage or
// nested workers are missing, or storage is short.
const SNAPSHOT_AFTER_MS = 5000;
const QUIET_MS = 3000;
const SNAPSHOT_ROOM = 64 * 1024 * 1024; // (it takes ~16 MB)
let lastHeard = 0; // (when the page last sent this worker a message)
if (typeof document === "undefined") self.addEventListener("message", () => { lastHeard = performance.now(); });

function makeSnapshotWhenQuiet(wheels) {
  const whenQuiet = () => {
    const quiet = performance.now() - lastHeard;
    if (quiet < QUIET_MS) setTimeout(whenQuiet, QUIET_MS - quiet);
    else makeSnapshot(wheels);
  };
  setTimeout(whenQuiet, SNAPSHOT_AFTER_MS);
}

async function makeSnapshot(wheels) {
  try {
    const { quota, usage } = await navigator.storage.estimate();
    if (typeof Worker === "undefined" || typeof caches === "undefined" || quota - usage < SNAPSHOT_ROOM) return;
    mark("snapshot:making");
    const maker = new Worker(new URL("./snapshot-maker.mjs", import.meta.url), { type: "module" });
    maker.onmessage = ({ data }) => {
      mark(`snapshot:${data}`);
      maker.terminate();
    };
    maker.onerror = (event) => {
      mark(`snapshot:not stored: ${event.message || "its worker did not start"}`);
      maker.terminate();
    };
    maker.postMessage({ wheels });
  } catch {} // (no snapshot: the next visit starts as this one did)
}

export async function loadPyodide({ packages = [], ...options }) {
  mark("pyodide:loading");
  const snapshot = await stored;
  let afresh = false;
  const starting = (async () => {
    const restored = snapshot && (await fromSnapshot(snapshot, options));
    if (restored) return restored;
    afresh = true;
    return pyodide.loadPyodide(options);
  })();
  // (or once Pyodide is up, should it have had them some other way)
  const runtimeIn = Promise.race([Promise.all(Object.values(downloaded).map((file) => file.promise)), starting.catch(() => {})]);
  const wheels = packages.map((url) => [url, runtimeIn.then(() => wheelBytes(url))]);
  wheels.forEach(([, data]) => data.catch(() => {})); // (reported below, once awaited)
  let runtime;
  try {
    runtime = await starting;
    for (const [url, data] of wheels) importFrom(runtime, url, await data);
  } catch (error) {
    say({ failed: String((error && error.message) || error) }); // the page says so, with a way out
    throw error;
  }
  mark("pyodide:loaded");
  say({ stage: "loaded" });
  if (afresh) makeSnapshotWhenQuiet(packages);
  return runtime;
}
