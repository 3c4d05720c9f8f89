"""The app's side of its worker (``webui.worker.Host``), in CPython: every message of the page is
handled or refused with one short line on the console, never a traceback, and the app goes on;
the engines' service answers every call. (``app/worker.js``, which starts Python and hands the
messages over, is exercised by every browser test; a start that fails: ``tests/test_site_snapshot.py``.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_rules.gate import MAX_MESSAGE
from pygame_rules.i18n import use
from webui.worker import MESSAGE_LIMITS, Host


@pytest.fixture(autouse=True)
def english() -> Any:
    yield
    use("en")


def commands(sent: list[str]) -> list[list[Any]]:
    return [command for text in sent for command in json.loads(text)]


BAD = {
    "not JSON": '{"type": "boot"',
    "not an object": "[1, 2]",
    "no type": '{"lang": "en"}',
    "an unknown type": '{"type": "shutdown"}',
    "a field of another kind": '{"type": "key", "key": {"deep": true}}',
    "an unknown field": '{"type": "pointer", "then": "eval"}',
    "too deep": '{"type": "event", "data": ' + "[" * 20 + "]" * 20 + "}",
    "too long": '{"type": "event", "value": "' + "x" * (MESSAGE_LIMITS.max_chars + 1) + '"}',
    "a language that is no text": '{"type": "language", "lang": 5}',
}


def test_a_message_before_the_start_or_of_no_kind_the_page_sends_is_refused_briefly(capsys: Any) -> None:
    sent: list[str] = []
    host = Host(sent.append)
    host.receive('{"type": "pointer"}')  # before the boot: no app yet
    assert "the app has not started" in capsys.readouterr().out and sent == []
    host.receive(json.dumps({"type": "boot", "lang": "en", "storage": {}}))
    assert commands(sent)[-1] == ["ready"]
    for kind, text in BAD.items():
        before = len(sent)
        host.receive(text)
        out = capsys.readouterr().out.strip()
        assert out.startswith("pygame_rules: a message of the page was refused: "), kind
        assert "Traceback" not in out and len(out) < 100 + MAX_MESSAGE, (kind, out)
        assert len(sent) == before, kind  # nothing drawn
    host.receive(json.dumps({"type": "language", "lang": "de"}))  # and the app goes on
    assert any(c[:2] == ["html", "app"] and "Wähle ein Spiel" in c[2] for c in commands(sent[-1:]))


def test_every_call_of_the_service_is_answered() -> None:
    import asyncio

    loop = asyncio.new_event_loop()
    sent: list[str] = []
    host = Host(sent.append)

    async def run() -> None:
        host.receive(json.dumps({"type": "call", "id": 1, "method": "ping", "payload": "{}"}))
        host.receive(json.dumps({"type": "call", "id": 2, "method": "nothing", "payload": "{}"}))
        host.receive(json.dumps({"type": "call", "id": 3, "method": "bot_move", "payload": "[" * 40 + "]" * 40}))
        for _ in range(50):
            await asyncio.sleep(0)

    try:
        loop.run_until_complete(run())
    finally:
        loop.close()
    replies = {c[1]: json.loads(c[2]) for c in commands(sent) if c[0] == "reply"}
    assert set(replies) == {1, 2, 3}
    assert "games" in replies[1]["result"]
    assert replies[2] == {"error": "unknown method 'nothing'; known: bot_move, hint, ping, random_play"}
    assert replies[3] == {"error": "the request is nested more than 16 levels deep"}
