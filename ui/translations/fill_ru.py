# ruff: noqa: E501 - a table of translations reads best one pair per line
"""Fills the Russian catalogue: `python ui/translations/fill_ru.py` after `pyside6-lupdate ui/*.py -ts
ui/translations/rptable_ru.ts -no-obsolete`, then `pyside6-lrelease ui/translations/rptable_ru.ts`.
A string missing here stays unfinished, and the test of the catalogue fails until it is translated."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

RU = {
    "(no rounds)": "(нет раундов)",
    "floor: reporting": "зал: данные передаются", " · {0} to send": " · {0} к отправке",
    "NOT REPORTING to the floor · {0} events wait": "НЕТ СВЯЗИ С ЗАЛОМ · {0} событий ждут отправки",
    "A card was read before any stakes were placed. Put it aside and place the antes first.":
        "Карта считана до ставок. Отложите её и сначала примите анте.",
    "A pit boss must log in to resolve faults and make overrides.":
        "Для устранения сбоев и исправлений должен войти пит-босс.",
    "Adjust payment (+ to the player)": "Корректировка выплаты (+ игроку)",
    "Ante": "Анте", "Ante {0}": "Анте {0}", "Audit [F3]": "Аудит [F3]", "Audit — table {0}": "Аудит — стол {0}",
    "Bet {0}": "Ставка {0}", "Blind": "Вслепую", "Bonus": "Бонус", "Bonus {0}": "Бонус {0}", "Box": "Бокс",
    "Box {0}": "Бокс {0}", "Box {0}: buy the dealer a game or take the ante":
        "Бокс {0}: купить игру дилеру или взять анте",
    "Box {0}: player decides": "Бокс {0}: решение игрока", "Box {0}: {1}": "Бокс {0}: {1}",
    "Box {0}: {1}  ({2})": "Бокс {0}: {1}  ({2})", "Boxes": "Боксы", "Card fault: {0}": "Сбой карты: {0}",
    "Card refused: {0}": "Карта отклонена: {0}", "Close": "Закрыть", "Confirm paid": "Выплачено",
    "Correct card": "Исправить карту", "Deal box {0} its drawn card": "Сдайте боксу {0} прикупленную карту",
    "Deal the dealer's new card": "Сдайте дилеру новую карту", "Deal to box {0}": "Сдайте на бокс {0}",
    "Deal to the dealer": "Сдайте дилеру", "Dealer": "Дилер", "Dealer: {0}": "Дилер: {0}",
    "Dismiss the read (not a card in play)": "Отменить считывание (не карта игры)",
    "Done; journaled as {0}.": "Готово; записано в журнал как {0}.", "Draw {0}": "Обмен {0}",
    "English [F4]": "English [F4]", "Exchange {0} card(s) — box {1} ({2})": "Обмен {0} карт — бокс {1} ({2})",
    "Game bought {0}": "Игра куплена {0}", "Hold % by box": "Холд % по боксам", "Hold % by hour": "Холд % по часам",
    "House net": "Итог казино", "Insurance {0}": "Страховка {0}",
    "JOURNAL FAILS VERIFICATION at event {0}: {1}": "ЖУРНАЛ НЕ ПРОШЁЛ ПРОВЕРКУ на событии {0}: {1}",
    "Journal verified: {0} events, {1} rounds; the hash chain is intact and every payment recomputes.":
        "Журнал проверен: {0} событий, {1} раундов; цепочка хешей цела, все выплаты пересчитаны.",
    "Last 10": "Последние 10", "Log in": "Войти", "Log out and close": "Выйти и закрыть",
    "Logged in as {0}.": "Вход выполнен: {0}.", "NOT CONNECTED": "НЕ ПОДКЛЮЧЁН", "Name": "Имя",
    "Next round": "Следующий раунд", "No box can do this now.": "Сейчас ни один бокс не может это сделать.",
    "No card is due now.": "Сейчас карта не ожидается.", "No fault is open.": "Открытых сбоев нет.",
    "No round is open: place antes first.": "Раунд не начат: сначала примите анте.", "Not now.": "Не сейчас.",
    "Opened": "Начат", "PIN": "PIN", "Paid ✓": "Выплачено ✓", "Payments": "Выплаты", "Phase: {0}": "Фаза: {0}",
    "Pit boss": "Пит-босс", "Pit boss [F2]": "Пит-босс [F2]", "Pit boss login [F2]": "Вход пит-босса [F2]",
    "Place antes first.": "Сначала примите анте.", "Place antes, then close bets": "Примите анте, затем закройте ставки",
    "Place more antes, or close bets and deal": "Примите ещё анте или закройте ставки и сдавайте",
    "Place stakes": "Принять ставки", "Player": "Игрок", "Reason": "Причина", "Refused: {0}": "Отказано: {0}",
    "Replay (select a finished round)": "Повтор (выберите завершённый раунд)",
    "Resolve table fault": "Устранить сбой стола", "Reveal the dealer's hand": "Откройте карты дилера",
    "Round": "Раунд", "Round over: next round": "Раунд окончен: следующий раунд", "Rounds": "Раунды",
    "STOP: card fault — call a pit boss": "СТОП: сбой карты — вызовите пит-босса",
    "STOP: table fault — call a pit boss": "СТОП: сбой стола — вызовите пит-босса",
    "Select {0} to {1} cards to discard: click them or press 1-6.":
        "Выберите от {0} до {1} карт на обмен: нажмите на них или 1-6.",
    "Fault resolved: the shoe's gate is open again.": "Сбой устранён: заслонка шуза снова открыта.",
    "Fault resolved: the shoe's gate opens again as soon as the shoe is back online.":
        "Сбой устранён: заслонка шуза откроется, как только шуз снова будет на связи.",
    "Shift report": "Отчёт смены", "Shoe {0}": "Шуз {0}", "Shoe: status unavailable ({0})": "Шуз: статус недоступен ({0})",
    "Status": "Статус", "Step": "Шаг", "Step back": "Назад",
    "Stop dealing. A pit boss must log in to resolve it, correct the card or void the round.":
        "Прекратите сдачу. Пит-босс должен войти, чтобы устранить сбой, исправить карту или аннулировать раунд.",
    "Table fault {0} ({1}): {2}": "Сбой стола {0} ({1}): {2}", "The card source stopped: {0}": "Источник карт остановлен: {0}",
    "The last {0} rounds, oldest first.": "Последние {0} раундов, сначала старые.",
    "The staff accounts cannot be read: {0}": "Не удаётся прочитать учётные записи: {0}",
    "There is no staff account yet. Create one with: rptable users add NAME --role pit_boss":
        "Учётных записей ещё нет. Создайте: rptable users add ИМЯ --role pit_boss",
    "This round is still in play: it can be replayed once it closes.":
        "Раунд ещё идёт: повтор будет доступен после его завершения.",
    "Tick the boxes that play and set their antes.": "Отметьте играющие боксы и укажите анте.",
    "Verification": "Проверка", "Verify again": "Проверить снова", "Void the round (stakes returned)":
        "Аннулировать раунд (ставки возвращаются)", "Wagered": "Ставки",
    "Waiting for the shoe to deliver the card.": "Ожидание карты из шуза.", "ante {0}": "анте {0}",
    "bet placed": "ставка сделана", "bet {0}": "ставка {0}", "blind": "вслепую", "box ": "бокс ",
    "box {0}": "бокс {0}", "complete": "завершён", "connected": "подключён", "does not qualify": "не в игре",
    "face-down card {0}": "закрытая карта {0}", "folded": "сброс", "gate locked": "заслонка закрыта",
    "heartbeat {0} s ago": "сигнал {0} с назад", "in play": "идёт", "insurance {0}": "страховка {0}",
    "journal #{0}": "журнал №{0}", "name (optional)": "имя (необязательно)", "no stakes": "нет ставок",
    "none": "нет", "qualifies": "в игре", "rptable — table {0} — {1}": "rptable — стол {0} — {1}",
    "table {0}": "стол {0}", "the card as dealt, e.g. QS or 10H": "карта, как сдана, напр. QS или 10H",
    "to act": "ходит", "voided": "аннулирован", "waiting for {0} card(s)": "ждёт карт: {0}",
    "why (journaled with your name)": "причина (пишется в журнал с вашим именем)",
    "{0} cards left": "осталось карт: {0}",
    "Theoretical win {0} · theoretical hold {1}% (the house edge under the basic strategy)":
        "Теоретический выигрыш {0} · теоретический холд {1}% (преимущество казино при базовой стратегии)",
    "no measured house edge for the rules {0}: their rounds count 0 theoretical":
        "для правил {0} преимущество казино не измерено: их раунды в теоретическом выигрыше не учтены",
    "{0} rounds · drop {1} · house win {2} · hold {3}% · {4} voided · {5} adjustments":
        "раундов: {0} · дроп {1} · выигрыш казино {2} · холд {3}% · аннулировано {4} · корректировок {5}",
    "{0} to {1}": "от {0} до {1}", "{0} — box {1}": "{0} — бокс {1}", "Русский [F4]": "Русский [F4]",
    "betting": "ставки", "dealing": "сдача", "decisions": "решения", "reveal": "вскрытие", "buying": "покупка игры",
    "dealer draws": "прикуп дилера", "closed": "закрыт",
    "Exchange — box {0}: pick cards (1-6)": "Обмен — бокс {0}: выберите карты (1-6)",
    # Words
    "no game": "нет игры", "ace-king": "туз-король", "pair": "пара", "two pair": "две пары",
    "three of a kind": "тройка", "straight": "стрит", "flush": "флеш", "full house": "фулл-хаус",
    "four of a kind": "каре", "straight flush": "стрит-флеш", "royal flush": "роял-флеш", "wins": "выигрыш",
    "ties": "ничья", "loses": "проигрыш", "dealer does not qualify": "у дилера нет игры", "void": "аннулирован",
    # Actions
    "Draw card": "Взять карту", "Close bets": "Закрыть ставки", "Fold": "Пас", "Bet": "Ставка",
    "Buy 6th card": "Купить 6-ю карту", "Exchange": "Обмен", "Insure": "Страховка", "Reveal dealer": "Открыть дилера",
    "Buy a game": "Купить игру", "Take the ante": "Взять анте", "Close buying": "Закрыть покупку",
    # Payments
    "ante": "анте", "bet": "ставка", "draw": "обмен", "insurance": "страховка", "bonus": "бонус",
    "buy a game": "покупка игры", "adjustment": "корректировка",
    "Pay box {0}: {1}": "Выплатить боксу {0}: {1}", "Collect from box {0}: {1}": "Забрать с бокса {0}: {1}",
    "Box {0}: return the stakes": "Бокс {0}: вернуть ставки",
}


def fill(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    missing = []

    def translate(match: re.Match[str]) -> str:
        source = html.unescape(match.group(1))
        if source not in RU:
            missing.append(source)
            return match.group(0)
        return f"<source>{match.group(1)}</source>\n        <translation>{html.escape(RU[source], quote=False)}</translation>"

    text = re.sub(r"<source>(.*?)</source>\s*<translation[^>]*>.*?</translation>", translate, text, flags=re.S)
    path.write_text(text, encoding="utf-8")
    for source in missing:
        print(f"untranslated: {source!r}", file=sys.stderr)
    return len(missing)


if __name__ == "__main__":
    sys.exit(1 if fill(Path(__file__).with_name("rptable_ru.ts")) else 0)
