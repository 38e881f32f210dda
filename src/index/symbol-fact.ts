/**
 * The one builder of a `SymbolFact`: keys in sorted order, as the index stores them (its stable
 * JSON then copies no symbol), and one literal per shape rather than spreads of the optional parts,
 * so V8 sees a few stable object shapes. `container` and `doc` are set only when there is one.
 */
import type { SymbolFact } from './types.js';

export function symbolFact(
  parts: Omit<SymbolFact, 'container' | 'doc'> & { container?: string | undefined; doc?: string | undefined },
): SymbolFact {
  const { container, doc, endLine, exported, kind, line, name, signature } = parts;
  if (container !== undefined) {
    return doc
      ? { container, doc, endLine, exported, kind, line, name, signature }
      : { container, endLine, exported, kind, line, name, signature };
  }
  return doc
    ? { doc, endLine, exported, kind, line, name, signature }
    : { endLine, exported, kind, line, name, signature };
}
