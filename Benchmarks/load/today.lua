-- The main screen's list: today's habits with how each stands.
init = function(args)
  wrk.headers["Authorization"] = "Bearer " .. args[1]
  wrk.path = "/api/v1/habits?day=" .. os.date("!%Y-%m-%d")
end
