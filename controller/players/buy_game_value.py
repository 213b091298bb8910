"""The exact value of buying the dealer a game (R-BUY-1..4): every card left in the pack is tried as his
replacement card, free redraws as the rules say, and each outcome is settled by the engine's own settlement."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

from controller.core.hands import HandCategory, HandValue
from controller.core.rules import DealerRedraw, HouseRules
from controller.engine import DEALER, BoxState, BuyChoice, apply, new_round
from controller.engine.events import CardPlaced, DealerCardReplaced, StakesPlaced
from controller.engine.queries import highest_card
from controller.engine.rulings import dealer_replaces_again
from controller.engine.settlement import settle_box
from controller.engine.strength import hand_value
from drivers.cards import PACK, Card


def buys(take: float, buy: float) -> bool:
    """Whether buying the dealer a game is worth more than taking the ante (a tie takes the ante)."""
    return buy > take + 1e-9


def buy_game_values(
    rules: HouseRules, box: BoxState, dealer: Sequence[Card], pack: Sequence[Card], single_box: bool
) -> tuple[float, float]:
    """(net if the box takes the ante, expected net if it buys the dealer a game), in chips, for a box that has
    bet against a dealer who did not qualify. `pack` holds the cards the replacement can be; `single_box` says
    whether this box is the only one in the round (R-BUY-3, seed 001)."""
    dealer_now = hand_value(dealer)
    take = settle_box(rules, replace(box, buy_choice=BuyChoice.ANTE), dealer_now, False, False).net
    bought = replace(box, buy_choice=BuyChoice.BUY, buy_paid=box.ante)
    player = hand_value(box.cards)
    nets: dict[tuple[bool, int], int] = {}

    def net_against(final: HandValue) -> int:
        qualifies = final.category >= rules.dealer_qualifies_with
        key = (qualifies, (player > final) - (player < final) if qualifies else 0)
        if key not in nets:
            nets[key] = settle_box(rules, bought, final, False, qualifies).net
        return nets[key]

    return float(take), dealer_draw_expectation(rules, dealer, pack, single_box, net_against, player)


def dealer_draw_expectation(
    rules: HouseRules,
    dealer: Sequence[Card],
    pack: Sequence[Card],
    single_box: bool,
    net_against: Callable[[HandValue], int],
    player: HandValue,
) -> float:
    """The expectation of `net_against(the dealer's final hand)` when he replaces his highest card from `pack`;
    `net_against` depends only on whether that hand qualifies and how it compares with `player`'s."""
    highest = highest_card(dealer)
    kept = [c for c in dealer if c is not highest]  # one instance per card (drivers.cards.PACK)
    kept_top = highest_card(kept)
    below_top = [c for c in kept if c is not kept_top]
    qualify = rules.dealer_qualifies_with
    redraw = rules.buy_game.redraw
    until_qualifies = redraw == "until_qualifies" or (redraw == "until_qualifies_single_box" and single_box)
    settled = 0.0  # sum of nets over replacement cards that end the draw
    again = 0  # replacement cards after which the same draw is simply repeated
    # Unless his four cards kept share a suit, a card makes the same hand as any other of its rank: one a rank.
    suits = {c.suit for c in kept}
    flush_suit = suits.pop() if len(suits) == 1 else None
    of_rank: dict[int, HandValue] = {}
    for card in pack:
        value = of_rank.get(card.rank) if card.suit != flush_suit else None
        if value is None:
            value = hand_value([*kept, card])
            if card.suit != flush_suit:
                of_rank[card.rank] = value
        if value.category >= qualify:
            settled += net_against(value)
        elif until_qualifies:
            if (card.rank, card.suit) > (kept_top.rank, kept_top.suit):
                again += 1  # he replaces this card in turn: the same four cards draw again
            else:
                lower = [*below_top, card]  # his four cards once he has replaced his highest, kept_top
                settled += _expected(_until_qualifies(_shape(lower), qualify), player, net_against)
        elif redraw == "while_unchanged" and card.rank == highest.rank:
            again += 1
        else:
            settled += net_against(value)
    n = len(pack)
    if again == 0 or n == 0:
        return settled / n if n else float(net_against(hand_value(dealer)))
    if until_qualifies:
        return settled / (n - again) if n > again else float(net_against(hand_value(dealer)))
    # while_unchanged: a same-rank card (none of which can make him qualify) is replaced again, free, up to
    # max_free_redraws times (0 = without limit); each such card leaves the pack, the rest stay the same.
    limit = rules.buy_game.max_free_redraws or n
    unchanged = float(net_against(hand_value(dealer)))  # a same-rank card kept: his hand's value is as before
    expectation = unchanged
    for free in range(min(limit, again), -1, -1):  # from the last free redraw back to the paid draw
        size, same = n - free, again - free
        if size:  # an empty pack: he keeps the hand he has
            expectation = settled / size + same / size * expectation
    return expectation


def expectation_is_exact(rules: HouseRules, single_box: bool) -> bool:
    """Whether `buy_game_values` is exact for these rules: it is, but for a dealer who redraws until he
    qualifies (there it takes the pack after his first card as the 48 cards he does not hold)."""
    redraw = rules.buy_game.redraw
    return not (redraw == DealerRedraw.UNTIL_QUALIFIES
                or (redraw == DealerRedraw.UNTIL_QUALIFIES_SINGLE_BOX and single_box))


def dealer_draw(rules: HouseRules, dealer: Sequence[Card], stock: Sequence[Card], single_box: bool) -> list[Card]:
    """The dealer's hand after a bought game when his replacement cards come from `stock` in this order: he
    replaces his highest card, again as the engine's own ruling says (R-BUY-1, R-BUY-3); one draw of the game,
    for when its expectation is not worked out exactly."""
    state = new_round(rules)
    for box in (1,) if single_box else (1, 2):
        apply(state, StakesPlaced(box, 1, 0, 0, False, ""))
    for card in dealer:
        apply(state, CardPlaced(card, DEALER, False))
    for card in stock:
        highest = highest_card(state.dealer)
        free = bool(state.dealer_draws)
        again = dealer_replaces_again(state, highest, card, free)
        apply(state, DealerCardReplaced(highest, card, free, again))
        if not again:
            break
    return state.dealer


def _shape(cards: Sequence[Card]) -> tuple[tuple[int, ...], bool]:
    """Four cards as what matters for the dealer's further draws: their ranks, and whether all share a suit."""
    return tuple(sorted(c.rank for c in cards)), len({c.suit for c in cards}) == 1


class _Finals(NamedTuple):
    """The dealer's final hands, all qualifying, ascending, with their probabilities, and the probability of a
    hand below each (`below[i]`: of values[:i]; one more entry than values)."""

    values: tuple[HandValue, ...]
    chances: tuple[float, ...]
    below: tuple[float, ...]


def _expected(finals: _Finals, player: HandValue, net_against: Callable[[HandValue], int]) -> float:
    """The expectation of `net_against` over `finals`: it depends only on how a final hand compares with the
    player's, so on three sums of chances (below, level, above)."""
    values, _, below = finals
    low, high = bisect_left(values, player), bisect_right(values, player)
    out = 0.0
    if low > 0:
        out += below[low] * net_against(values[0])
    if high > low:
        out += (below[high] - below[low]) * net_against(values[low])
    if high < len(values):
        out += (below[-1] - below[high]) * net_against(values[high])
    return out


@lru_cache(maxsize=4096)
def _until_qualifies(shape: tuple[tuple[int, ...], bool], qualify: HandCategory) -> _Finals:
    """The distribution of the final hand of a dealer who holds these four cards and draws a fifth, replacing
    his highest card, until he qualifies. Exact in the first card (the caller); from the second draw on, the
    pack is taken as the 48 cards he does not hold (the few other cards out make no practical difference)."""
    ranks, suited = shape
    four = [Card(rank, 0 if suited else i) for i, rank in enumerate(ranks)]
    pack = [c for c in PACK if c not in four]
    weights: dict[HandValue, float] = {}
    again = 0
    for card in pack:
        hand = [*four, card]
        value = hand_value(hand)
        if value.category >= qualify:
            weights[value] = weights.get(value, 0.0) + 1.0
            continue
        top = highest_card(hand)
        if top == card:
            again += 1
            continue
        further = _until_qualifies(_shape([c for c in hand if c != top]), qualify)
        for final, chance in zip(further.values, further.chances, strict=True):
            weights[final] = weights.get(final, 0.0) + chance
    total = len(pack) - again
    values = tuple(sorted(weights))
    chances = tuple(weights[v] / total for v in values)
    return _Finals(values, chances, (0.0, *accumulate(chances)))
