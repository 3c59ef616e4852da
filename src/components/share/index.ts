export { EmbedButton, type EmbedButtonProps } from './EmbedButton';
export { EmbedDialog, type EmbedDialogProps } from './EmbedDialog';
export { ShareButton, type ShareButtonProps } from './ShareButton';
export { UrlNotices, type UrlNoticesProps } from './UrlNotices';
