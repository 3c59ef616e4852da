/**
 * The `lab` attribute of an element: where its "Open in Attention Lab" link goes. By default that is the lab next to
 * the widgets script; a copy of the script on a course site (the "Download for your site" archive) has no lab beside
 * it, so its example page names the lab it came from. Only an absolute http(s) address is taken: the value ends up
 * in a link's href, and `javascript:` or a relative path must not.
 */
export const LAB_ATTRIBUTE = 'lab';

export function labAddress(value: string | null): string | null {
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}
