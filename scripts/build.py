"""Build the static site in place: vendor the web runtime, build the rules wheel,
write the service worker's precache list.

    bash scripts/build.sh             (npm ci, Babel into .venv, then this file)

Writes only git-ignored files:
  static/vendor/pyscript/   PyScript core (from node_modules/@pyscript/core/dist)
  static/vendor/idiomorph/  idiomorph: redraws morph the page instead of replacing it
  static/vendor/qrcode-generator/, jsqr/  the live table's QR codes, drawn and read (static/live.js)
  static/vendor/pyodide/    Pyodide runtime + micropip wheel, lock entry made to agree; its
                            python_stdlib.zip trimmed to what the app imports (scripts/stdlib.py)
  static/wheels/            gelateria-<version>-py3-none-any.whl built from py/ (as bytecode,
                            like python_stdlib.zip: scripts/bytecode.py)
  static/games.css          every registered game's stylesheet (static/<id>.css) in one
  py/gelateria/locale/      the compiled message catalogs (.mo, from locale/*/*.po with Babel)
  static/boot-i18n.js       the loading screen's words; static/manifest.<lang>.webmanifest
  static/pages*.js          the pre-rendered pages painted before Python starts, one file per
                            language (scripts/prerender.py)
  sw-manifest.js            the files the app loads (scripts/precache.txt), with content hashes

The service worker precaches exactly the files the app loads: scripts/precache.txt,
what a tour of the app in Chromium fetched (tests/e2e/test_bytes.py runs the tour and
fails if the list differs). A deploy (--out) gets those, the service worker, and the
files only the browser reads to install the app (the web manifests and the icons and
screenshots they name).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import bytecode  # scripts/bytecode.py: the stdlib and the wheel shipped compiled
import serve  # scripts/serve.py: what GitHub Pages sends gzip, and so what a visit downloads

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"
NODE = ROOT / "node_modules"
CACHE = ROOT / "build" / "cache"

# Pyodide's runtime as npm ships it; the site's python_stdlib.zip is the trimmed one.
PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]
# The files the app loads, as a tour of it found them: what the service worker precaches.
PRECACHE_LIST = ROOT / "scripts" / "precache.txt"
# The page and its own files (the build fails if the precache list lost one).
SITE_FILES = ["index.html", "pyscript.toml", "static/app.css", "static/games.css", "static/boot-i18n.js",
              "static/pages.js", "static/boot.js", "static/shell.js", "static/board.js", "static/live.js"]
# Deployed, never fetched by the page: the service worker (the browser fetches it
# itself), the web manifests (the browser reads them, and the images they name, to
# install the app), the vendored licence.
INSTALL_MANIFESTS = ["static/manifest.webmanifest", "static/manifest.ja.webmanifest", "static/manifest.ko.webmanifest"]
DEPLOY_ONLY = ["sw.js", "static/vendor/idiomorph/LICENSE", "static/vendor/jsqr/LICENSE"]
# Modules only the command line uses: left out of the browser's wheel (lighter start).
# (Each game's own games/<id>/cli.py is headless too: see is_headless_only.)
HEADLESS_ONLY = {"gelateria/__main__.py", "gelateria/cli.py", "gelateria/core/arena.py"}
# A fixed date for wheel members, so the same source gives a byte-identical wheel.
ZIP_DATE = (2026, 1, 1, 0, 0, 0)


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def read_version() -> str:
    text = (ROOT / "py" / "gelateria" / "__init__.py").read_text()
    return re.search(r'__version__ = "([^"]+)"', text).group(1)


def up_to_date(dest: Path, package_json: Path) -> bool:
    """Vendored copies are redone only when the npm package changes, so builds are
    quick and several can run at once without pulling files from under a page."""
    stamp = dest / ".source"
    return stamp.exists() and stamp.read_text() == package_json.read_text()


def stamp(dest: Path, package_json: Path) -> None:
    (dest / ".source").write_text(package_json.read_text())


def write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def vendor_pyscript() -> None:
    src = NODE / "@pyscript" / "core" / "dist"
    if not src.is_dir():
        sys.exit("build: node_modules/@pyscript/core is missing; run `npm ci` first")
    dest = VENDOR / "pyscript"
    if up_to_date(dest, src.parent / "package.json"):
        return
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for f in src.iterdir():
        # Source maps are for debugging only; leaving them out keeps the precache small.
        if f.is_file() and not f.name.endswith(".map"):
            shutil.copy2(f, dest / f.name)
    stamp(dest, src.parent / "package.json")


def vendor_npm_files(package: str, files: dict[str, str]) -> None:
    """Copy an npm package's files (its path -> the name served) to static/vendor/<package>/."""
    src = NODE / package
    if not src.is_dir():
        sys.exit(f"build: node_modules/{package} is missing; run `npm ci` first")
    dest = VENDOR / package
    if up_to_date(dest, src / "package.json"):
        return
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for path, name in files.items():
        shutil.copy2(src / path, dest / name)
    stamp(dest, src / "package.json")


def vendor_idiomorph() -> None:
    """The screen is redrawn as a whole; idiomorph turns the old DOM into the new one
    in place, so focus, scroll, running transitions and the board's camera survive."""
    vendor_npm_files("idiomorph", {"dist/idiomorph.min.js": "idiomorph.min.js", "LICENSE": "LICENSE"})


def vendor_qrcode() -> None:
    """The live table's invitations as QR codes (static/live.js draws them as SVG).
    qrcode-generator: one dependency-free file (56 KB, 12 KB gzip), loaded only when a
    code is shown. Python's segno was the other choice: its SVG writer imports
    xml.sax.saxutils, which would put urllib.request and http into every start's
    trimmed standard library. (Its MIT licence heads the file.)"""
    vendor_npm_files("qrcode-generator", {"dist/qrcode.js": "qrcode.js"})


def vendor_jsqr() -> None:
    """The host's camera reads a guest's reply where the browser has no BarcodeDetector of
    its own (iOS Safari, Firefox): jsQR, QR only and plain JavaScript (57 KB gzip), loaded
    when the camera opens. (barcode-detector over zxing-wasm reads every format, for a
    412 KB gzip wasm that the precache would bring to every visitor.)"""
    vendor_npm_files("jsqr", {"dist/jsQR.js": "jsQR.js", "LICENSE": "LICENSE"})


def write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        write_atomically(path, data)


def vendor_snapshot_modules(wheel: Path) -> None:
    """The interpreter snapshot's modules beside pyodide.mjs (static/pyodide-snapshot.mjs
    and its maker), the snapshot named for the runtime it is good for: a hash of the wasm,
    its glue, the trimmed standard library and the wheel."""
    dest = VENDOR / "pyodide"
    runtime = hashlib.sha256()
    for path in (dest / "pyodide.asm.wasm", dest / "pyodide.asm.mjs", dest / "python_stdlib.zip", wheel):
        runtime.update(hashlib.sha256(path.read_bytes()).digest())
    source = (STATIC / "pyodide-snapshot.mjs").read_text()
    placeholder = 'export const RUNTIME = "unbuilt";'
    if placeholder not in source:
        sys.exit(f"build: static/pyodide-snapshot.mjs must hold the line {placeholder}")
    snapshot = source.replace(placeholder, f'export const RUNTIME = "{runtime.hexdigest()[:16]}";')
    write_if_changed(dest / "snapshot.mjs", snapshot.encode())
    write_if_changed(dest / "snapshot-maker.mjs", (STATIC / "pyodide-snapshot-maker.mjs").read_bytes())


def vendor_pyodide() -> None:
    src = NODE / "pyodide"
    dest = VENDOR / "pyodide"
    wheel = fetch_locked_wheels()["micropip"]
    if not up_to_date(dest, src / "package.json") or not (dest / wheel.name).exists():
        shutil.rmtree(dest, ignore_errors=True)
        dest.mkdir(parents=True)
        for name in PYODIDE_FILES:  # python_stdlib.zip: trim_stdlib() writes it
            shutil.copy2(src / name, dest / name)
        shutil.copy2(wheel, dest / wheel.name)
        stamp(dest, src / "package.json")
    # Pyodide reads pyodide-lock.json at every start. It lists the 354 packages of
    # Pyodide's own distribution, none served here but micropip (107 KB for nothing):
    # the site's lock lists micropip alone. Its entry has the sha256 of Pyodide's own
    # build; the PyPI wheel we serve differs, so the entry must name our file and hash
    # or the integrity check refuses it.
    # The app's worker loads Pyodide through static/pyodide-progress.mjs (it counts the
    # downloads for the page's progress bar); beside pyodide.mjs, Pyodide finds its files.
    write_if_changed(dest / "progress.mjs", (STATIC / "pyodide-progress.mjs").read_bytes())
    lock = json.loads((src / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    entry["file_name"] = wheel.name
    entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    lock["packages"] = {"micropip": entry}
    data = json.dumps(lock, separators=(",", ":")).encode()
    write_if_changed(dest / "pyodide-lock.json", data)


def fetch_locked_wheels() -> dict[str, Path]:
    """Download (once, cached) the wheels pinned in requirements-web.lock."""
    CACHE.mkdir(parents=True, exist_ok=True)
    wanted = {}
    for line in (ROOT / "requirements-web.lock").read_text().splitlines():
        m = re.match(r"([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line.strip())
        if m:
            wanted[m.group(1)] = (m.group(2), m.group(3))
    found = {}
    for name, (version, digest) in wanted.items():
        path = CACHE / f"{name}-{version}-py3-none-any.whl"
        if not path.exists() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            log(f"downloading {name}=={version} from PyPI")
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
                 "--python-version", "3.14", "--require-hashes", "-d", str(CACHE), "-r", "/dev/stdin"],
                input=f"{name}=={version} --hash=sha256:{digest}\n", text=True, check=True,
            )
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            sys.exit(f"build: {path.name} does not match the hash in requirements-web.lock")
        found[name] = path
    return found


def build_wheel() -> Path:
    """A pure-Python wheel of py/gelateria, written by hand: deterministic and needing no
    build tools (a wheel is a zip with a dist-info folder)."""
    version = read_version()
    dest_dir = STATIC / "wheels"
    dest_dir.mkdir(parents=True, exist_ok=True)
    for old in dest_dir.glob("gelateria-*.whl"):
        if old.name != f"gelateria-{version}-py3-none-any.whl":
            old.unlink()
    wheel_path = dest_dir / f"gelateria-{version}-py3-none-any.whl"
    dist_info = f"gelateria-{version}.dist-info"
    members: list[tuple[str, bytes]] = []
    pkg_root = ROOT / "py"
    for path in sorted([*(pkg_root / "gelateria").rglob("*.py"), *(pkg_root / "gelateria").rglob("*.mo")]):
        name = path.relative_to(pkg_root).as_posix()
        if not is_headless_only(name):
            members.append((name, path.read_bytes()))
    # Shipped as bytecode, compiled by the site's own Pyodide: no compiling on import.
    members = bytecode.compile_members(members, bytecode.app_prefix(wheel_path.name))
    members.append((f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: gelateria\nVersion: {version}\n".encode()))
    members.append((f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: gelateria-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    members.append((f"{dist_info}/top_level.txt", b"gelateria\n"))
    record_lines = []
    for name, data in members:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).decode().rstrip("=")
        record_lines.append(f"{name},sha256={digest},{len(data)}")
    record_lines.append(f"{dist_info}/RECORD,,")
    members.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in members:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    write_atomically(wheel_path, buffer.getvalue())
    return wheel_path


def registered_games() -> list[str]:
    """The ids of the games in the box, as the package registers them."""
    sys.path.insert(0, str(ROOT / "py"))
    from gelateria.core.game import all_games

    return sorted(all_games())


def is_headless_only(name: str) -> bool:
    return name in HEADLESS_ONLY or re.fullmatch(r"gelateria/games/[a-z0-9_]+/cli\.py", name) is not None


def build_game_styles(games: list[str]) -> Path:
    """static/games.css: every registered game's own stylesheet (static/<id>.css), in
    one file the page links, so adding a game never edits index.html."""
    parts = []
    for game_id in games:
        sheet = STATIC / f"{game_id}.css"
        if sheet.exists():
            parts.append(f"/* {sheet.name} */\n{sheet.read_text()}")
    dest = STATIC / "games.css"
    write_atomically(dest, "\n".join(parts).encode())
    return dest


def precache_list() -> list[str]:
    """scripts/precache.txt: one path a line, relative to the site; '#' comments."""
    lines = (line.split("#", 1)[0].strip() for line in PRECACHE_LIST.read_text().splitlines())
    return [line for line in lines if line]


def site_files(root: Path = ROOT) -> list[str]:
    """The files the service worker precaches: the precache list, every file there."""
    files = precache_list()
    lost = [f for f in SITE_FILES if f not in files]
    absent = [f for f in files if not (root / f).is_file()]
    if lost or absent:
        sys.exit("build: scripts/precache.txt is out of date:"
                 + "".join(f"\n  {f} is the page's own file but not listed" for f in lost)
                 + "".join(f"\n  {f} is listed but missing" for f in absent)
                 + "\nFix the list (after an upgrade of PyScript or Pyodide, a file's new name is what "
                 "tests/e2e/test_bytes.py reports the app loads) and build again.")
    return files


def install_files(root: Path = ROOT) -> list[str]:
    """The web manifests and the icons and screenshots they name, with the icons
    index.html links (what the browser reads to install the app)."""
    files = list(INSTALL_MANIFESTS)
    for rel in INSTALL_MANIFESTS:
        manifest = json.loads((root / rel).read_text())
        for image in manifest.get("icons", []) + manifest.get("screenshots", []):
            files.append((Path(rel).parent / image["src"]).as_posix())
    files += [href.removeprefix("./") for href in re.findall(
        r'<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"', (root / "index.html").read_text())]
    return sorted(set(files))


def export(out: Path, manifest: dict) -> None:
    """Copy the site to `out`, for publishing (GitHub Pages) or serving a clean copy in
    tests: what the service worker precaches, the service worker, what installing reads."""
    shutil.rmtree(out, ignore_errors=True)
    for rel in sorted({*manifest["files"], "sw-manifest.js", *DEPLOY_ONLY, *install_files()}):
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, dest)
    (out / ".nojekyll").write_text("")  # Pages must serve files as they are


def write_manifest(root: Path = ROOT) -> dict:
    """sw-manifest.js: the precache list, each file's hash, size and size as sent
    (gzip where GitHub Pages compresses it: what the loading screen counts). Its version
    is a hash of every file's content and of the service worker's, so any change gives
    the service worker a new cache and the page an "update ready" prompt."""
    entries = {}
    total = hashlib.sha256()
    for rel in site_files(root):
        data = (root / rel).read_bytes()
        digest = hashlib.sha256(data).hexdigest()[:16]
        entries[rel] = {"hash": digest, "bytes": len(data), "sent": serve.sent_bytes(rel, data)}
        total.update(f"{rel}:{digest}\n".encode())
    total.update(f"sw.js:{hashlib.sha256((root / 'sw.js').read_bytes()).hexdigest()[:16]}\n".encode())
    manifest = {"version": total.hexdigest()[:16], "files": entries}
    write_atomically(root / "sw-manifest.js", (
        "// Generated by scripts/build.py: the files the app loads, with content hashes.\n"
        f"self.GELATERIA_MANIFEST = {json.dumps(manifest, indent=1, sort_keys=True)};\n"
    ).encode())
    return manifest


def trim_stdlib() -> None:
    """The site's python_stdlib.zip: only the modules the app imports, checked against
    the shipped wheel's imports (scripts/stdlib.py; exits naming what would miss)."""
    import stdlib

    source, kept, total = stdlib.trim(ROOT / "py" / "gelateria", lambda rel: not is_headless_only(rel))
    # Shipped as bytecode: the browser never compiles the standard library (scripts/bytecode.py).
    data = bytecode.compile_zip(source, bytecode.STDLIB_PREFIX)
    dest = VENDOR / "pyodide" / "python_stdlib.zip"
    write_if_changed(dest, data)
    log(f"python_stdlib.zip: {kept} of {total} modules, {len(data):,} bytes as bytecode ({len(source):,} as source; "
        f"Pyodide's: {stdlib.FULL_ZIP.stat().st_size:,})")


def print_first_visit(manifest: dict) -> None:
    """What a first visit downloads: the files the page loads, which the service
    worker then precaches from the HTTP cache (revalidated, not downloaded again)."""
    import stdlib

    rows = [(rel, (ROOT / rel).read_bytes()) for rel in [*manifest["files"], "sw-manifest.js"]]
    sized = sorted(((len(data), stdlib.gzip_size(data), rel) for rel, data in rows), reverse=True)
    for raw, gz, rel in sized:
        print(f"  {raw:>11,} {gz:>11,}  {rel}")
    print(f"  {sum(r for r, _, _ in sized):>11,} {sum(g for _, g, _ in sized):>11,}  "
          f"first visit: {len(sized)} files, raw and gzip (level 6)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", help="also copy the finished site to this folder (for deploying)")
    parser.add_argument("--sizes", action="store_true", help="print what a first visit downloads, raw and gzip")
    args = parser.parse_args()
    vendor_pyscript()
    vendor_idiomorph()
    vendor_qrcode()
    vendor_jsqr()
    vendor_pyodide()
    sys.path.insert(0, str(ROOT / "scripts"))
    import i18n  # needs Babel: scripts/build.sh runs this in .venv (requirements-build.txt)

    counts = i18n.compile_all(STATIC)
    log("catalogs: " + ", ".join(f"{lang} {n} messages" for lang, n in counts.items()))
    wheel = build_wheel()
    trim_stdlib()
    vendor_snapshot_modules(wheel)
    build_game_styles(registered_games())
    import prerender  # the first paint: home, rules, panels in every language, drawn by the same views

    pages = prerender.write_pages(STATIC)
    log(f"pre-rendered {pages} pages")
    if f"./static/wheels/{wheel.name}" not in (ROOT / "pyscript.toml").read_text():
        sys.exit(f"build: pyscript.toml must install ./static/wheels/{wheel.name} (update it with the version)")
    manifest = write_manifest()
    if args.sizes:
        print_first_visit(manifest)
    own = sum(
        e["bytes"] for rel, e in manifest["files"].items() if not rel.startswith("static/vendor/")
    ) + (ROOT / "sw-manifest.js").stat().st_size
    log(f"wheel {wheel.name} ({wheel.stat().st_size:,} bytes)")
    if args.out:
        export(Path(args.out).resolve(), manifest)
        log(f"site copied to {args.out}")
    log(f"{len(manifest['files'])} files precached, version {manifest['version']}; app's own files {own:,} bytes")


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
