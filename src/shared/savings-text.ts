/** The words the build line, summary.md and the CLI's report use to compare a context with its repository. */

/**
 * How the context compares with reading the repository whole, as words that are true: "12.3× less"
 * only when the context is smaller; a repository with nothing indexed, or one smaller than the
 * context, says so instead of a ratio of 0 or below 1.
 */
export function savingsComparison(savings: { repositoryTokens: number; ratio: number }): string {
  if (savings.repositoryTokens === 0) return 'nothing indexed, so no saving to report';
  if (savings.ratio <= 1) return 'the repository is small enough to read whole';
  return `${savings.ratio}× less`;
}
