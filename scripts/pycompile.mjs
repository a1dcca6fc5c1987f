// Compile the .py files in zips to bytecode with the very Pyodide the site ships, so
// the browser never compiles them when Python starts (compiling the standard library
// is most of Pyodide's start-up). Called by scripts/bytecode.py:
//   node scripts/pycompile.mjs '[{"src": "a.zip", "dest": "b.zip", "prefix": "/lib/python314.zip/"}]'
// Each .py member becomes a .pyc beside where it was (an "unchecked hash" pyc: nothing
// to compare against at import time); other members are copied as they are. `prefix`
// is where the files sit in the browser's file system, for tracebacks.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const jobs = JSON.parse(process.argv[2]);
const pyodide = await loadPyodide({ indexURL: new URL("../node_modules/pyodide/", import.meta.url).pathname });
const compileZip = pyodide.runPython(`
import os, py_compile, zipfile

def compile_zip(src, dest, prefix):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            data, name = zin.read(info), info.filename
            if name.endswith(".py"):
                os.makedirs("/tmp/src", exist_ok=True)
                with open("/tmp/src/m.py", "wb") as f:
                    f.write(data)
                py_compile.compile("/tmp/src/m.py", cfile="/tmp/src/m.pyc", dfile=prefix + name, doraise=True,
                                   invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
                with open("/tmp/src/m.pyc", "rb") as f:
                    data, name = f.read(), name[:-3] + ".pyc"
            member = zipfile.ZipInfo(name, info.date_time)
            member.compress_type, member.external_attr = zipfile.ZIP_DEFLATED, info.external_attr
            zout.writestr(member, data)

compile_zip
`);
for (const job of jobs) {
  pyodide.FS.writeFile("/tmp/in.zip", readFileSync(job.src));
  compileZip("/tmp/in.zip", "/tmp/out.zip", job.prefix);
  writeFileSync(job.dest, pyodide.FS.readFile("/tmp/out.zip"));
}
