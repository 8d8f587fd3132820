/**
 * The snapshot's cleaned copy of the page (`PageSnapshot.html`): containers copied shallow, block content copied
 * deep with scripts, hidden parts, handlers and presentational attributes dropped, URLs made absolute, and math kept
 * as the reader can typeset it (MathJax 2's TeX, renderers' MathML and SVG).
 */
import { isElementNode, renderedClone } from './composed-tree';
import { MATH_SELECTOR, SKIP_TAGS } from './element-traits';
import type { StyleReader } from './element-style';
import type { UrlResolver } from './images';
import { unwrapNoscript } from './noscript';
import type { ShadowReading } from './shadow-reading';

/** Never in a copy, unless a display-math container inside the copy holds them (a renderer's SVG, its MathML). */
const STRIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'link', 'meta', 'input', 'select', 'textarea', 'button', 'svg', 'canvas']);
/** Elements that are inline by nature; when laid out as blocks their copies get a paragraph around them. */
const PHRASING_TAGS = new Set(['span', 'a', 'time', 'em', 'strong', 'b', 'i', 'small', 'label', 'font', 'abbr', 'cite', 'mark', 'q', 'u', 's', 'sub', 'sup', 'button']);
const LAYOUT_TABLE_TAGS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption']);
const KEPT_ATTRIBUTES = new Set([
  'id', 'class', 'role', 'itemprop', 'itemtype', 'lang', 'dir', 'href', 'src', 'alt', 'title', 'colspan', 'rowspan',
  'datetime', 'cite', 'start', 'type', 'reversed', 'scope', 'headers', 'abbr', 'width', 'height', 'poster', 'controls',
  'encoding', 'display', 'mathvariant', 'open',
  // Export fidelity: Word's footnote anchors, TeX kept by math renderers, code languages, callout kinds.
  'name', 'data-math', 'data-latex', 'data-tex', 'data-lang', 'data-language', 'data-callout',
]);
/** Attributes that name the programming language of the code an element holds. */
const CODE_LANGUAGE_ATTRIBUTES = ['data-lang', 'data-language'];
/** MathJax 2 renders a formula into "<id>-Frame" and keeps its TeX in <script type="math/tex" id="<id>">. */
const MATHJAX2_FRAME = /^(MathJax-Element-\d+)-Frame$/;

export class PageCopier {
  /** The document the copy is built in (one document, so no copied node is adopted from another). */
  readonly copyDoc: Document;
  /** Whether a lone TeX script was met (then copies are searched for them). */
  private loneTex = false;

  constructor(
    private readonly doc: Document,
    private readonly urls: UrlResolver,
    /** The noscripts the page shows as its content (it was parsed with scripting off); every other noscript is skipped. */
    private readonly noscripts: ReadonlySet<Element>,
    private readonly styles: StyleReader,
    private readonly shadow: ShadowReading,
  ) {
    this.copyDoc = doc.implementation.createHTMLDocument('');
  }

  get loneTexSeen(): boolean {
    return this.loneTex;
  }

  /** The copy of a container: tag kept (layout tables become divs), presentational attributes dropped. */
  shallowCopy(el: Element, inLayoutTable: boolean): Element {
    // A read noscript's copy is a plain container: the reader's sanitiser drops <noscript> with what it holds.
    const copy = this.copyDoc.createElement(el.localName === 'noscript' ? 'div' : el.localName);
    if (inLayoutTable && LAYOUT_TABLE_TAGS.has(el.localName)) copy.setAttribute('data-pith-layout', 'table');
    // Names, not `attributes`: each Attr read from a NamedNodeMap is a new object.
    for (const name of el.getAttributeNames()) {
      if (KEPT_ATTRIBUTES.has(name)) copy.setAttribute(name, el.getAttribute(name)!);
    }
    this.keepHiddenNote(el, copy);
    return copy;
  }

  /**
   * The copy of an element that holds only inline content is a paragraph: a div becomes <p> (as Readability would
   * rewrite it, so the block marker survives Readability's own rewrite; a div that names a code language becomes
   * <pre>), and a phrasing element laid out as a block (a span or time in a flex row) is wrapped in <p>, so the reader
   * and Markdown keep it on its own line.
   * Returns where the content goes and which element carries the block marker.
   */
  paragraphShell(copy: Element): { content: Element; marker: Element } {
    if (!copy.parentNode) return { content: copy, marker: copy };
    if (copy.localName === 'div') {
      // A documentation generator's code block (Writerside's `<div class="code-block" data-lang="http">`) is plain
      // text whose line breaks only the site's stylesheet or script shows: as a paragraph its lines would run together.
      const p = this.copyDoc.createElement(CODE_LANGUAGE_ATTRIBUTES.some((name) => copy.hasAttribute(name)) ? 'pre' : 'p');
      for (const attr of copy.attributes) p.setAttribute(attr.name, attr.value);
      copy.replaceWith(p);
      return { content: p, marker: p };
    }
    if (PHRASING_TAGS.has(copy.localName)) {
      const p = this.copyDoc.createElement('p');
      copy.replaceWith(p);
      p.append(copy);
      return { content: copy, marker: p };
    }
    return { content: copy, marker: copy };
  }

  /** Deep copy of block content with scripts, hidden parts and handlers dropped and URLs made absolute. */
  deepCopy(nodes: Node[]): Node[] {
    const out: Node[] = [];
    for (const original of nodes) {
      if (isElementNode(original) && this.shadow.hasShadowParts(original)) {
        const { clone, originals, clones } = renderedClone(original, this.copyDoc);
        this.cleanRenderedCopy(original, originals, clones);
        out.push(clone);
        continue;
      }
      const clone = this.copyDoc.importNode(original, true);
      if (isElementNode(original) && isElementNode(clone)) this.cleanCopy(original, clone);
      out.push(this.loneTex && isElementNode(clone) && (clone.localName === 'script' || clone.firstElementChild) ? this.texScriptsAsFormulas(clone) : clone);
    }
    return out;
  }

  /**
   * Cleans `clone` (a deep copy of `original`) in one walk over both trees in step, element by element as
   * `copyVerdict` says.
   */
  private cleanCopy(original: Element, clone: Element): void {
    const remove: Element[] = [];
    const readNoscripts: Element[] = [];
    let o: Element | null = original;
    let c: Element | null = clone;
    while (o && c) {
      const verdict = this.copyVerdict(original, o);
      if (verdict === 'drop') remove.push(c);
      else if (verdict === 'clean') this.cleanElement(o, c);
      if (verdict === 'clean' && o.localName === 'noscript') readNoscripts.push(c);
      const descend = verdict !== 'drop';
      // Next element in document order, in both trees.
      if (descend && o.firstElementChild) {
        o = o.firstElementChild;
        c = c.firstElementChild;
        continue;
      }
      while (o && o !== original && !o.nextElementSibling) {
        o = o.parentElement;
        c = c?.parentElement ?? null;
      }
      if (!o || o === original) break;
      o = o.nextElementSibling;
      c = c?.nextElementSibling ?? null;
    }
    for (const el of remove) el.remove();
    for (const el of readNoscripts) unwrapNoscript(el);
  }

  /** `cleanCopy` for a copy drawn from shadow roots and slots: `originals[i]` was copied to `clones[i]`. */
  private cleanRenderedCopy(original: Element, originals: readonly Element[], clones: readonly Element[]): void {
    const remove: Element[] = [];
    const readNoscripts: Element[] = [];
    originals.forEach((o, i) => {
      const c = clones[i];
      if (!c) return;
      const verdict = this.copyVerdict(original, o);
      if (verdict === 'drop') remove.push(c);
      else if (verdict === 'clean') this.cleanElement(o, c);
      if (verdict === 'clean' && o.localName === 'noscript') readNoscripts.push(c);
    });
    for (const el of remove) el.remove();
    for (const el of readNoscripts) unwrapNoscript(el);
  }

  /**
   * What a copy does with `o` (inside the copied `original`): skipped and hidden elements are dropped, except inside
   * display math (its MathML, SVG), where only scripts go, and form controls, embeds and graphics go unless a math
   * container inside the copy holds them ('keep': left as it is); the other elements are cleaned.
   */
  private copyVerdict(original: Element, o: Element): 'drop' | 'keep' | 'clean' {
    if (o === original) return 'clean';
    const tag = o.localName;
    if (tag === 'script' && this.isLoneTex(o)) return 'keep';
    if ((SKIP_TAGS.has(tag) && !this.noscripts.has(o)) || this.styles.known(o)?.display === 'none') {
      const math = o.closest(MATH_SELECTOR);
      return !math || tag === 'script' || (STRIP_TAGS.has(tag) && !original.contains(math)) ? 'drop' : 'keep';
    }
    if (tag === 'button') {
      const math = o.closest(MATH_SELECTOR);
      return !math || !original.contains(math) ? 'drop' : 'clean';
    }
    return 'clean';
  }

  /** One kept element of a copy: presentational attributes dropped, URLs made absolute, MathJax 2's TeX kept. */
  private cleanElement(o: Element, c: Element): void {
    for (const name of c.getAttributeNames()) {
      if (!KEPT_ATTRIBUTES.has(name) && !name.startsWith('data-pith')) c.removeAttribute(name);
    }
    const mathJaxId = o.id ? MATHJAX2_FRAME.exec(o.id)?.[1] : undefined;
    if (mathJaxId) this.keepMathJaxTex(mathJaxId, c);
    this.keepHiddenNote(o, c);
    if (o.localName === 'img') {
      c.setAttribute('src', this.urls.imageSrc(o as HTMLImageElement));
    } else if (o.localName === 'a' && o.hasAttribute('href')) {
      c.setAttribute('href', this.urls.absolute(o.getAttribute('href') ?? ''));
    } else if ((o.localName === 'video' || o.localName === 'audio') && o.getAttribute('src')) {
      c.setAttribute('src', this.urls.absolute(o.getAttribute('src') ?? ''));
    }
  }

  /**
   * A note the page keeps hidden until its reference is clicked, named by the reference (`data-definition="<id>"`, as
   * footnote-and-aside plugins write it): the hidden copy is not read, so its text rides along as the reference's
   * tooltip, which the reader turns into a footnote (src/render/footnotes.ts).
   */
  private keepHiddenNote(o: Element, c: Element): void {
    const id = o.getAttribute('data-definition');
    if (!id || c.hasAttribute('title')) return;
    const note = this.doc.getElementById(id);
    if (!note || this.styles.of(note).display !== 'none') return;
    const text = (note.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text) c.setAttribute('title', text);
  }

  /** A MathJax 2 TeX script with no rendered frame beside it (the page's scripts did not run). */
  isLoneTex(script: Element): boolean {
    if (!/^math\/tex/i.test(script.getAttribute('type') ?? '')) return false;
    const lone = !script.id || this.doc.getElementById(`${script.id}-Frame`) === null;
    if (lone) this.loneTex = true;
    return lone;
  }

  /** Lone TeX scripts of a copy as formulas: `<span data-pith-tex>` holding the TeX, which the reader typesets. */
  private texScriptsAsFormulas(copy: Node): Node {
    const scripts = isElementNode(copy) ? (copy.localName === 'script' ? [copy] : Array.from(copy.querySelectorAll('script'))) : [];
    let out = copy;
    for (const script of scripts) {
      const type = script.getAttribute('type') ?? '';
      if (!/^math\/tex/i.test(type)) continue;
      const span = this.copyDoc.createElement('span');
      const tex = (script.textContent ?? '').trim();
      span.setAttribute('data-pith-tex', tex);
      if (/mode=display/i.test(type)) span.setAttribute('data-pith-tex-display', '');
      span.textContent = tex;
      script.replaceWith(span);
      if (script === copy) out = span;
    }
    return out;
  }

  /** MathJax 2's TeX source, which sits in a script the copy drops, as data-pith-tex on the rendered formula. */
  private keepMathJaxTex(id: string, copy: Element): void {
    const script = this.doc.getElementById(id);
    const type = script?.getAttribute('type') ?? '';
    if (!script || script.localName !== 'script' || !/^math\/tex/i.test(type)) return;
    copy.setAttribute('data-pith-tex', script.textContent ?? '');
    if (/mode=display/i.test(type)) copy.setAttribute('data-pith-tex-display', '');
  }
}
