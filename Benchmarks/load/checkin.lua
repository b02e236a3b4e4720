-- One check-in per request: each request adds one tap to a count habit on one of the last
-- 3,000 days, so every request is a real write (a new value for this server's counter).
local counter = 0
request = function()
  counter = counter + 1
  local day = os.date("!%Y-%m-%d", os.time() - 86400 * (counter % 3000))
  return wrk.format("POST", "/api/v1/habits/" .. habit .. "/entries/" .. day .. "/count", nil, '{"times":1}')
end

init = function(args)
  habit = args[1]
  wrk.headers["Authorization"] = "Bearer " .. args[2]
  wrk.headers["Content-Type"] = "application/json"
end
