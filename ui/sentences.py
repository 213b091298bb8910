"""The console's words for the sentences the engine, the table and the card sources write in English: why a
command is refused, a card fault, a device's fault, why play is stopped. The console shows these, never the
English, when it speaks another language.

The engine's and the drivers' sentences stay theirs (scripts, the journal and the CLI read them); here each known
sentence shape is written out as its English template, `{0}` where the sentence has a value. A sentence that
fits a shape is said again from the template's translation, its values (a box, an amount, a card code, an action
word, a sentence within the sentence) carried over; one that fits none, or has no translation, stays as it was
written. A fault is worded from its structured parts where it has them (a device fault's code, a card fault's
kind and card), so a shoe's own text in its FAULT line never reaches a Russian screen.

Card codes stay codes (`QS`): the screen's redaction (ui.visibility) finds a hidden card by its code, in any
language."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QLocale

from controller.engine.events import CardFault
from controller.table.controller import TableController
from ui.format import amount, percent
from ui.i18n import translate

CONTEXT = "Sentences"


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:  # the name pyside6-lupdate looks for
    """Marks a sentence for the catalogue; it is translated when it is said."""
    return source


# ------------------------------------------------------------------------------------- engine refusals
# IllegalCommand.reason, as controller/engine/commands and the table controller write them.
REFUSALS = (
    QT_TRANSLATE_NOOP("Sentences", "This table has no insurance."),
    QT_TRANSLATE_NOOP("Sentences", "No dealer is signed in: a dealer signs in (F6) before a round opens."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} is not in play this round."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} plays blind: no insurance."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} is already insured."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has folded; it cannot insure."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} cannot {1} yet: the deal is not complete."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} plays blind: no fold, draw or insurance."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has already folded; it cannot {1}."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has already bet; it cannot {1}."),
    QT_TRANSLATE_NOOP("Sentences", "It is box {0}'s turn, not box {1}'s: boxes act in order 1, 2, 3 …."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} is waiting for {1} card(s) from the shoe before it can {2}."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has insured: insurance goes with the bet, so it cannot {1} now; it "
                                   "must bet."),
    QT_TRANSLATE_NOOP("Sentences", "This table does not sell a 6th card."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has already drawn: one draw per box (buy or exchange)."),
    QT_TRANSLATE_NOOP("Sentences", "This table has no exchange of cards."),
    QT_TRANSLATE_NOOP("Sentences", "Name the cards box {0} discards (1-{1})."),
    QT_TRANSLATE_NOOP("Sentences", "A card is named twice among box {0}'s discards."),
    QT_TRANSLATE_NOOP("Sentences", "{0} is not in box {1}'s hand ({2})."),
    QT_TRANSLATE_NOOP("Sentences", "This table caps exchanges at {0} card(s) per box; box {1} has exchanged {2}."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} cannot insure: the table's maximum payout of {1} chips caps what its "
                                   "hand can win, so insurance could be at most {2} chips, less than the least "
                                   "insurance of {3}."),
    QT_TRANSLATE_NOOP("Sentences", "Insurance on box {0} must be from {1} to {2} chips, not {3}."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} can no longer insure: insurance is placed with the bet, before the "
                                   "next box acts."),
    QT_TRANSLATE_NOOP("Sentences", "A repeated exchange is of exactly one card; box {0} named {1}."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} may exchange 1 to {1} cards, not {2}."),
    QT_TRANSLATE_NOOP("Sentences", "The round is closed; start a new round."),
    QT_TRANSLATE_NOOP("Sentences", "The round is stopped: {0} Only a pit boss can go on (correct the card, "
                                   "dismiss the read, or void the round)."),
    QT_TRANSLATE_NOOP("Sentences", "Bets are closed: box {0}'s stakes had to be placed before the deal."),
    QT_TRANSLATE_NOOP("Sentences", "Bets are closed: stakes cannot be taken back once the deal has begun."),
    QT_TRANSLATE_NOOP("Sentences", "Bets are already closed."),
    QT_TRANSLATE_NOOP("Sentences", "There is no box {0}: this table has boxes 1-{1}."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} already has its stakes; withdraw them first to change them."),
    QT_TRANSLATE_NOOP("Sentences", "An ante of {0} on box {1} is outside the table's limits ({2}-{3})."),
    QT_TRANSLATE_NOOP("Sentences", "This table has no blind boxes (box {0})."),
    QT_TRANSLATE_NOOP("Sentences", "Player {0}'s boxes must be adjacent: box {1} is not next to boxes {2}."),
    QT_TRANSLATE_NOOP("Sentences", "Player {0} already plays {1} open box(es); box {2} must play blind."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has no stakes to withdraw."),
    QT_TRANSLATE_NOOP("Sentences", "No box has an ante: place stakes before dealing."),
    QT_TRANSLATE_NOOP("Sentences", "This table has no bonus bet (box {0})."),
    QT_TRANSLATE_NOOP("Sentences", "A bonus of {0} on box {1} is outside its limits ({2}-{3})."),
    QT_TRANSLATE_NOOP("Sentences", "The round is closed: a card now belongs to the next round, after its bets."),
    QT_TRANSLATE_NOOP("Sentences", "The round is stopped: {0} No card is taken until a pit boss resolves it."),
    QT_TRANSLATE_NOOP("Sentences", "The dealer's hand is already shown."),
    QT_TRANSLATE_NOOP("Sentences", "The dealer qualified: there is no game to buy and no ante to take instead."),
    QT_TRANSLATE_NOOP("Sentences", "This table does not let a box buy the dealer a game."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} plays blind: it cannot buy the dealer a game."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has no bet: only a box that bet may buy the dealer a game."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} is insured: only uninsured boxes may buy the dealer a game."),
    QT_TRANSLATE_NOOP("Sentences", "The round is closed: buying the dealer a game is over."),
    QT_TRANSLATE_NOOP("Sentences", "Buying the dealer a game comes only after he shows a hand that does not "
                                   "qualify."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has already chosen (took the ante or bought the game)."),
    QT_TRANSLATE_NOOP("Sentences", "No box is choosing whether to buy the dealer a game now."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has not finished acting; the dealer shows his hand after every box."),
    QT_TRANSLATE_NOOP("Sentences", "The deal is not complete."),
    QT_TRANSLATE_NOOP("Sentences", "The round is closed."),
    QT_TRANSLATE_NOOP("Sentences", "There is no card fault to resolve."),
    QT_TRANSLATE_NOOP("Sentences", "No card was expected, so there is nothing to correct: dismiss the read or void "
                                   "the round."),
    QT_TRANSLATE_NOOP("Sentences", "{0} is already in play ({1}); it cannot be the card."),
    QT_TRANSLATE_NOOP("Sentences", "{0} was already played and discarded this round; it cannot be the card."),
    QT_TRANSLATE_NOOP("Sentences", "The round is already closed and settled; it cannot be voided."),
    QT_TRANSLATE_NOOP("Sentences", "Only {0} card(s) are left in the stock; this draw needs {1}."),
    QT_TRANSLATE_NOOP("Sentences", "Only {0} card(s) are left in the stock and discards; this draw needs {1}."),
    # the table controller's
    QT_TRANSLATE_NOOP("Sentences", "Box {0} has no settled payment to confirm."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0}'s payment is confirmed already."),
    QT_TRANSLATE_NOOP("Sentences", "Box {0}'s payment is not confirmed: there is nothing to undo."),
    QT_TRANSLATE_NOOP("Sentences", "{0} may not deal."),
    QT_TRANSLATE_NOOP("Sentences", "{0} is dealing at this table already."),
    QT_TRANSLATE_NOOP("Sentences", "No dealer is signed in."),
    QT_TRANSLATE_NOOP("Sentences", "There is no open fault {0}."),
    QT_TRANSLATE_NOOP("Sentences", "An adjustment of 0 changes nothing."),
    QT_TRANSLATE_NOOP("Sentences", "Round {0} has no settled box {1}: only a settled box's payment can be "
                                   "adjusted."),
    QT_TRANSLATE_NOOP("Sentences", "No round is open: place antes to start one."),
    QT_TRANSLATE_NOOP("Sentences", "No round is open."),
    QT_TRANSLATE_NOOP("Sentences", "{0} may not do this: a pit boss must log in."),
    QT_TRANSLATE_NOOP("Sentences", "Every override needs a reason; it is journaled with your name."),
    QT_TRANSLATE_NOOP("Sentences", "The house rules can change only between rounds: finish or void this round "
                                   "first."),
    # a card the pit boss types that is not one (drivers.cards.CardError)
    QT_TRANSLATE_NOOP("Sentences", "'{0}' is not a card: rank 2-9, T or 10, J, Q, K, A; suit C, D, H, S"),
    QT_TRANSLATE_NOOP("Sentences", "{0} appears twice; one pack holds each card once"),
    # the linked jackpot (controller.floor.jackpot_link, the table controller)
    QT_TRANSLATE_NOOP("Sentences", "{0} Box {1}'s jackpot stake is refused; the rest of the game goes on."),
    QT_TRANSLATE_NOOP("Sentences", "Jackpot betting closed: jackpot pending, a hit waits for a pit boss."),
    QT_TRANSLATE_NOOP("Sentences", "Jackpot betting closed: {0}"),
)

# ------------------------------------------------------------------------------------------- card faults
# CardFault.text, and the engine's words for where a card was due (queries.describe_next_card) and for the
# round's moment (deal._phase_words), which those texts hold.
CARD_FAULTS = (
    QT_TRANSLATE_NOOP("Sentences", "Card {0} came from the shoe when no card was expected ({1}). Stop dealing; a "
                                   "pit boss must check the shoe."),
    QT_TRANSLATE_NOOP("Sentences", "The shoe could not read a card ({0}). Stop dealing; a pit boss must identify "
                                   "it."),
    QT_TRANSLATE_NOOP("Sentences", "Card {0} read twice this round ({1} holds it; now {2}). Stop dealing; a pit "
                                   "boss must check the shoe."),
    QT_TRANSLATE_NOOP("Sentences", "Card {0} was already played and discarded this round, so it cannot come from "
                                   "the stock ({1}). Stop dealing; a pit boss must check the shoe."),
    QT_TRANSLATE_NOOP("Sentences", "card {0} to box {1}"),
    QT_TRANSLATE_NOOP("Sentences", "card {0} to the dealer (face up)"),
    QT_TRANSLATE_NOOP("Sentences", "card {0} to the dealer"),
    QT_TRANSLATE_NOOP("Sentences", "dealer: replace {0}"),
    QT_TRANSLATE_NOOP("Sentences", "box {0} is to decide"),
    QT_TRANSLATE_NOOP("Sentences", "box {0}"),
)
CARD_FAULT_KINDS = {  # a card fault whose text has no known shape, said from its kind and card
    "duplicate": QT_TRANSLATE_NOOP("Sentences", "Card {0} read twice this round. Stop dealing; a pit boss must "
                                                "check the shoe."),
    "unreadable": QT_TRANSLATE_NOOP("Sentences", "The shoe could not read a card. Stop dealing; a pit boss must "
                                                 "identify it."),
    "unexpected": QT_TRANSLATE_NOOP("Sentences", "Card {0} came from the shoe when no card was expected. Stop "
                                                 "dealing; a pit boss must check the shoe."),
    "not_in_stock": QT_TRANSLATE_NOOP("Sentences", "Card {0} was already played and discarded this round. Stop "
                                                   "dealing; a pit boss must check the shoe."),
}

# ------------------------------------------------------------------------------------------ table faults
# TableFaultRaised.text: the shoe's faults as drivers/shoe1 words them, the camera's, and the table's own.
DEVICE_FAULTS = (
    QT_TRANSLATE_NOOP("Sentences", "{0} card(s) ({1}) left the shoe but never reached the controller, even after a "
                                   "RESYNC. Stop dealing; a pit boss must find the missing card(s) and enter them."),
    QT_TRANSLATE_NOOP("Sentences", "seq {0}"),
    QT_TRANSLATE_NOOP("Sentences", "seqs {0}"),
    QT_TRANSLATE_NOOP("Sentences", "The shoe sent seq {0} as {1}, but it was {2}. The card was not taken. Stop "
                                   "dealing; a pit boss must check the shoe and the cards on the table."),
    QT_TRANSLATE_NOOP("Sentences", "Card {0} (seq {1}) arrived late, after seq {2}: the cards may be out of order. "
                                   "Stop dealing; a pit boss must check the order of the cards on the table."),
    QT_TRANSLATE_NOOP("Sentences", "The shoe sent seq {0} ({1}) while the controller expected {2}: no shoe resends "
                                   "that far back, so the frame was damaged and the card was not taken. Stop "
                                   "dealing; a pit boss must check the cards on the table."),
    QT_TRANSLATE_NOOP("Sentences", "The shoe restarted (its uptime went back) while the controller expected seq "
                                   "{0}: its card count starts over. Stop dealing; a pit boss must check that every "
                                   "card dealt is on the table."),
    QT_TRANSLATE_NOOP("Sentences", "No heartbeat from the shoe for {0} s: it is switched off, unplugged, or its "
                                   "cable is loose. Stop dealing; check the shoe's power and cable."),
    # the link's own error ({0}, the operating system's words) is left to the journal
    QT_TRANSLATE_NOOP("Sentences", "The shoe's connection was lost ({0}). Stop dealing; check the cable. The "
                                   "controller reconnects by itself and asks the shoe to resend what it missed."),
    QT_TRANSLATE_NOOP("Sentences", "the camera sends no frames: check its cable and power; cards dealt meanwhile "
                                   "were not seen"),
    QT_TRANSLATE_NOOP("Sentences", "Nothing answers at {0}: is the shoe (or shoe-sim --tcp) running and the port "
                                   "right?"),
    QT_TRANSLATE_NOOP("Sentences", "Host of {0} is unknown: check the address."),
    QT_TRANSLATE_NOOP("Sentences", "Could not connect to {0}: {1}. Check the address and the network."),
    QT_TRANSLATE_NOOP("Sentences", "Serial port {0} does not exist: is the shoe plugged in and switched on? Check "
                                   "the URL."),
    QT_TRANSLATE_NOOP("Sentences", "Permission denied on {0}: add this user to the 'dialout' group (then log in "
                                   "again), or ask the administrator."),
    QT_TRANSLATE_NOOP("Sentences", "Serial port {0} is busy: another program has it open. Close it and try again."),
    QT_TRANSLATE_NOOP("Sentences", "Could not open serial port {0}: {1}. Check the cable and the URL."),
    QT_TRANSLATE_NOOP("Sentences", "No {0} is plugged in: check the cable and that the shoe is switched on."),
    QT_TRANSLATE_NOOP("Sentences", "USB shoe {0} with serial {1}"),
    QT_TRANSLATE_NOOP("Sentences", "USB shoe {0}"),
    QT_TRANSLATE_NOOP("Sentences", "Card {0} came from the shoe when no round expected one. Stop dealing; a pit "
                                   "boss must check the shoe and the table."),
    QT_TRANSLATE_NOOP("Sentences", "The clock jumped back {0} s. Check the system time."),
    QT_TRANSLATE_NOOP("Sentences", "The clock jumped forward {0} s. Check the system time."),
    QT_TRANSLATE_NOOP("Sentences", "Before the last restart the journal could not be written: {0}"),
    QT_TRANSLATE_NOOP("Sentences", "The journal {0} could not be written: {1}. Play is stopped and nothing after "
                                   "this point was recorded. Restart rptable; a pit boss must resolve the fault."),
    QT_TRANSLATE_NOOP("Sentences", "{0} is closed"),
)
PLAY_STOPPED = QT_TRANSLATE_NOOP("Sentences", "{0} Play is stopped until a pit boss resolves it (fault {1}).")
SHOE_REPORTS = QT_TRANSLATE_NOOP("Sentences", "The shoe reports {0} ({1}). Stop dealing; a pit boss must check the "
                                              "shoe and resolve the fault before play goes on.")
# SHOE/1's own fault codes (docs/shoe1-serial.md): what each means, whatever text the shoe sent with it
SHOE_CODES = {
    "E01": QT_TRANSLATE_NOOP("Sentences", "reader fault"),
    "E02": QT_TRANSLATE_NOOP("Sentences", "two cards drawn together"),
    "E03": QT_TRANSLATE_NOOP("Sentences", "card pushed back into the shoe"),
    "E04": QT_TRANSLATE_NOOP("Sentences", "jam"),
    "E05": QT_TRANSLATE_NOOP("Sentences", "cover opened while dealing"),
    "E07": QT_TRANSLATE_NOOP("Sentences", "link: a CARD went unacknowledged 5 times"),
}
FAULT_CODES = {  # a table fault whose text has no known shape, said from its code
    "OFFLINE": QT_TRANSLATE_NOOP("Sentences", "The shoe is offline. Stop dealing; check the shoe's power and "
                                              "cable."),
    "OPEN_FAILED": QT_TRANSLATE_NOOP("Sentences", "The shoe cannot be opened. Stop dealing; check the shoe's cable "
                                                  "and the console's card source."),
    "SEQ_GAP": QT_TRANSLATE_NOOP("Sentences", "Cards left the shoe but never reached the controller. Stop dealing; "
                                              "a pit boss must find the missing cards and enter them."),
    "SEQ_CONFLICT": QT_TRANSLATE_NOOP("Sentences", "The shoe sent a card the controller cannot trust. Stop "
                                                   "dealing; a pit boss must check the cards on the table."),
    "SEQ_ORDER": QT_TRANSLATE_NOOP("Sentences", "A card arrived late: the cards may be out of order. Stop dealing; "
                                                "a pit boss must check the order of the cards on the table."),
    "SEQ_RESTART": QT_TRANSLATE_NOOP("Sentences", "The shoe restarted. Stop dealing; a pit boss must check that "
                                                  "every card dealt is on the table."),
    "UNEXPECTED_CARD": QT_TRANSLATE_NOOP("Sentences", "A card came from the shoe when no round expected one. Stop "
                                                      "dealing; a pit boss must check the shoe and the table."),
    "CLOCK": QT_TRANSLATE_NOOP("Sentences", "The clock jumped. Check the system time."),
    "STORAGE": QT_TRANSLATE_NOOP("Sentences", "The journal could not be written. A pit boss must resolve the "
                                              "fault."),
}
SHOE_UNKNOWN_CODE = QT_TRANSLATE_NOOP("Sentences", "The shoe reports {0}. Stop dealing; a pit boss must check the "
                                                   "shoe and resolve the fault before play goes on.")

# ------------------------------------------------------------------------------------------ the journal's
# Why a card was held back (CardHeld.why), how a device's fault ended, and the journal's errors.
JOURNAL = (
    QT_TRANSLATE_NOOP("Sentences", "a table fault is open"),
    QT_TRANSLATE_NOOP("Sentences", "no round was expecting a card"),
    QT_TRANSLATE_NOOP("Sentences", "the round is stopped by a card fault"),
    QT_TRANSLATE_NOOP("Sentences", "the link returned"),
    QT_TRANSLATE_NOOP("Sentences", "Journal event {0} ({1}) cannot be replayed ({2}): the journal was damaged or "
                                   "edited. Keep it as it is and run `rptable audit verify`."),
    QT_TRANSLATE_NOOP("Sentences", "The journal {0} could not be read: {1}."),
)

# ---------------------------------------------------------------------------------------- the staff accounts
# AuthError's words for an account or PIN the store refuses (controller.table.security.users), when the console
# adds one.
ACCOUNTS = (
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password needs at least {0} characters (spaces at the ends do not "
                                   "count)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be one character repeated (111111)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be a run (123456, 654321, abcdef)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be the account's name."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be a few characters repeated (121212, 123123)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be one of those people choose most (such as 112233, "
                                   "159753 or qwerty): a guesser tries them first."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be a walk along the keys (qwerty, 1qaz2wsx, "
                                   "741852963)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be characters each written twice (112233, 11223344)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be two sequences woven together (a1b2c3, q1w2e3r4, "
                                   "142536)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be a common word with a number beside it (pass123, "
                                   "123abc, qwerty1)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password cannot be the account's name with a number or a sequence "
                                   "(anna2024, ivan123)."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password has at most {0} characters."),
    QT_TRANSLATE_NOOP("Sentences", "A PIN or password is letters, digits, signs and spaces: what was given holds "
                                   "control characters or bytes that are not text."),
    QT_TRANSLATE_NOOP("Sentences", "'{0}' is not a usable name: 1-40 letters, digits, '.', '-' or '_'."),
    QT_TRANSLATE_NOOP("Sentences", "There is already an account named '{0}'."),
)

# ---------------------------------------------------------------------------------------- the operator guard
# EdgeStatus.words (controller.measured.house_edges) and the table's refusal to open a round before an admin has
# acknowledged them (controller.table.controller).
GUARD = (
    QT_TRANSLATE_NOOP("Sentences", "{0} No round opens until then: an admin acknowledges it in the console (Staff "
                                   "[F7]), or with the console closed runs `{1}` (and --db URL for a table on the "
                                   "floor)."),
    QT_TRANSLATE_NOOP("Sentences", "The rules '{0}' favour a skilled player: one who follows basic strategy wins {1}% "
                                   "of the ante a round on average (95% interval {2}% to {3}% for the house, measured "
                                   "{4}). An admin must acknowledge this before a table opens on these rules."),
    QT_TRANSLATE_NOOP("Sentences", "The house edge of the rules '{0}' has never been measured, so nobody knows "
                                   "whether they favour a skilled player. Measure it with `rptable analyze --rules "
                                   "FILE --strategy basic`. An admin must acknowledge this before a table opens on "
                                   "these rules."),
    QT_TRANSLATE_NOOP("Sentences", "The house edge of '{0}' under basic strategy is {1}% of the ante, but its 95% "
                                   "interval {2}% to {3}% reaches zero: the rules may favour a skilled player. An "
                                   "admin must acknowledge this before a table opens on these rules."),
)

# ---------------------------------------------------------------------------------------- what comes next
# Expectation.text (controller.engine.guide), as a table reports it to the floor: the pit shows it per table.
GUIDE = (
    QT_TRANSLATE_NOOP("Sentences", "place antes"),
    QT_TRANSLATE_NOOP("Sentences", "place antes, or deal: {0}"),
    QT_TRANSLATE_NOOP("Sentences", "dealer: show your hand"),
    QT_TRANSLATE_NOOP("Sentences", "dealer: show your hand (box {0} may still insure)"),
    QT_TRANSLATE_NOOP("Sentences", "box {0}: buy the dealer a game or take the ante"),
    QT_TRANSLATE_NOOP("Sentences", "box {0}: {1}"),  # {1}: the box's choices ("fold, bet or exchange")
)
# A box's choices in that line: the engine's action words (ActionKind), joined by ", " and " or ".
CHOICES = {
    "fold": QT_TRANSLATE_NOOP("Sentences", "fold"),
    "bet": QT_TRANSLATE_NOOP("Sentences", "bet"),
    "buy": QT_TRANSLATE_NOOP("Sentences", "buy a 6th card"),
    "exchange": QT_TRANSLATE_NOOP("Sentences", "exchange"),
    "insure": QT_TRANSLATE_NOOP("Sentences", "insure"),
    "wait": QT_TRANSLATE_NOOP("Sentences", "wait"),
}
CHOICES_JOINED = (QT_TRANSLATE_NOOP("Sentences", ", "), QT_TRANSLATE_NOOP("Sentences", " or "))

# Words the sentences above hold in their values: an action, a hand, who holds a card, the round's moment.
WORDS = (
    QT_TRANSLATE_NOOP("Sentences", "fold"),
    QT_TRANSLATE_NOOP("Sentences", "bet"),
    QT_TRANSLATE_NOOP("Sentences", "buy a 6th card"),
    QT_TRANSLATE_NOOP("Sentences", "buy a card"),
    QT_TRANSLATE_NOOP("Sentences", "exchange"),
    QT_TRANSLATE_NOOP("Sentences", "insure"),
    QT_TRANSLATE_NOOP("Sentences", "no game"),
    QT_TRANSLATE_NOOP("Sentences", "ace king"),
    QT_TRANSLATE_NOOP("Sentences", "one pair"),
    QT_TRANSLATE_NOOP("Sentences", "two pair"),
    QT_TRANSLATE_NOOP("Sentences", "three of a kind"),
    QT_TRANSLATE_NOOP("Sentences", "straight"),
    QT_TRANSLATE_NOOP("Sentences", "flush"),
    QT_TRANSLATE_NOOP("Sentences", "full house"),
    QT_TRANSLATE_NOOP("Sentences", "four of a kind"),
    QT_TRANSLATE_NOOP("Sentences", "straight flush"),
    QT_TRANSLATE_NOOP("Sentences", "royal flush"),
    QT_TRANSLATE_NOOP("Sentences", "the dealer"),
    QT_TRANSLATE_NOOP("Sentences", "the discards"),
    QT_TRANSLATE_NOOP("Sentences", "bets are open and no box has an ante"),
    QT_TRANSLATE_NOOP("Sentences", "the dealer is to show his hand"),
    QT_TRANSLATE_NOOP("Sentences", "boxes are choosing whether to buy the dealer a game"),
    QT_TRANSLATE_NOOP("Sentences", "the dealer's draw is over"),
    *SHOE_CODES.values(),
)

# What SHOE/1 says of its state (STAT), and the link's own, for the shoe's status line.
DEVICE_STATES = {
    "EMPTY": QT_TRANSLATE_NOOP("Sentences", "EMPTY"),
    "COVER_OPEN": QT_TRANSLATE_NOOP("Sentences", "COVER OPEN"),
    "LOCKED": QT_TRANSLATE_NOOP("Sentences", "LOCKED"),
    "DISCONNECTED": QT_TRANSLATE_NOOP("Sentences", "DISCONNECTED"),
}


@dataclass(frozen=True)
class Shape:
    """A sentence's English template and the pattern that finds its values in a sentence written from it."""

    template: str
    pattern: re.Pattern[str]
    order: tuple[int, ...]  # the placeholder's number for each group of the pattern, in the sentence's order


def shape_of(template: str) -> Shape:
    """`Box {0} is already insured.` -> a pattern matching exactly such sentences, one group per value."""
    pieces = re.split(r"\{(\d+)\}", template)
    pattern = "".join(re.escape(piece) if i % 2 == 0 else "(.+?)" for i, piece in enumerate(pieces))
    return Shape(template, re.compile(pattern, re.DOTALL), tuple(int(n) for n in pieces[1::2]))


# The guide's lines before the card faults' words: "box {0}" would take "box 3: fold or bet" too.
SHAPES = tuple(shape_of(t) for t in (*REFUSALS, *GUIDE, *CARD_FAULTS, *DEVICE_FAULTS, PLAY_STOPPED, *JOURNAL,
                                      *GUARD, *ACCOUNTS))
_WORDS = frozenset(WORDS)


def _translated(template: str) -> str | None:
    """The template in the console's language; None when the console says it as written (English, or a sentence
    not translated yet)."""
    words = translate(CONTEXT, template)
    return None if words == template else words


def said(template: str, original: str, *values: str) -> str:
    """The template's translation filled with `values`, or `original` (the sentence as written) without one."""
    words = _translated(template)
    return original if words is None else words.format(*values)


def reworded(text: str) -> str:
    """A sentence of the engine, the table or a card source in the console's language: said again from the
    translation of its shape, or as it was written when it has no known shape or no translation."""
    if not text:
        return text
    return _reworded(text, QLocale().name())  # the language in use (ui.i18n sets the default locale with it)


@lru_cache(maxsize=2048)
def _reworded(text: str, _language: str) -> str:
    return _reworded_by(SHAPES, text, _language)


def reworded_by(shapes: tuple[Shape, ...], text: str) -> str:
    """`text` said again from the first of `shapes` it fits (its values through every known shape), or as it
    was written: for sentences whose shapes are too loose to try on every sentence (an age: `{0} s`)."""
    return _reworded_by(shapes, text, QLocale().name()) if text else text


def _reworded_by(shapes: tuple[Shape, ...], text: str, language: str) -> str:
    for shape in shapes:
        match = shape.pattern.fullmatch(text)
        if match is None:
            continue
        words = _translated(shape.template)
        if words is None:  # said as written, but for its amounts: grouped as the console writes chips
            groups = match.groups()
            grouped = [amount(int(value)) if CHIPS.fullmatch(value) else value for value in groups]
            if grouped == list(groups):
                return text
            values = [""] * (max(shape.order, default=-1) + 1)
            for number, value in zip(shape.order, grouped, strict=True):
                values[number] = value
            return shape.template.format(*values)
        values = [""] * (max(shape.order, default=-1) + 1)
        for number, value in zip(shape.order, match.groups(), strict=True):
            values[number] = _value_words(value, language)
        return words.format(*values)
    return text


DECIMAL = re.compile(r"[-−]?\d+\.\d+")  # a value the engine wrote with its decimal point: 8.38, -8.48
CHIPS = re.compile(r"\d{4,}")  # an amount the engine wrote without grouping: 40000 (a box or a card is 1-3 digits)


def _value_words(value: str, language: str) -> str:
    """A value within a sentence: a number with the language's decimal mark, a word the catalogue has, a box's
    choices, or a sentence of its own."""
    if DECIMAL.fullmatch(value):
        return percent(float(value.replace("−", "-")), len(value.rpartition(".")[2]))
    if CHIPS.fullmatch(value):
        return amount(int(value))
    if value in _WORDS:
        return translate(CONTEXT, value)
    choices = re.split(r", | or ", value)
    if all(choice in CHOICES for choice in choices):
        words = [translate(CONTEXT, CHOICES[choice]) for choice in choices]
        comma, last = (translate(CONTEXT, joiner) for joiner in CHOICES_JOINED)
        return comma.join(words[:-1]) + (last if len(words) > 1 else "") + words[-1]
    return _reworded(value, language)


def card_fault_words(fault: CardFault) -> str:
    """What a card fault says (a card read twice, unreadable, unexpected, not in the stock), with where the card
    was due when its text says so."""
    words = reworded(fault.text)
    if words != fault.text:
        return words
    template = CARD_FAULT_KINDS.get(fault.kind)
    if template is None:
        return fault.text
    return said(template, fault.text, fault.card.code if fault.card is not None else "??")


def device_fault_words(code: str, text: str) -> str:
    """A table fault (a device's, or the table's own: a card nobody expected, the clock, the journal) from its
    code, with its details where its text has a known shape. A SHOE/1 fault code is said from its meaning, not
    from the text the shoe sent with it."""
    meaning = SHOE_CODES.get(code)
    if meaning is not None:
        return said(SHOE_REPORTS, text, code, translate(CONTEXT, meaning))
    words = reworded(text)
    if words != text:
        return words
    template = FAULT_CODES.get(code)
    if template is None and re.fullmatch(r"E\d\d", code):
        template = SHOE_UNKNOWN_CODE
    return said(template, text, code) if template is not None else text


def stopped_words(controller: TableController) -> str | None:
    """Why play is stopped (TableController.locked_reason) in the console's words: its first open table fault,
    said from its code; None when play may go on."""
    reason = controller.locked_reason
    if reason is None:
        return None
    if controller.storage_error or not controller.faults:
        return reworded(reason)
    fault = next(iter(controller.faults.values()))
    return said(PLAY_STOPPED, reason, device_fault_words(fault.code, fault.text), fault.fault_id)


def device_state_word(state: str) -> str:
    """The shoe's state as SHOE/1 reports it (EMPTY, COVER_OPEN, LOCKED...), in the console's words."""
    template = DEVICE_STATES.get(state)
    return translate(CONTEXT, template) if template is not None else state
