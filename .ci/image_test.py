"""`make image-test`: the built image against this machine's PostgreSQL, over HTTP.

Starts the image (buildah run: a full `podman run` needs cgroups this sandbox lacks), checks
/healthz, starts a circle, records a hand and imports every worked record through HTTP,
backs up, restores into a fresh database served by a second copy of the image, and compares
every game's export and score sheet byte for byte. Not part of `make test` or CI.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGE = os.environ.get("IMAGE", "localhost/scorer:latest")
POSTGRES = os.environ.get("IMAGE_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432")
PREFIX = os.environ.get("IMAGE_TEST_DB", "scorer_image")
SECRET = "image-test-" + uuid.uuid4().hex + uuid.uuid4().hex


def sql(statement: str) -> None:
    subprocess.run(["psql", f"{POSTGRES}/postgres", "-qc", statement], check=True)


def environment(database: str, port: int) -> list[str]:
    pairs = {
        "DATABASE_URL": f"{POSTGRES}/{database}",
        "SECRET_KEY": SECRET,
        "ALLOWED_HOSTS": "127.0.0.1",
        "CSRF_TRUSTED_ORIGINS": f"http://127.0.0.1:{port}",
        "PLAIN_HTTP": "true",
        "PORT": str(port),
        "WEB_CONCURRENCY": "1",
    }
    return [item for key, value in pairs.items() for item in ("-e", f"{key}={value}")]


class Container:
    """A working container of the image, with /data from a folder of this machine."""

    def __init__(self, data: Path) -> None:
        made = subprocess.run(
            ["buildah", "from", IMAGE], check=True, capture_output=True, text=True
        )
        self.name = made.stdout.strip()
        self.data = data

    def command(self, database: str, port: int, *args: str) -> list[str]:
        return [
            "buildah", "run", "--isolation", "chroot", "--network", "host",
            "-v", f"{self.data}:/data", *environment(database, port), self.name, "--", *args,
        ]  # fmt: skip

    def run(self, database: str, port: int, *args: str) -> str:
        done = subprocess.run(
            self.command(database, port, *args), capture_output=True, text=True, check=False
        )
        if done.returncode:
            sys.exit(f"image-test: {' '.join(args)} failed:\n{done.stderr}")
        return done.stdout + done.stderr

    def serve(self, database: str, port: int) -> subprocess.Popen[bytes]:
        entry = ["python", "-m", "scorer.start"]
        # A session of its own: stopping it stops gunicorn inside too.
        return subprocess.Popen(self.command(database, port, *entry), start_new_session=True)

    def remove(self) -> None:
        subprocess.run(["buildah", "rm", self.name], capture_output=True, check=False)


class Browser:
    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[int, bytes, str]:
        try:
            with self.opener.open(self.base + path, timeout=30) as answer:
                return answer.status, answer.read(), answer.url
        except urllib.error.HTTPError as error:
            return error.code, error.read(), path

    def token(self, page: bytes) -> str:
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found, "no CSRF token in the page"
        return found.group(1).decode()

    def post(self, path: str, page: bytes, fields: dict[str, str]) -> tuple[int, bytes, str]:
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": self.token(page), **fields})
        request = urllib.request.Request(self.base + path, data=body.encode(), method="POST")
        request.add_header("Referer", self.base + path)
        with self.opener.open(request, timeout=30) as answer:
            return answer.status, answer.read(), answer.url

    def upload(self, path: str, page: bytes, name: str, content: bytes) -> None:
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
            f"{self.token(page)}\r\n".encode(),
            f'--{boundary}\r\nContent-Disposition: form-data; name="record"; filename="{name}"'
            "\r\nContent-Type: application/json\r\n\r\n".encode()
            + content
            + b"\r\n",
            f"--{boundary}--\r\n".encode(),
        ]
        request = urllib.request.Request(self.base + path, data=b"".join(parts), method="POST")
        request.add_header("Content-Type", f"multipart/form-data; boundary={boundary}")
        request.add_header("Referer", self.base + path)
        with self.opener.open(request, timeout=30) as answer:
            assert answer.status == 200, answer.status


def healthy(browser: Browser, server: subprocess.Popen[bytes]) -> dict[str, object]:
    for _ in range(120):
        if server.poll() is not None:
            sys.exit("image-test: the server stopped")
        try:
            status, body, _ = browser.get("/healthz")
            if status == 200:
                return dict(json.loads(body))
        except OSError:
            pass
        time.sleep(1)
    sys.exit("image-test: /healthz never answered 200")


def exports(browser: Browser, circle: str) -> dict[str, bytes]:
    _, page, _ = browser.get(f"/c/{circle}/")
    games = sorted(set(re.findall(rf"/c/{circle}/g/([A-Za-z0-9_-]+)/".encode(), page)))
    found = {}
    for game in games:
        for what in ("export", "sheet.csv"):
            status, body, _ = browser.get(f"/c/{circle}/g/{game.decode()}/{what}")
            assert status == 200, (game, what, status)
            found[f"{game.decode()}/{what}"] = body
    found["history.csv"] = browser.get(f"/c/{circle}/history.csv")[1]
    return found


def main() -> None:
    started = time.monotonic()
    first, second = f"{PREFIX}_a", f"{PREFIX}_b"
    for name in (first, second):
        sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        sql(f'CREATE DATABASE "{name}"')
    data = Path(tempfile.mkdtemp(prefix="scorer-image-data-"))
    data.chmod(0o777)
    container = Container(data)
    servers: list[subprocess.Popen[bytes]] = []
    try:
        servers.append(container.serve(first, 18131))
        browser = Browser(18131)
        answer = healthy(browser, servers[0])
        print(f"image-test: /healthz {answer}")
        _, home, _ = browser.get("/")
        _, _, url = browser.post("/circles/new", home, {})
        circle = urllib.parse.urlsplit(url).path.split("/")[2]
        _, page, _ = browser.get(f"/c/{circle}/new?variant=klaberjass")
        players = {f"player_{i}": n for i, n in enumerate(["Ann", "Ben", "Cleo", "Dov"])}
        fields = {"variant": "klaberjass", "first_dealer": "1", "set_target": "500", **players}
        _, page, url = browser.post(f"/c/{circle}/new", page, fields)
        game = urllib.parse.urlsplit(url).path
        # The hand form's hidden fields (its idempotency key and the game's version), then
        # what the phone fills in.
        hidden = re.findall(rb'<input type="hidden" name="([a-z_]+)" value="([^"]*)"', page)
        hand = {name.decode(): value.decode() for name, value in hidden}
        hand.pop("csrfmiddlewaretoken", None)
        hand.update(dealer="1", caller="0", trump="H", points_0="96", points_1="56")
        hand["last_trick"] = "0"
        status, _, _ = browser.post(f"{game}hands", page, hand)
        assert status == 200, status
        recorded = json.loads(browser.get(f"{game}export")[1])
        assert len(recorded["hands"]) == 1, recorded
        for record in sorted((ROOT / "tests" / "records").glob("*.json")):
            _, page, _ = browser.get(f"/c/{circle}/")
            browser.upload(f"/c/{circle}/import", page, record.name, record.read_bytes())
        before = exports(browser, circle)
        assert len(before) > 10, sorted(before)
        print(container.run(first, 18131, "python", "manage.py", "backup", "/data/b.json"))
        container.run(second, 18132, "python", "-m", "scorer.start", "--migrate-only")
        print(container.run(second, 18132, "python", "manage.py", "restore", "/data/b.json"))
        servers.append(container.serve(second, 18132))
        restored = Browser(18132)
        healthy(restored, servers[1])
        after = exports(restored, circle)
        assert after == before, sorted(k for k in before if before[k] != after.get(k))
        print(f"image-test: {len(before)} exports the same after the restore")
        print(f"image-test: passed in {time.monotonic() - started:.0f} s")
    finally:
        for server in servers:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        container.remove()
        for name in (first, second):
            sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
