/** The lesson store's surface (`.agent-context/memory/`), used by context, task packs, reflection and the CLI. */
export { LESSON_LINE, parseIndexEntries, servedLine, summarize } from './index-file.js';
export * from './known-issues.js';
export {
  type Lesson,
  type LessonKind,
  type LessonSource,
  lessonKinds,
  normalizeLessonId,
  parseLessonKind,
} from './lesson-file.js';
export * from './lesson-store.js';
export { type ReflectionOutcomeNote, recordReflectionOutcome } from './notes.js';
export * from './proposals.js';
export * from './relevance.js';
export { redactOrRefuse, type ScanResult, type SecretFinding, scanSecrets } from './secrets.js';
export * from './served.js';
export { findServed, servedViews } from './serving.js';
export { contentHash, type MemoryOptions, memoryFiles, memoryPath, withMemory } from './store.js';
