-- wrk replaying the page's traffic, as `serve_load -- --paths FILE` wrote
-- it (one path and query a line), against a running `stone-game serve`:
--
--   wrk -t2 -c64 -d20s --latency -s server/benches/page_traffic.lua \
--       http://127.0.0.1:8260 -- FILE
--
-- Each of wrk's threads goes round the file from its own place. wrk reads
-- no answer (it has no `response` here), so the client's work is small
-- and the same whatever the answers' shapes; it counts the answers that
-- are not 2xx or 3xx ("Non-2xx or 3xx responses").

local paths = {}
local at = 0
local threads = 0

function setup(thread)
  thread:set("id", threads)
  threads = threads + 1
end

function init(args)
  local file = args[1] or error("give the file of paths after --")
  for line in io.lines(file) do
    paths[#paths + 1] = line
  end
  if #paths == 0 then
    error(file .. " has no paths")
  end
  at = (id * 4999) % #paths
end

function request()
  at = at % #paths + 1
  return wrk.format("GET", paths[at])
end
