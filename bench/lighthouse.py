"""Lighthouse's scores for a table page of every game, the app run as deployed (issue 20's closing note).

It starts gunicorn with debug off and the static files collected (bench/page_weight.py's server), stores a table of
each game with 10 entries (bench/pages.py's seeded, legal games), and runs Lighthouse (`npx
lighthouse@12`, Node from Debian; the first run downloads it) on each table's page with Debian's Chromium, at
Lighthouse's mobile defaults (a mid-range phone, slow 4G, simulated). It prints the four category scores per game;
the installable check left Lighthouse in version 12, so tests/e2e/test_offline.py asks Chromium itself.

Run from the repository root:  .venv/bin/python bench/lighthouse.py [--games SLUG ...]
A measuring script, not a test: Lighthouse's performance score depends on the machine it runs on.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import page_weight

ROOT = Path(__file__).resolve().parents[1]
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        if found := shutil.which(name):
            return found
    raise SystemExit("no Chromium: bin/test installs Debian's (apt-get install chromium)")


def scores(url: str, folder: Path) -> dict[str, float]:
    report = folder / "report.json"
    command = [
        "npx", "--yes", "lighthouse@12", url, "--quiet", "--output=json", f"--output-path={report}",
        f"--chrome-flags={CHROME_FLAGS}", f"--only-categories={','.join(CATEGORIES)}",
    ]  # fmt: skip
    subprocess.run(command, check=True, env=dict(os.environ, CHROME_PATH=chromium()), cwd=folder)
    data = json.loads(report.read_text())
    found, audits = data["categories"], data["audits"]
    for name in CATEGORIES:  # what cost points: the audits that count and did not pass
        for ref in found[name]["auditRefs"]:
            audit = audits[ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                print(f"  {name}: {audit['title']} ({audit['score']})")
    return {name: found[name]["score"] for name in CATEGORIES}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", default=["rickety-kate", "white-hat", "hats", "hood-politix"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="kibitz-lighthouse-") as tmp:
        folder = Path(tmp)
        server, url, env = page_weight.start_server(folder, debug=False)
        try:
            page_weight.use_server_database(env)
            import pages

            benches = {bench.slug: bench for bench in pages.BENCHES}
            print("game".ljust(14) + "".join(name.rjust(16) for name in CATEGORIES))
            for slug in args.games:
                bench = benches[slug]
                table = bench.store(bench.events(pages.SHORT), "lighthouse")
                found = scores(f"{url}/t/{table.code}/", folder)
                print(slug.ljust(14) + "".join(f"{found[name]:.2f}".rjust(16) for name in CATEGORIES))
        finally:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
