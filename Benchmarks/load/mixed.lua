-- Many people's phones at once: requests sign in as seeded accounts (the fixed token
-- `HabitBenchmarks seed` gave each).
-- Arguments: <accounts> [random | session]
--   random (the default): every request is from another random account and is today's list
--     (50%), a tap on a count habit (35%) or a sync of two new notes that pulls what is new (15%).
--   session: phones as people use them. Each thread keeps 32 phones open; opening the app on a
--     random account syncs (pulling what other devices wrote), shows today's list, taps one to
--     three habits and syncs again, then the phone closes and another random account opens.
--     Each request goes to a random open phone, in its session's order.
local thread_id = 0

setup = function(thread)
  thread:set("id", thread_id)
  thread_id = thread_id + 1
end

init = function(args)
  accounts = tonumber(args[1])
  mode = args[2] or "random"
  today = os.date("!%Y-%m-%d")
  math.randomseed(os.time() * 100 + id)
  counter = 0
  phones, steps = {}, {}
  for slot = 1, 32 do steps[slot] = {} end
end

local function headers(account)
  return {
    ["Authorization"] = "Bearer seed-token-" .. account,
    ["Content-Type"] = "application/json",
  }
end

local function today_list(account)
  return wrk.format("GET", "/api/v1/habits?day=" .. today, headers(account))
end

local function tap(account)
  local path = "/api/v1/habits/habit-" .. math.random(5, 9) .. "/entries/" .. today .. "/count"
  return wrk.format("POST", path, headers(account), '{"times":1}')
end

local function sync(account, notes)
  local device = "phone" .. id
  local wall = os.time() * 1000
  local changes = {}
  for i = 1, notes do
    changes[i] = string.format(
      '{"id":"%s.%d.%d","entity":"entry","key":"habit-%d/%s","field":"note","value":"note %d","stamp":"%015d-%05d-%s"}',
      device, counter, i, i - 1, today, counter, wall, (counter * 2 + i) % 100000, device)
  end
  local body = '{"device":"' .. device .. '","cursor":999999999,"changes":[' .. table.concat(changes, ",") .. ']}'
  return wrk.format("POST", "/api/v1/sync", headers(account), body)
end

local function random_request()
  local account = math.random(0, accounts - 1)
  local roll = math.random(100)
  if roll <= 50 then return today_list(account) end
  if roll <= 85 then return tap(account) end
  return sync(account, 2)
end

local function session_request()
  local slot = math.random(1, 32)
  if #steps[slot] == 0 then
    phones[slot] = math.random(0, accounts - 1)
    local session = { "sync", "today" }
    for _ = 1, math.random(1, 3) do session[#session + 1] = "tap" end
    session[#session + 1] = "sync"
    -- Kept reversed, so the next step is popped from the end.
    for i = #session, 1, -1 do steps[slot][#steps[slot] + 1] = session[i] end
  end
  local step = table.remove(steps[slot])
  local account = phones[slot]
  if step == "today" then return today_list(account) end
  if step == "tap" then return tap(account) end
  return sync(account, 1)
end

request = function()
  counter = counter + 1
  if mode == "session" then return session_request() end
  return random_request()
end
