/**
 * Java types protoc writes at build time from the tree's `.proto` files: no source file declares
 * them, yet an import of one is no missing module. Each `.proto` file yields, in its Java package
 * (`option java_package`, else its `package`), its outer class (`option java_outer_classname`,
 * else the file name in CamelCase, plus `OuterClass` when a top-level type has that name), its
 * top-level messages, enums and services as classes of their own under
 * `option java_multiple_files = true`, and a `<Service>Grpc` class per service (grpc-java).
 * Anything else in a generated package (a type no `.proto` defines) is still missing.
 */
import { readRepositoryFile } from './read.js';

export interface GeneratedJavaTypes {
  /** Fully qualified generated classes (`com.x.Bag`, `com.x.Bag.Inner` is reached through it). */
  types: Set<string>;
  /** Java packages that hold generated classes (for `import com.x.*`). */
  packages: Set<string>;
}

export function readGeneratedJavaTypes(root: string, allFiles: ReadonlySet<string>): GeneratedJavaTypes {
  const generated: GeneratedJavaTypes = { types: new Set(), packages: new Set() };
  for (const path of [...allFiles].filter((file) => file.endsWith('.proto')).sort()) {
    const text = readRepositoryFile(root, path);
    if (text === undefined) continue;
    const proto = withoutComments(text);
    const javaPackage = option(proto, 'java_package') ?? /^\s*package\s+([\w.]+)\s*;/m.exec(proto)?.[1] ?? '';
    const qualify = (name: string) => (javaPackage ? `${javaPackage}.${name}` : name);
    const topLevel = topLevelDefinitions(proto);
    const names = topLevel.map((entry) => entry.name);
    const derived = camelCase(path.slice(path.lastIndexOf('/') + 1).replace(/\.proto$/, ''));
    const outer =
      option(proto, 'java_outer_classname') ?? (names.includes(derived) ? `${derived}OuterClass` : derived);
    generated.types.add(qualify(outer));
    if (option(proto, 'java_multiple_files') === 'true')
      for (const name of names) generated.types.add(qualify(name));
    for (const entry of topLevel)
      if (entry.kind === 'service') generated.types.add(qualify(`${entry.name}Grpc`));
    generated.packages.add(javaPackage);
  }
  return generated;
}

/** Whether a Java import names a class protoc generates (or a member or nested type of one). */
export function isGeneratedJavaImport(generated: GeneratedJavaTypes, specifier: string): boolean {
  if (specifier.endsWith('.*') && generated.packages.has(specifier.slice(0, -2))) return true;
  const name = specifier.replace(/\.\*$/, '');
  for (const type of generated.types) if (name === type || name.startsWith(`${type}.`)) return true;
  return false;
}

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, '');
}

function option(proto: string, name: string): string | undefined {
  const match = new RegExp(`^\\s*option\\s+${name}\\s*=\\s*(?:"([^"]*)"|(\\w+))\\s*;`, 'm').exec(proto);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** `message`, `enum` and `service` definitions outside any braces. */
function topLevelDefinitions(proto: string): Array<{ kind: string; name: string }> {
  const found: Array<{ kind: string; name: string }> = [];
  let depth = 0;
  for (const match of proto.matchAll(/\b(message|enum|service)\s+(\w+)\s*\{|[{}]/g)) {
    if (match[1]) {
      if (depth === 0) found.push({ kind: match[1], name: match[2]! });
      depth++;
    } else depth += match[0] === '{' ? 1 : -1;
  }
  return found;
}

/** protoc's file-name-to-class rule: drop `_`, `-` and `.`, capitalise the first letter and each letter after them or a digit. */
function camelCase(stem: string): string {
  let result = '';
  let capitalise = true;
  for (const char of stem) {
    if (/[A-Za-z]/.test(char)) {
      result += capitalise ? char.toUpperCase() : char;
      capitalise = false;
    } else if (/\d/.test(char)) {
      result += char;
      capitalise = true;
    } else capitalise = true;
  }
  return result;
}
