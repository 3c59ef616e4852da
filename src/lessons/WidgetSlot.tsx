import { Component, type ReactNode } from 'react';
import { useT } from '../i18n/translate';
import type { WidgetConfig, WidgetId } from './types';
import { WidgetModelBadge } from './WidgetModelBadge';
import { WIDGETS } from './widgets/registry';

interface BoundaryProps {
  readonly fallback: (error: Error, restart: () => void) => ReactNode;
  readonly children: ReactNode;
}

/** One widget failing must not blank the lesson: it is replaced by a message and a restart button. */
class WidgetBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error, () => this.setState({ error: null })) : this.props.children;
  }
}

/** A lesson widget by id, framed, with its caption. */
export function WidgetSlot({ widget, config, caption }: { readonly widget: WidgetId; readonly config?: WidgetConfig; readonly caption?: ReactNode }) {
  const t = useT();
  const Widget = WIDGETS[widget];
  return (
    <figure className="lesson-widget" data-widget={widget}>
      <WidgetModelBadge widget={widget} />
      {Widget ? (
        <WidgetBoundary
          fallback={(error, restart) => (
            <div role="alert" className="lesson-widget__error">
              <p>{t('lessons.widget.error', { message: error.message })}</p>
              <button type="button" onClick={restart}>
                {t('lessons.widget.retry')}
              </button>
            </div>
          )}
        >
          <Widget config={config} />
        </WidgetBoundary>
      ) : (
        <p role="alert" className="lesson-widget__error">
          {t('lessons.widget.missing', { id: widget })}
        </p>
      )}
      {caption && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
