import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/translate';
import { AUTO_INITIAL_HEIGHT, SIZE_PRESETS, type EmbedSize } from './embedSnippet';
import { heightFromMessage } from './heightMessage';

export interface EmbedPreviewProps {
  readonly url: string;
  /** The frame title of the snippet; the preview's is "Preview: <title>". */
  readonly title: string;
  readonly size: EmbedSize;
}

/**
 * The embed as the host page will show it: an <iframe> of the same link at the chosen size. With 'auto' it
 * follows the embed's height messages, like the snippet's script does. The box scrolls when the frame is wider
 * than the dialog (a phone).
 */
export function EmbedPreview({ url, title, size }: EmbedPreviewProps) {
  const t = useT();
  const frame = useRef<HTMLIFrameElement>(null);
  const [autoHeight, setAutoHeight] = useState(AUTO_INITIAL_HEIGHT);

  useEffect(() => {
    const onMessage = (event: MessageEvent): void => {
      if (frame.current === null || event.source !== frame.current.contentWindow) return;
      const height = heightFromMessage(event.data);
      if (height !== null) setAutoHeight(height);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const style = size === 'auto' ? { width: '100%', height: `${autoHeight}px` } : { width: `${SIZE_PRESETS[size].width}px`, height: `${SIZE_PRESETS[size].height}px` };
  return (
    <div className="embed-preview">
      <iframe ref={frame} className="embed-preview__frame" src={url} title={t('share.embed.previewTitle', { title })} style={style} />
    </div>
  );
}
