-- Many people's phones at once: requests sign in as random seeded accounts (the fixed token
-- `HabitBenchmarks seed` gave each) and ask for today's list (50%), tap a count habit (35%), or
-- sync two new notes and pull what is new (15%).
-- Arguments: <accounts> [requests per visit]: with 1 (the default) every request is from another
-- random account; with N, each thread keeps 32 phones open, each a random account that sends N
-- requests (to a random open phone each time) before its owner closes the app and another
-- random account opens it.
local thread_id = 0

setup = function(thread)
  thread:set("id", thread_id)
  thread_id = thread_id + 1
end

init = function(args)
  accounts = tonumber(args[1])
  visit = tonumber(args[2] or "1")
  today = os.date("!%Y-%m-%d")
  math.randomseed(os.time() * 100 + id)
  counter = 0
  phones, left = {}, {}
  for slot = 1, 32 do left[slot] = 0 end
end

request = function()
  counter = counter + 1
  local slot = math.random(1, 32)
  if left[slot] == 0 then
    phones[slot] = math.random(0, accounts - 1)
    left[slot] = visit
  end
  left[slot] = left[slot] - 1
  local account = phones[slot]
  local headers = {
    ["Authorization"] = "Bearer seed-token-" .. account,
    ["Content-Type"] = "application/json",
  }
  local roll = math.random(100)
  if roll <= 50 then
    return wrk.format("GET", "/api/v1/habits?day=" .. today, headers)
  elseif roll <= 85 then
    local path = "/api/v1/habits/habit-" .. math.random(5, 9) .. "/entries/" .. today .. "/count"
    return wrk.format("POST", path, headers, '{"times":1}')
  end
  local device = "phone" .. id
  local wall = os.time() * 1000
  local changes = {}
  for i = 1, 2 do
    changes[i] = string.format(
      '{"id":"%s.%d.%d","entity":"entry","key":"habit-%d/%s","field":"note","value":"note %d","stamp":"%015d-%05d-%s"}',
      device, counter, i, i - 1, today, counter, wall, (counter * 2 + i) % 100000, device)
  end
  local body = '{"device":"' .. device .. '","cursor":999999999,"changes":[' .. table.concat(changes, ",") .. ']}'
  return wrk.format("POST", "/api/v1/sync", headers, body)
end
