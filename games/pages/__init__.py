"""What each page shows, built without a request: plain functions and dataclasses that read
models and engine results into what a template shows (ARCHITECTURE.md, "Where things are").
The views (games/views/) parse a request, call one of these, and render."""
