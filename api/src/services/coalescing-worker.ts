// One background run at a time per database: a kick during a run asks for one more pass after it,
// and stop() waits for the run to end and turns later kicks into no-ops. Used by the mail outbox and
// the newsletter sender, whose passes check `stopped` between sends.
import { outsideTransaction, type Db } from '@app/db';
import type { Deps } from '../context.ts';

/** What a pass sees: whether it must stop, and the hook that cuts an interruptible sleep short. */
export type WorkerState = { stopped: boolean; wake?: () => void };

type Internal = WorkerState & { running?: Promise<void>; again: boolean };

export function coalescingWorker(name: string, pass: (deps: Deps, state: WorkerState) => Promise<void>) {
  const workers = new WeakMap<Db, Internal>();
  const stateOf = (db: Db) => {
    let state = workers.get(db);
    if (!state) workers.set(db, (state = { again: false, stopped: false }));
    return state;
  };

  return {
    kick(deps: Deps): Promise<void> {
      const state = stateOf(deps.db);
      if (state.stopped) return Promise.resolve();
      if (state.running) {
        state.again = true;
        return state.running;
      }
      // Started outside the caller's transaction: a kick from inside one runs after it commits, never within it.
      state.running = outsideTransaction(async () => {
        await Promise.resolve(); // the body must not finish before state.running is assigned
        try {
          do {
            state.again = false;
            await pass(deps, state);
          } while (state.again && !state.stopped);
        } catch (err) {
          if (!state.stopped) deps.log.error(`${name} run failed`, { error: String(err) });
        } finally {
          state.running = undefined;
        }
      });
      return state.running;
    },

    async stop(db: Db): Promise<void> {
      const state = stateOf(db);
      state.stopped = true;
      state.wake?.();
      await state.running;
    },
  };
}

/** Waits ms, or less if the worker is stopped meanwhile. */
export const interruptibleSleep = (state: WorkerState, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      state.wake = undefined;
      resolve();
    }
    state.wake = done;
  });
