/**
 * Skill proposals: a procedure worth keeping, filed by reflection (or a person) under
 * `proposals/P-NNNN.md` and applied only when approved (`memory approve P-0001`), unless the
 * config says `approvalPolicy: auto`. A proposal that carried a secret or a dangerous command is
 * quarantined: never applied automatically, and approved only with `force`.
 * Applying writes `skills/<slug>.md` and lists it in MEMORY.md as `[skill P-NNNN] title`.
 */
import { z } from 'zod';
import { inputError, OcppError } from '../shared/errors.js';
import { parseFrontMatter, renderFrontMatter } from './front-matter.js';
import { insertIndexLine, SKILL_LINE } from './index-file.js';
import { appendNote } from './notes.js';
import { redactOrRefuse } from './secrets.js';
import {
  dateOf,
  type MemoryOptions,
  type MemoryReader,
  type MemoryTransaction,
  memoryFiles,
  memoryPath,
  memoryReader,
  withMemory,
} from './store.js';

export type ProposalStatus = 'pending' | 'applied' | 'rejected' | 'quarantined';

export interface Proposal {
  id: string;
  title: string;
  status: ProposalStatus;
  created: string;
  source: string;
  /** When it was applied or rejected. */
  decidedOn: string | null;
  /** Why it was rejected or quarantined. */
  reason: string | null;
  /** The skill file once applied, repository-relative. */
  skillFile: string | null;
  procedure: string;
}

const PROPOSAL_ID = /^P-\d{4,}$/;
const FIELD_ORDER = ['id', 'title', 'status', 'created', 'source', 'decided_on', 'reason', 'skill_file'];
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ProposalFieldsSchema = z.looseObject({
  id: z.string().regex(PROPOSAL_ID),
  title: z.string().min(1),
  status: z.enum(['pending', 'applied', 'rejected', 'quarantined']),
  created: date,
  source: z.string().default('unknown'),
  decided_on: date.nullable().default(null),
  reason: z.string().nullable().default(null),
  skill_file: z.string().nullable().default(null),
});

/** Commands that must never be adopted into a skill without a person reading them. */
const DANGEROUS: Array<[RegExp, string]> = [
  [/\b(?:curl|wget)\b[^|\n]*\|\s*(?:sudo\s+)?(?:ba|z)?sh\b/i, 'pipes a download into a shell'],
  [/\brm\s+-[a-z]*r[a-z]*f?[a-z]*\s+(?:\/|~|\$HOME)(?:\s|$)/i, 'deletes a home or root directory'],
  [/\bgit\s+push\b[^\n]*--force\b/i, 'force-pushes'],
  [/\bchmod\s+-?R?\s*777\b/i, 'makes files writable by everyone'],
  [/\bsudo\b/i, 'runs commands as root'],
];

function proposalFile(id: string): string {
  return `${memoryFiles.proposals}/${id}.md`;
}

export function normalizeProposalId(value: string): string {
  const match = /^(?:P-?)?(\d{1,9})$/i.exec(value.trim());
  if (!match) throw inputError(`"${value}" is not a proposal id`, { hint: 'proposal ids look like P-0003' });
  return `P-${match[1]!.padStart(4, '0')}`;
}

function parseProposal(text: string, file: string): Proposal {
  const document = parseFrontMatter(text, file);
  const result = ProposalFieldsSchema.safeParse(document.fields);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw inputError(`${issue.path.join('.')}: ${issue.message}`, { file, key: issue.path.join('.') });
  }
  const fields = result.data;
  return {
    id: fields.id,
    title: fields.title,
    status: fields.status,
    created: fields.created,
    source: fields.source,
    decidedOn: fields.decided_on,
    reason: fields.reason,
    skillFile: fields.skill_file,
    procedure: document.body.trim(),
  };
}

function renderProposal(proposal: Proposal): string {
  return renderFrontMatter(
    {
      id: proposal.id,
      title: proposal.title,
      status: proposal.status,
      created: proposal.created,
      source: proposal.source,
      decided_on: proposal.decidedOn,
      reason: proposal.reason,
      skill_file: proposal.skillFile,
    },
    FIELD_ORDER,
    proposal.procedure,
  );
}

async function readProposals(reader: MemoryReader): Promise<Proposal[]> {
  const names = (await reader.list(memoryFiles.proposals)).filter((name) =>
    PROPOSAL_ID.test(name.replace(/\.md$/, '')),
  );
  const proposals: Proposal[] = [];
  for (const name of names) {
    const file = `${memoryFiles.proposals}/${name}`;
    proposals.push(parseProposal((await reader.read(file)) ?? '', memoryPath(file)));
  }
  return proposals.sort((a, b) => Number(a.id.slice(2)) - Number(b.id.slice(2)));
}

export async function listProposals(root: string, status?: ProposalStatus): Promise<Proposal[]> {
  const proposals = await readProposals(memoryReader(root));
  return status ? proposals.filter((proposal) => proposal.status === status) : proposals;
}

export interface NewProposal {
  title: string;
  procedure: string;
  source?: string;
}

export interface ProposeOptions extends MemoryOptions {
  /** @default 'manual' */
  approvalPolicy?: 'manual' | 'auto';
}

/** Files a proposal; quarantines it when it carried a secret or a dangerous command; applies it under `auto`. */
export async function proposeSkill(
  root: string,
  input: NewProposal,
  options: ProposeOptions = {},
): Promise<Proposal> {
  const title = input.title.replace(/\s+/g, ' ').trim();
  if (!title || title.length > 120) throw inputError('a proposal needs a title of 1 to 120 characters');
  const procedure = input.procedure.replace(/\r\n/g, '\n').trim();
  if (!procedure) throw inputError('the proposal has no procedure text');
  if (procedure.length > 20_000)
    throw inputError(`the procedure is ${procedure.length} characters; at most 20000 are accepted`);
  const scanned = redactOrRefuse(procedure, 'the proposal');
  const danger = DANGEROUS.find(([pattern]) => pattern.test(procedure))?.[1];
  const quarantine =
    scanned.findings.length > 0
      ? `contained ${scanned.findings.map((finding) => finding.kind).join(', ')} (masked)`
      : danger;
  return withMemory(
    root,
    async (transaction) => {
      const existing = await readProposals(transaction);
      const next = Math.max(0, ...existing.map((proposal) => Number(proposal.id.slice(2)))) + 1;
      let proposal: Proposal = {
        id: `P-${String(next).padStart(4, '0')}`,
        title,
        status: quarantine ? 'quarantined' : 'pending',
        created: dateOf(transaction.now),
        source: input.source ?? 'cli',
        decidedOn: null,
        reason: quarantine ? `quarantined: ${quarantine}` : null,
        skillFile: null,
        procedure: scanned.text,
      };
      await transaction.write(proposalFile(proposal.id), renderProposal(proposal));
      await appendNote(
        transaction,
        `proposed skill ${proposal.id} "${title}" (${proposal.status})`,
        quarantine ? [quarantine] : [],
      );
      if (proposal.status === 'pending' && options.approvalPolicy === 'auto')
        proposal = await applyProposal(transaction, proposal, 'approvalPolicy auto');
      return proposal;
    },
    options,
  );
}

async function applyProposal(
  transaction: MemoryTransaction,
  proposal: Proposal,
  why: string,
): Promise<Proposal> {
  const skillFile = `${memoryFiles.skills}/${slugOf(proposal.title, proposal.id)}.md`;
  await transaction.write(
    skillFile,
    `# ${proposal.title}\n\n${proposal.procedure}\n\n_Applied from proposal ${proposal.id}._\n`,
  );
  const index = await transaction.read(memoryFiles.index);
  const line = `- [skill ${proposal.id}] ${proposal.title} (\`${skillFile}\`)`;
  await transaction.write(memoryFiles.index, insertIndexLine(index, line, '## Skills', SKILL_LINE));
  const applied: Proposal = {
    ...proposal,
    status: 'applied',
    decidedOn: dateOf(transaction.now),
    skillFile: memoryPath(skillFile),
  };
  await transaction.write(proposalFile(proposal.id), renderProposal(applied));
  await appendNote(transaction, `applied skill ${proposal.id} "${proposal.title}"`, [why]);
  return applied;
}

function slugOf(title: string, id: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return slug || id.toLowerCase();
}

async function loadProposal(transaction: MemoryTransaction, id: string): Promise<Proposal> {
  const text = await transaction.read(proposalFile(id));
  if (text === undefined) {
    const known = (await readProposals(transaction)).map((proposal) => proposal.id);
    throw new OcppError('NOT_FOUND', `no proposal ${id} in ${memoryPath(memoryFiles.proposals)}`, {
      hint: known.length ? `known proposals: ${known.join(', ')}` : 'there are no proposals',
    });
  }
  return parseProposal(text, memoryPath(proposalFile(id)));
}

/** A proposal still open for a decision (pending or quarantined). */
async function loadUndecided(transaction: MemoryTransaction, id: string): Promise<Proposal> {
  const proposal = await loadProposal(transaction, id);
  if (proposal.status === 'applied' || proposal.status === 'rejected')
    throw inputError(`${id} is already ${proposal.status}`, { file: memoryPath(proposalFile(id)) });
  return proposal;
}

/** Applies a pending proposal; a quarantined one only with `force` (a person read it). */
export async function approveProposal(
  root: string,
  id: string,
  options: MemoryOptions & { force?: boolean } = {},
): Promise<Proposal> {
  return withMemory(
    root,
    async (transaction) => {
      const proposal = await loadUndecided(transaction, id);
      if (proposal.status === 'quarantined' && !options.force)
        throw inputError(`${id} is quarantined (${proposal.reason ?? 'no reason recorded'})`, {
          file: memoryPath(proposalFile(id)),
          hint: 'read the proposal, then approve it with --force if it is safe',
        });
      return applyProposal(
        transaction,
        proposal,
        options.force ? 'approved by a person (forced out of quarantine)' : 'approved by a person',
      );
    },
    options,
  );
}

export async function rejectProposal(
  root: string,
  id: string,
  reason: string,
  options: MemoryOptions = {},
): Promise<Proposal> {
  return withMemory(
    root,
    async (transaction) => {
      const proposal = await loadUndecided(transaction, id);
      const rejected: Proposal = {
        ...proposal,
        status: 'rejected',
        decidedOn: dateOf(transaction.now),
        reason,
      };
      await transaction.write(proposalFile(id), renderProposal(rejected));
      await appendNote(transaction, `rejected skill ${id} "${proposal.title}"`, [`why: ${reason}`]);
      return rejected;
    },
    options,
  );
}
