/**
 * The declared pipeline (src/pipeline/stages.ts) is the whole pipeline: every stage is documented, every decision
 * in src/ carries a stage name the list (or a later stage) owns, a switched-off stage does not run, and every named
 * rule is registered with its roles.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_RULES, NAMING_RULES, rulesFor } from '../../../src/boilerplate/rules';
import type { RemovalRule, RuleRole } from '../../../src/boilerplate/types';
import { runStructuralStages } from '../../../src/pipeline/extract-page';
import { STAGES, type StageId } from '../../../src/pipeline/stages';
import { PIPELINE_DOC, withGeneratedSections } from '../../../scripts/lib/pipeline-doc';
import { menuAndArticle } from '../gce/builders';

/** Stages outside the structural list that decide: the snapshot's overlay check and the passes after the list. */
const LATER_STAGES = new Set(['overlay', 'model', 'sore', 'perplexity', 'lm', 'user']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the declared pipeline', () => {
  it('lists each stage once, with what it reads, adds and how to switch it off', () => {
    const ids = STAGES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const stage of STAGES) {
      expect(stage.title.length, stage.id).toBeGreaterThan(10);
      expect(stage.reads.length, stage.id).toBeGreaterThan(0);
      expect(stage.adds.length, stage.id).toBeGreaterThan(5);
      expect(stage.off.length, stage.id).toBeGreaterThan(5);
    }
  });

  it('is documented in docs/pipeline.md as the list says (npm run docs:pipeline rewrites it)', () => {
    const doc = readFileSync(PIPELINE_DOC, 'utf8');
    expect(withGeneratedSections(doc)).toBe(doc);
  });

  it('owns every stage name a decision or a run in src/ carries', () => {
    const owned = new Set<string>([...STAGES.map((s) => s.decidesAs), ...LATER_STAGES, 'snapshot']);
    const unowned: string[] = [];
    for (const file of sourceFiles('src')) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bstage: '([a-z-]+)'/g)) {
        if (!owned.has(match[1]!)) unowned.push(`${file}: ${match[1]}`);
      }
    }
    expect(unowned).toEqual([]);
  });

  it('runs every stage, timed under its id, and skips a stage switched off', () => {
    const all = runStructuralStages(menuAndArticle());
    for (const stage of STAGES.filter((s) => s.id !== 'page-type')) expect(all.timings, stage.id).toHaveProperty(stage.id);
    expect(all.record.runs.some((r) => r.path === 'link-clusters')).toBe(true);
    const off = runStructuralStages(menuAndArticle(), { stages: { 'link-clusters': false, causes: false } satisfies Partial<Record<StageId, boolean>> });
    expect(off.timings).not.toHaveProperty('link-clusters');
    expect(off.record.runs.some((r) => r.path === 'link-clusters' || r.path === 'causes')).toBe(false);
    expect(all.record.runs.some((r) => r.path === 'causes')).toBe(true);
  });

  it('logs run paths that start with the id of a listed stage', () => {
    const ids = new Set<string>(STAGES.map((s) => s.id));
    const { record } = runStructuralStages(menuAndArticle());
    for (const run of record.runs) expect(ids.has(run.path.split(':')[0]!), run.path).toBe(true);
  });
});

describe('the named rules', () => {
  const ROLES: RuleRole[] = ['explains', 'decides', 'listing', 'thread'];

  it('registers every rule of every rule file (a thread variant included), each with a role', async () => {
    const registered = new Set<RemovalRule>([...ALL_RULES, ...NAMING_RULES]);
    const files = readdirSync('src/boilerplate/rules').filter((f) => f.endsWith('.ts') && f !== 'index.ts');
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const module = (await import(`../../../src/boilerplate/rules/${file.replace(/\.ts$/, '')}.ts`)) as Record<string, unknown>;
      const rules = Object.values(module).filter((v): v is RemovalRule => typeof v === 'object' && v !== null && 'cause' in v && 'roles' in v);
      const factories = Object.entries(module).filter(([name, v]) => typeof v === 'function' && name.endsWith('Rule'));
      expect(rules.length + factories.length, file).toBeGreaterThan(0);
      for (const rule of rules) expect(registered.has(rule), `${file}: ${rule.cause}`).toBe(true);
      for (const [name] of factories) {
        const cause = rules[0]?.cause;
        expect(ALL_RULES.some((r) => r.cause === cause && r.roles.thread !== undefined), `${file}: ${name}('thread')`).toBe(true);
      }
    }
    for (const rule of ALL_RULES) expect(ROLES.some((role) => rule.roles[role] !== undefined), rule.cause).toBe(true);
    for (const rule of NAMING_RULES) expect(Object.keys(rule.roles), rule.cause).toEqual(['names']);
  });

  it('gives each rule a distinct rank within each role', () => {
    for (const role of ROLES) {
      const ranks = rulesFor(role).map((r) => r.roles[role]);
      expect(new Set(ranks).size, role).toBe(ranks.length);
    }
    const naming = NAMING_RULES.map((r) => r.roles.names);
    expect(naming, 'names, in rank order').toEqual([...new Set(naming)].sort((a, b) => a! - b!));
  });
});
