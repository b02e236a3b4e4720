// HabitFlow's "Your data" code: the import (a file read and previewed or imported by the whole
// app, a Loop database sent to the server) and both downloads. app.js loads it with the data
// module (the whole app) the first time the panel shows; it shares app.js's globals.
"use strict";

// ---- Your data: import and export ---------------------------------------------------------

/// The file last chosen for import: its bytes go from here to the whole app (or, for a Loop
/// database, the server), never through the first-load module.
let chosenFile = null;

function chooseFile(event) {
  chosenFile = event.target.files[0] || null;
  if (chosenFile) dispatch({ t: "event", name: event.target.dataset.input, arg: "", value: chosenFile.name });
}

/// Moves the import's bar to `share` (0 to 1) of its length.
function setProgress(share) {
  const bar = document.getElementById("import-progress");
  if (bar) bar.value = share * bar.max;
}

/// Each choice of file or mode starts a new run; an answer from an older one is dropped, so a
/// preview always counts the file and mode on screen.
let importRun = 0;

/// Previews or imports the chosen file. Every format is read here by the whole app (the data
/// module), into its own replica, offline too; only a Loop database (SQLite) goes to the server,
/// when it can be reached.
async function runImport(mode, preview, server) {
  const run = ++importRun;
  const file = chosenFile;
  if (!file) { dispatch({ t: "importError", message: "Choose the file again." }); return; }
  if (file.size > 1e8) {
    dispatch({ t: "importError", message: `${file.name} is larger than 100 MB; HabitFlow imports files up to that size.` });
    return;
  }
  let bytes;
  try {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (decoder.decode(head) === "SQLite format 3\u0000" && server) { upload(file, mode, preview, run); return; }
    await fullApp();
    setProgress(0.3);
    bytes = new Uint8Array(await file.arrayBuffer());
    setProgress(0.6);
    // The bar shows before the work that holds the page.
    await new Promise((resolve) => afterPaint(resolve));
  } catch (error) {
    if (run === importRun) dispatch({ t: "importError", message: dataFailure(error, file.name) });
    return;
  }
  if (run !== importRun) return;
  const answer = dataRequest({ t: "importFile", mode, preview, server, name: file.name.normalize("NFC") }, bytes);
  if (!answer) return;
  // A Loop database inside a zip is read by the server too, when it can be reached.
  if (answer.needsServer) upload(file, mode, preview, run);
  else if (answer.error) dispatch({ t: "importError", message: answer.error });
  else { render(answer); runEffects(answer.effects || []); }
}

/// What the panel says when the data module could not be loaded or stopped.
function dataFailure(error, name) {
  if (error && error.loading) return dataMissing;
  return `${name} could not be read here (${error && error.message ? error.message : error}). Nothing was changed.`;
}

/// Makes the backup or the CSV here, from everything this device holds, and downloads it.
async function exportHere(csv) {
  try {
    await fullApp();
  } catch (error) {
    dispatch({ t: "exportError", message: dataFailure(error, csv ? "The CSV" : "The backup") });
    return;
  }
  const answer = dataRequest({ t: "export", csv }, new Uint8Array(0));
  if (!answer) return;
  if (answer.error) { dispatch({ t: "exportError", message: answer.error }); return; }
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([answer.text], { type: csv ? "text/csv" : "application/json" }));
  link.download = answer.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

/// The data module (importers and exports), fetched the first time Your data shows, so it is
/// at hand offline later (the service worker keeps it) without adding to the first load.
let dataModule = null;
function loadData() {
  if (!dataModule) {
    let memory = null;
    dataModule = WebAssembly.instantiateStreaming(fetch("/data.wasm"), { wasi_snapshot_preview1: wasi(() => memory) })
      .then(({ instance }) => { memory = instance.exports.memory; return instance.exports; })
      .catch(() => { dataModule = null; throw { loading: true }; });
  }
  return dataModule;
}

/// One "Your data" request to the whole app, with a file's bytes beside the message; its parsed
/// answer. What waits to be saved is taken first, so if the module stops (out of memory, a
/// trap) nothing is only in it: the app then starts again from what is stored, on the panel,
/// with the reason, and the answer is null.
function dataRequest(message, file) {
  if (!exports) return { error: "HabitFlow is starting again. Try again in a moment." };
  saveScheduled = true;
  takeWrites();
  message.now = Date.now();
  message.today = localDay();
  const data = exports;
  const bytes = encoder.encode(withLines(message, {}));
  try {
    const messagePointer = data.hf_alloc(bytes.length);
    new Uint8Array(data.memory.buffer).set(bytes, messagePointer);
    const filePointer = data.hf_alloc(file.length);
    new Uint8Array(data.memory.buffer).set(file, filePointer);
    const length = data.hf_data(messagePointer, bytes.length, filePointer, file.length);
    data.hf_free(messagePointer);
    data.hf_free(filePointer);
    const result = data.hf_result_pointer();
    return JSON.parse(decoder.decode(new Uint8Array(data.memory.buffer).subarray(result, result + length)));
  } catch (error) {
    // What the stopped module holds may be half an import: from here nothing reaches it, so
    // nothing of it is saved or synced (`callText`).
    exports = null;
    restartWhole(message.t === "export" ? "exportError" : "importError",
      dataFailure(error, message.name || (message.csv ? "The CSV" : "The backup")));
    return null;
  }
}

/// Starts the whole app again from what is stored, once the writes taken before it stopped are
/// in IndexedDB (they are retried until they are), and shows why on the panel.
async function restartWhole(type, reason) {
  dataModule = null;
  for (let waited = 0; writing || unsaved.meta; waited += 50) {
    if (waited === 10000) {
      app.innerHTML = '<p class="loading" role="status">HabitFlow stopped while reading the file and is saving '
        + "what you changed before it. Reload the page if this stays.</p>";
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  try {
    exports = await loadData();
    const stored = await loadSnapshot();
    dispatch({
      t: "boot", device: localStorage.getItem("habitflow.device"), email: localStorage.getItem("habitflow.email"),
      online: navigator.onLine, onboarded: true, snapshot: stored && stored.snapshot,
    }, stored ? stored.lines : {});
    dispatch({ t: "event", name: "tab", arg: "account", value: "" });
    dispatch({ t: type, message: reason });
  } catch (error) {
    app.innerHTML = '<p class="loading">HabitFlow stopped: ' + String(reason).replace(/[<&]/g, "") + " Reload the page.</p>";
  }
}

/// Posts a Loop database to the server's import (its preview, or the import itself) with the
/// upload's progress on the panel's bar. The import itself syncs first, so it lands on top of
/// this device's latest changes, and the next sync brings the imported habits here.
async function upload(file, mode, preview, run) {
  if (!preview) await syncNow();
  const xhr = new XMLHttpRequest();
  xhr.open("POST", `/api/v1/import?mode=${mode}&preview=${preview}&name=${encodeURIComponent(file.name)}`);
  xhr.setRequestHeader("X-CSRF-Token", csrf());
  xhr.setRequestHeader("X-Client-Date", localDay());
  xhr.setRequestHeader("Content-Type", "application/octet-stream");
  xhr.responseType = "json";
  xhr.upload.onprogress = (event) => { if (event.lengthComputable) setProgress(event.loaded / event.total); };
  xhr.onload = () => {
    if (run !== importRun) return;
    const body = xhr.response || {};
    if (xhr.status === 200) {
      dispatch(preview ? { t: "importPreview", preview: body.preview } : { t: "imported", summary: body.summary });
    } else {
      dispatch({ t: "importError", message: (body.error && body.error.message) || `The server refused the file (${xhr.status}).` });
    }
  };
  xhr.onerror = () => dispatch({ t: "importError", message: "The server cannot be reached. Try again when you are online." });
  xhr.send(file);
}

/// Fetches the data module ahead, once Your data is on screen.
function preloadData() {
  if (!dataModule) loadData().catch(() => {});
}
