-- wrk's script for `make bench-load` (bench/load.py): each connection asks for the given
-- paths in turn; in "record" mode it saves a hand into each game in turn, every save with
-- its own idempotency key, as a phone at the table does; in "tap" mode it changes the trump
-- of the hand in progress named by TOKEN, as a tap on a suit does.
--
--   wrk ... -s bench/load.lua URL -- get|record CSRF PATH [PATH ...]
--   wrk ... -s bench/load.lua URL -- tap CSRF PATH TOKEN

local threads = {}
local counter = 0
bad = 0  -- global: done() reads it from each thread
local mode, paths = "get", {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  mode = args[1]
  local csrf = args[2]
  for i = 3, #args do
    paths[#paths + 1] = args[i]
  end
  wrk.headers["Cookie"] = "csrftoken=" .. csrf
  wrk.headers["X-CSRFToken"] = csrf
  wrk.headers["HX-Request"] = "true"
  wrk.headers["Accept-Encoding"] = "br, gzip"
  if mode == "tap" then
    token = table.remove(paths)
  end
  if mode ~= "get" then
    wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
  end
end

local suits = {"S", "H", "D", "C"}

function request()
  counter = counter + 1
  local path = paths[(counter + id) % #paths + 1]
  if mode == "record" then
    local body = "dealer=0&caller=0&trump=S&points_0=90&points_1=62&last_trick=0&token="
      .. "&key=load-" .. id .. "-" .. counter
    return wrk.format("POST", path, nil, body)
  end
  if mode == "tap" then
    return wrk.format("POST", path, nil, "token=" .. token .. "&trump=" .. suits[counter % 4 + 1])
  end
  return wrk.format("GET", path)
end

function response(status, headers, body)
  if status ~= 200 and status ~= 204 then
    bad = bad + 1
  end
end

function done(summary, latency, requests)
  local unexpected = 0
  for _, thread in ipairs(threads) do
    unexpected = unexpected + thread:get("bad")
  end
  local e = summary.errors
  io.write(string.format(
    'RESULT {"requests": %d, "seconds": %.3f, "p50": %d, "p95": %d, "p99": %d, '
      .. '"unexpected_status": %d, "connect": %d, "read": %d, "write": %d, "timeout": %d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), unexpected, e.connect, e.read, e.write, e.timeout))
end
