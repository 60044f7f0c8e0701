"""The group pages: join by the group's link, pick the group to work in, name it, share or renew its link,
start a new one, leave it, and drop its presets. Membership lives in the session (groups.py)."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from companion import groups, throttle, waits
from companion.models import Group
from companion.qr import qr_svg
from games import registry


class GroupNameForm(forms.ModelForm):  # type: ignore[type-arg]  # ModelForm[Group] fails at runtime in Django 5.2
    class Meta:
        model = Group
        fields = ["name"]
        widgets = {
            "name": forms.TextInput(attrs={"placeholder": gettext_lazy("Thursday cards"), "autocomplete": "off"})
        }


@never_cache
@require_GET
def join(request: HttpRequest, token: str) -> HttpResponse:
    """The group link: this phone belongs to the group from now on, and works in it."""
    group = Group.objects.filter(token=token).first()
    if group is None:
        message = _("This group link no longer works. Ask someone in the group for the new one.")
        return render(request, "group_message.html", {"message": message}, status=404)
    groups.add(request, group)
    return redirect("home")


@never_cache
def page(request: HttpRequest) -> HttpResponse:
    """The current group: its name, its link and QR code, its players and presets."""
    group = groups.current(request)
    if group is None:
        return redirect("home")
    form = GroupNameForm(request.POST or None, instance=group)
    if request.method == "POST" and form.is_valid():
        form.save()
        return redirect("group")
    link = request.build_absolute_uri(reverse("group_join", args=[group.token]))
    games = {g.slug: g.name for g in registry.GAMES.values()}
    context = {
        "group": group,
        "label": groups.label(group),
        "form": form,
        "link": link,
        "qr": qr_svg(link, _("Group link")),
        "players": group.players.order_by("name").values_list("name", flat=True),
        "presets": [(games.get(p.game, p.game), p) for p in group.presets.order_by("game", "name")],
    }
    return render(request, "group.html", context, status=400 if form.errors else 200)


@require_POST
def use(request: HttpRequest) -> HttpResponse:
    """Work in another of this phone's groups."""
    groups.use(request, request.POST.get("group", ""))
    return redirect("home")


@require_POST
def new(request: HttpRequest) -> HttpResponse:
    """A new, empty group that this phone works in. Counted with new tables (throttle.CREATE)."""
    if refused := throttle.attempt(throttle.CREATE, request):
        here = _("Too many new groups and tables from here for now. Try again in %(wait)s.")
        response = render(request, "group_message.html", {"message": waits.too_many_tables(refused, here)}, status=429)
        return waits.retry_after(response, refused.wait)
    groups.add(request, Group.objects.create())
    return redirect("group")


@require_POST
def renew(request: HttpRequest) -> HttpResponse:
    """A new group link: the old one stops working, on phones that joined with it too (but this one)."""
    return _on_current(request, groups.renew_link, then="group")


@require_POST
def leave(request: HttpRequest) -> HttpResponse:
    return _on_current(request, groups.leave, then="home")


def _on_current(request: HttpRequest, act: Callable[[HttpRequest, Group], object], *, then: str) -> HttpResponse:
    """`act` on the group this phone works in, if any, then on to the page `then`."""
    group = groups.current(request)
    if group is not None:
        act(request, group)
    return redirect(then)


@require_POST
def delete_preset(request: HttpRequest, pk: int) -> HttpResponse:
    """Tables copy their options, so no table changes when its preset goes."""
    group = groups.current(request)
    if group is None:
        raise Http404(_("No such preset."))
    get_object_or_404(group.presets, pk=pk).delete()
    return redirect("group")
