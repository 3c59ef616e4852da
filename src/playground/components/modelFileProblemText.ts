import type { ModelFileProblem } from '../../engine/train/modelFileProblem';
import { isTaskName } from '../../engine/train/tasks';
import type { MessageKey } from '../../i18n/catalog';
import type { Translate } from '../../i18n/translate';

/**
 * Why a model file was refused, in the interface language: the message pg.file.<reason> (playground.messages.ts;
 * the type below fails to compile if a reason has none) with the problem's parameters and the file's name.
 * Task names are translated; every other value is shown as the engine quoted it (already cut short).
 */
export function modelFileProblemText(t: Translate, problem: ModelFileProblem, file: string): string {
  const key: MessageKey = `pg.file.${problem.reason}`;
  const params: Record<string, string | number> = { ...problem.params, file };
  if (problem.reason === 'other-task') {
    const task = (name: string): string => (isTaskName(name) ? t(`pg.task.${name}`) : name);
    params.task = task(problem.params.task);
    params.expected = task(problem.params.expected);
  }
  return t(key, params);
}
