import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useUi } from '../../state/uiStore';
import { settingsOf, useLab } from '../../state/labStore';
import { describeCut, type LinkCutPart } from '../../state/url/linkCut';
import { fitLinkSettings } from '../../state/url/urlState';

/** What the link to the current view (the address bar, "Copy link") leaves out; [] when it carries everything. */
export function useLinkCut(): readonly LinkCutPart[] {
  const settings = useLab(useShallow(settingsOf));
  const locale = useUi((s) => s.locale);
  return useMemo(() => describeCut(settings, fitLinkSettings(settings, locale)), [settings, locale]);
}
