/** Where things live inside a user's repository (DESIGN.md §4). Posix paths relative to the root. */
export const CONTEXT_DIR = '.agent-context';

export const layout = {
  dir: CONTEXT_DIR,
  manifest: `${CONTEXT_DIR}/manifest.json`,
  /** Sharded by folder (src/context/shards.ts): `_head.json` and one `<shard>.json` per folder. */
  indexDir: `${CONTEXT_DIR}/index`,
  graphDir: `${CONTEXT_DIR}/graph`,
  project: `${CONTEXT_DIR}/project.json`,
  ranking: `${CONTEXT_DIR}/ranking.json`,
  summary: `${CONTEXT_DIR}/summary.md`,
  readiness: `${CONTEXT_DIR}/readiness.json`,
  savings: `${CONTEXT_DIR}/savings.json`,
  gitignore: `${CONTEXT_DIR}/.gitignore`,
  contracts: `${CONTEXT_DIR}/contracts`,
  memory: `${CONTEXT_DIR}/memory`,
  runs: `${CONTEXT_DIR}/runs`,
  traces: `${CONTEXT_DIR}/traces`,
  reflections: `${CONTEXT_DIR}/reflections`,
  reflection: `${CONTEXT_DIR}/reflection`,
  orchestrator: `${CONTEXT_DIR}/orchestrator`,
  delta: `${CONTEXT_DIR}/delta`,
  verifyJson: `${CONTEXT_DIR}/verify.json`,
  verifyMarkdown: `${CONTEXT_DIR}/verify.md`,
  cache: `${CONTEXT_DIR}/cache`,
  worktrees: `${CONTEXT_DIR}/worktrees`,
  lock: `${CONTEXT_DIR}/build`,
  tokenCache: `${CONTEXT_DIR}/cache/tokens.json`,
  statCache: `${CONTEXT_DIR}/cache/stat.json`,
  statCacheDelta: `${CONTEXT_DIR}/cache/stat-delta.json`,
  buildInfo: `${CONTEXT_DIR}/cache/build-info.json`,
  tallyCache: `${CONTEXT_DIR}/cache/tallies.json`,
  centralCache: `${CONTEXT_DIR}/cache/central.json`,
  indexKeysCache: `${CONTEXT_DIR}/cache/index-keys.json`,
} as const;

/** Machine-local parts of `.agent-context/`, kept out of git by the `.gitignore` we write. */
export const MACHINE_LOCAL = [
  'cache/',
  'worktrees/',
  '*.lock',
  '.*.tmp',
  // hook counters and the hook log are per machine; reflection reports are meant to be read and filed
  'reflection/sessions/',
  'reflection/log.jsonl',
  'reflection/transcripts/',
];
