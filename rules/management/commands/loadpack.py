from django.core.management.base import BaseCommand, CommandError

from rules.pack_versions import load_official_pack_file
from rules.packs import PackError


class Command(BaseCommand):
    help = (
        "Load game-data packs (YAML or JSON); each all or nothing, safe to re-run. Each "
        "load becomes a new version of the system's official pack when its content changed."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", metavar="PATH")

    def handle(self, *args, paths, **options):
        for path in paths:
            try:
                system, version, created = load_official_pack_file(path)
            except PackError as exc:
                raise CommandError(str(exc)) from exc
            recorded = (
                f"official pack version {version.number}"
                if created
                else f"unchanged, official pack version {version.number}"
            )
            self.stdout.write(
                f"loaded {system.key} {system.data_version} from {path}"
                f" ({system.cards.count()} cards, {system.items.count()} items; {recorded})"
            )
