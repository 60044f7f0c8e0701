from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "Kibitz"

    def ready(self) -> None:
        from companion import checks  # noqa: F401  (registers the start-up checks of every game)
