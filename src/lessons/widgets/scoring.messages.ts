import { defineMessages } from '../../i18n/defineMessages';

/** Interface text of the scoring lesson widgets. Keys start with 'lw.scoring.'. */
export const scoringWidgetMessages = defineMessages({}, {});
