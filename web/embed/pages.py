"""Build step for the embed, the example gallery and the rules pages (called by ``web/build.py``).

* ``embed/``: ``embed.js`` (the one script an author includes, with its texts in every
  language filled in), the hidden runtime frame (``frame.html`` with the asset manifest
  and the frame's texts filled in, ``frame.js``) and ``embed_service.py``, the Python the
  frame runs;
* ``gallery.html``: every rulebook example of :mod:`pygame_rules.examples` as an embed
  whose static SVG and first moves are computed here, so the page shows both before any Python;
* ``learn.html`` (from ``learn.html`` here): every lesson of :mod:`pygame_rules.lessons`,
  game by game, each an embedded lesson in a ``<details>`` that starts it when opened;
* ``rules/``: the rules reference pages, each source in ``web/static/rules`` put into the
  shared page shell (``shell.html``), its game's examples as live embeds where the source has
  ``<figure data-example="...">`` (:func:`illustrate`).

Every page is written once per language: the English one under its own name
(``rules/tuerme.html``, the address everyone links to) and each translation beside it,
the language before the suffix (``rules/tuerme.de.html``, ``gallery.fr.html``), so a
translation finds styles and scripts at the same relative addresses as the English page.
The texts of the HTML sources are the elements marked ``data-i18n`` (inner HTML, English,
as ``web/catalogs.py`` extracts it) and come from the ``pages`` catalogs; links between
our pages stay in the page's language. ``rules/pages.js`` sends a reader whose stored
choice is another language from an English page on to his own.

>>> localised("rules/tuerme.html", "de"), localised("rules/tuerme.html", "en")
('rules/tuerme.de.html', 'rules/tuerme.html')
>>> relink("rules/tuerme.html", '<a href="../gallery.html#tuerme">', "nl", {"gallery.html"})
'<a href="../gallery.nl.html#tuerme">'
>>> relink("gallery.html", '<a href="./rules/#embed"><a href="./">', "fr", {"rules/index.html"})
'<a href="./rules/index.fr.html#embed"><a href="./">'
"""

from __future__ import annotations

import html
import json
import posixpath
import re
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
STATIC = ROOT / "web" / "static"
for _folder in (ROOT, ROOT / "web"):  # build.py runs from a checkout, not an installed package;
    if str(_folder) not in sys.path:   # web/ holds the catalogs and the embed runtime used here
        sys.path.insert(0, str(_folder))

from pygame_rules.examples import Example  # noqa: E402
from pygame_rules.i18n import LANGUAGES, NATIVE_NAMES, _, translations, using  # noqa: E402

RUNTIME_FILES = ("frame.js", "embed_worker.js", "embed_service.py")
#: The scripts whose ``t()`` texts the build fills in, and the file each table goes into.
SCRIPT_TEXTS = {"embed.js": ("embed.js",), "frame.html": ("frame.js",)}
#: Written in place of ``TEXTS`` in a script: the texts of every language.
TEXTS = "/*@TEXTS@*/{}"
#: What this step writes into the site (build.py clears them before a build).
OUTPUTS = ("embed", "rules", *(f"{page}{suffix}.html" for page in ("gallery", "learn")
                                for suffix in ("", *(f".{lang}" for lang in LANGUAGES[1:]))))
#: Gallery order: as in the brief of the rulebooks' worked examples.
GAME_ORDER = ("tuerme", "babel", "saba")
#: An element marked for translation: opening tag, inner HTML, closing tag (as catalogs.py reads it).
MARKED = re.compile(r"(<(\w+)[^>]*\sdata-i18n(?:=\"[^\"]*\")?[^>]*>)(.*?)(</\2>)", re.S)
#: Where a rules page shows one of its game's rulebook examples (filled by :func:`illustrate`).
EXAMPLE_SLOT = re.compile(r'<figure data-example="([\w-]+)"></figure>')
#: A link to a page of our own (no scheme, no ``data:``): path and anchor.
_HREF = re.compile(r'href="([^"#:]*)(#[^"]*)?"')


def build_embed(out: Path, manifest: dict[str, object]) -> None:
    """Write the embed runtime, the gallery and the rules pages into the site ``out``."""
    target = out / "embed"
    target.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(HERE / name, target / name)
    embed = (HERE / "embed.js").read_text()
    (target / "embed.js").write_text(embed.replace(TEXTS, script_texts(SCRIPT_TEXTS["embed.js"])))
    frame = (HERE / "frame.html").read_text()
    (target / "frame.html").write_text(frame.replace("@MANIFEST@", json.dumps(manifest))
                                       .replace("@TEXTS@", script_texts(SCRIPT_TEXTS["frame.html"])))
    sections = {lang: gallery_sections(lang) for lang in LANGUAGES}
    pages = {"gallery.html": (STATIC / "gallery.html").read_text(), "learn.html": (HERE / "learn.html").read_text()}
    source = STATIC / "rules"
    shell = (source / "shell.html").read_text()
    for path in sorted(source.glob("*.html")):
        if path.name != "shell.html":
            pages[f"rules/{path.name}"] = shell.replace("@MAIN@", path.read_text())
    (out / "rules").mkdir()
    for name in ("rules.css", "pages.js"):
        shutil.copy2(source / name, out / "rules" / name)
    for name, text in pages.items():
        for lang in LANGUAGES:
            with using(lang):
                page = fill_page(name, text, lang, sections[lang], pages)
            (out / localised(name, lang)).write_text(page)


def fill_page(name: str, text: str, lang: str, gallery: str, pages: Iterable[str]) -> str:
    """The page ``name`` in the active language ``lang``: marked texts translated, links to the
    other ``pages`` in the same language, placeholders filled."""
    text = translate_marked(text).replace("@GALLERY@", gallery)
    if name.startswith("rules/"):
        text = illustrate(name, text)
    if "@LESSONS@" in text:
        text = text.replace("@LESSONS@", lesson_sections())
    text = relink(name, text, lang, pages)
    heading = re.search(r"<h1\b[^>]*>(.*?)</h1>", text, re.S)
    if name == "gallery.html":
        title = _("Rulebook examples")
    elif name == "learn.html":
        title = _("Learn to play")
    elif name == "rules/index.html" or heading is None:
        title = _("Rules")
    else:
        title = _("{game} · rules").format(game=heading.group(1))
    return (text.replace("@LANG@", lang)
                .replace("@TITLE@", f"{title} · pygame_rules")
                .replace("@DESCRIPTION@", html.escape(_(
                    "The worked examples of the Babel, Saba and Spiel der Türme rulebooks as live boards.")))
                .replace("@CURRENT@", ' aria-current="page"' if name == "rules/index.html" else "")
                .replace("@ALTERNATES@", alternates(name))
                .replace("@LANGUAGES@", language_links(name, lang)))


def translate_marked(text: str) -> str:
    """Every element marked ``data-i18n`` with its inner HTML in the active language."""
    def translated(match: re.Match[str]) -> str:
        source = " ".join(match.group(3).split())  # as catalogs.py extracts it
        return match.group(1) + _(source) + match.group(4)

    return MARKED.sub(translated, text)


def localised(name: str, lang: str) -> str:
    """The file name of page ``name`` (a site path) in ``lang``; English keeps the name."""
    return name if lang == "en" else f"{name.removesuffix('.html')}.{lang}.html"


def relink(name: str, text: str, lang: str, pages: Iterable[str]) -> str:
    """``text`` of the page ``name`` with its links to ``pages`` (site paths) pointing to ``lang``'s version."""
    if lang == "en":
        return text
    here, ours = posixpath.dirname(name), set(pages)

    def swap(match: re.Match[str]) -> str:
        path, anchor = match.group(1), match.group(2) or ""
        folder = path == "" or path.endswith("/")
        target = posixpath.normpath(posixpath.join(here, path + ("index.html" if folder else "")))
        if not path or target not in ours:
            return match.group(0)
        new = path + localised("index.html", lang) if folder else \
            posixpath.join(posixpath.dirname(path), localised(posixpath.basename(path), lang))
        return f'href="{new}{anchor}"'

    return _HREF.sub(swap, text)


def alternates(name: str) -> str:
    """``<link rel="alternate">`` to each language's version of page ``name`` (pages.js reads them)."""
    base = posixpath.basename(name)
    return "\n".join(f'  <link rel="alternate" hreflang="{lang}" href="./{localised(base, lang)}">'
                     for lang in LANGUAGES)


def language_links(name: str, lang: str) -> str:
    """The switch between the languages of page ``name``, in the top bar (the active language is ``lang``)."""
    base = posixpath.basename(name)
    links = " ".join(
        f'<a href="./{localised(base, code)}" hreflang="{code}" lang="{code}"'
        + (' aria-current="true"' if code == lang else "") + f">{NATIVE_NAMES[code]}</a>"
        for code in LANGUAGES)
    label = html.escape(_("Language"))
    return f'    <nav class="languages" aria-label="{label}">{links}</nav>'


def script_texts(files: Iterable[str]) -> str:
    """JSON of the translations, per language, of the texts marked ``t()`` in the embed's ``files``
    (ASCII only: embed.js must read right on a host page of any charset)."""
    from catalogs import extract  # the build puts web/ on sys.path; needs Babel, a build dependency

    wanted = tuple(f"web/embed/{name}" for name in files)
    ids = sorted({m.id for m in extract("pages") if isinstance(m.id, str) and m.id
                  and any(loc.startswith(wanted) for loc, _line in m.locations)})
    return json.dumps({lang: {i: translations(lang).gettext(i) for i in ids} for lang in LANGUAGES[1:]},
                      sort_keys=True)


def gallery_sections(lang: str = "en") -> str:
    """A filter by game, then one section per game, one figure per example (:func:`example_figure`)."""
    from pygame_rules import get_game
    from pygame_rules.examples import examples

    with using(lang):
        titles = {name: html.escape(_(get_game(name).title)) for name in GAME_ORDER}
        links = "".join(f' <a href="#{name}">{title}</a>' for name, title in titles.items())
        label, every = html.escape(_("Examples by game")), html.escape(_("All games"))
        sections = [f'<nav class="filter" aria-label="{label}"><a href="#">{every}</a>{links}</nav>']
        for name, title in titles.items():
            figures = "\n".join(example_figure(ex) for ex in examples(name))
            summary = html.escape(_("Rules summary"))
            sections.append(
                f'<section id="{name}"><h2>{title}</h2>\n<p><a href="./rules/{name}.html">{summary}</a></p>\n'
                f'<div class="examples">\n{figures}\n</div>\n</section>')
    return "\n".join(sections)


def example_figure(ex: Example) -> str:
    """A rulebook example in the active language: title and caption, then its live embed with
    the starting position's SVG and move list (``data-choices``) computed here, so the page
    shows both before any Python; both as the example's reader sees them (its ``viewer``).

    >>> from pygame_rules.examples import example
    >>> figure = example_figure(example("tuerme", "picture-2"))
    >>> figure.startswith('<figure class="example" id="tuerme-picture-2">'), 'data-choices="d4-d3' in figure
    (True, True)
    """
    from pygame_rules import get_game
    from pygame_rules.diagram import first_choices
    from pygame_rules.render_cli import embed_snippet

    game, start = get_game(ex.game), ex.start()
    svg = game.render_svg(start, ex.viewer, **ex.highlights)
    viewer = None if ex.viewer is None else str(ex.viewer)
    snippet = embed_snippet(ex.game, ex.position, list(ex.moves), viewer, svg, highlight=ex.highlights,
                            choices=first_choices(game, start, ex.viewer))
    return (f'<figure class="example" id="{ex.game}-{ex.name}">\n'
            f"<figcaption><h3>{html.escape(_(ex.title))}</h3>\n<p>{html.escape(_(ex.caption))}</p>"
            f"</figcaption>\n{snippet}\n</figure>")


def illustrate(name: str, text: str) -> str:
    """The rules page ``name`` (``rules/<game>.html``) with each ``<figure data-example="...">``
    slot replaced by that example of its game (:func:`example_figure`), in the active language.

    >>> page = illustrate("rules/saba.html", '<p>Harbour.</p><figure data-example="harbour"></figure>')
    >>> page.count('<figure class="example" id="saba-harbour">'), "data-pygame-rules" in page
    (1, True)
    """
    from pygame_rules.examples import example

    game = posixpath.basename(name).removesuffix(".html")
    return EXAMPLE_SLOT.sub(lambda slot: example_figure(example(game, slot.group(1))), text)


def lesson_sections() -> str:
    """One section per game, its lessons in order (in the active language), each an embedded
    lesson inside a closed ``<details>``: embed.js starts a lesson when it is opened."""
    from pygame_rules import get_game
    from pygame_rules.lessons import lessons

    sections = []
    for name in GAME_ORDER:
        items = [f'<li><details id="{ls.id.replace("/", "-")}"><summary>{html.escape(_(ls.title))}</summary>\n'
                 f'<div data-lesson="{ls.id}"></div></details></li>' for ls in lessons(name)]
        summary = html.escape(_("Rules summary"))
        sections.append(
            f'<section id="{name}"><h2>{html.escape(_(get_game(name).title))}</h2>\n'
            f'<p><a href="./rules/{name}.html">{summary}</a></p>\n'
            f'<ol class="lessons">\n' + "\n".join(items) + "\n</ol>\n</section>")
    return "\n".join(sections)
