"""Games as links on the page: the "Share" dialog, and the replay a link opens.

The link's record is :mod:`pygame_rules.share`'s (what it holds, and how it is read through the
gate). Sharing shows the link in a dialog, ready to copy: the page copies it to the clipboard
(the ``copy`` command), or, where the browser refuses, leaves it selected in its field for the
reader to copy. A link opened shows its game as a replay (:class:`ReplayScreen`), never in place
of a stored game: "Keep a copy" stores a full record as a new game, beside the others.

Pure Python, as the other screens: it draws through the app's page and runs in the worker and,
for the tests, in CPython.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygame_rules.i18n import _, language, ngettext
from pygame_rules.session import Session
from pygame_rules.share import Shared, link_fragment, recording

from . import working
from .markup import Html, h, written
from .page import Event, Page
from .play import REPLAY_BUTTONS, REPLAY_KEYS

if TYPE_CHECKING:
    from .app import App

DIALOG = "dialog-share"


def share_dialog(page: Page, session: Session, base: str, seat: int | None) -> None:
    """The dialog that shows the link of ``session`` shared by ``seat`` (while a game with hidden
    information goes on, the link holds what that seat saw; None: an onlooker) and copies it
    (``base``: the page's address without its fragment); a toast if the game is too long for a
    link. The link is made in slices (:mod:`.working`): a long game's takes a while."""
    page.spawn(_share(page, session, base, seat))


async def _share(page: Page, session: Session, base: str, seat: int | None) -> None:
    try:
        link = base + link_fragment(await working.finish(recording(session, seat)))
    except ValueError as exc:
        page.toast(str(exc), error=True)
        return
    if session.is_over or not session.game.hidden_information:
        says = _("The link holds the whole game: whoever opens it sees its replay, and may keep a copy.")
    elif seat is None:
        says = _("While the game goes on, the link holds only what an onlooker has seen: "
                 "nobody's hidden cards or choices are in it.")
    else:
        says = _("While the game goes on, the link holds only what {name} has seen: "
                 "the other players' hidden cards and choices are not in it.").format(name=session.seats[seat].name)
    copied, refused = _("Link copied."), _("The browser did not let the page copy: the link is selected, "
                                           "copy it with Ctrl+C (⌘C on a Mac).")
    page.dialog(DIALOG, h(
        "dialog",
        h("h2", _("Share this game"), id="share-title"),
        h("p", says, id="share-says"),
        h("label", _("Link"), " ", h("input", id="share-link", readonly=True, value=link, class_="share-link")),
        h("div",
          h("button", _("Copy link"), id="share-copy", type="button",
            on_click=lambda e: page.send("copy", link, copied, refused, "#share-link")),
          h("button", _("Close"), type="button", class_="secondary", id="share-close",
            on_click=lambda e: page.close_dialog(DIALOG)),
          class_="row"),
        id=DIALOG, class_="share", aria_labelledby="share-title"))
    page.send("select", "#share-link")


class ReplayScreen:
    """A game opened from a link: its positions one at a time, as the link's seat saw them,
    with the log to step through; "Keep a copy" for a full record, "Menu"."""

    def __init__(self, app: App, shared: Shared) -> None:
        self.app = app
        self.page = app.page
        self.shared = shared
        self.game = shared.game
        fills = dict(self.game.colours)
        self.palette = [fills.get(seat.colour, seat.colour) for seat in shared.seats]
        #: The position on show: its number of moves.
        self.ply = len(shared.movers)
        #: The log's entries on the page, and those written, by language, move and whether on show.
        self._log: list[Html] = []
        self._items: dict[tuple[str, int, bool], Html] = {}

    @property
    def last(self) -> int:
        return len(self.shared.movers)

    def show(self) -> None:
        """Draw the whole screen (again, in the language now chosen)."""
        shared, names = self.shared, self.shared.names
        if shared.session is not None:
            says = _("The whole game, as it was played: step through its moves. Keep a copy to have it "
                     "among your saved games.")
        elif shared.viewer is None:
            says = _("The game as an onlooker saw it: nobody's hidden cards or choices are in the link.")
        else:
            says = _("The game as {name} saw it: the other players' hidden cards and choices are not in "
                     "the link. It can be looked at, not played on.").format(name=names[shared.viewer])
        nav = h("div", [h("button", symbol, id=f"replay-{step}", class_="secondary", aria_label=_(label),
                          title=_(label), on_click=lambda e, step=step: self.step(step))
                        for step, symbol, label in REPLAY_BUTTONS],
                class_="replay-nav", role="group", aria_label=_("Step through the game"))
        self.app.show(h(
            "section",
            h("h1", _("Shared game: {game}").format(game=self.game.title)),
            h("p", says, id="shared-says"),
            h("div",
              h("button", _("Keep a copy"), id="keep-copy", on_click=self.keep) if shared.session else None,
              h("button", _("Menu"), id="shared-menu", class_="secondary", on_click=lambda e: self.app.leave_link()),
              class_="row"),
            h("div",
              h("div", id="board", class_="board-host", aria_label=_("Board")),
              h("aside",
                h("div", id="shared-now", class_="panel"),
                h("div", h("h2", _("Moves")), nav,
                  h("ol", class_="log", id="log", start="0", on_click=self._on_log_click),
                  class_="panel log-panel"),
                class_="side"),
              class_="game-layout", data_game=self.game.name),
            id="shared", class_="panel shared"))
        self.app.redraw, self.app.replay = self.show, self
        self._log = []
        self._draw()

    def _entry(self, k: int) -> Html:
        """The log's entry of move ``k`` (0: the start) as the link's seat read it."""
        lang, current = language(), k == self.ply
        key = (lang, k, current)
        if key not in self._items:
            text = _("Start") if k == 0 else _("{player}: {move}").format(
                player=self.shared.names[self.shared.movers[k - 1]], move=self.shared.log_text(k, lang))
            self._items[key] = written(h("li", h("span", f"{k}." if k else "", class_="log-no"),
                                         h("button", text, aria_current="true" if current else None),
                                         data_ply=str(k), data_shown="true" if current else None))
        return self._items[key]

    def _draw(self) -> None:
        """The position on show: the board, what is said of it, and its mark in the log."""
        shared, ply = self.shared, self.ply
        state = shared.states[ply]
        result = shared.result() if ply == self.last else ""
        where = _("The starting position.") if ply == 0 else \
            ngettext("After move {n} of {last}.", "After move {n} of {last}.", self.last).format(n=ply, last=self.last)
        self.page.replace("shared-now", h("p", where, id="shared-where", role="status"),
                          h("p", result or self.game.status_text(state, shared.names), class_="status", id="status"))
        self.page.board(self.game.render_svg(state, shared.viewer, palette=self.palette, names=shared.names))
        self._log = self.page.update_list("log", [self._entry(k) for k in range(self.last + 1)], self._log)
        self.page.send("scroll-log")

    def step(self, step: str) -> None:
        """A step through the record: to the start, one move back or on, or to the end."""
        target = {"first": 0, "previous": self.ply - 1, "next": self.ply + 1, "last": self.last}[step]
        self.view(target)

    def on_key(self, key: str, place: str, mods: bool) -> None:
        """← → Home End step through the game, as on the game screen (not in a field or dialog)."""
        step = REPLAY_KEYS.get(key)
        if step is not None and not (mods or place):
            self.step(step)

    def view(self, ply: int) -> None:
        self.ply = max(0, min(ply, self.last))
        self._draw()

    def _on_log_click(self, event: Event) -> None:
        ply = event.data.get("ply", "")
        if ply.isdigit():
            self.view(int(ply))

    def keep(self, event: Event) -> None:
        """Store the link's game as a new game among the saved ones, and play it on."""
        session = self.shared.session
        if session is None:
            return
        session.renew_id()
        self.app.forget_link()
        self.app.open_session(session, stored=_("Kept a copy of {game}.").format(game=self.game.title))

