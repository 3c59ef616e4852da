import { useCallback, useEffect, useRef, useState } from 'react';
import { useUi } from '../../state/uiStore';
import { downloadBlob } from '../export/download';
import { fetchSiteFiles, SiteFetchError, type SiteFetchFailure, type SiteFetchProgress } from './fetchSiteFiles';
import { SITE_ARCHIVE_NAME, SITE_SCRIPT_PATH } from './siteArchive';
import { siteArchiveFor } from './siteArchiveFor';
import { siteTarget } from './sitePage';

/*
 * "Download for your site": fetch the files from the app's folder, zip them with the example page and the README,
 * save the zip. The steps are functions elsewhere (fetchSiteFiles, siteArchiveFor); this hook holds the phase the
 * button shows.
 */

export type SiteDownloadFailure = SiteFetchFailure | { readonly kind: 'pack'; readonly reason: string };

export type SiteDownloadState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'fetching'; readonly progress: SiteFetchProgress }
  | { readonly phase: 'packing' }
  | { readonly phase: 'saved' }
  | { readonly phase: 'failed'; readonly failure: SiteDownloadFailure };

/**
 * A little over one frame, so the browser paints "Packing…" before the synchronous zip (about half a second for
 * the script). Not requestAnimationFrame: it never fires in a background tab, and the download would stall there.
 */
const aFrame = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 20));

export function useSiteDownload(embedLink: string): { readonly state: SiteDownloadState; readonly start: () => void } {
  const [state, setState] = useState<SiteDownloadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Closing the dialog mid-download stops the fetches; nothing is saved and no state is set afterwards.
  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(() => {
    if (running.current !== null) return;
    const controller = new AbortController();
    running.current = controller;
    // The link as it is now: the dialog's choices may change while the files arrive.
    const target = siteTarget(embedLink, useUi.getState().locale);
    setState({ phase: 'fetching', progress: { file: SITE_SCRIPT_PATH, received: 0, total: null } });
    void (async () => {
      try {
        const fetched = await fetchSiteFiles(target.base, (progress) => setState({ phase: 'fetching', progress }), { signal: controller.signal });
        setState({ phase: 'packing' });
        await aFrame();
        if (controller.signal.aborted) return;
        const bytes = siteArchiveFor(target, fetched, new Date());
        downloadBlob(SITE_ARCHIVE_NAME, new Blob([bytes], { type: 'application/zip' }));
        setState({ phase: 'saved' });
      } catch (error) {
        if (controller.signal.aborted) return;
        // Anything but a named file is the zip's own failure (the files were all there).
        if (error instanceof SiteFetchError) setState({ phase: 'failed', failure: error.failure });
        else setState({ phase: 'failed', failure: { kind: 'pack', reason: error instanceof Error ? error.message : String(error) } });
      } finally {
        if (running.current === controller) running.current = null;
      }
    })();
  }, [embedLink]);

  return { state, start };
}
