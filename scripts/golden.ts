// npm run golden -- DIR [DIR|FILE …]: checks every PyTorch golden fixture, one line per file, then "N passed, N failed".
import { checkFile, listFixtureFiles, type GoldenLine } from './golden/runGolden';

function main(targets: string[]): number {
  if (targets.length === 0) {
    console.error('usage: npm run golden -- <directory or file of golden fixtures> [more …]');
    return 2;
  }
  const lines: GoldenLine[] = [];
  let problems = 0;
  for (const target of targets) {
    let files: string[];
    try {
      files = listFixtureFiles(target);
    } catch (err) {
      console.error(`FAIL ${target}: cannot read: ${(err as Error).message}`);
      problems++;
      continue;
    }
    if (files.length === 0) {
      console.error(`FAIL ${target}: no .json fixtures in this directory`);
      problems++;
    }
    for (const file of files) {
      const line = checkFile(file);
      console.log(line.text);
      lines.push(line);
    }
  }
  const passed = lines.filter((l) => l.ok).length;
  const failed = lines.length - passed + problems;
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
