/**
 * A project's one-sentence description, from the ecosystem's own declarations first: the root
 * manifest's description, the main package's, a Go root package's doc comment ("Package gin
 * implements ..."); else the README's first prose paragraph (badges, banners, front matter,
 * HTML, callouts and release announcements left out).
 */
import { leadingSentence, oneLine } from '../index/lines.js';
import { proseBlocks } from '../index/prose.js';
import type { IndexedFile } from '../index/types.js';
import { mainPackage } from '../scan/packages.js';
import type { ProjectFacts } from '../scan/project.js';

export interface Description {
  text: string;
  /** Where it was read: `package.json#description`, `doc.go:1`, `README.md:12`. */
  source: string;
}

const MAX_LENGTH = 240;
/** A section announcing a release or news, not describing the project. */
const ANNOUNCEMENT =
  /\b(v?\d+\.\d+(\.\d+)?|releases?|released|announc\w*|news|now available|sponsors?|backers?)\b/i;

export function describeProject(
  project: ProjectFacts,
  files: readonly IndexedFile[],
  readme: { path: string; text: string } | undefined,
): Description {
  const root = project.packages.find((entry) => entry.path === '.');
  const main = mainPackage(project.packages);
  const declared = [
    project.description
      ? { text: project.description, source: `${root?.manifest ?? 'manifest'}#description` }
      : undefined,
    root?.description ? { text: root.description, source: `${root.manifest}#description` } : undefined,
    main?.description ? { text: main.description, source: `${main.manifest}#description` } : undefined,
    goPackageDoc(files),
    readme ? readmeDescription(readme.path, readme.text) : undefined,
  ];
  const found = declared.find((entry) => entry && entry.text.trim().length > 0);
  return found
    ? { text: oneLine(found.text, MAX_LENGTH), source: found.source }
    : { text: '', source: 'none' };
}

/** The root Go package's doc comment: the package's own description. */
function goPackageDoc(files: readonly IndexedFile[]): Description | undefined {
  const doc = files.find(
    (file) =>
      file.language === 'go' &&
      file.kind === 'source' &&
      !file.path.includes('/') &&
      file.summary.source === 'module-doc' &&
      /^Package \w+ /.test(file.summary.text),
  );
  return doc ? { text: doc.summary.text, source: `${doc.path}:${doc.summary.line ?? 1}` } : undefined;
}

/** The first prose paragraph that is not under an announcement heading; its first sentence when that says enough. */
export function readmeDescription(path: string, text: string): Description | undefined {
  let announcement = false;
  for (const block of proseBlocks(text, 200)) {
    if (block.kind === 'heading') {
      announcement = block.level > 1 && ANNOUNCEMENT.test(block.text);
      continue;
    }
    if (announcement || block.text.length < 20 || !/\s/.test(block.text)) continue;
    const sentence = leadingSentence(block.text);
    const chosen = sentence && sentence.length >= 20 ? sentence : block.text;
    return { text: chosen, source: `${path}:${block.line}` };
  }
  return undefined;
}
