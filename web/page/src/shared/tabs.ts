// The page's tabs (WAI-ARIA tabs pattern): a tab per view, arrow keys between tabs, the
// URL's hash names the open tab; a view is mounted the first time its tab opens.

import { h } from "./dom";

/** A tab's content. */
export interface View {
  id: string;
  label: string;
  mount(panel: HTMLElement): void;
}

export function tabs(list: HTMLElement, panels: HTMLElement, views: View[]): void {
  const mounted = new Set<string>();
  const buttons = views.map((view) =>
    h(
      "button",
      {
        type: "button",
        role: "tab",
        id: `tab-${view.id}`,
        "aria-controls": `panel-${view.id}`,
        onclick: () => open(view.id),
      },
      view.label,
    ),
  );
  const sections = views.map((view) =>
    h("section", { role: "tabpanel", id: `panel-${view.id}`, "aria-labelledby": `tab-${view.id}`, hidden: true }),
  );
  list.replaceChildren(...buttons);
  panels.replaceChildren(...sections);

  function open(id: string, focus = false): void {
    const index = Math.max(0, views.findIndex((v) => v.id === id));
    views.forEach((view, i) => {
      const selected = i === index;
      buttons[i].setAttribute("aria-selected", String(selected));
      buttons[i].tabIndex = selected ? 0 : -1;
      sections[i].hidden = !selected;
      if (selected && !mounted.has(view.id)) {
        mounted.add(view.id);
        view.mount(sections[i]);
      }
    });
    if (focus) buttons[index].focus();
    history.replaceState(null, "", `${location.pathname}${location.search}#${views[index].id}`);
  }

  list.addEventListener("keydown", (event) => {
    const current = buttons.findIndex((b) => b.getAttribute("aria-selected") === "true");
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    const target =
      step !== undefined ? (current + step + views.length) % views.length
      : event.key === "Home" ? 0
      : event.key === "End" ? views.length - 1
      : null;
    if (target === null) return;
    event.preventDefault();
    open(views[target].id, true);
  });
  window.addEventListener("hashchange", () => open(location.hash.slice(1)));
  open(location.hash.slice(1));
}
