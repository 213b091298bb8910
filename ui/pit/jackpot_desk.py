"""A pit boss confirms or rejects a waiting jackpot hit from the pit: for a rejection the reason first (it is kept
with the pit boss's name), then a login with a PIN against the floor's accounts for this hit alone (money moves
on it), then the meter's own confirm or reject on a thread of its own, which checks the account again under the
meter's lock and refuses a hit out of turn or one already decided. The answer is said in words, never raised."""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QInputDialog, QWidget

from controller.floor.database import FloorError, explain, psycopg_module
from controller.floor.jackpot_meter import JackpotMeter, JackpotRefused
from controller.floor.pit import WaitingHit
from controller.table.security.users import Role, User
from ui.format import amount
from ui.i18n import translate
from ui.login import STAFF_STYLE, LoginDialog
from ui.sentences import reworded
from ui.words import category_words


class JackpotDesk(QObject):
    """`done(words, ok)` once the meter answered; `logged_in(user)` when a pit boss logged in for a hit."""

    done = Signal(str, bool)
    logged_in = Signal(object)

    def __init__(self, url: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.url = url
        self.window = parent

    def confirm(self, waiting: WaitingHit) -> None:
        hit = waiting.hit
        intro = translate("PitJackpot", "Confirm jackpot hit #{0}: table {1}, box {2}, {3}, pays {4}. Log in only "
                                        "once you have verified the hand at the table.").format(
            hit.hit, hit.table_id, hit.box, category_words(hit.category), amount(hit.amount))

        def pay(meter: JackpotMeter, user: User) -> str:
            paid, now = meter.confirm(hit.hit, user.name)
            said = translate("PitJackpot", "Jackpot hit #{0} confirmed by {1}: table {2} pays box {3} {4}.") if now \
                else translate("PitJackpot", "Jackpot hit #{0} was confirmed already, by {1}: table {2}, box {3}, "
                                             "{4}.")
            return said.format(paid.hit, paid.confirmed_by, paid.table_id, paid.box, amount(paid.amount))
        self._log_in(translate("PitJackpot", "Confirm jackpot hit #{0} — pit boss").format(hit.hit), intro,
                     lambda user: self._at_meter(waiting, user, pay))

    def reject(self, waiting: WaitingHit) -> None:
        hit = waiting.hit
        ask = QInputDialog(self.window)
        ask.setObjectName("pit_jackpot_reason")
        ask.setWindowTitle(translate("PitJackpot", "Reject jackpot hit #{0}").format(hit.hit))
        ask.setLabelText(translate("PitJackpot", "Why is the hand at table {0}, box {1} not the {2} the shoe read? "
                                                 "Kept with your name.").format(hit.table_id, hit.box,
                                                                                category_words(hit.category)))
        ask.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        ask.setStyleSheet(STAFF_STYLE)  # as the login after it: the pit's light words would vanish on Qt's grey
        ask.setMinimumWidth(640)

        def reasoned(reason: str) -> None:
            if not reason.strip():
                self.done.emit(translate("PitJackpot", "Not rejected: a rejected jackpot needs a reason."), False)
                return
            intro = translate("PitJackpot", "Reject jackpot hit #{0} (table {1}, box {2}): not paid, its {3} goes "
                                            "back into the meter. Reason: {4}").format(
                hit.hit, hit.table_id, hit.box, amount(hit.amount), reason)

            def unpay(meter: JackpotMeter, user: User) -> str:
                rejected, now = meter.reject(hit.table_id, hit.round_id, hit.box, user.name, reason)
                if not now:
                    return translate("PitJackpot", "Jackpot hit #{0} was rejected already, by {1}.").format(
                        rejected.hit, rejected.confirmed_by)
                waiting = meter.first_waiting()  # the meter unlocks only when no other hit waits
                if waiting is not None:
                    return translate("PitJackpot", "Jackpot hit #{0} rejected by {1}: not paid. The meter stays "
                                                   "locked: hit #{2} (table {3}, box {4}) still waits for a pit "
                                                   "boss.").format(rejected.hit, rejected.confirmed_by, waiting.hit,
                                                                   waiting.table_id, waiting.box)
                return translate("PitJackpot", "Jackpot hit #{0} rejected by {1}: not paid, the meter unlocks.").format(
                    rejected.hit, rejected.confirmed_by)
            self._log_in(translate("PitJackpot", "Reject jackpot hit #{0} — pit boss").format(hit.hit), intro,
                         lambda user: self._at_meter(waiting, user, unpay))
        ask.textValueSelected.connect(reasoned)
        ask.open()

    def _log_in(self, title: str, intro: str, then: Callable[[User], None]) -> None:
        login = LoginDialog(self.url, Role.PIT_BOSS, title, intro, self.window)
        login.setObjectName("pit_jackpot_login")
        login.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def finished(result: int) -> None:
            if result == QDialog.DialogCode.Accepted and login.user is not None:
                self.logged_in.emit(login.user)
                then(login.user)

        login.finished.connect(finished)
        login.open()

    def _at_meter(self, waiting: WaitingHit, user: User, act: Callable[[JackpotMeter, User], str]) -> None:
        def run() -> None:
            try:
                meter = JackpotMeter(self.url, waiting.meter_id)
                try:
                    self.done.emit(act(meter, user), True)
                finally:
                    meter.close()
            except (JackpotRefused, FloorError) as err:
                self.done.emit(reworded(str(err)), False)
            except psycopg_module().Error as err:
                self.done.emit(reworded(explain(err, self.url)), False)
        threading.Thread(target=run, name="rptable-pit-jackpot", daemon=True).start()

