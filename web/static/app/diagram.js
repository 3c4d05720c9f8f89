// diagram.html: the position the editor sends (webui/editor.py's diagram_link) as a live diagram.
// The page's address holds it after "#": game, position, moves (one a line) and lang, as a query
// string. Every value is only ever set as an attribute's text; embed.js reads and checks them
// (its runtime refuses what is no position or move) and draws the board.
const fields = new URLSearchParams(location.hash.slice(1));
const game = fields.get("game");
const position = fields.get("position");
if (game && position) {
  const diagram = document.createElement("div");
  diagram.setAttribute("data-pygame-rules", game);
  diagram.setAttribute("data-position", position);
  if (fields.get("moves")) diagram.setAttribute("data-moves", fields.get("moves"));
  if (fields.get("lang")) diagram.setAttribute("data-lang", fields.get("lang"));
  diagram.setAttribute("data-interactive", "");
  diagram.id = "live-diagram";
  document.getElementById("diagram").append(diagram);
  globalThis.pygameRulesEmbed?.scan();
} else {
  document.getElementById("diagram-missing").hidden = false;
}
