// The order in which vitest starts the test files of a run. A project's files run one after another
// (each project's test processes serve all its files in turn, `isolate: false`, and vitest hands a process
// on only to the next file of the same project), the projects with the longest files first, and within a
// project the longest files first: so the two workers finish together, on the short unit files, instead of
// one file running alone at the end. The times are those `npm test` recorded after its last green full run
// (tests/support/file-durations.json), never written by hand. A file it does not know yet starts first in
// its project, largest first; with no record at all, vitest's own order.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const durationsFile = path.join(import.meta.dirname, 'file-durations.json');

/** Seconds per "<project> <file relative to the root>". */
export type Durations = Record<string, number>;

export const durationKey = (project: string, relativeFile: string) => `${project} ${relativeFile.split(path.sep).join('/')}`;

export function readDurations(): Durations {
  try {
    return JSON.parse(fs.readFileSync(durationsFile, 'utf8')) as Durations;
  } catch {
    return {}; // none recorded yet
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    if (Object.keys(durations).length === 0) return super.sort(files);
    const root = this.ctx.config.root;
    const byProject = Map.groupBy(files, (spec) => spec.project.name);
    const expected = (spec: TestSpecification) => durations[durationKey(spec.project.name, path.relative(root, spec.moduleId))];
    const ordered = await Promise.all(
      [...byProject.values()].map(async (specs) => {
        const unknown = specs.filter((spec) => expected(spec) === undefined);
        const known = specs.filter((spec) => expected(spec) !== undefined).sort((a, b) => expected(b)! - expected(a)!);
        return [...(await super.sort(unknown)), ...known];
      }),
    );
    const longest = (specs: TestSpecification[]) => Math.max(0, ...specs.map((spec) => expected(spec) ?? 0));
    return ordered.sort((a, b) => longest(b) - longest(a)).flat();
  }
}
