// HabitFlow's shell: loads the Swift module, passes events in, puts the returned HTML in place,
// and does what Swift in the browser cannot — IndexedDB, fetch, the service worker.
"use strict";

const app = document.getElementById("app");
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let exports = null;
let syncing = false;
let syncAgain = false;

// ---- The module ----------------------------------------------------------------------------

function memoryBytes() { return new Uint8Array(exports.memory.buffer); }

// The one system call the module makes: random bytes that seed its hashing.
const wasi = {
  random_get(pointer, length) {
    crypto.getRandomValues(memoryBytes().subarray(pointer, pointer + length));
    return 0;
  },
};

async function loadModule() {
  const imports = { wasi_snapshot_preview1: wasi };
  const response = await fetch("/app.wasm");
  const { instance } = await WebAssembly.instantiateStreaming(response, imports);
  exports = instance.exports;
}

/// Sends one message to the Swift app and returns its parsed answer.
function call(message) {
  message.now = Date.now();
  message.today = localDay();
  const bytes = encoder.encode(JSON.stringify(message));
  const pointer = exports.hf_alloc(bytes.length);
  memoryBytes().set(bytes, pointer);
  const length = exports.hf_handle(pointer, bytes.length);
  exports.hf_free(pointer);
  const result = exports.hf_result_pointer();
  return JSON.parse(decoder.decode(memoryBytes().slice(result, result + length)));
}

function localDay(date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// ---- Rendering -----------------------------------------------------------------------------

function render(answer) {
  if (answer.error) { console.error(answer.error); return answer; }
  const focused = document.activeElement;
  const focusId = focused && focused.id;
  const selection = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
  const scrolls = [...app.querySelectorAll(".sheet")].map((sheet) => sheet.scrollTop);
  app.innerHTML = answer.html;
  for (const element of app.querySelectorAll("[data-color]")) {
    element.style.setProperty("--c", element.dataset.color);
  }
  app.querySelectorAll(".sheet").forEach((sheet, index) => { if (scrolls[index]) sheet.scrollTop = scrolls[index]; });
  if (focusId) {
    const again = document.getElementById(focusId);
    if (again) {
      again.focus({ preventScroll: true });
      if (selection && "setSelectionRange" in again) {
        try { again.setSelectionRange(selection[0], selection[1]); } catch (_) { /* not a text field */ }
      }
    }
  } else {
    const dialogButton = app.querySelector(".dialog button.primary, .dialog button.danger");
    if (dialogButton) dialogButton.focus();
  }
  return answer;
}

function dispatch(message) {
  const answer = render(call(message));
  runEffects(answer.effects || []);
  return answer;
}

// ---- Effects -------------------------------------------------------------------------------

function runEffects(effects) {
  for (const effect of effects) {
    switch (effect.t) {
      case "persist": scheduleSave(); break;
      case "sync": sync(); break;
      case "signIn": account("/api/v1/sessions", effect.email, effect.password); break;
      case "signUp": account("/api/v1/accounts", effect.email, effect.password); break;
      case "signOut": signOut(); break;
      case "theme": applyTheme(effect.value); break;
    }
  }
}

function applyTheme(theme) {
  localStorage.setItem("habitflow.theme", theme);
  if (theme === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

function csrf() {
  const match = document.cookie.match(/(?:^|; )habitflow_csrf=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : "";
}

async function request(method, path, body) {
  const headers = { "X-CSRF-Token": csrf() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(path, { method, headers, body, credentials: "same-origin", cache: "no-store" });
}

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

async function signOut() {
  try { await request("DELETE", "/api/v1/sessions/current"); } catch (_) { /* offline: forget locally */ }
  localStorage.removeItem("habitflow.email");
  localStorage.removeItem("habitflow.device");
  await clearStore();
  location.reload();
}

/// Pushes the outbox and pulls pages until the server has nothing more.
async function sync() {
  if (!localStorage.getItem("habitflow.email")) return;
  if (syncing) { syncAgain = true; return; }
  syncing = true;
  try {
    for (let round = 0; round < 1000; round++) {
      const { body } = call({ t: "syncRequest" });
      if (!body) break;
      let response;
      try {
        response = await request("POST", "/api/v1/sync", body);
      } catch (_) {
        dispatch({ t: "syncFailed", offline: true });
        return;
      }
      if (response.status === 401) {
        localStorage.removeItem("habitflow.email");
        dispatch({ t: "account", email: null });
        return;
      }
      const reply = await response.json();
      if (!response.ok) {
        dispatch({ t: "syncFailed", offline: false, message: reply.error ? reply.error.message : "Sync failed." });
        return;
      }
      const answer = dispatch({ t: "syncResponse", request: JSON.parse(body), response: reply });
      if (!answer.more) break;
    }
  } finally {
    syncing = false;
    if (syncAgain) { syncAgain = false; sync(); }
  }
}

// ---- Storage (IndexedDB) -------------------------------------------------------------------

function openStore() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("habitflow", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("state");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

let database = null;
let pendingSnapshot = null;
let saving = false;
let saveScheduled = false;

/// Saves right after the screen is updated: the tap is answered first, and a burst of changes
/// is written once.
function scheduleSave() {
  if (saveScheduled) return;
  saveScheduled = true;
  setTimeout(() => {
    saveScheduled = false;
    save(call({ t: "snapshot" }).snapshot);
  }, 0);
}

/// Saves the newest snapshot; a burst of changes writes only the last one.
async function save(snapshot) {
  pendingSnapshot = snapshot;
  if (saving) return;
  saving = true;
  while (pendingSnapshot) {
    const next = pendingSnapshot;
    pendingSnapshot = null;
    await new Promise((resolve) => {
      const transaction = database.transaction("state", "readwrite");
      transaction.objectStore("state").put(next, "replica");
      transaction.oncomplete = resolve;
      transaction.onerror = resolve;
    });
  }
  saving = false;
}

/// Writes a scheduled save at once: the page is going away.
function flushSave() {
  if (!saveScheduled || !exports || !database) return;
  saveScheduled = false;
  save(call({ t: "snapshot" }).snapshot);
}
window.addEventListener("pagehide", flushSave);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") flushSave(); });

/// Resolves once every change is in IndexedDB.
async function idle() {
  while (saveScheduled || saving || pendingSnapshot) await new Promise((resolve) => setTimeout(resolve, 10));
}

function loadSnapshot() {
  return new Promise((resolve) => {
    const get = database.transaction("state").objectStore("state").get("replica");
    get.onsuccess = () => resolve(get.result || null);
    get.onerror = () => resolve(null);
  });
}

function clearStore() {
  return new Promise((resolve) => {
    const transaction = database.transaction("state", "readwrite");
    transaction.objectStore("state").clear();
    transaction.oncomplete = resolve;
    transaction.onerror = resolve;
  });
}

// ---- Events --------------------------------------------------------------------------------

app.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (!target || target.disabled) return;
  event.preventDefault();
  dispatch({ t: "event", name: target.dataset.action, arg: target.dataset.arg || "", value: target.value || "" });
});

function inputEvent(event) {
  const target = event.target.closest("[data-input]");
  if (!target) return;
  dispatch({ t: "event", name: target.dataset.input, arg: target.dataset.arg || "", value: target.value });
}
app.addEventListener("input", (event) => {
  if (event.target.tagName !== "SELECT" && event.target.type !== "date") inputEvent(event);
});
app.addEventListener("change", (event) => {
  if (event.target.tagName === "SELECT" || event.target.type === "date") inputEvent(event);
});
app.addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    const close = app.querySelector("[data-action=dismiss], [data-action=close-sheet]");
    if (close) close.click();
  } else if (event.key === "Enter" && event.target.tagName === "INPUT") {
    const form = event.target.closest(".panel, .card, .sheet");
    const submit = form && form.querySelector("#account-submit, [data-action=log-amount], #save");
    if (submit && !submit.disabled) { event.preventDefault(); submit.click(); }
  }
});

// Swipe the week strip or the onboarding pages.
let touchStart = null;
app.addEventListener("touchstart", (event) => { touchStart = event.touches[0]; }, { passive: true });
app.addEventListener("touchend", (event) => {
  if (!touchStart) return;
  const dx = event.changedTouches[0].clientX - touchStart.clientX;
  const dy = event.changedTouches[0].clientY - touchStart.clientY;
  const onStrip = touchStart.target && touchStart.target.closest && touchStart.target.closest(".week, .onboarding");
  touchStart = null;
  if (!onStrip || Math.abs(dx) < 50 || Math.abs(dy) > Math.abs(dx)) return;
  const onboarding = app.querySelector(".onboarding");
  const name = onboarding ? (dx < 0 ? "onboard-next" : "onboard-back") : (dx < 0 ? "week-next" : "week-prev");
  dispatch({ t: "event", name, arg: "", value: "" });
});

window.addEventListener("online", () => dispatch({ t: "online", value: true }));
window.addEventListener("offline", () => dispatch({ t: "online", value: false }));
setInterval(() => { if (exports && navigator.onLine) sync(); }, 30000);

// ---- Start ---------------------------------------------------------------------------------

async function start() {
  applyTheme(localStorage.getItem("habitflow.theme") || "system");
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
  [database] = await Promise.all([openStore(), loadModule()]);
  let device = localStorage.getItem("habitflow.device");
  if (!device) {
    device = "web-" + Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("habitflow.device", device);
  }
  const snapshot = await loadSnapshot();
  dispatch({
    t: "boot", device, snapshot, email: localStorage.getItem("habitflow.email"), online: navigator.onLine,
  });
  window.habitflow = { dispatch, call, sync, idle };
}

start().catch((error) => {
  app.innerHTML = '<p class="loading">HabitFlow could not start: ' + String(error).replace(/[<&]/g, "") + "</p>";
});
