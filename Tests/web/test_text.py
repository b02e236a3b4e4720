"""Text typed in any Unicode form is the same text: the shell hands the module NFC, which the
module's comparisons rely on (scripts/wasm/unicode-normalization.c)."""
import unicodedata

from playwright.sync_api import expect

from helpers import add_habit, card_titles, open_app

NFC = unicodedata.normalize("NFC", "Café au lait")
NFD = unicodedata.normalize("NFD", "Rosé walk")


def test_an_accent_typed_decomposed_or_composed_matches_the_same_letters(server, phone):
    page = phone.new_page()
    open_app(page, server)
    add_habit(page, NFC)
    # Typed decomposed (as some keyboards and pasted text do), kept composed.
    page.get_by_role("button", name="Add a habit").first.click()
    page.locator("#title").fill(NFD)
    page.locator("#category").select_option(label="Health")
    page.locator("#save").click()
    expect(page.locator(".sheet")).to_have_count(0)
    assert sorted(card_titles(page)) == [NFC, unicodedata.normalize("NFC", NFD)]
    # A search in the other form finds each.
    page.locator("#search").fill(unicodedata.normalize("NFD", "café"))
    expect(page.locator(".card")).to_have_count(1)
    assert card_titles(page) == [NFC]
    page.locator("#search").fill(unicodedata.normalize("NFC", "rosé"))
    expect(page.locator(".card")).to_have_count(1)
    assert card_titles(page) == [unicodedata.normalize("NFC", NFD)]
