import { useLab } from '../../state/labStore';

export function SentenceInput() {
  const text = useLab((s) => s.text);
  const set = useLab((s) => s.set);
  return (
    <label className="sentence">
      Your sentence (English or 中文)
      <textarea value={text} rows={2} maxLength={20000} onChange={(e) => set({ text: e.target.value })} />
    </label>
  );
}
