/**
 * TeX → MathML for formulas a page kept only as TeX. The converter (Temml, 170 kB) is registered by importing
 * `./temml-tex` where it is needed — the exports, the CLI's page bundle, the full reader — so that the reader's first
 * paint does not load it. Until then a TeX-only formula is shown as its TeX, readable (`normalize-math.ts`).
 */
export type TexToMathml = (tex: string, display: boolean) => string;

let converter: TexToMathml | null = null;

export function setTexRenderer(render: TexToMathml | null): void {
  converter = render;
}

/** MathML markup for the TeX, or null when no converter is registered. Throws when the converter cannot read it. */
export function texToMathml(tex: string, display: boolean): string | null {
  return converter ? converter(tex, display) : null;
}
