"""Pay tables out of order: a lower hand (R-HAND-1) paid more than a higher one, almost always a slip in a rules file
(a straight flush at 500 above a royal at 100). Valid rules all the same: `rptable rules check` warns of them."""

from __future__ import annotations

from controller.core.hands import HandCategory
from controller.core.payouts import PayTable
from controller.core.rules import HouseRules


def outranked_pays(table: PayTable) -> list[tuple[HandCategory, list[HandCategory]]]:
    """Each paid category that pays more than some higher paid category, with those higher ones (low to high). A
    category paying nothing is left out: a table may pay only from some hand up (a bonus from three of a kind)."""
    paid = [c for c in HandCategory if table.pay(c)]
    found = []
    for lower in paid:
        higher = [c for c in paid if c > lower and table.pay(c) < table.pay(lower)]
        if higher:
            found.append((lower, higher))
    return found


def pay_order_warnings(rules: HouseRules) -> list[str]:
    """What a person reads of each pay table out of order: the main pays, then the bonus bet's where it is placed."""
    tables = [("pays", rules.pays)] + ([("bonus.pays", rules.bonus.pays)] if rules.bonus.enabled else [])
    warnings = []
    for section, table in tables:
        for lower, higher in outranked_pays(table):
            beaten = " and ".join(f"{section}.{c.name} ({table.pay(c)} to 1)" for c in higher)
            warnings.append(f"Pay table not in order: {section}.{lower.name} pays {table.pay(lower)} to 1, more than "
                            f"the higher {beaten}. A lower hand paying more than a higher one is most often a slip: "
                            "check these pays against the house's pay table.")
    return warnings
