-- Batched sync: each request pushes 100 new changes (notes on entries) and pulls a page.
local counter = 0
local thread_id = 0
local threads = {}

setup = function(thread)
  thread:set("id", thread_id)
  thread_id = thread_id + 1
end

init = function(args)
  wrk.headers["Authorization"] = "Bearer " .. args[1]
  wrk.headers["Content-Type"] = "application/json"
  habit = args[2]
end

request = function()
  counter = counter + 1
  local device = "bench" .. id
  local changes = {}
  local wall = os.time() * 1000
  for i = 1, 100 do
    local n = counter * 100 + i
    local day = os.date("!%Y-%m-%d", os.time() - 86400 * (n % 3000))
    changes[#changes + 1] = string.format(
      '{"id":"%s.%d","entity":"entry","key":"%s/%s","field":"note","value":"note %d","stamp":"%015d-%05d-%s"}',
      device, n, habit, day, n, wall, n % 100000, device)
  end
  local body = '{"device":"' .. device .. '","cursor":999999999,"changes":[' .. table.concat(changes, ",") .. ']}'
  return wrk.format("POST", "/api/v1/sync", nil, body)
end
