/**
 * `.agent-context/cache/central.json`: the units the last build chose its central modules from
 * (`CentralChoice`), under the hashes of the graph and ranking they were counted from, so the next `update`
 * whose ranking stands lists them again without counting the importers of every unit. A cache:
 * missing, unreadable or of another graph, and the units are counted again.
 */
import { readCacheJson, writeFileAtomic } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import type { CentralChoice } from './central.js';
import type { ContextManifest } from './manifest.js';

const CENTRAL_CACHE_SCHEMA_VERSION = 1;

/** A choice and `builtFrom()` of the build that made it. */
export interface KeptCentral {
  builtFrom: string;
  choice: CentralChoice;
}

/** The graph and ranking a build's manifest records: what its choice was counted from. */
export function builtFrom(manifest: ContextManifest): string {
  return `${manifest.hashes.graph} ${manifest.outputs[layout.ranking] ?? ''}`;
}

/** The kept choice when the build `manifest` records made it. */
export async function readKeptCentral(
  root: string,
  manifest: ContextManifest,
): Promise<KeptCentral | undefined> {
  const from = builtFrom(manifest);
  const parsed = (await readCacheJson(absolutePath(root, layout.centralCache))) as
    | { schemaVersion?: unknown; builtFrom?: unknown; choice?: Partial<CentralChoice> }
    | undefined;
  if (parsed?.schemaVersion !== CENTRAL_CACHE_SCHEMA_VERSION || parsed.builtFrom !== from) return undefined;
  const { choice } = parsed;
  if (typeof choice?.basis !== 'string' || !Array.isArray(choice.units)) return undefined;
  const wellFormed = choice.units.every(
    (unit) =>
      typeof unit?.key === 'string' &&
      typeof unit.importers === 'number' &&
      (unit.entry === undefined || typeof unit.entry === 'string'),
  );
  return wellFormed ? { builtFrom: from, choice: choice as CentralChoice } : undefined;
}

/** A build's choice, and whether the cache already holds exactly it (the one it reused, as read). */
export interface BuiltCentral {
  kept: KeptCentral;
  cached: boolean;
}

/** This build's choice as the cache will hold it; `previous` is the kept one it was offered. */
export function builtCentral(
  manifest: ContextManifest,
  choice: CentralChoice,
  previous: KeptCentral | undefined,
): BuiltCentral {
  const kept = { builtFrom: builtFrom(manifest), choice };
  return { kept, cached: previous?.builtFrom === kept.builtFrom && previous.choice === choice };
}

export async function saveKeptCentral(root: string, central: BuiltCentral): Promise<void> {
  if (central.cached) return;
  const document = { schemaVersion: CENTRAL_CACHE_SCHEMA_VERSION, ...central.kept };
  await writeFileAtomic(absolutePath(root, layout.centralCache), JSON.stringify(document));
}
