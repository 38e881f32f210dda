/**
 * The plan of a synthetic repository, before any text: which features, modules, tests, legacy
 * files and docs exist (the file count is exact), who imports whom and with which specifier,
 * the deliberate cycles, and each module's target size.
 */
import { posix } from 'node:path';
import {
  ALIASED_LAYERS,
  AREAS,
  CLASS_SUFFIXES,
  camel,
  FEATURES,
  LAYER_WEIGHTS,
  LAYERS,
  NOUNS,
  pascal,
  SUFFIXES,
  singular,
  withoutExtension,
} from './vocabulary.mjs';

/**
 * Which files exist and who imports whom, before any text is written. Returns the features (with
 * their modules), the legacy CommonJS files and the filler docs, so the file count is exact.
 */
export function planLayout(fileCount, random) {
  const legacyCount = Math.min(12, Math.max(2, Math.round(fileCount / 1000) + 1));
  const fixed = ['package.json', 'tsconfig.json', 'README.md', '.gitignore', 'src/index.ts', 'src/app.ts'];
  let budget = fileCount - fixed.length - legacyCount;
  const features = [];
  const taken = new Set();
  const uiAreas = new Set();
  const docs = [];
  while (budget > 0) {
    const layer = features.length < LAYERS.length ? LAYERS[features.length] : weightedLayer(random);
    const { area, name } = freshFeatureName(layer, random, taken);
    const areaBarrel = layer === 'ui' && !uiAreas.has(area) ? 1 : 0;
    if (budget < 2 + areaBarrel) {
      docs.push(`docs/adr/${String(docs.length + 1).padStart(4, '0')}-${random.pick(FEATURES)}.md`);
      budget -= 1;
      continue;
    }
    if (areaBarrel) uiAreas.add(area);
    budget -= 1 + areaBarrel;
    const feature = { layer, area, name, ordinal: features.length, modules: [] };
    feature.directory = `src/${layer}/${area}/${name}`;
    feature.barrel = `${feature.directory}/index.ts`;
    budget = planModules(feature, budget, random);
    features.push(feature);
  }
  const legacy = Array.from(
    { length: legacyCount },
    (_, index) => `src/legacy/${NOUNS[index % NOUNS.length]}${index >= NOUNS.length ? index : ''}.cjs`,
  );
  return { fixed, features, legacy, docs, uiAreas: [...uiAreas].sort() };
}

function weightedLayer(random) {
  let roll = random.next();
  for (const layer of LAYERS) {
    roll -= LAYER_WEIGHTS[layer];
    if (roll < 0) return layer;
  }
  return 'ui';
}

/** An (area, feature) pair not used yet in this layer; numbered once the word lists run out. */
function freshFeatureName(layer, random, taken) {
  for (let attempt = 0; ; attempt++) {
    const area = random.pick(AREAS);
    const base = random.pick(FEATURES);
    const name = attempt < 50 ? base : `${base}${Math.floor(attempt / 50) + 1}`;
    const key = `${layer}/${area}/${name}`;
    if (taken.has(key)) continue;
    taken.add(key);
    return { area, name };
  }
}

/** Adds 2–7 modules (ui features get their routes first), about half with a test, within `budget`. */
function planModules(feature, budget, random) {
  const wanted = random.int(2, 7);
  const suffixes = random.sample(
    SUFFIXES[feature.layer].filter((suffix) => suffix !== 'routes'),
    wanted,
  );
  if (feature.layer === 'ui') suffixes.unshift('routes');
  const nested = random.chance(0.2);
  for (const suffix of suffixes) {
    if (budget < 1) break;
    const base = `${singular(feature.name)}-${suffix}`;
    const inInternal = nested && feature.modules.length > 0 && random.chance(0.4);
    const folder = inInternal ? `${feature.directory}/internal` : feature.directory;
    const module = describeModule(feature, base, suffix, `${folder}/${base}.ts`);
    feature.modules.push(module);
    budget -= 1;
    if (budget > 0 && random.chance(0.55)) {
      module.test = `${folder}/${base}.test.ts`;
      budget -= 1;
    }
  }
  return budget;
}

function describeModule(feature, base, suffix, path) {
  const name = pascal(base);
  const routes = suffix === 'routes';
  const isClass = CLASS_SUFFIXES.has(suffix);
  return {
    path,
    feature,
    base,
    suffix,
    name,
    routes,
    primary: routes ? 'router' : isClass ? name : camel(`build-${base}`),
    primaryKind: routes ? 'router' : isClass ? 'class' : 'function',
    recordType: `${name}Record`,
    optionsType: `${name}Options`,
    imports: [],
  };
}

// ---------------------------------------------------------------- imports

const LOWER = {
  shared: [],
  domain: [['shared', 1, 3]],
  services: [
    ['domain', 1, 3],
    ['shared', 0, 2],
  ],
  ui: [
    ['services', 1, 3],
    ['domain', 0, 2],
    ['shared', 0, 1],
  ],
};

export function planImports(layout, random) {
  const byLayer = Object.fromEntries(
    LAYERS.map((layer) => [layer, layout.features.filter((f) => f.layer === layer)]),
  );
  for (const feature of layout.features) {
    feature.modules.forEach((module, position) => {
      if (module.routes) {
        addImport(module, pickTarget(byLayer.services, feature, random), random, { style: 'barrel' });
      }
      for (const sibling of random.sample(
        feature.modules.slice(0, position).filter((m) => !m.routes),
        random.int(0, 2),
      ))
        addImport(module, { module: sibling, viaBarrel: false }, random, { local: true });
      for (const [layer, min, max] of LOWER[feature.layer]) {
        const count = random.int(min, max);
        for (let index = 0; index < count; index++)
          addImport(module, pickTarget(byLayer[layer], feature, random), random);
      }
      const earlier = byLayer[feature.layer].filter((other) => other.ordinal < feature.ordinal);
      if (earlier.length > 0 && random.chance(0.35))
        addImport(module, pickTarget(earlier, feature, random), random);
    });
  }
  addDynamicImports(byLayer.services, random);
  addLegacyRequires(layout, byLayer.shared, random);
  return addCycles(layout, byLayer, random);
}

/** About one services module in 50 loads an earlier services feature lazily, with `import()`. */
function addDynamicImports(services, random) {
  const modules = services.flatMap((feature) => feature.modules);
  const wanted = Math.max(1, Math.round(modules.length / 50));
  for (let attempt = 0, added = 0; added < wanted && attempt < wanted * 10; attempt++) {
    const module = random.pick(modules);
    const earlier = services.filter((feature) => feature.ordinal < module.feature.ordinal);
    const before = module.imports.length;
    if (earlier.length > 0)
      addImport(module, pickTarget(earlier, module.feature, random), random, { kind: 'dynamic' });
    if (module.imports.length > before) added += 1;
  }
}

/** A feature in `candidates` (same area preferred) and one of its modules, or its barrel. */
function pickTarget(candidates, importer, random) {
  const sameArea = candidates.filter((feature) => feature.area === importer.area && feature !== importer);
  const pool =
    sameArea.length > 0 && random.chance(0.5) ? sameArea : candidates.filter((f) => f !== importer);
  if (pool.length === 0) return undefined;
  const feature = random.pick(pool);
  const modules = feature.modules.filter((module) => !module.routes);
  if (modules.length === 0) return undefined;
  return { module: random.pick(modules), viaBarrel: random.chance(0.45) };
}

/**
 * Records one import of `target` by `module`, at most one per resolved file. The specifier style
 * varies: `.js` suffix, extensionless, barrel folder, barrel `index.js`, or a tsconfig alias.
 */
function addImport(module, target, random, options = {}) {
  if (!target || target.module === module) return;
  const file = target.viaBarrel ? target.module.feature.barrel : target.module.path;
  if (file === module.path || module.imports.some((entry) => entry.file === file)) return;
  const layer = target.module.feature.layer;
  const alias = !options.local && ALIASED_LAYERS.has(layer) && random.chance(0.3);
  const specifier = specifierFor(module.path, file, target.viaBarrel, alias, random, options.style);
  const typeOnly =
    options.kind !== 'dynamic' &&
    layer === 'domain' &&
    module.feature.layer !== 'domain' &&
    random.chance(0.5);
  const names = typeOnly
    ? [target.module.recordType, target.module.optionsType]
    : [target.module.primary, ...(random.chance(0.4) ? [`type ${target.module.recordType}`] : [])];
  module.imports.push({
    file,
    specifier,
    names,
    typeOnly,
    kind: options.kind ?? 'static',
    target: target.module,
  });
}

function specifierFor(fromPath, file, viaBarrel, alias, random, style) {
  const folderStyle = style === 'barrel' ? true : random.chance(0.5);
  if (alias) {
    const aliased = `@${file.slice('src/'.length)}`;
    if (viaBarrel) return folderStyle ? posix.dirname(aliased) : aliased.replace(/\.ts$/, '.js');
    return random.chance(0.5) ? aliased.replace(/\.ts$/, '.js') : withoutExtension(aliased);
  }
  let relative = posix.relative(posix.dirname(fromPath), file);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  if (viaBarrel) return folderStyle ? posix.dirname(relative) : relative.replace(/\.ts$/, '.js');
  return random.chance(0.5) ? relative.replace(/\.ts$/, '.js') : withoutExtension(relative);
}

/** Some shared modules load a CommonJS helper from `src/legacy/` with `createRequire`. */
function addLegacyRequires(layout, sharedFeatures, random) {
  const modules = sharedFeatures.flatMap((feature) => feature.modules);
  for (const legacyFile of layout.legacy) {
    const module = random.pick(modules);
    if (module.imports.some((entry) => entry.file === legacyFile)) continue;
    let specifier = posix.relative(posix.dirname(module.path), legacyFile);
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    module.imports.push({ file: legacyFile, specifier, names: [], typeOnly: false, kind: 'require' });
  }
}

/**
 * A few deliberate cycles: two sibling modules importing each other, or two services features
 * whose modules import each other (the upward half breaks the ordinal DAG on purpose).
 */
function addCycles(layout, byLayer, random) {
  const wanted = Math.max(2, Math.round(layout.features.reduce((n, f) => n + f.modules.length, 0) / 150));
  const cycles = [];
  for (let attempt = 0; cycles.length < wanted && attempt < wanted * 20; attempt++) {
    const pair =
      cycles.length % 2 === 0
        ? siblingPair(layout.features, random)
        : crossFeaturePair(byLayer.services, random);
    if (!pair) continue;
    const [a, b] = pair;
    const taken = (from, to) => from.imports.some((entry) => entry.file === to.path);
    if (taken(a, b) || taken(b, a)) continue;
    addImport(a, { module: b, viaBarrel: false }, random, { local: true });
    addImport(b, { module: a, viaBarrel: false }, random, { local: true });
    cycles.push([a.path, b.path]);
  }
  return cycles;
}

function siblingPair(features, random) {
  const feature = random.pick(features);
  const modules = feature.modules.filter((module) => !module.routes);
  return modules.length >= 2 ? random.sample(modules, 2) : undefined;
}

function crossFeaturePair(services, random) {
  if (services.length < 2) return undefined;
  const [first, second] = random.sample(services, 2);
  return [random.pick(first.modules), random.pick(second.modules)];
}

// ---------------------------------------------------------------- sizes

/** Target size in bytes: 90% 1–6 KB (skewed small), 7% 6–20 KB, 3% 20–40 KB. */
export function moduleSize(random) {
  const roll = random.next();
  if (roll < 0.03) return random.int(20_000, 40_000);
  if (roll < 0.1) return random.int(6_000, 20_000);
  return Math.round(1_000 + 5_000 * random.next() ** 1.6);
}
