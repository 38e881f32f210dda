/**
 * The last step of every extraction: facts are committed (index.json) and shown to models, so a
 * hostile file must neither blow them up nor smuggle a secret through them. Lists and strings are
 * capped per file (3,000 nested Java classes once gave a 9 MB index: each symbol spelled its whole
 * container chain), and every text a fact copies from the source is redacted.
 */
import { containsSecret, redactSecrets } from '../shared/redact.js';
import type { FileFacts } from './types.js';

/** Most entries one file contributes to each list of facts. */
export const MAX_FACTS_PER_LIST = 5000;
/** Longest container kept: the innermost part of a longer chain, after an ellipsis. */
export const MAX_CONTAINER_CHARS = 120;
const MAX_TEXT_CHARS = 400;

const LISTS = ['imports', 'exports', 'symbols', 'routes', 'env'] as const;

/** `facts` with lists and strings capped and secrets masked (mutated in place and returned). */
export function boundedFacts(facts: FileFacts): FileFacts {
  for (const list of LISTS) {
    const entries = facts[list];
    if (entries.length <= MAX_FACTS_PER_LIST) continue;
    facts.diagnostics.push({
      line: 1,
      message: `${entries.length} ${list} found; only the first ${MAX_FACTS_PER_LIST} are kept`,
    });
    entries.length = MAX_FACTS_PER_LIST;
  }
  for (const symbol of facts.symbols) {
    if (symbol.container !== undefined) symbol.container = innermost(symbol.container);
    symbol.signature = capped(symbol.signature);
    if (symbol.doc !== undefined) symbol.doc = capped(symbol.doc);
  }
  // One look at the texts the facts copied spares redacting each fact of the (nearly all) files
  // without secrets; it reads a third of what the whole source is.
  if (containsSecret(redactableTexts(facts).join(SEPARATOR))) redactFacts(facts);
  return facts;
}

/**
 * Joins the fact texts for one look: no rule can match across it (a match runs over whitespace
 * only into a quote, a sign or a value character, and NUL between two line breaks is none of
 * these), so the joined text holds a secret exactly when one of the texts does.
 */
const SEPARATOR = '\n\u0000\n';

/** Every text a fact copies from the source, in the order `redactFacts` masks them. */
function redactableTexts(facts: FileFacts): string[] {
  const texts: string[] = [];
  for (const symbol of facts.symbols) {
    texts.push(symbol.signature);
    if (symbol.doc !== undefined) texts.push(symbol.doc);
  }
  for (const route of facts.routes) texts.push(route.path);
  for (const entry of facts.imports) texts.push(entry.specifier);
  for (const diagnostic of facts.diagnostics) texts.push(diagnostic.message);
  texts.push(facts.summary.text);
  return texts;
}

function innermost(container: string): string {
  return container.length <= MAX_CONTAINER_CHARS ? container : `…${container.slice(-MAX_CONTAINER_CHARS)}`;
}

function capped(text: string): string {
  return text.length <= MAX_TEXT_CHARS ? text : `${text.slice(0, MAX_TEXT_CHARS - 1)}…`;
}

function redactFacts(facts: FileFacts): void {
  const redact = (text: string) => redactSecrets(text).text;
  for (const symbol of facts.symbols) {
    symbol.signature = redact(symbol.signature);
    if (symbol.doc !== undefined) symbol.doc = redact(symbol.doc);
  }
  for (const route of facts.routes) route.path = redact(route.path);
  for (const entry of facts.imports) entry.specifier = redact(entry.specifier);
  for (const diagnostic of facts.diagnostics) diagnostic.message = redact(diagnostic.message);
  facts.summary.text = redact(facts.summary.text);
}
