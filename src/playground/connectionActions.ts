import { sizeRefusal } from '../engine/train/modelFileText';
import { truncateLabel } from '../engine/truncate';
import { andThen, canAct, close, connect, initialPage, rebuild, refuse, send, sendLoad, unchanged, update } from './connectionSteps';
import type { Effect, MachineState, OutcomeEvent, Transition, UserEvent } from './connectionTypes';
import { trainedModelPath } from './loadTrainedModel';
import { changeParams, sameParams } from './playgroundUrl';

/*
 * Transitions for what the page does (the store's actions, initPlayground, disposePlayground) and for how the
 * effects the store performed for them turned out (a fetch, a send that threw). The states table is in
 * connectionMachine.ts.
 */

const withEffects = (t: Transition, ...effects: Effect[]): Transition => ({ state: t.state, effects: [...t.effects, ...effects] });

/** Start and Step need a model that is not being replaced; Start keeps training until Pause. */
function start(state: MachineState): Transition {
  return andThen(connect(state), (s) => {
    if (!canAct(s.page)) return unchanged(s);
    return { state: update(s, { status: 'running', error: null }, { wantsRunning: true }), effects: [send({ type: 'start' })] };
  });
}

/** `failure` 'ignore' when the caller replaces the page's status right after (refuseFile). */
function pause(state: MachineState, failure: 'report' | 'ignore'): Transition {
  return andThen(connect(state), (s) => {
    const paused = update(s, s.page.status === 'running' ? { status: 'paused' } : {}, { wantsRunning: false });
    return { state: paused, effects: s.page.config !== null ? [send({ type: 'pause' }, failure)] : [] };
  });
}

function step(state: MachineState): Transition {
  return andThen(connect(state), (s) => {
    if (!canAct(s.page)) return unchanged(s);
    return { state: update(s, { status: 'paused', error: null }, { wantsRunning: false }), effects: [send({ type: 'step' })] };
  });
}

/**
 * The start of every load: newer than any fetch on its way, and the run is paused (the load replaces what a failed
 * pause would show, so its failure is not reported).
 */
function beginLoad(state: MachineState): Transition {
  return andThen(connect(state), (s) => {
    const { connection, page } = s;
    const stopping = connection.wantsRunning || page.status === 'running' ? [send({ type: 'pause' }, 'ignore')] : [];
    return { state: update(s, {}, { generation: connection.generation + 1, wantsRunning: false }), effects: stopping };
  });
}

function loadTrained(state: MachineState): Transition {
  return andThen(beginLoad(state), (s) => ({
    state: update(s, { status: 'loading', error: null }),
    effects: [{ type: 'fetchTrained', task: s.page.params.task, generation: s.connection.generation }],
  }));
}

function loadFile(state: MachineState, text: string, name: string): Transition {
  return andThen(beginLoad(state), (s) => {
    const tooLarge = sizeRefusal(text.length);
    if (tooLarge !== null) return refuse(s, tooLarge, name);
    return sendLoad(update(s, { status: 'loading', error: null }), { type: 'load', text }, name);
  });
}

/** The store queued the promise's resolver: it is answered by the worker's 'weights', or at once with null. */
function exportWeights(state: MachineState): Transition {
  return andThen(connect(state), (s) => {
    if (s.page.config === null) return { state: s, effects: [{ type: 'settleExports', which: 'newest', file: null }] };
    return { state: update(s, {}, { exportsWaiting: s.connection.exportsWaiting + 1 }), effects: [send({ type: 'export' })] };
  });
}

function setParams(state: MachineState, change: Extract<UserEvent, { type: 'setParams' }>['change']): Transition {
  const { params, notices } = changeParams(state.page.params, change);
  const noticed = update(state, { notices });
  if (sameParams(params, state.page.params)) return unchanged(noticed);
  return andThen({ state: update(noticed, { params }), effects: [{ type: 'writeUrl', params, input: state.page.sampleInput }] }, rebuild);
}

function setHeadOff(state: MachineState, { layer, head, off }: Extract<UserEvent, { type: 'setHeadOff' }>): Transition {
  return andThen(connect(state), (s) => {
    const { config, headsOff } = s.page;
    if (config === null || !canAct(s.page)) return unchanged(s);
    if (layer < 0 || layer >= config.layers || head < 0 || head >= config.heads) return unchanged(s);
    const next = Array.from({ length: config.layers }, (_, l) => Array.from({ length: config.heads }, (_, h) => headsOff?.[l]?.[h] ?? false));
    next[layer][head] = off;
    const anyOff = next.some((row) => row.includes(true));
    return { state: update(s, { headsOff: anyOff ? next : null }), effects: [send({ type: 'ablate', off: anyOff ? next : null })] };
  });
}

function setSampleInput(state: MachineState, inputs: readonly number[] | null): Transition {
  return andThen(connect(state), (s) => ({
    state: update(s, { sampleInput: inputs === null ? null : inputs.slice() }),
    effects: [
      { type: 'writeUrl', params: s.page.params, input: inputs === null ? null : inputs.slice() },
      send({ type: 'sample', inputs: inputs === null ? null : inputs.slice() }),
    ],
  }));
}

/** initPlayground: the previous client goes, the link's settings are shown and written back, a fresh model is built. */
function open(state: MachineState, { query }: Extract<UserEvent, { type: 'open' }>): Transition {
  const opened = andThen(close(state), (s) => connect({ page: { ...initialPage(), params: query.params, notices: query.notices, sampleInput: query.input }, connection: s.connection }));
  const written = withEffects(opened, { type: 'writeUrl', params: query.params, input: query.input });
  // Before the model exists, so the first maps are already of this input (the init that follows reports failures).
  const sampled = query.input === null ? written : withEffects(written, send({ type: 'sample', inputs: query.input }, 'ignore'));
  return andThen(sampled, rebuild);
}

export function reduceUserEvent(state: MachineState, event: UserEvent): Transition {
  switch (event.type) {
    case 'open':
      return open(state, event);
    case 'close':
      return close(state);
    case 'setParams':
      return setParams(state, event.change);
    case 'start':
      return start(state);
    case 'pause':
      return pause(state, 'report');
    case 'step':
      return step(state);
    case 'reset':
      return rebuild(state);
    case 'loadTrained':
      return loadTrained(state);
    case 'loadFile':
      return loadFile(state, event.text, event.name);
    case 'refuseFile':
      return andThen(pause(state, 'ignore'), (s) => refuse(s, event.refusal, event.name));
    case 'export':
      return exportWeights(state);
    case 'dismissNotices':
      return unchanged(update(state, { notices: [] }));
    case 'setHeadOff':
      return setHeadOff(state, event);
    case 'setSampleInput':
      return setSampleInput(state, event.inputs);
  }
}

/** A fetch or a send the store performed: a fetch overtaken by a newer action (or another client) is dropped. */
export function reduceOutcome(state: MachineState, event: OutcomeEvent): Transition {
  const { connection } = state;
  switch (event.type) {
    case 'fetchFailed':
      if (!connection.open || event.generation !== connection.generation) return unchanged(state);
      return unchanged(update(state, { status: 'error', error: { code: 'fetch', message: event.message } }));
    case 'fetched': {
      if (!connection.open || event.generation !== connection.generation) return unchanged(state);
      const name = trainedModelPath(event.task);
      const tooLarge = sizeRefusal(event.text.length);
      if (tooLarge !== null) return refuse(state, tooLarge, name);
      return sendLoad(state, { type: 'load', text: event.text, task: event.task }, name);
    }
    case 'sendFailed':
      return sendFailed(state, event);
  }
}

/**
 * A command that could not even be sent: error 'send', and nothing waits for an answer that will not come, so the
 * page never stays in 'loading' or 'building'. The failed command is the newest one sent (sends are synchronous).
 */
function sendFailed(state: MachineState, { command, message }: Extract<OutcomeEvent, { type: 'sendFailed' }>): Transition {
  const { connection } = state;
  const error = { code: 'send' as const, message: `The training worker could not be given the ${command} command: ${truncateLabel(message, 80)}` };
  const failed = update(state, { status: 'error', error }, { wantsRunning: false });
  switch (command) {
    case 'init':
      return unchanged(update(failed, {}, { awaiting: connection.awaiting.slice(0, -1) }));
    case 'load':
      return {
        state: update(failed, {}, { awaiting: connection.awaiting.slice(0, -1), loadWaiting: false }),
        effects: connection.loadWaiting ? [{ type: 'settleLoad' }] : [],
      };
    case 'export':
      return {
        state: update(failed, {}, { exportsWaiting: Math.max(0, connection.exportsWaiting - 1) }),
        effects: [{ type: 'settleExports', which: 'newest', file: null }],
      };
    default:
      return unchanged(failed);
  }
}
