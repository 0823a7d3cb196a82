"""Phone speed, for `make bench`: Chromium emulating a mid-range phone on a slow network.

The CPU is throttled 4× and the network is "Fast 3G" as the issue of record puts it: 150 ms
latency, 1.6 Mbps down, 750 kbps up. Each figure is the median of several runs, each in a
fresh browser context (nothing cached), against gunicorn with production settings.
"""

from __future__ import annotations

import statistics
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

# Sets window.saveToScore, a promise of the milliseconds from the tap on Save (the click
# event) to the first change of a total on the scoreboard.
SAVE_TO_SCORE = """() => { window.saveToScore = new Promise((resolve, reject) => {
  const totals = () => [...document.querySelectorAll('#scoreboard .side-total')]
    .map(e => e.textContent).join('|');
  const before = totals();
  let tapped = null;
  document.addEventListener('click', e => {
    if (e.target.closest('button.save')) tapped = performance.now();
  }, true);
  new MutationObserver(() => {
    if (tapped !== null && totals() !== before) resolve(performance.now() - tapped);
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
  setTimeout(() => reject(new Error('no new score within 30 s')), 30000);
}); }"""


def slow_phone(browser: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", FAST_3G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    return context, page


def first_load(browser: Any, url: str) -> tuple[float, float, int]:
    """First contentful paint and load event (ms from navigation start), and requests."""
    context, page = slow_phone(browser)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(url, wait_until="load")
    paint = page.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1"
    )
    load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    context.close()
    return float(paint), float(load), len(requests)


def save_to_score(browser: Any, url: str) -> float:
    """Opens a game whose next hand is entered (the hand in progress), goes to its last step
    and taps Save; the milliseconds until the scoreboard shows the new totals."""
    context, page = slow_phone(browser)
    page.goto(url, wait_until="load")
    last_step = page.locator(".phase-tab").last
    if last_step.count():
        last_step.click()
    page.evaluate(SAVE_TO_SCORE)
    page.locator("button.save").click()
    took = float(page.evaluate("window.saveToScore"))
    context.close()
    return took


def measure(page_url: str, save_urls: list[str], runs: int = 5) -> list[str]:
    """The lines `make bench` prints."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        loads = [first_load(browser, page_url) for _ in range(runs)]
        saves = [save_to_score(browser, url) for url in save_urls]
        browser.close()
    paint = statistics.median(x[0] for x in loads)
    load = statistics.median(x[1] for x in loads)
    save = statistics.median(saves)
    return [
        f"game page, first load: first contentful paint {paint:.0f} ms, load {load:.0f} ms "
        f"({loads[0][2]} requests; median of {runs}; aim load ≤ 1500 ms)",
        f"tap on Save to the new score: median {save:.0f} ms, max {max(saves):.0f} ms "
        f"(of {len(saves)}; aim ≤ 1000 ms)",
    ]
