/**
 * A long-lived session over one repository: loads the built context once and serves queries
 * from memory, refreshing only when the tree changed. For servers (MCP) and editor plugins.
 */

import { explainFile, type FileExplanation } from '../context/explain.js';
import { type LoadedContext, loadBuiltContext } from '../context/load.js';
import { readManifest } from '../context/manifest.js';
import { resolveAbsolute } from '../shared/path.js';
import { status, update } from './context.js';

export class ContextSession {
  readonly root: string;
  private context: LoadedContext | undefined;
  private loadedSourceHash: string | undefined;

  constructor(directory = '.') {
    this.root = resolveAbsolute(directory);
  }

  /** The current context, refreshed when sources changed since it was loaded. */
  async current(): Promise<LoadedContext> {
    const state = await status(this.root);
    if (state.freshness !== 'fresh') await update(this.root);
    const manifestHash = (await readManifest(this.root))?.hashes.source;
    if (!this.context || manifestHash !== this.loadedSourceHash) {
      this.context = await loadBuiltContext(this.root);
      this.loadedSourceHash = this.context?.manifest.hashes.source;
    }
    return this.context!;
  }

  async explain(file: string): Promise<FileExplanation> {
    return explainFile(await this.current(), file);
  }
}

export function openSession(directory = '.'): ContextSession {
  return new ContextSession(directory);
}
