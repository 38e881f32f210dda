/** Import cycles: strongly connected components with more than one file (Tarjan, iterative). */
import type { GraphView } from '../view.js';

export function findCycles(view: GraphView): string[][] {
  const files = view.files;
  const position = new Map(files.map((file, at) => [file, at]));
  // Positions and typed arrays instead of maps of paths: the contracts ask this of every build.
  const targetsOf = (at: number) =>
    view.dependenciesOf(files[at]!).map((target) => position.get(target) ?? -1);
  const indexOf = new Int32Array(files.length).fill(-1);
  const lowLink = new Int32Array(files.length);
  const onStack = new Uint8Array(files.length);
  const stack: number[] = [];
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (at: number) => {
    indexOf[at] = counter;
    lowLink[at] = counter++;
    stack.push(at);
    onStack[at] = 1;
  };
  for (let start = 0; start < files.length; start++) {
    if (indexOf[start]! >= 0) continue;
    const work: Array<{ at: number; targets: number[]; next: number }> = [
      { at: start, targets: targetsOf(start), next: 0 },
    ];
    visit(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.next < frame.targets.length) {
        const target = frame.targets[frame.next++]!;
        if (target < 0) continue;
        if (indexOf[target]! < 0) {
          visit(target);
          work.push({ at: target, targets: targetsOf(target), next: 0 });
        } else if (onStack[target]) {
          lowLink[frame.at] = Math.min(lowLink[frame.at]!, indexOf[target]!);
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink[parent.at] = Math.min(lowLink[parent.at]!, lowLink[frame.at]!);
      if (lowLink[frame.at] === indexOf[frame.at]) {
        const component: string[] = [];
        let member: number;
        do {
          member = stack.pop()!;
          onStack[member] = 0;
          component.push(files[member]!);
        } while (member !== frame.at);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  }
  return cycles.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}
