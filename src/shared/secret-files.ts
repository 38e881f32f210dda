/**
 * Files that hold secrets by their nature — environment files, private keys, credential stores —
 * are never read into an output, tracked or not: the scan lists them as skipped (`secret`) and no
 * index, pack, summary or retrieval corpus sees their text. Redaction (`redact.ts`) masks secrets
 * in every other file; this is the stronger rule for files where nearly every line is one.
 */

/** Shared templates of an environment file: meant to be committed, masked line by line instead. */
const ENV_TEMPLATE = /^\.env\.(?:example|sample|template|dist|defaults?|schema)$/i;

const SECRET_NAMES = new Set([
  'credentials',
  'credentials.json',
  'credentials.yml',
  'credentials.yaml',
  'credentials.xml',
  '.git-credentials',
  '.netrc',
  '_netrc',
  '.pgpass',
  '.htpasswd',
  'secrets.yml',
  'secrets.yaml',
  'secrets.json',
  'secrets.toml',
  'service-account.json',
  '.boto',
  '.s3cfg',
]);

const SECRET_EXTENSIONS = new Set(['.pem', '.key', '.p12', '.pfx', '.jks', '.keystore', '.ppk', '.tfvars']);

/** Files that are secret only when they hold a credential (`.npmrc` usually just names a registry). */
const AUTH_IN_CONFIG: Record<string, RegExp> = {
  '.npmrc': /(?:_authToken|_auth|_password)\s*=/,
  '.yarnrc.yml': /npmAuth(?:Token|Ident)\s*:/,
  '.pypirc': /^\s*password\s*[=:]/m,
  '.gem/credentials': /:\w+_api_key:|^:rubygems_api_key:/m,
};

/**
 * Whether the repository file at `path` (posix, relative to the root) holds secrets. `text` is
 * its content when the caller has it: files such as `.npmrc` are secret only with a token inside.
 */
export function isSecretFile(path: string, text?: string): boolean {
  // Called for every scanned file: the name and extension are cut by index, and a config's
  // folder looked at only for a name some `AUTH_IN_CONFIG` key ends with.
  const name = path.slice(path.lastIndexOf('/') + 1);
  const lower = name.toLowerCase();
  if (lower === '.env' || (lower.startsWith('.env.') && !ENV_TEMPLATE.test(name))) return true;
  if (lower.startsWith('id_') && /^id_(?:rsa|dsa|ecdsa|ed25519)(?:_[\w-]+)?$/.test(lower)) return true;
  if (SECRET_NAMES.has(lower)) return true;
  const dot = lower.lastIndexOf('.');
  if (dot > 0 && SECRET_EXTENSIONS.has(lower.slice(dot))) return true;
  const authPattern =
    AUTH_IN_CONFIG[lower] ??
    (AUTH_IN_FOLDER_NAMES.has(lower) ? AUTH_IN_CONFIG[lastTwoSegments(path)] : undefined);
  return authPattern !== undefined && (text === undefined || authPattern.test(text));
}

/** The names `AUTH_IN_CONFIG`'s folder-qualified keys (`.gem/credentials`) end with. */
const AUTH_IN_FOLDER_NAMES = new Set(
  Object.keys(AUTH_IN_CONFIG)
    .filter((key) => key.includes('/'))
    .map((key) => key.slice(key.lastIndexOf('/') + 1)),
);

function lastTwoSegments(path: string): string {
  return path.split('/').slice(-2).join('/');
}
