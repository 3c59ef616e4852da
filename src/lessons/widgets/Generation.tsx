import { useState } from 'react';
import { GenerationPanel } from '../../components/generation';
import type { Locale } from '../../state/locale';
import { useUi } from '../../state/uiStore';
import type { WidgetProps } from '../types';

/** The prompt the widget opens on, in the interface language: the start of the lab's sentence in that language. */
export const DEFAULT_PROMPTS: Readonly<Record<Locale, string>> = {
  en: 'The animal did not cross the street because',
  zh: '那只动物没有过马路，因为',
};

/**
 * Lesson 12's generation widget. Config: prompt (string; default the start of the lab's sentence in the interface
 * language, DEFAULT_PROMPTS), tokens (number, 1–20; default 10). The prompt box shows what the student typed, else
 * the config's prompt, else the default, which follows the interface language until the student edits it.
 */
export function Generation({ config }: WidgetProps) {
  const locale = useUi((s) => s.locale);
  const [typed, setTyped] = useState<string | null>(null);
  const prompt = typed ?? (typeof config?.prompt === 'string' ? config.prompt : DEFAULT_PROMPTS[locale]);
  return <GenerationPanel prompt={prompt} onPromptChange={setTyped} initialTokens={typeof config?.tokens === 'number' ? config.tokens : undefined} />;
}
