// The render admission queue: a page render is CPU work on the main thread, so only a few run at once and
// further misses wait in turn, first come first served. Fifty interleaved renders would each finish only
// when all are nearly done; queued ones finish one after the other.
import type { ServerResponse } from 'node:http';

export type RenderQueue = {
  /**
   * A turn for the render answering `res`: `run` starts the render once fewer than `max` run; `over` ends the
   * turn (once; the response's 'close' ends it too, so a visitor who left frees the place).
   */
  turn(res: ServerResponse): { run(render: () => unknown): unknown; over(): void };
};

export function createRenderQueue(max: number): RenderQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    turn(res) {
      let held = false;
      const over = () => {
        if (!held) return;
        held = false;
        const next = waiting.shift();
        if (next) next();
        else running--;
      };
      res.once('close', over); // the visitor left, or the answer is sent
      const start = (render: () => unknown) => {
        held = true;
        if (res.destroyed) return over(); // the visitor left while waiting
        const result = render();
        if (result instanceof Promise) result.then(over, over);
        return result;
      };
      const run = (render: () => unknown): unknown => {
        if (running >= max) return new Promise((resolve) => waiting.push(() => resolve(start(render))));
        running++;
        return start(render);
      };
      return { run, over };
    },
  };
}
