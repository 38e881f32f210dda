/** Human-readable text for `memory` results. */
import pc from 'picocolors';
import type {
  MemoryAddResult,
  MemoryItem,
  MemoryListing,
  MemorySearchResult,
  MemoryServedResult,
} from '../api/memory.js';
import type { LessonView, Proposal } from '../memory/index.js';

export function formatListing(listing: MemoryListing): string {
  const lines: string[] = [];
  if (listing.lessons.length === 0) lines.push('No lessons yet. Add one with `memory add "<lesson>"`.');
  for (const lesson of listing.lessons) lines.push(lessonLine(lesson));
  if (listing.proposals.length > 0) {
    lines.push('', 'Skill proposals:');
    for (const proposal of listing.proposals)
      lines.push(`  ${proposal.id} [${proposal.status}] ${proposal.title}`);
  }
  for (const problem of listing.problems) lines.push(`${pc.yellow('!')} ${problem.file}: ${problem.message}`);
  return lines.join('\n');
}

function lessonLine(lesson: LessonView): string {
  const facts = [
    lesson.kindName,
    lesson.scope.length > 0 ? `scope ${lesson.scope.join(', ')}` : undefined,
    `served ${lesson.timesServed}×`,
    lesson.timesIgnored > 0 ? `ignored ${lesson.timesIgnored}×` : undefined,
    lesson.status !== 'active' ? lesson.status : undefined,
  ].filter(Boolean);
  return `${lesson.line}  ${pc.dim(`(${facts.join('; ')})`)}`;
}

export function formatItem(item: MemoryItem): string {
  if (item.type === 'proposal') return formatProposal(item.proposal);
  const lesson = item.lesson;
  const lines = [
    pc.bold(lesson.line),
    `  kind: ${lesson.kind ?? '?'} ${lesson.kindName ?? '(no lesson file)'}`,
    `  scope: ${lesson.scope.length > 0 ? lesson.scope.join(', ') : 'whole repository'}`,
    `  status: ${lesson.status}${lesson.created ? `, created ${lesson.created}` : ''}`,
    `  served ${lesson.timesServed}× (last ${lesson.lastServed ?? 'never'}), ignored ${lesson.timesIgnored}×`,
  ];
  if (lesson.file) lines.push(`  file: ${lesson.file}`);
  if (lesson.body && lesson.body !== lesson.text) lines.push('', lesson.body);
  return lines.join('\n');
}

export function formatProposal(proposal: Proposal): string {
  const lines = [
    `${pc.bold(proposal.id)} [${proposal.status}] ${proposal.title}`,
    `  created ${proposal.created} by ${proposal.source}${proposal.decidedOn ? `, decided ${proposal.decidedOn}` : ''}`,
  ];
  if (proposal.reason) lines.push(`  ${proposal.reason}`);
  if (proposal.skillFile) lines.push(`  skill: ${proposal.skillFile}`);
  if (proposal.status === 'pending') lines.push(`  apply with: memory approve ${proposal.id}`);
  lines.push('', proposal.procedure);
  return lines.join('\n');
}

export function formatSearch(result: MemorySearchResult): string {
  if (result.lessons.length === 0) return 'No lesson matches.';
  return result.lessons.map((lesson) => `${lesson.line}\n  ${pc.dim(lesson.reasons.join('; '))}`).join('\n');
}

export function formatAdd(result: MemoryAddResult): string {
  if (result.type === 'proposal') {
    const { proposal } = result;
    const next = proposal.status === 'pending' ? ` — apply it with \`memory approve ${proposal.id}\`` : '';
    return `${pc.green('✔')} Filed ${proposal.id} [${proposal.status}] ${proposal.title}${next}${proposal.reason ? `\n  ${proposal.reason}` : ''}`;
  }
  const masked =
    result.masked.length > 0
      ? `\n  ${pc.yellow('masked')}: ${result.masked.map((finding) => finding.kind).join(', ')}`
      : '';
  if (result.status === 'duplicate') return `${pc.yellow('=')} Already known: ${result.lesson.line}`;
  return `${pc.green('✔')} Saved ${result.lesson.line}${masked}`;
}

export function formatServed(result: MemoryServedResult): string {
  if (result.records.length === 0) return 'No lessons served yet.';
  return result.records
    .map(
      (record) =>
        `${record.at}  ${record.via} → ${record.target}${record.session ? ` (${record.session})` : ''}: ${record.lessons.join(', ') || '(none)'}`,
    )
    .join('\n');
}
