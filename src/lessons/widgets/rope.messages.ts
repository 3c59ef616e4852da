import { defineMessages } from '../../i18n/defineMessages';

/** Interface text of the lesson widget rope-rotation. */
export const ropeWidgetMessages = defineMessages({}, {});
