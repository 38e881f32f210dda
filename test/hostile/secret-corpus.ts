/**
 * A corpus of fake secrets, one per kind the redaction rules know, each shaped like the real thing.
 * `body` is the part that must never appear in an output (the rules keep a short prefix, so a
 * reader can tell what stood there).
 */
export interface PlantedSecret {
  kind: string;
  value: string;
  body: string;
}

const secret = (kind: string, value: string, keptPrefix: number): PlantedSecret => ({
  kind,
  value,
  body: value.slice(keptPrefix),
});

export const SECRETS = {
  awsKeyId: secret('aws-access-key', 'AKIAZ7Q2M4XK9P3L8RTV', 4),
  awsSecret: secret('aws-secret-key', 'q8Vd2kR7pLx9Wm3Nz4Tb6Yc1Hf5Gj0Ks8Ae2Uo7P', 0),
  github: secret('github-token', 'ghp_4fK9zQ2mX7vL1nB8cR3tY6wE5uI0oP9aS2dF', 4),
  gitlab: secret('gitlab-token', 'glpat-Xq7Lm2Nv9Bz4Kc8Rt1Wy', 6),
  slackToken: secret('slack-token', 'xoxb-2048193746-5521908877-Qz8Lm3Nv7Kc2', 5),
  slackWebhook: secret(
    'webhook',
    'https://hooks.slack.com/services/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',
    'https://hooks.slack.com/'.length,
  ),
  stripe: secret('stripe-key', 'sk_live_51Hq8ZmK2vX7nL4bR9cT3yW6e', 8),
  jwt: secret(
    'jwt',
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiIsImlhdCI6MTcwMDAwMDAwMH0.Zk3nQ8mX2vL7bR4cT9yW1eU6iO0pA5sD',
    3,
  ),
  urlPassword: secret('connection-string', 'Pg7!vQ2mZx9Lk4', 0),
  cliPassword: secret('assignment', 'Hunt3r2!Xq9Zm', 0),
  sessionKey: secret('high-entropy-assignment', 'f3A9kL2mQ8zX7vB1nR4tY6wE', 0),
  pemBody: secret(
    'private-key',
    'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7Zq3Lm9Xv2Nb8Kc4Rt1Wy6Hs',
    0,
  ),
  npmToken: secret('npm-token', 'npm_Zq8Lm3Nv7Kc2Xb9Rt4Wy1Hs6Jd0Fg5Pa2Qe', 4),
} as const;

const S = SECRETS;

const pem = `-----BEGIN PRIVATE KEY-----\n${S.pemBody.value}\nT2p0aGVyIGxpbmUgb2YgdGhlIGtleQ==\n-----END PRIVATE KEY-----\n`;

/** Tracked files: code, docs and config that carry secrets among ordinary text. */
export const TRACKED_FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'leaky',
    description: `Billing service (deploy token ${S.github.value})`,
  }),
  'README.md': `# leaky\n\nA billing service. Deploy with GITLAB_TOKEN=${S.gitlab.value} and post to ${S.slackWebhook.value}.\n`,
  'src/config.ts': [
    '/** Credentials for the billing database. */',
    `export const AWS_ACCESS_KEY_ID = "${S.awsKeyId.value}";`,
    `export const AWS_SECRET_ACCESS_KEY = "${S.awsSecret.value}";`,
    `export const databaseUrl = "postgres://billing:${S.urlPassword.value}@db.internal:5432/billing";`,
    `export const slackToken = "${S.slackToken.value}";`,
    `export const stripeKey = "${S.stripe.value}";`,
    `export const sessionKey = "${S.sessionKey.value}";`,
    `/** Service token: ${S.jwt.value} */`,
    'export function connect(): string { return databaseUrl; }',
    '',
  ].join('\n'),
  'src/billing.ts': [
    "import { connect, stripeKey } from './config';",
    '/** Charges a customer through the billing database connection. */',
    "export function charge(amount: number): string { return connect() + ':' + stripeKey + ':' + amount; }",
    '',
  ].join('\n'),
  'test/billing.test.ts': "import { charge } from '../src/billing';\ncharge(1);\n",
  '.env.production': `AWS_SECRET_ACCESS_KEY=${S.awsSecret.value}\nSTRIPE_KEY=${S.stripe.value}\n`,
  'certs/server.key': pem,
  '.npmrc': `//registry.npmjs.org/:_authToken=${S.npmToken.value}\n`,
};

/** Files git does not track (not ignored either): a developer's local secrets. */
export const UNTRACKED_FILES: Record<string, string> = {
  '.env': `DATABASE_PASSWORD=${S.urlPassword.value}\nGITHUB_TOKEN=${S.github.value}\nJWT=${S.jwt.value}\n`,
  'deploy/id_rsa': pem,
  'notes.md': `# Deploy notes\n\nlogin with password ${S.cliPassword.value} then run the billing job\n`,
};

/** A JUnit report whose test names and failure messages carry secrets. */
export const JUNIT_REPORT = `<?xml version="1.0"?>
<testsuites><testsuite name="billing" tests="2" failures="1">
<testcase classname="billing" name="posts to ${S.slackWebhook.value}"/>
<testcase classname="billing" name="charges with ${S.stripe.value}"><failure message="auth failed for ${S.awsKeyId.value} secret ${S.awsSecret.value}">aws_secret_access_key=${S.awsSecret.value}</failure></testcase>
</testsuite></testsuites>
`;

/** Every secret whose body appears in `text`. */
export function leaksIn(text: string): PlantedSecret[] {
  return Object.values(SECRETS).filter((planted) => planted.body.length >= 8 && text.includes(planted.body));
}
