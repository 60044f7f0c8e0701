"""A phone at the table: create a Rickety Kate table, score a hand by taps, record one trick by trick,
undo and redo, ask the referee, open the rule it names.

The trick-by-trick hand is dealt and played here in plain Python (no import from games/): the app's
totals and its referee's flag are checked against this independent little simulation.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.e2e

PLAYERS = ("Ana", "Ben", "Cleo", "Dan")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "CDHS"
SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAME = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
LADY = "QS"
SCREENSHOT = "/tmp/kibitz-e2e-table.png"


# -- the deal -------------------------------------------------------------------------------------------


def suit(card: str) -> str:
    return card[-1]


def value(card: str) -> int:
    return RANKS.index(card[:-1])


def penalty(card: str) -> int:
    return 13 if card == LADY else int(suit(card) == "H")


def pretty(card: str) -> str:
    return card[:-1] + SYMBOL[suit(card)]


@dataclass(frozen=True)
class PlayedHand:
    tricks: tuple[tuple[str, tuple[str, ...]], ...]  # (leader, cards in play order from the leader)
    points: dict[str, int]  # hearts taken plus 13 for the lady
    revoke: tuple[int, str, str, str]  # trick number, player, card played, the suit led


def play_hand(seed: int = 2024) -> PlayedHand:
    """Shuffle with a fixed seed and play 13 tricks: lowest lead (no heart before hearts are broken),
    lowest follow, no points on the first trick, dump the lady or the highest heart when void.

    From trick 2 on, the first follower who holds the led suit and a pointless card of another suit
    plays that other card instead: the one illegal play. Every card is played, so the led suit shows up
    later in that player's plays, which is what lets the referee prove it.
    """
    deck = [rank + s for s in SUITS for rank in RANKS]
    random.Random(seed).shuffle(deck)
    hands = {p: deck[i::4] for i, p in enumerate(PLAYERS)}
    leader = next(p for p in PLAYERS if "2C" in hands[p])
    broken = False
    revoke = None
    tricks = []
    taken = dict.fromkeys(PLAYERS, 0)
    for number in range(1, 14):
        start = PLAYERS.index(leader)
        order = PLAYERS[start:] + PLAYERS[:start]
        cards: list[str] = []
        for player in order:
            held = hands[player]
            if not cards:
                safe = [c for c in held if broken or suit(c) != "H"] or held
                card = "2C" if number == 1 else min(safe, key=value)
            else:
                led = suit(cards[0])
                follow = [c for c in held if suit(c) == led]
                off = [c for c in held if suit(c) != led and not penalty(c)]
                if follow and off and revoke is None and number > 1:
                    card = min(off, key=value)
                    revoke = (number, player, card, led)
                elif follow:
                    card = min(follow, key=value)
                elif number == 1:
                    card = max(off or held, key=value)
                else:
                    card = LADY if LADY in held else max(held, key=lambda c: (penalty(c) > 0, value(c)))
            held.remove(card)
            cards.append(card)
        led = suit(cards[0])
        winner = order[max(range(4), key=lambda i: value(cards[i]) if suit(cards[i]) == led else -1)]
        taken[winner] += sum(penalty(c) for c in cards)
        broken = broken or any(suit(c) == "H" for c in cards)
        tricks.append((leader, tuple(cards)))
        leader = winner
    assert revoke is not None
    assert max(taken.values()) < 26, "a moon shot needs a choice on the last trick; pick another seed"
    return PlayedHand(tuple(tricks), taken, revoke)


# -- the phone ------------------------------------------------------------------------------------------


class Thumb:
    """Taps like a finger and counts them."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Locator) -> None:
        target.tap()
        self.taps += 1


def totals(page: Page) -> Locator:
    return page.locator("#scoreboard tfoot td[data-total]")


def version(page: Page) -> int:
    return int(page.locator("#board").get_attribute("data-version") or "0")


def save_and_wait(thumb: Thumb, button: Locator) -> None:
    """Tap a button that posts through htmx and wait until the new board is swapped in."""
    page = thumb.page
    before = version(page)
    thumb.tap(button)
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))


def start_table(page: Page, thumb: Thumb) -> None:
    page.goto("/")
    thumb.tap(page.get_by_role("link", name="Rickety Kate", exact=True))
    expect(page.get_by_role("heading", name="New Rickety Kate table")).to_be_visible()
    for seat, name in enumerate(PLAYERS, start=1):
        field = page.get_by_label(f"Seat {seat}", exact=True)
        thumb.tap(field)
        field.press_sequentially(name)
    moon = page.get_by_role("radio", name="New: the shooter chooses")
    thumb.tap(page.locator("label", has=moon))
    expect(moon).to_be_checked()
    thumb.tap(page.get_by_role("button", name="Start the table"))
    expect(page).to_have_url(re.compile(r"/t/[^/]+/$"))
    expect(page.get_by_role("heading", name="Rickety Kate", exact=True)).to_be_visible()


def quick_form(page: Page) -> Locator:
    form = page.locator("form.quick")
    expect(form.locator(".stepper .pick")).to_have_count(len(PLAYERS))  # kibitz.js has run
    return form


def stepper(form: Locator, name: str) -> Locator:
    return form.locator(".stepper", has=form.page.get_by_text(name, exact=True))


def pick_value(thumb: Thumb, form: Locator, name: str, n: int) -> None:
    """Tap a number on the player's pad, opening it first unless it is open (the pad moves on by itself)."""
    row = stepper(form, name)
    pick = row.locator("button.pick")
    if pick.get_attribute("aria-expanded") != "true":
        thumb.tap(pick)
    pad = row.get_by_role("group", name=f"{name}: hearts taken")
    expect(pad).to_be_visible()
    thumb.tap(pad.get_by_role("button", name=f"{name}: {n}", exact=True))
    expect(row.locator(".value")).to_have_text(str(n))


def the_rest(thumb: Thumb, form: Locator, name: str) -> None:
    row = stepper(form, name)
    if row.locator("button.pick").get_attribute("aria-expanded") != "true":
        thumb.tap(row.locator("button.pick"))
    thumb.tap(row.get_by_role("button", name=f"the rest for {name}", exact=True))


def order_from(leader: str) -> tuple[str, ...]:
    start = PLAYERS.index(leader)
    return PLAYERS[start:] + PLAYERS[:start]


def play_trick(thumb: Thumb, leader: str, cards: tuple[str, ...], number: int) -> None:
    """Tap the leader (the first trick only: later the app knows) and the cards in play order; the trick saves
    itself when its last card is tapped. The first trick's 2♣ is filled in (rule rk.two-of-clubs)."""
    page = thumb.page
    trick = page.locator("form.trick")
    expect(page.locator("details[data-mode=tricks] > summary")).to_have_text(f"By tricks: trick {number} of 13")
    leaders = trick.locator("fieldset.leader")
    plays = list(zip(order_from(leader), cards, strict=True))
    if number > 1:  # the app knows who won the trick before
        expect(leaders.locator(f"input[data-name={leader}]")).to_be_checked()
    else:
        expect(leaders.locator("legend")).to_have_text("Who led the 2♣?")
        thumb.tap(chip(leaders, leader))
        assert cards[0] == "2C"
        expect(trick.locator('.cp-seat[data-seat="0"] input[value="2C"]')).to_be_checked()
        plays = plays[1:]
    before = version(page)
    for player, card in plays:
        seat = trick.locator(".cp-seat:not([hidden])")
        expect(seat).to_have_count(1)  # once kibitz.js has set the swapped-in picker up: one seat at a time
        expect(seat.locator("legend")).to_have_text(f"{player} plays")  # whose turn, above the cards
        target = seat.locator(f'label[data-value="{card}"]')
        target.scroll_into_view_if_needed()
        expect(trick.locator(".cp-tabs")).to_be_in_viewport()  # the trick's slots stay in view
        thumb.tap(target)
    expect(page.locator("#board")).to_have_attribute("data-version", str(before + 1))


def chip(fieldset: Locator, name: str) -> Locator:
    return fieldset.locator("label.chip").filter(has_text=re.compile(rf"^\s*{re.escape(name)}\s*$"))


# -- the tests -----------------------------------------------------------------------------------------


def test_a_game_at_the_table(phone: Page) -> None:
    page = phone
    thumb = Thumb(page)
    start_table(page, thumb)
    expect(page.locator("[data-headline]")).to_contain_text("Hand 1: Ana deals.")

    # Hand 1, quick entry: Ana 0, Ben 2, Cleo 4, Dan 7 and the lady.
    form = quick_form(page)
    thumb.taps = 0
    pick_value(thumb, form, "Ben", 2)
    pick_value(thumb, form, "Cleo", 4)
    the_rest(thumb, form, "Dan")
    expect(stepper(form, "Dan").locator(".value")).to_have_text("7")
    thumb.tap(chip(form.locator("fieldset.lady"), "Dan"))
    expect(form.locator("[data-check]")).to_have_text("13 of 13 hearts ✓")
    save_and_wait(thumb, form.get_by_role("button", name="Save hand"))
    quick_taps = thumb.taps
    assert quick_taps <= 6, f"a typical hand took {quick_taps} taps"

    expect(page.locator("#scoreboard tbody tr.flash")).to_have_count(1)
    expect(totals(page)).to_have_text(["★ 0", "2", "4", "20"])
    expect(page.locator("[data-headline]")).to_contain_text("Hand 2: Ben deals.")

    # Hand 2, trick by trick, with one revoke in it.
    hand = play_hand()
    thumb.taps = 0
    thumb.tap(page.locator("details[data-mode=tricks] > summary"))
    for number, (leader, cards) in enumerate(hand.tricks, start=1):
        play_trick(thumb, leader, cards, number)
        if number == 1:  # played cards keep their place, disabled and named so
            played = page.locator('form.trick .cp-seat input[value="2C"]').first
            expect(played).to_be_disabled()
            expect(page.get_by_role("radio", name="2 of clubs, played").first).to_be_disabled()
    trick_taps = thumb.taps
    assert trick_taps <= 56, f"a hand by tricks took {trick_taps} taps"

    after_one = [0, 2, 4, 20]
    after_two = [after_one[i] + hand.points[p] for i, p in enumerate(PLAYERS)]
    low = min(after_two)
    expected = [f"★ {v}" if v == low else str(v) for v in after_two]
    expect(page.locator("#scoreboard tbody tr")).to_have_count(2)
    expect(totals(page)).to_have_text(expected)
    expect(page.locator("[data-headline]")).to_contain_text("Hand 3: Cleo deals.")

    # Undo the last trick: the hand is open again, hand 1's totals are back, the log strikes it through.
    last_leader, last_cards = hand.tricks[-1]
    last_text = f"Trick led by {last_leader}: " + " ".join(pretty(c) for c in last_cards)
    save_and_wait(thumb, page.locator("#actions").get_by_role("button", name="Undo"))
    expect(page.locator("#scoreboard tbody tr")).to_have_count(1)
    expect(totals(page)).to_have_text(["★ 0", "2", "4", "20"])
    expect(page.locator("details[data-mode=tricks] > summary")).to_have_text("By tricks: trick 13 of 13")
    for k, card in enumerate(last_cards):  # the trick comes back with its cards in the slots
        expect(page.locator(f'form.trick input[name="card-{k}"][value="{card}"]')).to_be_checked()
    expect(page.locator("form.trick .cp-tabs button .cp-tab-pick")).to_have_text([pretty(c) for c in last_cards])
    struck = page.locator("#log li.retracted")
    expect(struck).to_have_count(1)
    expect(struck.locator("del")).to_have_text(last_text)
    expect(page.locator("#log li").first).to_have_class(re.compile(r"\bretracted\b"))

    # Redo: back to the finished hand, nothing struck through.
    save_and_wait(thumb, page.locator("#actions").get_by_role("button", name="Redo"))
    expect(totals(page)).to_have_text(expected)
    expect(page.locator("#log del")).to_have_count(0)
    expect(page.locator("#log li").first).to_have_text(f"{last_text} Fix")

    # Check plays: exactly the planted revoke, linked to its rule.
    number, player, card, led = hand.revoke
    thumb.tap(page.get_by_role("link", name="Check plays"))
    findings = page.locator("#flags .findings li")
    expect(findings).to_have_count(1)
    expect(findings).to_contain_text(player)
    expect(findings).to_contain_text(f"Trick {number} of hand 2")
    expect(findings).to_contain_text(f"{player} played {pretty(card)} on a {SUIT_NAME[led]} lead")
    rule = findings.locator('a[href$="#rk.follow-suit"]')
    expect(rule).to_have_count(1)
    expect(rule).to_contain_text("Rule:")  # named by the rule's title, not its id
    page.screenshot(path=SCREENSHOT, full_page=True)

    thumb.tap(rule)
    expect(page).to_have_url(re.compile(r"/rules/rickety-kate/\?table=[\w-]+#rk\.follow-suit$"))
    section = page.locator('section[id="rk.follow-suit"]')
    expect(section).to_be_in_viewport()
    expect(section.get_by_role("heading")).to_contain_text(re.compile("follow", re.IGNORECASE))
    assert page.errors == []
    print(f"\nquick hand: {quick_taps} taps; hand by tricks: {trick_taps} taps")


def test_save_waits_for_the_hearts_and_the_lady(phone: Page) -> None:
    page = phone
    thumb = Thumb(page)
    start_table(page, thumb)
    form = quick_form(page)
    check = form.locator("[data-check]")
    save = form.get_by_role("button", name="Save hand")
    expect(save).to_be_disabled()

    pick_value(thumb, form, "Ana", 11)
    expect(check).to_contain_text("11 of 13 hearts")
    expect(save).to_be_disabled()

    pick_value(thumb, form, "Ben", 1)  # Ben's pad opened by itself
    expect(check).to_contain_text("12 of 13 hearts")
    pick_value(thumb, form, "Cleo", 1)
    expect(check).not_to_contain_text("of 13 hearts")  # the hearts add up; the lady is still missing
    expect(check).to_contain_text("Who took the lady")
    expect(form.locator(".pad:visible")).to_have_count(0)  # the pads close once the hearts add up
    expect(save).to_be_disabled()

    thumb.tap(chip(form.locator("fieldset.lady"), "Cleo"))
    expect(check).to_have_text("13 of 13 hearts ✓")
    expect(save).to_be_enabled()
    expect(form.locator("[data-question]")).to_have_count(0)  # only a moon shot asks the shooter to choose
    assert page.errors == []
