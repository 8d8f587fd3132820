// @joplin/turndown-plugin-gfm ships no types; only what Pith uses is declared.
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  export type Plugin = (service: TurndownService) => void;
  export const gfm: Plugin;
  export const tables: Plugin;
  export const strikethrough: Plugin;
  export const taskListItems: Plugin;
  export const highlightedCodeBlock: Plugin;
}
