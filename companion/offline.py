"""The service worker (issue 20 §4): a phone keeps the app's static files and the table pages it opened, so a
reload without signal still shows the table as last seen; entries saved meanwhile wait in static/offline.js. Any
other page, and a form posted, without signal: the offline page, which the worker keeps with the static files.

The worker is served from the site's root (/sw.js), not from /static/: a worker only controls the pages under the
folder it is served from, and the table pages are at /t/CODE/. It is rendered by Django so that it names the
static files by the names this deployment serves them under (whitenoise's hashed names in production), and a new
deployment changes its text, which is how a browser learns that there is a new worker with a new cache.
"""

from __future__ import annotations

import hashlib
import json
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_GET

from companion import assets
from games import registry

# What every page needs, fetched when the worker is installed: a table page reloaded offline finds them all.
SHELL = (
    "kibitz.css",
    "kibitz.js",
    "offline.js",
    "django_htmx/htmx-2.min.js",
    "icon.svg",
    "manifest.webmanifest",
)


def shell() -> list[str]:
    """The static URLs the worker keeps from its installation: the shell and every game's stylesheet and script."""
    names = list(SHELL) + [name for slug in sorted(registry.GAMES) for name in assets.files(slug)]
    return [static(name) for name in names]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """static/sw.js rendered with this deployment's static URLs. Never kept by an HTTP cache: a browser asks for
    the worker again to learn of a new deployment, and should get the new one at once."""
    urls = shell()
    context = {
        "shell": json.dumps(urls),
        "static_prefix": json.dumps(urlsplit(settings.STATIC_URL or "/static/").path),
        # Hashed names change with their content, so a kept copy is as good as a fresh one (cache first); the
        # plain names of debug mode are fetched fresh whenever there is a connection (network first).
        "hashed": json.dumps(isinstance(staticfiles_storage, ManifestFilesMixin)),
        "version": hashlib.sha256("\n".join(urls).encode()).hexdigest()[:12],
        "offline": json.dumps(reverse("offline")),
    }
    response = HttpResponse(render_to_string("sw.js", context), content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    patch_cache_control(response, no_cache=True, max_age=0)
    return response


@require_GET
def page(request: HttpRequest) -> HttpResponseBase:
    """The page the worker shows for a page it does not keep, or a form posted, without signal
    (templates/offline.html). The worker fetches it itself; a phone that opens it as a page (the language picker
    on it, once the connection is back, leads here) has signal, and goes to the home page instead."""
    if request.headers.get("Sec-Fetch-Mode") == "navigate":
        return redirect("home")
    response = render(request, "offline.html")
    patch_vary_headers(response, ["Sec-Fetch-Mode"])
    return response
