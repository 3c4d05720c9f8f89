"""The end of a game on the game screen: resigning, and the end panel (the result once, the final
table made to fit the side panel, the chart of how the scores grew, a new game).

The game screen (:mod:`.play`) calls these; they only read its controller and names and call
back its few actions, so the screen's own code stays about playing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygame_rules import IllegalAction
from pygame_rules.i18n import _

from .chart import score_chart
from .markup import Element, Handler, h
from .page import Event

if TYPE_CHECKING:
    from .play import GameScreen


def resign_button(screen: GameScreen) -> Element | None:
    """"Resign" for the person at the device while the game goes on (None otherwise)."""
    player = screen.controller.resigner()
    if player is None:
        return None
    name = screen.names[player]
    return h("button", _("Resign"), id="resign", class_="secondary danger",
             on_click=lambda e: ask_resign(screen, player),
             title=_("{name} gives up: the game ends now").format(name=name))


def ask_resign(screen: GameScreen, player: int) -> None:
    """Ask ``player`` whether he really resigns; if so the game ends, is saved and its end shown."""
    def resign(event: Event) -> None:
        if screen.controller.resigner() != player:  # the game went on meanwhile
            return
        try:
            screen.controller.resign(player)
        except IllegalAction as exc:
            screen.page.toast(str(exc), error=True)
            return
        screen.resigned()

    screen.page.confirm(_("Resign, {name}? The game ends now and cannot be continued.")
                        .format(name=screen.names[player]), resign)


def share_button(on_click: Handler, label: str | None = None, **attributes: Any) -> Element:
    """The "Share" button, which shows a game's link (``label``: which game, for a screen reader)."""
    return h("button", _("Share"), class_="secondary", on_click=on_click, aria_label=label, **attributes)


def final_panel(screen: GameScreen) -> Element:
    """What the side panel shows once the game is over: who won (once), the final table, the
    buttons for another game and the chart of the scores."""
    controller, names = screen.controller, screen.names
    table = controller.score_table()
    head = h("tr", h("th", _("Category"), scope="col"),
             [h("th", name, scope="col", class_="winner" if p in table.winners else None)
              for p, name in enumerate(names)])
    body = [h("tr", h("th", label, scope="row"), [h("td", str(points)) for points in row])
            for label, row in table.rows]
    total = h("tr", h("th", _("Total"), scope="row"), [h("th", str(s)) for s in table.totals], class_="total")
    width = "many" if len(names) > 3 else "few"
    return h("div",
             h("h2", _("Game over")),
             h("p", table.result, id="winner", class_="result"),
             h("table", h("thead", head), h("tbody", body, total), class_="scores final-scores",
               id="final-scores", data_columns=width),
             h("div", h("button", _("Play again"), id="play-again", on_click=screen.play_again),
               h("button", _("New game"), class_="secondary",
                 on_click=lambda e: screen.app.show_setup(screen.game, len(names), controller.setup_seats())),
               share_button(screen.share, id="share-end"),
               class_="controls"),
             chart(screen),
             class_="final")


def chart(screen: GameScreen, shown: int | None = None) -> Any:
    """The chart of the scores over the game so far (``shown``: the position on show in a
    replay); nothing before the first move."""
    session = screen.session
    if not session.moves:
        return None
    return score_chart(screen.game, session.states, screen.names, screen.palette, shown=shown,
                       scores=screen.scores)
