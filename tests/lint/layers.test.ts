// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/*
 * The layer rule in eslint.config.js (no-restricted-imports, one regex per folder depth) must report an import
 * that runs up or sideways from every layer, and leave allowed ones alone. The files need not exist: lintText
 * applies the config for the path it is given. One ESLint instance for every case (loading the config is the slow part).
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// [file, import statement]
const FORBIDDEN: readonly (readonly [string, string])[] = [
  ['src/engine/probe.ts', "import '../state/labStore';"],
  ['src/engine/train/probe.ts', "import '../../i18n/translate';"],
  ['src/engine/probe.ts', "import 'react';"],
  ['src/engine/run/probe.ts', "import '../../models/registry';"],
  // A model kind does not read the lab's settings or draw: the pipeline hands it a request.
  ['src/models/probe.ts', "import '../state/labStore';"],
  ['src/models/gpt2/probe.ts', "import '../../components/model/ModelPicker';"],
  // What the student chose does not depend on the run made from it.
  ['src/state/probe.ts', "import '../run/labRunSource';"],
  ['src/state/probe.ts', "import '../components/heatmap';"],
  ['src/state/probe.ts', "import '../i18n/translate';"],
  ['src/i18n/probe.ts', "import '../components/share/share.messages';"],
  ['src/i18n/probe.ts', "import '../shared/route';"],
  ['src/shared/probe.ts', "import '../components/walkthrough/StepCard';"],
  ['src/shared/probe.ts', "import '../lessons/types';"],
  ['src/components/controls/probe.tsx', "import '../../lessons/LessonPage';"],
  ['src/components/share/probe.ts', "import type { EmbedWidget } from '../../widgets/EmbedWidget';"],
  ['src/components/share/probe.ts', "export { navigate } from '../../guide/GuidePage';"],
  ['src/components/probe.tsx', "import '../App';"],
  ['src/lessons/probe.ts', "import '../widgets/EmbedApp';"],
  ['src/lessons/widgets/probe.tsx', "import '../../widgets/EmbedApp';"],
  ['src/lessons/content/probe.ts', "import '../../playground/playgroundStore';"],
  ['src/widgets/probe.tsx', "import '../lessons/widgets/WalkthroughStep';"],
  ['src/widgets/elements/probe.ts', "import '../../styles.css';"],
  ['src/widgets/probe.tsx', "import '../messages';"],
  ['src/guide/probe.ts', "import '../playground/components';"],
  ['src/playground/components/probe.tsx', "import '../../lessons/LessonBlocks';"],
  ['src/playground/probe.ts', "import '../guide';"],
];

const ALLOWED: readonly (readonly [string, string])[] = [
  ['src/engine/train/probe.ts', "import '../matrix';"],
  ['src/state/probe.ts', "import '../engine';"],
  ['src/models/trained/probe.ts', "import '../../engine';"],
  ['src/state/probe.ts', "import '../models/registry';"],
  ['src/run/probe.ts', "import '../state/labStore';"],
  ['src/components/probe.tsx', "import '../run/useLabComputation';"],
  ['src/components/model/probe.tsx', "import '../../models/modelStatus';"],
  ['src/i18n/probe.ts', "import '../state/locale';"],
  ['src/shared/probe.ts', "import '../i18n/translate';"],
  ['src/components/controls/probe.tsx', "import '../../shared/route';"],
  ['src/components/controls/probe.tsx', "import './LanguageSwitch';"],
  // lessons/widgets is the lessons' own folder, whatever its name.
  ['src/lessons/probe.ts', "import './widgets/registry';"],
  ['src/lessons/content/probe.ts', "import '../widgets/registry';"],
  ['src/lessons/widgets/probe.tsx', "import '../../components/walkthrough/StepCard';"],
  ['src/playground/components/probe.tsx', "import '../../components/heatmap';"],
  ['src/guide/probe.ts', "import '../shared/embedContract';"],
  ['src/probe.tsx', "import './lessons/LessonsArea';"],
  ['src/probe.tsx', "import './widgets/EmbedApp';"],
  ['tests/probe.test.ts', "import '../src/lessons/LessonsArea';"],
  ['scripts/probe.ts', "import '../src/widgets/EmbedApp';"],
];

// Only the engine assembles a forward pass: the parts of one may not be imported above src/engine (same rule, one
// more pattern per depth), whether named, as a namespace or re-exported. [file, import statement]
const FORWARD_PASS_PARTS: readonly (readonly [string, string])[] = [
  ['src/lessons/widgets/probe.ts', "import { embedTokens } from '../../engine';"],
  ['src/lessons/widgets/probe.ts', "import { addPositionalEncoding, tokenize } from '../../engine';"],
  ['src/lessons/probe.ts', "import { createModel } from '../engine/model';"],
  ['src/lessons/content/probe.ts', "import { embedTokens } from '../../engine/embedding';"],
  ['src/widgets/elements/probe.ts', "import { addPositionalEncoding } from '../../engine/positionalEncoding';"],
  ['src/components/controls/probe.tsx', "import * as engine from '../../engine';"],
  ['src/components/probe.tsx', "export { createModel } from '../engine/index';"],
  ['src/guide/probe.ts', "import { createModel } from '../engine';"],
  ['src/playground/components/probe.tsx', "import { embedTokens } from '../../engine';"],
  ['src/state/probe.ts', "import { createModel } from '../engine';"],
];

const FORWARD_PASS_ALLOWED: readonly (readonly [string, string])[] = [
  ['src/lessons/widgets/probe.ts', "import { encoderModel, tokenize, type ModelConfig } from '../../engine';"],
  ['src/lessons/widgets/probe.tsx', "import { kvCacheRun } from '../../engine/decoding';"],
  ['src/components/probe.tsx', "import type { ModelConfig } from '../engine/model';"],
  ['src/engine/run/probe.ts', "import { embedTokens } from '../embedding';"],
  ['src/engine/decoding/probe.ts', "import { createModel } from '../model';"],
  ['src/engine/probe.ts', "import { addPositionalEncoding } from './positionalEncoding';"],
  ['tests/engine/probe.test.ts', "import { createModel, embedTokens } from '../../src/engine';"],
];

describe('forward-pass parts lint rule', () => {
  it.each(FORWARD_PASS_PARTS)('reports %s: %s', async (file, code) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Only src/engine assembles a forward pass');
  });

  it.each(FORWARD_PASS_ALLOWED)('allows %s: %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe('layer lint rule', () => {
  it.each(FORBIDDEN)('reports %s: %s', async (file, code) => {
    const errors = await layerErrors(file, code);
    expect(errors).toHaveLength(1);
  });

  it('says the rule in its message', async () => {
    const [message] = await layerErrors('src/components/controls/probe.tsx', "import '../../lessons/LessonPage';");
    expect(message).toContain('src/components may import only engine, models, state, run, i18n, shared, components');
  });

  it.each(ALLOWED)('allows %s: %s', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});

describe('views do not run the model', () => {
  async function viewErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\n`, { filePath });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it.each([
    ['src/components/probe.ts', 'declare const run: { model: { run(x: object): void } };\nrun.model.run({});'],
    ['src/lessons/widgets/probe.ts', 'declare const model: { runIds(x: number[]): void };\nmodel.runIds([1]);'],
    ['src/components/generation/probe.ts', "import { generate } from '../../engine/decoding';\ngenerate({} as never, 'x', { steps: 1, strategy: 'greedy' });"],
  ])('reports %s', async (file, code) => {
    expect(await viewErrors(file, code)).toHaveLength(1);
  });

  it('lets the state layer run and generate', async () => {
    expect(await viewErrors('src/state/generation/probe.ts', "import { generate } from '../../engine/decoding';\ngenerate({} as never, 'x', { steps: 1, strategy: 'greedy' });")).toEqual([]);
  });
});
