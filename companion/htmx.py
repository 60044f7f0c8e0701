"""The request as the type checker should see it in the views that read `request.htmx`."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """django-htmx's middleware (on every request, before the view) sets `htmx`; Django's types do not know."""

    htmx: HtmxDetails
