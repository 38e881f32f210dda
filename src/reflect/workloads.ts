/**
 * Depth caps by kind of work, as a plain map: the longer and more autonomous the work, the more
 * rounds of reflection it may take before a person is asked. Config may override the cap (never
 * above 10); `bug-hunting` runs autonomously and so also carries a cost cap by default.
 */
export const MAX_DEPTH_CAP = 10;

export interface WorkloadProfile {
  description: string;
  depthCap: number;
  /** Default spend after which the run escalates (model reflection only). */
  costCap?: { usd: number; tokens: number };
}

export const workloads = {
  interactive: { description: 'questions and answers over documents', depthCap: 2 },
  research: { description: 'synthesis across sources', depthCap: 3 },
  report: { description: 'several artifacts that form one deliverable', depthCap: 4 },
  coding: { description: 'long-horizon coding', depthCap: 5 },
  'bug-hunting': {
    description: 'autonomous search for defects (cap 5-7)',
    depthCap: 6,
    costCap: { usd: 5, tokens: 500_000 },
  },
} as const satisfies Record<string, WorkloadProfile>;

export type Workload = keyof typeof workloads;

export interface CapSettings {
  workload: Workload;
  depthCap?: number | undefined;
  maxCostUsd?: number | undefined;
  maxTokens?: number | undefined;
}

export interface ResolvedCaps {
  workload: Workload;
  depthCap: number;
  /** `workload` or `config`: where the depth cap came from. */
  depthCapSource: 'workload' | 'config';
  maxCostUsd: number | null;
  maxTokens: number | null;
}

export function resolveCaps(settings: CapSettings): ResolvedCaps {
  const profile: WorkloadProfile = workloads[settings.workload];
  const depthCap = Math.min(MAX_DEPTH_CAP, settings.depthCap ?? profile.depthCap);
  return {
    workload: settings.workload,
    depthCap,
    depthCapSource: settings.depthCap === undefined ? 'workload' : 'config',
    maxCostUsd: settings.maxCostUsd ?? profile.costCap?.usd ?? null,
    maxTokens: settings.maxTokens ?? profile.costCap?.tokens ?? null,
  };
}

export function isWorkload(value: string): value is Workload {
  return Object.hasOwn(workloads, value);
}
