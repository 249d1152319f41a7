"""Surrogates that keep a value's shape: digits for digits, letters for letters, separators kept.

Every digit and letter changes (a digit never stays the digit it was at its position), so no
surrogate reproduces the original's digits. SSN-shaped values get an area number starting with
9, which the Social Security Administration never issues, so a surrogate is never a valid SSN.
E-mail addresses, URLs and IP addresses become well-formed values in reserved namespaces
(example.org domains, RFC 5737 documentation addresses).
"""

from __future__ import annotations

import re
import unicodedata

from phiscrub.replace.keys import KeyedRandom

_SSN = re.compile(r"^\d{3}([- ]?)\d{2}\1\d{4}$")
_IPV4 = re.compile(r"^\d{1,3}(\.\d{1,3}){3}$")
_DOC_NETS = ("192.0.2", "198.51.100", "203.0.113")


def keep_shape(text: str, rng: KeyedRandom) -> str:
    """Replace every digit and letter with a different one, case and separators kept.

    Digits of any script become ASCII digits other than their own value; letters become ASCII
    letters of the same case.
    """
    out = []
    for ch in text:
        if ch.isdigit():
            out.append(rng.other_digit(str(unicodedata.digit(ch, 0))))
        elif ch.isalpha() and ch.isascii():
            out.append(rng.other_letter(ch))
        elif ch.isalpha():
            out.append(rng.other_letter("A" if ch.isupper() else "a"))
        else:
            out.append(ch)
    return "".join(out)


def ssn_like(text: str, rng: KeyedRandom) -> str:
    """A shape-keeping surrogate; SSN-shaped input gets a 9xx area number (never issued)."""
    value = keep_shape(text, rng)
    if _SSN.match(text.strip()):
        lead = len(value) - len(value.lstrip())
        value = value[:lead] + "9" + value[lead + 1 :]
        if text.strip()[0] == "9":  # the original started with 9 too: change the next digit
            second = lead + 1
            value = value[:second] + rng.other_digit(text[second]) + value[second + 1 :]
    return value


def email(text: str, rng: KeyedRandom, names: tuple[str, ...]) -> str:
    local = f"{rng.choice(names).lower()}.{rng.choice(names).lower()}"
    local = re.sub(r"[^a-z.]", "", local) or "user"
    domain = f"example{rng.between(1, 999)}.org"
    result = f"{local}@{domain}"
    return result.upper() if text.isupper() else result


def url(text: str, rng: KeyedRandom) -> str:
    scheme = ""
    match = re.match(r"^(https?://)", text, re.IGNORECASE)
    if match:
        scheme = match.group(1)
    elif text.lower().startswith("www."):
        scheme = ""
    site = f"www.example{rng.between(1, 999)}.org"
    path = (
        "/" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
        if "/" in (text[len(scheme) :])
        else ""
    )
    return f"{scheme}{site}{path}"


def ip_address(text: str, rng: KeyedRandom) -> str:
    if _IPV4.match(text.strip()):
        return f"{rng.choice(_DOC_NETS)}.{rng.between(1, 254)}"
    return keep_shape(text, rng)  # IPv6 or something else: keep its shape
