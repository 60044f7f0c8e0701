"""The production static files: Kibitz's own scripts and stylesheets minified as collectstatic copies them, then
hashed and compressed by whitenoise as before (issue 19: a first load of at most 40 KB).

rjsmin and rcssmin are maintained minifiers with no dependencies of their own, which only drop what a browser
ignores (comments, spaces, line breaks) and rename nothing, so the served script is the one the tests run, less
its whitespace. Only files from the project's static folder are minified: htmx and Django's admin come minified
or as their makers ship them. In debug (bin/serve, the tests' live server) the files are served as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import rcssmin
import rjsmin
from django.conf import settings
from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage

# ManifestStaticFilesStorage saves each file again under its hashed name ("kibitz.0123456789ab.js"), read anew
# from the source folder, so the hash is dropped before asking whether a name is one of ours.
HASH = re.compile(r"\.[0-9a-f]{12}(?=\.(?:js|css)$)")
MINIFIERS: dict[str, Callable[[str], str]] = {".js": rjsmin.jsmin, ".css": rcssmin.cssmin}


def minifier(name: str) -> Callable[[str], str] | None:
    """The minifier of static file `name` if it is one of the project's scripts or stylesheets, else None."""
    source = HASH.sub("", name)
    own = any((folder / source).is_file() for folder in settings.STATICFILES_DIRS)
    suffix = source[source.rfind(".") :]
    return MINIFIERS.get(suffix) if own and not source.endswith((".min.js", ".min.css")) else None


def minified(name: str, text: str) -> str:
    """`text`, the content of static file `name`, as production serves it."""
    minify = minifier(name)
    return minify(text) if minify else text


class MinifiedStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    """whitenoise's compressed, hashed storage, saving the project's own scripts and stylesheets minified."""

    def _save(self, name: str, content: Any) -> str:
        if minifier(name):
            content.seek(0)
            content = ContentFile(minified(name, content.read().decode()).encode())
        saved: str = super()._save(name, content)
        return saved
