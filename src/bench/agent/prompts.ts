/**
 * What each mode hands the agent besides the bare task. The context a mode adds is built inside
 * the fresh copy and committed there as a second baseline, so the run's diff shows the agent's
 * changes only. Loop mode builds nothing here: the orchestrator prepares its own context.
 */
import { build } from '../../api/context.js';
import { task as writeTaskRun } from '../../api/task.js';
import type { EventBus } from '../../shared/events.js';
import { readTextIfExists } from '../../shared/fs.js';
import { joinPath } from '../../shared/path.js';
import type { AgentMode } from './modes.js';
import type { BenchmarkTask } from './suite.js';
import { commitAll } from './workspace.js';

export interface PreparedContext {
  prompt: string;
  /** The commit the run's changes are measured against. */
  baseline: string;
}

export async function prepareContext(
  task: BenchmarkTask,
  mode: AgentMode,
  tree: string,
  executor: string,
  bus: EventBus,
  cloned: string,
): Promise<PreparedContext> {
  if (mode === 'no-context' || mode === 'loop') return { prompt: task.task, baseline: cloned };
  if (mode === 'agents-md') {
    await build(tree, { bus });
    const agents = (await readTextIfExists(joinPath(tree, 'AGENTS.md'))) ?? '';
    return {
      prompt: agentsMdPrompt(task.task, agents),
      baseline: await commitAll(tree, 'benchmark context'),
    };
  }
  const run = await writeTaskRun(task.task, tree, { bus });
  const prompt =
    (await readTextIfExists(joinPath(tree, run.runDir, `prompt.${executor}.md`))) ??
    (await packPrompt(task.task, joinPath(tree, run.runDir)));
  return { prompt, baseline: await commitAll(tree, 'benchmark context') };
}

function agentsMdPrompt(task: string, agents: string): string {
  return `${task}\n\n---\n\nThe repository's AGENTS.md (project context):\n\n${agents.trim()}\n`;
}

/** For executors without a prompt of their own in the task run: the pack and the edit boundary. */
async function packPrompt(task: string, runDirectory: string): Promise<string> {
  const pack = (await readTextIfExists(joinPath(runDirectory, 'pack.md'))) ?? '';
  const boundary = (await readTextIfExists(joinPath(runDirectory, 'edit-boundary.md'))) ?? '';
  return `${task}\n\n---\n\n${pack.trim()}\n\n---\n\n${boundary.trim()}\n`;
}
