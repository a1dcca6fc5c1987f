// The interpreter a return visit starts from: a snapshot of Pyodide's memory taken with
// the app's modules imported (Pyodide's `_makeSnapshot` / `_loadSnapshot`), kept in Cache
// Storage. The build puts this file beside pyodide.mjs (static/vendor/pyodide/snapshot.mjs).
//
// A snapshot holds the interpreter's memory only, not its files (the wheel is written
// again) nor any JavaScript object; it is only good for the very wasm, standard library
// and wheel it was taken with, which RUNTIME names. Made in a worker of its own, a while
// after the app is up (pyodide-snapshot-maker.mjs), so the player never waits for it.

// scripts/build.py writes here a hash of pyodide.asm.wasm, pyodide.asm.mjs,
// python_stdlib.zip and the app's wheel.
export const RUNTIME = "unbuilt";
const CACHE = "interpreter-snapshot"; // (not "gelateria-…": the service worker clears those)
const KEY = new URL(`./interpreter-${RUNTIME}.snapshot`, import.meta.url).href;

// Stored without its pages of zeros, about half of it: a header (MAGIC, the snapshot's
// length, how many pages are kept), each kept page's number, then their bytes.
const MAGIC = 0x67656c31; // "gel1"
const PAGE = 65536;

function pack(snapshot) {
  const words = new Uint32Array(snapshot.buffer, snapshot.byteOffset, snapshot.length >> 2); // (its length is a multiple of 16)
  const kept = [];
  for (let page = 0; page * PAGE < snapshot.length; page++) {
    const end = Math.min(words.length, (page + 1) * (PAGE >> 2));
    for (let i = page * (PAGE >> 2); i < end; i++) {
      if (words[i] !== 0) {
        kept.push(page);
        break;
      }
    }
  }
  const header = new Uint32Array([MAGIC, snapshot.length, kept.length, ...kept]);
  return new Blob([header, ...kept.map((page) => snapshot.subarray(page * PAGE, (page + 1) * PAGE))]);
}

function unpack(buffer) {
  const damaged = () => new Error("the stored interpreter snapshot is damaged");
  if (buffer.byteLength < 12) throw damaged();
  const [magic, length, count] = new Uint32Array(buffer, 0, 3);
  const start = 12 + 4 * count;
  if (magic !== MAGIC || start > buffer.byteLength) throw damaged();
  const pages = new Uint32Array(buffer, 12, count);
  const sizeOf = (page) => Math.min(PAGE, length - page * PAGE); // (the last page may be short)
  let end = start;
  for (const [i, page] of pages.entries()) {
    if (page * PAGE >= length || (i > 0 && page <= pages[i - 1])) throw damaged();
    end += sizeOf(page);
  }
  if (end !== buffer.byteLength) throw damaged();
  const snapshot = new Uint8Array(length);
  let at = start;
  for (const page of pages) {
    snapshot.set(new Uint8Array(buffer, at, sizeOf(page)), page * PAGE);
    at += sizeOf(page);
  }
  return snapshot;
}

// This runtime's snapshot if one is stored: null, or { bytes: a promise of it } (read
// while Pyodide loads its other files). Nothing is stored where Cache Storage is not.
export async function storedSnapshot() {
  try {
    const response = await (await caches.open(CACHE)).match(KEY);
    if (!response) return null;
    const bytes = response.arrayBuffer().then(unpack);
    bytes.catch(() => {}); // (a damaged one is seen by whoever awaits it, maybe later)
    return { bytes };
  } catch {
    return null;
  }
}

export async function storeSnapshot(snapshot) {
  await caches.delete(CACHE); // (another runtime's, now of no use)
  await (await caches.open(CACHE)).put(KEY, new Response(pack(snapshot)));
}

export async function forgetSnapshot() {
  try {
    await caches.delete(CACHE);
  } catch {}
}

// Where a wheel goes, and Python imports from it as it is, a zip (as from the standard
// library). The bytecode names its files there: scripts/bytecode.py app_prefix.
export function importFrom(runtime, url, data) {
  const path = `/lib/${url.slice(url.lastIndexOf("/") + 1)}`;
  runtime.FS.writeFile(path, data);
  const sys = runtime.pyimport("sys");
  if (!sys.path.count(path)) sys.path.append(path); // (a snapshot's interpreter has it)
  sys.destroy();
}
