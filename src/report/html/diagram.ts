/**
 * `report --format mermaid|dot`: the graph alone, as dependency-cruiser users expect it. Past
 * `FILE_LEVEL_LIMIT` files the nodes are folders (packages in Go), cut to the depth that keeps
 * them under the same limit, with an edge between two folders when any file imports across them.
 */
import { EDGE_VIOLATION, type MapModel } from './model.js';

export type DiagramFormat = 'mermaid' | 'dot';

/** Above this many nodes a diagram stops being readable. */
export const FILE_LEVEL_LIMIT = 150;

interface Diagram {
  level: 'file' | 'module';
  nodes: string[];
  /** `[from, to, violation]` as node indexes. */
  edges: Array<[number, number, boolean]>;
}

export function renderDiagram(map: MapModel, format: DiagramFormat): string {
  const diagram = diagramOf(map);
  return format === 'mermaid' ? renderMermaid(diagram) : renderDot(diagram);
}

export function diagramOf(map: MapModel): Diagram {
  const paths = map.files.map((file) => file.path);
  if (paths.length <= FILE_LEVEL_LIMIT) return collapse(map, paths, 'file');
  for (let depth = 6; depth >= 1; depth--) {
    const modules = paths.map((path) => moduleOf(path, depth));
    if (new Set(modules).size <= FILE_LEVEL_LIMIT || depth === 1) return collapse(map, modules, 'module');
  }
  return collapse(map, paths, 'file');
}

/** The folder of `path`, cut to `depth` segments; root files are `.`. */
export function moduleOf(path: string, depth: number): string {
  const folders = path.split('/').slice(0, -1);
  return folders.length === 0 ? '.' : folders.slice(0, depth).join('/');
}

function collapse(map: MapModel, nodeOfFile: string[], level: Diagram['level']): Diagram {
  const nodes = [...new Set(nodeOfFile)].sort();
  const indexOf = new Map(nodes.map((node, index) => [node, index]));
  const edges = new Map<string, [number, number, boolean]>();
  for (const [from, to, flags] of map.edges) {
    const a = indexOf.get(nodeOfFile[from]!)!;
    const b = indexOf.get(nodeOfFile[to]!)!;
    if (a === b) continue;
    const key = `${a} ${b}`;
    const violation = (flags & EDGE_VIOLATION) !== 0 || (edges.get(key)?.[2] ?? false);
    edges.set(key, [a, b, violation]);
  }
  return { level, nodes, edges: [...edges.values()].sort((x, y) => x[0] - y[0] || x[1] - y[1]) };
}

function renderMermaid(diagram: Diagram): string {
  const lines = [`%% opencode-plusplus dependency graph (${diagram.level} level)`, 'flowchart LR'];
  diagram.nodes.forEach((node, index) => {
    lines.push(`  n${index}["${mermaidLabel(node)}"]`);
  });
  const violations: number[] = [];
  diagram.edges.forEach(([from, to, violation], index) => {
    lines.push(`  n${from} --> n${to}`);
    if (violation) violations.push(index);
  });
  if (violations.length > 0)
    lines.push(`  linkStyle ${violations.join(',')} stroke:#d32f2f,stroke-width:2px`);
  return `${lines.join('\n')}\n`;
}

/** Mermaid labels are quoted; a quote or markup inside becomes its entity code. */
function mermaidLabel(text: string): string {
  return text.replace(/["<>#&]/g, (char) => `#${char.charCodeAt(0)};`);
}

function renderDot(diagram: Diagram): string {
  const lines = [
    `// opencode-plusplus dependency graph (${diagram.level} level)`,
    'digraph dependencies {',
    '  rankdir=LR;',
    '  node [shape=box, fontname="Helvetica", fontsize=10];',
  ];
  for (const node of diagram.nodes) lines.push(`  ${dotString(node)};`);
  for (const [from, to, violation] of diagram.edges)
    lines.push(
      `  ${dotString(diagram.nodes[from]!)} -> ${dotString(diagram.nodes[to]!)}${violation ? ' [color="#d32f2f"]' : ''};`,
    );
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}
