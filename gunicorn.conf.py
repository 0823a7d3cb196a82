"""gunicorn's settings for Scorer, read by `gunicorn scorer.wsgi` started in this folder (and by
`make lan`, scorer/lan.py). The command line may still set the bind address and the workers."""

# Access and error lines carry no working circle, game or watch link (scorer/logs.py).
logger_class = "scorer.gunicorn_logging.MaskingLogger"

# No idle or slow client stalls the server (issue 21): each worker's event loop reads every
# request whole before one of its threads takes it, and closes a connection that has not sent
# its request within 20 seconds (scorer/gunicorn_worker.py). Threads share a worker's memory
# (its rows cache): four per worker keep a save's database round trips from idling a core.
# The same loop holds the pages' event streams, with no thread each (scorer/stream_worker.py).
worker_class = "scorer.stream_worker.StreamWorker"
threads = 4
# At most this many open connections per worker, idle ones and held streams included; the
# rest wait to be accepted. A phone on a game page holds one stream and, between its
# requests, one kept-alive connection.
worker_connections = 4000
# A request still running after this long has its worker restarted; a stopping worker gives
# the requests it is answering this long.
timeout = 30
graceful_timeout = 20
# A phone polls the game every 2 seconds (static/js/scorer.js): its connection stays
# open between polls rather than being made anew each time.
keepalive = 5
# Scorer's links are short and its requests carry a few cookies: a request line, a header
# count or a header longer than these is refused (400) before any of it reaches Django.
limit_request_line = 2048
limit_request_fields = 50
limit_request_field_size = 8190
