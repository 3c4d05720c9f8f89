// diagram.html: the position the editor sends (webui/editor.py's diagram_link) as a live diagram,
// or the lesson it made (webui/editor_lesson.py's "Try the lesson") as the embed shows one.
// The page's address holds it after "#", as a query string: game, position, moves (one a line)
// and lang; or lesson (a lesson file's JSON) and lang. Every value is only ever set as an
// attribute's text; embed.js reads and checks them (its runtime refuses what is no position,
// move or lesson) and draws the board.
const fields = new URLSearchParams(location.hash.slice(1));
const game = fields.get("game");
const position = fields.get("position");
const lesson = fields.get("lesson");
const diagram = document.createElement("div");
if (lesson) {
  diagram.setAttribute("data-lesson", lesson);
} else if (game && position) {
  diagram.setAttribute("data-pygame-rules", game);
  diagram.setAttribute("data-position", position);
  if (fields.get("moves")) diagram.setAttribute("data-moves", fields.get("moves"));
  diagram.setAttribute("data-interactive", "");
}
if (diagram.attributes.length) {
  if (fields.get("lang")) diagram.setAttribute("data-lang", fields.get("lang"));
  diagram.id = "live-diagram";
  document.getElementById("diagram").append(diagram);
  globalThis.pygameRulesEmbed?.scan();
} else {
  document.getElementById("diagram-missing").hidden = false;
}
