"""Shared fixtures: the engine tests' helpers on sys.path, and the browser tests' site and guards."""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(ROOT / "web"))

from site_helpers import stored_snapshot, wait_ready  # noqa: E402  (found through the path set just above)

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


@pytest.fixture
def tab() -> Iterator[Any]:
    """The app in CPython, as in its worker, drawing into a model of the page
    (``tests/page_model.py``); the language is English again afterwards."""
    from page_model import Browser

    from pygame_rules.i18n import use

    b = Browser()
    yield b
    b.close()
    use("en")


@pytest.fixture(scope="session")
def site_dir() -> Path:
    public = Path(os.environ.get("PYGAME_RULES_SITE", ROOT / "public"))
    if not (public / "index.html").exists():
        pytest.fail("public/ is not built: run `make test` (or `python web/build.py`) first")
    return public


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site served on a free 127.0.0.1 port for the whole session."""
    from serve import make_server

    server = make_server(site_dir, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium (never a downloaded browser), with background networking off."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    }


class PageGuard:
    """Requests that tried to leave 127.0.0.1, errors the page raised, what the pages'
    Content-Security-Policy blocked, and the machine's state when a page's renderer crashed."""

    def __init__(self) -> None:
        self.blocked: list[str] = []
        self.errors: list[str] = []
        self.console_errors: list[str] = []
        self.csp: list[str] = []
        self.crashes: list[str] = []


def machine_state() -> str:
    """Free memory, load and the browsers' processes, for a report on a crashed renderer (a
    test then fails on "Target crashed" without saying why)."""
    meminfo = dict(line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines())
    rss_kb, count = 0, 0
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":", 1) for line in status.read_text().splitlines() if ":" in line)
        except OSError:  # the process ended meanwhile
            continue
        if fields.get("Name", "").strip().startswith(("chrom", "headless")):
            count += 1
            rss_kb += int(fields.get("VmRSS", "0 kB").split()[0])
    return (f"MemAvailable {meminfo['MemAvailable'].strip()}, load {Path('/proc/loadavg').read_text().strip()}, "
            f"{count} Chromium processes using {rss_kb // 1024} MB")


#: Reports every Content-Security-Policy violation of a page or frame to the guard.
CSP_LISTENER = """addEventListener("securitypolicyviolation", (e) => window.pgrCspViolation(
    `${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || "an inline"} `
    + `(${e.sourceFile || "the page"}:${e.lineNumber})`), true);"""


#: Run in every page of the shared context before its scripts: a new tab starts with no saved
#: game, setting or language of an earlier test (a reload keeps them, as a browser does).
FRESH_TAB = """if (!sessionStorage.getItem("pgr-test-tab")) {
  sessionStorage.setItem("pgr-test-tab", "1");
  for (const key of Object.keys(localStorage)) if (key.startsWith("pygame_rules.")) localStorage.removeItem(key);
}"""


def guarded_context(context: Any, guard: list[PageGuard]) -> None:
    """Fail the test on any non-local request or anything the Content-Security-Policy blocked
    (``guard[0]``: the guard of the test now running)."""
    context.expose_binding("pgrCspViolation", lambda source, text: guard[0].csp.append(text))
    context.add_init_script(CSP_LISTENER)

    def route(r: Any) -> None:
        if r.request.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            r.continue_()
        else:
            guard[0].blocked.append(r.request.url)
            r.abort()

    context.route("**/*", route)


@pytest.fixture(scope="session")
def shared_context(browser: Any, site_url: str) -> Iterator[tuple[Any, list[PageGuard]]]:
    """One browser context for the tests that do not test a first visit: it made the Python
    snapshot once, so each test's page starts from it (service workers are kept out: each
    page loads the release as it is built, and the offline tests have contexts of their own)."""
    context = browser.new_context(service_workers="block")
    current = [PageGuard()]
    guarded_context(context, current)
    context.add_init_script(FRESH_TAB)
    first = context.new_page()
    first.goto(site_url)
    wait_ready(first)
    stored_snapshot(first)
    first.close()
    yield context, current
    context.close()


@pytest.fixture
def context(shared_context: tuple[Any, list[PageGuard]]) -> Any:
    """The shared browser context (see :func:`shared_context`)."""
    return shared_context[0]


@pytest.fixture
def page(context: Any) -> Iterator[Any]:
    """A new tab of the shared context: no saved game of another test, the snapshot stored."""
    tab = context.new_page()
    yield tab
    tab.close()


def watch(page: Any, guard: PageGuard) -> None:
    """Keep what goes wrong in ``page`` in ``guard``."""
    page.on("pageerror", lambda exc: guard.errors.append(str(exc)))
    page.on("crash", lambda _: guard.crashes.append(machine_state()))
    page.on("console", lambda msg: guard.console_errors.append(msg.text) if msg.type == "error" else None)


def check(guard: PageGuard) -> None:
    """Fail on anything ``guard`` kept."""
    assert guard.crashes == [], f"the page's renderer crashed; then: {guard.crashes}"
    assert guard.blocked == [], f"requests left 127.0.0.1: {guard.blocked}"
    assert guard.errors == [], f"page errors: {guard.errors}"
    assert guard.csp == [], f"blocked by the Content-Security-Policy: {guard.csp}"


@pytest.fixture
def guard(shared_context: tuple[Any, list[PageGuard]], page: Any) -> Iterator[PageGuard]:
    """Fail the test on any non-local request, uncaught page error or anything the
    Content-Security-Policy blocked."""
    g = shared_context[1][0] = PageGuard()
    watch(page, g)
    yield g
    check(g)


@pytest.fixture
def own_context(browser: Any) -> Iterator[Callable[..., Any]]:
    """Makes browser contexts of the test's own (``browser.new_context``'s options: a locale, a
    phone's screen), for what the shared one can't show: a first visit (no Python snapshot, no
    saves), a browser's language. Guarded as :func:`guard` guards (``.guard`` is the guard),
    without service workers."""
    made: list[Any] = []
    g = PageGuard()

    def make(**options: Any) -> Any:
        context = browser.new_context(**{"service_workers": "block", **options})
        guarded_context(context, [g])
        context.on("page", lambda page: watch(page, g))
        made.append(context)
        return context

    make.guard = g  # type: ignore[attr-defined]
    yield make
    for context in made:
        context.close()
    check(g)


#: A phone's screen, with touch.
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
         "has_touch": True}


@pytest.fixture(scope="session")
def phone(browser: Any) -> Iterator[tuple[Any, list[PageGuard]]]:
    """A phone's browser (``tests/test_site_phone.py``): its first tab makes its Python snapshot."""
    context = browser.new_context(service_workers="block", **PHONE)
    current = [PageGuard()]
    guarded_context(context, current)
    context.add_init_script(FRESH_TAB)
    yield context, current
    context.close()


@pytest.fixture
def phone_page(phone: tuple[Any, list[PageGuard]]) -> Iterator[Any]:
    """A new tab of the phone, guarded."""
    context, current = phone
    page = context.new_page()
    guard = current[0] = PageGuard()
    watch(page, guard)
    yield page
    page.close()
    check(guard)



@pytest.fixture
def app(page: Any, guard: PageGuard, site_url: str) -> Any:
    """The app, loaded and ready, in a new tab (empty localStorage), Python from the snapshot."""
    page.goto(site_url)
    wait_ready(page)
    return page
