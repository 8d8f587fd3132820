/**
 * Read aloud with the browser's own speech (Web Speech API; nothing leaves the machine): one utterance per sentence,
 * the sentence and, where the voice reports word boundaries, the word highlighted (CSS Custom Highlight API, so the
 * article's DOM is not touched), the view following the sentence.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { defaultVoice, speechQueue, spokenWord, type Sentence } from '@/src/reading/speech-queue';
import { rangeFromOffsets } from './text-offsets';
import { spokenPieces, type ShownPiece } from './spoken-pieces';

export const SPEAKING_ATTR = 'data-pith-speaking';
const RATE_KEY = 'pith.readAloud.rate';
const VOICE_KEY = 'pith.readAloud.voice';

export interface ReadAloudState {
  supported: boolean;
  playing: boolean;
  /** The sentence being read (or to be read next), and how many there are; 0 before the first play. */
  position: number;
  total: number;
  voices: SpeechSynthesisVoice[];
  voiceName: string;
  rate: number;
  error: string | null;
  toggle(): void;
  step(by: -1 | 1): void;
  setVoice(name: string): void;
  setRate(rate: number): void;
}

function synth(): SpeechSynthesis | undefined {
  return (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
}

type Highlights = Map<string, unknown> & { delete(name: string): boolean };
function cssHighlights(): Highlights | undefined {
  return (globalThis.CSS as unknown as { highlights?: Highlights } | undefined)?.highlights;
}
const HighlightClass = (globalThis as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;

function paint(name: string, range: Range | null): void {
  const registry = cssHighlights();
  if (!registry || !HighlightClass) return;
  if (range) registry.set(name, new HighlightClass(range));
  else registry.delete(name);
}

function clearShown(): void {
  paint('pith-sentence', null);
  paint('pith-word', null);
  for (const el of Array.from(document.querySelectorAll(`[${SPEAKING_ATTR}]`))) el.removeAttribute(SPEAKING_ATTR);
}

function follow(element: HTMLElement): void {
  const box = element.getBoundingClientRect();
  if (box.top >= 0 && box.bottom <= innerHeight) return;
  element.scrollIntoView({ block: 'center', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
}

function stored(key: string, fallback: string): string {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

function remember(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not remembered; applies to this tab
  }
}

/** Sent on the document when the article shown changes (a page appended below it): the queue is built again. */
export const ARTICLE_CHANGED_EVENT = 'pith:article-changed';

/** `html`: the article as rendered now; a change rebuilds the queue (sentence numbers before the change stay). */
export function useReadAloud(lang: string, html: string | null): ReadAloudState {
  const supported = synth() !== undefined && typeof SpeechSynthesisUtterance === 'function';
  const [playing, setPlaying] = useState(false);
  const [position, setPositionState] = useState(0);
  // The sentence being read, as of now: a key or a click may come before the render that follows a sentence's end.
  const positionNow = useRef(0);
  const setPosition = (index: number): void => {
    positionNow.current = index;
    setPositionState(index);
  };
  const [total, setTotal] = useState(0);
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  const [voiceName, setVoiceName] = useState(() => stored(VOICE_KEY, ''));
  const [rate, setRateState] = useState(() => Number(stored(RATE_KEY, '1')) || 1);
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<{ sentences: Sentence[]; pieces: ShownPiece[] } | null>(null);
  const generation = useRef(0);
  const settings = useRef({ voiceName, rate, voices });
  settings.current = { voiceName, rate, voices };

  useEffect(() => {
    const speech = synth();
    if (!speech) return;
    const load = (): void => setVoices(speech.getVoices());
    load();
    speech.addEventListener?.('voiceschanged', load);
    const stop = (): void => {
      generation.current++;
      speech.cancel();
    };
    window.addEventListener('pagehide', stop);
    return () => {
      speech.removeEventListener?.('voiceschanged', load);
      window.removeEventListener('pagehide', stop);
      stop();
      clearShown();
    };
  }, []);

  const playingRef = useRef(playing);
  playingRef.current = playing;
  useEffect(() => {
    const rebuild = (): void => {
      queue.current = null;
      if (playingRef.current) ensureQueue();
    };
    rebuild();
    document.addEventListener(ARTICLE_CHANGED_EVENT, rebuild);
    return () => document.removeEventListener(ARTICLE_CHANGED_EVENT, rebuild);
  }, [html]);

  const chosenVoice = (): SpeechSynthesisVoice | undefined => {
    const { voices: list, voiceName: name } = settings.current;
    return list.find((v) => v.name === name) ?? defaultVoice(list, lang);
  };

  const show = (sentence: Sentence, piece: ShownPiece): void => {
    clearShown();
    piece.element.setAttribute(SPEAKING_ATTR, 'sentence');
    if (sentence.start >= 0) paint('pith-sentence', rangeFromOffsets(piece.element, sentence.start, sentence.end));
    follow(piece.element);
  };

  const speak = (index: number): void => {
    const speech = synth();
    const q = queue.current;
    if (!speech || !q) return;
    const gen = ++generation.current;
    speech.cancel();
    const sentence = q.sentences[index];
    if (!sentence) {
      setPlaying(false);
      setPosition(0);
      clearShown();
      return;
    }
    const piece = q.pieces[sentence.piece];
    setPosition(index);
    show(sentence, piece);
    const utterance = new SpeechSynthesisUtterance(sentence.spoken);
    utterance.lang = lang;
    utterance.rate = settings.current.rate;
    const voice = chosenVoice();
    if (voice) utterance.voice = voice;
    utterance.onboundary = (e) => {
      if (gen !== generation.current || (e.name && e.name !== 'word')) return;
      const word = spokenWord(sentence, e.charIndex, e.charLength);
      paint('pith-word', word ? rangeFromOffsets(piece.element, word[0], word[1]) : null);
    };
    utterance.onend = () => {
      if (gen === generation.current) speak(index + 1);
    };
    utterance.onerror = (e) => {
      if (gen !== generation.current || e.error === 'interrupted' || e.error === 'canceled') return;
      setError(`The browser’s speech stopped (${e.error}).`);
      setPlaying(false);
    };
    speech.speak(utterance);
  };

  const ensureQueue = (): void => {
    if (queue.current) return;
    const pieces = spokenPieces();
    const sentences = speechQueue(pieces, lang);
    queue.current = { sentences, pieces };
    setTotal(sentences.length);
  };

  const pause = (): void => {
    generation.current++;
    synth()?.cancel();
    setPlaying(false);
  };

  const toggle = (): void => {
    if (!supported) return;
    if (playing) {
      pause();
      return;
    }
    setError(null);
    ensureQueue();
    setPlaying(true);
    speak(positionNow.current);
  };

  const step = (by: -1 | 1): void => {
    ensureQueue();
    const count = queue.current?.sentences.length ?? 0;
    const next = Math.min(Math.max(positionNow.current + by, 0), Math.max(count - 1, 0));
    if (playing) speak(next);
    else {
      setPosition(next);
      const q = queue.current;
      const sentence = q?.sentences[next];
      if (q && sentence) show(sentence, q.pieces[sentence.piece]);
    }
  };

  /** A new voice or speed applies from the current sentence on. */
  const restart = (): void => {
    if (playing) queueMicrotask(() => speak(positionNow.current));
  };

  return {
    supported,
    playing,
    position,
    total,
    voices,
    voiceName,
    rate,
    error,
    toggle,
    step,
    setVoice(name) {
      setVoiceName(name);
      settings.current = { ...settings.current, voiceName: name };
      remember(VOICE_KEY, name);
      restart();
    },
    setRate(value) {
      setRateState(value);
      settings.current = { ...settings.current, rate: value };
      remember(RATE_KEY, String(value));
      restart();
    },
  };
}
