import { defineMessages } from '../../i18n/defineMessages';

/** Interface text of the lesson-12 widgets decoder-block, teacher-forcing and attention-cost. */
export const decodingWidgetMessages = defineMessages({}, {});
