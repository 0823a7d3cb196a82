"""`make lan`: Scorer for a card night, served from this machine to the local network.

gunicorn with debug off, the local secret (scorer/local_secret.py), allowed hosts set to this
machine's addresses, plain HTTP (settings.py, PLAIN_HTTP); the database migrated first. It
prints the address to open and a QR code of it. What needs HTTPS (the service worker, so
offline scoring and installing, and the screen wake lock) is off on such an address.
"""

from __future__ import annotations

import ipaddress
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import segno

from scorer.local_secret import local_secret_key

BASE_DIR = Path(__file__).resolve().parent.parent


def addresses() -> list[str]:
    """This machine's addresses on its networks, IPv4 first; loopback and link-local left out
    (no other phone reaches them)."""
    found: list[str] = []
    if shutil.which("hostname"):
        listed = subprocess.run(["hostname", "-I"], capture_output=True, text=True, check=False)
        found = listed.stdout.split()
    if not found:
        try:
            found = socket.gethostbyname_ex(socket.gethostname())[2]
        except OSError:
            found = []
    usable = []
    for text in found:
        try:
            address = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        if not (address.is_loopback or address.is_link_local or str(address) in usable):
            usable.append(str(address))
    return sorted(usable, key=lambda a: ipaddress.ip_address(a).version)


def host(address: str) -> str:
    """An address as it stands in a URL's host: IPv6 in brackets."""
    return f"[{address}]" if ipaddress.ip_address(address).version == 6 else address


def environment(found: list[str], port: int, secret: str) -> dict[str, str]:
    """The settings (scorer/settings.py reads them) for serving on `found` at `port`."""
    hosts = [host(a) for a in found] + ["localhost", "127.0.0.1"]
    return {
        "DEBUG": "false",
        "PLAIN_HTTP": "true",
        "SECRET_KEY": secret,
        "ALLOWED_HOSTS": ",".join(hosts),
        "CSRF_TRUSTED_ORIGINS": ",".join(f"http://{h}:{port}" for h in hosts),
    }


def main() -> None:
    port = int(os.environ.get("LAN_PORT", "8000"))
    found = addresses()
    env = {**os.environ, **environment(found, port, local_secret_key(BASE_DIR / ".secret_key"))}
    manage = [sys.executable, str(BASE_DIR / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput"], env=env, check=True, cwd=BASE_DIR)
    subprocess.run(
        [*manage, "collectstatic", "--noinput", "-v0"], env=env, check=True, cwd=BASE_DIR
    )
    # gunicorn listens on IPv4 (0.0.0.0): the addresses to open are those.
    ipv4 = [a for a in found if ipaddress.ip_address(a).version == 4]
    url = f"http://{ipv4[0]}:{port}/" if ipv4 else f"http://127.0.0.1:{port}/"
    print(f"\nScorer for the card night: open {url} on a phone on the same network.")
    for other in ipv4[1:]:
        print(f"  also http://{other}:{port}/")
    segno.make(url, error="m").terminal(compact=True)
    print(
        "Plain HTTP on a local address: scoring offline, installing to the home screen and "
        "keeping the screen awake need HTTPS, and are off here (README, A card night).\n"
    )
    sys.stdout.flush()
    command = server_command(f"0.0.0.0:{port}")
    os.chdir(BASE_DIR)
    os.execve(command[0], command, env)


def server_command(bind: str) -> list[str]:
    """gunicorn serving Scorer on `bind`, with the settings of gunicorn.conf.py: a worker whose
    event loop reads each request whole, so no idle or half-sent connection of a phone on the
    open network holds a thread (scorer/gunicorn_worker.py), the request limits and timeouts,
    and secret links masked in its log. Two workers of four threads each."""
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    config = str(BASE_DIR / "gunicorn.conf.py")
    return [gunicorn, "scorer.wsgi", "--config", config, "--bind", bind, "--workers", "2"]


if __name__ == "__main__":
    main()
