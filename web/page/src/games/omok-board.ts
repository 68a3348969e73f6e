// The omok board: a square of point buttons with coordinates, moved over with the arrow
// keys (one button in the Tab order, the one last focused), played with Enter or a click.

import { h } from "../shared/dom";

/** What the board shows after a move. */
export interface BoardState {
  /** Rows from the top, `x` black, `o` white, `.` empty (the binding's `rows()`). */
  rows: string[];
  /** Points forbidden to the colour `foulsOf`, with the foul (`double-three`…). */
  fouls: Map<string, string>;
  foulsOf: string;
  last: string | null;
  /** The winning line's points. */
  line: Set<string>;
  /** The points the human may play now; `null` when it is not the human's turn. */
  legal: Set<string> | null;
}

const STONES: Record<string, string> = { x: "black", o: "white" };

export class OmokBoard {
  readonly element: HTMLElement;
  private readonly cells: HTMLButtonElement[] = [];
  /** Why a point cannot be played, after a click or Enter on it. */
  private readonly note = h("p", { class: "board-note", "aria-live": "polite" });
  private focusIndex: number;

  constructor(
    private readonly size: number,
    private readonly onPlay: (point: string) => void,
  ) {
    this.focusIndex = Math.floor((size * size) / 2);
    const grid = h("div", { class: "omok-grid", style: `--n: ${size}` }, h("div", { class: "omok-lines" }));
    const letters = () => [h("span"), ...this.columns().map((c) => h("span", { class: "coord" }, c)), h("span")];
    grid.append(...letters());
    for (let y = 0; y < size; y++) {
      grid.append(h("span", { class: "coord" }, size - y));
      for (let x = 0; x < size; x++) grid.append(this.cell(x, y));
      grid.append(h("span", { class: "coord" }, size - y));
    }
    grid.append(...letters());
    grid.addEventListener("keydown", (event) => this.key(event));
    const board = h("div", { class: "omok", role: "group", "aria-label": `Board, ${size} by ${size}` }, grid);
    this.element = h("div", { class: "omok-area" }, board, this.note);
  }

  /** Shows `state`. */
  update(state: BoardState): void {
    this.cells.forEach((cell, i) => {
      const point = this.point(i);
      const stone = STONES[state.rows[Math.floor(i / this.size)][i % this.size]];
      const foul = stone ? undefined : state.fouls.get(point);
      const playable = state.legal?.has(point) ?? false;
      cell.className = "pt";
      cell.classList.toggle(stone ?? "empty", true);
      cell.classList.toggle("foul", foul !== undefined);
      cell.classList.toggle("last", point === state.last);
      cell.classList.toggle("win", state.line.has(point));
      cell.classList.toggle("star", this.isStar(i));
      cell.classList.toggle("playable", playable);
      cell.setAttribute("aria-disabled", String(!playable));
      cell.setAttribute("aria-label", [point, stone, foul && `forbidden: ${foul}`].filter(Boolean).join(" "));
      cell.title = foul ? `${point}: forbidden to ${state.foulsOf} (${foul})` : point;
    });
  }

  private columns(): string[] {
    return Array.from({ length: this.size }, (_, x) => String.fromCharCode(97 + x));
  }

  /** The point of cell `i` in notation (rows counted from the bottom, as the binding). */
  private point(i: number): string {
    return `${String.fromCharCode(97 + (i % this.size))}${this.size - Math.floor(i / this.size)}`;
  }

  private isStar(i: number): boolean {
    const n = this.size;
    const marks = n >= 13 ? [3, (n - 1) / 2, n - 4] : [(n - 1) / 2];
    return marks.includes(i % n) && marks.includes(Math.floor(i / n));
  }

  private cell(x: number, y: number): HTMLButtonElement {
    const i = y * this.size + x;
    const cell = h("button", {
      type: "button",
      class: "pt",
      tabindex: i === this.focusIndex ? 0 : -1,
      onclick: () => this.click(i),
      onfocus: () => this.roveTo(i),
    });
    this.cells.push(cell);
    return cell;
  }

  private click(i: number): void {
    const cell = this.cells[i];
    const playable = cell.getAttribute("aria-disabled") !== "true";
    this.note.textContent = playable || !cell.classList.contains("foul") ? "" : cell.title;
    if (playable) this.onPlay(this.point(i));
  }

  private roveTo(i: number): void {
    this.cells[this.focusIndex].tabIndex = -1;
    this.focusIndex = i;
    this.cells[i].tabIndex = 0;
  }

  private key(event: KeyboardEvent): void {
    const n = this.size;
    const [x, y] = [this.focusIndex % n, Math.floor(this.focusIndex / n)];
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [x - 1, y],
      ArrowRight: [x + 1, y],
      ArrowUp: [x, y - 1],
      ArrowDown: [x, y + 1],
      Home: [0, y],
      End: [n - 1, y],
    };
    const to = moves[event.key];
    if (!to) return;
    event.preventDefault();
    const [nx, ny] = [Math.min(n - 1, Math.max(0, to[0])), Math.min(n - 1, Math.max(0, to[1]))];
    this.cells[ny * n + nx].focus();
  }
}
