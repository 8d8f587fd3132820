/**
 * A speechSynthesis test double for the reader page (headless browsers have no voices): it records each utterance
 * and lets the test end it or fire a word boundary on it, the events a real voice sends. Works in Chromium and
 * Firefox pages driven by Playwright or Puppeteer (anything with `evaluate`).
 */
interface Evaluates {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
}

export interface SpokenUtterance {
  text: string;
  lang: string;
  rate: number;
}

/** Kept as source text: a test runner that names functions (tsx) would add helpers the page does not have. */
export const SPEECH_DOUBLE = `(() => {
  const said = [];
  let current = null;
  const fire = (u, type, init) => {
    const event = new Event(type);
    Object.assign(event, { utterance: u, charIndex: 0, charLength: 0, elapsedTime: 0, name: '' }, init || {});
    u.dispatchEvent(event);
  };
  const double = {
    speaking: false, pending: false, paused: false,
    getVoices: () => [],
    speak: (u) => { said.push(u); current = u; },
    cancel: () => { const u = current; current = null; if (u) fire(u, 'error', { error: 'interrupted' }); },
    pause: () => {}, resume: () => {}, addEventListener: () => {}, removeEventListener: () => {},
  };
  Object.defineProperty(window, 'speechSynthesis', { configurable: true, value: double });
  window.pithSpeech = {
    said: () => said.map((u) => ({ text: u.text, lang: u.lang, rate: u.rate })),
    end: () => { const u = current; if (!u) return false; current = null; fire(u, 'end'); return true; },
    boundary: (charIndex, charLength) => { if (current) fire(current, 'boundary', { name: 'word', charIndex, charLength: charLength || 0 }); },
    highlighted: (name) => { const h = CSS.highlights && CSS.highlights.get(name); return h ? Array.from(h).map((r) => r.toString()).join('') : null; },
  };
})()`;

export async function installSpeechDouble(page: Evaluates): Promise<void> {
  // biome-ignore lint/security/noGlobalEval: runs the test's own speech double (a constant above) in the page
  await page.evaluate((source) => (0, eval)(source), SPEECH_DOUBLE);
}

export function spoken(page: Evaluates): Promise<SpokenUtterance[]> {
  return page.evaluate(() => (window as any).pithSpeech.said(), undefined);
}

/** Ends the utterance being spoken (the reader then speaks the next); false when none is. */
export function finishUtterance(page: Evaluates): Promise<boolean> {
  return page.evaluate(() => (window as any).pithSpeech.end(), undefined);
}

export async function fireBoundary(page: Evaluates, charIndex: number, charLength?: number): Promise<void> {
  await page.evaluate(([i, l]) => (window as any).pithSpeech.boundary(i, l), [charIndex, charLength] as const);
}

/** The text the reader highlights as the sentence and as the word being read (CSS Custom Highlight API). */
export function highlighted(page: Evaluates): Promise<{ sentence: string | null; word: string | null }> {
  return page.evaluate(() => ({ sentence: (window as any).pithSpeech.highlighted('pith-sentence'), word: (window as any).pithSpeech.highlighted('pith-word') }), undefined);
}

/**
 * The highlighted sentence once it is `expected`, or whatever is highlighted after `timeoutMs` (for the caller to
 * assert): a key press or click moves the highlight on the reader's next task, not before the call returns.
 */
export async function highlightedSentence(page: Evaluates, expected: string, timeoutMs = 5_000): Promise<string | null> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { sentence } = await highlighted(page);
    if (sentence === expected || Date.now() > until) return sentence;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
