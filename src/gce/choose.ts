import type { Walk } from './expand';
import { BODY } from './page-index';

export type GcePath = 'M3best' | 'M2best' | 'M1best' | 'M3nobest' | 'M2nobest' | 'M1nobest' | 'failed';

/**
 * The final container, in the paper's order M3best, M2best, M1best, M3nobest, M2nobest, M1nobest
 * (Mi = the walk from Ci). A no-best that is <body> is never taken; when every walk ends at <body>, GCE fails.
 */
export function chooseMain(walks: Walk[]): { mainNode: number; path: GcePath } {
  const byCentreDesc = [...walks].sort((a, b) => b.centre - a.centre);
  for (const best of [true, false]) {
    for (const w of byCentreDesc) {
      if (w.best === best && w.chosen !== BODY) {
        return { mainNode: w.chosen, path: `M${w.centre + 1}${best ? 'best' : 'nobest'}` as GcePath };
      }
    }
  }
  return { mainNode: -1, path: 'failed' };
}
