"""Every mistake fixable: taking a tap back, correcting a total, skipping and pausing days, notes,
and the bugs that made mistakes easy (a squeezed card, Escape and focus in the delete question,
errors far from their fields, a start date past its limit)."""
import datetime
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from helpers import add_habit, card, open_app, saved

TODAY = datetime.date.today()
LONG_TITLE = "Drink water with lemon every morning!!"


def add_started(page, title, days_ago, measure=None, target=None, unit=None):
    """Adds a daily habit that started `days_ago` days ago, so past days can be marked."""
    add_habit(page, title, measure=measure, target=target, unit=unit,
              start=(TODAY - datetime.timedelta(days=days_ago)).isoformat())


def day_button(page, days_ago):
    day = TODAY - datetime.timedelta(days=days_ago)
    return page.locator(f".heatmap button[data-arg='{day.isoformat()}']")


def choose_day(page, days_ago):
    """Chooses a day in the open detail's calendar, going back a month when it is in the last."""
    day = TODAY - datetime.timedelta(days=days_ago)
    if day.month != TODAY.month:
        page.get_by_role("button", name="Previous month").click()
    day_button(page, days_ago).click()
    expect(page.locator("#day-title")).to_contain_text(str(day.day))


def no_overflow(page):
    """Every element of every card fits its card's box: nothing clipped, nothing spilling."""
    return page.evaluate("""() => {
      const bad = [];
      for (const card of document.querySelectorAll('.card')) {
        const box = card.getBoundingClientRect();
        for (const el of [card, ...card.querySelectorAll('*')]) {
          const r = el.getBoundingClientRect();
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).display !== 'inline')
            bad.push(`${el.className || el.tagName} scrolls ${el.scrollWidth}>${el.clientWidth}`);
          if (r.width && (r.left < box.left - 1 || r.right > box.right + 1))
            bad.push(`${el.className || el.tagName} spills ${r.left}-${r.right} of ${box.left}-${box.right}`);
        }
      }
      return bad;
    }""")


def test_a_long_quantity_card_keeps_its_title_readable(server, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_app(page, server)
    add_habit(page, LONG_TITLE, measure="quantity", target="1500", unit="millilitres")
    add_habit(page, "Push-ups for a stronger back every day", measure="count", target="1000000")
    add_habit(page, "Read", measure=None)
    title = card(page, LONG_TITLE).locator(".title")
    # The title keeps most of the card's width: words, not one letter per line.
    assert title.bounding_box()["width"] > 200
    assert card(page, LONG_TITLE).bounding_box()["height"] < 200
    # The streak reads on one line ("🔥 0 days", not "🔥 0" over "days").
    sub = card(page, "Read").locator(".sub")
    assert sub.bounding_box()["height"] < 30
    for _ in range(3):
        card(page, "Push-ups").get_by_role("button", name=re.compile("Add 1")).click()
    card(page, LONG_TITLE).locator("input").fill("999999")
    card(page, LONG_TITLE).get_by_role("button", name="Log").click()
    for width in (320, 390, 768, 1280):
        for scheme in ("light", "dark"):
            page.set_viewport_size({"width": width, "height": 900})
            page.emulate_media(color_scheme=scheme)
            assert no_overflow(page) == [], f"{width} px, {scheme}"
            assert card(page, LONG_TITLE).locator(".title").bounding_box()["width"] > 150, width
    context.close()


def test_escape_closes_only_the_delete_question_and_focus_starts_on_cancel(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Read")
    card(page, "Read").locator(".card-open").click()
    page.locator(".detail").get_by_role("button", name="Delete").click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("Are you sure you want to delete Read?")
    expect(page.locator("#dialog-cancel")).to_be_focused()
    # Enter on the first focus keeps the habit.
    page.keyboard.press("Enter")
    expect(dialog).to_have_count(0)
    expect(page.locator(".detail")).to_be_visible()
    page.locator(".detail").get_by_role("button", name="Delete").click()
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator(".detail")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".detail")).to_have_count(0)
    expect(card(page, "Read")).to_be_visible()


def test_category_errors_show_next_to_the_field(server, phone):
    page = phone.new_page()
    open_app(page, server)
    page.get_by_role("button", name="Add a habit").first.click()
    page.locator("#new-category").fill("Health")
    page.get_by_role("button", name="Add category").click()
    message = page.locator("#category-message")
    expect(message).to_have_text('You already have a category called "Health".')
    expect(message).to_have_attribute("role", "alert")
    expect(page.locator("#new-category")).to_have_attribute("aria-describedby", "category-message")
    expect(page.locator(".notice")).to_have_count(0)
    # Inside the editor, next to the field.
    assert page.locator(".sheet #category-message").count() == 1
    page.locator("#new-category").fill("x" * 40)
    expect(message).to_have_count(0)
    page.get_by_role("button", name="Add category").click()
    expect(message).to_contain_text("A category name can be at most")
    # The seed's question for deleting a category, as for a habit.
    page.locator("#new-category").fill("Garden")
    page.get_by_role("button", name="Add category").click()
    page.get_by_role("button", name="Delete category").click()
    expect(page.get_by_role("alertdialog")).to_contain_text("Delete Garden")
    expect(page.get_by_role("alertdialog")).to_contain_text("Are you sure you want to delete Garden?")
    expect(page.locator("#dialog-cancel")).to_be_focused()
    page.locator("#dialog-confirm").click()
    expect(page.locator("#category option", has_text="Garden")).to_have_count(0)


def test_a_start_more_than_a_year_ahead_is_refused_next_to_the_field(server, phone):
    page = phone.new_page()
    open_app(page, server)
    page.get_by_role("button", name="Add a habit").first.click()
    page.locator("#title").fill("Plan ahead")
    page.locator("#category").select_option(label="Health")
    late = (TODAY + datetime.timedelta(days=400)).isoformat()
    page.locator("#start").fill(late)
    help_text = page.locator("#start-help")
    expect(help_text).to_contain_text("A habit can start between")
    expect(help_text).to_have_attribute("role", "alert")
    expect(page.locator("#start")).to_have_attribute("aria-invalid", "true")
    page.locator("#save").click()
    expect(page.get_by_role("alertdialog")).to_contain_text("A habit can start between")
    page.get_by_role("button", name="OK").click()
    page.get_by_role("button", name="Cancel").click()
    expect(card(page, "Plan ahead")).to_have_count(0)
    saved(page)
    page.reload()
    expect(card(page, "Plan ahead")).to_have_count(0)


def test_a_tap_can_be_taken_back_and_a_total_corrected(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Read")
    add_habit(page, "Water", measure="count", target="3")
    add_habit(page, "Run", measure="quantity", target="5", unit="km")
    read = card(page, "Read")
    read.get_by_role("button", name=re.compile("Mark done")).click()
    expect(read).to_have_class(re.compile("done"))
    read.get_by_role("button", name=re.compile("Mark not done")).click()
    expect(read).not_to_have_class(re.compile("done"))

    water = card(page, "Water")
    expect(water).to_contain_text("Total count")
    minus = water.get_by_role("button", name=re.compile("Take 1 back"))
    expect(minus).to_have_attribute("aria-disabled", "true")
    water.get_by_role("button", name=re.compile("Add 1")).click()
    water.get_by_role("button", name=re.compile("Add 1")).click()
    expect(water.locator(".total")).to_contain_text("2/3")
    minus.click()
    expect(water.locator(".total")).to_contain_text("1/3")
    minus.click()
    expect(water.locator(".total")).to_contain_text("0/3")
    expect(minus).to_have_attribute("aria-disabled", "true")

    run = card(page, "Run")
    run.locator("input").fill("2")
    run.get_by_role("button", name="Log").click()
    run.locator("input").fill("1.5")
    run.get_by_role("button", name="Log").click()
    expect(run.locator(".total")).to_have_text("3.5/5 km")
    # A mistyped amount is corrected in the detail: the day's total is editable.
    run.locator(".card-open").click()
    expect(page.locator("#day-total")).to_have_value("3.5")
    page.locator("#day-total").fill("3")
    page.locator("#set-total").click()
    expect(page.locator(".day-editor .total")).to_have_text("3")
    page.get_by_role("button", name="Close").click()
    expect(run.locator(".total")).to_have_text("3/5 km")
    saved(page)
    page.reload()
    expect(card(page, "Run").locator(".total")).to_have_text("3/5 km")
    expect(card(page, "Water").locator(".total")).to_contain_text("0/3")


def test_taking_a_count_back_to_zero_keeps_the_keyboards_focus(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Water", measure="count", target="3")
    water = card(page, "Water")
    water.get_by_role("button", name=re.compile("Add 1")).click()
    minus = water.get_by_role("button", name=re.compile("Take 1 back"))
    minus.focus()
    page.keyboard.press("Enter")
    expect(water.locator(".total")).to_contain_text("0/3")
    # Inert at zero but still focused: a disabled button would drop the focus to <body>.
    expect(minus).to_have_attribute("aria-disabled", "true")
    expect(minus).to_be_focused()
    page.keyboard.press("Enter")
    expect(water.locator(".total")).to_contain_text("0/3")
    expect(minus).to_be_focused()


def test_a_skipped_day_neither_breaks_nor_extends_a_streak(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_started(page, "Stretch", days_ago=3)
    card(page, "Stretch").locator(".card-open").click()
    for days_ago in (3, 2):
        choose_day(page, days_ago)
        page.locator(".day-editor").get_by_role("button", name=re.compile("Mark done")).click()
    page.get_by_role("button", name="Close").click()
    # Yesterday missed: the streak is broken until it is skipped.
    expect(card(page, "Stretch").locator(".sub")).to_have_text("🔥 0 days")
    card(page, "Stretch").locator(".card-open").click()
    choose_day(page, 1)
    page.locator(".day-editor").get_by_role("button", name="Skip this day").click()
    expect(page.locator("#day-title")).to_contain_text("Skipped")
    expect(day_button(page, 1).locator("xpath=..")).to_have_class(re.compile("skipped"))
    page.get_by_role("button", name="Close").click()
    expect(card(page, "Stretch").locator(".sub")).to_have_text("🔥 2 days")
    # Skipping today from the card: still 2, neither broken nor extended.
    stretch = card(page, "Stretch")
    stretch.get_by_role("button", name=re.compile("Skip this day")).click()
    expect(stretch).to_have_class(re.compile("skipped"))
    expect(stretch.locator(".sub")).to_contain_text("🔥 2 days")
    stretch.get_by_role("button", name=re.compile("Undo the skip")).click()
    expect(stretch).not_to_have_class(re.compile("skipped"))
    stretch.get_by_role("button", name=re.compile("Mark done")).click()
    expect(stretch.locator(".sub")).to_have_text("🔥 3 days")


def test_a_pause_skips_a_range_for_one_habit_or_all_and_resume_takes_it_back(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_started(page, "Walk", days_ago=6)
    add_started(page, "Floss", days_ago=6)
    card(page, "Walk").locator(".card-open").click()
    page.locator("#pause-from").fill((TODAY - datetime.timedelta(days=5)).isoformat())
    page.locator("#pause-through").fill((TODAY - datetime.timedelta(days=1)).isoformat())
    page.locator("#pause").click()
    expect(page.locator("#pause-help")).to_have_text("Paused: 5 days skipped.")
    if (TODAY - datetime.timedelta(days=1)).month == TODAY.month:
        expect(day_button(page, 1).locator("xpath=..")).to_have_class(re.compile("skipped"))
        expect(day_button(page, 1)).to_have_attribute("aria-label", re.compile("Skipped"))
    page.locator("#resume").click()
    expect(page.locator("#pause-help")).to_have_text("Resumed: 5 skips taken back.")
    page.locator("#pause-through").fill((TODAY + datetime.timedelta(days=3)).isoformat())
    page.locator("#pause").click()
    expect(page.locator("#pause-help")).to_contain_text("hasn't happened yet")
    page.get_by_role("button", name="Close").click()

    # Every habit at once, from Account.
    page.get_by_role("button", name="Account").click()
    page.locator("#pause-from").fill((TODAY - datetime.timedelta(days=2)).isoformat())
    page.locator("#pause-through").fill((TODAY - datetime.timedelta(days=1)).isoformat())
    page.get_by_role("button", name="Pause every habit").click()
    expect(page.locator("#pause-help")).to_have_text("Paused: 4 days skipped.")
    page.get_by_role("button", name="Resume every habit").click()
    expect(page.locator("#pause-help")).to_have_text("Resumed: 4 skips taken back.")


def test_a_note_on_any_day_shows_in_the_detail_and_its_calendar(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_started(page, "Journal", days_ago=2)
    card(page, "Journal").locator(".card-open").click()
    choose_day(page, 2)
    page.locator("#day-note").fill("Felt great after a long walk")
    page.locator("#save-note").click()
    day = TODAY - datetime.timedelta(days=2)
    expect(day_button(page, 2)).to_have_attribute("aria-label", re.compile("Note: Felt great"))
    expect(page.locator(".notes")).to_contain_text("Felt great after a long walk")
    page.get_by_role("button", name="Close").click()
    saved(page)
    page.reload()
    card(page, "Journal").locator(".card-open").click()
    if day.month != TODAY.month:
        page.get_by_role("button", name="Previous month").click()
    expect(page.locator(".notes")).to_contain_text(f"{day.day} {day.strftime('%b')} Felt great")
    choose_day(page, 2)
    expect(page.locator("#day-note")).to_have_value("Felt great after a long walk")


def test_the_seeds_words_for_counts(server, phone):
    page = phone.new_page()
    open_app(page, server)
    page.get_by_role("button", name="Add a habit").first.click()
    page.locator("#measureKind").select_option("count")
    expect(page.get_by_label("Default count")).to_have_value("1")
    page.get_by_role("button", name="Cancel").click()


def test_fixing_screens_have_no_accessibility_violations(server, phone):
    page = phone.new_page()
    axe = Axe()

    def check(name):
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            results = axe.run(page)
            found = results.response["violations"]
            assert not found, f"{name} ({scheme}): " + "; ".join(
                f"{v['id']}: {v['help']} {[n['html'][:100] for n in v['nodes'][:3]]}" for v in found)

    open_app(page, server)
    add_started(page, "Squats", days_ago=3, measure="count", target="3")
    add_habit(page, LONG_TITLE, measure="quantity", target="1500", unit="millilitres")
    card(page, "Squats").get_by_role("button", name=re.compile("Skip this day")).click()
    check("day list with a skipped card")
    card(page, "Squats").locator(".card-open").click()
    choose_day(page, 1)
    page.locator("#day-note").fill("Busy day")
    page.locator("#save-note").click()
    page.locator("#day-total").fill("x")
    page.locator("#set-total").click()
    check("detail with a day editor and its refusal")
    page.locator(".detail").get_by_role("button", name="Delete").click()
    check("delete question")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Edit").click()
    page.locator("#new-category").fill("Health")
    page.get_by_role("button", name="Add category").click()
    page.locator("#start").fill((TODAY + datetime.timedelta(days=400)).isoformat())
    check("editor with field errors")


def test_an_open_detail_keeps_the_keyboard_inside_and_closing_gives_the_screen_back(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, "Read")
    card(page, "Read").locator(".card-open").click()
    # The month, the day editor and the charts follow the sheet's first paint.
    expect(page.locator(".detail #detail-day .heatmap")).to_be_visible()
    expect(page.locator(".detail #detail-actions")).to_be_visible()
    expect(page.locator("#main")).to_have_js_property("inert", True)
    expect(page.locator("nav.tabs")).to_have_js_property("inert", True)
    for _ in range(80):
        page.keyboard.press("Tab")
        assert page.evaluate("!document.activeElement.closest('#main, nav.tabs')"), "Tab reached the screen behind"
    page.keyboard.press("Escape")
    expect(page.locator(".detail")).to_have_count(0)
    expect(page.locator("#main")).to_have_js_property("inert", False)
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_count(1)
