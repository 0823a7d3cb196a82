"""Thin views by area: each parses a request, calls one model or page function, and renders.

access.py (every view starts there), circles.py, games.py, hands.py, hand_in_progress.py,
tools.py (the declarations helper, the meld calculator), pwa.py (the installable app),
error_pages.py; games/urls.py names each view by its module.
"""
