/** A small padlock before "Locked by the page author" (decorative: the words say it). */
export function LockIcon() {
  return (
    <svg className="ev-lock__icon" width={10} height={12} viewBox="0 0 10 12" aria-hidden="true" focusable="false">
      <path d="M2.5 5V3.5a2.5 2.5 0 0 1 5 0V5" fill="none" stroke="currentColor" strokeWidth={1.4} />
      <rect x={0.5} y={5} width={9} height={6.5} rx={1.2} fill="currentColor" />
    </svg>
  );
}
