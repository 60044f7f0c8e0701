from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "Kibitz"

    def ready(self) -> None:
        from companion import checks, migrationcheck  # noqa: F401  (registers the start-up checks)
