"""gunicorn's settings for Scorer, read by `gunicorn scorer.wsgi` started in this folder."""

# Access and error lines carry no working circle, game or watch link (scorer/logs.py).
logger_class = "scorer.gunicorn_logging.MaskingLogger"
