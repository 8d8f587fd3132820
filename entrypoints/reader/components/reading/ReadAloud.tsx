/** The panel's read-aloud controls: play/pause, previous and next sentence, voice and speed, with shortcuts. */
import { useEffect, useRef } from 'preact/hooks';
import { typingInField } from './keys';
import { useReadAloud } from './use-read-aloud';

const RATES = [0.75, 1, 1.25, 1.5, 1.75, 2];

export function ReadAloud({ lang, html }: { lang: string; html: string | null }) {
  const read = useReadAloud(lang, html);
  // The shortcuts act on the controls of the latest render: an effect re-registered after each paint would leave the
  // previous render's controls listening until the next frame (a step from the sentence before).
  const latest = useRef(read);
  latest.current = read;

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const read = latest.current;
      if (e.ctrlKey || e.metaKey || e.altKey || typingInField(e) || !read.supported) return;
      const key = e.key.toLowerCase();
      if (key === 'k') read.toggle();
      else if (key === 'j') read.step(-1);
      else if (key === 'l') read.step(1);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  if (!read.supported) {
    return (
      <section class="pith-section pith-read-aloud" aria-labelledby="pith-read-aloud-heading">
        <h2 id="pith-read-aloud-heading" class="pith-section-title">
          Read aloud
        </h2>
        <p class="pith-hint">This browser offers no speech, so Pith cannot read the article aloud here.</p>
      </section>
    );
  }
  const languageVoices = read.voices;
  return (
    <section class="pith-section pith-read-aloud" aria-labelledby="pith-read-aloud-heading">
      <h2 id="pith-read-aloud-heading" class="pith-section-title">
        Read aloud
      </h2>
      <div class="pith-read-aloud-buttons" role="group" aria-label="Read aloud">
        <button type="button" id="pith-read-previous" class="pith-button" aria-keyshortcuts="J" onClick={() => read.step(-1)}>
          <span aria-hidden="true">‹</span> Previous
        </button>
        <button type="button" id="pith-read-toggle" class="pith-button pith-primary" aria-keyshortcuts="K" onClick={read.toggle}>
          {read.playing ? 'Pause' : read.position > 0 ? 'Resume' : 'Read aloud'}
        </button>
        <button type="button" id="pith-read-next" class="pith-button" aria-keyshortcuts="L" onClick={() => read.step(1)}>
          Next <span aria-hidden="true">›</span>
        </button>
      </div>
      <p class="pith-hint" id="pith-read-position">
        {read.total > 0 ? `Sentence ${read.position + 1} of ${read.total}. ` : ''}Keys: K play or pause, J previous, L next.
      </p>
      <div class="pith-read-aloud-choices">
        <label>
          <span>Voice</span>
          <select id="pith-read-voice" value={read.voiceName} onChange={(e) => read.setVoice((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">The browser’s voice for this language</option>
            {languageVoices.map((v) => (
              <option key={v.name} value={v.name}>
                {v.name} ({v.lang})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Speed</span>
          <select id="pith-read-rate" value={String(read.rate)} onChange={(e) => read.setRate(Number((e.currentTarget as HTMLSelectElement).value))}>
            {RATES.map((r) => (
              <option key={r} value={String(r)}>
                {r === 1 ? 'Normal' : `${r}×`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {read.error && (
        <p class="pith-notice pith-notice-error" role="alert">
          {read.error}
        </p>
      )}
    </section>
  );
}
