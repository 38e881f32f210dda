/** Plan: the task run — pack, edit boundary, tests, prompts — written in the user's repository. */
import type { RunContext } from '../ports.js';

export interface PlanInput {
  task: string;
}

export interface PlanOutput {
  taskId: string;
  /** Repository-relative folder of the task run. */
  runDir: string;
}

export async function plan(context: RunContext, input: PlanInput): Promise<PlanOutput> {
  const run = await context.ports.task(input.task, context.home, context.bus);
  return { taskId: run.taskId, runDir: run.runDir };
}
