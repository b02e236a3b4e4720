"""Account → Your data: a Loop export is chosen, read here by the data module with a progress
bar, previewed in words, imported on confirmation, shows up on the Habits screen and syncs; a bad
file is refused with its reason and changes nothing; the backup and the CSV download with the
imported habits and this device's latest change; all of it signed out and offline too, where only
a Loop database (read on the server) is refused with the reason."""
import io
import json
import os
import re
import zipfile

from playwright.sync_api import expect

from helpers import add_habit, card, go_offline, go_online, open_app, saved, sign_up

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOOP = os.path.join(ROOT, "Tests", "HabitInteropTests", "Fixtures", "loop-csv-current")

# Loop's export: Meditate (every day, no day recorded) and Wake up early (2 in 3 days): six
# days done by hand, three automatic yeses, one explicit no and three notes, 16 to 25 January 2015.
PREVIEW = [
    "2 habits in the file: 2 new, 0 already here (updated)",
    "6 check-ins, 0 skips, 3 notes",
    "1 day marked not done (explicit no's), 3 automatic yeses",
    "From 2015-01-16 to 2015-01-25",
]


def loop_zip(wake_up_frequency=None):
    """The export as Loop writes it: the folder zipped; `wake_up_frequency` ("2,400") replaces
    Wake up early's "2 in 3 days" in Habits.csv, for a preview with approximations to show."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for folder, _, files in os.walk(LOOP):
            for name in sorted(files):
                path = os.path.join(folder, name)
                if wake_up_frequency and name == "Habits.csv" and folder == LOOP:
                    with open(path, encoding="utf-8") as file:
                        text = file.read().replace(
                            "before 6am?,,2,3,", "before 6am?,," + wake_up_frequency + ",")
                    archive.writestr(os.path.relpath(path, LOOP), text)
                else:
                    archive.write(path, os.path.relpath(path, LOOP))
    return buffer.getvalue()


def choose(page, name, data, mime="application/zip"):
    page.locator("#import-file").set_input_files(files=[{"name": name, "mimeType": mime, "buffer": data}])


LOOP_DATABASE = os.path.join(ROOT, "Tests", "HabitInteropTests", "Fixtures", "detect-loop-v12.db")


def slow_reading(page):
    """Each file takes a second to read, so the bar's moment on screen can be seen."""
    page.evaluate("""() => {
      const read = Blob.prototype.arrayBuffer;
      Blob.prototype.arrayBuffer = function () {
        return new Promise((resolve) => setTimeout(resolve, 1000)).then(() => read.call(this));
      };
    }""")


def slow_uploads(page):
    """Each upload starts a second late, so the bar's moment on screen can be seen."""
    page.evaluate("""() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) { setTimeout(() => send.call(this, body), 1000); };
    }""")


def server_titles(page, server):
    return sorted(habit["title"] for habit in page.request.get(server + "/api/v1/export").json()["habits"])


def import_loop(page):
    choose(page, "export.zip", loop_zip())
    expect(page.locator("#import-preview li")).to_have_text(PREVIEW)
    expect(page.locator("#import-confirm")).to_have_text("Import 2 habits")
    page.locator("#import-confirm").click()
    expect(page.locator("#import-result")).to_contain_text("Imported: 2 habits added")


def test_a_loop_export_is_previewed_imported_and_its_habits_appear(server, phone):
    page = phone.new_page()
    open_app(page, server)
    sign_up(page)
    expect(page.locator("#data-title")).to_have_text("Your data")
    slow_reading(page)
    choose(page, "export.zip", loop_zip())
    expect(page.get_by_role("status").filter(has_text="Reading export.zip…")).to_be_visible()
    expect(page.locator("#import-progress")).to_be_visible()
    expect(page.locator("#import-preview li")).to_have_text(PREVIEW)
    expect(page.locator("#import-progress")).to_have_count(0)
    # Nothing is written before the confirmation.
    assert page.request.get(server + "/api/v1/export").json()["habits"] == []
    page.locator("#import-confirm").click()
    expect(page.locator("#import-result")).to_have_text(
        "Imported: 2 habits added, 0 updated, 0 deleted, 10 days written.")
    # Imported here, then synced like any edit.
    expect(page.locator("#pending")).to_have_text("0")
    assert server_titles(page, server) == ["Meditate", "Wake up early"]
    page.get_by_role("button", name="Habits", exact=True).click()
    expect(page.locator("#main")).to_contain_text("Meditate")
    page.get_by_role("button", name="All habits").click()
    expect(page.locator("#main")).to_contain_text("Meditate")
    expect(page.locator("#main")).to_contain_text("Wake up early")


def test_replacing_says_what_it_deletes_before_it_does(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Read")
    sign_up(page)
    page.get_by_role("button", name="Replace everything").click()
    choose(page, "export.zip", loop_zip())
    expect(page.locator("#import-preview")).to_contain_text(
        "1 habit here that the file does not hold will be deleted")
    confirm = page.locator("#import-confirm")
    expect(confirm).to_have_text("Replace everything and delete 1 habit")
    expect(confirm).to_have_class("danger primary")
    # Adding instead counts the file again, and deletes nothing.
    page.get_by_role("button", name="Add to what I have").click()
    expect(page.locator("#import-confirm")).to_have_text("Import 2 habits")
    expect(page.locator("#import-preview")).not_to_contain_text("deleted")


def test_replacing_says_which_days_it_overwrites_or_erases_and_counts_them(server, phone):
    """Issue 26, loss 4: replacing with a file erased today's check-in while the preview said
    "No habit here is deleted" and the result "0 days written"."""
    page = phone.new_page()
    open_app(page, server)
    page.get_by_role("button", name="Account").click()
    import_loop(page)
    page.get_by_role("button", name="Habits", exact=True).click()
    card(page, "Meditate").get_by_role("button", name=re.compile("Mark done")).click()
    page.get_by_role("button", name="Account").click()
    page.get_by_role("button", name="Replace everything").click()
    choose(page, "export.zip", loop_zip())
    expect(page.locator("#import-preview")).to_contain_text("No habit here is deleted")
    expect(page.locator("#import-preview")).to_contain_text(
        "1 day here that the file holds differently or not at all will be overwritten or erased")
    page.locator("#import-confirm").click()
    expect(page.locator("#import-result")).to_contain_text("1 day emptied.")
    page.get_by_role("button", name="Habits", exact=True).click()
    expect(card(page, "Meditate").get_by_role("button", name=re.compile("Mark done"))).to_be_visible()


def test_a_bad_file_says_why_and_changes_nothing(server, phone):
    page = phone.new_page()
    open_app(page, server)
    sign_up(page)
    with open(os.path.join(LOOP, "Checkmarks.csv"), "rb") as file:
        broken = file.read().replace(b"2015-01-24", b"2015-02-30")
    choose(page, "Checkmarks.csv", broken, "text/csv")
    expect(page.locator("#import-error")).to_contain_text("Checkmarks.csv, line 3")
    expect(page.locator("#import-preview")).to_have_count(0)
    # The chooser is back for another file, and the account holds nothing new.
    expect(page.locator("#import-file")).to_be_visible()
    assert page.request.get(server + "/api/v1/export").json()["habits"] == []
    choose(page, "notes.txt", b"hello", "text/plain")
    expect(page.locator("#import-error")).to_contain_text("notes.txt")
    # Over the server's 100 MB: refused before the upload, in the same words as the server's 413.
    page.evaluate("""() => {
      const input = document.getElementById("import-file");
      const files = new DataTransfer();
      files.items.add(new File([new Uint8Array(100_000_001)], "huge.zip"));
      input.files = files.files;
      input.dispatchEvent(new Event("change"));
    }""")
    expect(page.locator("#import-error")).to_have_text(
        "huge.zip is larger than 100 MB; HabitFlow imports files up to that size.")
    expect(page.locator("#import-file")).to_be_visible()


def test_the_downloads_hold_the_imported_habits_and_this_devices_latest_change(server, phone):
    page = phone.new_page()
    open_app(page, server)
    sign_up(page)
    import_loop(page)
    # Added here and downloaded at once: the download syncs first.
    page.get_by_role("button", name="Habits", exact=True).click()
    add_habit(page, "Stretch")
    page.get_by_role("button", name="Account").click()
    with page.expect_download() as info:
        page.locator("#export-json").click()
    with open(info.value.path(), encoding="utf-8") as file:
        backup = json.load(file)
    assert backup["format"] == "habitflow-backup"
    titles = sorted(habit["title"] for habit in backup["habits"])
    assert titles == ["Meditate", "Stretch", "Wake up early"]
    with page.expect_download() as info:
        page.locator("#export-csv").click()
    with open(info.value.path(), encoding="utf-8") as file:
        csv = file.read()
    assert "Wake up early" in csv and "2015-01-25" in csv


def test_signed_out_and_offline_files_import_and_download_here_and_a_database_says_why(server, phone):
    page = phone.new_page()
    open_app(page, server)
    page.get_by_role("button", name="Account").click()
    expect(page.locator("#import-file")).to_be_visible()
    # Offline after a reload: the service worker brings the app and its data module back.
    go_offline(phone, page)
    page.reload()
    expect(page.locator("#main")).to_be_visible()
    page.get_by_role("button", name="Account").click()
    import_loop(page)
    with page.expect_download() as info:
        page.locator("#export-json").click()
    with open(info.value.path(), encoding="utf-8") as file:
        assert sorted(h["title"] for h in json.load(file)["habits"]) == ["Meditate", "Wake up early"]
    with open(LOOP_DATABASE, "rb") as file:
        choose(page, "loop.db", file.read(), "application/octet-stream")
    expect(page.locator("#import-error")).to_contain_text("read on the server")
    expect(page.locator("#import-file")).to_be_visible()
    page.get_by_role("button", name="Habits", exact=True).click()
    page.get_by_role("button", name="All habits").click()
    expect(page.locator("#main")).to_contain_text("Wake up early")
    go_online(phone, page)


def test_signed_in_and_online_a_loop_database_goes_to_the_server_with_a_progress_bar(server, phone):
    page = phone.new_page()
    open_app(page, server)
    sign_up(page)
    slow_uploads(page)
    with open(LOOP_DATABASE, "rb") as file:
        choose(page, "loop.db", file.read(), "application/octet-stream")
    expect(page.locator("#import-progress")).to_be_visible()
    expect(page.locator("#import-preview")).to_be_visible()
    count = page.locator("#import-confirm").inner_text()
    page.locator("#import-confirm").click()
    expect(page.locator("#import-result")).to_contain_text("Imported:")
    # The server imported it; the next sync brings the habits here.
    titles = server_titles(page, server)
    assert titles and count.startswith("Import ")
    page.get_by_role("button", name="Habits", exact=True).click()
    page.get_by_role("button", name="All habits").click()
    expect(page.locator("#main")).to_contain_text(titles[0])


def test_without_the_data_module_the_panel_says_how_to_get_it_and_recovers(server, browser):
    # No service worker, so the page's own fetch of the module can be cut.
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.route("**/data.wasm", lambda route: route.abort())
    page.goto(server)
    page.get_by_role("button", name="Skip").click()
    # Account opens in the whole app (the on-demand module); without it, the panel says why.
    page.get_by_role("button", name="Account").click()
    expect(page.locator(".panel.data")).to_contain_text("once this device has been online")
    expect(page.locator("#import-file")).to_have_count(0)
    # The account's forms are the whole app's too (each needs the server): the page says so.
    expect(page.locator("#main")).to_contain_text("Signing in and signing up open once")
    expect(page.locator("#account-submit")).to_have_count(0)
    # Once it can be fetched, Account opens with the panel and the same file imports.
    page.unroute("**/data.wasm")
    page.get_by_role("button", name="Habits", exact=True).click()
    page.get_by_role("button", name="Account").click()
    expect(page.locator("#account-submit")).to_be_visible()
    import_loop(page)
    context.close()


TRAPPING_DATA_MODULE = """(() => {
  // The next "Your data" request stops the module as a trap would (out of memory, a bug).
  const instantiate = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    const result = await instantiate(response, imports);
    if (!response.url.endsWith("/data.wasm")) return result;
    const exports = { ...result.instance.exports };
    exports.hf_data = (...args) => {
      // The request runs (an import is applied in the module's memory), then the module stops.
      const length = result.instance.exports.hf_data(...args);
      if (window.trapNextRequest) {
        window.trapNextRequest = false;
        throw new WebAssembly.RuntimeError("unreachable");
      }
      return length;
    };
    return { module: result.module, instance: { exports } };
  };
})();"""


def test_a_module_that_stops_on_a_file_starts_again_from_what_is_stored_and_says_why(server, phone):
    page = phone.new_page()
    page.add_init_script(TRAPPING_DATA_MODULE)
    open_app(page, server)
    page.get_by_role("button", name="Account").click()
    import_loop(page)
    # A habit added just before, still waiting to be saved, survives the restart too.
    page.get_by_role("button", name="Habits", exact=True).click()
    add_habit(page, "Stretch")
    page.get_by_role("button", name="Account").click()
    choose(page, "long.zip", large_loop_zip())
    expect(page.locator("#import-confirm")).to_have_text("Import 3 habits")
    # The module applies the import in its memory, then stops before answering.
    page.evaluate("window.trapNextRequest = true")
    page.locator("#import-confirm").click()
    expect(page.locator("#import-error")).to_have_text(
        "long.zip could not be read here (unreachable). Nothing was changed.")
    # The app started again from what is stored, on the same panel, and works; nothing of the
    # half-made import was shown, saved or kept.
    choose(page, "export.zip", loop_zip())
    expect(page.locator("#import-preview li").first).to_have_text(
        "2 habits in the file: 0 new, 2 already here (updated)")
    page.get_by_role("button", name="Habits", exact=True).click()
    page.get_by_role("button", name="All habits").click()
    for title in ["Meditate", "Wake up early", "Stretch"]:
        expect(page.locator("#main")).to_contain_text(title)
    expect(page.locator("#main")).not_to_contain_text("Long 0")
    page.reload()
    page.get_by_role("button", name="All habits").click()
    expect(page.locator("#main")).to_contain_text("Stretch")
    expect(page.locator("#main")).not_to_contain_text("Long 0")


def large_loop_zip(habits=3, days=400):
    """A Loop export large enough (over a thousand days) to be saved as the whole replica: every
    habit done on every day up to today, newest first as Loop writes it."""
    from datetime import date, timedelta
    names = [f"Long {index}" for index in range(habits)]
    rows = ["Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,"
            "Target Type,Target Value,Archived?"]
    rows += [f"{index + 1:03d},{name},YES_NO,,,1,1,#00897B,,,,false" for index, name in enumerate(names)]
    lines = ["Date," + ",".join(names) + ","]
    for offset in range(days):
        lines.append((date.today() - timedelta(days=offset)).isoformat() + ",2" * habits + ",")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Habits.csv", "\n".join(rows) + "\n")
        archive.writestr("Checkmarks.csv", "\n".join(lines) + "\n")
    return buffer.getvalue()


STORED_BASE = """() => new Promise((resolve, reject) => {
  const open = indexedDB.open("habitflow");
  open.onsuccess = () => {
    const request = open.result.transaction("state").objectStore("state").get("base");
    request.onsuccess = () => resolve(request.result ? request.result.fields.length : 0);
    request.onerror = () => reject(request.error);
  };
  open.onerror = () => reject(open.error);
})"""


def test_a_large_import_is_taken_whole_stored_once_and_read_back_after_a_tap_and_a_reload(server, phone):
    page = phone.new_page()
    open_app(page, server)
    sign_up(page)
    choose(page, "export.zip", large_loop_zip())
    expect(page.locator("#import-confirm")).to_have_text("Import 3 habits")
    page.locator("#import-confirm").click()
    expect(page.locator("#import-result")).to_contain_text("3 habits added")
    expect(page.locator("#import-result")).to_contain_text("1200 days written")
    saved(page)
    # The whole replica is one stored record, each change written once.
    assert page.evaluate(STORED_BASE) > 100_000
    # A tap after the import is written on top of it, and both survive a reload.
    page.get_by_role("button", name="Habits", exact=True).click()
    card(page, "Long 1").get_by_role("button", name="Mark not done: Long 1").click()
    saved(page)
    page.reload()
    expect(card(page, "Long 0")).to_contain_text("400 days")
    expect(card(page, "Long 1").get_by_role("button", name="Mark done: Long 1")).to_be_visible()
    # And it all syncs: the server holds the three habits.
    page.get_by_role("button", name="Account").click()
    expect(page.locator("#pending")).to_have_text("0", timeout=60_000)
    assert server_titles(page, server) == ["Long 0", "Long 1", "Long 2"]
