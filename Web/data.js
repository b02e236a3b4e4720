// HabitFlow's "Your data" code: the import (previews, the data module's answers handed to the app,
// a Loop database sent to the server) and both downloads. app.js loads it with the data module
// the first time the panel shows; it shares app.js's globals.
"use strict";

// ---- Your data: import and export ---------------------------------------------------------

/// The file last chosen for import: its bytes go from here to the data module (or, for a Loop
/// database, the server), never through the app's module.
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

/// Previews or imports the chosen file. Every format is read here by the data module, offline
/// too; only a Loop database (SQLite) goes to the server, when it can be reached.
async function runImport(mode, preview, server) {
  const run = ++importRun;
  const file = chosenFile;
  if (!file) { dispatch({ t: "importError", message: "Choose the file again." }); return; }
  if (file.size > 1e8) {
    dispatch({ t: "importError", message: `${file.name} is larger than 100 MB; HabitFlow imports files up to that size.` });
    return;
  }
  let answer;
  try {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    if (decoder.decode(head) === "SQLite format 3\u0000" && server) { upload(file, mode, preview, run); return; }
    const data = await loadData();
    setProgress(0.3);
    const bytes = new Uint8Array(await file.arrayBuffer());
    setProgress(0.6);
    // The bar shows before the work that holds the page.
    await new Promise((resolve) => afterPaint(resolve));
    if (run !== importRun) return;
    answer = callData(data, preview ? "preview" : "apply", { mode, name: file.name.normalize("NFC") }, bytes);
  } catch (error) {
    if (run === importRun) dispatch({ t: "importError", message: dataFailure(error, file.name) });
    return;
  }
  if (run !== importRun) return;
  // A Loop database inside a zip is read by the server too, when it can be reached.
  if (answer.needsServer && server) upload(file, mode, preview, run);
  else if (answer.error) dispatch({ t: "importError", message: answer.error });
  else if (preview) dispatch({ t: "importPreview", preview: answer.preview });
  else adopt(answer);
}

/// What the panel says when the data module could not be loaded or stopped.
function dataFailure(error, name) {
  if (error && error.loading) return dataMissing;
  return `${name} could not be read here (${error && error.message ? error.message : error}). Nothing was changed.`;
}

/// Hands an import's changes to the app a part at a time (the data module's lines, passed on
/// unparsed) with the bar moving, so a large file never holds the page; the last part carries
/// the summary, and the app saves the whole import after it. An import large beside what is here
/// comes as the whole replica instead: the app takes it as at start, and the same text is stored
/// as the base.
async function adopt(answer) {
  if (answer.whole) {
    const [meta, fields, outbox] = answer.parts;
    const taken = dispatch({ t: "importedWhole", from: answer.whole, meta: JSON.parse(meta), summary: answer.summary }, { fields, outbox });
    // Stored only once the app holds it; an answer without `meta` took nothing.
    if (!taken.refused && taken.meta) {
      storeBase(taken.meta, fields, outbox);
      afterPaint(writeAll);
    }
    return;
  }
  const parts = answer.parts.length ? answer.parts : ["[]"];
  for (let index = 0; ; index++) {
    const last = index === parts.length - 1;
    const taken = dispatch({
      t: "importedHere", next: answer.next,
      adopted: Math.round((1000 * (index + 1)) / parts.length), ...(last ? { summary: answer.summary } : {}),
    }, { changes: parts[index] });
    // A part the app refused ends the import there, with its reason on screen.
    if (last || taken.refused) return;
    await new Promise((resolve) => afterPaint(resolve));
  }
}

/// Makes the backup or the CSV here, from everything this device holds, and downloads it.
async function exportHere(csv) {
  let answer;
  try {
    answer = callData(await loadData(), "export", { csv }, new Uint8Array(0));
  } catch (error) {
    dispatch({ t: "exportError", message: dataFailure(error, csv ? "The CSV" : "The backup") });
    return;
  }
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

/// One request to the data module with a copy of the app's replica, taken now, so nothing
/// happens between the copy and adopting what the import changed. An answer on several lines
/// is a header and parts of an import's changes, which stay text (`adopt` passes them on).
function callData(data, type, fields, file) {
  // The app's replica as three lines: meta, field states, outbox.
  const [meta, stored, outbox] = callText({ t: "importSnapshot" }).split("\n");
  const message = encoder.encode(withLines(
    { t: type, today: localDay(), now: Date.now(), ...fields, snapshot: JSON.parse(meta) },
    stored === undefined ? {} : { fields: stored, outbox }));
  let messagePointer = 0;
  let filePointer = 0;
  try {
    messagePointer = data.hf_alloc(message.length);
    new Uint8Array(data.memory.buffer).set(message, messagePointer);
    filePointer = data.hf_alloc(file.length);
    new Uint8Array(data.memory.buffer).set(file, filePointer);
    const length = data.hf_data(messagePointer, message.length, filePointer, file.length);
    const result = data.hf_result_pointer();
    const text = decoder.decode(new Uint8Array(data.memory.buffer).subarray(result, result + length));
    const newline = text.indexOf("\n");
    if (newline < 0) return { ...JSON.parse(text), parts: [] };
    return { ...JSON.parse(text.slice(0, newline)), parts: text.slice(newline + 1).split("\n") };
  } catch (error) {
    // A module that stopped (out of memory, a trap) is not used again: the next call loads it anew.
    dataModule = null;
    throw error;
  } finally {
    if (dataModule) {
      if (messagePointer) data.hf_free(messagePointer);
      if (filePointer) data.hf_free(filePointer);
    }
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
