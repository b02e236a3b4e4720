"""Steps a person takes, written once for every browser test."""
import uuid

from playwright.sync_api import Page, expect


def open_app(page: Page, url: str, skip_onboarding: bool = True):
    page.goto(url)
    expect(page.locator("#main")).to_be_visible()
    if skip_onboarding and page.get_by_role("button", name="Skip").count():
        page.get_by_role("button", name="Skip").click()
    page.evaluate("navigator.serviceWorker && navigator.serviceWorker.ready")


def start_habit(page: Page, title: str, category: str = "Health", fields: dict | None = None):
    """Opens the editor for a new habit and fills its title, category and `fields` (a select's
    value is chosen, a text field's typed), in order, without saving."""
    page.get_by_role("button", name="Add a habit").first.click()
    page.locator("#title").fill(title)
    page.locator("#category").select_option(label=category)
    for selector, value in (fields or {}).items():
        field = page.locator(selector)
        if field.evaluate("element => element.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def add_habit(page: Page, title: str, category: str = "Health", measure: str | None = None,
              target: str | None = None, unit: str | None = None, start: str | None = None,
              fields: dict | None = None):
    start_habit(page, title, category, fields)
    if measure == "count":
        page.locator("#measureKind").select_option("count")
        page.locator("#countTarget").fill(target or "2")
    elif measure == "quantity":
        page.locator("#measureKind").select_option("quantity")
        page.locator("#quantityTarget").fill(target or "2")
        page.locator("#unit").fill(unit or "l")
    if start:
        page.locator("#start").fill(start)
    page.locator("#save").click()
    expect(page.locator(".sheet")).to_have_count(0)
    expect(page.locator(".card", has_text=title)).to_be_visible()


def saved(page: Page):
    """Waits until every change is stored in the browser (IndexedDB)."""
    page.evaluate("window.habitflow.idle()")


def card(page: Page, title: str):
    return page.locator(".card", has_text=title)


def card_titles(page: Page):
    return page.locator(".card .title").all_inner_texts()


def sign_up(page: Page, email: str | None = None, password: str = "correct horse battery"):
    email = email or f"web-{uuid.uuid4().hex[:10]}@example.com"
    page.get_by_role("button", name="Account").click()
    page.get_by_role("button", name="Create account").click()
    page.locator("#email").fill(email)
    page.locator("#password").fill(password)
    page.locator("#account-submit").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()
    return email


def sign_in(page: Page, email: str, password: str = "correct horse battery"):
    page.get_by_role("button", name="Account").click()
    page.locator("#email").fill(email)
    page.locator("#password").fill(password)
    page.locator("#account-submit").click()
    expect(page.get_by_text("Signed in as")).to_be_visible()


def wait_synced(page: Page):
    page.get_by_role("button", name="Account").click()
    page.get_by_role("button", name="Sync now").click()
    expect(page.locator("#pending")).to_have_text("0")


def go_offline(context, page):
    """Cuts the network and tells the page, as the browser does."""
    context.set_offline(True)
    page.evaluate("window.dispatchEvent(new Event('offline'))")


def go_online(context, page):
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
