"""Installing the box as an app, as Chromium sees it: the copy that `scripts/build.py
--out` publishes, served under a sub-path as GitHub Pages serves a project, opened by a
browser that speaks English, Japanese or Korean. Chromium finds nothing that stops an
install; every language's manifest is the same app (one id, whatever the sub-path), in
its language, with a maskable icon whose artwork survives any mask, and install
screenshots that load at their declared size with a label in the language."""

from __future__ import annotations

import json
import sys

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT, Site, _check_built, persistent_context

sys.path.insert(0, str(ROOT / "scripts"))
import i18n as catalogs  # noqa: E402  scripts/i18n.py (needs Babel, which scripts/build.sh installs)

LOCALES = {"en": "en-US", "ja": "ja-JP", "ko": "ko-KR"}
APP_ID = "/gelateria/"  # resolved against the origin only: the same under any sub-path
SAFE_RADIUS = 0.40  # of a maskable icon's width: the circle that every mask keeps

# An image as the page gets it: its size, and for a maskable icon whether anything but
# the background colour lies outside the safe circle (a mask may cut it off there).
IMAGE = """async ([url, safe]) => {
  const response = await fetch(url, {cache: 'no-store'});
  if (!response.ok) return {status: response.status, size: null, type: null};
  const bitmap = await createImageBitmap(await response.blob());
  const w = bitmap.width, h = bitmap.height;
  const canvas = new OffscreenCanvas(w, h), g = canvas.getContext('2d');
  g.drawImage(bitmap, 0, 0);
  const px = g.getImageData(0, 0, w, h).data, corner = Array.from(px.slice(0, 4));
  let outside = 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (Math.hypot(x + 0.5 - w / 2, y + 0.5 - h / 2) <= safe * w) continue;
    const i = 4 * (y * w + x);
    if ([0, 1, 2, 3].some(c => Math.abs(px[i + c] - corner[c]) > 2)) outside++;
  }
  return {status: response.status, type: response.headers.get('content-type'), size: `${w}x${h}`, corner, outside};
}"""


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    """What the Pages workflow publishes (`build.py --out`), under a sub-path."""
    _check_built()
    import build

    out = tmp_path_factory.mktemp("pages")
    build.export(out, build.write_manifest())
    site = Site("/gelateria-box/", root=out)
    yield site
    site.close()


class Visit:
    def __init__(self, lang, page, cdp, foreign, errors):
        self.lang, self.page, self.cdp = lang, page, cdp
        self.foreign, self.errors = foreign, errors  # requests that left 127.0.0.1; console errors
        found = cdp.send("Page.getAppManifest")
        assert found["errors"] == [], found["errors"]
        self.manifest_url = found["url"]
        self.manifest = json.loads(found["data"])  # as written
        self.parsed = found["manifest"]  # as Chromium understood it

    def image(self, src: str, safe: float = 0.5) -> dict:
        url = self.page.evaluate("([src, base]) => new URL(src, base).href", [src, self.manifest_url])
        return self.page.evaluate(IMAGE, [url, safe])


@pytest.fixture(scope="module", params=list(LOCALES))
def visit(browser, deployed, request, tmp_path_factory):
    """The deployed box, open and ready in a player's own browser profile (Chromium
    never installs from an incognito one, which is what a plain Playwright context is)
    that speaks one language."""
    lang = request.param
    context = persistent_context(browser, tmp_path_factory.mktemp(f"profile-{lang}"), locale=LOCALES[lang])
    page = context.pages[0] if context.pages else context.new_page()
    foreign, errors = [], []
    context.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else foreign.append(r.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(deployed.url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    yield Visit(lang, page, context.new_cdp_session(page), foreign, errors)
    context.close()


def words(lang: str) -> dict[str, str]:
    """English → the language, as the boot catalog has it (English: itself)."""
    if lang == "en":
        return {}
    return {m.id: m.string for m in catalogs.read("boot", lang) if m.id and m.string and not m.fuzzy}


def english_manifest() -> dict:
    return json.loads((ROOT / "static" / "manifest.webmanifest").read_text())


def test_the_box_works_under_its_sub_path(visit, deployed):
    assert visit.page.url.startswith(deployed.url) and "/gelateria-box/" in deployed.url
    assert visit.page.locator("[data-card]").count() == 4
    assert visit.foreign == [] and visit.errors == []


def test_chromium_finds_nothing_that_stops_an_install(visit):
    assert visit.cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_every_language_installs_the_same_app_whatever_the_sub_path(visit, deployed):
    origin = deployed.url.split("/gelateria-box/")[0]
    assert visit.cdp.send("Page.getAppId")["appId"] == origin + APP_ID
    assert visit.parsed["id"] == origin + APP_ID
    assert visit.parsed["startUrl"] == deployed.url + "index.html"
    assert visit.parsed["scope"] == deployed.url


def test_the_manifest_speaks_the_browsers_language(visit):
    name = "manifest.webmanifest" if visit.lang == "en" else f"manifest.{visit.lang}.webmanifest"
    assert visit.manifest_url.endswith(f"/static/{name}")
    assert visit.manifest["lang"] == visit.lang
    english, translated = english_manifest(), words(visit.lang)
    for field in ("name", "short_name", "description"):
        assert visit.manifest[field] == translated.get(english[field], english[field]), field
        if visit.lang != "en":
            assert visit.manifest[field] != english[field], f"{field} is left in English"


def test_icons_load_at_their_size_and_the_maskable_one_survives_any_mask(visit):
    icons = visit.manifest["icons"]
    purposes = {icon.get("purpose", "any") for icon in icons}
    assert {"any", "maskable"} <= purposes
    for icon in icons:
        if icon["sizes"] == "any":  # the SVG
            continue
        got = visit.image(icon["src"], SAFE_RADIUS)
        assert (got["status"], got["size"], got["type"]) == (200, icon["sizes"], icon["type"]), icon["src"]
        if icon["purpose"] == "maskable":
            assert got["corner"][3] == 255, f"{icon['src']}: the background must fill the square"
            assert got["outside"] == 0, f"{icon['src']}: {got['outside']} pixels of artwork outside the safe zone"


def test_install_screenshots_load_at_their_size_with_a_label_in_the_language(visit):
    english, translated = english_manifest(), words(visit.lang)
    shots = visit.manifest["screenshots"]
    assert sorted(s["form_factor"] for s in shots) == ["narrow", "wide"]
    assert [s["formFactor"] for s in visit.parsed["screenshots"]] == [f"k{s['form_factor'].title()}" for s in shots]
    for shot, source in zip(shots, english["screenshots"]):
        assert shot["src"].startswith(f"screenshots/{visit.lang}/"), shot["src"]
        got = visit.image(shot["src"])
        assert (got["status"], got["size"], got["type"]) == (200, shot["sizes"], shot["type"]), shot["src"]
        width, height = (int(n) for n in shot["sizes"].split("x"))
        assert (width < height) == (shot["form_factor"] == "narrow"), shot["src"]
        assert shot["label"] == translated.get(source["label"], source["label"])
        if visit.lang != "en":
            assert shot["label"] != source["label"], f"{shot['src']}: label left in English"
