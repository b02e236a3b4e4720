"""Account → Your data: a Loop export is chosen, uploaded with a progress bar, previewed in
words, imported on confirmation and shows up on the Habits screen; a bad file is refused with the
server's message and changes nothing; the backup and the CSV download with the imported habits
and this device's latest change."""
import io
import json
import os
import zipfile

from playwright.sync_api import expect

from helpers import add_habit, go_offline, open_app, sign_up

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


def loop_zip():
    """The export as Loop writes it: the folder zipped."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for folder, _, files in os.walk(LOOP):
            for name in sorted(files):
                path = os.path.join(folder, name)
                archive.write(path, os.path.relpath(path, LOOP))
    return buffer.getvalue()


def choose(page, name, data, mime="application/zip"):
    page.locator("#import-file").set_input_files(files=[{"name": name, "mimeType": mime, "buffer": data}])


def slow_uploads(page):
    """Each upload starts a second late, so the bar's moment on screen can be seen."""
    page.evaluate("""() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) { setTimeout(() => send.call(this, body), 1000); };
    }""")


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
    slow_uploads(page)
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


def test_a_bad_file_shows_the_servers_message_and_changes_nothing(server, phone):
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


def test_signed_out_or_offline_the_panel_says_import_needs_the_server(server, phone):
    page = phone.new_page()
    open_app(page, server)
    page.get_by_role("button", name="Account").click()
    expect(page.locator("#data-unavailable")).to_have_text(
        "Importing and exporting need the server for now: sign in first.")
    expect(page.locator("#import-file")).to_have_count(0)
    page.get_by_role("button", name="Habits", exact=True).click()
    sign_up(page)
    expect(page.locator("#import-file")).to_be_visible()
    # After the first sync, whose answer would say the server is reachable.
    expect(page.locator("#last-synced")).to_have_text("just now")
    go_offline(phone, page)
    expect(page.locator("#data-unavailable")).to_contain_text("You are offline.")
    expect(page.locator("#export-json")).to_have_count(0)
