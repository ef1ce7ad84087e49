// One background run at a time per instance (built in deps.ts): a kick during a run asks for one more
// pass after it, and stop() waits for the run to end and turns later kicks into no-ops. Used by the mail
// outbox, the newsletter sender and the webhooks, whose passes check `stopped` between sends.
import { outsideTransaction } from '@app/db';
import type { Deps } from '../context.ts';

/** What a pass sees: whether it must stop, and the hook that cuts an interruptible sleep short. */
export type WorkerState = { stopped: boolean; wake?: () => void };

type Internal = WorkerState & { running?: Promise<void>; again: boolean };

export type CoalescingWorker = { kick(deps: Deps): Promise<void>; stop(): Promise<void> };

export function coalescingWorker(name: string, pass: (deps: Deps, state: WorkerState) => Promise<void>): CoalescingWorker {
  const state: Internal = { again: false, stopped: false };
  return {
    kick(deps: Deps): Promise<void> {
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

    async stop(): Promise<void> {
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
