"""A throwaway PostgreSQL server on 127.0.0.1, in a temporary directory, for tests of the
production Dagster instance (deploy/dagster.yaml). Needs the server binaries (Debian: the
`postgresql` package, which .ci/run installs); initdb refuses to run as root, so as root the server
runs as the `postgres` user."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path


def find_postgres_bin() -> Path | None:
    """The folder of initdb and pg_ctl: on the PATH, else the newest /usr/lib/postgresql/*/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(os.path.realpath(found)).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(candidates[-1]).parent if candidates else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class PostgresServer:
    root: Path
    port: int
    user: str = "dagster"
    database: str = "dagster"

    @property
    def env(self) -> dict[str, str]:
        """The variables deploy/dagster.yaml reads."""
        return {
            "DAGSTER_PG_HOST": "127.0.0.1",
            "DAGSTER_PG_PORT": str(self.port),
            "DAGSTER_PG_DB": self.database,
            "DAGSTER_PG_USER": self.user,
            "DAGSTER_PG_PASSWORD": "",
        }

    def query(self, sql: str) -> list[tuple]:
        import psycopg2

        with psycopg2.connect(host="127.0.0.1", port=self.port, user=self.user, dbname=self.database) as conn:
            with conn.cursor() as cursor:
                cursor.execute(sql)
                return cursor.fetchall()


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def start_postgres(root: Path, bin_dir: Path) -> PostgresServer:
    """initdb a cluster in `root` (trust authentication, listening on 127.0.0.1 only), start it on a
    free port with its socket in `root`, and create the database."""
    root.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    server = PostgresServer(root, free_port())
    data = root / "data"
    subprocess.run(
        _as_server_user([str(bin_dir / "initdb"), "-D", str(data), "-U", server.user, "--auth=trust", "-E", "UTF8"]),
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    options = f"-c listen_addresses=127.0.0.1 -p {server.port} -c unix_socket_directories={root}"
    subprocess.run(
        _as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log"), "-w",
                         "start"]),
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    import psycopg2

    connection = psycopg2.connect(host="127.0.0.1", port=server.port, user=server.user, dbname="postgres")
    connection.autocommit = True
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE DATABASE {server.database}")
    connection.close()
    return server


def stop_postgres(server: PostgresServer, bin_dir: Path) -> None:
    subprocess.run(
        _as_server_user([str(bin_dir / "pg_ctl"), "-D", str(server.root / "data"), "-m", "fast", "-w", "stop"]),
        check=False, capture_output=True, timeout=120,
    )  # fmt: skip
