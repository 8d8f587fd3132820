import { describe, expect, it } from 'vitest';
import { BLOCK_FEATURE_NAMES, blockFeatures } from '../../../src/blocks/features';
import { REMOVAL_CAUSES } from '../../../src/decisions/causes';
import { emptyRecord } from '../../../src/decisions/record';
import { pageSnapshot } from '../page-type/page-snapshot';

const PAGE = `<!DOCTYPE html><html lang="en"><head><title>Why rivers bend</title></head><body>
<nav><ul>${Array.from({ length: 14 }, (_, i) => `<li class="menu-item"><a href="/s${i}">Section ${i}</a></li>`).join('')}</ul></nav>
<article><h1>Why rivers bend</h1>
<p>A river that runs over flat ground rarely stays straight. Water on the outside of a bend moves faster and cuts the bank, while slower water on the inside drops sand. Over years the bend grows.</p>
<p>Seen from above, the loops can nearly close on themselves. When a flood breaks through the narrow neck, the old loop is left behind as a quiet lake.</p></article>
<footer><p>Contact us · <a href="/privacy">Privacy</a></p></footer></body></html>`;

function featuresOf(text: string) {
  const snapshot = pageSnapshot(PAGE);
  const rows = blockFeatures({ snapshot, record: emptyRecord(), mainNode: -1 });
  const block = snapshot.blocks.find((b) => b.text.startsWith(text))!;
  const row = rows[block.id]!;
  return (name: string) => row[BLOCK_FEATURE_NAMES.indexOf(name)]!;
}

describe('block features', () => {
  it('gives every block one value per feature name, all finite', () => {
    const snapshot = pageSnapshot(PAGE);
    const rows = blockFeatures({ snapshot, record: emptyRecord(), mainNode: -1 });
    expect(rows).toHaveLength(snapshot.blocks.length);
    for (const row of rows) {
      expect(row).toHaveLength(BLOCK_FEATURE_NAMES.length);
      for (const v of row) expect(Number.isFinite(v)).toBe(true);
    }
  });

  it('sees a menu entry as a link in the navigation, one of fourteen similar items', () => {
    const f = featuresOf('Section 3');
    expect(f('link_density')).toBe(1);
    expect(f('in_nav')).toBe(1);
    expect(f('in_li')).toBe(1);
    expect(Math.round(Math.expm1(f('group_size_log')))).toBe(14);
    expect(f('group_position')).toBeCloseTo(3 / 14, 5);
  });

  it('sees a paragraph of the article as running text in sentences, below the title', () => {
    const f = featuresOf('A river that runs');
    expect(f('in_article')).toBe(1);
    expect(f('in_nav')).toBe(0);
    expect(f('link_density')).toBe(0);
    expect(f('sentence_ends')).toBe(3);
    expect(f('common_share')).toBeGreaterThan(0.3);
    expect(f('chars_rank')).toBe(1);
    expect(f('from_title')).toBeGreaterThan(0);
    expect(f('group_size_log')).toBe(0);
  });

  it('reads a Polish article (a language without a word list) as prose and its menu as not, from the page itself', () => {
    const html = `<html lang="pl"><body><nav>${['Wiadomości', 'Sport', 'Kultura', 'Pogoda', 'Biznes'].map((w) => `<a href="/${w}">${w}</a>`).join(' ')}</nav><article>
      <p>Rada miasta przyjęła w środę budżet na przyszły rok. Radni długo spierali się o to, ile pieniędzy ma trafić na drogi, a ile na szkoły w dzielnicach.</p>
      <p>Prezydent miasta powiedział, że to budżet rozsądny. Opozycja zapowiada, że w przyszłym roku będzie się domagać zmian w wydatkach na komunikację.</p></article></body></html>`;
    const snapshot = pageSnapshot(html);
    const rows = blockFeatures({ snapshot, record: emptyRecord(), mainNode: -1 });
    const value = (start: string, name: string) => rows[snapshot.blocks.find((b) => b.text.startsWith(start))!.id]![BLOCK_FEATURE_NAMES.indexOf(name)]!;
    expect(value('Rada miasta', 'common_share')).toBeGreaterThan(value('Wiadomości', 'common_share'));
    expect(value('Rada miasta', 'sentence_ends')).toBe(2);
  });

  it('counts Chinese sentence ends, which have no space after them', () => {
    const snapshot = pageSnapshot('<html lang="zh"><body><p>今天下午市政府召开会议。会议讨论了明年的预算！代表们意见不一？</p></body></html>');
    const rows = blockFeatures({ snapshot, record: emptyRecord(), mainNode: -1 });
    expect(rows[0]![BLOCK_FEATURE_NAMES.indexOf('sentence_ends')]).toBe(3);
  });

  it("gives a rule's verdict as a missing value when this version no longer has the rule's cause", () => {
    const snapshot = pageSnapshot(PAGE);
    const live = new Set(Object.keys(REMOVAL_CAUSES).filter((c) => c !== 'comment-section'));
    const rows = blockFeatures({ snapshot, record: emptyRecord(), mainNode: -1 }, live);
    for (const row of rows) {
      expect(Number.isNaN(row[BLOCK_FEATURE_NAMES.indexOf('rule_comment-section')]!)).toBe(true);
      expect(row[BLOCK_FEATURE_NAMES.indexOf('rule_nav-menu')]).toBe(0);
    }
  });

  it('marks the footer line as in the footer and after the end of the article text', () => {
    const f = featuresOf('Contact us');
    expect(f('in_footer')).toBe(1);
    expect(f('after_text_end')).toBeGreaterThan(0);
  });
});
