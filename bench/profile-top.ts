/**
 * The top frames by self time of a V8 CPU profile (`node --cpu-prof`, or `BENCH_PROFILE` of the
 * benchmarks): `node --import tsx profile-top.ts <file.cpuprofile | directory> [count] [--total]`.
 * Given a directory, it reads the largest profile in it (the main thread's: the server's, not the
 * load generator's worker). Frames are merged by function and place; `(idle)` and `(program)` are
 * shown but left out of the percentages of busy time. `--total` ranks by inclusive time instead
 * (a frame's own time and that of everything it called), each sample counted once per frame.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * Time in microseconds per frame label, from the samples and the time since the previous one: the
 * sampled frame's own (`self`), or that of every distinct frame on its stack (`total`).
 */
export function frameTimes(profile: CpuProfile, kind: 'self' | 'total' = 'self'): Map<string, number> {
  const labels = new Map<number, string>();
  const parents = new Map<number, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const place = url ? ` ${shortPlace(url)}:${lineNumber + 1}` : '';
    labels.set(node.id, `${functionName || '(anonymous)'}${place}`);
    for (const child of node.children ?? []) {
      parents.set(child, node.id);
    }
  }
  const stacks = new Map<number, string[]>();
  const stackOf = (id: number): string[] => {
    let stack = stacks.get(id);
    if (!stack) {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
        seen.add(labels.get(at) ?? '(unknown)');
      }
      seen.delete('(root)');
      stack = [...seen];
      stacks.set(id, stack);
    }
    return stack;
  };
  const times = new Map<string, number>();
  // timeDeltas[i] is the time before sample i: it belongs to the frame sampled at i - 1.
  for (let i = 1; i < profile.samples.length; i++) {
    const sampled = profile.samples[i - 1]!;
    const delta = Math.max(0, profile.timeDeltas[i]!);
    for (const label of kind === 'self' ? [labels.get(sampled) ?? '(unknown)'] : stackOf(sampled)) {
      times.set(label, (times.get(label) ?? 0) + delta);
    }
  }
  return times;
}

/** A place readable in one line: the package and file, or the path inside the repository. */
function shortPlace(url: string): string {
  const file = url.replace(/^file:\/\//, '');
  const nodeModules = file.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    return file.slice(nodeModules + 'node_modules/'.length);
  }
  const apps = file.search(/\/(apps|packages|bench)\//);
  return apps >= 0 ? file.slice(apps + 1) : file;
}

/** The profile to read: the file itself, or the largest `.cpuprofile` in the directory. */
function profilePath(target: string): string {
  if (!statSync(target).isDirectory()) {
    return target;
  }
  const files = readdirSync(target)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(target, name))
    .sort((a, b) => statSync(b).size - statSync(a).size);
  if (files.length === 0) {
    throw new Error(`No .cpuprofile in ${target}`);
  }
  return files[0]!;
}

/** The `count` frames with the most time, as markdown table rows (ms, % of busy time, frame). */
export function topFrames(profile: CpuProfile, count: number, kind: 'self' | 'total' = 'self'): string[] {
  const idle = new Set(['(idle)', '(program)']);
  let busy = 0;
  for (const [label, us] of frameTimes(profile, 'self')) {
    if (!idle.has(label)) {
      busy += us;
    }
  }
  const times = frameTimes(profile, kind);
  const rows = [...times].sort((a, b) => b[1] - a[1]).slice(0, count);
  return [
    `busy ${(busy / 1000).toFixed(0)} ms (without (idle) and (program))`,
    '',
    `| ${kind} ms | % of busy | frame |`,
    '|---:|---:|---|',
    ...rows.map(
      ([label, us]) =>
        `| ${(us / 1000).toFixed(0)} | ${idle.has(label) ? '' : ((us / busy) * 100).toFixed(1)} | \`${label}\` |`,
    ),
  ];
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  const args = process.argv.slice(2);
  const kind = args.includes('--total') ? 'total' : 'self';
  const [target, count = '15'] = args.filter((arg) => arg !== '--total');
  if (!target) {
    console.error('Usage: node --import tsx profile-top.ts <file.cpuprofile | directory> [count] [--total]');
    process.exit(1);
  }
  const file = profilePath(target);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(file);
  console.log(topFrames(profile, Number(count), kind).join('\n'));
}
