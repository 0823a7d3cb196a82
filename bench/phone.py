"""Phone speed, for `make bench`: Chromium emulating a mid-range phone on a slow network,
Scorer and a static peer side by side in one run.

The CPU is throttled 4× and the network is "Fast 3G" as the issue of record puts it: 150 ms
latency, 1.6 Mbps down, 750 kbps up. Each figure is the median of several runs, each in a
fresh browser context (nothing cached), against gunicorn with production settings.

The peer is "Pinochle Score Keeper", a score-keeper web app that keeps everything in the
browser (GitHub: nrell2002/pinochle-score-keeper). It is not part of Scorer: check it out
beside the repository, in ../peer (or name its folder in SCORER_PEER), and the bench serves
it statically on loopback and measures it beside Scorer; without it, Scorer alone.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}
FAST_3G = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8,
    "uploadThroughput": 750_000 / 8,
}
PEER = Path(os.environ.get("SCORER_PEER", Path(__file__).resolve().parents[2] / "peer"))

# Sets window.saveToScore, a promise of the milliseconds from the tap on the save button
# (the click event) to the first change of the totals.
SAVE_TO_SCORE = """([button, totals]) => { window.saveToScore = new Promise((resolve, reject) => {
  const read = () => [...document.querySelectorAll(totals)].map(e => e.textContent).join('|');
  const before = read();
  let tapped = null;
  document.addEventListener('click', e => {
    if (e.target.closest(button)) tapped = performance.now();
  }, true);
  new MutationObserver(() => {
    if (tapped !== null && read() !== before) resolve(performance.now() - tapped);
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
  setTimeout(() => reject(new Error('no new score within 30 s')), 30000);
}); }"""

# The first load as the page itself counts it: everything it fetched, and what of it began
# before the load event (the navigation counts as one).
LOADED = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const all = [nav, ...performance.getEntriesByType('resource')];
  return {
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    load: nav.loadEventEnd,
    arrived: nav.responseEnd,
    bytes: all.reduce((sum, e) => sum + e.transferSize, 0),
    byLoad: all.filter(e => e.startTime < nav.loadEventStart).length,
    all: all.length,
  };
}"""


@dataclass
class Load:
    arrived: float
    paint: float
    load: float
    bytes: int
    by_load: int
    all: int


def slow_phone(browser: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    slow_down(context, page)
    return context, page


def slow_down(context: Any, page: Any) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", FAST_3G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})


def first_load(browser: Any, url: str) -> Load:
    """First contentful paint and load event (ms from navigation start), bytes and
    requests, in a fresh context."""
    context, page = slow_phone(browser)
    page.goto(url, wait_until="load")
    page.wait_for_load_state("networkidle")
    got = page.evaluate(LOADED)
    context.close()
    return Load(got["arrived"], got["paint"], got["load"], got["bytes"], got["byLoad"], got["all"])


def save_to_score(browser: Any, url: str) -> float:
    """Opens a game whose next hand is entered (the hand in progress), goes to its last step
    and taps Save; the milliseconds until the scoreboard shows the new totals."""
    context, page = slow_phone(browser)
    page.goto(url, wait_until="load")
    page.wait_for_selector("html[data-ready]", state="attached")
    last_step = page.locator(".phase-tab").last
    if last_step.count():
        last_step.click()
    page.evaluate(SAVE_TO_SCORE, ["button.save", "#scoreboard .side-total"])
    page.locator("button.save").click()
    took = float(page.evaluate("window.saveToScore"))
    context.close()
    return took


def peer_save_to_score(browser: Any, url: str) -> float:
    """The peer's tap on Submit Hand to its new totals: two players and a game are set up
    at full speed, the hand entered (bid, meld, tricks), then the phone slowed down."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(url, wait_until="load")
    for name in ("Ann", "Ben"):
        page.fill("#player-name", name)
        page.click("#add-player")
    page.click("#game-tab")
    page.click("#player-selection .player-item >> nth=0")
    page.click("#player-selection .player-item >> nth=1")
    page.click("#setup-table")
    page.click(".seat[data-position='0']")
    page.click(".seat[data-position='1']")
    page.click("#start-game")
    page.fill("#winning-bid", "250")
    page.click("#next-to-meld")
    page.fill("#meld-inputs input >> nth=0", "40")
    page.fill("#meld-inputs input >> nth=1", "20")
    page.click("#next-to-score")
    page.fill("#score-inputs input >> nth=0", "15")
    page.fill("#score-inputs input >> nth=1", "10")
    slow_down(context, page)
    page.evaluate(SAVE_TO_SCORE, ["#submit-hand", "#scoreboard"])
    page.click("#submit-hand")
    took = float(page.evaluate("window.saveToScore"))
    context.close()
    return took


def serve_peer() -> tuple[subprocess.Popen[bytes], str] | None:
    """The peer, served statically on loopback, and its address; None (and how to get it)
    when it is not on disk."""
    if not (PEER / "index.html").is_file():
        print(
            f"  (the peer is not in {PEER}: check out the GitHub repository "
            "nrell2002/pinochle-score-keeper there, or name its folder in SCORER_PEER, "
            "to measure it beside Scorer)"
        )
        return None
    with socket.socket() as free:  # a port nobody holds
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    url = f"http://127.0.0.1:{port}/index.html"
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=PEER,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=1)
            return server, url
        except OSError:
            time.sleep(0.1)
    server.terminate()
    print("  (the peer's static server did not start)")
    return None


def loads_line(loads: list[Load]) -> list[str]:
    median = statistics.median
    return [
        f"{median(x.paint for x in loads):,.0f} ms "
        f"(the page in at {median(x.arrived for x in loads):,.0f})",
        f"{median(x.load for x in loads):,.0f} ms",
        f"{median(x.bytes for x in loads) / 1000:.1f} KB in {median(x.all for x in loads):.0f} "
        f"({median(x.by_load for x in loads):.0f} by load)",
    ]


def measure(page_url: str, save_urls: list[str], runs: int = 5) -> list[str]:
    """The lines `make bench` prints: a table, Scorer beside the peer."""
    from playwright.sync_api import sync_playwright

    # gunicorn's workers answer their first page slowly (templates, catalogues, the inlined
    # sheet read once): a phone meets warm workers, so the bench does too.
    for _ in range(12):
        urllib.request.urlopen(page_url, timeout=30).read()
    served = serve_peer()
    peer, peer_url = served if served else (None, "")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            # Turn about, so that whatever else the machine does weighs on both alike.
            loads, peer_loads, saves, peer_saves = [], [], [], []
            for _ in range(runs):
                loads.append(first_load(browser, page_url))
                if peer:
                    peer_loads.append(first_load(browser, peer_url))
            for url in save_urls:
                saves.append(save_to_score(browser, url))
                if peer:
                    peer_saves.append(peer_save_to_score(browser, peer_url))
            browser.close()
    finally:
        if peer:
            peer.terminate()
            peer.wait(timeout=10)
    rows = [
        ["", "Scorer", "the peer"],
        ["first contentful paint"],
        ["load event"],
        ["bytes, requests"],
        ["tap on Save → new total"],
    ]
    for column in (loads_line(loads), loads_line(peer_loads) if peer_loads else ["–"] * 3):
        for row, cell in zip(rows[1:4], column, strict=True):
            row.append(cell)
    rows[4].append(f"{statistics.median(saves):,.0f} ms (max {max(saves):,.0f})")
    rows[4].append(
        f"{statistics.median(peer_saves):,.0f} ms (max {max(peer_saves):,.0f})"
        if peer_saves
        else "–"
    )
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    lines = [f"game page, median of {runs} (load uptime: {load_average()}):"]
    lines += ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)) for r in rows]
    lines.append(
        "aims: first paint ≤ the peer's, load ≤ 0.5 × the peer's, ≤ 4 requests by load, "
        "tap → new total ≤ 100 ms"
    )
    return lines


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"
