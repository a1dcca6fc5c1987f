"""The interpreter snapshot as Cache Storage keeps it (static/pyodide-snapshot.mjs, run
in Node with a Cache Storage of plain maps): read back byte for byte, smaller than the
snapshot by its pages of zeros, and refused when what is stored was cut, lengthened or
overwritten (the app's worker then starts Python afresh)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "static" / "pyodide-snapshot.mjs"
SCRIPT = """
const stores = new Map();
globalThis.caches = {
  async open(name) {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name);
    return { match: async (key) => store.get(key)?.clone(), put: async (key, response) => { store.set(key, response); },
             keys: async () => [...store.keys()] };
  },
  async delete(name) { return stores.delete(name); },
};
const { storeSnapshot, storedSnapshot } = await import(process.argv[1]);
const read = async () => { const found = await storedSnapshot(); return found && found.bytes; };
const stored = async () => { const [cache] = stores.values(); const [key] = cache.keys(); return [cache, key]; };
const out = { nothing: await read() };

// 5 pages and a short one: pages 1 and 3 all zeros, page 2 zeros but its last byte,
// the short one zeros but its last.
const snapshot = new Uint8Array(5 * 65536 + 4096);
snapshot.forEach((_, i) => { if (Math.floor(i / 65536) % 2 === 0) snapshot[i] = (i * 7) % 251; });
snapshot.fill(0, 2 * 65536, 3 * 65536);
snapshot[3 * 65536 - 1] = 9;
snapshot[snapshot.length - 1] = 1;
await storeSnapshot(snapshot);
const [cache, key] = await stored();
const kept = new Uint8Array(await cache.get(key).clone().arrayBuffer());
const back = await read();
out.same = back.length === snapshot.length && back.every((b, i) => b === snapshot[i]);
out.stored = kept.length;
out.length = snapshot.length;
out.refused = {};
const damaged = { cut: kept.slice(0, -1), lengthened: new Uint8Array([...kept, 0, 0, 0, 0]),
                  overwritten: new Uint8Array(kept.length).fill(7), empty: new Uint8Array(0) };
for (const [how, bytes] of Object.entries(damaged)) {
  cache.set(key, new Response(bytes));
  out.refused[how] = await read().then(() => "read", (error) => error.message);
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def outcome():
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed (the README's set-up installs Node 20)")
    out = subprocess.run([node, "--input-type=module", "-e", SCRIPT, MODULE.as_uri()], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    return json.loads(out)


def test_nothing_stored_reads_as_none(outcome):
    assert outcome["nothing"] is None


def test_a_stored_snapshot_reads_back_the_same_without_its_pages_of_zeros(outcome):
    assert outcome["same"]
    # Four pages kept of six (one of them short), and a header of 3 + 4 numbers.
    assert outcome["stored"] == 4 * 3 + 4 * 4 + 3 * 65536 + 4096 < outcome["length"]


def test_what_was_cut_lengthened_or_overwritten_is_refused(outcome):
    assert outcome["refused"] == {how: "the stored interpreter snapshot is damaged"
                                  for how in ("cut", "lengthened", "overwritten", "empty")}
