import { controlsMessages } from './components/controls/controls.messages';
import { headLabelsMessages } from './components/headlabels/headlabels.messages';
import { headviewMessages } from './components/headview/headview.messages';
import { heatmapMessages } from './components/heatmap/heatmap.messages';
import { predictionsMessages } from './components/predictions/predictions.messages';
import { modelMessages } from './components/model/model.messages';
import { gpt2Messages } from './components/model/gpt2.messages';
import { presetsMessages } from './components/model/presets.messages';
import { shareMessages } from './components/share/share.messages';
import { elementFailureMessages } from './components/share/elementFailure.messages';
import { siteDownloadMessages } from './components/share/siteDownload.messages';
import { walkthroughMessages } from './components/walkthrough/walkthrough.messages';
import { coreMessages } from './i18n/core.messages';
import { installMessages, type KeysOf } from './i18n/catalog';
import { lessonsMessages } from './lessons/lessons.messages';
import { basicsWidgetMessages } from './lessons/widgets/basics.messages';
import { decodingWidgetMessages } from './lessons/widgets/decoding.messages';
import { generationWidgetMessages } from './lessons/widgets/generation.messages';
import { groupedWidgetMessages } from './lessons/widgets/grouped.messages';
import { ropeWidgetMessages } from './lessons/widgets/rope.messages';
import { headsWidgetMessages } from './lessons/widgets/heads.messages';
import { modelWidgetMessages } from './lessons/widgets/model.messages';
import { scoringWidgetMessages } from './lessons/widgets/scoring.messages';
import { trainedWidgetMessages } from './lessons/widgets/trained.messages';
import { playgroundMessages } from './playground/components/playground.messages';
import { embedMessages } from './widgets/embed.messages';

/*
 * The app's interface text: every feature's messages, assembled here because i18n (below the features) may not
 * import them. Importing this module installs them; every entry point (main.tsx, embedMain.tsx,
 * elementsEntry.ts) and the Vitest setup (tests/setup.ts) import it before anything renders.
 * A feature adds its pair to MESSAGE_PAIRS with one import.
 */
export const MESSAGE_PAIRS = [
  coreMessages, controlsMessages, headviewMessages, shareMessages, heatmapMessages, walkthroughMessages,
  lessonsMessages,
  basicsWidgetMessages,
  headsWidgetMessages,
  scoringWidgetMessages,
  modelWidgetMessages,
  embedMessages,
  playgroundMessages,
  predictionsMessages,
  modelMessages,
  gpt2Messages,
  headLabelsMessages,
  presetsMessages,
  trainedWidgetMessages,
  decodingWidgetMessages,
  generationWidgetMessages,
  groupedWidgetMessages,
  ropeWidgetMessages,
  elementFailureMessages,
  siteDownloadMessages,
] as const;

type AppMessages = Readonly<Record<KeysOf<(typeof MESSAGE_PAIRS)[number]>, string>>;

// The keys of exactly the pairs installed below become MessageKey, so `t('…')` is checked in every feature.
declare module './i18n/catalog' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the members come from AppMessages
  interface MessageCatalog extends AppMessages {}
}

installMessages(MESSAGE_PAIRS);
