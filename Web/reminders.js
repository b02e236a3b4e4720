// HabitFlow's reminders in the browser, a module loaded with the whole app (app.js `fullApp`):
// push on this device, the calendar feed's link, the position for place reminders, and
// notifications for the reminders the app finds due while it is open. Account's forms (signing
// in or up, a new password, deleting the account) are the whole app's too, so their requests
// are here. It uses app.js's globals.


const pushable = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
/// The calendar link made in this visit: the server shows it only once.
let calendarLink = "";
let watching = false;

/// Tells the app something about notifications (the permission, devices, the clock, the position).
function report(field, value) { dispatch({ t: "event", name: "remind", arg: field, value }); }

export function effect({ t: name, value, ...effect }) {
  if (name === "signIn") account("/api/v1/sessions", effect.email, effect.password);
  else if (name === "signUp") account("/api/v1/accounts", effect.email, effect.password);
  else if (name === "changePassword") changePassword(effect.current, effect.new);
  else if (name === "deleteAccount") deleteAccount(effect.password);
  else if (name === "locate") locate();
  else if (name === "show") show(value.split("\n"));
  else if (name === "watch") watch();
  else if (name === "copy") navigator.clipboard.writeText(value).then(() => report("message", "Copied."), () => {});
  else pushCommand(name, value);
}

/// Signs in or up; the app shows the server's refusal on the form.
async function account(path, email, password) {
  try {
    const response = await request("POST", path, JSON.stringify({ email, password }));
    const body = await response.json();
    if (!response.ok) {
      dispatch({ t: "accountError", message: body.error ? body.error.message : "Something went wrong." });
      return;
    }
    localStorage.setItem("habitflow.email", body.account.email);
    dispatch({ t: "account", email: body.account.email });
  } catch (_) {
    dispatch({ t: "accountError", message: "The server cannot be reached. Try again when you are online." });
  }
}

/// Asks the server to take a new password; its answer goes next to the field it is about.
async function changePassword(current, fresh) {
  try {
    const response = await request("PUT", "/api/v1/account/password",
      JSON.stringify({ currentPassword: current, newPassword: fresh }));
    if (response.ok) {
      // The server replaces the calendar link too, so a copy someone else holds stops working.
      const answer = await response.json().catch(() => ({}));
      dispatch({ t: "passwordChanged", calendar: answer.calendarFeedReplaced ? answer.calendarFeed.url : "" });
      return;
    }
    const body = await response.json().catch(() => ({}));
    const error = body.error || {};
    dispatch({ t: "passwordError", code: error.code || "", message: error.message || "Something went wrong." });
  } catch (_) {
    dispatch({ t: "passwordError", code: "", message: "The server cannot be reached. Try again when you are online." });
  }
}

/// Deletes the account on the server, then forgets this device's copy as signing out does.
async function deleteAccount(password) {
  try {
    const response = await request("DELETE", "/api/v1/account", JSON.stringify({ password }));
    if (response.ok) { signOut(true); return; }
    const body = await response.json().catch(() => ({}));
    dispatch({ t: "deleteError", message: (body.error && body.error.message) || "Something went wrong." });
  } catch (_) {
    dispatch({ t: "deleteError", message: "The server cannot be reached. Try again when you are online." });
  }
}

async function api(method, path, body) {
  const response = await request(method, path, body && JSON.stringify(body));
  const json = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) throw new Error((json.error && json.error.message) || `The server answered ${response.status}.`);
  return json;
}

/// The Notifications panel's buttons: each asks the server, then the panel shows how things stand.
async function pushCommand(name, value) {
  try {
    if (name === "push-on") await subscribe();
    if (name === "push-test") {
      const sent = await api("POST", "/api/v1/push/test");
      report("message", `Sent to ${sent.sent} device${sent.sent === 1 ? "" : "s"}` + (sent.failed ? `; ${sent.failed} could not be reached.` : "."));
    }
    if (name === "push-remove") await api("DELETE", "/api/v1/push/subscriptions/" + encodeURIComponent(value));
    if (name === "calendar-make") {
      const made = await api("POST", "/api/v1/calendar");
      calendarLink = made.url + " " + made.webcal;
    }
    if (name === "calendar-off") { await api("DELETE", "/api/v1/calendar"); calendarLink = ""; }
    await refreshPush();
  } catch (error) {
    report("message", navigator.onLine ? error.message : "You're offline: try again when you are back online.");
  }
}

/// Asks the browser for permission, subscribes with the server's key and hands the server the
/// subscription with this device's time zone (the account's reminders follow it).
async function subscribe() {
  const permission = await Notification.requestPermission();
  report("permission", permission);
  if (permission !== "granted") return;
  const { publicKey } = await api("GET", "/api/v1/push/key");
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  await api("POST", "/api/v1/push/subscriptions", {
    endpoint, keys, name: deviceName(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  report("message", "Notifications are on for this device.");
}

function deviceName() {
  const agent = navigator.userAgent;
  const browser = ["Edg", "Firefox", "Chrome", "Safari"].find((name) => agent.includes(name + "/")) || "Browser";
  const system = ["Android", "iPhone", "iPad", "Mac", "Windows", "Linux"].find((name) => agent.includes(name));
  return (browser === "Edg" ? "Edge" : browser) + (system ? " on " + system : "");
}

/// Tells the panel the browser's permission, the account's devices and its calendar link.
async function refreshPush() {
  report("permission", pushable ? Notification.permission : "unsupported");
  if (!localStorage.getItem("habitflow.email") || !navigator.onLine) return;
  try {
    const own = pushable && await navigator.serviceWorker.ready.then((registration) => registration.pushManager.getSubscription());
    const { subscriptions } = await api("GET", "/api/v1/push/subscriptions");
    report("devices", subscriptions.map((device) => [device.id, device.name, device.timeZone]
      .concat(own && own.endpoint === device.endpoint ? ["1"] : []).join("\t")).join("\n"));
    const calendar = await api("GET", "/api/v1/calendar");
    report("calendar", calendar.exists ? calendarLink || "on" : "");
  } catch (error) {
    report("message", error.message);
  }
}

/// Fills the place form with where the device is.
function locate() {
  const failed = (message) => report("unlocated", message);
  if (!navigator.geolocation) { failed(""); return; }
  navigator.geolocation.getCurrentPosition(
    ({ coords }) => report("located", coords.latitude.toFixed(6) + " " + coords.longitude.toFixed(6)),
    (error) => failed(error.code === 1
      ? "Location is blocked for this site: allow it in the browser's settings, or type the coordinates."
      : "Your location could not be read: type the coordinates instead."),
    { timeout: 20000 });
}

/// While a place reminder is set and location is allowed, every position goes to the app.
async function watch() {
  if (watching || !navigator.geolocation) return;
  const allowed = navigator.permissions ? (await navigator.permissions.query({ name: "geolocation" })).state : "granted";
  if (allowed !== "granted" || watching) return;
  watching = true;
  const micro = (degrees) => Math.round(degrees * 1e6);
  navigator.geolocation.watchPosition(({ coords }) => report("at", micro(coords.latitude) + "," + micro(coords.longitude)), () => {});
}

/// A due reminder as a notification; its body opens the app on the habit.
async function show([habit, title, when]) {
  const registration = await navigator.serviceWorker.ready;
  await registration.showNotification(title, {
    body: when + " · not done yet today", tag: `habit-${habit}-${localDay()}`, data: { habit }, icon: "/icon-192.png",
  });
}

/// The minute of the day, sent when it changes: the app shows the reminders due since the last.
let lastMinute = -1;
function tick() {
  const now = new Date();
  const minute = now.getHours() * 60 + now.getMinutes();
  if (minute !== lastMinute) { lastMinute = minute; report("tick", String(minute)); }
}

/// A notification's body was pressed: the app opens on its habit.
function openHabit(habit) { if (habit) dispatch({ t: "event", name: "open-detail", arg: habit, value: "" }); }

/// Tells the app what the browser allows, starts the clock for due reminders, opens the habit a
/// notification was pressed for, and shows the account's devices whenever Account opens.
export function start() {
  document.head.insertAdjacentHTML("beforeend", '<link rel="stylesheet" href="/reminders.css">');
  openHabit(new URLSearchParams(location.search).get("habit"));
  if ("serviceWorker" in navigator) navigator.serviceWorker.addEventListener("message", (event) => openHabit(event.data && event.data.habit));
  app.addEventListener("click", (event) => { if (event.target.closest("[data-arg=account]")) refreshPush(); });
  setTimeout(() => { if (app.querySelector("#notifications")) refreshPush(); });
  report("permission", pushable ? Notification.permission : "unsupported");
  tick();
  setInterval(tick, 10000);
}
