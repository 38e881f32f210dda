/**
 * Module resolvers by language. Adding one: write `<language>.ts` exporting a `ModuleResolver`,
 * add it to `resolvers` below, and add a test in `test/graph/resolvers/`.
 */
import { goResolver } from './go.js';
import { javaResolver } from './java.js';
import { pythonResolver } from './python.js';
import type { ModuleResolver } from './resolver.js';
import { rustResolver } from './rust.js';
import { typescriptResolver } from './typescript.js';

export const resolvers: readonly ModuleResolver[] = [
  typescriptResolver,
  pythonResolver,
  goResolver,
  rustResolver,
  javaResolver,
];

export function resolverFor(language: string): ModuleResolver | undefined {
  return resolvers.find((resolver) => resolver.languages.includes(language));
}
