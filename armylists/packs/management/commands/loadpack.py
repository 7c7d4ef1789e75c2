from django.core.management.base import BaseCommand, CommandError

from armylists.packs.tables import PackError
from armylists.packs.versions import load_official_pack_file_if_changed

SAID = {
    "recorded": "official pack version {number}",
    "unchanged": "unchanged, official pack version {number}",
    # Nothing read but the file's bytes, nothing written: make run starts at once.
    "skipped": "unchanged since the last load, skipped; official pack version {number}",
}


class Command(BaseCommand):
    help = (
        "Load game-data packs (YAML or JSON); each all or nothing, safe to re-run. Each "
        "load becomes a new version of the system's official pack when its content changed. "
        "A file whose bytes are those of the system's last load is skipped while the tables "
        "are as that load left them (no admin edit since); --force reloads it anyway."
    )

    # make run runs migrate (which checks the project) before and runserver (which checks
    # it again) after: the checks here would import every URL module for nothing.
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", metavar="PATH")
        parser.add_argument(
            "--force", action="store_true", help="reload every file, even an unchanged one"
        )

    def handle(self, *args, paths, force=False, **options):
        for path in paths:
            try:
                system, version, status = load_official_pack_file_if_changed(path, force=force)
            except PackError as exc:
                raise CommandError(str(exc)) from exc
            recorded = SAID[status].format(number=version.number)
            verb = "kept" if status == "skipped" else "loaded"
            self.stdout.write(
                f"{verb} {system.key} {system.data_version} from {path}"
                f" ({system.cards.count()} cards, {system.items.count()} items; {recorded})"
            )
