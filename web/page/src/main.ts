// The page: a tab per game and tool, each game in the shared session frame.

import { h } from "./shared/dom";
import { loadRules } from "./shared/rules";
import { Session, type GameSpec } from "./shared/session";
import { tabs, type View } from "./shared/tabs";
import { calculator } from "./views/calculator";
import { logViewer } from "./views/log-viewer";
import { mahjong } from "./games/mahjong";
import { matgo } from "./games/matgo";
import { omok } from "./games/omok";
import { poker } from "./games/poker";

/** A game's tab: its session frame, made when the tab first opens. */
function game<A>(spec: GameSpec<A>): View {
  return { id: spec.id, label: spec.label, mount: (panel) => new Session(spec).mount(panel) };
}

async function main(): Promise<void> {
  const panels = document.getElementById("panels")!;
  try {
    await loadRules();
  } catch (error) {
    panels.replaceChildren(h("p", { role: "alert", class: "alarm" }, `The rules could not be loaded: ${String(error)}`));
    return;
  }
  tabs(document.getElementById("tabs")!, panels, [game(omok()), game(matgo()), game(poker()), game(mahjong()), calculator, logViewer]);
}

void main();
