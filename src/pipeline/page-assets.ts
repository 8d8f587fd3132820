/** Where the CLI serves the page bundle's companions (models, phrase lists) on the page's own origin. */
export const PAGE_ASSET_ROOT = '/__pith__/';
