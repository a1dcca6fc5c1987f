// A worker of its own that makes the interpreter snapshot a return visit starts from
// (pyodide-snapshot.mjs): a second Pyodide, loaded, handed the app's wheels, every app
// module imported (gelateria.web.snapshot), its memory stored. Started by the app's
// worker (pyodide-progress.mjs) a while after the app is up; it says "stored" or why not.
import { loadPyodide } from "./pyodide.mjs";
import { importFrom, storeSnapshot } from "./snapshot.mjs";

self.onmessage = async ({ data: { wheels } }) => {
  try {
    const runtime = await loadPyodide({ _makeSnapshot: true });
    for (const url of wheels) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      importFrom(runtime, url, new Uint8Array(await response.arrayBuffer()));
    }
    runtime.runPython("from gelateria.web.snapshot import import_app_modules\nimport_app_modules()\ndel import_app_modules");
    await storeSnapshot(runtime.makeMemorySnapshot());
    self.postMessage("stored");
  } catch (error) {
    self.postMessage(`not stored: ${(error && error.message) || error}`);
  }
};
