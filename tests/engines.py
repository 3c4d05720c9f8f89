"""The three browser engines Debian packages here, behind one small interface for the tests
that must hold in every engine (``tests/test_engines.py``).

* Chromium (``chromium``): Playwright, as the other browser tests;
* Firefox ESR (``firefox-esr``): puppeteer-core over WebDriver BiDi, in a node process
  (``tests/firefox_driver.mjs``) that takes one JSON command per line;
* WebKitGTK, Safari's engine (``webkit2gtk-driver``): Selenium's WebKitGTK driver with the
  MiniBrowser on a private Xvfb display.

Scripts are JavaScript function sources (``"() => ..."``, may be ``async``) whose result is
JSON. Every engine starts with a fresh profile: no service worker, cache or localStorage.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import tempfile
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Protocol

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
#: What a page may load from besides the test server.
LOCAL = ("http://127.0.0.1:", "data:", "blob:", "about:")
#: Python start-up on a loaded 2-core machine: about 3 s in Chromium, 8 s in Firefox and
#: 15-30 s in WebKitGTK under Xvfb; the limit leaves room for a busy CI machine.
READY_S = 240
READY = "() => document.body.dataset.ready === '1'"
READY_OFFLINE = """() => { const text = document.getElementById('offline-status').textContent;
                          return text.startsWith('Ready for offline use') && text; }"""
#: Errors the app itself puts on the page (app/shell.js: its Python could not start), in every engine.
SHOWN_ERRORS = """() => [...document.querySelectorAll('#load-error:not([hidden]) code')].map(e => e.textContent)"""
#: Resolves once the app's worker has handled everything the page sent it before (it answers in order).
SETTLED = "async () => { await window.pygameRules.call('ping', '{}'); return true; }"


class Server:
    """A built site served on a free 127.0.0.1 port of its own, until ``stop``: a test that
    takes the network away stops its own server, never the session's."""

    def __init__(self, directory: Path) -> None:
        from serve import make_server  # web/serve.py (tests/conftest.py puts web/ on sys.path)

        self.httpd = make_server(directory, 0)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Close the port: from now on every request to it is refused."""
        if self.thread.is_alive():
            self.httpd.shutdown()
            self.thread.join()
        self.httpd.server_close()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


class Engine(Protocol):
    """One browser with one tab."""

    name: str

    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def evaluate(self, script: str) -> Any: ...
    def click(self, selector: str) -> None: ...
    def fill(self, selector: str, value: str) -> None: ...
    def select(self, selector: str, value: str) -> None: ...
    def problems(self) -> list[str]:
        """Uncaught page errors and requests that left 127.0.0.1, as far as the engine tells."""
        ...

    def close(self) -> None: ...


def wait(engine: Engine, script: str, timeout_s: float, what: str) -> Any:
    """Poll ``script`` until it returns a truthy value (also across reloads); return it."""
    deadline = time.monotonic() + timeout_s
    last = ""
    while time.monotonic() < deadline:
        try:
            value = engine.evaluate(script)
        except EngineError as exc:  # a page being replaced by a reload answers nothing
            last = str(exc)
        else:
            if value:
                return value
        time.sleep(0.25)
    raise AssertionError(f"{engine.name}: timed out after {timeout_s:.0f} s waiting for {what} {last}".strip())


def settle(engine: Engine) -> None:
    """Wait until the page shows what the app's worker made of what was done on it so far."""
    wait(engine, SETTLED, 60, "the app's answer")


def wait_ready(engine: Engine) -> None:
    """Python has drawn its first screen, and no error is shown."""
    wait(engine, READY, READY_S, "the app to start")
    assert engine.evaluate(SHOWN_ERRORS) == []


def release_of(site: Path) -> dict[str, Any]:
    """The release that the site's service worker stores (written by web/offline.py)."""
    source = (site / "sw.js").read_text()
    start = source.index("const RELEASE = ") + len("const RELEASE = ")
    return dict(json.loads(source[start:source.index(";\n", start)]))


class EngineError(RuntimeError):
    """The browser could not do what a test asked."""


class Chromium:
    """Debian's Chromium through Playwright: one tab of a browser context (a fresh one from
    pytest-playwright's ``browser``, or a persistent profile from its ``browser_type``)."""

    name = "chromium"

    def __init__(self, context: Any) -> None:
        self.context = context
        self.page = context.pages[0] if context.pages else context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.context.on("request", lambda r: None if r.url.startswith(LOCAL) else self.errors.append(
            f"request left 127.0.0.1: {r.url}"))

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, script: str) -> Any:
        from playwright.sync_api import Error

        try:
            return self.page.evaluate(script)
        except Error as exc:
            raise EngineError(str(exc)) from exc

    def click(self, selector: str) -> None:
        self.page.click(selector)

    def fill(self, selector: str, value: str) -> None:
        self.page.fill(selector, value)

    def select(self, selector: str, value: str) -> None:
        self.page.select_option(selector, value)

    def problems(self) -> list[str]:
        return list(self.errors)

    def close(self) -> None:
        self.context.close()


class Firefox:
    """Debian's Firefox ESR through ``tests/firefox_driver.mjs`` (puppeteer-core, WebDriver BiDi)."""

    name = "firefox"
    ANSWER_TIMEOUT_S = 180

    def __init__(self) -> None:
        node = shutil.which("node") or "node"
        self.process = subprocess.Popen(
            [node, str(HERE / "firefox_driver.mjs"), FIREFOX], cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def _call(self, cmd: str, **args: Any) -> Any:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps({"cmd": cmd, **args}) + "\n")
        self.process.stdin.flush()
        ready, _, _ = select.select([self.process.stdout], [], [], self.ANSWER_TIMEOUT_S)
        line = self.process.stdout.readline() if ready else ""
        if not line:
            raise AssertionError(f"firefox_driver.mjs gave no answer to {cmd} (exit code {self.process.poll()})")
        answer = json.loads(line)
        if "error" in answer:
            raise EngineError(answer["error"])
        return answer["ok"]

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, script: str) -> Any:
        return self._call("evaluate", script=script)

    def click(self, selector: str) -> None:
        self._call("click", selector=selector)

    def fill(self, selector: str, value: str) -> None:
        self._call("fill", selector=selector, value=value)

    def select(self, selector: str, value: str) -> None:
        self._call("select", selector=selector, value=value)

    #: Firefox's console line for a load its service-worker interception gave up on. It came in
    #: two whole test runs, each time for pyodide.asm.mjs in a test that reloads the page (the
    #: offline start, the new-release prompt) while every check of the app passed, and never in
    #: 16 reruns of those tests alone: it fits the old page's worker load cancelled by the reload.
    #: It is reported as a warning, not a failure: the tests' own checks see what a player sees.
    CANCELLED_INTERCEPTION = "A ServiceWorker intercepted the request and encountered an unexpected error."

    def problems(self) -> list[str]:
        log = self._call("log")
        errors = []
        for error in log["errors"]:
            if error.endswith(self.CANCELLED_INTERCEPTION):
                warnings.warn(f"firefox: {error}", stacklevel=2)
            else:
                errors.append(error)
        return [*errors, *(f"request left 127.0.0.1: {url}" for url in log["blocked"])]

    def close(self) -> None:
        try:
            self._call("close")
        finally:
            if self.process.stdin:
                self.process.stdin.close()
            self.process.wait(timeout=30)


def start_xvfb(tries: int = 3) -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb server on the first free display, and that display's number. Two servers
    starting at once may race for a display: the loser exits, and is tried again."""
    problem = ""
    for _ in range(tries):
        read, write = os.pipe()
        with tempfile.TemporaryFile() as log:
            xvfb = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x960x24", "-nolisten", "tcp"],
                pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=log)
            os.close(write)
            with os.fdopen(read, "rb") as pipe:
                display = pipe.readline().decode().strip()  # empty: Xvfb exited
            if display:
                return xvfb, display
            xvfb.wait()
            log.seek(0)
            problem = log.read().decode(errors="replace")[-500:]
    raise EngineError(f"Xvfb did not start: {problem}")


class WebKit:
    """Debian's WebKitGTK MiniBrowser through Selenium, on its own Xvfb display. WebKitWebDriver
    reports neither page errors nor requests: those are checked in the other two engines, and
    here through the errors the app shows (``SHOWN_ERRORS``)."""

    name = "webkit"

    def __init__(self) -> None:
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service

        self.xvfb, display = start_xvfb()
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        service = Service(executable_path=WEBKIT_DRIVER, env={**os.environ, "DISPLAY": f":{display}"})
        try:
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        except Exception:
            self.xvfb.terminate()
            raise
        self.driver.set_script_timeout(120)
        self.driver.set_page_load_timeout(120)

    def goto(self, url: str) -> None:
        self.driver.get(url)

    def reload(self) -> None:
        self.driver.refresh()

    def evaluate(self, script: str) -> Any:
        from selenium.common.exceptions import WebDriverException

        try:
            answer = self.driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                f"Promise.resolve().then({script})"
                ".then(ok => done({ok: ok ?? null}), e => done({error: String(e)}));")
        except WebDriverException as exc:
            raise EngineError(exc.msg or str(exc)) from exc
        if answer is None or "error" in answer:
            raise EngineError(f"script failed: {answer and answer['error']}")
        return answer["ok"]

    def _element(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, selector)

    #: An SVG element's centre in the viewport, scrolled into view; null for an HTML element.
    SVG_CENTRE = """const element = arguments[0];
        if (!(element instanceof SVGElement)) return null;
        element.scrollIntoView({block: "center"});
        const box = element.getBoundingClientRect();
        return [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];"""

    def click(self, selector: str) -> None:
        """WebDriver's element click, or the pointer's at an SVG element's centre: the former
        wants the element itself hit there (``elementsFromPoint``), which an SVG group (a board's
        field) never is, only its shapes; Playwright and puppeteer click where an element is."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        element = self._element(selector)
        centre = self.driver.execute_script(self.SVG_CENTRE, element)
        if centre is None:
            element.click()
            return
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(*centre).click()
        actions.perform()

    def fill(self, selector: str, value: str) -> None:
        field = self._element(selector)
        field.clear()
        field.send_keys(value)

    def select(self, selector: str, value: str) -> None:
        from selenium.webdriver.support.select import Select

        Select(self._element(selector)).select_by_value(value)

    def problems(self) -> list[str]:
        return []

    def close(self) -> None:
        try:
            self.driver.quit()
        finally:
            self.xvfb.terminate()
            self.xvfb.wait(timeout=30)
