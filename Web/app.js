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

// The one system call a module makes: random bytes that seed its hashing.
function wasi(memory) {
  return {
    random_get(pointer, length) {
      crypto.getRandomValues(new Uint8Array(memory().buffer, pointer, length));
      return 0;
    },
  };
}

async function loadModule() {
  const imports = { wasi_snapshot_preview1: wasi(() => exports.memory) };
  const response = await fetch("/app.wasm");
  const { instance } = await WebAssembly.instantiateStreaming(response, imports);
  exports = instance.exports;
}

/// Sends one message to the Swift app and returns its parsed answer.
function call(message, raw) { return JSON.parse(callText(message, raw)); }

/// Sends one message and returns the answer's text. `raw` members are JSON text that came out of
/// the modules (a stored replica's field states and outbox): large, in NFC already, and one line
/// each, so they follow the message on lines of their own (`MessageText`).
function callText(message, raw = {}) {
  // The module stopped and the app is starting again from what is stored (data.js): nothing
  // reaches the stopped one.
  if (!exports) return "{}";
  message.now = Date.now();
  message.today = localDay();
  const bytes = encoder.encode(withLines(message, raw));
  const pointer = exports.hf_alloc(bytes.length);
  memoryBytes().set(bytes, pointer);
  const length = exports.hf_handle(pointer, bytes.length);
  exports.hf_free(pointer);
  const result = exports.hf_result_pointer();
  return decoder.decode(memoryBytes().subarray(result, result + length));
}

/// A message as the modules read it: JSON on the first line, then each large member on a line
/// of its own, in the order `lines` names them. Text enters the modules in NFC
/// (scripts/wasm/unicode-normalization.c relies on it).
function withLines(message, raw) {
  const names = Object.keys(raw);
  if (names.length) message.lines = names;
  return [JSON.stringify(message).normalize("NFC"), ...names.map((name) => raw[name])].join("\n");
}

function localDay(date = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// ---- Rendering -----------------------------------------------------------------------------

/// Puts the module's answer on screen: the whole page, or only the regions it changed (a tap
/// repaints one card). Focus, text selection and sheet scroll stay where they were.
function render(answer) {
  if (answer.error) { console.error(answer.error); return answer; }
  if (answer.html === undefined && !answer.patches) return answer;
  const focused = document.activeElement;
  const refocus = focused && focused !== document.body ? focusKey(focused) : null;
  const selection = focused && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
  const scrolls = [...app.querySelectorAll(".sheet")].map((sheet) => sheet.scrollTop);
  const fresh = [];
  if (answer.html !== undefined) {
    app.innerHTML = answer.html;
    fresh.push(app);
  } else {
    const incoming = new Map();
    for (const patch of answer.patches) {
      const template = document.createElement("template");
      template.innerHTML = patch.html;
      incoming.set(patch.id, template.content.firstElementChild);
    }
    // Regions that changed places: lift each out, then put the new one in each place.
    const detached = new Map();
    const places = (answer.moves || []).map(([from]) => {
      const element = document.getElementById(from);
      if (!element) return null;
      const place = document.createComment("");
      element.replaceWith(place);
      detached.set(from, element);
      return place;
    });
    for (const [index, [, to]] of (answer.moves || []).entries()) {
      const element = incoming.get(to) || detached.get(to);
      // Out of step with the module (never expected): start over with the whole page.
      if (!element || !places[index]) { render(call({ t: "render" })); return answer; }
      if (incoming.delete(to)) fresh.push(element);
      places[index].replaceWith(element);
    }
    for (const [id, element] of incoming) {
      const old = document.getElementById(id);
      if (!old) { render(call({ t: "render" })); return answer; }
      old.replaceWith(element);
      fresh.push(element);
    }
  }
  announce(fresh);
  // A file chooser's answer can come after its region was replaced (a sync while the dialog
  // was open): the element's own listener still hears it.
  for (const input of app.querySelectorAll("input[type=file]")) input.onchange = (event) => withData(() => chooseFile(event));
  // Your data is on screen: the data module comes now, so it is here when a file is chosen.
  if (app.querySelector(".panel.data")) withData(() => preloadData()).catch(() => {});
  for (const root of fresh) {
    if (root.dataset && root.dataset.color) root.style.setProperty("--c", root.dataset.color);
    for (const element of root.querySelectorAll("[data-color]")) element.style.setProperty("--c", element.dataset.color);
  }
  cover(Boolean(answer.covered));
  app.querySelectorAll(".sheet").forEach((sheet, index) => { if (scrolls[index]) sheet.scrollTop = scrolls[index]; });
  if (refocus && !focused.isConnected) {
    // Where the focused element was (a sheet's button shares its action with the card behind).
    const again = findIn(fresh, refocus) || app.querySelector(refocus);
    if (again) {
      again.focus({ preventScroll: true });
      if (selection && "setSelectionRange" in again) {
        try { again.setSelectionRange(selection[0], selection[1]); } catch (_) { /* not a text field */ }
      }
    }
  }
  focusDialog();
  return answer;
}

/// What a sheet or dialog covers cannot be reached (keyboard, screen readers) until it closes.
/// Covering waits for the layer's first paint (it restyles the whole screen behind, and the
/// focus is already in the layer); uncovering is at once, so the focus can go back.
let covering = false;
function cover(covered) {
  covering = covered;
  const apply = () => {
    for (const element of app.querySelectorAll("#main, nav.tabs")) if (element.inert !== covering) element.inert = covering;
  };
  if (covered) afterPaint(apply); else apply();
}

/// The first element matching `selector` in the replaced regions.
function findIn(roots, selector) {
  for (const root of roots) {
    if (root.matches && root.matches(selector)) return root;
    const found = root.querySelector(selector);
    if (found) return found;
  }
  return null;
}

/// Screen readers hear a status that changed: the region holding it was replaced (a new live
/// region is not announced), so the one that stays, outside the app, repeats what it says.
let announced = "";
function announce(roots) {
  const texts = [];
  for (const root of roots) {
    const own = root.matches && root.matches(LIVE) ? [root] : [];
    for (const element of [...own, ...root.querySelectorAll(LIVE)]) {
      const text = element.textContent.trim();
      if (text) texts.push(text);
    }
  }
  const text = texts.join(" ");
  const announcer = document.getElementById("announce");
  if (announcer && text && text !== announced) announcer.textContent = text;
  announced = text;
}
const LIVE = "[role=status], [aria-live]";

/// A selector that finds the focused element again after its region was replaced.
function focusKey(element) {
  if (element.id) return "#" + CSS.escape(element.id);
  const action = element.dataset && (element.dataset.action || element.dataset.input);
  if (!action) return null;
  const name = element.dataset.action ? "data-action" : "data-input";
  const arg = element.dataset.arg ? `[data-arg="${CSS.escape(element.dataset.arg)}"]` : "";
  return `[${name}="${CSS.escape(action)}"]${arg}`;
}

/// Keeps the focus in the top-most layer: a dialog that just opened (or a sheet) takes it on
/// its first field or its safe choice (the primary button, else Cancel), never on a destructive
/// one, so Enter cannot delete by accident.
function focusDialog() {
  const dialog = app.querySelector(".dialog");
  const layer = dialog || app.querySelector(".sheet");
  if (!layer || layer.contains(document.activeElement)) return;
  const start = dialog
    ? dialog.querySelector("input") || dialog.querySelector("button.primary:not(.danger)")
      || dialog.querySelector("#dialog-cancel, button:not(.danger)")
    : layer.querySelector(".sheet-head button");
  if (start) start.focus({ preventScroll: true });
}

function dispatch(message, raw) {
  const answer = render(call(message, raw));
  runEffects(answer.effects || []);
  return answer;
}

// ---- Effects -------------------------------------------------------------------------------

function runEffects(effects) {
  for (const effect of effects) {
    switch (effect.t) {
      case "persist": scheduleSave(); break;
      case "sync": afterPaint(sync); break;
      // A frame after the detail is on screen, so drawing its month and charts never delays that.
      case "drawRest": afterPaint(() => setTimeout(() => dispatch({ t: "event", name: "draw-rest", arg: "", value: "" }), 50)); break;
      case "signOut": signOut(); break;
      case "theme": applyTheme(effect.value); break;
      case "import":
        withData(() => runImport(effect.mode, effect.preview, effect.server))
          .catch(() => dispatch({ t: "importError", message: dataMissing }));
        break;
      case "export":
        withData(() => exportHere(effect.csv)).catch(() => dispatch({ t: "exportError", message: dataMissing }));
        break;
      // Reminders and the account's forms: the whole app's (Web/reminders.js).
      default: if (full) reminders.effect(effect);
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

// ---- Your data (Web/data.js) ----------------------------------------------------------------

/// The import and export code (Web/data.js) is fetched with the data module when Your data first
/// shows, and kept by the service worker: neither is part of the first load.
let dataScript = null;
function withData(run) {
  if (!dataScript) {
    dataScript = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "/data.js";
      script.onload = resolve;
      script.onerror = () => { script.remove(); dataScript = null; reject({ loading: true }); };
      document.head.append(script);
    });
  }
  return dataScript.then(run);
}

/// What the panel says when the import and export code could not be fetched.
const dataMissing = "The importer is not on this device yet: open Account → Your data once while online, then try again.";

/// Waits for a sync that is under way, then runs one to the end.
async function syncNow() {
  while (syncing) await new Promise((resolve) => setTimeout(resolve, 20));
  await sync();
}

/// Signs out and forgets this device's copy (the person chose to, if changes were unsynced).
async function signOut(ended = false) {
  signingOut = true;
  if (wakeRetry) wakeRetry();
  if (!ended) {
    try { await request("DELETE", "/api/v1/sessions/current"); } catch (_) { /* offline: forget locally */ }
  }
  localStorage.removeItem("habitflow.email");
  localStorage.removeItem("habitflow.device");
  // This browser has seen onboarding; the next start goes straight to the (empty) habits.
  localStorage.setItem("habitflow.onboarded", "1");
  while (writing) await new Promise((resolve) => setTimeout(resolve, 10));
  try { await clearStore(); } catch (error) { console.error("Clearing local data failed:", error); }
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
        // The server says in words why it ended the sign-in (a password changed, the account
        // deleted elsewhere...); a plain "unauthenticated" says nothing worth showing.
        let reason = null;
        try {
          const { error } = await response.json();
          if (error && error.code !== "unauthenticated") reason = error.message;
        } catch (_) {}
        localStorage.removeItem("habitflow.email");
        dispatch({ t: "account", email: null, reason });
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
// A record per field state and per outbox entry, keyed by entity, key and field, plus "meta":
// a tap writes the few records it touched. A save that touches many (an import) writes the whole
// replica as one "base" record of JSON text instead and clears the others; later records sit on
// top of it, and an outbox entry acknowledged since is a `drop` record. Version 1's
// whole-replica record is moved over.

const KEY = ["entity", "key", "field"];
const STORES = ["state", "fields", "outbox"];

function openStore() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("habitflow", 2);
    open.onupgradeneeded = (event) => {
      const db = open.result;
      if (event.oldVersion < 1) db.createObjectStore("state");
      db.createObjectStore("fields", { keyPath: KEY });
      db.createObjectStore("outbox", { keyPath: KEY });
      if (event.oldVersion === 1) migrate(open.transaction);
    };
    // An older tab holds the database open: the update waits until it closes.
    open.onblocked = () => { app.innerHTML = '<p class="loading">Close HabitFlow in your other tabs to finish updating.</p>'; };
    open.onsuccess = () => {
      open.result.onversionchange = () => open.result.close();
      resolve(open.result);
    };
    open.onerror = () => reject(open.error);
  });
}

/// Moves version 1's replica record into the new stores, inside the upgrade: all or nothing.
function migrate(transaction) {
  const state = transaction.objectStore("state");
  const get = state.get("replica");
  get.onsuccess = () => {
    const old = get.result;
    if (!old) return;
    state.put({ device: old.device, cursor: old.cursor, clock: old.clock, next: old.next }, "meta");
    for (const change of old.fields) transaction.objectStore("fields").put(change);
    for (const change of old.outbox) transaction.objectStore("outbox").put(change);
    state.delete("replica");
  };
}

let database = null;
let saveScheduled = false;
let writing = false;
let writeFailed = false;
let wakeRetry = null;
let signingOut = false;
/// Writes not yet in IndexedDB, the newest per key; a failed write waits here for its retry.
let unsaved = emptyWrites();
/// Whether the store holds a base, so an acknowledged outbox entry must be marked, not deleted.
let hasBase = false;

function emptyWrites() { return { meta: null, base: null, fields: new Map(), outbox: new Map() }; }
function keyText(parts) { return parts.join("\u0000"); }
function changeKey(change) { return keyText([change.entity, change.key, change.field]); }

/// Saves right after the screen is updated (after the next paint, so saving never delays it; at
/// once in a hidden tab, which does not paint), a burst of changes together.
function scheduleSave() {
  if (wakeRetry) wakeRetry();
  if (saveScheduled) return;
  saveScheduled = true;
  afterPaint(takeWrites);
}

/// Runs `work` once the screen has been updated, so it never delays a tap's paint (at once in a
/// hidden tab, which does not paint; after 250 ms at the latest).
function afterPaint(work) {
  if (document.visibilityState === "hidden") { setTimeout(work, 0); return; }
  let done = false;
  const once = () => { if (!done) { done = true; work(); } };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

/// Asks the module what changed since the last save and writes it.
function takeWrites() {
  if (!saveScheduled) return;
  saveScheduled = false;
  if (!exports || !database || signingOut) return;
  const text = callText({ t: "persist" });
  const newline = text.indexOf("\n");
  const writes = JSON.parse(newline < 0 ? text : text.slice(0, newline));
  if (!writes.meta) return;
  if (writes.base) {
    const [fields, outbox] = text.slice(newline + 1).split("\n");
    storeBase(writes.meta, fields, outbox);
    writeAll();
    return;
  }
  unsaved.meta = writes.meta;
  for (const change of writes.fields) unsaved.fields.set(changeKey(change), change);
  for (const change of writes.outbox) unsaved.outbox.set(changeKey(change), change);
  for (const key of writes.drop) unsaved.outbox.set(keyText(key), key);
  writeAll();
}

/// Makes the whole replica the next write, as the base: it holds everything still waiting to be
/// written, and changes made from now on are written on top of it. The caller starts the write
/// (an import's after the next paint: IndexedDB copies a large text before it returns).
function storeBase(meta, fields, outbox) {
  unsaved = { ...emptyWrites(), meta, base: { fields, outbox } };
}

/// Writes until nothing is left. A failure is shown and retried (1 s, then longer, or at once on
/// "Try again" or the next change), never dropped.
async function writeAll() {
  if (writing) return;
  writing = true;
  let delay = 1000;
  while (unsaved.meta && !signingOut) {
    const batch = unsaved;
    unsaved = emptyWrites();
    try {
      await write(batch);
      delay = 1000;
      if (writeFailed) { writeFailed = false; dispatch({ t: "stored", ok: true }); }
    } catch (error) {
      console.error("Saving failed; retrying:", error);
      unsaved = requeue(batch, unsaved);
      if (!writeFailed) { writeFailed = true; dispatch({ t: "stored", ok: false }); }
      await new Promise((resolve) => { wakeRetry = resolve; setTimeout(resolve, delay); });
      wakeRetry = null;
      delay = Math.min(delay * 2, 30000);
      await reopen();
    }
  }
  writing = false;
}

/// A failed batch back in line behind anything newer.
function requeue(failed, newer) {
  if (newer.base) return newer;
  for (const [key, value] of newer.fields) failed.fields.set(key, value);
  for (const [key, value] of newer.outbox) failed.outbox.set(key, value);
  failed.meta = newer.meta || failed.meta;
  return failed;
}

/// A fresh connection for the next attempt: the browser may have closed this one.
async function reopen() {
  try {
    const fresh = await openStore();
    database.close();
    database = fresh;
  } catch (_) { /* keep the old connection; the next attempt reports again */ }
}

/// Writes one batch in one transaction: all of it, or none and it rejects.
function write(batch) {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORES, "readwrite");
    // Once a base is stored, an acknowledged outbox entry may sit in it: a `drop` record hides it.
    const marks = hasBase || batch.base !== null;
    transaction.oncomplete = () => { hasBase = marks; resolve(); };
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error || new Error("IndexedDB write aborted"));
    try {
      const state = transaction.objectStore("state");
      state.put(batch.meta, "meta");
      const fields = transaction.objectStore("fields");
      const outbox = transaction.objectStore("outbox");
      if (batch.base) {
        state.put(batch.base, "base");
        fields.clear();
        outbox.clear();
      }
      for (const change of batch.fields.values()) fields.put(change);
      for (const entry of batch.outbox.values()) {
        if (!Array.isArray(entry)) outbox.put(entry);
        else if (marks) outbox.put({ entity: entry[0], key: entry[1], field: entry[2], drop: true });
        else outbox.delete(entry);
      }
    } catch (error) {
      try { transaction.abort(); } catch (_) { /* already ended */ }
      reject(error);
    }
  });
}

/// Writes a scheduled save at once: the page is going away.
function flushSave() {
  if (saveScheduled) takeWrites();
  else if (unsaved.meta) writeAll();
}
window.addEventListener("pagehide", flushSave);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") flushSave(); });

/// Resolves once every change is in IndexedDB.
async function idle() {
  while (saveScheduled || writing || unsaved.meta) await new Promise((resolve) => setTimeout(resolve, 10));
}

/// The stored replica as the module reads it (`Snapshot.replica`), or null on a first visit: its
/// meta with the outbox entries queued since the base and the keys dropped since (`snapshot`),
/// and as lines of their own, the base's field states followed by the records written since, and
/// the base's outbox. A failed read stops the start: starting empty would later overwrite what is
/// stored.
function loadSnapshot() {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORES);
    const state = transaction.objectStore("state");
    const meta = state.get("meta");
    const base = state.get("base");
    const fields = transaction.objectStore("fields").getAll();
    const outbox = transaction.objectStore("outbox").getAll();
    transaction.oncomplete = () => {
      if (!meta.result) { resolve(null); return; }
      hasBase = Boolean(base.result);
      const queued = outbox.result.filter((entry) => !entry.drop);
      const dropped = outbox.result.filter((entry) => entry.drop).map((entry) => [entry.entity, entry.key, entry.field]);
      const join = (stored, records) => {
        const items = [stored ? stored.slice(1, -1) : "", JSON.stringify(records).slice(1, -1)];
        return "[" + items.filter((text) => text).join(",") + "]";
      };
      resolve({
        snapshot: { ...meta.result, queued, dropped },
        lines: {
          fields: join(base.result && base.result.fields, fields.result),
          outbox: (base.result && base.result.outbox) || "[]",
        },
      });
    };
    transaction.onerror = () => reject(transaction.error);
  });
}

function clearStore() {
  return new Promise((resolve, reject) => {
    const transaction = database.transaction(STORES, "readwrite");
    for (const name of STORES) transaction.objectStore(name).clear();
    transaction.oncomplete = () => { hasBase = false; resolve(); };
    transaction.onerror = () => reject(transaction.error);
  });
}

// ---- Events --------------------------------------------------------------------------------

app.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (!target || target.disabled) return;
  event.preventDefault();
  const message = { t: "event", name: target.dataset.action, arg: target.dataset.arg || "", value: target.value || "" };
  // The editor and Account show reminders: the whole app comes first (see `fullApp`).
  if (!full && (/^open-[ae]/.test(message.name) || message.arg === "account")) {
    fullApp().finally(() => dispatch(message));
    return;
  }
  dispatch(message);
});

function inputEvent(event) {
  const target = event.target.closest("[data-input]");
  if (!target) return;
  dispatch({ t: "event", name: target.dataset.input, arg: target.dataset.arg || "", value: target.value });
}
app.addEventListener("input", (event) => {
  if (event.target.tagName !== "SELECT" && !["date", "file"].includes(event.target.type)) inputEvent(event);
});
app.addEventListener("change", (event) => {
  if (event.target.tagName === "SELECT" || event.target.type === "date") inputEvent(event);
});
app.addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    // The top-most layer only: a dialog before the sheet behind it.
    const layer = app.querySelector(".overlay.top") || app.querySelector(".overlay");
    const close = layer && layer.querySelector("[data-action=dismiss], [data-action=close-sheet]");
    if (close) { event.preventDefault(); event.stopPropagation(); close.click(); }
  } else if (event.key === "Enter" && event.target.tagName === "INPUT") {
    const form = event.target.closest(".dialog, .day-editor, .password, .pause, .panel, .card, .sheet");
    const submit = form && form.querySelector(
      "#account-submit, #change-password, #dialog-confirm, #set-total, #pause, [data-action=log-amount], #save");
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

// ---- Habits screen: the date picker and dragging in All habits -------------------------------

/// The date picker takes the focus when it opens (on the selected day) and gives it back to the
/// header's date when it closes. Runs after the click that re-rendered the page.
app.addEventListener("click", (event) => {
  const target = event.target.closest("[data-action]");
  if (!target) return;
  if (target.id === "date-button") {
    const day = app.querySelector("#picker [aria-current=date]") || app.querySelector("#picker td button:enabled");
    if (day) day.focus();
  } else if (target.closest("#picker") && !app.querySelector("#picker table")) {
    const date = document.getElementById("date-button");
    if (date) date.focus();
  }
});

/// In the date picker: arrow keys move a day or a week, Page Up and Page Down a month, Escape
/// closes it.
app.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || !event.target.closest || !event.target.closest("#picker")) return;
  if (event.key === "Escape") {
    event.preventDefault();
    dispatch({ t: "event", name: "picker", arg: "", value: "" });
    const date = document.getElementById("date-button");
    if (date) date.focus();
    return;
  }
  const month = { PageUp: "#picker-prev", PageDown: "#picker-next" }[event.key];
  if (month && event.target.closest("td")) {
    // The same day of the month before or after (or its last day).
    event.preventDefault();
    const number = Number(event.target.textContent);
    const arrow = app.querySelector(month);
    if (arrow.getAttribute("aria-disabled") === "true") return;
    arrow.click();
    const days = [...app.querySelectorAll("#picker td:not(.out) button")];
    (days[Math.min(number, days.length) - 1] || arrow).focus();
    return;
  }
  const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
  if (!step || !event.target.closest("td")) return;
  const days = [...app.querySelectorAll("#picker td button")];
  const next = days[days.indexOf(event.target) + step];
  if (next) { event.preventDefault(); next.focus(); }
});

/// Dragging a row of All habits by its handle: the row follows the pointer (mouse, touch or
/// pen), the others make room, and letting go sends one "move" with the new position.
let drag = null;
app.addEventListener("pointerdown", (event) => {
  const grip = event.target.closest(".grip");
  if (!grip || event.button > 0) return;
  const row = grip.closest(".row");
  const rows = [...row.parentElement.children];
  const boxes = rows.map((element) => element.getBoundingClientRect());
  const from = rows.indexOf(row);
  // Page coordinates: the list may scroll while a row is dragged.
  drag = {
    row, rows, from, to: from, y: event.clientY + window.scrollY, pointer: event.pointerId,
    middles: boxes.map((box) => box.top + window.scrollY + box.height / 2),
    room: boxes.length > 1 ? Math.abs(boxes[1].top - boxes[0].top) : boxes[0].height,
  };
  try { grip.setPointerCapture(event.pointerId); } catch (_) { /* a pointer the browser did not report */ }
  row.classList.add("dragging");
  event.preventDefault();
});
app.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.pointer) return;
  // The list was drawn again under the pointer (a sync): this drag's positions are gone.
  if (!drag.row.isConnected) { endDrag(event); return; }
  const dy = event.clientY + window.scrollY - drag.y;
  const y = drag.middles[drag.from] + dy;
  let to = drag.from;
  while (to > 0 && y < drag.middles[to - 1]) to--;
  while (to < drag.rows.length - 1 && y > drag.middles[to + 1]) to++;
  drag.to = to;
  drag.rows.forEach((element, index) => {
    let shift = 0;
    if (element === drag.row) shift = dy;
    else if (index >= to && index < drag.from) shift = drag.room;
    else if (index <= to && index > drag.from) shift = -drag.room;
    element.style.transform = shift ? `translateY(${shift}px)` : "";
  });
});
function endDrag(event) {
  if (!drag || event.pointerId !== drag.pointer) return;
  const { row, rows, from, to } = drag;
  drag = null;
  for (const element of rows) element.style.transform = "";
  row.classList.remove("dragging");
  if (event.type === "pointerup" && to !== from && row.isConnected) {
    dispatch({ t: "event", name: "move", arg: row.dataset.id, value: String(to) });
  }
}
// On the window: the pointer may be let go outside the app.
window.addEventListener("pointerup", endDrag);
window.addEventListener("pointercancel", endDrag);
app.addEventListener("lostpointercapture", endDrag);

// ---- The whole app: the data module with the reminder screens -------------------------------

/// The first-load module leaves the reminder screens out (its budget); the data module is the
/// whole app with them, and reminders.js the browser's side of reminders. The shell moves to
/// them, carrying the replica over, when reminders are set up (the stored replica has some) or
/// shown (the editor, Account), and stays on the first-load module when they cannot be loaded
/// (offline before they were ever fetched).
let full = false;
let moving = null;
let reminders = null;
function fullApp() {
  if (!moving) {
    moving = (async () => {
      const data = await withData(() => loadData());
      reminders = await import("/reminders.js");
      const stored = await loadSnapshot();
      while (syncing) await new Promise((resolve) => setTimeout(resolve, 20));
      // From here to the move nothing else runs: the first module's unsaved writes are taken,
      // and its replica goes over with the last sync's time (kept with what is stored).
      saveScheduled = true;
      takeWrites();
      const synced = stored && stored.snapshot.synced;
      // The first module's replica as three lines: meta, field states, outbox.
      const [meta, fields, outbox] = callText({ t: "importSnapshot" }).split("\n");
      const snapshot = fields === undefined ? null : { ...JSON.parse(meta), ...(synced ? { synced } : {}) };
      exports = data;
      full = true;
      dispatch({
        t: "boot", device: localStorage.getItem("habitflow.device"), email: localStorage.getItem("habitflow.email"),
        online: navigator.onLine, onboarded: true, snapshot,
      }, snapshot ? { fields, outbox } : {});
      reminders.start();
    })().catch((error) => { moving = null; throw error; });
  }
  return moving;
}

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
  const stored = await loadSnapshot();
  // A replica with reminders starts the whole app too (its field states name times or a place).
  if (stored && /times=|place=/.test(stored.lines.fields + JSON.stringify(stored.snapshot.queued))) {
    fullApp().catch(() => {});
  }
  dispatch({
    t: "boot", device, email: localStorage.getItem("habitflow.email"), online: navigator.onLine,
    onboarded: localStorage.getItem("habitflow.onboarded") === "1", snapshot: stored && stored.snapshot,
  }, stored ? stored.lines : {});
  window.habitflow = { dispatch, call, sync, idle, render, fullApp };
}

start().catch((error) => {
  app.innerHTML = '<p class="loading">HabitFlow could not start: ' + String(error).replace(/[<&]/g, "") + "</p>";
});
