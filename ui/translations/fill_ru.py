# ruff: noqa: E501 - a table of translations reads best one pair per line
"""Fills the Russian catalogue: `python ui/translations/fill_ru.py` after `pyside6-lupdate ui/*.py ui/pit/*.py ui/jackpot/*.py
-ts ui/translations/rptable_ru.ts -no-obsolete`, then `pyside6-lrelease ui/translations/rptable_ru.ts`.
A string missing here stays unfinished, and the test of the catalogue fails until it is translated.

The words are a Russian casino's: бокс, анте, ставка, пас, обмен, покупка 6-й карты, прикуп, страховка, купить
игру дилеру, втёмную (a blind box), пит-босс, шуз, заслонка шуза (its gate). `RU` holds a translation for a source
text in every context; `IN_CONTEXT` one for a context where the same English needs other Russian (a rank after
"до" is in the genitive, on its own in the nominative). A translation given as three forms is a count's (`%n`):
one, few, many (1 карту, 2 карты, 5 карт)."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

Translation = str | tuple[str, str, str]

RU: dict[str, Translation] = {
    # ---------------------------------------------------------------------------------------- the main screen
    "rptable — table {0} — {1}": "rptable — стол {0} — {1}",
    "Pit boss [F2]": "Пит-босс [F2]", "Audit [F3]": "Аудит [F3]", "Русский [F4]": "Русский [F4]", "English [F4]": "English [F4]",
    "Pit boss login [F2]": "Вход пит-босса [F2]", "Next round": "Следующий раунд",
    "Rules: {0}": "Правила: {0}", "Rules in force": "Действующие правила", "Shoe offline": "Шуз не на связи", "Gate LOCKED": "Заслонка ЗАКРЫТА", "Gate open": "Заслонка открыта",
    "Dealer: {0}": "Дилер: {0}", "No dealer signed in": "Дилер не вошёл", "Sign in": "Вход", "Dealer: {0} · {1} min": "Дилер: {0} · {1} мин",
    "Next dealer": "Смена дилера",
    # ------------------------------------------------------------------- staff and setup, the first run (F7)
    "An admin acknowledges the house rules first: Staff [F7]": "Сначала администратор подтверждает правила казино: Персонал [F7]",
    "Box {0} bets {1}?": "Бокс {0} ставит {1}?",
    "Adjust box {0} by {1}? Press again to adjust it": "Поправить выплату боксу {0} на {1}? Нажмите ещё раз",
    "Undo box {0}'s confirmation? Press again to undo it": "Отменить подтверждение бокса {0}? Нажмите ещё раз",
    "the simulated shoe dealt {0}": "симулятор шуза сдал {0}",
    "Done; journaled as {0}, approved by {1}.": "Готово; в журнале: {0}, одобрил {1}.",
    "insurance returned {0}": "страховка возвращена {0}",
    "Sign in to deal [F6]": "Войдите, чтобы сдавать [F6]", "Staff and setup [F7]": "Персонал и настройка [F7]",
    "There is no staff account yet: make the first admin in Staff and setup [F7].": "Учётных записей персонала ещё нет: создайте первого администратора в разделе «Персонал и настройка» [F7].",
    "First run — table {0}": "Первый запуск — стол {0}",
    "Welcome. This table has no staff account yet. Make its first admin: the admin adds the dealers and pit bosses, and acknowledges the house rules where they need it. Choose a name and a PIN of at least 6 characters (not a run like 123456).": "Добро пожаловать. У этого стола ещё нет учётных записей персонала. Создайте первого администратора: он добавляет дилеров и пит-боссов и подтверждает правила казино, если это требуется. Выберите имя и PIN не короче 6 символов (не подряд идущие, как 123456).",
    "Admin's name": "Имя администратора", "Make the first admin": "Создать администратора", "Later": "Позже",
    "PIN again": "PIN ещё раз", "The two PINs differ: type the PIN again, twice.": "PIN не совпадают: введите PIN ещё раз, дважды.",
    "Staff and setup — table {0}": "Персонал и настройка — стол {0}",
    "An admin logs in to add staff accounts and to acknowledge the house rules.": "Администратор входит, чтобы добавить учётные записи и подтвердить правила казино.",
    "House rules": "Правила казино", "Reason (journaled with your name)": "Причина (в журнал с вашим именем)",
    "Acknowledge the rules": "Подтвердить правила", "Add an account": "Новая учётная запись", "Role": "Роль",
    "Add the account": "Добавить",
    "Acknowledged by {0}: the table may open on these rules.": "Подтверждено: {0}; стол может работать по этим правилам.",
    "The house keeps an edge under these rules: nothing to acknowledge.": "По этим правилам преимущество у казино: подтверждать нечего.",
    "Accounts: {0}": "Учётные записи: {0}", "The rules are acknowledged: rounds may open on them.": "Правила подтверждены: раунды можно открывать.",
    "{0} can now log in as {1}.": "{0} может войти как {1}.",
    "A PIN or password needs at least {0} characters (spaces at the ends do not count).": "PIN или пароль — не короче {0} символов (пробелы по краям не считаются).",
    "A PIN or password cannot be one character repeated (111111).": "PIN или пароль не может состоять из одного повторённого символа (111111).",
    "A PIN or password cannot be a run (123456, 654321, abcdef).": "PIN или пароль не может быть последовательностью (123456, 654321, abcdef).",
    "A PIN or password cannot be the account's name.": "PIN или пароль не может совпадать с именем.",
    "A PIN or password cannot be a few characters repeated (121212, 123123).": "PIN или пароль не может быть повтором нескольких символов (121212, 123123).",
    "A PIN or password cannot be one of those people choose most (such as 112233, 159753 or qwerty): a guesser tries them first.":
        "PIN или пароль не может быть одним из самых частых (например, 112233, 159753 или qwerty): их подбирают первыми.",
    "A PIN or password cannot be a walk along the keys (qwerty, 1qaz2wsx, 741852963).":
        "PIN или пароль не может быть дорожкой по клавишам (йцукен, 1йфя2цыч, 741852963).",
    "A PIN or password cannot be characters each written twice (112233, 11223344).":
        "PIN или пароль не может состоять из символов, каждый из которых написан дважды (112233, 11223344).",
    "A PIN or password cannot be two sequences woven together (a1b2c3, q1w2e3r4, 142536).":
        "PIN или пароль не может быть двумя последовательностями вперемежку (а1б2в3, й1ц2у3к4, 142536).",
    "A PIN or password cannot be a common word with a number beside it (pass123, 123abc, qwerty1).":
        "PIN или пароль не может быть частым словом с числом рядом (пароль123, 123абв, йцукен1).",
    "A PIN or password cannot be the account's name with a number or a sequence (anna2024, ivan123).":
        "PIN или пароль не может быть именем с числом или последовательностью (анна2024, иван123).",
    "A PIN or password has at most {0} characters.": "PIN или пароль — не длиннее {0} символов.",
    "A PIN or password is letters, digits, signs and spaces: what was given holds control characters or bytes that are not text.":
        "PIN или пароль состоит из букв, цифр, знаков и пробелов: в введённом есть управляющие символы или байты, которые не являются текстом.",
    "'{0}' is not a usable name: 1-40 letters, digits, '.', '-' or '_'.": "«{0}» не годится как имя: 1–40 букв, цифр, «.», «-» или «_».",
    "There is already an account named '{0}'.": "Учётная запись «{0}» уже есть.",
    "Shoe: status unavailable ({0})": "Шуз: статус недоступен ({0})", "Shoe {0}": "Шуз {0}", "connected": "подключён",
    "NOT CONNECTED": "НЕ ПОДКЛЮЧЁН", "heartbeat {0} s ago": "сигнал {0} с назад", "{0} cards left": "осталось карт: {0}",
    "gate locked": "заслонка закрыта", "table {0}": "стол {0}", "journal #{0}": "журнал №{0}",
    "Tap an amount to type it": "Коснитесь суммы, чтобы ввести её",
    # the line saying whether the table reports to the floor
    "shoe not authenticated": "шуз не аутентифицирован",
    "House edge {0}% may favour a skilled player: a pit boss checks these rules.": "Преимущество казино {0}% может оказаться у опытного игрока: пит-босс проверяет эти правила.",
    "floor: reporting": "зал: данные передаются", " · {0} to send": " · к отправке: {0}",
    "NOT REPORTING to the floor · {0} events wait": "НЕТ СВЯЗИ С ЗАЛОМ · событий ждут отправки: {0}",
    # ------------------------------------------------------------------------------------------------ the pit
    "Shoe not authenticated": "Шуз не аутентифицирован",
    "Its cards are not proved: a plain SHOE/1 shoe, whose cable a wire could deal through":
        "Его карты ничем не подтверждены: шуз без ключа, через кабель которого можно сдать любую карту",
    "rptable — pit": "rptable — пит", "Reading table {0} from the database…": "Стол {0} читается из базы данных…",
    "Pit · {0} tables": "Пит · столов: {0}", " · {0} with faults": " · со сбоями: {0}", " · {0} not reporting": " · нет связи: {0}",
    " · {0} idle": " · простаивают: {0}", "IDLE {0}: dealer {1} signed in, no round": "ПРОСТОЙ {0}: дилер {1} на месте, раундов нет",
    "⚠ FAULT: {0}": "⚠ СБОЙ: {0}", "⚠ NOT REPORTING: {0}": "⚠ НЕТ СВЯЗИ: {0}", "⚠ IDLE with a dealer signed in: {0}": "⚠ ПРОСТОЙ при дилере на месте: {0}",
    "Tables ({0})": "Столы ({0})", "Players today ({0})": "Игроки сегодня ({0})", "Players today (not rated)": "Игроки сегодня (без оценки)", "Table": "Стол", "Time played": "Время игры",
    "Avg bet": "Средняя ставка", "Theo win": "Теор. выигрыш", "Actual win": "Факт. выигрыш", "EV lost a decision": "Потеря EV на решение",
    "JACKPOT PENDING · hit #{0}: table {1}, round {2}, box {3}, {4} — {5}": "ДЖЕКПОТ ОЖИДАЕТ · выигрыш №{0}: стол {1}, раунд {2}, бокс {3}, {4} — {5}",
    "Confirm (hand verified)": "Подтвердить (рука проверена)", "Reject…": "Отклонить…",
    "Confirm jackpot hit #{0}: table {1}, box {2}, {3}, pays {4}. Log in only once you have verified the hand at the table.": "Подтвердить выигрыш джекпота №{0}: стол {1}, бокс {2}, {3}, выплата {4}. Входите, только проверив руку за столом.",
    "Confirm jackpot hit #{0} — pit boss": "Подтвердить джекпот №{0} — пит-босс", "Reject jackpot hit #{0} — pit boss": "Отклонить джекпот №{0} — пит-босс",
    "Jackpot hit #{0} confirmed by {1}: table {2} pays box {3} {4}.": "Выигрыш джекпота №{0} подтвердил {1}: стол {2} выплачивает боксу {3} {4}.",
    "Jackpot hit #{0} was confirmed already, by {1}: table {2}, box {3}, {4}.": "Выигрыш джекпота №{0} уже подтвердил {1}: стол {2}, бокс {3}, {4}.",
    "Reject jackpot hit #{0}": "Отклонить выигрыш джекпота №{0}",
    "Why is the hand at table {0}, box {1} not the {2} the shoe read? Kept with your name.": "Почему рука за столом {0}, бокс {1} — не {2}, прочитанная шузом? Сохраняется с вашим именем.",
    "Not rejected: a rejected jackpot needs a reason.": "Не отклонено: для отклонения джекпота нужна причина.",
    "Reject jackpot hit #{0} (table {1}, box {2}): not paid, its {3} goes back into the meter. Reason: {4}": "Отклонить выигрыш джекпота №{0} (стол {1}, бокс {2}): не выплачивается, {3} возвращается в счётчик. Причина: {4}",
    "Jackpot hit #{0} rejected by {1}: not paid, the meter unlocks.": "Выигрыш джекпота №{0} отклонил {1}: не выплачен, счётчик разблокирован.",
    "Jackpot hit #{0} rejected by {1}: not paid. The meter stays locked: hit #{2} (table {3}, box {4}) still waits for a pit boss.":
        "Выигрыш джекпота №{0} отклонил {1}: не выплачен. Счётчик остаётся заблокированным: выигрыш №{2} (стол {3}, бокс {4}) ещё ждёт пит-босса.",
    "Jackpot hit #{0} was rejected already, by {1}.": "Выигрыш джекпота №{0} уже отклонил {1}.",
    "Rating today's players…": "Идёт оценка сегодняшних игроков…", "No named player today.": "Сегодня игроков с именем нет.",
    "Decisions valued": "Оценено решений", "{0} of {1}": "{0} из {1}", "{0} min": "{0} мин",
    "Staked a round on average: the ante and every later stake": "Ставка за раунд в среднем: анте и все последующие ставки",
    "The house's expected win from this player's play": "Ожидаемый выигрыш казино от игры этого игрока",
    "The house's win from this player (+: the house won)": "Выигрыш казино у этого игрока (+: казино выиграло)",
    "Antes lost a decision against basic strategy (−: better than basic)": "Потеря в анте на решение против базовой стратегии (−: лучше базовой)",
    "{0} decisions valued of {1}; their cost {2} antes (95% interval {3} to {4})": "Оценено решений: {0} из {1}; их цена {2} анте (95% интервал от {3} до {4})",
    "Players: {0} rated today, none flagged": "Игроки: сегодня оценено {0}, отмеченных нет",
    "⚑ <b>{0}</b> at {1} ({2} rounds): {3}": "⚑ <b>{0}</b> за столом {1} (раундов: {2}): {3}",
    "Database: connected, listening for the tables' reports": "База данных: подключена, ждёт данных от столов",
    "DATABASE UNREACHABLE — what you see may be old: {0}": "БАЗА ДАННЫХ НЕДОСТУПНА — данные на экране могут быть устаревшими: {0}",
    "Open {0}: rounds, replay, last 10, faults and overrides": "Открыть {0}: раунды, повтор, последние 10, сбои и исправления",
    "FAULT {0} {1} ({2}): {3}": "СБОЙ {0} {1} ({2}): {3}",
    "{0} rounds · drop {1} · win {2}": "раундов {0} · дроп {1} · выигр. {2}", "1 round · drop {1} · win {2}": "раундов 1 · дроп {1} · выигр. {2}",
    "Today (UTC): rounds closed, drop and house win": "Сегодня (UTC): закрытые раунды, дроп и выигрыш казино",
    " ({0} rounds without a measured edge)": " (раундов без измеренного преимущества: {0})",
    "Hold {0}% · theor. {1}% ({2}){3}": "Холд {0}% · теор. {1}% ({2}){3}",
    "last event {0} ago": "посл. событие {0} назад", "REFUSED by the database: {0}": "ОТКЛОНЕНО базой данных: {0}",
    "NOT REPORTING (last heard {0} ago) · {1}": "НЕТ СВЯЗИ (последний сигнал {0} назад) · {1}",
    "NOT REPORTING (never heard from) · {0}": "НЕТ СВЯЗИ (сигналов не было) · {0}", "no event yet": "событий ещё не было",
    "closed at {0} UTC": "закрыт в {0} UTC", " · {0} events on their way": " · событий в пути: {0}", "reporting · {0}": "на связи · {0}",
    "{0} — audit from the floor database": "{0} — аудит по базе данных зала", "Faults and overrides": "Сбои и исправления",
    "the table's last day of play": "последний игровой день стола", "the table's whole history": "всю историю стола",
    "No fault and no override in {0}.": "Ни сбоев, ни исправлений за {0}.",
    "Time (UTC)": "Время (UTC)", "Who": "Кто", "What": "Что",
    "between rounds (last round {0})": "между раундами (последний раунд {0})", "no round yet": "раундов ещё не было", "round {0} at {1}: {2}": "раунд {0}, {1}: {2}",
    "{0} h {1} min": "{0} ч {1} мин", "{0} min {1} s": "{0} мин {1} с", "{0} s": "{0} с", "never": "никогда",
    "decisions beat basic: {0} antes per decision over {1} valued decisions (total {2} antes, 95% interval {3} to {4})":
        "решения лучше базовой стратегии: {0} анте на решение по {1} оценённым решениям (всего {2} анте, 95% интервал от {3} до {4})",
    "won {0} against an expected {1}: {2} standard deviations above expectation over {3} rounds":
        "выиграл {0} при ожидаемых {1}: на {2} стандартных отклонения выше ожидания за {3} раундов",
    "lost {0} against an expected {1}: {2} standard deviations below expectation over {3} rounds":
        "проиграл {0} при ожидаемых {1}: на {2} стандартных отклонения ниже ожидания за {3} раундов",
    "The floor database {0} refused the password ({1}). Check the password in the URL, or ask the database administrator whether it was changed or revoked.":
        "База данных зала {0} не приняла пароль. Проверьте пароль в URL или спросите администратора базы данных, не был ли он изменён или отозван.",
    "The floor database {0} does not exist ({1}). Check the URL's database name.":
        "Базы данных зала {0} не существует. Проверьте имя базы данных в URL.",
    "The floor database {0} refused this user ({1}). The user needs to create tables and write rows there: ask the database administrator.":
        "База данных зала {0} не пускает этого пользователя. Ему нужно право создавать таблицы и записывать строки: обратитесь к администратору базы данных.",
    "The floor database {0} cannot be reached ({1}). Check that it is running and reachable.":
        "База данных зала {0} недоступна. Проверьте, что она запущена и доступна по сети.",
    "The floor database {0} cannot be used ({1}).": "Базу данных зала {0} нельзя использовать.",
    # what a table expects next, as the pit shows it
    "place antes": "примите анте", "place antes, or deal: {0}": "примите анте или сдавайте: {0}",
    "dealer: show your hand": "дилер: откройте карты",
    "dealer: show your hand (box {0} may still insure)": "дилер: откройте карты (бокс {0} ещё может застраховаться)",
    "box {0}: buy the dealer a game or take the ante": "бокс {0}: купить игру дилеру или взять анте",
    "box {0}: {1}": "бокс {0}: {1}", "wait": "ждать", ", ": ", ", " or ": " или ",
    # the yellow line
    "STOP: table fault — call a pit boss": "СТОП: сбой стола — вызовите пит-босса",
    "STOP: card fault — call a pit boss": "СТОП: сбой карты — вызовите пит-босса",
    "Place antes, then close bets": "Примите анте, затем закройте ставки",
    "Place more antes, or close bets and deal": "Примите ещё анте или закройте ставки и сдавайте",
    "Round over: next round": "Раунд окончен: следующий раунд",
    "Deal to box {0}": "Сдайте на бокс {0}", "Deal to the dealer": "Сдайте дилеру",
    "Deal box {0} its drawn cards: {1} to go": "Сдайте боксу {0} прикупленные карты: осталось {1}",
    "Deal box {0} its drawn card": "Сдайте боксу {0} прикупленную карту",
    "Deal the dealer's new card": "Сдайте дилеру новую карту", "Reveal the dealer's hand": "Откройте карты дилера",
    "Box {0}: buy the dealer a game or take the ante": "Бокс {0}: купить игру дилеру или взять анте",
    "Box {0}: player decides": "Бокс {0}: решение игрока",
    # the second press of a money action
    "Fold box {0}?": "Бокс {0}: пас?", "Buy box {0} a 6th card for {1}?": "Бокс {0}: купить 6-ю карту за {1}?",
    "Exchange %n card(s) of box {0} for {1}?": ("Бокс {0}: обменять %n карту за {1}?", "Бокс {0}: обменять %n карты за {1}?",
                                                "Бокс {0}: обменять %n карт за {1}?"),
    "Box {0} buys the dealer a game for {1}?": "Бокс {0} покупает игру дилеру за {1}?",
    "Box {0} takes the ante?": "Бокс {0} берёт анте?", "Insure box {0} for {1}?": "Бокс {0}: страховка {1}?",
    "Press {0} again or Enter; Esc cancels.": "Нажмите {0} ещё раз или Enter; Esc — отмена.",
    "Void the round? Press again to void it": "Аннулировать раунд? Нажмите ещё раз",
    # the notice and the fault banner
    "Refused: {0}": "Отказано: {0}", "Card refused: {0}": "Карта не принята: {0}",
    "The card source stopped: {0}": "Источник карт остановлен: {0}",
    "Fault resolved: the shoe's gate is open again.": "Сбой устранён: заслонка шуза снова открыта.",
    "Fault resolved: the shoe's gate opens again as soon as the shoe is back online.":
        "Сбой устранён: заслонка шуза откроется, как только шуз снова будет на связи.",
    "stop dealing": "прекратите сдачу", "STOP DEALING.": "ПРЕКРАТИТЕ СДАЧУ.",
    "A pit boss must log in to resolve it, correct the card or void the round.":
        "Пит-босс должен войти, чтобы устранить сбой, исправить карту или аннулировать раунд.",
    # the actions
    "Draw card": "Сдать карту", "Close bets": "Закрыть ставки", "Place stakes": "Принять ставки", "Withdraw stakes": "Снять ставки",
    "Repeat last bets": "Повторить ставки", "Fold": "Пас", "Bet": "Ставка", "Buy 6th card": "Купить 6-ю карту", "Exchange": "Обмен",
    "Insure": "Страховка", "Reveal dealer": "Открыть дилера", "Buy a game": "Купить игру", "Take the ante": "Взять анте",
    "Close buying": "Закрыть покупку",
    "{0} — box {1}": "{0} — бокс {1}", " — box {0}": " — бокс {0}",
    "Exchange %n card(s) — box {0} ({1})": ("Обменять %n карту — бокс {0} ({1})", "Обменять %n карты — бокс {0} ({1})",
                                            "Обменять %n карт — бокс {0} ({1})"),
    "Exchange — box {0}: pick cards (1-6)": "Обмен, бокс {0}: отметьте карты",
    "Select {0} to {1} cards to discard: tap them or press 1-6.": "Выберите от {0} до {1} карт на обмен: коснитесь их или нажмите 1-6.",
    "Every card of the shoe's order is dealt ({0} cards): start the console again with another order file, or without one for shuffled packs.": "Все карты заданного порядка шуза сданы (всего {0}): перезапустите консоль с другим файлом порядка или без него, чтобы колоды тасовались.",
    "Waiting for the shoe to deliver the card.": "Ожидание карты из шуза.", "Place antes first.": "Сначала примите анте.",
    "No card is due now.": "Сейчас карта не ожидается.", "No round is open: place antes first.": "Раунд не начат: сначала примите анте.",
    "No box can do this now.": "Сейчас ни один бокс не может это сделать.", "Not now.": "Не сейчас.",
    "No box may insure now: insurance goes with a box's bet.": "Сейчас ни один бокс не может застраховаться: страховка делается вместе со ставкой.",
    "Insurance, box {0}": "Страховка, бокс {0}", "⇄ box {0}": "⇄ бокс {0}",
    "Type box {0}'s insurance, then Enter.": "Введите страховку бокса {0} и нажмите Enter.",
    # stakes
    "Type an ante in a box first.": "Сначала введите анте в боксе.",
    "Tap a box whose stakes are placed, then withdraw them.": "Коснитесь бокса с принятыми ставками, затем снимите их.",
    "No earlier round at this table to repeat.": "За этим столом ещё не было раунда, чтобы его повторить.",
    "Type an ante in the boxes that play, then place their stakes.": "Введите анте в играющих боксах, затем примите ставки.",
    "Last round's stakes filled in: check them, then place them (P).": "Ставки прошлого раунда заполнены: проверьте и примите их (P).",
    "Box {0}: stakes typed in but not placed. Place them, or leave the box out of this round?":
        "Бокс {0}: ставки введены, но не приняты. Принять их или оставить бокс вне этого раунда?",
    "Boxes {0}: stakes typed in but not placed. Place them, or leave these boxes out of this round?":
        "Боксы {0}: ставки введены, но не приняты. Принять их или оставить эти боксы вне этого раунда?",
    "Place box {0}, then close bets": "Принять бокс {0} и закрыть ставки", "Leave box {0} out": "Без бокса {0}",
    "Place boxes {0}, then close bets": "Принять боксы {0} и закрыть ставки", "Leave boxes {0} out": "Без боксов {0}",
    "Stakes not placed": "Ставки не приняты", "Go back to the stakes": "Вернуться к ставкам",
    "Ante": "Анте", "Bonus": "Бонус", "Blind": "Втёмную", "Withdraw": "Снять", "Ante, box {0}": "Анте, бокс {0}",
    "Bonus, box {0}": "Бонус, бокс {0}", "placed ✓": "принято ✓", "not placed": "не принято",
    "Player at box {0} (boxes of one player are next to each other):": "Игрок на боксе {0} (боксы одного игрока — рядом):",
    "Player": "Игрок", "Player…": "Игрок…",
    # closing the console
    "Close the console?": "Закрыть консоль?",
    "A round is in play. The table resumes exactly here when the console starts again. Close it now?":
        "Идёт раунд. При следующем запуске консоли стол продолжит ровно с этого места. Закрыть сейчас?",
    "Close the console": "Закрыть консоль", "Keep playing": "Продолжить игру",
    # the boxes and the dealer
    # a box's stakes: each one kept on one line (no-break spaces) when the line wraps
    "Box {0}": "Бокс {0}", "no stakes": "нет ставок", "Ante {0}": "Анте\u00a0{0}", "Bet {0}": "Ставка\u00a0{0}", "Bonus {0}": "Бонус\u00a0{0}",
    "6th card {0}": "6-я\u00a0карта\u00a0{0}", "Exchange {0}": "Обмен\u00a0{0}", "Insurance {0}": "Страховка\u00a0{0}",
    "Game bought {0}": "Игра\u00a0куплена\u00a0{0}", "folded": "пас", "blind": "втёмную", "bet placed": "ставка сделана",
    "waiting for %n card(s)": ("ждёт %n карту", "ждёт %n карты", "ждёт %n карт"), "to act": "ходит",
    "face-down card {0}": "закрытая карта {0}", "Dealer": "Дилер", "qualifies": "игра есть", "does not qualify": "игры нет",
    "took away {0}, got {1}": "снял {0}, получил {1}",
    "now takes away his highest card, {0}, for the next card": "теперь меняет старшую карту, {0}, на следующую",
    "Game bought: {0}.": "Игра куплена: {0}.",
    "same rank: his hand is unchanged, so he replaces again, free — R-BUY-3":
        "тот же ранг: рука не изменилась, поэтому замена повторяется бесплатно — R-BUY-3",
    "one box in play: he replaces until he qualifies — R-BUY-3": "в игре один бокс: замена, пока у дилера не будет игры — R-BUY-3",
    "he still does not qualify: he replaces again — R-BUY-3": "игры всё ещё нет: замена повторяется — R-BUY-3",
    # hands: ranks (a pair of kings: пара королей; a straight to the king: стрит до короля; king high: король)
    "twos": "двоек", "threes": "троек", "fours": "четвёрок", "fives": "пятёрок", "sixes": "шестёрок", "sevens": "семёрок",
    "eights": "восьмёрок", "nines": "девяток", "tens": "десяток", "jacks": "валетов", "queens": "дам", "kings": "королей",
    "aces": "тузов",
    "two": "двойки", "three": "тройки", "four": "четвёрки", "five": "пятёрки", "six": "шестёрки", "seven": "семёрки",
    "eight": "восьмёрки", "nine": "девятки", "ten": "десятки", "jack": "валета", "queen": "дамы", "king": "короля", "ace": "туза",
    "pair of {0}": "пара {0}", "two pair, {0} and {1}": "две пары {0} и {1}", "three {0}": "тройка {0}",
    "full house, {0} over {1}": "фулл-хаус из {0} и {1}", "four {0}": "каре {0}", "straight to the {0}": "стрит до {0}",
    "straight flush to the {0}": "стрит-флеш до {0}", "flush, {0} high": "флеш от {0}",
    "no game, {0} high": "старшая карта — {0}",
    "no game": "нет игры", "ace-king": "туз-король", "pair": "пара", "two pair": "две пары", "three of a kind": "тройка",
    "straight": "стрит", "flush": "флеш", "full house": "фулл-хаус", "four of a kind": "каре", "straight flush": "стрит-флеш",
    "royal flush": "роял-флеш",
    "wins": "выигрыш", "ties": "ничья", "loses": "проигрыш", "dealer does not qualify": "у дилера нет игры", "void": "аннулирован",
    "bonus only": "только бонус",
    # payments
    "Payments": "Выплаты", "Box {0}: {1}": "Бокс {0}: {1}",
    "ante": "анте", "bet": "ставка", "6th card": "6-я карта", "exchange": "обмен", "draw": "прикуп", "insurance": "страховка",
    "bonus": "бонус", "buy a game": "покупка игры", "adjustment": "корректировка",
    "Pay box {0}: {1}": "Выплата боксу {0}: {1}", "Collect from box {0}: {1}": "Сбор с бокса {0}: {1}",
    "Box {0}: return the stakes, {2}": "Бокс {0}: возврат ставок, {2}",
    "Box {0}: return the stakes, {2}, and pay {1}": "Бокс {0}: возврат ставок, {2}, и выплата {1}",
    "Box {0}: return the stakes, {2}, less {1}": "Бокс {0}: возврат ставок, {2}, за вычетом {1}",
    "Return {2}": "Возврат: {2}", "Return {2}, pay {1}": "Возврат: {2}, выплата: {1}", "Return {2} less {1}": "Возврат: {2} минус {1}",
    "Pay {1}": "Выплата: {1}", "Collect {1}": "Сбор: {1}",
    "Pay {1} more (adjusted after payment)": "Доплата: {1} (корректировка после выплаты)",
    "Collect {1} more (adjusted after payment)": "Добор: {1} (корректировка после выплаты)",
    "Pay box {0}: {1} more (adjusted after payment)": "Доплата боксу {0}: {1} (корректировка после выплаты)",
    "Collect from box {0}: {1} more (adjusted after payment)": "Добор с бокса {0}: {1} (корректировка после выплаты)",
    "Confirm paid": "Подтвердить выплату", "Confirm collected": "Подтвердить сбор", "Confirm returned": "Подтвердить возврат",
    "Paid ✓": "Выплачено ✓", "Collected ✓": "Собрано ✓", "Returned ✓": "Возвращено ✓",
    "Paid box {0}: {1}?": "Выплачено боксу {0}: {1}?", "Collected from box {0}: {1}?": "Собрано с бокса {0}: {1}?",
    "Returned box {0} its stakes?": "Возвращены ставки боксу {0}?", "Space": "Пробел",
    "Confirmed by {0}; only a pit boss can undo it.": "Подтвердил {0}; отменить может только пит-босс.",
    # the rules in force
    "Table {0}": "Стол {0}", "ante {0}–{1}": "анте {0}–{1}", "bonus {0}–{1}": "бонус {0}–{1}",
    "payout at most {0}": "выплата не более {0}", "1 ante": "1 анте", "1 ante a card": "1 анте за карту", "by count": "по числу карт",
    "exchange 1–{0} cards ({1})": "обмен 1–{0} карт ({1})", "repeat 1-card exchange (1 ante)": "повторный обмен 1 карты (1 анте)",
    "ante on a win: paid 1:1 if the box did not draw, else returned": "анте при выигрыше: 1:1, если бокс не прикупал, иначе возвращается",
    "ante on a win: returned": "анте при выигрыше: возвращается", "ante on a win: paid 1:1": "анте при выигрыше: 1:1",
    "insurance when the dealer's hand wins: {0}; on a tie: {1}": "страховка, если рука дилера старше: {0}; при ничьей: {1}",
    "returned": "возвращается", "lost": "проигрывается",
    "a bought game: the dealer replaces again, free, while his hand is unchanged": "купленная игра: дилер меняет снова, бесплатно, пока рука не изменилась",
    "a bought game: the dealer replaces until he qualifies": "купленная игра: дилер меняет, пока не получит игру",
    "a bought game: with one box in play the dealer replaces until he qualifies": "купленная игра: при одном боксе в игре дилер меняет, пока не получит игру",
    "a bought game: the dealer replaces one card": "купленная игра: дилер меняет одну карту",
    "the most a box is paid: {0}": "наибольшая выплата боксу: {0}", "at most {0} cards exchanged a box": "не более {0} карт обмена на бокс",
    "bonus bet {0}–{1}": "бонус {0}–{1}", ", may be placed instead of the ante": ", можно ставить вместо анте",
    "repeat 1-card exchange (1, 2, 3… antes)": "повторный обмен 1 карты (1, 2, 3… анте)", "no exchange": "без обмена",
    "6th card (1 ante)": "6-я карта (1 анте)", "½ potential": "½ возможной выплаты", "potential": "возможной выплаты",
    "insurance {0}+ up to {1}": "страховка: {0} и выше, до {1}", "dealer qualifies with {0}": "игра дилера: {0} и выше",
    "any box": "любой бокс", "uninsured": "без страховки", "the ante pays": "в счёт анте", "buy a game ({0}, {1})": "покупка игры ({0}, {1})",
    "House edge never measured: a pit boss checks these rules.": "Преимущество казино не измерено: пит-босс проверяет эти правила.",
    "Rules favour a skilled player: edge {0}% (basic play).": "Выгодно опытному игроку: {0}% (базовая стратегия).",
    # ---------------------------------------------------------------------------------- staff: logins, pit boss
    "Log in": "Войти", "Name": "Имя", "PIN": "PIN", "Cancel": "Отмена", "Close": "Закрыть", "Type your name and PIN.": "Введите имя и PIN.",
    "The staff accounts cannot be read: {0}": "Не удаётся прочитать учётные записи: {0}",
    "There is no staff account yet. Create one with: {0}": "Учётных записей ещё нет. Создайте её командой: {0}",
    "Name or PIN is wrong.": "Неверное имя или PIN.",
    "Too many wrong PINs: {0} is locked for about {1} more minute(s). Wait and try again, or ask another pit boss or an admin.":
        "Слишком много неверных PIN: {0} заблокирован ещё примерно на {1} мин. Подождите и попробуйте снова или обратитесь к другому пит-боссу или администратору.",
    "Name or PIN is wrong. {0} is now locked for {1} minutes: wait, or ask another pit boss or an admin.":
        "Неверное имя или PIN. {0} теперь заблокирован на {1} мин: подождите или обратитесь к другому пит-боссу или администратору.",
    "The account {0} is disabled. An admin can tell you why.": "Учётная запись {0} отключена. Причину знает администратор.",
    "{0} is not a pit boss: a pit boss is needed for this. Ask a pit boss to log in.":
        "{0} — не пит-босс, а здесь нужен пит-босс. Попросите пит-босса войти.",
    "{0} may not deal at this table. Ask a pit boss.": "{0} не может сдавать за этим столом. Обратитесь к пит-боссу.",
    "Dealer sign-in — table {0}": "Вход дилера — стол {0}",
    "{0} deals now. The next dealer signs in to take over the table.": "Сейчас сдаёт {0}. Следующий дилер входит, чтобы принять стол.",
    "Sign in to deal at this table: your rounds are journaled with your name.":
        "Войдите, чтобы сдавать за этим столом: ваши раунды пишутся в журнал под вашим именем.",
    "Sign out {0}": "Выход: {0}",
    "Pit boss": "Пит-босс", "A pit boss must log in to resolve faults and make overrides.":
        "Для устранения сбоев и исправлений должен войти пит-босс.",
    "Logged in as {0}.": "Вход выполнен: {0}.", "A new fault came in: {0}.": "Пришёл новый сбой: {0}.", "why (journaled with your name)": "причина (пишется в журнал с вашим именем)",
    "Reason": "Причина", "Resolve table fault": "Устранить сбой стола", "Open the shoe's gate (UNLOCK)": "Открыть заслонку шуза",
    "the card as dealt, e.g. QS or 10H": "карта, как сдана, напр. QS или 10H", "Correct card": "Исправить карту",
    "Dismiss the read (not a card in play)": "Отменить считывание (не карта игры)",
    "Void the round (stakes returned)": "Аннулировать раунд (ставки возвращаются)", "box ": "бокс ",
    "Adjust payment (+ to the player)": "Корректировка выплаты (+ игроку)",
    "Undo the payment's confirmation": "Отменить подтверждение выплаты", "Log out and close": "Выйти и закрыть",
    "Table fault {0} ({1}): {2}": "Сбой стола {0} ({1}): {2}", "Card fault: {0}": "Сбой карты: {0}", "No fault is open.": "Открытых сбоев нет.",
    "Shoe gate: the shoe is not connected (offline).": "Заслонка шуза: шуз не подключён (нет связи).",
    "Shoe gate: LOCKED — no card can be drawn.": "Заслонка шуза: ЗАКРЫТА — карту не вытянуть.",
    "Shoe gate: open.": "Заслонка шуза: открыта.",
    "Shoe gate: not reported by the shoe yet. If no card comes out, open it with the button.":
        "Заслонка шуза: шуз ещё не сообщил её состояние. Если карта не выходит, откройте заслонку кнопкой.",
    "Box {0}: {1} confirmed by {2} at {3}": "Бокс {0}: {1}, подтвердил {2} в {3}",
    "Done; journaled as {0}.": "Готово; записано в журнал как {0}.",
    "Other faults are still open: the shoe's gate opens once the last is resolved.":
        "Открыты другие сбои: заслонка шуза откроется, когда будет устранён последний.",
    "The shoe is offline: its gate opens as soon as it is back.": "Шуз не на связи: заслонка откроется, как только он вернётся.",
    "The shoe's gate is still LOCKED. Open it with the button, or check the shoe.":
        "Заслонка шуза всё ещё ЗАКРЫТА. Откройте её кнопкой или проверьте шуз.",
    "UNLOCK sent to the shoe: waiting for its answer.": "Шузу отправлена команда открыть заслонку: ждём ответа.",
    "The shoe's gate is open again: dealing can go on.": "Заслонка шуза снова открыта: можно сдавать.",
    "The shoe's gate could not be opened: {0}. Check the shoe and its cable.":
        "Заслонку шуза не удалось открыть: {0}. Проверьте шуз и его кабель.",
    # ------------------------------------------------------------------------------------------------ the audit
    "Audit — table {0}": "Аудит — стол {0}", "pit boss {0}": "пит-босс {0}", "Audit — pit boss": "Аудит — пит-босс",
    "The audit is for pit bosses: log in to open it.": "Аудит — только для пит-босса: войдите, чтобы открыть его.",
    "took the ante": "взял анте",
    "{0} No round opens until then: an admin acknowledges it in the console (Staff [F7]), or with the console closed runs `{1}` (and --db URL for a table on the floor).": "{0} До тех пор раунды не открываются: администратор подтверждает это в консоли (Персонал [F7]) или при закрытой консоли выполняет `{1}` (для стола в зале — ещё и `--db URL`).",
    "No dealer is signed in: a dealer signs in (F6) before a round opens.": "Дилер не вошёл: прежде чем открыть раунд, дилер входит в систему (F6).",
    "The rules '{0}' favour a skilled player: one who follows basic strategy wins {1}% of the ante a round on average (95% interval {2}% to {3}% for the house, measured {4}). An admin must acknowledge this before a table opens on these rules.": "Правила «{0}» выгодны опытному игроку: играя по базовой стратегии, он выигрывает в среднем {1}% анте за раунд (95% интервал для казино: от {2}% до {3}%, измерено {4}). Прежде чем стол откроется на этих правилах, это должен подтвердить администратор.",
    "The house edge of the rules '{0}' has never been measured, so nobody knows whether they favour a skilled player. Measure it with `rptable analyze --rules FILE --strategy basic`. An admin must acknowledge this before a table opens on these rules.": "Преимущество казино по правилам «{0}» ни разу не измерялось, поэтому неизвестно, выгодны ли они опытному игроку. Измерьте его: `rptable analyze --rules FILE --strategy basic`. Прежде чем стол откроется на этих правилах, это должен подтвердить администратор.",
    "The house edge of '{0}' under basic strategy is {1}% of the ante, but its 95% interval {2}% to {3}% reaches zero: the rules may favour a skilled player. An admin must acknowledge this before a table opens on these rules.": "Преимущество казино по правилам «{0}» при базовой стратегии — {1}% анте, но его 95% интервал от {2}% до {3}% доходит до нуля: правила могут оказаться выгодны опытному игроку. Прежде чем стол откроется на этих правилах, это должен подтвердить администратор.",
    "Jackpot {0}": "Джекпот {0}",
    "Table {0}: its rounds are for pit bosses. Log in to open them.": "Стол {0}: его раунды — только для пит-босса. Войдите, чтобы открыть их.",
    "Pit — pit boss — table {0}": "Пит — пит-босс — стол {0}",
    "the shoe": "шуз", "the camera": "камера", "the clock": "часы", "the journal": "журнал", "the table": "стол",
    " · pit boss {0}": " · пит-босс {0}",
    "Rounds": "Раунды", "Last 10": "Последние 10", "Shift report": "Отчёт смены", "Verification": "Проверка",
    "Reading the journal…": "Чтение журнала…", "Verifying the journal…": "Проверка журнала…",
    "Earlier rounds": "Более ранние раунды", "Reading the day's rounds…": "Чтение раундов дня…", "The table's last day of play: {0} (UTC)": "Последний игровой день стола: {0} (UTC)",
    "The journal cannot be read: {0}": "Не удаётся прочитать журнал: {0}",
    "Round": "Раунд", "Opened": "Начат", "Boxes": "Боксы", "Wagered": "Ставки", "House net": "Итог казино", "Status": "Статус",
    "Dealer's cards": "Карты дилера", "Hours": "Часы", "Rounds per hour": "Раундов в час", "Drop": "Дроп",
    "House win": "Выигрыш казино", "Adjustments": "Корректировки",
    "Step back": "Назад", "Step": "Вперёд", "Replay (select a finished round)": "Повтор (выберите завершённый раунд)",
    "voided": "аннулирован", "complete": "завершён", "in play": "идёт",
    "This round is still in play: it can be replayed once it closes.": "Раунд ещё идёт: повтор будет доступен после его завершения.",
    "The last {0} rounds, oldest first, with their cards.": "Последние раунды ({0}), от старых к новым, с картами.",
    "Box {0}: {1} — {2} {3}": "Бокс {0}: {1} — {2} {3}",
    "{0} rounds · drop {1} · house win {2} · hold {3}% · {4} voided · {5} adjustments":
        "Раундов: {0} · дроп {1} · выигрыш казино {2} · холд {3}% · аннулировано {4} · корректировок {5}",
    "Theoretical win {0} · theoretical hold {1}% (the house edge under the basic strategy)":
        "Теоретический выигрыш {0} · теоретический холд {1}% (преимущество казино при базовой стратегии)",
    "no measured house edge for the rules {0}: their rounds count 0 theoretical":
        "для правил {0} преимущество казино не измерено: их раунды в теоретическом выигрыше не учтены",
    "shoe not authenticated: {0} of {1} rounds dealt by a shoe that proved no key, their cards not proved":
        "шуз не аутентифицирован: {0} из {1} раундов сданы шузом, не доказавшим ключ; их карты не подтверждены",
    "(nobody signed in)": "(никто не вошёл)", "(no rounds)": "(нет раундов)",
    "Hold % by hour": "Холд % по часам", "Hold % by box": "Холд % по боксам", "box {0}": "бокс {0}",
    "Read and verify again": "Прочитать и проверить снова",
    "Journal verified: {0} events, {1} rounds; the hash chain is intact and every payment recomputes.":
        "Журнал проверен: событий — {0}, раундов — {1}; цепочка хешей цела, все выплаты пересчитаны.",
    "JOURNAL FAILS VERIFICATION at event {0}: {1}": "ЖУРНАЛ НЕ ПРОШЁЛ ПРОВЕРКУ на событии {0}: {1}",
    "betting": "ставки", "dealing": "сдача", "decisions": "решения", "reveal": "вскрытие", "buying": "покупка игры",
    "dealer draws": "прикуп дилера", "closed": "закрыт", "Phase: {0}": "Фаза: {0}", "game bought": "игра куплена",
    "Box {0}: {1}  ({2})": "Бокс {0}: {1}  ({2})", "{0} confirmed by {1}": "{0}, подтвердил {1}",
    # the replay, step by step
    "the dealer": "дилер", "dealer": "дилер", "pit boss": "пит-босс", "admin": "администратор", "the device": "устройство",
    "Round {0}: {1}": "Раунд {0}: {1}", "Box {0}: ante {1}": "Бокс {0}: анте {1}", "bonus {0}": "бонус {0}",
    "blind (bet {0})": "втёмную (ставка {0})", "Box {0} withdrew its stakes": "Бокс {0} снял ставки",
    "Bets closed: boxes {0}": "Ставки закрыты: боксы {0}", "Dealer gets {0}": "Дилеру: {0}", "(face up)": "(в открытую)",
    "Box {0} gets {1}": "Боксу {0}: {1}", "Box {0}: bonus for {1} {2}": "Бокс {0}: бонус ({1}) {2}", "Box {0} folded": "Бокс {0}: пас",
    "Box {0} bet {1}": "Бокс {0}: ставка {1}", "Box {0} bought a 6th card (price {1})": "Бокс {0} купил 6-ю карту (цена {1})",
    "Box {0} exchanged 1 card (price {1}): {2}": "Бокс {0} обменял 1 карту (цена {1}): {2}",
    "Box {0} exchanged %n cards (price {1}): {2}": ("Бокс {0} обменял %n карту (цена {1}): {2}", "Бокс {0} обменял %n карты (цена {1}): {2}",
                                                    "Бокс {0} обменял %n карт (цена {1}): {2}"),
    "Box {0} insured for {1}": "Бокс {0} застраховался на {1}",
    "The discards (%n cards) were shuffled into the stock": ("Сброс (%n карта) замешан в колоду", "Сброс (%n карты) замешан в колоду",
                                                             "Сброс (%n карт) замешан в колоду"),
    "Dealer shows {0}: {1}": "Дилер открывает: {0}, {1}", "Box {0} bought the dealer a game (price {1})": "Бокс {0} купил игру дилеру (цена {1})",
    "Box {0} took the ante": "Бокс {0} взял анте", "Buying closed": "Покупка закрыта",
    "Dealer's {0} replaced by {1}": "Дилер сменил {0} на {1}", "same rank: replaced again": "тот же ранг: замена повторяется",
    "Dealer ends with {0}: {1}": "У дилера в итоге: {0}, {1}", "Box {0} settled — {1}: {2}": "Бокс {0}, расчёт — {1}: {2}",
    "Round closed: house net {0}": "Раунд закрыт: итог казино {0}",
    "Card fault resolved by {0} ({1}): {2}": "Сбой карты устранил {0} ({1}): {2}", "card corrected": "карта исправлена",
    "read dismissed": "считывание отменено", "Round voided by {0}: {1}": "Раунд аннулировал {0}: {1}",
    "Round {0} opened (house rules {1})": "Раунд {0} начат (правила {1})",
    "Box {0}: payment adjusted {1} by {2}: {3}": "Бокс {0}: выплата скорректирована на {1}, {2}: {3}",
    "Box {0}: paid {1}, confirmed by {2}": "Бокс {0}: выплачено {1}, подтвердил {2}",
    "Box {0}: collected {1}, confirmed by {2}": "Бокс {0}: собрано {1}, подтвердил {2}",
    "Box {0}: stakes returned, confirmed by {1}": "Бокс {0}: ставки возвращены, подтвердил {1}",
    "Box {0}: payment confirmation undone by {1}: {2}": "Бокс {0}: подтверждение выплаты отменил {1}: {2}",
    "Table fault {0} resolved by {1}: {2}": "Сбой стола {0} устранил {1}: {2}",
    "Card {0} from the shoe held back: {1}": "Карта {0} из шуза задержана: {1}",
    "House rules {0} set by {1}: {2}": "Правила {0} установил {1}: {2}",
    "Clock accepted by {0}: from {1} on, events are timed {2}": "Время принял {0}: с {1} события идут по времени {2}",
    "Session: {0}": "Сеанс: {0}", "{0} signed in to deal": "Вход дилера: {0}", "{0} signed out": "Выход дилера: {0}",
    # ------------------------------------------------------------------ what the engine, the table and the shoe say
    "This table has no insurance.": "За этим столом нет страховки.",
    "Box {0} is not in play this round.": "Бокс {0} не играет в этом раунде.",
    "Box {0} plays blind: no insurance.": "Бокс {0} играет втёмную: страховки нет.",
    "Box {0} is already insured.": "Бокс {0} уже застрахован.",
    "Box {0} has folded; it cannot insure.": "Бокс {0} сказал пас; страховка невозможна.",
    "Box {0} cannot {1} yet: the deal is not complete.": "Бокс {0} пока не может {1}: сдача не закончена.",
    "Box {0} plays blind: no fold, draw or insurance.": "Бокс {0} играет втёмную: без паса, прикупа и страховки.",
    "Box {0} has already folded; it cannot {1}.": "Бокс {0} уже сказал пас и не может {1}.",
    "Box {0} has already bet; it cannot {1}.": "Бокс {0} уже сделал ставку и не может {1}.",
    "It is box {0}'s turn, not box {1}'s: boxes act in order 1, 2, 3 ….": "Сейчас ход бокса {0}, а не бокса {1}: боксы ходят по порядку 1, 2, 3…",
    "Box {0} is waiting for {1} card(s) from the shoe before it can {2}.": "Бокс {0} ждёт карт из шуза ({1}), прежде чем {2}.",
    "Box {0} has insured: insurance goes with the bet, so it cannot {1} now; it must bet.":
        "Бокс {0} застрахован: страховка идёт со ставкой, поэтому {1} сейчас нельзя; нужно сделать ставку.",
    "This table does not sell a 6th card.": "За этим столом 6-ю карту не продают.",
    "Box {0} has already drawn: one draw per box (buy or exchange).": "Бокс {0} уже делал прикуп: один прикуп на бокс (покупка или обмен).",
    "This table has no exchange of cards.": "За этим столом нет обмена карт.",
    "Name the cards box {0} discards (1-{1}).": "Укажите карты, которые бокс {0} сбрасывает (1-{1}).",
    "A card is named twice among box {0}'s discards.": "Среди карт бокса {0} на обмен одна указана дважды.",
    "{0} is not in box {1}'s hand ({2}).": "Карты {0} нет на руке бокса {1} ({2}).",
    "This table caps exchanges at {0} card(s) per box; box {1} has exchanged {2}.":
        "За этим столом предел обмена на бокс — карт: {0}; бокс {1} уже обменял {2}.",
    "Box {0} cannot insure: the table's maximum payout of {1} chips caps what its hand can win, so insurance could be at most {2} chips, less than the least insurance of {3}.":
        "Бокс {0} не может застраховаться: максимальная выплата стола ({1} фишек) ограничивает выигрыш руки, так что страховка могла бы быть не более {2} фишек, а наименьшая страховка — {3}.",
    "Insurance on box {0} must be from {1} to {2} chips, not {3}.": "Страховка на боксе {0} — от {1} до {2} фишек, а не {3}.",
    "Box {0} can no longer insure: insurance is placed with the bet, before the next box acts.":
        "Бокс {0} уже не может застраховаться: страховка делается со ставкой, до хода следующего бокса.",
    "A repeated exchange is of exactly one card; box {0} named {1}.": "Повторный обмен — ровно одна карта; бокс {0} указал {1}.",
    "Box {0} may exchange 1 to {1} cards, not {2}.": "Бокс {0} может обменять от 1 до {1} карт, а не {2}.",
    "The round is closed; start a new round.": "Раунд закрыт; начните новый.",
    "The round is stopped: {0} Only a pit boss can go on (correct the card, dismiss the read, or void the round).":
        "Раунд остановлен: {0} Продолжить может только пит-босс (исправить карту, отменить считывание или аннулировать раунд).",
    "Bets are closed: box {0}'s stakes had to be placed before the deal.": "Ставки закрыты: ставки бокса {0} нужно было принять до сдачи.",
    "Bets are closed: stakes cannot be taken back once the deal has begun.": "Ставки закрыты: после начала сдачи ставки не снимают.",
    "Bets are already closed.": "Ставки уже закрыты.",
    "There is no box {0}: this table has boxes 1-{1}.": "Бокса {0} нет: у этого стола боксы 1-{1}.",
    "Box {0} already has its stakes; withdraw them first to change them.": "У бокса {0} уже есть ставки; чтобы изменить, сначала снимите их.",
    "An ante of {0} on box {1} is outside the table's limits ({2}-{3}).": "Анте {0} на боксе {1} вне лимитов стола ({2}-{3}).",
    "This table has no blind boxes (box {0}).": "За этим столом нельзя играть втёмную (бокс {0}).",
    "Player {0}'s boxes must be adjacent: box {1} is not next to boxes {2}.": "Боксы игрока {0} должны быть рядом: бокс {1} не соседствует с боксами {2}.",
    "Player {0} already plays {1} open box(es); box {2} must play blind.": "Игрок {0} уже играет открытых боксов: {1}; бокс {2} должен играть втёмную.",
    "Box {0} has no stakes to withdraw.": "На боксе {0} нет ставок, которые можно снять.",
    "No box has an ante: place stakes before dealing.": "Ни на одном боксе нет анте: примите ставки до сдачи.",
    "This table has no bonus bet (box {0}).": "За этим столом нет бонусной ставки (бокс {0}).",
    "A bonus of {0} on box {1} is outside its limits ({2}-{3}).": "Бонус {0} на боксе {1} вне лимитов бонуса ({2}-{3}).",
    "The round is closed: a card now belongs to the next round, after its bets.": "Раунд закрыт: теперь карта относится к следующему раунду, после его ставок.",
    "The round is stopped: {0} No card is taken until a pit boss resolves it.": "Раунд остановлен: {0} Карты не принимаются, пока пит-босс не устранит сбой.",
    "The dealer's hand is already shown.": "Карты дилера уже открыты.",
    "The dealer qualified: there is no game to buy and no ante to take instead.": "У дилера есть игра: покупать игру не нужно, и анте вместо неё не берут.",
    "This table does not let a box buy the dealer a game.": "За этим столом бокс не может купить игру дилеру.",
    "Box {0} plays blind: it cannot buy the dealer a game.": "Бокс {0} играет втёмную: он не может купить игру дилеру.",
    "Box {0} has no bet: only a box that bet may buy the dealer a game.": "У бокса {0} нет ставки: купить игру дилеру может только бокс со ставкой.",
    "Box {0} is insured: only uninsured boxes may buy the dealer a game.": "Бокс {0} застрахован: купить игру дилеру могут только боксы без страховки.",
    "The round is closed: buying the dealer a game is over.": "Раунд закрыт: покупка игры дилеру окончена.",
    "Buying the dealer a game comes only after he shows a hand that does not qualify.": "Купить игру дилеру можно только после того, как он откроет руку без игры.",
    "Box {0} has already chosen (took the ante or bought the game).": "Бокс {0} уже выбрал (взял анте или купил игру).",
    "No box is choosing whether to buy the dealer a game now.": "Сейчас ни один бокс не решает, покупать ли игру дилеру.",
    "Box {0} has not finished acting; the dealer shows his hand after every box.": "Бокс {0} ещё не сделал ход; дилер открывает карты после всех боксов.",
    "The deal is not complete.": "Сдача не закончена.", "The round is closed.": "Раунд закрыт.",
    "There is no card fault to resolve.": "Нет сбоя карты, который нужно устранять.",
    "No card was expected, so there is nothing to correct: dismiss the read or void the round.":
        "Карта не ожидалась, исправлять нечего: отмените считывание или аннулируйте раунд.",
    "{0} is already in play ({1}); it cannot be the card.": "{0} уже в игре (у {1}); это не может быть эта карта.",
    "{0} was already played and discarded this round; it cannot be the card.": "{0} уже сыграна и ушла в сброс в этом раунде; это не может быть эта карта.",
    "The round is already closed and settled; it cannot be voided.": "Раунд уже закрыт и рассчитан; аннулировать его нельзя.",
    "Only {0} card(s) are left in the stock; this draw needs {1}.": "В колоде осталось карт: {0}; для этого прикупа нужно {1}.",
    "Only {0} card(s) are left in the stock and discards; this draw needs {1}.": "В колоде и сбросе осталось карт: {0}; для этого прикупа нужно {1}.",
    "Box {0} has no settled payment to confirm.": "У бокса {0} нет рассчитанной выплаты для подтверждения.",
    "Box {0}'s payment is confirmed already.": "Выплата бокса {0} уже подтверждена.",
    "Box {0}'s payment is not confirmed: there is nothing to undo.": "Выплата бокса {0} не подтверждена: отменять нечего.",
    "{0} may not deal.": "{0} не может сдавать.", "{0} is dealing at this table already.": "{0} уже сдаёт за этим столом.",
    "No dealer is signed in.": "Дилер не вошёл.", "There is no open fault {0}.": "Открытого сбоя {0} нет.",
    "An adjustment of 0 changes nothing.": "Корректировка на 0 ничего не меняет.",
    "Round {0} has no settled box {1}: only a settled box's payment can be adjusted.":
        "В раунде {0} нет рассчитанного бокса {1}: скорректировать можно только выплату рассчитанного бокса.",
    "No round is open: place antes to start one.": "Раунд не начат: примите анте, чтобы начать.", "No round is open.": "Раунд не начат.",
    "{0} may not do this: a pit boss must log in.": "{0} не может это сделать: должен войти пит-босс.",
    "Every override needs a reason; it is journaled with your name.": "Каждому исправлению нужна причина; она пишется в журнал с вашим именем.",
    "The house rules can change only between rounds: finish or void this round first.":
        "Правила можно менять только между раундами: сначала завершите или аннулируйте этот раунд.",
    "'{0}' is not a card: rank 2-9, T or 10, J, Q, K, A; suit C, D, H, S": "'{0}' — не карта: ранг 2-9, T или 10, J, Q, K, A; масть C, D, H, S",
    "{0} appears twice; one pack holds each card once": "{0} указана дважды; в колоде каждая карта одна",
    # card faults
    "Card {0} came from the shoe when no card was expected ({1}). Stop dealing; a pit boss must check the shoe.":
        "Карта {0} вышла из шуза, когда карта не ожидалась ({1}). Прекратите сдачу; пит-босс должен проверить шуз.",
    "The shoe could not read a card ({0}). Stop dealing; a pit boss must identify it.":
        "Шуз не смог прочитать карту ({0}). Прекратите сдачу; пит-босс должен её опознать.",
    "Card {0} read twice this round ({1} holds it; now {2}). Stop dealing; a pit boss must check the shoe.":
        "Карта {0} считана в этом раунде дважды (она уже у {1}; сейчас — {2}). Прекратите сдачу; пит-босс должен проверить шуз.",
    "Card {0} was already played and discarded this round, so it cannot come from the stock ({1}). Stop dealing; a pit boss must check the shoe.":
        "Карта {0} уже сыграна и ушла в сброс в этом раунде, из колоды она прийти не может ({1}). Прекратите сдачу; пит-босс должен проверить шуз.",
    "card {0} to box {1}": "{0}-я карта боксу {1}", "card {0} to the dealer (face up)": "{0}-я карта дилеру (в открытую)",
    "card {0} to the dealer": "{0}-я карта дилеру", "dealer: replace {0}": "дилер меняет {0}", "box {0} is to decide": "решает бокс {0}",
    "Card {0} read twice this round. Stop dealing; a pit boss must check the shoe.":
        "Карта {0} считана в этом раунде дважды. Прекратите сдачу; пит-босс должен проверить шуз.",
    "The shoe could not read a card. Stop dealing; a pit boss must identify it.":
        "Шуз не смог прочитать карту. Прекратите сдачу; пит-босс должен её опознать.",
    "Card {0} came from the shoe when no card was expected. Stop dealing; a pit boss must check the shoe.":
        "Карта {0} вышла из шуза, когда карта не ожидалась. Прекратите сдачу; пит-босс должен проверить шуз.",
    "Card {0} was already played and discarded this round. Stop dealing; a pit boss must check the shoe.":
        "Карта {0} уже сыграна и ушла в сброс в этом раунде. Прекратите сдачу; пит-босс должен проверить шуз.",
    # the table's faults and the shoe's
    "{0} card(s) ({1}) left the shoe but never reached the controller, even after a RESYNC. Stop dealing; a pit boss must find the missing card(s) and enter them.":
        "Карты вышли из шуза, но не дошли до контроллера даже после RESYNC (карт: {0}; {1}). Прекратите сдачу; пит-босс должен найти пропавшие карты и ввести их.",
    "seq {0}": "№ {0}", "seqs {0}": "№ {0}",
    "The shoe sent seq {0} as {1}, but it was {2}. The card was not taken. Stop dealing; a pit boss must check the shoe and the cards on the table.":
        "Шуз прислал № {0} как {1}, а это была {2}. Карта не принята. Прекратите сдачу; пит-босс должен проверить шуз и карты на столе.",
    "Card {0} (seq {1}) arrived late, after seq {2}: the cards may be out of order. Stop dealing; a pit boss must check the order of the cards on the table.":
        "Карта {0} (№ {1}) пришла с опозданием, после № {2}: порядок карт мог нарушиться. Прекратите сдачу; пит-босс должен проверить порядок карт на столе.",
    "The shoe sent seq {0} ({1}) while the controller expected {2}: no shoe resends that far back, so the frame was damaged and the card was not taken. Stop dealing; a pit boss must check the cards on the table.":
        "Шуз прислал № {0} ({1}), а контроллер ждал № {2}: так далеко назад шуз не повторяет, значит сообщение повреждено и карта не принята. Прекратите сдачу; пит-босс должен проверить карты на столе.",
    "The shoe restarted (its uptime went back) while the controller expected seq {0}: its card count starts over. Stop dealing; a pit boss must check that every card dealt is on the table.":
        "Шуз перезапустился, когда контроллер ждал № {0}: счёт карт начался заново. Прекратите сдачу; пит-босс должен проверить, что каждая сданная карта на столе.",
    "No heartbeat from the shoe for {0} s: it is switched off, unplugged, or its cable is loose. Stop dealing; check the shoe's power and cable.":
        "От шуза нет сигнала уже {0} с: он выключен, отсоединён или отошёл кабель. Прекратите сдачу; проверьте питание и кабель шуза.",
    "The shoe's connection was lost ({0}). Stop dealing; check the cable. The controller reconnects by itself and asks the shoe to resend what it missed.":
        "Связь с шузом потеряна. Прекратите сдачу; проверьте кабель. Контроллер переподключится сам и попросит шуз повторить пропущенное.",
    "the camera sends no frames: check its cable and power; cards dealt meanwhile were not seen":
        "камера не передаёт кадры: проверьте её кабель и питание; карты, сданные за это время, не увидены",
    "Nothing answers at {0}: is the shoe (or shoe-sim --tcp) running and the port right?":
        "По адресу {0} никто не отвечает: запущен ли шуз (или shoe-sim --tcp) и верен ли порт?",
    "Host of {0} is unknown: check the address.": "Хост в {0} неизвестен: проверьте адрес.",
    "Could not connect to {0}: {1}. Check the address and the network.": "Не удалось подключиться к {0}. Проверьте адрес и сеть.",
    "Serial port {0} does not exist: is the shoe plugged in and switched on? Check the URL.":
        "Порта {0} нет: подключён ли шуз и включён ли он? Проверьте URL.",
    "Permission denied on {0}: add this user to the 'dialout' group (then log in again), or ask the administrator.":
        "Нет доступа к {0}: добавьте этого пользователя в группу 'dialout' (и войдите снова) или обратитесь к администратору.",
    "Serial port {0} is busy: another program has it open. Close it and try again.":
        "Порт {0} занят другой программой. Закройте её и попробуйте снова.",
    "Could not open serial port {0}: {1}. Check the cable and the URL.": "Не удалось открыть порт {0}. Проверьте кабель и URL.",
    "No {0} is plugged in: check the cable and that the shoe is switched on.": "{0} не подключён: проверьте кабель и включён ли шуз.",
    "USB shoe {0} with serial {1}": "USB-шуз {0} с серийным номером {1}", "USB shoe {0}": "USB-шуз {0}",
    "Card {0} came from the shoe when no round expected one. Stop dealing; a pit boss must check the shoe and the table.":
        "Карта {0} вышла из шуза, когда ни один раунд её не ждал. Прекратите сдачу; пит-босс должен проверить шуз и стол.",
    "The clock jumped back {0} s. Check the system time.": "Часы сдвинулись назад на {0} с. Проверьте системное время.",
    "The clock jumped forward {0} s. Check the system time.": "Часы сдвинулись вперёд на {0} с. Проверьте системное время.",
    "Before the last restart the journal could not be written: {0}": "Перед последним перезапуском журнал не удалось записать: {0}",
    "The journal {0} could not be written: {1}. Play is stopped and nothing after this point was recorded. Restart rptable; a pit boss must resolve the fault.":
        "Не удалось записать журнал {0}. Игра остановлена, после этого момента ничего не записано. Перезапустите rptable; пит-босс должен устранить сбой.",
    "{0} is closed": "{0} закрыт",
    "{0} Play is stopped until a pit boss resolves it (fault {1}).": "{0} Игра остановлена, пока пит-босс не устранит сбой {1}.",
    "The shoe reports {0} ({1}). Stop dealing; a pit boss must check the shoe and resolve the fault before play goes on.":
        "Шуз сообщает {0} ({1}). Прекратите сдачу; пит-босс должен проверить шуз и устранить сбой, прежде чем игра продолжится.",
    "reader fault": "сбой считывателя", "two cards drawn together": "вытянуты две карты сразу",
    "card pushed back into the shoe": "карта задвинута обратно в шуз", "jam": "замятие карты",
    "cover opened while dealing": "крышка открыта во время сдачи", "link: a CARD went unacknowledged 5 times": "связь: карта 5 раз осталась без подтверждения",
    "The shoe is offline. Stop dealing; check the shoe's power and cable.": "Шуз не на связи. Прекратите сдачу; проверьте питание и кабель шуза.",
    "The shoe cannot be opened. Stop dealing; check the shoe's cable and the console's card source.":
        "Шуз не удаётся открыть. Прекратите сдачу; проверьте кабель шуза и источник карт консоли.",
    "Cards left the shoe but never reached the controller. Stop dealing; a pit boss must find the missing cards and enter them.":
        "Карты вышли из шуза, но не дошли до контроллера. Прекратите сдачу; пит-босс должен найти пропавшие карты и ввести их.",
    "The shoe sent a card the controller cannot trust. Stop dealing; a pit boss must check the cards on the table.":
        "Шуз прислал карту, которой контроллер не может доверять. Прекратите сдачу; пит-босс должен проверить карты на столе.",
    "A card arrived late: the cards may be out of order. Stop dealing; a pit boss must check the order of the cards on the table.":
        "Карта пришла с опозданием: порядок карт мог нарушиться. Прекратите сдачу; пит-босс должен проверить порядок карт на столе.",
    "The shoe restarted. Stop dealing; a pit boss must check that every card dealt is on the table.":
        "Шуз перезапустился. Прекратите сдачу; пит-босс должен проверить, что каждая сданная карта на столе.",
    "A card came from the shoe when no round expected one. Stop dealing; a pit boss must check the shoe and the table.":
        "Карта вышла из шуза, когда ни один раунд её не ждал. Прекратите сдачу; пит-босс должен проверить шуз и стол.",
    "The clock jumped. Check the system time.": "Часы сдвинулись. Проверьте системное время.",
    "The journal could not be written. A pit boss must resolve the fault.": "Не удалось записать журнал. Пит-босс должен устранить сбой.",
    "The shoe reports {0}. Stop dealing; a pit boss must check the shoe and resolve the fault before play goes on.":
        "Шуз сообщает {0}. Прекратите сдачу; пит-босс должен проверить шуз и устранить сбой, прежде чем игра продолжится.",
    "a table fault is open": "открыт сбой стола", "no round was expecting a card": "ни один раунд не ждал карту",
    "the round is stopped by a card fault": "раунд остановлен сбоем карты", "the link returned": "связь восстановилась",
    "Journal event {0} ({1}) cannot be replayed ({2}): the journal was damaged or edited. Keep it as it is and run `rptable audit verify`.":
        "Событие журнала {0} ({1}) не воспроизводится: журнал повреждён или изменён. Сохраните его как есть и запустите `rptable audit verify`.",
    "The journal {0} could not be read: {1}.": "Не удалось прочитать журнал {0}.",
    # the words within those sentences
    "fold": "сказать пас", "buy a 6th card": "купить 6-ю карту", "buy a card": "купить карту", "insure": "застраховаться",
    "ace king": "туз-король", "one pair": "пара", "the discards": "сброса",
    "bets are open and no box has an ante": "ставки открыты, а анте нет ни на одном боксе",
    "the dealer is to show his hand": "дилер должен открыть карты",
    "boxes are choosing whether to buy the dealer a game": "боксы решают, покупать ли игру дилеру",
    "the dealer's draw is over": "прикуп дилера окончен",
    "EMPTY": "ПУСТ", "COVER OPEN": "КРЫШКА ОТКРЫТА", "LOCKED": "ЗАБЛОКИРОВАН", "DISCONNECTED": "ОТКЛЮЧЁН",
    # ------------------------------------------------------------------------------ the camera at showdown
    "The camera is reading the cards turned up…": "Камера читает открытые карты…",
    "The camera saw every card where the shoe dealt it.": "Камера видит каждую карту там, куда её сдал шуз.",
    "The camera could not read every card of {0}: turn them up in full view of the camera and press Reveal (R) again.":
        "Камера не прочла все карты: {0}. Откройте их под камерой и снова нажмите «Открыть дилера» (R).",
    "Show the layout again [R]": "Показать раскладку снова [R]",
    "Camera at showdown: a card switched ({0})": "Камера при вскрытии: подмена карты ({0})",
    "Camera at showdown: could not read {0}": "Камера при вскрытии: не прочитано — {0}",
    "Camera at showdown: every card where the shoe dealt it": "Камера при вскрытии: каждая карта там, куда её сдал шуз",
    "Spot": "Место", "The shoe dealt": "Сдал шуз", "The camera saw": "Видит камера", "Verdict": "Итог",
    "Camera at showdown: a card switched": "Камера при вскрытии: подмена карты",
    "Camera at showdown: show {0} again": "Камера при вскрытии: покажите снова — {0}",
    "DIFFERENT": "НЕ СОВПАДАЕТ", "show again": "показать снова", "as dealt": "как сдано", "not read": "не прочитано",
    # ------------------------------------------------------------------------------------ the jackpot's sign
    "Jackpot": "Джекпот", "PROGRESSIVE JACKPOT": "ПРОГРЕССИВНЫЙ ДЖЕКПОТ",
    "No table is linked to this jackpot yet.": "К этому джекпоту ещё не подключён ни один стол.",
    "JACKPOT PENDING": "ДЖЕКПОТ ОЖИДАЕТ ПОДТВЕРЖДЕНИЯ", "{0} (not heard from)": "{0} (нет связи)",
    "Linked tables: {0}": "Подключённые столы: {0}", "paid": "выплачен", "waiting for a pit boss": "ждёт пит-босса",
    "Table {0} box {1}: {2} — {3} ({4})": "Стол {0}, бокс {1}: {2} — {3} ({4})",
    "The meter cannot be read: {0}": "Счётчик джекпота не читается: {0}",
    # ---------------------------------------------------------------------------- the jackpot at the console
    "Jackpot hit at box {0}: keep its cards on the layout; a pit boss verifies the hand [F2]":
        "Джекпот на боксе {0}: оставьте его карты на столе; пит-босс проверит руку [F2]",
    "{0}% of the meter": "{0}% счётчика",
    "Jackpot hit at box {0}: {1} wins {2}. A pit boss verifies the hand [F2]":
        "Джекпот на боксе {0}: {1}, выигрыш {2}. Руку проверяет пит-босс [F2]",
    "Jackpot pending: box {0} of table {1}": "Джекпот ожидает: бокс {0} стола {1}",
    "Jackpot pending: a hit waits for a pit boss": "Джекпот ожидает: выигрыш ждёт пит-босса",
    "Jackpot: asking the meter…": "Джекпот: запрос счётчика…",
    "Jackpot betting closed: the meter cannot be reached": "Ставки на джекпот закрыты: нет связи со счётчиком",
    "Jackpot: {0}": "Джекпот: {0}",
    "jackpot": "джекпот", "jackpot {0} paid, confirmed by {1}": "джекпот {0} выплачен, подтвердил {1}",
    "jackpot hit rejected by {0}": "выигрыш джекпота отклонил {0}",
    "jackpot hit: a pit boss confirms it [F2]": "выигрыш джекпота: подтверждает пит-босс [F2]",
    "Confirm the jackpot hit (hand verified)": "Подтвердить джекпот (рука проверена)",
    "Reject the jackpot hit (hand not as read)": "Отклонить джекпот (рука не та, что прочитана)",
    "Box {0}, round {1}: {2}": "Бокс {0}, раунд {1}: {2}",
    "Jackpot hit #{0} confirmed: pay box {1} {2}; journaled as {3}.":
        "Джекпот №{0} подтверждён: выплатите боксу {1} {2}; записано в журнал как {3}.",
    "Jackpot hit rejected and journaled; the meter cannot be reached now and is told as soon as it can be.":
        "Выигрыш джекпота отклонён и записан в журнал; счётчик сейчас недоступен и узнает об этом, как только "
        "связь вернётся.",
    "Jackpot hit rejected: not paid, the meter unlocks; journaled as {0}.":
        "Выигрыш джекпота отклонён: не выплачивается, счётчик разблокирован; записано в журнал как {0}.",
    "Jackpot hit rejected: not paid; the meter stays locked, hit #{0} (table {1}, box {2}) still waits for a pit boss; journaled as {3}.":
        "Выигрыш джекпота отклонён: не выплачивается; счётчик остаётся заблокированным, выигрыш №{0} (стол {1}, "
        "бокс {2}) ещё ждёт пит-босса; записано в журнал как {3}.",
    "{0} Box {1}'s jackpot stake is refused; the rest of the game goes on.":
        "{0} Ставка на джекпот бокса {1} не принята; остальная игра продолжается.",
    "Jackpot betting closed: jackpot pending, a hit waits for a pit boss.":
        "Ставки на джекпот закрыты: выигрыш джекпота ждёт пит-босса.",
    "Jackpot betting closed: {0}": "Ставки на джекпот закрыты: {0}",
    "rejected, not paid": "отклонён, не выплачен",
    # ------------------------------------------------------------------------------- the second pit boss, accounts
    "Nobody can log in: the staff accounts were tampered with ({0}). An admin must restore the accounts file from its backup (with its .key and .head files) and start the console again.": "Никто не может войти: учётные записи персонала подделаны ({0}). Администратор должен восстановить файл учётных записей из резервной копии (вместе с файлами .key и .head) и снова запустить консоль.",
    "Voiding this round puts {0} at stake": "Аннулирование этого раунда затрагивает {0}",
    "An adjustment of {0} to box {1}": "Корректировка {0} боксу {1}",
    "{0}, above this table's limit of {1}: a second pit boss, not {2}, logs in to approve it.": "{0} — выше лимита этого стола {1}: чтобы подтвердить, входит второй пит-босс (не {2}).",
    "{0} made this override: the second pit boss must be another person. Another pit boss logs in, or Cancel.": "{0} выполняет это действие: второй пит-босс должен быть другим человеком. Войдите другим пит-боссом или нажмите «Отмена».",
    "Second pit boss": "Второй пит-босс",
    "Nothing was done: {0} needs a second pit boss's approval, and none logged in.": "Ничего не сделано: {0} — нужно подтверждение второго пит-босса, а он не вошёл.",
    "Void of {0} by {1}, approved by a second pit boss, {2}": "Аннулирование на {0}: {1}, подтвердил второй пит-босс {2}",
    "Adjustment of {0} by {1}, approved by a second pit boss, {2}": "Корректировка {0}: {1}, подтвердил второй пит-босс {2}",
}

IN_CONTEXT: dict[tuple[str, str], Translation] = {
    # a rank on its own: no game, king high
    ("Rank", "two"): "двойка", ("Rank", "three"): "тройка", ("Rank", "four"): "четвёрка", ("Rank", "five"): "пятёрка",
    ("Rank", "six"): "шестёрка", ("Rank", "seven"): "семёрка", ("Rank", "eight"): "восьмёрка", ("Rank", "nine"): "девятка",
    ("Rank", "ten"): "десятка", ("Rank", "jack"): "валет", ("Rank", "queen"): "дама", ("Rank", "king"): "король",
    ("Rank", "ace"): "туз",
    # what a box may not do yet (Box 3 cannot bet yet: не может сделать ставку)
    ("Sentences", "bet"): "сделать ставку", ("Sentences", "exchange"): "обменять карты",
    # who holds a card read twice (она уже у дилера, у бокса 3)
    ("Sentences", "the dealer"): "дилера", ("Sentences", "box {0}"): "бокса {0}",
}

_MESSAGE = re.compile(r'<message(?: numerus="yes")?>(?P<head>.*?<source>(?P<source>.*?)</source>).*?</message>', re.S)


def translation(context: str, source: str) -> Translation | None:
    return IN_CONTEXT.get((context, source), RU.get(source))


def _message(context: str, match: re.Match[str], missing: list[str]) -> str:
    source = html.unescape(match.group("source"))
    words = translation(context, source)
    if words is None:
        missing.append(f"{context}: {source}")
        return match.group(0)
    head = match.group("head")
    if isinstance(words, tuple):
        forms = "".join(f"<numerusform>{html.escape(form, quote=False)}</numerusform>" for form in words)
        return f'<message numerus="yes">{head}\n        <translation>{forms}</translation>\n    </message>'
    return f"<message>{head}\n        <translation>{html.escape(words, quote=False)}</translation>\n    </message>"


def fill(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    missing: list[str] = []

    def context(match: re.Match[str]) -> str:
        name = html.unescape(match.group("name"))
        return _MESSAGE.sub(lambda m: _message(name, m, missing), match.group(0))

    text = re.sub(r"<context>\s*<name>(?P<name>.*?)</name>.*?</context>", context, text, flags=re.S)
    path.write_text(text, encoding="utf-8")
    for source in missing:
        print(f"untranslated: {source!r}", file=sys.stderr)
    return len(missing)


if __name__ == "__main__":
    sys.exit(1 if fill(Path(__file__).with_name("rptable_ru.ts")) else 0)
