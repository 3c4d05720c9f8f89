"""The translation catalogs: extract the marked texts, update, check and compile the ``.po`` files.

Texts are marked in Python with ``_``, ``N_`` and ``ngettext`` (see ``pygame_rules/i18n.py``)
and in the page's JavaScript with ``t`` and ``tn`` (see ``web/static/app/i18n.js``). Each
*area* of the code keeps its own catalogs, ``pygame_rules/locale/<lang>/<area>.po``, so the
people translating one part never edit another's file; the build merges the areas into one
compiled catalog per language.

    python web/catalogs.py update    # add new texts to every .po (translations are kept)
    python web/catalogs.py check     # what is untranslated, stale, unmarked or translated two ways (exit 1 if any)
    python web/catalogs.py compile   # write the .mo files (the build does this)

Needs Babel (``pybabel``'s library, a dev dependency); the game itself only needs the
compiled ``.mo`` files and Python's ``gettext``.
"""

from __future__ import annotations

import argparse
import ast
import html
import io
import json
import re
import string
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "pygame_rules" / "locale"
LANGUAGES = ("nl", "de", "fr")  # English is the source language
DOMAIN = "pygame_rules"

_LESSONS = ("pygame_rules/lessons.py", "pygame_rules/lesson_file.py", "pygame_rules/lesson_checks.py",
            "pygame_rules/*/lessons.py", "pygame_rules/bots/hint.py")
#: Which source files belong to which area (globs relative to the repository); a file belongs
#: to the first area that names it.
AREAS: dict[str, tuple[str, ...]] = {
    "lessons": _LESSONS,
    "tuerme": ("pygame_rules/tuerme/*.py",),
    "babel": ("pygame_rules/babel/*.py",),
    "saba": ("pygame_rules/saba/*.py",),
    "core": ("pygame_rules/*.py", "pygame_rules/bots/*.py"),
    "pages": ("web/embed/*", "web/static/rules/*", "web/static/gallery.html"),
    "web": ("web/**/*.py", "web/**/*.js", "web/**/*.html"),
}
#: Files that no person playing or hosting reads texts of (build and test tooling, the translation layer).
NOT_READ = ("pygame_rules/i18n.py", "pygame_rules/benchmark.py", "web/catalogs.py", "web/build.py",
            "web/serve.py", "web/conftest.py", "web/embed/frame.html", "web/pyscript_package.py")

PY_KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
JS_KEYWORDS = {"t": None, "tn": (1, 2)}
#: Marks a line whose texts are not for people (class names, file names, developer errors).
EXEMPT = "i18n: internal"


def sources(area: str) -> list[Path]:
    """The files of ``area``, each file in exactly one area (the first glob list that has it)."""
    claimed: set[Path] = set()
    for name, globs in AREAS.items():
        files = {p for g in globs for p in ROOT.glob(g)} - claimed
        files = {p for p in files if p.relative_to(ROOT).as_posix() not in NOT_READ and "locale" not in p.parts}
        if name == area:
            return sorted(files)
        claimed |= files
    raise KeyError(area)


#: An element marked for translation: its inner HTML is the source text (``data-i18n``), and the
#: attributes ``data-i18n-attrs`` names (``aria-label title``) are texts too.
_MARKED_ELEMENT = re.compile(r"<(\w+)([^>]*\sdata-i18n(?![-\w])(?:=\"[^\"]*\")?[^>]*)>(.*?)</\1>", re.S)
_MARKED_ATTRS = re.compile(r"<\w+[^>]*\sdata-i18n-attrs=\"([^\"]*)\"[^>]*>", re.S)


def html_message(inner: str) -> str:
    """The source text of a marked element: its inner HTML with white space collapsed (the
    page's ``i18n.js`` collapses it the same way)."""
    return " ".join(inner.split())


def _extract_html(fileobj: io.BufferedReader, keywords: object, comment_tags: object,
                  options: object) -> Iterator[tuple[int, None, str, list[str]]]:
    """Texts of HTML elements marked ``data-i18n`` and of the attributes ``data-i18n-attrs`` names,
    as Babel's extractors yield them: line, no function name, the text, no comments."""
    text = fileobj.read().decode("utf-8")
    for match in _MARKED_ELEMENT.finditer(text):
        message = html_message(match.group(3))
        if message:
            yield text.count("\n", 0, match.start()) + 1, None, message, []
    for match in _MARKED_ATTRS.finditer(text):
        for name in match.group(1).split():
            value = re.search(rf'\s{re.escape(name)}="([^"]*)"', match.group(0))
            if value and value.group(1).strip():
                yield text.count("\n", 0, match.start()) + 1, None, html.unescape(value.group(1)), []


def extract(area: str) -> Catalog:
    """A template catalog of every text marked in ``area``'s sources."""
    template = Catalog(domain=DOMAIN)
    for path in sources(area):
        rel = path.relative_to(ROOT).as_posix()
        if path.suffix == ".py":
            found = extract_from_file("python", path, keywords=PY_KEYWORDS)
        elif path.suffix == ".js":
            found = extract_from_file("javascript", path, keywords=JS_KEYWORDS)
        else:
            found = extract_from_file(_extract_html, path)  # type: ignore[arg-type]
        for lineno, message, _comments, context in found:
            if message:
                template.add(message, locations=[(rel, lineno)], context=context)
    return template


def po_path(lang: str, area: str) -> Path:
    return LOCALE / lang / f"{area}.po"


def read(lang: str, area: str) -> Catalog:
    path = po_path(lang, area)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN)
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def write(catalog: Catalog, lang: str, area: str) -> None:
    path = po_path(lang, area)
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, no_location=True, omit_header=False, sort_output=True,
             ignore_obsolete=True)
    path.write_bytes(buffer.getvalue())


def update(areas: Iterable[str] = AREAS) -> None:
    """Bring every area's ``.po`` files up to its marked texts, keeping the translations made."""
    for area in areas:
        template = extract(area)
        for lang in LANGUAGES:
            catalog = read(lang, area)
            catalog.project = "pygame_rules"
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            write(catalog, lang, area)


def _forms(value: object) -> tuple[str, ...]:
    """A message's id or translation as its forms: one, or one per plural form ("" for none)."""
    if isinstance(value, str):
        return (value,)
    return tuple(str(v or "") for v in value) if isinstance(value, (tuple, list)) else ("",)


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def problems(areas: Iterable[str] = AREAS) -> list[str]:
    """What keeps the catalogs from being complete: missing, empty, fuzzy or stale entries, wrong fields."""
    found: list[str] = []
    for area in areas:
        wanted = {m.id for m in extract(area) if m.id}
        for lang in LANGUAGES:
            where = po_path(lang, area).relative_to(ROOT)
            catalog = read(lang, area)
            have = {m.id: m for m in catalog if m.id}
            for message_id in wanted:
                msg = have.get(message_id)
                key = message_id if isinstance(message_id, str) else message_id[0]
                if msg is None:
                    found.append(f"{where}: missing {key!r}")
                    continue
                strings = _forms(msg.string)
                if not all(strings) or msg.fuzzy:
                    found.append(f"{where}: untranslated {key!r}")
                    continue
                source = set().union(*(_fields(i) for i in _forms(message_id)))
                for s in strings:
                    if _fields(s) - source:
                        found.append(f"{where}: {key!r} uses fields the source lacks: {sorted(_fields(s) - source)}")
            for message_id in set(have) - wanted:
                key = message_id if isinstance(message_id, str) else message_id[0]
                found.append(f"{where}: stale {key!r} (run `python web/catalogs.py update`)")
    return found


def conflicts(areas: Iterable[str] = AREAS) -> list[str]:
    """Texts that two areas translate differently: the build merges the areas and the first one
    wins, so a page would mix two words for one thing. Each conflict is reported once per language
    for every text that ``areas`` translate and another area translates otherwise.

    >>> conflicts([])
    []
    """
    chosen = set(areas)
    found: list[str] = []
    for lang in LANGUAGES:
        by_text: dict[tuple[str, ...], dict[str, tuple[str, ...]]] = {}
        for area in AREAS:
            for msg in read(lang, area):
                if msg.id and all(_forms(msg.string)) and not msg.fuzzy:
                    by_text.setdefault(_forms(msg.id), {})[area] = _forms(msg.string)
        for forms_of_id, translations in by_text.items():
            if chosen & set(translations) and len(set(translations.values())) > 1:
                text = forms_of_id[0]
                ways = "; ".join(f"{area}.po: {' | '.join(forms)!r}" for area, forms in translations.items())
                found.append(f"{lang}: {text!r} is translated differently: {ways}")
    return found


# ---------------------------------------------------------------- texts nobody marked

_PROSE = re.compile(r"[A-Za-zÀ-ÿ]{2,}[,’']? [A-Za-zÀ-ÿ]{2,}")


def looks_like_prose(text: str) -> bool:
    """Heuristic: words separated by spaces, not markup or code.

    >>> looks_like_prose("it is not your turn"), looks_like_prose("Game over")
    (True, True)
    >>> looks_like_prose("piece tower selected"), looks_like_prose("font-size: 12px")
    (False, False)
    """
    if not _PROSE.search(text):
        return False
    words_only = re.fullmatch(r"[a-z0-9-]+( [a-z0-9-]+)*", text)  # CSS class lists, identifiers
    return not (words_only and " " in text and not re.search(r"\b(is|are|the|a|an|no|not|you|to|of)\b", text)) \
        and not re.search(r"[<>=;\\]|__", text)


def unmarked_python(path: Path) -> list[tuple[int, str]]:
    """Prose string literals in ``path`` that are not marked for translation, by line."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            skip.add(id(body[0].value))  # docstring
        if isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if name in PY_KEYWORDS:
                skip.update(id(sub) for arg in node.args for sub in ast.walk(arg))
        if isinstance(node, ast.Assert) and node.msg is not None:
            skip.update(id(sub) for sub in ast.walk(node.msg))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
            text = "…".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        end = getattr(node, "end_lineno", node.lineno) or node.lineno
        if any(EXEMPT in lines[i - 1] for i in range(node.lineno, end + 1)):
            continue
        if looks_like_prose(text):
            out.append((node.lineno, text))
    return sorted(out)


#: What may come before a ``/`` that starts a regular expression (not a division) in JavaScript.
_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def js_literals(source: str) -> list[tuple[int, str, bool]]:
    """The string and template literals of JavaScript ``source``: line, text (a template's
    text parts joined by ``…``) and whether it is inside a ``t(...)``/``tn(...)`` call.

    >>> js_literals('const a = "one word";  // "a comment"\\nshow(t(`Hi {name}`, {name: `${x} y`}));')
    [(1, 'one word', False), (2, 'Hi {name}', True), (2, '… y', True)]
    >>> js_literals("x = a / b; y = /'/g; z = 'it is'")
    [(1, 'it is', False)]
    """
    found: list[tuple[int, str, bool]] = []
    calls: list[bool] = []  # per open parenthesis: whether it (or one around it) is a t/tn call

    def scan(i: int, stop: str = "") -> int:
        """Scan from ``i`` to the end or to an unmatched ``stop`` (a template's ``}``); return the index after."""
        depth, last = 0, ""
        while i < len(source):
            c = source[i]
            if source.startswith("//", i):
                i = source.find("\n", i)
                i = len(source) if i < 0 else i
                continue
            if source.startswith("/*", i):
                i = source.find("*/", i + 2) + 2 or len(source)
                continue
            if c in "'\"":
                end = i + 1
                while end < len(source) and source[end] != c:
                    end += 2 if source[end] == "\\" else 1
                found.append((source.count("\n", 0, i) + 1, source[i + 1:end], any(calls)))
                i, last = end + 1, "x"
                continue
            if c == "`":
                start, parts, end = i, [], i + 1
                while end < len(source) and source[end] != "`":
                    if source[end] == "\\":
                        end += 2
                    elif source.startswith("${", end):
                        parts.append(source[i + 1:end])
                        end = scan(end + 2, "}")
                        i = end - 1
                    else:
                        end += 1
                parts.append(source[i + 1:end])
                found.append((source.count("\n", 0, start) + 1, "…".join(parts), any(calls)))
                i, last = end + 1, "x"
                continue
            if c == "/" and last in _REGEX_BEFORE:
                end, in_class = i + 1, False
                while end < len(source) and (in_class or source[end] != "/") and source[end] != "\n":
                    in_class = (in_class or source[end] == "[") and source[end] != "]"
                    end += 2 if source[end] == "\\" else 1
                i, last = end + 1, "x"
                continue
            if c == "(":
                name = re.search(r"(^|[^\w.$])(\w+)\s*$", source[max(0, i - 40):i])
                calls.append(bool(name and name.group(2) in JS_KEYWORDS))
            elif c == ")" and calls:
                calls.pop()
            elif c == "{":
                depth += 1
            elif c == "}":
                if stop and depth == 0:
                    return i + 1
                depth -= 1
            if not c.isspace():
                last = "x" if (c.isalnum() or c in "_$)]") else c
            i += 1
        return i

    scan(0)
    return found


def unmarked_js(path: Path) -> list[tuple[int, str]]:
    """Prose string and template literals of the JavaScript ``path`` outside ``t()``/``tn()``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [(line, text) for line, text, marked in js_literals("\n".join(lines))
            if not marked and EXEMPT not in lines[line - 1] and looks_like_prose(text)]


class _HtmlTexts(HTMLParser):
    """Collects the text of an HTML page that no ``data-i18n`` element holds, and the
    prose attributes that no ``data-i18n-attrs`` names."""

    #: Elements whose content is not prose for the reader, and elements with no end tag.
    SKIP = frozenset({"script", "style", "code", "pre", "svg"})
    VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                      "wbr"})
    #: Attributes that hold text for people (``content`` only on the page's description).
    ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "content")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[bool] = []  # per open element: whether its text needs no mark
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        named = (values.get("data-i18n-attrs") or "").split()
        for name in self.ATTRIBUTES:
            value = values.get(name)
            if value and name not in named and not (tag == "meta" and values.get("name") != "description"):
                self.found.append((self.getpos()[0], value))
        if tag not in self.VOID:
            self.open.append(any(self.open) or tag in self.SKIP or "data-i18n" in values)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        if data.strip() and not any(self.open):
            self.found.append((self.getpos()[0], " ".join(data.split())))


def unmarked_html(path: Path) -> list[tuple[int, str]]:
    """Prose text of the HTML page ``path`` outside elements marked ``data-i18n``.

    A line holding ``<!-- i18n: internal -->`` is exempt (a name, a brand)."""
    text = path.read_text(encoding="utf-8")
    parser = _HtmlTexts()
    parser.feed(text)
    lines = text.splitlines()
    return [(line, found) for line, found in parser.found
            if EXEMPT not in lines[line - 1] and looks_like_prose(found)]


def unmarked(area: str) -> list[str]:
    """Every unmarked prose text in ``area``'s sources (Python and JavaScript literals, HTML
    text), as ``file:line: text``."""
    check = {".py": unmarked_python, ".js": unmarked_js, ".mjs": unmarked_js, ".html": unmarked_html}
    found = []
    for path in sources(area):
        if path.suffix in check:
            rel = path.relative_to(ROOT).as_posix()
            found += [f"{rel}:{line}: {text[:80]!r}" for line, text in check[path.suffix](path)]
    return found


# ---------------------------------------------------------------- compiled catalogs

def _merged(lang: str) -> Catalog:
    """Every area's translations into ``lang`` in one catalog (the first area's wins a clash).
    Its header's date is fixed: the same translations make the same ``.mo`` file, and so the
    same wheel and the same Python snapshot key (``web/bytecode.py``)."""
    merged = Catalog(locale=lang, domain=DOMAIN, creation_date=datetime(1980, 1, 1, tzinfo=UTC))
    for area in AREAS:
        for msg in read(lang, area):
            if msg.id and msg.string and not msg.fuzzy and msg.id not in merged:
                merged[msg.id] = msg
    return merged


def page_texts(areas: Iterable[str] = ("web",)) -> dict[str, dict[str, str | list[str]]]:
    """By language, the translations of the texts that JavaScript and HTML of ``areas`` mark:
    what ``i18n.js`` reads (a plural as its list of forms)."""
    ids = {m.id for area in areas for m in extract(area) if m.id and any(
        loc.endswith((".js", ".html")) for loc, _n in m.locations)}
    out: dict[str, dict[str, str | list[str]]] = {}
    for lang in LANGUAGES:
        out[lang] = {}
        for msg in _merged(lang):
            if msg.id in ids:
                key = msg.id if isinstance(msg.id, str) else msg.id[0]
                forms = _forms(msg.string)
                out[lang][key] = forms[0] if isinstance(msg.string, str) else list(forms)
    return out


def compile_all(js_out: Path | None = None) -> None:
    """Write each language's merged ``.mo`` (and, given ``js_out``, the JavaScript texts of the
    web and pages areas as ``<lang>.json``, for scripts outside the app's page)."""
    for lang in LANGUAGES:
        target = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_mo(buffer, _merged(lang))
        if not target.exists() or target.read_bytes() != buffer.getvalue():
            target.write_bytes(buffer.getvalue())
    if js_out is not None:
        js_out.mkdir(parents=True, exist_ok=True)
        for lang, texts in page_texts(("web", "pages")).items():
            (js_out / f"{lang}.json").write_text(json.dumps(texts, ensure_ascii=False, sort_keys=True),
                                                 encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("update", "check", "compile"))
    parser.add_argument("--area", action="append", choices=tuple(AREAS), help="only these areas")
    args = parser.parse_args()
    areas = args.area or tuple(AREAS)
    if args.command == "update":
        update(areas)
    elif args.command == "compile":
        compile_all()
    else:
        found = problems(areas) + conflicts(areas) + [u for a in areas for u in unmarked(a)]
        print("\n".join(found) or "all texts are marked and translated")
        sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
