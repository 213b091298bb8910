<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>Actions</name>
    <message>
        <location filename="../actions.py" line="46"/>
        <source>Draw card</source>
        <translation>Сдать карту</translation>
    </message>
    <message>
        <location filename="../actions.py" line="47"/>
        <source>Close bets</source>
        <translation>Закрыть ставки</translation>
    </message>
    <message>
        <location filename="../actions.py" line="48"/>
        <source>Place stakes</source>
        <translation>Принять ставки</translation>
    </message>
    <message>
        <location filename="../actions.py" line="49"/>
        <source>Withdraw stakes</source>
        <translation>Снять ставки</translation>
    </message>
    <message>
        <location filename="../actions.py" line="50"/>
        <source>Repeat last bets</source>
        <translation>Повторить ставки</translation>
    </message>
    <message>
        <location filename="../actions.py" line="51"/>
        <source>Fold</source>
        <translation>Пас</translation>
    </message>
    <message>
        <location filename="../actions.py" line="52"/>
        <source>Bet</source>
        <translation>Ставка</translation>
    </message>
    <message>
        <location filename="../actions.py" line="53"/>
        <source>Buy 6th card</source>
        <translation>Купить 6-ю карту</translation>
    </message>
    <message>
        <location filename="../actions.py" line="54"/>
        <source>Exchange</source>
        <translation>Обмен</translation>
    </message>
    <message>
        <location filename="../actions.py" line="55"/>
        <source>Insure</source>
        <translation>Страховка</translation>
    </message>
    <message>
        <location filename="../actions.py" line="56"/>
        <source>Reveal dealer</source>
        <translation>Открыть дилера</translation>
    </message>
    <message>
        <location filename="../actions.py" line="57"/>
        <source>Buy a game</source>
        <translation>Купить игру</translation>
    </message>
    <message>
        <location filename="../actions.py" line="58"/>
        <source>Take the ante</source>
        <translation>Взять анте</translation>
    </message>
    <message>
        <location filename="../actions.py" line="59"/>
        <source>Close buying</source>
        <translation>Закрыть покупку</translation>
    </message>
</context>
<context>
    <name>AuditDialog</name>
    <message>
        <location filename="../audit_view.py" line="318"/>
        <source>Audit — table {0}</source>
        <translation>Аудит — стол {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="320"/>
        <location filename="../pit/table_audit.py" line="52"/>
        <source>pit boss {0}</source>
        <translation>пит-босс {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="335"/>
        <location filename="../audit_view.py" line="628"/>
        <source>Rounds</source>
        <translation>Раунды</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="336"/>
        <source>Last 10</source>
        <translation>Последние 10</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="337"/>
        <source>Shift report</source>
        <translation>Отчёт смены</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="338"/>
        <source>Verification</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="345"/>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="380"/>
        <source>Reading the journal…</source>
        <translation>Чтение журнала…</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="382"/>
        <source>Verifying the journal…</source>
        <translation>Проверка журнала…</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="413"/>
        <source>The journal cannot be read: {0}</source>
        <translation>Не удаётся прочитать журнал: {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="618"/>
        <source>Reading the day&apos;s rounds…</source>
        <translation>Чтение раундов дня…</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="443"/>
        <source>Earlier rounds</source>
        <translation>Более ранние раунды</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="450"/>
        <location filename="../audit_view.py" line="582"/>
        <source>Round</source>
        <translation>Раунд</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="450"/>
        <location filename="../audit_view.py" line="582"/>
        <source>Opened</source>
        <translation>Начат</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="450"/>
        <location filename="../audit_view.py" line="582"/>
        <source>Boxes</source>
        <translation>Боксы</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="450"/>
        <source>Wagered</source>
        <translation>Ставки</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="450"/>
        <location filename="../audit_view.py" line="582"/>
        <source>House net</source>
        <translation>Итог казино</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="451"/>
        <location filename="../audit_view.py" line="583"/>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="451"/>
        <location filename="../audit_view.py" line="628"/>
        <source>Dealer</source>
        <translation>Дилер</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="507"/>
        <source>voided</source>
        <translation>аннулирован</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="507"/>
        <source>complete</source>
        <translation>завершён</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="508"/>
        <source>in play</source>
        <translation>идёт</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="582"/>
        <source>Dealer&apos;s cards</source>
        <translation>Карты дилера</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="594"/>
        <source>The last {0} rounds, oldest first, with their cards.</source>
        <translation>Последние раунды ({0}), от старых к новым, с картами.</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="598"/>
        <source>Box {0}: {1} — {2} {3}</source>
        <translation>Бокс {0}: {1} — {2} {3}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="628"/>
        <source>Hours</source>
        <translation>Часы</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="628"/>
        <source>Rounds per hour</source>
        <translation>Раундов в час</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="628"/>
        <source>Drop</source>
        <translation>Дроп</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="629"/>
        <source>House win</source>
        <translation>Выигрыш казино</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="629"/>
        <source>Adjustments</source>
        <translation>Корректировки</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="422"/>
        <source>The table&apos;s last day of play: {0} (UTC)</source>
        <translation>Последний игровой день стола: {0} (UTC)</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="686"/>
        <source>Read and verify again</source>
        <translation>Прочитать и проверить снова</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="723"/>
        <source>Audit — pit boss</source>
        <translation>Аудит — пит-босс</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="724"/>
        <source>The audit is for pit bosses: log in to open it.</source>
        <translation>Аудит — только для пит-босса: войдите, чтобы открыть его.</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="462"/>
        <source>Step back</source>
        <translation>Назад</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="463"/>
        <source>Step</source>
        <translation>Вперёд</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="481"/>
        <source>Replay (select a finished round)</source>
        <translation>Повтор (выберите завершённый раунд)</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="553"/>
        <source>This round is still in play: it can be replayed once it closes.</source>
        <translation>Раунд ещё идёт: повтор будет доступен после его завершения.</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="649"/>
        <source>{0} rounds · drop {1} · house win {2} · hold {3}% · {4} voided · {5} adjustments</source>
        <translation>Раундов: {0} · дроп {1} · выигрыш казино {2} · холд {3}% · аннулировано {4} · корректировок {5}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="654"/>
        <source>Theoretical win {0} · theoretical hold {1}% (the house edge under the basic strategy)</source>
        <translation>Теоретический выигрыш {0} · теоретический холд {1}% (преимущество казино при базовой стратегии)</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="659"/>
        <source>no measured house edge for the rules {0}: their rounds count 0 theoretical</source>
        <translation>для правил {0} преимущество казино не измерено: их раунды в теоретическом выигрыше не учтены</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="663"/>
        <source>shoe not authenticated: {0} of {1} rounds dealt by a shoe that proved no key, their cards not proved</source>
        <translation>шуз не аутентифицирован: {0} из {1} раундов сданы шузом, не доказавшим ключ; их карты не подтверждены</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="669"/>
        <source>(nobody signed in)</source>
        <translation>(никто не вошёл)</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="673"/>
        <source>Hold % by hour</source>
        <translation>Холд % по часам</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="675"/>
        <source>box {0}</source>
        <translation>бокс {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="676"/>
        <source>Hold % by box</source>
        <translation>Холд % по боксам</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="701"/>
        <source>Journal verified: {0} events, {1} rounds; the hash chain is intact and every payment recomputes.</source>
        <translation>Журнал проверен: событий — {0}, раундов — {1}; цепочка хешей цела, все выплаты пересчитаны.</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="705"/>
        <source>JOURNAL FAILS VERIFICATION at event {0}: {1}</source>
        <translation>ЖУРНАЛ НЕ ПРОШЁЛ ПРОВЕРКУ на событии {0}: {1}</translation>
    </message>
    <message>
        <location filename="../words.py" line="142"/>
        <source>betting</source>
        <translation>ставки</translation>
    </message>
    <message>
        <location filename="../words.py" line="143"/>
        <source>dealing</source>
        <translation>сдача</translation>
    </message>
    <message>
        <location filename="../words.py" line="144"/>
        <source>decisions</source>
        <translation>решения</translation>
    </message>
    <message>
        <location filename="../words.py" line="145"/>
        <source>reveal</source>
        <translation>вскрытие</translation>
    </message>
    <message>
        <location filename="../words.py" line="146"/>
        <source>buying</source>
        <translation>покупка игры</translation>
    </message>
    <message>
        <location filename="../words.py" line="147"/>
        <source>dealer draws</source>
        <translation>прикуп дилера</translation>
    </message>
    <message>
        <location filename="../words.py" line="148"/>
        <source>closed</source>
        <translation>закрыт</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="222"/>
        <source>Dealer: {0}</source>
        <translation>Дилер: {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="225"/>
        <source>ante</source>
        <translation>анте</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="226"/>
        <source>bonus</source>
        <translation>бонус</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="227"/>
        <source>bet</source>
        <translation>ставка</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="229"/>
        <source>insurance</source>
        <translation>страховка</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="230"/>
        <source>game bought</source>
        <translation>игра куплена</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="233"/>
        <source>Box {0}: {1}  ({2})</source>
        <translation>Бокс {0}: {1}  ({2})</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="245"/>
        <source>{0} confirmed by {1}</source>
        <translation>{0}, подтвердил {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="247"/>
        <source>Phase: {0}</source>
        <translation>Фаза: {0}</translation>
    </message>
</context>
<context>
    <name>BetPanel</name>
    <message>
        <location filename="../bet_panel.py" line="128"/>
        <source>Ante</source>
        <translation>Анте</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="129"/>
        <source>Bonus</source>
        <translation>Бонус</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="130"/>
        <source>Blind</source>
        <translation>Втёмную</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="131"/>
        <source>Withdraw</source>
        <translation>Снять</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="132"/>
        <source>Jackpot</source>
        <translation>Джекпот</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="133"/>
        <source>Ante, box {0}</source>
        <translation>Анте, бокс {0}</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="134"/>
        <source>Bonus, box {0}</source>
        <translation>Бонус, бокс {0}</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="179"/>
        <source>placed ✓</source>
        <translation>принято ✓</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="181"/>
        <source>not placed</source>
        <translation>не принято</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="186"/>
        <source>Player at box {0} (boxes of one player are next to each other):</source>
        <translation>Игрок на боксе {0} (боксы одного игрока — рядом):</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="190"/>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="204"/>
        <source>Player…</source>
        <translation>Игрок…</translation>
    </message>
</context>
<context>
    <name>BoxPanel</name>
    <message>
        <location filename="../table_view.py" line="225"/>
        <location filename="../table_view.py" line="234"/>
        <source>Box {0}</source>
        <translation>Бокс {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="237"/>
        <source>no stakes</source>
        <translation>нет ставок</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="258"/>
        <source>Ante {0}</source>
        <translation>Анте {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="260"/>
        <source>Bet {0}</source>
        <translation>Ставка {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="262"/>
        <source>Bonus {0}</source>
        <translation>Бонус {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="264"/>
        <source>Jackpot {0}</source>
        <translation>Джекпот {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="266"/>
        <source>6th card {0}</source>
        <translation>6-я карта {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="268"/>
        <source>Exchange {0}</source>
        <translation>Обмен {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="270"/>
        <source>Insurance {0}</source>
        <translation>Страховка {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="272"/>
        <source>Game bought {0}</source>
        <translation>Игра куплена {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="279"/>
        <source>folded</source>
        <translation>пас</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="284"/>
        <source>blind</source>
        <translation>втёмную</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="286"/>
        <source>bet placed</source>
        <translation>ставка сделана</translation>
    </message>
    <message numerus="yes">
        <location filename="../table_view.py" line="289"/>
        <source>waiting for %n card(s)</source>
        <translation><numerusform>ждёт %n карту</numerusform><numerusform>ждёт %n карты</numerusform><numerusform>ждёт %n карт</numerusform></translation>
    </message>
    <message>
        <location filename="../table_view.py" line="291"/>
        <source>to act</source>
        <translation>ходит</translation>
    </message>
</context>
<context>
    <name>CardWidget</name>
    <message>
        <location filename="../table_view.py" line="81"/>
        <source>face-down card {0}</source>
        <translation>закрытая карта {0}</translation>
    </message>
</context>
<context>
    <name>ConsoleWindow</name>
    <message>
        <location filename="../main_window.py" line="176"/>
        <source>rptable — table {0} — {1}</source>
        <translation>rptable — стол {0} — {1}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="178"/>
        <source>Pit boss [F2]</source>
        <translation>Пит-босс [F2]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="179"/>
        <source>Audit [F3]</source>
        <translation>Аудит [F3]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="180"/>
        <source>Русский [F4]</source>
        <translation>Русский [F4]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="181"/>
        <source>English [F4]</source>
        <translation>English [F4]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="185"/>
        <source>Pit boss login [F2]</source>
        <translation>Вход пит-босса [F2]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="186"/>
        <source>Next round</source>
        <translation>Следующий раунд</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="17"/>
        <source>STOP: table fault — call a pit boss</source>
        <translation>СТОП: сбой стола — вызовите пит-босса</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="19"/>
        <location filename="../guidance.py" line="25"/>
        <source>Place antes, then close bets</source>
        <translation>Примите анте, затем закройте ставки</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="21"/>
        <source>STOP: card fault — call a pit boss</source>
        <translation>СТОП: сбой карты — вызовите пит-босса</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="26"/>
        <source>Place more antes, or close bets and deal</source>
        <translation>Примите ещё анте или закройте ставки и сдавайте</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="31"/>
        <source>Round over: next round</source>
        <translation>Раунд окончен: следующий раунд</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="35"/>
        <source>Deal to box {0}</source>
        <translation>Сдайте на бокс {0}</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="37"/>
        <source>Deal to the dealer</source>
        <translation>Сдайте дилеру</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="40"/>
        <source>Deal box {0} its drawn cards: {1} to go</source>
        <translation>Сдайте боксу {0} прикупленные карты: осталось {1}</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="41"/>
        <source>Deal box {0} its drawn card</source>
        <translation>Сдайте боксу {0} прикупленную карту</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="43"/>
        <source>Deal the dealer&apos;s new card</source>
        <translation>Сдайте дилеру новую карту</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="45"/>
        <source>Reveal the dealer&apos;s hand</source>
        <translation>Откройте карты дилера</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="48"/>
        <source>Box {0}: buy the dealer a game or take the ante</source>
        <translation>Бокс {0}: купить игру дилеру или взять анте</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="49"/>
        <source>Box {0}: player decides</source>
        <translation>Бокс {0}: решение игрока</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="56"/>
        <source>Fold box {0}?</source>
        <translation>Бокс {0}: пас?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="58"/>
        <source>Box {0} bets {1}?</source>
        <translation>Бокс {0} ставит {1}?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="60"/>
        <source>Buy box {0} a 6th card for {1}?</source>
        <translation>Бокс {0}: купить 6-ю карту за {1}?</translation>
    </message>
    <message numerus="yes">
        <location filename="../guidance.py" line="62"/>
        <source>Exchange %n card(s) of box {0} for {1}?</source>
        <translation><numerusform>Бокс {0}: обменять %n карту за {1}?</numerusform><numerusform>Бокс {0}: обменять %n карты за {1}?</numerusform><numerusform>Бокс {0}: обменять %n карт за {1}?</numerusform></translation>
    </message>
    <message>
        <location filename="../guidance.py" line="65"/>
        <source>Box {0} takes the ante?</source>
        <translation>Бокс {0} берёт анте?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="67"/>
        <source>Insure box {0} for {1}?</source>
        <translation>Бокс {0}: страховка {1}?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="68"/>
        <source>Box {0} buys the dealer a game for {1}?</source>
        <translation>Бокс {0} покупает игру дилеру за {1}?</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="73"/>
        <source>Press {0} again or Enter; Esc cancels.</source>
        <translation>Нажмите {0} ещё раз или Enter; Esc — отмена.</translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="87"/>
        <source>{0} — box {1}</source>
        <translation>{0} — бокс {1}</translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="97"/>
        <source>Exchange — box {0}: pick cards (1-6)</source>
        <translation>Обмен, бокс {0}: отметьте карты</translation>
    </message>
    <message numerus="yes">
        <location filename="../play_desk.py" line="95"/>
        <source>Exchange %n card(s) — box {0} ({1})</source>
        <translation><numerusform>Обменять %n карту — бокс {0} ({1})</numerusform><numerusform>Обменять %n карты — бокс {0} ({1})</numerusform><numerusform>Обменять %n карт — бокс {0} ({1})</numerusform></translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="98"/>
        <source>Select {0} to {1} cards to discard: tap them or press 1-6.</source>
        <translation>Выберите от {0} до {1} карт на обмен: коснитесь их или нажмите 1-6.</translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="107"/>
        <source>Waiting for the shoe to deliver the card.</source>
        <translation>Ожидание карты из шуза.</translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="114"/>
        <source>Place antes first.</source>
        <translation>Сначала примите анте.</translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="115"/>
        <source>No card is due now.</source>
        <translation>Сейчас карта не ожидается.</translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="123"/>
        <source>No round is open: place antes first.</source>
        <translation>Раунд не начат: сначала примите анте.</translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="126"/>
        <source>No box can do this now.</source>
        <translation>Сейчас ни один бокс не может это сделать.</translation>
    </message>
    <message>
        <location filename="../play_desk.py" line="131"/>
        <source>Not now.</source>
        <translation>Не сейчас.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="363"/>
        <source>No box may insure now: insurance goes with a box&apos;s bet.</source>
        <translation>Сейчас ни один бокс не может застраховаться: страховка делается вместе со ставкой.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="406"/>
        <source>Shoe: status unavailable ({0})</source>
        <translation>Шуз: статус недоступен ({0})</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="410"/>
        <source>Shoe {0}</source>
        <translation>Шуз {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="411"/>
        <source>connected</source>
        <translation>подключён</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="411"/>
        <source>NOT CONNECTED</source>
        <translation>НЕ ПОДКЛЮЧЁН</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="413"/>
        <source>heartbeat {0} s ago</source>
        <translation>сигнал {0} с назад</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="417"/>
        <source>{0} cards left</source>
        <translation>осталось карт: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="419"/>
        <source>gate locked</source>
        <translation>заслонка закрыта</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="421"/>
        <source>shoe not authenticated</source>
        <translation>шуз не аутентифицирован</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="422"/>
        <source>table {0}</source>
        <translation>стол {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="423"/>
        <source>journal #{0}</source>
        <translation>журнал №{0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="296"/>
        <location filename="../main_window.py" line="445"/>
        <source>Refused: {0}</source>
        <translation>Отказано: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="267"/>
        <source>An admin acknowledges the house rules first: Staff [F7]</source>
        <translation>Сначала администратор подтверждает правила казино: Персонал [F7]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="269"/>
        <source>Sign in to deal [F6]</source>
        <translation>Войдите, чтобы сдавать [F6]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="481"/>
        <source>The camera is reading the cards turned up…</source>
        <translation>Камера читает открытые карты…</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="496"/>
        <source>The camera saw every card where the shoe dealt it.</source>
        <translation>Камера видит каждую карту там, куда её сдал шуз.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="499"/>
        <source>The camera could not read every card of {0}: turn them up in full view of the camera and press Reveal (R) again.</source>
        <translation>Камера не прочла все карты: {0}. Откройте их под камерой и снова нажмите «Открыть дилера» (R).</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="529"/>
        <source>Every card of the shoe&apos;s order is dealt ({0} cards): start the console again with another order file, or without one for shuffled packs.</source>
        <translation>Все карты заданного порядка шуза сданы (всего {0}): перезапустите консоль с другим файлом порядка или без него, чтобы колоды тасовались.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="573"/>
        <source>Space</source>
        <translation>Пробел</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="668"/>
        <source>Close the console?</source>
        <translation>Закрыть консоль?</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="669"/>
        <source>A round is in play. The table resumes exactly here when the console starts again. Close it now?</source>
        <translation>Идёт раунд. При следующем запуске консоли стол продолжит ровно с этого места. Закрыть сейчас?</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="671"/>
        <source>Close the console</source>
        <translation>Закрыть консоль</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="671"/>
        <source>Keep playing</source>
        <translation>Продолжить игру</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="614"/>
        <source>Card refused: {0}</source>
        <translation>Карта не принята: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="187"/>
        <source>Show the layout again [R]</source>
        <translation>Показать раскладку снова [R]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="625"/>
        <source>The card source stopped: {0}</source>
        <translation>Источник карт остановлен: {0}</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="79"/>
        <source>Fault resolved: the shoe&apos;s gate is open again.</source>
        <translation>Сбой устранён: заслонка шуза снова открыта.</translation>
    </message>
    <message>
        <location filename="../guidance.py" line="80"/>
        <source>Fault resolved: the shoe&apos;s gate opens again as soon as the shoe is back online.</source>
        <translation>Сбой устранён: заслонка шуза откроется, как только шуз снова будет на связи.</translation>
    </message>
    <message>
        <location filename="../insurance_desk.py" line="40"/>
        <location filename="../stakes_desk.py" line="53"/>
        <location filename="../stakes_desk.py" line="59"/>
        <source> — box {0}</source>
        <translation> — бокс {0}</translation>
    </message>
    <message>
        <location filename="../insurance_desk.py" line="42"/>
        <source>Insurance, box {0}</source>
        <translation>Страховка, бокс {0}</translation>
    </message>
    <message>
        <location filename="../insurance_desk.py" line="45"/>
        <source>⇄ box {0}</source>
        <translation>⇄ бокс {0}</translation>
    </message>
    <message>
        <location filename="../insurance_desk.py" line="58"/>
        <source>Type box {0}&apos;s insurance, then Enter.</source>
        <translation>Введите страховку бокса {0} и нажмите Enter.</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="56"/>
        <source>Type an ante in a box first.</source>
        <translation>Сначала введите анте в боксе.</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="62"/>
        <source>Tap a box whose stakes are placed, then withdraw them.</source>
        <translation>Коснитесь бокса с принятыми ставками, затем снимите их.</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="65"/>
        <source>No earlier round at this table to repeat.</source>
        <translation>За этим столом ещё не было раунда, чтобы его повторить.</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="73"/>
        <source>Type an ante in the boxes that play, then place their stakes.</source>
        <translation>Введите анте в играющих боксах, затем примите ставки.</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="111"/>
        <source>Last round&apos;s stakes filled in: check them, then place them (P).</source>
        <translation>Ставки прошлого раунда заполнены: проверьте и примите их (P).</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="123"/>
        <source>Box {0}: stakes typed in but not placed. Place them, or leave the box out of this round?</source>
        <translation>Бокс {0}: ставки введены, но не приняты. Принять их или оставить бокс вне этого раунда?</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="125"/>
        <source>Place box {0}, then close bets</source>
        <translation>Принять бокс {0} и закрыть ставки</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="126"/>
        <source>Leave box {0} out</source>
        <translation>Без бокса {0}</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="128"/>
        <source>Boxes {0}: stakes typed in but not placed. Place them, or leave these boxes out of this round?</source>
        <translation>Боксы {0}: ставки введены, но не приняты. Принять их или оставить эти боксы вне этого раунда?</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="130"/>
        <source>Place boxes {0}, then close bets</source>
        <translation>Принять боксы {0} и закрыть ставки</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="131"/>
        <source>Leave boxes {0} out</source>
        <translation>Без боксов {0}</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="132"/>
        <source>Stakes not placed</source>
        <translation>Ставки не приняты</translation>
    </message>
    <message>
        <location filename="../stakes_desk.py" line="134"/>
        <source>Go back to the stakes</source>
        <translation>Вернуться к ставкам</translation>
    </message>
</context>
<context>
    <name>DealerBadge</name>
    <message>
        <location filename="../dealer_sign_in.py" line="117"/>
        <source>No dealer signed in</source>
        <translation>Дилер не вошёл</translation>
    </message>
    <message>
        <location filename="../dealer_sign_in.py" line="119"/>
        <source>Sign in</source>
        <translation>Вход</translation>
    </message>
    <message>
        <location filename="../dealer_sign_in.py" line="122"/>
        <source>Dealer: {0} · {1} min</source>
        <translation>Дилер: {0} · {1} мин</translation>
    </message>
    <message>
        <location filename="../dealer_sign_in.py" line="124"/>
        <source>Next dealer</source>
        <translation>Смена дилера</translation>
    </message>
</context>
<context>
    <name>DealerPanel</name>
    <message>
        <location filename="../table_view.py" line="328"/>
        <source>Dealer</source>
        <translation>Дилер</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="337"/>
        <source>qualifies</source>
        <translation>игра есть</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="339"/>
        <source>does not qualify</source>
        <translation>игры нет</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="358"/>
        <source>now takes away his highest card, {0}, for the next card</source>
        <translation>теперь меняет старшую карту, {0}, на следующую</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="361"/>
        <source>Game bought: {0}.</source>
        <translation>Игра куплена: {0}.</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="368"/>
        <source>same rank: his hand is unchanged, so he replaces again, free — R-BUY-3</source>
        <translation>тот же ранг: рука не изменилась, поэтому замена повторяется бесплатно — R-BUY-3</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="370"/>
        <source>one box in play: he replaces until he qualifies — R-BUY-3</source>
        <translation>в игре один бокс: замена, пока у дилера не будет игры — R-BUY-3</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="371"/>
        <source>he still does not qualify: he replaces again — R-BUY-3</source>
        <translation>игры всё ещё нет: замена повторяется — R-BUY-3</translation>
    </message>
</context>
<context>
    <name>DealerSignInDialog</name>
    <message>
        <location filename="../dealer_sign_in.py" line="35"/>
        <source>Dealer sign-in — table {0}</source>
        <translation>Вход дилера — стол {0}</translation>
    </message>
    <message>
        <location filename="../dealer_sign_in.py" line="40"/>
        <source>{0} deals now. The next dealer signs in to take over the table.</source>
        <translation>Сейчас сдаёт {0}. Следующий дилер входит, чтобы принять стол.</translation>
    </message>
    <message>
        <location filename="../dealer_sign_in.py" line="41"/>
        <source>Sign in to deal at this table: your rounds are journaled with your name.</source>
        <translation>Войдите, чтобы сдавать за этим столом: ваши раунды пишутся в журнал под вашим именем.</translation>
    </message>
    <message>
        <location filename="../dealer_sign_in.py" line="48"/>
        <source>Staff and setup [F7]</source>
        <translation>Персонал и настройка [F7]</translation>
    </message>
    <message>
        <location filename="../dealer_sign_in.py" line="52"/>
        <source>Sign out {0}</source>
        <translation>Выход: {0}</translation>
    </message>
    <message>
        <location filename="../dealer_sign_in.py" line="56"/>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
</context>
<context>
    <name>FirstAdminDialog</name>
    <message>
        <location filename="../staff_desk.py" line="128"/>
        <source>First run — table {0}</source>
        <translation>Первый запуск — стол {0}</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="132"/>
        <source>Welcome. This table has no staff account yet. Make its first admin: the admin adds the dealers and pit bosses, and acknowledges the house rules where they need it. Choose a name and a PIN of at least 6 characters (not a run like 123456).</source>
        <translation>Добро пожаловать. У этого стола ещё нет учётных записей персонала. Создайте первого администратора: он добавляет дилеров и пит-боссов и подтверждает правила казино, если это требуется. Выберите имя и PIN не короче 6 символов (не подряд идущие, как 123456).</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="141"/>
        <source>Admin&apos;s name</source>
        <translation>Имя администратора</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="150"/>
        <source>Make the first admin</source>
        <translation>Создать администратора</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="153"/>
        <source>Later</source>
        <translation>Позже</translation>
    </message>
</context>
<context>
    <name>FloorStatus</name>
    <message>
        <location filename="../floor_status.py" line="26"/>
        <source> · {0} to send</source>
        <translation> · к отправке: {0}</translation>
    </message>
    <message>
        <location filename="../floor_status.py" line="27"/>
        <source>floor: reporting</source>
        <translation>зал: данные передаются</translation>
    </message>
    <message>
        <location filename="../floor_status.py" line="30"/>
        <source>NOT REPORTING to the floor · {0} events wait</source>
        <translation>НЕТ СВЯЗИ С ЗАЛОМ · событий ждут отправки: {0}</translation>
    </message>
</context>
<context>
    <name>FloorTable</name>
    <message>
        <location filename="../pit/table_audit.py" line="50"/>
        <source>{0} — audit from the floor database</source>
        <translation>{0} — аудит по базе данных зала</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="54"/>
        <source>Table {0}</source>
        <translation>Стол {0}</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="73"/>
        <source>the table&apos;s last day of play</source>
        <translation>последний игровой день стола</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="74"/>
        <source>the table&apos;s whole history</source>
        <translation>всю историю стола</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="75"/>
        <source>Faults and overrides</source>
        <translation>Сбои и исправления</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="99"/>
        <source>Time (UTC)</source>
        <translation>Время (UTC)</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="99"/>
        <source>Who</source>
        <translation>Кто</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="100"/>
        <source>Round</source>
        <translation>Раунд</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="100"/>
        <source>What</source>
        <translation>Что</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="113"/>
        <source>No fault and no override in {0}.</source>
        <translation>Ни сбоев, ни исправлений за {0}.</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="129"/>
        <location filename="../pit/table_audit.py" line="138"/>
        <source>the shoe</source>
        <translation>шуз</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="140"/>
        <source>the camera</source>
        <translation>камера</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="141"/>
        <source>the clock</source>
        <translation>часы</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="141"/>
        <source>the journal</source>
        <translation>журнал</translation>
    </message>
    <message>
        <location filename="../pit/table_audit.py" line="142"/>
        <source>the table</source>
        <translation>стол</translation>
    </message>
</context>
<context>
    <name>HoldChart</name>
    <message>
        <location filename="../audit_view.py" line="214"/>
        <source>(no rounds)</source>
        <translation>(нет раундов)</translation>
    </message>
</context>
<context>
    <name>InfoBar</name>
    <message>
        <location filename="../info_bar.py" line="106"/>
        <location filename="../info_bar.py" line="111"/>
        <source>Rules: {0}</source>
        <translation>Правила: {0}</translation>
    </message>
    <message>
        <location filename="../info_bar.py" line="120"/>
        <source>Rules in force</source>
        <translation>Действующие правила</translation>
    </message>
    <message>
        <location filename="../info_bar.py" line="121"/>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <location filename="../info_bar.py" line="126"/>
        <source>Shoe offline</source>
        <translation>Шуз не на связи</translation>
    </message>
    <message>
        <location filename="../info_bar.py" line="128"/>
        <source>Gate LOCKED</source>
        <translation>Заслонка ЗАКРЫТА</translation>
    </message>
    <message>
        <location filename="../info_bar.py" line="130"/>
        <source>Gate open</source>
        <translation>Заслонка открыта</translation>
    </message>
    <message>
        <location filename="../info_bar.py" line="138"/>
        <source>Dealer: {0}</source>
        <translation>Дилер: {0}</translation>
    </message>
    <message>
        <location filename="../info_bar.py" line="140"/>
        <source>No dealer signed in</source>
        <translation>Дилер не вошёл</translation>
    </message>
</context>
<context>
    <name>Jackpot</name>
    <message>
        <location filename="../jackpot_line.py" line="77"/>
        <source>Jackpot hit at box {0}: keep its cards on the layout; a pit boss verifies the hand [F2]</source>
        <translation>Джекпот на боксе {0}: оставьте его карты на столе; пит-босс проверит руку [F2]</translation>
    </message>
    <message>
        <location filename="../jackpot_line.py" line="81"/>
        <source>{0}% of the meter</source>
        <translation>{0}% счётчика</translation>
    </message>
    <message>
        <location filename="../jackpot_line.py" line="82"/>
        <source>Jackpot hit at box {0}: {1} wins {2}. A pit boss verifies the hand [F2]</source>
        <translation>Джекпот на боксе {0}: {1}, выигрыш {2}. Руку проверяет пит-босс [F2]</translation>
    </message>
    <message>
        <location filename="../jackpot_line.py" line="85"/>
        <source>Jackpot pending: box {0} of table {1}</source>
        <translation>Джекпот ожидает: бокс {0} стола {1}</translation>
    </message>
    <message>
        <location filename="../jackpot_line.py" line="88"/>
        <source>Jackpot pending: a hit waits for a pit boss</source>
        <translation>Джекпот ожидает: выигрыш ждёт пит-босса</translation>
    </message>
    <message>
        <location filename="../jackpot_line.py" line="90"/>
        <source>Jackpot: asking the meter…</source>
        <translation>Джекпот: запрос счётчика…</translation>
    </message>
    <message>
        <location filename="../jackpot_line.py" line="92"/>
        <source>Jackpot betting closed: the meter cannot be reached</source>
        <translation>Ставки на джекпот закрыты: нет связи со счётчиком</translation>
    </message>
    <message>
        <location filename="../jackpot_line.py" line="93"/>
        <source>Jackpot: {0}</source>
        <translation>Джекпот: {0}</translation>
    </message>
</context>
<context>
    <name>JackpotSign</name>
    <message>
        <location filename="../jackpot/sign.py" line="42"/>
        <source>Jackpot</source>
        <translation>Джекпот</translation>
    </message>
    <message>
        <location filename="../jackpot/sign.py" line="45"/>
        <source>PROGRESSIVE JACKPOT</source>
        <translation>ПРОГРЕССИВНЫЙ ДЖЕКПОТ</translation>
    </message>
    <message>
        <location filename="../jackpot/sign.py" line="73"/>
        <source>No table is linked to this jackpot yet.</source>
        <translation>К этому джекпоту ещё не подключён ни один стол.</translation>
    </message>
    <message>
        <location filename="../jackpot/sign.py" line="76"/>
        <source>JACKPOT PENDING</source>
        <translation>ДЖЕКПОТ ОЖИДАЕТ ПОДТВЕРЖДЕНИЯ</translation>
    </message>
    <message>
        <location filename="../jackpot/sign.py" line="78"/>
        <source>Linked tables: {0}</source>
        <translation>Подключённые столы: {0}</translation>
    </message>
    <message>
        <location filename="../jackpot/sign.py" line="82"/>
        <source>paid</source>
        <translation>выплачен</translation>
    </message>
    <message>
        <location filename="../jackpot/sign.py" line="80"/>
        <source>Table {0} box {1}: {2} — {3} ({4})</source>
        <translation>Стол {0}, бокс {1}: {2} — {3} ({4})</translation>
    </message>
    <message>
        <location filename="../jackpot/sign.py" line="85"/>
        <source>The meter cannot be read: {0}</source>
        <translation>Счётчик джекпота не читается: {0}</translation>
    </message>
</context>
<context>
    <name>Login</name>
    <message>
        <location filename="../login.py" line="116"/>
        <source>The staff accounts cannot be read: {0}</source>
        <translation>Не удаётся прочитать учётные записи: {0}</translation>
    </message>
    <message>
        <location filename="../login.py" line="121"/>
        <source>Nobody can log in: the staff accounts were tampered with ({0}). An admin must restore the accounts file from its backup (with its .key and .head files) and start the console again.</source>
        <translation>Никто не может войти: учётные записи персонала подделаны ({0}). Администратор должен восстановить файл учётных записей из резервной копии (вместе с файлами .key и .head) и снова запустить консоль.</translation>
    </message>
    <message>
        <location filename="../login.py" line="130"/>
        <source>Name or PIN is wrong.</source>
        <translation>Неверное имя или PIN.</translation>
    </message>
    <message>
        <location filename="../login.py" line="132"/>
        <source>Too many wrong PINs: {0} is locked for about {1} more minute(s). Wait and try again, or ask another pit boss or an admin.</source>
        <translation>Слишком много неверных PIN: {0} заблокирован ещё примерно на {1} мин. Подождите и попробуйте снова или обратитесь к другому пит-боссу или администратору.</translation>
    </message>
    <message>
        <location filename="../login.py" line="136"/>
        <source>Name or PIN is wrong. {0} is now locked for {1} minutes: wait, or ask another pit boss or an admin.</source>
        <translation>Неверное имя или PIN. {0} теперь заблокирован на {1} мин: подождите или обратитесь к другому пит-боссу или администратору.</translation>
    </message>
    <message>
        <location filename="../login.py" line="140"/>
        <source>The account {0} is disabled. An admin can tell you why.</source>
        <translation>Учётная запись {0} отключена. Причину знает администратор.</translation>
    </message>
    <message>
        <location filename="../login.py" line="143"/>
        <source>{0} is not a pit boss: a pit boss is needed for this. Ask a pit boss to log in.</source>
        <translation>{0} — не пит-босс, а здесь нужен пит-босс. Попросите пит-босса войти.</translation>
    </message>
    <message>
        <location filename="../login.py" line="147"/>
        <source>{0} may not deal at this table. Ask a pit boss.</source>
        <translation>{0} не может сдавать за этим столом. Обратитесь к пит-боссу.</translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <location filename="../login.py" line="177"/>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
</context>
<context>
    <name>LoginForm</name>
    <message>
        <location filename="../login.py" line="56"/>
        <source>Log in</source>
        <translation>Войти</translation>
    </message>
    <message>
        <location filename="../login.py" line="62"/>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <location filename="../login.py" line="63"/>
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <location filename="../login.py" line="78"/>
        <source>Type your name and PIN.</source>
        <translation>Введите имя и PIN.</translation>
    </message>
    <message>
        <location filename="../login.py" line="98"/>
        <source>There is no staff account yet: make the first admin in Staff and setup [F7].</source>
        <translation>Учётных записей персонала ещё нет: создайте первого администратора в разделе «Персонал и настройка» [F7].</translation>
    </message>
</context>
<context>
    <name>Notice</name>
    <message>
        <location filename="../notice.py" line="22"/>
        <source>stop dealing</source>
        <translation>прекратите сдачу</translation>
    </message>
    <message>
        <location filename="../notice.py" line="30"/>
        <source>STOP DEALING.</source>
        <translation>ПРЕКРАТИТЕ СДАЧУ.</translation>
    </message>
    <message>
        <location filename="../notice.py" line="31"/>
        <source>pit boss</source>
        <translation>пит-босс</translation>
    </message>
    <message>
        <location filename="../notice.py" line="32"/>
        <source>A pit boss must log in to resolve it, correct the card or void the round.</source>
        <translation>Пит-босс должен войти, чтобы устранить сбой, исправить карту или аннулировать раунд.</translation>
    </message>
</context>
<context>
    <name>NumberPad</name>
    <message>
        <location filename="../number_pad.py" line="73"/>
        <source>Tap an amount to type it</source>
        <translation>Коснитесь суммы, чтобы ввести её</translation>
    </message>
</context>
<context>
    <name>PaymentPanel</name>
    <message>
        <location filename="../payments.py" line="220"/>
        <source>Payments</source>
        <translation>Выплаты</translation>
    </message>
    <message>
        <location filename="../payments.py" line="243"/>
        <source>Box {0}: {1}</source>
        <translation>Бокс {0}: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="255"/>
        <source>Confirmed by {0}; only a pit boss can undo it.</source>
        <translation>Подтвердил {0}; отменить может только пит-босс.</translation>
    </message>
</context>
<context>
    <name>Payments</name>
    <message>
        <location filename="../payments.py" line="107"/>
        <source>ante</source>
        <translation>анте</translation>
    </message>
    <message>
        <location filename="../payments.py" line="108"/>
        <source>bet</source>
        <translation>ставка</translation>
    </message>
    <message>
        <location filename="../payments.py" line="99"/>
        <source>draw</source>
        <translation>прикуп</translation>
    </message>
    <message>
        <location filename="../payments.py" line="72"/>
        <source>jackpot</source>
        <translation>джекпот</translation>
    </message>
    <message>
        <location filename="../payments.py" line="76"/>
        <source>jackpot {0} paid, confirmed by {1}</source>
        <translation>джекпот {0} выплачен, подтвердил {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="79"/>
        <source>jackpot hit rejected by {0}</source>
        <translation>выигрыш джекпота отклонил {0}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="80"/>
        <source>jackpot hit: a pit boss confirms it [F2]</source>
        <translation>выигрыш джекпота: подтверждает пит-босс [F2]</translation>
    </message>
    <message>
        <location filename="../payments.py" line="96"/>
        <source>6th card</source>
        <translation>6-я карта</translation>
    </message>
    <message>
        <location filename="../payments.py" line="98"/>
        <source>exchange</source>
        <translation>обмен</translation>
    </message>
    <message>
        <location filename="../payments.py" line="110"/>
        <source>insurance</source>
        <translation>страховка</translation>
    </message>
    <message>
        <location filename="../payments.py" line="111"/>
        <source>bonus</source>
        <translation>бонус</translation>
    </message>
    <message>
        <location filename="../payments.py" line="112"/>
        <source>buy a game</source>
        <translation>покупка игры</translation>
    </message>
    <message>
        <location filename="../payments.py" line="113"/>
        <source>adjustment</source>
        <translation>корректировка</translation>
    </message>
    <message>
        <location filename="../payments.py" line="120"/>
        <source>insurance returned {0}</source>
        <translation>страховка возвращена {0}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="133"/>
        <source>Pay box {0}: {1} more (adjusted after payment)</source>
        <translation>Доплата боксу {0}: {1} (корректировка после выплаты)</translation>
    </message>
    <message>
        <location filename="../payments.py" line="134"/>
        <source>Pay {1} more (adjusted after payment)</source>
        <translation>Доплата: {1} (корректировка после выплаты)</translation>
    </message>
    <message>
        <location filename="../payments.py" line="135"/>
        <source>Collect from box {0}: {1} more (adjusted after payment)</source>
        <translation>Добор с бокса {0}: {1} (корректировка после выплаты)</translation>
    </message>
    <message>
        <location filename="../payments.py" line="136"/>
        <source>Collect {1} more (adjusted after payment)</source>
        <translation>Добор: {1} (корректировка после выплаты)</translation>
    </message>
    <message>
        <location filename="../payments.py" line="138"/>
        <source>Box {0}: return the stakes, {2}, and pay {1}</source>
        <translation>Бокс {0}: возврат ставок, {2}, и выплата {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="139"/>
        <source>Return {2}, pay {1}</source>
        <translation>Возврат: {2}, выплата: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="141"/>
        <source>Box {0}: return the stakes, {2}, less {1}</source>
        <translation>Бокс {0}: возврат ставок, {2}, за вычетом {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="142"/>
        <source>Return {2} less {1}</source>
        <translation>Возврат: {2} минус {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="144"/>
        <source>Pay box {0}: {1}</source>
        <translation>Выплата боксу {0}: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="145"/>
        <source>Pay {1}</source>
        <translation>Выплата: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="147"/>
        <source>Collect from box {0}: {1}</source>
        <translation>Сбор с бокса {0}: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="148"/>
        <source>Collect {1}</source>
        <translation>Сбор: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="149"/>
        <source>Box {0}: return the stakes, {2}</source>
        <translation>Бокс {0}: возврат ставок, {2}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="150"/>
        <source>Return {2}</source>
        <translation>Возврат: {2}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="156"/>
        <source>Paid box {0}: {1}?</source>
        <translation>Выплачено боксу {0}: {1}?</translation>
    </message>
    <message>
        <location filename="../payments.py" line="158"/>
        <source>Collected from box {0}: {1}?</source>
        <translation>Собрано с бокса {0}: {1}?</translation>
    </message>
    <message>
        <location filename="../payments.py" line="160"/>
        <source>Returned box {0} its stakes?</source>
        <translation>Возвращены ставки боксу {0}?</translation>
    </message>
    <message>
        <location filename="../payments.py" line="167"/>
        <source>Space</source>
        <translation>Пробел</translation>
    </message>
    <message>
        <location filename="../payments.py" line="169"/>
        <source>Paid ✓</source>
        <translation>Выплачено ✓</translation>
    </message>
    <message>
        <location filename="../payments.py" line="171"/>
        <source>Collected ✓</source>
        <translation>Собрано ✓</translation>
    </message>
    <message>
        <location filename="../payments.py" line="173"/>
        <source>Returned ✓</source>
        <translation>Возвращено ✓</translation>
    </message>
    <message>
        <location filename="../payments.py" line="175"/>
        <source>Confirm paid</source>
        <translation>Подтвердить выплату</translation>
    </message>
    <message>
        <location filename="../payments.py" line="177"/>
        <source>Confirm collected</source>
        <translation>Подтвердить сбор</translation>
    </message>
    <message>
        <location filename="../payments.py" line="178"/>
        <source>Confirm returned</source>
        <translation>Подтвердить возврат</translation>
    </message>
</context>
<context>
    <name>PitBossDialog</name>
    <message>
        <location filename="../pitboss.py" line="93"/>
        <source>Pit boss</source>
        <translation>Пит-босс</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="106"/>
        <source>A pit boss must log in to resolve faults and make overrides.</source>
        <translation>Для устранения сбоев и исправлений должен войти пит-босс.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="117"/>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="134"/>
        <source>Logged in as {0}.</source>
        <translation>Вход выполнен: {0}.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="159"/>
        <source>why (journaled with your name)</source>
        <translation>причина (пишется в журнал с вашим именем)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="161"/>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="166"/>
        <source>Resolve table fault</source>
        <translation>Устранить сбой стола</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="172"/>
        <source>Open the shoe&apos;s gate (UNLOCK)</source>
        <translation>Открыть заслонку шуза</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="177"/>
        <source>the simulated shoe dealt {0}</source>
        <translation>симулятор шуза сдал {0}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="178"/>
        <source>the card as dealt, e.g. QS or 10H</source>
        <translation>карта, как сдана, напр. QS или 10H</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="179"/>
        <source>Correct card</source>
        <translation>Исправить карту</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="181"/>
        <source>Dismiss the read (not a card in play)</source>
        <translation>Отменить считывание (не карта игры)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="183"/>
        <location filename="../pitboss.py" line="505"/>
        <source>Void the round (stakes returned)</source>
        <translation>Аннулировать раунд (ставки возвращаются)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="195"/>
        <source>box </source>
        <translation>бокс </translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="202"/>
        <location filename="../pitboss.py" line="506"/>
        <source>Adjust payment (+ to the player)</source>
        <translation>Корректировка выплаты (+ игроку)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="209"/>
        <location filename="../pitboss.py" line="507"/>
        <source>Undo the payment&apos;s confirmation</source>
        <translation>Отменить подтверждение выплаты</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="215"/>
        <source>Confirm the jackpot hit (hand verified)</source>
        <translation>Подтвердить джекпот (рука проверена)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="219"/>
        <source>Reject the jackpot hit (hand not as read)</source>
        <translation>Отклонить джекпот (рука не та, что прочитана)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="224"/>
        <source>Log out and close</source>
        <translation>Выйти и закрыть</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="252"/>
        <source>A new fault came in: {0}.</source>
        <translation>Пришёл новый сбой: {0}.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="260"/>
        <source>Table fault {0} ({1}): {2}</source>
        <translation>Сбой стола {0} ({1}): {2}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="263"/>
        <source>Card fault: {0}</source>
        <translation>Сбой карты: {0}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="264"/>
        <source>No fault is open.</source>
        <translation>Открытых сбоев нет.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="287"/>
        <source>Box {0}, round {1}: {2}</source>
        <translation>Бокс {0}, раунд {1}: {2}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="300"/>
        <source>Jackpot hit #{0} confirmed: pay box {1} {2}; journaled as {3}.</source>
        <translation>Джекпот №{0} подтверждён: выплатите боксу {1} {2}; записано в журнал как {3}.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="316"/>
        <source>Jackpot hit rejected and journaled; the meter cannot be reached now and is told as soon as it can be.</source>
        <translation>Выигрыш джекпота отклонён и записан в журнал; счётчик сейчас недоступен и узнает об этом, как только связь вернётся.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="320"/>
        <source>Jackpot hit rejected: not paid; the meter stays locked, hit #{0} (table {1}, box {2}) still waits for a pit boss; journaled as {3}.</source>
        <translation>Выигрыш джекпота отклонён: не выплачивается; счётчик остаётся заблокированным, выигрыш №{0} (стол {1}, бокс {2}) ещё ждёт пит-босса; записано в журнал как {3}.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="324"/>
        <source>Jackpot hit rejected: not paid, the meter unlocks; journaled as {0}.</source>
        <translation>Выигрыш джекпота отклонён: не выплачивается, счётчик разблокирован; записано в журнал как {0}.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="363"/>
        <source>Shoe gate: the shoe is not connected (offline).</source>
        <translation>Заслонка шуза: шуз не подключён (нет связи).</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="365"/>
        <source>Shoe gate: LOCKED — no card can be drawn.</source>
        <translation>Заслонка шуза: ЗАКРЫТА — карту не вытянуть.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="367"/>
        <source>Shoe gate: open.</source>
        <translation>Заслонка шуза: открыта.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="369"/>
        <source>Shoe gate: not reported by the shoe yet. If no card comes out, open it with the button.</source>
        <translation>Заслонка шуза: шуз ещё не сообщил её состояние. Если карта не выходит, откройте заслонку кнопкой.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="394"/>
        <source>Box {0}: {1} confirmed by {2} at {3}</source>
        <translation>Бокс {0}: {1}, подтвердил {2} в {3}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="416"/>
        <source>Done; journaled as {0}, approved by {1}.</source>
        <translation>Готово; в журнале: {0}, одобрил {1}.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="418"/>
        <source>Done; journaled as {0}.</source>
        <translation>Готово; записано в журнал как {0}.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="440"/>
        <source>Other faults are still open: the shoe&apos;s gate opens once the last is resolved.</source>
        <translation>Открыты другие сбои: заслонка шуза откроется, когда будет устранён последний.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="446"/>
        <source>The shoe is offline: its gate opens as soon as it is back.</source>
        <translation>Шуз не на связи: заслонка откроется, как только он вернётся.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="470"/>
        <source>The shoe&apos;s gate is still LOCKED. Open it with the button, or check the shoe.</source>
        <translation>Заслонка шуза всё ещё ЗАКРЫТА. Откройте её кнопкой или проверьте шуз.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="472"/>
        <source>UNLOCK sent to the shoe: waiting for its answer.</source>
        <translation>Шузу отправлена команда открыть заслонку: ждём ответа.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="475"/>
        <source>The shoe&apos;s gate is open again: dealing can go on.</source>
        <translation>Заслонка шуза снова открыта: можно сдавать.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="478"/>
        <source>The shoe&apos;s gate could not be opened: {0}. Check the shoe and its cable.</source>
        <translation>Заслонку шуза не удалось открыть: {0}. Проверьте шуз и его кабель.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="488"/>
        <source>Void the round? Press again to void it</source>
        <translation>Аннулировать раунд? Нажмите ещё раз</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="492"/>
        <source>Adjust box {0} by {1}? Press again to adjust it</source>
        <translation>Поправить выплату боксу {0} на {1}? Нажмите ещё раз</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="499"/>
        <source>Undo box {0}&apos;s confirmation? Press again to undo it</source>
        <translation>Отменить подтверждение бокса {0}? Нажмите ещё раз</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="515"/>
        <source>Voiding this round puts {0} at stake</source>
        <translation>Аннулирование этого раунда затрагивает {0}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="527"/>
        <source>An adjustment of {0} to box {1}</source>
        <translation>Корректировка {0} боксу {1}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="539"/>
        <source>{0}, above this table&apos;s limit of {1}: a second pit boss, not {2}, logs in to approve it.</source>
        <translation>{0} — выше лимита этого стола {1}: чтобы подтвердить, входит второй пит-босс (не {2}).</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="545"/>
        <source>{0} made this override: the second pit boss must be another person. Another pit boss logs in, or Cancel.</source>
        <translation>{0} выполняет это действие: второй пит-босс должен быть другим человеком. Войдите другим пит-боссом или нажмите «Отмена».</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="548"/>
        <source>Second pit boss</source>
        <translation>Второй пит-босс</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="558"/>
        <source>Nothing was done: {0} needs a second pit boss&apos;s approval, and none logged in.</source>
        <translation>Ничего не сделано: {0} — нужно подтверждение второго пит-босса, а он не вошёл.</translation>
    </message>
</context>
<context>
    <name>PitJackpot</name>
    <message>
        <location filename="../pit/jackpot_desk.py" line="38"/>
        <source>Confirm jackpot hit #{0}: table {1}, box {2}, {3}, pays {4}. Log in only once you have verified the hand at the table.</source>
        <translation>Подтвердить выигрыш джекпота №{0}: стол {1}, бокс {2}, {3}, выплата {4}. Входите, только проверив руку за столом.</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="44"/>
        <source>Jackpot hit #{0} confirmed by {1}: table {2} pays box {3} {4}.</source>
        <translation>Выигрыш джекпота №{0} подтвердил {1}: стол {2} выплачивает боксу {3} {4}.</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="45"/>
        <source>Jackpot hit #{0} was confirmed already, by {1}: table {2}, box {3}, {4}.</source>
        <translation>Выигрыш джекпота №{0} уже подтвердил {1}: стол {2}, бокс {3}, {4}.</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="48"/>
        <source>Confirm jackpot hit #{0} — pit boss</source>
        <translation>Подтвердить джекпот №{0} — пит-босс</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="55"/>
        <source>Reject jackpot hit #{0}</source>
        <translation>Отклонить выигрыш джекпота №{0}</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="56"/>
        <source>Why is the hand at table {0}, box {1} not the {2} the shoe read? Kept with your name.</source>
        <translation>Почему рука за столом {0}, бокс {1} — не {2}, прочитанная шузом? Сохраняется с вашим именем.</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="65"/>
        <source>Not rejected: a rejected jackpot needs a reason.</source>
        <translation>Не отклонено: для отклонения джекпота нужна причина.</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="67"/>
        <source>Reject jackpot hit #{0} (table {1}, box {2}): not paid, its {3} goes back into the meter. Reason: {4}</source>
        <translation>Отклонить выигрыш джекпота №{0} (стол {1}, бокс {2}): не выплачивается, {3} возвращается в счётчик. Причина: {4}</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="78"/>
        <source>Jackpot hit #{0} rejected by {1}: not paid. The meter stays locked: hit #{2} (table {3}, box {4}) still waits for a pit boss.</source>
        <translation>Выигрыш джекпота №{0} отклонил {1}: не выплачен. Счётчик остаётся заблокированным: выигрыш №{2} (стол {3}, бокс {4}) ещё ждёт пит-босса.</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="82"/>
        <source>Jackpot hit #{0} rejected by {1}: not paid, the meter unlocks.</source>
        <translation>Выигрыш джекпота №{0} отклонил {1}: не выплачен, счётчик разблокирован.</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="74"/>
        <source>Jackpot hit #{0} was rejected already, by {1}.</source>
        <translation>Выигрыш джекпота №{0} уже отклонил {1}.</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_desk.py" line="84"/>
        <source>Reject jackpot hit #{0} — pit boss</source>
        <translation>Отклонить джекпот №{0} — пит-босс</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_hits.py" line="25"/>
        <source>JACKPOT PENDING · hit #{0}: table {1}, round {2}, box {3}, {4} — {5}</source>
        <translation>ДЖЕКПОТ ОЖИДАЕТ · выигрыш №{0}: стол {1}, раунд {2}, бокс {3}, {4} — {5}</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_hits.py" line="65"/>
        <source>Confirm (hand verified)</source>
        <translation>Подтвердить (рука проверена)</translation>
    </message>
    <message>
        <location filename="../pit/jackpot_hits.py" line="68"/>
        <source>Reject…</source>
        <translation>Отклонить…</translation>
    </message>
</context>
<context>
    <name>PitPlayers</name>
    <message>
        <location filename="../pit/players.py" line="54"/>
        <source>Rating today&apos;s players…</source>
        <translation>Идёт оценка сегодняшних игроков…</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="57"/>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="57"/>
        <source>Table</source>
        <translation>Стол</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="58"/>
        <source>Time played</source>
        <translation>Время игры</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="58"/>
        <source>Rounds</source>
        <translation>Раунды</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="59"/>
        <source>Avg bet</source>
        <translation>Средняя ставка</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="59"/>
        <source>Theo win</source>
        <translation>Теор. выигрыш</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="60"/>
        <source>Actual win</source>
        <translation>Факт. выигрыш</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="60"/>
        <source>EV lost a decision</source>
        <translation>Потеря EV на решение</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="61"/>
        <source>Decisions valued</source>
        <translation>Оценено решений</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="63"/>
        <source>Staked a round on average: the ante and every later stake</source>
        <translation>Ставка за раунд в среднем: анте и все последующие ставки</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="64"/>
        <source>The house&apos;s expected win from this player&apos;s play</source>
        <translation>Ожидаемый выигрыш казино от игры этого игрока</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="65"/>
        <source>The house&apos;s win from this player (+: the house won)</source>
        <translation>Выигрыш казино у этого игрока (+: казино выиграло)</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="66"/>
        <source>Antes lost a decision against basic strategy (−: better than basic)</source>
        <translation>Потеря в анте на решение против базовой стратегии (−: лучше базовой)</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="81"/>
        <source>No named player today.</source>
        <translation>Сегодня игроков с именем нет.</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="91"/>
        <source>{0} of {1}</source>
        <translation>{0} из {1}</translation>
    </message>
    <message>
        <location filename="../pit/players.py" line="93"/>
        <source>{0} decisions valued of {1}; their cost {2} antes (95% interval {3} to {4})</source>
        <translation>Оценено решений: {0} из {1}; их цена {2} анте (95% интервал от {3} до {4})</translation>
    </message>
</context>
<context>
    <name>PitWindow</name>
    <message>
        <location filename="../pit/window.py" line="89"/>
        <source>rptable — pit</source>
        <translation>rptable — пит</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="98"/>
        <source>Players today (not rated)</source>
        <translation>Игроки сегодня (без оценки)</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="161"/>
        <location filename="../pit/window.py" line="337"/>
        <source>Players today ({0})</source>
        <translation>Игроки сегодня ({0})</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="197"/>
        <source>Reading table {0} from the database…</source>
        <translation>Стол {0} читается из базы данных…</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="209"/>
        <source>Pit — pit boss — table {0}</source>
        <translation>Пит — пит-босс — стол {0}</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="210"/>
        <source>Table {0}: its rounds are for pit bosses. Log in to open them.</source>
        <translation>Стол {0}: его раунды — только для пит-босса. Войдите, чтобы открыть их.</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="312"/>
        <source>Pit · {0} tables</source>
        <translation>Пит · столов: {0}</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="314"/>
        <source> · {0} with faults</source>
        <translation> · со сбоями: {0}</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="316"/>
        <source> · {0} not reporting</source>
        <translation> · нет связи: {0}</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="318"/>
        <source> · {0} idle</source>
        <translation> · простаивают: {0}</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="319"/>
        <source>Tables ({0})</source>
        <translation>Столы ({0})</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="330"/>
        <source> · pit boss {0}</source>
        <translation> · пит-босс {0}</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="340"/>
        <source>Players: {0} rated today, none flagged</source>
        <translation>Игроки: сегодня оценено {0}, отмеченных нет</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="342"/>
        <source>⚑ &lt;b&gt;{0}&lt;/b&gt; at {1} ({2} rounds): {3}</source>
        <translation>⚑ &lt;b&gt;{0}&lt;/b&gt; за столом {1} (раундов: {2}): {3}</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="350"/>
        <source>Database: connected, listening for the tables&apos; reports</source>
        <translation>База данных: подключена, ждёт данных от столов</translation>
    </message>
    <message>
        <location filename="../pit/window.py" line="353"/>
        <source>DATABASE UNREACHABLE — what you see may be old: {0}</source>
        <translation>БАЗА ДАННЫХ НЕДОСТУПНА — данные на экране могут быть устаревшими: {0}</translation>
    </message>
</context>
<context>
    <name>PitWords</name>
    <message>
        <location filename="../pit/words.py" line="55"/>
        <source>between rounds (last round {0})</source>
        <translation>между раундами (последний раунд {0})</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="56"/>
        <source>no round yet</source>
        <translation>раундов ещё не было</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="59"/>
        <source>round {0} at {1}: {2}</source>
        <translation>раунд {0}, {1}: {2}</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="75"/>
        <source>IDLE {0}: dealer {1} signed in, no round</source>
        <translation>ПРОСТОЙ {0}: дилер {1} на месте, раундов нет</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="87"/>
        <source>⚠ FAULT: {0}</source>
        <translation>⚠ СБОЙ: {0}</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="88"/>
        <source>⚠ NOT REPORTING: {0}</source>
        <translation>⚠ НЕТ СВЯЗИ: {0}</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="89"/>
        <source>⚠ IDLE with a dealer signed in: {0}</source>
        <translation>⚠ ПРОСТОЙ при дилере на месте: {0}</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="97"/>
        <source>{0} min</source>
        <translation>{0} мин</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="98"/>
        <source>{0} h {1} min</source>
        <translation>{0} ч {1} мин</translation>
    </message>
</context>
<context>
    <name>Rank</name>
    <message>
        <location filename="../words.py" line="75"/>
        <source>two</source>
        <translation>двойка</translation>
    </message>
    <message>
        <location filename="../words.py" line="75"/>
        <source>three</source>
        <translation>тройка</translation>
    </message>
    <message>
        <location filename="../words.py" line="75"/>
        <source>four</source>
        <translation>четвёрка</translation>
    </message>
    <message>
        <location filename="../words.py" line="76"/>
        <source>five</source>
        <translation>пятёрка</translation>
    </message>
    <message>
        <location filename="../words.py" line="76"/>
        <source>six</source>
        <translation>шестёрка</translation>
    </message>
    <message>
        <location filename="../words.py" line="76"/>
        <source>seven</source>
        <translation>семёрка</translation>
    </message>
    <message>
        <location filename="../words.py" line="77"/>
        <source>eight</source>
        <translation>восьмёрка</translation>
    </message>
    <message>
        <location filename="../words.py" line="77"/>
        <source>nine</source>
        <translation>девятка</translation>
    </message>
    <message>
        <location filename="../words.py" line="77"/>
        <source>ten</source>
        <translation>десятка</translation>
    </message>
    <message>
        <location filename="../words.py" line="78"/>
        <source>jack</source>
        <translation>валет</translation>
    </message>
    <message>
        <location filename="../words.py" line="78"/>
        <source>queen</source>
        <translation>дама</translation>
    </message>
    <message>
        <location filename="../words.py" line="78"/>
        <source>king</source>
        <translation>король</translation>
    </message>
    <message>
        <location filename="../words.py" line="79"/>
        <source>ace</source>
        <translation>туз</translation>
    </message>
</context>
<context>
    <name>Replay</name>
    <message>
        <location filename="../words.py" line="131"/>
        <source>the dealer</source>
        <translation>дилер</translation>
    </message>
    <message>
        <location filename="../words.py" line="132"/>
        <source>dealer</source>
        <translation>дилер</translation>
    </message>
    <message>
        <location filename="../words.py" line="133"/>
        <source>pit boss</source>
        <translation>пит-босс</translation>
    </message>
    <message>
        <location filename="../words.py" line="134"/>
        <source>admin</source>
        <translation>администратор</translation>
    </message>
    <message>
        <location filename="../words.py" line="135"/>
        <source>the device</source>
        <translation>устройство</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="57"/>
        <source>Round {0}: {1}</source>
        <translation>Раунд {0}: {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="66"/>
        <source>Box {0}: ante {1}</source>
        <translation>Бокс {0}: анте {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="68"/>
        <source>bonus {0}</source>
        <translation>бонус {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="70"/>
        <source>blind (bet {0})</source>
        <translation>втёмную (ставка {0})</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="73"/>
        <source>Box {0} withdrew its stakes</source>
        <translation>Бокс {0} снял ставки</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="75"/>
        <source>Bets closed: boxes {0}</source>
        <translation>Ставки закрыты: боксы {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="78"/>
        <source>Dealer gets {0}</source>
        <translation>Дилеру: {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="79"/>
        <source>(face up)</source>
        <translation>(в открытую)</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="81"/>
        <source>Box {0} gets {1}</source>
        <translation>Боксу {0}: {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="83"/>
        <source>Box {0}: bonus for {1} {2}</source>
        <translation>Бокс {0}: бонус ({1}) {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="86"/>
        <source>Box {0} folded</source>
        <translation>Бокс {0}: пас</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="88"/>
        <source>Box {0} bet {1}</source>
        <translation>Бокс {0}: ставка {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="90"/>
        <source>Box {0} bought a 6th card (price {1})</source>
        <translation>Бокс {0} купил 6-ю карту (цена {1})</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="93"/>
        <source>Box {0} exchanged 1 card (price {1}): {2}</source>
        <translation>Бокс {0} обменял 1 карту (цена {1}): {2}</translation>
    </message>
    <message numerus="yes">
        <location filename="../replay_words.py" line="97"/>
        <source>Box {0} exchanged %n cards (price {1}): {2}</source>
        <translation><numerusform>Бокс {0} обменял %n карту (цена {1}): {2}</numerusform><numerusform>Бокс {0} обменял %n карты (цена {1}): {2}</numerusform><numerusform>Бокс {0} обменял %n карт (цена {1}): {2}</numerusform></translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="100"/>
        <source>Box {0} insured for {1}</source>
        <translation>Бокс {0} застраховался на {1}</translation>
    </message>
    <message numerus="yes">
        <location filename="../replay_words.py" line="104"/>
        <source>The discards (%n cards) were shuffled into the stock</source>
        <translation><numerusform>Сброс (%n карта) замешан в колоду</numerusform><numerusform>Сброс (%n карты) замешан в колоду</numerusform><numerusform>Сброс (%n карт) замешан в колоду</numerusform></translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="107"/>
        <source>Dealer shows {0}: {1}</source>
        <translation>Дилер открывает: {0}, {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="110"/>
        <source>Box {0} bought the dealer a game (price {1})</source>
        <translation>Бокс {0} купил игру дилеру (цена {1})</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="113"/>
        <source>Box {0} took the ante</source>
        <translation>Бокс {0} взял анте</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="115"/>
        <source>Buying closed</source>
        <translation>Покупка закрыта</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="117"/>
        <source>Dealer&apos;s {0} replaced by {1}</source>
        <translation>Дилер сменил {0} на {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="120"/>
        <source>same rank: replaced again</source>
        <translation>тот же ранг: замена повторяется</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="123"/>
        <source>Dealer ends with {0}: {1}</source>
        <translation>У дилера в итоге: {0}, {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="126"/>
        <source>Box {0} settled — {1}: {2}</source>
        <translation>Бокс {0}, расчёт — {1}: {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="131"/>
        <source>Round closed: house net {0}</source>
        <translation>Раунд закрыт: итог казино {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="134"/>
        <source>Card fault: {0}</source>
        <translation>Сбой карты: {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="136"/>
        <source>Card fault resolved by {0} ({1}): {2}</source>
        <translation>Сбой карты устранил {0} ({1}): {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="139"/>
        <source>Round voided by {0}: {1}</source>
        <translation>Раунд аннулировал {0}: {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="146"/>
        <source>card corrected</source>
        <translation>карта исправлена</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="147"/>
        <source>read dismissed</source>
        <translation>считывание отменено</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="152"/>
        <source>qualifies</source>
        <translation>игра есть</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="153"/>
        <source>does not qualify</source>
        <translation>игры нет</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="160"/>
        <source>Round {0} opened (house rules {1})</source>
        <translation>Раунд {0} начат (правила {1})</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="163"/>
        <source>Box {0}: payment adjusted {1} by {2}: {3}</source>
        <translation>Бокс {0}: выплата скорректирована на {1}, {2}: {3}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="166"/>
        <source>Box {0}: paid {1}, confirmed by {2}</source>
        <translation>Бокс {0}: выплачено {1}, подтвердил {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="169"/>
        <source>Box {0}: collected {1}, confirmed by {2}</source>
        <translation>Бокс {0}: собрано {1}, подтвердил {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="172"/>
        <source>Box {0}: stakes returned, confirmed by {1}</source>
        <translation>Бокс {0}: ставки возвращены, подтвердил {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="175"/>
        <source>Void of {0} by {1}, approved by a second pit boss, {2}</source>
        <translation>Аннулирование на {0}: {1}, подтвердил второй пит-босс {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="179"/>
        <source>Adjustment of {0} by {1}, approved by a second pit boss, {2}</source>
        <translation>Корректировка {0}: {1}, подтвердил второй пит-босс {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="183"/>
        <source>Box {0}: payment confirmation undone by {1}: {2}</source>
        <translation>Бокс {0}: подтверждение выплаты отменил {1}: {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="186"/>
        <source>Table fault {0} ({1}): {2}</source>
        <translation>Сбой стола {0} ({1}): {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="189"/>
        <source>Table fault {0} resolved by {1}: {2}</source>
        <translation>Сбой стола {0} устранил {1}: {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="192"/>
        <source>Card {0} from the shoe held back: {1}</source>
        <translation>Карта {0} из шуза задержана: {1}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="195"/>
        <source>House rules {0} set by {1}: {2}</source>
        <translation>Правила {0} установил {1}: {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="198"/>
        <source>Clock accepted by {0}: from {1} on, events are timed {2}</source>
        <translation>Время принял {0}: с {1} события идут по времени {2}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="202"/>
        <source>Session: {0}</source>
        <translation>Сеанс: {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="204"/>
        <source>{0} signed in to deal</source>
        <translation>Вход дилера: {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="206"/>
        <source>{0} signed out</source>
        <translation>Выход дилера: {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="208"/>
        <source>Camera at showdown: a card switched ({0})</source>
        <translation>Камера при вскрытии: подмена карты ({0})</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="211"/>
        <source>Camera at showdown: could not read {0}</source>
        <translation>Камера при вскрытии: не прочитано — {0}</translation>
    </message>
    <message>
        <location filename="../replay_words.py" line="214"/>
        <source>Camera at showdown: every card where the shoe dealt it</source>
        <translation>Камера при вскрытии: каждая карта там, куда её сдал шуз</translation>
    </message>
</context>
<context>
    <name>RulesText</name>
    <message>
        <location filename="../rules_text.py" line="33"/>
        <source>Table {0}</source>
        <translation>Стол {0}</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="34"/>
        <source>ante {0}–{1}</source>
        <translation>анте {0}–{1}</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="36"/>
        <source>bonus {0}–{1}</source>
        <translation>бонус {0}–{1}</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="38"/>
        <source>payout at most {0}</source>
        <translation>выплата не более {0}</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="47"/>
        <location filename="../rules_text.py" line="70"/>
        <source>1 ante</source>
        <translation>1 анте</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="48"/>
        <source>1 ante a card</source>
        <translation>1 анте за карту</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="49"/>
        <source>by count</source>
        <translation>по числу карт</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="50"/>
        <source>exchange 1–{0} cards ({1})</source>
        <translation>обмен 1–{0} карт ({1})</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="52"/>
        <source>repeat 1-card exchange (1 ante)</source>
        <translation>повторный обмен 1 карты (1 анте)</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="54"/>
        <source>repeat 1-card exchange (1, 2, 3… antes)</source>
        <translation>повторный обмен 1 карты (1, 2, 3… анте)</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="56"/>
        <source>no exchange</source>
        <translation>без обмена</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="58"/>
        <source>6th card (1 ante)</source>
        <translation>6-я карта (1 анте)</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="62"/>
        <source>½ potential</source>
        <translation>½ возможной выплаты</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="62"/>
        <source>potential</source>
        <translation>возможной выплаты</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="63"/>
        <source>insurance {0}+ up to {1}</source>
        <translation>страховка: {0} и выше, до {1}</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="65"/>
        <source>dealer qualifies with {0}</source>
        <translation>игра дилера: {0} и выше</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="68"/>
        <source>any box</source>
        <translation>любой бокс</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="68"/>
        <source>uninsured</source>
        <translation>без страховки</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="70"/>
        <source>the ante pays</source>
        <translation>в счёт анте</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="71"/>
        <source>buy a game ({0}, {1})</source>
        <translation>покупка игры ({0}, {1})</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="78"/>
        <source>ante on a win: paid 1:1 if the box did not draw, else returned</source>
        <translation>анте при выигрыше: 1:1, если бокс не прикупал, иначе возвращается</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="80"/>
        <source>ante on a win: returned</source>
        <translation>анте при выигрыше: возвращается</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="81"/>
        <source>ante on a win: paid 1:1</source>
        <translation>анте при выигрыше: 1:1</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="86"/>
        <source>insurance when the dealer&apos;s hand wins: {0}; on a tie: {1}</source>
        <translation>страховка, если рука дилера старше: {0}; при ничьей: {1}</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="87"/>
        <location filename="../rules_text.py" line="88"/>
        <source>returned</source>
        <translation>возвращается</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="87"/>
        <location filename="../rules_text.py" line="88"/>
        <source>lost</source>
        <translation>проигрывается</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="91"/>
        <source>a bought game: the dealer replaces again, free, while his hand is unchanged</source>
        <translation>купленная игра: дилер меняет снова, бесплатно, пока рука не изменилась</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="93"/>
        <source>a bought game: the dealer replaces until he qualifies</source>
        <translation>купленная игра: дилер меняет, пока не получит игру</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="95"/>
        <source>a bought game: with one box in play the dealer replaces until he qualifies</source>
        <translation>купленная игра: при одном боксе в игре дилер меняет, пока не получит игру</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="97"/>
        <source>a bought game: the dealer replaces one card</source>
        <translation>купленная игра: дилер меняет одну карту</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="100"/>
        <source>the most a box is paid: {0}</source>
        <translation>наибольшая выплата боксу: {0}</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="102"/>
        <source>at most {0} cards exchanged a box</source>
        <translation>не более {0} карт обмена на бокс</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="105"/>
        <source>bonus bet {0}–{1}</source>
        <translation>бонус {0}–{1}</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="107"/>
        <source>, may be placed instead of the ante</source>
        <translation>, можно ставить вместо анте</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="114"/>
        <source>Acknowledged by {0}: the table may open on these rules.</source>
        <translation>Подтверждено: {0}; стол может работать по этим правилам.</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="126"/>
        <source>House edge never measured: a pit boss checks these rules.</source>
        <translation>Преимущество казино не измерено: пит-босс проверяет эти правила.</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="129"/>
        <source>Rules favour a skilled player: edge {0}% (basic play).</source>
        <translation>Выгодно опытному игроку: {0}% (базовая стратегия).</translation>
    </message>
    <message>
        <location filename="../rules_text.py" line="132"/>
        <source>House edge {0}% may favour a skilled player: a pit boss checks these rules.</source>
        <translation>Преимущество казино {0}% может оказаться у опытного игрока: пит-босс проверяет эти правила.</translation>
    </message>
</context>
<context>
    <name>Sentences</name>
    <message>
        <location filename="../sentences.py" line="39"/>
        <source>This table has no insurance.</source>
        <translation>За этим столом нет страховки.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="40"/>
        <source>No dealer is signed in: a dealer signs in (F6) before a round opens.</source>
        <translation>Дилер не вошёл: прежде чем открыть раунд, дилер входит в систему (F6).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="41"/>
        <source>Box {0} is not in play this round.</source>
        <translation>Бокс {0} не играет в этом раунде.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="42"/>
        <source>Box {0} plays blind: no insurance.</source>
        <translation>Бокс {0} играет втёмную: страховки нет.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="43"/>
        <source>Box {0} is already insured.</source>
        <translation>Бокс {0} уже застрахован.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="44"/>
        <source>Box {0} has folded; it cannot insure.</source>
        <translation>Бокс {0} сказал пас; страховка невозможна.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="45"/>
        <source>Box {0} cannot {1} yet: the deal is not complete.</source>
        <translation>Бокс {0} пока не может {1}: сдача не закончена.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="46"/>
        <source>Box {0} plays blind: no fold, draw or insurance.</source>
        <translation>Бокс {0} играет втёмную: без паса, прикупа и страховки.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="47"/>
        <source>Box {0} has already folded; it cannot {1}.</source>
        <translation>Бокс {0} уже сказал пас и не может {1}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="48"/>
        <source>Box {0} has already bet; it cannot {1}.</source>
        <translation>Бокс {0} уже сделал ставку и не может {1}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="49"/>
        <source>It is box {0}&apos;s turn, not box {1}&apos;s: boxes act in order 1, 2, 3 ….</source>
        <translation>Сейчас ход бокса {0}, а не бокса {1}: боксы ходят по порядку 1, 2, 3…</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="50"/>
        <source>Box {0} is waiting for {1} card(s) from the shoe before it can {2}.</source>
        <translation>Бокс {0} ждёт карт из шуза ({1}), прежде чем {2}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="51"/>
        <source>Box {0} has insured: insurance goes with the bet, so it cannot {1} now; it must bet.</source>
        <translation>Бокс {0} застрахован: страховка идёт со ставкой, поэтому {1} сейчас нельзя; нужно сделать ставку.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="53"/>
        <source>This table does not sell a 6th card.</source>
        <translation>За этим столом 6-ю карту не продают.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="54"/>
        <source>Box {0} has already drawn: one draw per box (buy or exchange).</source>
        <translation>Бокс {0} уже делал прикуп: один прикуп на бокс (покупка или обмен).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="55"/>
        <source>This table has no exchange of cards.</source>
        <translation>За этим столом нет обмена карт.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="56"/>
        <source>Name the cards box {0} discards (1-{1}).</source>
        <translation>Укажите карты, которые бокс {0} сбрасывает (1-{1}).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="57"/>
        <source>A card is named twice among box {0}&apos;s discards.</source>
        <translation>Среди карт бокса {0} на обмен одна указана дважды.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="58"/>
        <source>{0} is not in box {1}&apos;s hand ({2}).</source>
        <translation>Карты {0} нет на руке бокса {1} ({2}).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="59"/>
        <source>This table caps exchanges at {0} card(s) per box; box {1} has exchanged {2}.</source>
        <translation>За этим столом предел обмена на бокс — карт: {0}; бокс {1} уже обменял {2}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="60"/>
        <source>Box {0} cannot insure: the table&apos;s maximum payout of {1} chips caps what its hand can win, so insurance could be at most {2} chips, less than the least insurance of {3}.</source>
        <translation>Бокс {0} не может застраховаться: максимальная выплата стола ({1} фишек) ограничивает выигрыш руки, так что страховка могла бы быть не более {2} фишек, а наименьшая страховка — {3}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="63"/>
        <source>Insurance on box {0} must be from {1} to {2} chips, not {3}.</source>
        <translation>Страховка на боксе {0} — от {1} до {2} фишек, а не {3}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="64"/>
        <source>Box {0} can no longer insure: insurance is placed with the bet, before the next box acts.</source>
        <translation>Бокс {0} уже не может застраховаться: страховка делается со ставкой, до хода следующего бокса.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="66"/>
        <source>A repeated exchange is of exactly one card; box {0} named {1}.</source>
        <translation>Повторный обмен — ровно одна карта; бокс {0} указал {1}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="67"/>
        <source>Box {0} may exchange 1 to {1} cards, not {2}.</source>
        <translation>Бокс {0} может обменять от 1 до {1} карт, а не {2}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="68"/>
        <source>The round is closed; start a new round.</source>
        <translation>Раунд закрыт; начните новый.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="69"/>
        <source>The round is stopped: {0} Only a pit boss can go on (correct the card, dismiss the read, or void the round).</source>
        <translation>Раунд остановлен: {0} Продолжить может только пит-босс (исправить карту, отменить считывание или аннулировать раунд).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="71"/>
        <source>Bets are closed: box {0}&apos;s stakes had to be placed before the deal.</source>
        <translation>Ставки закрыты: ставки бокса {0} нужно было принять до сдачи.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="72"/>
        <source>Bets are closed: stakes cannot be taken back once the deal has begun.</source>
        <translation>Ставки закрыты: после начала сдачи ставки не снимают.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="73"/>
        <source>Bets are already closed.</source>
        <translation>Ставки уже закрыты.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="74"/>
        <source>There is no box {0}: this table has boxes 1-{1}.</source>
        <translation>Бокса {0} нет: у этого стола боксы 1-{1}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="75"/>
        <source>Box {0} already has its stakes; withdraw them first to change them.</source>
        <translation>У бокса {0} уже есть ставки; чтобы изменить, сначала снимите их.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="76"/>
        <source>An ante of {0} on box {1} is outside the table&apos;s limits ({2}-{3}).</source>
        <translation>Анте {0} на боксе {1} вне лимитов стола ({2}-{3}).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="77"/>
        <source>This table has no blind boxes (box {0}).</source>
        <translation>За этим столом нельзя играть втёмную (бокс {0}).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="78"/>
        <source>Player {0}&apos;s boxes must be adjacent: box {1} is not next to boxes {2}.</source>
        <translation>Боксы игрока {0} должны быть рядом: бокс {1} не соседствует с боксами {2}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="79"/>
        <source>Player {0} already plays {1} open box(es); box {2} must play blind.</source>
        <translation>Игрок {0} уже играет открытых боксов: {1}; бокс {2} должен играть втёмную.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="80"/>
        <source>Box {0} has no stakes to withdraw.</source>
        <translation>На боксе {0} нет ставок, которые можно снять.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="81"/>
        <source>No box has an ante: place stakes before dealing.</source>
        <translation>Ни на одном боксе нет анте: примите ставки до сдачи.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="82"/>
        <source>This table has no bonus bet (box {0}).</source>
        <translation>За этим столом нет бонусной ставки (бокс {0}).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="83"/>
        <source>A bonus of {0} on box {1} is outside its limits ({2}-{3}).</source>
        <translation>Бонус {0} на боксе {1} вне лимитов бонуса ({2}-{3}).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="84"/>
        <source>The round is closed: a card now belongs to the next round, after its bets.</source>
        <translation>Раунд закрыт: теперь карта относится к следующему раунду, после его ставок.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="85"/>
        <source>The round is stopped: {0} No card is taken until a pit boss resolves it.</source>
        <translation>Раунд остановлен: {0} Карты не принимаются, пока пит-босс не устранит сбой.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="86"/>
        <source>The dealer&apos;s hand is already shown.</source>
        <translation>Карты дилера уже открыты.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="87"/>
        <source>The dealer qualified: there is no game to buy and no ante to take instead.</source>
        <translation>У дилера есть игра: покупать игру не нужно, и анте вместо неё не берут.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="88"/>
        <source>This table does not let a box buy the dealer a game.</source>
        <translation>За этим столом бокс не может купить игру дилеру.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="89"/>
        <source>Box {0} plays blind: it cannot buy the dealer a game.</source>
        <translation>Бокс {0} играет втёмную: он не может купить игру дилеру.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="90"/>
        <source>Box {0} has no bet: only a box that bet may buy the dealer a game.</source>
        <translation>У бокса {0} нет ставки: купить игру дилеру может только бокс со ставкой.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="91"/>
        <source>Box {0} is insured: only uninsured boxes may buy the dealer a game.</source>
        <translation>Бокс {0} застрахован: купить игру дилеру могут только боксы без страховки.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="92"/>
        <source>The round is closed: buying the dealer a game is over.</source>
        <translation>Раунд закрыт: покупка игры дилеру окончена.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="93"/>
        <source>Buying the dealer a game comes only after he shows a hand that does not qualify.</source>
        <translation>Купить игру дилеру можно только после того, как он откроет руку без игры.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="95"/>
        <source>Box {0} has already chosen (took the ante or bought the game).</source>
        <translation>Бокс {0} уже выбрал (взял анте или купил игру).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="96"/>
        <source>No box is choosing whether to buy the dealer a game now.</source>
        <translation>Сейчас ни один бокс не решает, покупать ли игру дилеру.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="97"/>
        <source>Box {0} has not finished acting; the dealer shows his hand after every box.</source>
        <translation>Бокс {0} ещё не сделал ход; дилер открывает карты после всех боксов.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="98"/>
        <source>The deal is not complete.</source>
        <translation>Сдача не закончена.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="99"/>
        <source>The round is closed.</source>
        <translation>Раунд закрыт.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="100"/>
        <source>There is no card fault to resolve.</source>
        <translation>Нет сбоя карты, который нужно устранять.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="101"/>
        <source>No card was expected, so there is nothing to correct: dismiss the read or void the round.</source>
        <translation>Карта не ожидалась, исправлять нечего: отмените считывание или аннулируйте раунд.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="103"/>
        <source>{0} is already in play ({1}); it cannot be the card.</source>
        <translation>{0} уже в игре (у {1}); это не может быть эта карта.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="104"/>
        <source>{0} was already played and discarded this round; it cannot be the card.</source>
        <translation>{0} уже сыграна и ушла в сброс в этом раунде; это не может быть эта карта.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="105"/>
        <source>The round is already closed and settled; it cannot be voided.</source>
        <translation>Раунд уже закрыт и рассчитан; аннулировать его нельзя.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="106"/>
        <source>Only {0} card(s) are left in the stock; this draw needs {1}.</source>
        <translation>В колоде осталось карт: {0}; для этого прикупа нужно {1}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="107"/>
        <source>Only {0} card(s) are left in the stock and discards; this draw needs {1}.</source>
        <translation>В колоде и сбросе осталось карт: {0}; для этого прикупа нужно {1}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="109"/>
        <source>Box {0} has no settled payment to confirm.</source>
        <translation>У бокса {0} нет рассчитанной выплаты для подтверждения.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="110"/>
        <source>Box {0}&apos;s payment is confirmed already.</source>
        <translation>Выплата бокса {0} уже подтверждена.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="111"/>
        <source>Box {0}&apos;s payment is not confirmed: there is nothing to undo.</source>
        <translation>Выплата бокса {0} не подтверждена: отменять нечего.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="112"/>
        <source>{0} may not deal.</source>
        <translation>{0} не может сдавать.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="113"/>
        <source>{0} is dealing at this table already.</source>
        <translation>{0} уже сдаёт за этим столом.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="114"/>
        <source>No dealer is signed in.</source>
        <translation>Дилер не вошёл.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="115"/>
        <source>There is no open fault {0}.</source>
        <translation>Открытого сбоя {0} нет.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="116"/>
        <source>An adjustment of 0 changes nothing.</source>
        <translation>Корректировка на 0 ничего не меняет.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="117"/>
        <source>Round {0} has no settled box {1}: only a settled box&apos;s payment can be adjusted.</source>
        <translation>В раунде {0} нет рассчитанного бокса {1}: скорректировать можно только выплату рассчитанного бокса.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="119"/>
        <source>No round is open: place antes to start one.</source>
        <translation>Раунд не начат: примите анте, чтобы начать.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="120"/>
        <source>No round is open.</source>
        <translation>Раунд не начат.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="121"/>
        <source>{0} may not do this: a pit boss must log in.</source>
        <translation>{0} не может это сделать: должен войти пит-босс.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="122"/>
        <source>Every override needs a reason; it is journaled with your name.</source>
        <translation>Каждому исправлению нужна причина; она пишется в журнал с вашим именем.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="123"/>
        <source>The house rules can change only between rounds: finish or void this round first.</source>
        <translation>Правила можно менять только между раундами: сначала завершите или аннулируйте этот раунд.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="126"/>
        <source>&apos;{0}&apos; is not a card: rank 2-9, T or 10, J, Q, K, A; suit C, D, H, S</source>
        <translation>'{0}' — не карта: ранг 2-9, T или 10, J, Q, K, A; масть C, D, H, S</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="127"/>
        <source>{0} appears twice; one pack holds each card once</source>
        <translation>{0} указана дважды; в колоде каждая карта одна</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="129"/>
        <source>{0} Box {1}&apos;s jackpot stake is refused; the rest of the game goes on.</source>
        <translation>{0} Ставка на джекпот бокса {1} не принята; остальная игра продолжается.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="130"/>
        <source>Jackpot betting closed: jackpot pending, a hit waits for a pit boss.</source>
        <translation>Ставки на джекпот закрыты: выигрыш джекпота ждёт пит-босса.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="131"/>
        <source>Jackpot betting closed: {0}</source>
        <translation>Ставки на джекпот закрыты: {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="138"/>
        <source>Card {0} came from the shoe when no card was expected ({1}). Stop dealing; a pit boss must check the shoe.</source>
        <translation>Карта {0} вышла из шуза, когда карта не ожидалась ({1}). Прекратите сдачу; пит-босс должен проверить шуз.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="140"/>
        <source>The shoe could not read a card ({0}). Stop dealing; a pit boss must identify it.</source>
        <translation>Шуз не смог прочитать карту ({0}). Прекратите сдачу; пит-босс должен её опознать.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="142"/>
        <source>Card {0} read twice this round ({1} holds it; now {2}). Stop dealing; a pit boss must check the shoe.</source>
        <translation>Карта {0} считана в этом раунде дважды (она уже у {1}; сейчас — {2}). Прекратите сдачу; пит-босс должен проверить шуз.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="144"/>
        <source>Card {0} was already played and discarded this round, so it cannot come from the stock ({1}). Stop dealing; a pit boss must check the shoe.</source>
        <translation>Карта {0} уже сыграна и ушла в сброс в этом раунде, из колоды она прийти не может ({1}). Прекратите сдачу; пит-босс должен проверить шуз.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="146"/>
        <source>card {0} to box {1}</source>
        <translation>{0}-я карта боксу {1}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="147"/>
        <source>card {0} to the dealer (face up)</source>
        <translation>{0}-я карта дилеру (в открытую)</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="148"/>
        <source>card {0} to the dealer</source>
        <translation>{0}-я карта дилеру</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="149"/>
        <source>dealer: replace {0}</source>
        <translation>дилер меняет {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="150"/>
        <source>box {0} is to decide</source>
        <translation>решает бокс {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="151"/>
        <source>box {0}</source>
        <translation>бокса {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="154"/>
        <source>Card {0} read twice this round. Stop dealing; a pit boss must check the shoe.</source>
        <translation>Карта {0} считана в этом раунде дважды. Прекратите сдачу; пит-босс должен проверить шуз.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="156"/>
        <source>The shoe could not read a card. Stop dealing; a pit boss must identify it.</source>
        <translation>Шуз не смог прочитать карту. Прекратите сдачу; пит-босс должен её опознать.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="158"/>
        <source>Card {0} came from the shoe when no card was expected. Stop dealing; a pit boss must check the shoe.</source>
        <translation>Карта {0} вышла из шуза, когда карта не ожидалась. Прекратите сдачу; пит-босс должен проверить шуз.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="160"/>
        <source>Card {0} was already played and discarded this round. Stop dealing; a pit boss must check the shoe.</source>
        <translation>Карта {0} уже сыграна и ушла в сброс в этом раунде. Прекратите сдачу; пит-босс должен проверить шуз.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="167"/>
        <source>{0} card(s) ({1}) left the shoe but never reached the controller, even after a RESYNC. Stop dealing; a pit boss must find the missing card(s) and enter them.</source>
        <translation>Карты вышли из шуза, но не дошли до контроллера даже после RESYNC (карт: {0}; {1}). Прекратите сдачу; пит-босс должен найти пропавшие карты и ввести их.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="169"/>
        <source>seq {0}</source>
        <translation>№ {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="170"/>
        <source>seqs {0}</source>
        <translation>№ {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="171"/>
        <source>The shoe sent seq {0} as {1}, but it was {2}. The card was not taken. Stop dealing; a pit boss must check the shoe and the cards on the table.</source>
        <translation>Шуз прислал № {0} как {1}, а это была {2}. Карта не принята. Прекратите сдачу; пит-босс должен проверить шуз и карты на столе.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="173"/>
        <source>Card {0} (seq {1}) arrived late, after seq {2}: the cards may be out of order. Stop dealing; a pit boss must check the order of the cards on the table.</source>
        <translation>Карта {0} (№ {1}) пришла с опозданием, после № {2}: порядок карт мог нарушиться. Прекратите сдачу; пит-босс должен проверить порядок карт на столе.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="175"/>
        <source>The shoe sent seq {0} ({1}) while the controller expected {2}: no shoe resends that far back, so the frame was damaged and the card was not taken. Stop dealing; a pit boss must check the cards on the table.</source>
        <translation>Шуз прислал № {0} ({1}), а контроллер ждал № {2}: так далеко назад шуз не повторяет, значит сообщение повреждено и карта не принята. Прекратите сдачу; пит-босс должен проверить карты на столе.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="178"/>
        <source>The shoe restarted (its uptime went back) while the controller expected seq {0}: its card count starts over. Stop dealing; a pit boss must check that every card dealt is on the table.</source>
        <translation>Шуз перезапустился, когда контроллер ждал № {0}: счёт карт начался заново. Прекратите сдачу; пит-босс должен проверить, что каждая сданная карта на столе.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="181"/>
        <source>No heartbeat from the shoe for {0} s: it is switched off, unplugged, or its cable is loose. Stop dealing; check the shoe&apos;s power and cable.</source>
        <translation>От шуза нет сигнала уже {0} с: он выключен, отсоединён или отошёл кабель. Прекратите сдачу; проверьте питание и кабель шуза.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="184"/>
        <source>The shoe&apos;s connection was lost ({0}). Stop dealing; check the cable. The controller reconnects by itself and asks the shoe to resend what it missed.</source>
        <translation>Связь с шузом потеряна. Прекратите сдачу; проверьте кабель. Контроллер переподключится сам и попросит шуз повторить пропущенное.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="186"/>
        <source>the camera sends no frames: check its cable and power; cards dealt meanwhile were not seen</source>
        <translation>камера не передаёт кадры: проверьте её кабель и питание; карты, сданные за это время, не увидены</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="188"/>
        <source>Nothing answers at {0}: is the shoe (or shoe-sim --tcp) running and the port right?</source>
        <translation>По адресу {0} никто не отвечает: запущен ли шуз (или shoe-sim --tcp) и верен ли порт?</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="190"/>
        <source>Host of {0} is unknown: check the address.</source>
        <translation>Хост в {0} неизвестен: проверьте адрес.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="191"/>
        <source>Could not connect to {0}: {1}. Check the address and the network.</source>
        <translation>Не удалось подключиться к {0}. Проверьте адрес и сеть.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="192"/>
        <source>Serial port {0} does not exist: is the shoe plugged in and switched on? Check the URL.</source>
        <translation>Порта {0} нет: подключён ли шуз и включён ли он? Проверьте URL.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="194"/>
        <source>Permission denied on {0}: add this user to the &apos;dialout&apos; group (then log in again), or ask the administrator.</source>
        <translation>Нет доступа к {0}: добавьте этого пользователя в группу 'dialout' (и войдите снова) или обратитесь к администратору.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="196"/>
        <source>Serial port {0} is busy: another program has it open. Close it and try again.</source>
        <translation>Порт {0} занят другой программой. Закройте её и попробуйте снова.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="197"/>
        <source>Could not open serial port {0}: {1}. Check the cable and the URL.</source>
        <translation>Не удалось открыть порт {0}. Проверьте кабель и URL.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="198"/>
        <source>No {0} is plugged in: check the cable and that the shoe is switched on.</source>
        <translation>{0} не подключён: проверьте кабель и включён ли шуз.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="199"/>
        <source>USB shoe {0} with serial {1}</source>
        <translation>USB-шуз {0} с серийным номером {1}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="200"/>
        <source>USB shoe {0}</source>
        <translation>USB-шуз {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="201"/>
        <source>Card {0} came from the shoe when no round expected one. Stop dealing; a pit boss must check the shoe and the table.</source>
        <translation>Карта {0} вышла из шуза, когда ни один раунд её не ждал. Прекратите сдачу; пит-босс должен проверить шуз и стол.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="203"/>
        <source>The clock jumped back {0} s. Check the system time.</source>
        <translation>Часы сдвинулись назад на {0} с. Проверьте системное время.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="204"/>
        <source>The clock jumped forward {0} s. Check the system time.</source>
        <translation>Часы сдвинулись вперёд на {0} с. Проверьте системное время.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="205"/>
        <source>Before the last restart the journal could not be written: {0}</source>
        <translation>Перед последним перезапуском журнал не удалось записать: {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="206"/>
        <source>The journal {0} could not be written: {1}. Play is stopped and nothing after this point was recorded. Restart rptable; a pit boss must resolve the fault.</source>
        <translation>Не удалось записать журнал {0}. Игра остановлена, после этого момента ничего не записано. Перезапустите rptable; пит-босс должен устранить сбой.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="208"/>
        <source>{0} is closed</source>
        <translation>{0} закрыт</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="210"/>
        <source>{0} Play is stopped until a pit boss resolves it (fault {1}).</source>
        <translation>{0} Игра остановлена, пока пит-босс не устранит сбой {1}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="211"/>
        <source>The shoe reports {0} ({1}). Stop dealing; a pit boss must check the shoe and resolve the fault before play goes on.</source>
        <translation>Шуз сообщает {0} ({1}). Прекратите сдачу; пит-босс должен проверить шуз и устранить сбой, прежде чем игра продолжится.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="215"/>
        <source>reader fault</source>
        <translation>сбой считывателя</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="216"/>
        <source>two cards drawn together</source>
        <translation>вытянуты две карты сразу</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="217"/>
        <source>card pushed back into the shoe</source>
        <translation>карта задвинута обратно в шуз</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="218"/>
        <source>jam</source>
        <translation>замятие карты</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="219"/>
        <source>cover opened while dealing</source>
        <translation>крышка открыта во время сдачи</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="220"/>
        <source>link: a CARD went unacknowledged 5 times</source>
        <translation>связь: карта 5 раз осталась без подтверждения</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="223"/>
        <source>The shoe is offline. Stop dealing; check the shoe&apos;s power and cable.</source>
        <translation>Шуз не на связи. Прекратите сдачу; проверьте питание и кабель шуза.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="225"/>
        <source>The shoe cannot be opened. Stop dealing; check the shoe&apos;s cable and the console&apos;s card source.</source>
        <translation>Шуз не удаётся открыть. Прекратите сдачу; проверьте кабель шуза и источник карт консоли.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="227"/>
        <source>Cards left the shoe but never reached the controller. Stop dealing; a pit boss must find the missing cards and enter them.</source>
        <translation>Карты вышли из шуза, но не дошли до контроллера. Прекратите сдачу; пит-босс должен найти пропавшие карты и ввести их.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="229"/>
        <source>The shoe sent a card the controller cannot trust. Stop dealing; a pit boss must check the cards on the table.</source>
        <translation>Шуз прислал карту, которой контроллер не может доверять. Прекратите сдачу; пит-босс должен проверить карты на столе.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="231"/>
        <source>A card arrived late: the cards may be out of order. Stop dealing; a pit boss must check the order of the cards on the table.</source>
        <translation>Карта пришла с опозданием: порядок карт мог нарушиться. Прекратите сдачу; пит-босс должен проверить порядок карт на столе.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="233"/>
        <source>The shoe restarted. Stop dealing; a pit boss must check that every card dealt is on the table.</source>
        <translation>Шуз перезапустился. Прекратите сдачу; пит-босс должен проверить, что каждая сданная карта на столе.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="235"/>
        <source>A card came from the shoe when no round expected one. Stop dealing; a pit boss must check the shoe and the table.</source>
        <translation>Карта вышла из шуза, когда ни один раунд её не ждал. Прекратите сдачу; пит-босс должен проверить шуз и стол.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="237"/>
        <source>The clock jumped. Check the system time.</source>
        <translation>Часы сдвинулись. Проверьте системное время.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="238"/>
        <source>The journal could not be written. A pit boss must resolve the fault.</source>
        <translation>Не удалось записать журнал. Пит-босс должен устранить сбой.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="241"/>
        <source>The shoe reports {0}. Stop dealing; a pit boss must check the shoe and resolve the fault before play goes on.</source>
        <translation>Шуз сообщает {0}. Прекратите сдачу; пит-босс должен проверить шуз и устранить сбой, прежде чем игра продолжится.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="251"/>
        <source>Journal event {0} ({1}) cannot be replayed ({2}): the journal was damaged or edited. Keep it as it is and run `rptable audit verify`.</source>
        <translation>Событие журнала {0} ({1}) не воспроизводится: журнал повреждён или изменён. Сохраните его как есть и запустите `rptable audit verify`.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="253"/>
        <source>The journal {0} could not be read: {1}.</source>
        <translation>Не удалось прочитать журнал {0}.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="265"/>
        <source>A PIN or password cannot be a few characters repeated (121212, 123123).</source>
        <translation>PIN или пароль не может быть повтором нескольких символов (121212, 123123).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="266"/>
        <source>A PIN or password cannot be one of those people choose most (such as 112233, 159753 or qwerty): a guesser tries them first.</source>
        <translation>PIN или пароль не может быть одним из самых частых (например, 112233, 159753 или qwerty): их подбирают первыми.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="268"/>
        <source>A PIN or password cannot be a walk along the keys (qwerty, 1qaz2wsx, 741852963).</source>
        <translation>PIN или пароль не может быть дорожкой по клавишам (йцукен, 1йфя2цыч, 741852963).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="270"/>
        <source>A PIN or password cannot be characters each written twice (112233, 11223344).</source>
        <translation>PIN или пароль не может состоять из символов, каждый из которых написан дважды (112233, 11223344).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="271"/>
        <source>A PIN or password cannot be two sequences woven together (a1b2c3, q1w2e3r4, 142536).</source>
        <translation>PIN или пароль не может быть двумя последовательностями вперемежку (а1б2в3, й1ц2у3к4, 142536).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="273"/>
        <source>A PIN or password cannot be a common word with a number beside it (pass123, 123abc, qwerty1).</source>
        <translation>PIN или пароль не может быть частым словом с числом рядом (пароль123, 123абв, йцукен1).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="275"/>
        <source>A PIN or password cannot be the account&apos;s name with a number or a sequence (anna2024, ivan123).</source>
        <translation>PIN или пароль не может быть именем с числом или последовательностью (анна2024, иван123).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="277"/>
        <source>A PIN or password has at most {0} characters.</source>
        <translation>PIN или пароль — не длиннее {0} символов.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="278"/>
        <source>A PIN or password is letters, digits, signs and spaces: what was given holds control characters or bytes that are not text.</source>
        <translation>PIN или пароль состоит из букв, цифр, знаков и пробелов: в введённом есть управляющие символы или байты, которые не являются текстом.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="291"/>
        <source>The rules &apos;{0}&apos; favour a skilled player: one who follows basic strategy wins {1}% of the ante a round on average (95% interval {2}% to {3}% for the house, measured {4}). An admin must acknowledge this before a table opens on these rules.</source>
        <translation>Правила «{0}» выгодны опытному игроку: играя по базовой стратегии, он выигрывает в среднем {1}% анте за раунд (95% интервал для казино: от {2}% до {3}%, измерено {4}). Прежде чем стол откроется на этих правилах, это должен подтвердить администратор.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="294"/>
        <source>The house edge of the rules &apos;{0}&apos; has never been measured, so nobody knows whether they favour a skilled player. Measure it with `rptable analyze --rules FILE --strategy basic`. An admin must acknowledge this before a table opens on these rules.</source>
        <translation>Преимущество казино по правилам «{0}» ни разу не измерялось, поэтому неизвестно, выгодны ли они опытному игроку. Измерьте его: `rptable analyze --rules FILE --strategy basic`. Прежде чем стол откроется на этих правилах, это должен подтвердить администратор.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="298"/>
        <source>The house edge of &apos;{0}&apos; under basic strategy is {1}% of the ante, but its 95% interval {2}% to {3}% reaches zero: the rules may favour a skilled player. An admin must acknowledge this before a table opens on these rules.</source>
        <translation>Преимущество казино по правилам «{0}» при базовой стратегии — {1}% анте, но его 95% интервал от {2}% до {3}% доходит до нуля: правила могут оказаться выгодны опытному игроку. Прежде чем стол откроется на этих правилах, это должен подтвердить администратор.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="306"/>
        <source>place antes</source>
        <translation>примите анте</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="307"/>
        <source>place antes, or deal: {0}</source>
        <translation>примите анте или сдавайте: {0}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="308"/>
        <source>dealer: show your hand</source>
        <translation>дилер: откройте карты</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="309"/>
        <source>dealer: show your hand (box {0} may still insure)</source>
        <translation>дилер: откройте карты (бокс {0} ещё может застраховаться)</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="310"/>
        <source>box {0}: buy the dealer a game or take the ante</source>
        <translation>бокс {0}: купить игру дилеру или взять анте</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="311"/>
        <source>box {0}: {1}</source>
        <translation>бокс {0}: {1}</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="315"/>
        <location filename="../sentences.py" line="326"/>
        <source>fold</source>
        <translation>сказать пас</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="316"/>
        <location filename="../sentences.py" line="327"/>
        <source>bet</source>
        <translation>сделать ставку</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="317"/>
        <location filename="../sentences.py" line="328"/>
        <source>buy a 6th card</source>
        <translation>купить 6-ю карту</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="320"/>
        <source>wait</source>
        <translation>ждать</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="322"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../sentences.py" line="322"/>
        <source> or </source>
        <translation> или </translation>
    </message>
    <message>
        <location filename="../sentences.py" line="329"/>
        <source>buy a card</source>
        <translation>купить карту</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="318"/>
        <location filename="../sentences.py" line="330"/>
        <source>exchange</source>
        <translation>обменять карты</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="260"/>
        <source>A PIN or password needs at least {0} characters (spaces at the ends do not count).</source>
        <translation>PIN или пароль — не короче {0} символов (пробелы по краям не считаются).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="262"/>
        <source>A PIN or password cannot be one character repeated (111111).</source>
        <translation>PIN или пароль не может состоять из одного повторённого символа (111111).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="263"/>
        <source>A PIN or password cannot be a run (123456, 654321, abcdef).</source>
        <translation>PIN или пароль не может быть последовательностью (123456, 654321, abcdef).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="264"/>
        <source>A PIN or password cannot be the account&apos;s name.</source>
        <translation>PIN или пароль не может совпадать с именем.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="280"/>
        <source>&apos;{0}&apos; is not a usable name: 1-40 letters, digits, &apos;.&apos;, &apos;-&apos; or &apos;_&apos;.</source>
        <translation>«{0}» не годится как имя: 1–40 букв, цифр, «.», «-» или «_».</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="281"/>
        <source>There is already an account named &apos;{0}&apos;.</source>
        <translation>Учётная запись «{0}» уже есть.</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="288"/>
        <source>{0} No round opens until then: an admin acknowledges it in the console (Staff [F7]), or with the console closed runs `{1}` (and --db URL for a table on the floor).</source>
        <translation>{0} До тех пор раунды не открываются: администратор подтверждает это в консоли (Персонал [F7]) или при закрытой консоли выполняет `{1}` (для стола в зале — ещё и `--db URL`).</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="319"/>
        <location filename="../sentences.py" line="331"/>
        <source>insure</source>
        <translation>застраховаться</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="332"/>
        <source>no game</source>
        <translation>нет игры</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="333"/>
        <source>ace king</source>
        <translation>туз-король</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="334"/>
        <source>one pair</source>
        <translation>пара</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="335"/>
        <source>two pair</source>
        <translation>две пары</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="336"/>
        <source>three of a kind</source>
        <translation>тройка</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="337"/>
        <source>straight</source>
        <translation>стрит</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="338"/>
        <source>flush</source>
        <translation>флеш</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="339"/>
        <source>full house</source>
        <translation>фулл-хаус</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="340"/>
        <source>four of a kind</source>
        <translation>каре</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="341"/>
        <source>straight flush</source>
        <translation>стрит-флеш</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="342"/>
        <source>royal flush</source>
        <translation>роял-флеш</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="343"/>
        <source>the dealer</source>
        <translation>дилера</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="344"/>
        <source>the discards</source>
        <translation>сброса</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="345"/>
        <source>bets are open and no box has an ante</source>
        <translation>ставки открыты, а анте нет ни на одном боксе</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="346"/>
        <source>the dealer is to show his hand</source>
        <translation>дилер должен открыть карты</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="347"/>
        <source>boxes are choosing whether to buy the dealer a game</source>
        <translation>боксы решают, покупать ли игру дилеру</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="348"/>
        <source>the dealer&apos;s draw is over</source>
        <translation>прикуп дилера окончен</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="247"/>
        <source>a table fault is open</source>
        <translation>открыт сбой стола</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="248"/>
        <source>no round was expecting a card</source>
        <translation>ни один раунд не ждал карту</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="249"/>
        <source>the round is stopped by a card fault</source>
        <translation>раунд остановлен сбоем карты</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="250"/>
        <source>the link returned</source>
        <translation>связь восстановилась</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="354"/>
        <source>EMPTY</source>
        <translation>ПУСТ</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="355"/>
        <source>COVER OPEN</source>
        <translation>КРЫШКА ОТКРЫТА</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="356"/>
        <source>LOCKED</source>
        <translation>ЗАБЛОКИРОВАН</translation>
    </message>
    <message>
        <location filename="../sentences.py" line="357"/>
        <source>DISCONNECTED</source>
        <translation>ОТКЛЮЧЁН</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="16"/>
        <source>{0} h {1} min</source>
        <translation>{0} ч {1} мин</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="17"/>
        <source>{0} min {1} s</source>
        <translation>{0} мин {1} с</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="18"/>
        <source>{0} s</source>
        <translation>{0} с</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="19"/>
        <source>never</source>
        <translation>никогда</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="23"/>
        <source>decisions beat basic: {0} antes per decision over {1} valued decisions (total {2} antes, 95% interval {3} to {4})</source>
        <translation>решения лучше базовой стратегии: {0} анте на решение по {1} оценённым решениям (всего {2} анте, 95% интервал от {3} до {4})</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="25"/>
        <source>won {0} against an expected {1}: {2} standard deviations above expectation over {3} rounds</source>
        <translation>выиграл {0} при ожидаемых {1}: на {2} стандартных отклонения выше ожидания за {3} раундов</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="27"/>
        <source>lost {0} against an expected {1}: {2} standard deviations below expectation over {3} rounds</source>
        <translation>проиграл {0} при ожидаемых {1}: на {2} стандартных отклонения ниже ожидания за {3} раундов</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="32"/>
        <source>The floor database {0} refused the password ({1}). Check the password in the URL, or ask the database administrator whether it was changed or revoked.</source>
        <translation>База данных зала {0} не приняла пароль. Проверьте пароль в URL или спросите администратора базы данных, не был ли он изменён или отозван.</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="34"/>
        <source>The floor database {0} does not exist ({1}). Check the URL&apos;s database name.</source>
        <translation>Базы данных зала {0} не существует. Проверьте имя базы данных в URL.</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="35"/>
        <source>The floor database {0} refused this user ({1}). The user needs to create tables and write rows there: ask the database administrator.</source>
        <translation>База данных зала {0} не пускает этого пользователя. Ему нужно право создавать таблицы и записывать строки: обратитесь к администратору базы данных.</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="37"/>
        <source>The floor database {0} cannot be reached ({1}). Check that it is running and reachable.</source>
        <translation>База данных зала {0} недоступна. Проверьте, что она запущена и доступна по сети.</translation>
    </message>
    <message>
        <location filename="../pit/words.py" line="39"/>
        <source>The floor database {0} cannot be used ({1}).</source>
        <translation>Базу данных зала {0} нельзя использовать.</translation>
    </message>
</context>
<context>
    <name>Showdown</name>
    <message>
        <location filename="../showdown_view.py" line="27"/>
        <source>Dealer</source>
        <translation>Дилер</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="27"/>
        <source>Box {0}</source>
        <translation>Бокс {0}</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="81"/>
        <source>Spot</source>
        <translation>Место</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="82"/>
        <source>The shoe dealt</source>
        <translation>Сдал шуз</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="83"/>
        <source>The camera saw</source>
        <translation>Видит камера</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="84"/>
        <source>Verdict</source>
        <translation>Итог</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="89"/>
        <source>Camera at showdown: a card switched</source>
        <translation>Камера при вскрытии: подмена карты</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="91"/>
        <source>Camera at showdown: show {0} again</source>
        <translation>Камера при вскрытии: покажите снова — {0}</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="94"/>
        <source>Camera at showdown: every card where the shoe dealt it</source>
        <translation>Камера при вскрытии: каждая карта там, куда её сдал шуз</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="100"/>
        <source>DIFFERENT</source>
        <translation>НЕ СОВПАДАЕТ</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="101"/>
        <source>show again</source>
        <translation>показать снова</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="102"/>
        <source>as dealt</source>
        <translation>как сдано</translation>
    </message>
    <message>
        <location filename="../showdown_view.py" line="107"/>
        <source>not read</source>
        <translation>не прочитано</translation>
    </message>
</context>
<context>
    <name>Staff</name>
    <message>
        <location filename="../staff_desk.py" line="43"/>
        <source>dealer</source>
        <translation>дилер</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="44"/>
        <source>pit boss</source>
        <translation>пит-босс</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="45"/>
        <source>admin</source>
        <translation>администратор</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="82"/>
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="83"/>
        <source>PIN again</source>
        <translation>PIN ещё раз</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="94"/>
        <source>The two PINs differ: type the PIN again, twice.</source>
        <translation>PIN не совпадают: введите PIN ещё раз, дважды.</translation>
    </message>
</context>
<context>
    <name>StaffDialog</name>
    <message>
        <location filename="../staff_desk.py" line="184"/>
        <source>Staff and setup — table {0}</source>
        <translation>Персонал и настройка — стол {0}</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="188"/>
        <source>An admin logs in to add staff accounts and to acknowledge the house rules.</source>
        <translation>Администратор входит, чтобы добавить учётные записи и подтвердить правила казино.</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="204"/>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="212"/>
        <source>House rules</source>
        <translation>Правила казино</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="220"/>
        <source>Reason (journaled with your name)</source>
        <translation>Причина (в журнал с вашим именем)</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="222"/>
        <source>Acknowledge the rules</source>
        <translation>Подтвердить правила</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="231"/>
        <source>Add an account</source>
        <translation>Новая учётная запись</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="235"/>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="240"/>
        <source>Role</source>
        <translation>Роль</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="242"/>
        <source>Add the account</source>
        <translation>Добавить</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="270"/>
        <source>Acknowledged by {0}: the table may open on these rules.</source>
        <translation>Подтверждено: {0}; стол может работать по этим правилам.</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="272"/>
        <source>The house keeps an edge under these rules: nothing to acknowledge.</source>
        <translation>По этим правилам преимущество у казино: подтверждать нечего.</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="295"/>
        <source>Accounts: {0}</source>
        <translation>Учётные записи: {0}</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="304"/>
        <source>The rules are acknowledged: rounds may open on them.</source>
        <translation>Правила подтверждены: раунды можно открывать.</translation>
    </message>
    <message>
        <location filename="../staff_desk.py" line="316"/>
        <source>{0} can now log in as {1}.</source>
        <translation>{0} может войти как {1}.</translation>
    </message>
</context>
<context>
    <name>TableCard</name>
    <message>
        <location filename="../pit/table_card.py" line="41"/>
        <source>Open {0}: rounds, replay, last 10, faults and overrides</source>
        <translation>Открыть {0}: раунды, повтор, последние 10, сбои и исправления</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="51"/>
        <source>Its cards are not proved: a plain SHOE/1 shoe, whose cable a wire could deal through</source>
        <translation>Его карты ничем не подтверждены: шуз без ключа, через кабель которого можно сдать любую карту</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="56"/>
        <source>Today (UTC): rounds closed, drop and house win</source>
        <translation>Сегодня (UTC): закрытые раунды, дроп и выигрыш казино</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="90"/>
        <source>FAULT {0} {1} ({2}): {3}</source>
        <translation>СБОЙ {0} {1} ({2}): {3}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="94"/>
        <source>Shoe not authenticated</source>
        <translation>Шуз не аутентифицирован</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="97"/>
        <source>Dealer: {0}</source>
        <translation>Дилер: {0}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="100"/>
        <source>1 round · drop {1} · win {2}</source>
        <translation>раундов 1 · дроп {1} · выигр. {2}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="102"/>
        <source> ({0} rounds without a measured edge)</source>
        <translation> (раундов без измеренного преимущества: {0})</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="100"/>
        <source>{0} rounds · drop {1} · win {2}</source>
        <translation>раундов {0} · дроп {1} · выигр. {2}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="104"/>
        <source>Hold {0}% · theor. {1}% ({2}){3}</source>
        <translation>Холд {0}% · теор. {1}% ({2}){3}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="136"/>
        <source>no event yet</source>
        <translation>событий ещё не было</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="137"/>
        <source>last event {0} ago</source>
        <translation>посл. событие {0} назад</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="139"/>
        <source>REFUSED by the database: {0}</source>
        <translation>ОТКЛОНЕНО базой данных: {0}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="142"/>
        <source>NOT REPORTING (never heard from) · {0}</source>
        <translation>НЕТ СВЯЗИ (сигналов не было) · {0}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="144"/>
        <source>NOT REPORTING (last heard {0} ago) · {1}</source>
        <translation>НЕТ СВЯЗИ (последний сигнал {0} назад) · {1}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="148"/>
        <source>closed at {0} UTC</source>
        <translation>закрыт в {0} UTC</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="150"/>
        <source> · {0} events on their way</source>
        <translation> · событий в пути: {0}</translation>
    </message>
    <message>
        <location filename="../pit/table_card.py" line="151"/>
        <source>reporting · {0}</source>
        <translation>на связи · {0}</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <location filename="../words.py" line="18"/>
        <source>no game</source>
        <translation>нет игры</translation>
    </message>
    <message>
        <location filename="../words.py" line="19"/>
        <source>ace-king</source>
        <translation>туз-король</translation>
    </message>
    <message>
        <location filename="../words.py" line="20"/>
        <source>pair</source>
        <translation>пара</translation>
    </message>
    <message>
        <location filename="../words.py" line="21"/>
        <source>two pair</source>
        <translation>две пары</translation>
    </message>
    <message>
        <location filename="../words.py" line="22"/>
        <source>three of a kind</source>
        <translation>тройка</translation>
    </message>
    <message>
        <location filename="../words.py" line="23"/>
        <source>straight</source>
        <translation>стрит</translation>
    </message>
    <message>
        <location filename="../words.py" line="24"/>
        <source>flush</source>
        <translation>флеш</translation>
    </message>
    <message>
        <location filename="../words.py" line="25"/>
        <source>full house</source>
        <translation>фулл-хаус</translation>
    </message>
    <message>
        <location filename="../words.py" line="26"/>
        <source>four of a kind</source>
        <translation>каре</translation>
    </message>
    <message>
        <location filename="../words.py" line="27"/>
        <source>straight flush</source>
        <translation>стрит-флеш</translation>
    </message>
    <message>
        <location filename="../words.py" line="28"/>
        <source>royal flush</source>
        <translation>роял-флеш</translation>
    </message>
    <message>
        <location filename="../words.py" line="43"/>
        <source>wins</source>
        <translation>выигрыш</translation>
    </message>
    <message>
        <location filename="../words.py" line="44"/>
        <source>ties</source>
        <translation>ничья</translation>
    </message>
    <message>
        <location filename="../words.py" line="45"/>
        <source>loses</source>
        <translation>проигрыш</translation>
    </message>
    <message>
        <location filename="../words.py" line="46"/>
        <source>folded</source>
        <translation>пас</translation>
    </message>
    <message>
        <location filename="../words.py" line="47"/>
        <source>dealer does not qualify</source>
        <translation>у дилера нет игры</translation>
    </message>
    <message>
        <location filename="../words.py" line="48"/>
        <source>void</source>
        <translation>аннулирован</translation>
    </message>
    <message>
        <location filename="../words.py" line="49"/>
        <source>bonus only</source>
        <translation>только бонус</translation>
    </message>
    <message>
        <location filename="../words.py" line="56"/>
        <source>twos</source>
        <translation>двоек</translation>
    </message>
    <message>
        <location filename="../words.py" line="56"/>
        <source>threes</source>
        <translation>троек</translation>
    </message>
    <message>
        <location filename="../words.py" line="56"/>
        <source>fours</source>
        <translation>четвёрок</translation>
    </message>
    <message>
        <location filename="../words.py" line="57"/>
        <source>fives</source>
        <translation>пятёрок</translation>
    </message>
    <message>
        <location filename="../words.py" line="57"/>
        <source>sixes</source>
        <translation>шестёрок</translation>
    </message>
    <message>
        <location filename="../words.py" line="57"/>
        <source>sevens</source>
        <translation>семёрок</translation>
    </message>
    <message>
        <location filename="../words.py" line="58"/>
        <source>eights</source>
        <translation>восьмёрок</translation>
    </message>
    <message>
        <location filename="../words.py" line="58"/>
        <source>nines</source>
        <translation>девяток</translation>
    </message>
    <message>
        <location filename="../words.py" line="58"/>
        <source>tens</source>
        <translation>десяток</translation>
    </message>
    <message>
        <location filename="../words.py" line="59"/>
        <source>jacks</source>
        <translation>валетов</translation>
    </message>
    <message>
        <location filename="../words.py" line="59"/>
        <source>queens</source>
        <translation>дам</translation>
    </message>
    <message>
        <location filename="../words.py" line="59"/>
        <source>kings</source>
        <translation>королей</translation>
    </message>
    <message>
        <location filename="../words.py" line="60"/>
        <source>aces</source>
        <translation>тузов</translation>
    </message>
    <message>
        <location filename="../words.py" line="66"/>
        <source>two</source>
        <translation>двойки</translation>
    </message>
    <message>
        <location filename="../words.py" line="66"/>
        <source>three</source>
        <translation>тройки</translation>
    </message>
    <message>
        <location filename="../words.py" line="66"/>
        <source>four</source>
        <translation>четвёрки</translation>
    </message>
    <message>
        <location filename="../words.py" line="67"/>
        <source>five</source>
        <translation>пятёрки</translation>
    </message>
    <message>
        <location filename="../words.py" line="67"/>
        <source>six</source>
        <translation>шестёрки</translation>
    </message>
    <message>
        <location filename="../words.py" line="67"/>
        <source>seven</source>
        <translation>семёрки</translation>
    </message>
    <message>
        <location filename="../words.py" line="68"/>
        <source>eight</source>
        <translation>восьмёрки</translation>
    </message>
    <message>
        <location filename="../words.py" line="68"/>
        <source>nine</source>
        <translation>девятки</translation>
    </message>
    <message>
        <location filename="../words.py" line="68"/>
        <source>ten</source>
        <translation>десятки</translation>
    </message>
    <message>
        <location filename="../words.py" line="69"/>
        <source>jack</source>
        <translation>валета</translation>
    </message>
    <message>
        <location filename="../words.py" line="69"/>
        <source>queen</source>
        <translation>дамы</translation>
    </message>
    <message>
        <location filename="../words.py" line="69"/>
        <source>king</source>
        <translation>короля</translation>
    </message>
    <message>
        <location filename="../words.py" line="70"/>
        <source>ace</source>
        <translation>туза</translation>
    </message>
    <message>
        <location filename="../words.py" line="92"/>
        <source>took the ante</source>
        <translation>взял анте</translation>
    </message>
    <message>
        <location filename="../words.py" line="103"/>
        <source>pair of {0}</source>
        <translation>пара {0}</translation>
    </message>
    <message>
        <location filename="../words.py" line="105"/>
        <source>two pair, {0} and {1}</source>
        <translation>две пары {0} и {1}</translation>
    </message>
    <message>
        <location filename="../words.py" line="107"/>
        <source>three {0}</source>
        <translation>тройка {0}</translation>
    </message>
    <message>
        <location filename="../words.py" line="109"/>
        <source>full house, {0} over {1}</source>
        <translation>фулл-хаус из {0} и {1}</translation>
    </message>
    <message>
        <location filename="../words.py" line="111"/>
        <source>four {0}</source>
        <translation>каре {0}</translation>
    </message>
    <message>
        <location filename="../words.py" line="114"/>
        <source>straight to the {0}</source>
        <translation>стрит до {0}</translation>
    </message>
    <message>
        <location filename="../words.py" line="116"/>
        <source>straight flush to the {0}</source>
        <translation>стрит-флеш до {0}</translation>
    </message>
    <message>
        <location filename="../words.py" line="118"/>
        <source>flush, {0} high</source>
        <translation>флеш от {0}</translation>
    </message>
    <message>
        <location filename="../words.py" line="120"/>
        <source>no game, {0} high</source>
        <translation>старшая карта — {0}</translation>
    </message>
</context>
</TS>
