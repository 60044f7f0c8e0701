from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.urls import include, path

from companion import displayviews, entries, groupviews, historyviews, offline, views


def ping(request: HttpRequest) -> HttpResponse:
    """A fixed answer: the load test's yardstick for what the stack itself allows."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("", views.home, name="home"),
    path("ping/", ping, name="ping"),
    path("sw.js", offline.service_worker, name="service_worker"),  # at the root: its scope is the whole site
    path("offline/", offline.page, name="offline"),  # kept by the worker, shown when a page cannot come
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the footer's language picker
    path("new/<slug:slug>/", views.new_table, name="new_table"),
    path("import/", views.import_file, name="import"),
    path("join/", views.join, name="join"),
    path("g/<str:token>/", groupviews.join, name="group_join"),
    path("group/", groupviews.page, name="group"),
    path("group/use/", groupviews.use, name="group_use"),
    path("group/new/", groupviews.new, name="group_new"),
    path("group/link/", groupviews.renew, name="group_renew"),
    path("group/leave/", groupviews.leave, name="group_leave"),
    path("group/presets/<int:pk>/delete/", groupviews.delete_preset, name="preset_delete"),
    path("rules/<slug:slug>/", views.rules, name="rules"),
    path("s/<str:token>/", views.claim, name="claim"),
    path("t/<str:code>/", views.table, name="table"),
    path("t/<str:code>/live/", views.live, name="live"),
    path("t/<str:code>/share/", views.share, name="share"),
    path("t/<str:code>/display/", displayviews.display, name="display"),
    path("t/<str:code>/display/live/", displayviews.display_live, name="display_live"),
    path("t/<str:code>/record/<slug:action>/", views.record, name="record"),
    path("t/<str:code>/correct/<int:seq>/<slug:action>/", views.correct, name="correct"),
    path("t/<str:code>/undo/", views.undo, name="undo"),
    path("t/<str:code>/again/", views.play_again, name="play_again"),
    path("t/<str:code>/redo/", views.redo, name="redo"),
    path("t/<str:code>/check/", views.check, name="check"),
    path("t/<str:code>/export.json", views.export, name="export"),
    path("t/<str:code>/standings.json", views.table_json, name="standings"),
    path("t/<str:code>/rounds.csv", historyviews.table_csv, name="table_csv"),
    path("t/<str:code>/note/", views.note, name="note"),
    path("history/", historyviews.group_history, name="history"),
    path("history/tables.csv", historyviews.group_csv, name="history_csv"),
    path("history/ratings/", historyviews.ratings_page, name="ratings"),
    path("history/player/<path:name>/", historyviews.player_page, name="history_player"),
    *entries.urls(),  # each game's own pages (its web adapter's URLS), under its slug
]
if settings.KIBITZ_ADMIN:  # Django's admin only where a setting asks for it (KIBITZ_ADMIN=1)
    urlpatterns.insert(0, path("admin/", admin.site.urls))
