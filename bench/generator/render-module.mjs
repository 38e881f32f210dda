/** The text of one module or test: JSDoc'd interfaces, classes and functions, padded to size. */
import { posix } from 'node:path';
import { moduleSize } from './plan.mjs';
import { camel, NOUNS, PROSE, pascal, singular, VERBS, WORDS } from './vocabulary.mjs';

function renderImports(module) {
  // The module's own declarations come first, so an import of the same name gets an alias.
  const own = [module.primary, module.recordType, module.optionsType, `${module.name}Inputs`];
  const seen = new Set(own);
  const lines = [];
  for (const entry of module.imports) {
    if (entry.kind !== 'static') continue;
    const names = entry.names.map((name) => uniqueLocal(name, seen));
    lines.push(`import ${entry.typeOnly ? 'type ' : ''}{ ${names.join(', ')} } from '${entry.specifier}';`);
  }
  return { lines, locals: [...seen].filter((name) => !own.includes(name)) };
}

/** `Name`, or `Name as Name2` when the file already has a local of that name. */
function uniqueLocal(name, seen) {
  const typePrefix = name.startsWith('type ') ? 'type ' : '';
  const bare = name.slice(typePrefix.length);
  let local = bare;
  for (let suffix = 2; seen.has(local); suffix++) local = `${bare}${suffix}`;
  seen.add(local);
  return local === bare ? name : `${typePrefix}${bare} as ${local}`;
}

export function renderModule(module, random) {
  const target = moduleSize(random);
  const { lines: importLines, locals } = renderImports(module);
  const externals = externalImportsFor(module, random);
  const out = [moduleDoc(module, random), ...externals, ...importLines];
  const requires = module.imports.filter((entry) => entry.kind === 'require');
  if (requires.length > 0) {
    out.push(
      `import { createRequire } from 'node:module';`,
      '',
      'const require = createRequire(import.meta.url);',
    );
    requires.forEach((entry, index) => {
      out.push(`/** Still CommonJS: shared with the batch jobs that have not moved to ESM. */`);
      out.push(`const legacy${index} = require('${entry.specifier}') as Record<string, unknown>;`);
    });
    out.push(`export const legacyHelpers = [${requires.map((_, index) => `legacy${index}`).join(', ')}];`);
  }
  out.push('', recordInterface(module), optionsInterface(module));
  if (locals.length > 0) out.push(collaborators(module, locals));
  out.push(primaryDeclaration(module, random));
  for (const entry of module.imports.filter((item) => item.kind === 'dynamic'))
    out.push(dynamicLoader(entry));
  let text = `${out.join('\n')}\n`;
  for (let block = 0; text.length < target; block++) text += `\n${extraBlock(module, block, random)}\n`;
  return text;
}

function moduleDoc(module, random) {
  const { feature } = module;
  return [
    '/**',
    ` * ${pascal(feature.name)} ${module.suffix} for the ${feature.area} ${feature.layer} layer.`,
    ' *',
    ` * ${random.pick(PROSE)}`,
    ` * ${random.pick(PROSE)}`,
    ' */',
  ].join('\n');
}

function externalImportsFor(module, random) {
  const lines = [];
  if (module.routes) lines.push(`import { Router } from 'express';`);
  else if (module.feature.layer === 'domain' && ['schema', 'validator'].includes(module.suffix))
    lines.push(`import { z } from 'zod';`);
  if (random.chance(0.15)) lines.push(`import { createHash } from 'node:crypto';`);
  return lines;
}

function recordInterface(module) {
  return [
    `/** One ${singular(module.feature.name)} as ${module.name} sees it. */`,
    `export interface ${module.recordType} {`,
    '  /** Stable id, unique within the account. */',
    '  id: string;',
    '  /** Amount in minor units. */',
    '  amount: number;',
    '  /** Inactive records are kept for history but skipped by every rule. */',
    '  active: boolean;',
    '  label: string;',
    '  tags: string[];',
    '  updatedAt: Date;',
    '}',
    '',
  ].join('\n');
}

function optionsInterface(module) {
  return [
    `/** Tuning for ${module.name}. */`,
    `export interface ${module.optionsType} {`,
    '  /** Upper bound on the summed amount; 0 disables the check. @default 0 */',
    '  limit: number;',
    '  /** Labels are trimmed to this length. @default 80 */',
    '  labelLength: number;',
    '}',
    '',
  ].join('\n');
}

function collaborators(module, locals) {
  const values = locals.filter((name) => !/(Record|Options)\d*$/.test(name));
  const types = locals.filter((name) => /(Record|Options)\d*$/.test(name));
  const lines = [];
  if (types.length > 0)
    lines.push(
      `/** Shapes this module accepts from its collaborators. */`,
      `export type ${module.name}Inputs = ${types.join(' | ')};`,
      '',
    );
  if (values.length > 0)
    lines.push(
      `/** Collaborators, listed once so a reader sees the dependencies at a glance. */`,
      `export const ${camel(module.base)}Collaborators = [${values.join(', ')}] as const;`,
      '',
    );
  return lines.join('\n');
}

function primaryDeclaration(module, random) {
  if (module.primaryKind === 'router') return routerDeclaration(module, random);
  if (module.primaryKind === 'class') return classDeclaration(module, random);
  return functionDeclaration(module.primary, module, random, true);
}

function routerDeclaration(module) {
  const base = `/${module.feature.area}/${module.feature.name}`;
  const service = module.imports.find((entry) => entry.kind === 'static' && !entry.typeOnly);
  const use = service ? `void ${service.names[0].replace(/^type /, '')};\n  ` : '';
  return [
    `/** HTTP routes for ${module.feature.area} ${module.feature.name}. */`,
    'export const router = Router();',
    '',
    `router.get('${base}', (_request, response) => {`,
    `  ${use}response.json({ items: [] });`,
    '});',
    `router.get('${base}/:id', (request, response) => {`,
    '  response.json({ id: request.params.id });',
    '});',
    `router.post('${base}', (request, response) => {`,
    '  response.status(201).json(request.body);',
    '});',
    `router.delete('${base}/:id', (_request, response) => {`,
    '  response.status(204).end();',
    '});',
    '',
  ].join('\n');
}

function classDeclaration(module, random) {
  const record = module.recordType;
  const lines = [
    '/**',
    ` * ${module.name}: keeps ${module.feature.name} in memory and applies the ${module.feature.area} rules.`,
    ` * ${random.pick(PROSE)}`,
    ' */',
    `export class ${module.name} {`,
    `  private readonly items = new Map<string, ${record}>();`,
    '',
    `  constructor(private readonly options: ${module.optionsType}) {}`,
    '',
    '  /** Adds or replaces a record by id. */',
    `  save(item: ${record}): void {`,
    '    this.items.set(item.id, { ...item, label: item.label.slice(0, this.options.labelLength) });',
    '  }',
    '',
    `  /** The record with this id, or undefined. */`,
    `  find(id: string): ${record} | undefined {`,
    '    return this.items.get(id);',
    '  }',
    '',
    '  /** Active records, in insertion order. */',
    `  active(): ${record}[] {`,
    '    return [...this.items.values()].filter((item) => item.active);',
    '  }',
    '',
    '  /** Sum of active amounts; throws when it passes the configured limit. */',
    '  total(): number {',
    '    const total = this.active().reduce((sum, item) => sum + item.amount, 0);',
    '    if (this.options.limit > 0 && total > this.options.limit) {',
    `      throw new Error(\`${module.name}: total \${total} exceeds \${this.options.limit}\`);`,
    '    }',
    '    return total;',
    '  }',
    '}',
    '',
  ];
  return lines.join('\n');
}

function functionDeclaration(name, module, random, exported) {
  const record = module.recordType;
  const statement = random.pick([
    [
      '  const active = items.filter((item) => item.active);',
      '  return active.map((item) => ({ ...item, label: item.label.trim() }));',
    ],
    [
      '  const seen = new Set<string>();',
      '  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));',
    ],
    [
      '  const sorted = [...items].sort((a, b) => a.amount - b.amount || a.id.localeCompare(b.id));',
      '  return sorted.slice(0, Math.max(1, options.limit || sorted.length));',
    ],
    [
      '  const byTag = new Map<string, number>();',
      '  for (const item of items) for (const tag of item.tags) byTag.set(tag, (byTag.get(tag) ?? 0) + item.amount);',
      '  return items.filter((item) => item.tags.every((tag) => (byTag.get(tag) ?? 0) >= 0));',
    ],
  ]);
  return [
    '/**',
    ` * ${pascal(random.pick(VERBS))}s ${module.feature.name} ${random.pick(NOUNS)} for ${module.feature.area}.`,
    ` * ${random.pick(PROSE)}`,
    ' * @param items records to read; never mutated',
    ' * @param options limits and label length',
    ' * @returns a new array',
    ' */',
    `${exported ? 'export ' : ''}function ${name}(items: readonly ${record}[], options: ${module.optionsType}): ${record}[] {`,
    ...statement,
    '}',
    '',
  ].join('\n');
}

function dynamicLoader(entry) {
  return [
    `/** Loaded on first use only: ${posix.basename(posix.dirname(entry.file))} is heavy and rarely needed here. */`,
    `export async function load${pascal(entry.target.base)}(): Promise<unknown> {`,
    `  const loaded = await import('${entry.specifier}');`,
    `  return loaded.${entry.target.primary};`,
    '}',
    '',
  ].join('\n');
}

/** Padding with substance: more documented functions, constants, interfaces and unions. */
function extraBlock(module, block, random) {
  const kind = block % 4;
  const tag = `${pascal(random.pick(NOUNS))}${block}`;
  if (kind === 0)
    return functionDeclaration(
      `${random.pick(VERBS)}${pascal(module.base)}${tag}`,
      module,
      random,
      random.chance(0.7),
    );
  if (kind === 1) {
    const fields = random.sample(WORDS, random.int(3, 8));
    return [
      `/** ${random.pick(PROSE)} */`,
      `export interface ${module.name}${tag} {`,
      ...fields.map(
        (field, index) =>
          `  /** The ${field} this ${singular(module.feature.name)} refers to. */\n  ${field}${index % 3 === 0 ? '?' : ''}: ${index % 2 === 0 ? 'string' : 'number'};`,
      ),
      '}',
    ].join('\n');
  }
  if (kind === 2) {
    const rows = Array.from(
      { length: random.int(3, 9) },
      (_, index) =>
        `  { code: '${module.suffix.toUpperCase()}_${index}', weight: ${random.int(1, 99)}, label: '${random.pick(WORDS)} ${random.pick(WORDS)}' },`,
    );
    return [
      `/** Default ${random.pick(WORDS)} table; order matters (first match wins). */`,
      `export const ${camel(module.base)}${tag}Table = [`,
      ...rows,
      '] as const;',
    ].join('\n');
  }
  const members = random.sample(WORDS, random.int(2, 6)).map((word) => `'${word}'`);
  return [
    `/** The ${random.pick(WORDS)} states a ${singular(module.feature.name)} can be in. */`,
    `export type ${module.name}${tag}State = ${members.join(' | ')};`,
  ].join('\n');
}

export function renderTest(module, random) {
  const target = random.int(600, 4_000);
  const entry = module.path.slice(module.path.lastIndexOf('/') + 1).replace(/\.ts$/, '.js');
  const imported = module.primaryKind === 'router' ? 'router' : module.primary;
  const lines = [
    `import { describe, expect, it } from 'vitest';`,
    `import { ${imported}, type ${module.recordType} } from './${entry}';`,
    '',
    `const sample = (id: string, amount: number, active = true): ${module.recordType} => ({`,
    `  id, amount, active, label: \` \${id} \`, tags: ['a'], updatedAt: new Date(0),`,
    '});',
    '',
    `describe('${module.name}', () => {`,
  ];
  let text = lines.join('\n');
  for (let index = 0; text.length < target - 10; index++) {
    text += `\n  it('handles case ${index}: ${random.pick(WORDS)} ${random.pick(NOUNS)}', () => {\n    const items = [sample('a${index}', ${random.int(1, 500)}), sample('b${index}', ${random.int(1, 500)}, false)];\n    expect(items.filter((item) => item.active)).toHaveLength(1);\n    expect(${imported}).toBeDefined();\n  });\n`;
  }
  return `${text}});\n`;
}
