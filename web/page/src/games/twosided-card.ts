// A two-sided card: its front (public) above its back (its holder's secret until a
// showdown); an unknown back is drawn as a question mark.

import { h } from "../shared/dom";

/** A card (a `<span role=img>`); `back` null for a back the viewer cannot see. */
export function twoSidedCard(owner: string, front: number, back: number | null): HTMLElement {
  const backText = back === null ? "?" : String(back);
  const name = `${owner} card: front ${front}, back ${back === null ? "hidden" : back}`;
  return h(
    "span",
    { class: "twosided", role: "img", "aria-label": name, title: name },
    h("span", { class: "face front" }, h("small", {}, "front"), h("b", {}, front)),
    h("span", { class: `face back${back === null ? " hidden" : ""}` }, h("small", {}, "back"), h("b", {}, backText)),
  );
}
