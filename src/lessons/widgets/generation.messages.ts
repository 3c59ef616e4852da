import { defineMessages } from '../../i18n/defineMessages';

/** Interface text of the lesson-12 widgets kv-cache and generation. */
export const generationWidgetMessages = defineMessages({}, {});
