/**
 * Module resolvers by language. Adding one: write `<language>.ts` exporting a `ModuleResolver`,
 * add it to `resolvers` below, and add a test in `test/graph/resolvers/`.
 */
import type { ModuleResolver } from './resolver.js';
import { typescriptResolver } from './typescript.js';

export const resolvers: readonly ModuleResolver[] = [typescriptResolver];

export function resolverFor(language: string): ModuleResolver | undefined {
  return resolvers.find((resolver) => resolver.languages.includes(language));
}
