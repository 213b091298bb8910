"""The PINs and passwords people choose most, refused for staff accounts (controller.table.users.weak_secret).

Six digits is the shortest PIN the table takes, so the list holds the six-digit PINs found most often in
published counts of leaked PINs (sequences, repeats, keypad shapes, mirrored halves, dates and numbers people
remember), and the passwords of six characters or more that head every list of leaked passwords. A guesser
tries these first: three wrong PINs lock an account, so a PIN outside them survives the few guesses allowed.
Patterns the rules already refuse (one character repeated, a run, a short block repeated) are kept here too, so
that the list reads as the counts give it.
"""

from __future__ import annotations

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
