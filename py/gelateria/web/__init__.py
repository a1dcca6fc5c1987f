"""The browser layer: the only part of gelateria that touches the page.

Modules that import `pyscript` / `js` (dom, app, views) run only under PyScript;
markup, art and catalog are plain Python and are unit-tested in CPython.
"""
