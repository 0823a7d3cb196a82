"""No log line carries a working circle, game or watch link (scorer/logs.py)."""

from __future__ import annotations

import io
import logging
import os
import runpy
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.test import Client

from scorer.logs import MaskSecretLinks, mask_secret_links

ROOT = Path(__file__).resolve().parents[2]
CIRCLE = "AbCdEfGhIjKlMnOpQrStUv"
GAME = "ZyXwVuTsRqPoNmLkJiHgFe"
WATCH = "Wa7chWa7chWa7chWa7chW"


def test_each_kind_of_link_is_cut_to_its_first_four_characters() -> None:
    line = f'"GET /c/{CIRCLE}/g/{GAME}/hands HTTP/1.1" 302 "https://h.example/w/{WATCH}/"'
    assert mask_secret_links(line) == (
        '"GET /c/AbCd…/g/ZyXw…/hands HTTP/1.1" 302 "https://h.example/w/Wa7c…/"'
    )


def test_a_club_nights_organiser_key_is_cut_too() -> None:
    key = "OrGaNiSeRkEy0123456789"
    line = f'"GET /c/{CIRCLE}/club/2026-12-02/organiser/{key} HTTP/1.1" 302'
    masked = mask_secret_links(line)
    assert masked == '"GET /c/AbCd…/club/2026-12-02/organiser/OrGa… HTTP/1.1" 302'
    assert mask_secret_links(masked) == masked


def test_masking_twice_changes_nothing_more() -> None:
    once = mask_secret_links(f"/c/{CIRCLE}/")
    assert mask_secret_links(once) == once


@pytest.mark.parametrize(
    "spelling",
    [
        f"/c/%41{CIRCLE[1:]}/",  # a percent-encoded first letter
        f"/c/{CIRCLE[:5]}%66{CIRCLE[6:]}/",  # a letter further on (f)
        f"/%63/{CIRCLE}/",  # the c itself
        f"/c%2F{CIRCLE}/",  # the slash
        f"/c/%2541{CIRCLE[1:]}/",  # an escaped escape
        f"/c/{'%25' * 20}41{CIRCLE[1:]}/",
    ],
)
def test_no_spelling_of_a_link_is_logged_whole(spelling: str) -> None:
    masked = mask_secret_links(f'"GET {spelling} HTTP/1.1" 404')
    assert CIRCLE[5:] not in masked and CIRCLE[1:] not in masked, masked
    assert mask_secret_links(masked) == masked


def test_other_paths_are_left_alone() -> None:
    assert mask_secret_links("GET /static/css/scorer.css") == "GET /static/css/scorer.css"


def record(msg: str, args: object, exc_info: object = None) -> logging.LogRecord:
    return logging.LogRecord("test", logging.WARNING, __file__, 1, msg, args, exc_info)  # type: ignore[arg-type]


def test_the_filter_masks_arguments_by_position_and_by_name() -> None:
    by_position = record("Not Found: %s", (f"/c/{CIRCLE}/",))
    by_name = record('"%(r)s" %(s)s', ({"r": f"GET /w/{WATCH}/ HTTP/1.1", "s": "404"},))
    for r in (by_position, by_name):
        MaskSecretLinks().filter(r)
    assert by_position.getMessage() == "Not Found: /c/AbCd…/"
    assert by_name.getMessage() == '"GET /w/Wa7c…/ HTTP/1.1" 404'


def test_the_filter_masks_a_traceback() -> None:
    try:
        raise ValueError(f"no circle /c/{CIRCLE}/")
    except ValueError:
        r = record("failed", (), sys.exc_info())
    MaskSecretLinks().filter(r)
    line = logging.Formatter().format(r)
    assert "ValueError: no circle /c/AbCd…/" in line and CIRCLE not in line


def test_the_filter_lets_a_broken_record_through_to_its_handler() -> None:
    # Arguments that do not fit the message are the handler's to report, not the caller's.
    r = record("%s and %s", (f"/c/{CIRCLE}/",))
    assert MaskSecretLinks().filter(r) is True
    assert r.args == ("/c/AbCd…/",)


@pytest.fixture
def handler_output() -> Iterator[dict[str, io.StringIO]]:
    """What the configured console and development-server handlers write."""
    handlers = {
        "console": logging.getLogger().handlers,
        "server": logging.getLogger("django.server").handlers,
    }
    captured, restore = {}, []
    for name, candidates in handlers.items():
        (handler,) = (
            h
            for h in candidates
            if isinstance(h, logging.StreamHandler)
            and any(isinstance(f, MaskSecretLinks) for f in h.filters)
        )
        captured[name] = io.StringIO()
        restore.append((handler, handler.setStream(captured[name])))
    yield captured
    for handler, stream in restore:
        handler.setStream(stream)


@pytest.mark.django_db
def test_a_404_on_a_circle_link_is_logged_without_the_secret(
    client: Client, handler_output: dict[str, io.StringIO]
) -> None:
    assert client.get(f"/c/{CIRCLE}/g/{GAME}/").status_code == 404
    logged = handler_output["console"].getvalue()
    assert "Not Found: /c/AbCd…/g/ZyXw…/" in logged
    assert CIRCLE not in logged and GAME not in logged


def test_the_development_servers_access_line_is_masked(
    handler_output: dict[str, io.StringIO],
) -> None:
    # What runserver logs for each request, through the same logger.
    logging.getLogger("django.server").info(
        '"%s" %s %s', f"GET /w/{WATCH}/ HTTP/1.1", "200", "512", extra={"status_code": 200}
    )
    logged = handler_output["server"].getvalue()
    assert '"GET /w/Wa7c…/ HTTP/1.1" 200 512' in logged and WATCH not in logged


def test_the_gunicorn_config_names_the_masking_logger() -> None:
    config = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert config["logger_class"] == "scorer.gunicorn_logging.MaskingLogger"


def test_gunicorns_access_and_error_lines_are_masked(tmp_path: Path) -> None:
    gunicorn_config = pytest.importorskip("gunicorn.config")
    from scorer.gunicorn_logging import MaskingLogger

    cfg = gunicorn_config.Config()
    cfg.set("accesslog", str(tmp_path / "access.log"))
    cfg.set("errorlog", str(tmp_path / "error.log"))
    logger = MaskingLogger(cfg)
    environ = {
        "REQUEST_METHOD": "GET",
        "RAW_URI": f"/c/{CIRCLE}/g/{GAME}/",
        "PATH_INFO": f"/c/{CIRCLE}/g/{GAME}/",
        "QUERY_STRING": "",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_REFERER": f"https://scorer.example/w/{WATCH}/",
    }
    response = SimpleNamespace(status="200 OK", sent=512, headers=[])
    logger.access(response, SimpleNamespace(headers=[]), environ, timedelta(milliseconds=3))
    try:
        raise RuntimeError(f"worker died on /c/{CIRCLE}/")
    except RuntimeError:
        logger.exception("Error handling request %s", environ["RAW_URI"])
    for log in (logger.access_log, logger.error_log):
        for handler in log.handlers:
            handler.flush()
    access = (tmp_path / "access.log").read_text()
    errors = (tmp_path / "error.log").read_text()
    assert '"GET /c/AbCd…/g/ZyXw…/ HTTP/1.1" 200 512 "https://scorer.example/w/Wa7c…/"' in access
    assert "Error handling request /c/AbCd…/g/ZyXw…/" in errors
    assert "RuntimeError: worker died on /c/AbCd…/" in errors
    for secret in (CIRCLE, GAME, WATCH):
        assert secret not in access + errors


def test_a_real_gunicorn_masks_its_access_log(tmp_path: Path) -> None:
    pytest.importorskip("gunicorn")
    env = {
        "PATH": os.environ.get("PATH", ""),
        "SECRET_KEY": "tests-only-not-secret",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "STATIC_FROM_FINDERS": "true",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    migrate = [sys.executable, "manage.py", "migrate", "--noinput", "-v0"]
    subprocess.run(migrate, cwd=ROOT, env={**env, "DEBUG": "false"}, check=True, timeout=120)
    access, errors, stderr = (tmp_path / name for name in ("access.log", "error.log", "stderr"))
    # Started in the project folder with no --config: gunicorn.conf.py is found by itself, and
    # the app is production without DEBUG=false (scorer/wsgi.py).
    with stderr.open("w") as stderr_file:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "scorer.wsgi", "--bind", "127.0.0.1:0",
             "--workers", "1", "--access-logfile", str(access), "--error-logfile", str(errors)],
            cwd=ROOT,
            env=env,
            stderr=stderr_file,
        )  # fmt: skip
    try:
        url = None
        deadline = time.monotonic() + 30
        while url is None and time.monotonic() < deadline and server.poll() is None:
            time.sleep(0.2)
            for line in errors.read_text().splitlines() if errors.exists() else []:
                if "Listening at: " in line:
                    url = line.split("Listening at: ")[1].split()[0]
        assert url, errors.read_text() if errors.exists() else "gunicorn did not start"
        request = urllib.request.Request(
            f"{url}/c/{CIRCLE}/", headers={"Referer": f"{url}/w/{WATCH}/"}
        )
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback only
        with pytest.raises(urllib.error.HTTPError) as refused:
            direct.open(request, timeout=30)
        assert refused.value.code == 404
        # The same link with its first letter percent-encoded.
        with pytest.raises(urllib.error.HTTPError) as refused:
            direct.open(f"{url}/c/%41{CIRCLE[1:]}/", timeout=30)
        assert refused.value.code == 404
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    logged = access.read_text()
    assert '"GET /c/AbCd…/ HTTP/1.1" 404' in logged and "/w/Wa7c…/" in logged
    # Django's own "Not Found" warning goes to standard error through settings.LOGGING.
    django_logged = stderr.read_text()
    assert "Not Found: /c/AbCd…/" in django_logged
    everything = logged + errors.read_text() + django_logged
    assert CIRCLE not in everything and WATCH not in everything
    assert CIRCLE[1:] not in everything and logged.count('"GET /c/AbCd…/ HTTP/1.1" 404') == 2
