"""A tap repaints what it changed: the other cards stay the same elements, focus stays on the
button pressed, and a reordered list is moved in place, matching a fresh render."""
from playwright.sync_api import expect

from helpers import add_habit, card, card_titles, open_app


def test_a_tap_replaces_one_card_and_keeps_the_focus(server, phone):
    page = phone.new_page()
    open_app(page, server)
    for title in ["Read", "Walk", "Stretch"]:
        add_habit(page, title)
    page.evaluate("document.querySelectorAll('.card').forEach((card, index) => { card.dataset.mark = index; })")
    button = card(page, "Walk").locator(".check")
    button.focus()
    page.keyboard.press("Space")
    expect(card(page, "Walk")).to_have_class("card done")
    marks = page.evaluate("[...document.querySelectorAll('.card')].map((card) => card.dataset.mark || null)")
    assert marks == ["0", None, "2"], "only the tapped card is new"
    focused = page.evaluate("[document.activeElement.dataset.action, document.activeElement.closest('.card').textContent]")
    assert focused[0] == "tap" and "Walk" in focused[1], "focus stays on the button pressed"
    page.keyboard.press("Space")
    expect(card(page, "Walk")).not_to_have_class("card done")


def test_a_reordered_list_is_moved_in_place(server, phone):
    page = phone.new_page()
    open_app(page, server)
    for title in ["Read", "Walk", "Stretch"]:
        add_habit(page, title)
    stretch = card(page, "Stretch").locator(".card-open").get_attribute("data-arg")
    answer = page.evaluate("(id) => window.habitflow.dispatch({t: 'event', name: 'move', arg: id, value: '0'})", stretch)
    assert "html" not in answer and answer.get("moves"), "a move, not a whole page"
    assert card_titles(page) == ["Stretch", "Read", "Walk"]
    page.evaluate("window.habitflow.dispatch({t: 'render'})")
    assert card_titles(page) == ["Stretch", "Read", "Walk"]


def test_a_status_in_a_replaced_region_is_still_announced(server, phone):
    """A new live region is not read out, so the one outside the app repeats a changed status."""
    page = phone.new_page()
    open_app(page, server)
    assert page.locator("#app").get_attribute("aria-live") is None, "the whole app is not one live region"
    page.get_by_role("button", name="Add a habit").first.click()
    page.locator("#title").fill("Piano")
    page.locator("#category").select_option(label="Health")
    page.locator("#start").fill("2027-01-10")
    page.locator("#save").click()
    expect(page.locator("#announce")).to_contain_text("Next due")
