"""English and Russian through Qt's translation system: the compiled catalogue `translations/rptable_ru.qm`
is installed on the application, and the default QLocale follows, so amounts are grouped for the language.

The `.ts` source is updated with `pyside6-lupdate`, filled by `ui/translations/fill_ru.py` and compiled with
`pyside6-lrelease` (the steps are in that file); the `.qm` is committed, and a test proves it is the
compilation of the committed `.ts` and that the `.ts` holds every string of `ui/`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

TRANSLATIONS = Path(__file__).parent / "translations"
LANGUAGES = {"en": QLocale.Language.English, "ru": QLocale.Language.Russian}
# `translate("Context", "text")`: the catalogue's text for the language in use. Called by this name, with both
# strings written out, so that pyside6-lupdate finds every string of ui/.
translate = QCoreApplication.translate
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}


class LanguageError(ValueError):
    """A language the console has no translation for, or a missing catalogue."""


class Languages:
    """The language in use; switching reinstalls the translator (widgets then retranslate themselves)."""

    def __init__(self) -> None:
        self.current = "en"
        self._translators: list[QTranslator] = []

    def switch(self, code: str) -> None:
        if code not in LANGUAGES:
            raise LanguageError(f"No translation for {code!r}: the console speaks {', '.join(LANGUAGES)}.")
        app = QCoreApplication.instance()
        for old in self._translators:
            if app is not None:
                app.removeTranslator(old)
        self._translators = []
        if code != "en":
            translator = QTranslator()
            catalogue = TRANSLATIONS / f"rptable_{code}.qm"
            if not translator.load(str(catalogue)):
                raise LanguageError(f"The translation file {catalogue} is missing or unreadable; reinstall rptable.")
            self._translators.append(translator)
            # Qt's own words (a dialog's OK and Cancel), from the catalogue that comes with Qt, where it has one
            qt_words = QTranslator()
            if qt_words.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
                self._translators.append(qt_words)
            if app is not None:
                for installed in self._translators:
                    app.installTranslator(installed)
        QLocale.setDefault(QLocale(LANGUAGES[code], QLocale.Country.AnyCountry if code == "en" else
                                   QLocale.Country.Russia))
        self.current = code

    def locale(self) -> QLocale:
        return QLocale(LANGUAGES[self.current])
