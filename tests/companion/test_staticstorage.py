"""The production static files (issue 19, a first load of at most 40 KB): collectstatic minifies the project's
own scripts and stylesheets before whitenoise hashes and compresses them, and leaves vendored files alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.staticstorage import minified, minifier

ROOT = Path(__file__).resolve().parents[2]


def test_only_the_projects_own_scripts_and_stylesheets_are_minified() -> None:
    assert minifier("kibitz.js") and minifier("kibitz.css")
    assert minifier("kibitz.0123456789ab.js")  # the hashed copy ManifestStaticFilesStorage saves again
    assert minifier("games/white-hat.css")
    assert minifier("django_htmx/htmx-2.min.js") is None  # vendored, and minified by its makers
    assert minifier("icon.svg") is None and minifier("no-such-file.js") is None


def test_minifying_drops_comments_and_spaces_and_keeps_the_code() -> None:
    script = "// why this is so\nfunction add(a, b) {\n  return a + b; /* sum */\n}\nconst s = 'a  // b';\n"
    assert minified("kibitz.js", script) == "function add(a,b){return a+b;}\nconst s='a  // b';"
    assert minified("kibitz.css", "/* card */\n.card {\n  color: red;\n}\n") == ".card{color:red}"
    assert minified("icon.svg", "<svg>  </svg>") == "<svg>  </svg>"


def test_collectstatic_saves_our_files_minified_hashed_and_compressed(tmp_path: Path) -> None:
    (tmp_path / "static_settings.py").write_text(
        f"from companion.settings import *  # noqa\nSTATIC_ROOT = {str(tmp_path / 'static')!r}\n"
    )
    env = {
        **os.environ,
        "PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}",
        "DJANGO_SETTINGS_MODULE": "static_settings",
        "KIBITZ_DEBUG": "0",
        "KIBITZ_SECRET_KEY": "a-test-key-" * 5,
    }
    run = [sys.executable, "manage.py", "collectstatic", "--no-input", "-v", "0"]
    done = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    root = tmp_path / "static"
    paths = json.loads((root / "staticfiles.json").read_text())["paths"]
    served = (root / paths["kibitz.js"]).read_text()
    source = (ROOT / "static" / "kibitz.js").read_text()
    assert len(served) < 0.8 * len(source) and "\n  " not in served
    assert (root / (paths["kibitz.js"] + ".br")).exists() and (root / (paths["kibitz.js"] + ".gz")).exists()
    assert (root / paths["kibitz.css"]).stat().st_size < (ROOT / "static" / "kibitz.css").stat().st_size
    htmx = "django_htmx/htmx-2.min.js"
    assert (root / paths[htmx]).read_bytes() == (root / htmx).read_bytes()  # hashed, not rewritten
