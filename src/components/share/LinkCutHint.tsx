import { useT } from '../../i18n/translate';
import type { LinkCutPart } from '../../state/url/linkCut';

/** One sentence per part of the view a link carries only in part ("keeps only the first 512 of the 2000 characters"). */
export function LinkCutHint({ parts }: { readonly parts: readonly LinkCutPart[] }) {
  const t = useT();
  return parts.map(({ part, kept, total }) => (
    <p key={part} className="share-hint" data-cut={part}>
      {t(`share.cut.${part}`, { kept, total })}
    </p>
  ));
}
