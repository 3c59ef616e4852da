import { useEffect, useRef, type MouseEvent } from 'react';
import { translate } from '../i18n/translate';
import { useUi } from '../state/uiStore';
import { GUIDE_HREF, navigate } from '../shared/route';
import { useStoresSearch } from '../state/url/urlSync';
import { GUIDE_BACK, GUIDE_BASE_NOTE, GUIDE_CONTENTS_LABEL, GUIDE_LEDE, GUIDE_SECTIONS, GUIDE_TITLE } from './content';
import { GuideBlockView, type GuideContext } from './GuideBlocks';
import type { Bi } from './types';
import './guide.css';

export interface GuidePageProps {
  /** The address of this copy of the lab, ending in '/'; default: resolved from document.baseURI. */
  readonly base?: string;
}

const sectionId = (id: string): string => `guide-${id}`;

/**
 * The instructor guide (#/guide): how to embed widgets, host the build and talk to an embed, and every
 * parameter. Content is bilingual data (content.ts, params.ts); this only lays it out.
 */
export function GuidePage({ base }: GuidePageProps) {
  const locale = useUi((s) => s.locale);
  const pick = (text: Bi): string => text[locale];
  const heading = useRef<HTMLHeadingElement>(null);
  // The lab's settings as the address bar holds them (held under 8 KB), not whatever the page was opened with.
  const labSearch = useStoresSearch();
  const resolved = base ?? new URL('./', document.baseURI).href;
  const ctx: GuideContext = { pick, base: resolved, origin: new URL(resolved).origin };

  useEffect(() => {
    document.title = `${GUIDE_TITLE[locale]} · ${translate(locale, 'app.title')}`;
  }, [locale]);
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
    // Opening the guide is a page change: focus its title.
    heading.current?.focus({ preventScroll: true });
  }, []);

  // In-page links cannot use #ids (the hash is the route): scroll to the section and focus its heading instead.
  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string): void => {
    const target = document.getElementById(sectionId(id));
    if (target === null) return;
    event.preventDefault();
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  const backToLab = (event: MouseEvent<HTMLAnchorElement>): void => {
    event.preventDefault();
    navigate({ kind: 'lab' });
  };

  return (
    <article className="guide" aria-labelledby="guide-title">
      <p className="guide-back">
        <a href={`${window.location.pathname}${labSearch}`} onClick={backToLab}>
          ← {pick(GUIDE_BACK)}
        </a>
      </p>
      <h2 id="guide-title" tabIndex={-1} ref={heading}>
        {pick(GUIDE_TITLE)}
      </h2>
      <p className="guide-lede">{pick(GUIDE_LEDE)}</p>
      <nav className="guide-contents" aria-label={pick(GUIDE_CONTENTS_LABEL)}>
        <p aria-hidden="true">{pick(GUIDE_CONTENTS_LABEL)}</p>
        <ol>
          {GUIDE_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={GUIDE_HREF} onClick={(e) => jump(e, s.id)}>
                {pick(s.title)}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <p className="guide-note">{pick(GUIDE_BASE_NOTE)}</p>
      {GUIDE_SECTIONS.map((s) => (
        <section key={s.id} className="guide-section" aria-labelledby={sectionId(s.id)}>
          <h3 id={sectionId(s.id)} tabIndex={-1}>
            {pick(s.title)}
          </h3>
          {s.blocks.map((block, i) => (
            <GuideBlockView key={i} block={block} ctx={ctx} />
          ))}
        </section>
      ))}
    </article>
  );
}
