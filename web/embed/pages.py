"""Build step for the embed, the example gallery and the rules pages (called by ``web/build.py``).

* ``embed/``: ``embed.js`` (the one script an author includes), the hidden runtime
  frame (``frame.html`` with the asset manifest filled in, ``frame.js``) and
  ``embed_service.py``, the Python the frame runs;
* ``gallery.html``: every rulebook example of :mod:`pygame_rules.examples` as an embed
  whose static SVG is rendered here, so the page shows every board before any Python;
* ``rules/``: the rules reference pages, copied from ``web/static/rules``.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
STATIC = ROOT / "web" / "static"
RUNTIME_FILES = ("embed.js", "frame.js", "embed_service.py")
#: What this step writes into the site (build.py clears them before a build).
OUTPUTS = ("embed", "gallery.html", "rules")
#: Gallery order: as in the brief of the rulebooks' worked examples.
GAME_ORDER = ("tuerme", "babel", "saba")


def build_embed(out: Path, manifest: dict[str, object]) -> None:
    """Write the embed runtime, the gallery and the rules pages into the site ``out``."""
    target = out / "embed"
    target.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(HERE / name, target / name)
    frame = (HERE / "frame.html").read_text()
    (target / "frame.html").write_text(frame.replace("@MANIFEST@", json.dumps(manifest)))
    page = (STATIC / "gallery.html").read_text()
    (out / "gallery.html").write_text(page.replace("@GALLERY@", gallery_sections()))
    rules_pages(out / "rules")


def rules_pages(target: Path) -> None:
    """The rules pages: each source in ``web/static/rules`` is the ``<main>`` of a page,
    put into the one shared page shell (``shell.html``)."""
    source = STATIC / "rules"
    target.mkdir()
    shutil.copy2(source / "rules.css", target / "rules.css")
    shell = (source / "shell.html").read_text()
    for page in sorted(source.glob("*.html")):
        if page.name == "shell.html":
            continue
        main = page.read_text()
        index = page.name == "index.html"
        heading = re.search(r"<h1>(.*?)</h1>", main)
        title = "Rules" if index or heading is None else f"{heading.group(1)} · rules"
        (target / page.name).write_text(
            shell.replace("@TITLE@", f"{title} · pygame_rules")
                 .replace("@CURRENT@", ' aria-current="page"' if index else "")
                 .replace("@MAIN@", main))


def gallery_sections() -> str:
    """One section per game, one figure per example: caption plus embed with its static SVG."""
    if str(ROOT) not in sys.path:  # build.py runs from a checkout, not an installed package
        sys.path.insert(0, str(ROOT))
    from pygame_rules import get_game
    from pygame_rules.examples import examples
    from pygame_rules.render_cli import embed_snippet

    sections = []
    for name in GAME_ORDER:
        game = get_game(name)
        figures = []
        for ex in examples(name):
            svg = game.render_svg(ex.start(), ex.viewer, **ex.highlights)
            viewer = None if ex.viewer is None else str(ex.viewer)
            snippet = embed_snippet(name, ex.position, list(ex.moves), viewer, svg,
                                    highlight=ex.highlights)
            figures.append(
                f'<figure class="example" id="{name}-{ex.name}">\n'
                f"<figcaption><h3>{html.escape(ex.title)}</h3>\n<p>{html.escape(ex.caption)}</p>"
                f"</figcaption>\n{snippet}\n</figure>")
        sections.append(
            f'<section id="{name}"><h2>{html.escape(game.title)}</h2>\n'
            f'<p><a href="./rules/{name}.html">Rules summary</a></p>\n' + "\n".join(figures) + "\n</section>")
    return "\n".join(sections)
