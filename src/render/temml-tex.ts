/** Registers Temml as the TeX → MathML converter (`tex-renderer.ts`); import for its effect. */
import temml from 'temml';
import { setTexRenderer } from './tex-renderer';

setTexRenderer((tex, display) => temml.renderToString(tex, { displayMode: display, annotate: true, throwOnError: true }));
