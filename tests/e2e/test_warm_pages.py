"""The suite's warm pages (conftest's devices): a device lent to the next test has
forgotten everything the last one did there — its saves, its preferences, its device
id, the screen it left open — without starting Python again."""

from __future__ import annotations

import json

from conftest import DEFAULT_VIEWPORT, NEUTRAL, TRACE, start_game


def prefs(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('gelateria.prefs')") or "{}")


def test_a_device_lent_again_starts_over_without_a_new_python(site, devices):
    device = devices.take()
    page = device.open(site.url + "#/gelati")
    start_game(page, "gelati", ["human", "normal"], seed=4, names={0: "Ana"}, pace="Fast")
    page.wait_for_function("location.hash.includes('/gelati/play/')")  # saved
    before = prefs(page)
    assert before["pace"] == "fast" and before["device"]
    booted = dict(TRACE.boots)

    device.park()  # what handing it back does,
    device.reset(DEFAULT_VIEWPORT, [])  # and lending it to the next test

    assert TRACE.boots == booted  # the same Python
    assert page.url.endswith(NEUTRAL) and page.locator("#app h1").inner_text() == "No such page"
    assert page.evaluate("localStorage.length") == 0
    home = device.open(site.url)
    home.wait_for_selector("[data-screen='home']")
    assert home.locator("[data-continue], [data-history]").count() == 0
    page = device.open(site.url + "#/gelati")
    start_game(page, "gelati", ["human", "normal"], seed=4, names={0: "Ana"})
    page.wait_for_function("location.hash.includes('/gelati/play/')")
    after = prefs(page)
    assert "pace" not in after and after["device"] != before["device"]
    assert page.get_by_role("button", name="Normal", exact=True).get_attribute("aria-pressed") == "true"
    assert device.errors == [] and device.foreign == []
