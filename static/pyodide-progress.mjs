// Pyodide as the app's worker loads it (pyscript.toml's interpreter; the build puts
// this file beside pyodide.mjs, so Pyodide finds its own files as before), with its
// downloads counted: they happen in the worker, out of the page's sight, so this tells
// the page (static/shell.js → boot.js's progress bar) as the bytes arrive.
import * as pyodide from "./pyodide.mjs";

export * from "./pyodide.mjs";

const say = (progress) => self.postMessage(JSON.stringify({ do: "loading", ...progress }));
// A moment for the page's performance timeline (tests/bench/startup.py reads them).
const mark = (name) => self.postMessage(JSON.stringify({ do: "mark", name, at: performance.timeOrigin + performance.now() }));

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

export async function loadPyodide(options) {
  mark("pyodide:loading");
  let runtime;
  try {
    runtime = await pyodide.loadPyodide(options);
  } catch (error) {
    say({ failed: String((error && error.message) || error) }); // the page says so, with a way out
    throw error;
  }
  mark("pyodide:loaded");
  say({ stage: "loaded" });
  return runtime;
}
