/**
 * The semantic pass as reader state: given the structural extraction, read the SORE settings and either ask
 * (first use), stay structural (declined), or run SORE in the model host and hand back its extraction.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { loadSoreSettings, saveSoreSettings, type SemanticMode, type SoreSettings } from '@/ext/sore-settings';
import { withCorrections } from '@/ext/corrections-store';
import type { Extraction } from '@/src/pipeline/types';
import { modelOffer, runSemanticPass, type SemanticState } from './semantic';
import { errorMessage } from '@/src/error-message';

export interface SemanticPassState {
  /** SORE's extraction once it ran, else the structural one (null while there is none). */
  extraction: Extraction | null;
  state: SemanticState;
  /** A failure to store the user's choice (the choice still applies to this tab). */
  saveError: string | null;
  enable(): void;
  decline(): void;
}

export function useSemanticPass(structural: Extraction | null): SemanticPassState {
  const [state, setState] = useState<SemanticState>({ phase: 'settings' });
  const [semantic, setSemantic] = useState<{ from: Extraction; extraction: Extraction } | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  /** Bumped by "enable" to run the pass for the current extraction. */
  const [runs, setRuns] = useState(0);
  const settingsRef = useRef<SoreSettings | null>(null);

  useEffect(() => {
    if (!structural) return;
    let cancelled = false;
    const run = async () => {
      const settings = settingsRef.current && runs > 0 ? settingsRef.current : await loadSoreSettings();
      if (cancelled) return;
      settingsRef.current = settings;
      if (settings.semanticMode === 'declined') return setState({ phase: 'declined' });
      if (settings.semanticMode === 'ask') return setState({ phase: 'ask', offer: modelOffer(settings.model) });
      const result = await runSemanticPass(structural, settings, {
        report: (next) => {
          if (!cancelled) setState(next);
        },
        cancelled: () => cancelled,
      });
      // The semantic pass may remove what the user restored: their corrections are applied again after it.
      const corrected = result && (await withCorrections(result));
      if (!cancelled && corrected) setSemantic({ from: structural, extraction: corrected });
    };
    setState({ phase: 'settings' });
    void run().catch((error: unknown) => {
      if (!cancelled) setState({ phase: 'failed', message: `Semantic pass failed (${errorMessage(error)}). Showing the structural result.` });
    });
    return () => {
      cancelled = true;
    };
  }, [structural, runs]);

  const choose = useCallback((mode: SemanticMode) => {
    const current = settingsRef.current;
    if (!current) return;
    const next = { ...current, semanticMode: mode };
    settingsRef.current = next;
    saveSoreSettings(next).then(
      () => setSaveError(null),
      (error: unknown) => setSaveError(`Your choice couldn’t be saved (${errorMessage(error)}); it applies to this tab only.`),
    );
    if (mode === 'enabled') setRuns((n) => n + 1);
    else setState({ phase: 'declined' });
  }, []);

  const enable = useCallback(() => choose('enabled'), [choose]);
  const decline = useCallback(() => choose('declined'), [choose]);
  const extraction = structural && semantic?.from === structural ? semantic.extraction : structural;
  return { extraction, state, saveError, enable, decline };
}
