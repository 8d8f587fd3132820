/**
 * The reading features' mount points in the reader. Their code (ReadingTools) is fetched with import() once the
 * full reader has rendered, so none of it loads before the article is painted.
 */
import { useEffect, useState } from 'preact/hooks';
import type { ReadingProps } from './ReadingTools';

type Tools = typeof import('./ReadingTools');
let loading: Promise<Tools> | undefined;

function useTools(): Tools | null {
  const [tools, setTools] = useState<Tools | null>(null);
  useEffect(() => {
    let live = true;
    loading ??= import('./ReadingTools');
    loading.then((m) => live && setTools(m), (error: unknown) => console.error('Pith: the reading tools did not load', error));
    return () => {
      live = false;
    };
  }, []);
  return tools;
}

export function LazyReadingPanel(props: ReadingProps) {
  const tools = useTools();
  return tools ? <tools.ReadingPanel {...props} /> : null;
}

export function LazyArticleEnd(props: ReadingProps) {
  const tools = useTools();
  return tools ? <tools.ArticleEnd {...props} /> : null;
}
