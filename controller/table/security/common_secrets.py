"""The PINs and passwords people choose most, refused for staff accounts (controller.table.security.users.weak_secret).

Six digits is the shortest PIN the table takes, so the list holds the six-digit PINs found most often in
published counts of leaked PINs (sequences, repeats, keypad shapes, mirrored halves, dates and numbers people
remember), and the passwords of six characters or more that head every list of leaked passwords. A guesser
tries these first: three wrong PINs lock an account, so a PIN outside them survives the few guesses allowed.
Patterns the rules already refuse (one character repeated, a run, a short block repeated) are kept here too, so
that the list reads as the counts give it.

Below the lists, the shapes a guesser tries once the list is spent, each a rule of its own: a walk along lines of
keys (qwerty, 1qaz2wsx, 741852963), each character written twice (11223344), two plain sequences woven together
(a1b2c3, q1w2e3r4, 142536), a common word with a number a guesser tries (pass123, 123abc), and the account's name
with such a number (anna2024).
"""

from __future__ import annotations

import itertools

# About a hundred six-digit PINs that published counts of leaked PINs find most often.
COMMON_PINS = (
    "123456", "654321", "111111", "000000", "123123", "666666", "121212", "112233", "789456", "159753",
    "777777", "555555", "222222", "888888", "999999", "333333", "444444", "123321", "131313", "987654",
    "147258", "102030", "010203", "520520", "147852", "159357", "753951", "258258", "456456", "101010",
    "789789", "112358", "121314", "123654", "321321", "252525", "696969", "123789", "456789", "246810",
    "135790", "100200", "112112", "212121", "232323", "141414", "151515", "202020", "303030", "111222",
    "222333", "112211", "110110", "120120", "521521", "520521", "314159", "142857", "147369", "159951",
    "951753", "357159", "852456", "456852", "258852", "369369", "147147", "159159", "963852", "741852",
    "852963", "321654", "456123", "789123", "123987", "654123", "147741", "258963", "369258", "102938",
    "098765", "135246", "232425", "121121", "212223", "100100", "200200", "012345", "543210", "567890",
    "111000", "000111", "001122", "110011", "101101", "123000", "112200", "010101", "020202", "131420",
)

# The passwords of six characters or more that lead every published list of leaked ones.
COMMON_PASSWORDS = (
    "password", "qwerty", "abc123", "qwerty123", "1q2w3e4r", "1q2w3e", "iloveyou", "admin123", "welcome",
    "monkey", "dragon", "letmein", "football", "baseball", "sunshine", "master", "shadow", "123qwe", "qwe123",
    "zxcvbnm", "zxcvbn", "asdfgh", "asdfghjkl", "qwertyuiop", "passw0rd", "trustno1", "superman", "princess",
    "starwars", "password1", "aa123456", "qwaszx", "michael", "йцукен", "пароль",
)

COMMON_SECRETS = frozenset(COMMON_PINS + COMMON_PASSWORDS)

# Straight lines of keys: the rows, the slanted columns of the keyboard (Latin and Russian), and the numeric
# keypad's rows, columns and diagonals (a calculator's 789 on top, a phone's 123: the same lines). A walk is
# any run of three or more keys along one of them, either way, and a secret made only of such runs, one after
# another in any order (qwerty, 1qaz2wsx, qazwsx, 741852963, 147852369), is a walk too.
KEYBOARD_LINES = (
    "`1234567890-=", "qwertyuiop[]\\", "asdfghjkl;'", "zxcvbnm,./",
    "1qaz", "2wsx", "3edc", "4rfv", "5tgb", "6yhn", "7ujm", "8ik,", "9ol.", "0p;/",
    "ё1234567890", "йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю.",
    "йфя", "цыч", "увс", "кам", "епи", "нрт", "гоь", "шлб", "щдю", "зж.",
    "789", "456", "123", "741", "852", "963", "159", "357", "2580", "8520", "0123",
)
# Short words a guesser puts a number after (or before): pass123, 123abc, qwerty1, admin2024.
COMMON_WORDS = (
    "pass", "password", "passwd", "pwd", "word", "admin", "root", "user", "login", "test", "guest", "love",
    "pin", "code", "key", "secret", "hello", "welcome", "master", "casino", "poker", "dealer", "boss", "table",
    "game", "card", "cards", "chip", "chips", "money", "lucky", "god", "sex", "abc", "qwe", "qwerty", "asd",
    "zxc", "abcd", "пароль", "привет", "любовь", "админ",
)
_MIN_LINE = 3  # two keys side by side are any two keys that happen to be neighbours; three in a line are a walk
_YEARS = range(1940, 2041)


def on_a_line(piece: str) -> bool:
    """Whether these keys (three or more) run along one line of the keyboard or the keypad, either way."""
    return len(piece) >= _MIN_LINE and any(piece in line or piece in line[::-1] for line in KEYBOARD_LINES)


def keyboard_walk(plain: str) -> bool:
    """Whether the text is one or more runs along lines of keys, one after another (qwerty, 1qaz2wsx, 741852963)."""
    reached = [True] + [False] * len(plain)  # reached[i]: plain[:i] is made of such runs
    for end in range(_MIN_LINE, len(plain) + 1):
        reached[end] = any(reached[start] and on_a_line(plain[start:end]) for start in range(end - _MIN_LINE + 1))
    return reached[len(plain)]


def plain_sequence(piece: str) -> bool:
    """Whether the text is one a guesser writes without thinking: a character repeated, a run (123, cba), or keys
    along the keyboard (qwer, 741852963)."""
    if len(set(piece)) == 1:
        return True
    steps = {ord(b) - ord(a) for a, b in itertools.pairwise(piece)}
    return steps in ({1}, {-1}) or keyboard_walk(piece)


def woven(plain: str) -> bool:
    """Whether the text is two plain sequences, a character of each in turn (a1b2c3, q1w2e3r4, 142536)."""
    return len(plain) >= 2 * _MIN_LINE and plain_sequence(plain[0::2]) and plain_sequence(plain[1::2])


def doubled(plain: str) -> bool:
    """Whether each character is written twice or more, every one as often (112233, 11223344, aabbcc)."""
    runs = [len(list(group)) for _, group in itertools.groupby(plain)]
    return len(runs) > 1 and runs[0] >= 2 and len(set(runs)) == 1


def guessable_number(digits: str) -> bool:
    """Whether a number put beside a word is one a guesser tries: up to three digits, a year, a run or a repeat."""
    return digits.isdigit() and (len(digits) <= 3 or int(digits) in _YEARS or plain_sequence(digits))


def word_and_number(plain: str) -> bool:
    """Whether the text is a short common word, or a plain sequence of letters, with a guessable number before
    or after it (pass123, 123abc, qwerty1, admin2024)."""
    word = plain.strip("0123456789")
    if not word or not word.isalpha() or word == plain:
        return False
    before, after = plain[:plain.index(word)], plain[plain.index(word) + len(word):]
    if before and after:
        return False
    word_is_plain = word in COMMON_WORDS or word in COMMON_SECRETS or (len(word) >= _MIN_LINE and plain_sequence(word))
    return word_is_plain and guessable_number(before or after)


def name_and_number(name: str, plain: str) -> bool:
    """Whether the text is the account's name with nothing a guesser would not try first beside it: the name
    again or backwards, a guessable number (anna2024, ivan123, 7anna), or a plain sequence (annaqwerty)."""
    name = name.lower()
    if len(name) < _MIN_LINE or name not in plain:
        return False
    rest = plain.replace(name, "", 1)
    rest = "".join(c for c in rest if c.isalnum())  # anna-2024 is anna2024 with a sign between
    return not rest or rest in (name, name[::-1]) or guessable_number(rest) or \
        (len(rest) >= _MIN_LINE and plain_sequence(rest)) or rest in COMMON_WORDS
