import { PARAM_DOCS } from './params';
import { GuideTable } from './GuideTable';
import { GuideText } from './GuideText';
import { TABLE_LABELS } from './labels';
import type { Bi, GuideBlock, ParamGroup } from './types';
import { WIDGET_DOCS } from './widgets';

export interface GuideContext {
  readonly pick: (text: Bi) => string;
  /** The address of this copy of the lab, ending in '/'; fills {base} in code. */
  readonly base: string;
  /** Its origin; fills {origin} in code. */
  readonly origin: string;
}

function fill(code: string, ctx: GuideContext): string {
  return code.split('{base}').join(ctx.base).split('{origin}').join(ctx.origin);
}

function ParamTable({ group, ctx }: { readonly group: ParamGroup; readonly ctx: GuideContext }) {
  const { pick } = ctx;
  return (
    <GuideTable
      className="guide-table--params"
      caption={pick(group === 'lab' ? TABLE_LABELS.labCaption : TABLE_LABELS.embedCaption)}
      headers={[TABLE_LABELS.name, TABLE_LABELS.meaning, TABLE_LABELS.values, TABLE_LABELS.default].map(pick)}
      rows={PARAM_DOCS.filter((p) => p.group === group).map((p) => ({
        key: p.name,
        cells: [<code key="n">{p.name}</code>, <GuideText key="m" text={pick(p.meaning)} />, <GuideText key="v" text={pick(p.values)} />, <GuideText key="d" text={pick(p.default)} />],
      }))}
    />
  );
}

/** One block of guide content. */
export function GuideBlockView({ block, ctx }: { readonly block: GuideBlock; readonly ctx: GuideContext }) {
  const { pick } = ctx;
  switch (block.kind) {
    case 'prose':
      return (
        <p className="guide-prose">
          <GuideText text={pick(block.text)} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <GuideText text={pick(item)} />
        </li>
      ));
      return block.ordered ? <ol className="guide-list">{items}</ol> : <ul className="guide-list">{items}</ul>;
    }
    case 'code': {
      const code = typeof block.code === 'string' ? block.code : pick(block.code);
      return (
        <figure className="guide-code">
          <pre data-lang={block.lang}>
            <code>{fill(code, ctx)}</code>
          </pre>
          {block.caption && <figcaption>{pick(block.caption)}</figcaption>}
        </figure>
      );
    }
    case 'widgets':
      return (
        <GuideTable
          className="guide-table--widgets"
          caption={pick(TABLE_LABELS.widgetsCaption)}
          headers={[TABLE_LABELS.widget, TABLE_LABELS.widgetParam, TABLE_LABELS.element, TABLE_LABELS.use].map(pick)}
          rows={WIDGET_DOCS.map((w) => ({
            key: w.id,
            cells: [pick(w.name), <code key="id">{w.id}</code>, <code key="el">{`<${w.element}>`}</code>, <GuideText key="u" text={pick(w.use)} />],
          }))}
        />
      );
    case 'params':
      return (
        <>
          <ParamTable group="lab" ctx={ctx} />
          <ParamTable group="embed" ctx={ctx} />
        </>
      );
  }
}
