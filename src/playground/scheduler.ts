/*
 * When the training session runs its next chunk, and when the in-process client delivers a message. The app uses
 * timeouts (a Web Worker reads its next message between two tasks, so 'pause' gets through between chunks); tests
 * use the manual scheduler and decide themselves how many tasks run, so nothing depends on wall time.
 */
export interface Scheduler {
  /** Runs `task` later, after what is already queued; returns a function that cancels it if it has not run. */
  schedule(task: () => void): () => void;
}

export const timeoutScheduler: Scheduler = {
  schedule(task) {
    const id = setTimeout(task, 0);
    return () => clearTimeout(id);
  },
};

export interface ManualScheduler extends Scheduler {
  /** Tasks waiting to run. */
  readonly pending: number;
  /** Runs the oldest waiting task; false when there was none. */
  runNext(): boolean;
  /**
   * Runs tasks (including those they schedule) until none is left or `limit` have run; returns how many ran.
   * A running training schedules its next chunk forever, so give a limit while it runs.
   */
  runAll(limit?: number): number;
}

export function createManualScheduler(): ManualScheduler {
  const queue: { task: () => void; cancelled: boolean }[] = [];
  const runNext = (): boolean => {
    while (queue.length > 0) {
      const entry = queue.shift() as { task: () => void; cancelled: boolean };
      if (entry.cancelled) continue;
      entry.task();
      return true;
    }
    return false;
  };
  return {
    get pending() {
      return queue.filter((e) => !e.cancelled).length;
    },
    schedule(task) {
      const entry = { task, cancelled: false };
      queue.push(entry);
      return () => {
        entry.cancelled = true;
      };
    },
    runNext,
    runAll(limit = 10_000) {
      let ran = 0;
      while (ran < limit && runNext()) ran += 1;
      return ran;
    },
  };
}
