import { makeBlock } from '../../helpers/block';
import { emptyMetadata } from '../../../src/snapshot/metadata';
/**
 * Hand-built extractions for render and export tests. Blocks are read from the HTML itself: every element with
 * data-pith-block="<id>" becomes a block with its text; decisions come from `decisions` by id (default: removed).
 */
import type { Decision, DecisionRecord, Evidence, StageName, StageRun } from '../../../src/decisions/types';
import type { Extraction } from '../../../src/pipeline/types';
import type { Block, BlockKind, PageMetadata, PageSnapshot } from '../../../src/snapshot/types';

export interface DecisionSpec {
  kept: boolean;
  reason?: string;
  stage?: StageName;
  score?: number;
  threshold?: number;
  evidence?: Evidence;
  supersedes?: Decision;
  /** Kept as its picture only (`Decision.pictureOnly`). */
  pictureOnly?: true;
}

export interface ExtractionSpec {
  html: string;
  url?: string;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  metadata?: Partial<PageMetadata>;
  /** Decisions by block id; a block without one has no decision (counts as removed). */
  decisions?: Record<number, DecisionSpec>;
  mode?: string;
  runs?: StageRun[];
}

export const kept = (reason = 'Inside the main content column', stage: StageName = 'gce'): DecisionSpec => ({
  kept: true,
  reason,
  stage,
});
export const removed = (reason = 'Outside the main content column', stage: StageName = 'gce', extra: Partial<DecisionSpec> = {}): DecisionSpec => ({
  kept: false,
  reason,
  stage,
  ...extra,
});

const RECT = { x: 0, y: 0, width: 0, height: 0 };

function kindOf(el: Element): BlockKind {
  const tag = el.localName;
  if (/^h[1-6]$/.test(tag)) return 'heading';
  if (tag === 'li') return 'list-item';
  if (tag === 'blockquote') return 'quote';
  if (tag === 'img') return 'image';
  if (tag === 'figure') return 'figure';
  if (tag === 'table') return 'table';
  if (tag === 'pre') return 'code';
  if (tag === 'math') return 'math';
  if (tag === 'video' || tag === 'audio') return 'media';
  return 'text';
}

const metadata = emptyMetadata;

export function buildExtraction(spec: ExtractionSpec): Extraction {
  const url = spec.url ?? 'https://example.com/articles/post.html';
  const doc = new DOMParser().parseFromString(spec.html, 'text/html');
  const blockElements = Array.from(doc.querySelectorAll('[data-pith-block]'));
  const blocks: Block[] = blockElements
    .map((el) => {
      const id = Number(el.getAttribute('data-pith-block'));
      const tag = el.localName;
      const kind = kindOf(el);
      return makeBlock(id, kind, (el.textContent ?? '').replace(/\s+/g, ' ').trim(), {
        path: `body>${tag}:${id}`,
        tag,
        anonymous: tag === 'span',
        rect: RECT,
        headingLevel: kind === 'heading' ? Number(tag.slice(1)) : undefined,
      });
    })
    .sort((a, b) => a.id - b.id);
  const record: DecisionRecord = { decisions: [], runs: spec.runs ?? [{ stage: 'gce', path: 'gce:M3best', ms: 3 }] };
  for (const [idText, d] of Object.entries(spec.decisions ?? {})) {
    const id = Number(idText);
    record.decisions[id] = {
      block: id,
      kept: d.kept,
      stage: d.stage ?? 'gce',
      reason: d.reason ?? (d.kept ? 'Inside the main content column' : 'Outside the main content column'),
      score: d.score,
      threshold: d.threshold,
      evidence: d.evidence ?? (d.kept ? { kind: 'main-container', container: 1 } : { kind: 'outside-main-container', container: 1 }),
      supersedes: d.supersedes,
      ...(d.pictureOnly ? { pictureOnly: d.pictureOnly } : {}),
    };
  }
  const snapshot: PageSnapshot = {
    url,
    lang: spec.lang ?? 'en',
    dir: spec.dir ?? 'ltr',
    metadata: metadata(spec.metadata),
    viewport: { width: 1280, height: 800 },
    document: { width: 1280, height: 3000 },
    styled: true,
    nodes: [],
    blocks,
    links: [],
    html: spec.html,
    stats: { elements: blockElements.length, textNodes: blockElements.length, ms: 1, truncated: false },
  };
  return { snapshot, record, mainNode: 1, mode: spec.mode ?? 'Layout (GCE, M3 best)', timings: { snapshot: 5, gce: 3, total: 8 } };
}

/** A small news-like article: navigation, title, paragraphs, a figure, a table, code, an aside, a footer. */
export function sampleArticle(): Extraction {
  return buildExtraction({
    url: 'https://news.example.org/2024/05/sky/index.html',
    metadata: { title: 'Why the sky is blue | Example News', byline: 'Ada Lovelace', siteName: 'Example News', publishedTime: '2024-05-01' },
    html: `<body>
<nav class="top-nav" style="color:red"><ul><li data-pith-block="0"><a href="/">Home</a></li><li data-pith-block="1"><a href="/world">World</a></li></ul></nav>
<div id="main" class="content-wrapper" align="center" bgcolor="#fff">
  <article class="post" style="width:600px">
    <h1 data-pith-block="2" class="headline">Why the sky is blue</h1>
    <p data-pith-block="3" onclick="alert(1)" style="font-size:20px">Sunlight is <a href="../../physics/light.html" onmouseover="steal()">scattered</a> by the air.</p>
    <p data-pith-block="4">Blue light is scattered more than red light.</p>
    <figure data-pith-block="5"><img src="img/sky.jpg" alt="A blue sky" width="800" height="600" class="lazy"><figcaption>The sky at noon.</figcaption></figure>
    <table data-pith-block="6" class="data" width="500" cellpadding="3"><thead><tr><th>Colour</th><th>Wavelength</th></tr></thead><tbody><tr><td>Blue</td><td>450 nm</td></tr><tr><td>Red</td><td>700 nm</td></tr></tbody></table>
    <div class="highlight"><pre data-pith-block="7" class="language-python"><code>print("hello")
x = 1</code></pre></div>
    <div class="share-box"><p data-pith-block="8">Share this story on social media</p><script>track()</script></div>
    <p data-pith-block="9"><a href="javascript:alert(1)">Click me</a> for more.</p>
  </article>
  <aside class="sidebar"><div class="promo"><p data-pith-block="10">Subscribe to our newsletter today</p></div></aside>
</div>
<footer><p data-pith-block="11">Copyright 2024 Example News</p></footer>
</body>`,
    decisions: {
      0: removed('Navigation links outside the article'),
      1: removed('Navigation links outside the article'),
      2: kept(),
      3: kept(),
      4: kept(),
      5: kept(),
      6: kept(),
      7: kept(),
      8: removed('Link-dense sharing widget', 'structure', { score: 0.82, threshold: 0.5 }),
      9: kept(),
      10: removed('Outside the main content column'),
      11: removed('Page footer'),
    },
  });
}
