// @vitest-environment node
// Golden fixtures that name a Hugging Face GPT-2 checkpoint (`"checkpoint"`: model.safetensors + config.json, made by
// scripts/golden/make_gpt2_checkpoints.py) instead of inlining weights: they pass through the engine's loader, and the
// runner refuses a fixture whose stated config disagrees with the checkpoint or whose files are missing.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkFile, listFixtureFiles } from '../../scripts/golden/runGolden';

const fixtureDir = join(__dirname, '..', 'fixtures');

interface CheckpointFixture {
  checkpoint: { safetensors: string; config: string };
  activation?: string;
  vocab_size?: number;
  expected: { logits: number[][] };
}

function load(name: string): CheckpointFixture {
  return JSON.parse(readFileSync(join(fixtureDir, name), 'utf8')) as CheckpointFixture;
}

/** Writes the fixture to a temporary directory, its checkpoint paths made absolute (or left as the edit set them). */
function checkElsewhere(fixture: CheckpointFixture): ReturnType<typeof checkFile> {
  const dir = mkdtempSync(join(tmpdir(), 'golden-gpt2-'));
  const file = join(dir, 'edited.json');
  writeFileSync(file, JSON.stringify(fixture));
  return checkFile(file);
}

function absolute(fixture: CheckpointFixture): CheckpointFixture {
  fixture.checkpoint = { safetensors: join(fixtureDir, fixture.checkpoint.safetensors), config: join(fixtureDir, fixture.checkpoint.config) };
  return fixture;
}

describe('golden fixtures of Hugging Face GPT-2 checkpoints', () => {
  const files = listFixtureFiles(fixtureDir).filter((f) => /[/\\]gpt2_[^/\\]*\.json$/.test(f));

  it('cover F32 (with buffers), F16, BF16 and a prefixed untied checkpoint, and every one passes', () => {
    const used = new Set(files.map((f) => (JSON.parse(readFileSync(f, 'utf8')) as CheckpointFixture).checkpoint.safetensors));
    expect([...used].sort()).toEqual(['gpt2/bf16/model.safetensors', 'gpt2/f16/model.safetensors', 'gpt2/f32/model.safetensors', 'gpt2/prefixed/model.safetensors']);
    for (const file of files) expect(checkFile(file)).toMatchObject({ ok: true });
  });

  it('fails a logit nudged by 1e-3', () => {
    const fixture = absolute(load('gpt2_f16.json'));
    fixture.expected.logits[3][5] += 1e-3;
    expect(checkElsewhere(fixture).text).toContain('logits[3][5]');
  });

  it('fails when run with another checkpoint of the same sizes', () => {
    const fixture = load('gpt2_f32.json');
    fixture.checkpoint = { safetensors: 'gpt2/f16/model.safetensors', config: 'gpt2/f16/config.json' };
    const line = checkElsewhere(absolute(fixture));
    expect(line.ok).toBe(false);
    expect(line.text).toContain('max_abs_error');
  });

  it('tells GPT-2\'s tanh GELU from exact GELU: a config saying "gelu" fails the logits', () => {
    const fixture = absolute(load('gpt2_prefixed_untied.json'));
    const config = JSON.parse(readFileSync(fixture.checkpoint.config, 'utf8')) as Record<string, unknown>;
    const dir = mkdtempSync(join(tmpdir(), 'golden-gpt2-config-'));
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...config, activation_function: 'gelu' }));
    fixture.checkpoint.config = join(dir, 'config.json');
    delete fixture.activation; // else the stated "gelu_tanh" refuses it before it runs
    const line = checkElsewhere(fixture);
    expect(line.ok).toBe(false);
    expect(line.text).toMatch(/FAIL edited\.json \(causal_lm.*logits\[/);
  });

  it('refuses a stated config field that disagrees with the checkpoint', () => {
    const fixture = absolute(load('gpt2_bf16.json'));
    fixture.vocab_size = 96;
    expect(checkElsewhere(fixture).text).toMatch(/not a valid fixture: "vocab_size" is 96 but .*model\.safetensors with .*config\.json has 97/);
  });

  it('names a missing checkpoint file, and refuses a malformed checkpoint field', () => {
    const missing = absolute(load('gpt2_f32.json'));
    missing.checkpoint.safetensors = 'gpt2/nowhere/model.safetensors';
    expect(checkElsewhere(missing).text).toMatch(/not a valid fixture: cannot read gpt2\/nowhere\/model\.safetensors/);
    const malformed = load('gpt2_f32.json') as unknown as { checkpoint: unknown };
    malformed.checkpoint = 'gpt2/f32/model.safetensors';
    expect(checkElsewhere(malformed as CheckpointFixture).text).toMatch(/not a valid fixture: "checkpoint" must be/);
  });
});
