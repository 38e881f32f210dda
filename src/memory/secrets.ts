/**
 * The secret scan every memory write passes. Memory is committed to git and served to agents, so
 * a token pasted into a lesson would leak twice. Known credential shapes are masked in place as
 * `[redacted:<kind>]`; a text that is mostly secret is refused outright (there is no lesson left).
 * Each rule masks its named group `secret` when it has one (keeping the label), else the whole match.
 */
import { inputError } from '../shared/errors.js';

interface SecretRule {
  pattern: RegExp;
  description: string;
}

export const secretRules: Record<string, SecretRule> = {
  'private-key': {
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
    description: 'a PEM private key block',
  },
  'aws-access-key': { pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, description: 'an AWS access key id' },
  'github-token': {
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})\b/g,
    description: 'a GitHub token',
  },
  'anthropic-key': { pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g, description: 'an Anthropic API key' },
  'openai-key': {
    pattern: /\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}/g,
    description: 'an OpenAI-style API key',
  },
  'slack-token': { pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, description: 'a Slack token' },
  'google-api-key': { pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g, description: 'a Google API key' },
  'stripe-key': { pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g, description: 'a Stripe key' },
  jwt: {
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
    description: 'a JSON web token',
  },
  'connection-string': {
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:(?<secret>[^\s@/]+)@[^\s]+/gi,
    description: 'a password inside a connection string',
  },
  'bearer-token': {
    pattern: /\b(?:authorization:\s*)?bearer\s+(?<secret>[A-Za-z0-9._~+/-]{16,}=*)/gi,
    description: 'a bearer token',
  },
  assignment: {
    pattern:
      /\b(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|token)\b["']?\s*[:=]\s*["']?(?<secret>[^\s"',;]{6,})/gi,
    description: 'a value assigned to a password, secret, key or token',
  },
};

export interface SecretFinding {
  kind: string;
  /** Characters masked. */
  length: number;
}

export interface ScanResult {
  text: string;
  findings: SecretFinding[];
  /** Share of the original text's non-space characters that were secret, 0..1. */
  secretShare: number;
}

const MASK = (kind: string) => `[redacted:${kind}]`;

/** Masks every known secret shape; deterministic, no network, no entropy guessing. */
export function scanSecrets(text: string): ScanResult {
  const findings: SecretFinding[] = [];
  let masked = text;
  for (const [kind, rule] of Object.entries(secretRules)) {
    masked = masked.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const groups = args[args.length - 1] as Record<string, string | undefined> | undefined;
      const secret = typeof groups === 'object' && groups?.secret ? groups.secret : match;
      if (secret.startsWith('[redacted:')) return match;
      findings.push({ kind, length: secret.length });
      return secret === match ? MASK(kind) : match.replace(secret, MASK(kind));
    });
  }
  const total = text.replace(/\s+/g, '').length;
  const secretChars = findings.reduce((sum, finding) => sum + finding.length, 0);
  return { text: masked, findings, secretShare: total === 0 ? 0 : Math.min(1, secretChars / total) };
}

/** Share above which a text is "mostly a secret" and refused rather than masked. */
export const MOSTLY_SECRET = 0.5;

/** Masks secrets in a lesson-like text; refuses one that is mostly secret, naming what it found. */
export function redactOrRefuse(text: string, what: string): ScanResult {
  const result = scanSecrets(text);
  if (result.secretShare > MOSTLY_SECRET) {
    const kinds = [...new Set(result.findings.map((finding) => secretRules[finding.kind]!.description))];
    throw inputError(`${what} is mostly a secret (${kinds.join(', ')}): refused`, {
      hint: 'write the lesson about the secret (where it lives, how to load it), never the secret itself',
    });
  }
  return result;
}
