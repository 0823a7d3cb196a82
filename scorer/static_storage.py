"""How static files are stored in production: under names that carry a digest of their
content, compressed (WhiteNoise), with the page script's module imports rewritten to those
names (static/js/*.js import one another; the service worker keeps them all)."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    # `import … from "./core.js"` and `import("./sync.js")` name the hashed files too.
    support_js_module_import_aggregation = True
