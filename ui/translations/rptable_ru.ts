<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>Actions</name>
    <message>
        <location filename="../actions.py" line="27"/>
        <source>Draw card</source>
        <translation>Взять карту</translation>
    </message>
    <message>
        <location filename="../actions.py" line="28"/>
        <source>Close bets</source>
        <translation>Закрыть ставки</translation>
    </message>
    <message>
        <location filename="../actions.py" line="29"/>
        <source>Fold</source>
        <translation>Пас</translation>
    </message>
    <message>
        <location filename="../actions.py" line="30"/>
        <source>Bet</source>
        <translation>Ставка</translation>
    </message>
    <message>
        <location filename="../actions.py" line="31"/>
        <source>Buy 6th card</source>
        <translation>Купить 6-ю карту</translation>
    </message>
    <message>
        <location filename="../actions.py" line="32"/>
        <source>Exchange</source>
        <translation>Обмен</translation>
    </message>
    <message>
        <location filename="../actions.py" line="33"/>
        <source>Insure</source>
        <translation>Страховка</translation>
    </message>
    <message>
        <location filename="../actions.py" line="34"/>
        <source>Reveal dealer</source>
        <translation>Открыть дилера</translation>
    </message>
    <message>
        <location filename="../actions.py" line="35"/>
        <source>Buy a game</source>
        <translation>Купить игру</translation>
    </message>
    <message>
        <location filename="../actions.py" line="36"/>
        <source>Take the ante</source>
        <translation>Взять анте</translation>
    </message>
    <message>
        <location filename="../actions.py" line="37"/>
        <source>Close buying</source>
        <translation>Закрыть покупку</translation>
    </message>
</context>
<context>
    <name>AuditDialog</name>
    <message>
        <location filename="../audit_view.py" line="102"/>
        <source>Audit — table {0}</source>
        <translation>Аудит — стол {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="112"/>
        <source>Rounds</source>
        <translation>Раунды</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="113"/>
        <source>Last 10</source>
        <translation>Последние 10</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="114"/>
        <source>Shift report</source>
        <translation>Отчёт смены</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="115"/>
        <source>Verification</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="116"/>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="123"/>
        <source>Round</source>
        <translation>Раунд</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="123"/>
        <source>Opened</source>
        <translation>Начат</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="123"/>
        <source>Boxes</source>
        <translation>Боксы</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="124"/>
        <source>Wagered</source>
        <translation>Ставки</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="124"/>
        <source>House net</source>
        <translation>Итог казино</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="124"/>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="129"/>
        <source>voided</source>
        <translation>аннулирован</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="129"/>
        <source>complete</source>
        <translation>завершён</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="130"/>
        <source>in play</source>
        <translation>идёт</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="154"/>
        <source>Step back</source>
        <translation>Назад</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="155"/>
        <source>Step</source>
        <translation>Шаг</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="170"/>
        <source>Replay (select a finished round)</source>
        <translation>Повтор (выберите завершённый раунд)</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="191"/>
        <source>This round is still in play: it can be replayed once it closes.</source>
        <translation>Раунд ещё идёт: повтор будет доступен после его завершения.</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="212"/>
        <source>The last {0} rounds, oldest first.</source>
        <translation>Последние {0} раундов, сначала старые.</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="224"/>
        <source>{0} rounds · drop {1} · house win {2} · hold {3}% · {4} voided · {5} adjustments</source>
        <translation>раундов: {0} · дроп {1} · выигрыш казино {2} · холд {3}% · аннулировано {4} · корректировок {5}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="232"/>
        <source>Theoretical win {0} · theoretical hold {1}% (the house edge under the basic strategy)</source>
        <translation>Теоретический выигрыш {0} · теоретический холд {1}% (преимущество казино при базовой стратегии)</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="239"/>
        <source>no measured house edge for the rules {0}: their rounds count 0 theoretical</source>
        <translation>для правил {0} преимущество казино не измерено: их раунды в теоретическом выигрыше не учтены</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="247"/>
        <source>Hold % by hour</source>
        <translation>Холд % по часам</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="251"/>
        <source>box {0}</source>
        <translation>бокс {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="252"/>
        <source>Hold % by box</source>
        <translation>Холд % по боксам</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="265"/>
        <source>Verify again</source>
        <translation>Проверить снова</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="276"/>
        <source>Journal verified: {0} events, {1} rounds; the hash chain is intact and every payment recomputes.</source>
        <translation>Журнал проверен: {0} событий, {1} раундов; цепочка хешей цела, все выплаты пересчитаны.</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="280"/>
        <source>JOURNAL FAILS VERIFICATION at event {0}: {1}</source>
        <translation>ЖУРНАЛ НЕ ПРОШЁЛ ПРОВЕРКУ на событии {0}: {1}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="297"/>
        <source>betting</source>
        <translation>ставки</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="298"/>
        <source>dealing</source>
        <translation>сдача</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="299"/>
        <source>decisions</source>
        <translation>решения</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="300"/>
        <source>reveal</source>
        <translation>вскрытие</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="301"/>
        <source>buying</source>
        <translation>покупка игры</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="302"/>
        <source>dealer draws</source>
        <translation>прикуп дилера</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="303"/>
        <source>closed</source>
        <translation>закрыт</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="305"/>
        <source>Dealer: {0}</source>
        <translation>Дилер: {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="310"/>
        <source>ante {0}</source>
        <translation>анте {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="312"/>
        <source>bet {0}</source>
        <translation>ставка {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="314"/>
        <source>insurance {0}</source>
        <translation>страховка {0}</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="315"/>
        <source>Box {0}: {1}  ({2})</source>
        <translation>Бокс {0}: {1}  ({2})</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="323"/>
        <source>Phase: {0}</source>
        <translation>Фаза: {0}</translation>
    </message>
</context>
<context>
    <name>BetPanel</name>
    <message>
        <location filename="../bet_panel.py" line="56"/>
        <source>Box</source>
        <translation>Бокс</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="56"/>
        <source>Ante</source>
        <translation>Анте</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="56"/>
        <source>Bonus</source>
        <translation>Бонус</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="56"/>
        <source>Blind</source>
        <translation>Вслепую</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="57"/>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="60"/>
        <source>Box {0}</source>
        <translation>Бокс {0}</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="61"/>
        <source>name (optional)</source>
        <translation>имя (необязательно)</translation>
    </message>
    <message>
        <location filename="../bet_panel.py" line="62"/>
        <source>none</source>
        <translation>нет</translation>
    </message>
</context>
<context>
    <name>BoxPanel</name>
    <message>
        <location filename="../table_view.py" line="124"/>
        <source>Box {0}</source>
        <translation>Бокс {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="131"/>
        <source>no stakes</source>
        <translation>нет ставок</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="140"/>
        <source>Ante {0}</source>
        <translation>Анте {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="142"/>
        <source>Bet {0}</source>
        <translation>Ставка {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="144"/>
        <source>Bonus {0}</source>
        <translation>Бонус {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="146"/>
        <source>Draw {0}</source>
        <translation>Обмен {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="148"/>
        <source>Insurance {0}</source>
        <translation>Страховка {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="150"/>
        <source>Game bought {0}</source>
        <translation>Игра куплена {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="161"/>
        <source>folded</source>
        <translation>сброс</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="166"/>
        <source>blind</source>
        <translation>вслепую</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="168"/>
        <source>bet placed</source>
        <translation>ставка сделана</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="170"/>
        <source>waiting for {0} card(s)</source>
        <translation>ждёт карт: {0}</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="172"/>
        <source>to act</source>
        <translation>ходит</translation>
    </message>
</context>
<context>
    <name>CardWidget</name>
    <message>
        <location filename="../table_view.py" line="47"/>
        <source>face-down card {0}</source>
        <translation>закрытая карта {0}</translation>
    </message>
</context>
<context>
    <name>ConsoleWindow</name>
    <message>
        <location filename="../main_window.py" line="212"/>
        <source>rptable — table {0} — {1}</source>
        <translation>rptable — стол {0} — {1}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="214"/>
        <source>Pit boss [F2]</source>
        <translation>Пит-босс [F2]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="215"/>
        <source>Audit [F3]</source>
        <translation>Аудит [F3]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="216"/>
        <source>Русский [F4]</source>
        <translation>Русский [F4]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="217"/>
        <source>English [F4]</source>
        <translation>English [F4]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="218"/>
        <source>Pit boss login [F2]</source>
        <translation>Вход пит-босса [F2]</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="219"/>
        <source>Place stakes</source>
        <translation>Принять ставки</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="220"/>
        <source>Next round</source>
        <translation>Следующий раунд</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="318"/>
        <source>STOP: table fault — call a pit boss</source>
        <translation>СТОП: сбой стола — вызовите пит-босса</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="320"/>
        <location filename="../main_window.py" line="325"/>
        <source>Place antes, then close bets</source>
        <translation>Примите анте, затем закройте ставки</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="322"/>
        <source>STOP: card fault — call a pit boss</source>
        <translation>СТОП: сбой карты — вызовите пит-босса</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="326"/>
        <source>Place more antes, or close bets and deal</source>
        <translation>Примите ещё анте или закройте ставки и сдавайте</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="331"/>
        <source>Round over: next round</source>
        <translation>Раунд окончен: следующий раунд</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="335"/>
        <source>Deal to box {0}</source>
        <translation>Сдайте на бокс {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="335"/>
        <source>Deal to the dealer</source>
        <translation>Сдайте дилеру</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="336"/>
        <source>Deal box {0} its drawn card</source>
        <translation>Сдайте боксу {0} прикупленную карту</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="339"/>
        <source>Deal the dealer&apos;s new card</source>
        <translation>Сдайте дилеру новую карту</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="340"/>
        <source>Reveal the dealer&apos;s hand</source>
        <translation>Откройте карты дилера</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="343"/>
        <source>Box {0}: buy the dealer a game or take the ante</source>
        <translation>Бокс {0}: купить игру дилеру или взять анте</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="344"/>
        <source>Box {0}: player decides</source>
        <translation>Бокс {0}: решение игрока</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="354"/>
        <source>Stop dealing. A pit boss must log in to resolve it, correct the card or void the round.</source>
        <translation>Прекратите сдачу. Пит-босс должен войти, чтобы устранить сбой, исправить карту или аннулировать раунд.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="372"/>
        <source>{0} — box {1}</source>
        <translation>{0} — бокс {1}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="383"/>
        <source>Exchange {0} card(s) — box {1} ({2})</source>
        <translation>Обмен {0} карт — бокс {1} ({2})</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="386"/>
        <source>Exchange — box {0}: pick cards (1-6)</source>
        <translation>Обмен — бокс {0}: выберите карты (1-6)</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="387"/>
        <source>Select {0} to {1} cards to discard: click them or press 1-6.</source>
        <translation>Выберите от {0} до {1} карт на обмен: нажмите на них или 1-6.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="405"/>
        <source>{0} to {1}</source>
        <translation>от {0} до {1}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="409"/>
        <source>Waiting for the shoe to deliver the card.</source>
        <translation>Ожидание карты из шуза.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="413"/>
        <source>Place antes first.</source>
        <translation>Сначала примите анте.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="414"/>
        <source>No card is due now.</source>
        <translation>Сейчас карта не ожидается.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="421"/>
        <source>No round is open: place antes first.</source>
        <translation>Раунд не начат: сначала примите анте.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="424"/>
        <source>No box can do this now.</source>
        <translation>Сейчас ни один бокс не может это сделать.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="429"/>
        <source>Not now.</source>
        <translation>Не сейчас.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="447"/>
        <source>Shoe: status unavailable ({0})</source>
        <translation>Шуз: статус недоступен ({0})</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="449"/>
        <source>Shoe {0}</source>
        <translation>Шуз {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="450"/>
        <source>connected</source>
        <translation>подключён</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="450"/>
        <source>NOT CONNECTED</source>
        <translation>НЕ ПОДКЛЮЧЁН</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="452"/>
        <source>heartbeat {0} s ago</source>
        <translation>сигнал {0} с назад</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="456"/>
        <source>{0} cards left</source>
        <translation>осталось карт: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="458"/>
        <source>gate locked</source>
        <translation>заслонка закрыта</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="459"/>
        <source>table {0}</source>
        <translation>стол {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="460"/>
        <source>journal #{0}</source>
        <translation>журнал №{0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="497"/>
        <source>Refused: {0}</source>
        <translation>Отказано: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="522"/>
        <source>Tick the boxes that play and set their antes.</source>
        <translation>Отметьте играющие боксы и укажите анте.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="577"/>
        <source>Card refused: {0}</source>
        <translation>Карта отклонена: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="588"/>
        <source>The card source stopped: {0}</source>
        <translation>Источник карт остановлен: {0}</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="606"/>
        <source>Fault resolved: the shoe&apos;s gate is open again.</source>
        <translation>Сбой устранён: заслонка шуза снова открыта.</translation>
    </message>
    <message>
        <location filename="../main_window.py" line="607"/>
        <source>Fault resolved: the shoe&apos;s gate opens again as soon as the shoe is back online.</source>
        <translation>Сбой устранён: заслонка шуза откроется, как только шуз снова будет на связи.</translation>
    </message>
</context>
<context>
    <name>DealerPanel</name>
    <message>
        <location filename="../table_view.py" line="193"/>
        <source>Dealer</source>
        <translation>Дилер</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="200"/>
        <source>qualifies</source>
        <translation>в игре</translation>
    </message>
    <message>
        <location filename="../table_view.py" line="201"/>
        <source>does not qualify</source>
        <translation>не в игре</translation>
    </message>
</context>
<context>
    <name>FloorStatus</name>
    <message>
        <location filename="../floor_status.py" line="28"/>
        <source> · {0} to send</source>
        <translation> · {0} к отправке</translation>
    </message>
    <message>
        <location filename="../floor_status.py" line="29"/>
        <source>floor: reporting</source>
        <translation>зал: данные передаются</translation>
    </message>
    <message>
        <location filename="../floor_status.py" line="32"/>
        <source>NOT REPORTING to the floor · {0} events wait</source>
        <translation>НЕТ СВЯЗИ С ЗАЛОМ · {0} событий ждут отправки</translation>
    </message>
</context>
<context>
    <name>HoldChart</name>
    <message>
        <location filename="../audit_view.py" line="72"/>
        <source>(no rounds)</source>
        <translation>(нет раундов)</translation>
    </message>
</context>
<context>
    <name>PaymentPanel</name>
    <message>
        <location filename="../payments.py" line="82"/>
        <source>Payments</source>
        <translation>Выплаты</translation>
    </message>
    <message>
        <location filename="../payments.py" line="105"/>
        <source>Box {0}: {1}</source>
        <translation>Бокс {0}: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="110"/>
        <source>Paid ✓</source>
        <translation>Выплачено ✓</translation>
    </message>
    <message>
        <location filename="../payments.py" line="110"/>
        <source>Confirm paid</source>
        <translation>Выплачено</translation>
    </message>
</context>
<context>
    <name>Payments</name>
    <message>
        <location filename="../payments.py" line="47"/>
        <source>ante</source>
        <translation>анте</translation>
    </message>
    <message>
        <location filename="../payments.py" line="48"/>
        <source>bet</source>
        <translation>ставка</translation>
    </message>
    <message>
        <location filename="../payments.py" line="49"/>
        <source>draw</source>
        <translation>обмен</translation>
    </message>
    <message>
        <location filename="../payments.py" line="50"/>
        <source>insurance</source>
        <translation>страховка</translation>
    </message>
    <message>
        <location filename="../payments.py" line="51"/>
        <source>bonus</source>
        <translation>бонус</translation>
    </message>
    <message>
        <location filename="../payments.py" line="52"/>
        <source>buy a game</source>
        <translation>покупка игры</translation>
    </message>
    <message>
        <location filename="../audit_view.py" line="319"/>
        <location filename="../payments.py" line="53"/>
        <source>adjustment</source>
        <translation>корректировка</translation>
    </message>
    <message>
        <location filename="../payments.py" line="60"/>
        <source>Pay box {0}: {1}</source>
        <translation>Выплатить боксу {0}: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="62"/>
        <source>Collect from box {0}: {1}</source>
        <translation>Забрать с бокса {0}: {1}</translation>
    </message>
    <message>
        <location filename="../payments.py" line="64"/>
        <source>Box {0}: return the stakes</source>
        <translation>Бокс {0}: вернуть ставки</translation>
    </message>
</context>
<context>
    <name>PitBossDialog</name>
    <message>
        <location filename="../pitboss.py" line="42"/>
        <source>Pit boss</source>
        <translation>Пит-босс</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="65"/>
        <source>Log in</source>
        <translation>Войти</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="70"/>
        <source>A pit boss must log in to resolve faults and make overrides.</source>
        <translation>Для устранения сбоев и исправлений должен войти пит-босс.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="71"/>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="72"/>
        <source>PIN</source>
        <translation>PIN</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="80"/>
        <source>The staff accounts cannot be read: {0}</source>
        <translation>Не удаётся прочитать учётные записи: {0}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="84"/>
        <source>There is no staff account yet. Create one with: rptable users add NAME --role pit_boss</source>
        <translation>Учётных записей ещё нет. Создайте: rptable users add ИМЯ --role pit_boss</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="95"/>
        <source>Logged in as {0}.</source>
        <translation>Вход выполнен: {0}.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="110"/>
        <source>why (journaled with your name)</source>
        <translation>причина (пишется в журнал с вашим именем)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="111"/>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="114"/>
        <source>Resolve table fault</source>
        <translation>Устранить сбой стола</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="118"/>
        <source>the card as dealt, e.g. QS or 10H</source>
        <translation>карта, как сдана, напр. QS или 10H</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="119"/>
        <source>Correct card</source>
        <translation>Исправить карту</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="121"/>
        <source>Dismiss the read (not a card in play)</source>
        <translation>Отменить считывание (не карта игры)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="123"/>
        <source>Void the round (stakes returned)</source>
        <translation>Аннулировать раунд (ставки возвращаются)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="131"/>
        <source>box </source>
        <translation>бокс </translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="138"/>
        <source>Adjust payment (+ to the player)</source>
        <translation>Корректировка выплаты (+ игроку)</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="142"/>
        <source>Log out and close</source>
        <translation>Выйти и закрыть</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="159"/>
        <source>Table fault {0} ({1}): {2}</source>
        <translation>Сбой стола {0} ({1}): {2}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="161"/>
        <source>Card fault: {0}</source>
        <translation>Сбой карты: {0}</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="162"/>
        <source>No fault is open.</source>
        <translation>Открытых сбоев нет.</translation>
    </message>
    <message>
        <location filename="../pitboss.py" line="180"/>
        <source>Done; journaled as {0}.</source>
        <translation>Готово; записано в журнал как {0}.</translation>
    </message>
</context>
<context>
    <name>Words</name>
    <message>
        <location filename="../words.py" line="12"/>
        <source>no game</source>
        <translation>нет игры</translation>
    </message>
    <message>
        <location filename="../words.py" line="13"/>
        <source>ace-king</source>
        <translation>туз-король</translation>
    </message>
    <message>
        <location filename="../words.py" line="14"/>
        <source>pair</source>
        <translation>пара</translation>
    </message>
    <message>
        <location filename="../words.py" line="15"/>
        <source>two pair</source>
        <translation>две пары</translation>
    </message>
    <message>
        <location filename="../words.py" line="16"/>
        <source>three of a kind</source>
        <translation>тройка</translation>
    </message>
    <message>
        <location filename="../words.py" line="17"/>
        <source>straight</source>
        <translation>стрит</translation>
    </message>
    <message>
        <location filename="../words.py" line="18"/>
        <source>flush</source>
        <translation>флеш</translation>
    </message>
    <message>
        <location filename="../words.py" line="19"/>
        <source>full house</source>
        <translation>фулл-хаус</translation>
    </message>
    <message>
        <location filename="../words.py" line="20"/>
        <source>four of a kind</source>
        <translation>каре</translation>
    </message>
    <message>
        <location filename="../words.py" line="21"/>
        <source>straight flush</source>
        <translation>стрит-флеш</translation>
    </message>
    <message>
        <location filename="../words.py" line="22"/>
        <source>royal flush</source>
        <translation>роял-флеш</translation>
    </message>
    <message>
        <location filename="../words.py" line="29"/>
        <source>wins</source>
        <translation>выигрыш</translation>
    </message>
    <message>
        <location filename="../words.py" line="30"/>
        <source>ties</source>
        <translation>ничья</translation>
    </message>
    <message>
        <location filename="../words.py" line="31"/>
        <source>loses</source>
        <translation>проигрыш</translation>
    </message>
    <message>
        <location filename="../words.py" line="32"/>
        <source>folded</source>
        <translation>сброс</translation>
    </message>
    <message>
        <location filename="../words.py" line="33"/>
        <source>dealer does not qualify</source>
        <translation>у дилера нет игры</translation>
    </message>
    <message>
        <location filename="../words.py" line="34"/>
        <source>void</source>
        <translation>аннулирован</translation>
    </message>
</context>
</TS>
