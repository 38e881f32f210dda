/** Reading repository files inside the guard: a missing file is a fact (undefined), an unreadable one a clear error. */

import { inputError } from '../../shared/errors.js';
import { isMissing, readTextSync } from '../../shared/fs.js';
import { absolutePath } from '../../shared/path.js';

export function readRepositoryFile(root: string, path: string): string | undefined {
  try {
    return readTextSync(absolutePath(root, path));
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    throw inputError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`, {
      file: path,
    });
  }
}
