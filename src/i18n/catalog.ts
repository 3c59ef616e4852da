import { controlsMessages } from '../components/controls/controls.messages';
import { coreMessages } from './core.messages';
import { heatmapMessages } from '../components/heatmap/heatmap.messages';
import { headviewMessages } from '../components/headview/headview.messages';
import { shareMessages } from '../components/share/share.messages';
import { walkthroughMessages } from '../components/walkthrough/walkthrough.messages';
import { basicsWidgetMessages } from '../lessons/widgets/basics.messages';
import { headsWidgetMessages } from '../lessons/widgets/heads.messages';
import { lessonsMessages } from '../lessons/lessons.messages';
import { modelWidgetMessages } from '../lessons/widgets/model.messages';
import { scoringWidgetMessages } from '../lessons/widgets/scoring.messages';
import { embedMessages } from '../widgets/embed.messages';
import { playgroundMessages } from '../playground/components/playground.messages';
import type { MessagePair } from './defineMessages';

// Every feature's messages, merged. A feature adds its pair here with one import.
const pairs = [
  coreMessages, controlsMessages, headviewMessages, shareMessages, heatmapMessages, walkthroughMessages,
  lessonsMessages,
  basicsWidgetMessages,
  headsWidgetMessages,
  scoringWidgetMessages,
  modelWidgetMessages,
  embedMessages,
  playgroundMessages,
] as const;

type KeysOf<P> = P extends MessagePair<infer K> ? K : never;
export type MessageKey = KeysOf<(typeof pairs)[number]>;

export const catalogs = {
  en: Object.assign({}, ...pairs.map((p) => p.en)) as Record<MessageKey, string>,
  zh: Object.assign({}, ...pairs.map((p) => p.zh)) as Record<MessageKey, string>,
};

/** Keys defined by more than one feature (a test keeps this empty). */
export function duplicateKeys(): string[] {
  const seen = new Set<string>();
  const dupes: string[] = [];
  for (const p of pairs) {
    for (const k of Object.keys(p.en)) {
      if (seen.has(k)) dupes.push(k);
      seen.add(k);
    }
  }
  return dupes;
}
