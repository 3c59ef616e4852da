import { AttentionOverview } from './components/AttentionOverview';
import { SentenceInput } from './components/controls/SentenceInput';
import { SettingsPanel } from './components/controls/SettingsPanel';

export function App() {
  return (
    <main className="app">
      <header>
        <h1>Attention Lab</h1>
        <p className="lede">Multi-head self-attention computed in your browser for your own sentence — every head of every layer.</p>
      </header>
      <SentenceInput />
      <SettingsPanel />
      <AttentionOverview />
    </main>
  );
}
