/** Recent changes: files changed often in recent history are likelier to change again (a weak prior). */
import type { RetrievalSignal } from '../types.js';
import { defineSignal } from './define.js';

export const recentChangesSignal: RetrievalSignal = defineSignal({
  id: 'churn',
  phase: 'direct',
  description: 'how often each file changed in recent history, as a prior',
  collect(state, scores) {
    const history = state.history;
    if (!history) return;
    const counts = new Map<string, number>();
    for (const commit of history.commits)
      for (const path of commit)
        if (state.corpus.byPath.has(path)) counts.set(path, (counts.get(path) ?? 0) + 1);
    const most = Math.max(0, ...counts.values());
    if (most === 0) return;
    for (const [path, count] of counts) {
      scores.set(path, {
        score: Math.log1p(count) / Math.log1p(most),
        reasons: count >= 3 ? [`changed in ${count} of the last ${history.commits.length} commits`] : [],
      });
    }
  },
});
