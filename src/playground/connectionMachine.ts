import { reduceOutcome, reduceUserEvent } from './connectionActions';
import { reduceWorkerEvent } from './connectionAnswers';
import { closedConnection, initialPage } from './connectionSteps';
import type { ConnectionStateName, MachineEvent, MachineState, Transition } from './connectionTypes';

/*
 * The playground's connection to its training worker, as a pure state machine: reduceConnection(state, event)
 * returns the next state and the effects the store performs (playgroundStore.ts). It holds no handles and no
 * module-level state, so every transition can be written down as a row of a test table
 * (tests/playground/connectionMachine.test.ts).
 *
 * A state is what the page shows (PageData) plus a ConnectionContext (awaited init / load commands, wantsRunning,
 * the generation that makes late fetches stale, what waits to be settled, whether the worker failed). Its name:
 *
 *   state                page status  what it means, and what the machine does in it
 *   ───────────────────  ───────────  ──────────────────────────────────────────────────────────────────────────
 *   closed               (as left)    No client: before initPlayground, after disposePlayground. An action that
 *                                    needs the worker first opens a default client (effect openClient), then acts
 *                                    as the page status says; fetch results and worker events are dropped.
 *   building             building     An init is awaited. The old model's progress, pauses, samples and errors
 *                                    that answer nothing are dropped; Start, Step and head switches do nothing.
 *                                    → ready (its ready), error-without-model (its error, or it could not be
 *                                    sent), crashed.
 *   loading              loading      The shipped file is being fetched, or a load is awaited. The model on screen
 *                                    is still the worker's (the file may be refused): its progress and pauses are
 *                                    shown, the status stays. Start, Step and head switches do nothing.
 *                                    → ready (source 'file'), error-with-model (refused, fetch failed, not sent).
 *   ready                ready        A model, not training. → running (Start), paused (Step).
 *   running              running      Start was pressed (wantsRunning); progress keeps 'running' while the worker
 *                                    runs. → paused (Pause, Step, or progress of a stopped run).
 *   paused               paused       A model, stopped. → running (Start).
 *   error-with-model     error        A fetch failed, a file was refused, a run diverged, a command could not be
 *                                    sent: the model stays, so Start, Step, Load and Reset work (and clear it).
 *   error-without-model  error        An init failed or could not be sent: no model; Reset / settings rebuild.
 *   crashed              error        The worker failed: the awaited init / load and every export were settled
 *                                    (nothing waits for it). Reset or new settings close it and open a new one.
 *
 * From every open state: Reset and new settings → building (a rebuild settles a waiting load); Load → loading (a
 * run is paused first); a file refused on the page → error (the model stays). A command that throws in client.send
 * → error 'send', so the page never stays in loading / building; only a pause before a load and the input sent
 * before an init are not reported (what the same action does next replaces them). Two guards do not show in a
 * name: `awaiting` (which worker answers are taken; connectionAnswers.ts) and `workerFailed`, which stays set until
 * the next rebuild even if Start is pressed on the model still shown.
 */

/** Before initPlayground: the default settings and no client. */
export const initialMachineState = (): MachineState => ({ page: initialPage(), connection: closedConnection() });

export function stateName({ page, connection }: MachineState): ConnectionStateName {
  if (!connection.open) return 'closed';
  if (page.status !== 'error') return page.status;
  if (connection.workerFailed) return 'crashed';
  return page.config !== null ? 'error-with-model' : 'error-without-model';
}

export function reduceConnection(state: MachineState, event: MachineEvent): Transition {
  switch (event.type) {
    case 'worker':
      return reduceWorkerEvent(state, event);
    case 'fetched':
    case 'fetchFailed':
    case 'sendFailed':
      return reduceOutcome(state, event);
    default:
      return reduceUserEvent(state, event);
  }
}
