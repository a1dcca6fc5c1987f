// Compile the .py files in zips to bytecode with the very Pyodide the site ships, so
// the browser never compiles them when Python starts (compiling the standard library
// is most of Pyodide's start-up). Called by scripts/bytecode.py:
//   node scripts/pycompile.mjs '[{"src": "a.zip", "dest": "b.zip", "prefix": "/lib/python314.zip/"}]'
// Each .py member becomes a .pyc beside where it was (an "unchecked hash" pyc: nothing
// to compare against at import time), without its module's and functions' docstrings;
// other members are copied as they are. `prefix`
// is where the files sit in the browser's file system, for tracebacks.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const jobs = JSON.parse(process.argv[2]);
const pyodide = await loadPyodide({ indexURL: new URL("../node_modules/pyodide/", import.meta.url).pathname });
const compileZip = pyodide.runPython(`
import ast, importlib.util, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


class Undocumented(ast.NodeTransformer):
    """Module and function docstrings go, as python -OO drops them (a phone downloads
    ~10% less bytecode); asserts stay, and so do class docstrings (without one, a
    dataclass works one out from its signature as it is made: time at every start)."""

    def strip(self, node):
        self.generic_visit(node)
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = strip


def bytecode(source, path):
    """An "unchecked hash" pyc of source (nothing to compare against at import time)."""
    code = compile(Undocumented().visit(ast.parse(source, path)), path, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def compile_zip(src, dest, prefix):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
        for info in zin.infolist():
            data, name = zin.read(info), info.filename
            if name.endswith(".py"):
                data, name = bytecode(data, prefix + name), name[:-3] + ".pyc"
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
