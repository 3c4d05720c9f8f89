"""The Content-Security-Policy every page of the built site carries (a meta tag: static hosts
can't be trusted to send the header). Every browser test also fails on anything the policy
blocks (``conftest.guard``), so the pages are known to need nothing it refuses; here it is
shown to refuse what an attacker would try."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')


def _pages(site_dir: Path) -> list[Path]:
    return [p for p in sorted(site_dir.rglob("*.html"))
            if not p.relative_to(site_dir).as_posix().startswith(("pyodide/", "pyscript/"))]


def _policy(page: Path) -> dict[str, list[str]]:
    text = page.read_text()
    found = _META.findall(text)
    assert len(found) == 1, f"{page.name}: {len(found)} policies"
    # Right after the charset, before anything the page loads: it must govern all of it.
    loads = min(text.index(tag) for tag in ("<link", "<script", "<style") if tag in text)
    assert text.index('<meta charset="utf-8">') < text.index(found[0]) < loads
    return {d.split()[0]: d.split()[1:] for d in found[0].split("; ")}


def test_every_page_has_a_strict_policy(site_dir):
    pages = _pages(site_dir)
    names = {p.relative_to(site_dir).as_posix() for p in pages}
    assert {"index.html", "editor.html", "diagram.html", "gallery.html", "embed/frame.html", "rules/index.html",
            "rules/tuerme.html"} <= names
    for page in pages:
        policy = _policy(page)
        assert policy["default-src"] == ["'none'"]
        for directive, sources in policy.items():
            assert "'unsafe-inline'" not in sources and "*" not in sources, (page, directive)
            assert all(s.startswith("'") or s == "data:" for s in sources), (page, directive, "another origin")
        assert policy["connect-src"] == ["'self'"] and policy["img-src"] == ["'self'", "data:"]
        assert policy["base-uri"] == ["'none'"] and policy["form-action"] == ["'none'"]
        assert "frame-ancestors" not in policy  # a meta tag can't set it: the frame stays embeddable
        name = page.relative_to(site_dir).as_posix()
        # Python runs in workers (Pyodide compiles WebAssembly); no page of the app evaluates text
        # as code. The PyScript example is not the app's: PyScript compiles its hooks with Function
        runtime = {"index.html": ["'wasm-unsafe-eval'"], "editor.html": ["'wasm-unsafe-eval'"],
                   "embed/frame.html": ["'wasm-unsafe-eval'"],
                   "examples/pyscript.html": ["'unsafe-eval'", "'wasm-unsafe-eval'"]}
        assert policy["script-src"] == ["'self'", *runtime.get(name, [])], name


def test_injected_markup_runs_nothing_and_loads_nothing(app, guard):
    """What an injection would try, were any to get past the escaping: an inline script, an
    event handler, a style attribute with a url, a request to another origin, text run as code."""
    outcome = app.evaluate("""async () => {
        const box = document.createElement("div");
        box.innerHTML = '<img src="data:," onload="window.pwned = 1">'
            + '<span style="background-image:url(http://127.0.0.2:9/x.png)">x</span>';
        document.body.append(box);
        const script = document.createElement("script");
        script.textContent = "window.pwned = 2";
        document.body.append(script);
        let fetched = "no";
        try { await fetch("http://127.0.0.2:9/steal"); fetched = "yes"; } catch { fetched = "refused"; }
        setTimeout("window.pwned = 3", 0);  // text as code: the page's policy has no 'unsafe-eval'
        await new Promise((resolve) => setTimeout(resolve, 300));
        return {pwned: window.pwned ?? null, fetched};
    }""")
    assert outcome == {"pwned": None, "fetched": "refused"}
    kinds = {v.split(": ", 1)[1].split(" ")[0] for v in guard.csp}
    assert {"script-src", "script-src-attr", "script-src-elem", "style-src-attr", "connect-src"} <= kinds, guard.csp
    assert guard.blocked == []  # refused by the page itself, before any request was made
    guard.csp.clear()  # expected here; any other test fails on one
