"""The card pump: the one way events go from a card source to the table controller, with the dealer's part
where the shoe is simulated.

The console's reader thread hands each event to the GUI thread through a Qt signal, which calls `handle`;
`rptable simulate` has no thread and lets the pump receive the events itself (`take_card`). One policy holds
either way:
- every event from the source goes to the controller, which decides and journals what it means;
- with a shoe that deals on demand (the simulator) the dealer draws the cards the round needs (`draw`), loads a
  freshly shuffled pack for each round, and restocks the shoe when the round's stock has outgrown it (the
  discards reshuffled, R-ACT-7) and after a restart mid-round; a shoe loaded with a chosen order
  (`sim://?order=FILE`) is never loaded: its cards are dealt in the file's order across rounds until none is
  left (`order_spent`), for QA to play the sequence it chose;
- cards drawn but not taken yet are owed: nothing more is drawn until they have reached the table, which
  journals them even when no round takes them; without a reader thread, the owed cards and what the shoe sent
  unasked are taken before the next pack goes in, so none is carried into the next round;
- after a device fault, what the shoe has already sent comes first, before the dealer draws again;
- at the start of a session the gate is asked open, or closed while a fault is open (`arm_gate`); a card the
  round cannot take closes it as a device fault does (the driver closes it on those); when a pit boss has
  resolved the last open fault, the gate is opened again (UNLOCK), and the pump says so for the console to show.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from controller.engine import Phase
from controller.table.controller import TableController
from controller.table.journal import JournalEntry
from drivers.base import CardEvent, CardSource, DeviceFault, SimulatedShoe, SourceError, SourceEvent
from drivers.cards import PACK, Card

CARD_WAIT = 10.0  # seconds to wait for a card the dealer drew before the shoe is called silent


def shuffled_pack(seed: int, round_number: int) -> list[Card]:
    """The pack the dealer loads for a round: a shuffle fixed by the session's seed and the round's number, so
    a resumed session deals the cards it would have dealt."""
    pack = list(PACK)
    random.Random(f"{seed}:{round_number}").shuffle(pack)
    return pack


def dealt_on_demand(url: str) -> str:
    """A table's simulated shoe deals when the dealer draws: `sim://` without `rate=` gets `rate=0`. (The shoe on
    its own, for `shoe-test`, deals a card a second; at a table such a shoe would send cards no round expects,
    each one a fault that stops play.) Any other URL, or a rate given, is kept as it is."""
    if urlsplit(url).scheme != "sim" or "rate" in parse_qs(urlsplit(url).query):
        return url
    return url + ("&" if "?" in url else "?") + "rate=0"


@dataclass(frozen=True, slots=True)
class GateReopened:
    """The pump sent UNLOCK after the last fault was resolved. `reached_shoe` is False when the shoe is offline:
    the driver sends it again as soon as the shoe is back."""

    reached_shoe: bool


class CardPump:
    """Moves one source's events to one table; `pack_seed` fixes the packs a simulated shoe is loaded with."""

    def __init__(self, source: CardSource, controller: TableController, *, pack_seed: int) -> None:
        self.source = source
        self.controller = controller
        self.shoe: SimulatedShoe | None = source.simulated_shoe()  # None: the dealer's own hands do this part
        self.pack_seed = pack_seed
        self.owed = 0  # cards drawn that have not reached the table yet
        self.last_card: CardEvent | None = None
        self._after_fault = False  # a device fault came: the shoe may have sent a card unasked
        self._gate_closed_by_fault = False  # the driver may have locked the gate on a fault

    # -- every event, the one way to the table --------------------------------------------------------------
    def handle(self, event: SourceEvent) -> Sequence[JournalEntry]:
        """Give the table one event from the source; returns what it journaled. A refusal is the controller's
        to raise (TableLocked when its journal cannot be written)."""
        if isinstance(event, CardEvent):
            self.owed = max(0, self.owed - 1)
            self.last_card = event
        elif isinstance(event, DeviceFault):
            self._after_fault = True
            self._gate_closed_by_fault = True
        entries = self.controller.source_event(event)
        if self._fault_open() and not self._gate_closed_by_fault:
            # A card the round cannot take (read twice, unreadable, out of turn), or one no round expected, stops
            # the dealing as a device fault does: no card leaves the shoe until a pit boss has settled it (a
            # shoe that deals by itself would otherwise go on sending cards into an open fault).
            self.source.lock()
            self._gate_closed_by_fault = True
        self.restock_if_outgrown()
        return entries

    def arm_gate(self) -> None:
        """At the start of a session the table asks for the gate it needs: open, unless a fault is still open
        (then closed until a pit boss resolves it). A shoe that powered up locked, or that a session before this
        one locked, would otherwise hold every card back with nothing on the screen saying why."""
        if self._fault_open():
            self.source.lock()
            self._gate_closed_by_fault = True
        else:
            self.source.unlock()

    def reopen_gate(self) -> GateReopened | None:
        """Once no fault is open any more, open the gate the driver closed when a device fault came (a jam, two
        cards drawn together, a card missed): else no card leaves the shoe again. None: nothing to reopen."""
        if not self._gate_closed_by_fault or self._fault_open():
            return None
        self._gate_closed_by_fault = False
        # UNLOCK whatever the shoe last said: a shoe that said READY once a jam cleared may still hold its gate
        # closed (the card drawn before the jam then never comes, and the dealer cannot draw another).
        self.source.unlock()
        return GateReopened(reached_shoe=self.source.status().connected)

    def _fault_open(self) -> bool:
        """Whether anything keeps the gate closed: a fault of the table, or a card the round could not take."""
        return bool(self.controller.faults) or self._card_fault_open()

    def _card_fault_open(self) -> bool:
        state = self.controller.round
        return state is not None and state.fault is not None

    # -- the dealer's hand on a simulated shoe ---------------------------------------------------------------
    def draw(self, count: int = 1) -> bool:
        """The dealer draws `count` cards from a shoe that deals on demand; nothing while cards drawn earlier
        are still on their way. Returns whether cards were drawn."""
        if self.shoe is None or self.owed or self.order_spent:
            return False
        self.reopen_gate()
        self.restock_if_outgrown()
        self.owed = count
        self.shoe.deal(count)
        return True

    @property
    def ordered(self) -> bool:
        """The shoe deals an order the user chose (`sim://?order=FILE`): the dealer loads nothing into it."""
        return self.shoe is not None and self.shoe.ordered_cards is not None

    @property
    def order_spent(self) -> bool:
        """Every card of the chosen order has left the shoe: the dealer has nothing more to draw."""
        return self.shoe is not None and self.shoe.ordered_cards is not None and self.shoe.cards_left == 0

    def ready_shoe(self) -> None:
        """Before play: a freshly shuffled pack for the next round, or, after a restart mid-round, the cards
        the open round has not taken yet, in the order of that round's pack. A chosen order is dealt as it
        stands, from its first card."""
        if self.ordered:
            return
        state = self.controller.round
        if state is None or state.phase is Phase.CLOSED:
            self.load_fresh_pack()
        elif self.shoe is not None:
            self.shoe.load([c for c in shuffled_pack(self.pack_seed, self.controller.round_number)
                            if state.in_stock(c)])

    def load_fresh_pack(self) -> None:
        """Between rounds: the dealer loads the shoe with the next round's freshly shuffled pack (never over a
        chosen order, which goes on into the next round)."""
        if self.shoe is not None and not self.ordered:
            self.shoe.load(shuffled_pack(self.pack_seed, self.controller.round_number + 1))

    def restock_if_outgrown(self) -> None:
        """R-ACT-7: when the round's stock is larger than what the shoe holds and will still send (the discards
        were reshuffled), the dealer shuffles the stock and puts it in the shoe; a chosen order says itself
        which cards come next."""
        state = self.controller.round
        if self.shoe is None or self.ordered or state is None or state.phase is Phase.CLOSED:
            return
        if state.stock_size > self.shoe.cards_left + self.owed:
            stock = [c for c in PACK if state.in_stock(c)]
            random.Random(f"{self.pack_seed}:{self.controller.round_id}:{state.stock_size}").shuffle(stock)
            self.shoe.load(stock)

    def true_card(self, seq: int) -> Card | None:
        """What the card sent with this seq really was, when the shoe is a simulator that knows."""
        return None if self.shoe is None else self.shoe.true_card(seq)

    # -- receiving without a reader thread -------------------------------------------------------------------
    def take_card(self, due: int = 1, timeout: float = CARD_WAIT) -> None:
        """Receive until the table has been handed one more card, or a device fault it must see first. The
        dealer draws the `due` cards the round needs in a row (the whole deal of R-DEAL-1) in one go, unless
        cards are already owed; after a device fault, what the shoe already sent comes first."""
        self.reopen_gate()
        if self.order_spent and not self.owed:
            raise SourceError(f"The shoe {self.source.url} has dealt every card of its order "
                              f"({self.shoe.ordered_cards if self.shoe else 0}); no card is left to draw.")
        if self._after_fault and not self.owed:
            self._after_fault = False
            if self.take_sent():
                return
        self.draw(due)
        if self._receive_card_or_fault(timeout) is None:
            raise SourceError(f"The shoe {self.source.url} sent no card for {timeout:.0f} s.")

    def take_sent(self) -> bool:
        """Hand the table what the shoe has sent by now, without drawing, up to the first card or device fault;
        returns whether one came (cards sent unasked, with two drawn together, are taken this way)."""
        return self._receive_card_or_fault(timeout=0) is not None

    def _receive_card_or_fault(self, timeout: float) -> SourceEvent | None:
        """Hand the table every event until a card or a device fault (returned); None when `timeout` seconds
        pass without either."""
        while (event := self.source.recv(timeout=timeout)) is not None:
            self.handle(event)
            if isinstance(event, CardEvent | DeviceFault):
                return event
        return None
