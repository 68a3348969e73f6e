// The page's side of the bots' Web Worker: one worker per game tab, a promise per decision.

import type { BotReply, BotRequest } from "./protocol";

type Waiting = { resolve: (action: unknown) => void; reject: (error: Error) => void };

/** A worker that answers bot requests; `cancel` drops a decision in progress. */
export class BotWorker {
  private worker: Worker | null = null;
  private next = 0;
  private readonly waiting = new Map<number, Waiting>();

  /** The action the bot of `request` takes. */
  think(request: BotRequest): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.start().postMessage({ id, ...request });
    });
  }

  /** Stops the worker if it is thinking (the next request starts a new one). */
  cancel(): void {
    if (this.waiting.size === 0) return;
    this.worker?.terminate();
    this.worker = null;
    for (const { reject } of this.waiting.values()) reject(new Error("cancelled"));
    this.waiting.clear();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<BotReply>) => this.answer(event.data);
    worker.onerror = (event) => this.fail(event.message || "the bot's worker failed to start");
    this.worker = worker;
    return worker;
  }

  private answer(reply: BotReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if ("error" in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.action);
  }

  private fail(message: string): void {
    for (const { reject } of this.waiting.values()) reject(new Error(message));
    this.waiting.clear();
    this.worker = null;
  }
}
