import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/translate';
import { useUi } from '../../state/uiStore';
import { heightCut } from './embedHeightFit';
import { AUTO_INITIAL_HEIGHT, SIZE_PRESETS, type EmbedSize } from './embedSnippet';
import { heightFromMessage } from './heightMessage';

export interface EmbedPreviewProps {
  readonly url: string;
  /** The frame title of the snippet; the preview's is "Preview: <title>". */
  readonly title: string;
  readonly size: EmbedSize;
}

/** The last height the embed reported, and for which link (another link loads another page, which reports anew). */
interface Reported {
  readonly url: string;
  readonly height: number;
}

/**
 * The embed as the host page will show it: an <iframe> of the same link at the chosen size. With 'auto' it
 * follows the embed's height messages, like the snippet's script does. At a fixed size the same messages tell
 * whether the frame is lower than the widget, and a warning above the frame says so. The box scrolls when the
 * frame is wider than the dialog (a phone).
 */
export function EmbedPreview({ url, title, size }: EmbedPreviewProps) {
  const t = useT();
  const locale = useUi((s) => s.locale);
  const frame = useRef<HTMLIFrameElement>(null);
  const shownUrl = useRef(url);
  const [autoHeight, setAutoHeight] = useState(AUTO_INITIAL_HEIGHT);
  const [reported, setReported] = useState<Reported | null>(null);

  useEffect(() => {
    shownUrl.current = url;
  }, [url]);

  useEffect(() => {
    const onMessage = (event: MessageEvent): void => {
      if (frame.current === null || event.source !== frame.current.contentWindow) return;
      const height = heightFromMessage(event.data);
      if (height === null) return;
      setAutoHeight(height);
      setReported({ url: shownUrl.current, height });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  const cut = heightCut(size, reported !== null && reported.url === url ? reported.height : null);
  const px = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-US');
  const style = size === 'auto' ? { width: '100%', height: `${autoHeight}px` } : { width: `${SIZE_PRESETS[size].width}px`, height: `${SIZE_PRESETS[size].height}px` };
  return (
    <>
      <p className="embed-preview__cut" role="status">
        {cut && t('share.embed.tooTall', { content: px.format(cut.content), frame: px.format(cut.frame), auto: t('share.embed.size.auto') })}
      </p>
      <div className="embed-preview">
        <iframe ref={frame} className="embed-preview__frame" src={url} title={t('share.embed.previewTitle', { title })} style={style} />
      </div>
    </>
  );
}
