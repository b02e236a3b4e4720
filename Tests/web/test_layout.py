"""Every screen at phone, tablet and desktop widths, light and dark, with the longest titles,
long units and large counts: nothing overflows its box or the viewport, nothing is clipped, and
axe finds no violation of any impact. Screenshots go to $HABITFLOW_SHOTS (default
/tmp/habitflow-shots) for a person to look at."""
import os
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from helpers import open_app, saved, sign_up

SHOTS = os.environ.get("HABITFLOW_SHOTS", "/tmp/habitflow-shots")
WIDTHS = [320, 390, 768, 1280]
# 38 characters: the longest title a habit may have.
WATER = "Drink water with lemon every morning!!"
PUSHUPS = "Push-ups before breakfast, every day ok"[:38]
WORD = "Supercalifragilisticexpialidocious1234"
LONG_UNIT = "millilitres sparkling"[:20]

# What overflows: an element wider inside than its box (unless it scrolls on purpose), or a box
# that sticks out of the viewport (unless it sits in a row that scrolls sideways).
OVERFLOWS = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
    ' "' + (el.textContent || '').trim().slice(0, 30) + '"';
  const problems = [];
  if (document.documentElement.scrollWidth > width) problems.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + width);
  for (const el of document.querySelectorAll('#app *')) {
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || el.closest('[aria-hidden=true] svg')) continue;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const field = ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
    if (!field && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && !scrolls(el))
      problems.push(name(el) + ' holds ' + el.scrollWidth + ' px in ' + el.clientWidth);
    let inScroller = false;
    for (let up = el.parentElement; up; up = up.parentElement) if (scrolls(up)) { inScroller = true; break; }
    if (!inScroller && (box.left < -1 || box.right > width + 1))
      problems.push(name(el) + ' sticks out of the viewport: ' + Math.round(box.left) + '..' + Math.round(box.right) + ' of ' + width);
  }
  return problems;
}"""


def dispatch(page, name, arg="", value=""):
    page.evaluate("([name, arg, value]) => window.habitflow.dispatch({t: 'event', name, arg, value})",
                  [name, arg, value])


def add(page, **fields):
    dispatch(page, "open-add")
    for field, value in fields.items():
        dispatch(page, "draft", field, value)
    dispatch(page, "save")
    refused = page.locator(".dialog, .notice, .sheet [role=alert]")
    assert page.locator(".sheet").count() == 0, "not saved: " + " / ".join(refused.all_inner_texts())


def habit_id(page, title):
    return page.locator(".card", has_text=title).locator(".card-open").get_attribute("data-arg")


def fill_the_day(page):
    add(page, title=WATER, category="health", measureKind="quantity", quantityTarget="1500", unit=LONG_UNIT,
        emoji="💧")
    add(page, title=PUSHUPS, category="health", measureKind="count", step="250", countTarget="1000", emoji="💪")
    add(page, title=WORD, category="work", emoji="📚")
    add(page, title="Smoke", category="quit", direction="quit", emoji="🚭")
    water = habit_id(page, WATER)
    dispatch(page, "amount", water, "123456.75")
    dispatch(page, "log-amount", water)
    pushups = habit_id(page, PUSHUPS)
    for _ in range(5):
        dispatch(page, "tap", pushups)
    dispatch(page, "tap", habit_id(page, WORD))
    saved(page)


def check(page, screen, width, theme):
    page.wait_for_timeout(100)
    os.makedirs(SHOTS, exist_ok=True)
    # A sheet covers the viewport: the page scrolled beneath it is not what a person sees.
    covered = page.locator(".overlay").count() > 0
    page.screenshot(path=f"{SHOTS}/{screen}-{width}-{theme}.png", full_page=not covered)
    problems = page.evaluate(OVERFLOWS)
    assert not problems, f"{screen} at {width} px, {theme}: " + "; ".join(problems[:8])
    results = Axe().run(page)
    violations = [f"{v['id']} ({v['impact']}): " + "; ".join(n["target"][0] for n in v["nodes"][:3])
                  for v in results.response["violations"]]
    assert not violations, f"{screen} at {width} px, {theme}: " + " | ".join(violations)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
def test_every_screen_fits_and_passes_axe(server, browser, width, theme):
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=theme)
    page = context.new_page()
    open_app(page, server)
    fill_the_day(page)
    expect(page.locator(".card")).to_have_count(4)
    check(page, "today", width, theme)
    # Next week: every day in the strip is ahead (today's week may have none, on its last day).
    dispatch(page, "week-next")
    check(page, "next-week", width, theme)
    dispatch(page, "go-today")

    dispatch(page, "habits-view", "all")
    check(page, "all-habits", width, theme)
    dispatch(page, "habits-view", "day")

    dispatch(page, "picker", page.evaluate("new Date().toISOString().slice(0, 10)"))
    check(page, "date-picker", width, theme)
    page.keyboard.press("Escape")

    water = habit_id(page, WATER)
    dispatch(page, "open-detail", water)
    check(page, "detail", width, theme)
    dispatch(page, "open-edit", water)
    check(page, "editor", width, theme)
    dispatch(page, "close-sheet")

    dispatch(page, "tab", "statistics")
    check(page, "statistics", width, theme)
    dispatch(page, "tab", "account")
    check(page, "account", width, theme)
    context.close()


def test_the_signed_in_account_screen_fits_and_passes_axe(server, browser):
    for width, theme in [(320, "dark"), (390, "light"), (1280, "dark")]:
        context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=theme)
        page = context.new_page()
        open_app(page, server)
        fill_the_day(page)
        sign_up(page)
        dispatch(page, "tab", "account")
        expect(page.get_by_text(re.compile("Signed in as"))).to_be_visible()
        check(page, "account-signed-in", width, theme)
        context.close()
