"""The account screen: readable in both themes, honest about syncing, and in the person's hands
(change the password, delete the account, see what waits to sync)."""
import datetime
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from helpers import add_habit, card, go_offline, open_app, saved, sign_in, sign_up, wait_synced

TODAY = datetime.date.today()


def violations(page):
    results = Axe().run(page)
    return [f"{v['id']}: {v['help']} {[n['html'][:100] for n in v['nodes'][:3]]}"
            for v in results.response["violations"]]


def test_account_is_readable_in_both_themes(server, phone):
    page = phone.new_page()
    open_app(page, server)
    page.get_by_role("button", name="Account").click()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert violations(page) == [], f"signed out, {scheme}"
    page.get_by_role("button", name="Habits", exact=True).click()
    sign_up(page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        expect(page.get_by_role("button", name="Sync now")).to_be_visible()
        # Found and read in one task: a sync answer may replace the screen between two steps.
        colors = page.evaluate("""() => {
          const b = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Sync now');
          const s = getComputedStyle(b);
          return [s.color, s.backgroundColor];
        }""")
        assert colors[0] != colors[1], colors
        assert violations(page) == [], scheme
    page.locator("#delete-account").click()
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert violations(page) == [], f"delete question, {scheme}"


def test_last_synced_survives_an_offline_reload(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_app(page, server)
    sign_up(page)
    page.get_by_role("button", name="Habits").click()
    add_habit(page, "Read")
    wait_synced(page)
    expect(page.locator("#last-synced")).to_have_text("just now")
    saved(page)
    go_offline(context, page)
    page.reload()
    page.get_by_role("button", name="Account").click()
    expect(page.locator("#last-synced")).to_have_text("just now")
    context.close()


def test_waiting_changes_are_listed_in_words(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_app(page, server)
    sign_up(page)
    page.get_by_role("button", name="Habits").click()
    go_offline(context, page)
    add_habit(page, "Read")
    card(page, "Read").get_by_role("button", name=re.compile("Mark done")).click()
    page.get_by_role("button", name="Account").click()
    waiting = page.locator("#waiting")
    expect(waiting).to_contain_text(f"Checked in Read on {TODAY.day} {TODAY.strftime('%b')}")
    expect(waiting).to_contain_text("Saved Read")
    assert "value" not in waiting.inner_text()
    context.set_offline(False)
    wait_synced(page)
    expect(waiting).to_have_text("Everything is synced.")
    context.close()


def test_changing_the_password_explains_refusals_next_to_the_fields(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_app(page, server)
    email = sign_up(page)
    page.locator("#current-password").fill("not my password")
    page.locator("#new-password").fill("a brand new secret")
    page.locator("#change-password").click()
    expect(page.locator("#current-password-help")).to_have_text("The current password is not right.")
    expect(page.locator("#current-password")).to_have_attribute("aria-describedby", "current-password-help")
    page.locator("#current-password").fill("correct horse battery")
    page.locator("#new-password").fill("short")
    page.locator("#change-password").click()
    expect(page.locator("#new-password-help")).to_contain_text("at least")
    expect(page.locator("#current-password-help")).to_have_count(0)
    page.locator("#current-password").fill("correct horse battery")
    page.locator("#new-password").fill("a brand new secret")
    page.locator("#change-password").click()
    expect(page.locator("#app").get_by_text("Your password is changed.")).to_be_visible()
    context.close()

    other = browser.new_context()
    second = other.new_page()
    open_app(second, server)
    sign_in(second, email, password="a brand new secret")
    other.close()


def test_deleting_the_account_asks_for_the_password_and_forgets_everything(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_app(page, server)
    email = sign_up(page)
    page.get_by_role("button", name="Habits").click()
    add_habit(page, "Read")
    wait_synced(page)
    page.locator("#delete-account").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Delete account")
    expect(dialog).to_contain_text("Are you sure you want to delete your account?")
    expect(page.locator("#delete-password")).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    page.locator("#delete-account").click()
    page.locator("#delete-password").fill("wrong password")
    page.locator("#dialog-confirm").click()
    expect(page.locator("#delete-password-help")).to_have_text("The current password is not right.")
    page.locator("#delete-password").fill("correct horse battery")
    page.locator("#dialog-confirm").click()
    # The page starts over, empty and signed out.
    expect(page.get_by_text("No habits yet")).to_be_visible(timeout=10000)
    page.get_by_role("button", name="Account").click()
    expect(page.get_by_text("You are not signed in.")).to_be_visible()
    page.locator("#email").fill(email)
    page.locator("#password").fill("correct horse battery")
    page.locator("#account-submit").click()
    expect(page.get_by_role("alert")).to_be_visible()
    expect(page.get_by_text("Signed in as")).to_have_count(0)
    context.close()
