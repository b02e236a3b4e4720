"""The web app as people use it, in Chromium."""
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from helpers import (add_habit, card, card_titles, go_offline, go_online, open_app, saved, sign_in, sign_up,
                     wait_synced)


def test_a_newcomers_path(server, phone):
    page = phone.new_page()
    page.goto(server)
    expect(page.get_by_role("heading", name="Build habits that last")).to_be_visible()
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Get started").click()
    expect(page.get_by_text("No habits yet")).to_be_visible()

    add_habit(page, "Read")
    add_habit(page, "Water", measure="count", target="2")
    add_habit(page, "Run", measure="quantity", target="5", unit="km")
    assert card_titles(page) == ["Read", "Water", "Run"]

    card(page, "Read").get_by_role("button", name=re.compile("Mark done")).click()
    expect(card(page, "Read")).to_have_class(re.compile("done"))
    assert card_titles(page) == ["Read", "Water", "Run"], "a done habit keeps its place"
    expect(card(page, "Read")).to_contain_text("1 day")
    card(page, "Water").get_by_role("button", name=re.compile("Add 1")).click()
    expect(card(page, "Water")).to_contain_text("1/2")
    card(page, "Water").get_by_role("button", name=re.compile("Add 1")).click()
    expect(card(page, "Water")).to_have_class(re.compile("done"))
    card(page, "Run").locator("input").fill("5.5")
    card(page, "Run").get_by_role("button", name="Log").click()
    expect(card(page, "Run")).to_contain_text("5.5/5 km")

    card(page, "Read").locator(".card-open").click()
    expect(page.get_by_text("Current streak")).to_be_visible()
    page.get_by_role("button", name="Edit").click()
    page.locator("#title").fill("Read a book")
    page.locator("#save").click()
    expect(card(page, "Read a book")).to_be_visible()

    card(page, "Run").locator(".card-open").click()
    page.get_by_role("button", name="Delete").click()
    expect(page.get_by_text("Are you sure you want to delete Run?")).to_be_visible()
    page.locator("#dialog-confirm").click()
    expect(card(page, "Run")).to_have_count(0)

    saved(page)
    page.reload()
    expect(card(page, "Read a book")).to_be_visible()
    assert sorted(card_titles(page)) == ["Read a book", "Water"]
    expect(card(page, "Water")).to_contain_text("2/2")


def test_invalid_input_is_explained_and_nothing_is_saved(server, phone):
    page = phone.new_page()
    open_app(page, server)
    page.get_by_role("button", name="Add a habit").first.click()
    save = page.locator("#save")
    expect(save).to_be_disabled()
    page.locator("#title").fill("x")
    page.locator("#title").fill("")
    expect(page.get_by_text("Give your habit a name.")).to_be_visible()
    expect(page.get_by_text("Choose a category for your habit.")).to_be_visible()
    page.locator("#title").fill("a" * 39)
    expect(page.locator("#title-help")).to_contain_text("at most 38 characters; this one has 39")
    page.locator("#category").select_option(label="Health")
    save.click()
    expect(page.get_by_role("alertdialog")).to_contain_text("The name can be at most 38 characters")
    page.get_by_role("button", name="OK").click()
    page.locator("#title").fill("🏃" * 38)
    expect(page.locator("#title-help")).to_have_text("38/38")
    page.locator("#category").select_option("")
    expect(save).to_be_disabled()
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_text("No habits yet")).to_be_visible()


def test_offline_changes_survive_a_reload_and_sync_when_back(server, browser):
    first = browser.new_context(viewport={"width": 390, "height": 844})
    page = first.new_page()
    open_app(page, server)
    email = sign_up(page)
    page.get_by_role("button", name="Habits").click()
    go_offline(first, page)
    expect(page.get_by_role("status")).to_contain_text("Offline — your changes are saved on this device")
    add_habit(page, "Meditate")
    card(page, "Meditate").get_by_role("button", name=re.compile("Mark done")).click()
    saved(page)
    page.reload()
    expect(card(page, "Meditate")).to_have_class(re.compile("done"))
    go_online(first, page)
    wait_synced(page)

    second = browser.new_context(viewport={"width": 1280, "height": 800})
    other = second.new_page()
    open_app(other, server)
    sign_in(other, email)
    other.get_by_role("button", name="Habits").click()
    expect(card(other, "Meditate")).to_have_class(re.compile("done"))
    first.close()
    second.close()


def test_two_devices_editing_offline_merge_without_losing_anything(server, browser):
    one = browser.new_context()
    two = browser.new_context()
    a = one.new_page()
    b = two.new_page()
    open_app(a, server)
    email = sign_up(a)
    a.get_by_role("button", name="Habits").click()
    add_habit(a, "Stretch", measure="count", target="5")
    wait_synced(a)
    open_app(b, server)
    sign_in(b, email)
    b.get_by_role("button", name="Habits").click()
    expect(card(b, "Stretch")).to_be_visible()

    one.set_offline(True)
    two.set_offline(True)
    a.evaluate("window.dispatchEvent(new Event('offline'))")
    b.evaluate("window.dispatchEvent(new Event('offline'))")
    a.get_by_role("button", name="Habits").click()
    card(a, "Stretch").get_by_role("button", name=re.compile("Add 1")).click()
    card(a, "Stretch").locator(".card-open").click()
    a.get_by_role("button", name="Edit").click()
    a.locator("#title").fill("Stretch daily")
    a.locator("#save").click()
    for _ in range(2):
        card(b, "Stretch").get_by_role("button", name=re.compile("Add 1")).click()

    one.set_offline(False)
    two.set_offline(False)
    a.evaluate("window.dispatchEvent(new Event('online'))")
    b.evaluate("window.dispatchEvent(new Event('online'))")
    wait_synced(a)
    wait_synced(b)
    wait_synced(a)
    for page in (a, b):
        page.get_by_role("button", name="Habits").click()
        # The rename (one device) and every tap (both devices) survive: 1 + 2 taps.
        expect(card(page, "Stretch daily")).to_contain_text("3/5")
    one.close()
    two.close()


def test_main_screens_have_no_serious_accessibility_violations(server, phone):
    page = phone.new_page()
    axe = Axe()

    def check(name):
        results = axe.run(page)
        serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert not serious, f"{name}: " + "; ".join(f"{v['id']}: {v['help']} {[n['html'][:80] for n in v['nodes'][:4]]}" for v in serious)

    page.goto(server)
    expect(page.get_by_role("heading", name="Build habits that last")).to_be_visible()
    check("onboarding")
    page.get_by_role("button", name="Skip").click()
    check("empty main screen")
    add_habit(page, "Read")
    card(page, "Read").get_by_role("button", name=re.compile("Mark done")).click()
    check("main screen")
    page.get_by_role("button", name="Add a habit").first.click()
    check("editor")
    page.get_by_role("button", name="Cancel").click()
    card(page, "Read").locator(".card-open").click()
    check("detail")
    page.get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Statistics").click()
    check("statistics")
    page.get_by_role("button", name="Account").click()
    check("account")


def test_the_first_load_stays_within_its_budget(server, phone):
    """DESIGN.md's budget for everything a first visit downloads, as sent (gzip): 250,000 bytes."""
    page = phone.new_page()
    sizes = {}
    page.on("requestfinished",
            lambda request: sizes.__setitem__(request.url, request.sizes()["responseBodySize"]))
    open_app(page, server, skip_onboarding=False)
    page.wait_for_timeout(500)
    assert any(url.endswith("/app.wasm") for url in sizes), sizes
    total = sum(sizes.values())
    assert total < 250_000, f"the first load is {total:,} bytes: {sizes}"
