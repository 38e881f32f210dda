import { describe, expect, it } from 'vitest';
import { retrieve } from '../../src/api/retrieval.js';
import { commitAll, makeRepo, writeTree } from '../helpers/repo.js';

/**
 * A small UI app: widgets, each with its own words, and `src/app.ts`, the shell that wires every
 * widget in and so changes with every widget change (a hub). Nothing in the shell speaks of
 * sliders, it changes too often for the symmetric co-change reading to single it out, and no past
 * message reads like the task (no similar commit votes for it).
 */
const widgets = ['slider', 'button', 'menu', 'dialog', 'tooltip', 'tabs'];
const app = {
  'package.json': JSON.stringify({ name: 'widgets', type: 'module' }),
  'src/app.ts': `export const shell = { mounted: [] as string[] };\n`,
  'src/widgets/slider.ts':
    '/** A slider: a thumb dragged along a track between min and max. */\nexport function clampThumb(value: number, min: number, max: number): number {\n  return Math.min(max, Math.max(min, value));\n}\n',
  'src/widgets/button.ts': '/** A button that can be pressed. */\nexport function press(): void {}\n',
  'src/widgets/menu.ts': '/** A menu of items. */\nexport function openMenu(): void {}\n',
  'src/widgets/dialog.ts': '/** A modal dialog. */\nexport function openDialog(): void {}\n',
  'src/widgets/tooltip.ts': '/** A tooltip near its anchor. */\nexport function placeTooltip(): void {}\n',
  'src/widgets/tabs.ts': '/** Tabs switch panels. */\nexport function selectTab(): void {}\n',
  'src/widgets/track.ts':
    '/** Draws the track of a range input, its min and max ends. */\nexport function drawTrack(): void {}\n',
};

/** Every widget change also registers something in the shell; the slider changed in five commits (the first included). */
function appWithHistory(): string {
  const root = makeRepo(app);
  const changes = ['slider', ...widgets, 'slider', 'menu', 'slider', 'dialog', 'button'];
  changes.forEach((widget, index) => {
    writeTree(root, {
      [`src/widgets/${widget}.ts`]: `${app[`src/widgets/${widget}.ts` as keyof typeof app]}// change ${index}\n`,
      'src/app.ts': `${app['src/app.ts']}// mounted ${index}\n`,
    });
    commitAll(root, `Change number ${index}`);
  });
  return root;
}

describe('companions of the best hit', () => {
  it('ranks the hub a change to the best hit usually brings right after it, and says why', async () => {
    const root = appWithHistory();
    const result = await retrieve('the slider thumb jumps past max when dragged', root, { top: 10 });
    const paths = result.files.map((file) => file.path);
    expect(paths[0]).toBe('src/widgets/slider.ts');
    expect(paths[1]).toBe('src/app.ts');
    const shell = result.files[1]!;
    expect(shell.signals.companion).toBeGreaterThan(0);
    expect(shell.reasons.join('\n')).toMatch(
      /changed in 5 of the 5 commits that changed src\/widgets\/slider\.ts/,
    );
  });

  it('needs two shared commits: a file that changed with the best hit once is no companion', async () => {
    const root = appWithHistory();
    writeTree(root, {
      'src/widgets/tabs.ts': `${app['src/widgets/tabs.ts']}// with the slider\n`,
      'src/widgets/slider.ts': `${app['src/widgets/slider.ts']}// with the tabs\n`,
    });
    commitAll(root, 'Tabs hold a slider');
    const result = await retrieve('the slider thumb jumps past max when dragged', root, { top: 10 });
    const tabs = result.files.find((file) => file.path === 'src/widgets/tabs.ts');
    expect(tabs?.reasons.join('\n') ?? '').not.toMatch(/commits that changed src\/widgets\/slider\.ts/);
    expect(result.files.find((file) => file.path === 'src/app.ts')?.signals.companion).toBeGreaterThan(0);
  });
});
