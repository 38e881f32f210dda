import { describe, expect, it } from 'vitest';
import { retrieve } from '../../src/api/retrieval.js';
import { makeRepo } from '../helpers/repo.js';

/**
 * An editor UI: the dialog, the fullscreen toggle and the keyboard handler all speak of modals,
 * escape and fullscreen at length; `Modal.tsx`, the file the change is about, is small and says
 * "modal" only in its name and one class name. Plain BM25F ranks it under every file that uses
 * the word; the title naming it is the evidence.
 */
const editor = {
  'package.json': JSON.stringify({ name: 'editor', type: 'module' }),
  'src/components/Modal.tsx':
    "export function Modal(props: { children: string }) {\n  return '<div class=\"overlay\">' + props.children + '</div>';\n}\n",
  'src/components/Dialog.tsx': `${'// A dialog is shown as a modal: esc closes the modal, fullscreen keeps it open.\n'.repeat(6)}export function Dialog() {\n  return 'modal open fullscreen esc';\n}\n`,
  'src/components/Fullscreen.tsx': `${'// Fullscreen mode: esc exits fullscreen unless a modal is open on macos.\n'.repeat(5)}export function toggleFullscreen() {}\n`,
  'src/keyboard.ts': `${'// Keys: esc, enter; esc leaves fullscreen; an open modal takes esc first.\n'.repeat(5)}export function onKey() {}\n`,
  'src/components/Menu.tsx': `${'// The menu opens as a modal on small screens; esc closes it.\n'.repeat(4)}export function Menu() {}\n`,
  'src/utils.ts':
    '// Helpers for the modal and the menu.\nexport function clamp(value: number) {\n  return value;\n}\n',
  'src/index.ts': "export { Modal } from './components/Modal.js';\n",
};

describe('files named after a word of the title', () => {
  it('ranks the file the title names by its name, with the reason', async () => {
    const root = makeRepo(editor);
    const result = await retrieve('fix: prevent esc from exiting fullscreen on macos when modal open', root, {
      top: 10,
    });
    const paths = result.files.map((file) => file.path);
    const modalRank = paths.indexOf('src/components/Modal.tsx');
    expect(modalRank).toBeGreaterThanOrEqual(0);
    // Above the menu, which says "modal" and "esc" four times over (it ranks above Modal.tsx without this signal).
    expect(modalRank).toBeLessThan(paths.indexOf('src/components/Menu.tsx'));
    const modal = result.files.find((file) => file.path === 'src/components/Modal.tsx')!;
    expect(modal.signals.named).toBeGreaterThan(0);
    expect(modal.reasons.join('\n')).toMatch(/named after "modal", a word of the title/);
  });

  it('matches plurals both ways, and leaves names every folder has alone', async () => {
    const root = makeRepo({
      ...editor,
      'src/hooks.ts':
        'export function runAll(list: Array<() => void>) {\n  for (const run of list) run();\n}\n',
    });
    const result = await retrieve('Run the async hook once per utils index change', root, { top: 20 });
    const byPath = new Map(result.files.map((file) => [file.path, file]));
    expect(byPath.get('src/hooks.ts')?.signals.named).toBeGreaterThan(0);
    expect(byPath.get('src/utils.ts')?.signals.named ?? 0).toBe(0);
    expect(byPath.get('src/index.ts')?.signals.named ?? 0).toBe(0);
  });

  it('reads the title only: the same word in the body names no file', async () => {
    const root = makeRepo(editor);
    const named = async (task: string) =>
      (await retrieve(task, root, { top: 10 })).files.find((file) => file.path === 'src/components/Modal.tsx')
        ?.signals.named ?? 0;
    expect(await named('Keep fullscreen when esc is pressed over a modal')).toBeGreaterThan(0);
    expect(await named('Keep fullscreen when esc is pressed\n\nThe modal stays open.')).toBe(0);
  });
});
