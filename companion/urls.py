from django.contrib import admin
from django.urls import path

from companion import views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", views.home, name="home"),
    path("new/<slug:slug>/", views.new_table, name="new_table"),
    path("import/", views.import_file, name="import"),
    path("rules/<slug:slug>/", views.rules, name="rules"),
    path("t/<str:code>/", views.table, name="table"),
    path("t/<str:code>/record/<slug:action>/", views.record, name="record"),
    path("t/<str:code>/undo/", views.undo, name="undo"),
    path("t/<str:code>/redo/", views.redo, name="redo"),
    path("t/<str:code>/check/", views.check, name="check"),
    path("t/<str:code>/export.json", views.export, name="export"),
    path("t/<str:code>/standings.json", views.table_json, name="standings"),
]
