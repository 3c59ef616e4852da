import { defineMessages } from '../../i18n/defineMessages';

/** Interface text of the lesson widget grouped-query. */
export const groupedWidgetMessages = defineMessages({}, {});
