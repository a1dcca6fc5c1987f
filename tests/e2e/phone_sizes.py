"""The three phones issue 32 plays on, and the check its tests share: every place a
player may tap now is on screen, inside the area that shows it, and is what a finger at
its centre would touch (no chip, notice, bar or sheet over it)."""

from __future__ import annotations

PHONES = {"portrait": {"width": 390, "height": 844}, "landscape": {"width": 844, "height": 390},
          "small": {"width": 360, "height": 640}}
LOCALES = {"en": "en-US", "ja": "ja-JP", "ko": "ko-KR"}

HIDDEN_TARGETS = """([targets, area]) => {
    const box = document.querySelector(area).getBoundingClientRect();
    const clip = {left: Math.max(box.left, 0), top: Math.max(box.top, 0),
                  right: Math.min(box.right, innerWidth), bottom: Math.min(box.bottom, innerHeight)};
    return [...document.querySelectorAll(targets)].filter(target => target.getClientRects().length).flatMap(target => {
        const r = target.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const name = target.getAttribute('aria-label') || target.textContent.trim().slice(0, 40)
                     || target.getAttribute('data-action') || target.tagName;
        if (!(x >= clip.left && x <= clip.right && y >= clip.top && y <= clip.bottom))
            return [`"${name}" at ${Math.round(x)},${Math.round(y)} is outside the visible area`];
        const top = document.elementFromPoint(x, y);
        if (!top || !(top === target || target.contains(top) || top.contains(target) && top.closest(area)))
            return [`"${name}" is under ${top ? (top.className.baseVal ?? top.className) || top.tagName : 'nothing'}`];
        return [];
    });
}"""


def hidden_targets(page, targets: str, area: str) -> list[str]:
    """Each element matching `targets` (of those drawn at all) whose centre is off the
    visible part of `area` (or the screen), or under another element; empty when a finger
    can reach every one."""
    assert page.locator(targets).count() > 0, f"nothing to tap matches {targets}"
    return page.evaluate(HIDDEN_TARGETS, [targets, area])


def phone(devices, shape: str, lang: str = "en"):
    """A touch phone of that shape speaking that language."""
    return devices.take(viewport=PHONES[shape], has_touch=True, is_mobile=True, locale=LOCALES[lang])
